// marginlab — the base of the binary learners whose hypothesis is one float weight vector w, scored
// (0, <x, w>) and predicting class 1 when <x, w> > 0 (Perceptron, averaging, A_mu, Bylander, the coreset and
// outlier SVMs). The scores, the batch scores and the batch predictions are written once, here, with one
// float dot product per row, so every such learner scores bit-identically to the others and to itself.
#pragma once

#include <cassert>
#include <string_view>
#include <vector>

#include "core/learners/learner.h"

namespace ml {

// A binary learner with parameters P whose hypothesis is the float vector w_float_ (or what weights() returns).
template <class P>
class LinearBinaryLearner : public LearnerWith<P> {
 public:
  // Takes the problem's training set as data_, refused unless it has at most two classes (the error names the
  // learner), then prepares the learner with start().
  Status reset(const Problem& problem, const P& params) final {
    assert(problem.train != nullptr);
    data_ = problem.train;
    if (Status st = require_binary(*data_, name_); !st.ok()) return st;
    return start(problem, params);
  }
  // Binary: two class scores.
  int num_classes() const override { return 2; }
  // out = (0, <x, w>), the halfspace rule (final: every such learner's hypothesis is its weights alone).
  void scores(const float* x, float* out) const final { halfspace_scores(x, *weights(), out); }
  // weights(): scores() is the halfspace rule.
  const Vector* halfspace() const final { return weights(); }
  // Class 1 where <x, w> > 0, row by row (the dot scores() takes, so predictions agree with it); Eigen's dot
  // inlined into the loop (left as a call per row, its setup costs as much as a 64-term dot).
  ML_FLATTEN void predict_batch(const FeatureRef& X, std::vector<int>* out) const override {
    const Vector& w = *weights();
    out->resize(static_cast<size_t>(X.rows()));
    for (Eigen::Index i = 0; i < X.rows(); ++i) (*out)[static_cast<size_t>(i)] = X.row(i).dot(w) > 0.0f ? 1 : 0;
  }
  // The scores of every row of X at once, bit-identical to scores().
  void scores_batch(const FeatureRef& X, Eigen::MatrixXf* out) const override {
    linear_scores_batch(X, *weights(), out);
  }
  // The hypothesis w_float_ (a learner that outputs another vector, e.g. its best iterate, overrides this).
  const Vector* weights() const override { return &w_float_; }

 protected:
  // `name` is how the learner's errors name it ("the Perceptron").
  explicit LinearBinaryLearner(std::string_view name) : name_(name) {}
  // Prepares to learn `problem` (its binary training set is data_) with these parameters.
  virtual Status start(const Problem& problem, const P& params) = 0;
  // Continues from a fitted model's weight vector w: w_float_ = w, refused (naming both dimensions) unless w has
  // the data's dimension.
  Status carry_weights(const Vector& w) {
    if (w.size() != data_->cols()) return warm_start_dimension_error(name_, w.size(), data_->cols());
    w_float_ = w;
    return Status::Ok();
  }
  // How errors name the learner ("the Perceptron").
  std::string_view name() const { return name_; }

  const Dataset* data_ = nullptr;  // the training set of the last reset
  Vector w_float_;                 // the float weight vector the learner scores with

 private:
  std::string_view name_;  // a literal: how errors name the learner
};

}  // namespace ml
