// marginlab tests — the test-only generator's row (see test_only_generator.h).
#include "tests/unit/test_only_generator.h"

#include "core/util/rng.h"

namespace ml::test {
namespace {

constexpr int kCubeDims = 3;

Result<Dataset> make_cube(const GeneratorSpec& spec, uint64_t seed) {
  Rng rng(seed, Stream::data);
  Dataset ds;
  ds.set_features(FeatureMatrix::Zero(spec.n, kCubeDims));
  Eigen::Map<FeatureMatrix> features = ds.writable_features();
  ds.true_label.assign(static_cast<size_t>(spec.n), 0);
  for (int i = 0; i < spec.n; ++i) {
    double sum = 0;
    for (int j = 0; j < kCubeDims; ++j) {
      features(i, j) = static_cast<float>(rng.uniform(-1.0, 1.0));
      sum += static_cast<double>(ds.X(i, j));
    }
    ds.true_label[static_cast<size_t>(i)] = sum >= 0 ? 1 : 0;
  }
  ds.class_names = default_class_names(2);
  ds.feature_names = default_feature_names(kCubeDims);
  ds.reset_labels_clean();
  return ds;
}

GeneratedSize cube_size(const GeneratorSpec& spec) { return {static_cast<double>(spec.n), kCubeDims}; }

}  // namespace

GeneratorRow test_only_generator_row() {
  return {.id = "test_cube",
          .name = "Test cube",
          .description = "Uniform in [-1,1]^3, +1 iff x1 + x2 + x3 >= 0",
          .citation = "tests/unit/test_only_generator.h",
          .reads = reads_params({GeneratorParam::n}),
          .make = make_cube,
          .size = cube_size};
}

}  // namespace ml::test
