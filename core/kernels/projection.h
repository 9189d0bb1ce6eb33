// marginlab — kernel projections: a learned map π from input space to R^D whose coordinates are an
// orthonormal basis of a D-dimensional subspace of the kernel's feature space (000 Alg. 1 and §5;
// docs/algorithms.md §3.2). The RP-classifier runs a linear noise-tolerant learner on π(x);
// the UMA learner (004 §3.6) uses the same maps for non-linear data.
//
// Every projection has the same shape, π(x) = Cᵀ k_B(x), with B a set of basis points (rows of the
// training sample), k_B(x) = (K(b, x))_{b ∈ B} and C a |B| x D matrix, so transforming n points is one
// kernel block K(X, B) (one GEMM, kernel.h) times C (a second GEMM):
//
//   random  B = D training points drawn at random (Rng::choose, so the first D' of a D-draw are a
//           D'-draw); K_BB = L Lᵀ (Cholesky), π(x) = L⁻¹ k_B(x), i.e. C = L⁻ᵀ. The coordinates are the
//           Gram-Schmidt orthonormalisation of φ(b_1), ..., φ(b_D): π(b_i)·π(b_j) = K(b_i, b_j).
//           Jitter: when K_BB is numerically not positive definite (LLT fails, or a pivot L_jj² falls
//           below tolerance·max_i K_ii) it is factored as K_BB + εI with ε = tolerance·max_i K_ii, then
//           100 ε, 10⁴ ε, ... until LLT succeeds; ε is reported (jitter()). With ε > 0 the map is the
//           ridge-damped projection k_Bᵀ(K_BB + εI)⁻¹k_B ≤ K(x,x): never longer than φ(x).
//   kgs     kernel Gram-Schmidt (Shawe-Taylor & Cristianini 2004, §5.2 "incomplete Cholesky"): greedy
//           pivoting — repeatedly take the training point with the largest residual norm
//           ||φ(x_i) - P φ(x_i)||² (ties to the lowest index), stop after D points or when the largest
//           residual² < tolerance·max_i K_ii. The pivots' Cholesky factor L gives C = L⁻ᵀ as for random.
//   kpca    uncentred kernel PCA: K = V Λ Vᵀ on the training sample, π(x) = Λ_D^{-1/2} V_Dᵀ k(x) for the
//           D largest eigenvalues (C = V_D Λ_D^{-1/2}, B = the whole sample). Uncentred on purpose: π
//           projects onto a subspace through the feature-space origin, which is what the zero-bias
//           perceptron after it needs (000 Remark 1), and it is the same kind of map as random and kgs
//           (the centred version would drop the direction of the mean, the Gaussian kernel's "bias").
//           Eigenvalues below tolerance·λ_max are dropped (numerical rank), so D may come out smaller.
//           Exact (Eigen's SelfAdjointEigenSolver, O(n³)) when n ≤ exact_limit; beyond, Nyström with m
//           landmarks drawn at random: K_mm = U Σ Uᵀ, φ̃(x) = Σ^{-1/2} Uᵀ k_m(x) (eigenvalues below
//           tolerance·σ_max dropped), then the uncentred PCA of φ̃ over the whole sample: Σ_i φ̃(x_i)φ̃(x_i)ᵀ
//           = E Λ Eᵀ, π(x) = E_Dᵀ φ̃(x), i.e. C = U Σ^{-1/2} E_D. With m = n (landmarks = all points, in
//           order) this is the exact map. Computed without the first eigendecomposition when K_mm is
//           numerically positive definite (every Cholesky pivot L_jj² >= tolerance·max K_ii): K_mm = L Lᵀ,
//           φ̃'(x) = L⁻¹ k_m(x) is φ̃(x) turned by an orthogonal matrix (L⁻¹ = Q Σ^{-1/2} Uᵀ), so the PCA of φ̃'
//           (L⁻¹ G L⁻ᵀ = E' Λ E'ᵀ, G = Σ_i k_m(x_i) k_m(x_i)ᵀ) has the same Λ and E' = Q E, and C = L⁻ᵀ E' is the
//           same C: the same map up to rounding (an m³/3 factorization instead of a ~9 m³ eigendecomposition).
//           Otherwise (K_mm numerically singular: many landmarks in few dimensions, a wide kernel) the
//           eigendecomposition above drops the null directions. The sign of each coordinate is fixed: the entry of
//           largest magnitude of each column of C is positive (near-ties, within 1e-6 relative, to the lowest row).
//           Rotation-free Nyström (ProjectionOptions::skip_nystrom_pca): when D keeps every whitened direction
//           (D >= r, the numerical rank of K_mm; with a Cholesky factor r = m, so D = m), the PCA keeps all of
//           E and π = Eᵀ φ̃ is only an orthogonal rotation of the whitened features: the same inner products
//           π(x)·π(y) = φ̃(x)·φ̃(y), hence the same sums, norms and angles. A consumer that uses its features
//           only through inner products and sums (UMA, 004 §3.6: scores ⟨w_k, x⟩, the sets A_p^α, γ sums,
//           additive updates) sees no difference but rounding, so the option skips the covariance of the
//           sample and the PCA's eigendecomposition (at letters size, n = 15 000 and D = m = 1 600, ~85% of the
//           fit) and keeps C = L⁻ᵀ (Cholesky; spectrum = the pivots L_jj², like random; the transform is a
//           triangular product, half a GEMM) or C = U_r Σ_r^{-1/2} (singular K_mm; spectrum = σ_j, signs fixed
//           as above). The coordinates are then in landmark order, not by decreasing variance, so only UMA
//           sets it: the RP classifier's perceptron runs and its cross-validation over D (leading()) and the
//           pipeline's kpca features rely on the ordered PCA (the first D' coordinates = the D'-PCA).
//
// Nesting: for all three maps the first D' coordinates of a D-map are the D'-map fitted with the same
// draws (leading(); for random, with the D-map's jitter, which is 0 unless K_BB was singular), so a
// cross-validation over D fits once per fold and width. Not for a rotation-free Nyström map: its leading()
// keeps its first D' coordinates (Cholesky path: the span of the first D' landmarks, like random), not the D'-PCA.
// Numbers: kernel values and C are double; transform() writes float features. transform() works in
// row blocks to bound memory; a row's bits may differ in the last place between transform() and
// transform_row() (different GEMM shapes), never between builds.
//
// Resumable fitting (ProjectionFitter): a fit on a large sample takes seconds to minutes (the Nyström
// covariance at n = 20000, D = 1000 is ~50 s in the browser), and the page has one thread. The fitter
// does the same work as fit() in fixed units — the kernel matrix of the span points / landmarks / sample,
// one KGS pivot, one row block of the Nyström covariance or of the transform, one eigendecomposition
// or Cholesky factorization (monolithic Eigen calls stay single units) — and advance() does as many
// units as a time budget allows. The clock only decides how many units a call does: unit boundaries are
// fixed (the row blocks are transform()'s), so the result is bit-identical however the work is sliced.
// fit() is "construct a fitter, run it": there is one implementation.
#pragma once

