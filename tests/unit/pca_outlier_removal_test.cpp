// Tests of A_mu, PCA outlier removal + averaging (core/learners/pca_outlier_removal.h; 003 §2.1): the top
// eigenpair of sum x x^T, the two removal rules at equality, a hand-traced two-round run, the session's
// clean/corrupted split of removed examples, and issue 4's Done-when item 5 for A_mu: on the unit ball
// with the coordinated-pull adversary at eta = 0.1, A_mu's test error is at most half the averaging
// algorithm's and the corrupted examples it removes far outnumber the clean ones.
#include "core/learners/pca_outlier_removal.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "core/data/generator_ids.h"
#include "core/learners/averaging.h"
#include "core/learners/evaluation.h"
#include "core/metrics/metrics.h"
#include "core/noise/noise_ids.h"
#include "core/session/pipeline.h"
#include "core/session/session.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace pca_outlier_removal_test {

using test::counter;
using test::tiny_dataset;

// Largest eigenvalue of [[a, b], [b, c]].
double top_eigenvalue_2x2(double a, double b, double c) {
  return 0.5 * (a + c) + std::sqrt(0.25 * (a - c) * (a - c) + b * b);
}

TEST(PcaOutlierRemovalTest, TopDirectionOfADiagonalMatrix) {
  // A = (2,0)(2,0)^T + (0,1)(0,1)^T + (-2,0)(-2,0)^T = diag(8, 1).
  const Dataset ds = tiny_dataset({{2, 0}, {0, 1}, {-2, 0}}, {1, 1, -1});
  const TopDirection top = top_direction(ds.X, {0, 1, 2});
  EXPECT_NEAR(top.sigma2, 8.0, 1e-12);
  EXPECT_NEAR(std::fabs(top.direction[0]), 1.0, 1e-12);
  EXPECT_NEAR(top.direction[1], 0.0, 1e-12);
  // Rows form a multiset: the row (0,1) three times gives diag(0, 3) + nothing else.
  const TopDirection repeated = top_direction(ds.X, {1, 1, 1});
  EXPECT_NEAR(repeated.sigma2, 3.0, 1e-12);
  EXPECT_NEAR(std::fabs(repeated.direction[1]), 1.0, 1e-12);
  // No rows: sigma^2 = 0.
  EXPECT_EQ(top_direction(ds.X, {}).sigma2, 0.0);
}

TEST(PcaOutlierRemovalTest, TopDirectionOfACorrelatedMatrix) {
  // Points (1,1), (1,0.5): A = [[2, 1.5], [1.5, 1.25]].
  const Dataset ds = tiny_dataset({{1, 1}, {1, 0.5f}}, {1, 1});
  const TopDirection top = top_direction(ds.X, {0, 1});
  const double lambda = top_eigenvalue_2x2(2.0, 1.5, 1.25);
  EXPECT_NEAR(top.sigma2, lambda, 1e-12);
  // (A - lambda I) w = 0: w proportional to (1.5, lambda - 2).
  const double norm = std::hypot(1.5, lambda - 2.0);
  const double sign = top.direction[0] >= 0 ? 1.0 : -1.0;
  EXPECT_NEAR(sign * top.direction[0], 1.5 / norm, 1e-12);
  EXPECT_NEAR(sign * top.direction[1], (lambda - 2.0) / norm, 1e-12);
}

TEST(PcaOutlierRemovalTest, RulesDifferAtEquality) {
  // A = diag(5, 1): sigma^2 = 5 along e1; <e1,x>^2 = 4, 1, 0.
  const Dataset ds = tiny_dataset({{2, 0}, {1, 0}, {0, 1}}, {1, 1, 1});
  // 003 §2.1: stop iff sigma^2 < 5 (no); remove <w,x>^2 >= 1: rows 0 and 1.
  std::vector<int> rows = {0, 1, 2};
  std::vector<int> removed;
  RemovalRound r = pca_removal_round(ds.X, 5.0, 1.0, RemovalRule::mu, &rows, &removed);
  EXPECT_FALSE(r.stopped);
  EXPECT_NEAR(r.sigma2, 5.0, 1e-12);
  EXPECT_EQ(r.removed, 2);
  EXPECT_EQ(rows, std::vector<int>({2}));
  EXPECT_EQ(removed, std::vector<int>({0, 1}));
  // 003 §3.2: stop iff sigma^2 <= 5: stops, removes nothing.
  rows = {0, 1, 2};
  removed.clear();
  r = pca_removal_round(ds.X, 5.0, 1.0, RemovalRule::mlcw, &rows, &removed);
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ(r.removed, 0);
  EXPECT_EQ(rows.size(), 3u);
  // Below the variance threshold, the mlcw rule removes only <w,x>^2 > 1: row 0.
  r = pca_removal_round(ds.X, 4.5, 1.0, RemovalRule::mlcw, &rows, &removed);
  EXPECT_FALSE(r.stopped);
  EXPECT_EQ(r.removed, 1);
  EXPECT_EQ(rows, std::vector<int>({1, 2}));
  EXPECT_EQ(removed, std::vector<int>({0}));
  // An empty set stops at once.
  std::vector<int> none;
  EXPECT_TRUE(pca_removal_round(ds.X, 0.0, 0.0, RemovalRule::mu, &none, nullptr).stopped);
}

