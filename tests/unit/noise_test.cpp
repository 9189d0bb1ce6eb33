// Tests of core/noise: label noise (uniform, confusion matrix) in both sampling modes, parameter
// validation, the report, determinism. Adversaries: noise_adversary_test.cpp; matrix tools:
// noise_confusion_test.cpp. Datasets are built by hand here (no generators).
#include <gtest/gtest.h>

#include <cmath>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "core/noise/noise.h"
#include "core/noise/noise_ids.h"
#include "core/noise/noise_registry.h"
#include "core/settings/setting.h"

namespace ml {
namespace noise_test {

// A dataset with the given true labels, Q classes and d features x_ij = i + 0.5 j (points unused here).
Dataset labelled(const std::vector<int>& labels, int num_classes, int dims = 2) {
  Dataset data;
  const int n = static_cast<int>(labels.size());
  data.set_features(FeatureMatrix(n, dims));
  Eigen::Map<FeatureMatrix> features = data.writable_features();
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < dims; ++j) features(i, j) = static_cast<float>(i) + 0.5f * static_cast<float>(j);
  }
  data.label = labels;
  data.true_label = labels;
  data.corruption.assign(labels.size(), Corruption::none);
  data.class_names = default_class_names(num_classes);
  data.feature_names = default_feature_names(dims);
  return data;
}

// class_sizes[q] examples of class q, classes interleaved so that classes are not contiguous.
std::vector<int> labels_with_sizes(const std::vector<int>& class_sizes) {
  std::vector<int> remaining = class_sizes, labels;
  bool any = true;
  while (any) {
    any = false;
    for (size_t q = 0; q < remaining.size(); ++q) {
      if (remaining[q] > 0) {
        labels.push_back(static_cast<int>(q));
        --remaining[q];
        any = true;
      }
    }
  }
  return labels;
}

// counts(p, q) = #(noisy p, true q).
Eigen::MatrixXi pair_counts(const Dataset& data) {
  const int q_count = data.num_classes();
  Eigen::MatrixXi counts = Eigen::MatrixXi::Zero(q_count, q_count);
  for (int i = 0; i < data.rows(); ++i)
    counts(data.label[static_cast<size_t>(i)], data.true_label[static_cast<size_t>(i)]) += 1;
  return counts;
}

NoiseSpec confusion_spec(const Eigen::MatrixXd& c, Sampling sampling) {
  NoiseSpec spec;
  spec.model = NoiseModel::confusion;
  spec.sampling = sampling;
  spec.confusion = confusion_to_list(c);
  return spec;
}

// Label noise never moves points, and flags `label` exactly on the examples whose label changed.
void expect_flags_match_labels(const Dataset& data) {
  for (int i = 0; i < data.rows(); ++i) {
    const size_t k = static_cast<size_t>(i);
    const bool changed = data.label[k] != data.true_label[k];
    EXPECT_EQ(data.corruption[k], changed ? Corruption::label : Corruption::none) << "example " << i;
  }
}

// noise_ids.h numbers the built-in rows: each enumerator names the row at its position, and there is one
// row per enumerator (the count comes from the rows, never from the enum).
TEST(NoiseNames, EachEnumeratorNumbersItsRow) {
  const NoiseModel all[] = {NoiseModel::none,        NoiseModel::uniform,  NoiseModel::confusion, NoiseModel::malicious,
                            NoiseModel::adversarial, NoiseModel::outliers, NoiseModel::family,    NoiseModel::mixed};
  const char* ids[] = {"none", "uniform", "confusion", "malicious", "adversarial", "outliers", "family", "mixed"};
  ASSERT_EQ(std::size(all), static_cast<size_t>(builtin_noise_model_count()));
  for (size_t i = 0; i < std::size(all); ++i) {
    EXPECT_EQ(static_cast<size_t>(all[i]), i);
    EXPECT_EQ(noise_model_name(all[i]), ids[i]);
    EXPECT_EQ(noise_model_with_id(ids[i]), all[i]);
  }
  EXPECT_EQ(NoiseSpec{}.model, NoiseModel::none);
  EXPECT_THROW(noise_model_with_id("no_such_model"), std::bad_optional_access);
}

