// Tests of what the panels offer and what their widgets do (app/models/ui_model.h): every learner of the
// registry, every noise model and every generator is reachable from the UI and gives a run; panels hide
// through the link; widgets follow the field table; the confusion-matrix presets are column-stochastic.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "app/models/ui_model.h"
#include "core/config/fields.h"
#include "core/data/generator_ids.h"
#include "core/learners/registry.h"
#include "core/noise/noise.h"
#include "core/noise/noise_ids.h"
#include "core/session/session.h"

namespace ml::app {
namespace app_ui_model_test {

const Field& field(const char* key) {
  const Field* f = find_field(key);
  EXPECT_NE(f, nullptr) << key;
  return *f;
}

// A small experiment so that every walk below builds quickly.
Config small_config() {
  Config c;
  c.generator.n = 80;
  c.steps = 20;
  return c;
}

// What a click on choice `index` of a choice field does, then validation (as AppState::apply does).
Config click_choice(const Config& c, const char* key, size_t index, std::vector<std::string>* notes) {
  SettingValue v = field(key).get(c);
  v.number = static_cast<double>(index);
  Config next = apply_field_edit(c, field(key), v, notes);
  validate(next);
  return next;
}

TEST(AppUiModel, EveryRegistryLearnerIsOfferedAndRuns) {
  const std::vector<Choice> offered = setting_choices(field("learner"));
  ASSERT_EQ(offered.size(), learner_registry().size());
  ASSERT_FALSE(offered.empty());
  for (size_t i = 0; i < offered.size(); ++i) {
    const LearnerEntry& entry = learner_registry()[i];
    EXPECT_EQ(offered[i].id, entry.schema.id);
    // The click: the learner field's widget writes the id.
    Config c = small_config();
    SettingValue v;
    v.text = entry.schema.id;
    std::vector<std::string> notes;
    Config next = apply_field_edit(c, field("learner"), v, &notes);
    const std::vector<std::string> warnings = validate(next);
    EXPECT_EQ(next.learner, entry.schema.id) << "validation moved away from the chosen learner";
    EXPECT_TRUE(next.params.empty());
    Result<std::unique_ptr<Session>> s = Session::create(next, nullptr);
    ASSERT_TRUE(s.ok()) << entry.schema.id << ": " << s.error().message;
    s.value()->advance(5);
    EXPECT_GE(s.value()->steps(), 1) << entry.schema.id;
    // Every parameter of the schema gets a widget (the Learner panel iterates schema.params) and a
    // changed value reaches the config the session is built from.
    for (const Setting& p : entry.schema.params) {
      const double other = p.type == SettingType::boolean ? 1 - p.default_value.number
                           : p.type == SettingType::choice
                               ? (p.choices.size() > 1 ? (p.default_value.number == 0 ? 1 : 0) : 0)
                               : (p.default_value.number == p.max ? p.min : p.max);
      if (other == p.default_value.number) continue;
      Config with = set_learner_param(next, p.key, other);
      validate(with);
      EXPECT_EQ(learner_param_value(with, p), other) << entry.schema.id << " l." << p.key;
    }
  }
}

TEST(AppUiModel, EveryNoiseModelIsOfferedAndRuns) {
  const std::vector<Choice> offered = setting_choices(field("noise"));
  std::set<std::string> names;
  for (const Choice& c : offered) names.insert(c.id);
  for (NoiseModel m : {NoiseModel::none, NoiseModel::uniform, NoiseModel::confusion, NoiseModel::malicious,
                       NoiseModel::adversarial, NoiseModel::outliers})
    EXPECT_TRUE(names.count(std::string(noise_model_name(m)))) << noise_model_name(m);
  for (size_t i = 0; i < offered.size(); ++i) {
    std::vector<std::string> notes;
    Config c = click_choice(small_config(), "noise", i, &notes);
    NoiseModel parsed;
    ASSERT_TRUE(parse_noise_model(offered[i].id, &parsed));
    EXPECT_EQ(c.noise.model, parsed);
    if (parsed == NoiseModel::confusion) {
      EXPECT_EQ(c.noise.confusion.size(), 4u);  // a 2 x 2 matrix appeared
    }
    Result<std::unique_ptr<Session>> s = Session::create(c, nullptr);
    ASSERT_TRUE(s.ok()) << offered[i].id << ": " << s.error().message;
    if (parsed != NoiseModel::none) {
      EXPECT_GT(s.value()->data().noise.corrupted, 0) << offered[i].id;
    }
  }
}

TEST(AppUiModel, EveryGeneratorIsOfferedAndRuns) {
  const std::vector<Choice> offered = setting_choices(field("data"));
  int generators = 0;
  for (size_t i = 0; i < offered.size(); ++i) {
    if (offered[i].id == "csv") continue;  // needs a file: AppState tests cover it
    ++generators;
    std::vector<std::string> notes;
    Config c = click_choice(small_config(), "data", i, &notes);
    EXPECT_FALSE(c.use_csv);
    EXPECT_EQ(generator_name(c.generator.kind), offered[i].id);
    Result<std::unique_ptr<Session>> s = Session::create(c, nullptr);
    ASSERT_TRUE(s.ok()) << offered[i].id << ": " << s.error().message;
    // A multiclass generator under a binary learner switched the learner (when one exists), never failed.
    if (generator_is_multiclass(c.generator.kind)) {
      const LearnerEntry* e = find_learner(c.learner);
      ASSERT_NE(e, nullptr);
      EXPECT_TRUE(e->schema.multiclass || !notes.empty());
    }
  }
  EXPECT_EQ(generators, builtin_generator_count());
}

TEST(AppUiModel, BinaryLearnerOnMulticlassDataSwitchesTheData) {
  Config c = small_config();
  c.generator.kind = Generator::blobs;
  c.learner = "";  // whatever; the click below chooses the perceptron
  SettingValue v;
  v.text = "perceptron";
  std::vector<std::string> notes;
  Config next = apply_field_edit(c, field("learner"), v, &notes);
  EXPECT_EQ(next.learner, "perceptron");
  EXPECT_EQ(next.generator.kind, Generator::separable);
  EXPECT_EQ(notes.size(), 1u);
}

TEST(AppUiModel, AStoredTextSizeIsOneOfTheMenusOrTheDefault) {
  EXPECT_EQ(parse_text_size("150"), 150);
  EXPECT_EQ(parse_text_size("200"), 200);
  EXPECT_EQ(parse_text_size("100"), 100);
  // Nothing stored, a size the menu does not offer, or not a number: the default, never a size out of the menu.
  EXPECT_EQ(parse_text_size(""), 100);
  EXPECT_EQ(parse_text_size("151"), 100);
  EXPECT_EQ(parse_text_size("400"), 100);
  EXPECT_EQ(parse_text_size(" 150"), 100);
  EXPECT_EQ(parse_text_size("1.5"), 100);
  EXPECT_EQ(std::size(kTextSizes), 5u);
  EXPECT_EQ(kTextSizes[std::size(kTextSizes) - 1], 200);  // what a 200 % zoom asks of the layout (touch_test)
}

TEST(AppUiModel, PanelsHideThroughTheLink) {
  Config c;
  for (std::string_view p : kPanelNames) EXPECT_TRUE(panel_visible(c, p));
  c.hidden_panels = {"noise", "plots"};
  EXPECT_FALSE(panel_visible(c, "noise"));
  EXPECT_FALSE(panel_visible(c, "plots"));
  EXPECT_TRUE(panel_visible(c, "view"));
  // The hide widget is the field table's name_list: it offers exactly the panel names.
  const std::vector<Choice> offered = setting_choices(field("hide"));
  ASSERT_EQ(offered.size(), kPanelNames.size());
  for (size_t i = 0; i < offered.size(); ++i) EXPECT_EQ(offered[i].id, kPanelNames[i]);
}

TEST(AppUiModel, PanelFieldsFollowTheTableAndTheGenerator) {
  Config c;  // separable
  auto keys = [](const std::vector<const Field*>& fs) {
    std::vector<std::string> k;
    for (const Field* f : fs) k.push_back(f->key);
    return k;
  };
  std::vector<std::string> data = keys(panel_fields("data", c));
  EXPECT_EQ(data.front(), "data");
  EXPECT_NE(std::find(data.begin(), data.end(), "margin"), data.end());
  EXPECT_NE(std::find(data.begin(), data.end(), "ball"), data.end());
  EXPECT_EQ(std::find(data.begin(), data.end(), "q"), data.end());    // separable has no classes
  EXPECT_EQ(std::find(data.begin(), data.end(), "csv"), data.end());  // not a CSV run
  c.generator.kind = Generator::blobs;
  data = keys(panel_fields("data", c));
  EXPECT_NE(std::find(data.begin(), data.end(), "q"), data.end());
  EXPECT_NE(std::find(data.begin(), data.end(), "spread"), data.end());
  EXPECT_EQ(std::find(data.begin(), data.end(), "margin"), data.end());
  // Table order is kept, and every field of a panel is one of the table's rows for that panel.
  for (std::string_view panel : kPanelNames) {
    size_t last = 0;
    for (const Field* f : panel_fields(panel, c)) {
      EXPECT_EQ(f->panel, panel);
      const size_t at = static_cast<size_t>(f - config_fields().data());
      EXPECT_GE(at, last);
      last = at;
    }
  }
  // Only the version and the trace's resolution, never shown by a panel (the resolution is a link setting).
  EXPECT_EQ(keys(panel_fields("", c)), (std::vector<std::string>{"v", "trace"}));
}

// The Confusion panel draws noise_confusion_matrix(config.noise, Q); UMA's "given" C is the same call's
// result, resolved by the session into Problem::known_confusion. The panel's "UMA refuses it" threshold
// is UMA's own max_cond.
TEST(AppUiModel, ConfusionPanelAndUmaShareTheNoiseMatrix) {
  Config c;
  c.generator.kind = Generator::classes;
  c.generator.n = 120;
  c.generator.dims = 3;
  c.generator.classes = 3;
  c.generator.margin = 0.05;
  c.noise.model = NoiseModel::confusion;
  c.noise.confusion = {0.8, 0.1, 0.2, 0.1, 0.7, 0.1, 0.1, 0.2, 0.7};  // columns sum to 1
  c.learner = "uma";
  Eigen::MatrixXd by_hand(3, 3);
  by_hand << 0.8, 0.1, 0.2, 0.1, 0.7, 0.1, 0.1, 0.2, 0.7;
  for (int model = 0; model < 2; ++model) {
    if (model == 1) {
      c.noise.model = NoiseModel::uniform;
      c.noise.rate = 0.3;
      by_hand.setConstant(0.15);
      by_hand.diagonal().setConstant(0.7);
    }
    Result<std::unique_ptr<Session>> s = Session::create(c, nullptr);
    ASSERT_TRUE(s.ok()) << s.error().message;
    bool estimated = true;
    const Eigen::MatrixXd* uma_c = s.value()->learner().confusion_in_use(&estimated, nullptr);
    ASSERT_NE(uma_c, nullptr);
    EXPECT_FALSE(estimated);
    const Result<Eigen::MatrixXd> panel_c = noise_confusion_matrix(c.noise, 3);
    ASSERT_TRUE(panel_c.ok());
    EXPECT_EQ(*uma_c, panel_c.value());
    EXPECT_TRUE(panel_c.value().isApprox(by_hand, 1e-15)) << panel_c.value();
  }
  // Not a matrix: the panel says so, and UMA (given) refuses the run.
  c.noise.model = NoiseModel::malicious;
  EXPECT_EQ(noise_confusion_matrix(c.noise, 3).error().code, "noise.not_a_matrix");
  // The refusal threshold: UMA's default max_cond (1e6), or the link's l.max_cond for UMA.
  c.learner = "perceptron";
  EXPECT_TRUE(learners_refusing_condition(c, 1e6).empty());
  EXPECT_EQ(learners_refusing_condition(c, 2e6), std::vector<std::string>{find_learner("uma")->schema.name});
  c.learner = "uma";
  c.params = {{"max_cond", 100}};
  EXPECT_TRUE(learners_refusing_condition(c, 100).empty());
  EXPECT_EQ(learners_refusing_condition(c, 101), std::vector<std::string>{find_learner("uma")->schema.name});
}

TEST(AppUiModel, SameExperimentIgnoresViewOnlyFields) {
  Config a, b;
  b.hidden_panels = {"data"};
  b.steps = 5;
  EXPECT_TRUE(same_experiment(a, b));
  b.seed = 2;
  EXPECT_FALSE(same_experiment(a, b));
}

TEST(AppUiModel, ConfusionPresetsAreColumnStochastic) {
  for (int preset = 0; preset < static_cast<int>(confusion_preset_names().size()); ++preset) {
    for (int q : {2, 3, 10}) {
      const Eigen::MatrixXd c = confusion_preset(static_cast<ConfusionPreset>(preset), q, 0.2, 7, 10);
      ASSERT_EQ(c.rows(), q);
      EXPECT_LT(confusion_column_error(c), 1e-9) << confusion_preset_names()[static_cast<size_t>(preset)] << " q=" << q;
      EXPECT_TRUE(validate_confusion(c).ok());
    }
  }
  // next class, q = 3, eta = 0.2: class 0 goes to 1, 1 to 2, 2 to 0 with probability 0.2.
  const Eigen::MatrixXd n = confusion_preset(ConfusionPreset::next_class, 3, 0.2, 1, 0);
  EXPECT_DOUBLE_EQ(n(0, 0), 0.8);
  EXPECT_DOUBLE_EQ(n(1, 0), 0.2);
  EXPECT_DOUBLE_EQ(n(2, 1), 0.2);
  EXPECT_DOUBLE_EQ(n(0, 2), 0.2);
  EXPECT_DOUBLE_EQ(n(2, 0), 0.0);
  // The paper's family at i = 0 is the identity.
  EXPECT_TRUE(confusion_preset(ConfusionPreset::family, 4, 0, 3, 0).isApprox(Eigen::MatrixXd::Identity(4, 4)));
  // The row-by-row list and the matrix agree; a list of the wrong size gives the identity.
  const Eigen::MatrixXd m = confusion_matrix_of({0.9, 0.3, 0.1, 0.7}, 2);
  EXPECT_DOUBLE_EQ(m(0, 1), 0.3);
  EXPECT_DOUBLE_EQ(m(1, 0), 0.1);
  EXPECT_TRUE(confusion_matrix_of({1, 2, 3}, 2).isApprox(Eigen::MatrixXd::Identity(2, 2)));
  EXPECT_DOUBLE_EQ(confusion_column_error(m), 0);
  EXPECT_NEAR(confusion_column_error(confusion_matrix_of({0.9, 0.3, 0.2, 0.7}, 2)), 0.1, 1e-12);
}

}  // namespace app_ui_model_test
}  // namespace ml::app
