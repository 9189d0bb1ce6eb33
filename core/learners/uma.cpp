// marginlab — UMA (see uma.h).
#include "core/learners/uma.h"

#include <Eigen/LU>
#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "core/metrics/confusion_rate.h"
#include "core/metrics/margins.h"
#include "core/noise/noise.h"
#include "core/util/numbers.h"

namespace ml {

namespace {

std::string short_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}


// Index of the largest score (first on ties) of a row.
int argmax_row(const float* s, int q_count) {
  int best = 0;
  for (int q = 1; q < q_count; ++q) {
    if (s[q] > s[best]) best = q;
  }
  return best;
}

}  // namespace

const ParamTable<UmaParams>& UmaParams::table() {
  using P = UmaParams;
  static const ParamTable<P> t =
      ParamTable<P>()
          .add(&P::alpha, {.key = "alpha", .label = "alpha", .min = 0, .max = 10},
               "A_p keeps the points predicted p by a score gap >= alpha; E keeps the classes "
               "beating q on z by >= alpha (the paper's experiments: 0)")
          .add(&P::select, {.key = "select", .label = "(p,q) selection"},
               "error: largest ||z_pq||; conf: largest ||z_pq||/pi_q (class-balanced); random: "
               "any pair with ||z_pq|| >= tol (004 §3.5)")
          .add(&P::update, {.key = "update", .label = "step sizes"},
               "pair: tau_q = +1, tau_p = -1 (the paper's experiments); or the ultraconservative "
               "max, uniform or proportional steps over E")
          .add(&P::tol, {.key = "tol", .label = "stopping tolerance", .min = 0, .max = 10, .log_scale = true},
               "stop when every ||z_pq|| is below tol min(1, R), R = max ||x_i|| of the features UMA learns "
               "from (data scaled down stop where the originals do)")
          .add(&P::tol_se, {.key = "tol_se", .label = "significance", .min = 0, .max = 100},
               "also stop when every ||z_pq|| is below this many of its standard errors under "
               "the label noise (0 = off)")
          .add(&P::max_updates, {.key = "max_updates", .label = "update cap", .min = 0, .max = 1e9},
               "stop after this many updates (0 = no cap; noisy non-separable data rarely reach tol)")
          .add(&P::confusion, {.key = "confusion", .label = "confusion matrix C"},
               "given: the noise's own C (the simulation knows it); estimated: counted on est_fraction "
               "of the training set labelled by an oracle (004 §4.2); identity: C = I (plain perceptron); "
               "family: C_j of the noise's confusion family, j = l.family (004 Fig. 1(b))")
          .add(&P::est_fraction, {.key = "est_fraction", .label = "oracle fraction", .min = 0.001, .max = 1},
               "estimated C: the fraction of training examples whose true label is asked (004: 5%)")
          .add(&P::family, {.key = "family", .label = "family index j", .min = 0, .max = 100},
               "confusion family: UMA is told C_j of the noise's family (noise=family, same base matrix "
               "M); j = the noise's fam is the true C, 0 is I, larger j overestimates the noise")
          .add(&P::max_cond,
               {.key = "max_cond", .label = "largest condition number", .min = 1, .max = 1e15, .log_scale = true},
               "refuse a confusion matrix whose 2-norm condition number exceeds this")
          .add(&P::projection, {.key = "projection", .label = "kernel front end"},
               "none (linear UMA), exact kernel PCA (n <= 4000) or Nyström kernel PCA onto D "
               "directions, fitted on the training features (004 §3.6)")
          .add(&P::dims, {.key = "dims", .label = "projection size D", .min = 1, .max = 5000, .log_scale = true},
               "number of kernel principal directions (004 §4.2: 640 digits, 1600 letters)")
          .nest(&P::kernel, kernel_param_table("the kernel of the front end", "exp(-||x-x'||^2 / (2 sigma^2))",
                                               "nystrom: landmarks m >= D; 0 = min(n, max(2D, 1000))"));
  return t;
}

