// marginlab — what a learner costs before it runs, in the resource budget's units (core/config/budget.h
// holds the limits and fits a link to them). Each learner declares its cost beside its code, as a function
// of the problem's sizes and its typed parameters, and its registry row carries that function, so the
// budget never names a learner or reads a parameter by a string of its own.
#pragma once

#include <algorithm>
#include <string_view>
#include <vector>

#include "core/kernels/projection.h"

namespace ml {

// The budget's resources, in the order of its limits (kBudgetLimits in core/config/budget.h).
enum class Resource : int {
  memory,   // peak bytes
  prepare,  // multiply-adds of the learner's preparation, done in slices
  unit,     // multiply-adds of one computation that cannot be sliced
  step,     // multiply-adds of one learner step or one recorded trace row
};
// Number of resources.
inline constexpr int kResourceCount = 4;

// Amounts per resource, with the largest term of each (what a warning names).
struct ResourceCost {
  double amount[kResourceCount] = {};          // bytes or multiply-adds
  std::string_view part[kResourceCount] = {};  // the largest term ("Nyström landmarks' kernel", ...)
};

// Adds up cost terms, remembering the largest term of each resource as its part.
class CostSum {
 public:
  // Adds `amount` of resource r, described by `part`.
  void add(Resource r, double amount, std::string_view part);
  // The sum so far.
  const ResourceCost& cost() const { return cost_; }

 private:
  ResourceCost cost_;
  double largest_[kResourceCount] = {};
};

// The sizes of a problem as the budget sees them, before any data exist.
struct ProblemShape {
  double examples = 0;            // N = training + test rows
  double train = 0;               // n, training rows
  double dims = 0;                // d, the features the learner sees (kernel features and bias included)
  double classes = 2;             // Q
  double generator_concepts = 0;  // |C| of the generator's finite class (field `concepts`), 0 when none
  // Test rows, N - n.
  double test() const { return std::max(0.0, examples - train); }
};

// A learner parameter the budget may lower to bring a link within its limits.
struct SizeParam {
  std::string_view key;  // the parameter's key in the learner's table (`l.<key>` in links)
  double value = 0;      // its effective value now (an automatic 0 resolved to the count it stands for)
  double smallest = 1;   // the smallest useful value
};

// What a learner's cost function says besides the terms it adds.
struct LearnerCost {
  double row_per_example = 0;             // multiply-adds to score one example in a recorded row (0: d + 1)
  std::string_view row_part;              // what a recorded row's term is called ("" : every example scored)
  std::vector<SizeParam> sizes;           // the parameters that drive the cost, in the order they are lowered
  bool lower_generator_concepts = false;  // the budget lowers the generator's |C| (field `concepts`) before `sizes`
};

// A learner's cost: adds its preparation, step and memory terms for `shape` to `sum`.
template <class P>
using CostFunction = LearnerCost (*)(const ProblemShape& shape, const P& params, CostSum& sum);

// The cost of a learner whose step is one online example and whose hypothesis scores an example in d
// multiply-adds: one pass over the sample per step, at most (the default of a registry row).
LearnerCost online_pass_cost(const ProblemShape& shape, CostSum& sum);

// Adds the cost of one kernel projection (core/kernels/projection.h) fitted on n rows of d features with D
// directions and applied to `other` more rows; kpca is exact up to `exact_limit` rows, else Nyström with
// `landmarks` (0: nystrom_landmarks). Its fitting work counts against `work` (prepare when sliced, else
// unit or step). Returns the basis size (the columns a projected row is computed from).
double add_projection_cost(CostSum& sum, ProjectionKind kind, double n, double other, double d, double D,
                           double landmarks, double exact_limit, Resource work);
// The Nyström landmarks a kpca projection draws for `landmarks` = 0 (ProjectionOptions::landmarks):
// min(n, max(2D, 1000)); else `landmarks`.
double nystrom_landmarks(double landmarks, double n, double D);

}  // namespace ml
