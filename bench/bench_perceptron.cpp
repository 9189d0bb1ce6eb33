// marginlab bench — perceptron training throughput, n = 200 000, d = 64, 10 epochs (issue 3 item 6).
//
// Data: generator `separable` on the unit sphere (margin 0), seed 1, with 10 % of the labels flipped
// (Rng(1, Stream::noise)) so that no epoch is mistake-free and every run does all 10 epochs — the
// same work for every contestant. Three measurements, median of --reps runs each:
//   learner: the project's Perceptron through the Learner interface as the session drives it (registry
//            row "perceptron", normalize = 0 so the update is w += y x like scikit-learn's eta0 = 1, cyclic
//            order like shuffle = False): Learner::step_many runs of kSessionRun steps, the longest run
//            Session::advance takes between two clock reads (its runs between recording points are longer
//            still at this size), so the figure is the session's stepping path without its trace rows;
//   step:    the same learner with one virtual step() per example (what the session did before step_many);
//   eigen:   the bare loop  if y<w,x> <= 0 then w += y x  with Eigen dot/axpy on the same float rows
//            (the compute reference: what the Learner interface costs on top);
//   memcpy:  copying X (51.2 MB), the memory-bandwidth reference.
// Throughput is examples·epochs per second. `--write-data PREFIX` also writes PREFIX.X.f32 (row-major
// float32) and PREFIX.y.i8 (±1) for bench/peers.py (scikit-learn on the same data).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "bench/bench_util.h"
#include "core/data/generators.h"
#include "core/learners/perceptron.h"
#include "core/learners/registry.h"
#include "core/util/eigen_setup.h"
#include "core/util/rng.h"

namespace {

constexpr int kEpochs = 10;
// Steps per Learner::step_many call: Session::advance's longest run between two clock reads.
constexpr int64_t kSessionRun = 65536;

ml::Dataset make_data(int n, int d) {
  ml::Dataset ds = ml::bench::separable_data(n, d, "bench_perceptron");
  ml::Rng flips(1, ml::Stream::noise);
  for (int i = 0; i < n; ++i) {
    if (flips.bernoulli(0.1)) ds.label[static_cast<size_t>(i)] = 1 - ds.label[static_cast<size_t>(i)];
  }
  return ds;
}

double train_accuracy(const ml::Dataset& ds, const ml::Vector& w) {
  int right = 0;
  for (int i = 0; i < ds.rows(); ++i) {
    const float s = ds.X.row(i).dot(w.transpose());
    right += (s > 0 ? 1 : -1) == ds.sign(i) ? 1 : 0;
  }
  return static_cast<double>(right) / ds.rows();
}

}  // namespace

