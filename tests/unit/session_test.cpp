// Tests of the session (core/session/session.h): results independent of how steps are split into advance()
// calls (with or without a clock), the recording schedule, metrics() against the trace, the adaptive
// basis stream forcing exactly ceil(1/delta^2) mistakes (001 Claim 1.4), errors, and a bounded trace
// on a 10^7-step run.
#include "core/session/session.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/data/generator_ids.h"
#include "core/data/generators.h"
#include "core/learners/registry.h"
#include "core/noise/noise_ids.h"

namespace ml {
namespace session_test {

Config noisy_config(const std::string& learner) {
  Config config;
  config.generator.kind = Generator::separable;
  config.generator.n = 300;
  config.generator.dims = 4;
  config.noise.model = NoiseModel::uniform;
  config.noise.rate = 0.1;
  config.learner = learner;
  config.seed = 9;
  return config;
}

std::unique_ptr<Session> make(const Config& config) {
  Result<std::unique_ptr<Session>> s = Session::create(config, nullptr);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
  return s.ok() ? std::move(s.value()) : nullptr;
}

TEST(SessionTest, ChunkingDoesNotChangeTheTrace) {
  for (const char* learner : {"perceptron", "kernel_perceptron", "bylander"}) {
    SCOPED_TRACE(learner);
    const Config config = noisy_config(learner);
    std::unique_ptr<Session> whole = make(config);
    ASSERT_NE(whole, nullptr);
    EXPECT_EQ(whole->advance(3000), 3000);
    std::unique_ptr<Session> pieces = make(config);
    int64_t chunk = 1;
    while (pieces->steps() < 3000) {
      pieces->advance(std::min<int64_t>(chunk, 3000 - pieces->steps()));
      chunk = chunk * 3 + 1;
    }
    // A fake clock that advances 1 ms per read: the timed path stops early, many times.
    std::unique_ptr<Session> timed = make(config);
    double fake_now = 0;
    const ClockFn clock = [&fake_now] { return fake_now += 0.001; };
    int calls = 0;
    while (timed->steps() < 3000) {
      timed->advance(3000 - timed->steps(), 0.05, clock);
      ++calls;
    }
    EXPECT_GT(calls, 1);
    EXPECT_EQ(whole->trace().to_csv(), pieces->trace().to_csv());
    EXPECT_EQ(whole->trace().sha256(), timed->trace().sha256());
    EXPECT_EQ(whole->mistakes(), timed->mistakes());
  }
}

// A slice the clock stops mid-run sets the trace's tail only every kTailRefreshSeconds of the caller's clock
// (the tail is a whole evaluation); a slice that takes all its steps always does, and refresh_tail() brings
// a lagging tail to the current step, giving the untimed run's trace.
TEST(SessionTest, ClockStoppedSlicesRefreshTheTailAtMostEveryTenthOfASecond) {
  const Config config = noisy_config("perceptron");
  std::unique_ptr<Session> timed = make(config);
  ASSERT_NE(timed, nullptr);
  double fake_now = 0;
  const ClockFn clock = [&fake_now] { return fake_now += 0.001; };  // 1 ms per read
  timed->advance(400);  // past the dense start: rows are committed far apart from here on
  int lagging = 0, refreshed = 0;
  int64_t last_tail_step = timed->trace().last_step();
  double last_refresh = -1;
  for (int call = 0; call < 400; ++call) {
    timed->advance(1'000'000, 0.0015, clock);  // stopped by the clock after a step or two
    const int64_t tail_step = timed->trace().last_step();
    if (tail_step < timed->steps()) ++lagging;
    if (tail_step != last_tail_step && timed->trace().has_tail()) {
      // Two refreshes by the clock are at least kTailRefreshSeconds apart.
      if (last_refresh >= 0) {
        EXPECT_GE(fake_now - last_refresh, kTailRefreshSeconds - 0.003) << "call " << call;
      }
      last_refresh = fake_now;
      ++refreshed;
    }
    last_tail_step = tail_step;
  }
  EXPECT_GT(lagging, 300);  // most slices left the tail behind ...
  EXPECT_GE(refreshed, 3);  // ... but it still moved, a few times a second of clock
  timed->refresh_tail();
  EXPECT_EQ(timed->trace().last_step(), timed->steps());
  std::unique_ptr<Session> whole = make(config);
  whole->advance(timed->steps());
  EXPECT_EQ(timed->trace().sha256(), whole->trace().sha256());
  // A slice that takes all the steps it was given sets the tail whatever the clock says.
  timed->advance(3, 1e9, clock);
  EXPECT_EQ(timed->trace().last_step(), timed->steps());
}

TEST(SessionTest, ScheduleRecordsEveryEarlyStepAndTheEnd) {
  std::unique_ptr<Session> s = make(noisy_config("perceptron"));
  ASSERT_NE(s, nullptr);
  s->advance(5000);
  const Trace& t = s->trace();
  for (int i = 0; i <= kRecordEveryStepUntil; ++i) ASSERT_EQ(t.at(static_cast<size_t>(i), kTraceStep), i);
  EXPECT_EQ(t.last_step(), 5000);
  const int64_t cap = std::max<int64_t>(kRecordMaxGap, 300);
  for (size_t i = 1; i < t.size(); ++i) EXPECT_LE(t.at(i, kTraceStep) - t.at(i - 1, kTraceStep), cap);
  EXPECT_LT(t.size(), 500u);  // geometric spacing after step 200
  // The last row is the current state.
  const SessionMetrics m = s->metrics();
  const double* last = t.row(t.size() - 1);
  EXPECT_EQ(last[kTraceMistakes], static_cast<double>(m.mistakes));
  EXPECT_EQ(last[kTraceTrainErrorNoisy], m.train_error_noisy);
  EXPECT_EQ(last[kTraceTestError], m.test_error);
  EXPECT_EQ(last[kTraceWNorm2], m.w_norm2);
  EXPECT_EQ(last[kTraceMargin], m.margin);
  // Noise shows: the observed-label error differs from the true-label error, the margin is negative.
  EXPECT_GT(m.train_error_noisy, m.train_error_true);
  EXPECT_LT(m.margin, 0.0);
  EXPECT_TRUE(std::isfinite(m.w_dot_v));
}

TEST(SessionTest, BasisStreamForcesExactlyCeilOneOverDeltaSquaredMistakes) {
  for (double delta : {0.5, 0.3, 0.1, 0.07, 1.0 / 3.0}) {
    for (const char* learner : {"perceptron", "averaging", "kernel_perceptron"}) {
      SCOPED_TRACE(std::string(learner) + " delta " + std::to_string(delta));
      Config config;
      config.generator.kind = Generator::basis;
      config.generator.margin = delta;
      config.learner = learner;
      if (std::string(learner) == "kernel_perceptron") config.params = {{"kernel", 0}};  // linear
      std::unique_ptr<Session> s = make(config);
      ASSERT_NE(s, nullptr);
      ASSERT_TRUE(s->adaptive_labels());
      const int k = basis_size(delta);
      EXPECT_EQ(k, static_cast<int>(std::ceil(1.0 / (delta * delta) - 1e-9)));
      s->advance(100 * k);
      EXPECT_TRUE(s->done());
      EXPECT_EQ(s->mistakes(), k);
      // The adversary's labels are consistent: v = sum y_i e_i / sqrt(k) classifies all with margin 1/sqrt(k).
      const SessionMetrics m = s->metrics();
      EXPECT_EQ(m.train_error_true, 0.0);
      if (std::string(learner) != "averaging") {
        EXPECT_NEAR(m.w_dot_v, static_cast<double>(k) / std::sqrt(static_cast<double>(k)),
                    1e-4);  // Claim 1.2 with equality
      }
    }
  }
  // A Gaussian kernel perceptron is a deterministic learner too: at least k mistakes.
  Config config;
  config.generator.kind = Generator::basis;
  config.generator.margin = 0.2;
  config.learner = "kernel_perceptron";
  std::unique_ptr<Session> s = make(config);
  ASSERT_NE(s, nullptr);
  s->advance(100000);
  EXPECT_GE(s->mistakes(), 25);
}

TEST(SessionTest, Errors) {
  Config config = noisy_config("no_such_learner");
  Result<std::unique_ptr<Session>> s = Session::create(config, nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "session.unknown_learner");
  config = noisy_config("perceptron");
  config.generator.kind = Generator::classes;
  config.generator.classes = 4;
  config.noise.model = NoiseModel::none;
  s = Session::create(config, nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "session.needs_binary");
  config = noisy_config("perceptron");
  config.use_csv = true;
  s = Session::create(config, nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "pipeline.no_csv");
}

TEST(SessionTest, TenMillionStepRunKeepsTheTraceBounded) {
  Config config;
  config.generator.kind = Generator::separable;
  config.generator.n = 40;
  config.generator.dims = 2;
  config.noise.model = NoiseModel::uniform;
  config.noise.rate = 0.2;  // never separable: the perceptron never stops
  config.seed = 3;
  config.learner = "perceptron";
  std::unique_ptr<Session> s = make(config);
  ASSERT_NE(s, nullptr);
  int64_t steps = 0;
  size_t most = 0;
  while (steps < 10000000) {
    steps += s->advance(1000000);
    most = std::max(most, s->trace().size());
  }
  ASSERT_FALSE(s->done());
  EXPECT_EQ(s->steps(), 10000000);
  EXPECT_LE(most, s->trace().capacity() + 1);
  EXPECT_EQ(s->trace().at(0, kTraceStep), 0.0);
  EXPECT_EQ(s->trace().last_step(), 10000000);
}

}  // namespace session_test
}  // namespace ml
