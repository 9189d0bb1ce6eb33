// Tests of the app's lesson model (app/models/lesson_model.h): a lesson link's keys are taken off before the
// experiment opens and put back in front of the link the app writes; a step's goal checked on the app's own
// results (a single run, Compare, a sweep) gives what `marginlab lesson check` gives on the same link
// (run_lesson_link), and only once the results are the link's; met steps are recorded once, stored as text and
// read back; the gallery lists lessons first only for a visitor with no progress.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/models/lesson_model.h"
#include "app/state/app_state.h"
#include "core/learners/registry.h"
#include "core/lessons/lessons.h"
#include "tests/unit/fake_clock.h"

namespace ml::app {
namespace app_lesson_model_test {

using test::FakeClock;

const Lesson& halving() { return *find_lesson("halving_mistakes"); }

// What the command line says about `url` (a lesson link): run_lesson_link's check.
GoalCheck cli_check(const std::string& url) {
  Result<LessonLink> link = parse_lesson_link(url);
  EXPECT_TRUE(link.ok());
  Result<StepRun> run = run_lesson_link(*link, CsvProvider());
  EXPECT_TRUE(run.ok());
  return run.ok() ? run->check : GoalCheck{};
}

// What the app says about `url` once it ran its budget (the tracker opens it, AppState runs it).
StepCheck app_check(const std::string& url, LessonTracker* tracker, AppState* state) {
  state->open_url(tracker->open(url));
  state->run_to(state->config().steps);
  return tracker->update(state->lesson_results());
}

TEST(AppLessonModel, LessonKeysAreTakenOffAndPutBack) {
  EXPECT_TRUE(is_lesson_link("#lesson=halving_mistakes&v=1"));
  EXPECT_TRUE(is_lesson_link("#v=1&step=2"));
  EXPECT_FALSE(is_lesson_link("#v=1&data=finite&learner=halving"));
  EXPECT_EQ(strip_lesson_keys("#lesson=x&v=1&step=3&data=finite"), "#v=1&data=finite");

  LessonTracker tracker;
  const std::string experiment = tracker.open("#lesson=halving_mistakes&step=2&v=1&data=finite&learner=halving");
  EXPECT_EQ(experiment, "#v=1&data=finite&learner=halving");
  ASSERT_EQ(tracker.place().lesson, &halving());
  EXPECT_EQ(tracker.place().step, 2);
  EXPECT_EQ(place_link(tracker.place(), "#v=1&data=finite"), "#lesson=halving_mistakes&step=2&v=1&data=finite");
  // Only the lesson keys: the step's own link.
  EXPECT_EQ(tracker.open("#lesson=halving_mistakes&step=3"), halving().steps[2].link);
  EXPECT_EQ(tracker.place().step, 3);
  // Next and Back open a step's own link; the step stays inside the lesson.
  EXPECT_EQ(tracker.go(4), halving().steps[3].link);
  EXPECT_EQ(tracker.go(9), halving().steps[3].link);
  EXPECT_EQ(tracker.place().step, 4);
  // A link without lesson keys ends the lesson and is written as it is.
  EXPECT_EQ(tracker.open("#v=1&data=ring"), "#v=1&data=ring");
  EXPECT_EQ(tracker.place().lesson, nullptr);
  EXPECT_EQ(place_link(tracker.place(), "#v=1&data=ring"), "#v=1&data=ring");
}

TEST(AppLessonModel, ABadLessonLinkSaysWhyAndOpensTheExperiment) {
  LessonTracker tracker;
  EXPECT_EQ(tracker.open("#lesson=halving_mistakes&step=7&v=1&data=finite"), "#v=1&data=finite");
  EXPECT_EQ(tracker.place().lesson, nullptr);
  EXPECT_EQ(tracker.error(), "field 'step': '7' is not a step of lesson 'halving_mistakes' (1 to 4)");
  tracker.open("#lesson=halving_mistakes");
  EXPECT_EQ(tracker.error(), "");
}

TEST(AppLessonModel, ASingleRunIsCheckedAsTheCommandLineChecksIt) {
  FakeClock clock;
  AppState state(clock.fn());
  LessonTracker tracker;
  for (const std::string url : {"#lesson=halving_mistakes&step=1", "#lesson=halving_mistakes&step=2",
                                "#lesson=halving_mistakes&step=2&v=1&data=finite&concepts=1000000&learner=halving"
                                "&seed=1&steps=1000"}) {
    const StepCheck app = app_check(url, &tracker, &state);
    const GoalCheck cli = cli_check(url);
    ASSERT_NE(app.state, StepState::waiting) << url << ": " << app.progress;
    EXPECT_EQ(app.state == StepState::met, cli.met) << url;
    EXPECT_EQ(app.check.why, cli.why) << url;
  }
  EXPECT_EQ(tracker.check().state, StepState::met);  // the last: the solution of step 2
}

TEST(AppLessonModel, CompareAndSweepAreCheckedAsTheCommandLineChecksThem) {
  FakeClock clock;
  AppState state(clock.fn());
  LessonTracker tracker;
  // Compare: halving beside randomized Halving; step 3 needs every cell to be randomized Halving.
  const std::string compare = "#lesson=halving_mistakes&step=3&v=1&data=finite&learner=halving&seed=1&steps=1000"
                              "&x.learner=halving,randomized_halving";
  // A sweep: confusion's step 3 at family index 0 (not met) and 6 (met).
  const std::string sweep0 = "#lesson=confusion&step=3";
  const std::string sweep6 = "#lesson=confusion&step=3&v=1&data=classes&n=1000&margin=0.025&q=10&noise=family"
                             "&fam=6&learner=uma&seed=1&steps=1000&x.l.confusion=given,identity";
  const RunMode modes[] = {RunMode::compare, RunMode::sweep, RunMode::sweep};
  const bool met[] = {false, false, true};
  int i = 0;
  for (const std::string& url : {compare, sweep0, sweep6}) {
    const StepCheck app = app_check(url, &tracker, &state);
    EXPECT_EQ(state.mode(), modes[i]) << url;
    const GoalCheck cli = cli_check(url);
    ASSERT_NE(app.state, StepState::waiting) << url << ": " << app.progress;
    EXPECT_EQ(app.state == StepState::met, met[i]) << url << ": " << app.check.why;
    EXPECT_EQ(cli.met, met[i]) << url;
    EXPECT_EQ(app.check.why, cli.why) << url;
    ++i;
  }
}

TEST(AppLessonModel, ARunIsCheckedOnlyAtItsBudget) {
  FakeClock clock;
  AppState state(clock.fn());
  LessonTracker tracker;
  // The perceptron under 20 % noise never stops by itself: only the budget ends its run.
  state.open_url(tracker.open("#lesson=uniform_noise&step=1"));
  state.pause();
  state.step(10);
  EXPECT_EQ(tracker.update(state.lesson_results()).state, StepState::waiting);
  EXPECT_EQ(tracker.check().progress, "running: step 10 of 3000");
  state.run_to(3000);
  EXPECT_EQ(tracker.update(state.lesson_results()).state, StepState::met);
  // Past the budget the numbers are no longer the link's.
  state.step(50);
  ASSERT_FALSE(state.session()->done());
  EXPECT_EQ(tracker.update(state.lesson_results()).state, StepState::waiting);
  EXPECT_NE(tracker.check().progress.find("past its 3000 steps"), std::string::npos) << tracker.check().progress;
}

TEST(AppLessonModel, AMetStepIsRecordedOnce) {
  FakeClock clock;
  AppState state(clock.fn());
  LessonTracker tracker;
  EXPECT_FALSE(tracker.take_progress_changed());
  app_check("#lesson=halving_mistakes&step=1", &tracker, &state);
  EXPECT_TRUE(tracker.progress().met("halving_mistakes", 1));
  EXPECT_TRUE(tracker.take_progress_changed());
  EXPECT_FALSE(tracker.take_progress_changed());
  tracker.go(2);
  state.open_url(tracker.go(1));  // back to step 1, checked again and met again: nothing new to store
  EXPECT_EQ(tracker.update(state.lesson_results()).state, StepState::met);
  EXPECT_FALSE(tracker.take_progress_changed());
  app_check("#lesson=halving_mistakes&step=2", &tracker, &state);  // not met: nothing recorded
  EXPECT_FALSE(tracker.progress().met("halving_mistakes", 2));
  EXPECT_FALSE(tracker.take_progress_changed());
  tracker.reset_progress();
  EXPECT_TRUE(tracker.progress().empty());
  EXPECT_TRUE(tracker.take_progress_changed());
}

TEST(AppLessonModel, ProgressIsStoredAsTextAndReadBack) {
  LessonProgress progress;
  EXPECT_EQ(progress.serialize(), "");
  EXPECT_TRUE(progress.mark("halving_mistakes", 3));
  EXPECT_FALSE(progress.mark("halving_mistakes", 3));
  progress.mark("halving_mistakes", 1);
  progress.mark("confusion", 2);
  EXPECT_EQ(progress.serialize(), "confusion:2;halving_mistakes:1,3");
  std::vector<std::string> dropped;
  Result<LessonProgress> read = parse_progress(progress.serialize(), &dropped);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read->serialize(), progress.serialize());
  EXPECT_TRUE(dropped.empty());
  EXPECT_EQ(read->met_count(halving()), 2);
  EXPECT_EQ(read->first_unmet(halving()), 2);

