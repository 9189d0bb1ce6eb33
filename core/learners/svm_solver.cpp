// marginlab — hard-margin, zero-bias SVM by Wolfe's nearest-point algorithm (see svm_solver.h).
#include "core/learners/svm_solver.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <string>

namespace ml {

namespace {

// A coefficient at or below this is zero (points leave the corral); Wolfe's Z2.
constexpr double kCoefficientZero = 1e-15;
// Cholesky pivots below this fraction of the largest diagonal entry mean the corral is affinely
// dependent (rounding); the solver then stops with the gap it has.
constexpr double kPivotFloor = 1e-14;

double dot_rows(const double* a, const double* b, int d) {
  double s = 0;
  for (int j = 0; j < d; ++j) s += a[j] * b[j];
  return s;
}

// Solves (G + e e^T) nu = e by Cholesky (plain loops, fixed order) and returns mu = nu / sum(nu), the
// coefficients of the affine nearest point of the corral. False when a pivot is (numerically) zero.
bool affine_nearest(const std::vector<double>& gram, int s, std::vector<double>* mu) {
  std::vector<double> L(static_cast<size_t>(s) * s, 0.0);
  double max_diag = 0;
  for (int a = 0; a < s; ++a) max_diag = std::max(max_diag, gram[static_cast<size_t>(a) * s + a] + 1.0);
  for (int a = 0; a < s; ++a) {
    for (int b = 0; b <= a; ++b) {
      double v = gram[static_cast<size_t>(a) * s + b] + 1.0;
      for (int c = 0; c < b; ++c) v -= L[static_cast<size_t>(a) * s + c] * L[static_cast<size_t>(b) * s + c];
      if (a == b) {
        if (!(v > kPivotFloor * max_diag)) return false;
        L[static_cast<size_t>(a) * s + a] = std::sqrt(v);
      } else {
        L[static_cast<size_t>(a) * s + b] = v / L[static_cast<size_t>(b) * s + b];
      }
    }
  }
  std::vector<double> t(static_cast<size_t>(s));
  for (int a = 0; a < s; ++a) {  // L t = e
    double v = 1.0;
    for (int c = 0; c < a; ++c) v -= L[static_cast<size_t>(a) * s + c] * t[static_cast<size_t>(c)];
    t[static_cast<size_t>(a)] = v / L[static_cast<size_t>(a) * s + a];
  }
  mu->assign(static_cast<size_t>(s), 0.0);
  for (int a = s - 1; a >= 0; --a) {  // L^T nu = t
    double v = t[static_cast<size_t>(a)];
    for (int c = a + 1; c < s; ++c) v -= L[static_cast<size_t>(c) * s + a] * (*mu)[static_cast<size_t>(c)];
    (*mu)[static_cast<size_t>(a)] = v / L[static_cast<size_t>(a) * s + a];
  }
  double sum = 0;
  for (int a = 0; a < s; ++a) sum += (*mu)[static_cast<size_t>(a)];
  if (!(sum > 0)) return false;
  for (int a = 0; a < s; ++a) (*mu)[static_cast<size_t>(a)] /= sum;
  return true;
}

std::string row_list(const std::vector<int>& rows) {
  std::string out;
  const size_t shown = std::min<size_t>(rows.size(), 8);
  for (size_t i = 0; i < shown; ++i) {
    if (i > 0) out += ", ";
    out += std::to_string(rows[i]);
  }
  if (rows.size() > shown) out += ", ...";
  return out;
}

Error not_separable(int n, std::vector<int> rows, double distance_over_r) {
  std::sort(rows.begin(), rows.end());
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3g", distance_over_r);
  return make_error("svm.not_separable",
                    "no halfspace through the origin separates these " + std::to_string(n) +
                        " points with positive margin: a convex combination of the points y_i x_i of rows " +
                        row_list(rows) + " lies within " + buf + " R of the origin (Gordan's alternative)");
}

}  // namespace

SignedPoints signed_points(const FeatureRef& X, const std::vector<int>& rows, const std::vector<int>& signs) {
  assert(rows.size() == signs.size());
  SignedPoints z(static_cast<Eigen::Index>(rows.size()), X.cols());
  for (size_t r = 0; r < rows.size(); ++r) {
    const float* x = X.row(rows[r]).data();
    const double y = signs[r] > 0 ? 1.0 : -1.0;
    for (Eigen::Index j = 0; j < X.cols(); ++j) z(static_cast<Eigen::Index>(r), j) = y * static_cast<double>(x[j]);
  }
  return z;
}

void margins_of(const FeatureRef& X, const Eigen::VectorXd& w, const std::vector<int>& signs,
                std::vector<double>* out) {
  const int n = static_cast<int>(X.rows());
  const int d = static_cast<int>(X.cols());
  assert(w.size() == d && (signs.empty() || static_cast<int>(signs.size()) == n));
  out->resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const float* x = X.row(i).data();
    double s = 0;
    for (int j = 0; j < d; ++j) s += w[j] * static_cast<double>(x[j]);
    (*out)[static_cast<size_t>(i)] = signs.empty() ? s : (signs[static_cast<size_t>(i)] > 0 ? s : -s);
  }
}

