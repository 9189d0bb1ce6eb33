// marginlab — how a run's count stands against its learner's bound, in words: one wording for the app's
// results line (app/models/results_line.h) and the command line's text summary (`marginlab run`).
// "≤" is written only when the count is within a proven bound; a count beyond it reads "> bound by X"; an
// O() rate (BoundKind::order_rate) is shown as a rate with its constant, never with "≤".
#pragma once

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "core/learners/learner.h"

namespace ml {

class Session;
struct SessionMetrics;

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

// A count and the bound it is read against.
struct BoundRelation {
  BoundKind kind = BoundKind::clean_data;  // what the bound states (Learner::bound_kind)
  double count = NAN;                      // what the bound counts, so far
  double bound = NAN;                      // Learner::bound(); NaN when none applies
  double constant = NAN;                   // the O() rate's constant (order_rate only)
};

// The relation of `count` to the learner's current bound.
BoundRelation bound_relation(const Learner& learner, double count);
// The value of the counted quantity among a run's counts (NaN when the learner has no such counter).
double counted_value(const CountedQuantity& q, double mistakes, double updates, const std::vector<Counter>& counters);
// The session's counted quantity against its learner's bound, now: "mistakes 313 > 66.7 by 246 (clean-data
// bound)" (what `marginlab run` prints after its JSON; the app's results line has the same words).
std::string bound_summary(const Session& session, const SessionMetrics& metrics);
// True when a proven bound applies and the count is within it.
bool bound_holds(const BoundRelation& r);
// The count with its relation: "12 ≤ 66.7 (clean-data bound)", "313 > 66.7 by 246.3 (clean-data bound)",
// "12 ≤ 915 (noise-aware bound)", "14 (O() rate 40.2, constant 1)", "7 (no bound)".
std::string bound_relation_text(const BoundRelation& r);
// One plain sentence on what the bound is and whether the count is within it (the results line's tooltip).
std::string bound_relation_help(const BoundRelation& r, const std::string& counted);
// What the bound is called: "clean-data bound", "noise-aware bound", "O() rate, constant 1".
std::string bound_kind_name(BoundKind kind, double constant);
// A number as the relation shows it: whole numbers plainly, others to 4 significant digits, after rounding
// to tenths ("66.7", "915", "40.2").
std::string bound_number_text(double x);

}  // namespace ml
