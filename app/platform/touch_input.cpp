// marginlab app — touch on the page applied to Dear ImGui's input (see touch_input.h).
#include "app/platform/touch_input.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "imgui.h"
#include "imgui_internal.h"

namespace ml::app {

namespace {
bool g_long_press_now = false;  // touch_long_press_now()

// The text state of the field being edited, or nullptr.
ImGuiInputTextState* active_text_state() {
  ImGuiContext& g = *GImGui;
  return g.ActiveId != 0 && g.InputTextState.ID == g.ActiveId ? &g.InputTextState : nullptr;
}
}  // namespace

bool touch_long_press_now() { return g_long_press_now; }

bool text_field_hovered() { return ImGui::GetMouseCursor() == ImGuiMouseCursor_TextInput; }

namespace {
int g_decimal_frame = -1;  // the frame in which note_decimal_field was last called
}  // namespace

void note_decimal_field() { g_decimal_frame = ImGui::GetFrameCount(); }

bool decimal_field_now() { return g_decimal_frame == ImGui::GetFrameCount(); }

bool active_text(std::string* text, int* selection_start, int* selection_end) {
  const ImGuiInputTextState* state = active_text_state();
  if (!state) return false;
  const ImWchar* w = state->TextW.Data;
  const int n = state->CurLenW;
  text->assign(static_cast<size_t>(ImTextCountUtf8BytesFromStr(w, w + n)) + 1, '\0');
  const int bytes = ImTextStrToUtf8(text->data(), static_cast<int>(text->size()), w, w + n);
  text->resize(static_cast<size_t>(bytes));
  *selection_start = std::min(state->Stb.select_start, state->Stb.select_end);
  *selection_end = std::max(state->Stb.select_start, state->Stb.select_end);
  if (*selection_start == *selection_end) *selection_start = *selection_end = state->Stb.cursor;
  return true;
}

void TouchInput::set_text(const std::string& value, int caret) {
  text_ = value;
  caret_ = caret;
  text_pending_ = true;
}

// The hidden input's value replaces the field's whole text (select all, then the characters), so whatever the
// phone's keyboard did (autocorrect, a paste, a deletion) arrives as it is; the caret follows a frame later.
void TouchInput::apply_text_edits() {
  ImGuiIO& io = ImGui::GetIO();
  if (key_to_release_ >= 0) {
    io.KeysDown[key_to_release_] = false;
    key_to_release_ = -1;
    return;  // a key is pressed for one whole frame, then released for one
  }
  ImGuiInputTextState* state = active_text_state();
  if (!state) {
    text_pending_ = enter_pending_ = false;
    caret_pending_ = -1;
    return;
  }
  if (caret_pending_ >= 0) {
    state->Stb.cursor = state->Stb.select_start = state->Stb.select_end = std::min(caret_pending_, state->CurLenW);
    caret_pending_ = -1;
  }
  if (text_pending_) {
    text_pending_ = false;
    state->SelectAll();
    if (text_.empty()) {
      key_to_release_ = io.KeyMap[ImGuiKey_Backspace];
    } else {
      io.AddInputCharactersUTF8(text_.c_str());
      caret_pending_ = caret_;
    }
  } else if (enter_pending_) {
    enter_pending_ = false;
    key_to_release_ = io.KeyMap[ImGuiKey_Enter];
  }
  if (key_to_release_ >= 0) io.KeysDown[key_to_release_] = true;
}

TouchDrag TouchInput::decide(float x0, float y0, float dx, float dy) {
  ImGuiContext& g = *GImGui;
  // A slider or drag widget held (ImGui marks them as taking the left and right keys) drags sideways as with
  // the mouse; a vertical drag that starts on one scrolls, as everywhere else.
  const bool vertical = std::fabs(dy) >= std::fabs(dx);
  const ImU32 left_right = (1u << ImGuiDir_Left) | (1u << ImGuiDir_Right);
  if (!vertical && g.ActiveId != 0 && (g.ActiveIdUsingNavDirMask & left_right) != 0) return TouchDrag::mouse;
  for (ImGuiWindow* w = press_window_; w; w = (w->Flags & ImGuiWindowFlags_ChildWindow) ? w->ParentWindow : nullptr) {
    if (w->Flags & ImGuiWindowFlags_NoScrollWithMouse) {  // the 2-D view pans; its controls scroll the column
      const ImVec2 at(x0 / unit_, y0 / unit_);
      if (at.x >= pan_min_.x && at.x <= pan_max_.x && at.y >= pan_min_.y && at.y <= pan_max_.y) return TouchDrag::mouse;
      continue;
    }
    if (w->ScrollMax.y > 0) {
      if (!vertical) return TouchDrag::mouse;
      scroll_window_ = w;
      ImGui::ClearActiveID();  // the button under the press does not click
      return TouchDrag::scroll;
    }
  }
  if (vertical && column_scrolls_) {
    ImGui::ClearActiveID();
    return TouchDrag::wheel;
  }
  return TouchDrag::mouse;
}

void TouchInput::scroll_chained(float dy) {
  const float target = scroll_window_->Scroll.y - dy / unit_;
  const float end = std::clamp(target, 0.0f, scroll_window_->ScrollMax.y);
  ImGui::SetScrollY(scroll_window_, end);
  // What the window could not take, the stacked column takes (as a page scrolls once a box in it is at its end).
  const float left_px = (end - target) * unit_;
  if (left_px != 0 && column_scrolls_ && column_notch_ > 0) ImGui::GetIO().MouseWheel = left_px / column_notch_;
}

void TouchInput::apply(double now) {
  g_long_press_now = false;
  apply_text_edits();
  const TouchPointer p =
      gestures_.frame(now, [this](float x0, float y0, float dx, float dy) { return decide(x0, y0, dx, dy); });
  if (!p.owned) return;
  ImGuiContext& g = *GImGui;
  ImGuiIO& io = ImGui::GetIO();
  if (p.cancel) ImGui::ClearActiveID();  // a second finger: the press ends without a click
  if (p.pressed_now) {
    press_window_ = g.HoveredWindow;  // the window under the cursor in the frame that moved it there
    scroll_window_ = nullptr;
  }
  io.MousePos = p.hidden ? ImVec2(-FLT_MAX, -FLT_MAX) : ImVec2(p.x, p.y);
  for (bool& down : io.MouseDown) down = false;
  io.MouseDown[0] = p.down;
  io.MouseWheel = io.MouseWheelH = 0;
  g_long_press_now = p.long_press;
  if (p.drag == TouchDrag::scroll && scroll_window_ && p.scroll_dy != 0) scroll_chained(p.scroll_dy);
  if (p.drag == TouchDrag::wheel && column_notch_ > 0) io.MouseWheel = p.scroll_dy / column_notch_;
  // A pinch zooms what takes no wheel scrolling (the 2-D view); over a panel it does nothing.
  if (p.pinch_notches != 0 && g.HoveredWindow && (g.HoveredWindow->Flags & ImGuiWindowFlags_NoScrollWithMouse))
    io.MouseWheel = p.pinch_notches;
}

}  // namespace ml::app
