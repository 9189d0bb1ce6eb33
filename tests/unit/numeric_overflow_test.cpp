// Numeric failure is a stop reason, in the core (issue 41 item 2): data whose scale float32 cannot learn from
// are refused (session.data_scale), a margin or weight that becomes NaN or infinite stops the session with
// numeric_overflow (a failure, never a convergence claim), a NaN margin never passes as "no mistake", and UMA's
// tolerance follows the data's scale. Every data set here is made by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/perceptron.h"
#include "core/learners/ultraconservative.h"
#include "core/metrics/metrics.h"
#include "core/session/numeric_guard.h"
#include "core/session/run_report.h"
#include "core/session/session.h"
#include "nlohmann/json.hpp"
#include "tests/unit/test_session.h"

namespace ml {
namespace numeric_overflow_test {

// A labelled part of rows `x` (d columns each) with classes `labels` out of `classes`, clean.
Dataset part_of(const std::vector<std::vector<float>>& x, const std::vector<int>& labels, int classes) {
  Dataset d;
  const int n = static_cast<int>(x.size());
  const int cols = static_cast<int>(x.front().size());
  d.set_features(FeatureMatrix(n, cols));
  Eigen::Map<FeatureMatrix> features = d.writable_features();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < cols; ++j) features(i, j) = x[static_cast<size_t>(i)][static_cast<size_t>(j)];
  d.label = d.true_label = labels;
  d.corruption.assign(static_cast<size_t>(n), Corruption::none);
  d.class_names = default_class_names(classes);
  d.feature_names = default_feature_names(cols);
  return d;
}

// The part with every feature multiplied by `factor` (in double, then rounded to float once).
Dataset scaled(Dataset d, double factor) {
  Eigen::Map<FeatureMatrix> features = d.writable_features();
  for (Eigen::Index i = 0; i < features.size(); ++i)
    features.data()[i] = static_cast<float>(features.data()[i] * factor);
  return d;
}

// The session of `link`'s learner on `train`.
Result<std::unique_ptr<Session>> session_on(const std::string& link, const Dataset& train) {
  DecodeResult decoded = decode_link(link);
  EXPECT_TRUE(decoded.warnings.empty()) << link;
  return Session::create_on_data(decoded.config, test::prepared(train));
}

// Eight separable points in the plane (class 1 where x1 + x2 > 0), iris-like scale.
Dataset plane_points() {
  return part_of({{1.0f, 0.5f},
                  {0.8f, 1.2f},
                  {2.0f, -0.5f},
                  {0.3f, 0.9f},  // class 1
                  {-1.0f, -0.4f},
                  {-0.6f, -1.5f},
                  {-2.0f, 0.7f},
                  {-0.2f, -0.8f}},
                 {1, 1, 1, 1, 0, 0, 0, 0}, 2);
}

TEST(NumericOverflow, FeaturesTimes1e30AreRefusedNamingTheRowAndTheFix) {
  Result<std::unique_ptr<Session>> s =
      session_on("#v=1&data=csv&learner=perceptron&l.normalize=0", scaled(plane_points(), 1e30));
  ASSERT_FALSE(s.ok()) << "features x 1e30 were accepted";
  EXPECT_EQ(s.error().code, "session.data_scale");
  EXPECT_NE(s.error().message.find("training part, row 1"), std::string::npos) << s.error().message;
  EXPECT_NE(s.error().message.find("overflows float32"), std::string::npos) << s.error().message;
  EXPECT_NE(s.error().message.find("field 'norm'"), std::string::npos) << s.error().message;
}

TEST(NumericOverflow, FeaturesTimes1eMinus40AreRefusedAsUnderflow) {
  Result<std::unique_ptr<Session>> s = session_on("#v=1&data=csv&learner=perceptron", scaled(plane_points(), 1e-40));
  ASSERT_FALSE(s.ok()) << "features x 1e-40 were accepted";
  EXPECT_EQ(s.error().code, "session.data_scale");
  EXPECT_NE(s.error().message.find("smallest normal"), std::string::npos) << s.error().message;
}

// The verdict of check_float_scale on `part`, which checked_radius (the training part's check, judged from its rows'
// squared norms and a search for subnormal features) must give in the same words.
Status scale_verdict(const Dataset& part) {
  const Status checked = check_float_scale(part, "training part");
  const Result<double> radius = checked_radius(part, "training part");
  EXPECT_EQ(checked.ok(), radius.ok());
  if (!checked.ok() && !radius.ok()) {
    EXPECT_EQ(checked.error().message, radius.error().message);
  }
  return checked;
}

// Beside a bias column the row's norm is 1, a normal number: the subnormal feature itself is refused, by place.
TEST(NumericOverflow, ASubnormalFeatureBesideABiasColumnIsRefusedByItsPlace) {
  Dataset d = part_of({{0.5f, 0.25f, 1.0f}, {-0.5f, 1e-40f, 1.0f}, {0.0f, -0.5f, 1.0f}}, {1, 0, 0}, 2);
  const Status st = scale_verdict(d);
  ASSERT_FALSE(st.ok()) << "a subnormal feature was accepted";
  EXPECT_EQ(st.error().code, "session.data_scale");
  EXPECT_NE(st.error().message.find("training part, row 2 (feature 'x2' = 1e-40)"), std::string::npos)
      << st.error().message;
  EXPECT_NE(st.error().message.find("smallest normal"), std::string::npos) << st.error().message;
  d.writable_features()(1, 1) = std::numeric_limits<float>::min();  // the smallest normal number is accepted; so is 0
  EXPECT_TRUE(scale_verdict(d).ok());
  d.writable_features()(1, 1) = 0.0f;
  EXPECT_TRUE(scale_verdict(d).ok());
}

TEST(NumericOverflow, TheTestPartIsCheckedToo) {
  PreparedData data = test::prepared(plane_points());
  data.test = scaled(plane_points(), 1e30);
  Result<std::unique_ptr<Session>> s = Session::create_on_data(decode_link("#v=1&learner=perceptron").config, data);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("test part"), std::string::npos) << s.error().message;
}