TEST(PcaOutlierRemovalTest, AveragingVectorIsTheMeanOfYXWithRepeats) {
  const Dataset ds = tiny_dataset({{2, 0}, {0, -1}, {3, 4}}, {1, -1, 1});
  // y x: (2,0), (0,1), (3,4); rows {0, 2, 2}: ((2,0) + 2 (3,4)) / 3 = (8/3, 8/3).
  const Vector v = averaging_vector(ds, {0, 2, 2});
  EXPECT_FLOAT_EQ(v[0], static_cast<float>(8.0 / 3.0));
  EXPECT_FLOAT_EQ(v[1], static_cast<float>(8.0 / 3.0));
  EXPECT_EQ(averaging_vector(ds, {}).norm(), 0.0f);
}

TEST(PcaOutlierRemovalTest, HandTracedRemovalOfAPlantedPair) {
  // Eight clean points labelled by sign(x1) and two planted points (0,3) labelled -1 (indices 8, 9).
  const Dataset ds = tiny_dataset({{1, 0},
                                   {-1, 0},
                                   {1, 0.5f},
                                   {-1, -0.5f},
                                   {0.8f, 0.1f},
                                   {-0.8f, -0.1f},
                                   {0.9f, -0.3f},
                                   {-0.9f, 0.3f},
                                   {0, 3},
                                   {0, 3}},
                                  {1, -1, 1, -1, 1, -1, 1, -1, -1, -1});
  Problem problem;
  problem.train = &ds;
  PcaOutlierRemoval a;
  // c = 1, m = 10, n = 2: variance threshold 10 ln 10 / 2, point threshold ln 10 / 2.
  ASSERT_TRUE(a.reset(problem, PcaOutlierRemovalParams{.c = 1.0}).ok());
  EXPECT_FALSE(a.done());
  EXPECT_EQ(a.weights()->norm(), 0.0f);
  const double log10 = std::log(10.0);
  EXPECT_NEAR(counter(a.counters(), "variance_threshold"), 5.0 * log10, 1e-12);
  EXPECT_NEAR(counter(a.counters(), "point_threshold"), 0.5 * log10, 1e-12);

  // Round 1: A = [[6.9, 0.62], [0.62, 0.7 + 18]], sigma^2 = 18.73 > 11.51: the planted pair goes.
  StepResult r = a.step();
  EXPECT_TRUE(r.updated);
  EXPECT_FALSE(a.done());
  EXPECT_NEAR(counter(a.counters(), "sigma2"), top_eigenvalue_2x2(6.9, 0.62, 18.7), 1e-5);
  EXPECT_EQ(counter(a.counters(), "removed"), 2.0);
  EXPECT_EQ(counter(a.counters(), "remaining"), 8.0);
  ASSERT_NE(a.removed_examples(), nullptr);
  EXPECT_EQ(*a.removed_examples(), std::vector<int>({8, 9}));
  // The hypothesis is already the average of the eight clean points.
  const Vector clean = averaging_vector(ds, {0, 1, 2, 3, 4, 5, 6, 7});
  EXPECT_EQ(*a.weights(), clean);
  EXPECT_NEAR(clean[0], (1 + 1 + 1 + 1 + 0.8 + 0.8 + 0.9 + 0.9) / 8.0, 1e-6);
  EXPECT_NEAR(clean[1], (0 + 0 + 0.5 + 0.5 + 0.1 + 0.1 - 0.3 - 0.3) / 8.0, 1e-6);

  // Round 2: A = [[6.9, 0.62], [0.62, 0.7]], sigma^2 = 6.96 < 11.51: stop.
  r = a.step();
  EXPECT_FALSE(r.updated);
  EXPECT_TRUE(a.done());
  EXPECT_NEAR(counter(a.counters(), "sigma2"), top_eigenvalue_2x2(6.9, 0.62, 0.7), 1e-5);
  EXPECT_EQ(counter(a.counters(), "round"), 2.0);
  EXPECT_EQ(counter(a.counters(), "removed"), 0.0);
  EXPECT_EQ(*a.weights(), clean);
  EXPECT_EQ(learner_error(a, ds, LabelSet::observed), 0.2);  // exactly the two planted points err
}

TEST(PcaOutlierRemovalTest, PaperConstantRemovesNothingInLowDimension) {
  // c = 10 (003): the point threshold 10 ln m / n exceeds every ||x||^2 of these points, and the
  // variance test passes at once: A_mu is the averaging algorithm here.
  const Dataset ds = tiny_dataset({{1, 0}, {-1, 0}, {0, 1}, {0, 1}}, {1, -1, 1, 1});
  Problem problem;
  problem.train = &ds;
  PcaOutlierRemoval a;
  ASSERT_TRUE(a.reset(problem, PcaOutlierRemovalParams{.c = 10.0}).ok());
  a.step();
  EXPECT_TRUE(a.done());
  EXPECT_EQ(counter(a.counters(), "removed"), 0.0);
  EXPECT_EQ(*a.weights(), averaging_vector(ds, {0, 1, 2, 3}));
}

