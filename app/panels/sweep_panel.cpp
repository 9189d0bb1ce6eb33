// marginlab app — the Sweep panel (see sweep_panel.h).
#include "app/panels/sweep_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/models/plot_axis.h"
#include "app/models/ui_model.h"
#include "app/ui/plot.h"

namespace ml::app {

namespace {

// "learner (3) × eta (5) × seed (5)".
std::string describe_axes(const Experiment& e) {
  std::string out;
  for (const Axis& a : e.axes) {
    if (!out.empty()) out += " \xC3\x97 ";
    out += a.key + " (" + std::to_string(a.values.size()) + ")";
  }
  return out;
}

// The replicate axes' names ("seeds"), for the plot's title.
std::string replicate_words(const Experiment& e) {
  for (const Axis& a : e.axes)
    if (is_replicate_key(a.key)) return a.key == "seed" ? "seeds" : a.key + " values";
  return "";
}

}  // namespace

void SweepPanel::draw_header() {
  SweepModel& sweep = *ctx_.state.sweep();
  const float fs = ImGui::GetFontSize();
  const Experiment& e = sweep.experiment();
  ImGui::AlignTextToFramePadding();
  ImGui::Text("Sweep: %lld cells, %s, each to %lld steps", static_cast<long long>(sweep.total()),
              describe_axes(e).c_str(), static_cast<long long>(e.base.steps));
  // Progress, pause/resume, cancel on one line.
  const int64_t done = sweep.completed(), total = sweep.total();
  char overlay[96];
  std::snprintf(overlay, sizeof overlay, "%lld / %lld cells", static_cast<long long>(done),
                static_cast<long long>(total));
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, ImVec4(0.30f, 0.55f, 0.95f, 1));
  ImGui::ProgressBar(total > 0 ? static_cast<float>(done) / static_cast<float>(total) : 0.0f, ImVec2(fs * 16, 0),
                     overlay);
  ImGui::PopStyleColor();
  ImGui::SameLine();
  const bool over = sweep.finished() || sweep.cancelled();
  ImGui::BeginDisabled(over);
  if (ctx_.state.playing()) {
    if (ImGui::Button("\xE2\x80\x96 Pause", ImVec2(fs * 5.5f, 0))) ctx_.state.pause();
  } else {
    if (ImGui::Button("\xE2\x96\xB6 Resume", ImVec2(fs * 5.5f, 0))) ctx_.state.play();
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) {
    sweep.cancel();
    ctx_.state.pause();
  }
  probe(ctx_, "sweep.cancel");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Stop the sweep; the cells done so far stay in the plot and the exports");
  ImGui::EndDisabled();
  ImGui::SameLine(0, fs);
  ImGui::AlignTextToFramePadding();
  // The status, then the rate and the time left: the rate stays whole, the status is cut with "..." to the room
  // left before it (the whole text on hover), so that neither runs past the panel's edge.
  const bool stopped = !sweep.error().ok();
  std::string status;
  if (stopped)
    status = "stopped: " + sweep.error().error().message;
  else if (sweep.finished())
    status = "finished";
  else if (sweep.cancelled())
    status = "cancelled";
  else if (!ctx_.state.visible)
    status = "paused (page hidden)";
  else if (!ctx_.state.playing())
    status = "paused";
  else if (sweep.current_index() >= 0)
    status = "running " + sweep.cell_label(sweep.current_index()) + ", step " + std::to_string(sweep.current_steps());
  else
    status = "running on " + sweep.runs_on();
  std::string rate;
  if (sweep.running()) {  // cells/s and the time left, once a row exists
    const std::string progress = progress_text(sweep.progress(ctx_.platform.now_seconds()));
    const size_t at = progress.find(", ");
    if (at != std::string::npos) rate = progress.substr(at + 2);
  }
  const float rate_w = rate.empty() ? 0.0f : ImGui::CalcTextSize(rate.c_str()).x + ImGui::GetStyle().ItemSpacing.x;
  const FittedText shown = fit_to_width(status, ImGui::GetContentRegionAvail().x - rate_w);
  if (stopped)
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.42f, 1), "%s", shown.shown.c_str());
  else
    ImGui::TextUnformatted(shown.shown.c_str());
  if (shown.cut && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", status.c_str());
  if (!rate.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", rate.c_str());
  }
  if (const size_t refused = sweep.error_rows()) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.42f, 1), "(%zu cells refused)", refused);
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::TextUnformatted("Left out of the plot: their learner or data pipeline refused the data.");
      size_t shown = 0;
      for (const CellRow& r : sweep.rows())
        if (!r.error.empty() && shown++ < 8) ImGui::Text("%s: %s", sweep.cell_label(r.index).c_str(), r.error.c_str());
      ImGui::EndTooltip();
    }
  }
  if (!sweep.warnings().empty()) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(1.0f, 0.82f, 0.45f, 1), "(%zu warnings)", sweep.warnings().size());
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      for (size_t i = 0; i < sweep.warnings().size() && i < 12; ++i)
        ImGui::TextUnformatted(sweep.warnings()[i].c_str());
      ImGui::EndTooltip();
    }
  }
  // The metric: any numeric field of the rows.
  if (!sweep.rows().empty()) {
    const float w = fs * 11;
    // Right-aligned after the status line's last item, or on the next line when it would run into it.
    const float status_end = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x;
    const float metric_x = ImGui::GetWindowContentRegionMax().x - w - ImGui::CalcTextSize("metric").x - 8;
    if (metric_x >= status_end + fs) ImGui::SameLine(metric_x);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("metric");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(w);
    if (fitted_combo("##metric", metric_)) {
      // The fields of the first row that ran (a refused cell's row has none).
      const CellRow* ran = nullptr;
      for (const CellRow& r : sweep.rows())
        if (r.error.empty()) {
          ran = &r;
          break;
        }
      if (ran)
        for (const auto& kv : ran->numbers)
          if (kv.first != "index" && ImGui::Selectable(kv.first.c_str(), kv.first == metric_)) metric_ = kv.first;
      ImGui::EndCombo();
    }
  }
}

