// marginlab app — the Export panel: trace CSV/JSON, data CSV, the plots as PNG (read back after rendering),
// and the trace's hash when paused. In Sweep: the cell rows as CSV and as JSON lines (the bytes `marginlab
// sweep` writes), the sweep plot as PNG, and the rows' sha256.
#pragma once

#include <string>

#include "app/panels/panel.h"

namespace ml::app {

// The Export panel (a section of the sidebar).
class ExportPanel {
 public:
  // The panel works on the shared context.
  explicit ExportPanel(PanelContext ctx) : ctx_(ctx) {}
  // Draws the panel's contents in the current window; "Plots PNG" captures the rectangle plots_min..max.
  void draw(ImVec2 plots_min, ImVec2 plots_max);
  // After the frame was rendered to a framebuffer of this size: completes a pending PNG capture.
  void after_render(int framebuffer_width, int framebuffer_height);

 private:
  void draw_sweep(ImVec2 plot_min, ImVec2 plot_max);  // the Sweep's exports

  PanelContext ctx_;
  std::string hash_key_, hash_text_;  // the trace hash shown and the state it belongs to
  // "Plots PNG": the rectangle to read after rendering.
  bool capture_pending_ = false;
  ImVec2 capture_min_, capture_max_;
  std::string capture_name_ = "marginlab_plots.png";  // the PNG's file name
};

}  // namespace ml::app
