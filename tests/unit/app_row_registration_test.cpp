// marginlab tests — the app's Data and Noise panels list a generator and a noise model registered at run
// time (tests/unit/test_only_*.cpp), with the rows' display names and tooltips, and show the fields the
// rows read (row_registration_test.cpp checks the core's consumers).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/models/ui_model.h"
#include "core/config/fields.h"
#include "tests/unit/test_only_generator.h"
#include "tests/unit/test_only_noise.h"

namespace ml::app {
namespace app_row_registration_test {

// The choice with this id, or nullptr.
const Choice* find_choice(const std::vector<Choice>& choices, const std::string& id) {
  for (const Choice& c : choices)
    if (c.id == id) return &c;
  return nullptr;
}

std::vector<std::string> keys_of(const std::vector<const Field*>& fields) {
  std::vector<std::string> keys;
  for (const Field* f : fields) keys.push_back(f->key);
  return keys;
}

TEST(AppRowRegistration, DataPanelOffersTheRegisteredGenerator) {
  EXPECT_EQ(find_choice(setting_choices(*find_field("data")), "test_cube"), nullptr);
  ScopedGeneratorRow cube(test::test_only_generator_row());
  const std::vector<Choice> offered = setting_choices(*find_field("data"));
  const Choice* choice = find_choice(offered, "test_cube");
  ASSERT_NE(choice, nullptr);
  EXPECT_EQ(choice->label, "Test cube");
  EXPECT_EQ(choice->help, "Uniform in [-1,1]^3, +1 iff x1 + x2 + x3 >= 0 (tests/unit/test_only_generator.h)");
  EXPECT_EQ(offered.back().id, "csv");
  // A click on it selects the generator; the panel then shows n but not d (the row reads only n).
  SettingValue v;
  v.number = static_cast<double>(choice - offered.data());
  Config c = apply_field_edit(Config{}, *find_field("data"), v, nullptr);
  EXPECT_EQ(c.generator.kind, cube.value());
  const std::vector<std::string> keys = keys_of(panel_fields("data", c));
  EXPECT_NE(std::find(keys.begin(), keys.end(), "n"), keys.end());
  EXPECT_EQ(std::find(keys.begin(), keys.end(), "d"), keys.end());
}

TEST(AppRowRegistration, NoisePanelOffersTheRegisteredModel) {
  ScopedNoiseRow first(test::test_only_noise_row());
  const std::vector<Choice> offered = setting_choices(*find_field("noise"));
  const Choice* choice = find_choice(offered, "test_first");
  ASSERT_NE(choice, nullptr);
  EXPECT_EQ(choice->label, "Test: first examples");
  SettingValue v;
  v.number = static_cast<double>(choice - offered.data());
  const Config c = apply_field_edit(Config{}, *find_field("noise"), v, nullptr);
  EXPECT_EQ(c.noise.model, first.value());
  EXPECT_EQ(keys_of(panel_fields("noise", c)), (std::vector<std::string>{"noise", "eta"}));
}

}  // namespace app_row_registration_test
}  // namespace ml::app