TEST(PcaOutlierRemovalTest, RejectsMulticlassData) {
  Dataset ds = tiny_dataset({{1, 0}, {0, 1}, {1, 1}}, {1, 1, 1});
  ds.label = {0, 1, 2};
  ds.class_names = default_class_names(3);
  Problem problem;
  problem.train = &ds;
  PcaOutlierRemoval a;
  const Status s = a.reset(problem, PcaOutlierRemovalParams{.c = 10.0});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "learner.needs_binary");
}

// The malicious-noise experiment of docs/malicious.md on the unit ball.
Config ball_pull_config(const std::string& learner, uint64_t seed) {
  Config config;
  config.generator.kind = Generator::separable;
  config.generator.ball = true;
  config.generator.margin = 0.0;
  config.generator.n = 10000;
  config.generator.dims = 100;
  config.noise.model = NoiseModel::malicious;
  config.noise.adversary = MaliciousAdversary::pull;
  config.noise.rate = 0.1;
  config.learner = learner;
  config.seed = seed;
  return config;
}

SessionMetrics run_to_end(const Config& config) {
  Result<std::unique_ptr<Session>> s = Session::create(config, nullptr);
  EXPECT_TRUE(s.ok()) << s.error().message;
  if (!s.ok()) return {};
  s.value()->advance(1000000);
  EXPECT_TRUE(s.value()->done());
  return s.value()->metrics();
}

TEST(PcaOutlierRemovalTest, SessionSplitsRemovedExamplesIntoCleanAndCorrupted) {
  Config config = ball_pull_config("pca_outlier_removal", 1);
  config.generator.n = 400;
  config.generator.dims = 20;
  config.params = {{"c", 0.3}};
  Result<std::unique_ptr<Session>> s = Session::create(config, nullptr);
  ASSERT_TRUE(s.ok()) << s.error().message;
  const std::vector<std::string>& columns = s.value()->trace().columns();
  ASSERT_GE(columns.size(), 2u);
  EXPECT_EQ(columns[columns.size() - 2], "removed_clean");
  EXPECT_EQ(columns[columns.size() - 1], "removed_corrupted");
  s.value()->advance(100);
  const SessionMetrics m = s.value()->metrics();
  const std::vector<int>& removed = *s.value()->learner().removed_examples();
  const Dataset& train = s.value()->data().train;
  int clean = 0, corrupted = 0;
  for (int i : removed) (train.corruption[static_cast<size_t>(i)] == Corruption::none ? clean : corrupted)++;
  EXPECT_GT(corrupted, 0);
  EXPECT_EQ(counter(m.counters, "removed_clean"), clean);
  EXPECT_EQ(counter(m.counters, "removed_corrupted"), corrupted);
  // Learners that never remove anything get no such columns.
  config.learner = "averaging";
  config.params.clear();
  Result<std::unique_ptr<Session>> plain = Session::create(config, nullptr);
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain.value()->trace().columns().back(), "averaged");
}

// Issue 4, Done-when 5 (A_mu): n = 100 dimensions, m = 7500 training points, pull adversary at eta = 0.1.
TEST(PcaOutlierRemovalTest, DoneWhen5HalvesTheAveragingErrorUnderCoordinatedPull) {
  for (uint64_t seed : {1u, 2u}) {
    SCOPED_TRACE(seed);
    // The averaging baseline on the same data, run directly (a session would record ~300 trace rows).
    const Config base = ball_pull_config("averaging", seed);
    Result<PreparedData> data = prepare_data(base, nullptr);
    ASSERT_TRUE(data.ok()) << data.error().message;
    Problem problem;
    problem.train = &data->train;
    Averaging baseline;
    ASSERT_TRUE(baseline.reset(problem, AveragingParams{.normalize = false}).ok());
    while (!baseline.done()) baseline.step();
    const double averaging_error = learner_error(baseline, data->test, LabelSet::truth);
    EXPECT_GE(averaging_error, 0.2);
    Config config = ball_pull_config("pca_outlier_removal", seed);
    config.params = {{"c", 1.0}};
    const SessionMetrics amu = run_to_end(config);
    EXPECT_LE(amu.test_error, 0.5 * averaging_error);
    EXPECT_LE(amu.test_error, 0.07);
    const double clean = counter(amu.counters, "removed_clean");
    const double corrupted = counter(amu.counters, "removed_corrupted");
    EXPECT_GE(corrupted, 10.0 * clean) << "clean " << clean << ", corrupted " << corrupted;
    EXPECT_GE(corrupted, 700.0);  // about 750 corrupted points in the training part: nearly all removed
  }
}

}  // namespace pca_outlier_removal_test
}  // namespace ml
