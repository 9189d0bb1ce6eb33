// marginlab app — the Confusion panel: the configured C, the C achieved (or estimated by the learner), and
// the learned Ĉ (app/models/learned_confusion.h) side by side.
#pragma once

#include "app/models/learned_confusion.h"
#include "app/panels/panel.h"

namespace ml::app {

// The Confusion panel (main area, bottom).
class ConfusionPanel : public Panel {
 public:
  using Panel::Panel;  // works on the shared context
  // Draws the panel as a fixed window at pos/size.
  void draw(ImVec2 pos, ImVec2 size);

 private:
  LearnedConfusion learned_;  // Ĉ on the test part, refreshed a few times a second
};

}  // namespace ml::app
