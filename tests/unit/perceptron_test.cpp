// Tests of the Perceptron (core/learners/perceptron.h; 000 Fig. 1, 001 §1): hand-computed updates,
// the cyclic and shuffled orders, the stopping rule, and on 100 random separable sets the mistake bound
// (R/delta)^2 and the proof's invariants <w,v> >= delta M and ||w||^2 <= M R^2 after every update.
#include "core/learners/perceptron.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/data/generator_ids.h"
#include "core/data/generators.h"
#include "core/metrics/metrics.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace perceptron_test {

using test::problem_for;
using test::tiny_dataset;

TEST(PerceptronTest, HandComputedUnnormalizedUpdates) {
  // x1 = (1,2) y=+1, x2 = (2,-1) y=-1, x3 = (-1,1) y=+1.
  const Dataset ds = tiny_dataset({{1, 2}, {2, -1}, {-1, 1}}, {+1, -1, +1});
  Perceptron p;
  ASSERT_TRUE(p.reset(problem_for(ds), {.normalize = false, .order = VisitOrder::cyclic}).ok());
  // Step 1: w = 0, y<w,x1> = 0 <= 0: mistake, w = (1,2).
  StepResult r = p.step();
  EXPECT_TRUE(r.mistake);
  EXPECT_EQ(r.example, 0);
  EXPECT_FLOAT_EQ((*p.weights())[0], 1.0f);
  EXPECT_FLOAT_EQ((*p.weights())[1], 2.0f);
  // Step 2: <w,x2> = 2 - 2 = 0, y = -1: 0 <= 0, mistake, w = (1,2) - (2,-1) = (-1,3).
  r = p.step();
  EXPECT_TRUE(r.mistake);
  EXPECT_FLOAT_EQ((*p.weights())[0], -1.0f);
  EXPECT_FLOAT_EQ((*p.weights())[1], 3.0f);
  // Step 3: <w,x3> = 1 + 3 = 4 > 0, y = +1: correct, w unchanged.
  r = p.step();
  EXPECT_FALSE(r.mistake);
  EXPECT_FALSE(r.updated);
  EXPECT_FLOAT_EQ((*p.weights())[0], -1.0f);
  // Epoch 2: x1: <w,x1> = -1 + 6 = 5 > 0 ok; x2: -2 - 3 = -5, y=-1 ok; x3 ok: a clean epoch, done.
  EXPECT_FALSE(p.step().mistake);
  EXPECT_FALSE(p.step().mistake);
  EXPECT_FALSE(p.done());
  EXPECT_FALSE(p.step().mistake);
  EXPECT_TRUE(p.done());
  float s[2];
  p.scores(ds.X.row(1).data(), s);
  EXPECT_FLOAT_EQ(s[1] - s[0], -5.0f);
  EXPECT_EQ(p.predict(ds.X.row(0).data()), 1);
  EXPECT_EQ(p.predict(ds.X.row(1).data()), 0);
}

TEST(PerceptronTest, HandComputedNormalizedUpdate) {
  // 000 Fig. 1: w <- w + y x/||x||. x1 = (3,4), ||x1|| = 5: w = (0.6, 0.8).
  const Dataset ds = tiny_dataset({{3, 4}, {0, -2}}, {+1, +1});
  Perceptron p;
  ASSERT_TRUE(p.reset(problem_for(ds), {.normalize = true, .order = VisitOrder::cyclic}).ok());
  p.step();
  EXPECT_FLOAT_EQ((*p.weights())[0], 0.6f);
  EXPECT_FLOAT_EQ((*p.weights())[1], 0.8f);
  // x2 = (0,-2): <w,x2> = -1.6, y=+1: mistake, w += (0,-2)/2 = (0.6, -0.2).
  EXPECT_TRUE(p.step().mistake);
  EXPECT_FLOAT_EQ((*p.weights())[0], 0.6f);
  EXPECT_NEAR((*p.weights())[1], -0.2f, 1e-7);
}

