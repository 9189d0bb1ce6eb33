// marginlab app — the setup panels and their widgets (see app.h). Widgets are generated from the
// config field table (core/config/fields.h) and the registry's parameter tables (core/learners/
// registry.h): adding a field or a learner adds its widget here without an edit.
//
// [SECTION] generic widgets: field-table rows and learner parameters
// [SECTION] data panel
// [SECTION] noise panel and confusion-matrix editor
// [SECTION] learner panel
// [SECTION] share and export panels
// [SECTION] confusion panel (true C, achieved C, learned Ĉ)
#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>

#include "app/app.h"
#include "app/plot.h"
#include "app/plot_axis.h"
#include "app/ui_model.h"
#include "core/config/url.h"
#include "core/data/generators.h"
#include "core/learners/registry.h"
#include "core/noise/noise.h"
#include "core/pipeline.h"
#include "core/trace.h"
#include "core/util/format.h"
#include "imgui_stdlib.h"

namespace ml::app {

namespace {

// Width of the label column of the panels' two-column tables.
float label_width() { return ImGui::GetFontSize() * 9.2f; }

// Starts a label/widget table; returns false when it could not begin.
bool begin_form(const char* id) {
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingFixedFit)) return false;
  ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, label_width());
  ImGui::TableSetupColumn("widget", ImGuiTableColumnFlags_WidthStretch);
  return true;
}

// One row: the label (help on hover), then the widget column is current with full width.
void form_row(const std::string& label, const std::string& help) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label.c_str());
  if (!help.empty() && ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
    ImGui::TextUnformatted(help.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  ImGui::TableSetColumnIndex(1);
  ImGui::SetNextItemWidth(-1);
}

// A dim, wrapped line of text (read-outs under the widgets).
void note(const char* fmt, ...) IM_FMTARGS(1);
void note(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::PushTextWrapPos(0);
  ImGui::TextV(fmt, args);
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  va_end(args);
}

// The trace as JSON: {"columns": [...], "rows": [[...], ...]}, numbers in the trace CSV's exact text,
// NaN as null.
std::string trace_json(const Trace& trace) {
  std::string out = "{\"columns\":[";
  for (size_t c = 0; c < trace.num_columns(); ++c) out += (c ? ",\"" : "\"") + trace.columns()[c] + "\"";
  out += "],\"rows\":[";
  for (size_t r = 0; r < trace.size(); ++r) {
    out += r ? ",[" : "[";
    for (size_t c = 0; c < trace.num_columns(); ++c) {
      const double v = trace.at(r, c);
      if (c) out += ",";
      out += std::isfinite(v) ? format_double(v) : "null";
    }
    out += "]";
  }
  out += "]}\n";
  return out;
}

// Drag speed for a numeric range.
float drag_speed(double lo, double hi, bool integer) {
  const double span = hi - lo;
  if (!(span > 0) || !std::isfinite(span)) return integer ? 1.0f : 0.01f;
  return static_cast<float>(std::max(integer ? 0.2 : 1e-4, std::min(span / 400.0, integer ? 50.0 : 1.0)));
}

}  // namespace

// [SECTION] generic widgets -----------------------------------------------------------------------------

