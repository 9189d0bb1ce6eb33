// marginlab — default implementations of the Learner contract.
#include "core/learners/learner.h"

#include <cassert>

namespace ml {

namespace {
constexpr int kMaxClasses = 64;  // the config's cap on Q
}

int Learner::predict(const float* x) const {
  const int q_count = num_classes();
  assert(q_count >= 1 && q_count <= kMaxClasses);
  float s[kMaxClasses];
  scores(x, s);
  int best = 0;
  for (int q = 1; q < q_count; ++q) {
    if (s[q] > s[best]) best = q;
  }
  return best;
}

void Learner::predict_batch(const FeatureMatrix& X, std::vector<int>* out) const {
  out->resize(static_cast<size_t>(X.rows()));
  for (Eigen::Index i = 0; i < X.rows(); ++i) (*out)[static_cast<size_t>(i)] = predict(X.row(i).data());
}

}  // namespace ml
