// Tests of core/kernels/projection.h: hand-computed KGS steps, the random span's orthonormality, KPCA
// against a hand-checked eigendecomposition, Nyström = exact with all points as landmarks, nesting,
// jitter and the error codes.
#include "core/kernels/projection.h"
#include "core/settings/setting.h"

#include <gtest/gtest.h>

#include <Eigen/Cholesky>

#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "core/util/eigen_setup.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace projection_test {

FeatureMatrix points(std::initializer_list<std::initializer_list<float>> rows) {
  FeatureMatrix X(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows.begin()->size()));
  Eigen::Index i = 0;
  for (const auto& r : rows) {
    Eigen::Index j = 0;
    for (float v : r) X(i, j++) = v;
    ++i;
  }
  return X;
}

using test::random_points;

Kernel gaussian(double sigma) { return make_kernel(KernelKind::gaussian, 2, 1.0, sigma, 0.0); }
Kernel linear() { return make_kernel(KernelKind::linear, 1, 0.0, 1.0, 0.0); }

ProjectionOptions opts(ProjectionKind kind, int dims) {
  ProjectionOptions o;
  o.kind = kind;
  o.dims = dims;
  return o;
}

// Two fits of X under the same draws (each from Rng(seed, Stream::learner)): the tests compare option against option.
std::pair<Result<KernelProjection>, Result<KernelProjection>> fit_twice(const FeatureRef& X, const Kernel& k,
                                                                        const ProjectionOptions& a,
                                                                        const ProjectionOptions& b, uint64_t seed) {
  Rng ra(seed, Stream::learner), rb(seed, Stream::learner);
  return {KernelProjection::fit(X, k, a, ra), KernelProjection::fit(X, k, b, rb)};
}

class ProjectionTest : public ::testing::Test {
 protected:
  void SetUp() override { configure_eigen(); }
};

// Linear kernel on a = (1,0), b = (3,4), c = (0,2): K = [[1,3,0],[3,25,8],[0,8,4]].
// Step 1: residuals = diag = (1, 25, 4) -> pivot b, nu = 5, row R_0 = K(b,.)/5 = (0.6, 5, 1.6);
//         residuals (1 - 0.36, 0, 4 - 2.56) = (0.64, 0, 1.44).
// Step 2: pivot c, nu = 1.2, R_1 = (K(c,.) - 1.6 R_0)/1.2 = ((0,8,4) - (0.96,8,2.56))/1.2 = (-0.8, 0, 1.2);
//         residual of a = 0.64 - 0.64 = 0 -> the span is exhausted at D = 2 (linear kernel in 2-D).
TEST_F(ProjectionTest, KgsStepsByHandOnThreePoints) {
  const FeatureMatrix X = points({{1, 0}, {3, 4}, {0, 2}});
  Rng rng(1, Stream::learner);
  auto one = KernelProjection::fit(X, linear(), opts(ProjectionKind::kgs, 1), rng);
  ASSERT_TRUE(one.ok());
  ASSERT_EQ(one->dims(), 1);
  EXPECT_EQ(one->basis_rows(), std::vector<int>({1}));
  EXPECT_DOUBLE_EQ(one->spectrum()[0], 25.0);
  const FeatureMatrix P1 = one->transform(X);
  EXPECT_NEAR(P1(0, 0), 0.6, 1e-6);
  EXPECT_NEAR(P1(1, 0), 5.0, 1e-6);
  EXPECT_NEAR(P1(2, 0), 1.6, 1e-6);

  auto all = KernelProjection::fit(X, linear(), opts(ProjectionKind::kgs, 3), rng);
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->dims(), 2) << "the third residual is 0: KGS stops at the rank";
  EXPECT_EQ(all->basis_rows(), std::vector<int>({1, 2}));
  EXPECT_NEAR(all->spectrum()[1], 1.44, 1e-12);
  const FeatureMatrix P = all->transform(X);
  const double expected[3][2] = {{0.6, -0.8}, {5.0, 0.0}, {1.6, 1.2}};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 2; ++j) EXPECT_NEAR(P(i, j), expected[i][j], 1e-6) << i << "," << j;
  }
  // C = L^-T with L = [[5, 0], [1.6, 1.2]].
  EXPECT_NEAR(all->coefficients()(0, 0), 0.2, 1e-15);
  EXPECT_NEAR(all->coefficients()(0, 1), -1.6 / (5 * 1.2), 1e-15);
  EXPECT_NEAR(all->coefficients()(1, 1), 1 / 1.2, 1e-15);
  EXPECT_EQ(all->coefficients()(1, 0), 0.0);
}

