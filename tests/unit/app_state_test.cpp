// Tests of the playground's state (app/state/app_state.h): a link trained in frame-sized slices ends with
// the same trace hash as one uninterrupted run (what the browser and desktop end-to-end tests check
// against `marginlab run`), the URL is canonical and echoes are ignored, view-only edits do not
// restart the run, CSV files load and are named by hash, and the app pauses at the step budget.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "app/models/gallery.h"
#include "app/state/app_state.h"
#include "core/config/link.h"
#include "core/config/url.h"
#include "core/experiment/experiment.h"
#include "core/learners/registry.h"
#include "core/noise/noise_ids.h"
#include "core/session/session.h"
#include "core/util/sha256.h"
#include "tests/unit/fake_clock.h"

namespace ml::app {
namespace app_state_test {

// A clock that moves 1 ms every time it is read: the 8 ms budget then cuts slices of varying length
// without the test depending on real time.
using test::FakeClock;

std::string reference_hash(const std::string& url, int64_t steps, const Dataset* csv = nullptr) {
  DecodeResult d = decode_link(url);
  Result<std::unique_ptr<Session>> s = Session::create(d.config, csv);
  EXPECT_TRUE(s.ok());
  if (!s.ok()) return "";
  s.value()->advance(steps);
  return s.value()->trace().sha256();
}

TEST(AppState, SlicedTrainingMatchesOneRun) {
  const std::string url = "#v=1&data=separable&n=300&noise=uniform&eta=0.1&learner=perceptron&seed=7&steps=700";
  FakeClock clock;
  AppState state(clock.fn());
  state.steps_per_tick = 0;  // as many as the budget allows: slices of a few steps each
  state.open_url(url);
  ASSERT_NE(state.session(), nullptr) << state.build_error();
  EXPECT_TRUE(state.playing());
  int ticks = 0;
  while (state.playing() && ticks < 100000) {
    state.tick();
    ++ticks;
  }
  EXPECT_GT(ticks, 5);                       // it really was sliced
  EXPECT_EQ(state.session()->steps(), 700);  // paused at the step budget
  EXPECT_FALSE(state.playing());
  EXPECT_EQ(state.session()->trace().sha256(), reference_hash(url, 700));
}

// Pausing mid-run brings the trace to the current step: a timed slice may have left its tail behind
// (Session::kTailRefreshSeconds), and the paused run's hash must be `marginlab run --steps <shown steps>`'s.
TEST(AppState, APausedRunsTraceEndsAtItsCurrentStep) {
  const std::string url = "#v=1&data=separable&n=300&noise=uniform&eta=0.1&learner=perceptron&seed=7&steps=100000";
  FakeClock clock;
  AppState state(clock.fn());
  state.steps_per_tick = 0;
  state.open_url(url);
  ASSERT_NE(state.session(), nullptr) << state.build_error();
  for (int tick = 0; tick < 300 && state.session()->steps() < 2000; ++tick) state.tick();
  ASSERT_TRUE(state.playing());
  state.pause();
  const int64_t steps = state.session()->steps();
  EXPECT_EQ(state.session()->trace().last_step(), steps);
  EXPECT_EQ(state.session()->trace().sha256(), reference_hash(url, steps));
}

// The gallery's opening sentence says an entry starts training by itself: every entry the app can open without
// fetching files (the generated ones; the real-data entries wait for their files, then play the same way) is
// playing once opened, a single run with its session, a sweep with its cells.
TEST(AppState, EveryGalleryEntryOpensPlayingAsTheGallerySays) {
  EXPECT_NE(std::string(kGalleryIntro).find("starts training at once"), std::string::npos);
  EXPECT_EQ(std::string(kGalleryIntro).find("Play"), std::string::npos);
  int opened = 0;
  for (const GalleryEntry& e : gallery()) {
    if (e.link.find("data=csv") != std::string_view::npos) continue;
    SCOPED_TRACE(std::string(e.title));
    FakeClock clock;
    AppState state(clock.fn());
    state.open_url(std::string(e.link));
    EXPECT_TRUE(state.playing());
    EXPECT_TRUE(state.session() != nullptr || state.sweep() != nullptr || state.build_pending());
    ++opened;
  }
  EXPECT_GE(opened, 5);
}

TEST(AppState, StepsPerTickAndPlayPastTheBudget) {
  FakeClock clock;
  AppState state(clock.fn());
  state.steps_per_tick = 3;
  state.open_url("#v=1&data=separable&n=200&noise=uniform&eta=0.2&learner=perceptron&seed=1&steps=10");
  ASSERT_NE(state.session(), nullptr);
  EXPECT_EQ(state.tick(), 3);
  EXPECT_EQ(state.tick(), 3);
  EXPECT_EQ(state.tick(), 3);
  EXPECT_EQ(state.tick(), 1);  // stops exactly at the budget
  EXPECT_FALSE(state.playing());
  EXPECT_EQ(state.tick(), 0);
  state.play();  // at the budget: goes on
  EXPECT_EQ(state.tick(), 3);
  EXPECT_EQ(state.session()->steps(), 13);
  EXPECT_EQ(state.step(5), 5);  // stepping pauses
  EXPECT_FALSE(state.playing());
  state.play();
  state.visible = false;  // a hidden page does not train
  EXPECT_EQ(state.tick(), 0);
}

TEST(AppState, UrlIsCanonicalAndEchoesAreIgnored) {
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url("http://127.0.0.1:8000/#seed=5&learner=perceptron&v=1");
  const std::string canonical = state.url();
  EXPECT_EQ(canonical, encode_url(decode_link(canonical).config));
  EXPECT_NE(canonical.find("seed=5"), std::string::npos);
  const uint64_t version = state.session_version();
  const uint64_t url_version = state.url_version();
  state.open_url(canonical);  // the page's hashchange after replaceState
  EXPECT_EQ(state.session_version(), version);
  EXPECT_EQ(state.url_version(), url_version);
}

TEST(AppState, ViewOnlyEditsKeepTheRun) {
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url("#v=1&data=separable&n=100&learner=perceptron&seed=1");
  state.step(10);
  const uint64_t version = state.session_version();
  Config c = state.config();
  c.hidden_panels = {"noise"};
  c.steps = 50;
  EXPECT_TRUE(state.apply(c));
  EXPECT_EQ(state.session_version(), version);
  EXPECT_EQ(state.session()->steps(), 10);
  EXPECT_NE(state.url().find("hide=noise"), std::string::npos);
  c.seed = 2;  // a result-affecting edit rebuilds and plays
  EXPECT_TRUE(state.apply(c));
  EXPECT_NE(state.session_version(), version);
  EXPECT_EQ(state.session()->steps(), 0);
  EXPECT_TRUE(state.playing());
  EXPECT_FALSE(state.apply(c));  // nothing changed
}

TEST(AppState, DeferredBuildsWaitForTheHost) {
  FakeClock clock;
  AppState state(clock.fn());
  state.defer_builds = true;  // what the App does, so that a frame can say "building" first
  state.open_url("#v=1&data=separable&n=100&learner=perceptron&seed=1&steps=30");
  EXPECT_TRUE(state.build_pending());
  EXPECT_EQ(state.session(), nullptr);
  EXPECT_EQ(state.tick(), 0);
  EXPECT_TRUE(state.build_pending_session());
  ASSERT_NE(state.session(), nullptr);
  EXPECT_TRUE(state.playing());  // the link plays once built
  EXPECT_FALSE(state.build_pending_session());
  // Stepping or running to a step count builds first.
  Config c = state.config();
  c.seed = 9;
  state.apply(c);
  EXPECT_TRUE(state.build_pending());
  state.run_to(12);
  ASSERT_NE(state.session(), nullptr);
  EXPECT_EQ(state.session()->steps(), 12);
}

// A link the session refuses (issue 15): the error is shown and the run on screen stays, with its steps and
// its link — built at once (desktop) or in the host's next frame (page).
TEST(AppState, ALinkThatCannotBeBuiltKeepsThePreviousRun) {
  const std::string refused = "#v=1&data=separable&n=8&test=0&learner=rp&l.cv=1&l.cv_folds=10&seed=1";
  for (const bool deferred : {false, true}) {
    SCOPED_TRACE(deferred ? "deferred build" : "immediate build");
    FakeClock clock;
    AppState state(clock.fn());
    state.defer_builds = deferred;
    state.open_url("#v=1&data=separable&n=100&learner=perceptron&seed=1&steps=50");
    state.build_pending_session();
    ASSERT_NE(state.session(), nullptr) << state.build_error();
    state.step(7);  // stepping pauses: the kept run must stay paused (not run on past its budget)
    ASSERT_FALSE(state.playing());
    const Session* shown = state.session();
    const std::string url = state.url();
    state.open_url(refused);
    state.build_pending_session();
    EXPECT_NE(state.build_error().find("cross-validation folds"), std::string::npos) << state.build_error();
    EXPECT_NE(state.build_error().find("previous run is kept"), std::string::npos) << state.build_error();
    EXPECT_EQ(state.session(), shown);  // the same run, not a rebuilt one
    EXPECT_EQ(state.session()->steps(), 7);
    EXPECT_EQ(state.url(), url);
    EXPECT_EQ(state.config().learner, "perceptron");
    EXPECT_FALSE(state.playing());
    state.play();  // a playing run comes back playing
    state.open_url("#v=1&data=separable&n=8&test=0&learner=rp&l.cv=1&l.cv_folds=10&seed=2");
    state.build_pending_session();
    EXPECT_EQ(state.session(), shown);
    EXPECT_TRUE(state.playing());
  }
  // With no run to go back to, the error alone.
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url(refused);
  EXPECT_EQ(state.session(), nullptr);
  EXPECT_NE(state.build_error().find("cross-validation folds"), std::string::npos);
  EXPECT_EQ(state.build_error().find("previous run"), std::string::npos);
}

TEST(AppState, BadLinksBecomeNotices) {
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url("#v=1&data=separable&n=abc&colour=red&learner=perceptron");
  EXPECT_GE(state.notices().size(), 2u);
  ASSERT_NE(state.session(), nullptr);  // defaults stand in
  EXPECT_EQ(state.config().generator.n, Config{}.generator.n);
}

const char kCsv[] =
    "a,b,label\n"
    "1,0.5,pos\n-1,-0.5,neg\n2,1,pos\n-2,-1,neg\n1.5,0.2,pos\n-1.5,-0.2,neg\n0.8,0.9,pos\n-0.8,-0.9,neg\n"
    "1.2,-0.1,pos\n-1.2,0.1,neg\n0.9,0.4,pos\n-0.9,-0.4,neg\n";

TEST(AppState, CsvLoadsAndIsNamedByHash) {
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url("#v=1&data=separable&learner=perceptron&seed=3&steps=40");
  state.load_csv("tiny.csv", kCsv);
  ASSERT_TRUE(state.has_csv());
  EXPECT_EQ(state.csv_info().rows, 12);
  EXPECT_TRUE(state.config().use_csv);
  EXPECT_EQ(state.config().csv_name, "tiny.csv");
  EXPECT_EQ(state.config().csv_hash, sha256_hex(kCsv).substr(0, 16));
  ASSERT_NE(state.session(), nullptr) << state.build_error();
  EXPECT_NE(state.url().find("data=csv"), std::string::npos);
  EXPECT_NE(state.url().find("csvhash=" + state.config().csv_hash), std::string::npos);
  while (state.playing()) state.tick();
  // The same link and file give the command line's trace.
  const std::string url = state.url();
  CsvOptions options;
  Result<CsvTable> table = parse_csv(kCsv, options);
  ASSERT_TRUE(table.ok());
  EXPECT_EQ(state.session()->trace().sha256(), reference_hash(url, state.session()->steps(), &table.value().data));
}

TEST(AppState, CsvErrorsLeaveTheRunAlone) {
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url("#v=1&data=separable&learner=perceptron");
  const std::string url = state.url();
  state.load_csv("bad.csv", "a,b\n1,2\n3\n");
  EXPECT_FALSE(state.has_csv());
  EXPECT_EQ(state.url(), url);
  ASSERT_FALSE(state.notices().empty());
  EXPECT_TRUE(state.notices().back().error);
  EXPECT_NE(state.notices().back().text.find("bad.csv"), std::string::npos);  // names the file (and line)
}

TEST(AppState, LinkToACsvWaitsForTheFile) {
  FakeClock clock;
  AppState state(clock.fn());
  const std::string hash = sha256_hex(kCsv).substr(0, 16);
  state.open_url("#v=1&data=csv&csv=tiny.csv&csvhash=" + hash + "&learner=perceptron&seed=1");
  EXPECT_TRUE(state.waiting_for_csv());
  EXPECT_EQ(state.session(), nullptr);
  EXPECT_NE(state.build_error().find("tiny.csv"), std::string::npos);
  state.load_csv("tiny.csv", kCsv);
  EXPECT_FALSE(state.waiting_for_csv());
  ASSERT_NE(state.session(), nullptr);
  for (const Notice& n : state.notices()) EXPECT_EQ(n.text.find("not the file"), std::string::npos) << n.text;
  // A different file under the same link: trains, and says so.
  AppState other(clock.fn());
  other.open_url("#v=1&data=csv&csv=tiny.csv&csvhash=0123456789abcdef&learner=perceptron&seed=1");
  other.load_csv("tiny.csv", kCsv);
  ASSERT_NE(other.session(), nullptr);
  bool told = false;
  for (const Notice& n : other.notices())
    told = told || n.text.find("not the file the link refers to") != std::string::npos;
  EXPECT_TRUE(told);
  EXPECT_EQ(other.config().csv_hash, hash);  // the URL now names the loaded file
}

// sklearn's layout: a header and the label column first.
const char kLabelFirstCsv[] = "target,a,b\n"
                              "1,10,500\n0,-10,-500\n1,20,400\n0,-20,-400\n1,15,520\n0,-15,-520\n1,8,490\n0,-8,-490\n"
                              "1,12,505\n0,-12,-505\n1,9,440\n0,-9,-440\n";

TEST(AppState, AChosenCsvStartsWithoutTheWelcomeRunsLabelNoiseAndSaysSo) {
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url("#v=1&data=separable&noise=uniform&eta=0.05&learner=perceptron&seed=1");
  state.load_csv("first.csv", kLabelFirstCsv);
  ASSERT_TRUE(state.has_csv());
  EXPECT_EQ(state.config().noise.model, NoiseModel::none);
  bool told = false;
  for (const Notice& n : state.notices()) told = told || n.text == kCsvNoNoiseNotice;
  EXPECT_TRUE(told);
  ASSERT_NE(state.session(), nullptr) << state.build_error();
  EXPECT_EQ(state.session()->data().train.corrupted_count(), 0);
  // A link that names the file and asks for noise keeps it, without the notice.
  AppState linked(clock.fn());
  linked.open_url("#v=1&data=csv&csv=first.csv&label=target&noise=uniform&eta=0.1&learner=perceptron&seed=3");
  linked.load_csv("first.csv", kLabelFirstCsv);
  EXPECT_EQ(linked.config().noise.model, NoiseModel::uniform);
  for (const Notice& n : linked.notices()) EXPECT_NE(n.text, kCsvNoNoiseNotice);
}

TEST(AppState, AChosenCsvGetsStandardizeBiasAndAnExplicitLabelInItsLink) {
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url("#v=1&data=separable&learner=perceptron&seed=3&steps=40");
  state.load_csv("first.csv", kLabelFirstCsv);
  ASSERT_TRUE(state.has_csv());
  EXPECT_EQ(state.csv_info().label_index, 0);
  EXPECT_EQ(state.config().csv_label, "target");
  EXPECT_EQ(state.config().normalization, Normalization::standardize);
  EXPECT_TRUE(state.config().bias);
  bool told = false;
  for (const Notice& n : state.notices()) told = told || n.text == kCsvDefaultsNotice;
  EXPECT_TRUE(told);
  const std::string url = state.url();
  EXPECT_NE(url.find("label=target"), std::string::npos) << url;
  EXPECT_NE(url.find("norm=standardize"), std::string::npos) << url;
  EXPECT_NE(url.find("bias=1"), std::string::npos) << url;
  ASSERT_NE(state.session(), nullptr) << state.build_error();
  while (state.playing()) state.tick();
  // The link alone (with the file) gives the same run: the defaults travel in it.
  Result<CsvTable> table = parse_csv(kLabelFirstCsv, CsvOptions{});
  ASSERT_TRUE(table.ok());
  EXPECT_EQ(state.session()->trace().sha256(), reference_hash(url, state.session()->steps(), &table.value().data));
  // Opened from the link, the file keeps the link's settings (here: raw features, no bias).
  AppState linked(clock.fn());
  linked.open_url("#v=1&data=csv&csv=first.csv&label=target&learner=perceptron&seed=3&steps=40");
  linked.load_csv("first.csv", kLabelFirstCsv);
  EXPECT_EQ(linked.config().normalization, Normalization::none);
  EXPECT_FALSE(linked.config().bias);
  for (const Notice& n : linked.notices()) EXPECT_NE(n.text, kCsvDefaultsNotice);
  // Settings already chosen by the user are kept.
  AppState unit(clock.fn());
  unit.open_url("#v=1&data=separable&norm=unit&learner=perceptron");
  unit.load_csv("first.csv", kLabelFirstCsv);
  EXPECT_EQ(unit.config().normalization, Normalization::unit);
  EXPECT_FALSE(unit.config().bias);
}

TEST(AppState, ASecondChosenCsvIsTheUsersChoiceNotAMismatch) {
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url("#v=1&data=separable&learner=perceptron&seed=3&steps=40");
  state.load_csv("tiny.csv", kCsv);
  EXPECT_EQ(state.config().csv_label, "label");
  state.load_csv("first.csv", kLabelFirstCsv);
  ASSERT_NE(state.session(), nullptr) << state.build_error();
  for (const Notice& n : state.notices()) EXPECT_EQ(n.text.find("not the file"), std::string::npos) << n.text;
  EXPECT_EQ(state.config().csv_name, "first.csv");
  EXPECT_EQ(state.config().csv_label, "target");  // found again in the new file, not the old file's name
  EXPECT_EQ(state.config().csv_hash, sha256_hex(kLabelFirstCsv).substr(0, 16));
}

TEST(AppState, TheLoadDialogsLabelColumnReadsTheNextChosenFile) {
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url("#v=1&data=separable&learner=perceptron");
  state.set_next_csv_label("2");
  state.load_csv("first.csv", kLabelFirstCsv);
  ASSERT_TRUE(state.has_csv());
  EXPECT_EQ(state.csv_info().label_index, 2);
  EXPECT_EQ(state.config().csv_label, "b");
  // A column the file does not have: the error names it, nothing changes.
  const std::string url = state.url();
  state.set_next_csv_label("species");
  state.load_csv("tiny.csv", kCsv);
  EXPECT_EQ(state.url(), url);
  ASSERT_FALSE(state.notices().empty());
  EXPECT_TRUE(state.notices().back().error);
  EXPECT_NE(state.notices().back().text.find("tiny.csv:1: label column 'species' is not in the header"),
            std::string::npos)
      << state.notices().back().text;
  // Choosing another column of the loaded file reads it again; one it cannot take changes nothing.
  Config other = state.config();
  other.csv_label = "a";
  EXPECT_TRUE(state.apply(other));
  EXPECT_EQ(state.csv_info().label_index, 1);
  EXPECT_EQ(state.session()->data().train.cols(), 3);  // b, target and the bias
  // A link naming another column of the loaded file (Back, a shared link) reads it with that column.
  state.open_url(state.url().substr(0, state.url().find("label=")) + "label=target&learner=perceptron");
  EXPECT_EQ(state.csv_info().label_index, 0);
  ASSERT_NE(state.session(), nullptr) << state.build_error();
  EXPECT_EQ(state.session()->data().train.cols(), 2);  // a and b (this link has no norm, no bias)
  state.set_next_csv_label("");
  state.load_csv("tiny.csv", kCsv);
  const std::string tiny_url = state.url();
  Config text_feature = state.config();
  text_feature.csv_label = "a";
  EXPECT_FALSE(state.apply(text_feature));
  EXPECT_EQ(state.url(), tiny_url);
  EXPECT_EQ(state.csv_info().label_index, 2);
  EXPECT_NE(state.notices().back().text.find("tiny.csv:2:3: feature cell 'pos' is not a number"), std::string::npos)
      << state.notices().back().text;
}

// --- experiments: Compare and Sweep ---

TEST(AppState, ALearnerAxisOpensCompareAndEachLearnerEndsInItsCellsTrace) {
  const std::string url =
      "#v=1&data=separable&n=200&noise=uniform&eta=0.1&seed=5&steps=250&x.learner=perceptron,bylander,averaging";
  FakeClock clock;
  AppState state(clock.fn());
  state.steps_per_tick = 0;
  state.open_url(url);
  EXPECT_EQ(state.mode(), RunMode::compare);
  EXPECT_NE(state.url().find("&x.learner=perceptron,bylander,averaging"), std::string::npos) << state.url();
  ASSERT_EQ(state.compare().size(), 3u);
  EXPECT_EQ(state.session(), state.compare().run(0).session.get());  // "the" session is the focused learner's
  EXPECT_TRUE(state.playing());
  int ticks = 0;
  while (state.playing() && ticks < 100000) {
    state.tick();
    ++ticks;
  }
  EXPECT_GT(ticks, 5);
  for (size_t i = 0; i < state.compare().size(); ++i) {
    const ComparedRun& r = state.compare().run(i);
    ASSERT_NE(r.session, nullptr) << r.error;
    EXPECT_TRUE(r.session->steps() == 250 || r.session->done()) << r.learner;  // paused at the budget
    EXPECT_EQ(r.session->trace().sha256(), reference_hash(r.cell.url, r.session->steps())) << r.learner;
  }
  // Play goes on past the budget; the echo of the link changes nothing.
  state.play();
  state.tick();
  EXPECT_GT(state.compare().run(0).session->steps(), 250);
  const uint64_t version = state.session_version();
  state.open_url(state.url());
  EXPECT_EQ(state.session_version(), version);
  // Focus moves "the" session (and the views' cache key).
  state.compare().set_focus(2);
  EXPECT_EQ(state.session(), state.compare().run(2).session.get());
  EXPECT_NE(state.session_version(), version);
}

TEST(AppState, AddingAndRemovingComparedLearnersEditsTheLinksLearnerAxis) {
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url("#v=1&data=separable&n=150&learner=bylander&l.updates=40&seed=2");
  EXPECT_EQ(state.mode(), RunMode::single);
  // "Compare with": the current learner first, its parameters kept.
  EXPECT_TRUE(state.set_compared_learners({"bylander", "perceptron"}));
  EXPECT_EQ(state.mode(), RunMode::compare);
  EXPECT_NE(state.url().find("learner=bylander&l.updates=40"), std::string::npos) << state.url();
  EXPECT_NE(state.url().find("&x.learner=bylander,perceptron"), std::string::npos) << state.url();
  ASSERT_EQ(state.compare().size(), 2u);
  EXPECT_EQ(state.compare().run(0).cell.config.params, (ParamValues{{"updates", 40}}));
  EXPECT_TRUE(state.compare().run(1).cell.config.params.empty());  // the perceptron has no l.updates
  // Add one; bylander's l.updates now belongs to a learner other than the base (perceptron first).
  EXPECT_TRUE(state.set_compared_learners({"perceptron", "bylander", "averaging"}));
  EXPECT_EQ(state.experiment().base.learner, "perceptron");
  EXPECT_EQ(state.experiment().foreign_params, (ParamValues{{"updates", 40}}));
  EXPECT_NE(state.url().find("&x.learner=perceptron,bylander,averaging"), std::string::npos) << state.url();
  EXPECT_EQ(state.compare().run(1).cell.config.params, (ParamValues{{"updates", 40}}));
  // A parameter of a learner other than the base's.
  state.set_compared_param("updates", 25);
  EXPECT_EQ(state.compare().run(1).cell.config.params, (ParamValues{{"updates", 25}}));
  EXPECT_NE(state.url().find("l.updates=25"), std::string::npos) << state.url();
  // At most four; unchanged lists change nothing.
  EXPECT_FALSE(state.set_compared_learners({"perceptron", "bylander", "averaging", "coreset_svm", "halving"}));
  EXPECT_FALSE(state.set_compared_learners({"perceptron", "bylander", "averaging"}));
  // Down to one: the single run of that learner, with its parameters.
  EXPECT_TRUE(state.set_compared_learners({"bylander"}));
  EXPECT_EQ(state.mode(), RunMode::single);
  EXPECT_EQ(state.url().find("x."), std::string::npos) << state.url();
  EXPECT_EQ(state.config().learner, "bylander");
  EXPECT_EQ(state.config().params, (ParamValues{{"updates", 25}}));
  ASSERT_NE(state.session(), nullptr);
}

TEST(AppState, ABinaryLearnerIsNotComparedOnMulticlassData) {
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url("#v=1&data=classes&q=3&n=150&learner=ultraconservative&seed=1");
  EXPECT_FALSE(state.set_compared_learners({"ultraconservative", "perceptron"}));
  EXPECT_EQ(state.mode(), RunMode::single);
  ASSERT_FALSE(state.notices().empty());
  EXPECT_NE(state.notices().back().text.find("handles two classes"), std::string::npos) << state.notices().back().text;
  EXPECT_TRUE(state.set_compared_learners({"ultraconservative", "uma"}));
  EXPECT_EQ(state.mode(), RunMode::compare);
}

TEST(AppState, OtherAxesOpenASweepThatEndsInTheRowsOfOneProcess) {
  const std::string url =
      "#v=1&data=separable&n=120&noise=uniform&steps=50&x.learner=perceptron,averaging&x.eta=0,0.2&x.seed=1..2";
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url(url);
  EXPECT_EQ(state.mode(), RunMode::sweep);
  EXPECT_EQ(state.session(), nullptr);
  ASSERT_NE(state.sweep(), nullptr);
  EXPECT_TRUE(state.playing());
  int ticks = 0;
  while (state.playing() && ticks < 3) {
    state.tick();
    ++ticks;
  }
  state.pause();  // pause and resume: the rows do not change
  const int64_t at = state.sweep()->completed();
  EXPECT_EQ(state.tick(), 0);
  EXPECT_EQ(state.sweep()->completed(), at);
  state.play();
  while (state.playing() && ticks < 100000) {
    state.tick();
    ++ticks;
  }
  ASSERT_TRUE(state.sweep()->finished());
  ExperimentRunner reference(decode_experiment(url).experiment, RunnerOptions{});
  ASSERT_TRUE(reference.run_all().ok());
  EXPECT_EQ(state.sweep()->rows_jsonl(), format_cell_rows(reference.rows()));
  // A sweep's step budget is each cell's: changing it starts the sweep again.
  Config next = state.config();
  next.steps = 60;
  EXPECT_TRUE(state.apply(next));
  EXPECT_EQ(state.sweep()->completed(), 0);
}

TEST(AppState, ACellOpensAsASingleRunAndTheSweepComesBackAsItWas) {
  const std::string url = "#v=1&data=separable&n=100&steps=30&x.learner=perceptron,averaging&x.seed=1..2";
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url(url);
  state.run_to(0);  // the whole sweep, synchronously (the desktop's --steps)
  ASSERT_TRUE(state.sweep()->finished());
  const std::string sweep_url = state.url();
  const std::string rows = state.sweep()->rows_jsonl();
  const SweepModel* sweep = state.sweep();
  EXPECT_FALSE(state.take_navigation());
  state.open_cell(3);
  EXPECT_EQ(state.mode(), RunMode::single);
  EXPECT_EQ(state.url(), experiment_cell(decode_experiment(url).experiment, 3).url);
  EXPECT_EQ(state.config().learner, "averaging");
  EXPECT_EQ(state.config().seed, 2u);
  ASSERT_NE(state.session(), nullptr);
  EXPECT_EQ(state.parked_sweep_url(), sweep_url);
  EXPECT_TRUE(state.take_navigation());  // the host pushes a history entry
  EXPECT_FALSE(state.take_navigation());
  // Back (the browser's hashchange to the sweep's link): the same sweep, finished, not run again.
  state.open_url(sweep_url);
  EXPECT_EQ(state.mode(), RunMode::sweep);
  EXPECT_EQ(state.sweep(), sweep);
  EXPECT_TRUE(state.sweep()->finished());
  EXPECT_EQ(state.sweep()->rows_jsonl(), rows);
  EXPECT_TRUE(state.parked_sweep_url().empty());
  // Via the toolbar's button as well.
  state.open_cell(0);
  state.return_to_sweep();
  EXPECT_EQ(state.sweep(), sweep);
  EXPECT_TRUE(state.take_navigation());
}

}  // namespace app_state_test
}  // namespace ml::app
