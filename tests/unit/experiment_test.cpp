// Tests of core/experiment: axes read and checked from the link, cells as canonical links, rows that
// depend only on their link (one process = shards in any order = interrupted and resumed), merge refusing
// conflicts, and the statistics (mean ± se, paired t-test, verdicts) on hand-computed numbers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/config/link.h"
#include "core/config/url.h"
#include "core/experiment/experiment.h"
#include "core/learners/registry.h"
#include "core/session/run_report.h"
#include "core/util/sha256.h"

namespace ml {
namespace experiment_test {

bool any_contains(const std::vector<std::string>& lines, const std::string& part) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

// learner × eta × seed on a small Gaussian problem: 2 × 3 × 2 = 12 cells of 60 steps.
const char* kThreeAxes = "#v=1&data=gaussian&n=40&noise=uniform&learner=perceptron&seed=1&steps=60"
                         "&x.learner=perceptron,bylander&x.eta=0:0.2:0.1&x.seed=1..2";

Experiment three_axes() {
  ExperimentDecode d = decode_experiment(kThreeAxes);
  EXPECT_TRUE(d.warnings.empty()) << d.warnings.front();
  return d.experiment;
}

std::vector<CellRow> run_shard(const Experiment& e, int shard, int shards, std::vector<CellRow> done = {}) {
  RunnerOptions options;
  options.shard = shard;
  options.shards = shards;
  options.done = std::move(done);
  ExperimentRunner runner(e, options);
  const Status s = runner.run_all();
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
  return runner.rows();
}

TEST(ExperimentLink, AxesExpandListsAndRangesInOrder) {
  const Experiment e = three_axes();
  ASSERT_EQ(e.axes.size(), 3u);
  EXPECT_EQ(e.axes[0].key, "learner");
  EXPECT_EQ(e.axes[0].values, (std::vector<std::string>{"perceptron", "bylander"}));
  EXPECT_EQ(e.axes[1].values, (std::vector<std::string>{"0", "0.1", "0.2"}));  // 0.1 + 0.1 is written 0.2
  EXPECT_EQ(e.axes[2].values, (std::vector<std::string>{"1", "2"}));
  EXPECT_EQ(cell_count(e), 12);
  // The first axis varies slowest.
  EXPECT_EQ(cell_values(e, 0), (std::vector<std::string>{"perceptron", "0", "1"}));
  EXPECT_EQ(cell_values(e, 1), (std::vector<std::string>{"perceptron", "0", "2"}));
  EXPECT_EQ(cell_values(e, 11), (std::vector<std::string>{"bylander", "0.2", "2"}));
}

TEST(ExperimentLink, RealRangeEndsWithinRoundingAndIsWrittenBack) {
  ExperimentDecode d = decode_experiment("#v=1&noise=uniform&x.eta=0:0.3:0.1");
  ASSERT_EQ(d.experiment.axes.size(), 1u);
  // 0.1 * 3 = 0.30000000000000004 in binary: the range still ends at 0.3, written as "0.3".
  EXPECT_EQ(d.experiment.axes[0].values, (std::vector<std::string>{"0", "0.1", "0.2", "0.3"}));
  EXPECT_EQ(d.experiment.axes[0].spec, "0:0.3:0.1");
  const std::string link = encode_experiment(d.experiment);
  EXPECT_NE(link.find("&x.eta=0:0.3:0.1"), std::string::npos) << link;
  ExperimentDecode again = decode_experiment(link);
  EXPECT_TRUE(again.warnings.empty());
  EXPECT_EQ(again.experiment, d.experiment);
}

TEST(ExperimentLink, BadAxesAreNamedAndDropped) {
  ExperimentDecode d = decode_experiment(
      "#v=1&noise=uniform&x.eta=0.1,0.7,abc&x.bogus=1&x.v=2&x.seed=5..1&x.learner=perceptron,nope&x.l.zzz=1&x.cm=1");
  ASSERT_EQ(d.experiment.axes.size(), 2u);
  EXPECT_EQ(d.experiment.axes[0].key, "eta");
  EXPECT_EQ(d.experiment.axes[0].values, (std::vector<std::string>{"0.1"}));
  EXPECT_EQ(d.experiment.axes[1].key, "learner");
  EXPECT_EQ(d.experiment.axes[1].values, (std::vector<std::string>{"perceptron"}));
  EXPECT_TRUE(any_contains(d.warnings, "axis 'x.eta': '0.7' is out of range")) << join_names(d.warnings, "\n");
  EXPECT_TRUE(any_contains(d.warnings, "axis 'x.eta': 'abc' is not a number"));
  EXPECT_TRUE(any_contains(d.warnings, "axis 'x.bogus' ignored: 'bogus' is not a field"));
  EXPECT_TRUE(any_contains(d.warnings, "axis 'x.v' ignored: 'v' cannot vary"));
  EXPECT_TRUE(any_contains(d.warnings, "axis 'x.seed': the range '5..1' is empty"));
  EXPECT_TRUE(any_contains(d.warnings, "axis 'x.learner': unknown learner 'nope'"));
  EXPECT_TRUE(any_contains(d.warnings, "axis 'x.l.zzz' ignored: no learner of the experiment"));
  EXPECT_TRUE(any_contains(d.warnings, "axis 'x.cm' ignored: 'cm' holds a list"));
}

TEST(ExperimentLink, TheCellCapCutsTheLastAxesWithAWarning) {
  ExperimentDecode d = decode_experiment("#v=1&x.seed=1..1000&x.n=10..209&x.d=2..3");
  ASSERT_EQ(d.experiment.axes.size(), 3u);
  EXPECT_LE(cell_count(d.experiment), kMaxExperimentCells);
  EXPECT_EQ(d.experiment.axes[0].values.size(), 1000u);  // the first axes stay whole
  // 1000 * 200 * 2 = 400 000 cells: d (last) is cut to 1 value (200 000 left), then n to 100 000 / 1000.
  EXPECT_EQ(d.experiment.axes[2].values.size(), 1u);
  EXPECT_EQ(d.experiment.axes[1].values.size(), 100u);
  EXPECT_EQ(cell_count(d.experiment), kMaxExperimentCells);
  EXPECT_TRUE(any_contains(d.warnings, "more than 100000"));
}

TEST(ExperimentCells, CellsAreCanonicalLinksWithEachLearnersOwnParameters) {
  // l.updates belongs to bylander only: perceptron's cells drop it, bylander's keep it.
  ExperimentDecode d = decode_experiment(
      "#v=1&data=gaussian&noise=uniform&learner=perceptron&l.updates=7&x.learner=perceptron,bylander");
  EXPECT_TRUE(d.warnings.empty()) << d.warnings.front();
  const Cell perceptron = experiment_cell(d.experiment, 0);
  const Cell bylander = experiment_cell(d.experiment, 1);
  EXPECT_EQ(perceptron.url.find("l.updates"), std::string::npos) << perceptron.url;
  EXPECT_NE(bylander.url.find("learner=bylander&l.updates=7"), std::string::npos) << bylander.url;
  EXPECT_TRUE(perceptron.warnings.empty() && bylander.warnings.empty());
  // A cell's link is canonical: decoding and encoding it again gives it back.
  EXPECT_EQ(encode_url(decode_link(bylander.url).config), bylander.url);
  // The experiment link keeps bylander's parameter.
  const std::string link = encode_experiment(d.experiment);
  EXPECT_NE(link.find("l.updates=7"), std::string::npos) << link;
  EXPECT_EQ(decode_experiment(link).experiment, d.experiment);
}

TEST(ExperimentShards, ParseShardChecksItsRange) {
  int i = 0, n = 0;
  EXPECT_EQ(parse_shard("2/4", &i, &n), "");
  EXPECT_EQ(i, 2);
  EXPECT_EQ(n, 4);
  EXPECT_NE(parse_shard("4/4", &i, &n).find("i must be in [0, N-1]"), std::string::npos);
  EXPECT_NE(parse_shard("1/0", &i, &n).find("N must be"), std::string::npos);
  EXPECT_NE(parse_shard("x/2", &i, &n).find("is not i/N"), std::string::npos);
  EXPECT_TRUE(in_shard(5, 1, 2));
  EXPECT_FALSE(in_shard(5, 0, 2));
}

TEST(ExperimentRows, OneProcessShardsAndResumeGiveTheSameBytes) {
  const Experiment e = three_axes();
  const std::vector<CellRow> single = run_shard(e, 0, 1);
  ASSERT_EQ(single.size(), 12u);
  const std::string bytes = format_cell_rows(single);

  // Three shards, merged in reverse order.
  std::vector<std::vector<CellRow>> shards;
  for (int s = 2; s >= 0; --s) shards.push_back(run_shard(e, s, 3));
  EXPECT_EQ(shards[0].size(), 4u);
  Result<std::vector<CellRow>> merged = merge_cell_rows(shards);
  ASSERT_TRUE(merged.ok()) << merged.error().message;
  EXPECT_EQ(format_cell_rows(*merged), bytes);

  // Interrupted after 5 rows and in the middle of the sixth: the torn line is dropped, the rest re-run.
  const size_t cut = bytes.find('\n', bytes.find("\"index\":5,")) - 40;
  bool dropped = false;
  Result<std::vector<CellRow>> kept = parse_cell_rows(std::string_view(bytes).substr(0, cut), "cells.jsonl", &dropped);
  ASSERT_TRUE(kept.ok());
  EXPECT_TRUE(dropped);
  ASSERT_EQ(kept->size(), 5u);
  const std::vector<CellRow> rest = run_shard(e, 0, 1, *kept);
  EXPECT_EQ(rest.size(), 7u);
  EXPECT_EQ(format_cell_rows(*kept) + format_cell_rows(rest), bytes);

  // The rows are those of single runs of the cells' links (the same report as `marginlab run`).
  const Cell cell = experiment_cell(e, 4);
  EXPECT_EQ(single[4].cell, cell.url);
  Result<RunReport> run = run_headless(cell.config, cell.url, nullptr, RunOptions{});
  ASSERT_TRUE(run.ok());
  EXPECT_EQ(single[4].json, "{\"index\":4,\"cell\":\"" + cell.url + "\"," + run->json.substr(1));
  EXPECT_EQ(single[4].number("steps"), 60);
  EXPECT_TRUE(std::isfinite(single[4].number("test_error")));
  // Golden: the rows of this experiment, the same in the native and the WebAssembly build.
  EXPECT_EQ(sha256_hex(bytes), "db05eb1ae77b6e3b7e3bc14153a3a12bbdcb29fc763a6293ba315ebaa03132bd") << "rows:\n"
                                                                                                   << bytes;
}

TEST(ExperimentRows, TimeSlicesDoNotChangeTheRows) {
  const Experiment e = three_axes();
  RunnerOptions options;
  ExperimentRunner runner(e, options);
  double t = 0;
  const ClockFn fake = [&t] { return t += 0.001; };  // every clock read advances a millisecond
  int calls = 0;
  while (!runner.finished() && calls < 100000) {
    runner.advance(0.005, fake);
    ++calls;
  }
  EXPECT_GT(calls, 12);  // cells were cut into several slices
  EXPECT_EQ(format_cell_rows(runner.rows()), format_cell_rows(run_shard(e, 0, 1)));
}

TEST(ExperimentRows, MergeRefusesConflictsAndRowsOfAnotherExperiment) {
  const Experiment e = three_axes();
  std::vector<CellRow> rows = run_shard(e, 0, 3);
  std::vector<CellRow> changed = rows;
  const size_t at = changed[1].json.find("\"test_error\":");
  changed[1].json.insert(at + 13, "1");  // another number for the same cell
  Result<std::vector<CellRow>> conflict = merge_cell_rows({rows, changed});
  ASSERT_FALSE(conflict.ok());
  EXPECT_EQ(conflict.error().code, "experiment.merge_conflict");
  EXPECT_NE(conflict.error().message.find("two different results for cell 3"), std::string::npos)
      << conflict.error().message;

  std::vector<CellRow> other = rows;
  other[0].cell = "#v=1&data=gaussian&learner=averaging&seed=9";
  Result<std::vector<CellRow>> mixed = merge_cell_rows({rows, other});
  ASSERT_FALSE(mixed.ok());
  EXPECT_EQ(mixed.error().code, "experiment.merge_other_experiment");

  // Identical rows given twice merge to one.
  Result<std::vector<CellRow>> twice = merge_cell_rows({rows, rows});
  ASSERT_TRUE(twice.ok());
  EXPECT_EQ(twice->size(), rows.size());
}

TEST(ExperimentRows, ParseErrorsNameTheFileAndLine) {
  bool dropped = false;
  Result<std::vector<CellRow>> bad =
      parse_cell_rows("{\"index\":0,\"cell\":\"#v=1\"}\nnot json\n{}\n", "a.jsonl", &dropped);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "a.jsonl:2: row: not a JSON object");
  Result<std::vector<CellRow>> no_cell = parse_cell_rows("{\"index\":0}\n", "b.jsonl", nullptr);
  ASSERT_FALSE(no_cell.ok());
  EXPECT_EQ(no_cell.error().message, "b.jsonl:1: row: missing 'cell' (the cell's link)");
}

TEST(ExperimentRows, ResumingRowsOfAnotherExperimentIsAnError) {
  const Experiment e = three_axes();
  std::vector<CellRow> rows = run_shard(e, 0, 1);
  rows.resize(2);
  rows[1].cell = "#v=1&data=gaussian&learner=averaging&seed=9";
  RunnerOptions options;
  options.done = rows;
  ExperimentRunner runner(e, options);
  EXPECT_TRUE(runner.finished());
  ASSERT_FALSE(runner.error().ok());
  EXPECT_EQ(runner.error().error().code, "experiment.resume_other_experiment");
}

TEST(ExperimentRows, ARefusedCellIsAnErrorRowAndTheOthersStillRun) {
  // UMA told C_j of a confusion family refuses data without family noise: those cells are error rows.
  ExperimentDecode d =
      decode_experiment("#v=1&data=classes&q=3&n=60&learner=uma&steps=20&x.l.confusion=identity,family&x.seed=1..2");
  ASSERT_TRUE(d.warnings.empty()) << d.warnings.front();
  const std::vector<CellRow> rows = run_shard(d.experiment, 0, 1);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].error, "");
  EXPECT_TRUE(std::isfinite(rows[0].number("test_error")));
  EXPECT_NE(rows[2].error.find("needs noise=family"), std::string::npos) << rows[2].json;
  EXPECT_TRUE(std::isnan(rows[2].number("test_error")));
  EXPECT_EQ(rows[2].json.substr(0, 20), "{\"index\":2,\"cell\":\"#");
  // Error rows read back the same, and statistics leave them out.
  Result<std::vector<CellRow>> again = parse_cell_rows(format_cell_rows(rows), "rows", nullptr);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ((*again)[3].error, rows[3].error);
  const std::vector<SweepPoint> points = sweep_points(d.experiment, rows, "test_error");
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(points[0].stat.n, 2);
  EXPECT_EQ(points[1].stat.n, 0);
}

