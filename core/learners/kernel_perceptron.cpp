// marginlab — the dual (kernel) Perceptron (see kernel_perceptron.h).
#include "core/learners/kernel_perceptron.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "core/metrics/metrics.h"

namespace ml {

namespace {
// Rows of X evaluated per block in predict_batch (bounds the temporary kernel matrix).
constexpr Eigen::Index kPredictBlockRows = 256;

}  // namespace

const ParamTable<KernelPerceptronParams>& KernelPerceptronParams::table() {
  using P = KernelPerceptronParams;
  static const ParamTable<P> t =
      ParamTable<P>()
          .add(&P::kernel, {.key = "kernel", .label = "kernel"},
               "linear <x,x'>, poly (<x,x'>+c)^p, or gaussian exp(-||x-x'||^2/(2 sigma^2))")
          .add(&P::degree, {.key = "degree", .label = "degree p", .min = 1, .max = 10}, "polynomial kernel degree p")
          .add(&P::offset, {.key = "c", .label = "offset c", .min = 0, .max = 1000},
               "polynomial kernel offset c in (<x,x'>+c)^p")
          .add(&P::sigma, {.key = "sigma", .label = "width sigma", .min = 1e-4, .max = 1e4, .log_scale = true},
               "Gaussian width sigma in exp(-||x-x'||^2/(2 sigma^2))")
          .add(&P::width_c, {.key = "width_c", .label = "width c (Rätsch)", .min = 0, .max = 1e8, .log_scale = true},
               "Gaussian width as c in exp(-||x-x'||^2/c); when > 0 it overrides sigma (sigma = sqrt(c/2))")
          .add(&P::normalize, {.key = "normalize", .label = "normalize phi(x)"},
               "add y phi(x)/||phi(x)|| (coefficient y/sqrt(K(x,x))) instead of y phi(x)")
          .add(&P::order, ExampleOrder::setting());
  return t;
}

Status KernelPerceptron::reset(const Problem& problem, const KernelPerceptronParams& params) {
  assert(problem.train != nullptr);
  data_ = problem.train;
  if (Status st = require_binary(*data_, "the kernel perceptron"); !st.ok()) return st;
  kernel_ = make_kernel(params.kernel, params.degree, params.offset, params.sigma, params.width_c);
  if (kernel_.kind == KernelKind::gaussian && !(kernel_.sigma > 0)) {
    return make_error("learner.bad_param", "field 'l.sigma': the Gaussian width must be positive");
  }
  normalize_ = params.normalize;
  const int n = data_->rows();
  const int d = data_->cols();
  alpha_.assign(static_cast<size_t>(n), 0.0);
  train_f_.assign(static_cast<size_t>(n), 0.0);
  self_.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const float* x = data_->X.row(i).data();
    self_[static_cast<size_t>(i)] = kernel_(x, x, d);
  }
  support_.clear();
  in_support_.assign(static_cast<size_t>(n), 0);
  carried_x_.resize(0, d);
  carried_alpha_.clear();
  w_ = Vector::Zero(d);
  order_.reset(n, params.order == VisitOrder::shuffled, problem.seed);
  set_stop(n == 0 ? StopReason::empty_sample : StopReason::none);
  bound_ = kernel_.kind == KernelKind::linear ? online_perceptron_bound(problem, params.normalize)
                                              : std::numeric_limits<double>::quiet_NaN();
  return Status::Ok();
}

namespace {
// True when two kernels compute the same function (kind and the parameters of that kind).
bool same_kernel(const Kernel& a, const Kernel& b) {
  if (a.kind != b.kind) return false;
  if (a.kind == KernelKind::polynomial) return a.degree == b.degree && a.offset == b.offset;
  return a.kind != KernelKind::gaussian || a.sigma == b.sigma;
}
}  // namespace