TEST(NumericOverflow, ScalesFloat32HoldsAreAccepted) {
  for (double factor : {1e-15, 1.0, 1e15}) {
    EXPECT_TRUE(check_float_scale(scaled(plane_points(), factor), "training part").ok()) << factor;
  }
}

// The verdict on `edge`, the last of 40 ordinary rows, with its three features first or last among 11 (8 zeros
// added): the check reads features 8 at a time and the rest one by one, and either way must agree.
Status edge_row_verdict(const std::vector<float>& edge) {
  std::vector<Status> verdicts;
  for (bool zeros_first : {false, true}) {
    std::vector<float> row = edge;
    row.insert(zeros_first ? row.begin() : row.end(), 8, 0.0f);
    std::vector<std::vector<float>> rows(40, std::vector<float>(11, 0.0f));
    for (std::vector<float>& r : rows) r[5] = 0.5f;
    rows.push_back(row);
    verdicts.push_back(scale_verdict(part_of(rows, std::vector<int>(rows.size(), 1), 2)));
  }
  EXPECT_EQ(verdicts[0].ok(), verdicts[1].ok());
  return verdicts[1];
}

// Rows at the edges of float32's range (the check passes most rows by their bits alone, checked_radius by their
// squared norms, and both must hand these to the exact scan): the verdict follows the squared norm in double.
TEST(NumericOverflow, RowsAtTheEdgesOfTheRangeAreJudgedByTheirSquaredNorm) {
  const auto verdict = [](const std::vector<float>& edge) { return edge_row_verdict(edge); };
  const float big = 1.3e19f;  // squared 1.69e38: one holds, two (3.38e38 <= 3.40e38) hold, three overflow
  EXPECT_TRUE(verdict({big, 0.0f, 0.0f}).ok());
  EXPECT_TRUE(verdict({big, big, 0.0f}).ok());
  const Status three = verdict({big, big, big});
  ASSERT_FALSE(three.ok()) << "a squared norm of 5.07e38 was accepted";
  EXPECT_NE(three.error().message.find("row 41"), std::string::npos) << three.error().message;
  const float small = 7e-20f;  // squared 4.9e-39, below float32's smallest normal 1.18e-38; three of them 1.47e-38
  EXPECT_FALSE(verdict({small, 0.0f, 0.0f}).ok());
  EXPECT_TRUE(verdict({small, small, small}).ok());
  EXPECT_TRUE(verdict({0.0f, 0.0f, 0.0f}).ok()) << "a zero row has norm 0, which is allowed";
  EXPECT_FALSE(verdict({1.0f, std::numeric_limits<float>::quiet_NaN(), 0.0f}).ok());
  EXPECT_FALSE(verdict({1.0f, 0.0f, -std::numeric_limits<float>::infinity()}).ok());
  EXPECT_FALSE(verdict({1.0f, -1e-40f, 0.0f}).ok()) << "a negative subnormal feature was accepted";
  // A row of 11 equal features v has squared norm 11 v^2: over float32's largest from v = 5.56e18, under its
  // smallest normal below v = 3.27e-20.
  const auto uniform_row = [](float v) {
    std::vector<std::vector<float>> rows(40, std::vector<float>(11, 0.5f));
    rows.emplace_back(11, v);
    return scale_verdict(part_of(rows, std::vector<int>(rows.size(), 1), 2)).ok();
  };
  EXPECT_TRUE(uniform_row(5.5e18f));
  EXPECT_FALSE(uniform_row(6e18f));
  EXPECT_TRUE(uniform_row(3.5e-20f));
  EXPECT_FALSE(uniform_row(3e-20f));
}

