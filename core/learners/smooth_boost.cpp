// marginlab — SmoothBoost with the A_mlcw or the averaging weak learner (see smooth_boost.h).
#include "core/learners/smooth_boost.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <string>

#include "core/learners/pca_outlier_removal.h"
#include "core/util/detmath.h"

namespace ml {

namespace {

// Servedio's round bound is capped here so that it stays an exact whole number in a double.
constexpr double kMaxRoundsCap = 1e15;

// <v, x> in double, coordinate order.
double dot_fd(const float* v, const float* x, int d) {
  double s = 0.0;
  for (int j = 0; j < d; ++j) s += static_cast<double>(v[j]) * static_cast<double>(x[j]);
  return s;
}

double clip_unit(double z) { return z > 1.0 ? 1.0 : (z < -1.0 ? -1.0 : z); }

// The rows both boosters share: epsilon, gamma, sample, scale.
ParamTable<SmoothBoostParams> booster_rows() {
  using P = SmoothBoostParams;
  return ParamTable<P>()
      .add(&P::epsilon,
           {.key = "epsilon", .label = "target error epsilon (kappa)", .min = 0.001, .max = 0.5, .log_scale = true},
           "SmoothBoost stops when the mean weight falls below epsilon (then at most an epsilon fraction of "
           "the sample has margin below theta); also the epsilon of A_mlcw's log(n/epsilon)")
      .add(&P::gamma,
           {.key = "gamma", .label = "assumed weak advantage gamma", .min = 1e-6, .max = 0.49, .log_scale = true},
           "the advantage the weak learner is assumed to reach; theta = gamma/(2+gamma), weights "
           "(1-gamma)^(N/2), at most 2/(epsilon gamma^2 sqrt(1-gamma)) rounds")
      .add(&P::sample, {.key = "sample", .label = "draws per round m", .min = 0, .max = 1000000},
           "examples the weak learner draws from the booster's distribution each round; 0 = the training size")
      .add(&P::scale, {.key = "scale", .label = "hypothesis scale s", .min = 0, .max = 1e6, .log_scale = true},
           "weak hypotheses are clip(<v,x>/s, -1, 1); 0 = 003's s = 3 n log m (advantage about 1/(n log m), "
           "weights barely move); a few units make the weights move within hundreds of rounds")
      .add(&P::rounds, {.key = "rounds", .label = "round cap", .min = 0, .max = 1e9, .log_scale = true},
           "stop after this many rounds even if the mean weight is still above epsilon (0 = no cap: "
           "only the stop rule and Servedio's bound T); a comparison gives every learner one link");
}

}  // namespace

const ParamTable<SmoothBoostParams>& SmoothBoostParams::table() {
  static const ParamTable<SmoothBoostParams> t = booster_rows().add(
      &SmoothBoostParams::c0,
      {.key = "c0", .label = "removal constant c0", .min = 0.001, .max = 1000, .log_scale = true},
      "A_mlcw stops removing when sigma^2 <= c0 m log(n/epsilon), else removes <w,x>^2 > c0 log(n/epsilon) "
      "(003 leaves c0 unspecified)");
  return t;
}

const ParamTable<SmoothBoostParams>& SmoothBoostParams::averaging_table() {
  static const ParamTable<SmoothBoostParams> t = booster_rows();
  return t;
}

LearnerSchema SmoothBoost::mlc_schema() {
  return make_schema<SmoothBoostParams>("smooth_boost", "SmoothBoost + PCA outlier removal (A_mlc)", false);
}

LearnerSchema SmoothBoost::averaging_schema() {
  return make_schema("smooth_boost_averaging", "SmoothBoost + averaging (adversarial label noise)", false,
                     SmoothBoostParams::averaging_table());
}

Status SmoothBoost::reset(const Problem& problem, const SmoothBoostParams& params) {
  assert(problem.train != nullptr);
  data_ = problem.train;
  if (Status st = require_binary(*data_, "SmoothBoost"); !st.ok()) return st;
  const int n_train = data_->rows();
  const int d = std::max(1, data_->cols());
  epsilon_ = params.epsilon;
  gamma_ = params.gamma;
  theta_ = gamma_ / (2.0 + gamma_);
  log_one_minus_gamma_ = det::log(1.0 - gamma_);
  sample_ = params.sample > 0 ? params.sample : n_train;
  const double log_m = det::log(static_cast<double>(std::max(sample_, 2)));
  norm_cut2_ = 3.0 * d * log_m;
  scale_ = params.scale > 0 ? params.scale : norm_cut2_;
  if (kind_ == WeakLearnerKind::mlcw) {
    const double log_n_eps = det::log(d / epsilon_);
    variance_threshold_ = params.c0 * static_cast<double>(sample_) * log_n_eps;
    point_threshold_ = params.c0 * log_n_eps;
  }
  const double bound = 2.0 / (epsilon_ * gamma_ * gamma_ * std::sqrt(1.0 - gamma_));
  max_rounds_ = std::min(std::ceil(bound), kMaxRoundsCap);
  round_cap_ = params.rounds;
  rng_ = Rng(problem.seed, Stream::learner);
  n_.assign(static_cast<size_t>(n_train), 0.0);
  m_.assign(static_cast<size_t>(n_train), 1.0);
  weight_sum_ = n_train;
  cumulative_.assign(static_cast<size_t>(n_train), 0.0);
  v_rows_.clear();
  v_sum_ = Eigen::VectorXd::Zero(data_->cols());
  v_max_norm_ = 0;
  round_ = 0;
  last_advantage_ = 0;
  last_dropped_ = last_removed_pca_ = last_pca_rounds_ = 0;
  round_removed_.clear();
  return Status::Ok();
}

bool SmoothBoost::done() const {
  const int n_train = data_->rows();
  if (n_train == 0) return true;
  return weight_sum_ / n_train < epsilon_ || round_ >= max_rounds_ || (round_cap_ > 0 && round_ >= round_cap_);
}

StopReason SmoothBoost::stop_reason() const {
  if (!done()) return StopReason::none;
  const int n_train = data_->rows();
  if (n_train == 0) return StopReason::empty_sample;
  if (weight_sum_ / n_train < epsilon_) return StopReason::weight_test;
  return round_ >= max_rounds_ ? StopReason::round_bound : StopReason::round_cap;
}

std::string SmoothBoost::rule_note() const {
  if (round_ == 0 || m_.empty()) return {};
  const auto [lo, hi] = std::minmax_element(m_.begin(), m_.end());
  if (1.0 - *lo > kStillWeight || *hi - 1.0 > kStillWeight) return {};
  return "the weights have not moved after " + std::to_string(round_) + " rounds (every M within " +
         note_number(kStillWeight) + " of 1: D_t stays uniform), so the booster runs as a bagged weak learner: at " +
         "scale s = " + note_number(scale_) + " a weak hypothesis has an advantage of order 1/s (here " +
         note_number(last_advantage_) +
         "); the weights move within a few hundred rounds at l.scale = 1, l.gamma = 0.05";
}

Vector SmoothBoost::weak_learner() {
  const int n_train = data_->rows();
  const int d = data_->cols();
  // 1. m draws from D_t = M / sum M: inverse CDF on the prefix sums (index order), sorted afterwards.
  double running = 0.0;
  for (int i = 0; i < n_train; ++i) {
    running += m_[static_cast<size_t>(i)];
    cumulative_[static_cast<size_t>(i)] = running;
  }
  std::vector<int> rows(static_cast<size_t>(sample_));
  for (int k = 0; k < sample_; ++k) {
    const double u = rng_.uniform() * running;
    const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
    const int i = it == cumulative_.end() ? n_train - 1 : static_cast<int>(it - cumulative_.begin());
    rows[static_cast<size_t>(k)] = i;
  }
  std::sort(rows.begin(), rows.end());
  round_removed_.clear();
  last_dropped_ = last_removed_pca_ = last_pca_rounds_ = 0;
  if (kind_ == WeakLearnerKind::mlcw) {
    // 2. drop ||x|| > sqrt(3 n log m), compared squared: ||x||^2 > s.
    std::vector<int> kept;
    kept.reserve(rows.size());
    for (int i : rows) {
      const float* x = data_->X.row(i).data();
      if (dot_fd(x, x, d) > norm_cut2_) {
        round_removed_.push_back(i);
        ++last_dropped_;
      } else {
        kept.push_back(i);
      }
    }
    rows.swap(kept);
    // 3. repeated PCA removal until the top variance is small.
    for (;;) {
      const RemovalRound r =
          pca_removal_round(data_->X, variance_threshold_, point_threshold_, RemovalRule::mlcw, &rows, &round_removed_);
      ++last_pca_rounds_;
      last_removed_pca_ += r.removed;
      if (r.stopped) break;
    }
  }
  // 4. the averaging algorithm on what remains.
  return averaging_vector(*data_, rows);
}

StepResult SmoothBoost::step() {
  assert(!done());
  const int n_train = data_->rows();
  const int d = data_->cols();
  const Vector v = weak_learner();
  // Advantage under D_t, then N and M; all sums in index order.
  double advantage = 0.0;
  double new_sum = 0.0;
  for (int i = 0; i < n_train; ++i) {
    const size_t idx = static_cast<size_t>(i);
    const double y = data_->sign(i);
    const double h = clip_unit(dot_fd(v.data(), data_->X.row(i).data(), d) / scale_);
    advantage += m_[idx] * y * h;
    n_[idx] += y * h - theta_;
    m_[idx] = n_[idx] < 0.0 ? 1.0 : det::exp(0.5 * n_[idx] * log_one_minus_gamma_);
    new_sum += m_[idx];
  }
  last_advantage_ = advantage / weight_sum_;
  weight_sum_ = new_sum;
  v_rows_.insert(v_rows_.end(), v.data(), v.data() + d);
  double norm2 = 0.0;
  for (int j = 0; j < d; ++j) {
    v_sum_[j] += static_cast<double>(v[j]);
    norm2 += static_cast<double>(v[j]) * static_cast<double>(v[j]);
  }
  v_max_norm_ = std::max(v_max_norm_, std::sqrt(norm2));
  ++round_;
  StepResult r;
  r.updated = true;
  return r;
}

double SmoothBoost::combined(const float* x) const {
  if (round_ == 0) return 0.0;
  const int d = data_->cols();
  const double x_norm = std::sqrt(dot_fd(x, x, d));
  if (x_norm * v_max_norm_ <= scale_) {
    double s = 0.0;  // no term can be clipped: f(x) = <sum_t v_t, x>/s
    for (int j = 0; j < d; ++j) s += v_sum_[j] * static_cast<double>(x[j]);
    return s / scale_;
  }
  double f = 0.0;
  for (int t = 0; t < round_; ++t) f += clip_unit(dot_fd(&v_rows_[static_cast<size_t>(t) * d], x, d) / scale_);
  return f;
}

void SmoothBoost::scores(const float* x, float* out) const {
  out[0] = 0.0f;
  out[1] = static_cast<float>(combined(x));
}

void SmoothBoost::predict_batch(const FeatureRef& X, std::vector<int>* out) const {
  out->resize(static_cast<size_t>(X.rows()));
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    // Same decision as predict(): class 1 when the float score is above 0.
    (*out)[static_cast<size_t>(i)] = static_cast<float>(combined(X.row(i).data())) > 0.0f ? 1 : 0;
  }
}

std::vector<Counter> SmoothBoost::counters() const {
  const int n_train = data_->rows();
  std::vector<Counter> c = {{"round", static_cast<double>(round_)},
                            {"weight_mean", n_train > 0 ? weight_sum_ / n_train : 0.0},
                            {"advantage", last_advantage_},
                            {"theta", theta_},
                            {"drawn", static_cast<double>(sample_)}};
  if (kind_ == WeakLearnerKind::mlcw) {
    c.push_back({"dropped_norm", static_cast<double>(last_dropped_)});
    c.push_back({"removed_pca", static_cast<double>(last_removed_pca_)});
    c.push_back({"pca_rounds", static_cast<double>(last_pca_rounds_)});
  }
  return c;
}

std::unique_ptr<Learner> make_smooth_boost() { return std::make_unique<SmoothBoost>(WeakLearnerKind::mlcw); }

std::unique_ptr<Learner> make_smooth_boost_averaging() {
  return std::make_unique<SmoothBoost>(WeakLearnerKind::averaging);
}

}  // namespace ml