bool App::setting_widget(const Setting& s, const std::string& key, const SettingValue& current, SettingValue* out) {
  const std::string id = "##" + key;
  *out = current;
  switch (s.type) {
    case SettingType::boolean: {
      bool b = current.number != 0;
      if (ImGui::Checkbox(id.c_str(), &b)) {
        out->number = b ? 1 : 0;
        return true;
      }
      return false;
    }
    case SettingType::choice: {
      const std::vector<Choice> choices = setting_choices(s);
      const int index = static_cast<int>(current.number);
      const char* preview = index >= 0 && static_cast<size_t>(index) < choices.size() ? choices[static_cast<size_t>(index)].label.c_str() : "?";
      bool changed = false;
      if (ImGui::BeginCombo(id.c_str(), preview)) {
        for (size_t i = 0; i < choices.size(); ++i) {
          if (ImGui::Selectable(choices[i].label.c_str(), static_cast<int>(i) == index)) {
            out->number = static_cast<double>(i);
            changed = static_cast<int>(i) != index;
          }
          Generator g;
          if (key == "data" && ImGui::IsItemHovered() && parse_generator(choices[i].id, &g))
            ImGui::SetTooltip("%s", std::string(generator_description(g)).c_str());
        }
        ImGui::EndCombo();
      }
      return changed;
    }
    case SettingType::learner: {
      const std::vector<Choice> choices = setting_choices(s);
      std::string preview = current.text;
      for (const Choice& c : choices)
        if (c.id == current.text) preview = c.label;
      bool changed = false;
      if (ImGui::BeginCombo(id.c_str(), preview.c_str(), ImGuiComboFlags_HeightLarge)) {
        for (const Choice& c : choices) {
          if (ImGui::Selectable(c.label.c_str(), c.id == current.text)) {
            out->text = c.id;
            changed = c.id != current.text;
          }
          if (ImGui::IsItemHovered())
            if (const LearnerEntry* e = find_learner(c.id)) ImGui::SetTooltip("%s", std::string(e->citation).c_str());
        }
        ImGui::EndCombo();
      }
      return changed;
    }
    case SettingType::real:
    case SettingType::integer: {
      const bool integer = s.type == SettingType::integer;
      double v = current.number;
      auto it = drag_values_.find(key);
      if (it != drag_values_.end()) v = it->second;
      ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp;
      double lo = s.min, hi = s.max;
      if (s.max_exclusive) hi = std::nextafter(hi, lo);
      if (s.log_scale && lo >= 0) flags |= ImGuiSliderFlags_Logarithmic;
      if (integer) {
        long long iv = static_cast<long long>(v), ilo = static_cast<long long>(lo), ihi = static_cast<long long>(hi);
        ImGui::DragScalar(id.c_str(), ImGuiDataType_S64, &iv, drag_speed(lo, hi, true), &ilo, &ihi, "%lld", flags);
        v = static_cast<double>(iv);
      } else {
        ImGui::DragScalar(id.c_str(), ImGuiDataType_Double, &v, drag_speed(lo, hi, false), &lo, &hi, "%.4g", flags);
      }
      if (ImGui::IsItemActive()) drag_values_[key] = v;
      if (ImGui::IsItemDeactivatedAfterEdit()) {
        drag_values_.erase(key);
        out->number = v;
        return v != current.number;
      }
      if (!ImGui::IsItemActive()) drag_values_.erase(key);
      return false;
    }
    case SettingType::text: {
      auto it = text_values_.find(key);
      std::string text = it != text_values_.end() ? it->second : current.text;
      ImGui::InputText(id.c_str(), &text);
      if (ImGui::IsItemActive()) text_values_[key] = text;
      if (ImGui::IsItemDeactivatedAfterEdit()) {
        text_values_.erase(key);
        out->text = text;
        return text != current.text;
      }
      if (!ImGui::IsItemActive()) text_values_.erase(key);
      return false;
    }
    case SettingType::name_list: {
      bool changed = false;
      std::vector<std::string> names = current.names;
      float widest = 0;
      for (const std::string& c : s.choices) widest = std::max(widest, ImGui::CalcTextSize(c.c_str()).x);
      const float column = widest + ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::GetFontSize();
      const size_t per_row = std::max<size_t>(1, static_cast<size_t>(ImGui::GetContentRegionAvail().x / column));
      const float x0 = ImGui::GetCursorPosX();
      for (size_t i = 0; i < s.choices.size(); ++i) {
        const std::string& c = s.choices[i];
        bool on = std::find(names.begin(), names.end(), c) != names.end();
        if (i % per_row != 0) ImGui::SameLine(x0 + column * static_cast<float>(i % per_row));
        if (ImGui::Checkbox((c + id).c_str(), &on)) {
          changed = true;
          if (on) names.push_back(c);
          else names.erase(std::remove(names.begin(), names.end(), c), names.end());
        }
      }
      if (changed) out->names = normalized_names(s, names);  // the table's order (validation would sort them anyway)
      return changed;
    }
    case SettingType::real_list:
      ImGui::TextDisabled("(edited below)");
      return false;
  }
  return false;
}

void App::commit_field(const Field& field, const SettingValue& value) {
  std::vector<std::string> notes;
  Config next = apply_field_edit(state_.config(), field, value, &notes);
  state_.apply(std::move(next), std::move(notes));
}

