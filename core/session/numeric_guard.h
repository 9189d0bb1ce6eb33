// marginlab — what the session does about numbers float32 cannot hold (docs/learners.md "Stop reasons",
// numeric_overflow).
//
// Two guards, both cheap next to learning:
// - Data whose scale is known to break float32 are refused before a learner sees them: a NaN or infinite
//   feature, a row whose squared norm overflows float32 (every inner product of a weight vector built from such
//   rows with them overflows: features x 1e30 without normalization), or a non-zero row whose squared norm is
//   below float32's smallest normal number (its inner products round to 0 or lose their digits: features
//   x 1e-40), or a subnormal feature (non-zero, below float32's smallest normal number: it keeps a few digits at
//   most, whatever the rest of its row, e.g. beside a bias column). One pass over each part when the session is
//   built.
// - A hypothesis that becomes NaN or infinite while learning stops the session with numeric_overflow: the
//   online learners check the margin they compute anyway (Perceptron, kernel Perceptron, ultraconservative),
//   and the session checks Learner::hypothesis_finite() after every run of steps (one pass over the weights).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/data/dataset.h"
#include "core/learners/learner.h"
#include "core/util/status.h"

namespace ml {

// Ok when every feature of `part` is finite and zero or a normal float32 number, and every non-zero row's squared
// norm is a normal float32 number;
// else "session.data_scale" naming the part (`part_name`, e.g. "training part"), the row, its largest feature
// and the fix (field 'norm').
Status check_float_scale(const Dataset& part, std::string_view part_name);
// check_float_scale, and when it passes the part's radius max_i ||x_i|| (max_radius, the same bits): both read a
// cache-sized chunk of rows at a time, so a part larger than the cache is read from memory once, not twice.
Result<double> checked_radius(const Dataset& part, std::string_view part_name);

// The sentence a numeric_overflow stop carries: what became non-finite and at which step. `by_learner`: the
// learner stopped itself on a margin or score at step `step` (exact); else the session found the weights
// non-finite after the run of steps first_step..step.
std::string numeric_overflow_note(bool by_learner, int64_t first_step, int64_t step);

}  // namespace ml
