// marginlab — the kernel front end of a learner that trains a linear model on a projection π of the kernel's
// feature space (core/kernels/projection.h): UMA's kernel PCA / Nyström front end (004 §3.6) and the
// RP-classifier's projection (000 Alg. 1). It fits π on the training features, either in time slices ahead of
// the step that needs it (Learner::prepare) or at once, keeps π of the training sample, and projects what the
// learner is asked to score: the training matrix from that stored projection, any other matrix through a
// content-keyed ProjectionMemo (a session scores the same test matrix at every recorded row), one point with
// transform_row. Sliced or not, the fit draws from the learner's Rng at the same moment and gives the same bits.
#pragma once

#include <memory>
#include <vector>

#include "core/data/dataset.h"
#include "core/kernels/kernel.h"
#include "core/kernels/projection.h"
#include "core/learners/learner.h"
#include "core/util/clock.h"
#include "core/util/rng.h"
#include "core/util/status.h"

namespace ml {

// A dataset holding projected features `X` and the observed labels of `rows` of `source` (all rows when `rows`
// is null); its true labels are those observed labels, so a learner trained on it never sees true labels.
Dataset projected_dataset(FeatureMatrix X, const Dataset& source, const std::vector<int>* rows);

// Fit, stored training projection and projection of other points, for one learner.
class KernelFrontEnd {
 public:
  // Forgets any fit and the configuration (the state of a new front end).
  void clear();
  // Forgets any fit; the next prepare() or fit() fits π on train.X with `kernel` and `options`, drawing from
  // `rng`. `train` and `rng` are not copied: they must outlive the fit (the learner's Problem and Rng).
  void configure(const Dataset& train, const Kernel& kernel, const ProjectionOptions& options, Rng& rng);
  // One time slice of the fit and of the sample's projection (Learner::prepare); true when nothing is left.
  bool prepare(double max_seconds, const ClockFn& now);
  // The fit still to do, for Learner::preparation() ("Kernel projection", its stage and progress).
  Preparation preparation() const;
  // Completes whatever prepare() left and keeps π and the projected sample; the fit's error otherwise.
  Status fit();
  // True once fit() succeeded.
  bool fitted() const { return fitted_; }
  // The fitted map (valid when fitted()).
  const KernelProjection& projection() const { return projection_; }
  // π of the training rows with their observed labels (valid when fitted()).
  const Dataset& sample() const { return sample_; }
  // π(X): the stored sample when X is the training matrix itself, else computed once per distinct matrix.
  FeatureRef transform(const FeatureRef& X) const;
  // π(x) of one point into `out` (projection().dims() floats).
  void transform_row(const float* x, float* out) const { projection_.transform_row(x, out); }

 private:
  const Dataset* train_ = nullptr;
  Kernel kernel_;
  ProjectionOptions options_;
  Rng* rng_ = nullptr;
  std::unique_ptr<ProjectionFitter> fitter_;  // the fit under way (prepare()), until fit()
  bool attempted_ = false;                    // fit() ran (successfully or not)
  bool fitted_ = false;
  KernelProjection projection_;
  Dataset sample_;
  mutable ProjectionMemo memo_;  // π of the other matrices scored (the test part)
};

}  // namespace ml
