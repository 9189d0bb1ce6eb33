// marginlab app — the Data panel: generator or CSV fields, the CSV picker (page) or path (desktop), what
// the prepared data holds.
#pragma once

#include <string>
#include <vector>

#include "app/panels/panel.h"
#include "app/panels/setting_widgets.h"

namespace ml::app {

// The Data panel (a section of the sidebar).
class DataPanel : public Panel {
 public:
  // The panel works on the shared context.
  explicit DataPanel(PanelContext ctx) : Panel(ctx), widgets_(ctx.state, ctx.probes) {}
  // Draws the panel's contents in the current window.
  void draw();

 private:
  // The loaded file's label column, chosen from its columns.
  void draw_label_column_choice();
  // Desktop: reads the file at `path` as a CSV (an unreadable path becomes the panel's message).
  void load_path(const std::string& path);
  // Desktop: a list of the folder's CSV files and sub-folders; a click opens one.
  void draw_file_list();

  SettingWidgets widgets_;
  std::string csv_path_;                     // desktop: path typed into the panel
  std::string folder_ = ".";                 // desktop: the folder the file list shows
  bool folder_listed_ = false;               // its entries are read (until the folder changes or Refresh)
  std::vector<std::string> folder_entries_;  // its entries (sub-folders end in '/')
  std::string folder_error_;                 // why it could not be listed
};

}  // namespace ml::app
