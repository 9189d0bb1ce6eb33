// marginlab app — what App reports: each frame's cost, the capture after rendering, and the status JSON the
// end-to-end tests and the host's --print-status read (see app.h).
#include <algorithm>
#include <cctype>
#include <cstdio>

#include "app/app.h"
#include "app/models/ui_model.h"
#include "imgui_internal.h"

namespace ml::app {

// [SECTION] frame cost, capture and status --------------------------------------------------------------

void App::finish_frame_cost(double frame_seconds, double render_gl_seconds) {
  frame_.last_cost.frame_ms = frame_seconds * 1000;
  frame_.last_cost.train_ms = frame_.train_seconds * 1000;
  frame_.last_cost.gl_ms = (render_gl_seconds + panels_.view.take_gl_seconds()) * 1000;
  frame_.costs.add(frame_.last_cost);
  frame_.train_seconds = 0;
}

std::string App::frame_note() const {
  char text[200];
  std::snprintf(text, sizeof text,
                "%.1f ms per frame (%s); of one frame's work: app %.1f ms, training %.1f ms, GL calls %.1f ms "
                "(medians of the last %zu frames)",
                frame_.ms, platform_.host_name(), frame_.costs.app().median_ms(), frame_.costs.train().median_ms(),
                frame_.costs.gl().median_ms(), frame_.costs.app().size());
  return text;
}

void App::after_render(int framebuffer_width, int framebuffer_height) {
  panels_.exports.after_render(framebuffer_width, framebuffer_height);
}

std::string App::trace_sha256() const {
  const Session* s = state_.session();
  return s ? s->trace().sha256() : std::string();
}

namespace {
std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", c);
      out += b;
    } else
      out += c;
  }
  return out;
}
}  // namespace

std::string App::sweep_rows() const {
  const SweepModel* sweep = state_.sweep();
  return sweep ? sweep->rows_jsonl() : std::string();
}

// The lesson followed (null when none): its place, the step's check, the steps met; and the stored progress.
void App::status_lesson_json(std::string* out) const {
  const LessonTracker& tracker = panels_.lesson.tracker();
  const LessonPlace& place = tracker.place();
  *out += ",\"lesson\":";
  if (place.lesson == nullptr) {
    *out += "null";
  } else {
    const StepCheck& c = tracker.check();
    *out += "{\"name\":\"" + json_escape(place.lesson->name) + "\",\"step\":" + std::to_string(place.step);
    *out += ",\"steps\":" + std::to_string(place.lesson->steps.size());
    *out += std::string(",\"state\":\"") +
            (c.state == StepState::met       ? "met"
             : c.state == StepState::not_met ? "not_met"
                                             : "waiting") +
            "\"";
    *out += ",\"why\":\"" + json_escape(c.state == StepState::waiting ? c.progress : c.check.why) + "\"";
    *out += ",\"met_count\":" + std::to_string(tracker.progress().met_count(*place.lesson)) + "}";
  }
  *out += ",\"lesson_error\":\"" + json_escape(tracker.error()) + "\"";
  *out += ",\"progress\":\"" + json_escape(tracker.progress().serialize()) + "\"";
  *out += std::string(",\"lessons_first\":") + (lessons_first(tracker.progress()) ? "true" : "false");
}

