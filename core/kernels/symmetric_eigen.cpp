// marginlab — symmetric eigendecomposition with strip-wise rotations (see symmetric_eigen.h).
#include "core/kernels/symmetric_eigen.h"

#include <Eigen/Eigenvalues>
#include <Eigen/Jacobi>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ml {
namespace {

struct Givens {
  Eigen::Index k;  // the rotation acts on columns k and k+1
  double c, s;
};

// Rows of the eigenvector matrix per strip (32 rows x 1 600 columns = 400 KB: in a core's L2).
constexpr Eigen::Index kStripRows = 32;
// Rotations kept before they are applied (1.5 MB).
constexpr size_t kRotationBuffer = size_t{1} << 16;

// Q <- Q G_1 G_2 ... for the recorded rotations, each row of Q meeting them in order, with the operations of
// Eigen's Q.applyOnTheRight(k, k+1, rot) on each row: x' = c x - s y, y' = s x + c y (Eigen skips identities too).
void apply_rotations(Eigen::MatrixXd& Q, const std::vector<Givens>& rotations) {
  const Eigen::Index n = Q.rows();
  for (Eigen::Index r0 = 0; r0 < n; r0 += kStripRows) {
    const Eigen::Index rows = std::min(kStripRows, n - r0);
    for (const Givens& g : rotations) {
      if (g.c == 1.0 && g.s == 0.0) continue;
      double* x = &Q(r0, g.k);
      double* y = &Q(r0, g.k + 1);
      Eigen::Index i = 0;
#if defined(__SSE2__)
      const __m128d c = _mm_set1_pd(g.c), s = _mm_set1_pd(g.s);
      for (; i + 2 <= rows; i += 2) {
        const __m128d xi = _mm_loadu_pd(x + i), yi = _mm_loadu_pd(y + i);
        _mm_storeu_pd(x + i, _mm_sub_pd(_mm_mul_pd(c, xi), _mm_mul_pd(s, yi)));
        _mm_storeu_pd(y + i, _mm_add_pd(_mm_mul_pd(s, xi), _mm_mul_pd(c, yi)));
      }
#endif
      for (; i < rows; ++i) {
        const double xi = x[i], yi = y[i];
        x[i] = g.c * xi - g.s * yi;
        y[i] = g.s * xi + g.c * yi;
      }
    }
  }
}

// One implicit symmetric QR step with Wilkinson shift on rows start..end of the tridiagonal matrix (Eigen's
// internal::tridiagonal_qr_step, its rotations recorded instead of applied).
void qr_step(double* diag, double* subdiag, Eigen::Index start, Eigen::Index end, std::vector<Givens>& out) {
  double td = (diag[end - 1] - diag[end]) * 0.5;
  double e = subdiag[end - 1];
  double mu = diag[end];
  if (td == 0.0) {
    mu -= std::abs(e);
  } else if (e != 0.0) {
    const double e2 = Eigen::numext::abs2(e);
    const double h = Eigen::numext::hypot(td, e);
    if (e2 == 0.0) {
      mu -= e / ((td + (td > 0.0 ? h : -h)) / e);
    } else {
      mu -= e2 / (td + (td > 0.0 ? h : -h));
    }
  }
  double x = diag[start] - mu;
  double z = subdiag[start];
  for (Eigen::Index k = start; k < end && z != 0.0; ++k) {
    Eigen::JacobiRotation<double> rot;
    rot.makeGivens(x, z);
    const double c = rot.c(), s = rot.s();
    const double sdk = s * diag[k] + c * subdiag[k];
    const double dkp1 = s * subdiag[k] + c * diag[k + 1];
    diag[k] = c * (c * diag[k] - s * subdiag[k]) - s * (c * subdiag[k] - s * diag[k + 1]);
    diag[k + 1] = s * sdk + c * dkp1;
    subdiag[k] = c * sdk - s * dkp1;
    if (k > start) subdiag[k - 1] = c * subdiag[k - 1] - s * z;
    x = subdiag[k];
    if (k < end - 1) {
      z = -s * subdiag[k + 1];
      subdiag[k + 1] = c * subdiag[k + 1];
    }
    out.push_back(Givens{k, c, s});
  }
}

}  // namespace

SymmetricEigen symmetric_eigen(const Eigen::MatrixXd& A) {
  SymmetricEigen result;
  Eigen::VectorXd& values = result.values;
  Eigen::MatrixXd& vectors = result.vectors;
  using Eigen::Index;
  const Index n = A.rows();
  values.resize(n);
  if (n == 1) {
    values[0] = A(0, 0);
    vectors.setOnes(1, 1);
    result.converged = true;
    return result;
  }
  Eigen::MatrixXd& mat = vectors;
  mat = A.triangularView<Eigen::Lower>();
  double scale = mat.cwiseAbs().maxCoeff();
  if (scale == 0.0) scale = 1.0;
  mat.triangularView<Eigen::Lower>() /= scale;
  Eigen::VectorXd subdiag(n - 1), hcoeffs(n - 1);
  Eigen::internal::tridiagonalization_inplace(mat, values, subdiag, hcoeffs, true);

  // Eigen's computeFromTridiagonal_impl, the rotations buffered.
  double* diag = values.data();
  const double considerAsZero = (std::numeric_limits<double>::min)();
  const double precision_inv = 1.0 / Eigen::NumTraits<double>::epsilon();
  const Index max_iterations = 30;  // SelfAdjointEigenSolver::m_maxIterations
  Index end = n - 1, start = 0, iter = 0;
  std::vector<Givens> rotations;
  rotations.reserve(kRotationBuffer + static_cast<size_t>(n));
  while (end > 0) {
    for (Index i = start; i < end; ++i) {
      if (std::abs(subdiag[i]) < considerAsZero) {
        subdiag[i] = 0.0;
      } else {
        const double scaled_subdiag = precision_inv * subdiag[i];
        if (scaled_subdiag * scaled_subdiag <= (std::abs(diag[i]) + std::abs(diag[i + 1]))) subdiag[i] = 0.0;
      }
    }
    while (end > 0 && subdiag[end - 1] == 0.0) end--;
    if (end <= 0) break;
    iter++;
    if (iter > max_iterations * n) break;
    start = end - 1;
    while (start > 0 && subdiag[start - 1] != 0) start--;
    qr_step(diag, subdiag.data(), start, end, rotations);
    if (rotations.size() >= kRotationBuffer) {
      apply_rotations(mat, rotations);
      rotations.clear();
    }
  }
  apply_rotations(mat, rotations);
  result.converged = iter <= max_iterations * n;
  if (result.converged) {  // sorted ascending by selection, as Eigen does
    for (Index i = 0; i < n - 1; ++i) {
      Index k;
      values.segment(i, n - i).minCoeff(&k);
      if (k > 0) {
        std::swap(values[i], values[k + i]);
        mat.col(i).swap(mat.col(k + i));
      }
    }
  }
  values *= scale;
  return result;
}


}  // namespace ml
