// Tests of the multiclass ultraconservative additive algorithms (core/learners/ultraconservative.h):
// the step-size rules computed by hand, one learner step by hand, and the 2 R^2/theta^2 mistake bound
// (004 Thm 1) on separable `classes` data for every rule.
#include "core/learners/ultraconservative.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/data/generator_ids.h"
#include "core/learners/registry.h"
#include "core/session/session.h"
#include "core/util/rng.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace ultraconservative_test {

TEST(UltraconservativeSteps, RulesByHand) {
  // s = (1, 3, 2, 0), true class 0: E = {1, 2} (violations 2 and 1); class 3 scores below class 0.
  const double s[4] = {1, 3, 2, 0};
  double tau[4];
  EXPECT_EQ(ultraconservative_steps(s, 4, 0, 0.0, UltraUpdate::max, -1, tau), 2);
  EXPECT_DOUBLE_EQ(tau[0], 1.0);
  EXPECT_DOUBLE_EQ(tau[1], -1.0);
  EXPECT_DOUBLE_EQ(tau[2], 0.0);
  EXPECT_DOUBLE_EQ(tau[3], 0.0);
  EXPECT_EQ(ultraconservative_steps(s, 4, 0, 0.0, UltraUpdate::uniform, -1, tau), 2);
  EXPECT_DOUBLE_EQ(tau[1], -0.5);
  EXPECT_DOUBLE_EQ(tau[2], -0.5);
  EXPECT_DOUBLE_EQ(tau[3], 0.0);
  EXPECT_EQ(ultraconservative_steps(s, 4, 0, 0.0, UltraUpdate::proportional, -1, tau), 2);
  EXPECT_DOUBLE_EQ(tau[1], -2.0 / 3.0);
  EXPECT_DOUBLE_EQ(tau[2], -1.0 / 3.0);
  EXPECT_NEAR(tau[0] + tau[1] + tau[2] + tau[3], 0.0, 1e-15);
  // Pair rule: p = 2 is in E, so tau_2 = -1; p = 3 is not, so the max rule decides (stays ultraconservative).
  EXPECT_EQ(ultraconservative_steps(s, 4, 0, 0.0, UltraUpdate::pair, 2, tau), 2);
  EXPECT_DOUBLE_EQ(tau[1], 0.0);
  EXPECT_DOUBLE_EQ(tau[2], -1.0);
  EXPECT_EQ(ultraconservative_steps(s, 4, 0, 0.0, UltraUpdate::pair, 3, tau), 2);
  EXPECT_DOUBLE_EQ(tau[1], -1.0);
  EXPECT_DOUBLE_EQ(tau[3], 0.0);
  // A threshold alpha = 1.5 keeps only class 1 (violation 2).
  EXPECT_EQ(ultraconservative_steps(s, 4, 0, 1.5, UltraUpdate::uniform, -1, tau), 1);
  EXPECT_DOUBLE_EQ(tau[1], -1.0);
  EXPECT_DOUBLE_EQ(tau[2], 0.0);
}

TEST(UltraconservativeSteps, EmptyErrorSetAndTies) {
  const double s[3] = {3, 1, 2};
  double tau[3] = {9, 9, 9};
  EXPECT_EQ(ultraconservative_steps(s, 3, 0, 0.0, UltraUpdate::max, -1, tau), 0);
  EXPECT_EQ(tau[0], 0.0);
  EXPECT_EQ(tau[1], 0.0);
  EXPECT_EQ(tau[2], 0.0);
  // All scores tied (W = 0): every other class is in E; max takes the lowest index; proportional has no
  // violation mass and falls back to uniform.
  const double zero[3] = {0, 0, 0};
  EXPECT_EQ(ultraconservative_steps(zero, 3, 1, 0.0, UltraUpdate::max, -1, tau), 2);
  EXPECT_EQ(tau[0], -1.0);
  EXPECT_EQ(tau[1], 1.0);
  EXPECT_EQ(tau[2], 0.0);
  EXPECT_EQ(ultraconservative_steps(zero, 3, 1, 0.0, UltraUpdate::proportional, -1, tau), 2);
  EXPECT_EQ(tau[0], -0.5);
  EXPECT_EQ(tau[2], -0.5);
}

