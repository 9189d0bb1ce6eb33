// marginlab — multiclass ultraconservative additive algorithms (see ultraconservative.h).
#include "core/learners/ultraconservative.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <string>
#include <string_view>

#include "core/data/generators.h"
#include "core/metrics/margins.h"
#include "core/metrics/metrics.h"
#include "core/util/numbers.h"

namespace ml {

int ultraconservative_steps(const double* scores, int num_classes, int y, double alpha, UltraUpdate rule,
                            int pair_class, double* tau) {
  assert(num_classes >= 1 && y >= 0 && y < num_classes);
  int in_error = 0;
  int highest = -1;
  bool pair_in_error = false;
  double violation_sum = 0;
  for (int r = 0; r < num_classes; ++r) {
    tau[r] = 0.0;
    if (r == y) continue;
    const double violation = scores[r] - scores[y];
    if (violation >= alpha) {
      ++in_error;
      violation_sum += violation;
      if (highest < 0 || scores[r] > scores[highest]) highest = r;
      if (r == pair_class) pair_in_error = true;
    }
  }
  if (in_error == 0) return 0;
  tau[y] = 1.0;
  if (rule == UltraUpdate::pair && pair_in_error) {
    tau[pair_class] = -1.0;
    return in_error;
  }
  if (rule == UltraUpdate::proportional && violation_sum > 0) {
    for (int r = 0; r < num_classes; ++r) {
      if (r != y && scores[r] - scores[y] >= alpha) tau[r] = -(scores[r] - scores[y]) / violation_sum;
    }
    return in_error;
  }
  if (rule == UltraUpdate::uniform || rule == UltraUpdate::proportional) {
    const double share = -1.0 / static_cast<double>(in_error);
    for (int r = 0; r < num_classes; ++r) {
      if (r != y && scores[r] - scores[y] >= alpha) tau[r] = share;
    }
    return in_error;
  }
  tau[highest] = -1.0;  // max, and pair when p is not in E (stays ultraconservative)
  return in_error;
}

std::vector<int> confident_sample_rows(int n, double fraction, Rng& rng) {
  const long long wanted = std::llround(fraction * static_cast<double>(n));
  const int k = static_cast<int>(std::clamp<long long>(wanted, 1, n));
  std::vector<int> rows = rng.choose(n, k);
  std::sort(rows.begin(), rows.end());
  return rows;
}

double ultraconservative_bound(double radius, double theta) {
  if (!(radius > 0) || !(theta > 0)) return kNaN;
  return 2.0 * radius * radius / (theta * theta);
}

const ParamTable<UltraconservativeParams>& UltraconservativeParams::table() {
  using P = UltraconservativeParams;
  static const ParamTable<P> t =
      ParamTable<P>()
          // The choices leave out pair (UMA's rule).
          .add(&P::update,
               {.key = "update", .label = "step sizes", .choices = {kUltraUpdateNames, kUltraUpdateNames + 3}},
               "on a mistake: -1 on the top wrong class (max), -1/|E| on every wrong class scoring at least "
               "the true one (uniform), or in proportion to how much each beats it (Crammer & Singer 2003)")
          .add(&P::normalize, {.key = "normalize", .label = "normalize x"},
               "update with x/||x|| instead of x (the 2 R^2/theta^2 bound holds either way)")
          .add(&P::order, ExampleOrder::setting())
          .add(&P::conf, {.key = "conf", .label = "S_conf fraction", .min = 0, .max = 1},
               "f_conf of 004 Table 1: train only on this fraction of the training rows with their true labels "
               "(the rows UMA's estimated C asks the label oracle for, same seed); 0 = every row, its given label");
  return t;
}

Status Ultraconservative::reset(const Problem& problem, const UltraconservativeParams& params) {
  assert(problem.train != nullptr);
  data_ = problem.train;
  num_classes_ = std::max(2, std::max(problem.num_classes, data_->num_classes()));
  if (num_classes_ > kMaxClasses) {
    return make_error("ultraconservative.too_many_classes",
                      "the data have " + std::to_string(num_classes_) + " classes; at most 64 are supported");
  }
  rule_ = params.update;
  const int n = data_->rows();
  const int d = data_->cols();
  w_ = FeatureMatrix::Zero(num_classes_, d);
  scale_ = update_scales(data_->X, params.normalize);
  rows_.clear();
  row_labels_.clear();
  if (params.conf > 0 && n > 0) {
    if (!problem.label_oracle) {
      return make_error("ultraconservative.no_oracle",
                        "field 'l.conf': training on S_conf needs a label oracle (Problem::label_oracle)");
    }
    Rng rng(problem.seed, Stream::learner);  // UMA's draw (uma.cpp estimate_confusion_by_oracle)
    rows_ = confident_sample_rows(n, params.conf, rng);
    for (int i : rows_) row_labels_.push_back(problem.label_oracle(i));
  }
  const int visited = rows_.empty() ? n : static_cast<int>(rows_.size());
  order_.reset(visited, params.order == VisitOrder::shuffled, problem.seed);
  last_error_set_ = 0;
  set_stop(n == 0 ? StopReason::empty_sample : StopReason::none);
  bound_ = ultraconservative_bound(problem.radius, problem.multiclass_margin);
  return Status::Ok();
}

Status Ultraconservative::warm_start(const Learner& previous) {
  constexpr std::string_view kName = "the ultraconservative learner";
  const auto* p = dynamic_cast<const Ultraconservative*>(&previous);
  if (p == nullptr) return warm_start_kind_error(kName);
  if (p->w_.cols() != w_.cols()) return warm_start_dimension_error(kName, p->w_.cols(), w_.cols());
  if (p->w_.rows() != w_.rows()) {
    return make_error("learner.warm_start_classes", std::string(kName) + " cannot continue from a model of " +
                                                        std::to_string(p->w_.rows()) + " classes on data of " +
                                                        std::to_string(w_.rows()) + " classes");
  }
  w_ = p->w_;
  return Status::Ok();
}

StepResult Ultraconservative::step() {
  assert(!done());
  StepResult r;
  const int j = order_.advance();
  const int i = rows_.empty() ? j : rows_[static_cast<size_t>(j)];
  r.example = i;
  const int y = rows_.empty() ? data_->label[static_cast<size_t>(i)] : row_labels_[static_cast<size_t>(j)];
  const auto x = data_->X.row(i);
  const Eigen::VectorXf s = w_ * x.transpose();
  double scores[kMaxClasses] = {}, tau[kMaxClasses] = {};
  for (int q = 0; q < num_classes_; ++q) scores[q] = static_cast<double>(s[q]);
  if (!std::all_of(scores, scores + num_classes_, finite_score)) {  // a NaN score would find no error set
    order_.end_step(false);
    set_stop(StopReason::numeric_overflow);
    return r;
  }
  last_error_set_ = ultraconservative_steps(scores, num_classes_, y, 0.0, rule_, -1, tau);
  if (last_error_set_ > 0) {
    r.mistake = true;
    r.updated = true;
    const float scale = scale_[static_cast<size_t>(i)];
    for (int q = 0; q < num_classes_; ++q) {
      if (tau[q] != 0.0) w_.row(q).noalias() += (static_cast<float>(tau[q]) * scale) * x;
    }
  }
  if (order_.end_step(r.mistake)) set_stop(StopReason::epoch_without_mistakes);
  return r;
}

int Ultraconservative::next_example() const {
  const int j = order_.peek();
  return rows_.empty() || j < 0 ? j : rows_[static_cast<size_t>(j)];
}

double Ultraconservative::hypothesis_norm() const { return frobenius_norm_double(w_); }

bool Ultraconservative::hypothesis_finite() const { return w_.allFinite(); }

void Ultraconservative::scores(const float* x, float* out) const {
  const Eigen::Map<const Eigen::VectorXf> v(x, w_.cols());
  Eigen::Map<Eigen::VectorXf> s(out, num_classes_);
  s.noalias() = w_ * v;
}

void Ultraconservative::predict_batch(const FeatureRef& X, std::vector<int>* out) const {
  out->resize(static_cast<size_t>(X.rows()));
  if (X.rows() == 0) return;
  const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> S = X * w_.transpose();
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    int best = 0;
    for (int q = 1; q < num_classes_; ++q) {
      if (S(i, q) > S(i, best)) best = q;
    }
    (*out)[static_cast<size_t>(i)] = best;
  }
}

std::vector<Counter> Ultraconservative::counters() const {
  return {{"epoch", static_cast<double>(order_.epoch())}, {"error_set", static_cast<double>(last_error_set_)}};
}

}  // namespace ml
