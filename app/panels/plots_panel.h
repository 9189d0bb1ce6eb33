// marginlab app — the Plots panel: mistakes vs bound, margin, errors, and the learner's counters or the
// perceptron invariants, drawn from the plot series model (app/models/plot_model.h). In Compare, every
// learner's curves overlaid in its colour (app/models/compare_model.h) under one shared legend.
#pragma once

#include <string>

#include "app/models/plot_model.h"
#include "app/panels/panel.h"

namespace ml::app {

// The Plots panel (main area, top right).
class PlotsPanel : public Panel {
 public:
  using Panel::Panel;  // works on the shared context
  // Draws the panel as a fixed window at pos/size (refreshing the series when the trace changed); every
  // curve, the margins included, is a column of the session's trace.
  // `scroll_column` (a phone's sheet): the plots one under another, each at least kScrolledPlotHeight font sizes
  // tall, the panel scrolled by the finger when they are taller than it.
  void draw(ImVec2 pos, ImVec2 size, bool scroll_column = false);
  // Screen rectangle of the four plots at the last draw (what "Plots PNG" captures).
  ImVec2 plots_min() const { return plots_min_; }
  ImVec2 plots_max() const { return plots_max_; }

 private:
  struct RunPlots;  // what the four plots of a single run share (plots_panel.cpp)
  // draw()'s four plots of a single run, in order.
  void draw_mistakes_plot(const RunPlots& r);  // what the bound counts, against the bound
  void draw_margin_plot(const RunPlots& r);    // margin on the training sample (the trace's margin columns)
  void draw_error_plot(const RunPlots& r);     // noisy, true and test error
  void draw_fourth_plot(const RunPlots& r);    // the learner's counters, or the perceptron's invariants
  void draw_compare();                         // Compare: the four plots with one line per learner
  // The size of one of the four plots: a 2 x 2 grid, or one column when the panel is narrow.
  ImVec2 cell_size(ImVec2 avail) const;
  bool one_column_ = false;     // the four plots one under another (narrow panel)
  bool scroll_column_ = false;  // draw()'s scroll_column

  PlotSeriesModel series_;      // trace columns as series
  int plot4_mode_ = 0;          // 0 counters, 1 invariants
  std::string counter_choice_;  // counter shown ("all", a name, "" = automatic)
  ImVec2 plots_min_, plots_max_;
};

}  // namespace ml::app
