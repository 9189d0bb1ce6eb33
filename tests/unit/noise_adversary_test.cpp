// Tests of core/noise's geometric models: malicious noise (pull, boundary, random), adversarial label
// noise (nearest, farthest, region) and outlier noise (flip, move). Datasets are built by hand: points
// drawn here with the project Rng, labelled by a known target.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "core/noise/noise.h"
#include "core/noise/noise_ids.h"
#include "core/util/rng.h"

namespace ml {
namespace noise_adversary_test {

// n points uniform on the unit sphere in d dims, labelled by sign<v, x> with v = e_1 (target known).
Dataset separable(int n, int d, uint64_t seed) {
  Dataset data;
  Rng rng(seed, Stream::data);
  data.set_features(FeatureMatrix(n, d));
  Eigen::Map<FeatureMatrix> features = data.writable_features();
  for (int i = 0; i < n; ++i) {
    double s = 0.0;
    std::vector<double> g(static_cast<size_t>(d));
    for (int j = 0; j < d; ++j) {
      g[static_cast<size_t>(j)] = rng.normal();
      s += g[static_cast<size_t>(j)] * g[static_cast<size_t>(j)];
    }
    for (int j = 0; j < d; ++j) features(i, j) = static_cast<float>(g[static_cast<size_t>(j)] / std::sqrt(s));
    data.label.push_back(data.X(i, 0) >= 0.0f ? 1 : 0);
  }
  data.true_label = data.label;
  data.corruption.assign(static_cast<size_t>(n), Corruption::none);
  data.class_names = default_class_names(2);
  data.feature_names = default_feature_names(d);
  data.target = Vector::Zero(d);
  data.target[0] = 1.0f;
  return data;
}

double dot_row(const Dataset& data, int i, const Eigen::VectorXd& v) {
  double s = 0.0;
  for (int j = 0; j < data.cols(); ++j) s += static_cast<double>(data.X(i, j)) * v[j];
  return s;
}

double row_norm(const Dataset& data, int i) {
  double s = 0.0;
  for (int j = 0; j < data.cols(); ++j) s += static_cast<double>(data.X(i, j)) * data.X(i, j);
  return std::sqrt(s);
}

// The averaging algorithm's vector mean(y x) over the observed labels (003 §1.3).
Eigen::VectorXd averaging_vector(const Dataset& data) {
  Eigen::VectorXd mean = Eigen::VectorXd::Zero(data.cols());
  for (int i = 0; i < data.rows(); ++i) {
    for (int j = 0; j < data.cols(); ++j) mean[j] += data.sign(i) * static_cast<double>(data.X(i, j));
  }
  return mean / data.rows();
}

double cosine(const Eigen::VectorXd& a, const Eigen::VectorXd& b) { return a.dot(b) / (a.norm() * b.norm()); }

Eigen::VectorXd e1(int d) {
  Eigen::VectorXd v = Eigen::VectorXd::Zero(d);
  v[0] = 1.0;
  return v;
}

NoiseSpec malicious(MaliciousAdversary adversary, double eta, Sampling sampling = Sampling::exact) {
  NoiseSpec spec;
  spec.model = NoiseModel::malicious;
  spec.adversary = adversary;
  spec.rate = eta;
  spec.sampling = sampling;
  return spec;
}

std::vector<int> corrupted_indices(const Dataset& data, Corruption kind) {
  std::vector<int> out;
  for (int i = 0; i < data.rows(); ++i) {
    if (data.corruption[static_cast<size_t>(i)] == kind) out.push_back(i);
  }
  return out;
}

TEST(NoiseMalicious, PullDamagesTheAveragingAlgorithmMost) {
  const Dataset clean = separable(2001, 5, 1);
  const Eigen::VectorXd v = e1(5);
  const double clean_cos = cosine(averaging_vector(clean), v);
  for (double eta : {0.05, 0.1, 0.2, 0.4}) {
    Dataset data = clean;
    Result<NoiseReport> report = apply_noise(malicious(MaliciousAdversary::pull, eta), data, 9);
    ASSERT_TRUE(report.ok());
    const std::vector<int> replaced = corrupted_indices(data, Corruption::replaced);
    EXPECT_EQ(static_cast<int>(replaced.size()), rounded_count(eta, 2001));
    EXPECT_EQ(report->corrupted, rounded_count(eta, 2001));
    EXPECT_FALSE(report->proxy_target);
    const double noisy_cos = cosine(averaging_vector(data), v);
    EXPECT_LT(noisy_cos, clean_cos) << "eta " << eta;

    // Coordinated: one point, at norm R (= 1 here), label +1, true label from the target.
    for (int i : replaced) {
      for (int j = 0; j < 5; ++j) EXPECT_EQ(data.X(i, j), data.X(replaced[0], j));
      EXPECT_NEAR(row_norm(data, i), 1.0, 1e-6);
      EXPECT_EQ(data.label[static_cast<size_t>(i)], 1);
      EXPECT_EQ(data.true_label[static_cast<size_t>(i)], dot_row(data, i, v) >= 0.0 ? 1 : 0);
    }
    // No other unit direction does more damage: try -v, orthogonal ones and random ones.
    Eigen::VectorXd kept_sum = Eigen::VectorXd::Zero(5);
    for (int i = 0; i < data.rows(); ++i) {
      if (data.corruption[static_cast<size_t>(i)] == Corruption::none) {
        for (int j = 0; j < 5; ++j) kept_sum[j] += data.sign(i) * static_cast<double>(data.X(i, j));
      }
    }
    Rng rng(77, Stream::test);
    std::vector<Eigen::VectorXd> rivals = {-v, Eigen::VectorXd::Unit(5, 1), Eigen::VectorXd::Unit(5, 2)};
    for (int t = 0; t < 200; ++t) {
      Eigen::VectorXd g(5);
      for (int j = 0; j < 5; ++j) g[j] = rng.normal();
      rivals.push_back(g.normalized());
    }
    for (const Eigen::VectorXd& z : rivals) {
      const Eigen::VectorXd rival_mean = (kept_sum + static_cast<double>(replaced.size()) * z) / data.rows();
      EXPECT_LE(noisy_cos, cosine(rival_mean, v) + 1e-6);
    }
  }
}

TEST(NoiseMalicious, PullOverwhelmingNoiseTurnsTheAverageAround) {
  // In high dimension the clean average is short (about 1/sqrt(d)): with eta = 0.45 the adversary can
  // point the average straight at -v.
  Dataset data = separable(1000, 50, 2);
  ASSERT_TRUE(apply_noise(malicious(MaliciousAdversary::pull, 0.45), data, 3).ok());
  EXPECT_LT(cosine(averaging_vector(data), e1(50)), -0.99);
}

TEST(NoiseMalicious, IndependentModeRateAndDeterminism) {
  const Dataset clean = separable(20000, 3, 4);
  Dataset a = clean, b = clean, c = clean;
  const NoiseSpec spec = malicious(MaliciousAdversary::random, 0.2, Sampling::independent);
  Result<NoiseReport> ra = apply_noise(spec, a, 5);
  ASSERT_TRUE(ra.ok());
  ASSERT_TRUE(apply_noise(spec, b, 5).ok());
  ASSERT_TRUE(apply_noise(spec, c, 6).ok());
  // Binomial 5-sigma: |k - 4000| <= 5 sqrt(20000 * 0.2 * 0.8) = 282.8.
  EXPECT_LE(std::fabs(ra->corrupted - 4000.0), 5.0 * std::sqrt(20000 * 0.2 * 0.8));
  EXPECT_DOUBLE_EQ(ra->achieved_rate, ra->corrupted / 20000.0);
  EXPECT_TRUE(a.X == b.X);
  EXPECT_EQ(a.label, b.label);
  EXPECT_EQ(a.corruption, b.corruption);
  EXPECT_NE(a.corruption, c.corruption);
  // The adversary does not change which examples are replaced (noise stream vs adversary stream).
  Dataset d = clean;
  ASSERT_TRUE(apply_noise(malicious(MaliciousAdversary::pull, 0.2, Sampling::independent), d, 5).ok());
  EXPECT_EQ(d.corruption, a.corruption);
  // Untouched examples keep their point and label.
  for (int i = 0; i < clean.rows(); ++i) {
    if (a.corruption[static_cast<size_t>(i)] != Corruption::none) continue;
    EXPECT_EQ(a.label[static_cast<size_t>(i)], clean.label[static_cast<size_t>(i)]);
    EXPECT_TRUE(a.X.row(i) == clean.X.row(i));
  }
}

TEST(NoiseMalicious, RandomPointsOnTheSphereWithRandomLabels) {
  Dataset data = separable(4000, 4, 7);
  data.writable_features() *= 2.0f;  // R = 2
  ASSERT_TRUE(apply_noise(malicious(MaliciousAdversary::random, 0.25), data, 8).ok());
  const std::vector<int> replaced = corrupted_indices(data, Corruption::replaced);
  ASSERT_EQ(replaced.size(), 1000u);
  int positives = 0, mislabelled = 0;
  for (int i : replaced) {
    EXPECT_NEAR(row_norm(data, i), 2.0, 1e-5);
    positives += data.label[static_cast<size_t>(i)];
    const int side = dot_row(data, i, e1(4)) >= 0.0 ? 1 : 0;
    EXPECT_EQ(data.true_label[static_cast<size_t>(i)], side);
    mislabelled += data.label[static_cast<size_t>(i)] != side ? 1 : 0;
  }
  // Fair coins: 5-sigma around 500 is +-79.
  EXPECT_NEAR(positives, 500, 80);
  EXPECT_NEAR(mislabelled, 500, 80);
}

TEST(NoiseMalicious, BoundaryPointsAreNearTheBoundaryWithTheWrongLabel) {
  Dataset data = separable(1000, 3, 10);
  Result<NoiseReport> report = apply_noise(malicious(MaliciousAdversary::boundary, 0.3), data, 11);
  ASSERT_TRUE(report.ok());
  const std::vector<int> replaced = corrupted_indices(data, Corruption::replaced);
  ASSERT_EQ(replaced.size(), 300u);
  for (int i : replaced) {
    const double margin = dot_row(data, i, e1(3));
    EXPECT_LE(std::fabs(margin), 0.1 + 1e-6);
    EXPECT_NEAR(row_norm(data, i), 1.0, 1e-6);
    const int side = margin >= 0.0 ? 1 : 0;
    EXPECT_EQ(data.label[static_cast<size_t>(i)], 1 - side);
    EXPECT_EQ(data.true_label[static_cast<size_t>(i)], side);
  }
  // Every replaced point is mislabelled, so the flipped count is the corrupted count.
  EXPECT_EQ(report->per_class_flipped[0] + report->per_class_flipped[1], 300);
}

TEST(NoiseMalicious, UnknownTargetUsesTheClassMeanProxy) {
  Dataset data = separable(500, 2, 12);
  data.target.resize(0);
  const Dataset clean = data;
  bool proxy = false;
  Result<Eigen::VectorXd> v = adversary_direction(data, &proxy);
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(proxy);
  EXPECT_NEAR(v->norm(), 1.0, 1e-12);
  EXPECT_GT((*v)[0], 0.95);  // the class means differ along e_1
  Result<NoiseReport> report = apply_noise(malicious(MaliciousAdversary::boundary, 0.2), data, 13);
  ASSERT_TRUE(report.ok());
  EXPECT_TRUE(report->proxy_target);
  // True labels of replaced points stay the labels they replaced.
  EXPECT_EQ(data.true_label, clean.true_label);
}

TEST(NoiseMalicious, ProxyDirectionHandComputed) {
  Dataset data;
  data.set_features(FeatureMatrix(4, 2));
  Eigen::Map<FeatureMatrix> features = data.writable_features();
  features << 3, 1, 1, 1, 0, -1, 0, -3;
  data.label = {1, 1, 0, 0};
  data.true_label = data.label;
  data.corruption.assign(4, Corruption::none);
  data.class_names = default_class_names(2);
  // mean(+) = (2, 1), mean(-) = (0, -2): difference (2, 3) / sqrt(13).
  bool proxy = false;
  Result<Eigen::VectorXd> v = adversary_direction(data, &proxy);
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(proxy);
  EXPECT_NEAR((*v)[0], 2.0 / std::sqrt(13.0), 1e-15);
  EXPECT_NEAR((*v)[1], 3.0 / std::sqrt(13.0), 1e-15);
  data.target = Vector::Zero(3);
  EXPECT_EQ(adversary_direction(data, &proxy).error().code, "noise.target_dimension");
}

// Brute force: indices sorted by (key, index), first k.
std::set<int> brute_force_pick(const std::vector<double>& key, int k) {
  std::vector<int> idx(key.size());
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<int>(i);
  std::stable_sort(idx.begin(), idx.end(),
                   [&](int a, int b) { return key[static_cast<size_t>(a)] < key[static_cast<size_t>(b)]; });
  return std::set<int>(idx.begin(), idx.begin() + k);
}

NoiseSpec adversarial(LabelAdversary strategy, double eta) {
  NoiseSpec spec;
  spec.model = NoiseModel::adversarial;
  spec.strategy = strategy;
  spec.rate = eta;
  return spec;
}

TEST(NoiseAdversarial, NearestAndFarthestMatchBruteForce) {
  const Dataset clean = separable(997, 4, 20);
  std::vector<double> near_key, far_key;
  for (int i = 0; i < clean.rows(); ++i) {
    near_key.push_back(std::fabs(dot_row(clean, i, e1(4))));
    far_key.push_back(-std::fabs(dot_row(clean, i, e1(4))));
  }
  const int k = rounded_count(0.15, 997);  // 149.55 -> 150
  ASSERT_EQ(k, 150);
  for (auto [strategy, key] :
       {std::pair{LabelAdversary::nearest, near_key}, std::pair{LabelAdversary::farthest, far_key}}) {
    Dataset data = clean;
    Result<NoiseReport> report = apply_noise(adversarial(strategy, 0.15), data, 1);
    ASSERT_TRUE(report.ok());
    const std::vector<int> flipped = corrupted_indices(data, Corruption::label);
    EXPECT_EQ(std::set<int>(flipped.begin(), flipped.end()), brute_force_pick(key, k));
    EXPECT_EQ(report->corrupted, k);
    for (int i = 0; i < data.rows(); ++i) {
      const size_t s = static_cast<size_t>(i);
      EXPECT_EQ(data.label[s] != data.true_label[s], data.corruption[s] == Corruption::label);
      EXPECT_TRUE(data.X.row(i) == clean.X.row(i));  // points unchanged
    }
  }
}

TEST(NoiseAdversarial, TiesGoToTheSmallerIndex) {
  Dataset data;
  data.set_features(FeatureMatrix(6, 2));
  Eigen::Map<FeatureMatrix> features = data.writable_features();
  features << 0.5, 1, -0.5, 2, 0.5, 3, 0.2, 0, -0.5, 4, 0.9, 5;
  data.label = {1, 0, 1, 1, 0, 1};
  data.true_label = data.label;
  data.corruption.assign(6, Corruption::none);
  data.class_names = default_class_names(2);
  data.target = Vector::Zero(2);
  data.target[0] = 2.0f;  // not unit: normalized internally
  // |<v,x>| = .5 .5 .5 .2 .5 .9; k = round(0.4 * 6) = 2: index 3 then the first .5 tie, index 0.
  ASSERT_TRUE(apply_noise(adversarial(LabelAdversary::nearest, 0.4), data, 1).ok());
  EXPECT_EQ(corrupted_indices(data, Corruption::label), (std::vector<int>{0, 3}));
  ASSERT_TRUE(apply_noise(adversarial(LabelAdversary::farthest, 0.4), data, 1).ok());
  EXPECT_EQ(corrupted_indices(data, Corruption::label), (std::vector<int>{0, 5}));
}

TEST(NoiseAdversarial, RegionFlipsOneCap) {
  const Dataset clean = separable(1000, 3, 21);
  Dataset data = clean;
  ASSERT_TRUE(apply_noise(adversarial(LabelAdversary::region, 0.1), data, 22).ok());
  const std::vector<int> flipped = corrupted_indices(data, Corruption::label);
  ASSERT_EQ(flipped.size(), 100u);
  // The flipped points are a cap: they are closer to their own mean direction than the others.
  Eigen::VectorXd u = Eigen::VectorXd::Zero(3);
  for (int i : flipped) u += clean.X.row(i).cast<double>().transpose();
  u.normalize();
  double min_in = 1e9, max_out = -1e9;
  for (int i = 0; i < clean.rows(); ++i) {
    const double p = dot_row(clean, i, u);
    if (data.corruption[static_cast<size_t>(i)] == Corruption::label)
      min_in = std::min(min_in, p);
    else
      max_out = std::max(max_out, p);
  }
  EXPECT_GT(min_in, max_out - 0.05);  // u is the cap's centroid, close to the seeded direction
  Dataset again = clean;
  ASSERT_TRUE(apply_noise(adversarial(LabelAdversary::region, 0.1), again, 22).ok());
  EXPECT_EQ(again.label, data.label);
}

TEST(NoiseOutliers, FlipExactlyKToAnotherClass) {
  for (int q_count : {2, 4}) {
    Dataset data = separable(101, 2, 30);
    data.class_names = default_class_names(q_count);
    for (int i = 0; i < data.rows(); ++i) data.label[static_cast<size_t>(i)] = i % q_count;
    data.true_label = data.label;
    NoiseSpec spec;
    spec.model = NoiseModel::outliers;
    spec.outliers = 17;
    Result<NoiseReport> report = apply_noise(spec, data, 31);
    ASSERT_TRUE(report.ok());
    EXPECT_EQ(report->corrupted, 17);
    const std::vector<int> flipped = corrupted_indices(data, Corruption::label);
    ASSERT_EQ(flipped.size(), 17u);
    for (int i : flipped) EXPECT_NE(data.label[static_cast<size_t>(i)], data.true_label[static_cast<size_t>(i)]);
    EXPECT_EQ(data.label_noise_rate(), 17.0 / 101.0);
  }
}

TEST(NoiseOutliers, MoveExactlyKFarOnTheWrongSide) {
  Dataset data = separable(200, 3, 40);
  const Dataset clean = data;
  NoiseSpec spec;
  spec.model = NoiseModel::outliers;
  spec.outliers = 12;
  spec.outlier_mode = OutlierMode::move;
  Result<NoiseReport> report = apply_noise(spec, data, 41);
  ASSERT_TRUE(report.ok());
  const std::vector<int> moved = corrupted_indices(data, Corruption::moved);
  ASSERT_EQ(moved.size(), 12u);
  EXPECT_EQ(report->corrupted, 12);
  EXPECT_EQ(data.label, clean.label);  // labels unchanged
  EXPECT_EQ(data.true_label, clean.true_label);
  for (int i : moved) {
    const double y = clean.true_sign(i);
    // Margin y<v,x'> = -3R (R = 1); the part along the boundary is kept.
    EXPECT_NEAR(y * dot_row(data, i, e1(3)), -3.0, 1e-6);
    EXPECT_EQ(data.X(i, 1), clean.X(i, 1));
    EXPECT_EQ(data.X(i, 2), clean.X(i, 2));
  }
}

}  // namespace noise_adversary_test
}  // namespace ml
