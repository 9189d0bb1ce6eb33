// marginlab — the learner registry: one row per learner, everything the rest of marginlab knows about it.
//
// The UI, the URL codec, the resource budget, the command line (`marginlab learners`) and the contract tests
// all iterate this table; nothing outside core/learners names a learner or includes a learner's header.
// Adding a learner means one new file pair in core/learners/ and one row in registry.cpp (or, for a learner
// defined elsewhere, a register_learner() call before the first look-up: the tests register one that way).
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/learners/cost.h"
#include "core/learners/learner.h"
#include "core/settings/params.h"

namespace ml {

struct ProblemShape;
// The default cost of a row: one pass over the sample per step (online_pass_cost).
LearnerCost online_pass_cost_of(const ProblemShape& shape, const ParamValues& values, CostSum& sum);

// A row's cost function: the learner's terms for a problem of `shape` with these parameter values (the
// non-default ones; decoded through the learner's table by cost_from).
using LearnerCostFn = LearnerCost (*)(const ProblemShape& shape, const ParamValues& values, CostSum& sum);

// How a learner chooses some of its own parameters by cross-validation, for the experiments' x.select=first
// protocol (one run per group of replicates; Learner::selected_params gives the choice).
struct SelfSelection {
  ParamValues start;                      // the values that make it cross-validate (e.g. cv = 1)
  std::vector<std::string_view> cleared;  // the parameters removed from the cells the choice is applied to
  std::vector<std::string_view> chosen;   // the parameters the choice sets (axes over them are overridden)
};

// One registry row.
struct LearnerEntry {
  LearnerSchema schema;                       // id, display name, binary/multiclass, parameters
  std::unique_ptr<Learner> (*make)();         // factory
  std::string_view citation;                  // paper and section the implementation follows
  LearnerCostFn cost = &online_pass_cost_of;  // what it costs before it runs (core/learners/cost.h)
  std::string_view cost_note{};               // the cost model in one phrase, for docs/url.md ("" : one pass)
  const SelfSelection* selection = nullptr;   // how it chooses its own parameters, nullptr when it never does
  // The largest condition number of the confusion matrix C it accepts with these values (a learner that
  // inverts C); nullptr when it never inverts one.
  double (*max_confusion_condition)(const ParamValues& values) = nullptr;
};

// The row cost function of a learner whose cost is `Cost`, a function of its typed Params P.
template <class P, LearnerCost (*Cost)(const ProblemShape&, const P&, CostSum&)>
LearnerCost cost_from(const ProblemShape& shape, const ParamValues& values, CostSum& sum) {
  return Cost(shape, P::table().decode(values), sum);
}

// Every learner, in display order.
const std::deque<LearnerEntry>& learner_registry();
// The schemas of every learner (what the URL codec needs).
const std::vector<LearnerSchema>& learner_schemas();
// The row with this id, or nullptr.
const LearnerEntry* find_learner(std::string_view id);
// The schema of the row with this id, or nullptr.
const LearnerSchema* find_learner_schema(std::string_view id);
// Appends a row after the built-in ones (a learner defined outside core/learners: the tests' own). Call it
// before anything reads the registry or the schemas; a taken id is a programmer error (asserted).
void register_learner(LearnerEntry row);
// Removes the row registered last, whose id must be `id` (assert); built-in rows are never removed.
void unregister_learner(std::string_view id);

// Registers a row for the lifetime of the object (a test's own learner, in that test's scope).
class ScopedLearnerRow {
 public:
  // Registers `row` (its id must be free).
  explicit ScopedLearnerRow(LearnerEntry row) : id_(row.schema.id) { register_learner(std::move(row)); }
  // Removes it again.
  ~ScopedLearnerRow() { unregister_learner(id_); }
  ScopedLearnerRow(const ScopedLearnerRow&) = delete;
  ScopedLearnerRow& operator=(const ScopedLearnerRow&) = delete;

 private:
  std::string id_;
};
// The id of the learner a new configuration starts with.
std::string_view default_learner_id();

// A learner used as a tool, with the parameter values to reset it with.
struct ToolLearner {
  std::unique_ptr<Learner> learner;  // made by its registry row
  ParamValues params;                // the values that make it the tool
};
// 004 §4.2's rough classifier g: UMA with C = I (the plain ultraconservative update on true labels), run to
// `updates` updates with no tolerance stop.
ToolLearner rough_labeller(int64_t updates);

}  // namespace ml
