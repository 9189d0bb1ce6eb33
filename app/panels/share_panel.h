// marginlab app — the Share panel: the link, Copy link, and the panels a teaching link hides.
#pragma once

#include <string>

#include "app/panels/panel.h"
#include "app/panels/setting_widgets.h"

namespace ml::app {

// The Share panel (a section of the sidebar).
class SharePanel : public Panel {
 public:
  // The panel works on the shared context.
  explicit SharePanel(PanelContext ctx) : Panel(ctx), widgets_(ctx.state) {}
  // Draws the panel's contents in the current window; `url` is the link the page shows (a lesson's keys in front).
  void draw(const std::string& url);

 private:
  // Which control's confirmation ("link copied") is showing: it is drawn right under that control.
  enum class Copied { none, link, command, sweep_link };
  // Draws the confirmation when `which` caused it.
  void draw_feedback(Copied which);

  SettingWidgets widgets_;
  Copied copied_ = Copied::none;
  std::string feedback_;  // the confirmation's text
};

}  // namespace ml::app
