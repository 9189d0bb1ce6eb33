// A learner is one registry row: the test-only learner (tests/unit/test_only_learner.{h,cpp}, registered at
// start-up, no other file edited for it) appears in the URL codec, `marginlab learners`' JSON, the resource
// budget with the cost it declares, and the app's learner list, and it runs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/models/ui_model.h"
#include "core/config/budget.h"
#include "core/config/fields.h"
#include "core/config/link.h"
#include "core/config/registry_json.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "nlohmann/json.hpp"
#include "test_only_learner.h"
#include "test_session.h"

namespace ml {
namespace app_learner_registration_test {

using test::TestOnlyLearner;

const std::string kId(TestOnlyLearner::kId);

TEST(LearnerRegistration, TheRowIsInTheRegistryAfterTheBuiltInOnes) {
  const LearnerEntry* row = find_learner(kId);
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(&learner_registry().back(), row);
  EXPECT_EQ(learner_schemas().back().id, kId);
  EXPECT_EQ(learner_schemas().size(), learner_registry().size());
}

TEST(LearnerRegistration, TheUrlCodecReadsAndWritesItsLinks) {
  const DecodeResult d = decode_link("#v=1&data=separable&n=100&d=3&learner=" + kId + "&l.passes=3");
  EXPECT_TRUE(d.warnings.empty()) << d.warnings.front();
  EXPECT_EQ(d.config.learner, kId);
  EXPECT_EQ(d.config.params, (ParamValues{{"passes", 3}}));
  const std::string link = encode_url(d.config);
  EXPECT_NE(link.find("learner=" + kId), std::string::npos) << link;
  EXPECT_NE(link.find("l.passes=3"), std::string::npos) << link;
  EXPECT_EQ(decode_link(link).config, d.config);
  // Its parameter is range-checked like any other.
  const DecodeResult bad = decode_link("#v=1&learner=" + kId + "&l.passes=0");
  ASSERT_FALSE(bad.warnings.empty());
  EXPECT_NE(bad.warnings.front().find("l.passes"), std::string::npos) << bad.warnings.front();
}

TEST(LearnerRegistration, ItRunsAsASession) {
  const auto s = test::trained("#v=1&data=separable&n=100&d=3&seed=4&learner=" + kId + "&l.passes=2", 1000);
  ASSERT_NE(s, nullptr);
  EXPECT_TRUE(s->done());
  EXPECT_EQ(s->steps(), 2 * s->data().train.rows());  // passes x n steps, then done
  EXPECT_LT(s->metrics().train_error_true, 0.5);      // the centroid direction beats chance on separable data
}

TEST(LearnerRegistration, LearnersJsonListsItWithItsParameters) {
  const nlohmann::json list = nlohmann::json::parse(learner_registry_json(true));
  const nlohmann::json& row = list.back();
  EXPECT_EQ(row["id"], kId);
  EXPECT_EQ(row["type"], "binary");
  ASSERT_EQ(row["params"].size(), 1u);
  EXPECT_EQ(row["params"][0]["url_key"], "l.passes");
  EXPECT_EQ(row["params"][0]["default"], 1);
}

TEST(LearnerRegistration, TheBudgetChargesItsDeclaredCostAndLowersItsSize) {
  Config c = decode_link("#v=1&data=separable&n=10000&d=10&learner=" + kId + "&l.passes=100").config;
  const DataShape shape = generated_shape(c);
  const ResourceCost cost = estimate_resources(c, shape);
  const int step = static_cast<int>(Resource::step);
  // The declared term, passes x n x d, plus a recorded row scoring every example (N (d + 1)).
  EXPECT_EQ(cost.amount[step], 100 * shape.train * shape.dims + shape.examples * (shape.dims + 1));
  EXPECT_EQ(cost.part[step], TestOnlyLearner::kStepPart);
  EXPECT_EQ(url_key(budget_fields(c).back()), "l.passes");
  // Over the step limit: the fit lowers l.passes, naming it, to the largest value that fits.
  c.params = {{"passes", 1000000}};
  std::vector<std::string> warnings;
  fit_to_budget(c, warnings);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].rfind("field 'l.passes': 1000000 is over the resource budget", 0), 0u) << warnings[0];
  ASSERT_EQ(c.params.size(), 1u);
  const double passes = c.params[0].value;
  auto step_cost = [&](double p) { return p * shape.train * shape.dims + shape.examples * (shape.dims + 1); };
  EXPECT_LE(step_cost(passes), kBudgetLimits[step].limit);
  EXPECT_GT(step_cost(passes + 1), kBudgetLimits[step].limit);
}

TEST(LearnerRegistration, TheAppOffersIt) {
  const std::vector<app::Choice> offered = app::setting_choices(*find_field("learner"));
  ASSERT_FALSE(offered.empty());
  EXPECT_EQ(offered.back().id, kId);
  EXPECT_NE(offered.back().label.find("Test-only centroid"), std::string::npos) << offered.back().label;
}

}  // namespace app_learner_registration_test
}  // namespace ml