Status Uma::reset(const Problem& problem, const UmaParams& params) {
  assert(problem.train != nullptr);
  const Dataset& data = *problem.train;
  problem_ = problem;
  params_ = params;
  num_classes_ = std::max(2, std::max(problem.num_classes, data.num_classes()));
  const int q_count = num_classes_;
  const int n = data.rows();
  if (q_count > kMaxClasses) {
    return make_error("uma.too_many_classes", "UMA: the data have " + std::to_string(q_count) + " classes; at most " +
                                                  std::to_string(kMaxClasses));
  }
  if (n < 1) return make_error("uma.empty", "UMA: the training set is empty");
  if (!data.X.allFinite()) return make_error("uma.not_finite", "UMA: a training feature is NaN or infinite");
  for (int i = 0; i < n; ++i)
    assert(data.label[static_cast<size_t>(i)] >= 0 && data.label[static_cast<size_t>(i)] < q_count);

  clear_run_state(problem, params);
  if (Status s = choose_confusion(problem, params); !s.ok()) return s;
  if (Status s = invert_confusion(data, params); !s.ok()) return s;
  return configure_projection(data, params);
}

void Uma::clear_run_state(const Problem& problem, const UmaParams& params) {
  alpha_ = params.alpha;
  selection_ = params.select;
  rule_ = params.update;
  tolerance_ = 0;  // tol times the data's scale, set by build() on the features UMA learns from
  tol_se_ = params.tol_se;
  max_updates_ = params.max_updates;
  source_ = params.confusion;
  rng_ = Rng(problem.seed, Stream::learner);
  oracle_rows_.clear();
  built_ = false;
  build_failed_ = false;
  build_status_ = Status::Ok();
  set_stop(StopReason::none);
  bound_ = kNaN;  // 004 Prop. 4 gives O(1/theta^2) updates with no explicit constant
  updates_ = 0;
  last_p_ = last_q_ = next_p_ = next_q_ = -1;
  last_z_norm_ = 0;
  last_error_set_ = 0;
  max_z_norm_ = 0;
  confusion_rate_est_ = kNaN;
  front_.clear();
}

Status Uma::choose_confusion(const Problem& problem, const UmaParams& params) {
  const int q_count = num_classes_;
  switch (source_) {
    case UmaConfusionSource::identity: c_ = Eigen::MatrixXd::Identity(q_count, q_count); return Status::Ok();
    case UmaConfusionSource::given: {
      if (override_c_.size() > 0) {
        c_ = override_c_;
        return Status::Ok();
      }
      // The session resolves the noise's matrix (noise_confusion_matrix) into Problem::known_confusion.
      const Result<Eigen::MatrixXd>& known = problem.known_confusion;
      if (!known.ok()) {
        const bool bad_list = known.error().code == "noise.bad_confusion";
        return make_error(bad_list ? "uma.bad_confusion" : "uma.no_confusion",
                          "UMA: " + known.error().message +
                              (bad_list ? std::string() : "; set field 'l.confusion' to estimated or identity"));
      }
      c_ = known.value();
      return Status::Ok();
    }
    case UmaConfusionSource::family: {
      const Result<Eigen::MatrixXd>& base = problem.confusion_family_base;
      if (!base.ok()) {
        return make_error("uma.no_family", "UMA: confusion 'family' needs noise=family (C_j is a matrix of the "
                                           "noise's 004 §4.1 family): " +
                                               base.error().message);
      }
      if (base.value().rows() != q_count) {
        return make_error("uma.bad_confusion", "UMA: the family's base matrix is " +
                                                   std::to_string(base.value().rows()) + "x" +
                                                   std::to_string(base.value().cols()) + " but the data have " +
                                                   std::to_string(q_count) + " classes");
      }
      c_ = confusion_family(base.value(), params.family);
      return Status::Ok();
    }
    case UmaConfusionSource::estimated: return estimate_confusion_by_oracle(problem, params);
  }
  return Status::Ok();
}

