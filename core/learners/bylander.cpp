// marginlab — Bylander's Cnoise-update perceptron (see bylander.h).
#include "core/learners/bylander.h"

#include <cassert>
#include <cmath>
#include <limits>
#include <string>

#include "core/metrics/metrics.h"

namespace ml {

namespace {
double dot(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  double s = 0;
  for (Eigen::Index j = 0; j < a.size(); ++j) s += a[j] * b[j];
  return s;
}
}  // namespace

FeatureMatrix make_z_examples(const Dataset& data) {
  FeatureMatrix Z(data.rows(), data.cols());
  const int d = data.cols();
  for (int i = 0; i < data.rows(); ++i) {
    const float* x = data.X.row(i).data();
    const double norm = std::sqrt(dot_double(x, x, d));
    const double scale = norm > 0 ? data.sign(i) / norm : 0.0;
    for (int j = 0; j < d; ++j) Z(i, j) = static_cast<float>(scale * static_cast<double>(x[j]));
  }
  return Z;
}

CnoiseStep cnoise_update(const FeatureRef& Z, const Eigen::VectorXd& mu, const Eigen::VectorXd& w,
                         const std::vector<uint8_t>& nonpositive, double nu) {
  const Eigen::Index m = Z.rows();
  const Eigen::Index d = Z.cols();
  CnoiseStep out;
  out.mu_prime = Eigen::VectorXd::Zero(d);
  for (Eigen::Index i = 0; i < m; ++i) {
    if (!nonpositive[static_cast<size_t>(i)]) continue;
    const float* zi = Z.row(i).data();
    for (Eigen::Index j = 0; j < d; ++j) out.mu_prime[j] += static_cast<double>(zi[j]);
  }
  if (m > 0) out.mu_prime /= static_cast<double>(m);
  const double w_norm = std::sqrt(dot(w, w));
  const double w_mu = dot(w, mu);
  const double threshold = nu * w_norm;
  if (w_mu <= threshold) {
    out.z = mu;
  } else {
    const double w_mu_prime = dot(w, out.mu_prime);
    const double denom = w_mu - w_mu_prime;  // > 0: <w,mu> > nu||w|| >= 0 >= <w,mu'> up to float scores
    if (denom > 0) {
      out.mixed = true;
      out.a = (w_mu - threshold) / denom;
      out.b = (-w_mu_prime + threshold) / denom;
      out.z = out.a * out.mu_prime + out.b * mu;
    } else {
      out.z = mu;
    }
  }
  const double w_z = dot(w, out.z);
  if (w_z > 0) {
    out.projected = true;
    out.z -= w * (w_z / dot(w, w));
  }
  return out;
}

const ParamTable<BylanderParams>& BylanderParams::table() {
  using P = BylanderParams;
  static const ParamTable<P> t =
      ParamTable<P>()
          .add(&P::epsilon, {.key = "epsilon", .label = "epsilon'", .min = 1e-3, .max = 1},
               "PAC error eps'; the update rule uses eps = eps'(1-2 eta) (000 footnote 2)")
          .add(&P::eta, {.key = "eta", .label = "assumed noise eta", .min = 0, .max = 0.499},
               "the noise rate the algorithm assumes (not read from the noise settings; see eta_from_noise)")
          .add(&P::eta_from_noise, {.key = "eta_from_noise", .label = "eta = the data's noise rate"},
               "use the data's actual noise rate as eta (none: 0, uniform: its eta; 000 §5 gives the "
               "algorithm the actual rate) instead of the eta above")
          .add(&P::gamma, {.key = "gamma", .label = "assumed margin gamma", .min = 0, .max = 1},
               "the margin the algorithm assumes; 0 = the generator's known margin")
          .add(&P::updates, {.key = "updates", .label = "max updates", .min = 0, .max = 1e9},
               "stop after this many updates; 0 = floor(16/(eps gamma)^2) + 1, 000 Thm 3's 'more than' in floating "
               "point (at eps gamma = 0.05 the bound is 6400 exactly, computed as 6399.99..., so 6400 updates)")
          .add(&P::output, {.key = "output", .label = "output", .choices = {"best", "last"}},
               "the iterate with the best sample accuracy so far (000 Thm 3) or the last one")
          .add(&P::nu, {.key = "nu", .label = "nu rule", .choices = {"lemma5", "thm4_proof"}},
               "the Cnoise threshold nu: eps gamma / 4 (000 Lemma 5) or eps gamma / 16 (the proof of 000 Thm 4); "
               "the paper states both")
          .add(&P::tie, {.key = "tie", .label = "w.z = 0 counts as", .choices = {"error", "correct"}},
               "a score <w,z> = 0 in the sample accuracy that picks the best iterate: an error, or correct (000 "
               "Def. 3, which then leaves w_0 = 0 out of the candidates)");
  return t;
}

namespace {

// The binary noise rate of the Problem's resolved noise process: C_01 of a symmetric 2x2 matrix below 1/2
// (none: 0, uniform: eta).
Result<double> noise_rate_of(const Problem& problem) {
  const char* what = "Bylander's perceptron (l.eta_from_noise = 1) needs a noise rate: ";
  if (!problem.known_confusion.ok())
    return make_error("bylander.eta_unknown", what + problem.known_confusion.error().message);
  const Eigen::MatrixXd& c = problem.known_confusion.value();
  if (c.rows() != 2 || c.cols() != 2 || c(0, 1) != c(1, 0) || !(c(0, 1) >= 0 && c(0, 1) < 0.5))
    return make_error("bylander.eta_unknown",
                      std::string(what) + "the noise is not a symmetric binary flip with a rate below 1/2");
  return c(0, 1);
}

}  // namespace

Status BylanderPerceptron::start(const Problem& problem, const BylanderParams& params) {
  const Dataset& data = *data_;
  eta_ = params.eta;
  if (params.eta_from_noise) {
    Result<double> actual = noise_rate_of(problem);
    if (!actual.ok()) return actual.error();
    eta_ = actual.value();
  }
  const double eps = params.epsilon * (1.0 - 2.0 * eta_);
  double gamma = params.gamma;
  // Default: the margin of the z-examples it works on, the x/||x|| of the data it is given (bias included).
  if (!(gamma > 0)) gamma = problem.unit_target_margin > 0 ? problem.unit_target_margin : 0.0;
  nu_ = eps * gamma / bylander_nu_divisor(params.nu);
  bound_ = bylander_bound(eps, gamma);
  capped_ = params.updates > 0;
  if (params.updates > 0) {
    max_updates_ = params.updates;
  } else {
    max_updates_ = std::isfinite(bound_) ? static_cast<int64_t>(std::floor(bound_)) + 1 : 0;
  }
  output_best_ = params.output == BylanderOutput::best;
  tie_correct_ = params.tie == BylanderTie::correct;
  z_ = make_z_examples(data);
  const Eigen::Index m = z_.rows();
  const Eigen::Index d = z_.cols();
  mu_ = Eigen::VectorXd::Zero(d);
  for (Eigen::Index i = 0; i < m; ++i) {
    const float* zi = z_.row(i).data();
    for (Eigen::Index j = 0; j < d; ++j) mu_[j] += static_cast<double>(zi[j]);
  }
  if (m > 0) mu_ /= static_cast<double>(m);
  w_ = Eigen::VectorXd::Zero(d);
  w_float_ = Vector::Zero(d);
  best_w_ = Vector::Zero(d);
  updates_ = 0;
  z_norm_ = 0;
  best_accuracy_ = -1;
  best_update_ = 0;
  warm_ = false;
  score_current();
  set_stop(m == 0 ? StopReason::empty_sample : StopReason::none);
  return Status::Ok();
}

void BylanderPerceptron::score_current() {
  w_float_ = w_.cast<float>();
  scores_.noalias() = z_ * w_float_;
  const Eigen::Index m = z_.rows();
  nonpositive_.resize(static_cast<size_t>(m));
  int64_t correct = 0;
  for (Eigen::Index i = 0; i < m; ++i) {
    const bool positive = scores_[i] > 0.0f;
    nonpositive_[static_cast<size_t>(i)] = positive ? 0 : 1;
    correct += positive || (tie_correct_ && scores_[i] == 0.0f) ? 1 : 0;
  }
  accuracy_ = m > 0 ? static_cast<double>(correct) / static_cast<double>(m) : 0.0;
  const bool candidate = !(tie_correct_ && updates_ == 0 && !warm_);
  if (candidate && accuracy_ > best_accuracy_) {
    best_accuracy_ = accuracy_;
    best_update_ = updates_;
    best_w_ = w_float_;
  }
}

Status BylanderPerceptron::warm_start(const Learner& previous) {
  const auto* p = dynamic_cast<const BylanderPerceptron*>(&previous);
  if (p == nullptr) return warm_start_kind_error(name());
  if (p->w_.size() != w_.size()) return warm_start_dimension_error(name(), p->w_.size(), w_.size());
  w_ = p->w_;
  warm_ = true;
  best_accuracy_ = -1;  // the bookkeeping restarts on this sample: the carried w is update 0's candidate
  best_update_ = 0;
  score_current();
  return Status::Ok();
}

StepResult BylanderPerceptron::step() {
  assert(!done());
  StepResult r;
  const CnoiseStep u = cnoise_update(z_, mu_, w_, nonpositive_, nu_);
  z_norm_ = std::sqrt(dot(u.z, u.z));
  if (!(z_norm_ > 0)) {
    set_stop(StopReason::no_progress);  // w never changes again
    return r;
  }
  w_ += u.z;
  ++updates_;
  r.updated = true;
  score_current();
  if (max_updates_ > 0 && updates_ >= max_updates_) {
    set_stop(capped_ ? StopReason::update_cap : StopReason::theorem_length);
  }
  return r;
}

std::string BylanderPerceptron::rule_note() const {
  if (!std::isfinite(bound_)) {
    return "gamma is unknown (no target margin on this data and l.gamma = 0): nu = 0 and 000 Thm 3 gives no "
           "length; set l.gamma for the theorem's rule to act";
  }
  const double length = std::floor(bound_) + 1;
  if (capped_ && static_cast<double>(max_updates_) < length) {
    return "updates = " + std::to_string(max_updates_) +
           " stops before 000 Thm 3's length (more than 16/(eps gamma)^2: " +
           std::to_string(static_cast<long long>(length)) +
           " updates); the theorem's guarantee holds only from there "
           "(l.updates = 0 runs that length)";
  }
  return {};
}

std::vector<Counter> BylanderPerceptron::counters() const {
  return {{"z_norm", z_norm_},
          {"sample_accuracy", accuracy_},
          {"best_accuracy", best_accuracy_},
          {"best_update", static_cast<double>(best_update_)},
          {"nu", nu_}};
}

}  // namespace ml
