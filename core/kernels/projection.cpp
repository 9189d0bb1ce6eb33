// marginlab — kernel projections: random span, kernel Gram-Schmidt, kernel PCA / Nyström (see projection.h).
#include "core/kernels/projection.h"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cassert>
#include <cmath>
#include <string>

#include "core/kernels/symmetric_eigen.h"
#include "core/util/hash.h"

namespace ml {

namespace {

// Kernel blocks are computed this many doubles at a time (32 MB), whatever the sample size.
constexpr Eigen::Index kBlockDoubles = Eigen::Index{1} << 22;
// The Nyström fit keeps the sample's kernel blocks for the sample's transform up to this many doubles (256 MB;
// letters size, n = 15 000 by m = 1 600, is 192 MB).
constexpr Eigen::Index kMaxCachedKernelDoubles = Eigen::Index{1} << 25;
// Jitter ladder of the random span: at most this many factorizations, the jitter growing 100x each time.
constexpr int kJitterTries = 9;
// Relative tie margin of the sign rule (fix_column_signs).
constexpr double kSignTieTolerance = 1e-6;

FeatureMatrix gather_rows(const FeatureRef& X, const std::vector<int>& rows) {
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
  return make_error(
      "projection.not_finite",
      "projection: a kernel value is not finite (NaN or infinite feature, or kernel parameters out of range)");
}

Error not_converged_error() {
  return make_error("projection.not_converged",
                    "projection (kpca): the eigendecomposition did not converge (Eigen's iteration limit)");
}

Error rank_zero_error(std::string_view what) {
  return make_error("projection.rank_zero",
                    std::string("projection (") + std::string(what) +
                        "): the kernel matrix of the sample is zero, there is no direction to project on");
}

}  // namespace

Result<KernelProjection> KernelProjection::fit(const FeatureRef& X, const Kernel& kernel,
                                               const ProjectionOptions& options, Rng& rng) {
  ProjectionFitter fitter(X, kernel, options, rng);
  fitter.run();
  return fitter.take();
}

// ---------------------------------------------------------------------------------------------------
// ProjectionFitter: fit() cut into units. Each unit below is a verbatim piece of the one-shot algorithm;
// intermediate matrices live in members between units.

namespace {

// Rough multiply-add counts, only for progress(): a kernel value costs about d + 8, a symmetric
// eigendecomposition with vectors ~9 k^3, a Cholesky factorization or triangular inverse k^3 / 3.
double gram_cost(double k, double d) { return k * k * (d + 8); }
double eigen_cost(double k) { return 9 * k * k * k; }
double cholesky_cost(double k) { return k * k * k / 3; }
// The Nyström PCA of m whitened landmark coordinates (rank r, D kept): with a Cholesky factor two triangular
// solves (L⁻¹ G L⁻ᵀ, m^3) and C = L⁻ᵀ E (m^2 D / 2); with W (m x r) the products Wᵀ G W (m^2 r + m r^2) and W E.
double nystrom_pca_cost(double m, double r, double D) { return m * m * r + eigen_cost(r) + m * r * D; }
// Multiply-adds of K(X_block, B) · C per row: |B| D, half of it when C is upper triangular (|B| = D).
double product_cost(double basis, double D, bool triangular) { return triangular ? basis * D / 2 : basis * D; }

}  // namespace

ProjectionFitter::ProjectionFitter(const FeatureRef& X, const Kernel& kernel, const ProjectionOptions& options,
                                   Rng& rng, bool transform_sample)
    : X_(X), options_(options), transform_sample_(transform_sample) {
  n_ = static_cast<int>(X.rows());
  if (n_ < 1) {
    fail(make_error("projection.empty", "projection: the training sample has no rows"));
    return;
  }
  if (options.dims < 1) {
    fail(make_error("projection.bad_dims",
                    "projection: dimension D = " + std::to_string(options.dims) + " must be at least 1"));
    return;
  }
  dims_ = std::min(options.dims, n_);
  p_.kind_ = options.kind;
  p_.kernel_ = kernel;
  switch (options.kind) {
    case ProjectionKind::random:
      p_.basis_rows_ = rng.choose(n_, dims_);
      p_.basis_ = gather_rows(X, p_.basis_rows_);
      stage_ = Stage::random_factor;
      break;
    case ProjectionKind::kgs: stage_ = Stage::kgs_diagonal; break;
    case ProjectionKind::kpca:
      if (n_ <= options.exact_limit) {
        p_.basis_ = X;
        p_.basis_rows_.resize(static_cast<size_t>(n_));
        for (int i = 0; i < n_; ++i) p_.basis_rows_[static_cast<size_t>(i)] = i;
        stage_ = Stage::exact_gram;
      } else {
        // Nyström: landmarks, their feature map φ̃, then the uncentred PCA of φ̃ over the whole sample.
        p_.nystrom_ = true;
        int m = options.landmarks > 0 ? options.landmarks : std::min(n_, std::max(2 * dims_, 1000));
        m_ = std::min(std::max(m, dims_), n_);
        if (m_ >= n_) {
          p_.basis_rows_.resize(static_cast<size_t>(n_));
          for (int i = 0; i < n_; ++i) p_.basis_rows_[static_cast<size_t>(i)] = i;
        } else {
          p_.basis_rows_ = rng.choose(n_, m_);
        }
        p_.basis_ = gather_rows(X, p_.basis_rows_);
        stage_ = Stage::nystrom_gram;
      }
      break;
  }
}

void ProjectionFitter::fail(Error error) {
  error_ = std::move(error);
  kernel_blocks_.clear();
  stage_ = Stage::finished;
  progress_ = 1.0;
  K_ = Eigen::MatrixXd();
  L_ = Xd_ = R_ = W_ = S_ = Eigen::MatrixXd();
}

bool ProjectionFitter::skips_pca() const {
  return p_.nystrom_ && options_.skip_nystrom_pca && dims_ >= (rank_ > 0 ? rank_ : m_);
}

void ProjectionFitter::fit_done() {
  K_ = Eigen::MatrixXd();
  L_ = Xd_ = R_ = W_ = S_ = Eigen::MatrixXd();
  if (!transform_sample_) {
    stage_ = Stage::finished;
    return;
  }
  // Same blocks as KernelProjection::transform() and as the Nyström covariance pass (whose kernel blocks may
  // be kept), so the rows are the same bits.
  transformed_ = FeatureMatrix(X_.rows(), p_.coef_.cols());
  block_ = rows_per_block(p_.basis_.rows());
  start_ = 0;
  stage_ = Stage::transform;
}

std::string_view ProjectionFitter::stage() const {
  switch (stage_) {
    case Stage::random_factor: return "kernel matrix of the span points";
    case Stage::cholesky_inverse: return "inverting the Cholesky factor";
    case Stage::kgs_diagonal:
    case Stage::kgs_pivot: return "kernel Gram-Schmidt pivots";
    case Stage::exact_gram: return "kernel matrix of the sample";
    case Stage::exact_eigen: return "eigendecomposition";
    case Stage::nystrom_gram: return "kernel of the landmarks";
    case Stage::nystrom_whiten: return "factoring the landmarks' kernel";
    case Stage::nystrom_covariance: return "covariance of the sample";
    case Stage::nystrom_pca: return "eigendecomposition";
    case Stage::transform: return "projecting the sample";
    case Stage::finished: return "done";
  }
  return "done";
}

double ProjectionFitter::unit_cost() const {
  const double n = n_, d = static_cast<double>(X_.cols()), D = dims_;
  switch (stage_) {
    case Stage::random_factor: return gram_cost(D, d) + cholesky_cost(D);
    case Stage::cholesky_inverse: return cholesky_cost(static_cast<double>(L_.rows()));
    case Stage::kgs_diagonal: return n;
    case Stage::kgs_pivot: return n * (d + 8 + pivot_index_);
    case Stage::exact_gram: return gram_cost(n, d);
    case Stage::exact_eigen: return eigen_cost(n);
    case Stage::nystrom_gram: return gram_cost(m_, d);
    case Stage::nystrom_whiten: return cholesky_cost(m_);  // an eigendecomposition when K_mm is singular
    case Stage::nystrom_covariance: {
      const double rows = static_cast<double>(std::min<Eigen::Index>(block_, n_ - start_));
      return rows * m_ * (d + 8) + rows * m_ * m_ / 2;
    }
    case Stage::nystrom_pca: return nystrom_pca_cost(m_, rank_, D);
    case Stage::transform: {
      const double rows = static_cast<double>(std::min<Eigen::Index>(block_, n_ - start_));
      const double b = static_cast<double>(p_.basis_.rows());
      return rows * b * (d + 8) + rows * product_cost(b, static_cast<double>(p_.coef_.cols()), p_.triangular_);
    }
    case Stage::finished: return 0;
  }
  return 0;
}

double ProjectionFitter::remaining_cost() const {
  const double n = n_, d = static_cast<double>(X_.cols()), D = dims_;
  // The sample's transform, with the basis size and D known so far (estimates before the fit ends).
  auto transform_cost = [&](double basis, double out_dims, double rows, bool triangular = false) {
    return transform_sample_ ? rows * basis * (d + 8) + rows * product_cost(basis, out_dims, triangular) : 0.0;
  };
  switch (stage_) {
    case Stage::random_factor: return gram_cost(D, d) + 2 * cholesky_cost(D) + transform_cost(D, D, n);
    case Stage::cholesky_inverse: {
      const double k = static_cast<double>(L_.rows());
      return cholesky_cost(k) + transform_cost(k, k, n, p_.nystrom_);  // Nyström here: rotation-free, C triangular
    }
    case Stage::kgs_diagonal:
    case Stage::kgs_pivot: {
      double sum = stage_ == Stage::kgs_diagonal ? n : 0.0;
      for (int j = pivot_index_; j < dims_; ++j) sum += n * (d + 8 + j);
      return sum + cholesky_cost(D) + transform_cost(D, D, n);
    }
    case Stage::exact_gram: return gram_cost(n, d) + eigen_cost(n) + transform_cost(n, D, n);
    case Stage::exact_eigen: return eigen_cost(n) + transform_cost(n, D, n);
    case Stage::nystrom_gram:
    case Stage::nystrom_whiten:
    case Stage::nystrom_covariance:
    case Stage::nystrom_pca: {
      const double m = m_, r = rank_ > 0 ? rank_ : m_;  // r <= m: before the landmarks' eigendecomposition, m
      double sum = 0;
      if (stage_ == Stage::nystrom_gram) sum += gram_cost(m, d);
      if (stage_ <= Stage::nystrom_whiten) sum += cholesky_cost(m);
      // Rotation-free (only decided before the covariance pass): the Cholesky factor's inverse, no covariance, no PCA.
      if (skips_pca()) return sum + cholesky_cost(m) + transform_cost(m, m, n, true);
      if (stage_ <= Stage::nystrom_covariance) {
        const double rows = stage_ == Stage::nystrom_covariance ? n - static_cast<double>(start_) : n;
        sum += rows * m * (d + 8) + rows * m * m / 2;
      }
      return sum + nystrom_pca_cost(m, r, D) + transform_cost(m, D, n);
    }
    case Stage::transform: {
      const double b = static_cast<double>(p_.basis_.rows());
      return transform_cost(b, static_cast<double>(p_.coef_.cols()), n - static_cast<double>(start_));
    }
    case Stage::finished: return 0;
  }
  return 0;
}

bool ProjectionFitter::advance(double max_seconds, const ClockFn& now) {
  const bool timed = now != nullptr && std::isfinite(max_seconds);
  const double start = timed ? now() : 0.0;
  while (!finished()) {
    done_cost_ += unit_cost();
    do_unit();
    ++units_;
    if (finished()) break;
    const double total = done_cost_ + remaining_cost();
    if (total > 0) progress_ = std::max(progress_, std::min(done_cost_ / total, 1.0 - 1e-9));
    if (timed && now() - start >= max_seconds) break;
  }
  if (finished()) progress_ = 1.0;
  return finished();
}

void ProjectionFitter::do_unit() {
  switch (stage_) {
    case Stage::random_factor: return factor_random_span();
    case Stage::cholesky_inverse: return invert_cholesky_factor();
    case Stage::kgs_diagonal: return start_kernel_gram_schmidt();
    case Stage::kgs_pivot: return pick_kgs_pivot();
    case Stage::exact_gram: return exact_kernel_matrix();
    case Stage::exact_eigen: return exact_eigenvectors();
    case Stage::nystrom_gram: return nystrom_landmark_kernel();
    case Stage::nystrom_whiten: return whiten_landmarks();
    case Stage::nystrom_covariance: return nystrom_covariance_block();
    case Stage::nystrom_pca: return nystrom_pca();
    case Stage::transform: return transform_sample_block();
    case Stage::finished: return;
  }
}

void ProjectionFitter::factor_random_span() {
  const Kernel& kernel = p_.kernel_;
  const int dims = dims_;
  const double tol = options_.tolerance;
  Eigen::MatrixXd K = gram_matrix(kernel, p_.basis_);
  if (!K.allFinite()) return fail(not_finite_error());
  const double max_diag = K.diagonal().maxCoeff();
  const double scale = max_diag > 0 ? max_diag : 1.0;
  Eigen::LLT<Eigen::MatrixXd> llt(K);
  bool ok = llt.info() == Eigen::Success && llt.matrixLLT().diagonal().array().square().minCoeff() >= tol * scale;
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
    return fail(make_error("projection.not_pd", "projection (random): the kernel matrix of the " +
                                                    std::to_string(dims) +
                                                    " chosen points stays non positive definite even with jitter " +
                                                    std::to_string(eps / 100.0) + "; check the kernel parameters"));
  }
  p_.jitter_ = eps;
  L_ = llt.matrixL();
  stage_ = Stage::cholesky_inverse;
}

