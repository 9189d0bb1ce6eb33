// The Plots panel's series (app/models/plot_model.h), on hand-computed values.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "app/models/plot_model.h"
#include "core/learners/registry.h"
#include "core/session/session.h"
#include "core/session/trace.h"
#include "tests/unit/test_session.h"

namespace ml::app {
namespace app_plot_model_test {

// A trace of `rows` rows: mistakes and updates given, other standard columns NaN, then counters.
std::vector<std::vector<double>> columns(const std::vector<double>& mistakes, const std::vector<double>& updates,
                                         const std::vector<std::vector<double>>& counters = {}) {
  std::vector<std::vector<double>> c(kTraceStandardColumns, std::vector<double>(mistakes.size(), NAN));
  for (size_t r = 0; r < mistakes.size(); ++r) c[kTraceStep][r] = static_cast<double>(r);
  c[kTraceMistakes] = mistakes;
  c[kTraceUpdates] = updates;
  for (const std::vector<double>& k : counters) c.push_back(k);
  return c;
}

TEST(AppPlotModelTest, InvariantCurvesFollowMistakes) {
  // delta = 0.5, R = 2: delta M and M R^2 for M = 0, 2, 6.
  PlotSeriesModel m;
  m.set_columns(columns({0, 2, 6}, {0, 2, 6}), 0.5, 2.0);
  ASSERT_TRUE(m.ready());
  EXPECT_EQ(m.delta_m(), (std::vector<double>{0, 1, 3}));
  EXPECT_EQ(m.m_r2(), (std::vector<double>{0, 8, 24}));
  EXPECT_TRUE(m.updates_equal_mistakes());
  // Unknown margin and radius: NaN curves.
  m.set_columns(columns({1}, {2}), 0, 0);
  EXPECT_TRUE(std::isnan(m.delta_m()[0]));
  EXPECT_TRUE(std::isnan(m.m_r2()[0]));
  EXPECT_FALSE(m.updates_equal_mistakes());
}

TEST(AppPlotModelTest, TheMistakesPlotCapsAFarBound) {
  // Largest count 7 (updates): the cap is 28, used only for a bound above it.
  PlotSeriesModel m;
  m.set_columns(columns({0, 3, 5}, {1, 4, 7}), 0, 0);
  EXPECT_EQ(m.mistakes_y_cap(100), 28);
  EXPECT_EQ(m.mistakes_y_cap(28), 0);
  EXPECT_EQ(m.mistakes_y_cap(NAN), 0);
}

TEST(AppPlotModelTest, TheCalmestCounterIsTheOneThatTurnsLeast) {
  // a: 0 1 0 1 2 (2 turns); b: 5 4 3 3 1 (0 turns, shrinks); c: 1 1 1 2 2 (two values: not informative).
  const std::vector<double> a{0, 1, 0, 1, 2}, b{5, 4, 3, 3, 1}, c{1, 1, 1, 2, 2};
  EXPECT_EQ(calmest_series({&a, &b, &c}), 1u);
  EXPECT_EQ(calmest_series({&a, &c}), 0u);
  EXPECT_EQ(calmest_series({&c}), 0u);  // none qualifies
}

TEST(AppPlotModelTest, ShownCountersFollowTheChoice) {
  const std::vector<double> a{0, 1, 0, 1, 2}, b{5, 4, 3, 3, 1}, c{1, 1, 1, 2, 2}, d{0, 0, 0, 0, 0};
  PlotSeriesModel m;
  m.set_columns(columns({0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {a, b, c, d}), 0, 0);
  const std::vector<std::string> names{"a", "b", "c", "d"};
  EXPECT_EQ(m.num_counters(), 4u);
  EXPECT_EQ(m.shown_counters(names, "c"), (std::vector<size_t>{2}));
  EXPECT_EQ(m.shown_counters(names, "all"), (std::vector<size_t>{0, 1, 2, 3}));
  EXPECT_EQ(m.shown_counters(names, ""), (std::vector<size_t>{1}));  // more than three: the calmest
  // No invariants (<w,v> NaN): the fourth plot shows counters whatever is wanted.
  EXPECT_EQ(m.fourth_plot_mode(1), 0);
  m.set_columns(columns({0}, {0}), 0, 0);
  EXPECT_EQ(m.fourth_plot_mode(0), 1);  // no counters: invariants
}

TEST(AppPlotModelTest, AOneStepRunIsAFinishedRunEndingAtStepOne) {
  EXPECT_TRUE(one_step_run({0, 1}, true));
  EXPECT_FALSE(one_step_run({0, 1}, false));    // paused after one step of a longer run
  EXPECT_FALSE(one_step_run({0, 1, 2}, true));  // two steps: a (short) curve
  EXPECT_FALSE(one_step_run({0}, true));        // stopped before its first step
  EXPECT_FALSE(one_step_run({}, true));
}

TEST(AppPlotModelTest, TheFinalValueIsTheLastFiniteOne) {
  EXPECT_EQ(final_value({0.5, 0.25, NAN}), 0.25);
  EXPECT_EQ(final_value({NAN, -3}), -3);
  EXPECT_TRUE(std::isnan(final_value({NAN, NAN})));
  EXPECT_TRUE(std::isnan(final_value({})));
}

// Over the registry on one small noisy problem: A_mu (PCA outlier removal + averaging) computes its hypothesis in
// its first step, so its plots show numbers; every other learner takes more steps there and keeps its curves.
TEST(AppPlotModelTest, OnlyAOneStepLearnerIsShownAsNumbers) {
  for (const LearnerEntry& e : learner_registry()) {
    SCOPED_TRACE(e.schema.id);
    const std::string data =
        e.schema.multiclass ? "data=classes&q=3&d=3&n=150" : "data=separable&d=3&n=150&noise=malicious&eta=0.1";
    const std::unique_ptr<Session> s = test::trained("#v=1&" + data + "&learner=" + e.schema.id + "&seed=3", 60);
    ASSERT_NE(s, nullptr);
    PlotSeriesModel model;
    model.refresh(s.get(), 1);
    ASSERT_TRUE(model.ready());
    EXPECT_EQ(one_step_run(model.column(kTraceStep), s->done()), e.schema.id == "pca_outlier_removal");
  }
}

}  // namespace app_plot_model_test
}  // namespace ml::app
