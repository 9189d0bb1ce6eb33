// The View panel's decision grid (app/models/decision_grid.h): cell centres, chunked scoring, the scale and
// the texel layout regions.frag reads, on hand-computed values.
#include <gtest/gtest.h>

#include <vector>

#include "app/models/decision_grid.h"
#include "app/models/projection.h"

namespace ml::app {
namespace app_decision_grid_test {

// The identity view of 2-D data: lift(a, b) = (a, b).
Projection plane() {
  Projection p;
  p.dims = 2;
  p.varying = 2;
  p.direct = true;
  p.centre = Eigen::VectorXd::Zero(2);
  p.u1 = Eigen::VectorXd::Unit(2, 0);
  p.u2 = Eigen::VectorXd::Unit(2, 1);
  return p;
}

TEST(AppDecisionGridTest, CellCountsFollowThePixels) {
  EXPECT_EQ(grid_cells(30), 24);     // at least 24
  EXPECT_EQ(grid_cells(300), 100);   // one cell per 3 pixels
  EXPECT_EQ(grid_cells(3000), 220);  // at most 220
}

TEST(AppDecisionGridTest, ScoresCellCentresAndScalesTheLargestLeadToOne) {
  // 72 x 72 pixels: 24 x 24 cells over [0, 24]^2, centres at c + 0.5. Binary scores (0, a - 12): the lead
  // |a - 12| is largest (11.5) at the first and last columns, so the texel of cell (r, c) holds 0 and
  // (c + 0.5 - 12) / 11.5.
  const double lo[2] = {0, 0}, hi[2] = {24, 24};
  DecisionGrid grid;
  grid.start(lo, hi, 72, 72, 2);
  ASSERT_TRUE(grid.running());
  EXPECT_EQ(grid.pass_width(), 24);
  EXPECT_EQ(grid.pass_height(), 24);
  int calls = 0;
  const BatchScorer score = [&calls](const FeatureRef& X, Eigen::MatrixXf* out) {
    ++calls;
    out->resize(X.rows(), 2);
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
      (*out)(i, 0) = 0;
      (*out)(i, 1) = X(i, 0) - 12;
    }
  };
  EXPECT_TRUE(grid.advance(score, plane(), 5, nullptr, 0));
  EXPECT_EQ(calls, 5);  // rows 5 + 5 + 5 + 5 + 4
  ASSERT_TRUE(grid.ready());
  EXPECT_FALSE(grid.running());
  EXPECT_EQ(grid.width(), 24);
  EXPECT_EQ(grid.classes(), 2);
  const std::vector<float>& t = grid.texels();
  ASSERT_EQ(t.size(), 24u * 24u * 4u);
  const size_t cell = 3 * 24 + 7;  // row 3, column 7
  EXPECT_FLOAT_EQ(t[cell * 4 + 0], 0.0f);
  EXPECT_FLOAT_EQ(t[cell * 4 + 1], (7.5f - 12) / 11.5f);
  EXPECT_EQ(t[cell * 4 + 2], -1e30f);    // unused channels
  EXPECT_FLOAT_EQ(t[23 * 4 + 1], 1.0f);  // last column of row 0
}

TEST(AppDecisionGridTest, FiveClassesTakeTwoTexelsPerCell) {
  // Class k scores k * (first coordinate); the lead of class 4 over 3 is a, largest 23.5 at the last column.
  const double lo[2] = {0, 0}, hi[2] = {24, 24};
  DecisionGrid grid;
  grid.start(lo, hi, 72, 72, 5);
  const BatchScorer score = [](const FeatureRef& X, Eigen::MatrixXf* out) {
    out->resize(X.rows(), 5);
    for (Eigen::Index i = 0; i < X.rows(); ++i)
      for (int k = 0; k < 5; ++k) (*out)(i, k) = static_cast<float>(k) * X(i, 0);
  };
  ASSERT_TRUE(grid.advance(score, plane(), 100, nullptr, 0));
  ASSERT_TRUE(grid.ready());
  const std::vector<float>& t = grid.texels();
  ASSERT_EQ(t.size(), 24u * 24u * 2u * 4u);
  // Row 0, column 1 (a = 1.5): classes 0-3 in texel 1, class 4 in texel 24 + 1 (the second group).
  EXPECT_FLOAT_EQ(t[1 * 4 + 3], 3 * 1.5f / 23.5f);
  EXPECT_FLOAT_EQ(t[(24 + 1) * 4 + 0], 4 * 1.5f / 23.5f);
  EXPECT_EQ(t[(24 + 1) * 4 + 1], -1e30f);
}

TEST(AppDecisionGridTest, NoDecisionGivesNoGridAndTheDeadlineSplitsThePass) {
  const double lo[2] = {-1, -1}, hi[2] = {1, 1};
  DecisionGrid grid;
  grid.start(lo, hi, 72, 72, 2);
  const BatchScorer zero = [](const FeatureRef& X, Eigen::MatrixXf* out) { out->setZero(X.rows(), 2); };
  // A clock past the deadline: one call of 4 rows per advance.
  const ClockFn late = [] { return 1.0; };
  EXPECT_FALSE(grid.advance(zero, plane(), 4, late, 0.0));
  EXPECT_TRUE(grid.running());
  for (int i = 0; i < 4; ++i) EXPECT_FALSE(grid.advance(zero, plane(), 4, late, 0.0));
  EXPECT_TRUE(grid.advance(zero, plane(), 4, late, 0.0));  // rows 20..23
  EXPECT_FALSE(grid.ready());                              // w = 0: every lead is 0
}

// The seam of issue 12: a pass spans frames and the learner trains in between. Rows scored before and
// after an update must never make one grid: the pass started for hypothesis 1 is dropped when advanced
// under hypothesis 2, and the grid that finishes holds hypothesis 2's scores in every row.
TEST(AppDecisionGridTest, APassNeverMixesTwoHypotheses) {
  const double lo[2] = {0, 0}, hi[2] = {24, 24};
  float slope = 1;  // the "learner": scores (0, slope * (a - 12))
  const BatchScorer score = [&slope](const FeatureRef& X, Eigen::MatrixXf* out) {
    out->resize(X.rows(), 2);
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
      (*out)(i, 0) = 0;
      (*out)(i, 1) = slope * (X(i, 0) - 12);
    }
  };
  const ClockFn late = [] { return 1.0; };  // past the deadline: one chunk of rows per call (per frame)
  DecisionGrid grid;
  grid.start(lo, hi, 72, 72, 2, /*hypothesis=*/1);
  EXPECT_FALSE(grid.advance(score, plane(), 6, late, 0.0, 1));  // rows 0..5 under slope 1
  slope = -1;                                                   // the learner updated between frames
  EXPECT_FALSE(grid.advance(score, plane(), 6, late, 0.0, 2));
  EXPECT_FALSE(grid.running());  // dropped, not continued
  EXPECT_FALSE(grid.ready());
  EXPECT_EQ(grid.stale_passes(), 1);
  grid.start(lo, hi, 72, 72, 2, 2);
  for (int call = 0; call < 3; ++call) EXPECT_FALSE(grid.advance(score, plane(), 6, late, 0.0, 2));
  EXPECT_TRUE(grid.advance(score, plane(), 6, late, 0.0, 2));
  ASSERT_TRUE(grid.ready());
  EXPECT_EQ(grid.hypothesis(), 2u);
  EXPECT_EQ(grid.calls_of_last_pass(), 4);
  // Every row is slope -1's: column 0 (a = 0.5) leads with class 1 at +1 after scaling by 11.5.
  const std::vector<float>& t = grid.texels();
  for (int r = 0; r < 24; ++r) EXPECT_FLOAT_EQ(t[static_cast<size_t>(r) * 24 * 4 + 1], 1.0f) << "row " << r;
}