// Gaussian kernel: K(x,x) = 1 for every point, so the first pivot is a tie resolved to the lowest
// index and its coordinate is K(x_0, x) itself.
TEST_F(ProjectionTest, KgsFirstPivotTiesToLowestIndex) {
  const FeatureMatrix X = points({{0, 0}, {1, 0}, {0, 2}});
  Rng rng(1, Stream::learner);
  auto p = KernelProjection::fit(X, gaussian(1.0), opts(ProjectionKind::kgs, 1), rng);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->basis_rows()[0], 0);
  const FeatureMatrix P = p->transform(X);
  EXPECT_NEAR(P(0, 0), 1.0, 1e-7);
  EXPECT_NEAR(P(1, 0), std::exp(-0.5), 1e-7);
  EXPECT_NEAR(P(2, 0), std::exp(-2.0), 1e-7);
}

// The random span's coordinates are an orthonormal basis of span{φ(b_i)}: for basis points and any x,
// π(b_i)·π(x) = K(b_i, x), and ||π(x)||² <= K(x,x) (a projection never lengthens).
TEST_F(ProjectionTest, RandomSpanIsOrthonormal) {
  const FeatureMatrix X = random_points(60, 3, 7, 2.0);
  const Kernel k = gaussian(1.5);
  Rng rng(3, Stream::learner);
  auto p = KernelProjection::fit(X, k, opts(ProjectionKind::random, 12), rng);
  ASSERT_TRUE(p.ok());
  ASSERT_EQ(p->dims(), 12);
  EXPECT_EQ(p->jitter(), 0.0);
  const FeatureMatrix P = p->transform(X);
  for (int a = 0; a < 12; ++a) {
    const int i = p->basis_rows()[static_cast<size_t>(a)];
    for (int j = 0; j < X.rows(); ++j) {
      const double dot = P.row(i).cast<double>().dot(P.row(j).cast<double>());
      EXPECT_NEAR(dot, k(X.row(i).data(), X.row(j).data(), 3), 2e-5) << i << "," << j;
    }
  }
  for (int j = 0; j < X.rows(); ++j) EXPECT_LE(P.row(j).squaredNorm(), 1.0 + 1e-5);
  // The points are distinct and all rows of the basis are training points.
  std::vector<int> rows = p->basis_rows();
  std::sort(rows.begin(), rows.end());
  EXPECT_EQ(std::unique(rows.begin(), rows.end()), rows.end());
  // transform_row agrees with transform.
  std::vector<float> one(12);
  p->transform_row(X.row(5).data(), one.data());
  for (int j = 0; j < 12; ++j) EXPECT_NEAR(one[static_cast<size_t>(j)], P(5, j), 1e-6);
}

// Duplicate points make K_BB singular: the jitter ladder kicks in and the map stays a contraction.
TEST_F(ProjectionTest, RandomSpanJitterOnSingularGram) {
  const FeatureMatrix X = points({{1, 1}, {1, 1}, {1, 1}});
  Rng rng(1, Stream::learner);
  auto p = KernelProjection::fit(X, gaussian(1.0), opts(ProjectionKind::random, 3), rng);
  ASSERT_TRUE(p.ok());
  EXPECT_GT(p->jitter(), 0.0);
  const FeatureMatrix P = p->transform(X);
  ASSERT_TRUE(P.allFinite());
  for (int j = 0; j < 3; ++j) EXPECT_LE(P.row(j).squaredNorm(), 1.0f + 1e-5f);
  EXPECT_NEAR(P.row(0).squaredNorm(), 1.0, 1e-4);  // the ridge shrinks it only by ~jitter
}

