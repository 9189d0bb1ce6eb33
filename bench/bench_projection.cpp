// marginlab bench — kernel-projection build time, n = 10 000 (issue 3 item 6; core/kernels/projection.h).
//
// Data: the Ring toy of 000 §5.2 (generator `ring`, 2-D on [-10,10]², seed 1), Gaussian kernel σ = 2,
// D = 100 output coordinates (the largest size of 000 §5's model-selection grid short of 125-200).
// For each map — random span, KPCA (n > exact_limit, so Nyström with the default m = 1000 landmarks),
// kernel Gram-Schmidt — the median of --reps fits (KernelProjection::fit) and the median time to
// transform all n points with it.
#include <string>
#include <vector>

#include "bench/bench_util.h"
#include "core/data/generators.h"
#include "core/kernels/projection.h"
#include "core/settings/setting.h"
#include "core/util/eigen_setup.h"
#include "core/util/rng.h"

int main(int argc, char** argv) {
  ml::configure_eigen();
  using namespace ml::bench;
  const int n = std::stoi(flag(argc, argv, "--n", "10000"));
  const int dims = std::stoi(flag(argc, argv, "--dims", "100"));
  const int reps = std::stoi(flag(argc, argv, "--reps", "3"));
  ml::GeneratorSpec spec;
  spec.kind = ml::generator_with_id("ring");
  spec.n = n;
  ml::Result<ml::Dataset> data = ml::generate(spec, 1);
  if (!data.ok()) {
    std::fprintf(stderr, "bench_projection: %s\n", data.error().message.c_str());
    return 1;
  }
  const ml::FeatureMatrix& X = data->X;
  const ml::Kernel kernel = ml::make_kernel(ml::KernelKind::gaussian, 2, 1.0, 2.0, 0.0);
  for (ml::ProjectionKind kind : {ml::ProjectionKind::random, ml::ProjectionKind::kpca, ml::ProjectionKind::kgs}) {
    ml::ProjectionOptions options;
    options.kind = kind;
    options.dims = dims;
    int got_dims = 0;
    bool nystrom = false;
    std::string error;
    ml::KernelProjection last;
    const std::vector<double> fit_s = time_runs(reps, [&] {
      ml::Rng rng(1, ml::Stream::learner);
      ml::Result<ml::KernelProjection> p = ml::KernelProjection::fit(X, kernel, options, rng);
      if (!p.ok()) {
        error = p.error().message;
        return;
      }
      got_dims = p->dims();
      nystrom = p->nystrom();
      last = std::move(p.value());
    });
    if (!error.empty()) {
      std::fprintf(stderr, "bench_projection: %s: %s\n", std::string(ml::enum_name(kind)).c_str(), error.c_str());
      return 1;
    }
    double checksum = 0;
    const std::vector<double> transform_s = time_runs(reps, [&] {
      const ml::FeatureMatrix Z = last.transform(X);
      checksum = Z.cast<double>().squaredNorm();
    });
    nlohmann::ordered_json j;
    j["bench"] = "projection";
    j["build"] = build_name();
    j["kind"] = std::string(ml::enum_name(kind));
    j["nystrom"] = nystrom;
    j["n"] = n;
    j["dims_requested"] = dims;
    j["dims"] = got_dims;
    j["fit_seconds"] = fit_s;
    j["fit_median_s"] = median(fit_s);
    j["transform_median_s"] = median(transform_s);
    j["transform_sum_sq"] = checksum;
    emit(j);
  }
  return 0;
}
