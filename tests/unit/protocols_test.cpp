// Tests of the experiment protocols (core/experiment/protocols.cpp, experiment.h [SECTION] Protocols):
// x.select=first in the link, cell groups and shard units by hand, one model selection per group whose
// choice every cell of the group runs with (and that a hand-run RP-classifier reproduces), rows whose
// "config" link reproduces them on its own, and shards and time slices that change nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "core/config/link.h"
#include "core/config/url.h"
#include "core/experiment/experiment.h"
#include "core/learners/registry.h"
#include "core/learners/rp_classifier.h"
#include "core/session/pipeline.h"
#include "core/session/run_report.h"
#include "nlohmann/json.hpp"

namespace ml {
namespace protocols_test {

// projection × seed × eta with the replicate axis in the middle: 2 × 3 × 2 = 12 cells in 4 groups
// (projection, eta); cell index = 6 p + 2 s + e.
const char* kSelect =
    "#v=1&data=ring&n=120&test=0.5&noise=uniform&eta=0&learner=rp&l.sigma=2.5&l.eta_from_noise=1&l.updates=20"
    "&l.cv_folds=2&l.cv_widths=2&l.cv_max_dim=10&seed=1&steps=1000"
    "&x.l.projection=kgs,random&x.seed=1..3&x.eta=0,0.2&x.select=first";

Experiment selecting() {
  ExperimentDecode d = decode_experiment(kSelect);
  EXPECT_TRUE(d.warnings.empty()) << d.warnings.front();
  return d.experiment;
}

std::vector<CellRow> run(const Experiment& e, int shard = 0, int shards = 1, double slice = 0) {
  RunnerOptions options;
  options.shard = shard;
  options.shards = shards;
  ExperimentRunner runner(e, options);
  if (slice > 0) {
    double t = 0;
    const ClockFn clock = [&t] { return t += 0.001; };  // every read 1 ms later
    while (!runner.finished()) runner.advance(slice, clock);
  } else {
    EXPECT_TRUE(runner.run_all().ok()) << runner.error().error().message;
  }
  EXPECT_TRUE(runner.error().ok());
  return runner.rows();
}

std::string config_of(const CellRow& row) { return nlohmann::json::parse(row.json).at("config").get<std::string>(); }

double param_of(const Config& c, const std::string& name) {
  for (const ParamValue& p : c.params)
    if (p.name == name) return p.value;
  return std::nan("");
}

TEST(ExperimentProtocols, TheLinkNamesTheProtocol) {
  const Experiment e = selecting();
  EXPECT_EQ(e.select, "first");
  ASSERT_EQ(e.axes.size(), 3u);  // x.select is not an axis
  const std::string canonical = encode_experiment(e);
  EXPECT_EQ(canonical.substr(canonical.size() - 15), "&x.select=first");
  EXPECT_EQ(decode_experiment(canonical).experiment, e);
  // An unknown protocol is named and ignored; an axis the selection overrides is named.
  ExperimentDecode bad = decode_experiment("#v=1&learner=rp&x.seed=1..2&x.select=best");
  EXPECT_EQ(bad.experiment.select, "");
  ASSERT_EQ(bad.warnings.size(), 1u);
  EXPECT_EQ(bad.warnings[0], "'x.select': 'best' is not a selection protocol (first); ignored");
  ExperimentDecode dims = decode_experiment("#v=1&learner=rp&x.l.dims=5,10&x.seed=1..2&x.select=first");
  ASSERT_EQ(dims.warnings.size(), 1u);
  EXPECT_NE(dims.warnings[0].find("axis 'x.l.dims': x.select=first chooses l.dims"), std::string::npos)
      << dims.warnings[0];
}

TEST(ExperimentProtocols, GroupsAndShardUnitsByHand) {
  const Experiment e = selecting();
  // Cell 6 p + 2 s + e belongs to group 2 p + e; its group's first replicate is 6 p + e.
  for (int p = 0; p < 2; ++p)
    for (int s = 0; s < 3; ++s)
      for (int k = 0; k < 2; ++k) {
        const int64_t index = 6 * p + 2 * s + k;
        EXPECT_EQ(cell_group(e, index), 2 * p + k) << index;
        EXPECT_EQ(group_first_cell(e, index), 6 * p + k) << index;
        EXPECT_EQ(shard_unit(e, index), 2 * p + k) << index;
      }
  // Without a protocol a shard takes cells, not groups.
  Experiment plain = e;
  plain.select.clear();
  EXPECT_EQ(shard_unit(plain, 7), 7);
  // "split" is a replicate axis too (a benchmark's splits are repetitions).
  EXPECT_TRUE(is_replicate_key("split"));
}

TEST(ExperimentProtocols, OneSelectionPerGroupRunsEveryCellOfTheGroup) {
  const Experiment e = selecting();
  const std::vector<CellRow> rows = run(e);
  ASSERT_EQ(rows.size(), 12u);
  std::map<int64_t, std::pair<double, double>> choice;  // group -> (D, sigma)
  for (const CellRow& row : rows) {
    const Cell cell = experiment_cell(e, row.index);
    EXPECT_EQ(row.cell, cell.url);  // the merge key stays the experiment's cell
    const DecodeResult ran = decode_link(config_of(row));
    EXPECT_TRUE(ran.warnings.empty());
    EXPECT_TRUE(std::isnan(param_of(ran.config, "cv")));  // cv = 0 (the default, not written)
    const double dims = param_of(ran.config, "dims"), sigma = param_of(ran.config, "sigma");
    EXPECT_EQ(row.number("counters.projection_dim"), dims);
    EXPECT_EQ(row.number("counters.sigma"), sigma);
    const auto [it, first] = choice.emplace(cell_group(e, row.index), std::make_pair(dims, sigma));
    if (!first) {
      EXPECT_EQ(it->second.first, dims) << row.index;
      EXPECT_EQ(it->second.second, sigma) << row.index;
    }
    // Apart from D, sigma and cv the run link is the cell's link.
    Config expected = cell.config;
    std::erase_if(expected.params, [](const ParamValue& p) { return p.name == "dims" || p.name == "sigma"; });
    Config got = ran.config;
    std::erase_if(got.params, [](const ParamValue& p) { return p.name == "dims" || p.name == "sigma"; });
    EXPECT_TRUE(got == expected) << config_of(row);
  }
  ASSERT_EQ(choice.size(), 4u);
  // The choice is the RP-classifier's own cross-validation (l.cv=1) on the group's first replicate (seed 1).
  for (int64_t group_cell : {0, 1, 6, 7}) {
    Config c = experiment_cell(e, group_cell).config;
    c.params.push_back({"cv", 1});
    Result<PreparedData> data = prepare_data(c, nullptr);
    ASSERT_TRUE(data.ok());
    RpClassifier rp;
    Learner& learner = rp;
    ASSERT_TRUE(learner.reset(resolve_problem(c, data->train), c.params).ok());
    while (std::isnan(rp.cv_error())) rp.step();
    EXPECT_EQ(choice[cell_group(e, group_cell)],
              std::make_pair(static_cast<double>(rp.chosen_dims()), rp.chosen_sigma()));
  }
}

TEST(ExperimentProtocols, ARowIsReproducedByItsConfigLinkAlone) {
  const std::vector<CellRow> rows = run(selecting());
  for (const CellRow& row : {rows[3], rows[10]}) {
    const std::string link = config_of(row);
    const DecodeResult d = decode_link(link);
    Result<std::unique_ptr<Session>> s = Session::create(d.config, nullptr);
    ASSERT_TRUE(s.ok());
    while (!s.value()->done() && s.value()->steps() < d.config.steps) s.value()->advance(d.config.steps);
    const std::string report = run_report_json(*s.value(), s.value()->metrics(), encode_url(d.config));
    const size_t at = row.json.find(",\"config\":");
    ASSERT_NE(at, std::string::npos);
    EXPECT_EQ(row.json.substr(at + 1), report.substr(1)) << row.index;
  }
}

TEST(ExperimentProtocols, ShardsTakeWholeGroupsAndTimeSlicesChangeNothing) {
  const Experiment e = selecting();
  const std::vector<CellRow> one = run(e);
  const std::vector<CellRow> shard0 = run(e, 0, 2), shard1 = run(e, 1, 2);
  for (const CellRow& r : shard0) EXPECT_EQ(cell_group(e, r.index) % 2, 0) << r.index;
  for (const CellRow& r : shard1) EXPECT_EQ(cell_group(e, r.index) % 2, 1) << r.index;
  Result<std::vector<CellRow>> merged = merge_cell_rows({shard1, shard0});
  ASSERT_TRUE(merged.ok());
  EXPECT_EQ(format_cell_rows(merged.value()), format_cell_rows(one));
  // 5 ms slices: the selections run across many advance() calls.
  EXPECT_EQ(format_cell_rows(run(e, 0, 1, 0.005)), format_cell_rows(one));
  // A shard runs one selection per group it holds, not one per cell.
  CellProtocol protocol(e);
  for (int64_t i = 0; i < cell_count(e); ++i) {
    if (shard_unit(e, i) % 2 != 0) continue;
    Cell cell = experiment_cell(e, i);
    Result<bool> ready = protocol.prepare(cell, nullptr, 0, nullptr);
    ASSERT_TRUE(ready.ok() && ready.value());
    EXPECT_FALSE(cell.run_url.empty());
  }
  EXPECT_EQ(protocol.selections_run(), 2);
  // The selection is the group's first replicate's whatever cell asks first: in reverse order, and when
  // resuming without the first replicates' cells, every cell runs the link it ran in one process.
  CellProtocol backwards(e);
  for (int64_t i = cell_count(e); i-- > 0;) {
    Cell cell = experiment_cell(e, i);
    ASSERT_TRUE(backwards.prepare(cell, nullptr, 0, nullptr).ok());
    EXPECT_EQ(cell.run_url, config_of(one[static_cast<size_t>(i)])) << i;
  }
  RunnerOptions resume;
  for (const CellRow& r : one)
    if (r.index == group_first_cell(e, r.index)) resume.done.push_back(r);
  ExperimentRunner rest(e, resume);
  ASSERT_TRUE(rest.run_all().ok());
  ASSERT_EQ(rest.rows().size(), 8u);
  for (const CellRow& r : rest.rows()) EXPECT_EQ(r.json, one[static_cast<size_t>(r.index)].json);
}

TEST(ExperimentProtocols, OtherLearnersAndExperimentsWithoutProtocolRunAsTheyAre) {
  ExperimentDecode d = decode_experiment("#v=1&data=gaussian&n=40&learner=perceptron&x.seed=1..2&x.select=first");
  CellProtocol protocol(d.experiment);
  Cell cell = experiment_cell(d.experiment, 1);
  const Config before = cell.config;
  Result<bool> ready = protocol.prepare(cell, nullptr, 0, nullptr);
  ASSERT_TRUE(ready.ok() && ready.value());
  EXPECT_TRUE(cell.run_url.empty());
  EXPECT_TRUE(cell.config == before);
  EXPECT_EQ(protocol.selections_run(), 0);
  // A selection whose data cannot be loaded names the cell it was for.
  ExperimentDecode csv = decode_experiment("#v=1&data=csv&csv=a&split=1&learner=rp&x.split=1..2&x.select=first");
  CellProtocol needs_csv(csv.experiment);
  Cell second = experiment_cell(csv.experiment, 1);
  Result<bool> failed = needs_csv.prepare(second, nullptr, 0, nullptr);
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().message.rfind("selection for cell 1 (", 0), 0u) << failed.error().message;
}

}  // namespace protocols_test
}  // namespace ml