// Linear kernel on (1,0), (0,1), (1,1): K = [[1,0,1],[0,1,1],[1,1,2]] has eigenvalues 3, 1, 0 with
// eigenvectors (1,1,2)/√6, (1,-1,0)/√2, (1,1,-1)/√3. π(x) = Λ^{-1/2}Vᵀk(x), k(x) = (a, b, a+b) for
// x = (a,b): π(x) = ((a+b)/√2, (a-b)/√2) (signs: largest entry of each column of C positive, the tie
// of the second column to the first row). The zero eigenvalue is dropped: D = 3 gives 2 coordinates.
TEST_F(ProjectionTest, KpcaMatchesHandEigendecomposition) {
  const FeatureMatrix X = points({{1, 0}, {0, 1}, {1, 1}});
  Rng rng(1, Stream::learner);
  auto p = KernelProjection::fit(X, linear(), opts(ProjectionKind::kpca, 3), rng);
  ASSERT_TRUE(p.ok());
  EXPECT_FALSE(p->nystrom());
  ASSERT_EQ(p->dims(), 2);
  EXPECT_NEAR(p->spectrum()[0], 3.0, 1e-12);
  EXPECT_NEAR(p->spectrum()[1], 1.0, 1e-12);
  const Eigen::MatrixXd& C = p->coefficients();
  const double s18 = std::sqrt(18.0), s2 = std::sqrt(2.0);
  EXPECT_NEAR(C(0, 0), 1 / s18, 1e-12);
  EXPECT_NEAR(C(1, 0), 1 / s18, 1e-12);
  EXPECT_NEAR(C(2, 0), 2 / s18, 1e-12);
  EXPECT_NEAR(C(0, 1), 1 / s2, 1e-12);
  EXPECT_NEAR(C(1, 1), -1 / s2, 1e-12);
  EXPECT_NEAR(C(2, 1), 0.0, 1e-12);
  const FeatureMatrix Q = points({{2, 1}});
  const FeatureMatrix P = p->transform(Q);
  EXPECT_NEAR(P(0, 0), 3 / s2, 1e-6);
  EXPECT_NEAR(P(0, 1), 1 / s2, 1e-6);
}

// With every point a landmark (in order) Nyström computes the exact uncentred KPCA map.
TEST_F(ProjectionTest, NystromEqualsExactWithAllLandmarks) {
  const FeatureMatrix X = random_points(40, 2, 11, 3.0);
  const Kernel k = gaussian(1.2);
  ProjectionOptions exact = opts(ProjectionKind::kpca, 6);
  ProjectionOptions nys = exact;
  nys.exact_limit = 0;
  nys.landmarks = 40;
  auto [a, b] = fit_twice(X, k, exact, nys, 1);
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(b.ok());
  EXPECT_FALSE(a->nystrom());
  EXPECT_TRUE(b->nystrom());
  ASSERT_EQ(a->dims(), 6);
  ASSERT_EQ(b->dims(), 6);
  for (int j = 0; j < 6; ++j) EXPECT_NEAR(a->spectrum()[j], b->spectrum()[j], 1e-9 * a->spectrum()[0]);
  EXPECT_LT((a->coefficients() - b->coefficients()).cwiseAbs().maxCoeff(), 1e-7);
  const FeatureMatrix Q = random_points(25, 2, 12, 3.0);
  EXPECT_LT((a->transform(Q) - b->transform(Q)).cwiseAbs().maxCoeff(), 1e-5f);
}

// Nyström with fewer landmarks than points: orthonormal directions in φ̃-space, so the projected
// sample's second-moment matrix is diagonal with the kept eigenvalues, in decreasing order.
TEST_F(ProjectionTest, NystromWithFewLandmarksDiagonalizesTheSample) {
  const FeatureMatrix X = random_points(300, 2, 5, 3.0);
  ProjectionOptions o = opts(ProjectionKind::kpca, 8);
  o.exact_limit = 100;
  o.landmarks = 50;
  Rng rng(2, Stream::learner);
  auto p = KernelProjection::fit(X, gaussian(1.0), o, rng);
  ASSERT_TRUE(p.ok());
  EXPECT_TRUE(p->nystrom());
  EXPECT_EQ(p->basis().rows(), 50);
  ASSERT_EQ(p->dims(), 8);
  const Eigen::MatrixXd P = p->transform(X).cast<double>();
  const Eigen::MatrixXd M = P.transpose() * P;
  for (int i = 0; i < 8; ++i) {
    EXPECT_NEAR(M(i, i), p->spectrum()[i], 1e-4 * p->spectrum()[0]);
    if (i > 0) {
      EXPECT_LE(p->spectrum()[i], p->spectrum()[i - 1]);
    }
    for (int j = 0; j < i; ++j) EXPECT_NEAR(M(i, j), 0.0, 1e-4 * p->spectrum()[0]);
  }
}