int main(int argc, char** argv) {
  ml::configure_eigen();
  using namespace ml::bench;
  const int n = std::stoi(flag(argc, argv, "--n", "200000"));
  const int d = std::stoi(flag(argc, argv, "--d", "64"));
  const int reps = std::stoi(flag(argc, argv, "--reps", "3"));
  const std::string prefix = flag(argc, argv, "--write-data", "");
  const ml::Dataset ds = make_data(n, d);
  const double examples = static_cast<double>(n) * kEpochs;

  if (!prefix.empty()) {
    write_file_or_die(prefix + ".X.f32", ds.X.data(), sizeof(float) * static_cast<size_t>(n) * static_cast<size_t>(d));
    std::vector<int8_t> y(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) y[static_cast<size_t>(i)] = static_cast<int8_t>(ds.sign(i));
    write_file_or_die(prefix + ".y.i8", y.data(), y.size());
  }

  // The Learner interface.
  const ml::LearnerEntry* entry = ml::find_learner("perceptron");
  if (entry == nullptr) {
    std::fprintf(stderr, "bench_perceptron: no learner 'perceptron' in the registry\n");
    return 1;
  }
  // normalize = 0, cyclic order, as the config's parameter list holds them (non-default values only).
  const ml::ParamValues params =
      ml::PerceptronParams::table().encode({.normalize = false, .order = ml::VisitOrder::cyclic});
  ml::Problem problem;
  problem.train = &ds;
  problem.seed = 1;
  problem.radius = 1.0;
  const int64_t total = static_cast<int64_t>(n) * kEpochs;
  int64_t learner_mistakes = 0, learner_steps = 0;
  double learner_accuracy = 0;
  std::unique_ptr<ml::Learner> learner;
  const std::vector<double> learner_s = time_runs(reps, [&] {
    learner = entry->make();
    if (!learner->reset(problem, params).ok()) std::exit(1);
    learner_mistakes = 0;
    learner_steps = 0;
    while (learner_steps < total && !learner->done()) {
      const ml::StepCounts run = learner->step_many(std::min(kSessionRun, total - learner_steps));
      learner_steps += run.steps;
      learner_mistakes += run.mistakes;
    }
  });
  // After the clock: the kernel's time is its steps, not also a pass over the data to score it.
  learner_accuracy = train_accuracy(ds, *learner->weights());
  int64_t step_mistakes = 0, step_steps = 0;
  const std::vector<double> step_s = time_runs(reps, [&] {
    std::unique_ptr<ml::Learner> learner = entry->make();
    if (!learner->reset(problem, params).ok()) std::exit(1);
    step_mistakes = 0;
    step_steps = 0;
    for (; step_steps < total && !learner->done(); ++step_steps) step_mistakes += learner->step().mistake ? 1 : 0;
  });

  // The bare Eigen loop on the same rows.
  int64_t eigen_mistakes = 0;
  ml::Vector w;
  const std::vector<double> eigen_s = time_runs(reps, [&] {
    w = ml::Vector::Zero(d);
    eigen_mistakes = 0;
    for (int e = 0; e < kEpochs; ++e) {
      for (int i = 0; i < n; ++i) {
        const auto x = ds.X.row(i).transpose();
        const float y = static_cast<float>(ds.sign(i));
        if (y * w.dot(x) <= 0.0f) {
          w += y * x;
          ++eigen_mistakes;
        }
      }
    }
  });
  const double eigen_accuracy = train_accuracy(ds, w);

  // Memory bandwidth: copying X.
  const size_t bytes = sizeof(float) * static_cast<size_t>(n) * static_cast<size_t>(d);
  std::vector<float> copy(static_cast<size_t>(n) * static_cast<size_t>(d));
  const std::vector<double> copy_s =
      time_runs(std::max(reps, 5), [&] { std::memcpy(copy.data(), ds.X.data(), bytes); });
  volatile float sink = copy[copy.size() / 2];  // the copies are used
  (void)sink;

  nlohmann::ordered_json j;
  j["bench"] = "perceptron";
  j["build"] = build_name();
  j["n"] = n;
  j["d"] = d;
  j["epochs"] = kEpochs;
  j["learner_seconds"] = learner_s;
  j["learner_median_s"] = median(learner_s);
  j["learner_steps"] = learner_steps;
  j["learner_mistakes"] = learner_mistakes;
  j["learner_train_accuracy"] = learner_accuracy;
  j["learner_ex_epochs_per_s"] = static_cast<double>(learner_steps) / median(learner_s);
  j["learner_run_steps"] = kSessionRun;
  j["step_seconds"] = step_s;
  j["step_median_s"] = median(step_s);
  j["step_mistakes"] = step_mistakes;
  j["step_ex_epochs_per_s"] = static_cast<double>(step_steps) / median(step_s);
  j["eigen_seconds"] = eigen_s;
  j["eigen_median_s"] = median(eigen_s);
  j["eigen_mistakes"] = eigen_mistakes;
  j["eigen_train_accuracy"] = eigen_accuracy;
  j["eigen_ex_epochs_per_s"] = examples / median(eigen_s);
  j["x_bytes"] = bytes;
  j["memcpy_median_s"] = median(copy_s);
  j["memcpy_gb_per_s"] = static_cast<double>(bytes) / 1e9 / median(copy_s);
  // Bytes of X streamed per second by the bare loop (it reads every row once per epoch).
  j["eigen_stream_gb_per_s"] = static_cast<double>(bytes) * kEpochs / 1e9 / median(eigen_s);
  emit(j);
  return 0;
}