// Three orthogonal points of norm 1.8e19 (squared 3.2e38: float32 holds it) make w = (a, a, a); the fourth point
// (b, b, b), b = 1e19, has y <w, x> = 3 a b = 5.4e38, beyond float32: the margin is +inf at step 4.
Dataset margin_overflows_at_step_4() {
  const float a = 1.8e19f, b = 1e19f;
  return part_of({{a, 0, 0}, {0, a, 0}, {0, 0, a}, {b, b, b}}, {1, 1, 1, 1}, 2);
}

// checked_radius reads the part a chunk at a time (1 024 rows at d = 64): its radius is max_radius's, bit for
// bit, with the largest row in the last, partial chunk; its error is check_float_scale's, naming a row of a later
// chunk by its place in the whole part.
TEST(NumericOverflow, CheckedRadiusIsTheCheckAndTheRadiusOfTheWholePart) {
  std::vector<std::vector<float>> rows(2500, std::vector<float>(64));
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t j = 0; j < 64; ++j) rows[i][j] = std::sin(0.1f * static_cast<float>(i * 64 + j));
  for (float& v : rows[2300]) v *= 1.5f;
  const Dataset good = part_of(rows, std::vector<int>(rows.size(), 1), 2);
  const Result<double> radius = checked_radius(good, "training part");
  ASSERT_TRUE(radius.ok()) << radius.error().message;
  EXPECT_EQ(radius.value(), max_radius(good.X));
  rows[1500][3] = std::numeric_limits<float>::quiet_NaN();
  const Dataset bad = part_of(rows, std::vector<int>(rows.size(), 1), 2);
  const Result<double> refused = checked_radius(bad, "training part");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message, check_float_scale(bad, "training part").error().message);
  EXPECT_NE(refused.error().message.find("row 1501"), std::string::npos) << refused.error().message;
}

// checked_radius reads eight rows at a time in vector lanes, and looks for subnormal features there too: one in the
// third of nine rows is refused by its place, in check_float_scale's words.
TEST(NumericOverflow, ASubnormalFeatureReadEightRowsAtATimeIsRefusedByItsPlace) {
  std::vector<std::vector<float>> rows(9, std::vector<float>(8, 0.5f));
  rows[2][6] = 1e-40f;
  const Status st = scale_verdict(part_of(rows, std::vector<int>(rows.size(), 1), 2));
  ASSERT_FALSE(st.ok()) << "a subnormal feature was accepted";
  EXPECT_NE(st.error().message.find("row 3 (feature 'x7' = 1e-40)"), std::string::npos) << st.error().message;
}

