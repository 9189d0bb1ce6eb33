// Tests of the learner registry (core/learners/registry.h): one consistent row per learner, parameters
// whose defaults lie in their ranges, decoding and encoding typed parameters, and every learner running from a config.
#include "core/learners/registry.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "core/data/generator_ids.h"
#include "core/learners/kernel_perceptron.h"
#include "core/learners/rp_classifier.h"
#include "core/session/session.h"

namespace ml {
namespace registry_test {

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
    for (const Setting& p : e.schema.params) {
      SCOPED_TRACE(p.key);
      EXPECT_TRUE(names.insert(p.key).second) << "duplicate parameter";
      EXPECT_FALSE(p.help.empty());
      EXPECT_LE(p.min, p.default_value.number);
      EXPECT_GE(p.max, p.default_value.number);
      if (p.type == SettingType::choice) {
        EXPECT_EQ(p.max + 1, static_cast<double>(p.choices.size()));
      }
      if (p.type == SettingType::boolean) {
        EXPECT_TRUE(p.default_value.number == 0 || p.default_value.number == 1);
      }
    }
  }
  for (const char* id : {"perceptron", "kernel_perceptron", "averaging", "bylander"})
    EXPECT_NE(find_learner(id), nullptr) << id;
  EXPECT_EQ(find_learner("no_such_learner"), nullptr);
  ASSERT_EQ(learner_schemas().size(), rows.size());
  for (size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(learner_schemas()[i].id, rows[i].schema.id);
}

TEST(RegistryTest, DecodeFillsDefaultsAndEncodeKeepsTheRest) {
  const ParamTable<KernelPerceptronParams>& table = KernelPerceptronParams::table();
  const KernelPerceptronParams p = table.decode({{"width_c", 4.0}, {"kernel", 1}});
  EXPECT_EQ(p.width_c, 4.0);
  EXPECT_EQ(p.kernel, KernelKind::polynomial);
  EXPECT_EQ(p.degree, 2);  // defaults from KernelPerceptronParams{}
  EXPECT_EQ(p.sigma, 1.0);
  EXPECT_TRUE(p.normalize);
  EXPECT_EQ(p.order, VisitOrder::cyclic);
  // Encoding writes the non-default members only, sorted by name, as Config::params keeps them.
  EXPECT_EQ(table.encode(p), (ParamValues{{"kernel", 1}, {"width_c", 4.0}}));
  EXPECT_TRUE(table.encode(KernelPerceptronParams{}).empty());
  // A member reached by composition reads and writes the nested struct.
  RpClassifierParams rp;
  rp.cnoise.eta = 0.25;
  rp.kernel.landmarks = 7;
  const ParamValues values = RpClassifierParams::table().encode(rp);
  EXPECT_EQ(values, (ParamValues{{"eta", 0.25}, {"landmarks", 7}}));
  const RpClassifierParams back = RpClassifierParams::table().decode(values);
  EXPECT_EQ(back.cnoise.eta, 0.25);
  EXPECT_EQ(back.kernel.landmarks, 7);
  EXPECT_EQ(back.cnoise.updates, 300);
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

}  // namespace registry_test
}  // namespace ml