void App::draw_fields(const char* table_id, std::string_view panel, const std::vector<std::string>& skip) {
  const std::vector<const Field*> fields = panel_fields(panel, state_.config());
  if (!begin_form(table_id)) return;
  for (const Field* f : fields) {
    if (std::find(skip.begin(), skip.end(), f->key) != skip.end()) continue;
    form_row(f->label, f->help + "\n(URL key: " + f->key + ")");
    SettingValue value;
    if (setting_widget(*f, f->key, f->get(state_.config()), &value)) commit_field(*f, value);
  }
  ImGui::EndTable();
}

// [SECTION] data panel ----------------------------------------------------------------------------------

void App::draw_data_panel() {
  ImGui::PushID("data");
  draw_fields("data_fields", "data", {});
  // CSV: a file picker in the browser (drag-and-drop too), a path on the desktop.
  if (platform_.has_file_picker()) {
    if (ImGui::Button("Open CSV...")) platform_.open_file_picker();
    ImGui::SameLine();
    ImGui::TextDisabled("or drop a file on the page");
  } else if (platform_.can_read_paths()) {
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 4.5f);
    const bool enter = ImGui::InputTextWithHint("##csvpath", "path/to/data.csv", &csv_path_, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if ((ImGui::Button("Load") || enter) && !csv_path_.empty()) {
      std::string text;
      if (platform_.read_path(csv_path_, &text)) {
        const size_t slash = csv_path_.find_last_of('/');
        load_csv(slash == std::string::npos ? csv_path_ : csv_path_.substr(slash + 1), std::move(text));
      } else {
        export_note_ = text;
      }
    }
  }
  if (state_.has_csv()) {
    const CsvInfo& info = state_.csv_info();
    note("CSV: %d rows, %d features, %d classes%s", info.rows, info.cols, info.classes,
                        info.had_header ? ", header" : "");
  }
  if (const Session* s = state_.session()) {
    const PreparedData& d = s->data();
    std::string margin;
    if (d.train.target_margin > 0) margin = ", target margin \xCE\xB4 = " + format_readout(d.train.target_margin);
    note("train %d, test %d, d = %d, Q = %d%s", d.train.rows(), d.test.rows(), d.train.cols(),
                        d.train.num_classes(), margin.c_str());
  }
  ImGui::PopID();
}

// [SECTION] noise panel and confusion-matrix editor -----------------------------------------------------

void App::draw_noise_panel() {
  ImGui::PushID("noise");
  draw_fields("noise_fields", "noise", {"cm"});
  const Config& config = state_.config();
  if (config.noise.model == NoiseModel::confusion) draw_confusion_editor();
  // What the noise achieved on the training part.
  if (const Session* s = state_.session()) {
    const NoiseReport& r = s->data().noise;
    const int n = s->data().train.rows();
    note("achieved: %d of %d training examples corrupted (%.1f%%)", r.corrupted, n, 100.0 * r.achieved_rate);
    if (!r.per_class_flipped.empty() && r.per_class_flipped.size() <= 8) {
      std::string per = "flipped per true class:";
      const std::vector<std::string>& names = s->data().train.class_names;
      for (size_t q = 0; q < r.per_class_flipped.size(); ++q) {
        const int total = q < r.per_class_count.size() ? r.per_class_count[q] : 0;
        per += " " + (q < names.size() ? names[q] : std::to_string(q)) + ": " + std::to_string(r.per_class_flipped[q]) + "/" +
               std::to_string(total);
      }
      note("%s", per.c_str());
    }
    if (r.proxy_target) note("(the adversary attacked the class-mean direction: no known target)");
  }
  ImGui::PopID();
}

