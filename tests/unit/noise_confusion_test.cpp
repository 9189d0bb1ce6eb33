// Tests of core/noise's confusion-matrix tools: the URL list form, validation (errors name the column),
// uniform/random matrices, normalization, the 004 §4.1 family, condition numbers, estimation.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/noise/noise.h"
#include "core/noise/noise_ids.h"

namespace ml {
namespace noise_confusion_test {

void expect_column_stochastic(const Eigen::MatrixXd& c, double tol = 1e-12) {
  for (Eigen::Index q = 0; q < c.cols(); ++q) {
    EXPECT_NEAR(c.col(q).sum(), 1.0, tol) << "column " << q;
    for (Eigen::Index p = 0; p < c.rows(); ++p) EXPECT_GE(c(p, q), 0.0);
  }
  EXPECT_TRUE(validate_confusion(c).ok());
}

TEST(ConfusionList, RowByRowRoundTrip) {
  const std::vector<double> list = {0.9, 0.2, 0.1, 0.8};
  Result<Eigen::MatrixXd> c = confusion_from_list(list, 2);
  ASSERT_TRUE(c.ok());
  EXPECT_EQ((*c)(0, 1), 0.2);  // C_01 = P(noisy 0 | true 1) is the second value
  EXPECT_EQ((*c)(1, 0), 0.1);
  EXPECT_EQ(confusion_to_list(*c), list);
  Result<Eigen::MatrixXd> bad = confusion_from_list(std::vector<double>(8, 0.1), 3);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().code, "noise.confusion_size");
  EXPECT_NE(bad.error().message.find("expected Q*Q = 9 values"), std::string::npos) << bad.error().message;
  EXPECT_NE(bad.error().message.find("got 8"), std::string::npos);
}

TEST(ConfusionValidate, ErrorsNameTheColumnAndTheTranspose) {
  Eigen::Matrix3d good;
  good << 0.8, 0.1, 0.0, 0.1, 0.9, 0.3, 0.1, 0.0, 0.7;
  EXPECT_TRUE(validate_confusion(good).ok());
  // Its transpose has rows summing to 1 and columns 0 and 2 off: the error names column 0 and hints.
  Status t = validate_confusion(good.transpose());
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error().code, "noise.confusion_column_sum");
  EXPECT_EQ(t.error().column, 1);
  EXPECT_NE(t.error().message.find("column 0 (true class 0) sums to 0.9"), std::string::npos) << t.error().message;
  EXPECT_NE(t.error().message.find("transpose"), std::string::npos);
  // A column off without row-stochasticity: no transpose hint.
  Eigen::Matrix3d off = good;
  off(2, 2) = 0.5;
  Status o = validate_confusion(off);
  ASSERT_FALSE(o.ok());
  EXPECT_EQ(o.error().column, 3);
  EXPECT_NE(o.error().message.find("column 2"), std::string::npos);
  EXPECT_EQ(o.error().message.find("transpose"), std::string::npos);
  // Entries out of [0, 1], even if the column sums to 1.
  Eigen::Matrix2d neg;
  neg << 1.0, 1.25, 0.0, -0.25;
  Status e = validate_confusion(neg);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().code, "noise.confusion_entry");
  EXPECT_EQ(e.error().line, 1);
  EXPECT_EQ(e.error().column, 2);
  EXPECT_NE(e.error().message.find("1.25"), std::string::npos);
  Eigen::Matrix2d nan_matrix = Eigen::Matrix2d::Identity();
  nan_matrix(1, 0) = std::nan("");
  EXPECT_EQ(validate_confusion(nan_matrix).error().code, "noise.confusion_entry");
  EXPECT_EQ(validate_confusion(Eigen::MatrixXd::Identity(2, 3)).error().code, "noise.confusion_not_square");
  // Tolerance: 1e-9 by default.
  Eigen::Matrix2d near = Eigen::Matrix2d::Identity();
  near(0, 0) = 1.0 - 1e-12;
  EXPECT_TRUE(validate_confusion(near).ok());
  near(0, 0) = 1.0 - 1e-6;
  EXPECT_FALSE(validate_confusion(near).ok());
  EXPECT_TRUE(validate_confusion(near, 1e-5).ok());
}

TEST(ConfusionBuilders, UniformAndRandom) {
  const Eigen::MatrixXd u = uniform_confusion(4, 0.3);
  EXPECT_DOUBLE_EQ(u(2, 2), 0.7);
  EXPECT_DOUBLE_EQ(u(0, 3), 0.1);
  expect_column_stochastic(u);
  EXPECT_EQ(uniform_confusion(2, 0.2)(1, 0), 0.2);
  const Eigen::MatrixXd r = random_confusion(5, 0.6, 3);
  expect_column_stochastic(r);
  for (int q = 0; q < 5; ++q) EXPECT_GE(r(q, q), 0.6);
  EXPECT_EQ(r, random_confusion(5, 0.6, 3));
  EXPECT_NE(r, random_confusion(5, 0.6, 4));
}

