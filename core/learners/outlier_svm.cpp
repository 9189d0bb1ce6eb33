// marginlab — SIMPLE OUTLIER SVM and OUTLIER SVM (see outlier_svm.h).
#include "core/learners/outlier_svm.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <string>

namespace ml {

namespace {

// Work per step in multiply-adds of margin evaluation (M (d+1) per subset).
constexpr double kWorkPerStep = 4194304.0;  // 2^22
constexpr int kMaxBatch = 256;

}  // namespace

const ParamTable<OutlierSvmParams>& OutlierSvmParams::table() {
  using P = OutlierSvmParams;
  static const ParamTable<P> t =
      ParamTable<P>()
          .add(&P::k, {.key = "k", .label = "outliers k", .min = 0, .max = 1e6},
               "examples set aside: rho_k is the (k+1)-th smallest margin (002 Fig. 4)")
          .add(&P::budget, {.key = "budget", .label = "subset budget", .min = 1, .max = 1e8, .log_scale = true},
               "subsets per round: all C(M,c) when that many fit (exhaustive), else this many at random (sampled)")
          .add(&P::max_size, {.key = "max_size", .label = "largest subset", .min = 1, .max = 4096, .log_scale = true},
               "the last round's subset size c (capped at the number of examples)")
          .add(&P::constant,
               {.key = "constant", .label = "bound constant K", .min = 1e-3, .max = 1e6, .log_scale = true},
               "K in c = K R^2/rho^2: halt when rho_k > R sqrt(K/c) (002 Fig. 4, our reading)");
  return t;
}

double kth_smallest_margin(std::vector<double> margins, int k) {
  assert(k >= 0 && static_cast<size_t>(k) < margins.size());
  std::nth_element(margins.begin(), margins.begin() + k, margins.end());
  return margins[static_cast<size_t>(k)];
}

double binomial_up_to(int m, int c, double cap) {
  if (c < 0 || c > m) return 0;
  if (c > m - c) c = m - c;
  double r = 1;
  for (int i = 1; i <= c; ++i) {
    r = r * static_cast<double>(m - c + i) / static_cast<double>(i);  // C(m-c+i, i): an integer
    if (r > cap) return r;
  }
  return r;
}

LearnerSchema OutlierSvm::simple_schema() {
  return make_schema<OutlierSvmParams>("simple_outlier_svm", "Simple outlier SVM", false);
}

LearnerSchema OutlierSvm::schema() { return make_schema<OutlierSvmParams>("outlier_svm", "Outlier SVM", false); }

Status OutlierSvm::start(const Problem& problem, const OutlierSvmParams& params) {
  const int m = data_->rows();
  k_ = params.k;
  if (m > 0 && k_ >= m) {
    return make_error("outlier_svm.k_too_large", "parameter 'k' (" + std::to_string(k_) +
                                                     ") must be smaller than the number of training examples (" +
                                                     std::to_string(m) + ")");
  }
  budget_ = static_cast<double>(params.budget);
  cap_ = std::min(m, params.max_size);
  constant_ = params.constant;
  radius_ = problem.radius;
  rng_ = Rng(problem.seed, Stream::learner);
  const double work = static_cast<double>(m) * (data_->cols() + 1);
  batch_ = work > 0 ? static_cast<int>(std::max(1.0, std::min<double>(kMaxBatch, std::floor(kWorkPerStep / work))))
                    : kMaxBatch;
  signs_.resize(static_cast<size_t>(m));
  for (int i = 0; i < m; ++i) signs_[static_cast<size_t>(i)] = data_->sign(i);
  round_ = 0;
  evaluated_ = not_separable_ = 0;
  has_best_ = false;
  best_rho_k_ = 0;
  best_w_ = Eigen::VectorXd::Zero(data_->cols());
  w_float_ = Vector::Zero(data_->cols());
  best_subset_.clear();
  stop_reason_ = 0;
  done_ = m == 0;
  c_ = 0;
  if (!done_) start_round();
  return Status::Ok();
}

void OutlierSvm::start_round() {
  double scheduled;
  if (variant_ == OutlierVariant::simple) {
    scheduled = std::ldexp(1.0, round_);  // 2^i
  } else {
    scheduled = std::ceil(constant_ * std::ldexp(1.0, 2 * round_));  // K 4^i = K R^2/rho_i^2
  }
  c_ = scheduled >= cap_ ? cap_ : std::max(1, static_cast<int>(scheduled));
  if (variant_ == OutlierVariant::simple) {
    threshold_ = radius_ * std::sqrt(constant_ / static_cast<double>(c_));
  } else {
    threshold_ = std::ldexp(radius_, -round_);  // rho_i = R / 2^i
  }
  const double total = binomial_up_to(data_->rows(), c_, budget_);
  exhaustive_ = total <= budget_;
  round_subsets_ = static_cast<int64_t>(exhaustive_ ? total : budget_);
  round_done_ = 0;
  comb_.resize(static_cast<size_t>(c_));
  for (int a = 0; a < c_; ++a) comb_[static_cast<size_t>(a)] = a;
}

void OutlierSvm::end_round() {
  if (has_best_ && best_rho_k_ > threshold_) {
    stop_reason_ = 1;
    done_ = true;
  } else if (c_ >= cap_) {
    stop_reason_ = 2;
    done_ = true;
  } else {
    ++round_;
    start_round();
  }
}

bool OutlierSvm::next_combination() {
  const int m = data_->rows();
  for (int a = c_ - 1; a >= 0; --a) {
    if (comb_[static_cast<size_t>(a)] < m - c_ + a) {
      ++comb_[static_cast<size_t>(a)];
      for (int b = a + 1; b < c_; ++b) comb_[static_cast<size_t>(b)] = comb_[static_cast<size_t>(b - 1)] + 1;
      return true;
    }
  }
  return false;
}

void OutlierSvm::evaluate(const std::vector<int>& rows) {
  ++evaluated_;
  std::vector<int> signs(rows.size());
  for (size_t a = 0; a < rows.size(); ++a) signs[a] = signs_[static_cast<size_t>(rows[a])];
  Result<SvmSolution> s = solve_svm(signed_points(data_->X, rows, signs));
  if (!s.ok()) {
    ++not_separable_;
    return;
  }
  const int m = data_->rows();
  const int d = data_->cols();
  margins_.resize(static_cast<size_t>(m));
  int at_or_below_best = 0;
  for (int i = 0; i < m; ++i) {
    const float* x = data_->X.row(i).data();
    double v = 0;
    for (int j = 0; j < d; ++j) v += s->w[j] * static_cast<double>(x[j]);
    v = signs_[static_cast<size_t>(i)] > 0 ? v : -v;
    margins_[static_cast<size_t>(i)] = v;
    if (has_best_ && v <= best_rho_k_ && ++at_or_below_best > k_) return;  // rho_k(h_s) <= best
  }
  const double rho_k = kth_smallest_margin(margins_, k_);
  if (!has_best_ || rho_k > best_rho_k_) {
    has_best_ = true;
    best_rho_k_ = rho_k;
    best_w_ = s->w;
    w_float_ = best_w_.cast<float>();
    best_subset_ = rows;
  }
}

StepResult OutlierSvm::step() {
  assert(!done_);
  StepResult r;
  const Eigen::VectorXd before = best_w_;
  std::vector<int> rows;
  for (int b = 0; b < batch_ && round_done_ < round_subsets_; ++b) {
    if (exhaustive_) {
      evaluate(comb_);
      next_combination();
    } else {
      rows = rng_.choose(data_->rows(), c_);
      std::sort(rows.begin(), rows.end());
      evaluate(rows);
    }
    ++round_done_;
  }
  r.updated = best_w_ != before;
  if (round_done_ >= round_subsets_) end_round();
  return r;
}

StopReason OutlierSvm::stop_reason() const {
  if (!done_) return StopReason::none;
  if (data_ == nullptr || data_->rows() == 0) return StopReason::empty_sample;
  // No subset was separable, or even h_max has rho_k <= 0: no halfspace separates the data with k set aside.
  if (!has_best_ || !(best_rho_k_ > 0)) return StopReason::not_separable;
  return stop_reason_ == 1 ? StopReason::halting_rule : StopReason::size_cap;
}

std::string OutlierSvm::rule_note() const {
  const double needed = bound();  // K (R/rho_k)^2: the subset size from which the rule fires for h_max
  if (!std::isfinite(needed) || needed < static_cast<double>(cap_) || stop_reason_ == 1) return {};
  const std::string k = std::to_string(static_cast<long long>(std::llround(constant_)));
  return "the halting rule (K = " + k + ") fires only for subsets of more than K (R/rho_k)^2 = " +
         std::to_string(static_cast<long long>(std::ceil(needed))) + " examples, but subsets stop at " +
         std::to_string(cap_) +
         " (max_size, or m): the size cap ends the run; the rule acts when max_size exceeds that "
         "size or with a smaller l.constant";
}

double OutlierSvm::rho_k() const { return has_best_ ? best_rho_k_ : std::numeric_limits<double>::quiet_NaN(); }

double OutlierSvm::bound() const {
  if (!has_best_ || !(best_rho_k_ > 0) || !(radius_ > 0)) return std::numeric_limits<double>::quiet_NaN();
  const double ratio = radius_ / best_rho_k_;
  return constant_ * ratio * ratio;
}

std::vector<Counter> OutlierSvm::counters() const {
  return {{"subset_size", static_cast<double>(c_)},
          {"mode", exhaustive_ ? 1.0 : 0.0},
          {"round", static_cast<double>(round_)},
          {"round_subsets", static_cast<double>(round_subsets_)},
          {"round_done", static_cast<double>(round_done_)},
          {"subsets_evaluated", static_cast<double>(evaluated_)},
          {"not_separable_subsets", static_cast<double>(not_separable_)},
          {"rho_k", rho_k()},
          {"halt_threshold", threshold_},
          {"stop_reason", static_cast<double>(stop_reason_)}};
}

std::unique_ptr<Learner> make_simple_outlier_svm() { return std::make_unique<OutlierSvm>(OutlierVariant::simple); }

std::unique_ptr<Learner> make_outlier_svm() { return std::make_unique<OutlierSvm>(OutlierVariant::doubling); }

}  // namespace ml
