// marginlab — internal to core/noise: the per-model appliers that apply_noise (noise.cpp) dispatches to.
//
// Not a public header: other modules use noise.h. Every function here assumes validated parameters
// (validate_noise_spec) and clean data (label == true_label, corruption == none).
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <string>

#include "core/data/dataset.h"
#include "core/noise/noise.h"
#include "core/util/rng.h"

namespace ml::noise_detail {

// Number text for error messages ("%.10g"; not for the URL, which the config module formats).
std::string number_text(double x);

// Uniform and confusion-matrix label noise with column-stochastic `c` (Q x Q), from `rng` (noise stream).
void apply_label_noise(const Eigen::MatrixXd& c, Sampling sampling, Dataset& data, Rng& rng);

// Malicious noise (003, Valiant): replaces each example with probability `rate` (exactly round(rate n) with
// sampling=exact), the choice drawn from `chooser`, by spec.adversary's point and label; `v` is the unit attacked
// direction, `target_known` says whether it is data.target (true labels of new points then follow v).
void apply_malicious(const NoiseSpec& spec, double rate, Rng& chooser, const Eigen::VectorXd& v, bool target_known,
                     Dataset& data, uint64_t seed);

// Adversarial label noise (003 Thm 3): flips exactly rounded_count(rate, n) labels chosen by strategy.
void apply_adversarial_labels(const NoiseSpec& spec, const Eigen::VectorXd& v, Dataset& data, uint64_t seed);

// Outlier noise (002 §5): k points relabelled or moved; `v` is used only by the move mode.
void apply_outliers(const NoiseSpec& spec, const Eigen::VectorXd& v, Dataset& data, uint64_t seed);

// <x_i, v> in double, summed in coordinate order (deterministic on every platform).
double row_dot(const Dataset& data, int i, const Eigen::VectorXd& v);

// Largest Euclidean norm of a row (R of the papers); 1 when every row is zero or there are no rows.
double max_row_norm(const Dataset& data);

}  // namespace ml::noise_detail
