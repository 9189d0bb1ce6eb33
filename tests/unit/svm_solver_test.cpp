// Tests of the hard-margin zero-bias SVM (core/learners/svm_solver.h): analytic solutions of symmetric
// sets, agreement with two independent methods (brute force over support sets, dual coordinate
// descent) on 50 random small sets, the certified 1e-6 relative accuracy on a few thousand points, and
// "svm.not_separable" on XOR, a flipped label and the zero vector.
#include "core/learners/svm_solver.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <limits>
#include <vector>

#include "core/data/generator_ids.h"
#include "core/data/generators.h"
#include "core/util/rng.h"

namespace ml {
namespace svm_solver_test {

SignedPoints points(const std::vector<std::vector<double>>& rows) {
  SignedPoints z(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows[0].size()));
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t j = 0; j < rows[i].size(); ++j)
      z(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = rows[i][j];
  return z;
}

// The margin of the solution recomputed from its w, and the hull distance recomputed from its alpha:
// an independent check of both sides of the certificate.
void expect_certificate(const SignedPoints& z, const SvmSolution& s, double rel) {
  ASSERT_NEAR(s.w.norm(), 1.0, 1e-12);
  double lower = std::numeric_limits<double>::infinity();
  for (Eigen::Index i = 0; i < z.rows(); ++i) lower = std::min(lower, z.row(i).dot(s.w));
  Eigen::VectorXd hull = Eigen::VectorXd::Zero(z.cols());
  double alpha_sum = 0;
  for (size_t a = 0; a < s.support.size(); ++a) {
    EXPECT_GT(s.alpha[a], 0.0);
    hull += s.alpha[a] * z.row(s.support[a]).transpose();
    alpha_sum += s.alpha[a];
  }
  const double upper = hull.norm() / alpha_sum;  // a point of conv{z_i}: rho* <= its norm
  EXPECT_NEAR(lower, s.margin, 1e-12 * std::abs(s.margin));
  EXPECT_LE((upper - lower) / upper, rel);
  // Strong duality of the alpha form: sum alpha = ||sum alpha_i z_i||^2 = 1/rho*^2.
  EXPECT_NEAR(alpha_sum * s.margin * s.margin, 1.0, 10 * rel);
}

TEST(SvmSolverTest, SymmetricPairGivesTheAxis) {
  // +(1, 0.2), +(1, -0.2), -(-1, 0.2), -(-1, -0.2): all y x = (1, +-0.2); w = (1,0), rho = 1.
  const SignedPoints z = points({{1, 0.2}, {1, -0.2}, {1, -0.2}, {1, 0.2}});
  Result<SvmSolution> s = solve_svm(z);
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_NEAR(s->w[0], 1.0, 1e-14);
  EXPECT_NEAR(s->w[1], 0.0, 1e-14);
  EXPECT_NEAR(s->margin, 1.0, 1e-14);
  EXPECT_LE(s->relative_gap, 1e-13);
  expect_certificate(z, *s, 1e-13);
}

TEST(SvmSolverTest, SymmetricPairHasEqualDualWeights) {
  // y x = (1, 1) and (1, -1): nearest hull point (1, 0), rho = 1, alpha = (1/2, 1/2), sum alpha = 1/rho^2.
  const SignedPoints z = points({{1, 1}, {1, -1}, {2, 0.5}});
  Result<SvmSolution> s = solve_svm(z);
  ASSERT_TRUE(s.ok());
  EXPECT_NEAR(s->margin, 1.0, 1e-14);
  ASSERT_EQ(s->support, (std::vector<int>{0, 1}));
  EXPECT_NEAR(s->alpha[0], 0.5, 1e-14);
  EXPECT_NEAR(s->alpha[1], 0.5, 1e-14);
}

TEST(SvmSolverTest, SquareCornerIsTheSupport) {
  // A square [1,2]^2 of positives and its reflection through the origin as negatives: the corner (1,1)
  // is nearest, w = (1,1)/sqrt2, rho = sqrt2, one support vector (listed twice: a positive and a negative).
  const SignedPoints z = points({{1, 1}, {2, 1}, {1, 2}, {2, 2}, {1, 1}, {1, 2}, {2, 1}, {2, 2}});
  Result<SvmSolution> s = solve_svm(z);
  ASSERT_TRUE(s.ok());
  EXPECT_NEAR(s->margin, std::sqrt(2.0), 1e-14);
  EXPECT_NEAR(s->w[0], 1 / std::sqrt(2.0), 1e-14);
  EXPECT_NEAR(s->w[1], 1 / std::sqrt(2.0), 1e-14);
  ASSERT_EQ(s->support.size(), 1u);
  EXPECT_EQ(s->support[0], 0);  // the shortest point, lowest row
}

TEST(SvmSolverTest, ThreeDimensionalTriangleCentroid) {
  // e1+e2, e1+e3, e2+e3: the nearest hull point is the centroid (2/3)(1,1,1), rho = 2/sqrt3.
  const SignedPoints z = points({{1, 1, 0}, {1, 0, 1}, {0, 1, 1}, {3, 3, 3}});
  Result<SvmSolution> s = solve_svm(z);
  ASSERT_TRUE(s.ok());
  EXPECT_NEAR(s->margin, 2 / std::sqrt(3.0), 1e-14);
  for (int j = 0; j < 3; ++j) EXPECT_NEAR(s->w[j], 1 / std::sqrt(3.0), 1e-14);
  EXPECT_EQ(s->support, (std::vector<int>{0, 1, 2}));
  for (double a : s->alpha) EXPECT_NEAR(a, 0.25, 1e-14);  // lambda 1/3 each over ||p||^2 = 4/3
}

TEST(SvmSolverTest, ScaleInvariance) {
  // Multiplying every point by 1000 multiplies the margin by 1000 and keeps w.
  const SignedPoints z = points({{0.3, 1.0}, {0.5, -0.7}, {0.9, 0.1}});
  Result<SvmSolution> a = solve_svm(z);
  Result<SvmSolution> b = solve_svm(SignedPoints(z * 1000.0));
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_NEAR(b->margin / a->margin, 1000.0, 1e-9);
  EXPECT_NEAR((a->w - b->w).norm(), 0.0, 1e-12);
}

// Independent method 1: the nearest point of conv{z_i} is the nearest point of the affine hull of some
// support set of at most d points with nonnegative barycentric coordinates; enumerate all of them.
double brute_force_margin(const SignedPoints& z) {
  const int n = static_cast<int>(z.rows());
  const int d = static_cast<int>(z.cols());
  double best = std::numeric_limits<double>::infinity();
  std::vector<int> idx;
  auto consider = [&]() {
    const int s = static_cast<int>(idx.size());
    Eigen::MatrixXd m(s + 1, s + 1);
    Eigen::VectorXd rhs = Eigen::VectorXd::Zero(s + 1);
    m(0, 0) = 0;
    rhs[0] = 1;
    for (int a = 0; a < s; ++a) {
      m(0, a + 1) = m(a + 1, 0) = 1;
      for (int b = 0; b < s; ++b) m(a + 1, b + 1) = z.row(idx[a]).dot(z.row(idx[b]));
    }
    for (int a = 0; a < s; ++a) m(a + 1, 0) = -1;  // G mu - theta e = 0, e^T mu = 1
    Eigen::FullPivLU<Eigen::MatrixXd> lu(m);
    if (lu.rank() < s + 1) return;
    const Eigen::VectorXd sol = lu.solve(rhs);
    Eigen::VectorXd p = Eigen::VectorXd::Zero(d);
    for (int a = 0; a < s; ++a) {
      if (sol[a + 1] < -1e-12) return;
      p += sol[a + 1] * z.row(idx[a]).transpose();
    }
    best = std::min(best, p.norm());
  };
  for (int i = 0; i < n; ++i) {
    idx = {i};
    consider();
    if (d >= 2)
      for (int j = i + 1; j < n; ++j) {
        idx = {i, j};
        consider();
        if (d >= 3)
          for (int k = j + 1; k < n; ++k) {
            idx = {i, j, k};
            consider();
          }
      }
  }
  return best;
}

// Independent method 2: exact dual coordinate descent on max sum alpha - 1/2||sum alpha_i z_i||^2,
// alpha >= 0, with an optimal rescaling of alpha after every sweep; stops at duality gap 1 - min <w,z_i>
// <= tol (after rescaling sum alpha = ||w||^2, so the gap is 1 - min_i <w, z_i>). Returns the margin.
double coordinate_descent_margin(const SignedPoints& z, double tol, long* sweeps_out) {
  const int n = static_cast<int>(z.rows());
  Eigen::VectorXd alpha = Eigen::VectorXd::Zero(n);
  Eigen::VectorXd w = Eigen::VectorXd::Zero(z.cols());
  long sweeps = 0;
  for (; sweeps < 5000000; ++sweeps) {
    for (int i = 0; i < n; ++i) {
      const double q = z.row(i).squaredNorm();
      const double next = std::max(0.0, alpha[i] + (1.0 - z.row(i).dot(w)) / q);
      w += (next - alpha[i]) * z.row(i).transpose();
      alpha[i] = next;
    }
    const double t = alpha.sum() / w.squaredNorm();
    alpha *= t;
    w *= t;
    double m = std::numeric_limits<double>::infinity();
    for (int i = 0; i < n; ++i) m = std::min(m, z.row(i).dot(w));
    if (1.0 - m <= tol) break;
  }
  if (sweeps_out) *sweeps_out = sweeps;
  double m = std::numeric_limits<double>::infinity();
  for (int i = 0; i < n; ++i) m = std::min(m, z.row(i).dot(w) / w.norm());
  return m;
}

SignedPoints random_separable(Rng& rng, int n, int d, double gap) {
  Eigen::VectorXd v(d);
  for (int j = 0; j < d; ++j) v[j] = rng.normal();
  v.normalize();
  SignedPoints z(n, d);
  for (int i = 0; i < n;) {
    Eigen::VectorXd x(d);
    for (int j = 0; j < d; ++j) x[j] = rng.uniform(-1, 1);
    const double s = x.dot(v);
    if (std::abs(s) < gap) continue;
    z.row(i++) = (s > 0 ? 1.0 : -1.0) * x.transpose();
  }
  return z;
}

TEST(SvmSolverTest, AgreesWithBruteForceAndCoordinateDescentOn50RandomSets) {
  Rng rng(20240601, Stream::test);
  for (int t = 0; t < 50; ++t) {
    SCOPED_TRACE(t);
    const int d = 2 + t % 2;
    const int n = 5 + static_cast<int>(rng.below(10));
    const SignedPoints z = random_separable(rng, n, d, 0.05 + 0.1 * rng.uniform());
    Result<SvmSolution> s = solve_svm(z);
    ASSERT_TRUE(s.ok()) << s.error().message;
    expect_certificate(z, *s, 1e-12);
    const double brute = brute_force_margin(z);
    EXPECT_NEAR(s->margin, brute, 1e-12 * brute);
    const double cd = coordinate_descent_margin(z, 1e-12, nullptr);
    EXPECT_NEAR(s->margin, cd, 1e-9 * brute);
  }
}

TEST(SvmSolverTest, CertifiedToOneInAMillionOnThousandsOfPoints) {
  for (int dims : {2, 10, 40}) {
    SCOPED_TRACE(dims);
    GeneratorSpec spec;
    spec.kind = Generator::separable;
    spec.n = 3000;
    spec.dims = dims;
    spec.margin = 0.02;
    Result<Dataset> data = generate(spec, 7 + static_cast<uint64_t>(dims));
    ASSERT_TRUE(data.ok()) << data.error().message;
    std::vector<int> rows(static_cast<size_t>(data->rows())), signs(rows.size());
    for (int i = 0; i < data->rows(); ++i) {
      rows[static_cast<size_t>(i)] = i;
      signs[static_cast<size_t>(i)] = data->sign(i);
    }
    const SignedPoints z = signed_points(data->X, rows, signs);
    Result<SvmSolution> s = solve_svm(z);
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_LE(s->relative_gap, 1e-9);
    expect_certificate(z, *s, 1e-9);
    EXPECT_GE(s->margin, 0.02 * (1 - 1e-6));  // the generator's target separates with margin >= 0.02
    EXPECT_LE(static_cast<int>(s->support.size()), dims + 1);
  }
}

TEST(SvmSolverTest, SmallMarginStillExact) {
  // Two support vectors (1e-3, +-1): rho = 1e-3 with R ~ 1; condition number of Q_SS ~ 1e6.
  const SignedPoints z = points({{1e-3, 1}, {1e-3, -1}, {0.5, 0.5}, {0.2, -0.9}});
  Result<SvmSolution> s = solve_svm(z);
  ASSERT_TRUE(s.ok());
  EXPECT_NEAR(s->margin, 1e-3, 1e-3 * 1e-9);  // rounding: ~1e-16 (R/rho)^2 relative
  EXPECT_LE(s->relative_gap, 1e-9);
}

TEST(SvmSolverTest, XorIsNotSeparable) {
  // XOR through the origin: +(1,1), +(-1,-1), -(1,-1), -(-1,1).
  const SignedPoints z = points({{1, 1}, {-1, -1}, {-1, 1}, {1, -1}});
  Result<SvmSolution> s = solve_svm(z);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "svm.not_separable");
  EXPECT_NE(s.error().message.find("4 points"), std::string::npos) << s.error().message;
}

