// marginlab app — the Confusion panel: the configured C, the C achieved (or estimated by the learner), and
// the learned Ĉ (app/models/learned_confusion.h) side by side.
#pragma once

#include "app/models/learned_confusion.h"
#include "app/panels/panel.h"

namespace ml::app {

// The Confusion panel (main area, bottom).
class ConfusionPanel {
 public:
  // The panel works on the shared context.
  explicit ConfusionPanel(PanelContext ctx) : ctx_(ctx) {}
  // Draws the panel as a fixed window at pos/size.
  void draw(ImVec2 pos, ImVec2 size);

 private:
  PanelContext ctx_;
  LearnedConfusion learned_;  // Ĉ on the test part, refreshed a few times a second
};

}  // namespace ml::app
