// marginlab — the symmetric eigendecomposition of the kernel projections (projection.h): Eigen's
// SelfAdjointEigenSolver bit for bit (the same tridiagonalization, QR sweeps and sort), with the Givens
// rotations of the QR sweeps applied to the eigenvector matrix a strip of rows at a time. Eigen applies each
// rotation to all m rows at once (two columns of the m x m matrix); here the rotations are recorded and every
// strip of kStripRows rows meets all of them in the same order while it stays in cache. Each entry sees the
// same operations in the same order, so the bits are Eigen's (symmetric_eigen_test checks it); in wasm, where
// Eigen's rotation loop is slow, the 1 600 x 1 600 solve of the letters-size Nyström fit took 6.8 s instead of
// 9.5 s (a loaded machine); natively the two are level.
#pragma once

#include <Eigen/Core>

namespace ml {

// Eigenvalues in ascending order and the eigenvectors as columns of a symmetric matrix.
struct SymmetricEigen {
  Eigen::VectorXd values;   // ascending
  Eigen::MatrixXd vectors;  // column j belongs to values[j]
  bool converged = false;   // false when the QR iteration hit Eigen's iteration limit (30 n sweeps)
};

// The eigendecomposition of the symmetric matrix A (only its lower triangle is read), as
// Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(A) computes it, bit for bit.
SymmetricEigen symmetric_eigen(const Eigen::MatrixXd& A);

}  // namespace ml
