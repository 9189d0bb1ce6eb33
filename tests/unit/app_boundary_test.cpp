// Tests of the decision-boundary segments (app/models/boundary.h): a linear score crosses zero where the
// interpolation says (hand-computed), three classes meet at the centroid of their crossings, a finished
// DecisionGrid's scaled texels give the same line, and a trained perceptron's segments lie on <w, x> = 0.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "app/models/boundary.h"
#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/session.h"

namespace ml::app {
namespace app_boundary_test {

TEST(Boundary, ALinearScoreCrossesZeroWhereInterpolationSays) {
  // 4 x 3 cells over [0,1]^2: centres x = 0.125, 0.375, 0.625, 0.875 and y = 1/6, 1/2, 5/6.
  // Binary scores (0, f) with f = x - 0.3: class 0 wins at x = 0.125, class 1 from x = 0.375.
  // On the edge 0.125 -> 0.375: d = s0 - s1 goes 0.175 -> -0.075, zero at t = 0.7, x = 0.3.
  const int w = 4, h = 3;
  std::vector<float> scores;
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c) {
      scores.push_back(0.0f);
      scores.push_back(static_cast<float>((c + 0.5) / w - 0.3));
    }
  const double lo[2] = {0, 0}, hi[2] = {1, 1};
  const std::vector<BoundarySegment> s = boundary_segments(scores, w, h, 2, lo, hi);
  ASSERT_EQ(s.size(), 2u);  // one per square of the first column pair, none elsewhere
  EXPECT_NEAR(s[0].x0, 0.3, 1e-6);
  EXPECT_NEAR(s[0].y0, 1.0 / 6, 1e-12);
  EXPECT_NEAR(s[0].x1, 0.3, 1e-6);
  EXPECT_NEAR(s[0].y1, 0.5, 1e-12);
  EXPECT_NEAR(s[1].y0, 0.5, 1e-12);
  EXPECT_NEAR(s[1].y1, 5.0 / 6, 1e-12);
}

TEST(Boundary, ThreeClassesMeetAtTheCentroidOfTheirCrossings) {
  // 2 x 2 cells over [0,2]^2, centres (0.5,0.5) class 0, (1.5,0.5) class 1, (0.5,1.5) class 2, (1.5,1.5)
  // class 1, each winning by 1: crossings at the edges' midpoints (1, 0.5), (1, 1.5), (0.5, 1); their
  // centroid is (2.5/3, 1).
  const std::vector<float> scores = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0};
  const double lo[2] = {0, 0}, hi[2] = {2, 2};
  const std::vector<BoundarySegment> s = boundary_segments(scores, 2, 2, 3, lo, hi);
  ASSERT_EQ(s.size(), 3u);
  const double cx = 2.5 / 3, cy = 1.0;
  const double ends[3][2] = {{1.0, 0.5}, {1.0, 1.5}, {0.5, 1.0}};
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(s[static_cast<size_t>(i)].x0, ends[i][0], 1e-12);
    EXPECT_NEAR(s[static_cast<size_t>(i)].y0, ends[i][1], 1e-12);
    EXPECT_NEAR(s[static_cast<size_t>(i)].x1, cx, 1e-12);
    EXPECT_NEAR(s[static_cast<size_t>(i)].y1, cy, 1e-12);
  }
  // One class everywhere: no boundary.
  const std::vector<float> flat = {1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0};
  EXPECT_TRUE(boundary_segments(flat, 2, 2, 3, lo, hi).empty());
}

TEST(Boundary, ADecisionGridsScaledTexelsGiveTheSameLine) {
  FeatureMatrix X(3, 2);
  X << 0, 0, 1, 0, 0, 1;
  const Projection p = make_projection(X, {"a", "b"}, ProjectionMode::pca, nullptr);
  ASSERT_TRUE(p.direct);
  DecisionGrid grid;
  const double lo[2] = {-1, -1}, hi[2] = {1, 1};
  grid.start(lo, hi, 90, 90, 2);  // 30 x 30 cells
  // f = x - 0.3 (times 7: the grid rescales, the line stays).
  const BatchScorer score = [](const FeatureRef& cells, Eigen::MatrixXf* out) {
    out->resize(cells.rows(), 2);
    for (Eigen::Index i = 0; i < cells.rows(); ++i) {
      (*out)(i, 0) = 0;
      (*out)(i, 1) = 7 * (cells(i, 0) - 0.3f);
    }
  };
  ASSERT_TRUE(grid.advance(score, p, 5, nullptr, 0));
  const std::vector<BoundarySegment> s = boundary_segments(grid);
  EXPECT_EQ(s.size(), 29u);  // one per row of squares
  for (const BoundarySegment& g : s) {
    EXPECT_NEAR(g.x0, 0.3, 1e-5);
    EXPECT_NEAR(g.x1, 0.3, 1e-5);
  }
}

TEST(Boundary, ATrainedPerceptronsSegmentsLieOnItsHyperplane) {
  DecodeResult d = decode_link("#v=1&data=separable&n=200&learner=perceptron&seed=4");
  Result<std::unique_ptr<Session>> s = Session::create(d.config, nullptr);
  ASSERT_TRUE(s.ok());
  s.value()->advance(60);
  const Learner& learner = s.value()->learner();
  ASSERT_NE(learner.weights(), nullptr);
  const Dataset& train = s.value()->data().train;
  const Projection p = make_projection(train.X, train.feature_names, ProjectionMode::pca, nullptr);
  const double lo[2] = {-1.5, -1.5}, hi[2] = {1.5, 1.5};
  BoundaryTracker tracker;
  tracker.update(learner, s.value()->updates(), p, lo, hi, 120, 120, nullptr, 0);
  ASSERT_FALSE(tracker.segments().empty());
  const Vector& w = *learner.weights();
  std::vector<float> x(static_cast<size_t>(p.dims));
  double scale = 0;
  for (Eigen::Index i = 0; i < w.size(); ++i) scale += static_cast<double>(w[i]) * w[i];
  scale = std::sqrt(scale);
  for (const BoundarySegment& g : tracker.segments()) {
    for (const auto& [a, b] : {std::pair{g.x0, g.y0}, std::pair{g.x1, g.y1}}) {
      p.lift(a, b, x.data());
      double dot = 0;
      for (Eigen::Index i = 0; i < w.size(); ++i) dot += static_cast<double>(w[i]) * x[static_cast<size_t>(i)];
      EXPECT_NEAR(dot / scale, 0.0, 1e-4) << "(" << a << ", " << b << ")";
    }
  }
  // Same hypothesis, same rectangle: no new pass, the same segments.
  const size_t before = tracker.segments().size();
  tracker.update(learner, s.value()->updates(), p, lo, hi, 120, 120, nullptr, 0);
  EXPECT_EQ(tracker.segments().size(), before);
}

}  // namespace app_boundary_test
}  // namespace ml::app
