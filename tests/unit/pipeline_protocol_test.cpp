// Tests of the data pipeline's protocol steps (core/session/pipeline.h): the median heuristic, the
// kernel features (fields kpca, ksigma) and 004 §4.2's rough labels (fields rough, rupd), each against
// what it promises: its draws, the map it applies to both parts, the labels it sets and what it leaves.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "core/data/generator_ids.h"
#include "core/data/generators.h"
#include "core/data/transform.h"
#include "core/kernels/projection.h"
#include "core/learners/uma.h"
#include "core/noise/noise_ids.h"
#include "core/session/pipeline.h"
#include "core/session/session.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace pipeline_protocol_test {

TEST(MedianHeuristic, TwoPointsGiveHalfTheirSquaredDistance) {
  FeatureMatrix X(2, 2);
  X << 0, 0, 3, 4;  // every pair with i != j is at squared distance 25
  Rng rng(1, Stream::features);
  EXPECT_DOUBLE_EQ(median_heuristic_sigma(X, rng), std::sqrt(12.5));
  FeatureMatrix one(1, 2);
  one << 1, 1;
  Rng again(1, Stream::features);
  EXPECT_EQ(median_heuristic_sigma(one, again), 1.0);  // no pair: the unit width
  // Three points on a line at 0, 1, 3: squared distances 1, 4, 9 in some proportion; the upper median of
  // the drawn pairs is one of them, so sigma^2 is 0.5, 2 or 4.5.
  FeatureMatrix line(3, 1);
  line << 0, 1, 3;
  Rng third(5, Stream::features);
  const double s2 = std::pow(median_heuristic_sigma(line, third), 2);
  EXPECT_TRUE(std::fabs(s2 - 0.5) < 1e-12 || std::fabs(s2 - 2) < 1e-12 || std::fabs(s2 - 4.5) < 1e-12) << s2;
}

Dataset points(int n, int d, uint64_t seed) {
  Dataset ds = test::tiny_dataset({{0.0f}}, {1});
  ds.set_features(test::random_points(n, d, seed, 1.0));
  ds.label.assign(static_cast<size_t>(n), 1);
  ds.true_label = ds.label;
  ds.corruption.assign(static_cast<size_t>(n), Corruption::none);
  ds.feature_names = default_feature_names(d);
  ds.target = Vector::Ones(d) / std::sqrt(static_cast<float>(d));
  ds.target_margin = 0.1;
  return ds;
}

TEST(KernelFeatures, OneNystromMapFittedOnTrainAppliedToBoth) {
  Dataset train = points(60, 3, 1), test = points(20, 3, 2);
  const Dataset train0 = train, test0 = test;
  Result<double> sigma = apply_kernel_features(7, 0, 0.8, 42, train, test);
  ASSERT_TRUE(sigma.ok()) << sigma.error().message;
  EXPECT_EQ(sigma.value(), 0.8);  // given: no median-heuristic draws
  // The same map by hand: Nyström kernel PCA, 7 landmarks from Rng(42, features), Gaussian sigma 0.8.
  Rng rng(42, Stream::features);
  ProjectionOptions options;
  options.kind = ProjectionKind::kpca;
  options.dims = 7;
  options.exact_limit = 0;
  options.landmarks = 7;
  Result<KernelProjection> map =
      KernelProjection::fit(train0.X, make_kernel(KernelKind::gaussian, 2, 1.0, 0.8, 0.0), options, rng);
  ASSERT_TRUE(map.ok());
  EXPECT_EQ(train.X, map->transform(train0.X));
  EXPECT_EQ(test.X, map->transform(test0.X));
  EXPECT_EQ(train.cols(), map->dims());
  EXPECT_EQ(train.feature_names.front(), "k1");
  // Labels untouched; the target direction is gone (it means nothing in the new coordinates).
  EXPECT_EQ(train.label, train0.label);
  EXPECT_EQ(train.target.size(), 0);
  EXPECT_EQ(train.target_margin, 0.0);
  // sigma = 0: the median heuristic on the training rows, from the same stream before the landmarks.
  Dataset a = train0, b = test0;
  Result<double> heuristic = apply_kernel_features(7, 0, 0, 42, a, b);
  ASSERT_TRUE(heuristic.ok());
  Rng pairs(42, Stream::features);
  EXPECT_EQ(heuristic.value(), median_heuristic_sigma(train0.X, pairs));
  // D = 0: nothing happens.
  Dataset c = train0, e = test0;
  ASSERT_TRUE(apply_kernel_features(0, 0, 0, 42, c, e).ok());
  EXPECT_EQ(c.X, train0.X);
}