Status KernelPerceptron::warm_start(const Learner& previous) {
  constexpr std::string_view kName = "the kernel perceptron";
  const auto* p = dynamic_cast<const KernelPerceptron*>(&previous);
  if (p == nullptr) return warm_start_kind_error(kName);
  const int d = data_->cols();
  if (p->data_->cols() != d) return warm_start_dimension_error(kName, p->data_->cols(), d);
  if (!same_kernel(p->kernel_, kernel_)) {
    return make_error(
        "learner.warm_start_kernel",
        std::string(kName) + " can continue only from a model with the same kernel and kernel parameters");
  }
  // The previous model's terms in its evaluation order: its carried part, then its support with alpha != 0.
  carried_alpha_ = p->carried_alpha_;
  std::vector<const float*> rows;
  for (Eigen::Index j = 0; j < p->carried_x_.rows(); ++j) rows.push_back(p->carried_x_.row(j).data());
  for (int j : p->support_) {
    const double a = p->alpha_[static_cast<size_t>(j)];
    if (a == 0.0) continue;
    carried_alpha_.push_back(a);
    rows.push_back(p->data_->X.row(j).data());
  }
  carried_x_.resize(static_cast<Eigen::Index>(rows.size()), d);
  for (size_t j = 0; j < rows.size(); ++j) {
    carried_x_.row(static_cast<Eigen::Index>(j)) = Eigen::Map<const Eigen::RowVectorXf>(rows[j], d);
  }
  // The cache of the new sample starts from the carried sum, term by term in that order.
  for (int k = 0; k < data_->rows(); ++k) {
    double f = 0;
    for (size_t j = 0; j < rows.size(); ++j) f += carried_alpha_[j] * kernel_(rows[j], data_->X.row(k).data(), d);
    train_f_[static_cast<size_t>(k)] = f;
  }
  if (kernel_.kind == KernelKind::linear) w_ = p->w_;
  return Status::Ok();
}

inline bool KernelPerceptron::visit(int* example) {
  const int i = order_.advance();
  *example = i;
  const auto ui = static_cast<size_t>(i);
  const int y = data_->sign(i);       // read now: an adaptive stream may have just set it
  if (!finite_score(train_f_[ui])) {  // f(x_i) is NaN or beyond float32: alpha says nothing any more
    order_.end_step(false);
    set_stop(StopReason::numeric_overflow);
    return false;
  }
  const bool mistake = !(y * train_f_[ui] > 0.0);
  if (mistake) {
    const double k_ii = self_[ui];
    const double coef = normalize_ && k_ii > 0 ? y / std::sqrt(k_ii) : static_cast<double>(y);
    alpha_[ui] += coef;
    if (!in_support_[ui]) {
      in_support_[ui] = 1;
      support_.push_back(i);
    }
    const int n = data_->rows();
    const int d = data_->cols();
    const float* xi = data_->X.row(i).data();
    for (int k = 0; k < n; ++k) train_f_[static_cast<size_t>(k)] += coef * kernel_(xi, data_->X.row(k).data(), d);
    if (kernel_.kind == KernelKind::linear) w_.noalias() += static_cast<float>(coef) * data_->X.row(i).transpose();
  }
  if (order_.end_step(mistake)) set_stop(StopReason::epoch_without_mistakes);
  return mistake;
}

StepResult KernelPerceptron::step() {
  assert(!done());
  StepResult r;
  r.mistake = r.updated = visit(&r.example);
  return r;
}

ML_STEP_LOOP StepCounts KernelPerceptron::step_many(int64_t max_steps) {
  assert(!done() && max_steps >= 1);
  StepCounts c;
  int example = 0;
  while (c.steps < max_steps && !done()) {
    c.mistakes += visit(&example) ? 1 : 0;
    ++c.steps;
  }
  c.updates = c.mistakes;  // every mistake changes alpha
  return c;
}

double KernelPerceptron::decision(const float* x) const {
  const int d = data_->cols();
  double f = 0;
  for (size_t j = 0; j < carried_alpha_.size(); ++j) {
    f += carried_alpha_[j] * kernel_(carried_x_.row(static_cast<Eigen::Index>(j)).data(), x, d);
  }
  for (int j : support_) {
    const double a = alpha_[static_cast<size_t>(j)];
    if (a != 0.0) f += a * kernel_(data_->X.row(j).data(), x, d);
  }
  return f;
}

