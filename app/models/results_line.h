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

namespace ml {
class Session;
}

namespace ml::app {

// One labelled number of the results line.
struct ResultField {
  std::string label;  // what it is, short ("updates", "test err")
  std::string value;  // the number as shown ("12 ≤ 915", "0.153")
  std::string help;   // one plain sentence for the tooltip
};

// Which session count a bound label names.
enum class CountSource : int { mistakes, updates, counter };

// What the learner's bound counts, read from its bound_label(): the word the line shows, and where the
// number comes from (SessionMetrics::mistakes, ::updates, or the learner counter of that name with
// underscores, e.g. "coreset_size").
struct CountedQuantity {
  std::string word;  // the label: "mistakes", "expected mistakes", "updates", "coreset size"...
  CountSource source = CountSource::mistakes;
  std::string counter;  // counter name when source is counter
};
// The counted quantity for a bound label.
CountedQuantity counted_quantity(std::string_view bound_label);

// The numbers the line is made of (read from a session by results_input, or set by hand in tests).
struct ResultsInput {
  int64_t steps = 0;
  int64_t step_budget = 0;
  std::string bound_label = "mistakes";  // Learner::bound_label()
  int64_t mistakes = 0;
  int64_t updates = 0;
  std::vector<Counter> counters;  // the learner's counters (for counts such as coreset_size)
  double bound = NAN;             // NaN when none applies
  double train_error_noisy = NAN;
  double train_error_true = NAN;
  double test_error = NAN;
  bool noisy = false;         // some training label or point was corrupted
  bool linear = false;        // the learner has a margin (a linear classifier: hypothesis_norm not NaN)
  double margin = NAN;        // the trace's margin: min over every training point
  double margin_clean = NAN;  // the trace's margin over the points noise left alone
};

// The session's numbers at its current state: counts and errors from the trace's last row (the state
// after the latest advance, margins included), the learner's bound label and counters.
ResultsInput results_input(const Session& session, int64_t step_budget);
// The labelled fields: step, the counted quantity (≤ bound when there is one), train err (noisy), train err
// (true), test err, margin (clean points under noise, else all points; "—" when the learner has none).
std::vector<ResultField> results_line(const ResultsInput& in);
// The fields as one line of text ("step 120 / 5000 · mistakes 7 ≤ 44 · ..."), for the status and logs.
std::string results_text(const std::vector<ResultField>& fields);

}  // namespace ml::app