void App::draw_confusion_editor() {
  const Config& config = state_.config();
  const int csv_q = state_.has_csv() ? state_.csv_info().classes : 0;
  const int q = std::max(2, config_classes(config, csv_q));
  if (config.noise.confusion != cm_draft_source_) {
    cm_draft_source_ = config.noise.confusion;
    cm_draft_ = config.noise.confusion;
  }
  if (cm_draft_.size() != static_cast<size_t>(q * q)) cm_draft_ = confusion_to_list(uniform_confusion(q, 0.2));
  const float fs = ImGui::GetFontSize();
  ImGui::Spacing();
  ImGui::TextWrapped("C_pq = P(noisy label = p | true class = q): column q is where true class q goes; every column sums to 1.");
  // The grid: rows p (noisy), columns q (true).
  const float cell_w = std::max(fs * 2.9f, ImGui::CalcTextSize("0.000").x + 8);
  bool edited = false;
  const float grid_w = std::min(ImGui::GetContentRegionAvail().x, (q + 1) * (cell_w + 4) + 12);
  // Height: q rows of cells, the header and the sums (table cells pad 2 px above and below), and a
  // horizontal scroll bar when the columns do not fit.
  const float rows_h = q * (ImGui::GetFrameHeight() + 4) + 2 * (ImGui::GetTextLineHeight() + 4) + 4;
  const bool scrolls = (q + 1) * (cell_w + 4) + 12 > ImGui::GetContentRegionAvail().x;
  const float grid_h = std::min(fs * 14.0f, rows_h + (scrolls ? ImGui::GetStyle().ScrollbarSize : 0.0f));
  ImGui::BeginChild("cm_grid", ImVec2(grid_w, grid_h), false, ImGuiWindowFlags_HorizontalScrollbar);
  if (ImGui::BeginTable("cm", q + 1, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoHostExtendX)) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("p\\q");
    for (int c = 0; c < q; ++c) {
      ImGui::TableSetColumnIndex(c + 1);
      ImGui::TextDisabled("%d", c);
    }
    for (int r = 0; r < q; ++r) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::AlignTextToFramePadding();
      ImGui::TextDisabled("%d", r);
      for (int c = 0; c < q; ++c) {
        ImGui::TableSetColumnIndex(c + 1);
        ImGui::PushID(r * q + c);
        ImGui::SetNextItemWidth(cell_w);
        double& v = cm_draft_[static_cast<size_t>(r * q + c)];
        const double lo = 0, hi = 1;
        if (r == c) ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(0.16f, 0.24f, 0.33f, 1));
        ImGui::DragScalar("##c", ImGuiDataType_Double, &v, 0.002f, &lo, &hi, "%.3f", ImGuiSliderFlags_AlwaysClamp);
        if (r == c) ImGui::PopStyleColor();
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
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("For matrices written with rows = true class (004 §4.1 normalizes rows)");
  ImGui::SameLine();
  if (ImGui::Button("Normalize columns")) {
    draft = normalize_columns(draft);
    cm_draft_ = confusion_to_list(draft);
    commit = true;
  }
  // Presets.
  ImGui::SetNextItemWidth(fs * 8);
  const std::vector<std::string>& names = confusion_preset_names();
  if (ImGui::BeginCombo("##preset", names[static_cast<size_t>(cm_preset_)].c_str())) {
    for (size_t i = 0; i < names.size(); ++i)
      if (ImGui::Selectable(names[i].c_str(), static_cast<int>(i) == cm_preset_)) cm_preset_ = static_cast<int>(i);
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(fs * 4.5f);
  const auto preset = static_cast<ConfusionPreset>(cm_preset_);
  if (preset == ConfusionPreset::family) {
    ImGui::SliderInt("i##family", &cm_family_index_, 0, 20);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("004 §4.1: C_i = \xCE\xA9(I + iN), N = (M - I)/10, shown transposed (columns sum to 1)");
  } else if (preset != ConfusionPreset::identity) {
    const double lo = 0, hi = 0.95;
    ImGui::DragScalar("\xCE\xB7##preset_eta", ImGuiDataType_Double, &cm_preset_eta_, 0.005f, &lo, &hi, "%.2f", ImGuiSliderFlags_AlwaysClamp);
  }
  ImGui::SameLine();
  if (ImGui::Button("Apply")) {
    draft = confusion_preset(preset, q, cm_preset_eta_, config.seed, cm_family_index_);
    cm_draft_ = confusion_to_list(draft);
    commit = true;
  }
  const double err = confusion_column_error(confusion_matrix_of(cm_draft_, q));
  if (err > 1e-9) ImGui::TextColored(ImVec4(1, 0.6f, 0.4f, 1), "columns must sum to 1: fix them or press Normalize columns");
  if (commit && err <= 1e-9 && cm_draft_ != config.noise.confusion) {
    Config next = config;
    next.noise.confusion = cm_draft_;
    state_.apply(std::move(next));
  }
  const double cond = condition_number(confusion_matrix_of(cm_draft_, q));
  const double refused_above = uma_max_condition(config);
  note("condition number %s%s", format_readout(cond).c_str(), cond > refused_above ? " (near singular: UMA refuses it)" : "");
}

// [SECTION] learner panel -------------------------------------------------------------------------------

void App::draw_learner_panel() {
  ImGui::PushID("learner");
  draw_fields("learner_fields", "learner", {});
  const Config& config = state_.config();
  const LearnerEntry* entry = find_learner(config.learner);
  if (entry) {
    if (begin_form("params")) {
      for (const Setting& spec : entry->schema.params) {
        form_row(spec.label, spec.help + "\n(URL key: l." + spec.key + ")");
        SettingValue value;
        if (setting_widget(spec, "l." + spec.key, number_value(learner_param_value(config, spec)), &value))
          state_.apply(set_learner_param(config, spec.key, value.number));
      }
      ImGui::EndTable();
    }
    if (entry->schema.params.empty()) ImGui::TextDisabled("no parameters");
    note("%s", std::string(entry->citation).c_str());
  }
  ImGui::PopID();
}

// [SECTION] share and export panels ---------------------------------------------------------------------

void App::draw_share_panel() {
  ImGui::PushID("share");
  std::string link = platform_.share_link(state_.url());
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 5.2f);
  ImGui::InputText("##link", &link, ImGuiInputTextFlags_ReadOnly);
  ImGui::SameLine();
  if (ImGui::Button("Copy link")) export_note_ = platform_.copy_text(link) ? "link copied" : "this host has no clipboard";
  ImGui::TextDisabled("Panels the link hides (for teaching):");
  for (const Field* f : panel_fields("share", state_.config())) {
    SettingValue value;
    if (setting_widget(*f, f->key, f->get(state_.config()), &value)) commit_field(*f, value);
  }
  if (!export_note_.empty()) note("%s", export_note_.c_str());
  ImGui::PopID();
}

