// The trace's recording plan (core/session/record_plan.h): which steps get a row, which examples a row evaluates,
// and what that costs next to the learning.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "core/session/record_plan.h"
#include "core/session/session.h"
#include "test_session.h"

namespace ml {
namespace record_plan_test {

// The benchmark's link as a plan: n = 200 000 (160 000 train), d = 64, a linear learner.
RecordInputs benchmark_inputs(int points = kTraceDefaultPoints) {
  return {.points = points, .train_rows = 160000, .test_rows = 40000, .example_cost = 65};
}

TEST(RecordPlan, StrideRowsSpreadEvenlyAndKeepEverythingWhenAsked) {
  EXPECT_EQ(stride_rows(10, 4), (std::vector<int>{0, 2, 5, 7}));
  EXPECT_EQ(stride_rows(7, 3), (std::vector<int>{0, 2, 4}));
  EXPECT_EQ(stride_rows(5, 9), (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_TRUE(stride_rows(0, 3).empty());
}

TEST(RecordPlan, SmallProblemsKeepTheScheduleOfEveryEarlierVersion) {
  const RecordPlan p = make_record_plan({.train_rows = 800, .test_rows = 200, .example_cost = 11});
  EXPECT_FALSE(p.sampled);
  EXPECT_EQ(p.dense_until, 200.0);
  EXPECT_EQ(p.divisor, 32.0);
  EXPECT_EQ(p.cap, 1024);
  EXPECT_EQ(p.train_sample, 800);
  EXPECT_EQ(p.test_sample, 200);
  // Half the resolution: half the dense start, twice the widest gap.
  const RecordPlan half = make_record_plan({.points = 128, .train_rows = 800, .test_rows = 200, .example_cost = 11});
  EXPECT_EQ(half.dense_until, 100.0);
  EXPECT_EQ(half.divisor, 16.0);
  EXPECT_EQ(half.cap, 2048);
}

TEST(RecordPlan, LargeSamplesGetTwoHundredRowsForAQuarterOfATenPassRun) {
  const RecordInputs in = benchmark_inputs();
  const RecordPlan p = make_record_plan(in);
  ASSERT_TRUE(p.sampled);
  const int64_t horizon = kRecordHorizonEpochs * in.train_rows;
  const int64_t rows = planned_rows(p, horizon);
  const int64_t evaluated = p.train_sample + p.test_sample;
  EXPECT_GE(rows, 200);
  EXPECT_GE(evaluated, kRecordMinSample);
  // The rows' predictions against the run's (one per step): at most the work ratio ...
  EXPECT_LE(static_cast<double>(rows * evaluated), static_cast<double>(horizon) * kRecordWorkRatio);
  // ... and not far below it (the sample is as large as that allows).
  EXPECT_GT(static_cast<double>((rows + 1) * (evaluated + 1)), static_cast<double>(horizon) * kRecordWorkRatio);
  // The parts in proportion: 4 training examples for every test one.
  EXPECT_NEAR(static_cast<double>(p.train_sample), 4.0 * static_cast<double>(p.test_sample), 4.0);
  // A single pass still has 150+ rows; a sample 4 times larger keeps 200+ rows at the same share.
  EXPECT_GE(planned_rows(p, in.train_rows), 150);
  RecordInputs larger = in;
  larger.train_rows *= 4;
  larger.test_rows *= 4;
  const RecordPlan q = make_record_plan(larger);
  const int64_t larger_rows = planned_rows(q, 4 * horizon);
  EXPECT_GE(larger_rows, 200);
  EXPECT_LE(static_cast<double>(larger_rows * (q.train_sample + q.test_sample)),
            4.0 * static_cast<double>(horizon) * kRecordWorkRatio);
}

TEST(RecordPlan, TheResolutionTradesRowsForExamples) {
  const RecordPlan coarse = make_record_plan(benchmark_inputs(64));
  const RecordPlan fine = make_record_plan(benchmark_inputs(1024));
  const int64_t horizon = kRecordHorizonEpochs * 160000;
  EXPECT_LT(planned_rows(coarse, horizon), planned_rows(make_record_plan(benchmark_inputs()), horizon));
  EXPECT_GT(planned_rows(fine, horizon), 4 * planned_rows(coarse, horizon));
  EXPECT_GT(coarse.train_sample, fine.train_sample);
}

TEST(RecordPlan, LearnersWhoseStepsArePassesEvaluateTheWholeSample) {
  RecordInputs in = benchmark_inputs();
  in.step_cost = 200000.0 * 65;  // a pass over the data per step (UMA)
  EXPECT_FALSE(make_record_plan(in).sampled);
  in = benchmark_inputs();
  in.whole_sample = true;  // an adaptive stream relabels its examples
  EXPECT_FALSE(make_record_plan(in).sampled);
}

TEST(RecordPlan, OffRecordsNothingBetweenTheFirstAndLastRows) {
  const RecordPlan p = make_record_plan(benchmark_inputs(0));
  EXPECT_EQ(planned_rows(p, 1600000), 0);
  EXPECT_FALSE(p.due(1, 0, 1.0, 0));
  EXPECT_GT(p.steps_to_due(0, 0, 1.0, 0), int64_t{1} << 40);
  EXPECT_EQ(p.train_sample + p.test_sample, kRecordMinSample);
}

// A session on a large sample: its rows are the plan's, over the plan's subsample, and say so.
TEST(RecordPlan, ASampledSessionRecordsThePlansRowsOverItsSubsample) {
  const std::string link = "#v=1&data=separable&n=25000&d=20&noise=uniform&learner=perceptron&seed=3";
  std::unique_ptr<Session> s = test::session_for(link);
  ASSERT_NE(s, nullptr);
  const RecordPlan& plan = s->record_plan();
  ASSERT_TRUE(plan.sampled);
  const Dataset& train = s->data().train;
  const int64_t passes = 3 * static_cast<int64_t>(train.rows());
  s->advance(passes);
  const Trace& t = s->trace();
  EXPECT_EQ(static_cast<int64_t>(t.size()), planned_rows(plan, passes) + 1 + (t.has_tail() ? 1 : 0));
  const size_t column = t.num_columns() - 1;
  ASSERT_EQ(t.columns()[column], "eval_examples");
  EXPECT_EQ(t.at(t.size() - 1, column), static_cast<double>(plan.train_sample + plan.test_sample));
  // The last row's training error is the learner's over the stride rows, counted here by hand.
  int wrong = 0;
  const std::vector<int> rows = stride_rows(train.rows(), plan.train_sample);
  for (int i : rows) wrong += s->learner().predict(train.X.row(i).data()) != train.label[static_cast<size_t>(i)];
  EXPECT_EQ(t.at(t.size() - 1, kTraceTrainErrorNoisy), static_cast<double>(wrong) / static_cast<double>(rows.size()));
  // The whole sample's error is metrics()', not the row's (a different number on a noisy sample).
  EXPECT_NE(s->metrics().train_error_noisy, t.at(t.size() - 1, kTraceTrainErrorNoisy));
}

TEST(RecordPlan, ASampledTraceDoesNotDependOnHowTheStepsWereSplit) {
  const std::string link = "#v=1&data=separable&n=25000&d=20&noise=uniform&learner=perceptron&seed=4";
  std::unique_ptr<Session> whole = test::session_for(link);
  std::unique_ptr<Session> pieces = test::session_for(link);
  ASSERT_TRUE(whole && pieces);
  whole->advance(60001);
  for (int i = 0; i < 7; ++i) pieces->advance(8571);
  pieces->advance(60001 - 7 * 8571);
  EXPECT_EQ(whole->trace().sha256(), pieces->trace().sha256());
}

TEST(RecordPlan, TraceOffKeepsTheFirstAndTheLastRow) {
  std::unique_ptr<Session> s =
      test::session_for("#v=1&data=separable&n=25000&d=20&learner=perceptron&seed=3&trace=0", test::LinkWarnings::none);
  ASSERT_NE(s, nullptr);
  s->advance(50000);
  EXPECT_EQ(s->trace().size(), 2u);
  EXPECT_EQ(s->trace().last_step(), 50000);
}

}  // namespace record_plan_test
}  // namespace ml