TEST(ConfusionBuilders, NormalizeColumns) {
  Eigen::Matrix3d raw;
  raw << 2.0, 0.0, -1.0, 1.0, 0.0, 3.0, 1.0, 0.0, 1.0;
  const Eigen::MatrixXd c = normalize_columns(raw);
  EXPECT_DOUBLE_EQ(c(0, 0), 0.5);
  EXPECT_DOUBLE_EQ(c(1, 0), 0.25);
  EXPECT_EQ(c.col(1), Eigen::Vector3d(0, 1, 0));  // empty column -> e_1
  EXPECT_DOUBLE_EQ(c(0, 2), 0.0);                 // negative entry -> 0
  EXPECT_DOUBLE_EQ(c(1, 2), 0.75);
  expect_column_stochastic(c);
}

TEST(ConfusionFamily, IdentityAtZeroStochasticEverywhereMTransposedAtTen) {
  for (int q_count : {2, 3, 10}) {
    const Eigen::MatrixXd m = family_base_matrix(q_count, 5);
    // The paper's M: nonnegative, rows sum to 1 (row-stochastic), invertible.
    for (int p = 0; p < q_count; ++p) EXPECT_NEAR(m.row(p).sum(), 1.0, 1e-12);
    EXPECT_GE(m.minCoeff(), 0.0);
    EXPECT_LT(condition_number(m), 1e8);
    EXPECT_EQ(confusion_family(m, 0), Eigen::MatrixXd::Identity(q_count, q_count));
    for (int i = 0; i <= 20; ++i) expect_column_stochastic(confusion_family(m, i));
    EXPECT_TRUE(confusion_family(m, 10).isApprox(m.transpose(), 1e-12));
    // i = 5: no entry is clipped yet, so C_5 = (I + (M - I)/2)^T exactly.
    const Eigen::MatrixXd half = (Eigen::MatrixXd::Identity(q_count, q_count) + m) / 2.0;
    EXPECT_TRUE(confusion_family(m, 5).isApprox(half.transpose(), 1e-12));
    // Past i = 10 the diagonal is clipped towards 0 and the matrices approach Omega(N)^T.
    const Eigen::MatrixXd c20 = confusion_family(m, 20);
    for (int q = 0; q < q_count; ++q) EXPECT_LE(c20(q, q), m(q, q) + 1e-12);
  }
  EXPECT_EQ(family_base_matrix(4, 9), family_base_matrix(4, 9));
}

// Noise model `family` is confusion-matrix noise with C_i of the base matrix drawn from its own seed:
// the matrix it reports is that C_i, its labels are exactly those of noise=confusion with that matrix
// listed (same sampler, same noise stream), i = 0 flips nothing, and a negative index is refused.
TEST(ConfusionFamily, NoiseModelFamilyIsConfusionNoiseWithCi) {
  Dataset data;
  for (int k = 0; k < 300; ++k) data.true_label.push_back(k % 3);
  data.label = data.true_label;
  data.set_features(FeatureMatrix::Zero(300, 1));
  data.class_names = default_class_names(3);
  NoiseSpec family;
  family.model = NoiseModel::family;
  family.family = 7;
  family.family_seed = 4;
  const Eigen::MatrixXd c7 = confusion_family(family_base_matrix(3, 4), 7);
  Result<Eigen::MatrixXd> reported = noise_confusion_matrix(family, 3);
  ASSERT_TRUE(reported.ok());
  EXPECT_EQ(reported.value(), c7);
  NoiseSpec listed;
  listed.model = NoiseModel::confusion;
  listed.confusion = confusion_to_list(c7);
  Dataset a = data, b = data;
  ASSERT_TRUE(apply_noise(family, a, 11).ok());
  ASSERT_TRUE(apply_noise(listed, b, 11).ok());
  EXPECT_EQ(a.label, b.label);
  EXPECT_NE(a.label, data.label);  // C_7 flips about 60 % of the labels
  // Another base seed is another family.
  family.family_seed = 5;
  EXPECT_NE(noise_confusion_matrix(family, 3).value(), c7);
  // C_0 = I: nothing flips.
  family.family = 0;
  Dataset clean = data;
  Result<NoiseReport> none = apply_noise(family, clean, 11);
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(none->corrupted, 0);
  family.family = -1;
  EXPECT_EQ(validate_noise_spec(family, data).error().code, "noise.bad_family");
  EXPECT_EQ(noise_model_name(NoiseModel::family), "family");
}

TEST(ConfusionCondition, KnownValues) {
  Eigen::Matrix2d d;
  d << 1.0, 0.0, 0.0, 1e-3;
  EXPECT_NEAR(condition_number(d), 1000.0, 1e-9);
  EXPECT_NEAR(condition_number(Eigen::MatrixXd::Identity(4, 4)), 1.0, 1e-15);
  Eigen::Matrix2d singular;
  singular << 0.5, 0.5, 0.5, 0.5;
  EXPECT_EQ(condition_number(singular), std::numeric_limits<double>::infinity());
  EXPECT_EQ(condition_number(Eigen::MatrixXd::Zero(3, 3)), std::numeric_limits<double>::infinity());
  Eigen::Matrix2d tiny = Eigen::Matrix2d::Identity();
  tiny(1, 1) = 1e-301;
  EXPECT_EQ(condition_number(tiny), std::numeric_limits<double>::infinity());
  EXPECT_NEAR(condition_number(uniform_confusion(2, 0.25)), 2.0, 1e-12);  // singular values 1 and 0.5
}