Status Uma::estimate_confusion_by_oracle(const Problem& problem, const UmaParams& params) {
  const Dataset& data = *problem.train;
  const int n = data.rows();
  if (!problem.label_oracle) {
    return make_error("uma.no_oracle", "UMA: confusion 'estimated' needs a label oracle (Problem::label_oracle)");
  }
  oracle_rows_ = confident_sample_rows(n, params.est_fraction, rng_);
  const int k = static_cast<int>(oracle_rows_.size());
  std::vector<int> observed, truth;
  observed.reserve(static_cast<size_t>(k));
  truth.reserve(static_cast<size_t>(k));
  for (int i : oracle_rows_) {
    observed.push_back(data.label[static_cast<size_t>(i)]);
    truth.push_back(problem.label_oracle(i));
  }
  Result<Eigen::MatrixXd> m = estimate_confusion(observed, truth, num_classes_);
  if (!m.ok()) {
    return make_error("uma.estimate_failed",
                      "UMA: estimating C on " + std::to_string(k) +
                          " oracle-labelled examples (field 'l.est_fraction'): " + m.error().message);
  }
  c_ = m.value();
  return Status::Ok();
}

Status Uma::invert_confusion(const Dataset& data, const UmaParams& params) {
  const int q_count = num_classes_;
  const int n = data.rows();
  const std::string where = std::string("UMA: the confusion matrix (") +
                            std::string(kUmaConfusionSourceNames[static_cast<int>(source_)]) + ")";
  if (c_.rows() != q_count || c_.cols() != q_count) {
    return make_error("uma.bad_confusion", where + " is " + std::to_string(c_.rows()) + "x" +
                                               std::to_string(c_.cols()) + " but the data have " +
                                               std::to_string(q_count) + " classes");
  }
  if (Status v = validate_confusion(c_, 1e-6); !v.ok()) {
    return make_error("uma.bad_confusion", where + ": " + v.error().message);
  }
  condition_ = condition_number(c_);
  if (!(condition_ < kUmaSingularCondition)) {
    return make_error("uma.singular_confusion", where + " is singular: condition number " + short_number(condition_) +
                                                    " (004 Assumption 3 needs C invertible)");
  }
  if (condition_ > params.max_cond) {
    return make_error("uma.ill_conditioned_confusion", where + " is ill-conditioned: condition number " +
                                                           short_number(condition_) + " > " +
                                                           short_number(params.max_cond) + " (field 'l.max_cond')");
  }
  c_inv_ = c_.inverse();
  Eigen::VectorXd observed_counts = Eigen::VectorXd::Zero(q_count);
  for (int i = 0; i < n; ++i) observed_counts[data.label[static_cast<size_t>(i)]] += 1.0;
  pi_ = (c_inv_ * observed_counts) / static_cast<double>(n);
  return Status::Ok();
}

Status Uma::configure_projection(const Dataset& data, const UmaParams& params) {
  const int n = data.rows();
  projection_kind_ = params.projection;
  const Kernel kernel = make_kernel(params.kernel);
  ProjectionOptions projection_options;
  projection_options.kind = ProjectionKind::kpca;
  projection_options.dims = params.dims;
  projection_options.landmarks = params.kernel.landmarks;
  // UMA uses its features only through inner products and sums, so at D >= the landmarks' rank the Nyström
  // PCA's rotation changes nothing but rounding: skip it (projection.h "Rotation-free Nyström").
  projection_options.skip_nystrom_pca = true;
  if (projection_kind_ == UmaProjection::kpca) {
    if (n > kUmaMaxExactKpca) {
      return make_error("uma.kpca_too_large", "UMA: exact kernel PCA on " + std::to_string(n) +
                                                  " examples is an O(n^3) eigendecomposition; use l.projection=nystrom "
                                                  "(field 'l.projection', exact up to " +
                                                  std::to_string(kUmaMaxExactKpca) + ")");
    }
    projection_options.exact_limit = n;
  } else if (projection_kind_ == UmaProjection::nystrom) {
    projection_options.exact_limit = 0;
    if (projection_options.landmarks > 0 && projection_options.landmarks < projection_options.dims) {
      return make_error("uma.too_few_landmarks",
                        "UMA: " + std::to_string(projection_options.landmarks) + " Nyström landmarks cannot give D = " +
                            std::to_string(projection_options.dims) + " directions (field 'l.landmarks')");
    }
  }
  if (projection_kind_ == UmaProjection::none) return build();
  front_.configure(data, kernel, projection_options, rng_);
  return Status::Ok();  // the projection is fitted by the first step
}

