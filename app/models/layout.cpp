// marginlab app — where the panels go on a screen of a given size (see layout.h).
#include "app/models/layout.h"

#include <algorithm>
#include <cmath>

namespace ml::app {

ScreenLayout layout_screen(const LayoutInput& in) {
  ScreenLayout out;
  const float scale = in.font_size / 15.0f;
  const bool narrow = in.width < kNarrowWidth * scale;
  const bool short_touch = in.touch && in.height < kShortHeight * scale;
  if (!narrow && !short_touch) return out;
  if (!in.touch || in.width < kColumnWidth * scale) {
    out.kind = LayoutKind::stacked;
    out.toolbar_scrolls = in.toolbar_height > kToolbarShare * in.height;
    return out;
  }
  out.kind = LayoutKind::sheet;
  const float top = in.toolbar_height, below = std::max(0.0f, in.height - top);
  out.landscape = in.width > in.height;
  if (!in.view) {
    out.view = {0, top, 0, 0};
    out.tabs = {0, top, in.width, in.tab_height};
    out.sheet = {0, top + in.tab_height, in.width, std::max(0.0f, below - in.tab_height)};
  } else if (out.landscape) {
    // The view a square on the left, as tall as the room under the toolbar and at most half the width.
    const float side = std::round(std::min(below, in.width * 0.5f));
    out.view = {0, top, side, below};
    out.tabs = {side, top, in.width - side, in.tab_height};
    out.sheet = {side, top + in.tab_height, in.width - side, std::max(0.0f, below - in.tab_height)};
  } else {
    // The view's image at most square, and at least kViewShare of the screen however many rows the toolbar
    // wrapped into (kReadingViewShare beside a lesson's text), its controls above it, as long as the panel keeps
    // kSheetTargets touch targets (kFormSheetShare of the height for the settings' form, after the view's floor);
    // the panel under the tabs in the rest.
    const float image = in.reading ? in.height * kReadingViewShare : std::max(below * 0.45f, in.height * kViewShare);
    const float wanted = in.view_chrome + std::min(in.width, image);
    const float targets = kSheetTargets * kTouchTarget * scale;
    const float sheet_least = std::max(targets, in.form ? in.height * kFormSheetShare : 0.0f);
    const float room = below - in.tab_height - sheet_least;
    const float floor = std::min({in.view_floor * in.height, wanted, below - in.tab_height - targets});
    const float view_h = std::max({0.0f, std::round(std::min(wanted, room)), std::ceil(floor)});
    out.view = {0, top, in.width, view_h};
    out.tabs = {0, top + view_h, in.width, in.tab_height};
    out.sheet = {0, top + view_h + in.tab_height, in.width, std::max(0.0f, below - view_h - in.tab_height)};
  }
  return out;
}

float touch_frame_padding(float font_size) { return std::max(3.0f, std::ceil((kTouchTarget - font_size) * 0.5f)); }

}  // namespace ml::app