TEST(ExperimentRows, ARefusedSelectionGivesErrorRowsForItsGroupOnly) {
  // x.select=first: n = 8 leaves 6 training examples, too few for 10 CV folds, so that group's selection is
  // refused and each of its cells records the refusal; the n = 40 group selects and runs.
  ExperimentDecode d = decode_experiment(
      "#v=1&data=gaussian&noise=uniform&learner=rp&l.cv=1&l.cv_folds=10&steps=30&x.select=first&x.n=8,40&x.seed=1..2");
  ASSERT_TRUE(d.warnings.empty()) << d.warnings.front();
  const std::vector<CellRow> rows = run_shard(d.experiment, 0, 1);
  ASSERT_EQ(rows.size(), 4u);
  for (int i : {0, 1})
    EXPECT_NE(rows[i].error.find("cannot make 10 cross-validation folds"), std::string::npos) << rows[i].json;
  for (int i : {2, 3}) EXPECT_EQ(rows[i].error, "") << rows[i].json;
  EXPECT_TRUE(std::isfinite(rows[3].number("test_error")));
}

// ---------------------------------------------------------------- statistics

TEST(ExperimentStats, MeanAndStandardErrorByHand) {
  // 1, 2, 3, 6: mean 3, sd^2 = (4 + 1 + 0 + 9) / 3 = 14/3, se = sqrt(14/3) / 2.
  const MeanSe s = mean_se({1, 2, NAN, 3, 6});
  EXPECT_EQ(s.n, 4);
  EXPECT_DOUBLE_EQ(s.mean, 3);
  EXPECT_DOUBLE_EQ(s.se, std::sqrt(14.0 / 3) / 2);
  EXPECT_TRUE(std::isnan(mean_se({5}).se));
  EXPECT_EQ(mean_se({}).n, 0);
}

