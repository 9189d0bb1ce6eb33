// marginlab tests — a generator and a noise model declared by one registry row each, in their own file
// pairs (test_only_generator.*, test_only_noise.*), and registered at run time, reach every consumer with
// no other file edited: the URL codec (a link parses, round-trips and runs through Session), the field
// table (choices, conditions), `marginlab url --doc` (render_url_reference) and the budget's shape. The
// app's choices are checked in app_row_registration_test.cpp. Registration keeps the built-ins' ids,
// order and numbering, and refuses a duplicate id.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/config/budget.h"
#include "core/config/fields.h"
#include "core/config/link.h"
#include "core/config/url.h"
#include "core/data/generator_ids.h"
#include "core/learners/registry.h"
#include "core/noise/noise_ids.h"
#include "core/session/session.h"
#include "tests/unit/test_only_generator.h"
#include "tests/unit/test_only_noise.h"

namespace ml {
namespace row_registration_test {

bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// Decodes a link that must need no correction, and checks that it re-encodes to itself.
Config decode_exactly(const std::string& link) {
  const DecodeResult decoded = decode_link(link);
  EXPECT_TRUE(decoded.warnings.empty()) << link << ": " << (decoded.warnings.empty() ? "" : decoded.warnings[0]);
  EXPECT_EQ(encode_url(decoded.config), link);
  return decoded.config;
}

std::unique_ptr<Session> run(const Config& config, int64_t steps) {
  Result<std::unique_ptr<Session>> s = Session::create(config, nullptr);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
  if (!s.ok()) return nullptr;
  s.value()->advance(steps);
  return std::move(s.value());
}

TEST(RowRegistration, RegisteredGeneratorLinkParsesRoundTripsAndRuns) {
  ScopedGeneratorRow cube(test::test_only_generator_row());
  EXPECT_EQ(static_cast<int>(cube.value()), builtin_generator_count());  // numbered after the built-ins
  const Config c = decode_exactly("#v=1&data=test_cube&n=60&learner=perceptron&seed=3");
  EXPECT_FALSE(c.use_csv);
  EXPECT_EQ(c.generator.kind, cube.value());
  EXPECT_EQ(c.generator.n, 60);
  std::unique_ptr<Session> s = run(c, 50);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->data().train.cols(), 3);  // the row's make function built the data
  EXPECT_EQ(s->data().train.rows() + s->data().test.rows(), 60);
  EXPECT_GT(s->steps(), 0);
  // A parameter the row does not read is not in effect (the panel hides it), as for a built-in.
  EXPECT_TRUE(field_in_effect(*find_field("n"), c));
  EXPECT_FALSE(field_in_effect(*find_field("d"), c));
  EXPECT_FALSE(field_in_effect(*find_field("spread"), c));
}

TEST(RowRegistration, RegisteredNoiseModelLinkParsesRoundTripsAndRuns) {
  ScopedNoiseRow first(test::test_only_noise_row());
  EXPECT_EQ(static_cast<int>(first.value()), builtin_noise_model_count());
  const Config c = decode_exactly("#v=1&data=separable&n=200&noise=test_first&eta=0.2&learner=perceptron&seed=4");
  EXPECT_EQ(c.noise.model, first.value());
  EXPECT_EQ(c.noise.rate, 0.2);  // eta applies: the row reads it
  EXPECT_TRUE(field_applies(*find_field("eta"), c));
  EXPECT_FALSE(field_applies(*find_field("sampling"), c));  // the row does not read it
  EXPECT_FALSE(field_applies(*find_field("rough"), c));     // noise is not none
  std::unique_ptr<Session> s = run(c, 10);
  ASSERT_NE(s, nullptr);
  const Dataset& train = s->data().train;
  const int flipped = rounded_count(0.2, train.rows());
  EXPECT_EQ(s->data().noise.corrupted, flipped);  // the row's apply function ran on the training part
  for (int i = 0; i < flipped; ++i)
    EXPECT_NE(train.label[static_cast<size_t>(i)], train.true_label[static_cast<size_t>(i)]);
  // A setting it does not read is refused with the condition's own words.
  const DecodeResult extra =
      decode_link("#v=1&data=separable&noise=test_first&sampling=exact&learner=perceptron&seed=1");
  ASSERT_EQ(extra.warnings.size(), 1u);
  EXPECT_EQ(extra.warnings[0], "field 'sampling' has an effect only when noise=uniform, confusion, malicious, family "
                               "or mixed; 'exact' ignored");
}

TEST(RowRegistration, FieldChoicesAndConditionsFollowTheRows) {
  const std::vector<std::string> data_before = find_field("data")->choices;
  const std::vector<std::string> noise_before = find_field("noise")->choices;
  {
    ScopedGeneratorRow cube(test::test_only_generator_row());
    ScopedNoiseRow first(test::test_only_noise_row());
    const Field& data = *find_field("data");
    // The built-ins keep their ids and numbers; the new row follows them; csv stays last.
    ASSERT_EQ(data.choices.size(), data_before.size() + 1);
    EXPECT_TRUE(std::equal(data_before.begin(), data_before.end() - 1, data.choices.begin()));
    EXPECT_EQ(data.choices[static_cast<size_t>(builtin_generator_count())], "test_cube");
    EXPECT_EQ(data.choices.back(), "csv");
    EXPECT_EQ(data.max, static_cast<double>(builtin_generator_count() + 1));
    const Field& noise = *find_field("noise");
    ASSERT_EQ(noise.choices.size(), noise_before.size() + 1);
    EXPECT_TRUE(std::equal(noise_before.begin(), noise_before.end(), noise.choices.begin()));
    EXPECT_EQ(noise.choices.back(), "test_first");
    EXPECT_EQ(find_field("eta")->applies_when, "noise=uniform, malicious, adversarial, mixed or test_first");
    // A built-in link means what it meant.
    EXPECT_EQ(decode_exactly("#v=1&data=spiral&noise=mixed&learner=perceptron&seed=2").generator.kind,
              Generator::spiral);
    EXPECT_TRUE(decode_exactly("#v=1&data=csv&learner=perceptron&seed=2").use_csv);
  }
  EXPECT_EQ(find_field("data")->choices, data_before);  // unregistered: the table is as it was
  EXPECT_EQ(find_field("noise")->choices, noise_before);
  EXPECT_EQ(find_field("eta")->applies_when, "noise=uniform, malicious, adversarial or mixed");
}

TEST(RowRegistration, UrlDocListsTheRegisteredRowsAndOnlyThen) {
  const std::string before = render_url_reference();
  EXPECT_EQ(before.find("test_cube"), std::string::npos);
  {
    ScopedGeneratorRow cube(test::test_only_generator_row());
    ScopedNoiseRow first(test::test_only_noise_row());
    const std::string doc = render_url_reference();
    EXPECT_NE(doc.find("`spiral`, `test_cube`, `csv`"), std::string::npos);
    EXPECT_NE(doc.find("`mixed`, `test_first` |"), std::string::npos);
    EXPECT_NE(doc.find("| noise=uniform, malicious, adversarial, mixed or test_first |"), std::string::npos);
  }
  EXPECT_EQ(render_url_reference(), before);  // the built-ins' text is unchanged
}

TEST(RowRegistration, BudgetShapeComesFromTheRow) {
  ScopedGeneratorRow cube(test::test_only_generator_row());
  Config c = decode_exactly("#v=1&data=test_cube&n=500&learner=perceptron&seed=1");
  c.generator.dims = 7;  // ignored by the row: its data has 3 columns
  const DataShape shape = generated_shape(c);
  EXPECT_EQ(shape.examples, 500);
  EXPECT_EQ(shape.input_dims, 3);
  std::vector<std::string> keys;
  for (const SettingRef& setting : budget_fields(c)) keys.push_back(url_key(setting));
  EXPECT_TRUE(contains(keys, "n"));
  EXPECT_FALSE(contains(keys, "d"));  // the row does not read d
  EXPECT_FALSE(contains(keys, "concepts"));
}

TEST(RowRegistration, DuplicateOrMalformedIdsAreRefused) {
  GeneratorRow again = test::test_only_generator_row();
  ScopedGeneratorRow cube(test::test_only_generator_row());
  Result<Generator> twice = register_generator(again);
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().code, "gen.duplicate_id");
  again.id = "separable";
  EXPECT_EQ(register_generator(again).error().code, "gen.duplicate_id");
  again.id = "csv";  // the data field's own choice
  EXPECT_EQ(register_generator(again).error().code, "gen.bad_row");
  again.id = "Bad id";
  EXPECT_EQ(register_generator(again).error().code, "gen.bad_row");
  EXPECT_EQ(generator_rows().size(), static_cast<size_t>(builtin_generator_count() + 1));  // nothing was added