TEST(PerceptronTest, ShuffledOrderIsAPermutationPerEpochAndSeeded) {
  std::vector<std::vector<float>> rows;
  std::vector<int> signs;
  for (int i = 0; i < 20; ++i) {
    rows.push_back({static_cast<float>(i + 1), 1.0f});
    signs.push_back(i % 2 ? 1 : -1);  // not separable: the learner keeps going
  }
  const Dataset ds = tiny_dataset(rows, signs);
  std::vector<int> seen_a, seen_b, seen_c;
  for (auto* seen : {&seen_a, &seen_b}) {
    Perceptron p;
    ASSERT_TRUE(p.reset(problem_for(ds, 0, 42), {.normalize = true, .order = VisitOrder::shuffled}).ok());
    for (int t = 0; t < 60; ++t) {
      const int next = p.next_example();
      const StepResult r = p.step();
      ASSERT_EQ(next, r.example);
      seen->push_back(r.example);
    }
  }
  EXPECT_EQ(seen_a, seen_b);  // same seed, same order
  for (int e = 0; e < 3; ++e) {
    std::vector<int> epoch(seen_a.begin() + 20 * e, seen_a.begin() + 20 * (e + 1));
    std::sort(epoch.begin(), epoch.end());
    for (int i = 0; i < 20; ++i) EXPECT_EQ(epoch[static_cast<size_t>(i)], i);
  }
  EXPECT_NE(std::vector<int>(seen_a.begin(), seen_a.begin() + 20),
            std::vector<int>(seen_a.begin() + 20, seen_a.begin() + 40));
  Perceptron p;
  ASSERT_TRUE(p.reset(problem_for(ds, 0, 43), {.normalize = true, .order = VisitOrder::shuffled}).ok());
  for (int t = 0; t < 60; ++t) seen_c.push_back(p.step().example);
  EXPECT_NE(seen_a, seen_c);  // another seed, another order
}

TEST(PerceptronTest, BoundIsRoverDeltaSquaredOrNaN) {
  const Dataset ds = tiny_dataset({{0.5f, 0}, {0, -0.5f}}, {+1, -1});
  Perceptron p;
  ASSERT_TRUE(p.reset(problem_for(ds, 0.1), {.normalize = false, .order = VisitOrder::cyclic}).ok());
  EXPECT_NEAR(p.bound(), 25.0, 1e-9);  // R = 0.5, delta = 0.1
  ASSERT_TRUE(p.reset(problem_for(ds, 0.0), {.normalize = false, .order = VisitOrder::cyclic}).ok());
  EXPECT_TRUE(std::isnan(p.bound()));
}

TEST(PerceptronTest, RejectsMulticlassData) {
  Dataset ds = tiny_dataset({{1, 0}, {0, 1}, {1, 1}}, {1, 1, 1});
  ds.class_names = default_class_names(3);
  ds.label = {0, 1, 2};
  Perceptron p;
  const Status s = p.reset(problem_for(ds), {.normalize = true, .order = VisitOrder::cyclic});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "learner.needs_binary");
}

// The rule as the bare loop writes it (bench/bench_perceptron.cpp's reference), on `steps` examples in the
// order an ExampleOrder with the same seed gives: Eigen's dot and axpy on the row blocks, w += y x (or
// (y/||x||) x). Returns the mistakes and leaves the weights in *w.
int64_t reference_run(const Dataset& ds, bool normalize, bool shuffled, uint64_t seed, int64_t steps, Vector* w) {
  ExampleOrder order;
  order.reset(ds.rows(), shuffled, seed);
  const std::vector<float> scale = update_scales(ds.X, true);
  *w = Vector::Zero(ds.cols());
  int64_t mistakes = 0;
  for (int64_t s = 0; s < steps; ++s) {
    const int i = order.advance();
    const auto x = ds.X.row(i).transpose();
    const float y = static_cast<float>(ds.sign(i));
    if (y * w->dot(x) <= 0.0f) {
      if (normalize) {
        *w += (y * scale[static_cast<size_t>(i)]) * x;
      } else {
        *w += y * x;
      }
      ++mistakes;
    }
  }
  return mistakes;
}

