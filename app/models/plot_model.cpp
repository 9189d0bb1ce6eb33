// marginlab app — the Plots panel's series (see plot_model.h).
#include "app/models/plot_model.h"

#include <algorithm>
#include <cmath>

#include "core/session/trace.h"

namespace ml::app {

void PlotSeriesModel::refresh(const Session* session, uint64_t session_version) {
  if (!session) {
    columns_.clear();
    session_ = 0;
    return;
  }
  const Trace& trace = session->trace();
  if (session_ == session_version && rows_ == trace.size() && last_step_ == trace.last_step()) return;
  session_ = session_version;
  rows_ = trace.size();
  last_step_ = trace.last_step();
  // The sampled plan's eval_examples is no counter of the learner's: the plots name the subsample instead.
  const bool sampled = trace.columns().back() == kTraceEvalExamples;
  std::vector<std::vector<double>> columns(trace.num_columns() - (sampled ? 1 : 0));
  for (size_t c = 0; c < columns.size(); ++c) {
    columns[c].resize(trace.size());
    for (size_t r = 0; r < trace.size(); ++r) columns[c][r] = trace.at(r, c);
  }
  set_columns(std::move(columns), session->problem().target_margin, session->problem().radius);
}

void PlotSeriesModel::set_columns(std::vector<std::vector<double>> columns, double delta, double radius) {
  columns_ = std::move(columns);
  const size_t rows = columns_.size() > kTraceMistakes ? columns_[kTraceMistakes].size() : 0;
  delta_m_.resize(rows);
  m_r2_.resize(rows);
  for (size_t r = 0; r < rows; ++r) {
    const double m = columns_[kTraceMistakes][r];
    delta_m_[r] = delta > 0 ? delta * m : NAN;
    m_r2_[r] = radius > 0 ? m * radius * radius : NAN;
  }
}

bool PlotSeriesModel::ready() const { return columns_.size() >= kTraceStandardColumns; }

bool PlotSeriesModel::updates_equal_mistakes() const {
  return ready() && columns_[kTraceUpdates] == columns_[kTraceMistakes];
}

bool PlotSeriesModel::invariants_known() const {
  if (!ready()) return false;
  for (double v : columns_[kTraceWDotV])
    if (std::isfinite(v)) return true;
  return false;
}

double PlotSeriesModel::mistakes_y_cap(double bound) const {
  if (!ready() || !std::isfinite(bound)) return 0;
  double top = 0;
  for (size_t c : {static_cast<size_t>(kTraceMistakes), static_cast<size_t>(kTraceUpdates)})
    for (double v : columns_[c])
      if (std::isfinite(v)) top = std::max(top, v);
  const double cap = 4 * std::max(top, 1.0);
  return bound > cap ? cap : 0;
}

int PlotSeriesModel::fourth_plot_mode(int wanted) const {
  const size_t counters = num_counters();
  if (counters == 0) return 1;
  if (!invariants_known()) return 0;
  return wanted;
}

std::vector<size_t> PlotSeriesModel::shown_counters(const std::vector<std::string>& counter_names,
                                                    const std::string& choice) const {
  const size_t counters = std::min(num_counters(), counter_names.size());
  std::vector<size_t> shown;
  for (size_t c = 0; c < counters; ++c)
    if (counter_names[c] == choice) shown.push_back(c);
  if (shown.empty() && (choice == "all" || counters <= 3))
    for (size_t c = 0; c < counters; ++c) shown.push_back(c);
  if (shown.empty() && counters > 0) {
    std::vector<const std::vector<double>*> series;
    for (size_t c = 0; c < counters; ++c) series.push_back(&columns_[kTraceStandardColumns + c]);
    shown.push_back(calmest_series(series));
  }
  return shown;
}

size_t calmest_series(const std::vector<const std::vector<double>*>& series) {
  size_t best = 0;
  long best_turns = -1;
  for (size_t c = 0; c < series.size(); ++c) {
    const std::vector<double>& col = *series[c];
    std::vector<double> distinct;
    long turns = 0;
    int direction = 0;
    for (size_t i = 0; i < col.size(); ++i) {
      if (!std::isfinite(col[i])) continue;
      if (distinct.size() < 3 && std::find(distinct.begin(), distinct.end(), col[i]) == distinct.end())
        distinct.push_back(col[i]);
      if (i == 0 || !std::isfinite(col[i - 1]) || col[i] == col[i - 1]) continue;
      const int d = col[i] > col[i - 1] ? 1 : -1;
      if (direction != 0 && d != direction) ++turns;
      direction = d;
    }
    if (distinct.size() < 3) continue;
    if (best_turns < 0 || turns < best_turns) {
      best = c;
      best_turns = turns;
    }
  }
  return best;
}

bool one_step_run(const std::vector<double>& steps, bool done) { return done && !steps.empty() && steps.back() == 1; }

double final_value(const std::vector<double>& y) {
  for (auto it = y.rbegin(); it != y.rend(); ++it)
    if (std::isfinite(*it)) return *it;
  return NAN;
}

}  // namespace ml::app
