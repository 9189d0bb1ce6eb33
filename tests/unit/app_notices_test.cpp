// The sidebar's notices (app/app_state.h): errors first, newest first, then warnings, newest first; one
// dismissed leaves the others.
#include <gtest/gtest.h>

#include <vector>

#include "app/app_state.h"

namespace ml::app {
namespace {

TEST(AppNoticesTest, ErrorsComeFirstAndTheNewestLeads) {
  const std::vector<Notice> stored = {
      {"old warning", false}, {"old error", true}, {"new warning", false}, {"new error", true}};
  EXPECT_EQ(notice_display_order(stored), (std::vector<size_t>{3, 1, 2, 0}));
  EXPECT_TRUE(notice_display_order({}).empty());
  EXPECT_EQ(notice_display_order({{"w1", false}, {"w2", false}}), (std::vector<size_t>{1, 0}));
}

}  // namespace
}  // namespace ml::app
