// marginlab app — the View panel: the 2-D scatter with decision regions (app/view.h), its options, the
// margin histogram beside a projection, and a preparation overlay. In Compare, every learner's decision
// boundary as a line in its colour (app/models/boundary.h) over the regions of the one in focus.
#pragma once

#include <cstdint>
#include <vector>

#include "app/models/boundary.h"
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
  void draw_compare_legend();  // Compare: a colour per learner; a click puts its regions in the view

  PanelContext ctx_;
  View view_;
  std::vector<BoundaryTracker> boundaries_;  // Compare: one per learner
  uint64_t boundaries_version_ = 0;          // the comparison they belong to
};

}  // namespace ml::app