// step_many has a path per order (cyclic: rows counted; shuffled: indices loaded) and per update (scaled or
// not). Each, in runs that cross epoch ends, ends with the reference loop's mistakes and weights to the bit,
// on random labels (n > 2d: not separable, so every step is taken) and widths that exercise Eigen's packet tails.
TEST(PerceptronTest, EveryStepManyPathEqualsTheReferenceLoopBitForBit) {
  for (const int d : {1, 7, 64}) {
    Dataset ds = tiny_dataset({{0.0f}}, {1});
    ds.set_features(test::random_points(157, d, 7 + static_cast<uint64_t>(d), 2.0));
    Rng coin(11, Stream::noise);
    ds.label.clear();
    for (int i = 0; i < ds.rows(); ++i) ds.label.push_back(coin.bernoulli(0.5) ? 1 : 0);
    ds.true_label = ds.label;
    ds.corruption.assign(static_cast<size_t>(ds.rows()), Corruption::none);
    ds.feature_names = default_feature_names(d);
    for (const bool normalize : {false, true}) {
      for (const VisitOrder order : {VisitOrder::cyclic, VisitOrder::shuffled}) {
        SCOPED_TRACE("d " + std::to_string(d) + (normalize ? " normalized " : " raw ") +
                     (order == VisitOrder::shuffled ? "shuffled" : "cyclic"));
        const int64_t steps = 7 * static_cast<int64_t>(ds.rows()) + 5;
        Perceptron p;
        ASSERT_TRUE(p.reset(problem_for(ds, 0.0, 3), {.normalize = normalize, .order = order}).ok());
        int64_t taken = 0, mistakes = 0;
        for (int64_t run = 1; taken < steps; run = run * 3 + 1) {
          ASSERT_FALSE(p.done());
          const StepCounts c = p.step_many(std::min(run, steps - taken));
          taken += c.steps;
          mistakes += c.mistakes;
        }
        Vector w;
        const int64_t expected = reference_run(ds, normalize, order == VisitOrder::shuffled, 3, steps, &w);
        EXPECT_GT(expected, steps / 4);  // random labels: many updates
        EXPECT_EQ(mistakes, expected);
        ASSERT_EQ(p.weights()->size(), w.size());
        EXPECT_EQ(std::memcmp(p.weights()->data(), w.data(), sizeof(float) * static_cast<size_t>(d)), 0);
      }
    }
  }
}

// Labels are read when the step is taken (the session's adaptive stream sets one just before its step), in
// step() and in step_many alike: nothing is cached at reset.
TEST(PerceptronTest, ReadsEachLabelWhenItsStepIsTaken) {
  for (const VisitOrder order : {VisitOrder::cyclic, VisitOrder::shuffled}) {
    // x1 = (1,2) y=+1, x2 = (2,-1) y=-1, x3 = (-1,1) y=+1; cyclic: after x1, x2, w = (-1,3) (HandComputed above).
    Dataset ds = tiny_dataset({{1, 2}, {2, -1}, {-1, 1}}, {+1, -1, +1});
    Perceptron p;
    ASSERT_TRUE(p.reset(problem_for(ds), {.normalize = false, .order = order}).ok());
    Perceptron q;  // the same run, stepped one at a time
    ASSERT_TRUE(q.reset(problem_for(ds), {.normalize = false, .order = order}).ok());
    EXPECT_EQ(p.step_many(2).steps, 2);
    q.step();
    q.step();
    // The third example's label flips now, between two steps.
    const int third = p.next_example();
    ds.label[static_cast<size_t>(third)] = 1 - ds.label[static_cast<size_t>(third)];
    const StepCounts c = p.step_many(4);
    int64_t q_mistakes = 0;
    for (int k = 0; k < 4; ++k) q_mistakes += q.step().mistake ? 1 : 0;
    EXPECT_EQ(c.mistakes, q_mistakes);
    EXPECT_EQ(std::memcmp(p.weights()->data(), q.weights()->data(), sizeof(float) * 2), 0);
    if (order == VisitOrder::cyclic) {
      // Step 3 with y = -1: <w,x3> = 4, a mistake, w = (-1,3) - (-1,1) = (0,2); then x1 (4 > 0), x2 (-2, y=-1)
      // and x3 (<w,x3> = 2, y = -1: a mistake, w = (1,1)).
      EXPECT_EQ(c.mistakes, 2);
      EXPECT_FLOAT_EQ((*p.weights())[0], 1.0f);
      EXPECT_FLOAT_EQ((*p.weights())[1], 1.0f);
    }
  }
}

