// marginlab app — what every panel is given, and the small helpers the panels share (fixed panel windows,
// two-column forms, dim notes). A panel is a small class owning its own state; App (app/app.h) lays the
// panels out and composes them.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "app/models/text_fit.h"
#include "app/panels/probes.h"
#include "app/platform/platform.h"
#include "app/state/app_state.h"
#include "imgui.h"

namespace ml::app {

// The app's state and host, shared by every panel.
struct PanelContext {
  AppState& state;       // config, URL, session, time slices
  Platform& platform;    // the host's services
  std::string& message;  // what the last export, copy or file read did (the Share and Export panels show it)
  ImFont** font_small;   // the small font (tick labels, dense tables), set by App::setup_imgui
  Probes* probes;        // where named widgets were drawn this frame (status JSON, for the tests)
  const bool* touch;     // a touch screen: targets a finger's size, hints that name the finger
};

// The screen is a touch screen (ctx.touch, which App sets from the page's coarse pointer).
inline bool on_touch(const PanelContext& ctx) { return ctx.touch && *ctx.touch; }
// Continues the line when an item `width` pixels wide still fits in the window, else the item starts the next
// line (narrow windows: controls wrap instead of running off the edge).
void same_line_if_fits(float width);
// The width of a button labelled `label` (its text and frame padding).
float button_width(const char* label);
// The width of a field with a button after it: what leaves the button room on the line, or the whole line when
// that would leave the field under kFormWidgetLines font sizes (the button then goes under it: same_line_if_fits).
float width_beside(const char* button_label);
// A small button with a mouse (ImGui::SmallButton); on a touch screen a full frame, a touch target.
bool compact_button(const PanelContext& ctx, const char* label);

// What every panel holds: the shared context (a panel class derives from it and inherits its constructor).
class Panel {
 public:
  // The panel works on the shared context.
  explicit Panel(PanelContext ctx) : ctx_(ctx) {}

 protected:
  PanelContext ctx_;
};

// Records the last widget's rectangle under `name` in ctx.probes (the end-to-end tests tap and measure it).
void probe(const PanelContext& ctx, const std::string& name);

// Begins a fixed panel window at pos/size; the title bar shows the panel's name.
bool begin_panel(const char* title, ImVec2 pos, ImVec2 size, ImGuiWindowFlags extra = 0);
// Width of the label column of the panels' two-column tables.
float label_width();
// The least width a form's widget keeps beside its label, in font sizes: a narrower form puts labels above widgets.
inline constexpr float kFormWidgetLines = 7.0f;
// Starts a label/widget table (one column, each label above its widget, when the width cannot keep
// kFormWidgetLines beside label_width()); returns false when it could not begin.
bool begin_form(const char* id);
// One row: the label (fitted to its column, help and the whole label on hover), then the widget's place is
// current with full width (beside the label, or under it in a one-column form).
void form_row(const std::string& label, const std::string& help);
// The width of `text` in the current font (what the text-fitting functions measure with).
float text_width(std::string_view text);
// `text` as it fits `width` pixels in the current font (app/models/text_fit): whole, or cut with "...".
FittedText fit_to_width(std::string_view text, float width);
// ImGui::BeginCombo with the preview fitted to the combo's width (ImGui 1.86 would cut it at the arrow with no
// sign): the whole preview in a tooltip when it is cut. The width is the next item width, else the default.
bool fitted_combo(const char* id, const std::string& preview, ImGuiComboFlags flags = 0);
// ImGui::InputText (InputTextWithHint with a `hint`) whose text, while the field is not being edited and is wider
// than the field, is shown cut with "..." (the whole text in a tooltip); a click edits the whole text as usual.
// Returns InputText's result. The panels draw every combo and text field through these two helpers
// (AppFittedWidgets checks the sources).
bool fitted_text_field(const char* id, std::string* text, ImGuiInputTextFlags flags = 0, const char* hint = nullptr);
// A dim, wrapped line of text (read-outs under the widgets).
void note(const char* fmt, ...) IM_FMTARGS(1);
// A dim hint after the last widget: on its line when it fits there, else on the next line (wrapped), so a
// narrow panel never cuts it.
void trailing_hint(const char* text);
// Compare's legend: a line in each learner's colour and its name as a radio button (checked: the focused
// learner), wrapped onto more lines when the width runs out; starts with `label` when not empty. Returns
// the learner clicked (-1 when none). Learners that could not be built show their error on hover.
int compare_legend(const CompareModel& compare, const char* label);

// What the last rendered frame's texts look like to the checks of app/models/text_fit (find_text_problems):
// how many glyphs it drew, how many were cut at an edge, how many pairs overlapped, and a few of the problems
// in words ("cut in 'Confusion': 'Learned C (tr'"), for the end-to-end tests' status.
struct DrawnTextReport {
  int glyphs = 0, cut = 0, overlaps = 0;
  std::vector<std::string> examples;  // at most 8
};
// The report for ImGui::GetDrawData() (the frame last rendered: valid until the next NewFrame). A glyph is a
// quad of the font atlas whose texture coordinates lie in a glyph of one of the atlas' fonts.
DrawnTextReport drawn_text_report();

}  // namespace ml::app
