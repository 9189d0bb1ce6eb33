// marginlab app — the Run toolbar (see run_panel.h).
#include "app/panels/run_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>

#include "app/models/layout.h"
#include "app/models/ui_model.h"
#include "app/ui/plot.h"

namespace ml::app {

namespace {
// Height of the toolbar's row of controls, in font sizes.
constexpr float kControlsRows = 2.7f;
// Height of the results line's row, in font sizes.
constexpr float kResultsRow = 1.6f;

// The first row of controls: 2.7 font sizes, more when the style's frames are taller (touch targets,
// app/models/layout.h).
float controls_row(float fs) {
  return std::max(std::round(fs * kControlsRows), std::round(ImGui::GetFrameHeight() + fs * 0.5f));
}
// Each further row: three quarters of the first, or a frame and the item spacing when that is more.
float controls_row_step(float fs) {
  return std::max(controls_row(fs) * 0.75f, ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.y);
}
// The rows of controls, `rows` of them.
float controls_height(float fs, int rows) {
  return controls_row(fs) + controls_row_step(fs) * static_cast<float>(rows - 1);
}
}  // namespace

// The controls flow in rows: a group that does not fit the width starts the next row (narrow windows).
struct RunPanel::ToolbarFlow {
  float width = 0;       // the toolbar's
  float controls_h = 0;  // a row of controls
  float row_step = 0;    // from one row to the next
  int row = 0;           // the current row
  bool started = false;  // an item is on the current row

  // The cursor's y at the current row.
  float row_y() const { return row * row_step + (controls_h - ImGui::GetFrameHeight()) * 0.5f; }
  // Places the next group of controls, group_width wide: beside the last item, or at the start of a new row.
  void next(float group_width, float spacing) {
    if (!started) {
      started = true;
      ImGui::SetCursorPos(ImVec2(10, row_y()));
      return;
    }
    const float end = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x;
    if (end + spacing + group_width > width - 10) {
      ++row;
      ImGui::SetCursorPos(ImVec2(10, row_y()));
    } else {
      ImGui::SameLine(0, spacing);
    }
  }
};

// The run as the toolbar found it when it began drawing (its buttons may change it within the frame).
struct RunPanel::RunSnapshot {
  RunMode mode = RunMode::single;
  const Session* session = nullptr;
  const SweepModel* sweep = nullptr;
  bool done = false;       // the run (or every compared run, or the sweep) has ended
  bool preparing = false;  // the learner prepares (a kernel projection fit)
};

void RunPanel::draw(ImVec2 pos, ImVec2 size, const std::function<std::string()>& frame_note,
                    const std::vector<ResultField>& results, const std::vector<CompareResult>& compare,
                    bool* gallery_open) {
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(10, 0));
  begin_panel("##run", pos, size, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar);
  ImGui::PopStyleVar();
  const float fs = ImGui::GetFontSize();
  ToolbarFlow flow;
  flow.width = size.x;
  flow.controls_h = controls_row(fs);
  flow.row_step = controls_row_step(fs);
  // The name on a wide screen; a phone's first row keeps its room for the buttons (the page's title names it).
  if (!on_touch(ctx_)) {
    flow.next(0, 0);
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.0f, 1), "marginlab");
  }
  // A cell opened from a sweep: the way back to it (the browser's Back does the same).
  if (!ctx_.state.parked_sweep_url().empty()) {
    flow.next(ImGui::CalcTextSize("\xE2\x86\x90 Sweep").x + ImGui::GetStyle().FramePadding.x * 2, fs * 0.8f);
    if (ImGui::Button("\xE2\x86\x90 Sweep")) ctx_.state.return_to_sweep();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the sweep this run was opened from");
  }
  const RunSnapshot run = snapshot();
  draw_play_controls(flow, run, gallery_open);
  draw_speed(flow);
  draw_run_fields(flow);
  // Progress on the right; while the learner prepares (a kernel projection fit), a progress bar with
  // the stage and a Cancel button.
  if (run.preparing)
    draw_preparation_status(size);
  else
    draw_status(flow, run, frame_note);
  rows_ = flow.row + 1;
  draw_results(results, size.x);
  if (!compare.empty()) draw_compare_results(compare, size.x);
  if (!on_touch(ctx_)) draw_gallery_button(size.x, gallery_open);
  ImGui::End();
}

