// marginlab — lesson goals: their text and their check, both read off one declaration (lessons.h).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/config/fields.h"
#include "core/config/url.h"
#include "core/lessons/lessons.h"
#include "core/util/format.h"
#include "core/util/numbers.h"

namespace ml {
namespace {

// The words for a report number in a goal's text; a number without an entry is named by its key.
struct MetricWords {
  std::string_view metric;
  std::string_view words;
};
constexpr MetricWords kMetricWords[] = {
    {"mistakes", "mistakes"},
    {"updates", "updates"},
    {"bound", "the bound"},
    {"test_error", "test error"},
    {"train_error_true", "training error (true labels)"},
    {"train_error_noisy", "training error (noisy labels)"},
    {"margin", "margin"},
    {"train", "training examples"},
    {"steps", "steps"},
    {"counters.label_queries", "labels queried"},
    {"counters.coreset_size", "coreset size"},
    {"counters.version_space_empty", "version space emptied (0/1)"},
    {"counters.concepts", "|C|"},
};

std::string metric_words(std::string_view metric) {
  for (const MetricWords& m : kMetricWords)
    if (m.metric == metric) return std::string(m.words);
  return std::string(metric);
}

// A number as the goal's text and the check's why show it: a whole number exactly (20, 1000000), another to
// four significant digits (0.4296, 24.41).
std::string shown(double x) {
  if (std::isfinite(x) && x == std::floor(x) && std::fabs(x) < 1e15) return format_url_number(x);
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", x);
  return text;
}

std::string_view comparison_symbol(Comparison op) {
  switch (op) {
    case Comparison::below: return "<";
    case Comparison::at_most: return "\xE2\x89\xA4";
    case Comparison::above: return ">";
    case Comparison::at_least: return "\xE2\x89\xA5";
    case Comparison::equals: return "=";
  }
  return "?";
}

bool compare(double a, Comparison op, double b) {
  switch (op) {
    case Comparison::below: return a < b;
    case Comparison::at_most: return a <= b;
    case Comparison::above: return a > b;
    case Comparison::at_least: return a >= b;
    case Comparison::equals: return a == b;
  }
  return false;
}

std::string measure_text(const Measure& m) {
  std::string text = m.scale == 1 ? std::string() : shown(m.scale) + " \xC3\x97 ";
  text += metric_words(m.metric);
  if (!m.key.empty()) text += " (" + m.key + "=" + m.value + ")";
  return text;
}

std::string requirement_text(const Requirement& r) {
  if (r.op == Comparison::equals) return r.key + "=" + r.value;
  return r.key + " " + std::string(comparison_symbol(r.op)) + " " + r.value;
}

std::string condition_text(const Condition& c) {
  const std::string right = c.right ? measure_text(*c.right) : shown(c.constant);
  return measure_text(c.left) + " " + std::string(comparison_symbol(c.op)) + " " + right;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string text;
  for (size_t i = 0; i < parts.size(); ++i) text += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return text;
}

// A cell's value of a URL key as canonical text: the link's text, else the default; nullopt when the key
// has no effect in the cell (a field that does not apply, a parameter the cell's learner does not have).
std::optional<std::string> cell_key_text(const Cell& cell, const std::string& key) {
  for (const LinkPair& p : link_pairs(cell.url))
    if (p.key == key) return p.value;
  const std::optional<SettingRef> setting = resolve_url_key(key, {cell.config.learner});
  if (!setting || (setting->field() && !field_applies(*setting->field(), cell.config))) return std::nullopt;
  return format_setting_value(setting->setting(), setting->setting().default_value);
}

// The step's cells with their rows, matched by index.
struct CellResult {
  Cell cell;
  const CellRow* row = nullptr;
};

bool requirement_holds(const Requirement& r, const std::string& text) {
  if (r.op == Comparison::equals) return text == r.value;
  double a = 0, b = 0;
  return parse_double(text, &a) && parse_double(r.value, &b) && compare(a, r.op, b);
}

// "" when every cell keeps the requirements, else the first that does not.
// A cell in words, as a learner reads it on the lesson's page: "this run" (a link without axes), else "the cell
// eta=0.1, seed=2" (its axes' values), never the cell's link.
std::string cell_words(const Experiment& experiment, const Cell& cell) {
  if (experiment.axes.empty()) return "this run";
  std::string out = "the cell ";
  for (size_t i = 0; i < experiment.axes.size() && i < cell.values.size(); ++i)
    out += (i ? ", " : "") + experiment.axes[i].key + "=" + cell.values[i];
  return out;
}

std::string unmet_requirement(const Goal& goal, const Experiment& experiment, const std::vector<CellResult>& cells) {
  for (const CellResult& c : cells) {
    for (const Requirement& r : goal.needs) {
      const std::optional<std::string> text = cell_key_text(c.cell, r.key);
      if (text && requirement_holds(r, *text)) continue;
      const std::string is = text ? r.key + " is " + *text : r.key + " has no effect";
      return "the goal needs " + requirement_text(r) + ", and in " + cell_words(experiment, c.cell) + " " + is;
    }
  }
  return "";
}

// The measure over the cells (NaN when no selected cell has a finite value).
double measure_value(const Measure& m, const std::vector<const CellResult*>& cells) {
  std::vector<double> values;
  for (const CellResult* c : cells) {
    if (!m.key.empty() && cell_key_text(c->cell, m.key) != m.value) continue;
    values.push_back(c->row->number(m.metric));
  }
  const MeanSe stat = mean_se(values);
  return stat.n == 0 ? kNaN : stat.mean * m.scale;
}

// Evaluates every condition on `cells`; appends "left value op right value: yes/no" lines to `why`.
bool conditions_hold(const Goal& goal, const std::vector<const CellResult*>& cells, std::string& why) {
  bool all = true;
  for (const Condition& c : goal.conditions) {
    const double left = measure_value(c.left, cells);
    const double right = c.right ? measure_value(*c.right, cells) : c.constant;
    const bool known = std::isfinite(left) && std::isfinite(right);
    const bool holds = known && compare(left, c.op, right);
    all = all && holds;
    why += (why.empty() || why.back() == ' ' ? "" : "; ") + measure_text(c.left) + " " + shown(left) + " " +
           std::string(comparison_symbol(c.op)) + " " +
           (c.right ? measure_text(*c.right) + " " + shown(right) : shown(right)) + ": " +
           (holds   ? "yes"
            : known ? "no"
                    : "not measured");
  }
  return all;
}

// The goal with `at_some`: the conditions at each value of the axis, the smallest where they hold.
GoalCheck check_at_some(const Goal& goal, const Experiment& experiment, const std::vector<CellResult>& cells) {
  GoalCheck check;
  const auto axis = std::find_if(experiment.axes.begin(), experiment.axes.end(),
                                 [&](const Axis& a) { return a.key == goal.at_some; });
  if (axis == experiment.axes.end()) {
    check.why = "the link has no x." + goal.at_some + " axis to try values on";
    return check;
  }
  const size_t column = static_cast<size_t>(axis - experiment.axes.begin());
  double smallest = kNaN;
  for (const std::string& value : axis->values) {
    std::vector<const CellResult*> at;
    for (const CellResult& c : cells)
      if (c.cell.values[column] == value) at.push_back(&c);
    check.why += (check.why.empty() ? "" : " | ") + goal.at_some + "=" + value + ": ";
    double number = 0;
    if (conditions_hold(goal, at, check.why) && parse_double(value, &number) && !(number >= smallest)) {
      smallest = number;
      check.at_value = value;
    }
  }
  check.met = !check.at_value.empty();
  return check;
}

}  // namespace

std::string Goal::text() const {
  std::vector<std::string> kept, parts;
  for (const Requirement& r : needs) kept.push_back(requirement_text(r));
  for (const Condition& c : conditions) parts.push_back(condition_text(c));
  std::string text = kept.empty() ? "" : "With " + joined(kept) + ": ";
  if (!at_some.empty()) text += "at some value of " + at_some + ", ";
  text += joined(parts);
  return text + (at_some.empty() ? "" : " (means over the other axes' cells)");
}

GoalCheck check_goal(const Goal& goal, const Experiment& experiment, const std::vector<CellRow>& rows) {
  GoalCheck check;
  std::vector<CellResult> cells;
  for (const CellRow& row : rows) {
    if (!row.error.empty()) {
      check.why = row.index >= 0 && row.index < cell_count(experiment)
                      ? cell_words(experiment, experiment_cell(experiment, row.index)) + " did not run: " + row.error
                      : "a cell did not run: " + row.error;
      return check;
    }
    if (row.index < 0 || row.index >= cell_count(experiment)) continue;
    cells.push_back({experiment_cell(experiment, row.index), &row});
  }
  if (cells.empty()) {
    check.why = "nothing ran";
    return check;
  }
  check.why = unmet_requirement(goal, experiment, cells);
  if (!check.why.empty()) return check;
  if (!goal.at_some.empty()) return check_at_some(goal, experiment, cells);
  std::vector<const CellResult*> all;
  for (const CellResult& c : cells) all.push_back(&c);
  check.met = conditions_hold(goal, all, check.why);
  return check;
}

}  // namespace ml