  NoiseRow noise = test::test_only_noise_row();
  ScopedNoiseRow first(test::test_only_noise_row());
  EXPECT_EQ(register_noise_model(noise).error().code, "noise.duplicate_id");
  noise.id = "uniform";
  EXPECT_EQ(register_noise_model(noise).error().code, "noise.duplicate_id");
  noise.id = "";
  EXPECT_EQ(register_noise_model(noise).error().code, "noise.bad_row");
  EXPECT_EQ(noise_rows().size(), static_cast<size_t>(builtin_noise_model_count() + 1));
}

TEST(RowRegistration, BuiltinRowsAreCompleteAndNumberedByTheirEnums) {
  std::vector<std::string> ids;
  ASSERT_EQ(generator_rows().size(), static_cast<size_t>(builtin_generator_count()));
  for (size_t i = 0; i < generator_rows().size(); ++i) {
    const GeneratorRow& row = generator_rows()[i];
    EXPECT_FALSE(contains(ids, row.id)) << row.id;
    ids.push_back(row.id);
    EXPECT_FALSE(row.name.empty() || row.description.empty() || row.citation.empty()) << row.id;
    EXPECT_NE(row.make, nullptr) << row.id;
    EXPECT_EQ(&generator_row(generator_at(i)), &row);
  }
  EXPECT_EQ(generator_row(Generator::spiral).id, "spiral");  // the last enumerator is the last built-in row
  ids.clear();
  ASSERT_EQ(noise_rows().size(), static_cast<size_t>(builtin_noise_model_count()));
  for (const NoiseRow& row : noise_rows()) {
    EXPECT_FALSE(contains(ids, row.id)) << row.id;
    ids.push_back(row.id);
    EXPECT_FALSE(row.name.empty() || row.description.empty()) << row.id;
    EXPECT_EQ(row.apply == nullptr, row.id == "none") << row.id;  // only `none` changes nothing
  }
  EXPECT_EQ(noise_row(NoiseModel::mixed).id, "mixed");
  // The rows' properties that replaced comparisons with particular generators.
  EXPECT_EQ(generator_row(Generator::finite).concepts, GeneratedConcepts::sphere);
  EXPECT_EQ(generator_row(Generator::thresholds).concepts, GeneratedConcepts::thresholds);
  EXPECT_TRUE(generator_row(Generator::basis).adaptive_labels);
  for (const GeneratorRow& row : generator_rows()) EXPECT_EQ(row.adaptive_labels, row.id == "basis") << row.id;
}

}  // namespace row_registration_test
}  // namespace ml
