// marginlab app — the Noise panel: the noise fields, the confusion-matrix editor (a draft that may be off
// while edited, presets, transpose, normalize) and what the noise achieved.
#pragma once

#include <vector>

#include "app/panels/panel.h"
#include "app/panels/setting_widgets.h"

namespace ml::app {

// The Noise panel (a section of the sidebar).
class NoisePanel : public Panel {
 public:
  // The panel works on the shared context.
  explicit NoisePanel(PanelContext ctx) : Panel(ctx), widgets_(ctx.state, ctx.probes) {}
  // Draws the panel's contents in the current window.
  void draw();

 private:
  void draw_confusion_editor();
  // The draft matrix's condition number, and the learners that would refuse it.
  void draw_condition_note(const Config& config, int q) const;

  SettingWidgets widgets_;
  // Confusion-matrix editor: a draft that may be off (columns not summing to 1) while edited.
  std::vector<double> cm_draft_;
  std::vector<double> cm_draft_source_;
  int cm_preset_ = 1;
  double cm_preset_eta_ = 0.2;
  int cm_family_index_ = 10;
};

}  // namespace ml::app
