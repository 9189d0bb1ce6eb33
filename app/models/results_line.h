// marginlab app — the results line, apart from drawing: the run's numbers as labelled fields, always
// visible in the toolbar. Steps against the budget; what the learner's bound counts (mistakes, updates,
// coreset size...: Learner::bound_label(), never "mistakes" for a learner that counts updates) against the
// bound; train error on the noisy and on the true labels; test error; the margin the margin plot shows.
// No ImGui.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/learners/learner.h"
#include "core/session/bound_relation.h"

namespace ml {
class Session;
}
namespace ml::app {
class CompareModel;
}

namespace ml::app {

// One labelled number of the results line.
struct ResultField {
  std::string label;  // what it is, short ("updates", "test err")
  std::string value;  // the number as shown ("12 ≤ 915", "0.153")
  std::string help;   // one plain sentence for the tooltip
};

// The numbers the line is made of (read from a session by results_input, or set by hand in tests).
struct ResultsInput {
  int64_t steps = 0;
  int64_t step_budget = 0;
  std::string bound_label = "mistakes";  // Learner::bound_label()
  int64_t mistakes = 0;
  int64_t updates = 0;
  std::vector<Counter> counters;                 // the learner's counters (for counts such as coreset_size)
  double bound = NAN;                            // NaN when none applies
  BoundKind bound_kind = BoundKind::clean_data;  // Learner::bound_kind(): what the bound states
  double bound_constant = NAN;                   // Learner::bound_constant() (an O() rate's constant)
  double train_error_noisy = NAN;
  double train_error_true = NAN;
  double test_error = NAN;
  bool noisy = false;         // some training label or point was corrupted
  bool linear = false;        // the learner has a margin (a linear classifier: hypothesis_norm not NaN)
  double margin = NAN;        // the trace's margin: min over every training point
  double margin_clean = NAN;  // the trace's margin over the points noise left alone
  int64_t evaluated = 0;      // examples the row's errors and margins are over when a subsample (0: all of them)
  int64_t sample_size = 0;    // examples in the training and test parts
};

// The session's numbers at its current state: counts and errors from the trace's last row (the state
// after the latest advance, margins included), the learner's bound label and counters.
ResultsInput results_input(const Session& session, int64_t step_budget);
// "" when the session's rows are over every example, else " (on E of the N examples)": what the error and margin
// plots' titles add for a sampled recording plan.
std::string subsample_title(const Session& session);
// The labelled fields: step, the counted quantity against its bound (bound_relation_text: "≤" only within a
// proven bound, "> bound by X" beyond it, an O() rate with its constant), train err (noisy), train err (true),
// test err, margin (clean points under noise, else all points; "—" when the learner has none).
std::vector<ResultField> results_line(const ResultsInput& in);
// The counted quantity's field alone (the line's second field).
ResultField counted_field(const ResultsInput& in);
// The compact line's parts: the name, the counted field ("mistakes 313 > 66.7 by 246 (clean-data bound)"), the test
// error ("test err 0.153"); a narrow toolbar breaks the line between them, never inside one.
std::vector<std::string> compact_results_parts(const std::string& name, const ResultsInput& in);
// A compared learner's compact line: "Perceptron  mistakes 313 > 66.7 by 246 (clean-data bound) · test err
// 0.153" (Compare mode: one per learner, in its colour).
std::string compact_results_text(const std::string& name, const ResultsInput& in);
// A compared learner's line: its index in the compare (its colour: learner_color(index)) and its text.
struct CompareResult {
  int index = 0;
  std::string text;                // compact_results_text
  std::vector<std::string> parts;  // compact_results_parts
};
// Compare mode: one compact line per compared learner that has a session, in the compare's order.
std::vector<CompareResult> compare_results(const CompareModel& compare, int64_t step_budget);
// The fields as one line of text ("step 120 / 5000 · mistakes 7 ≤ 44 · ..."), for the status and logs.
std::string results_text(const std::vector<ResultField>& fields);

}  // namespace ml::app
