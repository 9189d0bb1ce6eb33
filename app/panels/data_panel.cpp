// marginlab app — the Data panel (see data_panel.h).
#include "app/panels/data_panel.h"

#include "app/models/plot_axis.h"
#include "imgui_stdlib.h"

#include <algorithm>
#include <string>
#include <vector>

namespace ml::app {

void DataPanel::draw() {
  ImGui::PushID("data");
  // With a file loaded its label column is a list of its columns (below), not a text field.
  widgets_.draw_fields("data_fields", "data",
                       ctx_.state.has_csv() ? std::vector<std::string>{"label"} : std::vector<std::string>{});
  if (ctx_.state.has_csv() && ctx_.state.config().use_csv) draw_label_column_choice();
  // CSV: a file picker in the browser (drag-and-drop too), a path on the desktop; the label column of the
  // next file is chosen beside it.
  std::string next_label = ctx_.state.next_csv_label();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  if (fitted_text_field("##nextlabel", &next_label, 0, "label: auto")) ctx_.state.set_next_csv_label(next_label);
  probe(ctx_, "data.next_label");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Label column of the next CSV you open: a header name or a 0-based index.\n"
                      "Empty: a column named label, class, target or y (any case), else the last column.\n"
                      "Raw features are standardized and a bias coordinate is added (you can turn them off).");
  if (ctx_.platform.has_file_picker()) {
    same_line_if_fits(button_width("Open CSV..."));
    if (ImGui::Button("Open CSV...")) ctx_.platform.open_file_picker();
    trailing_hint("or drop a file on the page");
  } else if (ctx_.platform.can_read_paths()) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 4.5f);
    const bool enter =
        fitted_text_field("##csvpath", &csv_path_, ImGuiInputTextFlags_EnterReturnsTrue, "path/to/data.csv");
    ImGui::SameLine();
    if ((ImGui::Button("Load") || enter) && !csv_path_.empty()) load_path(csv_path_);
    draw_file_list();
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
    note("train %d, test %d, d = %d, Q = %d%s", d.train.rows(), d.test.rows(), d.train.cols(), d.train.num_classes(),
         margin.c_str());
  }
  ImGui::PopID();
}

void DataPanel::load_path(const std::string& path) {
  std::string text;
  if (ctx_.platform.read_path(path, &text)) {
    const size_t slash = path.find_last_of('/');
    ctx_.state.load_csv(slash == std::string::npos ? path : path.substr(slash + 1), std::move(text));
  } else {
    ctx_.message = text;
  }
}

void DataPanel::draw_file_list() {
  if (!ImGui::TreeNode("Files")) return;
  // The listing is read when the folder changes or on Refresh, not every frame.
  if (!folder_listed_) {
    folder_listed_ = true;
    folder_error_.clear();
    if (!ctx_.platform.list_folder(folder_, &folder_entries_, &folder_error_)) folder_entries_.clear();
  }
  ImGui::TextDisabled("%s", folder_.c_str());
  ImGui::SameLine();
  if (compact_button(ctx_, "Refresh")) folder_listed_ = false;
  if (!folder_error_.empty()) ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s", folder_error_.c_str());
  const float rows = std::min<float>(10.0f, static_cast<float>(folder_entries_.size()) + 1.0f);
  ImGui::BeginChild("files", ImVec2(-1, rows * ImGui::GetTextLineHeightWithSpacing() + 6), true);
  std::string open_folder, open_file;
  if (ImGui::Selectable("../")) {
    // Up one level: drop the last component when there is one to drop, else climb.
    const size_t slash = folder_.find_last_of('/');
    const std::string last = slash == std::string::npos ? folder_ : folder_.substr(slash + 1);
    if (last == "." || last == ".." || last.empty())
      open_folder = folder_ == "." ? ".." : folder_ + "/..";
    else
      open_folder = slash == std::string::npos ? "." : slash == 0 ? "/" : folder_.substr(0, slash);
  }
  for (const std::string& entry : folder_entries_) {
    const bool is_folder = !entry.empty() && entry.back() == '/';
    const auto ends_with = [&](const char* tail) {
      const size_t n = std::char_traits<char>::length(tail);
      return entry.size() >= n && entry.compare(entry.size() - n, n, tail) == 0;
    };
    if (!is_folder && !ends_with(".csv") && !ends_with(".tsv") && !ends_with(".txt") && !ends_with(".CSV")) continue;
    if (ImGui::Selectable(entry.c_str())) {
      const std::string prefix = folder_ == "/" ? "/" : folder_ + "/";
      if (is_folder)
        open_folder = prefix + entry.substr(0, entry.size() - 1);
      else
        open_file = prefix + entry;
    }
  }
  ImGui::EndChild();
  ImGui::TreePop();
  if (!open_folder.empty()) {
    folder_ = open_folder;
    folder_listed_ = false;
  }
  if (!open_file.empty()) {
    csv_path_ = open_file;
    load_path(open_file);
  }
}

void DataPanel::draw_label_column_choice() {
  const CsvInfo& info = ctx_.state.csv_info();
  const int columns = info.cols + 1;
  auto column_label = [&](int j) {
    const std::string index = std::to_string(j);
    return static_cast<size_t>(j) < info.column_names.size()
               ? info.column_names[static_cast<size_t>(j)] + " (column " + index + ")"
               : "column " + index;
  };
  if (!begin_form("csv_label")) return;
  form_row("Label column",
           "The column holding the class of each row; every other column is a feature.\n(URL key: label)");
  ImGui::SetNextItemWidth(-1);
  // The closed combo shows "name (column j)" when it fits, else the name alone (the list has both).
  std::string preview = column_label(info.label_index);
  const float room = ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight() - ImGui::GetStyle().FramePadding.x * 2;
  if (ImGui::CalcTextSize(preview.c_str()).x > room && static_cast<size_t>(info.label_index) < info.column_names.size())
    preview = info.column_names[static_cast<size_t>(info.label_index)];
  const bool open = fitted_combo("##label_column", preview, ImGuiComboFlags_HeightLarge);
  probe(ctx_, "data.label_column");
  int chosen = -1;
  if (open) {
    for (int j = 0; j < columns; ++j)
      if (ImGui::Selectable(column_label(j).c_str(), j == info.label_index) && j != info.label_index) chosen = j;
    ImGui::EndCombo();
  }
  ImGui::EndTable();
  if (chosen >= 0) {  // after drawing: the file is read again, which replaces `info`
    Config next = ctx_.state.config();
    next.csv_label = label_spec_for_column(info, chosen);
    ctx_.state.apply(std::move(next));
  }
}

}  // namespace ml::app
