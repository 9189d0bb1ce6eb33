// Tests of mixed noise U^{gamma,eta,theta} (000 Def. 5, Remark 3; docs/noise.md "Mixed noise"): the
// classification part is exactly uniform noise with the same eta and seed, the malicious part replaces a
// theta fraction drawn from its own stream, the link carries theta, and theta_max / eps_min are 000's.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/noise/noise.h"
#include "core/noise/noise_ids.h"
#include "core/session/pipeline.h"

namespace ml {
namespace noise_mixed_test {

// n binary examples in 3-D with alternating true labels; no target (the adversary uses the class-mean proxy).
Dataset binary_data(int n) {
  Dataset data;
  data.set_features(FeatureMatrix(n, 3));
  Eigen::Map<FeatureMatrix> features = data.writable_features();
  data.label.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const int y = i % 2;
    features(i, 0) = y == 1 ? 1.0f : -1.0f;
    features(i, 1) = static_cast<float>(i % 7) * 0.1f;
    features(i, 2) = static_cast<float>(i % 5) * -0.1f;
    data.label[static_cast<size_t>(i)] = y;
  }
  data.true_label = data.label;
  data.corruption.assign(static_cast<size_t>(n), Corruption::none);
  data.class_names = default_class_names(2);
  data.feature_names = default_feature_names(3);
  return data;
}

NoiseSpec mixed_spec(double eta, double theta, Sampling sampling) {
  NoiseSpec spec;
  spec.model = NoiseModel::mixed;
  spec.rate = eta;
  spec.malicious_rate = theta;
  spec.sampling = sampling;
  spec.adversary = MaliciousAdversary::random;
  return spec;
}

int count_of(const Dataset& data, Corruption c) {
  int k = 0;
  for (Corruption x : data.corruption) k += x == c ? 1 : 0;
  return k;
}

// Independent sampling on n = 20 000: the replaced fraction is theta and, on the examples kept (the CN part of
// Remark 3), the flip rate is eta, each within 4 binomial standard errors. Sharing one stream between the flips
// and the replacements would leave (eta - theta) / (1 - theta) = 0.111 flips on the kept examples.
TEST(NoiseMixed, AchievedRatesOfBothParts) {
  const int n = 20000;
  const double eta = 0.2, theta = 0.1;
  Dataset data = binary_data(n);
  Result<NoiseReport> report = apply_noise(mixed_spec(eta, theta, Sampling::independent), data, 7);
  ASSERT_TRUE(report.ok()) << report.error().message;
  const int replaced = count_of(data, Corruption::replaced);
  const int flipped = count_of(data, Corruption::label);
  const int kept = n - replaced;
  EXPECT_NEAR(replaced, theta * n, 4.0 * std::sqrt(n * theta * (1 - theta)));
  EXPECT_NEAR(static_cast<double>(flipped) / kept, eta, 4.0 * std::sqrt(eta * (1 - eta) / kept));
  EXPECT_EQ(report->corrupted, replaced + flipped);
  for (int i = 0; i < n; ++i) {
    if (data.corruption[static_cast<size_t>(i)] == Corruption::label) {
      EXPECT_NE(data.label[static_cast<size_t>(i)], data.true_label[static_cast<size_t>(i)]) << i;
    }
  }
}

// The composition order U^theta(U^eta(D)): every example the malicious part kept carries exactly the label and
// the point that noise=uniform with the same eta, sampling and seed gives it — in both sampling modes; with
// exact sampling, exactly round(theta n) examples are replaced.
TEST(NoiseMixed, KeptExamplesAreThoseOfUniformNoiseAndExactCountsHold) {
  for (Sampling sampling : {Sampling::independent, Sampling::exact}) {
    const int n = 1001;
    Dataset mixed = binary_data(n), uniform = binary_data(n);
    ASSERT_TRUE(apply_noise(mixed_spec(0.3, 0.25, sampling), mixed, 11).ok());
    NoiseSpec uniform_spec;
    uniform_spec.model = NoiseModel::uniform;
    uniform_spec.rate = 0.3;
    uniform_spec.sampling = sampling;
    ASSERT_TRUE(apply_noise(uniform_spec, uniform, 11).ok());
    int kept_flips = 0;
    for (int i = 0; i < n; ++i) {
      const size_t k = static_cast<size_t>(i);
      if (mixed.corruption[k] == Corruption::replaced) continue;
      EXPECT_EQ(mixed.label[k], uniform.label[k]) << i;
      EXPECT_EQ(mixed.corruption[k], uniform.corruption[k]) << i;
      EXPECT_EQ(mixed.X.row(i), uniform.X.row(i)) << i;
      kept_flips += mixed.corruption[k] == Corruption::label ? 1 : 0;
    }
    EXPECT_GT(kept_flips, 0);
    if (sampling == Sampling::exact) {
      EXPECT_EQ(count_of(mixed, Corruption::replaced), rounded_count(0.25, n));
    }
  }
}

// theta = 0 is uniform noise; eta = 0 replaces without flipping anything it keeps.
TEST(NoiseMixed, EachPartAloneIsItsOwnModel) {
  const int n = 400;
  Dataset none_replaced = binary_data(n), uniform = binary_data(n);
  ASSERT_TRUE(apply_noise(mixed_spec(0.2, 0.0, Sampling::independent), none_replaced, 3).ok());
  NoiseSpec uniform_spec;
  uniform_spec.model = NoiseModel::uniform;
  uniform_spec.rate = 0.2;
  ASSERT_TRUE(apply_noise(uniform_spec, uniform, 3).ok());
  EXPECT_EQ(none_replaced.label, uniform.label);
  EXPECT_EQ(count_of(none_replaced, Corruption::replaced), 0);

  Dataset only_replaced = binary_data(n);
  ASSERT_TRUE(apply_noise(mixed_spec(0.0, 0.2, Sampling::exact), only_replaced, 3).ok());
  EXPECT_EQ(count_of(only_replaced, Corruption::label), 0);
  EXPECT_EQ(count_of(only_replaced, Corruption::replaced), rounded_count(0.2, n));
}

TEST(NoiseMixed, ValidationNamesThetaAndLeavesTheDataUntouched) {
  Dataset data = binary_data(10);
  const Dataset before = data;
  for (double theta : {1.0, -0.1, std::nan("")}) {
    Result<NoiseReport> r = apply_noise(mixed_spec(0.1, theta, Sampling::independent), data, 1);
    ASSERT_FALSE(r.ok()) << theta;
    EXPECT_EQ(r.error().code, "noise.bad_theta");
    EXPECT_NE(r.error().message.find("field 'theta'"), std::string::npos) << r.error().message;
    EXPECT_EQ(data.label, before.label);
  }
  Result<NoiseReport> bad_eta = apply_noise(mixed_spec(0.5, 0.1, Sampling::independent), data, 1);
  ASSERT_FALSE(bad_eta.ok());
  EXPECT_EQ(bad_eta.error().code, "noise.bad_rate");
  Dataset three = binary_data(9);
  three.class_names = default_class_names(3);
  for (int i = 0; i < 9; ++i) three.label[static_cast<size_t>(i)] = three.true_label[static_cast<size_t>(i)] = i % 3;
  Result<NoiseReport> multi = apply_noise(mixed_spec(0.1, 0.1, Sampling::independent), three, 1);
  ASSERT_FALSE(multi.ok());
  EXPECT_EQ(multi.error().code, "noise.needs_binary");
}

// 000 §3.1: theta_max = gamma (1 - 2 eta) / 8 and eps_min = 64 theta / (gamma (1 - eta) (1/8 - theta)), by hand.
TEST(NoiseMixed, TheoremFourLimitsByHand) {
  EXPECT_DOUBLE_EQ(mixed_noise_theta_max(0.1, 0.2), 0.0075);
  EXPECT_DOUBLE_EQ(mixed_noise_theta_max(0.5, 0.0), 0.0625);
  EXPECT_NEAR(mixed_noise_eps_min(0.1, 0.2, 0.005), 0.32 / 0.0096, 1e-12);
  EXPECT_TRUE(std::isinf(mixed_noise_eps_min(0.1, 0.2, 0.125)));
}

// The classification part's matrix is what the session gives UMA and Bylander's eta_from_noise.
TEST(NoiseMixed, ConfusionMatrixIsTheClassificationPart) {
  Result<Eigen::MatrixXd> c = noise_confusion_matrix(mixed_spec(0.2, 0.1, Sampling::independent), 2);
  ASSERT_TRUE(c.ok());
  EXPECT_DOUBLE_EQ((*c)(0, 0), 0.8);
  EXPECT_DOUBLE_EQ((*c)(1, 0), 0.2);
  EXPECT_DOUBLE_EQ((*c)(0, 1), 0.2);
}

// The link: noise=mixed with eta, theta and adv decodes without warnings and encodes back the same; theta on a
// model that does not read it is a warning.
TEST(NoiseMixed, LinkCarriesEtaThetaAndTheAdversary) {
  const std::string link = "#v=1&data=separable&noise=mixed&eta=0.2&theta=0.1&adv=boundary&learner=bylander&seed=3";
  DecodeResult r = decode_link(link);
  EXPECT_TRUE(r.warnings.empty()) << r.warnings[0];
  EXPECT_EQ(r.config.noise.model, NoiseModel::mixed);
  EXPECT_DOUBLE_EQ(r.config.noise.rate, 0.2);
  EXPECT_DOUBLE_EQ(r.config.noise.malicious_rate, 0.1);
  EXPECT_EQ(r.config.noise.adversary, MaliciousAdversary::boundary);
  EXPECT_EQ(encode_url(r.config), link);
  DecodeResult unused = decode_link("#v=1&data=separable&noise=uniform&theta=0.05");
  ASSERT_FALSE(unused.warnings.empty());
  EXPECT_NE(unused.warnings[0].find("theta"), std::string::npos) << unused.warnings[0];
}

// The pipeline tells the user when theta is not below theta_max for the data's margin: separable data with margin
// 0.1 and eta = 0.2 give theta_max = 0.1 * 0.6 / 8 = 0.0075.
TEST(NoiseMixed, PipelineNoticeWhenThetaIsNotBelowThetaMax) {
  NoiseSpec spec = mixed_spec(0.2, 0.0075, Sampling::independent);
  const std::string note = noise_margin_notice(spec, 0.1);
  EXPECT_NE(note.find("theta_max = gamma (1 - 2 eta) / 8 = 0.0075"), std::string::npos) << note;
  spec.malicious_rate = 0.0074;
  EXPECT_EQ(noise_margin_notice(spec, 0.1), "");
  spec.malicious_rate = 0.3;
  EXPECT_EQ(noise_margin_notice(spec, 0.0), "");  // margin unknown: nothing to compare against
  spec.model = NoiseModel::malicious;
  EXPECT_EQ(noise_margin_notice(spec, 0.1), "");

  DecodeResult link = decode_link("#v=1&data=separable&margin=0.1&noise=mixed&eta=0.2&theta=0.2&seed=2");
  ASSERT_TRUE(link.warnings.empty()) << link.warnings[0];
  Result<PreparedData> data = prepare_data(link.config, nullptr);
  ASSERT_TRUE(data.ok()) << data.error().message;
  bool noticed = false;
  for (const std::string& w : data->warnings) noticed = noticed || w.find("theta_max") != std::string::npos;
  EXPECT_TRUE(noticed);
}

}  // namespace noise_mixed_test
}  // namespace ml
