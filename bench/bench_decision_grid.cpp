// marginlab bench — the 2-D view's decision grid pass at 1280x800 (issue 10): the View panel's image is
// 443 x 426 layout pixels in that window (measured on the desktop screenshot), so the grid is 147 x 142
// cells (app/models/decision_grid.h: one cell per 3 pixels). Timed per whole pass (DecisionGrid::advance:
// lift, score, scale, texel layout), median of --reps, the chunk of rows scored
//   per_cell  by one virtual Learner::scores() per cell (what the view did before);
//   batch     by one Learner::scores_batch() per chunk (what it does now).
// Learners: the perceptron (linear, d = 2 + bias) and the kernel perceptron (Gaussian) trained until it
// holds 500 support vectors. Both passes give bit-identical scores (the finished textures are compared here).
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "app/models/decision_grid.h"
#include "app/models/projection.h"
#include "bench/bench_util.h"
#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/session.h"
#include "core/util/eigen_setup.h"

namespace {

constexpr float kImageW = 443, kImageH = 426;

std::unique_ptr<ml::Session> session_for(const std::string& link) {
  const ml::DecodeResult d = ml::decode_link(link);
  ml::Result<std::unique_ptr<ml::Session>> s = ml::Session::create(d.config, nullptr);
  if (!s.ok()) {
    std::fprintf(stderr, "bench: %s: %s\n", link.c_str(), s.error().message.c_str());
    std::exit(1);
  }
  return std::move(s.value());
}

double counter(const ml::Learner& learner, const char* name) {
  for (const ml::Counter& c : learner.counters())
    if (c.name == name) return c.value;
  return 0;
}

void measure(const char* name, const ml::Session& s, int reps) {
  using namespace ml::bench;
  const ml::Learner& learner = s.learner();
  const ml::app::Projection proj = ml::app::make_projection(s.data().train.X, s.data().train.feature_names,
                                                            ml::app::ProjectionMode::pca, learner.weights());
  const double lo[2] = {-1.6, -1.6}, hi[2] = {1.6, 1.6};
  ml::app::DecisionGrid grid;
  grid.start(lo, hi, kImageW, kImageH, learner.num_classes());
  const int gw = grid.pass_width(), gh = grid.pass_height(), q = learner.num_classes();
  // Both passes run the view's DecisionGrid (lift, score, scale, texel layout) with the same chunks; they
  // differ only in how a chunk is scored. Before: one virtual scores() per cell (what the view called).
  // After: one scores_batch() per chunk.
  const double cost = learner.predict_cost() > 0 ? learner.predict_cost() : proj.dims;
  const int rows = grid.rows_per_call(cost);
  const ml::app::BatchScorer per_point = [&learner, q](const ml::FeatureMatrix& X, Eigen::MatrixXf* out) {
    out->resize(X.rows(), q);
    float s[64];
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
      learner.scores(X.row(i).data(), s);
      for (int k = 0; k < q; ++k) (*out)(i, k) = s[k];
    }
  };
  const ml::app::BatchScorer batched = [&learner](const ml::FeatureMatrix& X, Eigen::MatrixXf* out) {
    learner.scores_batch(X, out);
  };
  std::vector<float> before, after;
  const std::vector<double> per_cell = time_runs(reps, [&] {
    grid.start(lo, hi, kImageW, kImageH, q);
    grid.advance(per_point, proj, rows, nullptr, 0);
  });
  before = grid.texels();
  const std::vector<double> batch = time_runs(reps, [&] {
    grid.start(lo, hi, kImageW, kImageH, q);
    grid.advance(batched, proj, rows, nullptr, 0);
  });
  after = grid.texels();
  const bool identical =
      before.size() == after.size() && std::memcmp(before.data(), after.data(), before.size() * sizeof(float)) == 0;
  nlohmann::ordered_json j;
  j["bench"] = "decision_grid";
  j["build"] = build_name();
  j["learner"] = name;
  j["grid"] = std::to_string(gw) + "x" + std::to_string(gh);
  j["dims"] = proj.dims;
  j["support_vectors"] = counter(learner, "support");
  j["rows_per_call"] = rows;
  j["per_cell_median_ms"] = 1e3 * median(per_cell);
  j["batch_median_ms"] = 1e3 * median(batch);
  j["speedup"] = median(per_cell) / median(batch);
  j["bit_identical"] = identical;
  emit(j);
}

}  // namespace

int main(int argc, char** argv) {
  ml::configure_eigen();
  const int reps = std::stoi(ml::bench::flag(argc, argv, "--reps", "7"));
  const std::unique_ptr<ml::Session> linear =
      session_for("#v=1&data=separable&n=400&bias=1&noise=uniform&eta=0.05&learner=perceptron&seed=1");
  linear->advance(1000);
  measure("perceptron", *linear, reps);
  // Ring data under 10 % noise keeps the kernel perceptron adding support vectors; stop at 500.
  const std::unique_ptr<ml::Session> kernel =
      session_for("#v=1&data=ring&n=4000&noise=uniform&eta=0.1&learner=kernel_perceptron&steps=100000&seed=1");
  while (counter(kernel->learner(), "support") < 500 && !kernel->done()) kernel->advance(1);
  measure("kernel_perceptron", *kernel, reps);
  return 0;
}