RunPanel::RunSnapshot RunPanel::snapshot() const {
  RunSnapshot run;
  run.mode = ctx_.state.mode();
  run.session = ctx_.state.session();
  const CompareModel& compare = ctx_.state.compare();
  run.sweep = ctx_.state.sweep();
  run.done = run.session && run.session->done();
  if (run.mode == RunMode::compare) run.done = compare.active() && compare.stopped(0);
  if (run.mode == RunMode::sweep) run.done = run.sweep && (run.sweep->finished() || run.sweep->cancelled());
  run.preparing = ctx_.state.preparing();
  return run;
}

// Play or Pause, Step, +100 and Reset (and Gallery on a touch screen).
void RunPanel::draw_play_controls(ToolbarFlow& flow, const RunSnapshot& run, bool* gallery_open) {
  const float fs = ImGui::GetFontSize();
  const float pad = ImGui::GetStyle().FramePadding.x * 2, spacing = ImGui::GetStyle().ItemSpacing.x;
  auto button_w = [&](const char* label) { return ImGui::CalcTextSize(label).x + pad; };
  const RunMode mode = run.mode;
  const bool done = run.done;
  const bool runnable = mode == RunMode::sweep ? run.sweep != nullptr : run.session != nullptr;
  // Each button flows on its own: a screen narrower than the row (a phone at a large text size) wraps it.
  flow.next(fs * 5.5f, fs * 0.8f);
  ImGui::BeginDisabled(!runnable || done);
  if (ctx_.state.playing()) {
    if (ImGui::Button("\xE2\x80\x96 Pause", ImVec2(fs * 5.5f, 0))) ctx_.state.pause();
  } else {
    if (ImGui::Button("\xE2\x96\xB6 Play", ImVec2(fs * 5.5f, 0))) ctx_.state.play();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Train in slices of the frame (space bar)");
  // A step during a preparation would finish it synchronously (a frozen frame): Cancel or Play instead.
  ImGui::BeginDisabled(run.preparing || mode == RunMode::sweep);
  flow.next(button_w("Step"), spacing);
  if (ImGui::Button("Step")) ctx_.state.step(1);
  probe(ctx_, "run.step");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("One step of the learner (pauses)");
  flow.next(button_w("+100"), spacing);
  if (ImGui::Button("+100")) ctx_.state.step(100);
  probe(ctx_, "run.plus100");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("100 steps at once (pauses)");
  ImGui::EndDisabled();
  ImGui::EndDisabled();
  flow.next(button_w("Reset"), spacing);
  if (ImGui::Button("Reset")) ctx_.state.rebuild();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(mode == RunMode::sweep ? "Run the sweep again from its first cell"
                                             : "Rebuild data, noise and learner from the link and start again");
  if (!on_touch(ctx_)) return;
  flow.next(button_w("Gallery"), spacing);
  draw_touch_gallery_button(gallery_open);
  flow.next(std::max(button_w(kTextSizeLabel), kTouchTarget), spacing);
  draw_text_size_menu();
}

void RunPanel::draw_text_size_menu() {
  // On a touch screen a square touch target at least (the label is narrower than a finger).
  const bool pressed =
      on_touch(ctx_) ? ImGui::Button(kTextSizeLabel, ImVec2(std::max(button_width(kTextSizeLabel), kTouchTarget), 0))
                     : ImGui::SmallButton(kTextSizeLabel);
  if (pressed) ImGui::OpenPopup("text_size");
  probe(ctx_, "run.text_size");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Text size: %d %%", ctx_.state.text_size);
  if (!ImGui::BeginPopup("text_size")) return;
  ImGui::TextDisabled("Text size");
  const float row_h = on_touch(ctx_) ? ImGui::GetFrameHeight() : 0.0f;  // a touch target on a touch screen
  for (const int size : kTextSizes) {
    const std::string label = std::to_string(size) + " %";
    if (ImGui::Selectable(label.c_str(), size == ctx_.state.text_size, 0, ImVec2(0, row_h))) {
      ctx_.state.text_size = size;
      ctx_.platform.save_preference("text_size", std::to_string(size));
    }
    probe(ctx_, "text_size." + std::to_string(size));
  }
  ImGui::EndPopup();
}

void RunPanel::draw_touch_gallery_button(bool* gallery_open) {
  const bool open = gallery_open && *gallery_open;
  if (open) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  if (ImGui::Button("Gallery") && gallery_open) *gallery_open = !*gallery_open;
  if (open) ImGui::PopStyleColor();
  probe(ctx_, "run.gallery");
}

// Speed: steps per frame, or as many as the 8 ms budget allows.
void RunPanel::draw_speed(ToolbarFlow& flow) {
  const float fs = ImGui::GetFontSize();
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  // Room for the widest choice beside the arrow, which is a frame high: a touch target's 44 px on a touch screen.
  float widest = 0;
  for (const SpeedChoice& c : kSpeedChoices) widest = std::max(widest, ImGui::CalcTextSize(c.name).x);
  const float combo_w =
      std::max(fs * 4.5f, widest + ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetFrameHeight() + 1);
  flow.next(ImGui::CalcTextSize("speed").x + spacing + combo_w, fs * 1.2f);
  constexpr int kChoices = static_cast<int>(std::size(kSpeedChoices));
  int speed = 2;
  for (int i = 0; i < kChoices; ++i)
    if (kSpeedChoices[i].steps_per_frame == ctx_.state.steps_per_tick) speed = i;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("speed");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(combo_w);
  if (fitted_combo("##speed", kSpeedChoices[speed].name)) {
    for (int i = 0; i < kChoices; ++i)
      if (ImGui::Selectable(kSpeedChoices[i].name, i == speed))
        ctx_.state.steps_per_tick = kSpeedChoices[i].steps_per_frame;
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Steps per frame (max: as many as fit in %.0f ms)", ctx_.state.budget_seconds * 1000);
}

// The run's fields (seed, step budget; the sweep's jobs in a sweep) from the field table.
void RunPanel::draw_run_fields(ToolbarFlow& flow) {
  if (!panel_visible(ctx_.state.config(), "run")) return;
  const float fs = ImGui::GetFontSize();
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const bool sweep = ctx_.state.mode() == RunMode::sweep;
  for (const Field* f : panel_fields("run", ctx_.state.config())) {
    // The sweep's jobs change how a sweep runs and nothing else: a place in the toolbar only while one is open
    // (a single run's toolbar keeps its row on a phone, where it would push the view off the screen).
    if (f == find_field("jobs") && !sweep) continue;
    flow.next(ImGui::CalcTextSize(f->label.c_str()).x + spacing + fs * 6.0f, fs * 1.0f);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(f->label.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", f->help.c_str());
    ImGui::SameLine();
    ImGui::SetNextItemWidth(fs * 6.0f);
    SettingValue value;
    if (widgets_.setting_widget(*f, f->key, f->get(ctx_.state.config()), &value)) widgets_.commit_field(*f, value);
    probe(ctx_, "run." + f->key);
  }
}

std::string RunPanel::status_text(const RunSnapshot& run) const {
  const RunMode mode = run.mode;
  const Session* session = run.session;
  const CompareModel& compare = ctx_.state.compare();
  const SweepModel* sweep = run.sweep;
  const bool done = run.done;
  char status[256];
  if (mode == RunMode::sweep && sweep) {
    const char* what = sweep->finished()      ? "finished"
                       : sweep->cancelled()   ? "cancelled"
                       : ctx_.state.playing() ? "running"
                                              : "paused";
    if (!ctx_.state.visible && !sweep->finished()) what = "paused (page hidden)";
    if (sweep->finished() && sweep->total() > 0 && sweep->error_rows() == static_cast<size_t>(sweep->total()))
      what = "finished, every cell refused";
    std::snprintf(status, sizeof status, "sweep: %lld / %lld cells   %s", static_cast<long long>(sweep->completed()),
                  static_cast<long long>(sweep->total()), what);
  } else if (mode == RunMode::compare && compare.active()) {
    int64_t lo = -1, hi = 0;
    for (size_t i = 0; i < compare.size(); ++i) {
      if (!compare.run(i).session) continue;
      const int64_t st = compare.run(i).session->steps();
      lo = lo < 0 ? st : std::min(lo, st);
      hi = std::max(hi, st);
    }
    const char* what = ctx_.state.playing() ? "training" : done ? "done" : "paused";
    if (!ctx_.state.visible) what = "paused (page hidden)";
    char steps[64];
    if (lo == hi)
      std::snprintf(steps, sizeof steps, "%lld", static_cast<long long>(hi));
    else
      std::snprintf(steps, sizeof steps, "%lld-%lld", static_cast<long long>(lo), static_cast<long long>(hi));
    std::snprintf(status, sizeof status, "compare %zu learners   step %s / %lld   %s", compare.size(), steps,
                  static_cast<long long>(ctx_.state.config().steps), what);
  } else if (session) {
    const char* what = ctx_.state.playing() ? "training" : done ? "done" : "paused";
    if (!ctx_.state.visible) what = "paused (page hidden)";
    // The numbers are in the results line below.
    std::snprintf(status, sizeof status, "%s", what);
  } else {
    std::snprintf(status, sizeof status, "%s",
                  ctx_.state.build_pending()     ? "building..."
                  : ctx_.state.waiting_for_csv() ? "waiting for the CSV file"
                                                 : "no run");
  }
  return status;
}

// The run's status, right-aligned on the last row, or alone on a new row when it does not fit.
void RunPanel::draw_status(ToolbarFlow& flow, const RunSnapshot& run, const std::function<std::string()>& frame_note) {
  const float fs = ImGui::GetFontSize();
  const std::string status = status_text(run);
  const float size_x = flow.width;
  const float tw = ImGui::CalcTextSize(status.c_str()).x;
  if (tw > size_x - 22) {  // wider than the toolbar (a phone at a large text size): wrapped on rows of its own
    ++flow.row;
    ImGui::SetCursorPos(ImVec2(10, flow.row_y()));
    ImGui::PushTextWrapPos(size_x - 12);
    ImGui::TextUnformatted(status.c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", frame_note().c_str());
    flow.row += static_cast<int>(std::ceil(ImGui::GetItemRectSize().y / flow.row_step)) - 1;
    return;
  }
  if (ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + fs + tw > size_x - 12) {
    ++flow.row;
    ImGui::SetCursorPos(ImVec2(std::max(10.0f, size_x - tw - 12), flow.row_y()));
  } else {
    ImGui::SameLine(size_x - tw - 12);
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(status.c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", frame_note().c_str());
}

void RunPanel::draw_gallery_button(float width, bool* gallery_open) {
  // At the right end of the results row (the controls row keeps its places), the text size's menu before it.
  const float fs = ImGui::GetFontSize();
  const float y = controls_height(fs, rows_) + fs * 1.25f * static_cast<float>(result_lines_ - 1) - fs * 0.15f;
  ImGui::SetCursorPos(ImVec2(width - end_buttons_width() - 10, y));
  draw_text_size_menu();
  ImGui::SameLine();
  const bool open = gallery_open && *gallery_open;
  if (open) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  if (ImGui::SmallButton("Gallery") && gallery_open) *gallery_open = !*gallery_open;
  if (open) ImGui::PopStyleColor();
  probe(ctx_, "run.gallery");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Ready-made experiments to open with one click");
}

void RunPanel::draw_results(const std::vector<ResultField>& results, float width) {
  result_lines_ = 1;
  const float fs = ImGui::GetFontSize();
  const float gap = fs * 1.4f, inner = fs * 0.35f;
  const float x0 = 10;
  float x = x0, y = controls_height(fs, rows_) - fs * 0.15f;
  int lines = 1;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetWindowPos();
  // A separator between the controls and the numbers.
  dl->AddLine(ImVec2(origin.x, origin.y + y - fs * 0.2f), ImVec2(origin.x + width, origin.y + y - fs * 0.2f),
              ImGui::GetColorU32(ImGuiCol_Border));
  const float room = results_width(width);
  auto new_line = [&] {
    x = x0;
    y += fs * 1.25f;
    ++lines;
  };
  for (const ResultField& f : results) {
    const float lw = ImGui::CalcTextSize(f.label.c_str()).x, vw = ImGui::CalcTextSize(f.value.c_str()).x;
    // A field splits only when it is wider than a line alone (a phone at a large text size): its label, then its
    // value's words under it. Otherwise one that does not fit goes to the next line (narrow windows).
    if (x > x0 && x + lw + inner + vw > room) new_line();
    ImGui::SetCursorPos(ImVec2(x, y));
    ImGui::TextDisabled("%s", f.label.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", f.help.c_str());
    if (lw + inner + vw > room - x0) {
      for (const std::string& part : split_wide_tokens({f.value}, room - x0 - fs, text_width)) {
        new_line();
        ImGui::SetCursorPos(ImVec2(x0 + fs, y));
        ImGui::TextUnformatted(part.c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", f.help.c_str());
      }
      new_line();
      continue;
    }
    ImGui::SetCursorPos(ImVec2(x + lw + inner, y));
    ImGui::TextUnformatted(f.value.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", f.help.c_str());
    x += lw + inner + vw + gap;
  }
  if (x == x0 && lines > 1) --lines;  // the last field ended its own line
  result_lines_ = lines;
}

float RunPanel::end_buttons_width() const {
  return button_width(kTextSizeLabel) + button_width("Gallery") + ImGui::GetStyle().ItemSpacing.x;
}

float RunPanel::results_width(float width) const {
  const float buttons = on_touch(ctx_) ? 0.0f : end_buttons_width() + ImGui::GetFontSize();
  return width - 10 - buttons;
}

void RunPanel::draw_compare_results(const std::vector<CompareResult>& compare, float width) {
  // Under the separator draw_results drew, where its line would be: each learner's parts in its colour (the
  // plots' colour), broken between parts when the toolbar is narrow (a phone), the next lines indented.
  const float fs = ImGui::GetFontSize();
  float y = controls_height(fs, rows_) - fs * 0.15f;
  ImGui::PushFont(*ctx_.font_small);
  const float indent = fs;
  const TextMeasure measure = text_width;
  int lines = 0;
  for (const CompareResult& result : compare) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(learner_color(result.index)));
    const float line_w = results_width(width) - 10 - indent;
    const std::vector<std::string> flowed =
        flow_tokens(split_wide_tokens(result.parts, line_w, measure), "  ", line_w, measure);
    for (size_t k = 0; k < flowed.size(); ++k) {
      ImGui::SetCursorPos(ImVec2(k == 0 ? 10 : 10 + indent, y));
      ImGui::TextUnformatted(flowed[k].c_str());
      y += fs * 1.25f;
      ++lines;
    }
    ImGui::PopStyleColor();
  }
  ImGui::PopFont();
  result_lines_ = std::max(1, lines);
}

float RunPanel::needed_height(float font_size, bool with_results) const {
  const float controls = controls_height(font_size, rows_);
  return std::round(controls +
                    (with_results ? font_size * (kResultsRow + 1.25f * static_cast<float>(result_lines_ - 1)) : 0.0f));
}

void RunPanel::draw_preparation_status(ImVec2 size) {
  const float fs = ImGui::GetFontSize();
  const Preparation prep = ctx_.state.session()->preparation();
  char overlay[160];
  std::snprintf(overlay, sizeof overlay, "%s  %.0f %%", prep.stage.c_str(), 100.0 * prep.progress);
  const char* what = !ctx_.state.visible ? "paused (page hidden)" : ctx_.state.playing() ? prep.what.c_str() : "paused";
  const float label_w = ImGui::CalcTextSize(what).x;
  const float bar_w = fs * 17.0f;
  const float cancel_w = ImGui::CalcTextSize("Cancel").x + ImGui::GetStyle().FramePadding.x * 2;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  ImGui::SameLine(std::max(ImGui::GetCursorPosX() + fs, size.x - label_w - bar_w - cancel_w - 2 * gap - 12));
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(what);
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, ImVec4(0.30f, 0.55f, 0.95f, 1));
  ImGui::ProgressBar(static_cast<float>(prep.progress), ImVec2(bar_w, 0), overlay);
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s before the first step: %s (%.0f %%). Training starts when it is done.", prep.what.c_str(),
                      prep.stage.c_str(), 100.0 * prep.progress);
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) ctx_.state.cancel_preparation();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(ctx_.state.has_previous_config() ? "Stop and go back to the previous settings (Esc)"
                                                       : "Stop and discard this run (Esc)");
}

}  // namespace ml::app
