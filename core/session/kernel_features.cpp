// marginlab — the data pipeline's kernel features (see pipeline.h): D uncentred Gaussian kernel-PCA
// coordinates by the Nyström method with m >= D landmarks, fitted on the training features only.
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/kernels/kernel.h"
#include "core/kernels/projection.h"
#include "core/session/pipeline.h"
#include "core/util/format.h"

namespace ml {

double median_heuristic_sigma(const FeatureRef& X, Rng& rng) {
  const int n = static_cast<int>(X.rows());
  std::vector<double> d2;
  if (n >= 2) {
    for (int k = 0; k < kMedianHeuristicPairs; ++k) {
      const int i = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
      const int j = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
      if (i == j) continue;
      double s = 0;
      for (Eigen::Index c = 0; c < X.cols(); ++c) {
        const double diff = static_cast<double>(X(i, c)) - static_cast<double>(X(j, c));
        s += diff * diff;
      }
      d2.push_back(s);
    }
  }
  if (d2.empty()) return 1.0;
  // The upper median (element size/2), as the old command-line protocol took it.
  std::nth_element(d2.begin(), d2.begin() + static_cast<std::ptrdiff_t>(d2.size() / 2), d2.end());
  return std::sqrt(std::max(d2[d2.size() / 2], 1e-12) / 2.0);
}

Result<double> apply_kernel_features(int dims, int landmarks, double sigma, uint64_t seed, Dataset& train,
                                     Dataset& test) {
  if (dims <= 0) return sigma;
  if (train.rows() < 1) return make_error("pipeline.kpca_empty", "field 'kpca': the training part is empty");
  if (landmarks != 0 && landmarks < dims) {
    return make_error("pipeline.kpca_landmarks", "field 'klm': " + std::to_string(landmarks) +
                                                     " landmarks are fewer than the " + std::to_string(dims) +
                                                     " kernel features (field 'kpca'); m must be at least D, or 0");
  }
  Rng rng(seed, Stream::features);
  const double width = sigma > 0 ? sigma : median_heuristic_sigma(train.X, rng);
  ProjectionOptions options;
  options.kind = ProjectionKind::kpca;
  options.dims = dims;
  options.exact_limit = 0;                               // always Nyström ...
  options.landmarks = landmarks > 0 ? landmarks : dims;  // ... with m landmarks drawn from the features stream
  Result<KernelProjection> map =
      KernelProjection::fit(train.X, make_kernel(KernelKind::gaussian, 2, 1.0, width, 0.0), options, rng);
  if (!map.ok()) {
    Error e = map.error();
    e.message = "field 'kpca': " + e.message;
    return e;
  }
  train.set_features(map->transform(train.X));
  test.set_features(test.rows() > 0 ? map->transform(test.X) : FeatureMatrix(0, map->dims()));
  // The new coordinates: the generator's target direction means nothing in them.
  for (Dataset* part : {&train, &test}) {
    part->feature_names.clear();
    for (int j = 0; j < map->dims(); ++j) part->feature_names.push_back("k" + std::to_string(j + 1));
    part->target = Vector();
    part->target_margin = 0.0;
  }
  return width;
}

}  // namespace ml
