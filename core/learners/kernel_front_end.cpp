// marginlab — the kernel front end shared by UMA and the RP-classifier (see kernel_front_end.h).
#include "core/learners/kernel_front_end.h"

#include <algorithm>
#include <cassert>
#include <string>
#include <utility>

namespace ml {

Dataset projected_dataset(FeatureMatrix X, const Dataset& source, const std::vector<int>* rows) {
  Dataset out;
  out.set_features(std::move(X));
  const int n = static_cast<int>(out.X.rows());
  out.label.resize(static_cast<size_t>(n));
  int classes = 2;
  for (int i = 0; i < n; ++i) {
    const int r = rows ? (*rows)[static_cast<size_t>(i)] : i;
    out.label[static_cast<size_t>(i)] = source.label[static_cast<size_t>(r)];
    classes = std::max(classes, out.label[static_cast<size_t>(i)] + 1);
  }
  out.true_label = out.label;  // what the inner learner sees as truth is what we see: the observed labels
  out.corruption.assign(static_cast<size_t>(n), Corruption::none);
  out.class_names = source.class_names.empty() ? default_class_names(classes) : source.class_names;
  out.feature_names = default_feature_names(static_cast<int>(out.X.cols()));
  return out;
}

void KernelFrontEnd::clear() {
  train_ = nullptr;
  rng_ = nullptr;
  kernel_ = Kernel();
  options_ = ProjectionOptions();
  fitter_.reset();
  attempted_ = fitted_ = false;
  projection_ = KernelProjection();
  sample_ = Dataset();
  memo_.clear();
}

void KernelFrontEnd::configure(const Dataset& train, const Kernel& kernel, const ProjectionOptions& options, Rng& rng) {
  clear();
  train_ = &train;
  kernel_ = kernel;
  options_ = options;
  rng_ = &rng;
}

bool KernelFrontEnd::prepare(double max_seconds, const ClockFn& now) {
  assert(train_ != nullptr);
  if (attempted_) return true;
  if (!fitter_) fitter_ = std::make_unique<ProjectionFitter>(train_->X, kernel_, options_, *rng_, true);
  return fitter_->advance(max_seconds, now);
}

Preparation KernelFrontEnd::preparation() const {
  Preparation prep;
  if (attempted_ || (fitter_ && fitter_->finished())) return prep;
  prep.pending = true;
  prep.progress = fitter_ ? fitter_->progress() : 0.0;
  prep.what = "Kernel projection";
  prep.stage = fitter_ ? std::string(fitter_->stage()) : std::string("starting");
  return prep;
}

Status KernelFrontEnd::fit() {
  assert(train_ != nullptr && !attempted_);
  // Whatever prepare() left of the fit and of the sample's projection (the same bits either way).
  if (!fitter_) fitter_ = std::make_unique<ProjectionFitter>(train_->X, kernel_, options_, *rng_, true);
  fitter_->run();
  Result<KernelProjection> fitted = fitter_->take();
  FeatureMatrix transformed;
  if (fitted.ok()) transformed = fitter_->take_transformed();
  fitter_.reset();
  attempted_ = true;
  if (!fitted.ok()) return fitted.status();
  projection_ = std::move(fitted.value());
  memo_.clear();
  sample_ = projected_dataset(std::move(transformed), *train_, nullptr);
  fitted_ = true;
  return Status::Ok();
}

FeatureRef KernelFrontEnd::transform(const FeatureRef& X) const {
  assert(fitted_);
  if (X.data() == train_->X.data() && X.rows() == sample_.rows()) return sample_.X;  // projected once, when fitted
  return memo_.transform(projection_, X);
}

}  // namespace ml
