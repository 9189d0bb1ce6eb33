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
  const Experiment& e = sweep.experiment();
  ImGui::TextWrapped("Sweep: %lld cells, %s, each to %lld steps", static_cast<long long>(sweep.total()),
                     describe_axes(e).c_str(), static_cast<long long>(e.base.steps));
  draw_progress_row(sweep);
  draw_status(sweep);
  // A refused cell says why in sight (the same words as a single run's refusal), on every screen: here when some
  // cells ran, in the empty plot's place when none did (sweep_empty_text).
  const std::string refused = refusal_summary(sweep.rows(), sweep.total());
  if (!refused.empty() && !none_ran(sweep.rows())) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.42f, 1));
    ImGui::TextWrapped("%s", refused.c_str());
    ImGui::PopStyleColor();
    probe(ctx_, "sweep.refused");
  }
  draw_warnings(sweep);
  draw_metric_choice(sweep);
}

// The progress bar, Pause or Resume, and Cancel: on one line when they fit, the bar the width's whole otherwise.
void SweepPanel::draw_progress_row(SweepModel& sweep) {
  const float fs = ImGui::GetFontSize();
  const int64_t done = sweep.completed(), total = sweep.total();
  char overlay[96];
  std::snprintf(overlay, sizeof overlay, "%lld / %lld cells", static_cast<long long>(done),
                static_cast<long long>(total));
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, ImVec4(0.30f, 0.55f, 0.95f, 1));
  ImGui::ProgressBar(total > 0 ? static_cast<float>(done) / static_cast<float>(total) : 0.0f,
                     ImVec2(std::min(fs * 16, ImGui::GetContentRegionAvail().x), 0), overlay);
  ImGui::PopStyleColor();
  const float pad = ImGui::GetStyle().FramePadding.x * 2;
  same_line_if_fits(fs * 5.5f + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize("Cancel").x + pad);
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
}

// The status, then the rate and the time left: beside the buttons when they fit, else under them, wrapped.
void SweepPanel::draw_status(const SweepModel& sweep) {
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
  if (sweep.running()) {  // cells/s and the time left, once a row exists
    const std::string progress = progress_text(sweep.progress(ctx_.platform.now_seconds()));
    const size_t at = progress.find(", ");
    if (at != std::string::npos) status += "   " + progress.substr(at + 2);
  }
  same_line_if_fits(ImGui::CalcTextSize(status.c_str()).x);
  if (stopped) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.42f, 1));
  ImGui::TextWrapped("%s", status.c_str());
  if (stopped) ImGui::PopStyleColor();
}

// The warnings the sweep's cells gave: a count that unfolds the list (a tap shows it; hovering is not needed).
void SweepPanel::draw_warnings(const SweepModel& sweep) {
  if (sweep.warnings().empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.82f, 0.45f, 1));
  const std::string label = std::to_string(sweep.warnings().size()) +
                            (sweep.warnings().size() == 1 ? " warning" : " warnings") + "##sweep_warnings";
  if (ImGui::TreeNode(label.c_str())) {
    for (size_t i = 0; i < sweep.warnings().size() && i < 12; ++i)
      ImGui::TextWrapped("%s", sweep.warnings()[i].c_str());
    ImGui::TreePop();
  }
  ImGui::PopStyleColor();
}

// The metric: any numeric field of the rows.
void SweepPanel::draw_metric_choice(const SweepModel& sweep) {
  if (sweep.rows().empty()) return;
  const float w = ImGui::GetFontSize() * 11;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("metric");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::min(w, ImGui::GetContentRegionAvail().x));
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

void SweepPanel::draw(ImVec2 pos, ImVec2 size, bool title) {
  begin_panel("Sweep", pos, size, ImGuiWindowFlags_NoScrollbar | (title ? 0 : ImGuiWindowFlags_NoTitleBar));
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
  const std::string empty_text = sweep_empty_text(sweep->rows(), sweep->total(), sweep->cancelled());
  o.empty_text = empty_text.c_str();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // On a touch screen a tap on a point does what a click does; the hint's wrapped lines keep their room under
  // the plot.
  const char* hint = on_touch(ctx_) ? "Tap a point to open one of its cells as a single run (Back returns here). "
                                      "Export (Settings): rows as CSV or JSON lines, the plot as PNG."
                                    : "Click a point to open one of its cells as a single run (Back returns here). "
                                      "Export: rows as CSV or JSON lines, the plot as PNG.";
  const float hint_h = ImGui::CalcTextSize(hint, nullptr, false, avail.x).y + ImGui::GetStyle().ItemSpacing.y;
  plot_min_ = ImGui::GetCursorScreenPos();
  const std::vector<std::string> no_labels;
  const PointHit hit = points_plot("sweep", ImVec2(avail.x, avail.y - hint_h), o, series,
                                   d.x_numeric ? no_labels : d.x_labels, &first_marker_);
  plot_max_ = ImVec2(plot_min_.x + avail.x, plot_min_.y + avail.y - hint_h);
  chrome_height_ = ImGui::GetWindowHeight() - (plot_max_.y - plot_min_.y);
  if (ctx_.probes) {
    (*ctx_.probes)["sweep.plot"] = {plot_min_, plot_max_};
    if (none_ran(sweep->rows()))  // the plot says why
      (*ctx_.probes)["sweep.refused"] = {plot_min_, plot_max_};
  }
  note("%s", hint);
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
