// Why a run stopped (issue 14 item 3): every learner with more than one way to stop names its reason
// (Learner::stop_reason), in the run JSON (run_report_json) and in the Learner panel's text
// (stop_reason_text); each paper rule is made to fire, and a rule that cannot act here says so (rule_note).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/learners/smooth_boost.h"
#include "core/session/run_report.h"
#include "core/session/session.h"
#include "nlohmann/json.hpp"

namespace ml {
namespace stop_reason_test {

Config config_of(const std::string& url) {
  DecodeResult decoded = decode_link(url);
  EXPECT_TRUE(decoded.warnings.empty()) << url << ": " << decoded.warnings.front();
  return decoded.config;
}

// Runs `url` to the end of its step budget or the learner's own stop.
std::unique_ptr<Session> run(const std::string& url, int64_t steps = 2'000'000) {
  Result<std::unique_ptr<Session>> s = Session::create(config_of(url), nullptr);
  EXPECT_TRUE(s.ok()) << url << ": " << (s.ok() ? "" : s.error().message);
  if (!s.ok()) return nullptr;
  s.value()->advance(steps);
  return std::move(s.value());
}

// The run JSON's stop_reason and rule_note for `url`, through run_headless (the code of `marginlab run`).
nlohmann::json run_json(const std::string& url, int64_t steps = 2'000'000) {
  const Config config = config_of(url);
  RunOptions options;
  options.steps = steps;
  Result<RunReport> report = run_headless(config, encode_url(config), nullptr, options);
  EXPECT_TRUE(report.ok()) << url;
  return report.ok() ? nlohmann::json::parse(report->json) : nlohmann::json::object();
}

struct Case {
  std::string url;
  StopReason reason;
  bool note;  // a rule_note is expected
};

// One configuration per reason; the paper rules (halting_rule, variance_test, weight_test, theorem_length,
// coreset_rule, verified, no_eligible_pair) fire, the caps and the honest failure too.
const Case kCases[] = {
    {"#v=1&data=separable&n=100&d=3&learner=perceptron&seed=1", StopReason::epoch_without_mistakes, false},
    {"#v=1&data=separable&n=100&d=3&learner=averaging&seed=1", StopReason::end_of_sample, false},
    {"#v=1&data=separable&n=100&d=3&margin=0.2&noise=uniform&eta=0.1&learner=bylander&l.epsilon=1&seed=1",
     StopReason::theorem_length, false},
    {"#v=1&data=separable&n=100&d=3&margin=0.2&noise=uniform&eta=0.1&learner=bylander&l.updates=5&seed=1",
     StopReason::update_cap, true},
    {"#v=1&data=separable&n=200&d=3&learner=coreset_svm&seed=2", StopReason::coreset_rule, false},
    {"#v=1&data=separable&n=200&d=3&noise=uniform&eta=0.2&learner=coreset_svm&seed=2", StopReason::not_separable,
     false},
    {"#v=1&data=separable&n=300&d=3&learner=active_coreset_svm&seed=2", StopReason::verified, false},
    {"#v=1&data=separable&n=300&d=3&noise=uniform&eta=0.2&learner=active_coreset_svm&seed=2", StopReason::not_separable,
     false},
    // OUTLIER SVM's halting rule fires with K = 0.5 (c_i = ceil(K 4^i), threshold R/2^i) ...
    {"#v=1&data=separable&n=40&d=2&margin=0.2&noise=outliers&k=1&learner=outlier_svm&l.k=1&l.constant=0.5&l.max_size="
     "40&l.budget=1000&seed=9",
     StopReason::halting_rule, false},
    // ... and with K = 32, max_size = 64 the size cap ends the run, with a note saying where the rule acts.
    {"#v=1&data=separable&n=300&d=3&noise=outliers&learner=outlier_svm&l.budget=100&seed=5", StopReason::size_cap,
     true},
    {"#v=1&data=separable&n=300&d=3&noise=outliers&learner=simple_outlier_svm&l.budget=100&seed=5",
     StopReason::size_cap, true},
    // A_mu at 003's c = 10 removes on n = 60 Gaussian dimensions and stops by its variance test ...
    {"#v=1&data=gaussian&n=300&d=60&learner=pca_outlier_removal&l.c=10&seed=4", StopReason::variance_test, false},
    // ... while at n = 5 on the unit sphere no example can be removed (c log m / n >= R^2 = 1).
    {"#v=1&data=separable&n=300&d=5&learner=pca_outlier_removal&l.c=10&seed=4", StopReason::variance_test, true},
    // SmoothBoost: its weight test fires once the weights move (s = 1, gamma = 0.05) ...
    {"#v=1&data=separable&n=200&d=3&learner=smooth_boost_averaging&l.scale=1&l.gamma=0.05&l.epsilon=0.5&seed=3",
     StopReason::weight_test, false},
    // ... at 003's scale they do not move: the round bound T (here small) or the rounds cap ends it.
    {"#v=1&data=separable&n=200&d=3&learner=smooth_boost_averaging&l.gamma=0.45&l.epsilon=0.5&seed=3",
     StopReason::round_bound, true},
    {"#v=1&data=gaussian&n=200&d=5&learner=smooth_boost&l.rounds=20&seed=3", StopReason::round_cap, true},
    {"#v=1&data=classes&n=200&d=3&q=3&learner=uma&seed=6", StopReason::no_eligible_pair, false},
};

TEST(StopReason, EachReasonIsNamedByTheLearnerTheRunJsonAndThePanelText) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.url);
    std::unique_ptr<Session> s = run(c.url);
    ASSERT_TRUE(s);
    ASSERT_TRUE(s->done());
    EXPECT_EQ(stop_reason_name(s->learner().stop_reason()), stop_reason_name(c.reason));
    EXPECT_EQ(!s->learner().rule_note().empty(), c.note) << s->learner().rule_note();
    const nlohmann::json j = run_json(c.url);
    EXPECT_EQ(j.value("stop_reason", ""), std::string(stop_reason_name(c.reason)));
    EXPECT_EQ(j.value("rule_note", "x"), s->learner().rule_note());
    const std::string text = stop_reason_text(*s);  // what the Learner panel draws
    EXPECT_NE(text.find("Stopped: " + std::string(stop_reason_name(c.reason))), std::string::npos) << text;
    EXPECT_EQ(text.find("Paper rule: ") != std::string::npos, c.note) << text;
  }
}