void ProjectionFitter::invert_cholesky_factor() {
  const Eigen::Index k = L_.rows();
  const Eigen::MatrixXd Linv = L_.triangularView<Eigen::Lower>().solve(Eigen::MatrixXd::Identity(k, k));
  p_.coef_ = Linv.transpose();
  p_.spectrum_ = L_.diagonal().array().square().matrix();
  // Only the rotation-free Nyström map uses the triangular product: random/kgs keep the dense GEMM's bits.
  p_.triangular_ = p_.nystrom_;
  return fit_done();
}

void ProjectionFitter::start_kernel_gram_schmidt() {
  const FeatureRef& X = X_;
  const Kernel& kernel = p_.kernel_;
  const int n = n_;
  const int dims = dims_;
  const double tol = options_.tolerance;
  // Kernel Gram-Schmidt = greedy pivoted incomplete Cholesky (Shawe-Taylor & Cristianini 2004).
  Xd_ = X.cast<double>();
  norms2_ = row_norms2(X);
  diag_.resize(n);
  for (int i = 0; i < n; ++i) diag_[i] = kernel.from_products(norms2_[i], norms2_[i], norms2_[i]);
  if (!diag_.allFinite()) return fail(not_finite_error());
  const double max_diag = diag_.maxCoeff();
  if (!(max_diag > 0)) return fail(rank_zero_error("kgs"));
  threshold_ = tol * max_diag;
  residual_ = diag_;   // ||φ(x_i) - P φ(x_i)||², P = projection on the pivots so far
  R_.resize(dims, n);  // row j: coordinate j of every training point
  L_.setZero(dims, dims);
  picked_.assign(static_cast<size_t>(n), 0);
  column_.resize(n);
  pivot_index_ = 0;
  stage_ = Stage::kgs_pivot;
}

