// marginlab bench — the Nyström kernel PCA at 004 §4.2's letter size (issue 13 item 2; core/kernels/projection.h):
// n = 15 000 points, D = m = 1 600 landmarks and output coordinates, Gaussian kernel sigma = 1.
//
// Data: bench_util.h letters_data (as bench_uma): generator `classes` (Q = 26, d = 16, margin 0, seed 1).
// Two configurations, each its own JSON object:
//   "uma":     UMA's front end (core/learners/uma.cpp sets ProjectionOptions::skip_nystrom_pca): at D = m the
//              sample's PCA is only a rotation, so it is skipped (projection.h "Rotation-free Nyström"): landmark
//              kernel, Cholesky factor, its inverse, projecting the sample by a triangular product. --reps runs.
//   "ordered": the ordered PCA (the RP classifier's and the pipeline's kpca): landmark kernel, Cholesky factor,
//              covariance pass, PCA eigendecomposition, projecting the sample. --ordered-reps runs (0: skipped).
// One figure per rep:
//   fit + transform: what the kernel front end (core/learners/kernel_front_end.h) does before the first
//              step of a letters run: ProjectionFitter with transform_sample, one unit at a time, the seconds
//              of each stage summed over its units;
//   transform: KernelProjection::transform of all n points again (new points: a test part, the view grid).
// Checksums of the result, to compare builds bit for bit: the spectrum's sum, the transformed sample's sum
// of squares (double) and an FNV-1a hash of its float bits.
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "bench/bench_util.h"
#include "core/kernels/projection.h"
#include "core/util/eigen_setup.h"
#include "core/util/rng.h"

namespace {

uint64_t fnv1a(const void* data, size_t bytes) {
  uint64_t hash = 1469598103934665603ull;
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < bytes; ++i) hash = (hash ^ p[i]) * 1099511628211ull;
  return hash;
}

// The fit + transform of one configuration, --reps times, as a JSON object (see the header).
nlohmann::ordered_json run_config(const ml::Dataset& data, const ml::Kernel& kernel,
                                  const ml::ProjectionOptions& options, int reps) {
  using namespace ml::bench;
  ml::KernelProjection projection;
  ml::FeatureMatrix fitted_sample;
  std::vector<std::map<std::string, double>> stage_runs;
  const std::vector<double> fit_s = time_runs(reps, [&] {
    ml::Rng rng(1, ml::Stream::learner);
    ml::ProjectionFitter fitter(data.X, kernel, options, rng, true);
    std::map<std::string, double> stages;
    const ml::ClockFn clock = [] { return now_seconds(); };
    while (!fitter.finished()) {
      const std::string stage(fitter.stage());
      const double t0 = now_seconds();
      fitter.advance(0.0, clock);  // one unit
      stages[stage] += now_seconds() - t0;
    }
    ml::Result<ml::KernelProjection> p = fitter.take();
    if (!p.ok()) {
      std::fprintf(stderr, "bench_nystrom: %s\n", p.error().message.c_str());
      std::exit(1);
    }
    projection = std::move(p.value());
    fitted_sample = fitter.take_transformed();
    stage_runs.push_back(std::move(stages));
  });
  ml::FeatureMatrix projected;
  const std::vector<double> transform_s = time_runs(1, [&] { projected = projection.transform(data.X); });
  if (projected.rows() != fitted_sample.rows() || projected.cols() != fitted_sample.cols() ||
      std::memcmp(projected.data(), fitted_sample.data(), sizeof(float) * static_cast<size_t>(projected.size())) != 0) {
    std::fprintf(stderr, "bench_nystrom: the fit's projected sample differs from transform() of the sample\n");
    std::exit(1);
  }
  nlohmann::ordered_json j;
  j["skip_nystrom_pca"] = options.skip_nystrom_pca;
  j["rotation_free"] = projection.rotation_free();
  j["dims"] = projection.dims();
  j["fit_transform_seconds"] = fit_s;
  j["fit_transform_median_s"] = median(fit_s);
  nlohmann::ordered_json stages;
  for (const auto& [name, unused] : stage_runs.front()) {
    std::vector<double> v;
    for (const auto& run : stage_runs) v.push_back(run.at(name));
    stages[name] = median(v);
  }
  j["stage_median_s"] = stages;
  j["transform_again_s"] = transform_s[0];
  j["spectrum_sum"] = projection.spectrum().sum();
  j["transform_sum_sq"] = projected.cast<double>().squaredNorm();
  char hash[17];
  std::snprintf(
      hash, sizeof hash, "%016llx",
      static_cast<unsigned long long>(fnv1a(projected.data(), sizeof(float) * static_cast<size_t>(projected.size()))));
  j["transform_fnv1a"] = hash;
  return j;
}

}  // namespace

int main(int argc, char** argv) {
  ml::configure_eigen();
  using namespace ml::bench;
  const int dims = std::stoi(flag(argc, argv, "--dims", "1600"));
  const int reps = std::stoi(flag(argc, argv, "--reps", "3"));
  const int ordered_reps = std::stoi(flag(argc, argv, "--ordered-reps", "1"));
  const ml::Dataset data = letters_data(argc, argv, "bench_nystrom");
  const LettersFrontEnd uma = letters_front_end(dims);

  nlohmann::ordered_json j;
  j["bench"] = "nystrom";
  j["build"] = build_name();
  j["n"] = data.rows();
  j["input_dims"] = data.cols();
  j["landmarks"] = dims;
  j["uma"] = run_config(data, uma.kernel, uma.options, reps);
  if (ordered_reps > 0) {
    const LettersFrontEnd ordered = letters_front_end(dims, /*ordered_pca=*/true);
    j["ordered"] = run_config(data, ordered.kernel, ordered.options, ordered_reps);
  }
  emit(j);
  return 0;
}