namespace {

// Wolfe's corral: the points whose convex combination is the current nearest point p, their coefficients
// and their Gram matrix (row-major, corral.size() squared), on the points scaled to R = 1.
struct WolfeCorral {
  const SignedPoints& z;
  int d;
  std::vector<int> corral;
  std::vector<double> lambda;
  std::vector<double> gram;
  Eigen::VectorXd p;
  std::vector<double> mu;  // the affine nearest point's coefficients (minor cycles)

  WolfeCorral(const SignedPoints& points, int start) : z(points), d(static_cast<int>(points.cols())) {
    corral = {start};
    lambda = {1.0};
    gram = {dot_rows(z.row(start).data(), z.row(start).data(), d)};
    p = z.row(start).transpose();
  }

  void recompute_point() {
    p.setZero(d);
    for (size_t a = 0; a < corral.size(); ++a) {
      const double* row = z.row(corral[a]).data();
      for (int j = 0; j < d; ++j) p[j] += lambda[a] * row[j];
    }
  }

  void remove_at(size_t a) {
    const size_t s = corral.size();
    std::vector<double> reduced;
    reduced.reserve((s - 1) * (s - 1));
    for (size_t r = 0; r < s; ++r) {
      if (r == a) continue;
      for (size_t c = 0; c < s; ++c) {
        if (c != a) reduced.push_back(gram[r * s + c]);
      }
    }
    gram.swap(reduced);
    corral.erase(corral.begin() + static_cast<std::ptrdiff_t>(a));
    lambda.erase(lambda.begin() + static_cast<std::ptrdiff_t>(a));
  }

  // Drops the points whose coefficient reached 0, last first.
  void drop_zero_coefficients() {
    for (int a = static_cast<int>(corral.size()) - 1; a >= 0; --a) {
      if (lambda[static_cast<size_t>(a)] <= kCoefficientZero) remove_at(static_cast<size_t>(a));
    }
  }

  // Adds the point to the corral with coefficient 0.
  void add_point(int worst) {
    const size_t s_old = corral.size();
    std::vector<double> grown((s_old + 1) * (s_old + 1));
    for (size_t r = 0; r < s_old; ++r)
      for (size_t c = 0; c < s_old; ++c) grown[r * (s_old + 1) + c] = gram[r * s_old + c];
    for (size_t r = 0; r < s_old; ++r) {
      const double v = dot_rows(z.row(corral[r]).data(), z.row(worst).data(), d);
      grown[r * (s_old + 1) + s_old] = v;
      grown[s_old * (s_old + 1) + r] = v;
    }
    grown[s_old * (s_old + 1) + s_old] = dot_rows(z.row(worst).data(), z.row(worst).data(), d);
    gram.swap(grown);
    corral.push_back(worst);
    lambda.push_back(0.0);
  }