void ProjectionFitter::pick_kgs_pivot() {
  const FeatureRef& X = X_;
  const Kernel& kernel = p_.kernel_;
  const int n = n_;
  const int dims = dims_;
  const int j = pivot_index_;
  int pivot = -1;
  double best = threshold_;
  for (int i = 0; i < n; ++i) {
    if (!picked_[static_cast<size_t>(i)] && residual_[i] > best) {
      best = residual_[i];
      pivot = i;
    }
  }
  if (pivot >= 0) {
    const double nu = std::sqrt(residual_[pivot]);
    const Eigen::VectorXd dots = Xd_ * Xd_.row(pivot).transpose();
    for (int i = 0; i < n; ++i) column_[i] = kernel.from_products(dots[i], norms2_[i], norms2_[pivot]);
    column_[pivot] = diag_[pivot];
    if (!column_.allFinite()) return fail(not_finite_error());
    if (j > 0) column_.noalias() -= R_.topRows(j).transpose() * R_.col(pivot).head(j);
    R_.row(j) = (column_ / nu).transpose();
    for (int t = 0; t < j; ++t) L_(j, t) = R_(t, pivot);
    L_(j, j) = nu;
    picked_[static_cast<size_t>(pivot)] = 1;
    for (int i = 0; i < n; ++i) {
      const double r = residual_[i] - R_(j, i) * R_(j, i);
      residual_[i] = picked_[static_cast<size_t>(i)] || r < 0 ? 0.0 : r;
    }
    p_.basis_rows_.push_back(pivot);
    ++pivot_index_;
    if (pivot_index_ < dims) return;
  }
  // D pivots, or every residual below the tolerance: the span is (numerically) exhausted.
  const int count = pivot_index_;
  if (count == 0) return fail(rank_zero_error("kgs"));
  L_.conservativeResize(count, count);
  p_.basis_ = gather_rows(X, p_.basis_rows_);
  Xd_ = R_ = Eigen::MatrixXd();
  residual_ = column_ = diag_ = norms2_ = Eigen::VectorXd();
  picked_.clear();
  stage_ = Stage::cholesky_inverse;
}