// The properties the rest of the program asks a row instead of comparing models.
TEST(NoiseRows, CarryWhatTheConsumersAsk) {
  for (int m = 0; m < builtin_noise_model_count(); ++m)
    EXPECT_EQ(noise_corrupts(noise_model_at(static_cast<size_t>(m))), m != static_cast<int>(NoiseModel::none)) << m;
  EXPECT_EQ(noise_row(NoiseModel::none).matrix_caption, "no noise");
  EXPECT_EQ(noise_row(NoiseModel::uniform).matrix_caption, "uniform");
  EXPECT_EQ(noise_row(NoiseModel::mixed).matrix_caption, "");
  for (int m = 0; m < builtin_noise_model_count(); ++m) {
    const NoiseModel model = noise_model_at(static_cast<size_t>(m));
    EXPECT_EQ(noise_row(model).family_base != nullptr, model == NoiseModel::family) << m;
    EXPECT_EQ(noise_row(model).margin_notice != nullptr, model == NoiseModel::mixed) << m;
    // Only the matrix editor's model reads the listed matrix.
    EXPECT_EQ(noise_reads(model, NoiseParam::confusion), model == NoiseModel::confusion) << m;
  }
  NoiseSpec family;
  family.model = NoiseModel::family;
  family.family_seed = 3;
  EXPECT_TRUE(noise_row(family.model).family_base(family, 4) == family_base_matrix(4, 3));
}

TEST(NoiseNames, RoundTripEveryEnum) {
  for (int m = 0; m <= static_cast<int>(NoiseModel::outliers); ++m) {
    NoiseModel parsed{};
    ASSERT_TRUE(parse_noise_model(noise_model_name(static_cast<NoiseModel>(m)), &parsed));
    EXPECT_EQ(static_cast<int>(parsed), m);
  }
  Sampling s{};
  EXPECT_TRUE(parse_enum_name("exact", &s));
  EXPECT_EQ(s, Sampling::exact);
  EXPECT_EQ(enum_name(Sampling::independent), "independent");
  MaliciousAdversary a{};
  EXPECT_TRUE(parse_enum_name("boundary", &a));
  EXPECT_EQ(a, MaliciousAdversary::boundary);
  EXPECT_EQ(enum_name(MaliciousAdversary::pull), "pull");
  LabelAdversary l{};
  EXPECT_TRUE(parse_enum_name("region", &l));
  EXPECT_EQ(l, LabelAdversary::region);
  EXPECT_EQ(enum_name(LabelAdversary::farthest), "farthest");
  OutlierMode o{};
  EXPECT_TRUE(parse_enum_name("move", &o));
  EXPECT_EQ(o, OutlierMode::move);
  EXPECT_EQ(noise_model_name(NoiseModel::adversarial), "adversarial");
  NoiseModel untouched = NoiseModel::uniform;
  EXPECT_FALSE(parse_noise_model("Uniform", &untouched));
  EXPECT_FALSE(parse_noise_model("", &untouched));
  EXPECT_EQ(untouched, NoiseModel::uniform);
}

TEST(NoiseRounding, LargestRemainderHandComputed) {
  // 2.5 / 2.5: the tie goes to the smaller index.
  EXPECT_EQ(largest_remainder_counts(Eigen::Vector2d(0.5, 0.5), 5), (std::vector<int>{3, 2}));
  // 0.29 * 100 is 28.999999999999996 in binary: must still give 29.
  EXPECT_EQ(largest_remainder_counts(Eigen::Vector2d(0.29, 0.71), 100), (std::vector<int>{29, 71}));
  // 4.9, 1.4, 0.7: floors 4,1,0; the 2 leftover units go to remainders .9 and .7.
  EXPECT_EQ(largest_remainder_counts(Eigen::Vector3d(0.7, 0.2, 0.1), 7), (std::vector<int>{5, 1, 1}));
  EXPECT_EQ(largest_remainder_counts(Eigen::Vector3d(1.0 / 3, 1.0 / 3, 1.0 / 3), 10), (std::vector<int>{4, 3, 3}));
  EXPECT_EQ(largest_remainder_counts(Eigen::Vector3d(0.2, 0.3, 0.5), 0), (std::vector<int>{0, 0, 0}));
  // Unnormalized input is renormalized.
  EXPECT_EQ(largest_remainder_counts(Eigen::Vector2d(2.0, 6.0), 9), (std::vector<int>{2, 7}));
  EXPECT_EQ(rounded_count(0.1, 25), 3);  // 2.5 rounds up
  EXPECT_EQ(rounded_count(0.1, 24), 2);
  EXPECT_EQ(rounded_count(0.0, 1000), 0);
  EXPECT_EQ(rounded_count(0.3, 10), 3);
}

