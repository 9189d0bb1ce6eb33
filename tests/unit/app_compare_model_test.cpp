// Tests of Compare's model (app/models/compare_model.h): the frame's time slice is shared fairly and what
// one learner leaves goes to the next; every compared learner trains on the same data with the same noisy
// labels; training in frame slices ends in the same trace as each cell's link run alone; the shared y cap
// of the mistakes plot.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "app/models/compare_model.h"
#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/pipeline.h"
#include "core/session/trace.h"
#include "tests/unit/fake_clock.h"

namespace ml::app {
namespace app_compare_model_test {

using test::FakeClock;

Experiment decode(const std::string& url) {
  ExperimentDecode d = decode_experiment(url);
  EXPECT_TRUE(d.warnings.empty()) << d.warnings.front();
  return d.experiment;
}

TEST(CompareModel, ShareSliceGivesEachActiveRunnerItsShareAndPassesOnWhatIsLeft) {
  std::vector<std::pair<int, double>> given;
  // Runner 0 uses only 1 ms of its 3 ms: runners 1 and 2 split the remaining 8 ms (4 ms each).
  auto run = [&](int i, double seconds) {
    given.push_back({i, seconds});
    return i == 0 ? 0.001 : seconds;
  };
  const double used = share_slice(
      0.009, 3, 0, [](int) { return true; }, run);
  ASSERT_EQ(given.size(), 3u);
  EXPECT_EQ(given[0].first, 0);
  EXPECT_NEAR(given[0].second, 0.003, 1e-12);
  EXPECT_EQ(given[1].first, 1);
  EXPECT_NEAR(given[1].second, 0.004, 1e-12);
  EXPECT_EQ(given[2].first, 2);
  EXPECT_NEAR(given[2].second, 0.004, 1e-12);
  EXPECT_NEAR(used, 0.009, 1e-12);

  // Starting at runner 2, runner 1 inactive: 2 then 0, each half of 10 ms.
  given.clear();
  share_slice(
      0.010, 3, 2, [](int i) { return i != 1; },
      [&](int i, double s) {
        given.push_back({i, s});
        return s;
      });
  ASSERT_EQ(given.size(), 2u);
  EXPECT_EQ(given[0].first, 2);
  EXPECT_NEAR(given[0].second, 0.005, 1e-12);
  EXPECT_EQ(given[1].first, 0);
  EXPECT_NEAR(given[1].second, 0.005, 1e-12);

  // A runner that overruns leaves nothing (never a negative share) to the ones after it.
  given.clear();
  share_slice(
      0.004, 2, 0, [](int) { return true; },
      [&](int i, double s) {
        given.push_back({i, s});
        return 0.006;
      });
  ASSERT_EQ(given.size(), 2u);
  EXPECT_NEAR(given[0].second, 0.002, 1e-12);
  EXPECT_EQ(given[1].second, 0.0);
}

TEST(CompareModel, OnlyALearnerAxisOfAtMostFourValuesIsACompareExperiment) {
  const std::string base = "#v=1&data=separable&n=100&seed=1";
  EXPECT_TRUE(is_compare_experiment(decode(base + "&x.learner=perceptron,bylander,averaging")));
  EXPECT_TRUE(is_compare_experiment(decode(base + "&x.learner=perceptron,bylander,averaging,coreset_svm")));
  EXPECT_FALSE(is_compare_experiment(decode(base + "&x.learner=perceptron,bylander,averaging,coreset_svm,halving")));
  EXPECT_FALSE(is_compare_experiment(decode(base + "&x.learner=perceptron,bylander&x.seed=1..3")));
  EXPECT_FALSE(is_compare_experiment(decode(base + "&x.eta=0,0.1")));
  EXPECT_FALSE(is_compare_experiment(decode(base)));
}

TEST(CompareModel, EveryLearnerTrainsOnTheSameDataAndTheSameNoisyLabels) {
  CompareModel cm;
  cm.build(decode("#v=1&data=separable&n=300&noise=uniform&eta=0.2&seed=3&x.learner=perceptron,bylander,averaging"),
           nullptr);
  ASSERT_EQ(cm.size(), 3u);
  EXPECT_EQ(cm.focus(), 0);
  const std::vector<std::string> ids = {"perceptron", "bylander", "averaging"};
  std::string first;
  for (size_t i = 0; i < cm.size(); ++i) {
    ASSERT_NE(cm.run(i).session, nullptr) << cm.run(i).error;
    EXPECT_EQ(cm.run(i).learner, ids[i]);
    EXPECT_EQ(cm.run(i).session->config().learner, ids[i]);
    // The data file (features, observed and true labels, corruption flags) is byte-identical.
    const std::string data = render_data_csv(cm.run(i).session->data());
    if (i == 0)
      first = data;
    else
      EXPECT_EQ(data, first) << ids[i];
  }
  EXPECT_GT(cm.run(0).session->data().noise.corrupted, 0);  // and there is noise to share
}

TEST(CompareModel, FrameSlicesEndInEachCellsOwnTrace) {
  const Experiment e =
      decode("#v=1&data=separable&n=200&noise=uniform&eta=0.1&seed=5&x.learner=perceptron,bylander,averaging");
  CompareModel cm;
  cm.build(e, nullptr);
  FakeClock clock;
  int calls = 0;
  while (!cm.stopped(300) && calls < 100000) {
    cm.advance(0, 0.008, 300, clock.fn());
    ++calls;
  }
  EXPECT_GT(calls, 3);  // it really was sliced
  for (size_t i = 0; i < cm.size(); ++i) {
    const Session& s = *cm.run(i).session;
    EXPECT_TRUE(s.steps() == 300 || s.done()) << cm.run(i).learner << " at " << s.steps();
    // The same link run alone, in one call, to the same step count.
    DecodeResult alone = decode_link(cm.run(i).cell.url);
    Result<std::unique_ptr<Session>> ref = Session::create(alone.config, nullptr);
    ASSERT_TRUE(ref.ok());
    ref.value()->advance(s.steps());
    EXPECT_EQ(s.trace().sha256(), ref.value()->trace().sha256()) << cm.run(i).learner;
  }
}

TEST(CompareModel, StepCountCapsAreKeptPerLearner) {
  CompareModel cm;
  cm.build(decode("#v=1&data=separable&n=200&noise=uniform&eta=0.1&seed=2&x.learner=perceptron,averaging"), nullptr);
  // Three steps each per call, never past 10: 3, 6, 9, 10.
  const int64_t expected[] = {3, 6, 9, 10, 10};
  for (int64_t want : expected) {
    cm.advance(3, 1.0, 10, nullptr);
    EXPECT_EQ(cm.run(0).session->steps(), want);
    EXPECT_EQ(cm.run(1).session->steps(), want);
  }
  EXPECT_TRUE(cm.stopped(10));
  EXPECT_FALSE(cm.stopped(0));
  EXPECT_EQ(cm.step_each(2), 4);
  EXPECT_EQ(cm.run(1).session->steps(), 12);
}

TEST(CompareModel, ALearnerThatCannotTrainKeepsItsErrorAndFocusGoesToOneThatCan) {
  CompareModel cm;
  // Three classes: the binary perceptron refuses, the ultraconservative learner trains.
  cm.build(
      decode("#v=1&data=classes&q=3&n=150&seed=1&learner=ultraconservative&x.learner=perceptron,ultraconservative"),
      nullptr);
  ASSERT_EQ(cm.size(), 2u);
  EXPECT_EQ(cm.run(0).session, nullptr);
  EXPECT_FALSE(cm.run(0).error.empty());
  ASSERT_NE(cm.run(1).session, nullptr);
  EXPECT_EQ(cm.focus(), 1);
  cm.set_focus(0);  // cannot focus a learner without a session
  EXPECT_EQ(cm.focus(), 1);
  EXPECT_EQ(cm.focus_session(), cm.run(1).session.get());
}

TEST(CompareModel, MistakesCapIsFourTimesTheLargestCountWhenABoundIsBeyondIt) {
  CompareModel cm;
  cm.build(decode("#v=1&data=separable&n=100&seed=1&x.learner=perceptron,averaging"), nullptr);
  auto columns = [](std::vector<double> mistakes, std::vector<double> updates, double bound) {
    std::vector<std::vector<double>> c(kTraceStandardColumns, std::vector<double>(mistakes.size(), NAN));
    for (size_t r = 0; r < mistakes.size(); ++r) c[kTraceStep][r] = static_cast<double>(r);
    c[kTraceMistakes] = mistakes;
    c[kTraceUpdates] = updates;
    c[kTraceBound] = std::vector<double>(mistakes.size(), bound);
    return c;
  };
  cm.run(0).series.set_columns(columns({0, 2, 5}, {0, 2, 5}, 100), 0, 0);
  cm.run(1).series.set_columns(columns({0, 1, 3}, {0, 7, 9}, NAN), 0, 0);
  EXPECT_EQ(cm.mistakes_y_cap(), 36.0);  // 4 x 9 (the largest count, averaging's updates); bound 100 > 36
  cm.run(0).series.set_columns(columns({0, 2, 5}, {0, 2, 5}, 30), 0, 0);
  EXPECT_EQ(cm.mistakes_y_cap(), 0.0);  // every bound fits under 36: no cap
}

}  // namespace app_compare_model_test
}  // namespace ml::app
