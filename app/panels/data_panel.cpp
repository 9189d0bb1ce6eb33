// marginlab app — the Data panel (see data_panel.h).
#include "app/panels/data_panel.h"

#include "app/plot_axis.h"
#include "imgui_stdlib.h"

namespace ml::app {

void DataPanel::draw() {
  ImGui::PushID("data");
  widgets_.draw_fields("data_fields", "data", {});
  // CSV: a file picker in the browser (drag-and-drop too), a path on the desktop.
  if (ctx_.platform.has_file_picker()) {
    if (ImGui::Button("Open CSV...")) ctx_.platform.open_file_picker();
    ImGui::SameLine();
    ImGui::TextDisabled("or drop a file on the page");
  } else if (ctx_.platform.can_read_paths()) {
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 4.5f);
    const bool enter = ImGui::InputTextWithHint("##csvpath", "path/to/data.csv", &csv_path_, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if ((ImGui::Button("Load") || enter) && !csv_path_.empty()) {
      std::string text;
      if (ctx_.platform.read_path(csv_path_, &text)) {
        const size_t slash = csv_path_.find_last_of('/');
        ctx_.state.load_csv(slash == std::string::npos ? csv_path_ : csv_path_.substr(slash + 1), std::move(text));
      } else {
        ctx_.message = text;
      }
    }
  }
  if (ctx_.state.has_csv()) {
    const CsvInfo& info = ctx_.state.csv_info();
    note("CSV: %d rows, %d features, %d classes%s", info.rows, info.cols, info.classes,
                        info.had_header ? ", header" : "");
  }
  if (const Session* s = ctx_.state.session()) {
    const PreparedData& d = s->data();
    std::string margin;
    if (d.train.target_margin > 0) margin = ", target margin \xCE\xB4 = " + format_readout(d.train.target_margin);
    note("train %d, test %d, d = %d, Q = %d%s", d.train.rows(), d.test.rows(), d.train.cols(),
                        d.train.num_classes(), margin.c_str());
  }
  ImGui::PopID();
}

}  // namespace ml::app
