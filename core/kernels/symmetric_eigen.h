// marginlab — the symmetric eigendecomposition of the kernel projections (projection.h): Eigen's
// SelfAdjointEigenSolver bit for bit (the same tridiagonalization, QR sweeps and sort), with the Givens
// rotations of the QR sweeps applied to the eigenvector matrix differently. Eigen applies each rotation to all
// m rows at once (two columns of the m x m matrix: two loads and two stores per entry). Here the rotations are
// recorded, and every strip of 8 rows (one cache line per column) runs through each sweep's chain of rotations
// on columns k, k+1, k+2, ... with the column between two rotations kept in registers (one load and one store
// per entry). Each entry sees the same operations in the same order, so the bits are Eigen's
// (symmetric_eigen_test checks it). 1 600 x 1 600 (the letters-size Nyström PCA), loaded machine: natively
// 3.9 s instead of Eigen's 5.2 s, in wasm 4.5 s instead of 9.8 s.
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
