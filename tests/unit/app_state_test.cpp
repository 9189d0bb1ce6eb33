// Tests of the playground's state (app/app_state.h): a link trained in frame-sized slices ends with
// the same trace hash as one uninterrupted run (what the browser and desktop end-to-end tests check
// against `marginlab run`), the URL is canonical and echoes are ignored, view-only edits do not
// restart the run, CSV files load and are named by hash, and the app pauses at the step budget.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "app/app_state.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/session.h"
#include "core/util/sha256.h"

namespace ml::app {
namespace {

// A clock that moves 1 ms every time it is read: the 8 ms budget then cuts slices of varying length
// without the test depending on real time.
struct FakeClock {
  double t = 0;
  ClockFn fn() {
    return [this] { return t += 0.001; };
  }
};

std::string reference_hash(const std::string& url, int64_t steps, const Dataset* csv = nullptr) {
  DecodeResult d = decode_url(url, learner_schemas());
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
  EXPECT_GT(ticks, 5);  // it really was sliced
  EXPECT_EQ(state.session()->steps(), 700);  // paused at the step budget
  EXPECT_FALSE(state.playing());
  EXPECT_EQ(state.session()->trace().sha256(), reference_hash(url, 700));
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
  EXPECT_EQ(canonical, encode_url(decode_url(canonical, learner_schemas()).config, learner_schemas()));
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
  for (const Notice& n : other.notices()) told = told || n.text.find("not the file the link refers to") != std::string::npos;
  EXPECT_TRUE(told);
  EXPECT_EQ(other.config().csv_hash, hash);  // the URL now names the loaded file
}

}  // namespace
}  // namespace ml::app
