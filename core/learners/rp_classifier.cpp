// marginlab — the RP-classifier (see rp_classifier.h).
#include "core/learners/rp_classifier.h"
#include "core/settings/setting.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <string>

#include "core/util/detmath.h"
#include "core/util/numbers.h"

namespace ml {

namespace {

FeatureMatrix gather(const FeatureRef& X, const std::vector<int>& rows) {
  FeatureMatrix out(static_cast<Eigen::Index>(rows.size()), X.cols());
  for (size_t i = 0; i < rows.size(); ++i) out.row(static_cast<Eigen::Index>(i)) = X.row(rows[i]);
  return out;
}

}  // namespace

std::vector<int> rp_dimension_grid(int max_dim) {
  std::vector<int> all = {2, 5};
  for (int d = 10; d <= 100; d += 5) all.push_back(d);
  all.insert(all.end(), {125, 150, 200});
  std::vector<int> out;
  for (int d : all) {
    if (d <= max_dim) out.push_back(d);
  }
  if (out.empty()) out.push_back(std::max(1, max_dim));
  return out;
}

std::vector<double> rp_width_grid(double sigma, int count) {
  std::vector<double> out;
  const double centre = 0.5 * static_cast<double>(count - 1);
  for (int k = 0; k < count; ++k) {
    const double e = static_cast<double>(k) - centre;  // σ·√2^e = σ·2^(e/2)
    out.push_back(e == 0.0 ? sigma : sigma * det::pow(2.0, 0.5 * e));
  }
  return out;
}

const ParamTable<RpClassifierParams>& RpClassifierParams::table() {
  using P = RpClassifierParams;
  static const ParamTable<P> t =
      ParamTable<P>()
          .add(&P::projection, {.key = "projection", .label = "projection"},
               "random span of D training points, kernel PCA (Nyström beyond 2000 points) or "
               "kernel Gram-Schmidt (000 §5)")
          .add(&P::dims, {.key = "dims", .label = "projection size D", .min = 1, .max = 5000, .log_scale = true},
               "number of directions; with cv = 1 chosen from the grid instead")
          .nest(&P::kernel,
                kernel_param_table("the kernel whose feature space is projected",
                                   "exp(-||x-x'||^2 / (2 sigma^2)); with cv = 1 the centre of the width grid",
                                   "kpca beyond 2000 points: landmarks m >= D; 0 = min(n, max(2D, 1000))"))
          // Bylander's parameters, by composition: same names and meaning (bylander.h), defaults for this use.
          .nest(&P::cnoise, BylanderParams::table(),
                [](Setting& s) {
                  if (s.key == "gamma")
                    s.help = "the margin assumed in the projected space (nu = eps gamma / 4); 0 = unknown (nu = 0)";
                  else if (s.key == "updates")
                    s.help = "Cnoise updates per training run (also in each CV run unless cv_updates is set); 0 = "
                             "floor(16/(eps gamma)^2) + 1 in floating point (000 Thm 3)";
                })
          .add(&P::cv, {.key = "cv", .label = "cross-validate D and width"},
               "choose D from {2,5,10,...,100,125,150,200} and the width from sigma*sqrt2^k by "
               "k-fold cross-validation on the noisy training labels (000 §5)")
          .add(&P::cv_folds, {.key = "cv_folds", .label = "CV folds", .min = 2, .max = 10},
               "k of the k-fold cross-validation")
          .add(&P::cv_widths, {.key = "cv_widths", .label = "CV widths", .min = 1, .max = 9},
               "number of gaussian widths sigma*sqrt2^(k-(W-1)/2) tried (1 = sigma only)")
          .add(&P::cv_max_dim, {.key = "cv_max_dim", .label = "CV largest D", .min = 1, .max = 200},
               "the D grid is cut at this value")
          .add(&P::cv_updates, {.key = "cv_updates", .label = "CV updates", .min = 0, .max = 1e9},
               "Cnoise updates per cross-validation run; 0 = updates (a selection held at one update count while "
               "the final run uses another)");
  return t;
}

BylanderParams RpClassifierParams::cv_cnoise() const {
  BylanderParams out = cnoise;
  if (cv_updates > 0) out.updates = cv_updates;
  return out;
}

Status RpClassifier::reset(const Problem& problem, const RpClassifierParams& params) {
  assert(problem.train != nullptr);
  const Dataset& data = *problem.train;
  if (Status st = require_binary(data, "the RP-classifier"); !st.ok()) return st;
  const int n = data.rows();
  if (n < 1) return make_error("rp.empty", "RP-classifier: the training set is empty");
  if (!data.X.allFinite()) return make_error("rp.not_finite", "RP-classifier: a training feature is NaN or infinite");

  problem_ = problem;
  params_ = params;
  rng_ = Rng(problem.seed, Stream::learner);
  options_ = ProjectionOptions{};
  options_.kind = params.projection;
  options_.landmarks = params.kernel.landmarks;
  kernel_ = make_kernel(params.kernel);
  dims_ = params.dims;
  options_.dims = dims_;
  cv_ = params.cv;
  cv_error_ = kNaN;
  built_ = false;
  build_status_ = Status::Ok();
  front_.configure(data, kernel_, options_, rng_);  // configured again when cross-validation has chosen
  cnoise_ = BylanderPerceptron();
  cv_train_ = Dataset();
  cv_valid_ = Dataset();
  cv_done_ = cv_total_ = 0;
  cv_width_ = cv_fold_ = cv_dim_ = 0;
  fold_rows_.clear();

  if (options_.kind != ProjectionKind::random) {
    // KGS and KPCA need one point with K(x,x) > 0 (the random span copes through its jitter).
    const Eigen::VectorXd n2 = row_norms2(data.X);
    double max_diag = 0;
    for (int i = 0; i < n; ++i) max_diag = std::max(max_diag, kernel_.from_products(n2[i], n2[i], n2[i]));
    if (!(max_diag > 0)) {
      return make_error("rp.rank_zero", "RP-classifier: every training point has K(x,x) = 0 under the " +
                                            std::string(enum_name(kernel_.kind)) + " kernel; nothing to project");
    }
  }

  if (cv_) {
    const int folds = params.cv_folds;
    if (n < folds) {
      return make_error("rp.too_few_for_cv", "RP-classifier: " + std::to_string(n) + " training examples cannot make " +
                                                 std::to_string(folds) + " cross-validation folds (field 'cv_folds')");
    }
    if (params.cv_cnoise().updates <= 0 && !(params.cnoise.gamma > 0)) {
      return make_error("rp.no_stop", "RP-classifier: cross-validation needs runs that stop: set 'updates' or "
                                      "'cv_updates' > 0, or 'gamma' > 0 (updates = 0 then means 16/(eps gamma)^2)");
    }
    grid_dims_ = rp_dimension_grid(params.cv_max_dim);
    const int widths = kernel_.kind == KernelKind::gaussian ? params.cv_widths : 1;
    grid_widths_ = rp_width_grid(kernel_.sigma, widths);
    const std::vector<int> perm = rng_.permutation(n);
    fold_rows_.assign(static_cast<size_t>(folds), {});
    for (int p = 0; p < n; ++p) fold_rows_[static_cast<size_t>(p % folds)].push_back(perm[static_cast<size_t>(p)]);
    for (auto& rows : fold_rows_) std::sort(rows.begin(), rows.end());
    const size_t cells = grid_widths_.size() * grid_dims_.size();
    cv_errors_.assign(cells, 0.0);
    cv_counts_.assign(cells, 0);
    cv_total_ = static_cast<int64_t>(cells) * folds;
  }
  return Status::Ok();
}

StepResult RpClassifier::cv_step() {
  const Dataset& data = *problem_.train;
  const int folds = static_cast<int>(fold_rows_.size());
  const std::vector<int>& valid_rows = fold_rows_[static_cast<size_t>(cv_fold_)];
  if (cv_dim_ == 0) {
    // New (width, fold): fit the projection once with the grid's largest D on the other folds.
    std::vector<int> train_rows;
    std::vector<uint8_t> held(static_cast<size_t>(data.rows()), 0);
    for (int r : valid_rows) held[static_cast<size_t>(r)] = 1;
    for (int i = 0; i < data.rows(); ++i) {
      if (!held[static_cast<size_t>(i)]) train_rows.push_back(i);
    }
    Kernel k = kernel_;
    k.sigma = grid_widths_[static_cast<size_t>(cv_width_)];
    ProjectionOptions o = options_;
    o.dims = grid_dims_.back();
    const FeatureMatrix Xtrain = gather(data.X, train_rows);
    Result<KernelProjection> fit = KernelProjection::fit(Xtrain, k, o, rng_);
    if (fit.ok()) {
      cv_fold_dims_ = fit->dims();
      cv_train_ = projected_dataset(fit->transform(Xtrain), data, &train_rows);
      cv_valid_ = projected_dataset(fit->transform(gather(data.X, valid_rows)), data, &valid_rows);
    } else {
      cv_fold_dims_ = 0;  // scored as the constant classifier (class 0) below
    }
  }
  const int dim = grid_dims_[static_cast<size_t>(cv_dim_)];
  int errors = 0;
  const int valid_n = static_cast<int>(valid_rows.size());
  if (cv_fold_dims_ == 0) {
    for (int r : valid_rows) errors += data.label[static_cast<size_t>(r)] != 0 ? 1 : 0;
  } else {
    const int used = std::min(dim, cv_fold_dims_);
    Dataset train_d = projected_dataset(cv_train_.X.leftCols(used), cv_train_, nullptr);
    Problem inner = problem_;
    inner.train = &train_d;
    inner.target_margin = 0.0;
    inner.unit_target_margin = 0.0;
    inner.multiclass_margin = 0.0;
    inner.radius = 0.0;
    BylanderPerceptron b;
    const Status s = b.reset(inner, params_.cv_cnoise());
    if (s.ok()) {
      while (!b.done()) b.step();
      std::vector<int> pred;
      b.predict_batch(cv_valid_.X.leftCols(used), &pred);
      for (int i = 0; i < valid_n; ++i)
        errors += pred[static_cast<size_t>(i)] != cv_valid_.label[static_cast<size_t>(i)] ? 1 : 0;
    } else {
      errors = valid_n;
    }
  }
  const size_t cell = static_cast<size_t>(cv_width_) * grid_dims_.size() + static_cast<size_t>(cv_dim_);
  cv_errors_[cell] += errors;
  cv_counts_[cell] += valid_n;
  ++cv_done_;
  if (++cv_dim_ == static_cast<int>(grid_dims_.size())) {
    cv_dim_ = 0;
    if (++cv_fold_ == folds) {
      cv_fold_ = 0;
      ++cv_width_;
    }
  }
  if (cv_done_ == cv_total_) {
    // Lowest mean held-out error; ties to the smaller D, then to the larger width.
    double best = std::numeric_limits<double>::infinity();
    int best_w = 0, best_d = 0;
    for (int di = 0; di < static_cast<int>(grid_dims_.size()); ++di) {
      for (int wi = static_cast<int>(grid_widths_.size()) - 1; wi >= 0; --wi) {
        const size_t c = static_cast<size_t>(wi) * grid_dims_.size() + static_cast<size_t>(di);
        const double e = cv_counts_[c] > 0 ? cv_errors_[c] / cv_counts_[c] : 1.0;
        if (e < best) {
          best = e;
          best_w = wi;
          best_d = di;
        }
      }
    }
    cv_error_ = best;
    kernel_.sigma = grid_widths_[static_cast<size_t>(best_w)];
    dims_ = grid_dims_[static_cast<size_t>(best_d)];
    options_.dims = dims_;
    front_.configure(data, kernel_, options_, rng_);
    cv_train_ = Dataset();
    cv_valid_ = Dataset();
  }
  return StepResult{};
}

Status RpClassifier::build() {
  if (Status fit = front_.fit(); !fit.ok()) return fit;
  const Dataset& projected = front_.sample();
  Problem inner = problem_;
  inner.train = &projected;
  inner.target_margin = 0.0;
  inner.unit_target_margin = 0.0;
  inner.multiclass_margin = 0.0;
  double r2 = 0;
  for (int i = 0; i < projected.rows(); ++i) r2 = std::max(r2, static_cast<double>(projected.X.row(i).squaredNorm()));
  inner.radius = std::sqrt(r2);
  return cnoise_.reset(inner, params_.cnoise);
}

bool RpClassifier::prepare(double max_seconds, const ClockFn& now) {
  if (built_ || (cv_ && cv_done_ < cv_total_)) return true;  // the next step is no build step
  return front_.prepare(max_seconds, now);
}

Preparation RpClassifier::preparation() const {
  if (built_ || (cv_ && cv_done_ < cv_total_)) return Preparation{};
  return front_.preparation();
}

StepResult RpClassifier::step() {
  assert(!done());
  if (cv_ && cv_done_ < cv_total_) return cv_step();
  if (!built_) {
    build_status_ = build();
    built_ = true;
    return StepResult{};
  }
  if (!build_status_.ok()) return StepResult{};
  return cnoise_.step();
}

void RpClassifier::scores(const float* x, float* out) const {
  out[0] = 0.0f;
  out[1] = 0.0f;
  if (!built_ || !build_status_.ok()) return;
  std::vector<float> px(static_cast<size_t>(front_.projection().dims()));
  front_.transform_row(x, px.data());
  cnoise_.scores(px.data(), out);
}

void RpClassifier::predict_batch(const FeatureRef& X, std::vector<int>* out) const {
  if (!built_ || !build_status_.ok()) {
    out->assign(static_cast<size_t>(X.rows()), 0);
    return;
  }
  cnoise_.predict_batch(front_.transform(X), out);
}

double rp_theorem_projection_size(double gamma, double epsilon, double eta, double delta) {
  if (!(gamma > 0.0 && epsilon > 0.0 && eta < 0.5 && delta > 0.0)) return kNaN;
  const double theta = gamma * epsilon * (1.0 - 2.0 * eta) / 2080.0;
  return 8.0 / theta * (1.0 / (gamma * gamma) + std::log(2.0 / delta));
}

std::string RpClassifier::rule_note() const {
  const double assumed_gamma = params_.cnoise.gamma;  // the margin assumed in the projected space
  const double eta = built_ && build_status_.ok() ? cnoise_.eta() : params_.cnoise.eta;
  const double size = rp_theorem_projection_size(2.0 * assumed_gamma, params_.cnoise.epsilon, eta, kRpTheoremDelta);
  std::string note;
  if (std::isfinite(size)) {
    note = "000 Cor. 1's proof projects onto D = (8/theta)(1/gamma^2 + ln(2/delta)) = " + note_number(size) +
           " directions (theta = gamma eps (1 - 2 eta)/2080, gamma = 2 l.gamma = " + note_number(2.0 * assumed_gamma) +
           ", eps = " + note_number(params_.cnoise.epsilon) + ", eta = " + note_number(eta) +
           ", delta = " + note_number(kRpTheoremDelta) + "); D in use: " + std::to_string(dims_) +
           (cv_ && !built_ ? " (cross-validation is choosing it)"
            : cv_          ? " (chosen by cross-validation)"
                           : "") +
           ". The guarantee needs that size; 000 §5 chooses D by cross-validation instead.";
  }
  const std::string inner = built_ && build_status_.ok() ? cnoise_.rule_note() : std::string();
  if (!inner.empty()) note += (note.empty() ? "" : " ") + std::string("Cnoise perceptron: ") + inner;
  return note;
}

double RpClassifier::bound() const { return built_ && build_status_.ok() ? cnoise_.bound() : kNaN; }

double RpClassifier::predict_cost() const {
  if (!built_ || !build_status_.ok()) return 0;
  const KernelProjection& projection = front_.projection();
  const double basis = static_cast<double>(projection.basis().rows());
  return basis * (projection.input_dims() + 1) + basis * projection.dims();
}

std::vector<Counter> RpClassifier::counters() const {
  const bool learning = built_ && build_status_.ok();
  std::vector<Counter> c = {
      {"phase", cv_ && cv_done_ < cv_total_ ? 0.0 : 1.0},
      {"cv_done", static_cast<double>(cv_done_)},
      {"cv_total", static_cast<double>(cv_total_)},
      {"projection_dim", learning ? static_cast<double>(front_.projection().dims())
                                  : static_cast<double>(cv_ && cv_done_ < cv_total_ ? grid_dims_.back() : dims_)},
      {"sigma", kernel_.kind == KernelKind::gaussian ? kernel_.sigma : kNaN},
      {"cv_error", cv_error_},
      {"jitter", learning ? front_.projection().jitter() : 0.0},
      {"basis_size", learning ? static_cast<double>(front_.projection().basis().rows()) : 0.0},
      {"build_failed", built_ && !build_status_.ok() ? 1.0 : 0.0},
  };
  for (const Counter& k : cnoise_.counters()) c.push_back(k);
  return c;
}

namespace {
// Cnoise updates assumed for updates = 0 (16/(eps gamma)^2 at the defaults eps' = 0.5, eta = 0.1, gamma = 0.1).
constexpr double kDefaultCnoiseUpdates = 10000;
}  // namespace

bool RpClassifier::selected_params(ParamValues* values, double* cv_error) const {
  if (std::isnan(cv_error_)) return false;
  *values = {{"dims", static_cast<double>(dims_)}, {"sigma", kernel_.sigma}};
  *cv_error = cv_error_;
  return true;
}

LearnerCost RpClassifier::cost(const ProblemShape& shape, const RpClassifierParams& params, CostSum& sum) {
  const double n = shape.train, d = shape.dims;
  const double exact_limit = ProjectionOptions{}.exact_limit;
  const double landmarks = params.kernel.landmarks;
  double D = params.dims;
  if (params.cv) {
    const int64_t cv_cnoise_updates = params.cv_cnoise().updates;
    const double cv_updates = cv_cnoise_updates > 0 ? static_cast<double>(cv_cnoise_updates) : kDefaultCnoiseUpdates;
    const double folds = std::max(2.0, static_cast<double>(params.cv_folds));
    const double fit_rows = n - std::floor(n / folds);
    const double cv_dims = std::min(static_cast<double>(params.cv_max_dim), fit_rows);
    add_projection_cost(sum, params.projection, fit_rows, n - fit_rows, d, cv_dims, landmarks, exact_limit,
                        Resource::step);
    sum.add(Resource::step, 2 * cv_updates * fit_rows * cv_dims, "cross-validation's Cnoise runs (updates x n x D)");
    D = std::max(D, cv_dims);
  }
  add_projection_cost(sum, params.projection, n, shape.test(), d, D, landmarks, exact_limit, Resource::prepare);
  sum.add(Resource::step, 2 * n * std::min(D, n), "one Cnoise update (n x D)");
  LearnerCost out;
  out.row_per_example = std::min(D, n) + 1;
  out.sizes = {{"cv_max_dim", static_cast<double>(params.cv_max_dim), 1},
               {"dims", static_cast<double>(params.dims), 1},
               {"landmarks", nystrom_landmarks(landmarks, n, params.dims), 1}};
  return out;
}

}  // namespace ml
