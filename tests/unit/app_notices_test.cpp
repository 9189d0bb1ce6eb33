// The sidebar's notices (app/state/app_state.h): errors first, newest first, then warnings, newest first; one
// dismissed leaves the others. And a setting's display name (plot titles and axes): a field's label, a learner
// parameter's label, else the key.
#include <gtest/gtest.h>

#include <vector>

#include "app/models/ui_model.h"
#include "app/state/app_state.h"

namespace ml::app {
namespace app_notices_test {

TEST(AppNoticesTest, ErrorsComeFirstAndTheNewestLeads) {
  const std::vector<Notice> stored = {
      {"old warning", false}, {"old error", true}, {"new warning", false}, {"new error", true}};
  EXPECT_EQ(notice_display_order(stored), (std::vector<size_t>{3, 1, 2, 0}));
  EXPECT_TRUE(notice_display_order({}).empty());
  EXPECT_EQ(notice_display_order({{"w1", false}, {"w2", false}}), (std::vector<size_t>{1, 0}));
}

TEST(AppNoticesTest, SettingsAreNamedByTheirLabelsNotTheirKeys) {
  EXPECT_EQ(setting_display_name("eta"), find_field("eta")->label);
  EXPECT_EQ(setting_display_name("fam"), "Confusion strength");
  EXPECT_NE(setting_display_name("l.confusion"), "l.confusion");
  EXPECT_EQ(setting_display_name("l.no_such_parameter"), "l.no_such_parameter");
}

}  // namespace app_notices_test
}  // namespace ml::app