void ProjectionFitter::exact_kernel_matrix() {
  const FeatureRef& X = X_;
  const Kernel& kernel = p_.kernel_;
  K_ = gram_matrix(kernel, X);
  if (!K_.allFinite()) return fail(not_finite_error());
  stage_ = Stage::exact_eigen;
}

void ProjectionFitter::exact_eigenvectors() {
  const int n = n_;
  const int dims = dims_;
  const double tol = options_.tolerance;
  const SymmetricEigen eigen = symmetric_eigen(K_);
  K_ = Eigen::MatrixXd();
  if (!eigen.converged) return fail(not_converged_error());
  const Eigen::VectorXd& evals = eigen.values;  // ascending
  const double lmax = evals[n - 1];
  if (!(lmax > 0)) return fail(rank_zero_error("kpca"));
  int kept = 0;
  while (kept < dims && evals[n - 1 - kept] > tol * lmax) ++kept;
  p_.coef_.resize(n, kept);
  p_.spectrum_.resize(kept);
  for (int k = 0; k < kept; ++k) {
    const double lambda = evals[n - 1 - k];
    p_.coef_.col(k) = eigen.vectors.col(n - 1 - k) / std::sqrt(lambda);
    p_.spectrum_[k] = lambda;
  }
  fix_column_signs(p_.coef_);
  return fit_done();
}

