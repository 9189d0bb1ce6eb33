// marginlab — how a run's count stands against its learner's bound (see bound_relation.h).
#include "core/session/bound_relation.h"

#include <cstdio>

#include "core/session/session.h"

namespace ml {

CountedQuantity counted_quantity(std::string_view bound_label) {
  CountedQuantity q;
  q.word = std::string(bound_label);
  if (bound_label.find("mistakes") != std::string_view::npos) {
    q.source = CountSource::mistakes;  // "mistakes", "expected mistakes" (randomized Halving)
  } else if (bound_label == "updates") {
    q.source = CountSource::updates;
  } else {
    // A size the learner reports as a counter ("coreset size" -> coreset_size).
    q.source = CountSource::counter;
    for (char c : bound_label) q.counter += c == ' ' ? '_' : c;
  }
  return q;
}

double counted_value(const CountedQuantity& q, double mistakes, double updates, const std::vector<Counter>& counters) {
  switch (q.source) {
    case CountSource::mistakes: return mistakes;
    case CountSource::updates: return updates;
    case CountSource::counter:
      for (const Counter& c : counters)
        if (c.name == q.counter) return c.value;
      break;
  }
  return NAN;
}

std::string bound_summary(const Session& session, const SessionMetrics& m) {
  const CountedQuantity q = counted_quantity(session.learner().bound_label());
  const double count = counted_value(q, static_cast<double>(m.mistakes), static_cast<double>(m.updates), m.counters);
  return q.word + " " + bound_relation_text(bound_relation(session.learner(), count));
}


BoundRelation bound_relation(const Learner& learner, double count) {
  BoundRelation r;
  r.kind = learner.bound_kind();
  r.count = count;
  r.bound = learner.bound();
  r.constant = learner.bound_constant();
  return r;
}

bool bound_holds(const BoundRelation& r) {
  return r.kind != BoundKind::order_rate && std::isfinite(r.bound) && std::isfinite(r.count) && r.count <= r.bound;
}

std::string bound_number_text(double x) {
  if (std::isnan(x)) return "\xE2\x80\x94";  // an em dash: no number
  const double tenths = std::round(x * 10) / 10;
  char b[48];
  if (tenths == std::floor(tenths) && std::fabs(tenths) < 1e15)
    std::snprintf(b, sizeof b, "%.0f", tenths == 0 ? 0.0 : tenths);
  else
    std::snprintf(b, sizeof b, "%.4g", tenths);
  return b;
}

std::string bound_kind_name(BoundKind kind, double constant) {
  switch (kind) {
    case BoundKind::clean_data: return "clean-data bound";
    case BoundKind::noise_aware: return "noise-aware bound";
    case BoundKind::order_rate: return "O() rate, constant " + bound_number_text(constant);
  }
  return {};
}

std::string bound_relation_text(const BoundRelation& r) {
  const std::string count = bound_number_text(r.count);
  if (!std::isfinite(r.bound)) return count + " (no bound)";
  if (r.kind == BoundKind::order_rate)
    return count + " (O() rate " + bound_number_text(r.bound) + ", constant " + bound_number_text(r.constant) + ")";
  const std::string kind = bound_kind_name(r.kind, r.constant);
  if (bound_holds(r)) return count + " \xE2\x89\xA4 " + bound_number_text(r.bound) + " (" + kind + ")";
  return count + " > " + bound_number_text(r.bound) + " by " + bound_number_text(r.count - r.bound) + " (" + kind + ")";
}

std::string bound_relation_help(const BoundRelation& r, const std::string& counted) {
  const std::string what = "What this learner's theoretical result counts: its " + counted + " so far";
  if (!std::isfinite(r.bound)) return what + " (no bound applies to this run).";
  if (r.kind == BoundKind::order_rate)
    return what + ", beside the paper's O() size evaluated with constant " + bound_number_text(r.constant) +
           ": a rate, not a proven bound.";
  const std::string kind = r.kind == BoundKind::noise_aware
                               ? "a bound that allows for the noise"
                               : "a bound proven for clean, separable data (noise may break it)";
  return what + ", against " + kind + (bound_holds(r) ? ": within it." : ": beyond it.");
}

}  // namespace ml
