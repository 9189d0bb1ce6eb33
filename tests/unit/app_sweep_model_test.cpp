// Tests of Sweep's model (app/models/sweep_model.h): the plot's lines, x positions, means and standard
// errors from hand-made rows; which axis goes on x; the CSV of the rows; and a sweep run in frame slices
// with pause and cancel ending in exactly the rows ExperimentRunner::run_all writes in one process.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "app/models/sweep_model.h"
#include "core/learners/registry.h"
#include "core/util/sha256.h"
#include "tests/unit/fake_clock.h"

namespace ml::app {
namespace app_sweep_model_test {

using test::FakeClock;

Experiment decode(const std::string& url) {
  ExperimentDecode d = decode_experiment(url);
  EXPECT_TRUE(d.warnings.empty()) << d.warnings.front();
  return d.experiment;
}

CellRow row(int64_t index, double test_error) {
  CellRow r;
  r.index = index;
  r.cell = "#cell" + std::to_string(index);
  r.numbers["test_error"] = test_error;
  return r;
}

CellRow refused(int64_t index, const std::string& why) {
  CellRow r;
  r.index = index;
  r.cell = "#cell" + std::to_string(index);
  r.error = why;
  return r;
}

// A refused cell says why where it can be read (issue: a fully refused sweep said "the first cells are running"):
// the count of refused cells against the total, "all" only when every cell has its row and none ran, the first
// reason whole, and how many other reasons there are.
TEST(SweepRefusals, TheSummaryCountsTheRefusedCellsAndGivesTheFirstReason) {
  const std::string budget = "the configuration is over the resource budget: kernel features 3200 x 20000";
  std::vector<CellRow> rows = {refused(0, budget), refused(1, budget), refused(2, budget)};
  EXPECT_EQ(refusal_summary(rows, 3), "all 3 cells refused: " + budget);
  EXPECT_EQ(sweep_empty_text(rows, 3, false), "all 3 cells refused: " + budget);
  EXPECT_EQ(refusal_summary(rows, 4), "3 of 4 cells refused: " + budget);  // a cell still to come
  EXPECT_EQ(sweep_empty_text(rows, 4, false), "the first cells are running...");
  EXPECT_EQ(sweep_empty_text(rows, 4, true), "cancelled before any cell gave a value");
  rows.push_back(refused(3, "another reason"));
  rows.push_back(refused(4, "a third"));
  EXPECT_EQ(refusal_summary(rows, 5), "all 5 cells refused: " + budget + " (and 2 other reasons)");
  rows.pop_back();
  EXPECT_EQ(refusal_summary(rows, 5), "4 of 5 cells refused: " + budget + " (and 1 other reason)");
  const std::vector<CellRow> one = {refused(0, budget), row(1, 0.1)};
  EXPECT_EQ(refusal_summary(one, 2), "1 of 2 cells refused: " + budget);
  EXPECT_EQ(sweep_empty_text(one, 2, false), "no cell gave a value of this metric");
  EXPECT_EQ(refusal_summary({row(0, 0.1)}, 1), "");
  EXPECT_EQ(refusal_summary({refused(0, budget)}, 1), "the cell was refused: " + budget);
}

TEST(SweepPlot, OneLinePerLearnerMeanAndStandardErrorOverSeedsAgainstEta) {
  // Cells (first axis slowest): learner x eta x seed = 2 x 3 x 2; index = 6 learner + 2 eta + seed.
  const Experiment e = decode("#v=1&data=separable&n=100&x.learner=perceptron,averaging&x.eta=0:0.2:0.1&x.seed=1..2");
  ASSERT_EQ(cell_count(e), 12);
  std::vector<CellRow> rows = {row(0, 0.10),  row(1, 0.20),    // perceptron eta 0: mean 0.15, se |0.1-0.2|/2 = 0.05
                               row(2, 0.30),                   // perceptron eta 0.1: one seed so far, no se
                               row(6, 0.05),  row(7, 0.05),    // averaging eta 0: 0.05 ± 0
                               row(10, 0.40), row(11, 0.10)};  // averaging eta 0.2: 0.25 ± 0.15
  const SweepPlotData d = sweep_plot_data(e, rows, "test_error");
  EXPECT_EQ(d.x_key, "eta");
  EXPECT_TRUE(d.x_numeric);
  EXPECT_EQ(d.points.size(), 6u);
  EXPECT_EQ(d.points_filled, 4u);  // perceptron at 0.2 and averaging at 0.1 have no row yet
  ASSERT_EQ(d.lines.size(), 2u);
  EXPECT_EQ(d.lines[0].name, "perceptron");
  EXPECT_EQ(d.lines[1].name, "averaging");
  EXPECT_EQ(d.lines[0].x, (std::vector<double>{0, 0.1, 0.2}));
  EXPECT_NEAR(d.lines[0].mean[0], 0.15, 1e-12);
  EXPECT_NEAR(d.lines[0].se[0], 0.05, 1e-12);
  EXPECT_NEAR(d.lines[0].mean[1], 0.30, 1e-12);
  EXPECT_TRUE(std::isnan(d.lines[0].se[1]));
  EXPECT_EQ(d.lines[0].n[1], 1);
  EXPECT_TRUE(std::isnan(d.lines[0].mean[2]));
  EXPECT_EQ(d.lines[0].n[2], 0);
  EXPECT_NEAR(d.lines[1].mean[0], 0.05, 1e-12);
  EXPECT_NEAR(d.lines[1].se[0], 0.0, 1e-12);
  EXPECT_TRUE(std::isnan(d.lines[1].mean[1]));
  EXPECT_NEAR(d.lines[1].mean[2], 0.25, 1e-12);
  EXPECT_NEAR(d.lines[1].se[2], 0.15, 1e-12);
  // Each marker knows its cells (one per seed), for the click that opens one.
  EXPECT_EQ(d.points[d.lines[1].point[2]].cells, (std::vector<int64_t>{10, 11}));
}

TEST(SweepPlot, XIsTheFirstNumericNonReplicateAxisInAnyOrderAndLinesRunLeftToRight) {
  // eta first and written downwards, the learner second: x is still eta, each line sorted by x.
  const Experiment e = decode("#v=1&data=separable&n=100&x.eta=0.2,0,0.1&x.learner=perceptron,averaging");
  std::vector<CellRow> rows;
  for (int64_t i = 0; i < cell_count(e); ++i) rows.push_back(row(i, 0.01 * static_cast<double>(i)));
  const SweepPlotData d = sweep_plot_data(e, rows, "test_error");
  EXPECT_EQ(d.x_key, "eta");
  ASSERT_EQ(d.lines.size(), 2u);
  EXPECT_EQ(d.lines[0].name, "perceptron");
  EXPECT_EQ(d.lines[0].x, (std::vector<double>{0, 0.1, 0.2}));
  // perceptron's cells: eta 0.2 -> 0, eta 0 -> 2, eta 0.1 -> 4.
  EXPECT_NEAR(d.lines[0].mean[0], 0.02, 1e-12);
  EXPECT_NEAR(d.lines[0].mean[1], 0.04, 1e-12);
  EXPECT_NEAR(d.lines[0].mean[2], 0.00, 1e-12);
}

TEST(SweepPlot, ANonNumericAxisIsPlacedByIndexAndOtherAxesNameTheLines) {
  const Experiment e = decode("#v=1&data=separable&n=100&noise=uniform&eta=0.1&x.noise=none,uniform&x.learner="
                              "perceptron,averaging&x.l.order=cyclic,shuffled");
  // No axis is numeric: x = noise (the first non-replicate axis but the learner) by index, lines by learner and order.
  std::vector<CellRow> rows;
  for (int64_t i = 0; i < cell_count(e); ++i) rows.push_back(row(i, 0.5));
  const SweepPlotData d = sweep_plot_data(e, rows, "test_error");
  EXPECT_EQ(d.x_key, "noise");
  EXPECT_FALSE(d.x_numeric);
  EXPECT_EQ(d.x_labels, (std::vector<std::string>{"none", "uniform"}));
  ASSERT_EQ(d.lines.size(), 4u);
  EXPECT_EQ(d.lines[0].name, "learner=perceptron, l.order=cyclic");
  EXPECT_EQ(d.lines[3].name, "learner=averaging, l.order=shuffled");
  EXPECT_EQ(d.lines[0].x, (std::vector<double>{0, 1}));
}

TEST(SweepPlot, RowsAsCsvWithAxisValuesEveryNumberAndTheQuotedLink) {
  const Experiment e = decode("#v=1&data=separable&n=100&x.learner=perceptron,averaging&x.seed=1..2");
  CellRow a = row(1, 0.25);
  a.numbers["mistakes"] = 7;
  a.numbers["steps"] = 200;  // digits, not the shortest round-trip text "2e+02"
  a.numbers["index"] = 1;    // the first column already
  a.cell = "#v=1&cm=1,0&x";
  CellRow b = row(2, NAN);
  b.numbers["bound"] = 12.5;
  CellRow c;  // a refused cell: an error, no numbers
  c.index = 3;
  c.cell = "#cell3";
  c.error = "uma: the \"family\" matrix needs family noise";
  EXPECT_EQ(cell_rows_csv(e, {a, b, c}),
            "index,learner,seed,bound,mistakes,steps,test_error,error,cell\n"
            "1,perceptron,2,,7,200,0.25,,\"#v=1&cm=1,0&x\"\n"
            "2,averaging,1,12.5,,,,,\"#cell2\"\n"
            "3,averaging,2,,,,,\"uma: the \"\"family\"\" matrix needs family noise\",\"#cell3\"\n");
}

TEST(SweepModel, SlicedPausedAndResumedItEndsInTheRowsOfOneProcess) {
  const Experiment e =
      decode("#v=1&data=separable&n=120&noise=uniform&steps=60&x.learner=perceptron,averaging&x.eta=0,0.2&x.seed=1..2");
  ExperimentRunner reference(e, RunnerOptions{});
  ASSERT_TRUE(reference.run_all().ok());
  const std::string expected = format_cell_rows(reference.rows());

  SweepModel sweep(e);
  EXPECT_EQ(sweep.total(), 8);
  FakeClock clock;
  int frames = 0;
  while (sweep.completed() < 3 && frames < 100000) {
    sweep.advance(0.008, clock.fn());
    ++frames;
  }
  sweep.set_paused(true);
  const int64_t at = sweep.completed();
  EXPECT_EQ(sweep.advance(0.008, clock.fn()), 0);  // paused: nothing runs
  EXPECT_EQ(sweep.completed(), at);
  EXPECT_FALSE(sweep.running());
  sweep.set_paused(false);
  while (!sweep.finished() && frames < 200000) {
    sweep.advance(0.008, clock.fn());
    ++frames;
  }
  EXPECT_GT(frames, 8);  // more frames than cells: cells were split over frames
  ASSERT_TRUE(sweep.finished());
  EXPECT_EQ(sweep.completed(), 8);
  EXPECT_EQ(sweep.rows_jsonl(), expected);
  EXPECT_EQ(sweep.rows_sha256(), sha256_hex(expected));
  // The plot has all its points, and a point's cell opens by its link.
  const SweepPlotData& d = sweep.plot("test_error");
  EXPECT_EQ(d.points_filled, 4u);
  EXPECT_EQ(sweep.cell_link(5), experiment_cell(e, 5).url);
  EXPECT_EQ(sweep.cell_label(5), "learner=averaging, eta=0, seed=2");
  ASSERT_NE(sweep.row_of(5), nullptr);
  EXPECT_EQ(sweep.row_of(5)->index, 5);
}

TEST(SweepModel, ProgressChangesItsRateOnlyWhenARowComes) {
  // What the panel shows stays the same from frame to frame until a row comes (the page then need not draw).
  const Experiment e = decode("#v=1&data=separable&n=100&steps=40&x.learner=perceptron,averaging&x.seed=1..3");
  SweepModel sweep(e);
  FakeClock clock;
  while (sweep.completed() < 2) sweep.advance(0.008, clock.fn());
  const double now = clock.t;
  const SweepProgress a = sweep.progress(now), b = sweep.progress(now + 2);
  EXPECT_GT(a.cells_per_second(), 0);
  EXPECT_EQ(a.cells_per_second(), b.cells_per_second());
  EXPECT_EQ(a.seconds_left(), b.seconds_left());
  EXPECT_GT(a.seconds, 0);
  EXPECT_LT(a.seconds, now);  // the first advance read the clock before any row
}

TEST(SweepModel, CancelKeepsTheRowsSoFarAndRunsNoMore) {
  const Experiment e = decode("#v=1&data=separable&n=100&steps=40&x.learner=perceptron,averaging&x.seed=1..3");
  SweepModel sweep(e);
  sweep.advance(1e9, nullptr);  // without a clock: one whole cell
  EXPECT_EQ(sweep.completed(), 1);
  sweep.cancel();
  EXPECT_FALSE(sweep.running());
  EXPECT_EQ(sweep.advance(1e9, nullptr), 0);
  EXPECT_EQ(sweep.rows().size(), 1u);
  EXPECT_FALSE(sweep.finished());
}

TEST(SweepModel, ALargeSweepRecomputesItsPlotEveryTwoPercentOfTheCells) {
  // 100 cells of one step each: the plot follows every 2 rows while running, every row once stopped.
  const Experiment e = decode("#v=1&data=separable&n=20&steps=1&x.seed=1..100");
  SweepModel sweep(e);
  EXPECT_EQ(sweep.plot("test_error").points_filled, 0u);
  sweep.advance(1e9, nullptr);
  EXPECT_EQ(sweep.completed(), 1);
  EXPECT_EQ(sweep.plot("test_error").points[0].stat.n, 0);  // 1 new row: not yet
  sweep.advance(1e9, nullptr);
  EXPECT_EQ(sweep.plot("test_error").points[0].stat.n, 2);  // 2 new rows: recomputed
  sweep.advance(1e9, nullptr);
  sweep.set_paused(true);
  EXPECT_EQ(sweep.plot("test_error").points[0].stat.n, 3);  // stopped: every row shows
}

TEST(SweepModel, RefusedCellsAreCountedAndLeftOutOfThePlot) {
  // UMA told a confusion family's C refuses data without family noise: those two cells are error rows.
  const Experiment e =
      decode("#v=1&data=classes&q=3&n=60&learner=uma&steps=20&x.l.confusion=identity,family&x.seed=1..2");
  SweepModel sweep(e);
  while (sweep.running()) sweep.advance(1e9, nullptr);
  ASSERT_TRUE(sweep.finished());
  EXPECT_TRUE(sweep.error().ok());
  EXPECT_EQ(sweep.rows().size(), 4u);
  EXPECT_EQ(sweep.error_rows(), 2u);
  const SweepPlotData& d = sweep.plot("test_error");
  ASSERT_EQ(d.points.size(), 2u);
  EXPECT_EQ(d.points[0].stat.n, 2);  // identity: both seeds ran
  EXPECT_EQ(d.points[1].stat.n, 0);  // family: both refused
  EXPECT_EQ(d.points_filled, 1u);
}

}  // namespace app_sweep_model_test
}  // namespace ml::app
