// marginlab — the data pipeline between loading and noise: split, normalization, bias coordinate.
//
// Order (fixed, documented in docs/pipeline.md): split -> normalize (statistics fitted on the training
// part only, applied to both) -> bias coordinate -> noise on the training part only. The test part
// keeps its true labels: test error is always measured against the truth.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "core/data/dataset.h"
#include "core/util/status.h"

namespace ml {

// Feature normalization.
enum class Normalization : int {
  none,         // features as given
  unit,         // each example scaled to ||x|| = 1 (zero rows left as they are)
  standardize,  // each feature to mean 0, sd 1 on the training part (constant features: centred only)
};
// URL names of the normalizations, in value order.
inline constexpr std::string_view kNormalizationNames[] = {"none", "unit", "standardize"};
// The names of Normalization as a span (settings/setting.h NamedEnum).
constexpr std::span<const std::string_view> enum_names(Normalization) { return kNormalizationNames; }


// Training and test parts of a dataset.
struct Split {
  Dataset train;
  Dataset test;
};

// Splits with a seeded shuffle from Rng(seed, Stream::split); test gets round(test_fraction * n) rows
// (at least one of each when both parts can be non-empty). Stratified: per class, largest-remainder
// counts, so class proportions match. The rows keep their original relative order inside each part.
Split split_dataset(const Dataset& data, double test_fraction, bool stratified, uint64_t seed);

// Fits the normalization on `train` and applies it to both parts.
void normalize(Normalization kind, Dataset& train, Dataset& test);

// Appends the constant coordinate x_{d+1} = 1 (feature name "bias"); extends the target with 0.
void add_bias(Dataset& data);

// Copies the rows `rows` of data (labels, flags, names, target kept).
Dataset select_rows(const Dataset& data, const std::vector<int>& rows);

}  // namespace ml