#include <Eigen/Core>
#include <Eigen/Eigenvalues>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/data/dataset.h"
#include "core/kernels/kernel.h"
#include "core/settings/params.h"
#include "core/util/clock.h"
#include "core/util/rng.h"
#include "core/util/status.h"

namespace ml {

// Which projection.
enum class ProjectionKind : int { random = 0, kpca = 1, kgs = 2 };
// URL / UI names of the projections, in value order.
inline constexpr std::string_view kProjectionNames[] = {"random", "kpca", "kgs"};
// The names of ProjectionKind as a span (settings/setting.h NamedEnum).
constexpr std::span<const std::string_view> enum_names(ProjectionKind) { return kProjectionNames; }


// How to fit a projection.
struct ProjectionOptions {
  ProjectionKind kind = ProjectionKind::kgs;  // which map
  int dims = 10;                              // D requested, >= 1 (capped at the sample size and the numerical rank)
  int exact_limit = 2000;                     // kpca: exact eigendecomposition when n <= this, Nyström beyond
  int landmarks = 0;                          // kpca Nyström: m >= D landmarks (0: min(n, max(2D, 1000)))
  double tolerance = 1e-10;                   // relative numerical-rank threshold (see the header comment)
  // kpca Nyström: when D >= the rank of K_mm, skip the sample's PCA (the consumer is rotation-invariant: UMA
  // only; see "Rotation-free Nyström" above); false = the ordered PCA
  bool skip_nystrom_pca = false;
};

// A fitted projection π(x) = Cᵀ k_B(x).
class KernelProjection {
 public:
  // Learns π on the rows of X (n >= 1). Random draws (random span points, Nyström landmarks) come from
  // `rng`. Errors: "projection.empty" (no rows), "projection.bad_dims" (D < 1), "projection.not_finite"
  // (a kernel value is NaN/inf), "projection.not_pd" (random span: no jitter up to 1e-2·max K_ii helps),
  // "projection.not_converged" (kpca: an eigendecomposition hit its iteration limit).
  static Result<KernelProjection> fit(const FeatureRef& X, const Kernel& kernel, const ProjectionOptions& options,
                                      Rng& rng);

