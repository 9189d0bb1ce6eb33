// Learner::scores_batch (core/learners/learner.h): for every learner of the registry, the batch scores of a
// grid of points equal scores() point by point, bit for bit — the 2-D view's decision grid relies on it.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/session.h"
#include "test_session.h"

namespace ml {
namespace scores_batch_test {

using test::trained;

// A gw x gh grid of cell centres over [-1.5, 1.5]^2 lifted into d dimensions (coordinates 2.. are a fixed
// mix of the first two, as the view's projection lifts them).
FeatureMatrix grid(int gw, int gh, int d) {
  FeatureMatrix X(gw * gh, d);
  for (int r = 0; r < gh; ++r)
    for (int c = 0; c < gw; ++c) {
      const float a = -1.5f + 3.0f * (static_cast<float>(c) + 0.5f) / static_cast<float>(gw);
      const float b = -1.5f + 3.0f * (static_cast<float>(r) + 0.5f) / static_cast<float>(gh);
      for (int j = 0; j < d; ++j)
        X(r * gw + c, j) = j == 0 ? a : j == 1 ? b : 0.3f * a - 0.2f * b + 0.1f * static_cast<float>(j);
    }
  return X;
}

// Bit equality of two floats (-0 and +0 differ, NaN equals the same NaN).
bool same_bits(float a, float b) {
  uint32_t x, y;
  std::memcpy(&x, &a, 4);
  std::memcpy(&y, &b, 4);
  return x == y;
}

void expect_batch_equals_points(const Learner& learner, const FeatureRef& X) {
  Eigen::MatrixXf batch;
  learner.scores_batch(X, &batch);
  const int q = learner.num_classes();
  ASSERT_EQ(batch.rows(), X.rows());
  ASSERT_EQ(batch.cols(), q);
  std::vector<float> s(static_cast<size_t>(q));
  int differing = 0;
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    learner.scores(X.row(i).data(), s.data());
    for (int k = 0; k < q; ++k)
      if (!same_bits(batch(i, k), s[static_cast<size_t>(k)])) ++differing;
  }
  EXPECT_EQ(differing, 0) << "of " << X.rows() * q << " scores";
}

TEST(ScoresBatchTest, EqualsScoresBitForBitForEveryLearner) {
  for (const LearnerEntry& e : learner_registry()) {
    SCOPED_TRACE(e.schema.id);
    // The 2-D view's case (d = 2 plus a bias coordinate), and a lifted grid in more dimensions.
    for (const char* data : {"data=separable&d=2&bias=1", "data=separable&d=9&noise=uniform&eta=0.1"}) {
      SCOPED_TRACE(data);
      const std::unique_ptr<Session> s =
          trained(std::string("#v=1&") + data + "&n=160&learner=" + e.schema.id + "&seed=3", 150);
      ASSERT_NE(s, nullptr);
      expect_batch_equals_points(s->learner(), grid(23, 17, s->data().train.cols()));
    }
    if (e.schema.multiclass) {
      const std::unique_ptr<Session> s =
          trained("#v=1&data=classes&q=4&d=3&n=200&learner=" + e.schema.id + "&seed=5", 150);
      ASSERT_NE(s, nullptr);
      expect_batch_equals_points(s->learner(), grid(19, 11, s->data().train.cols()));
    }
  }
}

TEST(ScoresBatchTest, KernelPerceptronAcrossBlocksAndKernels) {
  // More rows than one block (256) and each kernel: the blocked sum keeps decision()'s order.
  for (const char* kernel : {"gaussian", "poly", "linear"}) {
    SCOPED_TRACE(kernel);
    const std::unique_ptr<Session> s = trained(
        std::string("#v=1&data=ring&n=300&noise=uniform&eta=0.1&learner=kernel_perceptron&l.kernel=") + kernel, 600);
    ASSERT_NE(s, nullptr);
    expect_batch_equals_points(s->learner(), grid(31, 29, s->data().train.cols()));
  }
}

TEST(ScoresBatchTest, LinearHelperOnHandValues) {
  // w = (1, -2): rows (3, 1) and (0, 0.5) score <x, w> = 1 and -1, class 0 scores 0.
  FeatureMatrix X(2, 2);
  X << 3, 1, 0, 0.5f;
  Vector w(2);
  w << 1, -2;
  Eigen::MatrixXf out;
  linear_scores_batch(X, w, &out);
  ASSERT_EQ(out.rows(), 2);
  ASSERT_EQ(out.cols(), 2);
  EXPECT_EQ(out(0, 0), 0.0f);
  EXPECT_EQ(out(0, 1), 1.0f);
  EXPECT_EQ(out(1, 1), -1.0f);
  // Three classes W = [[1,0],[0,1],[-1,-1]]: x = (2, 3) scores (2, 3, -5).
  FeatureMatrix W(3, 2);
  W << 1, 0, 0, 1, -1, -1;
  FeatureMatrix x(1, 2);
  x << 2, 3;
  linear_scores_batch(x, W, &out);
  ASSERT_EQ(out.cols(), 3);
  EXPECT_EQ(out(0, 0), 2.0f);
  EXPECT_EQ(out(0, 1), 3.0f);
  EXPECT_EQ(out(0, 2), -5.0f);
}

}  // namespace scores_batch_test
}  // namespace ml