TEST(NoiseExact, BinaryUniformHandComputed) {
  // n_0 = 51, n_1 = 50, eta = 0.1. Class 0: (45.9, 5.1) -> (46, 5). Class 1: (5, 45) exactly.
  Dataset data = labelled(labels_with_sizes({51, 50}), 2);
  NoiseSpec spec;
  spec.model = NoiseModel::uniform;
  spec.rate = 0.1;
  spec.sampling = Sampling::exact;
  Result<NoiseReport> report = apply_noise(spec, data, 7);
  ASSERT_TRUE(report.ok());
  EXPECT_EQ(report->per_class_count, (std::vector<int>{51, 50}));
  EXPECT_EQ(report->per_class_flipped, (std::vector<int>{5, 5}));
  EXPECT_EQ(report->corrupted, 10);
  EXPECT_DOUBLE_EQ(report->achieved_rate, 10.0 / 101.0);
  EXPECT_DOUBLE_EQ(report->achieved_confusion(1, 0), 5.0 / 51.0);
  EXPECT_DOUBLE_EQ(report->achieved_confusion(0, 0), 46.0 / 51.0);
  EXPECT_DOUBLE_EQ(report->achieved_confusion(0, 1), 5.0 / 50.0);
  expect_flags_match_labels(data);
}

TEST(NoiseExact, FullConfusionMatrixHandComputed) {
  // Columns are the true classes. n = (7, 11, 13), n = 31 (odd).
  Eigen::Matrix3d c;
  c << 0.6, 0.1, 0.25, 0.3, 0.7, 0.15, 0.1, 0.2, 0.6;
  // Class 0: 4.2, 2.1, 0.7 -> floors 4,2,0 (1 left) -> +1 to the .7 -> (4, 2, 1).
  // Class 1: 1.1, 7.7, 2.2 -> floors 1,7,2 (1 left) -> +1 to the .7 -> (1, 8, 2).
  // Class 2: 3.25, 1.95, 7.8 -> floors 3,1,7 (2 left) -> .95 and .8 -> (3, 2, 8).
  Eigen::Matrix3i expected;
  expected << 4, 1, 3, 2, 8, 2, 1, 2, 8;
  Dataset data = labelled(labels_with_sizes({7, 11, 13}), 3);
  Result<NoiseReport> report = apply_noise(confusion_spec(c, Sampling::exact), data, 3);
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(pair_counts(data), expected);
  EXPECT_EQ(report->per_class_flipped, (std::vector<int>{3, 3, 5}));
  EXPECT_EQ(report->corrupted, 11);
  expect_flags_match_labels(data);
}

// Count-exact noise rounds the n_q C_pq of a class together (largest remainder: the counts sum to n_q and
// each is the floor or the ceiling), not each count on its own with the rest given to one class.
TEST(NoiseExact, LargestRemainderNotPerCountRounding) {
  Eigen::Matrix3d c;
  c << 0.8, 0.14, 0.1, 0.1, 0.53, 0.1, 0.1, 0.33, 0.8;
  // n = (10, 10, 10). Class 1: 1.4, 5.3, 3.3 -> floors 1, 5, 3 (1 left) -> +1 to the largest remainder .4
  // -> (2, 5, 3). Rounding each count gives (1, 5, 3), 9 of 10: the diagonal taking the rest would give
  // (1, 6, 3), the last class taking it (1, 5, 4). Classes 0 and 2 are whole: (8, 1, 1) and (1, 1, 8).
  Eigen::Matrix3i expected;
  expected << 8, 2, 1, 1, 5, 1, 1, 3, 8;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    Dataset data = labelled(labels_with_sizes({10, 10, 10}), 3);
    Result<NoiseReport> report = apply_noise(confusion_spec(c, Sampling::exact), data, seed);
    ASSERT_TRUE(report.ok()) << report.error().message;
    EXPECT_EQ(pair_counts(data), expected) << "seed " << seed;
    EXPECT_EQ(report->per_class_flipped, (std::vector<int>{2, 5, 2})) << "seed " << seed;
    expect_flags_match_labels(data);
  }
}