// The pointer as ImGui saw it in the last frame, for the touch tests: the cursor (null when off screen), whether
// a tooltip was shown, a text field takes the keyboard, the sidebar's scroll in pixels, the view's rectangle.
void App::status_pointer_json(std::string* out) const {
  const ImGuiIO& io = ImGui::GetIO();
  const float u = text_scale();  // lengths in the host's pixels (CSS px in the page)
  *out += ",\"text_size\":" + std::to_string(state_.text_size);
  *out += ",\"pointer\":";
  *out += ImGui::IsMousePosValid(&io.MousePos)
              ? "[" + std::to_string(io.MousePos.x * u) + "," + std::to_string(io.MousePos.y * u) + "]"
              : std::string("null");
  // The window under the pointer and its own scrolling (what the wheel or a finger's drag scrolls first).
  const ImGuiWindow* hovered = GImGui->HoveredWindow;
  *out += ",\"hovered_window\":" + (hovered ? "{\"name\":\"" + json_escape(hovered->Name) +
                                                  "\",\"scroll\":" + std::to_string(hovered->Scroll.y * u) +
                                                  ",\"scroll_max\":" + std::to_string(hovered->ScrollMax.y * u) + "}"
                                            : std::string("null"));
  const ImGuiWindow* tooltip = ImGui::FindWindowByName("##Tooltip_00");
  *out += std::string(",\"tooltip\":") + (tooltip && tooltip->Active ? "true" : "false");
  *out += std::string(",\"want_text_input\":") + (io.WantTextInput ? "true" : "false");
  *out += ",\"sidebar_scroll_px\":" + std::to_string(screen_.sidebar_scroll_px * u);
  *out += ",\"sidebar_scroll_max_px\":" + std::to_string(screen_.sidebar_scroll_max_px * u);
  // The stacked column's scroll and how far it goes (0 in other layouts).
  const bool column = screen_.layout == LayoutKind::stacked;
  *out += ",\"column_scroll_px\":" + std::to_string(column ? screen_.narrow_scroll * u : 0.0f);
  *out += ",\"column_scroll_max_px\":" +
          std::to_string(column ? std::max(0.0f, screen_.narrow_height - screen_.narrow_visible) * u : 0.0f);
  *out += ",\"font_size\":" + std::to_string(ImGui::GetFontSize() * u);
  *out += ",\"frame_height\":" + std::to_string(ImGui::GetFrameHeight() * u);
  const double *lo = panels_.view.view_lo(), *hi = panels_.view.view_hi();
  *out += ",\"view_range\":[" + std::to_string(lo[0]) + "," + std::to_string(hi[0]) + "," + std::to_string(lo[1]) +
          "," + std::to_string(hi[1]) + "]";
}

// Compare: each learner's progress (status_json).
void App::status_compare_json(std::string* out) const {
  *out += ",\"compare\":[";
  if (state_.mode() == RunMode::compare) {
    const CompareModel& cm = state_.compare();
    for (size_t i = 0; i < cm.size(); ++i) {
      const ComparedRun& r = cm.run(i);
      if (i) *out += ",";
      *out += "{\"learner\":\"" + json_escape(r.learner) + "\"";
      *out += ",\"steps\":" + std::to_string(r.session ? r.session->steps() : 0);
      *out += ",\"mistakes\":" + std::to_string(r.session ? r.session->mistakes() : 0);
      *out += ",\"trace_sha256\":\"" + std::string(r.session && !state_.playing() ? r.session->trace().sha256() : "") +
              "\"";
      *out += ",\"cell\":\"" + json_escape(r.cell.url) + "\"";
      *out += ",\"error\":\"" + json_escape(r.error) + "\"}";
    }
  }
  *out += "]";
}

