// marginlab — what a learner costs before it runs (see cost.h).
#include "core/learners/cost.h"

namespace ml {
namespace {

constexpr double kFloatBytes = 4, kDoubleBytes = 8;
// Multiply-adds of a symmetric eigendecomposition with eigenvectors, per n^3 (tridiagonalization + QR sweeps).
constexpr double kEigenFactor = 9;

}  // namespace

void CostSum::add(Resource r, double amount, std::string_view part) {
  const int i = static_cast<int>(r);
  cost_.amount[i] += amount;
  if (amount > largest_[i]) {
    largest_[i] = amount;
    cost_.part[i] = part;
  }
}

LearnerCost online_pass_cost(const ProblemShape& shape, CostSum& sum) {
  sum.add(Resource::step, shape.train * (shape.dims + 1), "one pass over the sample");
  return {};
}

double nystrom_landmarks(double landmarks, double n, double D) {
  return landmarks > 0 ? landmarks : std::min(n, std::max(2 * D, 1000.0));
}

double add_projection_cost(CostSum& sum, ProjectionKind kind, double n, double other, double d, double D,
                           double landmarks, double exact_limit, Resource work) {
  if (n < 1) return 0;
  D = std::min(D, n);
  double basis = D;
  if (kind == ProjectionKind::kpca && n <= exact_limit) {
    basis = n;
    sum.add(Resource::memory, 3 * n * n * kDoubleBytes, "exact kernel PCA's kernel matrix and eigenvectors");
    sum.add(work, n * n * (d + D), "exact kernel PCA's kernel matrix");
    sum.add(Resource::unit, kEigenFactor * n * n * n, "exact kernel PCA's eigendecomposition (n^3)");
  } else if (kind == ProjectionKind::kpca) {
    const double m = std::min(std::max(nystrom_landmarks(landmarks, n, D), D), n);
    basis = m;
    sum.add(Resource::memory, 3 * m * m * kDoubleBytes, "Nyström landmarks' kernel and eigenvectors (m^2)");
    sum.add(work, n * m * (d + m + D), "Nyström covariance over the sample (n m^2)");
    // Worst case: K_mm numerically singular, so the whitening is an eigendecomposition too (projection.h; a
    // positive definite K_mm takes a Cholesky factor, m^3/3, and only the PCA's eigendecomposition remains).
    sum.add(Resource::unit, 2 * kEigenFactor * m * m * m, "eigendecompositions of the Nyström landmarks (m^3)");
  } else if (kind == ProjectionKind::random) {
    sum.add(Resource::memory, 2 * D * D * kDoubleBytes, "random span's kernel matrix and factor");
    sum.add(work, n * D * (d + D), "random span's projection of the sample");
    sum.add(Resource::unit, D * D * D / 3, "random span's Cholesky factorization");
  } else {
    sum.add(Resource::memory, n * D * kDoubleBytes, "kernel Gram-Schmidt's factor (n D)");
    sum.add(work, n * D * (d + D), "kernel Gram-Schmidt pivots (n D^2)");
  }
  sum.add(Resource::memory, (n + other) * D * kFloatBytes, "projected sample (n D)");
  sum.add(work, other * basis * (d + D), "projection of the test part");
  return basis;
}

}  // namespace ml
