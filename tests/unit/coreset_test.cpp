// Tests of CORESET SVM and ACTIVE CORESET SVM (core/learners/coreset_svm.h, active_coreset_svm.h;
// 002 Figs. 1-2): the (1-eps) guarantee against the full SVM on 50 random separable sets with the
// coreset size against (R/rho*)^2/eps, a hand-checked insertion, the not-separable stop, the counting
// oracle, and active learning reaching zero training error with a minority of the pool labelled.
#include "core/learners/coreset_svm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/data/generator_ids.h"
#include "core/data/generators.h"
#include "core/learners/active_coreset_svm.h"
#include "core/learners/evaluation.h"
#include "core/learners/registry.h"
#include "core/metrics/metrics.h"
#include "core/session/session.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace coreset_test {

using test::problem_for;
using test::tiny_dataset;

double full_svm_margin(const Dataset& ds) {
  std::vector<int> rows(static_cast<size_t>(ds.rows())), signs(rows.size());
  for (int i = 0; i < ds.rows(); ++i) {
    rows[static_cast<size_t>(i)] = i;
    signs[static_cast<size_t>(i)] = ds.sign(i);
  }
  Result<SvmSolution> s = solve_svm(signed_points(ds.X, rows, signs));
  EXPECT_TRUE(s.ok());
  return s.ok() ? s->margin : 0.0;
}

TEST(CoresetSvmTest, HandTraceAddsTheWorstExample) {
  // Row 0 = (1, 1)+ gives h_1 = (1,1)/sqrt2, rho_1 = sqrt2. Margins: (1,-0.5)+ -> 0.354, (2,0)+ -> 1.414,
  // (-0.2,1)- -> -0.566: the worst is row 3 (< (1-eps) rho_1), then SVM{(1,1), (0.2,-1)} etc.
  const Dataset ds = tiny_dataset({{1, 1}, {1, -0.5f}, {2, 0}, {-0.2f, 1}}, {+1, +1, +1, -1});
  CoresetSvm c;
  ASSERT_TRUE(c.reset(problem_for(ds), {.epsilon = 0.1}).ok());
  EXPECT_NEAR(c.rho(), std::sqrt(2.0), 1e-7);
  EXPECT_FALSE(c.done());
  EXPECT_NEAR(c.bound(), 2.0 / 0.1, 1e-6);  // R = 2, rho_1 = sqrt2: (R/rho_1)^2/eps = 2/0.1
  StepResult r = c.step();
  EXPECT_EQ(r.example, 3);
  EXPECT_TRUE(r.updated);
  // Keep stepping to the end: the result is a (1-eps)-approximation of the full SVM.
  while (!c.done()) c.step();
  EXPECT_GE(c.margin_on_set(), (1 - 0.1) * full_svm_margin(ds) - 1e-12);
  EXPECT_GE(c.margin_on_set(), (1 - 0.1) * c.rho() - 1e-12);
}

TEST(CoresetSvmTest, FiftyRandomSeparableSetsMeetTheGuarantee) {
  int total_size = 0;
  for (int t = 0; t < 50; ++t) {
    SCOPED_TRACE(t);
    GeneratorSpec spec;
    spec.kind = Generator::separable;
    spec.dims = 2 + (t * 7) % 19;         // 2..20
    spec.n = 200 + 40 * (t % 8);          // 200..480
    spec.margin = 0.03 + 0.02 * (t % 6);  // 0.03..0.13
    spec.ball = t % 3 == 0;
    const double eps = t % 2 == 0 ? 0.1 : 0.05;
    Result<Dataset> ds = generate(spec, 1000 + static_cast<uint64_t>(t));
    ASSERT_TRUE(ds.ok()) << ds.error().message;
    const double full = full_svm_margin(*ds);
    CoresetSvm c;
    ASSERT_TRUE(c.reset(problem_for(*ds), {.epsilon = eps}).ok());
    int steps = 0;
    while (!c.done()) {
      c.step();
      ++steps;
    }
    EXPECT_FALSE(c.not_separable());
    EXPECT_EQ(static_cast<int>(c.coreset().size()), steps + 1);
    // The learner's own margin on the whole set, recomputed independently in double.
    std::vector<double> m;
    margins_of(
        ds->X, c.hypothesis(),
        [&] {
          std::vector<int> s;
          for (int i = 0; i < ds->rows(); ++i) s.push_back(ds->sign(i));
          return s;
        }(),
        &m);
    double on_set = m[0];
    for (double v : m) on_set = std::min(on_set, v);
    EXPECT_DOUBLE_EQ(on_set, c.margin_on_set());
    EXPECT_GE(on_set, (1 - eps) * full);
    EXPECT_GE(c.rho(), full * (1 - 1e-9));  // the max margin of a subset is at least rho*
    // Coreset size against Lemma 3.1's (R/rho*)^2/eps (constant 1) and the learner's own bound().
    const double radius = max_radius(ds->X);
    const double lemma = (radius / full) * (radius / full) / eps;
    EXPECT_LE(static_cast<double>(c.coreset().size()), lemma);
    EXPECT_LE(c.bound(), lemma * (1 + 1e-9));
    EXPECT_NEAR(c.counters()[3].value, c.margin_on_set() / c.rho(), 1e-12);  // approx_ratio
    EXPECT_GE(c.counters()[3].value, 1 - eps);
    total_size += static_cast<int>(c.coreset().size());
  }
  EXPECT_LT(total_size, 50 * 60);  // small coresets: on average well under 60 points
}

