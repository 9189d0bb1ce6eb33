// marginlab app — touch on the page applied to Dear ImGui's input (the gestures are app/models/touch_gestures.h).
//
// ImGui 1.86 has no input queue and no touch: each frame, before ImGui::NewFrame, the pointer the gestures make
// replaces the cursor and the left button the GLFW backend read (emscripten's GLFW emulation would press at the
// cursor's last position). A drag that leaves its slop is decided with ImGui's own state of the last frame: a
// slider or drag widget dragged sideways, or the 2-D view (its window takes no wheel), get the mouse's drag;
// vertically over a window that scrolls, the window follows the finger (SetScrollY) and the press is dropped; over the
// app's stacked column (App::stacked) the drag turns into wheel notches. A pinch zooms the view under it.
//
// A phone's keyboard opens only for a focused DOM input: the page keeps a hidden one (web/touch.js) whose value
// is mirrored into the ImGui text field being edited (set_text) and back (active_text).
#pragma once

#include <string>

#include "app/models/touch_gestures.h"
#include "imgui.h"

struct ImGuiWindow;

namespace ml::app {

// The page's touch, applied to ImGui's input once per frame.
class TouchInput {
 public:
  // The gestures the page's touch events feed.
  TouchGestures& gestures() { return gestures_; }
  // The app scrolls its stacked column itself with the wheel (App::stacked): a vertical drag outside any
  // scrolling window becomes wheel notches of `notch_pixels` each.
  void set_column(bool scrolls, float notch_pixels) {
    column_scrolls_ = scrolls;
    column_notch_ = notch_pixels;
  }
  // How many of the page's pixels one of ImGui's units is (App::text_scale): a scroll drag moves a window by the
  // finger's distance in ImGui's units. (The pointer's position is scaled by App::scale_io with the mouse's.)
  void set_unit(float page_pixels) { unit_ = page_pixels; }
  // Where a drag pans rather than scrolls (the 2-D view's image, in ImGui's units): in a window that takes no wheel
  // scrolling (the View panel), a drag that starts outside it scrolls the stacked column, so that a view as wide
  // as the screen does not stop the finger from scrolling past it.
  void set_pan_area(ImVec2 min, ImVec2 max) {
    pan_min_ = min;
    pan_max_ = max;
  }
  // This frame's pointer into ImGuiIO, and the hidden input's edits into the active text field. Call after the
  // backends' NewFrame (and the host's own adjustments), before ImGui::NewFrame; `now` in seconds.
  void apply(double now);
  // The hidden input's whole value and caret (UTF-16 units, as the DOM counts): the active text field gets them.
  void set_text(const std::string& value, int caret);
  // Enter (or the keyboard's Done) in the hidden input: commits the field.
  void press_enter() { enter_pending_ = true; }

 private:
  TouchDrag decide(float x0, float y0, float dx, float dy);  // the drag's kind, from ImGui's last frame
  void apply_text_edits();                                   // set_text and press_enter, into the active field
  void scroll_chained(float dy);  // a scroll drag of dy page pixels: the window, then the column

  TouchGestures gestures_;
  bool column_scrolls_ = false;
  float column_notch_ = 75.0f;
  float unit_ = 1.0f;                     // set_unit
  ImVec2 pan_min_, pan_max_;              // set_pan_area
  ImGuiWindow* press_window_ = nullptr;   // the window under the press
  ImGuiWindow* scroll_window_ = nullptr;  // the window a scroll drag moves
  bool text_pending_ = false;
  std::string text_;
  int caret_ = -1;
  int caret_pending_ = -1;  // the caret to place once the text has gone in
  bool enter_pending_ = false;
  int key_to_release_ = -1;  // a key pressed for one frame
};

// True in the frame whose release ends a long-press (the View adds a point with it: app/panels/view_panel.cpp).
bool touch_long_press_now();
// The ImGui text field being edited: its text and selection (UTF-16 units); false when none is.
bool active_text(std::string* text, int* selection_start, int* selection_end);
// True when the last frame's cursor was over a text field (ImGui showed the text cursor there).
bool text_field_hovered();
// A number field that takes no negative value calls this when the cursor is over it or it is being edited: the
// phone's keyboard for it is the decimal pad (web/touch.js sets the hidden input's inputmode).
void note_decimal_field();
// True when this frame's text field under the cursor or being edited is such a number field.
bool decimal_field_now();

}  // namespace ml::app