void ProjectionFitter::nystrom_landmark_kernel() {
  const Kernel& kernel = p_.kernel_;
  K_ = gram_matrix(kernel, p_.basis_);
  if (!K_.allFinite()) return fail(not_finite_error());
  stage_ = Stage::nystrom_whiten;
}

void ProjectionFitter::whiten_landmarks() {
  const double tol = options_.tolerance;
  const int m = m_;
  // K_mm = L Lᵀ when every pivot clears the rank threshold (see the header): no eigendecomposition.
  const double max_diag = K_.diagonal().maxCoeff();
  if (!(max_diag > 0)) return fail(rank_zero_error("kpca"));
  Eigen::LLT<Eigen::MatrixXd> llt(K_);
  if (llt.info() == Eigen::Success && llt.matrixLLT().diagonal().array().square().minCoeff() >= tol * max_diag) {
    L_ = llt.matrixL();
    K_ = Eigen::MatrixXd();
    rank_ = m;
    if (skips_pca()) {  // rotation-free: π = φ̃' = L⁻¹ k_m, C = L⁻ᵀ
      p_.rotation_free_ = true;
      stage_ = Stage::cholesky_inverse;
      return;
    }
    return start_nystrom_covariance();
  }
  const SymmetricEigen eigen = symmetric_eigen(K_);
  K_ = Eigen::MatrixXd();
  if (!eigen.converged) return fail(not_converged_error());
  const Eigen::VectorXd& sigma = eigen.values;  // ascending
  const double smax = sigma[m - 1];
  if (!(smax > 0)) return fail(rank_zero_error("kpca"));
  int r = 0;
  while (r < m && sigma[m - 1 - r] > tol * smax) ++r;
  W_.resize(m, r);  // φ̃(x) = Wᵀ k_m(x), W = U_r Σ_r^{-1/2}
  for (int k = 0; k < r; ++k) W_.col(k) = eigen.vectors.col(m - 1 - k) / std::sqrt(sigma[m - 1 - k]);
  rank_ = r;
  if (skips_pca()) {  // rotation-free: π = φ̃ = Wᵀ k_m, C = W = U_r Σ_r^{-1/2}
    p_.rotation_free_ = true;
    p_.coef_ = std::move(W_);
    fix_column_signs(p_.coef_);
    p_.spectrum_.resize(r);
    for (int k = 0; k < r; ++k) p_.spectrum_[k] = sigma[m - 1 - k];
    return fit_done();
  }
  return start_nystrom_covariance();
}

