// marginlab tests — the test-only noise model's row (see test_only_noise.h).
#include "tests/unit/test_only_noise.h"

#include <string>

namespace ml::test {
namespace {

Status validate_first(const NoiseSpec& spec, const Dataset& data) {
  if (!(spec.rate >= 0.0 && spec.rate < 0.5))
    return make_error("noise.bad_rate", "field 'eta': " + std::to_string(spec.rate) + " is out of [0, 0.5)");
  if (data.num_classes() < 2) return make_error("noise.too_few_classes", "field 'noise': test_first needs 2 classes");
  return Status::Ok();
}

void apply_first(const NoiseSpec& spec, const NoiseInput&, Dataset& data) {
  const int flips = rounded_count(spec.rate, data.rows());
  for (int i = 0; i < flips; ++i) {
    int& label = data.label[static_cast<size_t>(i)];
    label = (label + 1) % data.num_classes();
    data.corruption[static_cast<size_t>(i)] = Corruption::label;
  }
}

}  // namespace

NoiseRow test_only_noise_row() {
  return {.id = "test_first",
          .name = "Test: first examples",
          .description = "The first round(eta n) training examples move to the next class",
          .citation = "tests/unit/test_only_noise.h",
          .reads = noise_params({NoiseParam::rate}),
          .validate = validate_first,
          .apply = apply_first};
}

}  // namespace ml::test