TEST(NoiseExact, AchievesRoundedCountsForManyShapes) {
  struct Case {
    std::vector<int> sizes;
    double eta;
  };
  const std::vector<Case> cases = {
      {{1, 2}, 0.3},   {{51, 50}, 0.45},   {{333, 101, 7}, 0.2}, {{13, 17, 19, 23, 29}, 0.37},
      {{999, 1}, 0.1}, {{0, 15, 4}, 0.25},  // an empty class
  };
  uint64_t seed = 100;
  for (const Case& cs : cases) {
    const int q_count = static_cast<int>(cs.sizes.size());
    const std::vector<Eigen::MatrixXd> matrices = {uniform_confusion(q_count, cs.eta),
                                                   random_confusion(q_count, 0.3, seed)};
    for (const Eigen::MatrixXd& c : matrices) {
      Dataset data = labelled(labels_with_sizes(cs.sizes), q_count);
      ASSERT_TRUE(apply_noise(confusion_spec(c, Sampling::exact), data, ++seed).ok());
      const Eigen::MatrixXi counts = pair_counts(data);
      for (int q = 0; q < q_count; ++q) {
        const int n_q = cs.sizes[static_cast<size_t>(q)];
        if (n_q == 0) continue;
        const std::vector<int> want = largest_remainder_counts(c.col(q), n_q);
        for (int p = 0; p < q_count; ++p) {
          EXPECT_EQ(counts(p, q), want[static_cast<size_t>(p)]) << "Q=" << q_count << " p=" << p << " q=" << q;
          // Rounding moves each count by less than one unit.
          EXPECT_LT(std::fabs(counts(p, q) - n_q * c(p, q)), 1.0);
        }
      }
      expect_flags_match_labels(data);
    }
  }
}

// Binomial 5-sigma bound on one count: |X - n p| <= 5 sqrt(n p (1-p)) + 1 (the +1 covers p in {0, 1}).
// Every check below passes with probability above 1 - 6e-7; the seeds are fixed, so the test is exact.
void expect_within_five_sigma(int count, int trials, double p, const std::string& what) {
  const double mean = trials * p;
  const double bound = 5.0 * std::sqrt(trials * p * (1.0 - p)) + 1.0;
  EXPECT_LE(std::fabs(count - mean), bound) << what << ": count " << count << ", expected " << mean;
}

TEST(NoiseIndependent, FullConfusionMatrixWithinFiveSigma) {
  Eigen::Matrix3d c;
  c << 0.6, 0.1, 0.25, 0.3, 0.7, 0.15, 0.1, 0.2, 0.6;
  const std::vector<int> sizes = {50000, 30000, 20000};
  Dataset data = labelled(labels_with_sizes(sizes), 3, 1);
  Result<NoiseReport> report = apply_noise(confusion_spec(c, Sampling::independent), data, 11);
  ASSERT_TRUE(report.ok());
  const Eigen::MatrixXi counts = pair_counts(data);
  for (int q = 0; q < 3; ++q) {
    for (int p = 0; p < 3; ++p) {
      expect_within_five_sigma(counts(p, q), sizes[static_cast<size_t>(q)], c(p, q),
                               "C_" + std::to_string(p) + std::to_string(q));
    }
  }
  expect_flags_match_labels(data);
}