// What follows the landmarks' whitening unless the PCA is skipped (rotation-free): the covariance pass over
// the sample.
void ProjectionFitter::start_nystrom_covariance() {
  const int m = m_;
  S_ = Eigen::MatrixXd::Zero(m, m);
  block_ = rows_per_block(m);
  start_ = 0;
  stage_ = Stage::nystrom_covariance;
}

void ProjectionFitter::nystrom_covariance_block() {
  const FeatureRef& X = X_;
  const Kernel& kernel = p_.kernel_;
  const int n = n_;
  const Eigen::Index rows = std::min<Eigen::Index>(block_, n - start_);
  const FeatureMatrix Xb = X.middleRows(start_, rows);
  const Eigen::MatrixXd Kb = kernel_matrix(kernel, Xb, p_.basis_);
  if (!Kb.allFinite()) return fail(not_finite_error());
  // G += Kbᵀ Kb on the lower triangle (a symmetric rank-k update: half a GEMM); Wᵀ G W comes once, at the
  // end, instead of F = Kb W and Fᵀ F per block (2 n m r multiply-adds instead of n m² / 2).
  S_.selfadjointView<Eigen::Lower>().rankUpdate(Kb.transpose());
  if (transform_sample_ && static_cast<Eigen::Index>(n) * m_ <= kMaxCachedKernelDoubles) kernel_blocks_.push_back(Kb);
  start_ += block_;
  if (start_ >= n) stage_ = Stage::nystrom_pca;
}

void ProjectionFitter::nystrom_pca() {
  const int dims = dims_;
  const double tol = options_.tolerance;
  const int r = rank_;
  const bool cholesky = W_.size() == 0;
  if (cholesky) {
    // L⁻¹ G L⁻ᵀ = Σ_i φ̃'(x_i) φ̃'(x_i)ᵀ by two triangular solves (G symmetric: (L⁻¹ G)ᵀ = G L⁻ᵀ).
    S_.triangularView<Eigen::StrictlyUpper>() = S_.transpose();
    L_.triangularView<Eigen::Lower>().solveInPlace(S_);
    S_.transposeInPlace();
    L_.triangularView<Eigen::Lower>().solveInPlace(S_);
  } else {
    const Eigen::MatrixXd GW = S_.selfadjointView<Eigen::Lower>() * W_;
    S_ = W_.transpose() * GW;  // Σ_i φ̃(x_i) φ̃(x_i)ᵀ
  }
  const SymmetricEigen eigen = symmetric_eigen(S_);  // reads the lower triangle
  S_ = Eigen::MatrixXd();
  if (!eigen.converged) return fail(not_converged_error());
  const Eigen::VectorXd& lambda = eigen.values;
  const double lmax = lambda[r - 1];
  if (!(lmax > 0)) return fail(rank_zero_error("kpca"));
  int kept = 0;
  while (kept < dims && kept < r && lambda[r - 1 - kept] > tol * lmax) ++kept;
  Eigen::MatrixXd E(r, kept);
  p_.spectrum_.resize(kept);
  for (int k = 0; k < kept; ++k) {
    E.col(k) = eigen.vectors.col(r - 1 - k);
    p_.spectrum_[k] = lambda[r - 1 - k];
  }
  if (cholesky) {
    L_.triangularView<Eigen::Lower>().transpose().solveInPlace(E);  // C = L⁻ᵀ E
    p_.coef_ = std::move(E);
  } else {
    p_.coef_ = W_ * E;
  }
  fix_column_signs(p_.coef_);
  return fit_done();
}

void ProjectionFitter::transform_sample_block() {
  const FeatureRef& X = X_;
  const int n = n_;
  const Eigen::Index rows = std::min<Eigen::Index>(block_, n - start_);
  const size_t b = static_cast<size_t>(start_ / block_);
  if (b < kernel_blocks_.size()) {
    p_.project_block(kernel_blocks_[b], start_, transformed_);
    kernel_blocks_[b] = Eigen::MatrixXd();
  } else {
    p_.transform_block(X, start_, rows, transformed_);
  }
  start_ += block_;
  if (start_ >= n) stage_ = Stage::finished;
}

