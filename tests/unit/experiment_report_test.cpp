// Tests of core/experiment/report.cpp: the sweep report's numbers as text (mean ± se to the standard
// error's second digit), the reference table (parsed, matched to points, † beyond 2 sd), the Markdown
// table and verdicts, and the points CSV — on hand-computed rows.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/experiment/experiment.h"
#include "core/learners/registry.h"
#include "core/util/format.h"

namespace ml {
namespace experiment_report_test {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

// learner × eta × seed = 2 × 2 × 3 cells (seed fastest). test_error per cell as below, mistakes = 100 ×
// test_error, bound absent (NaN) in every row: it is left out of the report.
//   perceptron eta 0.1: 0.10 0.20 0.30   mean 0.2, sd 0.1, se 0.0577
//   perceptron eta 0.2: 0.3  0.3  0.3    se 0
//   averaging  eta 0.1: 0.05 0.10 0.15   mean 0.1, sd 0.05, se 0.0289
//   averaging  eta 0.2: 0.3  0.5  0.1    mean 0.3, sd 0.2, se 0.1155
const std::vector<double> kTestErrors = {0.10, 0.20, 0.30, 0.3, 0.3, 0.3, 0.05, 0.10, 0.15, 0.3, 0.5, 0.1};

Experiment experiment() {
  ExperimentDecode d = decode_experiment("#v=1&noise=uniform&x.learner=perceptron,averaging&x.eta=0.1,0.2&x.seed=1..3");
  EXPECT_TRUE(d.warnings.empty());
  return d.experiment;
}

std::vector<CellRow> rows() {
  std::vector<CellRow> out;
  for (size_t i = 0; i < kTestErrors.size(); ++i) {
    CellRow r;
    r.index = static_cast<int64_t>(i);
    r.cell = "#cell" + std::to_string(i);
    r.numbers["test_error"] = kTestErrors[i];
    r.numbers["mistakes"] = std::round(kTestErrors[i] * 100);
    r.numbers["bound"] = kNaN;
    out.push_back(r);
  }
  return out;
}

TEST(ExperimentReport, MeanAndStandardErrorToTheErrorsSecondDigit) {
  EXPECT_EQ(format_mean_se({0, 0, 0}), "n/a");
  EXPECT_EQ(format_mean_se({1, 0.25, kNaN}), "0.25");
  EXPECT_EQ(format_mean_se({3, 7, 0}), "7 ± 0");
  // Equal values can leave a standard error of 1e-17 (the mean rounded in its last bit): shown as 0.
  EXPECT_EQ(format_mean_se({10, 0.7071067811865476, 1.1e-17}), "0.707107 ± 0");
  EXPECT_EQ(format_mean_se({3, 0.0312345, 0.0042}), "0.0312 ± 0.0042");
  EXPECT_EQ(format_mean_se({5, 123.456, 5.6}), "123.5 ± 5.6");
  EXPECT_EQ(format_mean_se({4, 12345.4, 1234}), "12345 ± 1234");
  EXPECT_EQ(format_mean_se({3, 0.2, 0.1 / std::sqrt(3.0)}), "0.200 ± 0.058");
  // se just below a power of ten is read after rounding: 0.0999... has two digits as 0.10.
  EXPECT_EQ(format_mean_se({2, 0.4, 0.09999999999999998}), "0.40 ± 0.10");
  EXPECT_EQ(format_mean_se({2, 0.4, 0.0996}), "0.40 ± 0.10");
  EXPECT_EQ(format_mean_se({2, 0.4, 0.0994}), "0.400 ± 0.099");
}

TEST(ExperimentReport, ReferenceTableIsReadWithItsLineNumbers) {
  Result<std::vector<ReferenceValue>> r =
      parse_reference_tsv("# published values\n\nlearner\teta\tmetric\tmean\tsd\tsource\n"
                          "perceptron\t0.10\ttest_error\t0.25\t0.01\t000 Table 3\n"
                          "averaging\t0.2\ttest_error\t0.31\t-\tsomewhere else\n",
                          "ref.tsv");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[0].at, (std::map<std::string, std::string>{{"learner", "perceptron"}, {"eta", "0.10"}}));
  EXPECT_EQ((*r)[0].metric, "test_error");
  EXPECT_EQ((*r)[0].mean, 0.25);
  EXPECT_EQ((*r)[0].sd, 0.01);
  EXPECT_EQ((*r)[0].source, "000 Table 3");
  EXPECT_EQ((*r)[0].line, 4);
  EXPECT_TRUE(std::isnan((*r)[1].sd));

