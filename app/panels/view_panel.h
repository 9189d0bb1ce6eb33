// marginlab app — the View panel: the 2-D scatter with decision regions (app/view.h), its options, the
// margin histogram beside a projection, and a preparation overlay.
#pragma once

#include "app/panels/panel.h"
#include "app/view.h"

namespace ml::app {

// The View panel (main area, top left). Create it while a GL context is current (it owns GL objects).
class ViewPanel {
 public:
  // The panel works on the shared context.
  explicit ViewPanel(PanelContext ctx) : ctx_(ctx) {}
  // Brings the view's caches up to date (once per frame, within budget_seconds).
  void update(double budget_seconds);
  // Draws the panel as a fixed window at pos/size.
  void draw(ImVec2 pos, ImVec2 size);

 private:
  PanelContext ctx_;
  View view_;
};

}  // namespace ml::app
