// marginlab app — the Export panel (see export_panel.h).
#include "app/panels/export_panel.h"

#include <algorithm>
#include <cmath>

#include "app/png.h"
#include "app/ui_model.h"
#include "core/session/pipeline.h"
#include "core/session/trace.h"
#include "core/util/format.h"

namespace ml::app {

namespace {

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

}  // namespace

void ExportPanel::draw_sweep(ImVec2 plot_min, ImVec2 plot_max) {
  SweepModel* sweep = ctx_.state.sweep();
  ImGui::BeginDisabled(!sweep || sweep->rows().empty());
  if (ImGui::Button("Rows CSV") && sweep)
    ctx_.message = ctx_.platform.save_file("marginlab_sweep.csv", sweep->rows_csv(), "text/csv");
  probe(ctx_, "export.rows_csv");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("One line per finished cell: its axis values, every number of its run report, its link");
  ImGui::SameLine();
  if (ImGui::Button("Rows JSONL") && sweep)
    ctx_.message = ctx_.platform.save_file("marginlab_sweep.jsonl", sweep->rows_jsonl(), "application/x-ndjson");
  probe(ctx_, "export.rows_jsonl");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The rows as `marginlab sweep --out` writes them (merge and report read this)");
  ImGui::SameLine();
  if (ImGui::Button("Sweep PNG")) {
    capture_pending_ = true;
    capture_min_ = plot_min;
    capture_max_ = plot_max;
    capture_name_ = "marginlab_sweep.png";
  }
  probe(ctx_, "export.sweep_png");
  ImGui::EndDisabled();
  if (sweep) {
    if (sweep->finished() && !sweep->rows().empty())
      note("%zu rows, sha256 %.16s... (equals `marginlab sweep` on this link)", sweep->rows().size(), sweep->rows_sha256().c_str());
    else
      note("%zu of %lld rows so far", sweep->rows().size(), static_cast<long long>(sweep->total()));
  }
}

void ExportPanel::draw(ImVec2 plots_min, ImVec2 plots_max) {
  ImGui::PushID("export");
  if (ctx_.state.mode() == RunMode::sweep) {
    draw_sweep(plots_min, plots_max);
    if (!ctx_.message.empty()) ImGui::TextWrapped("%s", ctx_.message.c_str());
    ImGui::PopID();
    return;
  }
  const Session* s = ctx_.state.session();
  ImGui::BeginDisabled(!s);
  if (ImGui::Button("Trace CSV") && s) ctx_.message = ctx_.platform.save_file("marginlab_trace.csv", s->trace().to_csv(), "text/csv");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The recorded trace (sha256 = the run's fingerprint)");
  ImGui::SameLine();
  if (ImGui::Button("Trace JSON") && s) ctx_.message = ctx_.platform.save_file("marginlab_trace.json", trace_json(s->trace()), "application/json");
  ImGui::SameLine();
  if (ImGui::Button("Data CSV") && s) ctx_.message = ctx_.platform.save_file("marginlab_data.csv", render_data_csv(s->data()), "text/csv");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The prepared data with observed and true labels and corruption flags");
  ImGui::SameLine();
  if (ImGui::Button("Plots PNG") && s && panel_visible(ctx_.state.config(), "plots")) {
    capture_pending_ = true;
    capture_name_ = "marginlab_plots.png";
    capture_min_ = plots_min;
    capture_max_ = plots_max;
  }
  ImGui::EndDisabled();
  if (s) {
    // Hashing the trace means writing its CSV: done once per paused state, not every frame.
    if (ctx_.state.playing()) {
      note("trace: %zu rows (its sha256 shows when paused)", s->trace().size());
    } else {
      const std::string key = std::to_string(ctx_.state.session_version()) + ":" + std::to_string(s->steps());
      if (key != hash_key_) {
        hash_key_ = key;
        hash_text_ = s->trace().sha256();
      }
      note("trace: %zu rows, sha256 %.16s...", s->trace().size(), hash_text_.c_str());
    }
  }
  if (!ctx_.message.empty()) ImGui::TextWrapped("%s", ctx_.message.c_str());
  ImGui::PopID();
}

void ExportPanel::after_render(int framebuffer_width, int framebuffer_height) {
  if (!capture_pending_) return;
  capture_pending_ = false;
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  const int x = static_cast<int>(capture_min_.x * scale.x), y = static_cast<int>(capture_min_.y * scale.y);
  const int w = std::min(framebuffer_width - x, static_cast<int>((capture_max_.x - capture_min_.x) * scale.x));
  const int h = std::min(framebuffer_height - y, static_cast<int>((capture_max_.y - capture_min_.y) * scale.y));
  const std::string png = capture_png(x, y, w, h, framebuffer_height);
  ctx_.message = png.empty() ? "nothing to capture" : ctx_.platform.save_file(capture_name_, png, "image/png");
}

}  // namespace ml::app
