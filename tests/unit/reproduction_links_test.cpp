// Tests of the reproductions' experiment links (docs/reproductions/*.url, run by tools/reproduce.sh):
// each is a canonical experiment link that decodes without a warning into the axes its document describes,
// and its cells are the runs of the protocol: 004 §4.1's noise family and the C UMA is told, 004 §4.2's
// kernel features and rough labels with the learners compared, 003's learners with their own settings,
// 000 §5's selection on the first replicate with the actual noise rate given to the Cnoise perceptron.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/config/budget.h"
#include "core/data/generator_ids.h"
#include "core/experiment/experiment.h"
#include "core/learners/registry.h"
#include "core/learners/uma.h"
#include "core/noise/noise.h"
#include "core/noise/noise_ids.h"
#include "core/session/pipeline.h"
#include "core/session/session.h"

namespace ml {
namespace reproduction_links_test {

namespace fs = std::filesystem;

std::string link_text(const std::string& name) {
  std::ifstream in(fs::path(ML_SOURCE_DIR) / "docs" / "reproductions" / (name + ".url"));
  EXPECT_TRUE(in) << "missing docs/reproductions/" << name << ".url";
  std::string text;
  std::getline(in, text);
  return text;
}

Experiment decoded(const std::string& name) {
  const ExperimentDecode d = decode_experiment(link_text(name));
  EXPECT_TRUE(d.warnings.empty()) << name << ": " << (d.warnings.empty() ? "" : d.warnings.front());
  return d.experiment;
}

// The axes (key and number of values) of each link, as its document describes them.
const std::map<std::string, std::vector<std::pair<std::string, size_t>>>& expected_axes() {
  static const std::map<std::string, std::vector<std::pair<std::string, size_t>>> table = {
      {"uma_toy_noise", {{"fam", 20}, {"l.confusion", 2}, {"seed", 10}}},
      {"uma_toy_misestimated_c10", {{"l.family", 21}, {"seed", 10}}},
      {"uma_toy_misestimated_c5", {{"l.family", 11}, {"seed", 10}}},
      {"uma_real_digits", {{"rough", 2}, {"learner", 2}, {"seed", 10}}},
      {"uma_real_digits_c", {{"l.confusion", 2}, {"seed", 10}}},
      {"uma_real_digits_conf", {{"l.conf", 2}, {"seed", 10}}},
      {"uma_real_letter_conf", {{"l.conf", 2}, {"seed", 3}}},
      {"uma_real_letter", {{"rough", 2}, {"learner", 2}, {"seed", 3}}},
      {"uma_real_letter_c", {{"l.confusion", 2}, {"seed", 3}}},
      {"malicious_ball", {{"adv", 3}, {"eta", 7}, {"learner", 3}, {"seed", 10}}},
      {"malicious_gaussian", {{"adv", 3}, {"eta", 7}, {"learner", 3}, {"seed", 10}}},
      {"rp_toy", {{"data", 5}, {"eta", 5}, {"l.projection", 2}, {"seed", 10}}},
      {"rp_ida_banana", {{"eta", 7}, {"l.projection", 3}, {"split", 10}}},
      {"rp_ida_breast_cancer", {{"eta", 7}, {"l.projection", 3}, {"split", 10}}},
      {"rp_ida_german", {{"eta", 7}, {"l.projection", 3}, {"split", 10}}},
      {"rp_ida_heart", {{"eta", 7}, {"l.projection", 3}, {"split", 10}}},
      // Ablations (each changes one factor of its document's protocol).
      {"rp_toy_updates", {{"data", 5}, {"eta", 2}, {"l.projection", 1}, {"l.updates", 2}, {"seed", 10}}},
      {"rp_toy_updates_held", {{"data", 5}, {"eta", 2}, {"l.projection", 1}, {"l.updates", 2}, {"seed", 10}}},
      {"rp_toy_paper_settings", {{"data", 5}, {"l.sigma", 9}, {"l.dims", 3}, {"seed", 10}}},
      {"rp_toy_width_c", {{"data", 5}, {"l.width_c", 5}, {"l.dims", 3}, {"seed", 10}}},
      {"rp_ida_heart_widths", {{"eta", 7}, {"l.projection", 3}, {"l.cv_widths", 2}, {"split", 10}}},
      {"rp_ida_breast_cancer_widths", {{"eta", 7}, {"l.projection", 3}, {"l.cv_widths", 2}, {"split", 10}}},
      {"rp_ida_heart_nu", {{"eta", 7}, {"l.projection", 3}, {"l.nu", 2}, {"split", 10}}},
      {"rp_ida_heart_tie", {{"eta", 7}, {"l.projection", 3}, {"l.tie", 2}, {"split", 10}}},
      {"uma_toy_noise_30_seeds", {{"fam", 20}, {"l.confusion", 2}, {"seed", 30}}},
      {"uma_real_letter_d400", {{"rough", 2}, {"learner", 2}, {"seed", 3}}},
      {"uma_real_digits_cm", {{"learner", 2}, {"seed", 30}}},
      {"uma_real_digits_1pass", {{"rough", 2}, {"seed", 10}}},
  };
  return table;
}

TEST(ReproductionLinks, EveryLinkIsCanonicalAndHasItsAxes) {
  size_t files = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(fs::path(ML_SOURCE_DIR) / "docs" / "reproductions")) {
    if (e.path().extension() != ".url") continue;
    ++files;
    const std::string name = e.path().stem().string();
    SCOPED_TRACE(name);
    ASSERT_EQ(expected_axes().count(name), 1u) << "a link without its expected axes in this test";
    const Experiment x = decoded(name);
    EXPECT_EQ(encode_experiment(x), link_text(name));
    const auto& axes = expected_axes().at(name);
    ASSERT_EQ(x.axes.size(), axes.size());
    for (size_t k = 0; k < axes.size(); ++k) {
      EXPECT_EQ(x.axes[k].key, axes[k].first);
      EXPECT_EQ(x.axes[k].values.size(), axes[k].second) << axes[k].first;
    }
  }
  EXPECT_EQ(files, expected_axes().size());
}

// The cell at the given axis values.
Cell cell_at(const Experiment& x, const std::vector<std::string>& values) {
  for (int64_t i = 0; i < cell_count(x); ++i)
    if (cell_values(x, i) == values) return experiment_cell(x, i);
  ADD_FAILURE() << "no such cell";
  return {};
}

// The confusion matrix UMA uses in a cell (the session is created, no step taken).
Eigen::MatrixXd uma_confusion(const Cell& cell) {
  Result<std::unique_ptr<Session>> s = Session::create(cell.config, nullptr);
  EXPECT_TRUE(s.ok()) << cell.url << ": " << (s.ok() ? "" : s.error().message);
  if (!s.ok()) return {};
  return dynamic_cast<const Uma&>(s.value()->learner()).confusion();
}

TEST(ReproductionLinks, TheToysCellsCorruptWithCiAndTellUmaTheMatrixOfTheirColumn) {
  const Eigen::MatrixXd m = family_base_matrix(10, 1);
  const Experiment noise = decoded("uma_toy_noise");
  const Cell given = cell_at(noise, {"7", "given", "3"});
  EXPECT_EQ(given.config.noise.model, NoiseModel::family);
  EXPECT_EQ(given.config.noise.family, 7);
  EXPECT_EQ(given.config.seed, 3u);
  EXPECT_EQ(given.config.generator.classes, 10);
  EXPECT_EQ(uma_confusion(given), confusion_family(m, 7));
  EXPECT_EQ(uma_confusion(cell_at(noise, {"7", "identity", "3"})), Eigen::MatrixXd::Identity(10, 10));
  const Experiment misestimated = decoded("uma_toy_misestimated_c10");
  const Cell j4 = cell_at(misestimated, {"4", "2"});
  EXPECT_EQ(j4.config.noise.family, 10);
  EXPECT_EQ(uma_confusion(j4), confusion_family(m, 4));
  EXPECT_EQ(uma_confusion(cell_at(misestimated, {"0", "2"})), Eigen::MatrixXd::Identity(10, 10));
  EXPECT_EQ(decoded("uma_toy_misestimated_c5").base.noise.family, 5);
}

TEST(ReproductionLinks, TheRealDataCellsAreTheProtocolsRuns) {
  const Experiment digits = decoded("uma_real_digits");
  // f_y: the online perceptron on g's labels, 10 epochs of the 3822 training rows (5620 - round(0.32 * 5620)).
  const Cell fy = cell_at(digits, {"10", "ultraconservative", "4"});
  EXPECT_EQ(fy.config.learner, "ultraconservative");
  EXPECT_EQ(fy.config.rough_m, 10);
  EXPECT_EQ(fy.config.kpca_dims, 640);
  EXPECT_EQ(fy.config.kpca_landmarks, 1150);  // m > D: the D leading principal axes (within the budget's unit)
  EXPECT_EQ(fy.config.steps, 10 * 3822);
  EXPECT_EQ(fy.config.params, (ParamValues{{"order", 1}}));  // shuffled every epoch
  // UMA with C estimated through the oracle, tolerance 0 (its update cap stops it).
  const Cell uma = cell_at(digits, {"10", "uma", "4"});
  EXPECT_EQ(uma.config.params, (ParamValues{{"confusion", 1}, {"tol", 0}}));
  // f_full: the same perceptron on the true labels.
  EXPECT_EQ(cell_at(digits, {"0", "ultraconservative", "4"}).config.rough_m, 0);
  const Experiment c = decoded("uma_real_digits_c");
  const Cell identity = cell_at(c, {"identity", "1"});
  EXPECT_EQ(identity.config.rough_m, 10);
  EXPECT_EQ(identity.config.params, (ParamValues{{"confusion", 2}, {"tol", 0}}));
  // f_conf: the same perceptron on S_conf only (the 5 % of the training rows UMA's oracle labels), beside f_y.
  const Experiment conf = decoded("uma_real_digits_conf");
  const Cell f_conf = cell_at(conf, {"0.05", "4"});
  EXPECT_EQ(f_conf.config.learner, "ultraconservative");
  EXPECT_EQ(f_conf.config.params, (ParamValues{{"conf", 0.05}, {"order", 1}}));
  EXPECT_EQ(f_conf.config.kpca_landmarks, 1150);
  EXPECT_EQ(cell_at(conf, {"0", "4"}).config.params, fy.config.params);
  const Experiment letter = decoded("uma_real_letter");
  EXPECT_EQ(letter.base.rough_m, 50);
  EXPECT_EQ(letter.base.steps, 10 * 15000);
  EXPECT_EQ(letter.base.test_fraction, 0.25);
  EXPECT_EQ(letter.base.kpca_dims, 1600);  // 004 Table 1's D for letters
  EXPECT_EQ(letter.base.kpca_landmarks, 3200);
  EXPECT_EQ(decoded("uma_real_letter_d400").base.kpca_dims, 400);
}

// docs/uma_real.md says where each set's links run: every cell of the digits links fits the app's budget (the
// page runs them), and letters at the paper's D = 1 600 only the batch budget (the command line, Python).
TEST(ReproductionLinks, LettersAtThePapersDimensionRunInBatchOnlyAndDigitsEverywhere) {
  for (const std::string name : {"uma_real_digits", "uma_real_digits_c", "uma_real_digits_conf", "uma_real_letter",
                                 "uma_real_letter_c", "uma_real_letter_conf"}) {
    SCOPED_TRACE(name);
    const Experiment x = decoded(name);
    const bool letters = name.find("letter") != std::string::npos;
    const DataShape shape = letters ? csv_shape(x.base, 20000, 16) : csv_shape(x.base, 5620, 64);
    for (int64_t i = 0; i < cell_count(x); ++i) {
      const Config& c = experiment_cell(x, i).config;
      EXPECT_EQ(over_budget_message(c, shape, BudgetProfile::batch), "") << i;
      EXPECT_EQ(over_budget_message(c, shape, BudgetProfile::interactive).empty(), !letters) << i;
    }
  }
}

TEST(ReproductionLinks, TheMaliciousCellsGiveEachLearnerItsOwnSettings) {
  for (const std::string& name : {std::string("malicious_ball"), std::string("malicious_gaussian")}) {
    SCOPED_TRACE(name);
    const Experiment x = decoded(name);
    EXPECT_EQ(x.axes[1].values, (std::vector<std::string>{"0", "0.05", "0.1", "0.15", "0.2", "0.25", "0.3"}));
    const Cell averaging = cell_at(x, {"pull", "0.1", "averaging", "1"});
    EXPECT_TRUE(averaging.config.params.empty());
    EXPECT_EQ(averaging.config.noise.model, NoiseModel::malicious);
    EXPECT_EQ(averaging.config.noise.rate, 0.1);
    const Cell boost = cell_at(x, {"boundary", "0.1", "smooth_boost", "1"});
    EXPECT_EQ(boost.config.params, (ParamValues{{"rounds", 20}}));
    EXPECT_EQ(boost.config.noise.adversary, MaliciousAdversary::boundary);
    const Cell a_mu = cell_at(x, {"random", "0.3", "pca_outlier_removal", "1"});
    const ParamValues own_c = name == "malicious_ball" ? ParamValues{{"c", 1}} : ParamValues{};
    EXPECT_EQ(a_mu.config.params, own_c);
  }
}

// 000 §5: each group (data or noise rate, projection) selects D and σ on its first replicate; the Cnoise
// perceptron is given the actual η; an IDA cell reads split k's two files with Rätsch's width for the set.
TEST(ReproductionLinks, TheRpCellsSelectOnTheFirstReplicateWithTheActualNoiseRate) {
  const Experiment toy = decoded("rp_toy");
  EXPECT_EQ(toy.select, "first");
  EXPECT_EQ(toy.axes[1].values, (std::vector<std::string>{"0", "0.1", "0.2", "0.3", "0.4"}));
  const Cell ring = cell_at(toy, {"ring", "0.3", "random", "7"});
  EXPECT_EQ(ring.config.generator.kind, Generator::ring);
  EXPECT_EQ(ring.config.generator.n, 4000);
  EXPECT_EQ(ring.config.test_fraction, 0.5);
  EXPECT_EQ(ring.config.noise.rate, 0.3);
  // Non-default parameters, sorted by name (projection 0 = random).
  EXPECT_EQ(
      ring.config.params,
      (ParamValues{{"cv_widths", 5}, {"eta_from_noise", 1}, {"projection", 0}, {"sigma", 2.5}, {"updates", 500}}));
  EXPECT_EQ(cell_values(toy, group_first_cell(toy, ring.index)),
            (std::vector<std::string>{"ring", "0.3", "random", "1"}));
  const std::map<std::string, double> width = {{"banana", 1}, {"breast_cancer", 50}, {"german", 55}, {"heart", 120}};
  for (const auto& [set, c] : width) {
    SCOPED_TRACE(set);
    const Experiment ida = decoded("rp_ida_" + set);
    EXPECT_EQ(ida.select, "first");
    EXPECT_EQ(ida.axes[0].values, (std::vector<std::string>{"0", "0.05", "0.1", "0.15", "0.2", "0.25", "0.3"}));
    const Cell cell = cell_at(ida, {"0.15", "kgs", "3"});
    EXPECT_EQ(cell.config.split, 3);
    EXPECT_EQ(csv_file_names(cell.config).value(),
              (std::vector<std::string>{"ida/" + set + "/" + set + "_train_3.csv",
                                        "ida/" + set + "/" + set + "_test_3.csv"}));
    EXPECT_EQ(cell.config.noise.model, NoiseModel::uniform);
    EXPECT_EQ(cell.config.params,
              (ParamValues{{"eta_from_noise", 1}, {"updates", 500}, {"width_c", c}}));  // kgs: the default
    EXPECT_EQ(cell_values(ida, group_first_cell(ida, cell.index)), (std::vector<std::string>{"0.15", "kgs", "1"}));
  }
}

}  // namespace reproduction_links_test
}  // namespace ml
