// marginlab app — the View panel's 2-D coordinates (see projection.h).
#include "app/models/projection.h"

#include <algorithm>
#include <cmath>

#include "core/util/rng.h"

namespace ml::app {

Eigen::Vector2d Projection::project(const FeatureRef& X, int i) const {
  double a = 0, b = 0;
  for (int j = 0; j < dims; ++j) {
    const double v = static_cast<double>(X(i, j)) - centre[j];
    a += v * u1[j];
    b += v * u2[j];
  }
  if (jitter_y) b = display_jitter(i);
  return {a, b};
}

void Projection::lift(double a, double b, float* out) const {
  for (int j = 0; j < dims; ++j) out[j] = static_cast<float>(centre[j] + a * u1[j] + (jitter_y ? 0.0 : b * u2[j]));
}

double display_jitter(int i) {
  const uint64_t h = splitmix64(static_cast<uint64_t>(i) + 0x9E3779B97F4A7C15ULL);
  return static_cast<double>(h >> 11) / static_cast<double>(1ULL << 53) * 2.0 - 1.0;
}

namespace {

// Orthonormalizes the columns of V in place (Gram-Schmidt, twice for stability); a column that
// vanishes becomes a unit vector orthogonal to the previous ones.
void orthonormalize(Eigen::MatrixXd& V) {
  for (int pass = 0; pass < 2; ++pass) {
    for (int c = 0; c < V.cols(); ++c) {
      for (int p = 0; p < c; ++p) V.col(c) -= V.col(p).dot(V.col(c)) * V.col(p);
      double norm = V.col(c).norm();
      if (norm < 1e-12) {
        V.col(c).setZero();
        V(c % V.rows(), c) = 1;
        for (int p = 0; p < c; ++p) V.col(c) -= V.col(p).dot(V.col(c)) * V.col(p);
        norm = V.col(c).norm();
      }
      V.col(c) /= norm;
    }
  }
}

// Top-k principal directions of the centred sample S (rows), orthogonal to the columns of `exclude`.
Eigen::MatrixXd principal_directions(const Eigen::MatrixXd& S, int k, const Eigen::MatrixXd& exclude) {
  const int d = static_cast<int>(S.cols());
  Eigen::MatrixXd V(d, k);
  Rng rng(12345, Stream::aux);  // a fixed start: the same picture every time
  for (int c = 0; c < k; ++c)
    for (int j = 0; j < d; ++j) V(j, c) = rng.normal();
  auto deflate = [&](Eigen::MatrixXd& M) {
    for (int e = 0; e < exclude.cols(); ++e)
      for (int c = 0; c < M.cols(); ++c) M.col(c) -= exclude.col(e).dot(M.col(c)) * exclude.col(e);
  };
  deflate(V);
  orthonormalize(V);
  for (int it = 0; it < 60; ++it) {
    Eigen::MatrixXd next = S.transpose() * (S * V);
    deflate(next);
    orthonormalize(next);
    const double change = (next - V).cwiseAbs().maxCoeff();
    V = next;
    if (change < 1e-10) break;
  }
  // Fix the sign: the largest component of each direction is positive (stable axes between frames).
  for (int c = 0; c < k; ++c) {
    Eigen::Index at = 0;
    V.col(c).cwiseAbs().maxCoeff(&at);
    if (V(at, c) < 0) V.col(c) = -V.col(c);
  }
  return V;
}

}  // namespace

Projection make_projection(const FeatureRef& X, const std::vector<std::string>& feature_names, ProjectionMode mode,
                           const Vector* w, int max_rows, ViewAxes axes) {
  Projection p;
  const int n = static_cast<int>(X.rows());
  const int d = static_cast<int>(X.cols());
  p.dims = d;
  p.centre = Eigen::VectorXd::Zero(d);
  p.u1 = Eigen::VectorXd::Zero(d);
  p.u2 = Eigen::VectorXd::Zero(d);
  auto name = [&](int j) {
    return static_cast<size_t>(j) < feature_names.size() ? feature_names[static_cast<size_t>(j)]
                                                         : "x" + std::to_string(j + 1);
  };
  // Varying and constant columns; the mean of every column.
  std::vector<int> varying;
  for (int j = 0; j < d; ++j) {
    double lo = INFINITY, hi = -INFINITY, sum = 0;
    for (int i = 0; i < n; ++i) {
      const double v = X(i, j);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
      sum += v;
    }
    p.centre[j] = n > 0 ? sum / n : 0;
    if (n > 0 && hi > lo) varying.push_back(j);
  }
  p.varying = static_cast<int>(varying.size());
  if (p.varying <= 2) {
    p.direct = true;
    for (int j : varying) p.centre[j] = 0;  // features as they are
    if (p.varying >= 1) {
      p.u1[varying[0]] = 1;
      p.x_name = name(varying[0]);
    }
    if (p.varying == 2) {
      p.u2[varying[1]] = 1;
      p.y_name = name(varying[1]);
    }
    if (p.varying == 1) {
      p.jitter_y = true;
      p.y_name = "(jitter)";
    }
    if (p.varying == 0) {
      p.jitter_y = true;
      p.x_name = "(constant data)";
    }
    p.describe = p.varying == 2 ? "the two features" : "one varying feature; points jittered vertically";
    return p;
  }
  if (mode == ProjectionMode::features) {
    // Two features as they are; the others held at their mean.
    auto is_varying = [&](int j) { return std::find(varying.begin(), varying.end(), j) != varying.end(); };
    if (!is_varying(axes.x) || !is_varying(axes.y) || axes.x == axes.y) axes = {varying[0], varying[1]};
    p.u1[axes.x] = 1;
    p.u2[axes.y] = 1;
    p.centre[axes.x] = 0;
    p.centre[axes.y] = 0;
    p.x_name = name(axes.x);
    p.y_name = name(axes.y);
    p.describe = "features " + p.x_name + " and " + p.y_name + "; regions: slice through the mean of the other " +
                 std::to_string(p.varying - 2) + " varying features";
    return p;
  }
  // A sample of evenly spaced rows, centred, over the varying columns.
  const int m = std::max(1, std::min(n, max_rows));
  const int k = static_cast<int>(varying.size());
  Eigen::MatrixXd S(m, k);
  for (int r = 0; r < m; ++r) {
    const int i = static_cast<int>(static_cast<int64_t>(r) * n / m);
    for (int c = 0; c < k; ++c)
      S(r, c) = static_cast<double>(X(i, varying[static_cast<size_t>(c)])) - p.centre[varying[static_cast<size_t>(c)]];
  }
  Eigen::VectorXd wv;
  if (mode == ProjectionMode::weights && w && w->size() == d) {
    wv.resize(k);
    for (int c = 0; c < k; ++c) wv[c] = (*w)[varying[static_cast<size_t>(c)]];
    if (wv.norm() < 1e-12) wv.resize(0);
  }
  Eigen::MatrixXd U(k, 2);
  if (wv.size() == k) {
    U.col(0) = wv / wv.norm();
    Eigen::MatrixXd exclude = U.col(0);
    U.col(1) = principal_directions(S, 1, exclude).col(0);
    p.x_name = "along w";
    p.y_name = "PC1 orthogonal to w";
    p.describe = "w and the top principal direction orthogonal to it; regions: slice through the mean";
    // Keep <x, u1> uncentred along w, so the boundary <w,x> = 0 of data without bias sits at a = 0.
    double along = 0;
    for (int c = 0; c < k; ++c) along += p.centre[varying[static_cast<size_t>(c)]] * U(c, 0);
    for (int c = 0; c < k; ++c) p.centre[varying[static_cast<size_t>(c)]] -= along * U(c, 0);
  } else {
    const int components = std::min(k, kMaxViewComponents);
    if (axes.x < 0 || axes.y < 0 || axes.x >= components || axes.y >= components || axes.x == axes.y) axes = {0, 1};
    const Eigen::MatrixXd V = principal_directions(S, std::max(axes.x, axes.y) + 1, Eigen::MatrixXd(k, 0));
    U.col(0) = V.col(axes.x);
    U.col(1) = V.col(axes.y);
    p.x_name = "PC" + std::to_string(axes.x + 1);
    p.y_name = "PC" + std::to_string(axes.y + 1);
    p.describe =
        axes == ViewAxes{}
            ? "top two principal directions of " + std::to_string(k) + " features; regions: slice through the mean"
            : "principal directions " + std::to_string(axes.x + 1) + " and " + std::to_string(axes.y + 1) + " of " +
                  std::to_string(k) + " features; regions: slice through the mean";
  }
  for (int c = 0; c < k; ++c) {
    p.u1[varying[static_cast<size_t>(c)]] = U(c, 0);
    p.u2[varying[static_cast<size_t>(c)]] = U(c, 1);
  }
  return p;
}

void zoomed_rect(const double fit_lo[2], const double fit_hi[2], const ViewZoom& z, double lo[2], double hi[2]) {
  for (int a = 0; a < 2; ++a) {
    const double centre = (fit_lo[a] + fit_hi[a]) * 0.5 + z.pan[a];
    const double half = (fit_hi[a] - fit_lo[a]) * 0.5 / z.zoom;
    lo[a] = centre - half;
    hi[a] = centre + half;
  }
}

void zoom_about(ViewZoom& z, const double fit_lo[2], const double fit_hi[2], double a, double b, double factor) {
  const double next = std::clamp(z.zoom * factor, kMinViewZoom, kMaxViewZoom);
  const double f = next / z.zoom;
  const double at[2] = {a, b};
  for (int k = 0; k < 2; ++k) {
    // The centre moves towards the point by (1 - 1/f) of their distance, so the point keeps its place.
    const double centre = (fit_lo[k] + fit_hi[k]) * 0.5 + z.pan[k];
    const double moved = at[k] + (centre - at[k]) / f;
    z.pan[k] = moved - (fit_lo[k] + fit_hi[k]) * 0.5;
  }
  z.zoom = next;
}

std::vector<float> edit_coordinates(const Projection& projection, double a, double b, bool bias, double resolution) {
  std::vector<float> lifted(static_cast<size_t>(projection.dims));
  projection.lift(a, b, lifted.data());
  if (bias && !lifted.empty()) lifted.pop_back();
  const double step = std::pow(10.0, std::floor(std::log10(std::max(resolution, 1e-30))) - 3);
  for (float& x : lifted) {
    const double rounded = std::round(static_cast<double>(x) / step) * step;
    x = static_cast<float>(rounded == 0 ? 0.0 : rounded);
  }
  return lifted;
}

}  // namespace ml::app