TEST(ExperimentStats, StudentTTailsMatchKnownValues) {
  // One degree of freedom is the Cauchy distribution: P(|T| >= 1) = 1/2 exactly, P(|T| >= 0) = 1.
  EXPECT_NEAR(student_t_two_sided_p(1, 1), 0.5, 1e-12);
  EXPECT_NEAR(student_t_two_sided_p(0, 5), 1.0, 1e-12);
  // Tables: t_{0.975, 10} = 2.228139, t_{0.995, 4} = 4.604095; two sided 5 % and 1 %.
  EXPECT_NEAR(student_t_two_sided_p(2.228139, 10), 0.05, 1e-6);
  EXPECT_NEAR(student_t_two_sided_p(-4.604095, 4), 0.01, 1e-6);
  // Two degrees of freedom: P(|T| >= t) = 1 - t / sqrt(2 + t^2).
  EXPECT_NEAR(student_t_two_sided_p(3, 2), 1 - 3 / std::sqrt(11.0), 1e-12);
}

// The two-sided p-value across degrees of freedom 1..200, small and large |t| (down to 5e-115: the upper tail
// must be computed directly, not as 1 minus a number near 1), relative error 1e-8. Reference values from Debian's
// python3-scipy 1.10.1:
//   /usr/bin/python3 -c "from scipy import stats; print([2*stats.t.sf(t, dof) for dof in (1,2,5,9,30,200)
//                                                         for t in (0.1, 1, 2.5, 10, 50)])"
TEST(ExperimentStats, StudentTTailsMatchScipyAcrossDegreesOfFreedom) {
  const double dofs[] = {1, 2, 5, 9, 30, 200};
  const double ts[] = {0.1, 1.0, 2.5, 10.0, 50.0};
  const double want[6][5] = {
      {9.3654896514e-01, 5.0000000000e-01, 2.4223788318e-01, 6.3451034861e-02, 1.2730698202e-02},
      {9.2946543841e-01, 4.2264973081e-01, 1.2961172022e-01, 9.8524570233e-03, 3.9976015989e-04},
      {9.2423014115e-01, 3.6321746765e-01, 5.4490099342e-02, 1.7094757574e-04, 6.0477576266e-08},
      {9.2253644796e-01, 3.4343639614e-01, 3.3861827683e-02, 3.5782374319e-06, 2.5689529109e-12},
      {9.2100961179e-01, 3.2530861543e-01, 1.8115649068e-02, 4.5752514082e-11, 1.8715417659e-30},
      {9.2044449250e-01, 3.1851884791e-01, 1.3223172642e-02, 2.3774831444e-19, 5.4205754798e-115}};
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 5; ++j) {
      for (double sign : {1.0, -1.0}) {
        const double p = student_t_two_sided_p(sign * ts[j], dofs[i]);
        EXPECT_NEAR(p / want[i][j], 1.0, 1e-8) << "t = " << sign * ts[j] << ", dof = " << dofs[i] << ": " << p;
      }
    }
  }
}

