// marginlab app — the 2-D coordinates of the View panel. Data with two varying features is shown as it
// is; with one, along a line (the other axis a fixed jitter); with more, projected onto two orthonormal
// directions through a centre: the top two principal directions of the training sample ("PCA"), or the
// learner's w and the top principal direction orthogonal to it ("w & PCA", linear learners). Decision
// regions in a projection are the learner's decisions on the plane through the centre spanned by the
// two directions (a slice), so the panel says so. Columns constant on the training part (the bias
// coordinate) keep their value in that plane. Pure Eigen code: no ImGui, no GL (unit-tested).
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "core/data/dataset.h"

namespace ml::app {

// Which directions a projected view uses: principal components, the learner's w and a principal
// direction orthogonal to it, or two of the features themselves.
enum class ProjectionMode : int { pca = 0, weights = 1, features = 2 };

// Most principal components a view offers for its axes.
inline constexpr int kMaxViewComponents = 8;

// A map between data space (d features) and the view's plane.
struct Projection {
  int dims = 0;                // d
  int varying = 0;             // columns that vary on the training part
  bool direct = false;         // varying <= 2: the axes are features themselves (no projection)
  bool jitter_y = false;       // varying == 1: the y axis is a display jitter (regions vary along x only)
  Eigen::VectorXd centre;      // d: the point at view coordinates (0,0)
  Eigen::VectorXd u1, u2;      // d: orthonormal view directions (0 on constant columns)
  std::string x_name, y_name;  // axis labels
  std::string describe;        // one line for the panel ("PCA of 8 features, slice through the mean")

  // View coordinates of row i of X (the jitter for row i when jitter_y).
  Eigen::Vector2d project(const FeatureRef& X, int i) const;
  // The data-space point at view coordinates (a, b): centre + a u1 + b u2 (floats for the learner).
  void lift(double a, double b, float* out) const;
};

// Which two axes a projected view plots: principal components (0-based, ProjectionMode::pca; below
// kMaxViewComponents) or feature columns (ProjectionMode::features; varying ones); different.
struct ViewAxes {
  int x = 0, y = 1;
  bool operator==(const ViewAxes&) const = default;
};

// Builds the projection for a training matrix. `w` (may be null or empty) is the learner's weight
// vector for ProjectionMode::weights; without one the mode falls back to PCA. Principal directions
// come from a deterministic subspace iteration on at most max_rows rows (evenly spaced). `axes` picks
// the components (pca) or the features (features: the other columns held at their mean, so regions are
// a slice through the mean); axes that do not exist or coincide fall back to the first two.
Projection make_projection(const FeatureRef& X, const std::vector<std::string>& feature_names, ProjectionMode mode,
                           const Vector* w, int max_rows = 4000, ViewAxes axes = {});

// Zoom and pan of the 2-D view relative to the rectangle fitted to the data: the view shows the fitted
// rectangle scaled by 1/zoom about its centre moved by `pan` (view coordinates).
struct ViewZoom {
  double zoom = 1;
  double pan[2] = {0, 0};
  // True when the view shows the fitted rectangle.
  bool identity() const { return zoom == 1 && pan[0] == 0 && pan[1] == 0; }
};
// Closest and farthest zoom.
inline constexpr double kMinViewZoom = 0.05, kMaxViewZoom = 2000;
// The rectangle (lo, hi) shown for the fitted rectangle (fit_lo, fit_hi) under `z`.
void zoomed_rect(const double fit_lo[2], const double fit_hi[2], const ViewZoom& z, double lo[2], double hi[2]);
// Zooms by `factor` (> 1 closer) about the view point (a, b), which keeps its place on screen; the zoom
// stays within [kMinViewZoom, kMaxViewZoom].
void zoom_about(ViewZoom& z, const double fit_lo[2], const double fit_hi[2], double a, double b, double factor);

// The features of an added point (field `edits`) at view coordinates (a, b): lifted through the
// projection, the bias column (the last one, when `bias`) dropped, each coordinate rounded to a multiple
// of 10^(floor(log10(resolution)) - 3) (a readable link; `resolution` is the width the view shows).
std::vector<float> edit_coordinates(const Projection& projection, double a, double b, bool bias, double resolution);

// The deterministic display jitter of row i in [-1, 1] (a hash, so points do not move between frames).
double display_jitter(int i);

}  // namespace ml::app