TEST(SvmSolverTest, FlippedLabelIsNotSeparableAndNamesTheRows) {
  Rng rng(5, Stream::test);
  SignedPoints z = random_separable(rng, 40, 3, 0.1);
  z.row(17) *= -1.0;  // flip one label
  Result<SvmSolution> s = solve_svm(z);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "svm.not_separable");
  EXPECT_NE(s.error().message.find("17"), std::string::npos) << s.error().message;
}

TEST(SvmSolverTest, ZeroVectorIsNotSeparable) {
  Result<SvmSolution> s = solve_svm(points({{1, 0}, {0, 0}}));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "svm.not_separable");
  Result<SvmSolution> all_zero = solve_svm(points({{0, 0}}));
  ASSERT_FALSE(all_zero.ok());
  EXPECT_EQ(all_zero.error().code, "svm.not_separable");
}

TEST(SvmSolverTest, MarginsOfMatchesHandValues) {
  FeatureMatrix X(2, 2);
  X << 1, 2, -3, 0.5f;
  Eigen::VectorXd w(2);
  w << 0.5, -1;
  std::vector<double> m;
  margins_of(X, w, {1, -1}, &m);
  EXPECT_DOUBLE_EQ(m[0], -1.5);
  EXPECT_DOUBLE_EQ(m[1], 2.0);
  margins_of(X, w, {}, &m);
  EXPECT_DOUBLE_EQ(m[1], -2.0);
}

}  // namespace svm_solver_test
}  // namespace ml