// When K_mm is numerically positive definite the Nyström map whitens with a Cholesky factor instead of K_mm's
// eigendecomposition (projection.h): the same map as the header's formula C = U Σ^{-1/2} E_D, computed here
// from the fitted landmarks with Eigen's eigensolvers, up to rounding.
TEST_F(ProjectionTest, NystromCholeskyWhiteningEqualsTheEigenFormula) {
  const FeatureMatrix X = random_points(400, 6, 17, 1.0);
  const Kernel k = gaussian(0.8);
  ProjectionOptions o = opts(ProjectionKind::kpca, 12);
  o.exact_limit = 100;
  o.landmarks = 60;
  Rng rng(3, Stream::learner);
  auto p = KernelProjection::fit(X, k, o, rng);
  ASSERT_TRUE(p.ok());
  ASSERT_TRUE(p->nystrom());
  ASSERT_EQ(p->dims(), 12);
  const Eigen::MatrixXd Kmm = gram_matrix(k, p->basis());
  // The premise: every Cholesky pivot clears the rank threshold, so the fit took the Cholesky path.
  Eigen::LLT<Eigen::MatrixXd> llt(Kmm);
  ASSERT_EQ(llt.info(), Eigen::Success);
  ASSERT_GE(llt.matrixLLT().diagonal().array().square().minCoeff(), o.tolerance * Kmm.diagonal().maxCoeff());
  // The reference: W = U Σ^{-1/2}, the PCA of Wᵀ k_m(x) over the sample, C = W E_D with the sign rule.
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> landmarks(Kmm);
  const Eigen::MatrixXd W = landmarks.eigenvectors() * landmarks.eigenvalues().cwiseSqrt().cwiseInverse().asDiagonal();
  const Eigen::MatrixXd F = kernel_matrix(k, X, p->basis()) * W;
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> pca(F.transpose() * F);
  const int m = 60;
  Eigen::MatrixXd C(m, 12);
  for (int j = 0; j < 12; ++j) {
    C.col(j) = W * pca.eigenvectors().col(m - 1 - j);
    Eigen::Index top = 0;
    C.col(j).cwiseAbs().maxCoeff(&top);
    if (C(top, j) < 0) C.col(j) = -C.col(j);
    EXPECT_NEAR(p->spectrum()[j], pca.eigenvalues()[m - 1 - j], 1e-9 * pca.eigenvalues()[m - 1]) << j;
  }
  const FeatureMatrix Q = random_points(50, 6, 18, 1.0);
  const Eigen::MatrixXd expected = kernel_matrix(k, Q, p->basis()) * C;
  const Eigen::MatrixXd got = p->transform(Q).cast<double>();
  EXPECT_LT((got - expected).cwiseAbs().maxCoeff(), 1e-5 * expected.cwiseAbs().maxCoeff());
}

// All three maps are nested: the leading D' coordinates of a D-fit are the D'-fit with the same draws.
TEST_F(ProjectionTest, LeadingCoordinatesAreTheSmallerFit) {
  const FeatureMatrix X = random_points(80, 2, 9, 3.0);
  const Kernel k = gaussian(1.0);
  for (ProjectionKind kind : {ProjectionKind::random, ProjectionKind::kgs, ProjectionKind::kpca}) {
    auto [big, small] = fit_twice(X, k, opts(kind, 20), opts(kind, 7), 4);
    ASSERT_TRUE(big.ok());
    ASSERT_TRUE(small.ok());
    const KernelProjection lead = big->leading(7);
    EXPECT_EQ(lead.basis_rows(), small->basis_rows()) << enum_name(kind);
    EXPECT_LT((lead.coefficients() - small->coefficients()).cwiseAbs().maxCoeff(), 1e-9) << enum_name(kind);
    EXPECT_LT((lead.transform(X) - big->transform(X).leftCols(7)).cwiseAbs().maxCoeff(), 1e-5f);
  }
}