  // D, the number of output coordinates (may be below the requested D: sample size, numerical rank).
  int dims() const { return static_cast<int>(coef_.cols()); }
  // d, the input dimension.
  int input_dims() const { return static_cast<int>(basis_.cols()); }
  // Which map this is.
  ProjectionKind kind() const { return kind_; }
  // The kernel it was fitted with.
  const Kernel& kernel() const { return kernel_; }
  // True when kpca used Nyström landmarks.
  bool nystrom() const { return nystrom_; }
  // True when a Nyström fit skipped the sample's PCA (skip_nystrom_pca applied): coordinates in landmark order.
  bool rotation_free() const { return rotation_free_; }
  // The basis points B (|B| x d): random/kgs points in pick order, kpca all points or the landmarks.
  const FeatureMatrix& basis() const { return basis_; }
  // Row indices of the basis points in the fitted X.
  const std::vector<int>& basis_rows() const { return basis_rows_; }
  // C (|B| x D): π(x) = Cᵀ k_B(x).
  const Eigen::MatrixXd& coefficients() const { return coef_; }
  // Per coordinate: random/kgs the pivot L_jj² (squared residual norm of the point when it was added),
  // kpca the eigenvalue λ_j (of K, or of Σ φ̃φ̃ᵀ for Nyström; rotation-free: L_jj², or σ_j of K_mm).
  const Eigen::VectorXd& spectrum() const { return spectrum_; }
  // random: ε added to K_BB's diagonal (0 when it was numerically positive definite); else 0.
  double jitter() const { return jitter_; }

  // π of every row of X (n x D float), computed in row blocks: K(X_block, B) · C.
  FeatureMatrix transform(const FeatureRef& X) const;
  // π(x) for one point (x has input_dims() floats, out gets dims() floats).
  void transform_row(const float* x, float* out) const;
  // The map restricted to its first `dims` coordinates (1 <= dims <= dims()); see "Nesting".
  KernelProjection leading(int dims) const;

 private:
  friend class ProjectionFitter;
  // Rows [start, start + rows) of π(X) into the same rows of `out`: one block of transform().
  void transform_block(const FeatureRef& X, Eigen::Index start, Eigen::Index rows, FeatureMatrix& out) const;
  // The same from the block's kernel values Kb = k(X_block, B) (what transform_block computes first).
  void project_block(const Eigen::MatrixXd& Kb, Eigen::Index start, FeatureMatrix& out) const;