TEST(StopReason, TheStepBudgetIsNamedWhenItEndsTheRunFirst) {
  const std::string url = "#v=1&data=separable&n=300&d=5&learner=bylander&seed=1";
  const nlohmann::json j = run_json(url, 3);
  EXPECT_FALSE(j.value("done", true));
  EXPECT_EQ(j.value("stop_reason", ""), "step_budget");
  std::unique_ptr<Session> s = run(url, 3);
  EXPECT_EQ(s->learner().stop_reason(), StopReason::none);
  EXPECT_EQ(stop_reason_text(*s).rfind("Running", 0), 0u);
}

TEST(StopReason, HardMarginSvmsOnNonSeparableDataEndWithoutAValidResult) {
  for (const char* learner : {"coreset_svm", "active_coreset_svm"}) {
    const std::string url = std::string("#v=1&data=xor&n=200&learner=") + learner + "&seed=3";
    SCOPED_TRACE(url);
    const Config config = config_of(url);
    RunOptions options;
    options.steps = 1'000'000;
    Result<RunReport> report = run_headless(config, encode_url(config), nullptr, options);
    ASSERT_TRUE(report.ok());
    EXPECT_EQ(report->stop_reason, StopReason::not_separable);
    EXPECT_TRUE(stop_is_failure(report->stop_reason));
  }
}

TEST(StopReason, SmoothBoostsWeightsMoveAndDtIsNotUniformAtScaleOne) {
  std::unique_ptr<Session> s = run("#v=1&data=gaussian&n=300&d=5&noise=uniform&eta=0.1&learner=smooth_boost_averaging"
                                   "&l.scale=1&l.gamma=0.05&l.rounds=30&seed=7");
  ASSERT_TRUE(s);
  const auto& booster = dynamic_cast<const SmoothBoost&>(s->learner());
  EXPECT_EQ(booster.rounds(), 30);
  const std::vector<double>& m = booster.boost_weights();
  const auto [lo, hi] = std::minmax_element(m.begin(), m.end());
  // D_t = M / sum M: misclassified (noisy) points keep M = 1, well-classified ones decay.
  EXPECT_EQ(*hi, 1.0);
  EXPECT_LT(*lo, 0.5);
  EXPECT_TRUE(booster.rule_note().empty());
  // At 003's scale s = 3 n log m the same 30 rounds leave every weight within 1% of 1: the note says so.
  std::unique_ptr<Session> still =
      run("#v=1&data=gaussian&n=300&d=5&noise=uniform&eta=0.1&learner=smooth_boost_averaging"
          "&l.gamma=0.05&l.rounds=30&seed=7");
  const auto& still_booster = dynamic_cast<const SmoothBoost&>(still->learner());
  const auto [lo2, hi2] =
      std::minmax_element(still_booster.boost_weights().begin(), still_booster.boost_weights().end());
  EXPECT_GT(*lo2, 1.0 - SmoothBoost::kStillWeight);
  EXPECT_NE(still_booster.rule_note().find("have not moved after 30 rounds"), std::string::npos);
}

TEST(StopReason, AMuAtC10RemovesPointsInHighDimensionsOnly) {
  std::unique_ptr<Session> high = run("#v=1&data=gaussian&n=300&d=60&learner=pca_outlier_removal&l.c=10&seed=4");
  ASSERT_TRUE(high);
  ASSERT_NE(high->learner().removed_examples(), nullptr);
  EXPECT_GT(high->learner().removed_examples()->size(), 0u);
  std::unique_ptr<Session> low = run("#v=1&data=separable&n=300&d=5&learner=pca_outlier_removal&l.c=10&seed=4");
  ASSERT_TRUE(low);
  EXPECT_EQ(low->learner().removed_examples()->size(), 0u);
  EXPECT_NE(low->learner().rule_note().find("no example can be removed"), std::string::npos)
      << low->learner().rule_note();
}

TEST(StopReason, EveryNameIsDistinctAndSnakeCase) {
  for (size_t a = 0; a < std::size(kStopReasons); ++a) {
    for (char ch : kStopReasons[a].name) EXPECT_TRUE((ch >= 'a' && ch <= 'z') || ch == '_') << kStopReasons[a].name;
    EXPECT_FALSE(kStopReasons[a].meaning.empty());
    for (size_t b = a + 1; b < std::size(kStopReasons); ++b) EXPECT_NE(kStopReasons[a].name, kStopReasons[b].name);
  }
}

}  // namespace stop_reason_test
}  // namespace ml
