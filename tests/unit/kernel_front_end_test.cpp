// Tests of the kernel front end shared by UMA and the RP-classifier (core/learners/kernel_front_end.h): the
// stored sample is the fitted map's transform of the training rows with the observed labels only; scoring the
// training matrix returns that stored sample, any other matrix its own transform; a sliced preparation gives the
// same bits as fit() at once; a failed fit is not retried.
#include "core/learners/kernel_front_end.h"

#include <gtest/gtest.h>

#include "tests/unit/test_data.h"

namespace ml {
namespace kernel_front_end_test {

Kernel gaussian() { return make_kernel(KernelKind::gaussian, 2, 1.0, 0.8, 0.0); }

ProjectionOptions kpca(int dims) {
  ProjectionOptions o;
  o.kind = ProjectionKind::kpca;
  o.dims = dims;
  return o;
}

// 12 points in 3-D, labels alternating 0/1; the true labels are all 1 (what noise would have flipped).
Dataset training_set() {
  Dataset ds = test::tiny_dataset(std::vector<std::vector<float>>(12, std::vector<float>(3, 0.0f)),
                                  {1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1}, std::vector<int>(12, 1));
  ds.set_features(test::random_points(12, 3, 7, 1.0));
  return ds;
}

// A front end over training_set() with its learner's Rng(5), configured for exact kernel PCA onto `dims`.
class KernelFrontEndFit : public ::testing::Test {
 protected:
  void configure(int dims) { front.configure(train, gaussian(), kpca(dims), rng); }
  const Dataset train = training_set();
  Rng rng{5, Stream::learner};
  KernelFrontEnd front;
};

TEST_F(KernelFrontEndFit, SampleIsTheFittedMapOfTheTrainingRowsWithObservedLabels) {
  configure(4);
  ASSERT_TRUE(front.fit().ok());
  ASSERT_TRUE(front.fitted());

  Rng same(5, Stream::learner);
  Result<KernelProjection> direct = KernelProjection::fit(train.X, gaussian(), kpca(4), same);
  ASSERT_TRUE(direct.ok());
  const FeatureMatrix expected = direct->transform(train.X);
  EXPECT_EQ(front.sample().X.rows(), 12);
  EXPECT_EQ(front.sample().X.cols(), 4);
  EXPECT_TRUE(front.sample().X == expected);
  EXPECT_EQ(front.sample().label, train.label);
  EXPECT_EQ(front.sample().true_label, train.label) << "the learner behind the front end never sees true labels";
}

TEST_F(KernelFrontEndFit, TrainingMatrixIsServedFromTheStoredSampleOthersAreProjected) {
  configure(3);
  ASSERT_TRUE(front.fit().ok());
  EXPECT_EQ(front.transform(train.X).data(), front.sample().X.data());

  const FeatureMatrix copy = train.X;  // same values, another matrix: projected through the memo, same bits
  EXPECT_TRUE(front.transform(copy) == front.sample().X);
  const FeatureMatrix other = test::random_points(5, 3, 11, 1.0);
  EXPECT_TRUE(front.transform(other) == front.projection().transform(other));

  float row[3];
  front.transform_row(other.row(2).data(), row);
  const FeatureMatrix projected = front.projection().transform(other);
  for (int j = 0; j < 3; ++j) EXPECT_EQ(row[j], projected(2, j));
}

TEST(KernelFrontEnd, SlicedPreparationGivesTheSameBitsAsOneFit) {
  const Dataset train = training_set();
  ProjectionOptions nystrom = kpca(3);
  nystrom.exact_limit = 0;  // Nyström: several stages, random landmarks drawn from the learner's Rng
  nystrom.landmarks = 6;

  Rng rng_once(9, Stream::learner);
  KernelFrontEnd once;
  once.configure(train, gaussian(), nystrom, rng_once);
  ASSERT_TRUE(once.fit().ok());

  Rng rng_sliced(9, Stream::learner);
  KernelFrontEnd sliced;
  sliced.configure(train, gaussian(), nystrom, rng_sliced);
  EXPECT_TRUE(sliced.preparation().pending);
  EXPECT_EQ(sliced.preparation().progress, 0.0);
  EXPECT_EQ(sliced.preparation().stage, "starting");
  double fake = 0;
  const ClockFn clock = [&fake] { return fake += 1.0; };  // 1 s per read, 0.5 s budget: one unit per call
  int calls = 0;
  double last = 0;
  while (!sliced.prepare(0.5, clock)) {
    ++calls;
    ASSERT_TRUE(sliced.preparation().pending);
    EXPECT_GE(sliced.preparation().progress, last);
    last = sliced.preparation().progress;
  }
  EXPECT_GE(calls, 2) << "the work was really sliced";
  EXPECT_FALSE(sliced.preparation().pending) << "finished: nothing left for the step";
  ASSERT_TRUE(sliced.fit().ok());
  EXPECT_TRUE(sliced.sample().X == once.sample().X);
  EXPECT_TRUE(sliced.projection().coefficients() == once.projection().coefficients());
}

TEST_F(KernelFrontEndFit, FailedFitIsReportedAndNotRetried) {
  configure(0);  // D = 0: projection.bad_dims
  const Status s = front.fit();
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "projection.bad_dims");
  EXPECT_FALSE(front.fitted());
  EXPECT_TRUE(front.prepare(0.5, nullptr)) << "a failed fit is final until configure()";
  EXPECT_FALSE(front.preparation().pending);
}

TEST(KernelFrontEnd, ProjectedDatasetTakesTheObservedLabelsOfTheChosenRows) {
  Dataset source = test::class_dataset({{0, 0}, {1, 0}, {0, 1}, {1, 1}}, {0, 2, 1, 2}, 3);
  source.true_label = {0, 0, 0, 0};
  source.class_names.clear();  // names then default to one per class seen: 0..2
  FeatureMatrix X(2, 1);
  X << 0.5f, -0.5f;
  const std::vector<int> rows = {3, 2};
  const Dataset d = projected_dataset(X, source, &rows);
  EXPECT_EQ(d.label, (std::vector<int>{2, 1}));
  EXPECT_EQ(d.true_label, (std::vector<int>{2, 1}));
  EXPECT_EQ(d.class_names.size(), 3u);
  EXPECT_EQ(d.feature_names.size(), 1u);
  EXPECT_EQ(d.corruption.size(), 2u);
}

}  // namespace kernel_front_end_test
}  // namespace ml