// Field klm: m > D landmarks give the D leading principal axes of the Nyström map with m landmarks (the same
// map as the projection fitted by hand); fewer landmarks than features is refused, naming the field.
TEST(KernelFeatures, LandmarksAboveTheFeatureCountGiveThePrincipalAxes) {
  const Dataset train0 = points(60, 3, 1), test0 = points(20, 3, 2);
  Dataset train = train0, test = test0;
  ASSERT_TRUE(apply_kernel_features(5, 20, 0.8, 42, train, test).ok());
  Rng rng(42, Stream::features);
  ProjectionOptions options;
  options.kind = ProjectionKind::kpca;
  options.dims = 5;
  options.exact_limit = 0;
  options.landmarks = 20;
  Result<KernelProjection> map =
      KernelProjection::fit(train0.X, make_kernel(KernelKind::gaussian, 2, 1.0, 0.8, 0.0), options, rng);
  ASSERT_TRUE(map.ok());
  EXPECT_EQ(map->basis().rows(), 20);
  EXPECT_EQ(train.X, map->transform(train0.X));
  EXPECT_EQ(test.X, map->transform(test0.X));
  Dataset a = train0, b = test0;
  ASSERT_TRUE(apply_kernel_features(5, 0, 0.8, 42, a, b).ok());
  EXPECT_NE(a.X, train.X) << "0 landmarks means m = D, another map";
  Dataset c = train0, e = test0;
  Result<double> refused = apply_kernel_features(5, 4, 0.8, 42, c, e);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "pipeline.kpca_landmarks");
  EXPECT_NE(refused.error().message.find("field 'klm'"), std::string::npos);
}

TEST(KernelFeatures, TheSessionsLearnerSeesThem) {
  Config config;
  config.generator.kind = Generator::blobs;
  config.generator.classes = 3;
  config.generator.n = 300;
  config.kpca_dims = 12;
  config.kpca_sigma = 2.0;
  config.learner = "uma";
  Result<std::unique_ptr<Session>> s = Session::create(config, nullptr);
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_EQ(s.value()->data().train.cols(), 12);
  EXPECT_EQ(s.value()->data().test.cols(), 12);
  // The map is the same function whatever the seed-independent parts; another seed draws other landmarks.
  config.seed = 2;
  Result<std::unique_ptr<Session>> other = Session::create(config, nullptr);
  ASSERT_TRUE(other.ok());
  EXPECT_NE(other.value()->data().train.X, s.value()->data().train.X);
}

// Three tight clusters at 0, 120 and 240 degrees, 10 points each, classes 0, 1, 2; class 0 also owns two
// points sitting inside class 1's cluster (true label 0, geometry says 1).
Dataset three_clusters() {
  std::vector<std::vector<float>> rows;
  std::vector<int> classes;
  const double pi = 3.14159265358979323846;
  for (int q = 0; q < 3; ++q) {
    for (int k = 0; k < 10; ++k) {
      const double angle = 2 * pi * q / 3 + 0.01 * (k - 5);
      rows.push_back({static_cast<float>(std::cos(angle)), static_cast<float>(std::sin(angle))});
      classes.push_back(q);
    }
  }
  for (int k = 0; k < 2; ++k) {
    const double angle = 2 * pi / 3 + 0.003 * k;
    rows.push_back({static_cast<float>(std::cos(angle)), static_cast<float>(std::sin(angle))});
    classes.push_back(0);
  }
  return test::class_dataset(rows, classes, 3);
}