// Sweep: progress, the plot's points, the rows' hash once every cell has its row (status_json).
void App::status_sweep_json(std::string* out) {
  if (SweepModel* sweep = state_.sweep()) {
    const SweepPlotData& plot = sweep->plot(panels_.sweep.metric());
    size_t markers = 0;
    for (const SweepLine& line : plot.lines)
      for (double m : line.mean)
        if (std::isfinite(m)) ++markers;
    const ImVec2 marker = panels_.sweep.first_marker(), entry = panels_.sweep.first_cell_entry();
    *out += ",\"sweep\":{";
    *out += "\"completed\":" + std::to_string(sweep->completed());
    *out += ",\"total\":" + std::to_string(sweep->total());
    *out += std::string(",\"finished\":") + (sweep->finished() ? "true" : "false");
    *out += std::string(",\"paused\":") + (sweep->paused() ? "true" : "false");
    *out += std::string(",\"cancelled\":") + (sweep->cancelled() ? "true" : "false");
    *out += ",\"error\":\"" + json_escape(sweep->error().ok() ? std::string() : sweep->error().error().message) + "\"";
    *out += ",\"error_rows\":" + std::to_string(sweep->error_rows());
    // What the panel shows in words: the refusals' line, and the plot's note while it has no marker.
    *out += ",\"refusal\":\"" + json_escape(refusal_summary(sweep->rows(), sweep->total())) + "\"";
    *out += ",\"plot_note\":\"" +
            json_escape(markers == 0 ? sweep_empty_text(sweep->rows(), sweep->total(), sweep->cancelled()) : "") + "\"";
    *out += ",\"metric\":\"" + json_escape(plot.metric) + "\"";
    *out += ",\"x_key\":\"" + json_escape(plot.x_key) + "\"";
    *out += ",\"lines\":" + std::to_string(plot.lines.size());
    *out += ",\"points\":" + std::to_string(plot.points.size());
    *out += ",\"points_filled\":" + std::to_string(plot.points_filled);
    *out += ",\"markers\":" + std::to_string(markers);
    *out += ",\"rows_sha256\":\"" + (sweep->finished() ? sweep->rows_sha256() : std::string()) + "\"";
    const float u = text_scale();  // CSS px in the page
    *out += ",\"first_marker\":[" + std::to_string(marker.x * u) + "," + std::to_string(marker.y * u) + "]";
    *out += ",\"first_cell_entry\":[" + std::to_string(entry.x * u) + "," + std::to_string(entry.y * u) + "]";
    *out += "}";
  }
}

