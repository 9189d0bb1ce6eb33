// The margin plot's model (app/models/margin_series.h) and core's multiclass margin and quantile
// (core/metrics/margins.h), on hand-computed values and on UMA / ultraconservative runs.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "app/models/margin_series.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/metrics/margins.h"
#include "core/session/session.h"
#include "test_data.h"
#include "test_session.h"

namespace ml::app {
namespace {

using test::trained;

TEST(AppMarginSeriesTest, MulticlassMarginByHand) {
  // W = [[1, 0], [0, 1], [-1, -1]] (Q = 3, d = 2), ||W||_F = sqrt(1 + 1 + 2) = 2. x = (3, 1): scores
  // (3, 1, -4). Class 0: (3 - max(1, -4)) / 2 = 1; class 1: (1 - 3) / 2 = -1; class 2: (-4 - 3) / 2 = -3.5.
  Eigen::MatrixXf w(3, 2);
  w << 1, 0, 0, 1, -1, -1;
  EXPECT_DOUBLE_EQ(frobenius_norm_double(w), 2.0);
  Eigen::VectorXf x(2);
  x << 3, 1;
  Eigen::MatrixXf s = (w * x).transpose();
  EXPECT_DOUBLE_EQ(multiclass_margin(s, 0, 0, 2.0), 1.0);
  EXPECT_DOUBLE_EQ(multiclass_margin(s, 0, 1, 2.0), -1.0);
  EXPECT_DOUBLE_EQ(multiclass_margin(s, 0, 2, 2.0), -3.5);
  EXPECT_TRUE(std::isnan(multiclass_margin(s, 0, 0, 0.0)));  // W = 0: no margin
  // Q = 2 with binary scores (0, <w,x>) equals the binary margin y<w,x>/||w||.
  Eigen::MatrixXf b(1, 2);
  b << 0, 3;
  EXPECT_DOUBLE_EQ(multiclass_margin(b, 0, 1, 2.0), score_margin(b, 0, 1, 2.0));
  EXPECT_DOUBLE_EQ(multiclass_margin(b, 0, 0, 2.0), score_margin(b, 0, 0, 2.0));
}

TEST(AppMarginSeriesTest, LowerQuantileByHand) {
  // Ten values 1..10 (shuffled, with a NaN left out): the 10 % quantile is the 1st smallest, 25 % the 3rd.
  const std::vector<double> v = {7, 3, 10, NAN, 1, 9, 2, 8, 4, 6, 5};
  EXPECT_DOUBLE_EQ(lower_quantile(v, 0.10), 1);
  EXPECT_DOUBLE_EQ(lower_quantile(v, 0.25), 3);
  EXPECT_DOUBLE_EQ(lower_quantile(v, 0.0), 1);
  EXPECT_DOUBLE_EQ(lower_quantile(v, 1.0), 10);
  EXPECT_TRUE(std::isnan(lower_quantile({NAN}, 0.5)));
}

TEST(AppMarginSeriesTest, SummaryKeepsCleanPointsApart) {
  // Binary scores (0, s) with ||w|| = 1: margins y s = 0.5, -1 (corrupted), 0.2, 0.9. The corrupted
  // point sets the plain minimum (-1); the clean minimum is 0.2.
  Dataset train = test::tiny_dataset({{0, 0}, {0, 0}, {0, 0}, {0, 0}}, {1, 1, -1, 1});
  train.corruption[1] = Corruption::label;
  Eigen::MatrixXf s(4, 2);
  s << 0, 0.5f, 0, -1, 0, -0.2f, 0, 0.9f;
  const MarginSummary m = margin_summary(s, {0, 1, 2, 3}, train, 1.0);
  EXPECT_NEAR(m.all_min, -1.0, 1e-6);
  EXPECT_NEAR(m.clean_min, 0.2, 1e-6);
  EXPECT_NEAR(m.quantile, -1.0, 1e-6);  // ceil(0.1 * 4) = 1st smallest
  const MarginSummary none = margin_summary(s, {0, 1, 2, 3}, train, 0.0);
  EXPECT_TRUE(std::isnan(none.all_min));
}

TEST(AppMarginSeriesTest, UmaAndUltraconservativeHaveAMargin) {
  for (const char* id : {"uma", "ultraconservative"}) {
    SCOPED_TRACE(id);
    const auto s = trained(std::string("#v=1&data=classes&q=3&d=3&n=150&seed=5&learner=") + id, 200);
    ASSERT_NE(s, nullptr);
    EXPECT_TRUE(is_linear_classifier(s->learner()));
    EXPECT_GT(linear_weight_norm(s->learner()), 0);
    const MarginSummary m = margin_summary(s->learner(), s->data().train);
    EXPECT_TRUE(std::isfinite(m.all_min));
    EXPECT_LE(m.all_min, m.quantile);
    // The minimum over all points is the minimum of per-point margins recomputed here from scores.
    Eigen::MatrixXf scores;
    s->learner().scores_batch(s->data().train.X, &scores);
    double lo = INFINITY;
    for (Eigen::Index i = 0; i < scores.rows(); ++i)
      lo = std::min(lo, multiclass_margin(scores, i, s->data().train.label[static_cast<size_t>(i)], linear_weight_norm(s->learner())));
    EXPECT_DOUBLE_EQ(m.all_min, lo);
  }
}

TEST(AppMarginSeriesTest, BinaryMinimumEqualsTheTraceMargin) {
  // For a binary halfspace the model's all-points minimum is the trace's margin column.
  const auto s = trained("#v=1&data=separable&d=3&n=200&noise=uniform&eta=0.2&learner=perceptron&seed=2", 300);
  ASSERT_NE(s, nullptr);
  const MarginSummary m = margin_summary(s->learner(), s->data().train);
  const double traced = s->trace().at(s->trace().size() - 1, kTraceMargin);
  EXPECT_NEAR(m.all_min, traced, 1e-5);
  EXPECT_GE(m.clean_min, m.all_min);
}

TEST(AppMarginSeriesTest, SeriesRecordsThinsAndRestarts) {
  MarginSeries series;
  for (int i = 0; i < static_cast<int>(MarginSeries::kMaxPoints) + 1; ++i) series.add(i, {double(i), double(i), double(i)});
  EXPECT_LE(series.steps().size(), MarginSeries::kMaxPoints);
  EXPECT_EQ(series.steps().front(), 0);
  EXPECT_EQ(series.steps().back(), static_cast<double>(MarginSeries::kMaxPoints));
  const auto s = trained("#v=1&data=classes&q=3&d=3&n=150&seed=5&learner=ultraconservative", 10);
  ASSERT_NE(s, nullptr);
  MarginSeries live;
  live.refresh(s.get(), 1, 1.0);
  EXPECT_EQ(live.steps().size(), 1u);
  live.refresh(s.get(), 1, 2.0);  // same step: nothing new
  EXPECT_EQ(live.steps().size(), 1u);
  s->advance(5);
  ASSERT_FALSE(s->done());
  live.refresh(s.get(), 1, 1.05);  // too soon after the last point
  EXPECT_EQ(live.steps().size(), 1u);
  live.refresh(s.get(), 1, 1.15);
  EXPECT_EQ(live.steps().size(), 2u);
  live.refresh(s.get(), 2, 1.3);  // a new session starts over
  EXPECT_EQ(live.steps().size(), 1u);
}

}  // namespace
}  // namespace ml::app
