// marginlab app — the Sweep panel: the sweep's progress with pause/resume and cancel, and its plot filling in
// as cells finish — a metric's mean ± standard error over the replicates (seeds) against the swept setting,
// one line per learner (app/models/sweep_model.h). A click on a point lists its cells; choosing one opens
// it as a single run (AppState::open_cell).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/panels/panel.h"

namespace ml::app {

// The plot's least height in a stacked column, in font sizes (14: 210 px at the 15 px font).
inline constexpr float kSweepPlotLines = 14.0f;

// The Sweep panel (the main area while a sweep link is open).
class SweepPanel : public Panel {
 public:
  using Panel::Panel;  // works on the shared context
  // Draws the panel as a fixed window at pos/size; without `title` (a phone's Sweep tab names it) no title bar.
  void draw(ImVec2 pos, ImVec2 size, bool title = true);
  // Screen rectangle of the plot at the last draw (what "Sweep PNG" captures).
  // The height the panel needs for its plot to get kSweepPlotLines font sizes (its header and hint as the last draw
  // laid them out): a stacked column gives it at least this much.
  float needed_height() const { return chrome_height_ + ImGui::GetFontSize() * kSweepPlotLines; }
  ImVec2 plot_min() const { return plot_min_; }
  ImVec2 plot_max() const { return plot_max_; }
  // Screen position of the first line's first marker at the last draw (-1, -1 without one), and of the
  // first entry of the open cell list (-1, -1 when closed): the end-to-end test clicks them.
  ImVec2 first_marker() const { return first_marker_; }
  ImVec2 first_cell_entry() const { return first_cell_entry_; }
  // The metric plotted (a row field).
  const std::string& metric() const { return metric_; }

 private:
  void draw_header();  // what the sweep is, its progress, status, refusals, warnings and metric
  void draw_progress_row(SweepModel& sweep);
  void draw_status(const SweepModel& sweep);
  void draw_warnings(const SweepModel& sweep);
  void draw_metric_choice(const SweepModel& sweep);

  std::string metric_ = "test_error";
  std::vector<int64_t> popup_cells_;  // cells of the clicked point
  std::string popup_title_;           // the clicked point, in words
  ImVec2 plot_min_, plot_max_;
  float chrome_height_ = 0;  // the panel's height besides its plot at the last draw (header, hint, padding)
  ImVec2 first_marker_ = ImVec2(-1, -1);
  ImVec2 first_cell_entry_ = ImVec2(-1, -1);
};

}  // namespace ml::app