// Rows with given metric values for an experiment whose cells are listed in index order.
std::vector<CellRow> rows_with(const std::vector<double>& values) {
  std::vector<CellRow> rows;
  for (size_t i = 0; i < values.size(); ++i) {
    CellRow r;
    r.index = static_cast<int64_t>(i);
    r.cell = "#cell" + std::to_string(i);
    r.numbers["test_error"] = values[i];
    rows.push_back(r);
  }
  return rows;
}

TEST(ExperimentStats, PointsAverageOverSeedsAndPairedTestsPairBySeed) {
  ExperimentDecode d = decode_experiment("#v=1&noise=uniform&x.learner=perceptron,averaging&x.eta=0.1,0.2&x.seed=1..3");
  ASSERT_TRUE(d.warnings.empty());
  // Cells: (learner, eta, seed) with seed fastest. perceptron: eta 0.1 -> 0.10 0.20 0.30, eta 0.2 -> 0.3 0.3 0.3;
  // averaging: eta 0.1 -> 0.05 0.10 0.15 (each 0.05 .. 0.15 lower), eta 0.2 -> 0.3 0.5 0.1.
  const std::vector<CellRow> rows = rows_with({0.10, 0.20, 0.30, 0.3, 0.3, 0.3, 0.05, 0.10, 0.15, 0.3, 0.5, 0.1});
  const std::vector<SweepPoint> points = sweep_points(d.experiment, rows, "test_error");
  ASSERT_EQ(points.size(), 4u);
  EXPECT_EQ(points[0].values, (std::vector<std::string>{"perceptron", "0.1"}));
  EXPECT_EQ(points[0].cells, (std::vector<int64_t>{0, 1, 2}));
  EXPECT_NEAR(points[0].stat.mean, 0.2, 1e-15);
  EXPECT_NEAR(points[0].stat.se, 0.1 / std::sqrt(3.0), 1e-15);
  EXPECT_EQ(point_keys(d.experiment), (std::vector<std::string>{"learner", "eta"}));

  const std::vector<PairedComparison> c = compare_paired(d.experiment, rows, "test_error", "learner");
  ASSERT_EQ(c.size(), 2u);
  // eta 0.1: d = -0.05, -0.10, -0.15: mean -0.1, se = 0.05 / sqrt(3), t = -2 sqrt(3), p = 1 - t/sqrt(2 + t^2) form
  // for 2 dof: 1 - 3.4641 / sqrt(14) = 0.07418.
  EXPECT_EQ(c[0].a, "perceptron");
  EXPECT_EQ(c[0].b, "averaging");
  EXPECT_EQ(c[0].at, (std::vector<std::string>{"eta=0.1"}));
  EXPECT_EQ(c[0].diff.n, 3);
  EXPECT_NEAR(c[0].diff.mean, -0.1, 1e-15);
  EXPECT_NEAR(c[0].t, -2 * std::sqrt(3.0), 1e-12);
  EXPECT_NEAR(c[0].p, 1 - 2 * std::sqrt(3.0) / std::sqrt(14.0), 1e-12);
  EXPECT_NE(c[0].verdict.find("no significant difference in test_error between averaging and perceptron at eta=0.1"),
            std::string::npos)
      << c[0].verdict;
  // At 10 % the same numbers are significant, and the sentence says which is lower.
  const std::string at10 = paired_verdict(c[0], "test_error", 0.10);
  EXPECT_NE(at10.find("averaging has a lower test_error than perceptron at eta=0.1: -0.1 ± 0.02887"), std::string::npos)
      << at10;
  EXPECT_NE(at10.find("significant at 10 %"), std::string::npos);
  // Another axis' values are named KEY=value.
  PairedComparison by_eta = c[0];
  by_eta.key = "eta";
  by_eta.at.clear();
  EXPECT_EQ(paired_verdict(by_eta, "test_error", 0.10).substr(0, 56),
            "eta=averaging has a lower test_error than eta=perceptron");
  // eta 0.2: d = 0, 0.2, -0.2: mean 0.
  EXPECT_NEAR(c[1].diff.mean, 0, 1e-15);
  EXPECT_NEAR(c[1].p, 1, 1e-12);
}

TEST(ExperimentStats, MissingRowsAreLeftOutOfPointsAndPairs) {
  ExperimentDecode d = decode_experiment("#v=1&x.learner=perceptron,averaging&x.seed=1..2");
  std::vector<CellRow> rows = rows_with({0.2, 0.4, 0.1, 0.3});
  rows.erase(rows.begin() + 3);  // averaging, seed 2 not run yet
  const std::vector<SweepPoint> points = sweep_points(d.experiment, rows, "test_error");
  EXPECT_EQ(points[1].stat.n, 1);
  const std::vector<PairedComparison> c = compare_paired(d.experiment, rows, "test_error", "learner");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].diff.n, 1);
  EXPECT_NE(c[0].verdict.find("too few for a test"), std::string::npos);
}

}  // namespace experiment_test
}  // namespace ml
