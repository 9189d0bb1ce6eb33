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

// Which directions a projected view uses.
enum class ProjectionMode : int { pca = 0, weights = 1 };

// A map between data space (d features) and the view's plane.
struct Projection {
  int dims = 0;                 // d
  int varying = 0;              // columns that vary on the training part
  bool direct = false;          // varying <= 2: the axes are features themselves (no projection)
  bool jitter_y = false;        // varying == 1: the y axis is a display jitter (regions vary along x only)
  Eigen::VectorXd centre;       // d: the point at view coordinates (0,0)
  Eigen::VectorXd u1, u2;       // d: orthonormal view directions (0 on constant columns)
  std::string x_name, y_name;   // axis labels
  std::string describe;         // one line for the panel ("PCA of 8 features, slice through the mean")

  // View coordinates of row i of X (the jitter for row i when jitter_y).
  Eigen::Vector2d project(const FeatureMatrix& X, int i) const;
  // The data-space point at view coordinates (a, b): centre + a u1 + b u2 (floats for the learner).
  void lift(double a, double b, float* out) const;
};

// Builds the projection for a training matrix. `w` (may be null or empty) is the learner's weight
// vector for ProjectionMode::weights; without one the mode falls back to PCA. Principal directions
// come from a deterministic subspace iteration on at most max_rows rows (evenly spaced).
Projection make_projection(const FeatureMatrix& X, const std::vector<std::string>& feature_names, ProjectionMode mode,
                           const Vector* w, int max_rows = 4000);

// The deterministic display jitter of row i in [-1, 1] (a hash, so points do not move between frames).
double display_jitter(int i);

}  // namespace ml::app
