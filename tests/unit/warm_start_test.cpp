// Warm start (Learner::warm_start, Session::create_on_data's warm_from; the Python estimators' partial_fit): a
// learner continues from a fitted learner's hypothesis. With the cyclic order, a run on A then a warm run on B
// visits the examples of one run on the concatenation A;B, so it must end with the same hypothesis, bit for bit.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/config/link.h"
#include "core/learners/bylander.h"
#include "core/learners/kernel_perceptron.h"
#include "core/learners/perceptron.h"
#include "core/learners/registry.h"
#include "core/learners/ultraconservative.h"
#include "core/session/session.h"
#include "tests/unit/test_session.h"

namespace ml {
namespace warm_start_test {

// A number in [-1, 1) from (seed, i, j) by an integer hash: the same on every platform.
float hashed(uint32_t seed, uint32_t i, uint32_t j) {
  uint32_t h = seed * 0x9E3779B1u ^ (i + 0x7F4A7C15u) * 0x85EBCA77u ^ (j + 0x165667B1u) * 0xC2B2AE3Du;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  h *= 0x297A2D39u;
  h ^= h >> 15;
  return static_cast<float>(h % 2000u) / 1000.0f - 1.0f;
}

// n rows of d features; the label is the class whose direction scores highest, except every fifth row's, which is
// the next class: noisy data, so an online learner keeps making mistakes epoch after epoch.
Dataset noisy_part(uint32_t seed, int n, int d, int classes) {
  Dataset data;
  data.set_features(FeatureMatrix(n, d));
  Eigen::Map<FeatureMatrix> features = data.writable_features();
  data.label.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    int best = 0;
    float best_score = -1e9f;
    for (int j = 0; j < d; ++j)
      features(i, j) = 2.0f * hashed(seed, static_cast<uint32_t>(i), static_cast<uint32_t>(j));
    for (int q = 0; q < classes; ++q) {
      float s = 0;
      for (int j = 0; j < d; ++j) s += data.X(i, j) * hashed(99, static_cast<uint32_t>(q), static_cast<uint32_t>(j));
      if (s > best_score) {
        best_score = s;
        best = q;
      }
    }
    data.label[static_cast<size_t>(i)] = i % 5 == 4 ? (best + 1) % classes : best;
  }
  data.true_label = data.label;
  data.corruption.assign(static_cast<size_t>(n), Corruption::none);
  data.class_names = default_class_names(classes);
  data.feature_names = default_feature_names(d);
  return data;
}

// The rows of a followed by the rows of b.
Dataset concatenated(const Dataset& a, const Dataset& b) {
  Dataset out = a;
  FeatureMatrix both(a.rows() + b.rows(), a.cols());
  both << a.X, b.X;
  out.set_features(std::move(both));
  out.label.insert(out.label.end(), b.label.begin(), b.label.end());
  out.true_label = out.label;
  out.corruption.assign(static_cast<size_t>(out.rows()), Corruption::none);
  return out;
}

// A session of `link`'s learner on `train`, warm-started from `warm` when given, after `steps` steps.
std::unique_ptr<Session> run_on(const std::string& link, const Dataset& train, int64_t steps,
                                const Learner* warm = nullptr) {
  Result<std::unique_ptr<Session>> s = Session::create_on_data(decode_link(link).config, test::prepared(train), warm);
  EXPECT_TRUE(s.ok()) << link << ": " << (s.ok() ? "" : s.error().message);
  if (!s.ok()) return nullptr;
  s.value()->advance(steps);
  EXPECT_EQ(s.value()->steps(), steps) << link;
  return std::move(s.value());
}

// The error of creating `link`'s session on `train` warm-started from `warm`.
Error warm_error(const std::string& link, const Dataset& train, const Learner& warm) {
  Result<std::unique_ptr<Session>> s = Session::create_on_data(decode_link(link).config, test::prepared(train), &warm);
  EXPECT_FALSE(s.ok()) << link;
  return s.ok() ? Error{} : s.error();
}

// True when the two float matrices are equal bit for bit (and of one shape).
template <class A, class B>
bool same_bits(const A& a, const B& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() && (a.array() == b.array()).all();
}

const Vector& perceptron_w(const Session& s) { return *s.learner().weights(); }
const FeatureMatrix& ultra_w(const Session& s) {
  return dynamic_cast<const Ultraconservative&>(s.learner()).weight_rows();
}

const char* const kPerceptron = "#v=1&data=csv&learner=perceptron&l.order=cyclic";

TEST(WarmStart, PerceptronTwiceOnAEqualsOneRunOfTwoEpochs) {
  const Dataset a = noisy_part(1, 40, 4, 2);
  for (const char* normalize : {"&l.normalize=1", "&l.normalize=0"}) {
    const std::string link = std::string(kPerceptron) + normalize;
    const std::unique_ptr<Session> first = run_on(link, a, a.rows());
    const std::unique_ptr<Session> second = run_on(link, a, a.rows(), &first->learner());
    const std::unique_ptr<Session> once = run_on(link, a, 2 * a.rows());
    EXPECT_GT(second->mistakes(), 0) << "the second epoch must update w for the test to mean anything";
    EXPECT_TRUE(same_bits(perceptron_w(*second), perceptron_w(*once))) << normalize;
    EXPECT_FALSE(same_bits(perceptron_w(*second), perceptron_w(*first))) << normalize;
  }
}

TEST(WarmStart, PerceptronOnAThenBEqualsOneRunOnTheConcatenation) {
  const Dataset a = noisy_part(2, 30, 5, 2);
  const Dataset b = noisy_part(3, 25, 5, 2);
  for (const char* normalize : {"&l.normalize=1", "&l.normalize=0"}) {
    const std::string link = std::string(kPerceptron) + normalize;
    const std::unique_ptr<Session> on_a = run_on(link, a, a.rows());
    const std::unique_ptr<Session> on_b = run_on(link, b, b.rows(), &on_a->learner());
    const std::unique_ptr<Session> on_ab = run_on(link, concatenated(a, b), a.rows() + b.rows());
    EXPECT_TRUE(same_bits(perceptron_w(*on_b), perceptron_w(*on_ab))) << normalize;
    EXPECT_EQ(on_a->mistakes() + on_b->mistakes(), on_ab->mistakes()) << normalize;
  }
}

TEST(WarmStart, UltraconservativeOnAThenBEqualsOneRunOnTheConcatenation) {
  const Dataset a = noisy_part(4, 30, 4, 3);
  const Dataset b = noisy_part(5, 35, 4, 3);
  for (const char* update : {"max", "uniform", "proportional"}) {
    for (const char* normalize : {"&l.normalize=1", "&l.normalize=0"}) {
      const std::string link =
          std::string("#v=1&data=csv&learner=ultraconservative&l.order=cyclic&l.update=") + update + normalize;
      const std::unique_ptr<Session> on_a = run_on(link, a, a.rows());
      const std::unique_ptr<Session> on_b = run_on(link, b, b.rows(), &on_a->learner());
      const std::unique_ptr<Session> on_ab = run_on(link, concatenated(a, b), a.rows() + b.rows());
      EXPECT_GT(on_b->mistakes(), 0);
      EXPECT_TRUE(same_bits(ultra_w(*on_b), ultra_w(*on_ab))) << update << normalize;
    }
  }
}

// One visit per example of A: each support vector of A erred once, so its alpha is one step's coefficient and the
// carried sums add the same terms in the same order as the single run; the scores are equal bit for bit.
TEST(WarmStart, KernelPerceptronOnAThenBScoresAsOneRunOnTheConcatenation) {
  const Dataset a = noisy_part(6, 30, 3, 2);
  const Dataset b = noisy_part(7, 30, 3, 2);
  const Dataset points = noisy_part(8, 50, 3, 2);
  for (const char* normalize : {"&l.normalize=1", "&l.normalize=0"}) {
    const std::string link =
        std::string("#v=1&data=csv&learner=kernel_perceptron&l.kernel=gaussian&l.sigma=0.7&l.order=cyclic") + normalize;
    const std::unique_ptr<Session> on_a = run_on(link, a, a.rows());
    const std::unique_ptr<Session> on_b = run_on(link, b, b.rows(), &on_a->learner());
    const std::unique_ptr<Session> on_ab = run_on(link, concatenated(a, b), a.rows() + b.rows());
    EXPECT_EQ(on_a->mistakes() + on_b->mistakes(), on_ab->mistakes()) << normalize;
    const auto& warm = dynamic_cast<const KernelPerceptron&>(on_b->learner());
    const auto& once = dynamic_cast<const KernelPerceptron&>(on_ab->learner());
    EXPECT_GT(warm.carried_support().rows(), 0);
    EXPECT_FALSE(warm.support().empty());
    Eigen::MatrixXf warm_scores, once_scores;
    warm.scores_batch(points.X, &warm_scores);
    once.scores_batch(points.X, &once_scores);
    EXPECT_TRUE(same_bits(warm_scores, once_scores)) << normalize;
    std::vector<int> warm_predicted, once_predicted;
    warm.predict_batch(points.X, &warm_predicted);
    once.predict_batch(points.X, &once_predicted);
    EXPECT_EQ(warm_predicted, once_predicted);
    for (int i = 0; i < points.rows(); ++i) {
      EXPECT_EQ(warm.decision(points.X.row(i).data()), once.decision(points.X.row(i).data())) << i;
    }
    // And the chain goes on: a third batch continues from the carried part and B's support.
    const std::unique_ptr<Session> on_c = run_on(link, a, a.rows(), &on_b->learner());
    const std::unique_ptr<Session> on_abc = run_on(link, concatenated(concatenated(a, b), a), 2 * a.rows() + b.rows());
    EXPECT_EQ(dynamic_cast<const KernelPerceptron&>(on_c->learner()).decision(points.X.row(0).data()),
              dynamic_cast<const KernelPerceptron&>(on_abc->learner()).decision(points.X.row(0).data()));
  }
}

TEST(WarmStart, ADimensionMismatchIsRefusedNamingBothDimensions) {
  const std::unique_ptr<Session> wide = run_on(kPerceptron, noisy_part(9, 10, 4, 2), 10);
  const Error e = warm_error(kPerceptron, noisy_part(10, 10, 3, 2), wide->learner());
  EXPECT_EQ(e.code, "learner.warm_start_dimension");
  EXPECT_NE(e.message.find("the Perceptron"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("4 features"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("3 features"), std::string::npos) << e.message;
  const char* kUltra = "#v=1&data=csv&learner=ultraconservative";
  const std::unique_ptr<Session> ultra = run_on(kUltra, noisy_part(9, 10, 4, 3), 10);
  EXPECT_EQ(warm_error(kUltra, noisy_part(10, 10, 3, 3), ultra->learner()).code, "learner.warm_start_dimension");
  EXPECT_EQ(warm_error(kUltra, noisy_part(10, 10, 4, 4), ultra->learner()).code, "learner.warm_start_classes");
  const char* kKernel = "#v=1&data=csv&learner=kernel_perceptron";
  const std::unique_ptr<Session> kernel = run_on(kKernel, noisy_part(9, 10, 4, 2), 10);
  EXPECT_EQ(warm_error(kKernel, noisy_part(10, 10, 3, 2), kernel->learner()).code, "learner.warm_start_dimension");
  EXPECT_EQ(warm_error(std::string(kKernel) + "&l.sigma=2", noisy_part(10, 10, 4, 2), kernel->learner()).code,
            "learner.warm_start_kernel");
  const char* kBylander = "#v=1&data=csv&learner=bylander";
  const std::unique_ptr<Session> bylander = run_on(kBylander, noisy_part(9, 10, 4, 2), 3);
  EXPECT_EQ(warm_error(kBylander, noisy_part(10, 10, 3, 2), bylander->learner()).code, "learner.warm_start_dimension");
}

TEST(WarmStart, ALearnerOfAnotherKindIsRefused) {
  const Dataset data = noisy_part(11, 10, 3, 2);
  const std::unique_ptr<Session> ultra = run_on("#v=1&data=csv&learner=ultraconservative", data, 10);
  const Error e = warm_error(kPerceptron, data, ultra->learner());
  EXPECT_EQ(e.code, "learner.warm_start_kind");
  EXPECT_NE(e.message.find("the Perceptron"), std::string::npos) << e.message;
  const std::unique_ptr<Session> perceptron = run_on(kPerceptron, data, 10);
  for (const char* id : {"ultraconservative", "kernel_perceptron", "bylander"}) {
    EXPECT_EQ(warm_error(std::string("#v=1&data=csv&learner=") + id, data, perceptron->learner()).code,
              "learner.warm_start_kind")
        << id;
  }
}

TEST(WarmStart, ALearnerWithoutWarmStartGivesTheDefaultErrorNamingIt) {
  const Dataset data = noisy_part(12, 20, 3, 2);
  const std::unique_ptr<Session> averaging = run_on("#v=1&data=csv&learner=averaging", data, 1);
  const Error e = warm_error("#v=1&data=csv&learner=averaging", data, averaging->learner());
  EXPECT_EQ(e.code, "learner.no_warm_start");
  EXPECT_NE(e.message.find(find_learner("averaging")->schema.name), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("cannot continue from a fitted model"), std::string::npos) << e.message;
  // The contract's default itself, without the session's name.
  const std::unique_ptr<Learner> halving = find_learner("halving")->make();
  const Status direct = halving->warm_start(averaging->learner());
  ASSERT_FALSE(direct.ok());
  EXPECT_EQ(direct.error().code, "learner.no_warm_start");
}

// Bylander's rule: the current iterate carries over and the best-iterate bookkeeping restarts on the new sample
// with the carried w as its first candidate.
TEST(WarmStart, BylanderCarriesItsCurrentIterateAndRestartsTheBestIterate) {
  const char* link = "#v=1&data=csv&learner=bylander&l.gamma=0.1&l.updates=50";
  const Dataset a = noisy_part(13, 40, 4, 2);
  const Dataset b = noisy_part(14, 40, 4, 2);
  const std::unique_ptr<Session> on_a = run_on(link, a, 5);
  const Result<std::unique_ptr<Session>> warm =
      Session::create_on_data(decode_link(link).config, test::prepared(b), &on_a->learner());
  ASSERT_TRUE(warm.ok());
  const auto& before = dynamic_cast<const BylanderPerceptron&>(on_a->learner());
  const auto& after = dynamic_cast<const BylanderPerceptron&>(warm.value()->learner());
  EXPECT_TRUE(same_bits(after.current(), before.current()));
  EXPECT_TRUE(same_bits(*after.weights(), before.current().cast<float>()));  // the carried w is the best so far
  EXPECT_GE(after.best_accuracy(), 0.0);
}

}  // namespace warm_start_test
}  // namespace ml
