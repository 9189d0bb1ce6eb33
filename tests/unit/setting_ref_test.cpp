// Tests of the typed setting reference (core/config/setting_ref.h), the link keys the URL code gives it
// (core/config/url.h) and the one learner registry the tests register their rows in.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/config/link.h"
#include "core/config/setting_ref.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "tests/unit/hand_built_learners.h"

namespace ml {
namespace setting_ref_test {

TEST(SettingRef, AFieldReadsAndWritesItsConfigMember) {
  const SettingRef n = field_ref("n");
  EXPECT_FALSE(n.is_param());
  EXPECT_EQ(url_key(n), "n");
  Config c;
  n.set_number(c, 321);
  EXPECT_EQ(c.generator.n, 321);
  EXPECT_EQ(n.number(c), 321);
}

TEST(SettingRef, AParameterKeepsOnlyNonDefaultValuesSortedByName) {
  const test::HandBuiltLearners rows;
  const std::optional<SettingRef> sigma = param_ref("hb_kernel", "sigma");
  const std::optional<SettingRef> degree = param_ref("hb_kernel", "degree");
  ASSERT_TRUE(sigma && degree);
  EXPECT_EQ(url_key(*sigma), "l.sigma");
  Config c;
  c.learner = "hb_kernel";
  EXPECT_EQ(sigma->number(c), 1);  // the schema's default
  sigma->set_number(c, 2.5);
  degree->set_number(c, 7);
  ASSERT_EQ(c.params.size(), 2u);
  EXPECT_EQ(c.params[0], (ParamValue{"degree", 7}));
  EXPECT_EQ(c.params[1], (ParamValue{"sigma", 2.5}));
  sigma->set_number(c, 1);  // back to the default: dropped, as validate() keeps them
  ASSERT_EQ(c.params.size(), 1u);
  EXPECT_EQ(c.params[0].name, "degree");
}

TEST(SettingRef, ALinkKeyResolvesToAFieldOrTheFirstLearnerWithTheParameter) {
  const test::HandBuiltLearners rows;
  EXPECT_TRUE(resolve_url_key("eta", {}).has_value());
  EXPECT_FALSE(resolve_url_key("nope", {"perceptron"}).has_value());
  EXPECT_FALSE(resolve_url_key("l.sigma", {"perceptron"}).has_value());  // perceptron has no sigma
  const std::optional<SettingRef> sigma = resolve_url_key("l.sigma", {"perceptron", "hb_kernel"});
  ASSERT_TRUE(sigma.has_value());
  EXPECT_EQ(sigma->learner(), "hb_kernel");
  EXPECT_EQ(*sigma, *param_ref("hb_kernel", "sigma"));
  EXPECT_FALSE(*sigma == field_ref("n"));
  EXPECT_EQ(param_url_name("l.sigma"), "sigma");
  EXPECT_TRUE(is_param_url_key("l.x"));
  EXPECT_FALSE(is_param_url_key("lx"));
}

TEST(LearnerRegistry, AScopedRowComesAndGoesWithItsScope) {
  const size_t before = learner_schemas().size();
  {
    const test::HandBuiltLearners rows;
    ASSERT_EQ(learner_schemas().size(), before + 2);
    EXPECT_EQ(learner_schemas()[before].id, "hb_kernel");
    EXPECT_NE(find_learner_schema("hb_multi"), nullptr);
  }
  EXPECT_EQ(learner_schemas().size(), before);
  EXPECT_EQ(find_learner_schema("hb_kernel"), nullptr);
  // Another row of the same count replaces the schemas' copy (a cache keyed on the count would keep the old).
  const ScopedLearnerRow other(test::hand_built_row(test::hand_built_multiclass_schema()));
  EXPECT_EQ(learner_schemas().back().id, "hb_multi");
}

// Validation never looks at the budget; settle() is validation, then the budget.
TEST(Link, SettleIsValidationThenTheBudget) {
  Config c;
  c.learner = std::string(test::TestOnlyLearner::kId);
  c.params = {{"passes", 1000000}};  // a step of passes x n x d, over the step limit
  c.generator.n = 100000;
  c.noise.rate = 0.7;  // out of range: a validation warning first
  Config validated = c;
  const std::vector<std::string> validation = validate(validated);
  Config settled = c;
  const std::vector<std::string> all = settle(settled);
  ASSERT_GT(all.size(), validation.size()) << "the budget adds its lowering";
  EXPECT_TRUE(std::equal(validation.begin(), validation.end(), all.begin()));
  EXPECT_NE(all.back().find("over the resource budget"), std::string::npos) << all.back();
}

}  // namespace setting_ref_test
}  // namespace ml
