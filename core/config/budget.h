// marginlab — the resource budget (issue 15): what one configuration may cost in memory and work, estimated
// from the sizes in its link before anything is allocated, and the rule that brings a link within it.
//
// Four limits, one table (kBudgetLimits), the same in both builds (the page's wasm heap is capped at 4 GB by
// web/CMakeLists.txt MAXIMUM_MEMORY; the memory limit leaves room for the front end and for heap growth).
// Each limit has two values, one per BudgetProfile: `interactive` where a frame waits on the work (the app, in
// the page and on the desktop) and `batch` where nothing is drawn while it runs (`marginlab run` and `sweep`,
// Python). Only the work limits differ; a generated link is always fitted to the interactive values, so a
// link means the same configuration everywhere and a profile only decides whether a CSV link is refused:
//   memory   peak bytes of the data, the learner's preparation (kernel fits, Halving's class) and one step;
//   prepare  multiply-adds of the learner's preparation, done in slices with progress and Cancel;
//   unit     multiply-adds of one computation that cannot be sliced (an eigendecomposition or Cholesky
//            factorization, the pipeline's kernel features): the page draws no frame while it runs;
//   step     multiply-adds of one learner step or of one recorded trace row (every row scores the data).
// The cost model (estimate_resources) counts the dominant terms of each stage, see docs/url.md "Resource
// budget". A link above a limit is brought within it by fit_to_budget, the step after validate()
// (config/link.h): the fields that drive the cost are lowered, in a fixed order per learner (budget_fields),
// each to the largest value that fits when the fields after it are at their smallest, with a warning naming
// the field and the value that fits. A CSV's size is known only once it is loaded: then Session::create refuses an
// over-budget configuration with "session.over_budget", naming the field and the value that would fit.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/config/config.h"
#include "core/config/setting_ref.h"
#include "core/learners/cost.h"
#include "core/settings/params.h"

namespace ml {

// Where a configuration runs, as the budget sees it.
enum class BudgetProfile : int {
  interactive = 0,  // a frame waits on every unsliced computation: the app (page and desktop)
  batch = 1,        // nothing is drawn while it runs: the command line's run and sweep, Python
};

// One limit of the budget.
struct BudgetLimit {
  std::string_view key;      // memory, prepare, unit, step
  double limit;              // the most one configuration may need in the app (BudgetProfile::interactive)
  double batch;              // the same on the command line and in Python (BudgetProfile::batch)
  std::string_view unit;     // bytes or multiply-adds
  std::string_view meaning;  // what is counted (docs/url.md)
};

// The budget: the only statement of the limits (docs/url.md, the warnings and the tests read it).
inline constexpr BudgetLimit kBudgetLimits[] = {
    {"memory", 1073741824.0, 1073741824.0, "bytes",
     "peak memory of the data, the learner's preparation (kernel fit, Halving's class) and one step"},
    {"prepare", 2e11, 2e12, "multiply-adds", "the learner's preparation, done in slices with progress and Cancel"},
    {"unit", 4e10, 2e12, "multiply-adds",
     "one computation that cannot be sliced: an eigendecomposition or Cholesky factorization, the "
     "pipeline's kernel features (`kpca`)"},
    {"step", 2e9, 2e9, "multiply-adds", "one learner step, or one recorded trace row (a row scores every example)"},
};
// Number of limits (the size of kBudgetLimits): one per Resource, in its order.
inline constexpr int kBudgetLimitCount = static_cast<int>(sizeof(kBudgetLimits) / sizeof(kBudgetLimits[0]));
static_assert(kBudgetLimitCount == kResourceCount, "one limit per Resource (core/learners/cost.h)");

// The sizes of the data a learner gets, as the budget sees them.
struct DataShape {
  double examples = 0;    // N = train + test rows
  double train = 0;       // training rows
  double input_dims = 0;  // features before the pipeline's kernel features and bias
  double dims = 0;        // features the learner sees (kernel features, bias included)
};

// The data's shape for a generated config (n, d, test fraction, basis stream, kernel features, bias).
DataShape generated_shape(const Config& config);
// The data's shape for a CSV of `rows` examples and `features` feature columns under `config`.
DataShape csv_shape(const Config& config, double rows, double features);
// The estimated cost of `config` on data of `shape` (the learner's parameters read from config.params,
// defaults from its schema in `learners`).
ResourceCost estimate_resources(const Config& config, const DataShape& shape);
// The limit `b` sets under `profile`.
constexpr double limit_of(const BudgetLimit& b, BudgetProfile profile) {
  return profile == BudgetProfile::batch ? b.batch : b.limit;
}
// "" when every amount is within its limit under `profile`, else the first excess as a phrase:
// "memory 242 GiB > 1 GiB: Nyström landmarks' kernel and eigenvectors (m^2)".
std::string budget_excess(const ResourceCost& cost, BudgetProfile profile = BudgetProfile::interactive);
// The settings that drive the cost of `config` (config fields and learner parameters), in the order
// fit_to_budget lowers them: the sizes a user most likely means to keep come first, then the generator's
// |C| and the parameters the learner's cost declares (its registry row).
std::vector<SettingRef> budget_fields(const Config& config);

// Admits a valid config (fields.h validate) to the budget: lowers the fields of budget_fields until the
// generated config fits, appending one warning per changed field ("field 'l.landmarks': 100000 is over the
// resource budget (memory 224 GiB > 1 GiB: ...); using 452, the largest value that fits ..."). Does nothing
// for a CSV config (its size is not known yet).
void fit_to_budget(Config& config, std::vector<std::string>& warnings);

// "" when `config` fits on data of `shape` under `profile`, else the error message of "session.over_budget":
// the excess and the first field of budget_fields whose lowering makes it fit, with that value (and, when the
// app refuses what the batch profile admits, where it runs as it is).
std::string over_budget_message(const Config& config, const DataShape& shape, BudgetProfile profile);

// docs/url.md's "Resource budget" section (Markdown), from kBudgetLimits and the cost model.
std::string render_budget_reference();

}  // namespace ml