TEST(AppDecisionGridTest, DetailScalesTheCellsDownToAFloor) {
  const double lo[2] = {0, 0}, hi[2] = {1, 1};
  DecisionGrid grid;
  grid.start(lo, hi, 300, 300, 2, 0, 0.5);  // 100 cells at full detail
  EXPECT_EQ(grid.pass_width(), 50);
  grid.start(lo, hi, 300, 300, 2, 0, 0.01);
  EXPECT_EQ(grid.pass_width(), kMinGridCells);
  grid.start(lo, hi, 300, 300, 2, 0, 1.0);
  EXPECT_EQ(grid.pass_width(), 100);
}

TEST(AppDecisionGridTest, RowsPerCallBoundsTheWork) {
  const double lo[2] = {0, 0}, hi[2] = {1, 1};
  DecisionGrid grid;
  grid.start(lo, hi, 660, 660, 2);         // 220 x 220
  EXPECT_EQ(grid.rows_per_call(2), 220);   // 5e5 / (2 * 220) = 1136 rows: the whole pass
  EXPECT_EQ(grid.rows_per_call(1500), 1);  // 5e5 / (1500 * 220) = 1.5
  EXPECT_EQ(grid.rows_per_call(100), 22);  // 5e5 / 22000 = 22.7
}

}  // namespace app_decision_grid_test
}  // namespace ml::app
