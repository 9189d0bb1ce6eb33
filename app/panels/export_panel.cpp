// marginlab app — the Export panel (see export_panel.h).
#include "app/panels/export_panel.h"

#include <algorithm>
#include <cmath>

#include "app/models/png_text.h"
#include "app/models/ui_model.h"
#include "app/ui/png.h"
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

void ExportPanel::save_button(const char* label, const char* file, const char* mime, bool ready,
                              const std::function<std::string()>& contents, const char* probe_name,
                              const char* tooltip) {
  if (ImGui::Button(label) && ready) ctx_.message = ctx_.platform.save_file(file, contents(), mime);
  if (probe_name) probe(ctx_, probe_name);
  if (tooltip && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
}

void ExportPanel::draw_sweep(ImVec2 plot_min, ImVec2 plot_max) {
  SweepModel* sweep = ctx_.state.sweep();
  ImGui::BeginDisabled(!sweep || sweep->rows().empty());
  save_button(
      "Rows CSV", "marginlab_sweep.csv", "text/csv", sweep != nullptr, [&] { return sweep->rows_csv(); },
      "export.rows_csv", "One line per finished cell: its axis values, every number of its run report, its link");
  same_line_if_fits(button_width("Rows JSONL"));
  save_button(
      "Rows JSONL", "marginlab_sweep.jsonl", "application/x-ndjson", sweep != nullptr,
      [&] { return sweep->rows_jsonl(); }, "export.rows_jsonl",
      "The rows as `marginlab sweep --out` writes them (merge and report read this)");
  same_line_if_fits(button_width("Sweep PNG"));
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
      note("%zu rows, sha256 %.16s... (equals `marginlab sweep` on this link)", sweep->rows().size(),
           sweep->rows_sha256().c_str());
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
  save_button(
      "Trace CSV", "marginlab_trace.csv", "text/csv", s != nullptr, [&] { return s->trace().to_csv(); }, nullptr,
      "The recorded trace (sha256 = the run's fingerprint)");
  same_line_if_fits(button_width("Trace JSON"));
  save_button(
      "Trace JSON", "marginlab_trace.json", "application/json", s != nullptr, [&] { return trace_json(s->trace()); },
      nullptr, nullptr);
  same_line_if_fits(button_width("Data CSV"));
  save_button(
      "Data CSV", "marginlab_data.csv", "text/csv", s != nullptr, [&] { return render_data_csv(s->data()); }, nullptr,
      "The prepared data with observed and true labels and corruption flags");
  same_line_if_fits(button_width("Plots PNG"));
  if (ImGui::Button("Plots PNG") && s && panel_visible(ctx_.state.config(), "plots"))
    request_capture(plots_min, plots_max, "marginlab_plots.png", false);
  const bool has_view =
      view_max_.x > view_min_.x && view_max_.y > view_min_.y && panel_visible(ctx_.state.config(), "view");
  ImGui::BeginDisabled(!has_view);
  if (ImGui::Button("View PNG") && s && has_view) request_capture(view_min_, view_max_, "marginlab_view.png", true);
  ImGui::EndDisabled();
  probe(ctx_, "export.view_png");
  // No tooltip in the frame a capture reads: it would be in the picture.
  if (!capture_pending_ && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("The 2-D view with its legend, the link as a caption (and in the file's Source text)");
  same_line_if_fits(button_width("Layout PNG"));
  if (ImGui::Button("Layout PNG") && s)
    request_capture(ImVec2(0, 0), ImGui::GetIO().DisplaySize, "marginlab_layout.png", true);
  probe(ctx_, "export.layout_png");
  if (!capture_pending_ && ImGui::IsItemHovered())
    ImGui::SetTooltip("The whole window, the link as a caption (and in the file's Source text)");
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

void ExportPanel::request_capture(ImVec2 min, ImVec2 max, const std::string& name, bool caption) {
  capture_pending_ = true;
  capture_min_ = min;
  capture_max_ = max;
  capture_name_ = name;
  capture_source_.clear();
  if (!caption) return;
  // The caption: the link over the bottom edge of the captured rectangle, drawn on top of everything in
  // this frame (the frame the capture reads), wrapped to its width.
  capture_source_ = ctx_.platform.share_link(ctx_.state.url());
  const std::string text = "marginlab  " + capture_source_;
  const float pad = ImGui::GetFontSize() * 0.35f;
  const float wrap = std::max(ImGui::GetFontSize() * 4, max.x - min.x - 2 * pad);
  const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
  const ImVec2 top(min.x, std::max(min.y, max.y - size.y - 2 * pad));
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  dl->AddRectFilled(top, max, IM_COL32(24, 28, 36, 235));
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(top.x + pad, top.y + pad), IM_COL32(236, 240, 246, 255),
              text.c_str(), nullptr, wrap);
}

void ExportPanel::after_render(int framebuffer_width, int framebuffer_height) {
  if (!capture_pending_) return;
  capture_pending_ = false;
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  const int x = static_cast<int>(capture_min_.x * scale.x), y = static_cast<int>(capture_min_.y * scale.y);
  const int w = std::min(framebuffer_width - x, static_cast<int>((capture_max_.x - capture_min_.x) * scale.x));
  const int h = std::min(framebuffer_height - y, static_cast<int>((capture_max_.y - capture_min_.y) * scale.y));
  std::string png = capture_png(x, y, w, h, framebuffer_height);
  if (!png.empty() && !capture_source_.empty()) png = png_with_text(png, "Source", capture_source_);
  ctx_.message = png.empty() ? "nothing to capture" : ctx_.platform.save_file(capture_name_, png, "image/png");
}

}  // namespace ml::app
