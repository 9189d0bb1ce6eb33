// Tests of the View panel's coordinates (app/models/projection.h): 2-D data is shown as it is (a bias column
// is held at its constant), 1-D data is jittered, higher dimensions are projected onto orthonormal
// principal directions or onto w and a direction orthogonal to it.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "app/models/projection.h"

namespace ml::app {
namespace app_projection_test {

TEST(AppProjection, TwoFeaturesAreShownAsTheyAre) {
  FeatureMatrix X(3, 3);
  X << 1, 2, 1,    //
      -3, 4, 1,    //
      0.5, -1, 1;  // third column: the bias coordinate
  const Projection p = make_projection(X, {"x1", "x2", "bias"}, ProjectionMode::pca, nullptr);
  EXPECT_TRUE(p.direct);
  EXPECT_EQ(p.varying, 2);
  EXPECT_EQ(p.x_name, "x1");
  EXPECT_EQ(p.y_name, "x2");
  const Eigen::Vector2d a = p.project(X, 1);
  EXPECT_DOUBLE_EQ(a[0], -3);
  EXPECT_DOUBLE_EQ(a[1], 4);
  float out[3];
  p.lift(0.25, -2, out);
  EXPECT_FLOAT_EQ(out[0], 0.25f);
  EXPECT_FLOAT_EQ(out[1], -2.0f);
  EXPECT_FLOAT_EQ(out[2], 1.0f);  // the constant keeps its value in the plane
}

TEST(AppProjection, OneFeatureIsJittered) {
  FeatureMatrix X(4, 2);
  X << 0.1, 1, 0.4, 1, 0.7, 1, 0.9, 1;  // thresholds: (u, 1)
  const Projection p = make_projection(X, {"x1", "x2"}, ProjectionMode::pca, nullptr);
  EXPECT_TRUE(p.jitter_y);
  EXPECT_DOUBLE_EQ(p.project(X, 2)[0], 0.7f);
  EXPECT_EQ(p.project(X, 2)[1], display_jitter(2));
  EXPECT_LE(std::fabs(display_jitter(123)), 1.0);
  float out[2];
  p.lift(0.5, 0.9, out);
  EXPECT_FLOAT_EQ(out[0], 0.5f);
  EXPECT_FLOAT_EQ(out[1], 1.0f);
}

TEST(AppProjection, PrincipalDirectionsSpanAPlanarCloud) {
  // Points in the plane z = x + y (normal (1,1,-1)/sqrt 3), spread more along (1,0,1) than (0,1,1).
  const int n = 200;
  FeatureMatrix X(n, 3);
  for (int i = 0; i < n; ++i) {
    const double s = std::sin(i * 0.37) * 5, t = std::cos(i * 0.91);
    X(i, 0) = static_cast<float>(s);
    X(i, 1) = static_cast<float>(t);
    X(i, 2) = static_cast<float>(s + t);
  }
  const Projection p = make_projection(X, {}, ProjectionMode::pca, nullptr);
  EXPECT_FALSE(p.direct);
  EXPECT_EQ(p.x_name, "PC1");
  EXPECT_NEAR(p.u1.norm(), 1, 1e-9);
  EXPECT_NEAR(p.u2.norm(), 1, 1e-9);
  EXPECT_NEAR(p.u1.dot(p.u2), 0, 1e-9);
  const Eigen::Vector3d normal = Eigen::Vector3d(1, 1, -1).normalized();
  EXPECT_NEAR(p.u1.dot(normal), 0, 1e-4);
  EXPECT_NEAR(p.u2.dot(normal), 0, 1e-4);
  EXPECT_GT(std::fabs(p.u1.dot(Eigen::Vector3d(1, 0, 1).normalized())), 0.99);  // the long axis first
  // Projecting a lifted point gives its coordinates back (the plane is the view).
  float out[3];
  p.lift(1.5, -0.5, out);
  FeatureMatrix one(1, 3);
  one << out[0], out[1], out[2];
  const Eigen::Vector2d back = p.project(one, 0);
  EXPECT_NEAR(back[0], 1.5, 1e-5);
  EXPECT_NEAR(back[1], -0.5, 1e-5);
}

TEST(AppProjection, WeightsModeAlignsTheFirstAxisWithW) {
  const int n = 100;
  FeatureMatrix X(n, 4);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 4; ++j) X(i, j) = static_cast<float>(std::sin(i * (j + 1) * 0.7 + j));
  Vector w(4);
  w << 3, 0, -4, 0;
  const Projection p = make_projection(X, {}, ProjectionMode::weights, &w);
  EXPECT_EQ(p.x_name, "along w");
  EXPECT_NEAR(p.u1[0], 0.6, 1e-9);
  EXPECT_NEAR(p.u1[2], -0.8, 1e-9);
  EXPECT_NEAR(p.u1.dot(p.u2), 0, 1e-9);
  // The first coordinate is <x, w>/||w|| itself (uncentred), so the boundary of w sits at 0.
  const double expected = (3.0 * X(5, 0) - 4.0 * X(5, 2)) / 5.0;
  EXPECT_NEAR(p.project(X, 5)[0], expected, 1e-6);
  // Without w the mode falls back to PCA.
  EXPECT_EQ(make_projection(X, {}, ProjectionMode::weights, nullptr).x_name, "PC1");
}

TEST(AppProjection, TwoChosenFeaturesAreShownAsTheyAreTheOthersAtTheirMean) {
  FeatureMatrix X(4, 4);
  X << 1, 10, 5, 1,  //
      2, 20, 6, 1,   //
      3, 30, 7, 1,   //
      4, 40, 8, 1;   // last column: the bias
  const Projection p = make_projection(X, {"a", "b", "c", "bias"}, ProjectionMode::features, nullptr, 4000, {2, 0});
  EXPECT_EQ(p.x_name, "c");
  EXPECT_EQ(p.y_name, "a");
  EXPECT_DOUBLE_EQ(p.project(X, 1)[0], 6);
  EXPECT_DOUBLE_EQ(p.project(X, 1)[1], 2);
  float out[4];
  p.lift(7.5, -1, out);
  EXPECT_FLOAT_EQ(out[0], -1.0f);  // y axis: feature a
  EXPECT_FLOAT_EQ(out[1], 25.0f);  // b at its mean
  EXPECT_FLOAT_EQ(out[2], 7.5f);   // x axis: feature c
  EXPECT_FLOAT_EQ(out[3], 1.0f);   // the constant
  // Axes that coincide or name a constant column fall back to the first two varying features.
  EXPECT_EQ(make_projection(X, {"a", "b", "c", "bias"}, ProjectionMode::features, nullptr, 4000, {1, 1}).x_name, "a");
  EXPECT_EQ(make_projection(X, {"a", "b", "c", "bias"}, ProjectionMode::features, nullptr, 4000, {3, 1}).y_name, "b");
}

TEST(AppProjection, ChosenPrincipalComponents) {
  const int n = 300;
  FeatureMatrix X(n, 3);
  for (int i = 0; i < n; ++i) {  // spreads 4, 2 and 0.5 along x1, x2, x3: the components are the axes
    X(i, 0) = static_cast<float>(4 * std::sin(i * 0.37));
    X(i, 1) = static_cast<float>(2 * std::cos(i * 0.91));
    X(i, 2) = static_cast<float>(0.5 * std::sin(i * 1.73 + 1));
  }
  const Projection p = make_projection(X, {}, ProjectionMode::pca, nullptr, 4000, {2, 0});
  EXPECT_EQ(p.x_name, "PC3");
  EXPECT_EQ(p.y_name, "PC1");
  EXPECT_GT(std::fabs(p.u1[2]), 0.99);                                                          // the smallest spread
  EXPECT_GT(std::fabs(p.u2[0]), 0.99);                                                          // the largest
  EXPECT_EQ(make_projection(X, {}, ProjectionMode::pca, nullptr, 4000, {0, 3}).y_name, "PC2");  // only 3 exist
}

TEST(AppProjection, ZoomAboutAPointKeepsItInPlace) {
  const double fit_lo[2] = {-2, -1}, fit_hi[2] = {2, 1};
  ViewZoom z;
  double lo[2], hi[2];
  zoomed_rect(fit_lo, fit_hi, z, lo, hi);
  EXPECT_EQ(lo[0], -2);
  EXPECT_EQ(hi[1], 1);
  // Zoom 2x about (1, 0.5): it was at 3/4 of the width and 3/4 of the height and stays there.
  zoom_about(z, fit_lo, fit_hi, 1, 0.5, 2);
  zoomed_rect(fit_lo, fit_hi, z, lo, hi);
  EXPECT_DOUBLE_EQ(hi[0] - lo[0], 2);
  EXPECT_DOUBLE_EQ((1 - lo[0]) / (hi[0] - lo[0]), 0.75);
  EXPECT_DOUBLE_EQ((0.5 - lo[1]) / (hi[1] - lo[1]), 0.75);
  // Out again about another point: the same rule; the zoom is bounded.
  zoom_about(z, fit_lo, fit_hi, -1, 0, 0.25);
  zoomed_rect(fit_lo, fit_hi, z, lo, hi);
  EXPECT_DOUBLE_EQ(z.zoom, 0.5);
  EXPECT_DOUBLE_EQ(hi[0] - lo[0], 8);
  for (int i = 0; i < 100; ++i) zoom_about(z, fit_lo, fit_hi, 0, 0, 10);
  EXPECT_EQ(z.zoom, kMaxViewZoom);
  EXPECT_FALSE(z.identity());
  EXPECT_TRUE(ViewZoom{}.identity());
}

TEST(AppProjection, EditCoordinatesDropTheBiasAndRound) {
  FeatureMatrix X(3, 3);
  X << 1, 2, 1, -3, 4, 1, 0.5, -1, 1;
  const Projection p = make_projection(X, {"x1", "x2", "bias"}, ProjectionMode::pca, nullptr);
  // A view 4.7 wide: multiples of 10^(0 - 3) = 0.001.
  EXPECT_EQ(edit_coordinates(p, 0.123456, -1.98765, true, 4.7), (std::vector<float>{0.123f, -1.988f}));
  EXPECT_EQ(edit_coordinates(p, 0.123456, -1.98765, false, 4.7), (std::vector<float>{0.123f, -1.988f, 1.0f}));
  // A view 0.05 wide: multiples of 10^(-2 - 3).
  EXPECT_EQ(edit_coordinates(p, 0.0123456, -0.0004, true, 0.05), (std::vector<float>{0.01235f, -0.0004f}));
  EXPECT_EQ(edit_coordinates(p, -0.0000001, 0, true, 4.7), (std::vector<float>{0.0f, 0.0f}));  // no -0
}

}  // namespace app_projection_test
}  // namespace ml::app