std::string App::status_json() {
  const Session* s = state_.session();
  std::string out = "{";
  out += "\"frames\":" + std::to_string(frame_.count);
  out += ",\"steps\":" + std::to_string(s ? s->steps() : 0);
  out += ",\"mistakes\":" + std::to_string(s ? s->mistakes() : 0);
  out += ",\"trace_rows\":" + std::to_string(s ? s->trace().size() : 0);
  out += std::string(",\"playing\":") + (state_.playing() ? "true" : "false");
  out += std::string(",\"popup_open\":") +
         (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel) ? "true" : "false");
  out += std::string(",\"done\":") + (s && s->done() ? "true" : "false");
  out += std::string(",\"visible\":") + (state_.visible ? "true" : "false");
  out += std::string(",\"has_session\":") + (s ? "true" : "false");
  out += std::string(",\"building\":") + (state_.build_pending() ? "true" : "false");
  out += ",\"steps_per_tick\":" + std::to_string(state_.steps_per_tick);
  out += std::string(",\"preparing\":") + (state_.preparing() ? "true" : "false");
  out += ",\"prepare_progress\":" + std::to_string(state_.preparing() && s ? s->preparation().progress : 0.0);
  out += std::string(",\"csv_rows\":") + std::to_string(state_.has_csv() ? state_.csv_info().rows : 0);
  out += ",\"train_rows\":" + std::to_string(s ? s->data().train.rows() : 0);
  // The run's test error (null without a session or a test part): the newcomer test's measure.
  const double test_error = s ? s->metrics().test_error : std::nan("");
  out += ",\"test_error\":" + (std::isfinite(test_error) ? std::to_string(test_error) : std::string("null"));
  out += ",\"url\":\"" + json_escape(state_.url()) + "\"";
  out += ",\"link\":\"" + json_escape(place_link(panels_.lesson.tracker().place(), state_.url())) + "\"";
  status_lesson_json(&out);
  out += ",\"error\":\"" + json_escape(state_.build_error()) + "\"";
  out += ",\"notices\":[";  // what the sidebar's notices say (warnings and errors), for the tests
  for (size_t i = 0; i < state_.notices().size(); ++i)
    out += (i ? ",\"" : "\"") + json_escape(state_.notices()[i].text) + "\"";
  out += "]";
  out += ",\"frame_ms\":" + std::to_string(frame_.ms);
  out += ",\"frame_median_ms\":" + std::to_string(frame_.times.median_ms());
  out += ",\"frame_samples\":" + std::to_string(frame_.times.size());
  // Where the frames' time went (FrameCost): the app's own work, the training slice, the GL calls.
  out += ",\"app_cpu_median_ms\":" + std::to_string(frame_.costs.app().median_ms());
  out += ",\"app_cpu_p95_ms\":" + std::to_string(frame_.costs.app().percentile_ms(0.95));
  out += ",\"train_median_ms\":" + std::to_string(frame_.costs.train().median_ms());
  out += ",\"gl_median_ms\":" + std::to_string(frame_.costs.gl().median_ms());
  out += ",\"sidebar_scroll_lines\":" + std::to_string(screen_.sidebar_scroll_lines);
  out += ",\"sidebar_scroll_max_lines\":" + std::to_string(screen_.sidebar_scroll_max_lines);
  const RunMode mode = state_.mode();
  out += std::string(",\"mode\":\"") +
         (mode == RunMode::single    ? "single"
          : mode == RunMode::compare ? "compare"
                                     : "sweep") +
         "\"";
  out += ",\"parked_sweep_url\":\"" + json_escape(state_.parked_sweep_url()) + "\"";
  // The results line as shown (its count label is what the learner's bound counts).
  out += ",\"results\":\"" + json_escape(results_text(results_.line)) + "\"";
  out += ",\"compare_results\":[";  // Compare mode: the toolbar's line per learner
  for (size_t i = 0; i < results_.compare.size(); ++i)
    out += (i ? ",\"" : "\"") + json_escape(results_.compare[i].text) + "\"";
  out += "]";
  out += ",\"count_label\":\"" + json_escape(results_.line.size() > 1 ? results_.line[1].label : std::string()) + "\"";
  out += std::string(",\"gallery_open\":") + (first_screen_.gallery_open ? "true" : "false");
  out += std::string(",\"narrow\":") + (screen_.narrow ? "true" : "false");
  out += std::string(",\"layout\":\"") +
         (screen_.layout == LayoutKind::wide      ? "wide"
          : screen_.layout == LayoutKind::stacked ? "stacked"
                                                  : "sheet") +
         "\"";
  out += ",\"sheet_tab\":" + std::to_string(static_cast<int>(screen_.sheet_tab));
  const DrawnTextReport text = drawn_text_report();  // the last frame's cut or overlapping texts
  out += ",\"text\":{\"glyphs\":" + std::to_string(text.glyphs) + ",\"cut\":" + std::to_string(text.cut) +
         ",\"overlaps\":" + std::to_string(text.overlaps) + ",\"examples\":[";
  for (size_t i = 0; i < text.examples.size(); ++i) out += (i ? ",\"" : "\"") + json_escape(text.examples[i]) + "\"";
  out += "]}";
  status_pointer_json(&out);
  // Where named widgets were drawn in the last frame (the tests tap them and measure them): centre x, y, then
  // width and height (0 for a point), in the host's pixels (CSS px in the page) at any text size.
  const float u = text_scale();
  out += ",\"probes\":{";
  bool first_probe = true;
  for (const auto& [name, rect] : probes_) {
    const ImVec2 at = rect.centre();
    out += (first_probe ? "\"" : ",\"") + json_escape(name) + "\":[" + std::to_string(at.x * u) + "," +
           std::to_string(at.y * u) + "," + std::to_string((rect.max.x - rect.min.x) * u) + "," +
           std::to_string((rect.max.y - rect.min.y) * u) + "]";
    first_probe = false;
  }
  out += "}";
  status_compare_json(&out);
  status_sweep_json(&out);
  out += "}";
  return out;
}

}  // namespace ml::app
