// Tests of the learners' preparation phase through the session (Learner::prepare, Session::advance,
// Session::preparing): a projection learner advanced with a tiny time budget spends calls preparing
// (no step, no row, progress rising), then trains to the same trace hash as an untimed run; the RP
// classifier prepares its build step only after cross-validation; learners without a front end never
// report a preparation.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/learners/rp_classifier.h"
#include "core/session/session.h"
#include "test_session.h"

namespace ml {
namespace session_preparation_test {

std::unique_ptr<Session> make(const std::string& url) { return test::session_for(url, test::LinkWarnings::none); }

struct SlicedRun {
  std::string sha;
  std::vector<double> progress;      // preparation().progress after every call that ended preparing
  int64_t preparing_calls = 0;       // calls that ended with preparing() true
  int64_t first_prepared_step = -1;  // steps() when preparing() was first seen true
};

// Advances with a fake clock that moves 1 ms per read and a 0.5 ms budget: one unit of preparation
// (or a few steps) per call.
SlicedRun run_sliced(const std::string& url, int64_t steps) {
  SlicedRun out;
  std::unique_ptr<Session> s = make(url);
  if (!s) return out;
  double fake = 0;
  const ClockFn clock = [&fake] { return fake += 0.001; };
  for (int guard = 0; guard < 100000 && s->steps() < steps && !s->done(); ++guard) {
    const int64_t before_steps = s->steps();
    const size_t before_rows = s->trace().size();
    const bool was_preparing = s->preparing();
    const int64_t taken = s->advance(steps - s->steps(), 0.0005, clock);
    if (s->preparing()) {
      if (out.first_prepared_step < 0) out.first_prepared_step = s->steps();
      ++out.preparing_calls;
      out.progress.push_back(s->preparation().progress);
      EXPECT_FALSE(s->preparation().stage.empty());
      EXPECT_EQ(s->preparation().what, "Kernel projection");
      if (was_preparing) {
        EXPECT_EQ(taken, 0) << "no step while the preparation is unfinished";
        EXPECT_EQ(s->steps(), before_steps);
        EXPECT_EQ(s->trace().size(), before_rows) << "preparation records nothing";
      }
    }
  }
  EXPECT_TRUE(s->steps() == steps || s->done());
  out.sha = s->trace().sha256();
  return out;
}

std::string run_whole(const std::string& url, int64_t steps) {
  std::unique_ptr<Session> s = make(url);
  if (!s) return "";
  s->advance(steps);
  EXPECT_TRUE(s->steps() == steps || s->done());
  EXPECT_FALSE(s->preparing());
  return s->trace().sha256();
}

void expect_rising_to_one(const std::vector<double>& progress) {
  ASSERT_FALSE(progress.empty());
  for (size_t i = 1; i < progress.size(); ++i) EXPECT_GE(progress[i], progress[i - 1]) << i;
  EXPECT_GT(progress.back(), progress.front());
  EXPECT_LT(progress.back(), 1.0) << "a pending preparation is never complete";
}

TEST(SessionPreparationTest, UmaNystromSlicedEqualsUntimed) {
  const std::string url = "#v=1&data=blobs&noise=uniform&eta=0.2&learner=uma&l.projection=nystrom&l.dims=20&l."
                          "landmarks=100&l.sigma=2&seed=33";
  {
    std::unique_ptr<Session> s = make(url);
    ASSERT_NE(s, nullptr);
    EXPECT_TRUE(s->preparing()) << "the front end is fitted before the first step";
    EXPECT_EQ(s->preparation().progress, 0.0);
  }
  const SlicedRun sliced = run_sliced(url, 60);
  // gram, landmark eigendecomposition, covariance, eigendecomposition, transform: 5 units, the last
  // completing the preparation inside a call that then steps.
  EXPECT_EQ(sliced.preparing_calls, 4);
  EXPECT_EQ(sliced.first_prepared_step, 0);
  expect_rising_to_one(sliced.progress);
  EXPECT_EQ(sliced.sha, run_whole(url, 60));
}

TEST(SessionPreparationTest, RpKgsSlicedEqualsUntimed) {
  const std::string url =
      "#v=1&data=ring&n=500&noise=uniform&learner=rp&l.projection=kgs&l.dims=40&l.sigma=2.5&l.updates=80&seed=5";
  const SlicedRun sliced = run_sliced(url, 60);
  EXPECT_GE(sliced.preparing_calls, 40) << "one call per KGS pivot at least";
  expect_rising_to_one(sliced.progress);
  EXPECT_EQ(sliced.sha, run_whole(url, 60));
}

// With cross-validation, the build step comes after cv_total CV steps: only then is there a preparation.
TEST(SessionPreparationTest, RpPreparesItsBuildAfterCrossValidation) {
  const std::string url =
      "#v=1&data=ring&noise=uniform&eta=0.2&learner=rp&l.sigma=2.5&l.eta=0.2&l.updates=50&l.cv=1&l.cv_widths=2&"
      "l.cv_max_dim=20&seed=3";
  std::unique_ptr<Session> s = make(url);
  ASSERT_NE(s, nullptr);
  EXPECT_FALSE(s->preparing());
  const SlicedRun sliced = run_sliced(url, 200);
  const int64_t cv_total = 2 * 3 * static_cast<int64_t>(rp_dimension_grid(20).size());  // widths x folds x dims
  EXPECT_EQ(sliced.first_prepared_step, cv_total);
  EXPECT_GT(sliced.preparing_calls, 0);
  // The golden hash (tests/golden/runs.tsv) of this run.
  EXPECT_EQ(sliced.sha, "305e88e197be302c1e9f569eee92f376590118f8918e37657df9c28109e8cd94");
}

TEST(SessionPreparationTest, LearnersWithoutFrontEndNeverPrepare) {
  for (const std::string url :
       {"#v=1&data=separable&n=200&learner=perceptron&seed=3", "#v=1&data=blobs&learner=uma&seed=3"}) {
    SCOPED_TRACE(url);
    std::unique_ptr<Session> s = make(url);
    ASSERT_NE(s, nullptr);
    EXPECT_FALSE(s->preparing());
    EXPECT_FALSE(s->preparation().pending);
    double fake = 0;
    EXPECT_GT(s->advance(10, 1.0, [&fake] { return fake += 0.001; }), 0);
  }
}

// A step taken before the preparation finished completes it synchronously: same learner state.
TEST(SessionPreparationTest, StepFinishesAPartialPreparation) {
  const std::string url = "#v=1&data=blobs&noise=uniform&eta=0.2&learner=uma&l.projection=nystrom&l.dims=20&l."
                          "landmarks=100&l.sigma=2&seed=33";
  std::unique_ptr<Session> s = make(url);
  ASSERT_NE(s, nullptr);
  double fake = 0;
  EXPECT_EQ(s->advance(5, 0.0005, [&fake] { return fake += 0.001; }), 0);
  EXPECT_TRUE(s->preparing());
  EXPECT_GT(s->preparation().progress, 0.0);
  EXPECT_EQ(s->advance(30), 30);  // untimed: the first step finishes the fit
  EXPECT_FALSE(s->preparing());
  EXPECT_EQ(s->trace().sha256(), run_whole(url, 30));
}

}  // namespace session_preparation_test
}  // namespace ml