  ProjectionKind kind_ = ProjectionKind::random;
  Kernel kernel_;
  bool nystrom_ = false;
  bool rotation_free_ = false;
  bool triangular_ = false;  // C is upper triangular (rotation-free Cholesky path): transform by a triangular product
  FeatureMatrix basis_;
  std::vector<int> basis_rows_;
  Eigen::MatrixXd coef_;
  Eigen::VectorXd spectrum_;
  double jitter_ = 0.0;
};

// π of the matrices a learner is asked to predict, remembered by content (dimensions and a 64-bit hash
// of the bytes): a session evaluates the same training and test matrices at every recorded row, and a
// kernel projection of them costs far more than the linear learner after it. A hit returns exactly what
// transform(X) returned on the miss. Holds the last `capacity` matrices; clear() when the map changes.
class ProjectionMemo {
 public:
  explicit ProjectionMemo(int capacity = 2) : capacity_(capacity) {}
  // π(X) under `projection`, computed on a miss.
  const FeatureMatrix& transform(const KernelProjection& projection, const FeatureRef& X);
  // Forgets every entry (the projection changed).
  void clear() { entries_.clear(); }

 private:
  struct Entry {
    uint64_t hash = 0;
    Eigen::Index rows = 0, cols = 0;
    FeatureMatrix projected;
  };
  int capacity_;
  std::vector<Entry> entries_;  // most recently used last
};

// The kernel parameters every learner with a kernel front end offers (a member of its Params).
struct KernelParams {
  KernelKind kernel = KernelKind::gaussian;  // kernel kind
  double sigma = 1.0;                        // Gaussian width
  double width_c = 0;                        // Rätsch's c = 2 sigma^2; wins over sigma when > 0
  int degree = 2;                            // polynomial degree p
  double offset = 1;                         // polynomial offset c
  int landmarks = 0;                         // Nyström landmarks; 0 = the learner's default
};
// The kernel parameters' table, in this order: kernel, sigma, width_c, degree, offset, landmarks (URL keys
// l.<name>); a learner nests it (ParamTable::nest). The helps say how the learner uses them.
ParamTable<KernelParams> kernel_param_table(const char* kernel_help, const char* sigma_help,
                                            const char* landmarks_help);
// The kernel these parameters describe (make_kernel).
Kernel make_kernel(const KernelParams& p);

// Fits a KernelProjection in resumable units (see the header comment), optionally followed by the
// transform of the fitted sample itself (what the RP-classifier and UMA train on).
class ProjectionFitter {
 public:
  // Checks the inputs and makes the random draws (random span points, Nyström landmarks) from `rng` at
  // once, as fit() does before any kernel value; X must outlive the fitter (it is not copied). With
  // `transform_sample`, the last stage computes π(X) exactly as KernelProjection::transform(X) would.
  ProjectionFitter(const FeatureRef& X, const Kernel& kernel, const ProjectionOptions& options, Rng& rng,
                   bool transform_sample = false);
  ProjectionFitter(const ProjectionFitter&) = delete;
  ProjectionFitter& operator=(const ProjectionFitter&) = delete;

  // Does at least one unit, then more while `now` says less than max_seconds have passed since the call
  // began (no clock or an infinite budget: runs to the end). Returns finished().
  bool advance(double max_seconds, const ClockFn& now);
  // Runs every remaining unit.
  void run() { advance(std::numeric_limits<double>::infinity(), nullptr); }
  // True when the fit (and transform) completed or failed.
  bool finished() const { return stage_ == Stage::finished; }
  // Fraction of the estimated work done, 0..1, never decreasing; 1 exactly when finished().
  double progress() const { return progress_; }
  // What the current unit computes, for progress displays ("eigendecomposition", ...; "done" at the end).
  std::string_view stage() const;
  // Units done so far.
  int64_t units() const { return units_; }
  // The fitted projection or the error (call once, when finished()).
  Result<KernelProjection> take();
  // π(X) of the fitted sample (when constructed with transform_sample and the fit succeeded; call once).
  FeatureMatrix take_transformed();

