// marginlab app — the Noise panel (see noise_panel.h).
#include "app/panels/noise_panel.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/models/plot_axis.h"
#include "app/models/ui_model.h"
#include "core/data/dataset.h"
#include "core/noise/noise.h"
#include "core/noise/noise_registry.h"

namespace ml::app {

void NoisePanel::draw() {
  ImGui::PushID("noise");
  widgets_.draw_fields("noise_fields", "noise", {"cm"});
  const Config& config = ctx_.state.config();
  if (noise_reads(config.noise.model, NoiseParam::confusion)) draw_confusion_editor();
  // What the noise achieved on the training part.
  if (const Session* s = ctx_.state.session()) {
    const NoiseReport& r = s->data().noise;
    const int n = s->data().train.rows();
    note("achieved: %d of %d training examples corrupted (%.1f%%)", r.corrupted, n, 100.0 * r.achieved_rate);
    if (!r.per_class_flipped.empty() && r.per_class_flipped.size() <= 8) {
      std::string per = "flipped per true class:";
      const std::vector<std::string>& names = s->data().train.class_names;
      for (size_t q = 0; q < r.per_class_flipped.size(); ++q) {
        const int total = q < r.per_class_count.size() ? r.per_class_count[q] : 0;
        per += " " + (q < names.size() ? names[q] : std::to_string(q)) + ": " + std::to_string(r.per_class_flipped[q]) +
               "/" + std::to_string(total);
      }
      note("%s", per.c_str());
    }
    if (r.proxy_target) note("(the adversary attacked the class-mean direction: no known target)");
  }
  ImGui::PopID();
}

void NoisePanel::draw_confusion_editor() {
  const Config& config = ctx_.state.config();
  const int csv_q = ctx_.state.has_csv() ? ctx_.state.csv_info().classes : 0;
  const int q = std::max(2, config_classes(config, csv_q));
  if (config.noise.confusion != cm_draft_source_) {
    cm_draft_source_ = config.noise.confusion;
    cm_draft_ = config.noise.confusion;
  }
  if (cm_draft_.size() != static_cast<size_t>(q * q)) cm_draft_ = confusion_to_list(uniform_confusion(q, 0.2));
  const float fs = ImGui::GetFontSize();
  ImGui::Spacing();
  ImGui::TextWrapped(
      "C_pq = P(noisy label = p | true class = q): column q is where true class q goes; every column sums to 1.");
  // The grid: rows p (noisy), columns q (true).
  const float cell_w = std::max(fs * 2.9f, ImGui::CalcTextSize("0.000").x + 8);
  bool edited = false;
  const float grid_w = std::min(ImGui::GetContentRegionAvail().x, (q + 1) * (cell_w + 4) + 12);
  // Height: q rows of cells, the header and the sums (table cells pad 2 px above and below), and a
  // horizontal scroll bar when the columns do not fit.
  const float rows_h = q * (ImGui::GetFrameHeight() + 4) + 2 * (ImGui::GetTextLineHeight() + 4) + 4;
  const bool scrolls = (q + 1) * (cell_w + 4) + 12 > ImGui::GetContentRegionAvail().x;
  const float grid_h = std::min(fs * 14.0f, rows_h + (scrolls ? ImGui::GetStyle().ScrollbarSize : 0.0f));
  // Rows and columns are named as the data names its classes (-1/1, class names from a CSV), not 0..Q-1.
  std::vector<std::string> class_names = default_class_names(q);
  if (const Session* s = ctx_.state.session(); s && s->data().train.num_classes() == q)
    class_names = s->data().train.class_names;
  ImGui::BeginChild("cm_grid", ImVec2(grid_w, grid_h), false, ImGuiWindowFlags_HorizontalScrollbar);
  if (ImGui::BeginTable("cm", q + 1, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoHostExtendX)) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("p\\q");
    for (int c = 0; c < q; ++c) {
      ImGui::TableSetColumnIndex(c + 1);
      ImGui::TextDisabled("%s", class_names[static_cast<size_t>(c)].c_str());
    }
    for (int r = 0; r < q; ++r) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::AlignTextToFramePadding();
      ImGui::TextDisabled("%s", class_names[static_cast<size_t>(r)].c_str());
      for (int c = 0; c < q; ++c) {
        ImGui::TableSetColumnIndex(c + 1);
        ImGui::PushID(r * q + c);
        ImGui::SetNextItemWidth(cell_w);
        double& v = cm_draft_[static_cast<size_t>(r * q + c)];
        if (r == c) ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(0.16f, 0.24f, 0.33f, 1));
        // Typed like every number field (one click selects, typing replaces, Enter commits).
        ImGui::InputScalar("##c", ImGuiDataType_Double, &v, nullptr, nullptr, "%.3f", kNumberFieldFlags);
        if (r == c) ImGui::PopStyleColor();
        v = std::clamp(std::isfinite(v) ? v : 0.0, 0.0, 1.0);
        if (ImGui::IsItemDeactivatedAfterEdit()) edited = true;
        ImGui::PopID();
      }
    }
    // Column sums.
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("sum");
    for (int c = 0; c < q; ++c) {
      ImGui::TableSetColumnIndex(c + 1);
      double sum = 0;
      for (int r = 0; r < q; ++r) sum += cm_draft_[static_cast<size_t>(r * q + c)];
      const bool ok = std::fabs(sum - 1) <= 1e-9;
      ImGui::TextColored(ok ? ImVec4(0.55f, 0.8f, 0.55f, 1) : ImVec4(1, 0.45f, 0.4f, 1), "%.3f", sum);
    }
    ImGui::EndTable();
  }
  ImGui::EndChild();
  Eigen::MatrixXd draft = confusion_matrix_of(cm_draft_, q);
  bool commit = edited;
  if (ImGui::Button("Transpose")) {
    draft.transposeInPlace();
    cm_draft_ = confusion_to_list(draft);
    commit = true;
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("For matrices written with rows = true class (004 §4.1 normalizes rows)");
  ImGui::SameLine();
  if (ImGui::Button("Normalize columns")) {
    draft = normalize_columns(draft);
    cm_draft_ = confusion_to_list(draft);
    commit = true;
  }
  // Presets.
  ImGui::SetNextItemWidth(fs * 8);
  const std::vector<std::string>& names = confusion_preset_names();
  if (fitted_combo("##preset", names[static_cast<size_t>(cm_preset_)])) {
    for (size_t i = 0; i < names.size(); ++i)
      if (ImGui::Selectable(names[i].c_str(), static_cast<int>(i) == cm_preset_)) cm_preset_ = static_cast<int>(i);
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(fs * 4.5f);
  const auto preset = static_cast<ConfusionPreset>(cm_preset_);
  if (preset == ConfusionPreset::family) {
    ImGui::SliderInt("i##family", &cm_family_index_, 0, 20);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("004 §4.1: C_i = \xCE\xA9(I + iN), N = (M - I)/10, shown transposed (columns sum to 1)");
  } else if (preset != ConfusionPreset::identity) {
    const double lo = 0, hi = 0.95;
    ImGui::DragScalar("\xCE\xB7##preset_eta", ImGuiDataType_Double, &cm_preset_eta_, 0.005f, &lo, &hi, "%.2f",
                      ImGuiSliderFlags_AlwaysClamp);
  }
  ImGui::SameLine();
  if (ImGui::Button("Apply")) {
    draft = confusion_preset(preset, q, cm_preset_eta_, config.seed, cm_family_index_);
    cm_draft_ = confusion_to_list(draft);
    commit = true;
  }
  const double err = confusion_column_error(confusion_matrix_of(cm_draft_, q));
  if (err > 1e-9)
    ImGui::TextColored(ImVec4(1, 0.6f, 0.4f, 1), "columns must sum to 1: fix them or press Normalize columns");
  if (commit && err <= 1e-9 && cm_draft_ != config.noise.confusion) {
    Config next = config;
    next.noise.confusion = cm_draft_;
    ctx_.state.apply(std::move(next));
  }
  draw_condition_note(config, q);
}

void NoisePanel::draw_condition_note(const Config& config, int q) const {
  const double cond = condition_number(confusion_matrix_of(cm_draft_, q));
  const std::vector<std::string> refusing = learners_refusing_condition(config, cond);
  std::string refused;
  for (const std::string& name : refusing) refused += (refused.empty() ? " (near singular: " : ", ") + name;
  if (!refused.empty()) refused += refusing.size() == 1 ? " refuses it)" : " refuse it)";
  note("condition number %s%s", format_readout(cond).c_str(), refused.c_str());
}

}  // namespace ml::app