Status Uma::build() {
  if (projection_kind_ != UmaProjection::none) {
    if (Status fit = front_.fit(); !fit.ok()) return fit;
  }
  const int dims = static_cast<int>(features().cols());
  w_ = Eigen::MatrixXd::Zero(num_classes_, dims);
  w_float_ = FeatureMatrix::Zero(num_classes_, dims);
  spent_.assign(static_cast<size_t>(num_classes_) * static_cast<size_t>(num_classes_), 0);
  scores_ = FeatureMatrix::Zero(features().rows(), num_classes_);  // W = 0: every score is exactly 0
  row_norms2_ = row_norms2(features());
  tolerance_ = params_.tol * std::min(1.0, data_scale());
  built_ = true;
  refresh();
  select_next();
  return Status::Ok();
}

namespace {

// Rows are summed in float in groups of at most this many per block, each group then added in double:
// float speed (4 lanes, no conversion) with a rounding error of at most ~64 float ulps per group.
constexpr int kFloatGroup = 64;

// Sums float rows into double rows, two-level (see kFloatGroup); rows are added in call order.
class RowAccumulator {
 public:
  RowAccumulator(Eigen::Index rows, Eigen::Index cols)
      : sum_(RowMatrixXd::Zero(rows, cols)),
        partial_(FeatureMatrix::Zero(rows, cols)),
        count_(static_cast<size_t>(rows), 0) {}
  void add(Eigen::Index row, const float* x) {
    partial_.row(row) += Eigen::Map<const Eigen::RowVectorXf>(x, partial_.cols());
    if (++count_[static_cast<size_t>(row)] == kFloatGroup) flush(row);
  }
  // The double sums (flushes every partial group first).
  RowMatrixXd& finish() {
    for (Eigen::Index r = 0; r < sum_.rows(); ++r) {
      if (count_[static_cast<size_t>(r)] > 0) flush(r);
    }
    return sum_;
  }

 private:
  void flush(Eigen::Index row) {
    sum_.row(row) += partial_.row(row).cast<double>();
    partial_.row(row).setZero();
    count_[static_cast<size_t>(row)] = 0;
  }
  RowMatrixXd sum_;
  FeatureMatrix partial_;
  std::vector<int> count_;
};

}  // namespace

RowMatrixXd uma_gamma(const FeatureRef& X, const std::vector<int>& labels, const FeatureRef& scores, int num_classes,
                      double alpha, Eigen::MatrixXd* predicted_observed, Eigen::VectorXd* second_moments,
                      const Eigen::VectorXd* row_norms2) {
  const int n = static_cast<int>(X.rows());
  const int q_count = num_classes;
  const Eigen::Index blocks = static_cast<Eigen::Index>(q_count) * q_count;
  assert(scores.rows() == n && scores.cols() == q_count && static_cast<int>(labels.size()) == n);
  // Rows 0..Q^2-1: block (p, k) = p*Q + k. Rows Q^2 + k: points with every score tied (in every A_p when
  // alpha <= 0, e.g. W = 0), added to every block (p, k) at the end instead of Q times each.
  RowAccumulator acc(blocks + q_count, X.cols());
  bool any_everywhere = false;
  if (predicted_observed != nullptr) *predicted_observed = Eigen::MatrixXd::Zero(q_count, q_count);
  Eigen::VectorXd moments = Eigen::VectorXd::Zero(blocks + q_count);
  for (int i = 0; i < n; ++i) {
    const float* s = scores.row(i).data();
    const int y = labels[static_cast<size_t>(i)];
    const int best = argmax_row(s, q_count);
    if (predicted_observed != nullptr) (*predicted_observed)(best, y) += 1.0;
    const float top = s[best];
    int tied = 0;
    float second = -std::numeric_limits<float>::infinity();
    for (int k = 0; k < q_count; ++k) {
      if (s[k] == top)
        ++tied;
      else if (s[k] > second)
        second = s[k];
    }
    const float* x = X.row(i).data();
    const double x_norm2 = second_moments == nullptr ? 0.0
                           : row_norms2 != nullptr   ? (*row_norms2)[i]
                                                     : X.row(i).cast<double>().squaredNorm();
    if (tied >= 2) {
      // Every tied top class has gap 0: it is in A_p exactly when alpha <= 0.
      if (alpha > 0) continue;
      if (tied == q_count) {
        acc.add(blocks + y, x);
        moments[blocks + y] += x_norm2;
        any_everywhere = true;
        continue;
      }
      for (int p = 0; p < q_count; ++p) {
        if (s[p] != top) continue;
        acc.add(static_cast<Eigen::Index>(p) * q_count + y, x);
        moments[static_cast<Eigen::Index>(p) * q_count + y] += x_norm2;
      }
    } else if (static_cast<double>(top) - static_cast<double>(second) >= alpha) {
      acc.add(static_cast<Eigen::Index>(best) * q_count + y, x);
      moments[static_cast<Eigen::Index>(best) * q_count + y] += x_norm2;
    }
  }
  RowMatrixXd& sums = acc.finish();
  if (any_everywhere) {
    for (int p = 0; p < q_count; ++p) {
      sums.middleRows(static_cast<Eigen::Index>(p) * q_count, q_count) += sums.bottomRows(q_count);
      moments.segment(static_cast<Eigen::Index>(p) * q_count, q_count) += moments.tail(q_count);
    }
  }
  RowMatrixXd gamma = sums.topRows(blocks);
  if (n > 0) gamma /= static_cast<double>(n);
  if (second_moments != nullptr) {
    *second_moments = moments.head(blocks);
    if (n > 0) *second_moments /= static_cast<double>(n) * static_cast<double>(n);
  }
  return gamma;
}