void SweepPanel::draw(ImVec2 pos, ImVec2 size) {
  begin_panel("Sweep", pos, size, ImGuiWindowFlags_NoScrollbar);
  first_marker_ = first_cell_entry_ = ImVec2(-1, -1);
  SweepModel* sweep = ctx_.state.sweep();
  if (!sweep) {
    ImGui::TextWrapped("%s", ctx_.state.build_pending()         ? "Preparing the sweep..."
                             : ctx_.state.build_error().empty() ? "No sweep."
                                                                : ctx_.state.build_error().c_str());
    ImGui::End();
    return;
  }
  draw_header();
  what_line("Each marker is one setting of the link's axes, averaged over its replicates; the bar is the standard "
            "error. Click a marker to open that run.",
            "Mean \xC2\xB1 standard error and paired t-tests: docs/experiments.md.");
  const float fs = ImGui::GetFontSize();
  const SweepPlotData& d = sweep->plot(metric_);
  std::vector<PointSeries> series;
  for (size_t i = 0; i < d.lines.size(); ++i) {
    const SweepLine& line = d.lines[i];
    const ImU32 color = d.lines.size() <= 4 ? learner_color(static_cast<int>(i)) : series_color(static_cast<int>(i));
    series.push_back({line.name.empty() ? metric_ : line.name, &line.x, &line.mean, &line.se, color});
  }
  PlotOptions o;
  const std::string reps = replicate_words(sweep->experiment());
  o.title = metric_ + (reps.empty() ? "" : " (mean \xC2\xB1 standard error over " + reps + ")") +
            (d.x_key.empty() ? "" : " against " + setting_display_name(d.x_key)) + "   " +
            std::to_string(d.points_filled) + " of " + std::to_string(d.points.size()) + " points";
  o.x_label = setting_display_name(d.x_key);  // the key itself is in the help
  if (!d.x_key.empty()) o.help = "x axis: " + o.x_label + " (URL key " + d.x_key + ").";
  o.empty_text = "the first cells are running...";
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float hint_h = ImGui::GetTextLineHeightWithSpacing();
  plot_min_ = ImGui::GetCursorScreenPos();
  const std::vector<std::string> no_labels;
  const PointHit hit = points_plot("sweep", ImVec2(avail.x, avail.y - hint_h), o, series,
                                   d.x_numeric ? no_labels : d.x_labels, &first_marker_);
  plot_max_ = ImVec2(plot_min_.x + avail.x, plot_min_.y + avail.y - hint_h);
  note("Click a point to open one of its cells as a single run (Back returns here). Export: rows as CSV or JSON lines, "
       "the plot as PNG.");
  if (hit.series >= 0) {
    const SweepLine& line = d.lines[static_cast<size_t>(hit.series)];
    const size_t k = static_cast<size_t>(hit.index);
    const SweepPoint& pt = d.points[line.point[k]];
    const std::string x_text = d.x_numeric ? format_readout(line.x[k])
                               : k < line.x.size() && static_cast<size_t>(line.x[k]) < d.x_labels.size()
                                   ? d.x_labels[static_cast<size_t>(line.x[k])]
                                   : "";
    std::string where = line.name.empty() ? "" : line.name + ", ";
    where += d.x_key.empty() ? std::string() : d.x_key + " = " + x_text;
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(where.c_str());
    ImGui::Text("%s = %s \xC2\xB1 %s over %d cells", metric_.c_str(), format_readout(pt.stat.mean).c_str(),
                format_readout(line.se[k]).c_str(), pt.stat.n);
    ImGui::TextDisabled("click: choose one of its cells to open");
    ImGui::EndTooltip();
    if (hit.clicked) {
      popup_cells_ = pt.cells;
      popup_title_ = where;
      ImGui::OpenPopup("cells");
    }
  }
  if (ImGui::BeginPopup("cells")) {
    ImGui::TextDisabled("%s: open a cell as a single run", popup_title_.c_str());
    ImGui::Separator();
    int64_t chosen = -1;
    for (size_t i = 0; i < popup_cells_.size(); ++i) {
      const int64_t c = popup_cells_[i];
      const CellRow* row = sweep->row_of(c);
      std::string text = sweep->cell_label(c);
      const double v = row ? row->number(metric_) : NAN;
      text += !row                  ? "   (not run yet)"
              : !row->error.empty() ? "   refused: " + row->error
                                    : "   " + metric_ + " " + format_readout(v);
      if (i == 0)
        first_cell_entry_ = ImVec2(ImGui::GetCursorScreenPos().x + fs, ImGui::GetCursorScreenPos().y + fs * 0.5f);
      if (ImGui::Selectable((text + "##cell" + std::to_string(c)).c_str())) chosen = c;
    }
    ImGui::EndPopup();
    if (chosen >= 0) ctx_.state.open_cell(chosen);
  }
  ImGui::End();
}

}  // namespace ml::app
