// Tests of core/kernels/symmetric_eigen.h: the strip-wise solver gives Eigen's SelfAdjointEigenSolver bits on
// matrices of several sizes and spectra (1 x 1, diagonal, a repeated eigenvalue, a kernel matrix whose
// spectrum decays to the rounding level, a Marchenko-Pastur spectrum), in either build.
#include "core/kernels/symmetric_eigen.h"

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cstring>

#include "core/kernels/kernel.h"
#include "core/util/eigen_setup.h"
#include "core/util/rng.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace symmetric_eigen_test {

bool same_bits(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<size_t>(a.size())) == 0;
}

void expect_eigen_bits(const Eigen::MatrixXd& A, const char* what) {
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> reference(A);
  const SymmetricEigen got = symmetric_eigen(A);
  EXPECT_TRUE(got.converged) << what;
  EXPECT_TRUE(same_bits(got.values, reference.eigenvalues())) << what;
  EXPECT_TRUE(same_bits(got.vectors, reference.eigenvectors()))
      << what << ": max difference " << (got.vectors - reference.eigenvectors()).cwiseAbs().maxCoeff();
}

TEST(SymmetricEigen, SameBitsAsEigensSolver) {
  configure_eigen();
  expect_eigen_bits(Eigen::MatrixXd::Constant(1, 1, 2.5), "1 x 1");
  expect_eigen_bits(Eigen::Vector4d(3, -1, 2, 0.5).asDiagonal().toDenseMatrix(), "diagonal");
  Eigen::MatrixXd repeated = Eigen::MatrixXd::Identity(6, 6);
  repeated(0, 1) = repeated(1, 0) = 0.5;
  expect_eigen_bits(repeated, "repeated eigenvalue");
  // A Gaussian kernel matrix: eigenvalues from ~n down to the rounding level, many QR sweeps.
  const FeatureMatrix X = test::random_points(300, 3, 7, 2.0);
  expect_eigen_bits(gram_matrix(make_kernel(KernelKind::gaussian, 2, 1.0, 1.0, 0.0), X), "kernel 300");
  // A random Wishart matrix, big enough for several rotation buffers and strips (>= 2^16 rotations).
  Rng rng(5, Stream::data);
  Eigen::MatrixXd G(401, 401);
  for (Eigen::Index j = 0; j < G.cols(); ++j)
    for (Eigen::Index i = 0; i < G.rows(); ++i) G(i, j) = rng.uniform(-1.0, 1.0);
  const Eigen::MatrixXd W = G * G.transpose();
  expect_eigen_bits(W, "Wishart 401");
}

}  // namespace symmetric_eigen_test
}  // namespace ml
