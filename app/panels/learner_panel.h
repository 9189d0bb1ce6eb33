// marginlab app — the Learner panel: the learner choice and its registry-driven parameters.
#pragma once

#include "app/panels/panel.h"
#include "app/panels/setting_widgets.h"

namespace ml::app {

// The Learner panel (a section of the sidebar).
class LearnerPanel {
 public:
  // The panel works on the shared context.
  explicit LearnerPanel(PanelContext ctx) : ctx_(ctx), widgets_(ctx.state) {}
  // Draws the panel's contents in the current window.
  void draw();

 private:
  PanelContext ctx_;
  SettingWidgets widgets_;
};

}  // namespace ml::app