// One random separable set: d in 2..20, margin in [0.05, 0.3], sphere or ball.
struct SeparableCase {
  Dataset data;
  Eigen::VectorXd v;            // unit target, double
  double delta = 0;             // min_i y_i <v,x_i>
  double delta_normalized = 0;  // min_i y_i <v,x_i>/||x_i||
  double radius = 0;
};

SeparableCase make_case(int index) {
  GeneratorSpec spec;
  spec.kind = Generator::separable;
  spec.dims = 2 + index % 19;
  spec.n = 60 + 7 * (index % 11);
  spec.margin = 0.05 + 0.25 * ((index * 37) % 100) / 100.0;
  spec.ball = index % 3 == 0;
  Result<Dataset> ds = generate(spec, 1000 + static_cast<uint64_t>(index));
  EXPECT_TRUE(ds.ok());
  SeparableCase c;
  c.data = std::move(ds.value());
  c.v = c.data.target.cast<double>();
  c.v /= c.v.norm();
  c.delta = std::numeric_limits<double>::infinity();
  c.delta_normalized = std::numeric_limits<double>::infinity();
  for (int i = 0; i < c.data.rows(); ++i) {
    const Eigen::VectorXd x = c.data.X.row(i).transpose().cast<double>();
    const double m = c.data.true_sign(i) * x.dot(c.v);
    c.delta = std::min(c.delta, m);
    c.delta_normalized = std::min(c.delta_normalized, m / x.norm());
  }
  c.radius = max_radius(c.data.X);
  return c;
}

TEST(PerceptronPropertyTest, MistakeBoundAndInvariantsOn100SeparableSets) {
  constexpr double kTol = 1e-4;  // float accumulation of w
  int64_t most_mistakes = 0;
  double tightest = 0;  // largest mistakes / bound seen
  for (int index = 0; index < 100; ++index) {
    SCOPED_TRACE(index);
    const SeparableCase c = make_case(index);
    ASSERT_GT(c.delta, 0.0);
    for (int normalize = 0; normalize <= 1; ++normalize) {
      SCOPED_TRACE(normalize);
      Perceptron p;
      Problem problem = problem_for(c.data, c.delta, 7);
      problem.unit_target_margin = c.delta_normalized;  // the margin of x/||x|| (the session resolves it)
      ASSERT_TRUE(p.reset(problem,
                          {.normalize = normalize != 0, .order = index % 2 ? VisitOrder::shuffled : VisitOrder::cyclic})
                      .ok());
      // Normalized points have norm 1 and margin delta_normalized >= delta / R.
      const double delta = normalize ? c.delta_normalized : c.delta;
      const double r2 = normalize ? 1.0 : c.radius * c.radius;
      int64_t mistakes = 0;
      int64_t steps = 0;
      while (!p.done() && steps < 1000000) {
        const StepResult r = p.step();
        ++steps;
        if (!r.mistake) continue;
        ++mistakes;
        const Eigen::VectorXd w = p.weights()->cast<double>();
        ASSERT_GE(w.dot(c.v), delta * static_cast<double>(mistakes) - kTol * mistakes) << "Claim 1.2";
        ASSERT_LE(w.squaredNorm(), static_cast<double>(mistakes) * r2 * (1 + kTol)) << "Claim 1.3";
      }
      ASSERT_TRUE(p.done());
      most_mistakes = std::max(most_mistakes, mistakes);
      tightest = std::max(tightest, static_cast<double>(mistakes) * delta * delta / r2);
      EXPECT_LE(static_cast<double>(mistakes), 1.0 / (delta * delta) * r2);
      EXPECT_LE(static_cast<double>(mistakes), p.bound());  // the bound of what it sees: 1/gamma^2 or (R/delta)^2
      EXPECT_NEAR(p.bound(), r2 / (delta * delta), 1e-9 * p.bound());
      // Converged: every training example correct.
      for (int i = 0; i < c.data.rows(); ++i)
        EXPECT_EQ(p.predict(c.data.X.row(i).data()), c.data.label[static_cast<size_t>(i)]);
    }
  }
  // The sets are not trivial: some need many updates, and some come within a fair fraction of the bound.
  std::printf("[ measured ] most mistakes %lld, largest mistakes/bound %.3f\n", static_cast<long long>(most_mistakes),
              tightest);
  EXPECT_GE(most_mistakes, 20);
}

}  // namespace perceptron_test
}  // namespace ml
