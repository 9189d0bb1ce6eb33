// marginlab app — the Learner panel: the learner choice and its registry-driven parameters; "Compare with"
// turns the run into a comparison (the link's x.learner axis). In Compare: the compared learners, each with
// its colour, a remove button and its parameters, and a choice to add one (at most four).
#pragma once

#include "app/panels/panel.h"
#include "app/panels/setting_widgets.h"

namespace ml::app {

// The Learner panel (a section of the sidebar).
class LearnerPanel : public Panel {
 public:
  // The panel works on the shared context.
  explicit LearnerPanel(PanelContext ctx) : Panel(ctx), widgets_(ctx.state, ctx.probes) {}
  // Draws the panel's contents in the current window.
  void draw();

 private:
  void draw_params(const LearnerSchema& schema, const Config& shown, const char* id);  // one learner's parameters
  void draw_compare();                                                                 // the compared learners
  // A combo of the learners that can train on the configuration's data and are not in `taken`; returns
  // the chosen id or "".
  std::string learner_choice(const char* id, const char* preview, const std::vector<std::string>& taken);

  SettingWidgets widgets_;
};

}  // namespace ml::app
