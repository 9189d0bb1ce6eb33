// marginlab — kernel projections: random span, kernel Gram-Schmidt, kernel PCA / Nyström (see projection.h).
#include "core/kernels/projection.h"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cassert>
#include <cmath>
#include <string>

namespace ml {

namespace {

// Kernel blocks are computed this many doubles at a time (32 MB), whatever the sample size.
constexpr Eigen::Index kBlockDoubles = Eigen::Index{1} << 22;
// Jitter ladder of the random span: at most this many factorizations, the jitter growing 100x each time.
constexpr int kJitterTries = 9;
// Relative tie margin of the sign rule (fix_column_signs).
constexpr double kSignTieTolerance = 1e-6;

FeatureMatrix gather_rows(const FeatureMatrix& X, const std::vector<int>& rows) {
  FeatureMatrix out(static_cast<Eigen::Index>(rows.size()), X.cols());
  for (size_t i = 0; i < rows.size(); ++i) out.row(static_cast<Eigen::Index>(i)) = X.row(rows[i]);
  return out;
}

Eigen::Index rows_per_block(Eigen::Index basis_size) {
  return std::max<Eigen::Index>(1, kBlockDoubles / std::max<Eigen::Index>(1, basis_size));
}

// Makes the entry of largest magnitude of every column positive, so that the arbitrary sign of an
// eigenvector never reaches a result. Entries within kSignTieTolerance (relative) of the largest count as
// ties, resolved to the lowest row, so that a symmetric eigenvector like (1,-1)/√2 gets a stable sign.
void fix_column_signs(Eigen::MatrixXd& C) {
  for (Eigen::Index j = 0; j < C.cols(); ++j) {
    if (C.rows() == 0) return;
    const double max_abs = C.col(j).cwiseAbs().maxCoeff();
    Eigen::Index first = 0;
    while (std::fabs(C(first, j)) < (1.0 - kSignTieTolerance) * max_abs) ++first;
    if (C(first, j) < 0) C.col(j) = -C.col(j);
  }
}

Error not_finite_error() {
  return make_error("projection.not_finite",
                    "projection: a kernel value is not finite (NaN or infinite feature, or kernel parameters out of range)");
}

Error rank_zero_error(std::string_view what) {
  return make_error("projection.rank_zero",
                    std::string("projection (") + std::string(what) +
                        "): the kernel matrix of the sample is zero, there is no direction to project on");
}

}  // namespace

std::string_view projection_name(ProjectionKind kind) {
  switch (kind) {
    case ProjectionKind::random: return "random";
    case ProjectionKind::kpca: return "kpca";
    case ProjectionKind::kgs: return "kgs";
  }
  return "random";
}

bool parse_projection(std::string_view name, ProjectionKind* out) {
  for (ProjectionKind k : {ProjectionKind::random, ProjectionKind::kpca, ProjectionKind::kgs}) {
    if (name == projection_name(k)) {
      *out = k;
      return true;
    }
  }
  return false;
}

Result<KernelProjection> KernelProjection::fit(const FeatureMatrix& X, const Kernel& kernel,
                                               const ProjectionOptions& options, Rng& rng) {
  const int n = static_cast<int>(X.rows());
  if (n < 1) return make_error("projection.empty", "projection: the training sample has no rows");
  if (options.dims < 1) {
    return make_error("projection.bad_dims",
                      "projection: dimension D = " + std::to_string(options.dims) + " must be at least 1");
  }
  const int dims = std::min(options.dims, n);
  const double tol = options.tolerance;

  KernelProjection p;
  p.kind_ = options.kind;
  p.kernel_ = kernel;

  if (options.kind == ProjectionKind::random || options.kind == ProjectionKind::kgs) {
    Eigen::MatrixXd L;  // Cholesky factor of K on the chosen points, in pick order
    if (options.kind == ProjectionKind::random) {
      p.basis_rows_ = rng.choose(n, dims);
      p.basis_ = gather_rows(X, p.basis_rows_);
      Eigen::MatrixXd K = gram_matrix(kernel, p.basis_);
      if (!K.allFinite()) return not_finite_error();
      const double max_diag = K.diagonal().maxCoeff();
      const double scale = max_diag > 0 ? max_diag : 1.0;
      Eigen::LLT<Eigen::MatrixXd> llt(K);
      bool ok = llt.info() == Eigen::Success &&
                llt.matrixLLT().diagonal().array().square().minCoeff() >= tol * scale;
      double eps = 0;
      if (!ok) {
        eps = tol * scale;
        for (int attempt = 0; attempt < kJitterTries; ++attempt, eps *= 100.0) {
          Eigen::MatrixXd Kj = K;
          Kj.diagonal().array() += eps;
          llt.compute(Kj);
          if (llt.info() == Eigen::Success) {
            ok = true;
            break;
          }
        }
      }
      if (!ok) {
        return make_error("projection.not_pd",
                          "projection (random): the kernel matrix of the " + std::to_string(dims) +
                              " chosen points stays non positive definite even with jitter " +
                              std::to_string(eps / 100.0) + "; check the kernel parameters");
      }
      p.jitter_ = eps;
      L = llt.matrixL();
    } else {
      // Kernel Gram-Schmidt = greedy pivoted incomplete Cholesky (Shawe-Taylor & Cristianini 2004).
      const Eigen::MatrixXd Xd = X.cast<double>();
      const Eigen::VectorXd norms2 = row_norms2(X);
      Eigen::VectorXd diag(n);
      for (int i = 0; i < n; ++i) diag[i] = kernel.from_products(norms2[i], norms2[i], norms2[i]);
      if (!diag.allFinite()) return not_finite_error();
      const double max_diag = diag.maxCoeff();
      if (!(max_diag > 0)) return rank_zero_error("kgs");
      const double threshold = tol * max_diag;
      Eigen::VectorXd residual = diag;          // ||φ(x_i) - P φ(x_i)||², P = projection on the pivots so far
      Eigen::MatrixXd R(dims, n);               // row j: coordinate j of every training point
      L.setZero(dims, dims);
      std::vector<uint8_t> picked(static_cast<size_t>(n), 0);
      Eigen::VectorXd column(n);
      int count = 0;
      for (int j = 0; j < dims; ++j) {
        int pivot = -1;
        double best = threshold;
        for (int i = 0; i < n; ++i) {
          if (!picked[static_cast<size_t>(i)] && residual[i] > best) {
            best = residual[i];
            pivot = i;
          }
        }
        if (pivot < 0) break;  // every residual below the tolerance: the span is (numerically) exhausted
        const double nu = std::sqrt(residual[pivot]);
        const Eigen::VectorXd dots = Xd * Xd.row(pivot).transpose();
        for (int i = 0; i < n; ++i) column[i] = kernel.from_products(dots[i], norms2[i], norms2[pivot]);
        column[pivot] = diag[pivot];
        if (!column.allFinite()) return not_finite_error();
        if (j > 0) column.noalias() -= R.topRows(j).transpose() * R.col(pivot).head(j);
        R.row(j) = (column / nu).transpose();
        for (int t = 0; t < j; ++t) L(j, t) = R(t, pivot);
        L(j, j) = nu;
        picked[static_cast<size_t>(pivot)] = 1;
        for (int i = 0; i < n; ++i) {
          const double r = residual[i] - R(j, i) * R(j, i);
          residual[i] = picked[static_cast<size_t>(i)] || r < 0 ? 0.0 : r;
        }
        p.basis_rows_.push_back(pivot);
        ++count;
      }
      if (count == 0) return rank_zero_error("kgs");
      L.conservativeResize(count, count);
      p.basis_ = gather_rows(X, p.basis_rows_);
    }
    const Eigen::Index k = L.rows();
    const Eigen::MatrixXd Linv = L.triangularView<Eigen::Lower>().solve(Eigen::MatrixXd::Identity(k, k));
    p.coef_ = Linv.transpose();
    p.spectrum_ = L.diagonal().array().square().matrix();
    return p;
  }

  // --- kernel PCA, uncentred ---
  if (n <= options.exact_limit) {
    p.basis_ = X;
    p.basis_rows_.resize(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) p.basis_rows_[static_cast<size_t>(i)] = i;
    const Eigen::MatrixXd K = gram_matrix(kernel, X);
    if (!K.allFinite()) return not_finite_error();
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(K);
    const Eigen::VectorXd& evals = es.eigenvalues();  // ascending
    const double lmax = evals[n - 1];
    if (!(lmax > 0)) return rank_zero_error("kpca");
    int kept = 0;
    while (kept < dims && evals[n - 1 - kept] > tol * lmax) ++kept;
    p.coef_.resize(n, kept);
    p.spectrum_.resize(kept);
    for (int k = 0; k < kept; ++k) {
      const double lambda = evals[n - 1 - k];
      p.coef_.col(k) = es.eigenvectors().col(n - 1 - k) / std::sqrt(lambda);
      p.spectrum_[k] = lambda;
    }
    fix_column_signs(p.coef_);
    return p;
  }

  // Nyström: landmarks, their feature map φ̃, then the uncentred PCA of φ̃ over the whole sample.
  p.nystrom_ = true;
  int m = options.landmarks > 0 ? options.landmarks : std::min(n, std::max(2 * dims, 1000));
  m = std::min(std::max(m, dims), n);
  if (m >= n) {
    p.basis_rows_.resize(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) p.basis_rows_[static_cast<size_t>(i)] = i;
  } else {
    p.basis_rows_ = rng.choose(n, m);
  }
  p.basis_ = gather_rows(X, p.basis_rows_);
  const Eigen::MatrixXd Kmm = gram_matrix(kernel, p.basis_);
  if (!Kmm.allFinite()) return not_finite_error();
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es_m(Kmm);
  const Eigen::VectorXd& sigma = es_m.eigenvalues();  // ascending
  const double smax = sigma[m - 1];
  if (!(smax > 0)) return rank_zero_error("kpca");
  int r = 0;
  while (r < m && sigma[m - 1 - r] > tol * smax) ++r;
  Eigen::MatrixXd W(m, r);  // φ̃(x) = Wᵀ k_m(x), W = U_r Σ_r^{-1/2}
  for (int k = 0; k < r; ++k) W.col(k) = es_m.eigenvectors().col(m - 1 - k) / std::sqrt(sigma[m - 1 - k]);
  Eigen::MatrixXd S = Eigen::MatrixXd::Zero(r, r);
  const Eigen::Index block = rows_per_block(m);
  for (Eigen::Index start = 0; start < n; start += block) {
    const Eigen::Index rows = std::min<Eigen::Index>(block, n - start);
    const FeatureMatrix Xb = X.middleRows(start, rows);
    const Eigen::MatrixXd Kb = kernel_matrix(kernel, Xb, p.basis_);
    if (!Kb.allFinite()) return not_finite_error();
    const Eigen::MatrixXd F = Kb * W;
    S.noalias() += F.transpose() * F;
  }
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es_s(S);
  const Eigen::VectorXd& lambda = es_s.eigenvalues();
  const double lmax = lambda[r - 1];
  if (!(lmax > 0)) return rank_zero_error("kpca");
  int kept = 0;
  while (kept < dims && kept < r && lambda[r - 1 - kept] > tol * lmax) ++kept;
  Eigen::MatrixXd E(r, kept);
  p.spectrum_.resize(kept);
  for (int k = 0; k < kept; ++k) {
    E.col(k) = es_s.eigenvectors().col(r - 1 - k);
    p.spectrum_[k] = lambda[r - 1 - k];
  }
  p.coef_ = W * E;
  fix_column_signs(p.coef_);
  return p;
}

FeatureMatrix KernelProjection::transform(const FeatureMatrix& X) const {
  assert(X.cols() == basis_.cols());
  const Eigen::Index n = X.rows();
  FeatureMatrix out(n, coef_.cols());
  const Eigen::Index block = rows_per_block(basis_.rows());
  for (Eigen::Index start = 0; start < n; start += block) {
    const Eigen::Index rows = std::min<Eigen::Index>(block, n - start);
    const FeatureMatrix Xb = X.middleRows(start, rows);
    const Eigen::MatrixXd P = kernel_matrix(kernel_, Xb, basis_) * coef_;
    out.middleRows(start, rows) = P.cast<float>();
  }
  return out;
}

void KernelProjection::transform_row(const float* x, float* out) const {
  const Eigen::Index b = basis_.rows();
  const int d = static_cast<int>(basis_.cols());
  Eigen::VectorXd k(b);
  for (Eigen::Index i = 0; i < b; ++i) k[i] = kernel_(basis_.row(i).data(), x, d);
  const Eigen::VectorXd p = coef_.transpose() * k;
  for (Eigen::Index j = 0; j < p.size(); ++j) out[j] = static_cast<float>(p[j]);
}

KernelProjection KernelProjection::leading(int dims) const {
  assert(dims >= 1 && dims <= this->dims());
  KernelProjection p = *this;
  if (kind_ == ProjectionKind::kpca) {
    p.coef_ = coef_.leftCols(dims);
  } else {
    // C = L⁻ᵀ is upper triangular: coordinate j uses only the first j+1 points.
    p.basis_ = basis_.topRows(dims);
    p.basis_rows_.resize(static_cast<size_t>(dims));
    p.coef_ = coef_.topLeftCorner(dims, dims);
  }
  p.spectrum_ = spectrum_.head(dims);
  return p;
}

}  // namespace ml