TEST(UltraconservativeBound, Formula) {
  EXPECT_DOUBLE_EQ(ultraconservative_bound(1.0, 0.1), 200.0);
  EXPECT_DOUBLE_EQ(ultraconservative_bound(2.0, 0.5), 32.0);
  EXPECT_TRUE(std::isnan(ultraconservative_bound(1.0, 0.0)));
  EXPECT_TRUE(std::isnan(ultraconservative_bound(0.0, 0.1)));
}

Dataset tiny_three_class() { return test::class_dataset({{1, 0}, {0, 1}, {-1, -1}}, {0, 1, 2}, 3); }

TEST(UltraconservativeLearner, FirstStepsByHand) {
  const Dataset d = tiny_three_class();
  Problem problem;
  problem.train = &d;
  problem.num_classes = 3;
  Ultraconservative learner;
  ASSERT_TRUE(
      learner.reset(problem, {.update = UltraUpdate::max, .normalize = false, .order = VisitOrder::cyclic}).ok());
  // Step 1: x = (1,0), y = 0, W = 0: every score ties, E = {1, 2}, max rule -> lowest index r = 1.
  StepResult r = learner.step();
  EXPECT_TRUE(r.mistake);
  EXPECT_EQ(r.example, 0);
  const FeatureMatrix& w = learner.weight_rows();
  EXPECT_EQ(w(0, 0), 1.0f);
  EXPECT_EQ(w(0, 1), 0.0f);
  EXPECT_EQ(w(1, 0), -1.0f);
  EXPECT_EQ(w(2, 0), 0.0f);
  // Step 2: x = (0,1), y = 1: scores (0, 0, 0) -> E = {0, 2}, max -> r = 0: w_1 += x, w_0 -= x.
  r = learner.step();
  EXPECT_TRUE(r.mistake);
  EXPECT_EQ(w(0, 1), -1.0f);
  EXPECT_EQ(w(1, 1), 1.0f);
  // Step 3: x = (-1,-1), y = 2: scores w_0.x = 0, w_1.x = 0, w_2.x = 0 -> E = {0, 1}, r = 0.
  r = learner.step();
  EXPECT_TRUE(r.mistake);
  EXPECT_EQ(w(2, 0), -1.0f);
  EXPECT_EQ(w(2, 1), -1.0f);
  EXPECT_EQ(w(0, 0), 2.0f);
  EXPECT_EQ(w(0, 1), 0.0f);
  // Every update keeps sum_r w_r = 0 (sum of tau is 0).
  EXPECT_EQ(w.colwise().sum().cwiseAbs().maxCoeff(), 0.0f);
}

// A separable 4-class problem from generator `classes` (004 §4.1) through the session.
Config classes_config(int rule) {
  Config c;
  c.generator.kind = Generator::classes;
  c.generator.n = 400;
  c.generator.dims = 3;
  c.generator.classes = 4;
  c.generator.margin = 0.1;
  c.test_fraction = 0.25;
  c.learner = "ultraconservative";
  if (rule != 0) c.params = {{"update", static_cast<double>(rule)}};
  c.seed = 5;
  return c;
}

TEST(UltraconservativeLearner, MistakesStayUnderTwoOverThetaSquaredOnSeparableData) {
  for (int rule = 0; rule < 3; ++rule) {
    SCOPED_TRACE(rule);
    Result<std::unique_ptr<Session>> s = Session::create(classes_config(rule), nullptr);
    ASSERT_TRUE(s.ok()) << s.error().message;
    Session& session = *s.value();
    const double theta = session.data().train.target_margin;
    ASSERT_GT(theta, 0.0);
    const double bound = session.learner().bound();
    EXPECT_NEAR(bound, 2.0 * session.problem().radius * session.problem().radius / (theta * theta), 1e-9 * bound);
    session.advance(200000);
    EXPECT_TRUE(session.done());
    EXPECT_GT(session.mistakes(), 0);
    EXPECT_LE(static_cast<double>(session.mistakes()), bound);
    EXPECT_EQ(session.metrics().train_error_true, 0.0);
  }
}