  // Minor cycles: move toward the affine nearest point, dropping points that reach coefficient 0. False
  // when no progress is possible (rounding): the caller undoes to the last consistent state.
  bool minor_cycles(int worst) {
    while (true) {
      const int s = static_cast<int>(corral.size());
      if (!affine_nearest(gram, s, &mu)) return false;
      bool interior = true;
      for (int a = 0; a < s; ++a) interior = interior && mu[static_cast<size_t>(a)] > kCoefficientZero;
      if (interior) {
        lambda = mu;
        return true;
      }
      double theta = 1.0;
      int leaving = -1;
      for (int a = 0; a < s; ++a) {
        const double la = lambda[static_cast<size_t>(a)];
        const double ma = mu[static_cast<size_t>(a)];
        if (ma <= kCoefficientZero && la - ma > 0) {
          const double t = la / (la - ma);
          if (t < theta || leaving < 0) {
            theta = t;
            leaving = a;
          }
        }
      }
      assert(leaving >= 0);
      if (leaving < 0) return false;
      // The new point would leave at once: rounding, no progress possible.
      if (corral[static_cast<size_t>(leaving)] == worst && theta <= 0) return false;
      for (int a = 0; a < s; ++a) {
        lambda[static_cast<size_t>(a)] =
            (1.0 - theta) * lambda[static_cast<size_t>(a)] + theta * mu[static_cast<size_t>(a)];
      }
      lambda[static_cast<size_t>(leaving)] = 0.0;
      drop_zero_coefficients();
      double sum = 0;
      for (double l : lambda) sum += l;
      for (double& l : lambda) l /= sum;
    }
  }
};

}  // namespace

Result<SvmSolution> solve_svm(const SignedPoints& z_in) {
  const int n = static_cast<int>(z_in.rows());
  const int d = static_cast<int>(z_in.cols());
  assert(n >= 1);
  // Scale so that R = 1: Gram entries and the e e^T term of Wolfe's system are then of one size.
  double r2 = 0;
  std::vector<double> norm2(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    norm2[static_cast<size_t>(i)] = dot_rows(z_in.row(i).data(), z_in.row(i).data(), d);
    r2 = std::max(r2, norm2[static_cast<size_t>(i)]);
  }
  if (!(r2 > 0)) return not_separable(n, {0}, 0.0);
  const double radius = std::sqrt(r2);
  const SignedPoints z = z_in / radius;
  const double sep2 = kSvmNotSeparable * kSvmNotSeparable;

  // Start from the shortest point (Wolfe's step 0), lowest row on ties.
  int start = 0;
  for (int i = 1; i < n; ++i) {
    if (norm2[static_cast<size_t>(i)] < norm2[static_cast<size_t>(start)]) start = i;
  }
  WolfeCorral w(z, start);
  const Eigen::VectorXd& p = w.p;
  std::vector<double> g(static_cast<size_t>(n));

  const int max_major = 50 * (n + d) + 1000;
  int major = 0;
  for (; major < max_major; ++major) {
    const double pp = dot_rows(p.data(), p.data(), d);
    if (pp <= sep2) return not_separable(n, w.corral, std::sqrt(pp));
    // Optimality test: the most violated constraint <p, z_j> < ||p||^2.
    int worst = 0;
    for (int i = 0; i < n; ++i) {
      g[static_cast<size_t>(i)] = dot_rows(p.data(), z.row(i).data(), d);
      if (g[static_cast<size_t>(i)] < g[static_cast<size_t>(worst)]) worst = i;
    }
    if (g[static_cast<size_t>(worst)] >= pp * (1.0 - kSvmGapTolerance)) break;
    if (std::find(w.corral.begin(), w.corral.end(), worst) != w.corral.end()) break;  // rounding: no progress
    w.add_point(worst);
    if (!w.minor_cycles(worst)) {
      // Undo to the last consistent state: drop zero-coefficient points (at least the new one).
      w.drop_zero_coefficients();
      w.recompute_point();
      break;
    }
    w.recompute_point();
  }

  const double pp = dot_rows(p.data(), p.data(), d);
  if (pp <= sep2) return not_separable(n, w.corral, std::sqrt(pp));
  const double upper = std::sqrt(pp);
  SvmSolution out;
  out.w = p / upper;
  double lower = 0;
  for (int i = 0; i < n; ++i) {
    const double m = dot_rows(out.w.data(), z.row(i).data(), d);
    if (i == 0 || m < lower) lower = m;
  }
  out.margin = lower * radius;
  out.margin_upper = upper * radius;
  out.relative_gap = 1.0 - lower / upper;
  out.major_cycles = major;
  // alpha_i = lambda_i / ||p||^2 in original units: w/||p|| = sum alpha_i z_i.
  const std::vector<int>& corral = w.corral;
  std::vector<size_t> order(corral.size());
  for (size_t a = 0; a < order.size(); ++a) order[a] = a;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return corral[a] < corral[b]; });
  const double scale = 1.0 / (out.margin_upper * out.margin_upper);
  for (size_t a : order) {
    out.support.push_back(corral[a]);
    out.alpha.push_back(w.lambda[a] * scale);
  }
  return out;
}

}  // namespace ml
