// marginlab app — the Lesson panel: the lesson a link opened (#lesson=NAME&step=K&...), its step's text, a hint on
// request, the goal stated and its live check, Back and Next; and the gallery's lesson list with its progress. It
// only draws: the place, the check and the progress are the LessonTracker's (app/models/lesson_model.h), the texts
// the lessons' own (core/lessons).
#pragma once

#include <string>

#include "app/models/lesson_model.h"
#include "app/panels/panel.h"

namespace ml::app {

// The Lesson panel (beside the main area on wide screens, a tab of the sheet on phones).
class LessonPanel : public Panel {
 public:
  using Panel::Panel;  // works on the shared context
  // Draws the panel as a fixed window at pos/size.
  void draw(ImVec2 pos, ImVec2 size, bool title = true);
  // The gallery's lessons, each with its progress and a button opening its first step not met, and the "Reset
  // progress" button. Returns the lesson link chosen ("" when none).
  std::string draw_lesson_list();
  // The lesson followed, its check and the progress.
  LessonTracker& tracker() { return tracker_; }
  const LessonTracker& tracker() const { return tracker_; }
  // True once after Back or Next moved to another step (the host adds a history entry for it).
  bool take_navigation();

 private:
  void draw_heading();                  // the lesson's title, the step's number, kind and title
  void draw_step_text();                // the step's text, its hint, the steps met, "Start this step again"
  void draw_check(const StepCheck& c);  // met / not yet and why, or what is still running
  void draw_steps_nav();                // Back, the steps met, Next
  void go(int step);                    // opens step `step`'s own link

  LessonTracker tracker_;
  bool hint_shown_ = false;
  bool navigated_ = false;
};

}  // namespace ml::app
