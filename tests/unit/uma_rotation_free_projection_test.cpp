// UMA with its rotation-free Nyström front end (core/kernels/projection.h "Rotation-free Nyström"; uma.cpp sets
// ProjectionOptions::skip_nystrom_pca): at D = m the skipped PCA is only a rotation, and UMA uses its features
// through inner products and sums, so a run on the rotation-free features makes the same steps (the same
// mistakes and updates, the same predictions at every step) as a run on the ordered PCA's features.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/kernels/projection.h"
#include "core/learners/kernel_front_end.h"
#include "core/learners/uma.h"
#include "core/util/eigen_setup.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace uma_rotation_free_projection_test {

// 160 points in [-2, 2]^3, three classes by the distance from the origin (rings: not linearly separable, the
// Gaussian front end's job), every 6th label moved to the next class (noise); C = 0.8 I + 0.1 off the diagonal.
Dataset ring_classes() {
  const FeatureMatrix X = test::random_points(160, 3, 41, 2.0);
  std::vector<std::vector<float>> rows;
  std::vector<int> classes;
  for (int i = 0; i < X.rows(); ++i) {
    rows.push_back({X(i, 0), X(i, 1), X(i, 2)});
    const double r = X.row(i).cast<double>().norm();
    int q = r < 1.5 ? 0 : r < 2.3 ? 1 : 2;
    if (i % 6 == 0) q = (q + 1) % 3;
    classes.push_back(q);
  }
  return test::class_dataset(rows, classes, 3);
}

Eigen::MatrixXd confusion() {
  Eigen::MatrixXd c = Eigen::MatrixXd::Constant(3, 3, 0.1);
  c.diagonal().setConstant(0.8);
  return c;
}

TEST(UmaRotationFreeNystrom, SameStepsAsOnTheOrderedPcasFeatures) {
  configure_eigen();
  const Dataset train = ring_classes();
  constexpr int kDims = 30;
  UmaParams params;
  params.projection = UmaProjection::nystrom;
  params.dims = kDims;
  params.kernel.landmarks = kDims;
  params.kernel.sigma = 1.0;
  params.max_updates = 150;
  params.tol = 0;
  Problem problem = test::problem_for(train);
  problem.num_classes = 3;

  // UMA's own front end: rotation-free at D = m.
  Uma with_front_end;
  with_front_end.set_confusion(confusion());
  ASSERT_TRUE(with_front_end.reset(problem, params).ok());
  with_front_end.step();  // the first step fits the projection and builds the model (no update)
  ASSERT_TRUE(with_front_end.built());
  ASSERT_TRUE(with_front_end.projection().rotation_free()) << "uma.cpp sets skip_nystrom_pca";
  ASSERT_EQ(with_front_end.projection().dims(), kDims);

  // The ordered PCA's map from the same landmark draw (UMA draws them first from Rng(seed, learner)), and UMA
  // without a front end on its features.
  ProjectionOptions ordered;
  ordered.kind = ProjectionKind::kpca;
  ordered.dims = kDims;
  ordered.landmarks = kDims;
  ordered.exact_limit = 0;
  Rng rng(problem.seed, Stream::learner);
  Result<KernelProjection> pca = KernelProjection::fit(train.X, make_kernel(params.kernel), ordered, rng);
  ASSERT_TRUE(pca.ok());
  ASSERT_FALSE(pca->rotation_free());
  ASSERT_EQ(pca->basis_rows(), with_front_end.projection().basis_rows());
  const Dataset ordered_train = projected_dataset(pca->transform(train.X), train, nullptr);
  EXPECT_GT((ordered_train.X - with_front_end.projection().transform(train.X)).cwiseAbs().maxCoeff(), 0.05f)
      << "not vacuous: the two runs see different coordinates";
  Problem ordered_problem = test::problem_for(ordered_train);
  ordered_problem.num_classes = 3;
  UmaParams linear = params;
  linear.projection = UmaProjection::none;
  Uma on_pca;
  on_pca.set_confusion(confusion());
  ASSERT_TRUE(on_pca.reset(ordered_problem, linear).ok());
  ASSERT_TRUE(on_pca.built()) << "no front end: built by reset()";

  const FeatureMatrix test_points = test::random_points(60, 3, 42, 2.0);
  const FeatureMatrix ordered_test = pca->transform(test_points);
  int steps = 0, updates = 0;
  while (!with_front_end.done() || !on_pca.done()) {
    ASSERT_EQ(with_front_end.done(), on_pca.done()) << "step " << steps;
    const StepResult a = with_front_end.step();
    const StepResult b = on_pca.step();
    ++steps;
    ASSERT_EQ(a.mistake, b.mistake) << "step " << steps;
    ASSERT_EQ(a.updated, b.updated) << "step " << steps;
    ASSERT_EQ(a.example, b.example) << "step " << steps;
    updates += a.updated;
    std::vector<int> pa, pb;
    with_front_end.predict_batch(train.X, &pa);
    on_pca.predict_batch(ordered_train.X, &pb);
    ASSERT_EQ(pa, pb) << "training predictions after step " << steps;
  }
  EXPECT_GT(updates, 20);
  std::vector<int> ta, tb;
  with_front_end.predict_batch(test_points, &ta);
  on_pca.predict_batch(ordered_test, &tb);
  EXPECT_EQ(ta, tb);
  // UMA learned something: better than the 1/3 of a constant guess on the (noisy) training labels.
  std::vector<int> final_train;
  with_front_end.predict_batch(train.X, &final_train);
  int right = 0;
  for (size_t i = 0; i < final_train.size(); ++i) right += final_train[i] == train.label[i];
  EXPECT_GT(right, 70);
}

}  // namespace uma_rotation_free_projection_test
}  // namespace ml
