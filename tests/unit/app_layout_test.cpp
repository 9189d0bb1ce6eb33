// Tests of the screen layout (app/models/layout.h) on the sizes of real screens: phones (360-430 x 640-932 CSS px)
// get the sheet layout in portrait and landscape, tablets (768-1024 x 1024-1366) and desktops the wide one,
// a narrow desktop window the stacked column; in the sheet layout the view, the tabs and the panel lie on the
// screen without overlapping, the panel is wide enough for a form (labels and widgets) and tall enough for a
// few touch targets.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "app/models/layout.h"

namespace ml::app {
namespace app_layout_test {

// Portrait sizes (width, height) of phones and tablets.
const std::vector<std::pair<float, float>> kPhones = {{360, 640}, {375, 667}, {390, 844},
                                                      {393, 852}, {412, 915}, {430, 932}};
const std::vector<std::pair<float, float>> kTablets = {
    {768, 1024}, {810, 1080}, {820, 1180}, {834, 1194}, {1024, 1366}};

LayoutInput input(float w, float h, bool touch) {
  LayoutInput in;
  in.width = w;
  in.height = h;
  in.touch = touch;
  // The toolbar as tall as it gets at these widths with touch targets (215 px measured at 390 px wide, with
  // a row more at 360; two rows of controls and one of results in landscape).
  in.toolbar_height = w < h ? 270 : 150;
  in.tab_height = kTouchTarget + 8;
  return in;
}

bool on_screen(const Box& b, float w, float h) {
  return b.x >= 0 && b.y >= 0 && b.x + b.w <= w + 0.01f && b.y + b.h <= h + 0.01f;
}

TEST(AppLayout, PhonesGetTheSheetInPortraitAndLandscape) {
  for (const auto& [w, h] : kPhones) {
    for (const bool landscape : {false, true}) {
      const float W = landscape ? h : w, H = landscape ? w : h;
      const ScreenLayout l = layout_screen(input(W, H, true));
      ASSERT_EQ(l.kind, LayoutKind::sheet) << W << "x" << H;
      EXPECT_EQ(l.landscape, landscape);
      for (const Box& b : {l.view, l.tabs, l.sheet}) EXPECT_TRUE(on_screen(b, W, H)) << W << "x" << H;
      EXPECT_GE(l.sheet.w, 15 * 9.2f + 15 * 6 + 30) << "a form's label column and a widget fit";
      EXPECT_GE(l.sheet.h, 3 * kTouchTarget) << W << "x" << H;
      EXPECT_GE(l.view.w, 150);
      EXPECT_GE(l.view.h, 150);
      // No overlap: in portrait one under another, in landscape the view beside the rest.
      if (landscape) {
        EXPECT_LE(l.view.x + l.view.w, l.tabs.x);
      } else {
        EXPECT_LE(l.view.y + l.view.h, l.tabs.y);
      }
      EXPECT_LE(l.tabs.y + l.tabs.h, l.sheet.y);
    }
  }
}

// However many rows the toolbar wraps into, the portrait view's image keeps kViewShare of the screen (besides
// the view's controls) while the panel keeps its touch targets (a 40 px image, where a pinch could not zoom,
// was the defect this guards).
TEST(AppLayout, ThePortraitViewKeepsItsShareOfTheHeight) {
  for (const auto& [w, h] : kPhones) {
    for (const float toolbar : {150.0f, 270.0f, 330.0f}) {
      for (const float chrome : {0.0f, 180.0f}) {
        LayoutInput in = input(w, h, true);
        in.toolbar_height = toolbar;
        in.view_chrome = chrome;
        const ScreenLayout l = layout_screen(in);
        const float room = h - toolbar - in.tab_height - kSheetTargets * kTouchTarget;
        const float image = l.view.h - chrome;
        EXPECT_GE(image, std::min(h * kViewShare, room - chrome) - 0.5f) << w << "x" << h << " toolbar " << toolbar;
        EXPECT_GE(l.sheet.h, kSheetTargets * kTouchTarget - 0.5f) << w << "x" << h << " toolbar " << toolbar;
        EXPECT_LE(image, w + 0.5f);  // never taller than square
      }
    }
  }
  // The phone of the touch test: a 237 px toolbar and 183 px of the view's controls leave the image 28 %.
  LayoutInput phone = input(390, 844, true);
  phone.toolbar_height = 237;
  phone.view_chrome = 183;
  EXPECT_GE(layout_screen(phone).view.h - 183, 844 * 0.25f);
  phone.view_chrome = 0;
  EXPECT_GE(layout_screen(phone).view.h, 844 * kViewShare - 0.5f);
}

// Beside a lesson's text (reading) the portrait view's image shrinks to kReadingViewShare of the screen and
// the panel gets the rest: on the lesson test's phone the Next button sat under the screen's edge.
TEST(AppLayout, ALessonsTextGetsTheRoomTheViewYields) {
  for (const auto& [w, h] : kPhones) {
    LayoutInput in = input(w, h, true);
    in.view_chrome = 120;
    const ScreenLayout looking = layout_screen(in);
    in.reading = true;
    const ScreenLayout reading = layout_screen(in);
    const float room = h - in.toolbar_height - in.tab_height - kSheetTargets * kTouchTarget;
    EXPECT_NEAR(reading.view.h - in.view_chrome, std::min(std::round(h * kReadingViewShare), room - in.view_chrome),
                0.5f)
        << w << "x" << h;
    EXPECT_NEAR(reading.sheet.h - looking.sheet.h, looking.view.h - reading.view.h, 0.5f) << w << "x" << h;
  }
  // The lesson test's phone: its 237 px toolbar and 183 px of view controls.
  LayoutInput phone = input(390, 844, true);
  phone.toolbar_height = 237;
  phone.view_chrome = 183;
  const ScreenLayout looking = layout_screen(phone);
  phone.reading = true;
  const ScreenLayout reading = layout_screen(phone);
  EXPECT_NEAR(reading.view.h - 183, std::round(844 * kReadingViewShare), 0.5f);
  EXPECT_GT(reading.sheet.h, looking.sheet.h);
}

// The settings' form keeps a third of a portrait phone's height (it had 85 px, under two rows, beside the view);
// in Compare the view keeps kCompareViewShare first, and the form what is left, never under kSheetTargets.
TEST(AppLayout, TheFormKeepsAThirdAndCompareKeepsItsView) {
  for (const auto& [w, h] : kPhones) {
    LayoutInput in = input(w, h, true);
    in.toolbar_height = 200;
    in.view_chrome = 50;
    const ScreenLayout looking = layout_screen(in);
    in.form = true;
    const ScreenLayout form = layout_screen(in);
    EXPECT_GE(form.sheet.h, h * kFormSheetShare - 0.5f) << w << "x" << h;
    EXPECT_LT(looking.sheet.h, h * kFormSheetShare) << w << "x" << h;  // the form's share is what made the room
    EXPECT_NEAR(form.view.h, h - in.toolbar_height - in.tab_height - std::round(h * kFormSheetShare), 1.0f);
    in.toolbar_height = 290;  // Compare's toolbar: three learners' lines
    in.view_floor = kCompareViewShare;
    const ScreenLayout compare = layout_screen(in);
    const float room = h - in.toolbar_height - in.tab_height - kSheetTargets * kTouchTarget;
    EXPECT_GE(compare.view.h, std::min(h * kCompareViewShare, room)) << w << "x" << h;  // 35 %, not 34.95
    EXPECT_GE(compare.sheet.h, kSheetTargets * kTouchTarget - 1.0f) << w << "x" << h;   // the floor rounds up
    EXPECT_NEAR(compare.view.y + compare.view.h + in.tab_height + compare.sheet.h, h, 0.5f);
  }
  // The touch test's phone: the image keeps a quarter of the height beside the form, the view 35 % in Compare.
  LayoutInput phone = input(390, 844, true);
  phone.toolbar_height = 200;
  phone.view_chrome = 50;
  phone.form = true;
  EXPECT_GE(layout_screen(phone).view.h - 50, 844 * 0.25f);
  phone.toolbar_height = 290;
  phone.view_floor = kCompareViewShare;
  EXPECT_GE(layout_screen(phone).view.h, 844 * kCompareViewShare);
}

// A sweep has no 2-D view: on a phone its tabs come right under the toolbar and its panel takes the rest, so the
// sweep's plot gets most of the screen (issue: it was squeezed into the view's place, a 25 px strip).
TEST(AppLayout, ASweepOnAPhoneHasTheSheetToItself) {
  for (const auto& [w, h] : kPhones) {
    for (const bool landscape : {false, true}) {
      const float W = landscape ? h : w, H = landscape ? w : h;
      LayoutInput in = input(W, H, true);
      in.view = false;
      const ScreenLayout l = layout_screen(in);
      ASSERT_EQ(l.kind, LayoutKind::sheet);
      EXPECT_EQ(l.view.h, 0);
      EXPECT_EQ(l.tabs.y, in.toolbar_height);
      EXPECT_EQ(l.tabs.w, W);
      EXPECT_EQ(l.sheet.y, in.toolbar_height + in.tab_height);
      EXPECT_FLOAT_EQ(l.sheet.y + l.sheet.h, H);
      EXPECT_EQ(l.sheet.w, W);
    }
  }
}

TEST(AppLayout, TabletsAndDesktopsKeepTheWideLayout) {
  for (const auto& [w, h] : kTablets) {
    EXPECT_EQ(layout_screen(input(w, h, true)).kind, LayoutKind::wide) << w << "x" << h;
    EXPECT_EQ(layout_screen(input(h, w, true)).kind, LayoutKind::wide) << h << "x" << w;
  }
  EXPECT_EQ(layout_screen(input(1280, 800, false)).kind, LayoutKind::wide);
  EXPECT_EQ(layout_screen(input(1280, 500, false)).kind, LayoutKind::wide);  // a short desktop window: unchanged
  EXPECT_EQ(layout_screen(input(600, 800, false)).kind, LayoutKind::stacked);
  EXPECT_EQ(layout_screen(input(390, 844, false)).kind, LayoutKind::stacked);
}

TEST(AppLayout, AScreenUnderTheColumnWidthStacksEvenWithTouch) {
  // A 390 px phone at a 150 % text size lays out 260 units wide; at 125 %, 312: the sheet still.
  EXPECT_EQ(layout_screen(input(312, 675, true)).kind, LayoutKind::sheet);
  EXPECT_EQ(layout_screen(input(kColumnWidth, 675, true)).kind, LayoutKind::sheet);
  EXPECT_EQ(layout_screen(input(kColumnWidth - 1, 675, true)).kind, LayoutKind::stacked);
  EXPECT_EQ(layout_screen(input(195, 422, true)).kind, LayoutKind::stacked);
  // The toolbar scrolls with the column when it needs more than kToolbarShare of the height, and only then.
  LayoutInput in = input(195, 422, true);
  in.toolbar_height = 0.3f * 422;
  EXPECT_FALSE(layout_screen(in).toolbar_scrolls);
  in.toolbar_height = 0.3f * 422 + 1;
  EXPECT_TRUE(layout_screen(in).toolbar_scrolls);
  // A mouse's narrow window too (a desktop at 200 % zoom: 640 x 400 CSS px), never a wide one.
  in = input(640, 400, false);
  in.toolbar_height = 190;
  EXPECT_TRUE(layout_screen(in).toolbar_scrolls);
  in.width = 1280;
  EXPECT_FALSE(layout_screen(in).toolbar_scrolls);
  EXPECT_EQ(layout_screen(in).kind, LayoutKind::wide);
}

TEST(AppLayout, TheThresholdsScaleWithTheFont) {
  LayoutInput in = input(800, 900, true);
  EXPECT_EQ(layout_screen(in).kind, LayoutKind::wide);
  in.font_size = 18;  // 760 x 18/15 = 912 > 800
  EXPECT_EQ(layout_screen(in).kind, LayoutKind::sheet);
}

TEST(AppLayout, TouchPaddingMakesFramesTouchTargets) {
  EXPECT_GE(15 + 2 * touch_frame_padding(15), kTouchTarget);
  EXPECT_GE(13 + 2 * touch_frame_padding(13), kTouchTarget);
  EXPECT_EQ(touch_frame_padding(60), 3.0f);  // never less than the desktop's padding
}

}  // namespace app_layout_test
}  // namespace ml::app