  auto error_of = [](const std::string& text) {
    Result<std::vector<ReferenceValue>> bad = parse_reference_tsv(text, "ref.tsv");
    return bad.ok() ? std::string("(parsed)") : bad.error().message;
  };
  EXPECT_EQ(error_of("learner\tmetric\tmean\tsource\n"),
            "ref.tsv:1: the header must be the point keys, then metric, mean, sd and source, separated by tabs");
  EXPECT_EQ(error_of("# only a comment\n"), "ref.tsv: no header line (point keys, metric, mean, sd, source)");
  EXPECT_EQ(error_of("eta\teta\tmetric\tmean\tsd\tsource\n"), "ref.tsv:1: key 'eta' is given twice");
  EXPECT_EQ(error_of("eta\tmetric\tmean\tsd\tsource\n0.1\ttest_error\t0.2\t0.1\n"),
            "ref.tsv:2: has 4 fields, the header 5");
  EXPECT_EQ(error_of("eta\tmetric\tmean\tsd\tsource\n\n0.1\ttest_error\tx\t0.1\tp\n"),
            "ref.tsv:3: mean 'x' is not a number");
  EXPECT_EQ(error_of("eta\tmetric\tmean\tsd\tsource\n0.1\ttest_error\t0.2\t-1\tp\n"),
            "ref.tsv:2: sd '-1' is not a number >= 0 (leave it empty or '-' when not given)");
}

TEST(ExperimentReport, MetricsPresentInTheRowsInTheirOrder) {
  EXPECT_EQ(report_metrics(rows()), (std::vector<std::string>{"test_error", "mistakes"}));
  EXPECT_TRUE(report_metrics({}).empty());
}

TEST(ExperimentReport, MarkdownTableReferencesVerdictsAndFiles) {
  ReportOptions options;
  options.title = "Averaging against the perceptron";
  options.commands = {"marginlab sweep --url 'LINK' --out rows.jsonl", "marginlab report rows.jsonl --out r.md"};
  options.link = "#v=1&x.learner=perceptron,averaging";
  options.csv_name = "r.csv";
  options.figure_name = "r.png";
  Result<std::vector<ReferenceValue>> refs =
      parse_reference_tsv("learner\teta\tmetric\tmean\tsd\tsource\n"
                          "perceptron\t0.10\ttest_error\t0.25\t0.01\tpaper A\n"  // ours 0.2 is 5 sd away: †
                          "averaging\t0.2\ttest_error\t0.31\t\tpaper B\n"        // no sd: shown, never †
                          "averaging\t0.2\ttest_error\t0.5\t0.1\tpaper B\n"      // the same point again: ignored
                          "perceptron\t0.3\ttest_error\t0.5\t0.1\tpaper A\n",    // no such point
                          "ref.tsv");
  ASSERT_TRUE(refs.ok());
  options.references = refs.value();
  const SweepReport r = sweep_report(experiment(), rows(), options);
  const std::string& md = r.markdown;

  EXPECT_EQ(md.rfind("# Averaging against the perceptron\n\nProduced by\n\n```\nmarginlab sweep --url 'LINK' --out "
                     "rows.jsonl\nmarginlab report rows.jsonl --out r.md\n```\n\nfrom the experiment link\n\n```\n"
                     "#v=1&x.learner=perceptron,averaging\n```\n\n",
                     0),
            0u)
      << md;
  EXPECT_TRUE(has_line(md,
                       "12 of 12 cells have a row. Each point is the mean ± standard error over seed (3 values); n is "
                       "the number of cells with a row."))
      << md;
  EXPECT_TRUE(has_line(md, "| learner | eta | n | test_error | reference test_error | mistakes |")) << md;
  EXPECT_TRUE(has_line(md, "|---|---|---|---|---|---|"));
  EXPECT_TRUE(has_line(md, "| perceptron | 0.1 | 3 | 0.200 ± 0.058 † | 0.25 ± 0.01 | 20.0 ± 5.8 |")) << md;
  EXPECT_TRUE(has_line(md, "| perceptron | 0.2 | 3 | 0.3 ± 0 |  | 30 ± 0 |")) << md;
  EXPECT_TRUE(has_line(md, "| averaging | 0.1 | 3 | 0.100 ± 0.029 |  | 10.0 ± 2.9 |")) << md;
  EXPECT_TRUE(has_line(md, "| averaging | 0.2 | 3 | 0.30 ± 0.12 | 0.31 | 30 ± 12 |")) << md;
  EXPECT_TRUE(has_line(md, "† ours is more than 2 of the reference's standard deviations away from it."));
  EXPECT_TRUE(has_line(md, "Reference values (mean ± sd as published): paper A; paper B."));
  EXPECT_TRUE(has_line(md, "## Paired comparisons (test_error, each learner against perceptron)"));
  EXPECT_NE(md.find("\n- no significant difference in test_error between averaging and perceptron at eta=0.1: -0.1 ± "),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("\n- no significant difference in test_error between averaging and perceptron at eta=0.2: "),
            std::string::npos);
  EXPECT_TRUE(has_line(md, "![test_error per point](r.png)"));
  EXPECT_TRUE(has_line(md, "Every point with its n, mean and standard error per metric: [r.csv](r.csv)."));

  EXPECT_EQ(r.warnings,
            (std::vector<std::string>{
                "reference line 4 (test_error at eta=0.2, learner=averaging) repeats line 3: ignored",
                "reference line 5 (test_error at eta=0.3, learner=perceptron) matches no point and metric of "
                "the report"}));

  // The CSV: exact numbers (whole numbers as digits, else the shortest round-trip text), empty where there
  // is no value.
  const std::vector<SweepPoint> te = sweep_points(experiment(), rows(), "test_error");
  const std::vector<SweepPoint> mi = sweep_points(experiment(), rows(), "mistakes");
  std::string want = "learner,eta,test_error_n,test_error_mean,test_error_se,test_error_ref_mean,test_error_ref_sd,"
                     "mistakes_n,mistakes_mean,mistakes_se\n";
  const char* refs_text[] = {"0.25,0.01", ",", ",", "0.31,"};
  for (size_t p = 0; p < 4; ++p) {
    auto exact = [](double x) {
      return x == std::floor(x) ? std::to_string(static_cast<long long>(x)) : format_double(x);
    };
    want += te[p].values[0] + "," + te[p].values[1] + ",3," + exact(te[p].stat.mean) + "," + exact(te[p].stat.se) +
            "," + refs_text[p] + ",3," + exact(mi[p].stat.mean) + "," + exact(mi[p].stat.se) + "\n";
  }
  EXPECT_EQ(r.csv, want);
  EXPECT_TRUE(r.csv.find("\nperceptron,0.2,3,0.3,0,,,3,30,0\n") != std::string::npos) << r.csv;
}

TEST(ExperimentReport, MissingRowsAreCountedAndWarned) {
  std::vector<CellRow> some = rows();
  some.erase(some.begin() + 11);  // averaging, eta 0.2, seed 3
  ReportOptions options;
  options.title = "t";
  const SweepReport r = sweep_report(experiment(), some, options);
  EXPECT_TRUE(has_line(r.markdown,
                       "11 of 12 cells have a row. Each point is the mean ± standard error over seed (3 values); "
                       "n is the number of cells with a row."));
  // 0.3 and 0.5: mean 0.4, sd 0.1414, se 0.1.
  EXPECT_TRUE(has_line(r.markdown, "| averaging | 0.2 | 2 | 0.40 ± 0.10 | 40 ± 10 |")) << r.markdown;
  EXPECT_EQ(r.warnings, (std::vector<std::string>{"1 of 12 cells have no row: the statistics leave them out"}));
  EXPECT_EQ(r.markdown.find("!["), std::string::npos);  // no figure named, none shown
}

TEST(ExperimentReport, NoComparisonsWithoutTheComparedAxis) {
  ExperimentDecode d = decode_experiment("#v=1&noise=uniform&x.eta=0.1,0.2&x.seed=1..2");
  const std::vector<CellRow> all = rows();
  const std::vector<CellRow> four(all.begin(), all.begin() + 4);
  ReportOptions options;
  options.title = "t";
  const SweepReport r = sweep_report(d.experiment, four, options);
  EXPECT_TRUE(has_line(r.markdown, "| eta | n | test_error | mistakes |")) << r.markdown;
  EXPECT_TRUE(has_line(r.markdown, "| 0.1 | 2 | 0.150 ± 0.050 | 15.0 ± 5.0 |")) << r.markdown;
  EXPECT_EQ(r.markdown.find("Paired comparisons"), std::string::npos);
}

}  // namespace experiment_report_test
}  // namespace ml