 private:
  enum class Stage : int {
    random_factor,
    cholesky_inverse,
    kgs_diagonal,
    kgs_pivot,
    exact_gram,
    exact_eigen,
    nystrom_gram,
    nystrom_whiten,
    nystrom_covariance,
    nystrom_pca,
    transform,
    finished
  };
  void do_unit();  // one unit of the current stage: one of the stage functions below
  // The stages' units, in the order of Stage.
  void factor_random_span();         // random_factor: K of the span points, its (jittered) Cholesky factor L_
  void invert_cholesky_factor();     // cholesky_inverse: C = L⁻ᵀ (random, kgs, rotation-free Nyström)
  void start_kernel_gram_schmidt();  // kgs_diagonal: the kernel diagonal and the pivot search's state
  void pick_kgs_pivot();             // kgs_pivot: one pivot (or the end of the pivots)
  void exact_kernel_matrix();        // exact_gram: K of the whole sample
  void exact_eigenvectors();         // exact_eigen: C from K's top eigenvectors
  void nystrom_landmark_kernel();    // nystrom_gram: K_mm of the landmarks
  void whiten_landmarks();           // nystrom_whiten: K_mm = L Lᵀ, or W = U_r Σ_r^{-1/2} when K_mm is singular
  void start_nystrom_covariance();   // the covariance pass's first block
  void nystrom_covariance_block();   // nystrom_covariance: G += Kbᵀ Kb for one row block
  void nystrom_pca();                // nystrom_pca: C from the covariance's top eigenvectors
  void transform_sample_block();     // transform: π of one row block of the sample
  double unit_cost() const;          // estimated cost of the next unit
  double remaining_cost() const;     // estimated cost of every unit from the next one on
  void fail(Error error);
  void fit_done();         // the map is complete: transform the sample or finish
  bool skips_pca() const;  // Nyström: skip_nystrom_pca applies (D >= the rank of K_mm, m until known)

  FeatureRef X_;
  ProjectionOptions options_;
  bool transform_sample_ = false;
  int n_ = 0;
  int dims_ = 0;  // D requested, capped at n
  int m_ = 0;     // Nyström landmarks
  int rank_ = 0;  // Nyström: numerical rank r of K_mm (0 until known)
  Stage stage_ = Stage::finished;
  std::optional<Error> error_;
  KernelProjection p_;

  Eigen::MatrixXd K_;  // kernel matrix of the span points / the sample / the landmarks
  Eigen::MatrixXd L_;  // random, kgs: Cholesky factor of K on the chosen points, in pick order
  // kgs
  Eigen::MatrixXd Xd_, R_;
  Eigen::VectorXd norms2_, diag_, residual_, column_;
  std::vector<uint8_t> picked_;
  double threshold_ = 0;
  int pivot_index_ = 0;  // j, the pivot the next unit chooses
  // Nyström: either L_ = the Cholesky factor of K_mm (φ̃'(x) = L⁻¹ k_m(x), W_ empty) or, when K_mm is numerically
  // singular, W = U_r Σ_r^{-1/2} (m x r, φ̃(x) = Wᵀ k_m(x)); S_ holds G = Σ_i k_m(x_i) k_m(x_i)ᵀ (m x m, lower
  // triangle) while the covariance pass runs, the PCA's covariance of φ̃' (or φ̃) after it
  Eigen::MatrixXd W_, S_;
  // Nyström with transform_sample: the covariance pass's kernel blocks k(X_b, landmarks), kept for the
  // sample's transform (the same blocks, so the same bits, without the kernel values computed twice) when
  // they fit in kMaxCachedKernelDoubles; empty otherwise
  std::vector<Eigen::MatrixXd> kernel_blocks_;
  // row blocks (Nyström covariance, transform)
  Eigen::Index block_ = 1, start_ = 0;
  FeatureMatrix transformed_;

  int64_t units_ = 0;
  double done_cost_ = 0;
  double progress_ = 0;
};

}  // namespace ml