TEST(CoresetSvmTest, StopsWhenTheLabelsAreNotSeparable) {
  // (1,0)+ then (-1, 0)+ cannot both be positive through the origin.
  const Dataset ds = tiny_dataset({{1, 0}, {0.5f, 0.1f}, {-1, 0}}, {+1, +1, +1});
  CoresetSvm c;
  ASSERT_TRUE(c.reset(problem_for(ds), {.epsilon = 0.1}).ok());
  ASSERT_FALSE(c.done());
  StepResult r = c.step();
  EXPECT_EQ(r.example, 2);
  EXPECT_FALSE(r.updated);
  EXPECT_TRUE(c.done());
  EXPECT_TRUE(c.not_separable());
  EXPECT_EQ(c.coreset(), std::vector<int>{0});  // h_1 and C kept
  EXPECT_NEAR((*c.weights())[0], 1.0f, 1e-7f);
}

TEST(CoresetSvmTest, RejectsMulticlassData) {
  Dataset ds = tiny_dataset({{1, 0}, {0, 1}, {1, 1}}, {1, -1, 1});
  ds.class_names = default_class_names(3);
  CoresetSvm c;
  Status s = c.reset(problem_for(ds), {.epsilon = 0.1});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "learner.needs_binary");
}

TEST(LabelOracleTest, CountsDistinctQueriesAndAnswersObservedLabels) {
  Dataset ds = tiny_dataset({{1, 0}, {0, 1}, {1, 1}}, {+1, -1, +1});
  ds.label[2] = 0;  // observed label noisy: the oracle answers -1
  LabelOracle o;
  o.reset(&ds);
  EXPECT_EQ(o.query(2), -1);
  EXPECT_EQ(o.query(0), +1);
  EXPECT_EQ(o.query(2), -1);
  EXPECT_EQ(o.queries(), 2);
  EXPECT_EQ(o.repeats(), 1);
  EXPECT_TRUE(o.labelled(0));
  EXPECT_FALSE(o.labelled(1));
}

TEST(ActiveCoresetSvmTest, FirstQueryIsRowZeroThenTheNearestPoint) {
  const Dataset ds = tiny_dataset({{1, 0}, {0.1f, 1}, {0.9f, 0.2f}, {-1, 0.3f}}, {+1, +1, +1, -1});
  ActiveCoresetSvm a;
  ASSERT_TRUE(a.reset(problem_for(ds), {.epsilon = 0.1, .error = 0.05, .delta = 0.05, .verify_samples = 0}).ok());
  EXPECT_EQ(a.oracle().queries(), 0);
  StepResult r = a.step();
  EXPECT_EQ(r.example, 0);
  EXPECT_EQ(a.oracle().queries(), 1);
  EXPECT_NEAR(a.rho(), 1.0, 1e-7);
  r = a.step();  // h = (1,0): |<h,x>| = 0.1, 0.9, 1 -> row 1 (0.1 < 0.9 rho)
  EXPECT_EQ(r.example, 1);
  EXPECT_EQ(a.oracle().queries(), 2);
}

// VERIFY's length (002 Lemma 4.1): T = ceil(ln(M/delta)/e), M the mistake bound max(2, bound()).
TEST(ActiveCoresetSvmTest, VerifyLengthIsCeilLnMOverDeltaOverE) {
  // x0 = (1,0) +1 and x1 = (-1,0) -1, R = 1. Step 1 buys x0: h = (1,0), rho = 1. Step 2: |<h,x1>| = 1 is not
  // < (1 - eps) rho, so VERIFY runs: M = (R/rho)^2/eps^2 = 100 (002 Lemma 4.2; CORESET SVM's /eps would give 10),
  // T = ceil(ln(100/0.05)/0.05) = ceil(152.018) = 153 (floor would give 152, ln(M/delta) without /e 8). Every
  // draw is x1, classified correctly: it halts.
  const Dataset ds = tiny_dataset({{1, 0}, {-1, 0}}, {+1, -1});
  ActiveCoresetSvm a;
  ASSERT_TRUE(a.reset(problem_for(ds), {.epsilon = 0.1, .error = 0.05, .delta = 0.05, .verify_samples = 0}).ok());
  a.step();
  ASSERT_NEAR(a.rho(), 1.0, 1e-7);
  EXPECT_NEAR(a.bound(), 100.0, 1e-6);
  a.step();
  EXPECT_TRUE(a.done());
  EXPECT_EQ(test::counter(a.counters(), "verify_length"), 153.0);
  EXPECT_EQ(test::counter(a.counters(), "verify_length"), std::ceil(std::log(a.bound() / 0.05) / 0.05));
  EXPECT_EQ(test::counter(a.counters(), "verify_draws"), 153.0);  // a clean round draws all T
  EXPECT_EQ(test::counter(a.counters(), "last_action"), 3.0);
  // e = 0.2, delta = 0.5: ln(200)/0.2 = 26.49 -> 27.
  ASSERT_TRUE(a.reset(problem_for(ds), {.epsilon = 0.1, .error = 0.2, .delta = 0.5, .verify_samples = 0}).ok());
  a.step();
  a.step();
  EXPECT_EQ(test::counter(a.counters(), "verify_length"), 27.0);
}

