// marginlab app — the Run toolbar: play/pause, step, reset, speed, the run's fields (seed, step budget), and
// the progress (or a preparation's progress bar with Cancel) on the right; under them the results line
// (app/models/results_line.h): steps, what the bound counts, errors, margin as numbers.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/models/results_line.h"
#include "app/panels/panel.h"
#include "app/panels/setting_widgets.h"

namespace ml::app {

// The text size menu's button.
inline constexpr const char* kTextSizeLabel = "Aa";

// The Run toolbar (top of the window).
class RunPanel : public Panel {
 public:
  // The panel works on the shared context.
  explicit RunPanel(PanelContext ctx) : Panel(ctx), widgets_(ctx.state) {}
  // Draws the toolbar as a fixed window at pos/size; frame_note gives the status' tooltip (the frame time and
  // where it went), asked only while the status is hovered.
  // `results` (may be empty) is the results line, drawn as a second row of labelled numbers; in Compare mode
  // `compare` gives one line per learner instead, each in the learner's colour; the Gallery button toggles
  // *gallery_open.
  void draw(ImVec2 pos, ImVec2 size, const std::function<std::string()>& frame_note,
            const std::vector<ResultField>& results, const std::vector<CompareResult>& compare, bool* gallery_open);
  // Height the toolbar needed at its last draw (rows of controls that wrapped in a narrow window, and the
  // results line's lines): the layout gives it this height from the next frame on.
  float needed_height(float font_size, bool with_results) const;

 private:
  struct ToolbarFlow;  // the controls' rows (run_panel.cpp)
  struct RunSnapshot;  // the run as the toolbar found it (run_panel.cpp)
  // draw()'s stages, in order.
  RunSnapshot snapshot() const;
  // Play/Pause, Step, +100, Reset (and Gallery on a touch screen).
  void draw_play_controls(ToolbarFlow& flow, const RunSnapshot& run, bool* gallery_open);
  void draw_speed(ToolbarFlow& flow);       // steps per frame
  void draw_run_fields(ToolbarFlow& flow);  // the run's fields (seed, step budget)
  // The right end: the run's status (its tooltip: frame_note()).
  void draw_status(ToolbarFlow& flow, const RunSnapshot& run, const std::function<std::string()>& frame_note);
  std::string status_text(const RunSnapshot& run) const;  // "training", "sweep: 3 / 12 cells   running", ...
  void draw_preparation_status(ImVec2 size);              // progress bar, stage and Cancel while the learner prepares
  void draw_results(const std::vector<ResultField>& results, float width);            // the results line's fields
  void draw_compare_results(const std::vector<CompareResult>& compare, float width);  // lines per compared learner
  void draw_gallery_button(float width, bool* gallery_open);  // right end of the results row (a mouse)
  void draw_touch_gallery_button(bool* gallery_open);         // after Reset, a touch target (a touch screen)
  void draw_text_size_menu();                                 // "Aa": the text sizes (AppState::text_size)
  float end_buttons_width() const;                            // "Aa" and Gallery at the results row's end (a mouse)
  float results_width(float width) const;                     // the numbers' room: the buttons are right of it

  SettingWidgets widgets_;
  int rows_ = 1;          // rows of controls at the last draw
  int result_lines_ = 1;  // lines of the results line at the last draw
};

}  // namespace ml::app