void App::draw_export_panel() {
  ImGui::PushID("export");
  const Session* s = state_.session();
  ImGui::BeginDisabled(!s);
  if (ImGui::Button("Trace CSV") && s) export_note_ = platform_.save_file("marginlab_trace.csv", s->trace().to_csv(), "text/csv");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The recorded trace (sha256 = the run's fingerprint)");
  ImGui::SameLine();
  if (ImGui::Button("Trace JSON") && s) export_note_ = platform_.save_file("marginlab_trace.json", trace_json(s->trace()), "application/json");
  ImGui::SameLine();
  if (ImGui::Button("Data CSV") && s) export_note_ = platform_.save_file("marginlab_data.csv", render_data_csv(s->data()), "text/csv");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The prepared data with observed and true labels and corruption flags");
  ImGui::SameLine();
  if (ImGui::Button("Plots PNG") && s && panel_visible(state_.config(), "plots")) {
    capture_pending_ = true;
    capture_min_ = plots_min_;
    capture_max_ = plots_max_;
  }
  ImGui::EndDisabled();
  if (s) {
    // Hashing the trace means writing its CSV: done once per paused state, not every frame.
    if (state_.playing()) {
      note("trace: %zu rows (its sha256 shows when paused)", s->trace().size());
    } else {
      const std::string key = std::to_string(state_.session_version()) + ":" + std::to_string(s->steps());
      if (key != hash_key_) {
        hash_key_ = key;
        hash_text_ = trace_sha256();
      }
      note("trace: %zu rows, sha256 %.16s...", s->trace().size(), hash_text_.c_str());
    }
  }
  if (!export_note_.empty()) ImGui::TextWrapped("%s", export_note_.c_str());
  ImGui::PopID();
}

// [SECTION] confusion panel -----------------------------------------------------------------------------

void App::refresh_learned_confusion() {
  const Session* s = state_.session();
  if (!s) {
    learned_c_.clear();
    return;
  }
  const double now = platform_.now_seconds();
  const bool stale = learned_session_ != state_.session_version() || learned_updates_ != s->updates();
  if (!stale) return;
  if (learned_session_ == state_.session_version() && now - learned_time_ < 0.3) return;
  learned_session_ = state_.session_version();
  learned_updates_ = s->updates();
  learned_time_ = now;
  const Dataset& test = s->data().test.rows() > 0 ? s->data().test : s->data().train;
  const int q = std::max(2, test.num_classes());
  std::vector<int> predicted;
  s->learner().predict_batch(test.X, &predicted);
  std::vector<double> counts(static_cast<size_t>(q * q), 0.0), per_true(static_cast<size_t>(q), 0.0);
  for (size_t i = 0; i < predicted.size(); ++i) {
    const int p = predicted[i], t = test.true_label[i];
    if (p < 0 || p >= q || t < 0 || t >= q) continue;
    counts[static_cast<size_t>(p * q + t)] += 1;
    per_true[static_cast<size_t>(t)] += 1;
  }
  learned_c_.assign(counts.size(), 0.0);
  double off = 0;
  for (int p = 0; p < q; ++p)
    for (int t = 0; t < q; ++t) {
      const double v = per_true[static_cast<size_t>(t)] > 0 ? counts[static_cast<size_t>(p * q + t)] / per_true[static_cast<size_t>(t)] : 0;
      learned_c_[static_cast<size_t>(p * q + t)] = v;
      if (p != t) off += v * v;
    }
  learned_rate_ = std::sqrt(off) / std::sqrt(static_cast<double>(q));
}

void App::draw_confusion_panel(ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::Begin("Confusion", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_HorizontalScrollbar);
  const Session* s = state_.session();
  if (!s) {
    ImGui::TextUnformatted("No run.");
    ImGui::End();
    return;
  }
  refresh_learned_confusion();
  const Config& config = state_.config();
  const Dataset& train = s->data().train;
  const int q = std::max(2, train.num_classes());
  // True C: the configured process, when the model is one (uniform noise is the matrix of eta).
  // The same matrix UMA's "given" C is (Problem::known_confusion).
  std::vector<double> true_c;
  std::string true_title = "True C (configured)";
  const Result<Eigen::MatrixXd> known = noise_confusion_matrix(config.noise, q);
  if (known.ok()) {
    true_c = confusion_to_list(known.value());
    if (config.noise.model == NoiseModel::none) true_title += ": no noise";
    if (config.noise.model == NoiseModel::uniform) true_title += ": uniform";
  } else if (known.error().code == "noise.not_a_matrix") {
    true_title = std::string("True C: '") + std::string(noise_model_name(config.noise.model)) + "' is not a matrix";
  } else {
    true_title = "True C: " + known.error().message;
  }
  std::vector<double> achieved;
  const NoiseReport& r = s->data().noise;
  if (r.achieved_confusion.rows() == q && r.achieved_confusion.cols() == q) achieved = confusion_to_list(r.achieved_confusion);
  const float fs = ImGui::GetFontSize();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // Cell size: three matrices side by side with their labels, and the text below them.
  // Height: title, column labels, the cells, the caption under each matrix, the convention line.
  const float label_room = fs * 3.5f;
  float cell = std::floor(std::min((avail.x - 3 * label_room - 40) / (3.0f * q), (avail.y - fs * 6.2f) / q));
  cell = std::clamp(cell, 6.0f, fs * 4.2f);
  char learned_title[160];
  std::snprintf(learned_title, sizeof learned_title, "Learned \xC4\x88 (%s): rate %s", s->data().test.rows() > 0 ? "test" : "train",
                format_readout(learned_rate_).c_str());
  matrix_plot("true", true_title, true_c, q, train.class_names, cell, "noisy", "true");
  ImGui::SameLine(0, fs * 1.5f);
  // The middle matrix: the C the learner estimated itself (UMA with l.confusion=estimated), else the noise
  // the simulation achieved on the training part (counted from the true labels the learner never sees).
  bool learner_estimated = false;
  int oracle_labels = 0;
  const Eigen::MatrixXd* in_use = s->learner().confusion_in_use(&learner_estimated, &oracle_labels);
  std::string middle_title = "Achieved C (counted on train)";
  if (learner_estimated && in_use != nullptr && in_use->rows() == q && in_use->cols() == q) {
    achieved = confusion_to_list(*in_use);
    middle_title = "Estimated C (learner, " + std::to_string(oracle_labels) + " oracle labels)";
  }
  matrix_plot("achieved", middle_title, achieved, q, train.class_names, cell, "noisy", "true");
  ImGui::SameLine(0, fs * 1.5f);
  matrix_plot("learned", learned_title, learned_c_, q, train.class_names, cell, "predicted", "true");
  note("C_pq = P(noisy = p | true = q), columns sum to 1.  \xC4\x88_pq = #(predicted p, true q) / #(true q);"
       " confusion rate = ||off-diagonal \xC4\x88||_F / \xE2\x88\x9AQ (004).");
  ImGui::End();
}

}  // namespace ml::app