// Identical inputs give identical bits (what the golden hashes rely on).
// The Gram matrix of π over the rows of X, in double (π(x_i)·π(x_j): all a rotation-invariant consumer sees).
Eigen::MatrixXd gram_of(const KernelProjection& p, const FeatureRef& X) {
  const Eigen::MatrixXd T = p.transform(X).cast<double>();
  return T * T.transpose();
}

// Rotation-free Nyström (projection.h) with a Cholesky factor: at D = m the ordered PCA keeps every direction,
// so it is a rotation of the whitened features φ̃' = L⁻¹ k_m; skipping it gives other coordinates (C = L⁻ᵀ, in
// landmark order) but the same inner products, on the training rows and on new points, up to rounding.
TEST_F(ProjectionTest, RotationFreeNystromHasTheOrderedPcasInnerProducts) {
  const FeatureMatrix X = random_points(200, 3, 21, 2.0);
  const Kernel k = gaussian(1.0);
  ProjectionOptions ordered = opts(ProjectionKind::kpca, 30);
  ordered.exact_limit = 0;
  ordered.landmarks = 30;
  ProjectionOptions free = ordered;
  free.skip_nystrom_pca = true;
  auto [a, b] = fit_twice(X, k, ordered, free, 4);
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(b.ok());
  EXPECT_FALSE(a->rotation_free());
  ASSERT_TRUE(b->rotation_free());
  EXPECT_EQ(a->basis_rows(), b->basis_rows()) << "the same landmarks";
  ASSERT_EQ(a->dims(), 30);
  ASSERT_EQ(b->dims(), 30);
  // C = L⁻ᵀ: upper triangular with the pivots' inverse square roots on the diagonal; spectrum = the pivots.
  const Eigen::MatrixXd Kmm = gram_matrix(k, b->basis());
  const Eigen::MatrixXd L = Eigen::LLT<Eigen::MatrixXd>(Kmm).matrixL();
  for (int j = 0; j < 30; ++j) {
    EXPECT_NEAR(b->spectrum()[j], L(j, j) * L(j, j), 1e-12);
    for (int i = j + 1; i < 30; ++i) EXPECT_EQ(b->coefficients()(i, j), 0.0);
  }
  // The ordered PCA's eigenvalues sum to the trace of the projected sample's second moments: the same for both.
  EXPECT_NEAR(a->spectrum().sum(), b->transform(X).cast<double>().squaredNorm(), 1e-5 * a->spectrum().sum());
  const FeatureMatrix Q = random_points(40, 3, 22, 2.0);
  for (const FeatureMatrix* points : {&X, &Q}) {
    const Eigen::MatrixXd Ga = gram_of(*a, *points), Gb = gram_of(*b, *points);
    EXPECT_LT((Ga - Gb).cwiseAbs().maxCoeff(), 1e-5 * Ga.cwiseAbs().maxCoeff());
    // Not vacuous: the coordinates themselves differ (a real rotation).
    EXPECT_GT((a->transform(*points) - b->transform(*points)).cwiseAbs().maxCoeff(), 0.05f);
  }
  // transform_row agrees with the triangular product of transform().
  std::vector<float> row(30);
  b->transform_row(Q.row(3).data(), row.data());
  const FeatureMatrix TQ = b->transform(Q);
  for (int j = 0; j < 30; ++j) EXPECT_NEAR(row[static_cast<size_t>(j)], TQ(3, j), 1e-5f);
}