RowMatrixXd uma_update_vectors(const RowMatrixXd& gamma, const Eigen::MatrixXd& c_inverse) {
  const Eigen::Index q_count = c_inverse.rows();
  assert(gamma.rows() == q_count * q_count);
  RowMatrixXd z(gamma.rows(), gamma.cols());
  for (Eigen::Index p = 0; p < q_count; ++p) {
    z.middleRows(p * q_count, q_count).noalias() = c_inverse * gamma.middleRows(p * q_count, q_count);
  }
  return z;
}

double Uma::data_scale() const { return row_norms2_.size() > 0 ? std::sqrt(row_norms2_.maxCoeff()) : 0.0; }

bool Uma::hypothesis_finite() const { return w_.allFinite(); }

void Uma::update_scores(const double* tau) {
  const FeatureView& X = features();
  int changed = 0;
  for (int k = 0; k < num_classes_; ++k) changed += tau[k] != 0.0 ? 1 : 0;
  if (4 * changed > num_classes_) {
    scores_.noalias() = X * w_float_.transpose();  // most classes moved: one GEMM for every score
    return;
  }
  // The pair and max rules move two classes: recompute just their columns (a GEMV each, exact, never an
  // increment, so nothing drifts).
  Eigen::VectorXf column(X.rows());
  for (int k = 0; k < num_classes_; ++k) {
    if (tau[k] == 0.0) continue;
    column.noalias() = X * w_float_.row(k).transpose();
    scores_.col(k) = column;
  }
}

void Uma::refresh() {
  const FeatureView& X = features();
  const int q_count = num_classes_;
  assert(scores_.rows() == X.rows() && scores_.cols() == q_count);
  Eigen::MatrixXd predicted_observed;
  Eigen::VectorXd moments;
  const RowMatrixXd gamma =
      uma_gamma(X, problem_.train->label, scores_, q_count, alpha_, &predicted_observed, &moments, &row_norms2_);
  z_ = uma_update_vectors(gamma, c_inv_);
  z_norm_ = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(q_count) * q_count);
  z_se_ = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(q_count) * q_count);
  max_z_norm_ = 0;
  for (int p = 0; p < q_count; ++p) {
    for (int q = 0; q < q_count; ++q) {
      if (q == p) continue;
      const Eigen::Index pair = static_cast<Eigen::Index>(p) * q_count + q;
      const double norm = z_.row(pair).norm();
      z_norm_[pair] = norm;
      // Standard error of z_pq under the label noise, rows treated as independent multinomial draws:
      // Var(z_pq) ~ sum_k (C^{-1})_qk^2 (1/n^2) sum_{y_i = k, x_i in A_p} ||x_i||^2.
      double var = 0;
      for (int k = 0; k < q_count; ++k)
        var += c_inv_(q, k) * c_inv_(q, k) * moments[static_cast<Eigen::Index>(p) * q_count + k];
      z_se_[pair] = std::sqrt(var);
      max_z_norm_ = std::max(max_z_norm_, norm);
    }
  }

  // The training confusion rate without true labels: E[P_obs] = P_true C^T, so P_true ~ P_obs C^{-T}.
  const Eigen::MatrixXd truth_estimate = predicted_observed * c_inv_.transpose();
  Eigen::MatrixXd c_hat = Eigen::MatrixXd::Zero(q_count, q_count);
  for (int q = 0; q < q_count; ++q) {
    const double column = truth_estimate.col(q).sum();
    if (column > 0) c_hat.col(q) = truth_estimate.col(q) / column;
  }
  confusion_rate_est_ = confusion_rate(c_hat);
}