TEST(RoughLabels, MPerClassThenPredictionsOfUmaWithIdentity) {
  const Dataset train = three_clusters();
  Result<RoughLabels> rough = rough_labels(train, 4, 3000, 9);
  ASSERT_TRUE(rough.ok()) << rough.error().message;
  // 4 rows of each class, drawn class by class from Rng(9, rough).
  Rng rng(9, Stream::rough);
  std::vector<int> expected;
  const std::vector<std::vector<int>> rows_of_class = {{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 30, 31},
                                                       {10, 11, 12, 13, 14, 15, 16, 17, 18, 19},
                                                       {20, 21, 22, 23, 24, 25, 26, 27, 28, 29}};
  for (const std::vector<int>& rows : rows_of_class)
    for (int k : rng.choose(static_cast<int>(rows.size()), 4)) expected.push_back(rows[static_cast<size_t>(k)]);
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(rough->labelled, expected);
  ASSERT_EQ(rough->labels.size(), 32u);
  // The clusters are separable through the origin, so g gets every cluster point right, and puts the two
  // class-0 points inside class 1's cluster in class 1: exactly they are mislabelled.
  for (int i = 0; i < 30; ++i) EXPECT_EQ(rough->labels[static_cast<size_t>(i)], i / 10) << i;
  EXPECT_EQ(rough->labels[30], 1);
  EXPECT_EQ(rough->labels[31], 1);
  EXPECT_GT(rough->updates, 0);
  // m above a class's size takes the whole class.
  Result<RoughLabels> all = rough_labels(train, 100, 3000, 9);
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->labelled.size(), 32u);
  // One class only: refused.
  Dataset one = test::class_dataset({{1, 0}}, {0}, 1);
  EXPECT_EQ(rough_labels(one, 1, 10, 1).error().code, "pipeline.rough_classes");
}

TEST(RoughLabels, ThePipelineSetsTheObservedLabelsAndFlagsTheChangedOnes) {
  Config config;
  config.generator.kind = Generator::classes;
  config.generator.classes = 4;
  config.generator.n = 800;
  config.generator.margin = 0.02;
  config.rough_m = 3;
  config.rough_updates = 5;  // a very rough g: it errs
  config.learner = "uma";
  Result<PreparedData> data = prepare_data(config, nullptr);
  ASSERT_TRUE(data.ok()) << data.error().message;
  const Dataset& train = data->train;
  Result<RoughLabels> rough = rough_labels(train, 3, 5, config.seed);  // on the same (clean-labelled) rows
  ASSERT_TRUE(rough.ok());
  EXPECT_EQ(train.label, rough->labels);
  int changed = 0;
  for (int i = 0; i < train.rows(); ++i) {
    const size_t k = static_cast<size_t>(i);
    const bool differs = train.label[k] != train.true_label[k];
    changed += differs;
    EXPECT_EQ(train.corruption[k], differs ? Corruption::label : Corruption::none) << i;
  }
  EXPECT_GT(changed, 0);
  EXPECT_DOUBLE_EQ(data->noise.achieved_rate, static_cast<double>(changed) / train.rows());
  for (int i = 0; i < data->test.rows(); ++i)
    EXPECT_EQ(data->test.label[static_cast<size_t>(i)], data->test.true_label[static_cast<size_t>(i)]);
  // The true labels are those of the data without rough labels.
  config.rough_m = 0;
  Result<PreparedData> clean = prepare_data(config, nullptr);
  ASSERT_TRUE(clean.ok());
  EXPECT_EQ(train.true_label, clean->train.label);
  EXPECT_EQ(train.X, clean->train.X);
  // Under a noise model the field does not apply: nothing changes.
  config.rough_m = 3;
  config.noise.model = NoiseModel::uniform;
  config.noise.rate = 0;
  Result<PreparedData> noisy = prepare_data(config, nullptr);
  ASSERT_TRUE(noisy.ok());
  EXPECT_EQ(noisy->train.label, clean->train.label);
}

}  // namespace pipeline_protocol_test
}  // namespace ml