// Rotation-free Nyström with a singular K_mm (linear kernel in 3-D: rank 3 among 12 landmarks): D = 6 >= r keeps
// every whitened direction, so C = U_r Σ_r^{-1/2} (r = 3 coordinates) has the ordered PCA's inner products. With
// D = 2 < r the option does not apply: the ordered PCA's first 2 coordinates, bit for bit.
TEST_F(ProjectionTest, RotationFreeNystromWithASingularLandmarkKernel) {
  const FeatureMatrix X = random_points(80, 3, 23, 1.0);
  ProjectionOptions ordered = opts(ProjectionKind::kpca, 6);
  ordered.exact_limit = 0;
  ordered.landmarks = 12;
  ProjectionOptions free = ordered;
  free.skip_nystrom_pca = true;
  auto [a, b] = fit_twice(X, linear(), ordered, free, 6);
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(b.ok());
  ASSERT_TRUE(b->rotation_free());
  ASSERT_EQ(a->dims(), 3);
  ASSERT_EQ(b->dims(), 3);
  const FeatureMatrix Q = random_points(20, 3, 24, 1.0);
  const Eigen::MatrixXd Ga = gram_of(*a, Q), Gb = gram_of(*b, Q);
  EXPECT_LT((Ga - Gb).cwiseAbs().maxCoeff(), 1e-5 * Ga.cwiseAbs().maxCoeff());
  EXPECT_GT((a->transform(Q) - b->transform(Q)).cwiseAbs().maxCoeff(), 0.05f);

  ordered.dims = free.dims = 2;
  auto [c, e] = fit_twice(X, linear(), ordered, free, 6);
  ASSERT_TRUE(c.ok());
  ASSERT_TRUE(e.ok());
  EXPECT_FALSE(e->rotation_free()) << "D < rank: the PCA chooses the directions";
  EXPECT_TRUE(e->coefficients() == c->coefficients());
}

// Nyström whitening when K_mm is singular (the eigendecomposition path drops its null directions): the map
// must still reproduce the kernel on the landmarks' span, π(x)·π(y) = K(x, y) whenever φ(x) is in that span.
// Gaussian: 10 distinct points, each three times, all 30 rows landmarks (rank 10): every training row is in the
// span, and so is its inner product with any new point. Linear kernel in 3-D, 12 landmarks among 80 points
// (rank 3): the span is the whole feature space, so π(x)·π(y) = x·y for every pair. Both with the ordered PCA
// and rotation-free. A whitening by Σ^{-1} instead of Σ^{-1/2}, or keeping a null direction, breaks it.
TEST_F(ProjectionTest, NystromWithASingularLandmarkKernelReproducesTheKernelOnTheSpan) {
  const FeatureMatrix distinct = random_points(10, 2, 31, 2.0);
  FeatureMatrix X(30, 2);
  for (int i = 0; i < 30; ++i) X.row(i) = distinct.row(i % 10);
  const Kernel k = gaussian(0.9);
  const FeatureMatrix Q = random_points(15, 2, 32, 2.0);
  for (bool skip : {false, true}) {
    ProjectionOptions o = opts(ProjectionKind::kpca, 30);
    o.exact_limit = 0;
    o.landmarks = 30;
    o.skip_nystrom_pca = skip;
    Rng rng(5, Stream::learner);
    auto p = KernelProjection::fit(X, k, o, rng);
    ASSERT_TRUE(p.ok());
    ASSERT_TRUE(p->nystrom());
    // The premise: K_mm is singular, so the fit took the eigendecomposition path and kept rank 10.
    ASSERT_EQ(p->dims(), 10) << "skip=" << skip;
    const Eigen::MatrixXd TX = p->transform(X).cast<double>();
    const Eigen::MatrixXd TQ = p->transform(Q).cast<double>();
    EXPECT_LT((TX * TX.transpose() - gram_matrix(k, X)).cwiseAbs().maxCoeff(), 1e-5) << "skip=" << skip;
    EXPECT_LT((TX * TQ.transpose() - kernel_matrix(k, X, Q)).cwiseAbs().maxCoeff(), 1e-5) << "skip=" << skip;
  }
  const FeatureMatrix Y = random_points(80, 3, 33, 1.0);
  const FeatureMatrix R = random_points(20, 3, 34, 1.0);
  for (bool skip : {false, true}) {
    ProjectionOptions o = opts(ProjectionKind::kpca, 12);
    o.exact_limit = 0;
    o.landmarks = 12;
    o.skip_nystrom_pca = skip;
    Rng rng(6, Stream::learner);
    auto p = KernelProjection::fit(Y, linear(), o, rng);
    ASSERT_TRUE(p.ok());
    ASSERT_EQ(p->dims(), 3) << "skip=" << skip;
    const Eigen::MatrixXd TR = p->transform(R).cast<double>();
    const Eigen::MatrixXd Rd = R.cast<double>();
    EXPECT_LT((TR * TR.transpose() - Rd * Rd.transpose()).cwiseAbs().maxCoeff(), 1e-5) << "skip=" << skip;
  }
}