TEST(NumericOverflow, AnInfiniteMarginStopsThePerceptronAtItsStep) {
  Result<std::unique_ptr<Session>> s =
      session_on("#v=1&data=csv&learner=perceptron&l.normalize=0", margin_overflows_at_step_4());
  ASSERT_TRUE(s.ok()) << s.error().message;
  Session& session = *s.value();
  session.advance(1000);
  EXPECT_TRUE(session.done());
  EXPECT_EQ(session.steps(), 4);
  EXPECT_EQ(session.stop_reason(), StopReason::numeric_overflow);
  EXPECT_TRUE(stop_is_failure(session.stop_reason()));
  EXPECT_NE(session.stop_note().find("at step 4"), std::string::npos) << session.stop_note();
  // Every front end reads the run JSON and the panel's text.
  const nlohmann::json j = nlohmann::json::parse(run_report_json(session, session.metrics(), "#v=1"));
  EXPECT_EQ(j["stop_reason"], "numeric_overflow");
  EXPECT_EQ(j["stop_note"], session.stop_note());
  EXPECT_EQ(nlohmann::json::parse(run_report_head_json(session, "#v=1"))["stop_note"], session.stop_note());
  EXPECT_NE(stop_reason_text(session).find("numeric_overflow"), std::string::npos);
  EXPECT_NE(stop_reason_text(session).find("at step 4"), std::string::npos);
}

TEST(NumericOverflow, AnInfiniteScoreStopsTheUltraconservativeAlgorithm) {
  Result<std::unique_ptr<Session>> s =
      session_on("#v=1&data=csv&learner=ultraconservative&l.normalize=0", margin_overflows_at_step_4());
  ASSERT_TRUE(s.ok()) << s.error().message;
  s.value()->advance(1000);
  EXPECT_EQ(s.value()->stop_reason(), StopReason::numeric_overflow);
}

// A learner given NaN features directly (the session refuses them): the first margin is NaN.
TEST(NumericOverflow, ANaNMarginIsNeverNoMistake) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const Dataset data = part_of({{nan, 1.0f}, {1.0f, nan}}, {1, 0}, 2);
  Problem problem;
  problem.train = &data;
  for (bool normalize : {false, true}) {
    Perceptron perceptron;
    ASSERT_TRUE(perceptron.reset(problem, PerceptronParams{.normalize = normalize}).ok());
    perceptron.step_many(100);
    EXPECT_EQ(perceptron.stop_reason(), StopReason::numeric_overflow) << normalize;
  }
  Ultraconservative ultra;
  ASSERT_TRUE(ultra.reset(problem, UltraconservativeParams{}).ok());
  ultra.step();
  EXPECT_EQ(ultra.stop_reason(), StopReason::numeric_overflow);
}

// Three classes around the origin at 120 degrees, ten points each.
Dataset three_directions() {
  std::vector<std::vector<float>> x;
  std::vector<int> labels;
  for (int k = 0; k < 3; ++k) {
    const double angle = 2.0 * std::numbers::pi * k / 3.0;
    for (int j = 0; j < 10; ++j) {
      const double wobble = 0.3 * std::sin(1.7 * j + k);
      x.push_back({static_cast<float>(std::cos(angle + wobble) * (1 + 0.1 * j)),
                   static_cast<float>(std::sin(angle + wobble) * (1 + 0.1 * j))});
      labels.push_back(k);
    }
  }
  return part_of(x, labels, 3);
}

// UMA's tolerance is relative to the data's scale: the same fit at x 1 and x 1e-4 (an absolute tolerance of 1e-3
// stopped at W = 0, predicting one class).
TEST(NumericOverflow, UmaFitsFeaturesTimes1eMinus4AsItFitsTheOriginal) {
  const std::string link = "#v=1&data=csv&learner=uma&l.confusion=identity";
  for (double factor : {1.0, 1e-4, 1e4}) {
    Result<std::unique_ptr<Session>> s = session_on(link, scaled(three_directions(), factor));
    ASSERT_TRUE(s.ok()) << s.error().message;
    s.value()->advance(1000);
    const SessionMetrics m = s.value()->metrics();
    EXPECT_GT(m.updates, 0) << factor;
    EXPECT_EQ(m.train_error_true, 0.0) << factor;
    EXPECT_NE(s.value()->stop_reason(), StopReason::numeric_overflow) << factor;
  }
}

}  // namespace numeric_overflow_test
}  // namespace ml