namespace {
// The float score of a decision value: the sign is what predicts; keep it even when |f| underflows float.
float score_of(double f) {
  return f > 0 ? std::max(static_cast<float>(f), std::numeric_limits<float>::denorm_min())
               : (f < 0 ? std::min(static_cast<float>(f), -std::numeric_limits<float>::denorm_min()) : 0.0f);
}
}  // namespace

void KernelPerceptron::scores(const float* x, float* out) const {
  out[0] = 0.0f;
  out[1] = score_of(decision(x));
}

void KernelPerceptron::scores_batch(const FeatureRef& X, Eigen::MatrixXf* out) const {
  out->resize(X.rows(), 2);
  out->col(0).setZero();
  Eigen::VectorXd f, k;
  for (Eigen::Index start = 0; start < X.rows(); start += kPredictBlockRows) {
    const Eigen::Index rows = std::min(kPredictBlockRows, X.rows() - start);
    const FeatureMatrix block = X.middleRows(start, rows);
    f.setZero(rows);
    // decision()'s sum, term by term for the whole block: K(x_i, x_j) = K(x_j, x_i) bit for bit (a product
    // or a squared difference per coordinate, summed in coordinate order); the carried part first.
    for (size_t j = 0; j < carried_alpha_.size(); ++j) {
      kernel_row(kernel_, block, carried_x_.row(static_cast<Eigen::Index>(j)).data(), &k);
      for (Eigen::Index i = 0; i < rows; ++i) f[i] += carried_alpha_[j] * k[i];
    }
    for (int j : support_) {
      const double a = alpha_[static_cast<size_t>(j)];
      if (a == 0.0) continue;
      kernel_row(kernel_, block, data_->X.row(j).data(), &k);
      for (Eigen::Index i = 0; i < rows; ++i) f[i] += a * k[i];
    }
    for (Eigen::Index i = 0; i < rows; ++i) (*out)(start + i, 1) = score_of(f[i]);
  }
}

void KernelPerceptron::predict_batch(const FeatureRef& X, std::vector<int>* out) const {
  out->assign(static_cast<size_t>(X.rows()), 0);
  std::vector<int> active;
  for (int j : support_) {
    if (alpha_[static_cast<size_t>(j)] != 0.0) active.push_back(j);
  }
  const auto carried = static_cast<Eigen::Index>(carried_alpha_.size());
  const Eigen::Index terms = carried + static_cast<Eigen::Index>(active.size());
  if (terms == 0) return;
  FeatureMatrix sv(terms, X.cols());
  Eigen::VectorXd a(terms);
  sv.topRows(carried) = carried_x_;  // the carried part first, as decision() sums
  for (Eigen::Index k = 0; k < carried; ++k) a[k] = carried_alpha_[static_cast<size_t>(k)];
  for (size_t k = 0; k < active.size(); ++k) {
    sv.row(carried + static_cast<Eigen::Index>(k)) = data_->X.row(active[k]);
    a[carried + static_cast<Eigen::Index>(k)] = alpha_[static_cast<size_t>(active[k])];
  }
  for (Eigen::Index start = 0; start < X.rows(); start += kPredictBlockRows) {
    const Eigen::Index rows = std::min(kPredictBlockRows, X.rows() - start);
    const FeatureMatrix block = X.middleRows(start, rows);
    const Eigen::VectorXd f = kernel_matrix(kernel_, block, sv) * a;
    for (Eigen::Index i = 0; i < rows; ++i) (*out)[static_cast<size_t>(start + i)] = f[i] > 0 ? 1 : 0;
  }
}

std::vector<Counter> KernelPerceptron::counters() const {
  return {{"epoch", static_cast<double>(order_.epoch())},
          {"support", static_cast<double>(support_.size() + carried_alpha_.size())}};
}

}  // namespace ml
