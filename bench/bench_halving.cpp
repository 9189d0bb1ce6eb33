// marginlab bench — Halving's cost per step at |C| = 10^6 (core/learners/halving.h): the time of one
// pass over a full version space (what the first step costs; later steps touch only the members left,
// see the compaction note in halving.h) and of the first step() itself, for d = 2, 5, 10. Median of
// --reps. Concepts: finite_class_directions(10^6, d, 1), the class of generator `finite`.
#include <string>
#include <vector>

#include "bench/bench_util.h"
#include "core/data/generators.h"
#include "core/learners/halving.h"
#include "core/util/eigen_setup.h"

int main(int argc, char** argv) {
  ml::configure_eigen();
  using namespace ml::bench;
  const int count = std::stoi(flag(argc, argv, "--concepts", "1000000"));
  const int reps = std::stoi(flag(argc, argv, "--reps", "5"));
  for (int d : {2, 5, 10}) {
    const ml::FeatureMatrix concepts = ml::finite_class_directions(count, d, 1);
    ml::Dataset train;
    train.set_features(ml::FeatureMatrix::Constant(1, d, 0.5f));
    train.writable_features()(0, 0) = -0.25f;
    train.label = {1};
    train.true_label = {1};
    train.corruption = {ml::Corruption::none};
    train.class_names = ml::default_class_names(2);
    train.feature_names = ml::default_feature_names(d);
    ml::Problem problem;
    problem.train = &train;
    ml::HalvingLearner halving;
    std::vector<double> step_s;
    for (int r = 0; r < reps; ++r) {
      if (!halving.reset_with_concepts(problem, concepts).ok()) return 1;
      const double t0 = now_seconds();
      halving.step();
      step_s.push_back(now_seconds() - t0);
    }
    if (!halving.reset_with_concepts(problem, concepts).ok()) return 1;
    float scores[2] = {0, 0};
    const std::vector<double> pass_s = time_runs(reps, [&] { halving.scores(train.X.row(0).data(), scores); });
    nlohmann::ordered_json j;
    j["bench"] = "halving";
    j["build"] = build_name();
    j["concepts"] = count;
    j["d"] = d;
    j["full_pass_median_ms"] = 1e3 * median(pass_s);
    j["first_step_median_ms"] = 1e3 * median(step_s);
    j["positive_share"] = scores[1];
    emit(j);
  }
  return 0;
}