// Kernel PCA as 004 §4.2 means it, the D leading principal axes of the Gaussian kernel on the sample, measured
// against the exact uncentred KPCA on a subset (n = 600): Nyström with m = 4D landmarks and then the sample's PCA
// (ProjectionOptions::landmarks > dims) reproduces the exact map's Gram matrix π(x_i)·π(x_j) on the sample to a
// few percent and captures nearly all of its variance, while m = D landmarks (what the pipeline's `kpca` field
// fits) keeps every whitened direction of D random points: another subspace, with a far larger Gram error and
// less of the sample's variance.
TEST_F(ProjectionTest, NystromWithMoreLandmarksApproachesTheExactPrincipalAxes) {
  const FeatureMatrix X = random_points(600, 3, 41, 1.5);
  const Kernel k = gaussian(1.0);
  const int D = 20;
  ProjectionOptions exact = opts(ProjectionKind::kpca, D);
  exact.exact_limit = 600;
  Rng r0(7, Stream::learner);
  auto e = KernelProjection::fit(X, k, exact, r0);
  ASSERT_TRUE(e.ok());
  ASSERT_FALSE(e->nystrom());
  const Eigen::MatrixXd G = gram_of(*e, X);
  const double exact_variance = e->spectrum().head(D).sum();
  double gram_error[2], variance[2];
  const int landmarks[2] = {4 * D, D};
  for (int i = 0; i < 2; ++i) {
    ProjectionOptions o = opts(ProjectionKind::kpca, D);
    o.exact_limit = 0;
    o.landmarks = landmarks[i];
    Rng rng(7, Stream::learner);
    auto p = KernelProjection::fit(X, k, o, rng);
    ASSERT_TRUE(p.ok());
    ASSERT_TRUE(p->nystrom());
    ASSERT_EQ(p->dims(), D);
    gram_error[i] = (gram_of(*p, X) - G).norm() / G.norm();
    variance[i] = p->transform(X).cast<double>().squaredNorm() / exact_variance;
  }
  std::printf("[ measured ] Gram error against exact KPCA (D = %d, n = 600): m = 4D %.4f, m = D %.4f; variance "
              "captured: %.4f and %.4f of the exact map's\n",
              D, gram_error[0], gram_error[1], variance[0], variance[1]);
  EXPECT_LT(gram_error[0], 0.05);
  EXPECT_GT(variance[0], 0.98);
  EXPECT_LE(variance[0], 1.0 + 1e-6) << "no D-dimensional map captures more than the exact principal axes";
  EXPECT_GT(gram_error[1], 3 * gram_error[0]);
  EXPECT_LT(variance[1], variance[0]);
}

