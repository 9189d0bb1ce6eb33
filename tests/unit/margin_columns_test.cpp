// The trace's margin columns (core/session/trace.h kTraceMargin .. kTraceMarginQuantile): core's
// halfspace and multiclass margins (core/metrics) on hand-computed values, and what sessions of binary,
// multiclass and non-linear learners record.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/learners/ultraconservative.h"
#include "core/learners/uma.h"
#include "core/metrics/margins.h"
#include "core/metrics/metrics.h"
#include "core/session/session.h"
#include "core/session/trace.h"
#include "test_data.h"
#include "test_session.h"

namespace ml {
namespace margin_columns_test {

using test::trained;

// The last recorded row's value of column c.
double last(const Session& s, TraceColumn c) { return s.trace().at(s.trace().size() - 1, c); }

TEST(MarginColumns, MulticlassMarginByHand) {
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

TEST(MarginColumns, LowerQuantileByHand) {
  // Ten values 1..10 (shuffled, with a NaN left out): the 10 % quantile is the 1st smallest, 25 % the 3rd.
  const std::vector<double> v = {7, 3, 10, NAN, 1, 9, 2, 8, 4, 6, 5};
  EXPECT_DOUBLE_EQ(lower_quantile(v, 0.10), 1);
  EXPECT_DOUBLE_EQ(lower_quantile(v, 0.25), 3);
  EXPECT_DOUBLE_EQ(lower_quantile(v, 0.0), 1);
  EXPECT_DOUBLE_EQ(lower_quantile(v, 1.0), 10);
  EXPECT_TRUE(std::isnan(lower_quantile({NAN}, 0.5)));
}

// Past a few thousand values lower_quantile narrows the values with a sample before selecting: the answer is the
// sorted values' element at every rank, with many equal values, and when the sample's positions hold values unlike
// the rest (the bracket misses and all the values are searched).
TEST(MarginColumns, LowerQuantileOfManyValuesIsTheSortedValue) {
  std::vector<std::vector<double>> cases(3, std::vector<double>(50001));
  for (size_t i = 0; i < cases[0].size(); ++i) {
    cases[0][i] = std::sin(0.37 * static_cast<double>(i) * static_cast<double>(i % 101));
    cases[1][i] = static_cast<double>((i * 7919) % 5);
    cases[2][i] = i % 64 == 32 ? 1e6 + static_cast<double>(i) : -static_cast<double>(i % 997);
  }
  for (size_t c = 0; c < cases.size(); ++c) {
    std::vector<double> sorted = cases[c];
    std::sort(sorted.begin(), sorted.end());
    const double n = static_cast<double>(sorted.size());
    for (double q : {0.0, 0.001, 0.1, 0.3, 0.5, 0.985, 0.99, 1.0}) {
      const size_t rank = std::max<size_t>(1, static_cast<size_t>(std::ceil(q * n)));
      EXPECT_EQ(lower_quantile(cases[c], q), sorted[rank - 1]) << "case " << c << ", q " << q;
    }
  }
}

// kth_smallest below a few thousand values selects among all of them (a trace row's sample): the sorted values'
// element at every rank of every length up to 70 and at a trace row's 728, over random values, many equal ones,
// ascending and descending runs, and a single value repeated.
TEST(MarginColumns, KthSmallestIsTheSortedValueAtEveryRank) {
  uint64_t state = 12345;
  const auto next = [&state] { return (state = state * 6364136223846793005ull + 1442695040888963407ull) >> 33; };
  std::vector<std::vector<double>> cases;
  for (size_t n : {size_t{1}, size_t{2}, size_t{3}, size_t{17}, size_t{18}, size_t{33}, size_t{70}, size_t{728}}) {
    std::vector<double> random(n), few(n), up(n), down(n), same(n, 0.25);
    for (size_t i = 0; i < n; ++i) {
      random[i] = static_cast<double>(next()) / 7.0 - 1e8;
      few[i] = static_cast<double>(next() % 3);
      up[i] = static_cast<double>(i);
      down[i] = -static_cast<double>(i);
    }
    for (std::vector<double>* c : {&random, &few, &up, &down, &same}) cases.push_back(*c);
  }
  for (const std::vector<double>& values : cases) {
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    for (size_t k = 0; k < values.size(); ++k) {
      ASSERT_EQ(kth_smallest(values, k), sorted[k]) << "n " << values.size() << ", k " << k;
    }
  }
}

TEST(MarginColumns, HalfspaceMarginsByHand) {
  // w = (3, 4), ||w|| = 5. Points and observed labels: (1, 0) +1 -> 3/5; (0, 1) -1 -> -4/5 (its true label
  // is +1: noise flipped it, so its true margin is +4/5); (-1, 1) +1 -> 1/5; (2, 0) -1 -> -6/5 (corrupted too,
  // true label +1). Observed min -6/5; true labels: 3/5, 4/5, 1/5, 6/5 -> min 1/5; clean points (0 and 2):
  // min 1/5; the 10 % quantile of four is the smallest, -6/5.
  Dataset train = test::tiny_dataset({{1, 0}, {0, 1}, {-1, 1}, {2, 0}}, {1, -1, 1, -1});
  train.true_label = {1, 1, 1, 1};
  train.corruption[1] = Corruption::label;
  train.corruption[3] = Corruption::label;
  Vector w(2);
  w << 3, 4;
  const SampleMargins m = halfspace_margins(w, train);
  EXPECT_DOUBLE_EQ(m.observed, -6.0 / 5);
  EXPECT_DOUBLE_EQ(m.truth, 1.0 / 5);
  EXPECT_DOUBLE_EQ(m.clean, 1.0 / 5);
  EXPECT_DOUBLE_EQ(m.quantile, -6.0 / 5);
  // The plain minima are sample_margin's, bit for bit.
  EXPECT_EQ(m.observed, sample_margin(w, train, LabelSet::observed));
  EXPECT_EQ(m.truth, sample_margin(w, train, LabelSet::truth));
  // w = 0: no margin at all.
  const SampleMargins none = halfspace_margins(Vector::Zero(2), train);
  EXPECT_TRUE(std::isnan(none.observed) && std::isnan(none.clean) && std::isnan(none.quantile));
}

TEST(MarginColumns, ScoreMarginsKeepCleanPointsApart) {
  // Three classes, scores of four points, ||W||_F = 2. Labels 0, 1 (corrupted: true 2), 2, 0.
  // Row 0 (3, 1, -4) class 0: (3 - 1) / 2 = 1. Row 1 (0, 2, 1) class 1: (2 - 1) / 2 = 0.5, true class 2:
  // (1 - 2) / 2 = -0.5. Row 2 (1, 1, 2) class 2: (2 - 1) / 2 = 0.5. Row 3 (0, 3, 1) class 0: (0 - 3) / 2 = -1.5.
  // Observed min -1.5; true: 1, -0.5, 0.5, -1.5 -> -1.5; clean (rows 0, 2, 3): -1.5; with row 3 corrupted
  // instead the clean minimum would be 0.5.
  Dataset train = test::class_dataset({{0}, {0}, {0}, {0}}, {0, 1, 2, 0}, 3);
  train.true_label = {0, 2, 2, 0};
  train.corruption[1] = Corruption::label;
  Eigen::MatrixXf s(4, 3);
  s << 3, 1, -4, 0, 2, 1, 1, 1, 2, 0, 3, 1;
  SampleMargins m = score_margins(s, train, 2.0);
  EXPECT_DOUBLE_EQ(m.observed, -1.5);
  EXPECT_DOUBLE_EQ(m.truth, -1.5);
  EXPECT_DOUBLE_EQ(m.clean, -1.5);
  EXPECT_DOUBLE_EQ(m.quantile, -1.5);
  train.corruption[1] = Corruption::none;
  train.corruption[3] = Corruption::label;
  m = score_margins(s, train, 2.0);
  EXPECT_DOUBLE_EQ(m.clean, 0.5);
  EXPECT_TRUE(std::isnan(score_margins(s, train, 0.0).observed));  // W = 0
}

TEST(MarginColumns, UmaAndUltraconservativeTraceTheirMargins) {
  for (const char* id : {"uma", "ultraconservative"}) {
    SCOPED_TRACE(id);
    const auto s =
        trained(std::string("#v=1&data=classes&q=3&d=3&n=150&seed=5&noise=uniform&eta=0.1&learner=") + id, 200);
    ASSERT_NE(s, nullptr);
    const Learner& learner = s->learner();
    const double norm = learner.hypothesis_norm();
    // The norm is ||W||_F of the learner's weight rows.
    if (const auto* uma = dynamic_cast<const Uma*>(&learner)) {
      EXPECT_EQ(norm, frobenius_norm_double(uma->weight_rows()));
    }
    if (const auto* u = dynamic_cast<const Ultraconservative*>(&learner)) {
      EXPECT_EQ(norm, frobenius_norm_double(u->weight_rows()));
    }
    ASSERT_GT(norm, 0);
    // The recorded minimum is the minimum of the per-point margins recomputed here from the class scores.
    s->refresh_tail();
    Eigen::MatrixXf scores;
    learner.scores_batch(s->data().train.X, &scores);
    const Dataset& train = s->data().train;
    double lo = INFINITY, lo_true = INFINITY;
    for (Eigen::Index i = 0; i < scores.rows(); ++i) {
      lo = std::min(lo, multiclass_margin(scores, i, train.label[static_cast<size_t>(i)], norm));
      lo_true = std::min(lo_true, multiclass_margin(scores, i, train.true_label[static_cast<size_t>(i)], norm));
    }
    EXPECT_DOUBLE_EQ(last(*s, kTraceMargin), lo);
    EXPECT_DOUBLE_EQ(last(*s, kTraceMarginTrue), lo_true);
    EXPECT_LE(last(*s, kTraceMargin), last(*s, kTraceMarginClean));
    EXPECT_LE(last(*s, kTraceMargin), last(*s, kTraceMarginQuantile));
  }
}

TEST(MarginColumns, BinaryTraceMarginIsTheSampleMargin) {
  const auto s = trained("#v=1&data=separable&d=3&n=200&noise=uniform&eta=0.2&learner=perceptron&seed=2", 300);
  ASSERT_NE(s, nullptr);
  s->refresh_tail();
  const Vector* w = s->learner().weights();
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(last(*s, kTraceMargin), sample_margin(*w, s->data().train, LabelSet::observed));
  EXPECT_EQ(last(*s, kTraceMarginTrue), sample_margin(*w, s->data().train, LabelSet::truth));
  // Under 20 % noise a corrupted point sets the minimum; the clean points' minimum is larger.
  EXPECT_LT(last(*s, kTraceMargin), last(*s, kTraceMarginClean));
  EXPECT_LE(last(*s, kTraceMargin), last(*s, kTraceMarginQuantile));
}

// A halfspace's metrics read the training part through float estimates of its dots (read_halfspace): they are the
// learner's predictions and the margins summed in double over the whole part, bit for bit.
TEST(MarginColumns, MetricsFromEstimatedDotsAreTheWholePartsNumbers) {
  const auto s = trained("#v=1&data=separable&d=64&n=3000&noise=uniform&eta=0.2&learner=perceptron&seed=2", 3000);
  ASSERT_NE(s, nullptr);
  const Dataset& train = s->data().train;
  ASSERT_GT(train.rows(), 2048);
  std::vector<int> predicted;
  s->learner().predict_batch(train.X, &predicted);
  const SampleMargins whole = halfspace_margins(*s->learner().weights(), train);
  const SessionMetrics m = s->metrics();
  EXPECT_EQ(m.train_error_noisy, error_rate(predicted, train.label));
  EXPECT_EQ(m.train_error_true, error_rate(predicted, train.true_label));
  EXPECT_EQ(m.margin, whole.observed);
  EXPECT_EQ(m.margin_true, whole.truth);
  EXPECT_EQ(m.margin_clean, whole.clean);
  EXPECT_EQ(m.margin_quantile, whole.quantile);
}

TEST(MarginColumns, NonLinearLearnersRecordNoMargin) {
  const auto s = trained("#v=1&data=ring&n=200&learner=kernel_perceptron&l.kernel=gaussian&seed=2", 50);
  ASSERT_NE(s, nullptr);
  EXPECT_TRUE(std::isnan(s->learner().hypothesis_norm()));
  s->refresh_tail();
  for (TraceColumn c : {kTraceMargin, kTraceMarginTrue, kTraceMarginClean, kTraceMarginQuantile})
    EXPECT_TRUE(std::isnan(last(*s, c))) << c;
}

}  // namespace margin_columns_test
}  // namespace ml
