// Tests of the learner registry (core/learners/registry.h): one consistent row per learner, parameters
// whose defaults lie in their ranges, resolve_params, and every learner running from a config.
#include "core/learners/registry.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "core/session/session.h"

namespace ml {
namespace {

TEST(RegistryTest, RowsAreConsistent) {
  const auto& rows = learner_registry();
  ASSERT_GE(rows.size(), 4u);
  std::set<std::string> ids;
  for (const LearnerEntry& e : rows) {
    SCOPED_TRACE(e.schema.id);
    EXPECT_TRUE(ids.insert(e.schema.id).second) << "duplicate id";
    EXPECT_FALSE(e.schema.name.empty());
    EXPECT_FALSE(e.citation.empty());
    ASSERT_NE(e.make, nullptr);
    EXPECT_NE(e.make(), nullptr);
    EXPECT_EQ(find_learner(e.schema.id), &e);
    std::set<std::string> names;
    for (const ParamSpec& p : e.schema.params) {
      SCOPED_TRACE(p.name);
      EXPECT_TRUE(names.insert(p.name).second) << "duplicate parameter";
      EXPECT_FALSE(p.help.empty());
      EXPECT_LE(p.min, p.default_value);
      EXPECT_GE(p.max, p.default_value);
      if (p.kind == ParamKind::choice) {
        EXPECT_EQ(p.max + 1, static_cast<double>(p.choices.size()));
      }
      if (p.kind == ParamKind::boolean) EXPECT_TRUE(p.default_value == 0 || p.default_value == 1);
    }
  }
  for (const char* id : {"perceptron", "kernel_perceptron", "averaging", "bylander"}) EXPECT_NE(find_learner(id), nullptr) << id;
  EXPECT_EQ(find_learner("no_such_learner"), nullptr);
  ASSERT_EQ(learner_schemas().size(), rows.size());
  for (size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(learner_schemas()[i].id, rows[i].schema.id);
}

TEST(RegistryTest, ResolveParamsFillsDefaultsInSchemaOrder) {
  const LearnerEntry* e = find_learner("kernel_perceptron");
  ASSERT_NE(e, nullptr);
  const std::vector<double> v = resolve_params(e->schema, {{"width_c", 4.0}, {"kernel", 1}});
  ASSERT_EQ(v.size(), e->schema.params.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const ParamSpec& p = e->schema.params[i];
    if (p.name == "width_c") EXPECT_EQ(v[i], 4.0);
    else if (p.name == "kernel") EXPECT_EQ(v[i], 1.0);
    else EXPECT_EQ(v[i], p.default_value) << p.name;
  }
}

TEST(RegistryTest, EveryLearnerRunsFromABinaryConfig) {
  for (const LearnerEntry& e : learner_registry()) {
    SCOPED_TRACE(e.schema.id);
    Config config;
    config.generator.kind = Generator::separable;
    config.generator.n = 120;
    config.generator.dims = 3;
    config.learner = e.schema.id;
    Result<std::unique_ptr<Session>> s = Session::create(config, nullptr);
    ASSERT_TRUE(s.ok()) << s.error().message;
    s.value()->advance(50);
    const SessionMetrics m = s.value()->metrics();
    EXPECT_GE(m.steps, 1);
    EXPECT_TRUE(std::isfinite(m.train_error_true));
    EXPECT_EQ(s.value()->trace().columns().size(), kTraceStandardColumns + m.counters.size());
  }
}

}  // namespace
}  // namespace ml
