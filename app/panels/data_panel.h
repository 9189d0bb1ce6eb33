// marginlab app — the Data panel: generator or CSV fields, the CSV picker (page) or path (desktop), what
// the prepared data holds.
#pragma once

#include <string>

#include "app/panels/panel.h"
#include "app/panels/setting_widgets.h"

namespace ml::app {

// The Data panel (a section of the sidebar).
class DataPanel {
 public:
  // The panel works on the shared context.
  explicit DataPanel(PanelContext ctx) : ctx_(ctx), widgets_(ctx.state) {}
  // Draws the panel's contents in the current window.
  void draw();

 private:
  PanelContext ctx_;
  SettingWidgets widgets_;
  std::string csv_path_;  // desktop: path typed into the panel
};

}  // namespace ml::app
