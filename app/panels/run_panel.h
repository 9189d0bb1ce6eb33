// marginlab app — the Run toolbar: play/pause, step, reset, speed, the run's fields (seed, step budget), and
// the progress (or a preparation's progress bar with Cancel) on the right.
#pragma once

#include "app/panels/panel.h"
#include "app/panels/setting_widgets.h"

namespace ml::app {

// The Run toolbar (top of the window).
class RunPanel {
 public:
  // The panel works on the shared context.
  explicit RunPanel(PanelContext ctx) : ctx_(ctx), widgets_(ctx.state) {}
  // Draws the toolbar as a fixed window at pos/size; frame_ms is the smoothed frame time for the tooltip.
  void draw(ImVec2 pos, ImVec2 size, double frame_ms);

 private:
  void draw_preparation_status(ImVec2 size);  // progress bar, stage and Cancel while the learner prepares

  PanelContext ctx_;
  SettingWidgets widgets_;
};

}  // namespace ml::app