// 004 Thm 1's proof, step by step: with a unit W* (||W*||_F = 1) of margin theta on the data and
// ||x|| <= R, every update adds at least theta to <W*, W> (tau_y = 1, sum_r tau_r = 0, tau <= 0 on E) and at
// most 2 R^2 to ||W||_F^2. So after M mistakes <W*, W> >= M theta and ||W||_F^2 <= 2 M R^2, at every step.
TEST(UltraconservativeLearner, ProofInvariantsHoldAfterEveryStep) {
  const int q_count = 4, d = 3, n = 150;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    // W*: random rows, scaled to unit Frobenius norm.
    Rng rng(seed, Stream::learner);
    Eigen::MatrixXd w_star(q_count, d);
    for (int q = 0; q < q_count; ++q)
      for (int j = 0; j < d; ++j) w_star(q, j) = rng.uniform(-1, 1);
    w_star /= w_star.norm();
    // Points in [-1,1]^3 labelled argmax W* x, kept when their margin min_r <w*_y - w*_r, x> >= 0.05.
    std::vector<std::vector<float>> rows;
    std::vector<int> labels;
    const FeatureMatrix pool = test::random_points(20 * n, d, seed, 1.0);
    double theta = 1e9, radius = 0;
    for (int i = 0; i < pool.rows() && static_cast<int>(rows.size()) < n; ++i) {
      const Eigen::VectorXd x = pool.row(i).cast<double>().transpose();
      const Eigen::VectorXd s = w_star * x;
      int y = 0;
      for (int q = 1; q < q_count; ++q) y = s[q] > s[y] ? q : y;
      double margin = 1e9;
      for (int q = 0; q < q_count; ++q)
        if (q != y) margin = std::min(margin, s[y] - s[q]);
      if (margin < 0.05) continue;
      theta = std::min(theta, margin);
      radius = std::max(radius, x.norm());
      rows.push_back({pool(i, 0), pool(i, 1), pool(i, 2)});
      labels.push_back(y);
    }
    ASSERT_EQ(static_cast<int>(rows.size()), n);
    const Dataset data = test::class_dataset(rows, labels, q_count);
    Problem problem;
    problem.train = &data;
    problem.num_classes = q_count;
    for (UltraUpdate rule : {UltraUpdate::max, UltraUpdate::uniform, UltraUpdate::proportional}) {
      SCOPED_TRACE(testing::Message() << "seed " << seed << " rule " << static_cast<int>(rule));
      Ultraconservative learner;
      ASSERT_TRUE(learner.reset(problem, {.update = rule, .normalize = false, .order = VisitOrder::cyclic}).ok());
      int mistakes = 0, multi_error_sets = 0;
      for (int t = 0; t < 200 * n && !learner.done(); ++t) {
        const StepResult r = learner.step();
        mistakes += r.mistake ? 1 : 0;
        if (r.mistake && test::counter(learner.counters(), "error_set") >= 2) ++multi_error_sets;
        const Eigen::MatrixXd w = learner.weight_rows().cast<double>();
        const double alignment = (w_star.array() * w.array()).sum();
        ASSERT_GE(alignment, mistakes * theta - 1e-4) << "step " << t << ", " << mistakes << " mistakes";
        ASSERT_LE(w.squaredNorm(), 2.0 * mistakes * radius * radius * (1 + 1e-5)) << "step " << t;
      }
      EXPECT_TRUE(learner.done());
      EXPECT_GT(mistakes, 0);
      EXPECT_GT(multi_error_sets, 0);  // |E| >= 2 happened: the step sizes over E were exercised
    }
  }
}

TEST(UltraconservativeLearner, NoBoundWithoutAKnownMargin) {
  Config c = classes_config(0);
  c.normalization = Normalization::standardize;
  Result<std::unique_ptr<Session>> s = Session::create(c, nullptr);
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_TRUE(std::isnan(s.value()->learner().bound()));
}

TEST(UltraconservativeLearner, RegisteredAsMulticlass) {
  const LearnerEntry* e = find_learner("ultraconservative");
  ASSERT_NE(e, nullptr);
  EXPECT_TRUE(e->schema.multiclass);
}

}  // namespace ultraconservative_test
}  // namespace ml
