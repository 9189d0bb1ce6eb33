// Margins and bounds on the data as the learner sees it (issue 14 item 1): the session resolves the target's
// margin on the transformed training part (bias column, unit normalization, a non-unit generator), and each
// learner's bound is the paper's for those data. Every expected value is recomputed here from the training
// part's own rows, in long double, without the session's or the learners' helpers.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include "core/config/url.h"
#include "core/learners/bylander.h"
#include "core/learners/registry.h"
#include "core/session/session.h"
#include "test_session.h"

namespace ml {
namespace margin_fidelity_test {

std::unique_ptr<Session> session_for(const std::string& url) {
  return test::session_for(url, test::LinkWarnings::none);
}

// delta, gamma (the margin on x/||x||) and R of the target on a training part, by hand.
struct HandMargins {
  long double delta = 0, gamma = 0, radius = 0;
};
HandMargins hand_margins(const Dataset& train) {
  HandMargins h;
  const Eigen::Index d = train.cols();
  long double v2 = 0;
  for (Eigen::Index j = 0; j < d; ++j) v2 += static_cast<long double>(train.target[j]) * train.target[j];
  const long double v_norm = std::sqrt(v2);
  h.delta = h.gamma = std::numeric_limits<long double>::infinity();
  for (int i = 0; i < train.rows(); ++i) {
    long double dot = 0, x2 = 0;
    for (Eigen::Index j = 0; j < d; ++j) {
      const long double x = train.X(i, j);
      dot += x * train.target[j];
      x2 += x * x;
    }
    const long double m = (train.true_label[static_cast<size_t>(i)] == 1 ? dot : -dot) / v_norm;
    h.delta = std::min(h.delta, m);
    h.gamma = std::min(h.gamma, m / std::sqrt(x2));
    h.radius = std::max(h.radius, std::sqrt(x2));
  }
  return h;
}

// The three kinds of data of the done-when: a bias column, norm=unit after a non-unit generator, and the
// raw non-unit generator.
const char* const kSettings[] = {
    "#v=1&data=separable&n=120&d=4&margin=0.1&bias=1",
    "#v=1&data=gaussian&n=120&d=4&norm=unit",
    "#v=1&data=gaussian&n=120&d=4",
};

TEST(MarginFidelity, TheBiasColumnAndUnitScalingChangeTheMarginTheLearnerSees) {
  // bias=1: a point x of norm 1 becomes (x, 1): gamma drops by up to sqrt(2) from the generator's margin.
  std::unique_ptr<Session> s = session_for(std::string(kSettings[0]) + "&learner=perceptron&seed=3");
  ASSERT_TRUE(s);
  const Dataset& train = s->data().train;
  const HandMargins h = hand_margins(train);
  EXPECT_EQ(train.target[train.cols() - 1], 0.0f);  // the bias coordinate gets weight 0
  EXPECT_NEAR(s->problem().target_margin, static_cast<double>(h.delta), 1e-12);
  EXPECT_NEAR(s->problem().unit_target_margin, static_cast<double>(h.gamma), 1e-12);
  EXPECT_LT(s->problem().unit_target_margin, 0.75 * s->problem().target_margin);  // ~ delta / sqrt(2)
  // The part's margin, never below the whole set's (up to the last float bits of the generator's own sum).
  EXPECT_GE(s->problem().target_margin, train.target_margin * (1 - 1e-6));
}

TEST(MarginFidelity, MistakesStayBelowTheBoundOfTheDataTheLearnerSeesOver100SetsEach) {
  struct Learner {
    const char* params;
    bool normalize;
  };
  const Learner learners[] = {{"&learner=perceptron", true},
                              {"&learner=perceptron&l.normalize=0", false},
                              {"&learner=kernel_perceptron&l.kernel=linear", true},
                              {"&learner=kernel_perceptron&l.kernel=linear&l.normalize=0", false}};
  for (const char* setting : kSettings) {
    for (const Learner& l : learners) {
      int checked = 0;
      for (int seed = 1; seed <= 100; ++seed) {
        const std::string url = std::string(setting) + l.params + "&seed=" + std::to_string(seed);
        std::unique_ptr<Session> s = session_for(url);
        ASSERT_TRUE(s);
        const HandMargins h = hand_margins(s->data().train);
        ASSERT_GT(h.delta, 0) << url;  // separable: the target separates the part
        // 001 Thm 1.1 on what the learner sees: x/||x|| (norm 1, margin gamma) or x (R, delta).
        const long double expected =
            l.normalize ? 1.0L / (h.gamma * h.gamma) : (h.radius / h.delta) * (h.radius / h.delta);
        const double bound = s->learner().bound();
        ASSERT_NEAR(bound, static_cast<double>(expected), 1e-9 * static_cast<double>(expected)) << url;
        s->advance(20'000'000);
        ASSERT_TRUE(s->done()) << url;
        EXPECT_EQ(s->learner().stop_reason(), StopReason::epoch_without_mistakes) << url;
        EXPECT_LE(static_cast<double>(s->mistakes()), bound) << url;
        ++checked;
      }
      EXPECT_EQ(checked, 100);
    }
  }
}

TEST(MarginFidelity, BylandersNuAndUpdateCountUseTheMarginOfItsZExamples) {
  for (const char* setting : kSettings) {
    const std::string url = std::string(setting) + "&learner=bylander&l.epsilon=1&l.eta=0.1&seed=5";
    std::unique_ptr<Session> s = session_for(url);
    ASSERT_TRUE(s);
    const HandMargins h = hand_margins(s->data().train);
    const auto& learner = dynamic_cast<const BylanderPerceptron&>(s->learner());
    // 000 Thm 3 on z = y x/||x||: gamma is the margin of x/||x|| (bias included); eps = eps'(1 - 2 eta).
    const long double eps = 1.0L * (1 - 2 * 0.1L);
    const long double nu = eps * h.gamma / 4;
    const long double updates = 16 / ((eps * h.gamma) * (eps * h.gamma));
    EXPECT_NEAR(learner.nu(), static_cast<double>(nu), 1e-12 * static_cast<double>(nu)) << url;
    EXPECT_NEAR(learner.bound(), static_cast<double>(updates), 1e-9 * static_cast<double>(updates)) << url;
    s->advance(static_cast<int64_t>(updates) + 10);
    ASSERT_TRUE(s->done()) << url;
    if (learner.stop_reason() == StopReason::theorem_length) {
      EXPECT_EQ(s->updates(), static_cast<int64_t>(std::floor(static_cast<double>(updates))) + 1)
          << url;  // "more than"
    } else {
      EXPECT_EQ(learner.stop_reason(), StopReason::no_progress) << url;
    }
  }
}

TEST(MarginFidelity, NoTargetSurvivesStandardizeSoTheMarginIsUnknown) {
  std::unique_ptr<Session> s =
      session_for("#v=1&data=gaussian&n=100&d=3&norm=standardize&bias=1&learner=perceptron&seed=2");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->problem().target_margin, 0.0);
  EXPECT_EQ(s->problem().unit_target_margin, 0.0);
  EXPECT_TRUE(std::isnan(s->learner().bound()));
}

}  // namespace margin_fidelity_test
}  // namespace ml
