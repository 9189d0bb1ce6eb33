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

// Rows of the eigenvector matrix per strip: one 64-byte cache line of each column.
constexpr Eigen::Index kStripRows = 8;
// Rotations kept before they are applied (1.5 MB).
constexpr size_t kRotationBuffer = size_t{1} << 16;

// Applies rotations[a..b), a chain on columns k, k+1, k+2, ... (one QR sweep), to `rows` rows of Q from row r0:
// column k+1's new value is the next rotation's x, so it stays in a register (the carry) along the chain.
// Per entry these are the operations of Eigen's Q.applyOnTheRight(k, k+1, rot): x' = c x - s y, y' = s x + c y,
// identity rotations skipped, in the same order.
void apply_chain(Eigen::MatrixXd& Q, const Givens* rotations, size_t count, Eigen::Index r0, Eigen::Index rows) {
  const Eigen::Index k0 = rotations[0].k;
  Eigen::Index i = 0;
#if defined(__SSE2__)
  if (rows == 8) {
    double* column = &Q(r0, k0);
    const Eigen::Index stride = Q.outerStride();
    __m128d x0 = _mm_loadu_pd(column), x1 = _mm_loadu_pd(column + 2), x2 = _mm_loadu_pd(column + 4),
            x3 = _mm_loadu_pd(column + 6);
    for (size_t t = 0; t < count; ++t, column += stride) {
      const double* next = column + stride;
      const __m128d y0 = _mm_loadu_pd(next), y1 = _mm_loadu_pd(next + 2), y2 = _mm_loadu_pd(next + 4),
                    y3 = _mm_loadu_pd(next + 6);
      if (rotations[t].c == 1.0 && rotations[t].s == 0.0) {
        _mm_storeu_pd(column, x0), _mm_storeu_pd(column + 2, x1), _mm_storeu_pd(column + 4, x2),
            _mm_storeu_pd(column + 6, x3);
        x0 = y0, x1 = y1, x2 = y2, x3 = y3;
        continue;
      }
      const __m128d c = _mm_set1_pd(rotations[t].c), s = _mm_set1_pd(rotations[t].s);
      _mm_storeu_pd(column, _mm_sub_pd(_mm_mul_pd(c, x0), _mm_mul_pd(s, y0)));
      _mm_storeu_pd(column + 2, _mm_sub_pd(_mm_mul_pd(c, x1), _mm_mul_pd(s, y1)));
      _mm_storeu_pd(column + 4, _mm_sub_pd(_mm_mul_pd(c, x2), _mm_mul_pd(s, y2)));
      _mm_storeu_pd(column + 6, _mm_sub_pd(_mm_mul_pd(c, x3), _mm_mul_pd(s, y3)));
      x0 = _mm_add_pd(_mm_mul_pd(s, x0), _mm_mul_pd(c, y0));
      x1 = _mm_add_pd(_mm_mul_pd(s, x1), _mm_mul_pd(c, y1));
      x2 = _mm_add_pd(_mm_mul_pd(s, x2), _mm_mul_pd(c, y2));
      x3 = _mm_add_pd(_mm_mul_pd(s, x3), _mm_mul_pd(c, y3));
    }
    _mm_storeu_pd(column, x0), _mm_storeu_pd(column + 2, x1), _mm_storeu_pd(column + 4, x2),
        _mm_storeu_pd(column + 6, x3);
    return;
  }
#endif
  for (; i < rows; ++i) {
    double carry = Q(r0 + i, k0);
    for (size_t t = 0; t < count; ++t) {
      const Givens& g = rotations[t];
      const double y = Q(r0 + i, g.k + 1);
      if (g.c == 1.0 && g.s == 0.0) {
        Q(r0 + i, g.k) = carry;
        carry = y;
        continue;
      }
      Q(r0 + i, g.k) = g.c * carry - g.s * y;
      carry = g.s * carry + g.c * y;
    }
    Q(r0 + i, k0 + static_cast<Eigen::Index>(count)) = carry;
  }
}

// Q <- Q G_1 G_2 ... for the recorded rotations, each row of Q meeting them in order: strips of kStripRows rows,
// each taking the chains (runs of rotations on consecutive columns: the QR sweeps) one after the other.
void apply_rotations(Eigen::MatrixXd& Q, const std::vector<Givens>& rotations) {
  if (rotations.empty()) return;
  std::vector<size_t> chain_starts;
  for (size_t t = 0; t < rotations.size(); ++t)
    if (t == 0 || rotations[t].k != rotations[t - 1].k + 1) chain_starts.push_back(t);
  chain_starts.push_back(rotations.size());
  const Eigen::Index n = Q.rows();
  for (Eigen::Index r0 = 0; r0 < n; r0 += kStripRows) {
    const Eigen::Index rows = std::min(kStripRows, n - r0);
    for (size_t c = 0; c + 1 < chain_starts.size(); ++c)
      apply_chain(Q, rotations.data() + chain_starts[c], chain_starts[c + 1] - chain_starts[c], r0, rows);
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
