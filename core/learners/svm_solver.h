// marginlab — hard-margin, zero-bias SVM for small sets: the black box of the coreset learners
// (002 §2-§5, docs/algorithms.md §4.1).
//
// Problem. Given z_i = y_i x_i (i = 1..n), find the unit w maximizing rho(w) = min_i <w, z_i>. Its dual
// has no equality constraint:  max_{alpha >= 0}  sum_i alpha_i - 1/2 ||sum_i alpha_i z_i||^2,  and at the
// optimum w* = sum alpha_i z_i, rho* = 1/||w*||, sum alpha_i = ||w*||^2. Rescaling alpha = lambda/||p||^2
// with lambda a convex combination turns it into the equivalent nearest-point problem (Gilbert 1966):
//   rho* = min { ||p|| : p = sum lambda_i z_i, lambda >= 0, sum lambda_i = 1 } = dist(0, conv{z_i}),
// and w* = p/||p|| (Gordan's alternative: either some w has every <w, z_i> > 0, or 0 is in the hull).
//
// Method: Wolfe's exact active-set algorithm for the nearest point of a polytope (P. Wolfe, "Finding
// the nearest point in a polytope", Math. Programming 11 (1976) 128-149). It keeps a "corral" S of
// affinely independent points (|S| <= d + 1) and p = the nearest point of conv(S); a major cycle adds the
// point most violating the optimality test (argmin_i <p, z_i>), minor cycles re-solve the affine nearest
// point on S from the Cholesky factor of (G_S + e e^T) (G_S the Gram matrix) and drop points whose
// coefficient would turn negative. ||p|| decreases strictly at each major cycle, so it terminates in
// finitely many exact steps; each costs O(n d) for the test plus O(|S|^3) for the small solve. It solves
// the same dual as coordinate descent would (alpha_i = lambda_i/||p||^2, reported in SvmSolution::alpha)
// and is exact up to rounding, where exact coordinate descent converges only linearly: measured on 200
// random 5-D points, coordinate descent (with an optimal rescaling of alpha after every sweep) needed
// 700 to 16000 sweeps of all points to reach a 1e-9 gap, Wolfe 9 to 12 major cycles. The unit tests
// use coordinate descent as the independent second method.
//
// Convergence test = duality gap. For the current p: every unit w gives a lower bound and every hull
// point an upper bound,  lower = min_i <p, z_i>/||p|| <= rho* <= ||p|| = upper  (primal value
// 1/(2 lower^2) vs. dual value sum alpha - 1/2||w||^2 with optimally scaled alpha = 1/(2 upper^2)).
// The solver stops when 1 - lower/upper <= kSvmGapTolerance (KKT: every z_i with <p, z_i> < ||p||^2 is
// a violated constraint), or when rounding stops progress (the most violating point is already in S);
// relative_gap reports the certified gap reached: rounding bounds it by about 1e-16 (R/rho)^2, so the
// margin is correct to 1e-6 relative for rho >= 1e-5 R. All arithmetic is double in a fixed order
// (bit-identical natively and in wasm); points are scaled by 1/R internally.
//
// "Not separable" (Error code "svm.not_separable", never a loop): reported when ||p|| <= kSvmNotSeparable
// * R, i.e. the origin lies (up to rounding) in the convex hull of the z_i, which by Gordan's theorem
// means no halfspace through the origin has positive margin; the message names the rows of the convex
// combination found (the certificate). Sets whose margin is below 1e-9 R are thereby treated as not
// separable. A zero row (x_i = 0) is never separable. An iteration cap (never reached in the tests)
// guarantees termination; the certified gap is then reported as it stands.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "core/data/dataset.h"
#include "core/util/status.h"

namespace ml {

// Points z_i = y_i x_i as double rows (row-major, one example per row).
using SignedPoints = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Target relative duality gap 1 - lower/upper at which the solver stops.
inline constexpr double kSvmGapTolerance = 1e-13;
// The hull's distance to the origin, relative to R = max ||z_i||, at or below which a set is not separable.
inline constexpr double kSvmNotSeparable = 1e-9;

// The maximum-margin halfspace through the origin of a separable set.
struct SvmSolution {
  Eigen::VectorXd w;          // unit normal of the max-margin halfspace
  double margin = 0;          // min_i <w, z_i>: the margin w achieves (a lower bound on rho*)
  double margin_upper = 0;    // ||p|| of the hull point found: an upper bound on rho*
  double relative_gap = 0;    // 1 - margin/margin_upper (certified relative error of margin)
  std::vector<int> support;   // rows with alpha_i > 0 (the corral), ascending
  std::vector<double> alpha;  // the dual alpha_i of those rows: w/margin_upper = sum alpha_i z_i
  int major_cycles = 0;       // Wolfe major cycles taken
};

// Solves the hard-margin zero-bias SVM on the rows of z (n >= 1). Errors: "svm.not_separable".
Result<SvmSolution> solve_svm(const SignedPoints& z);

// Rows `rows` of X multiplied by `signs` (+1/-1, one per listed row), as double points z_i = y_i x_i.
SignedPoints signed_points(const FeatureRef& X, const std::vector<int>& rows, const std::vector<int>& signs);

// Margins y_i <w, x_i> in double for every row of X (fixed summation order), w of length X.cols().
// `signs` holds y_i per row (+1/-1); an empty `signs` gives the unsigned values <w, x_i>.
void margins_of(const FeatureRef& X, const Eigen::VectorXd& w, const std::vector<int>& signs, std::vector<double>* out);

}  // namespace ml