  // Steps of lessons that no longer exist, or outside their lesson, are dropped and named.
  read = parse_progress("gone:1;halving_mistakes:2,5", &dropped);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read->serialize(), "halving_mistakes:2");
  EXPECT_EQ(dropped, (std::vector<std::string>{"gone step 1", "halving_mistakes step 5"}));
  // Malformed text is an error naming the entry.
  read = parse_progress("halving_mistakes", nullptr);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().message, "stored lesson progress: entry 'halving_mistakes' is not NAME:STEP,STEP...");
  read = parse_progress("halving_mistakes:one", nullptr);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().message,
            "stored lesson progress: lesson 'halving_mistakes': step 'one' is not a whole number");

  LessonTracker tracker;
  tracker.load_progress("halving_mistakes:x");
  EXPECT_TRUE(tracker.progress().empty());
  EXPECT_NE(tracker.error().find("dropped"), std::string::npos);
  EXPECT_TRUE(tracker.take_progress_changed());  // the unreadable text is replaced
}

TEST(AppLessonModel, TheGalleryListsLessonsFirstOnlyWithoutProgress) {
  LessonProgress progress;
  EXPECT_TRUE(lessons_first(progress));
  std::vector<LessonEntry> entries = lesson_entries(progress);
  ASSERT_EQ(entries.size(), lessons().size());
  EXPECT_EQ(entries[1].lesson, &halving());
  EXPECT_EQ(entries[1].progress, "0 of 4 steps met");
  EXPECT_EQ(entries[1].link, step_link(halving(), 1));
  progress.mark("halving_mistakes", 1);
  progress.mark("halving_mistakes", 2);
  EXPECT_FALSE(lessons_first(progress));
  entries = lesson_entries(progress);
  EXPECT_EQ(entries[1].progress, "2 of 4 steps met");
  EXPECT_EQ(entries[1].open_step, 3);
  EXPECT_EQ(entries[1].link, step_link(halving(), 3));
}

}  // namespace app_lesson_model_test
}  // namespace ml::app