Result<KernelProjection> ProjectionFitter::take() {
  assert(finished());
  if (error_) return *error_;
  return std::move(p_);
}

FeatureMatrix ProjectionFitter::take_transformed() {
  assert(finished() && transform_sample_ && !error_);
  return std::move(transformed_);
}

ParamTable<KernelParams> kernel_param_table(const char* kernel_help, const char* sigma_help,
                                            const char* landmarks_help) {
  using P = KernelParams;
  return ParamTable<P>()
      .add(&P::kernel, {.key = "kernel", .label = "kernel"}, kernel_help)
      .add(&P::sigma, {.key = "sigma", .label = "gaussian width sigma", .min = 1e-3, .max = 1e4, .log_scale = true},
           sigma_help)
      .add(&P::width_c, {.key = "width_c", .label = "gaussian width c", .min = 0, .max = 1e8},
           "Rätsch's c in exp(-||x-x'||^2 / c) = 2 sigma^2; wins over sigma when > 0")
      .add(&P::degree, {.key = "degree", .label = "poly degree p", .min = 1, .max = 10}, "(<x,x'> + c)^p")
      .add(&P::offset, {.key = "offset", .label = "poly offset c", .min = 0, .max = 1e3}, "(<x,x'> + c)^p")
      .add(&P::landmarks, {.key = "landmarks", .label = "Nyström landmarks", .min = 0, .max = 100000}, landmarks_help);
}

Kernel make_kernel(const KernelParams& p) { return make_kernel(p.kernel, p.degree, p.offset, p.sigma, p.width_c); }

const FeatureMatrix& ProjectionMemo::transform(const KernelProjection& projection, const FeatureRef& X) {
  // A hash of the bytes: a different matrix of the same shape (a new view grid, another split) misses.
  const uint64_t hash = hash_bytes(0, X.data(), static_cast<size_t>(X.size()) * sizeof(float));
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (entries_[i].hash == hash && entries_[i].rows == X.rows() && entries_[i].cols == X.cols()) {
      std::rotate(entries_.begin() + static_cast<std::ptrdiff_t>(i),
                  entries_.begin() + static_cast<std::ptrdiff_t>(i) + 1, entries_.end());
      return entries_.back().projected;
    }
  }
  if (static_cast<int>(entries_.size()) >= capacity_ && !entries_.empty()) entries_.erase(entries_.begin());
  entries_.push_back(Entry{hash, X.rows(), X.cols(), projection.transform(X)});
  return entries_.back().projected;
}

FeatureMatrix KernelProjection::transform(const FeatureRef& X) const {
  assert(X.cols() == basis_.cols());
  const Eigen::Index n = X.rows();
  FeatureMatrix out(n, coef_.cols());
  const Eigen::Index block = rows_per_block(basis_.rows());
  for (Eigen::Index start = 0; start < n; start += block) {
    transform_block(X, start, std::min<Eigen::Index>(block, n - start), out);
  }
  return out;
}

void KernelProjection::transform_block(const FeatureRef& X, Eigen::Index start, Eigen::Index rows,
                                       FeatureMatrix& out) const {
  const FeatureMatrix Xb = X.middleRows(start, rows);
  project_block(kernel_matrix(kernel_, Xb, basis_), start, out);
}

void KernelProjection::project_block(const Eigen::MatrixXd& Kb, Eigen::Index start, FeatureMatrix& out) const {
  Eigen::MatrixXd P;
  if (triangular_) {
    // Half a GEMM (Eigen's triangular product; a loop of column-block GEMMs measured the same natively).
    P.noalias() = Kb * coef_.triangularView<Eigen::Upper>();
  } else {
    P = Kb * coef_;
  }
  out.middleRows(start, Kb.rows()) = P.cast<float>();
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
  if (kind_ == ProjectionKind::kpca && !triangular_) {
    p.coef_ = coef_.leftCols(dims);
  } else {
    // C = L⁻ᵀ is upper triangular (random, kgs, rotation-free Nyström): coordinate j uses only the first j+1 points.
    p.basis_ = basis_.topRows(dims);
    p.basis_rows_.resize(static_cast<size_t>(dims));
    p.coef_ = coef_.topLeftCorner(dims, dims);
  }
  p.spectrum_ = spectrum_.head(dims);
  return p;
}

}  // namespace ml
