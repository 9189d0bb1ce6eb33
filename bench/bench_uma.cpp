// marginlab bench — one UMA update at the size of 004 §4.2's letter experiment (issue 5 item 4;
// core/learners/uma.h): n = 15 000 training points, D = 1 600 projected dimensions, Q = 26 classes.
//
// Data: bench_util.h letters_data, generator `classes` (Q = 26 random unit w's, margin 0) in d = 16
// dimensions, labels corrupted by a uniform confusion matrix (eta = 0.3), then projected by a Gaussian Nyström
// kernel PCA onto D = 1 600 coordinates with m = D landmarks (its fit time is reported: the "Nyström
// projection time"). UMA runs on the projected sample with C given; after 3 warm-up updates, each timed figure
// is one Uma::step() that makes an update (the scores GEMM, the Gamma pass, all z_pq, the selection). In the
// same run, the bare Eigen float GEMM of the same size (X (n x D) times W^T (D x Q)) is timed: the ratio
// step / GEMM is the overhead of everything UMA does besides the scores.
#include <string>
#include <vector>

#include "bench/bench_util.h"
#include "core/kernels/projection.h"
#include "core/learners/uma.h"
#include "core/noise/noise.h"
#include "core/util/eigen_setup.h"
#include "core/util/rng.h"

int main(int argc, char** argv) {
  ml::configure_eigen();
  using namespace ml::bench;
  const int dims = std::stoi(flag(argc, argv, "--dims", "1600"));
  const int reps = std::stoi(flag(argc, argv, "--reps", "3"));
  ml::Dataset data = letters_data(argc, argv, "bench_uma");
  const int n = data.rows();
  const int classes = data.num_classes();
  ml::NoiseSpec noise;
  noise.model = ml::noise_model_with_id("uniform");
  noise.rate = 0.3;
  if (!ml::apply_noise(noise, data, 1).ok()) return 1;

  // The Nyström kernel PCA (the front end of 004 §3.6, as UMA fits it), timed once per rep.
  const LettersFrontEnd front = letters_front_end(dims);
  ml::KernelProjection projection;
  const std::vector<double> fit_s = time_runs(reps, [&] {
    ml::Rng rng(1, ml::Stream::learner);
    ml::Result<ml::KernelProjection> p = ml::KernelProjection::fit(data.X, front.kernel, front.options, rng);
    if (!p.ok()) {
      std::fprintf(stderr, "bench_uma: %s\n", p.error().message.c_str());
      std::exit(1);
    }
    projection = std::move(p.value());
  });
  ml::FeatureMatrix projected;
  const std::vector<double> transform_s = time_runs(1, [&] { projected = projection.transform(data.X); });
  ml::Dataset train = data;
  train.set_features(projected);

  // UMA on the projected sample.
  const ml::UmaParams params{.tol = 0, .max_updates = 0};
  ml::Uma uma;
  uma.set_confusion(ml::uniform_confusion(classes, 0.3));
  ml::Problem problem;
  problem.train = &train;
  problem.num_classes = classes;
  problem.seed = 1;
  if (ml::Status s = uma.reset(problem, params); !s.ok()) {
    std::fprintf(stderr, "bench_uma: %s\n", s.error().message.c_str());
    return 1;
  }
  auto update = [&] {
    const int64_t before = uma.updates();
    while (!uma.done() && uma.updates() == before) uma.step();
  };
  for (int k = 0; k < 3; ++k) update();  // warm-up: W != 0, so the GEMM runs
  const std::vector<double> step_s = time_runs(std::max(reps, 5), update);

  // The bare GEMM of the same size, same operands' shapes.
  const ml::FeatureMatrix w = uma.weight_rows().cast<float>();
  ml::FeatureMatrix scores;
  double checksum = 0;
  const std::vector<double> gemm_s = time_runs(std::max(reps, 5), [&] {
    scores.noalias() = train.X * w.transpose();
    checksum += static_cast<double>(scores(0, 0));
  });

  nlohmann::ordered_json j;
  j["bench"] = "uma";
  j["build"] = build_name();
  j["n"] = n;
  j["dims"] = projection.dims();
  j["classes"] = classes;
  j["input_dims"] = data.cols();
  j["nystrom_landmarks"] = dims;
  j["nystrom_fit_seconds"] = fit_s;
  j["nystrom_fit_median_s"] = median(fit_s);
  j["nystrom_transform_s"] = transform_s[0];
  j["uma_step_seconds"] = step_s;
  j["uma_step_median_s"] = median(step_s);
  j["gemm_seconds"] = gemm_s;
  j["gemm_median_s"] = median(gemm_s);
  j["step_over_gemm"] = median(step_s) / median(gemm_s);
  j["updates"] = uma.updates();
  j["checksum"] = checksum;
  emit(j);
  return 0;
}