void Uma::select_next() {
  const int q_count = num_classes_;
  next_p_ = next_q_ = -1;
  std::vector<int> eligible;
  for (int p = 0; p < q_count; ++p) {
    for (int q = 0; q < q_count; ++q) {
      const int pair = p * q_count + q;
      if (p != q && !spent_[static_cast<size_t>(pair)] && z_norm_[pair] >= tolerance_ && z_norm_[pair] > 0 &&
          z_norm_[pair] >= tol_se_ * z_se_[pair]) {
        eligible.push_back(pair);
      }
    }
  }
  if (eligible.empty()) {
    set_stop(StopReason::no_eligible_pair);
    return;
  }
  int chosen = -1;
  if (selection_ == UmaSelection::random) {
    chosen = eligible[rng_.below(static_cast<uint32_t>(eligible.size()))];
  } else {
    double best = -1;
    if (selection_ == UmaSelection::conf) {
      for (int pair : eligible) {
        const double share = pi_[pair % q_count];
        if (!(share > 0)) continue;
        const double value = z_norm_[pair] / share;
        if (value > best) {
          best = value;
          chosen = pair;
        }
      }
    }
    if (chosen < 0) {
      for (int pair : eligible) {
        if (z_norm_[pair] > best) {
          best = z_norm_[pair];
          chosen = pair;
        }
      }
    }
  }
  next_p_ = chosen / q_count;
  next_q_ = chosen % q_count;
}

bool Uma::prepare(double max_seconds, const ClockFn& now) {
  if (built_ || done() || projection_kind_ == UmaProjection::none) return true;
  return front_.prepare(max_seconds, now);
}

Preparation Uma::preparation() const {
  if (built_ || done() || projection_kind_ == UmaProjection::none) return Preparation{};
  return front_.preparation();
}

StepResult Uma::step() {
  assert(!done());
  StepResult r;
  if (!built_) {
    build_status_ = build();
    if (!build_status_.ok()) {
      build_failed_ = true;
      set_stop(StopReason::failed);
    }
    return r;
  }
  const int q_count = num_classes_;
  const int p = next_p_;
  const int q = next_q_;
  const int pair = p * q_count + q;
  const auto z = z_.row(pair);
  double scores_z[kMaxClasses] = {}, tau[kMaxClasses] = {};
  for (int k = 0; k < q_count; ++k) scores_z[k] = w_.row(k).dot(z);
  last_p_ = p;
  last_q_ = q;
  last_z_norm_ = z_norm_[pair];
  last_error_set_ = ultraconservative_steps(scores_z, q_count, q, alpha_, rule_, p, tau);
  if (last_error_set_ == 0) {
    spent_[static_cast<size_t>(pair)] = 1;  // W is unchanged: the next best pair, without recomputation
    select_next();
    return r;
  }
  const Eigen::RowVectorXd update = z;  // z_ is rewritten by refresh()
  for (int k = 0; k < q_count; ++k) {
    if (tau[k] != 0.0) w_.row(k) += tau[k] * update;
  }
  w_float_ = w_.cast<float>();
  update_scores(tau);
  ++updates_;
  r.mistake = true;
  r.updated = true;
  std::fill(spent_.begin(), spent_.end(), 0);
  refresh();
  if (max_updates_ > 0 && updates_ >= max_updates_) {
    set_stop(StopReason::update_cap);
    next_p_ = next_q_ = -1;
    return r;
  }
  select_next();
  return r;
}