TEST(NoiseIndependent, UniformRateWithinFiveSigma) {
  // Binary: flips with probability eta.
  Dataset binary = labelled(labels_with_sizes({50000, 50000}), 2, 1);
  NoiseSpec spec;
  spec.model = NoiseModel::uniform;
  spec.rate = 0.2;
  Result<NoiseReport> report = apply_noise(spec, binary, 5);
  ASSERT_TRUE(report.ok());
  expect_within_five_sigma(report->corrupted, 100000, 0.2, "binary flips");
  expect_within_five_sigma(report->per_class_flipped[0], 50000, 0.2, "class 0 flips");
  // Q = 4: a flipped label goes to each of the 3 other classes with probability eta / 3.
  Dataset multi = labelled(labels_with_sizes({25000, 25000, 25000, 25000}), 4, 1);
  spec.rate = 0.3;
  ASSERT_TRUE(apply_noise(spec, multi, 6).ok());
  const Eigen::MatrixXi counts = pair_counts(multi);
  for (int q = 0; q < 4; ++q) {
    for (int p = 0; p < 4; ++p) {
      expect_within_five_sigma(counts(p, q), 25000, p == q ? 0.7 : 0.1,
                               "uniform C_" + std::to_string(p) + std::to_string(q));
    }
  }
}

TEST(NoiseDeterminism, SameSeedSameLabelsOtherSeedOtherLabels) {
  for (Sampling sampling : {Sampling::independent, Sampling::exact}) {
    NoiseSpec spec;
    spec.model = NoiseModel::uniform;
    spec.rate = 0.25;
    spec.sampling = sampling;
    Dataset a = labelled(labels_with_sizes({300, 200, 101}), 3);
    Dataset b = a, c = a;
    ASSERT_TRUE(apply_noise(spec, a, 42).ok());
    ASSERT_TRUE(apply_noise(spec, b, 42).ok());
    ASSERT_TRUE(apply_noise(spec, c, 43).ok());
    EXPECT_EQ(a.label, b.label);
    EXPECT_NE(a.label, c.label);
    // Applying again starts from the clean labels: no compounding.
    ASSERT_TRUE(apply_noise(spec, a, 42).ok());
    EXPECT_EQ(a.label, b.label);
  }
}

TEST(NoiseNone, LeavesEverythingAndReportsZero) {
  Dataset data = labelled(labels_with_sizes({4, 3}), 2);
  const Dataset before = data;
  NoiseSpec spec;  // model none
  Result<NoiseReport> report = apply_noise(spec, data, 1);
  ASSERT_TRUE(report.ok());
  EXPECT_EQ(report->corrupted, 0);
  EXPECT_EQ(report->achieved_rate, 0.0);
  EXPECT_EQ(report->per_class_flipped, (std::vector<int>{0, 0}));
  EXPECT_EQ(report->per_class_count, (std::vector<int>{4, 3}));
  EXPECT_TRUE(report->achieved_confusion.isApprox(Eigen::MatrixXd::Identity(2, 2)));
  EXPECT_EQ(data.label, before.label);
  EXPECT_TRUE(data.X == before.X);
}

TEST(NoiseValidation, EtaOutOfRangeNamesTheField) {
  Dataset data = labelled({0, 1, 0}, 2);
  for (double bad : {0.5, -0.01, 0.7, std::nan("")}) {
    for (NoiseModel model : {NoiseModel::uniform, NoiseModel::malicious, NoiseModel::adversarial}) {
      NoiseSpec spec;
      spec.model = model;
      spec.rate = bad;
      Result<NoiseReport> r = apply_noise(spec, data, 1);
      ASSERT_FALSE(r.ok());
      EXPECT_EQ(r.error().code, "noise.bad_rate");
      EXPECT_NE(r.error().message.find("field 'eta'"), std::string::npos) << r.error().message;
      EXPECT_NE(r.error().message.find("[0, 0.5)"), std::string::npos);
    }
  }
  NoiseSpec ok;
  ok.model = NoiseModel::uniform;
  ok.rate = 0.0;
  EXPECT_TRUE(validate_noise_spec(ok, data).ok());
  ok.rate = 0.4999;
  EXPECT_TRUE(validate_noise_spec(ok, data).ok());
}

