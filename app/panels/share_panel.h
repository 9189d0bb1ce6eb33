// marginlab app — the Share panel: the link, Copy link, and the panels a teaching link hides.
#pragma once

#include "app/panels/panel.h"
#include "app/panels/setting_widgets.h"

namespace ml::app {

// The Share panel (a section of the sidebar).
class SharePanel : public Panel {
 public:
  // The panel works on the shared context.
  explicit SharePanel(PanelContext ctx) : Panel(ctx), widgets_(ctx.state) {}
  // Draws the panel's contents in the current window.
  void draw();

 private:
  SettingWidgets widgets_;
};

}  // namespace ml::app
