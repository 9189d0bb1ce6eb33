// Tests of core/data/transform: split sizes and strata, normalization fitted on train, bias.
#include <gtest/gtest.h>

#include "core/data/transform.h"
#include "core/settings/setting.h"

namespace ml {
namespace transform_test {

Dataset make_dataset(int n, int d, int classes) {
  Dataset ds;
  ds.set_features(FeatureMatrix(n, d));
  Eigen::Map<FeatureMatrix> features = ds.writable_features();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < d; ++j) features(i, j) = static_cast<float>(i * d + j);
  for (int i = 0; i < n; ++i) ds.true_label.push_back(i % classes);
  ds.reset_labels_clean();
  ds.class_names = default_class_names(classes);
  ds.feature_names = default_feature_names(d);
  return ds;
}

TEST(Split, TestSizeIsRoundedFractionAndPartsPartitionTheRows) {
  Dataset ds = make_dataset(103, 2, 2);
  Split s = split_dataset(ds, 0.25, false, 1);
  EXPECT_EQ(s.test.rows(), 26);  // round(25.75)
  EXPECT_EQ(s.train.rows(), 77);
  std::vector<int> seen(103, 0);
  for (const Dataset* part : {&s.train, &s.test})
    for (int i = 0; i < part->rows(); ++i) seen[static_cast<int>(part->X(i, 0)) / 2]++;
  for (int c : seen) EXPECT_EQ(c, 1);
}

TEST(Split, RowsKeepTheirRelativeOrder) {
  Dataset ds = make_dataset(40, 1, 2);
  Split s = split_dataset(ds, 0.3, false, 9);
  for (int i = 1; i < s.train.rows(); ++i) EXPECT_LT(s.train.X(i - 1, 0), s.train.X(i, 0));
}

TEST(Split, StratifiedKeepsClassProportions) {
  Dataset ds = make_dataset(100, 1, 2);
  for (int i = 0; i < 100; ++i) ds.true_label[i] = i < 80 ? 0 : 1;  // 80/20
  ds.reset_labels_clean();
  Split s = split_dataset(ds, 0.25, true, 4);
  int test_pos = 0;
  for (int y : s.test.true_label) test_pos += y;
  EXPECT_EQ(s.test.rows(), 25);
  EXPECT_EQ(test_pos, 5);  // 20 % of 25
}

TEST(Split, SameSeedSameSplitDifferentSeedDifferent) {
  Dataset ds = make_dataset(60, 1, 3);
  Split a = split_dataset(ds, 0.5, false, 1), b = split_dataset(ds, 0.5, false, 1),
        c = split_dataset(ds, 0.5, false, 2);
  EXPECT_EQ(a.test.X, b.test.X);
  EXPECT_NE(a.test.X, c.test.X);
}

TEST(Normalize, StandardizeUsesTrainingStatisticsOnly) {
  Dataset train = make_dataset(4, 1, 2), test = make_dataset(2, 1, 2);
  train.writable_features() << 1, 2, 3, 4;  // mean 2.5, sample sd sqrt(5/3)
  test.writable_features() << 2.5, 6.5;
  normalize(Normalization::standardize, train, test);
  EXPECT_NEAR(train.X.col(0).sum(), 0.0, 1e-6);
  EXPECT_FLOAT_EQ(test.X(0, 0), 0.0f);
  EXPECT_NEAR(test.X(1, 0), 4.0 / std::sqrt(5.0 / 3.0), 1e-5);
}

TEST(Normalize, UnitScalesEveryNonZeroRowToNormOne) {
  Dataset train = make_dataset(3, 2, 2), test = make_dataset(1, 2, 2);
  train.writable_features() << 3, 4, 0, 0, -1, 0;
  normalize(Normalization::unit, train, test);
  EXPECT_FLOAT_EQ(train.X(0, 0), 0.6f);
  EXPECT_FLOAT_EQ(train.X(0, 1), 0.8f);
  EXPECT_EQ(train.X(1, 0), 0.0f);  // zero rows stay zero
  EXPECT_FLOAT_EQ(train.X.row(2).norm(), 1.0f);
}

TEST(Bias, AppendsConstantCoordinateAndExtendsTarget) {
  Dataset ds = make_dataset(2, 2, 2);
  ds.target = Vector::Ones(2);
  add_bias(ds);
  ASSERT_EQ(ds.cols(), 3);
  EXPECT_EQ(ds.X(0, 2), 1.0f);
  EXPECT_EQ(ds.X(1, 2), 1.0f);
  EXPECT_EQ(ds.feature_names.back(), "bias");
  ASSERT_EQ(ds.target.size(), 3);
  EXPECT_EQ(ds.target(2), 0.0f);
}

TEST(Normalization, NamesRoundTrip) {
  for (Normalization n : {Normalization::none, Normalization::unit, Normalization::standardize}) {
    Normalization back{};
    ASSERT_TRUE(parse_enum_name(enum_name(n), &back));
    EXPECT_EQ(back, n);
  }
  Normalization ignored{};
  EXPECT_FALSE(parse_enum_name("zscore", &ignored));
}

}  // namespace transform_test
}  // namespace ml
