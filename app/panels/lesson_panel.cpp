// marginlab app — the Lesson panel (see lesson_panel.h).
#include "app/panels/lesson_panel.h"

#include <string>

namespace ml::app {

namespace {
// The font has no check mark (app/ui/font_ranges.h): met is said in green and with a filled circle.
const ImVec4 kTitleColor(0.60f, 0.80f, 1.0f, 1);
const ImVec4 kMetColor(0.45f, 0.85f, 0.50f, 1);
const ImVec4 kNotYetColor(1.0f, 0.75f, 0.40f, 1);
const ImVec4 kErrorColor(1.0f, 0.45f, 0.42f, 1);

void colored_wrapped(const ImVec4& color, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}
}  // namespace

void LessonPanel::draw(ImVec2 pos, ImVec2 size, bool title) {
  begin_panel("Lesson", pos, size, title ? ImGuiWindowFlags_None : ImGuiWindowFlags_NoTitleBar);
  if (ctx_.probes) (*ctx_.probes)["lesson.panel"] = probe_point(ImVec2(pos.x + size.x * 0.5f, pos.y + size.y * 0.5f));
  if (!tracker_.error().empty()) colored_wrapped(kErrorColor, tracker_.error());
  if (tracker_.place().lesson != nullptr) {
    // What a phone's short sheet shows without scrolling comes first: where the reader is, the way on, the goal
    // and its check; then the step's text and hint.
    draw_heading();
    draw_steps_nav();
    ImGui::Separator();
    ImGui::TextWrapped("Goal: %s", tracker_.step().goal.text().c_str());
    draw_check(tracker_.check());
    ImGui::Separator();
    draw_step_text();
  }
  ImGui::End();
}

void LessonPanel::draw_heading() {
  const LessonPlace& place = tracker_.place();
  const LessonStep& step = tracker_.step();
  colored_wrapped(kTitleColor, place.lesson->title);
  ImGui::TextWrapped("Step %d of %zu (%s): %s", place.step, place.lesson->steps.size(),
                     step.challenge       ? "challenge"
                     : step.demonstration ? "look"
                                          : "task",
                     step.title.c_str());
}

void LessonPanel::draw_step_text() {
  const LessonStep& step = tracker_.step();
  ImGui::TextWrapped("%s", step.text.c_str());
  ImGui::Checkbox("Hint", &hint_shown_);
  probe(ctx_, "lesson.hint");
  if (hint_shown_) colored_wrapped(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), step.hint);
  ImGui::Spacing();
  ImGui::TextDisabled("%d of %zu steps met", tracker_.progress().met_count(*tracker_.place().lesson),
                      tracker_.place().lesson->steps.size());
  if (compact_button(ctx_, "Start this step again")) go(tracker_.place().step);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Opens the step's own link (your changes are dropped)");
}

void LessonPanel::draw_check(const StepCheck& c) {
  switch (c.state) {
    case StepState::met:
      colored_wrapped(kMetColor, "\xE2\x97\x8F Met" + (c.check.why.empty() ? std::string() : ": " + c.check.why));
      break;
    case StepState::not_met:
      colored_wrapped(kNotYetColor,
                      "\xE2\x97\x8B Not yet" + (c.check.why.empty() ? std::string() : ": " + c.check.why));
      break;
    case StepState::waiting: ImGui::TextDisabled("Checked when the run ends (%s)", c.progress.c_str()); break;
  }
  probe(ctx_, "lesson.check");
}

void LessonPanel::draw_steps_nav() {
  const LessonPlace& place = tracker_.place();
  const int count = static_cast<int>(place.lesson->steps.size());
  ImGui::BeginDisabled(place.step <= 1);
  if (ImGui::Button("< Back")) go(place.step - 1);
  ImGui::EndDisabled();
  probe(ctx_, "lesson.back");
  for (int k = 1; k <= count; ++k) {
    ImGui::SameLine();
    const bool met = tracker_.progress().met(place.lesson->name, k);
    ImGui::PushID(k);
    ImGui::PushStyleColor(ImGuiCol_Text, met ? kMetColor : ImGui::GetStyleColorVec4(ImGuiCol_Text));
    if (k == place.step) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(std::to_string(k).c_str())) go(k);  // a met step's number is green
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Step %d: %s%s", k, place.lesson->steps[static_cast<size_t>(k - 1)].title.c_str(),
                        met ? " (met)" : "");
    ImGui::PopStyleColor(k == place.step ? 2 : 1);
    ImGui::PopID();
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(place.step >= count);
  if (ImGui::Button("Next >")) go(place.step + 1);
  ImGui::EndDisabled();
  probe(ctx_, "lesson.next");
}

void LessonPanel::go(int step) {
  ctx_.state.open_url(tracker_.go(step));
  hint_shown_ = false;
  navigated_ = true;
}

bool LessonPanel::take_navigation() {
  const bool navigated = navigated_;
  navigated_ = false;
  return navigated;
}

std::string LessonPanel::draw_lesson_list() {
  std::string chosen;
  ImGui::PushStyleColor(ImGuiCol_Text, kTitleColor);
  ImGui::TextUnformatted("Lessons: guided steps with goals the app checks");
  ImGui::PopStyleColor();
  const std::vector<LessonEntry> entries = lesson_entries(tracker_.progress());
  for (size_t i = 0; i < entries.size(); ++i) {
    const LessonEntry& e = entries[i];
    ImGui::PushID(static_cast<int>(i));
    const bool started = tracker_.progress().met_count(*e.lesson) > 0;
    if (ImGui::Button(started ? "Continue" : "Start")) chosen = e.link;
    probe(ctx_, "lesson_list." + e.lesson->name);
    ImGui::SameLine();
    ImGui::BeginGroup();
    ImGui::TextWrapped("%s", e.lesson->title.c_str());
    ImGui::TextDisabled("%s", e.progress.c_str());
    ImGui::EndGroup();
    ImGui::PopID();
  }
  if (!tracker_.progress().empty()) {
    if (compact_button(ctx_, "Reset progress")) tracker_.reset_progress();
    probe(ctx_, "lesson_list.reset");
    trailing_hint("forgets the steps met (kept in this browser only)");
  }
  return chosen;
}

}  // namespace ml::app
