// Tests of long preparations in the playground's state (app/state/app_state.h): a kernel projection fit runs
// in frame slices (preparing() with rising progress, nothing while the page is hidden), Cancel goes back
// to the previous link's configuration and URL with a notice naming what was cancelled and at what
// percent, and without a previous configuration it pauses and discards the run.
#include <gtest/gtest.h>

#include <string>

#include "app/state/app_state.h"
#include "core/session/session.h"
#include "tests/unit/fake_clock.h"

namespace ml::app {
namespace app_preparation_test {

// 1 ms per clock read; with a 0.5 ms budget every tick does one unit of the fit.
using test::FakeClock;

const char* const kCheapLink = "#v=1&data=blobs&noise=uniform&eta=0.2&learner=uma&seed=33";
const char* const kExpensiveLink = "#v=1&data=blobs&noise=uniform&eta=0.2&learner=uma&l.projection=nystrom&l.dims=20&l."
                                   "landmarks=100&l.sigma=2&seed=33";

bool has_notice(const AppState& state, const std::string& part) {
  for (const Notice& n : state.notices()) {
    if (n.text.find(part) != std::string::npos) return true;
  }
  return false;
}

TEST(AppPreparation, SlicesPauseWhenHiddenAndFinish) {
  FakeClock clock;
  AppState state(clock.fn());
  state.budget_seconds = 0.0005;
  state.steps_per_tick = 0;
  state.open_url(kExpensiveLink);
  ASSERT_NE(state.session(), nullptr) << state.build_error();
  EXPECT_TRUE(state.preparing());
  EXPECT_EQ(state.tick(), 0);
  EXPECT_TRUE(state.preparing());
  const double first = state.session()->preparation().progress;
  EXPECT_GT(first, 0.0);
  state.visible = false;
  EXPECT_EQ(state.tick(), 0);
  EXPECT_EQ(state.session()->preparation().progress, first) << "a hidden page does not prepare either";
  state.visible = true;
  EXPECT_EQ(state.tick(), 0);
  EXPECT_GT(state.session()->preparation().progress, first);
  int ticks = 0;
  while (state.preparing() && ticks++ < 100) state.tick();
  EXPECT_FALSE(state.preparing());
  EXPECT_GT(state.session()->steps(), 0);
}

TEST(AppPreparation, CancelGoesBackToThePreviousLink) {
  FakeClock clock;
  AppState state(clock.fn());
  state.budget_seconds = 0.0005;
  state.open_url(kCheapLink);
  ASSERT_NE(state.session(), nullptr);
  EXPECT_FALSE(state.preparing());
  EXPECT_FALSE(state.cancel_preparation()) << "nothing to cancel";
  state.tick();
  const std::string cheap_url = state.url();
  state.open_url(kExpensiveLink);
  const std::string expensive_url = state.url();
  ASSERT_NE(cheap_url, expensive_url);
  EXPECT_TRUE(state.has_previous_config());
  state.tick();
  state.tick();
  ASSERT_TRUE(state.preparing());
  const uint64_t version = state.url_version();
  EXPECT_TRUE(state.cancel_preparation());
  EXPECT_EQ(state.url(), cheap_url) << "the URL follows the restored configuration";
  EXPECT_GT(state.url_version(), version);
  ASSERT_NE(state.session(), nullptr);
  EXPECT_FALSE(state.preparing());
  EXPECT_TRUE(state.playing());
  EXPECT_FALSE(state.has_previous_config());
  EXPECT_TRUE(has_notice(state, "Kernel projection cancelled at ")) << state.notices().back().text;
  EXPECT_TRUE(has_notice(state, "%; back to the previous settings. Lower l.dims to make it faster."))
      << state.notices().back().text;
  EXPECT_GT(state.tick(), 0) << "the previous run trains again";
}

// An edit made while a run is still preparing does not become the run to go back to.
TEST(AppPreparation, EditsDuringAPreparationKeepTheLastReadyRun) {
  FakeClock clock;
  AppState state(clock.fn());
  state.budget_seconds = 0.0005;
  state.open_url(kCheapLink);
  const std::string cheap_url = state.url();
  state.open_url(kExpensiveLink);
  state.tick();
  ASSERT_TRUE(state.preparing());
  Config next = state.config();
  next.seed = 34;  // another expensive run
  EXPECT_TRUE(state.apply(next));
  state.tick();
  ASSERT_TRUE(state.preparing());
  EXPECT_TRUE(state.cancel_preparation());
  EXPECT_EQ(state.url(), cheap_url);
}

TEST(AppPreparation, CancelWithoutPreviousConfigurationDiscardsAndPauses) {
  FakeClock clock;
  AppState state(clock.fn());
  state.budget_seconds = 0.0005;
  state.open_url(kExpensiveLink);
  const std::string url = state.url();
  state.tick();
  ASSERT_TRUE(state.preparing());
  EXPECT_FALSE(state.has_previous_config());
  EXPECT_TRUE(state.cancel_preparation());
  EXPECT_EQ(state.session(), nullptr);
  EXPECT_FALSE(state.playing());
  EXPECT_FALSE(state.preparing());
  EXPECT_EQ(state.url(), url) << "the link stays, so Reset can start it again";
  EXPECT_TRUE(has_notice(state, "Kernel projection cancelled at ")) << state.notices().back().text;
  EXPECT_TRUE(has_notice(state, "the run is discarded"));
  EXPECT_EQ(state.tick(), 0);
  state.rebuild();  // Reset
  ASSERT_NE(state.session(), nullptr);
  EXPECT_TRUE(state.preparing());
}

}  // namespace app_preparation_test
}  // namespace ml::app