TEST(ConfusionEstimate, RecoversAKnownMatrixExactly) {
  // Ten examples per true class with noisy-label counts (7,2,1), (0,10,0), (3,3,4).
  const int counts[3][3] = {{7, 2, 1}, {0, 10, 0}, {3, 3, 4}};  // counts[q][p]
  std::vector<int> noisy, truth;
  for (int q = 0; q < 3; ++q) {
    for (int p = 0; p < 3; ++p) {
      for (int k = 0; k < counts[q][p]; ++k) {
        truth.push_back(q);
        noisy.push_back(p);
      }
    }
  }
  Result<Eigen::MatrixXd> c = estimate_confusion(noisy, truth, 3);
  ASSERT_TRUE(c.ok());
  Eigen::Matrix3d want;
  want << 0.7, 0.0, 0.3, 0.2, 1.0, 0.3, 0.1, 0.0, 0.4;
  EXPECT_EQ(*c, Eigen::MatrixXd(want));  // k/10 is the correctly rounded decimal: exact equality
  Result<Eigen::MatrixXd> empty = estimate_confusion({0, 1, 0}, {0, 0, 2}, 3);
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.error().code, "noise.empty_class");
  EXPECT_NE(empty.error().message.find("class 1"), std::string::npos);
  EXPECT_EQ(estimate_confusion({0, 3}, {0, 1}, 2).error().code, "noise.label_out_of_range");
}

TEST(ConfusionEstimate, MatchesTheReportOfCountExactNoise) {
  // End to end: count-exact noise with a matrix whose n_q C_pq are integers is recovered exactly.
  Eigen::Matrix3d c;
  c << 0.75, 0.1, 0.0, 0.25, 0.8, 0.5, 0.0, 0.1, 0.5;
  Dataset data;
  const std::vector<int> sizes = {20, 10, 30};
  for (int q = 0; q < 3; ++q) {
    for (int k = 0; k < sizes[static_cast<size_t>(q)]; ++k) data.true_label.push_back(q);
  }
  data.label = data.true_label;
  data.set_features(FeatureMatrix::Zero(60, 1));
  data.class_names = default_class_names(3);
  NoiseSpec spec;
  spec.model = NoiseModel::confusion;
  spec.sampling = Sampling::exact;
  spec.confusion = confusion_to_list(c);
  Result<NoiseReport> report = apply_noise(spec, data, 8);
  ASSERT_TRUE(report.ok());
  Result<Eigen::MatrixXd> estimated = estimate_confusion(data.label, data.true_label, 3);
  ASSERT_TRUE(estimated.ok());
  EXPECT_TRUE(estimated->isApprox(c, 1e-15));
  EXPECT_EQ(*estimated, report->achieved_confusion);
}

// Count-exact noise apportions each true class's n_q examples over the noisy labels by the largest remainder of
// n_q C_pq, class by class, whatever the seed (only which examples get which label is drawn). Classes of 7, 5 and
// 9 with n_q C_.q = (4.34, 1.4, 1.26), (1.6, 1.7, 1.7) and (2.34, 2.52, 4.14): rounding each to the nearest
// gives (4, 1, 1) and (2, 2, 2), 6 examples for classes of 7 and 5; the largest remainder gives (4, 2, 1) and
// (1, 2, 2). Rounding, a smallest-remainder-first order, or one pooled apportionment of all flips breaks it.
TEST(ConfusionNoise, CountExactApportionsEachClassByTheLargestRemainder) {
  Eigen::Matrix3d c;
  c << 0.62, 0.32, 0.26, 0.20, 0.34, 0.28, 0.18, 0.34, 0.46;
  const int sizes[] = {7, 5, 9};
  const int want[3][3] = {{4, 1, 2}, {2, 2, 3}, {1, 2, 4}};  // want[p][q]: examples of true q labelled p
  NoiseSpec spec;
  spec.model = NoiseModel::confusion;
  spec.sampling = Sampling::exact;
  spec.confusion = confusion_to_list(c);
  for (uint64_t seed : {1, 2, 3}) {
    Dataset data;
    for (int q = 0; q < 3; ++q) {
      for (int k = 0; k < sizes[q]; ++k) data.true_label.push_back(q);
    }
    data.label = data.true_label;
    data.set_features(FeatureMatrix::Zero(21, 1));
    data.class_names = default_class_names(3);
    ASSERT_TRUE(apply_noise(spec, data, seed).ok());
    int got[3][3] = {};
    for (size_t i = 0; i < data.label.size(); ++i) ++got[data.label[i]][data.true_label[i]];
    for (int p = 0; p < 3; ++p) {
      for (int q = 0; q < 3; ++q) EXPECT_EQ(got[p][q], want[p][q]) << "p = " << p << ", q = " << q << ", seed " << seed;
    }
  }
}

}  // namespace noise_confusion_test
}  // namespace ml