TEST(ActiveCoresetSvmTest, ZeroTrainingErrorFromAMinorityOfThePool) {
  GeneratorSpec spec;
  spec.kind = Generator::separable;
  spec.n = 2000;
  spec.dims = 5;
  spec.margin = 0.1;
  Result<Dataset> ds = generate(spec, 42);
  ASSERT_TRUE(ds.ok()) << ds.error().message;
  ActiveCoresetSvm a;
  ASSERT_TRUE(
      a.reset(problem_for(*ds, 0.0, 42), {.epsilon = 0.1, .error = 0.05, .delta = 0.05, .verify_samples = 0}).ok());
  int steps = 0;
  while (!a.done() && steps < 10000) {
    a.step();
    ++steps;
  }
  ASSERT_TRUE(a.done());
  EXPECT_FALSE(a.not_separable());
  EXPECT_EQ(learner_error(a, *ds, LabelSet::observed), 0.0);
  const std::vector<Counter> c = a.counters();
  ASSERT_EQ(c[0].name, "label_queries");
  ASSERT_EQ(c[1].name, "pool_size");
  EXPECT_EQ(c[1].value, 2000.0);
  EXPECT_EQ(c[0].value, static_cast<double>(a.oracle().queries()));
  EXPECT_LT(c[0].value, 1000.0);  // a minority of the pool labelled
  EXPECT_GE(c[0].value, static_cast<double>(a.coreset().size()));
  EXPECT_EQ(c[9].name, "not_separable");
  EXPECT_EQ(c[8].value, 3.0);  // halted by a clean VERIFY round
  std::printf("active coreset SVM: %d steps, %g label queries of %g, coreset %zu, verify rounds %g (T = %g)\n", steps,
              c[0].value, c[1].value, a.coreset().size(), c[4].value, c[6].value);
}

TEST(ActiveCoresetSvmTest, NoisyOracleStopsWithNotSeparable) {
  GeneratorSpec spec;
  spec.kind = Generator::separable;
  spec.n = 300;
  spec.dims = 2;
  spec.margin = 0.05;
  Result<Dataset> ds = generate(spec, 3);
  ASSERT_TRUE(ds.ok());
  // Flip every 5th observed label: the oracle is noisy, so the labelled coreset soon cannot be separated.
  for (int i = 0; i < ds->rows(); i += 5) ds->label[static_cast<size_t>(i)] = 1 - ds->label[static_cast<size_t>(i)];
  ActiveCoresetSvm a;
  ASSERT_TRUE(
      a.reset(problem_for(*ds, 0.0, 3), {.epsilon = 0.1, .error = 0.05, .delta = 0.05, .verify_samples = 0}).ok());
  int steps = 0;
  while (!a.done() && steps < 10000) {
    a.step();
    ++steps;
  }
  EXPECT_TRUE(a.not_separable());
  EXPECT_LT(a.oracle().queries(), ds->rows());
}

TEST(CoresetSessionTest, CountersReachTheJsonTrace) {
  for (const char* id : {"coreset_svm", "active_coreset_svm"}) {
    SCOPED_TRACE(id);
    Config config;
    config.generator.kind = Generator::separable;
    config.generator.n = 500;
    config.generator.dims = 3;
    config.learner = id;
    Result<std::unique_ptr<Session>> s = Session::create(config, nullptr);
    ASSERT_TRUE(s.ok()) << s.error().message;
    s.value()->advance(100000);
    EXPECT_TRUE(s.value()->done());
    const SessionMetrics m = s.value()->metrics();
    EXPECT_EQ(m.train_error_noisy, 0.0);
    EXPECT_TRUE(std::isfinite(m.bound));
    bool has_size = false;
    for (const Counter& c : m.counters) has_size = has_size || c.name == "coreset_size";
    EXPECT_TRUE(has_size);
  }
}

}  // namespace coreset_test
}  // namespace ml