void Uma::scores(const float* x, float* out) const {
  Eigen::Map<Eigen::VectorXf> s(out, num_classes_);
  if (!built_) {
    s.setZero();
    return;
  }
  if (projection_kind_ == UmaProjection::none) {
    const Eigen::Map<const Eigen::VectorXf> v(x, w_float_.cols());
    s.noalias() = w_float_ * v;
    return;
  }
  Eigen::VectorXf projected(front_.projection().dims());
  front_.transform_row(x, projected.data());
  s.noalias() = w_float_ * projected;
}

double Uma::hypothesis_norm() const { return built_ ? frobenius_norm_double(w_) : 0.0; }

void Uma::scores_batch(const FeatureRef& X, Eigen::MatrixXf* out) const {
  if (built_ && projection_kind_ == UmaProjection::none) {
    linear_scores_batch(X, w_float_, out);
    return;
  }
  Learner::scores_batch(X, out);  // zeros before the build; a projection per row otherwise
}

void Uma::predict_batch(const FeatureRef& X, std::vector<int>* out) const {
  out->assign(static_cast<size_t>(X.rows()), 0);
  if (!built_ || X.rows() == 0) return;
  FeatureMatrix S;
  if (projection_kind_ == UmaProjection::none) {
    S.noalias() = X * w_float_.transpose();
  } else {
    S.noalias() = front_.transform(X) * w_float_.transpose();
  }
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    (*out)[static_cast<size_t>(i)] = argmax_row(S.row(i).data(), num_classes_);
}

double Uma::predict_cost() const {
  // Per example: the Q scores, plus the projection of a matrix not seen before (the memo makes the
  // session's repeated evaluations of the same training and test matrices cost only the scores).
  const double dims = static_cast<double>(w_float_.cols());
  return static_cast<double>(num_classes_) * (dims + 1.0);
}

double Uma::step_cost() const {
  // The Gamma pass (n D), two score columns (2 n D) and all z_pq (Q^3 D) of one update.
  const double n = static_cast<double>(scores_.rows());
  const double dims = static_cast<double>(w_float_.cols());
  const double q = static_cast<double>(num_classes_);
  return 3.0 * n * dims + q * q * q * dims;
}

std::vector<Counter> Uma::counters() const {
  return {{"phase", built_ ? 1.0 : 0.0},
          {"p", static_cast<double>(last_p_)},
          {"q", static_cast<double>(last_q_)},
          {"z_norm", last_z_norm_},
          {"error_set", static_cast<double>(last_error_set_)},
          {"max_z_norm", max_z_norm_},
          {"confusion_rate_est", confusion_rate_est_},
          {"condition", condition_},
          {"oracle_queries", static_cast<double>(oracle_rows_.size())},
          {"projection_dim", built_ ? static_cast<double>(features().cols()) : 0.0},
          {"build_failed", build_failed_ ? 1.0 : 0.0}};
}

double Uma::max_condition(const ParamValues& values) { return UmaParams::table().decode(values).max_cond; }

LearnerCost Uma::cost(const ProblemShape& shape, const UmaParams& params, CostSum& sum) {
  const double n = shape.train;
  double D = shape.dims;
  if (params.projection != UmaProjection::none) {
    D = std::min(static_cast<double>(params.dims), n);
    const double exact_limit = params.projection == UmaProjection::kpca ? n : 0;
    add_projection_cost(sum, ProjectionKind::kpca, n, shape.test(), shape.dims, D, params.kernel.landmarks, exact_limit,
                        Resource::prepare);
  }
  sum.add(Resource::step, 2 * n * (D + 1) * shape.classes, "one UMA step (a pass over the sample per class)");
  LearnerCost out;
  out.row_per_example = (D + 1) * shape.classes;
  out.sizes = {{"dims", static_cast<double>(params.dims), 1},
               {"landmarks", nystrom_landmarks(params.kernel.landmarks, n, params.dims), 1}};
  return out;
}

}  // namespace ml