// The pipeline's kernel features with m > D landmarks (field klm) as exact kernel PCA defines them, computed here
// with Eigen's SelfAdjointEigenSolver on the full kernel matrix of a subset (n = 240): K = V Λ Vᵀ, and the D
// leading principal axes' features π(x) = Λ_D^{-1/2} V_Dᵀ k(x) have the Gram matrix K_D = V_D Λ_D V_Dᵀ on the
// sample (π(X) = K V_D Λ_D^{-1/2} = V_D Λ_D^{1/2}), the best rank-D approximation of K. The exact fit and Nyström
// with m = n landmarks give K_D to rounding and Λ_D as their spectrum; Nyström with m = 4D approximates K_D. The
// trailing axes instead of the leading ones, or the features without the 1/√λ scaling (Gram V_D Λ_D² V_Dᵀ), miss
// K_D by far more than any tolerance here (checked by breaking projection.cpp both ways).
TEST_F(ProjectionTest, PrincipalAxisFeaturesReconstructTheTopDKernel) {
  const int n = 240, D = 12;
  const FeatureMatrix X = random_points(n, 3, 43, 1.5);
  const Kernel k = gaussian(1.0);
  const Eigen::MatrixXd K = gram_matrix(k, X);
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> exact(K);  // ascending
  ASSERT_EQ(exact.info(), Eigen::Success);
  const Eigen::MatrixXd V = exact.eigenvectors().rightCols(D);
  const Eigen::VectorXd lambda = exact.eigenvalues().tail(D);
  const Eigen::MatrixXd KD = V * lambda.asDiagonal() * V.transpose();
  struct Fit {
    const char* name;
    int exact_limit, landmarks;
    double tolerance;  // on ||Gram - K_D||_F / ||K_D||_F
  };
  const Fit fits[] = {{"exact", n, 0, 1e-5}, {"Nystrom m = n", 0, n, 1e-5}, {"Nystrom m = 4D", 0, 4 * D, 0.05}};
  for (const Fit& f : fits) {
    ProjectionOptions o = opts(ProjectionKind::kpca, D);
    o.exact_limit = f.exact_limit;
    o.landmarks = f.landmarks;
    Rng rng(9, Stream::features);
    auto p = KernelProjection::fit(X, k, o, rng);
    ASSERT_TRUE(p.ok()) << f.name;
    ASSERT_EQ(p->dims(), D) << f.name;
    const double error = (gram_of(*p, X) - KD).norm() / KD.norm();
    std::printf("[ measured ] %s: ||Gram - K_D|| / ||K_D|| = %.2e\n", f.name, error);
    EXPECT_LT(error, f.tolerance) << f.name;
    if (f.tolerance < 1e-3) {
      for (int j = 0; j < D; ++j) EXPECT_NEAR(p->spectrum()[j], lambda[D - 1 - j], 1e-9 * lambda[D - 1]) << f.name;
    }
  }
}

TEST_F(ProjectionTest, FitIsDeterministic) {
  const FeatureMatrix X = random_points(120, 4, 21, 1.0);
  for (ProjectionKind kind : {ProjectionKind::random, ProjectionKind::kgs, ProjectionKind::kpca}) {
    auto [a, b] = fit_twice(X, gaussian(0.7), opts(kind, 15), opts(kind, 15), 8);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_TRUE(a->coefficients() == b->coefficients());
    EXPECT_TRUE(a->transform(X) == b->transform(X));
  }
}

TEST_F(ProjectionTest, ErrorCodes) {
  Rng rng(1, Stream::learner);
  const FeatureMatrix empty(0, 2);
  auto e1 = KernelProjection::fit(empty, linear(), opts(ProjectionKind::kgs, 2), rng);
  ASSERT_FALSE(e1.ok());
  EXPECT_EQ(e1.error().code, "projection.empty");
  const FeatureMatrix zeros = FeatureMatrix::Zero(4, 2);
  auto e2 = KernelProjection::fit(zeros, linear(), opts(ProjectionKind::kgs, 0), rng);
  ASSERT_FALSE(e2.ok());
  EXPECT_EQ(e2.error().code, "projection.bad_dims");
  auto e3 = KernelProjection::fit(zeros, linear(), opts(ProjectionKind::kgs, 2), rng);
  ASSERT_FALSE(e3.ok());
  EXPECT_EQ(e3.error().code, "projection.rank_zero");
  auto e4 = KernelProjection::fit(zeros, linear(), opts(ProjectionKind::kpca, 2), rng);
  ASSERT_FALSE(e4.ok());
  EXPECT_EQ(e4.error().code, "projection.rank_zero");
  FeatureMatrix bad = points({{1, 0}, {0, 1}});
  bad(1, 1) = std::numeric_limits<float>::quiet_NaN();
  auto e5 = KernelProjection::fit(bad, gaussian(1.0), opts(ProjectionKind::kpca, 2), rng);
  ASSERT_FALSE(e5.ok());
  EXPECT_EQ(e5.error().code, "projection.not_finite");
}

TEST_F(ProjectionTest, Names) {
  for (ProjectionKind k : {ProjectionKind::random, ProjectionKind::kpca, ProjectionKind::kgs}) {
    ProjectionKind back;
    ASSERT_TRUE(parse_enum_name(enum_name(k), &back));
    EXPECT_EQ(back, k);
  }
  ProjectionKind dummy;
  EXPECT_FALSE(parse_enum_name("pca", &dummy));
}

}  // namespace projection_test
}  // namespace ml
