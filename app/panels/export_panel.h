// marginlab app — the Export panel: trace CSV/JSON, data CSV, the plots, the 2-D view and the whole layout
// as PNG (read back after rendering; the view and the layout with the link drawn as a caption and stored as
// the PNG's "Source" text), and the trace's hash when paused. In Sweep: the cell rows as CSV and as JSON lines (the
// bytes `marginlab sweep` writes), the sweep plot as PNG, and the rows' sha256.
#pragma once

#include <functional>
#include <string>

#include "app/panels/panel.h"

namespace ml::app {

// The Export panel (a section of the sidebar).
class ExportPanel : public Panel {
 public:
  using Panel::Panel;  // works on the shared context
  // Draws the panel's contents in the current window; "Plots PNG" captures the rectangle plots_min..max.
  void draw(ImVec2 plots_min, ImVec2 plots_max);
  // After the frame was rendered to a framebuffer of this size: completes a pending PNG capture.
  void after_render(int framebuffer_width, int framebuffer_height);
  // A capture waits for this frame to be rendered.
  bool capture_pending() const { return capture_pending_; }
  // Where the 2-D view was drawn this frame (its image and legend; "View PNG" captures it). Empty: none.
  void set_view_rect(ImVec2 min, ImVec2 max) {
    view_min_ = min;
    view_max_ = max;
  }

 private:
  void draw_sweep(ImVec2 plot_min, ImVec2 plot_max);  // the Sweep's exports
  // A button saving the text `contents()` (computed on the click only, and only when `ready`) as `file`, with
  // its probe name and tooltip (either may be null).
  void save_button(const char* label, const char* file, const char* mime, bool ready,
                   const std::function<std::string()>& contents, const char* probe_name, const char* tooltip);
  // Asks for a PNG of min..max after this frame renders; with `caption`, the link is drawn over its bottom
  // edge in this frame and stored in the file.
  void request_capture(ImVec2 min, ImVec2 max, const std::string& name, bool caption);

  std::string hash_key_, hash_text_;  // the trace hash shown and the state it belongs to
  // "Plots PNG": the rectangle to read after rendering.
  bool capture_pending_ = false;
  ImVec2 capture_min_, capture_max_;
  std::string capture_name_ = "marginlab_plots.png";  // the PNG's file name
  std::string capture_source_;                        // the link stored in the PNG ("" none)
  ImVec2 view_min_, view_max_;                        // the 2-D view on screen
};

}  // namespace ml::app