TEST(NoiseValidation, ConfusionWrongSizeAndBadColumnLeaveDataUntouched) {
  Dataset data = labelled(labels_with_sizes({3, 3, 3}), 3);
  const Dataset before = data;
  NoiseSpec spec;
  spec.model = NoiseModel::confusion;
  spec.confusion = std::vector<double>(8, 0.125);
  Result<NoiseReport> r = apply_noise(spec, data, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "noise.confusion_size");
  EXPECT_NE(r.error().message.find("field 'cm': expected Q*Q = 9 values"), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("got 8"), std::string::npos);
  // Column 1 sums to 0.9 (row-by-row list: C_01 = 0.2, C_11 = 0.5, C_21 = 0.2).
  spec.confusion = {0.8, 0.2, 0.0, 0.1, 0.5, 0.0, 0.1, 0.2, 1.0};
  r = apply_noise(spec, data, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "noise.confusion_column_sum");
  EXPECT_EQ(r.error().column, 2);  // 1-based column field
  EXPECT_NE(r.error().message.find("field 'cm': column 1 (true class 1) sums to 0.9"), std::string::npos)
      << r.error().message;
  spec.confusion = {1.2, 0.0, 0.0, -0.2, 1.0, 0.0, 0.0, 0.0, 1.0};
  r = apply_noise(spec, data, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "noise.confusion_entry");
  EXPECT_EQ(r.error().line, 1);
  EXPECT_EQ(r.error().column, 1);
  EXPECT_EQ(data.label, before.label);
  EXPECT_EQ(data.corruption, before.corruption);
  // A 2x2 matrix on 3-class data is the wrong size too.
  spec.confusion = {0.9, 0.1, 0.1, 0.9};
  r = apply_noise(spec, data, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "noise.confusion_size");
}

TEST(NoiseValidation, OutlierCountAndBinaryOnlyModels) {
  Dataset data = labelled(labels_with_sizes({3, 2}), 2);
  NoiseSpec spec;
  spec.model = NoiseModel::outliers;
  spec.outliers = 6;
  Result<NoiseReport> r = apply_noise(spec, data, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "noise.bad_k");
  EXPECT_NE(r.error().message.find("field 'k': 6"), std::string::npos) << r.error().message;
  spec.outliers = -1;
  EXPECT_EQ(apply_noise(spec, data, 1).error().code, "noise.bad_k");
  spec.outliers = 5;
  EXPECT_TRUE(apply_noise(spec, data, 1).ok());

  Dataset multi = labelled(labels_with_sizes({3, 3, 3}), 3);
  for (NoiseModel model : {NoiseModel::malicious, NoiseModel::adversarial}) {
    NoiseSpec adv;
    adv.model = model;
    Result<NoiseReport> e = apply_noise(adv, multi, 1);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error().code, "noise.needs_binary");
    EXPECT_NE(e.error().message.find("3 classes"), std::string::npos);
  }
  NoiseSpec move;
  move.model = NoiseModel::outliers;
  move.outliers = 2;
  move.outlier_mode = OutlierMode::move;
  EXPECT_EQ(apply_noise(move, multi, 1).error().code, "noise.needs_binary");
  move.outlier_mode = OutlierMode::flip;
  EXPECT_TRUE(apply_noise(move, multi, 1).ok());
}

TEST(NoiseReportTest, MeasureNoiseOnHandMadeLabels) {
  Dataset data = labelled({0, 0, 0, 1, 1, 2}, 3);
  data.label = {0, 1, 2, 1, 0, 2};
  data.corruption = {Corruption::none, Corruption::label, Corruption::label,
                     Corruption::none, Corruption::label, Corruption::none};
  const NoiseReport r = measure_noise(data);
  EXPECT_EQ(r.corrupted, 3);
  EXPECT_DOUBLE_EQ(r.achieved_rate, 0.5);
  EXPECT_EQ(r.per_class_count, (std::vector<int>{3, 2, 1}));
  EXPECT_EQ(r.per_class_flipped, (std::vector<int>{2, 1, 0}));
  Eigen::Matrix3d want;
  want << 1.0 / 3, 0.5, 0.0, 1.0 / 3, 0.5, 0.0, 1.0 / 3, 0.0, 1.0;
  EXPECT_TRUE(r.achieved_confusion.isApprox(want, 1e-15));
  // A class with no example gives a zero column.
  Dataset sparse = labelled({0, 0}, 2);
  EXPECT_EQ(measure_noise(sparse).achieved_confusion(1, 1), 0.0);
}

}  // namespace noise_test
}  // namespace ml
