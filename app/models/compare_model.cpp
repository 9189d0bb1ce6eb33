// marginlab app — Compare (see compare_model.h).
#include "app/models/compare_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/learners/registry.h"
#include "core/session/trace.h"

namespace ml::app {

bool is_compare_experiment(const Experiment& experiment) {
  return experiment.axes.size() == 1 && experiment.axes[0].key == "learner" && !experiment.axes[0].values.empty() &&
         experiment.axes[0].values.size() <= static_cast<size_t>(kMaxCompared);
}

double share_slice(double budget, int n, int first, const std::function<bool(int)>& active,
                   const std::function<double(int, double)>& run) {
  if (n <= 0) return 0;
  std::vector<int> order;
  for (int k = 0; k < n; ++k) {
    const int i = ((first + k) % n + n) % n;
    if (active(i)) order.push_back(i);
  }
  double left = budget, used = 0;
  for (size_t k = 0; k < order.size(); ++k) {
    const double share = std::max(0.0, left) / static_cast<double>(order.size() - k);
    const double spent = std::max(0.0, run(order[k], share));
    used += spent;
    left -= spent;
  }
  return used;
}

void CompareModel::build(const Experiment& experiment, const Dataset* csv) {
  runs_.clear();
  ++version_;
  focus_ = -1;
  first_ = 0;
  const int64_t cells = cell_count(experiment);
  for (int64_t i = 0; i < cells; ++i) {
    ComparedRun r;
    r.cell = experiment_cell(experiment, i);
    r.learner = r.cell.values.empty() ? r.cell.config.learner : r.cell.values[0];
    const LearnerEntry* entry = find_learner(r.learner);
    r.name = entry ? entry->schema.name : r.learner;
    if (r.cell.config.learner != r.learner) {
      // The link's checks put another learner in its place (a binary learner on multiclass data): say so
      // rather than train that other learner twice.
      r.error = r.cell.warnings.empty() ? "'" + r.learner + "' cannot train on this data" : r.cell.warnings.front();
      runs_.push_back(std::move(r));
      continue;
    }
    Result<std::unique_ptr<Session>> created = Session::create(r.cell.config, csv);
    if (created.ok()) {
      r.session = std::move(created.value());
      if (focus_ < 0) focus_ = static_cast<int>(i);
    } else {
      r.error = created.error().message;
    }
    runs_.push_back(std::move(r));
  }
}

void CompareModel::clear() {
  runs_.clear();
  ++version_;
  focus_ = -1;
  first_ = 0;
}

int64_t CompareModel::advance(int64_t max_steps, double budget_seconds, int64_t step_cap, const ClockFn& now) {
  const int n = static_cast<int>(runs_.size());
  if (n == 0) return 0;
  // The steps learner i may still take in this call.
  auto limit = [&](int i) -> int64_t {
    const Session* s = runs_[static_cast<size_t>(i)].session.get();
    if (!s || s->done()) return 0;
    int64_t l = max_steps > 0 ? max_steps : std::numeric_limits<int64_t>::max() / 4;
    if (step_cap > 0) l = std::min(l, step_cap - s->steps());
    return std::max<int64_t>(0, l);
  };
  const int first = first_;
  first_ = (first_ + 1) % n;
  int64_t taken = 0;
  if (!now) {
    for (int k = 0; k < n; ++k) {
      const int i = (first + k) % n;
      const int64_t l = limit(i);
      if (l > 0) taken += runs_[static_cast<size_t>(i)].session->advance(l);
    }
    return taken;
  }
  share_slice(
      budget_seconds, n, first, [&](int i) { return limit(i) > 0; },
      [&](int i, double seconds) {
        const double t0 = now();
        taken += runs_[static_cast<size_t>(i)].session->advance(limit(i), seconds, now);
        return now() - t0;
      });
  return taken;
}

void CompareModel::refresh_tails() {
  for (ComparedRun& r : runs_)
    if (r.session) r.session->refresh_tail();
}

int64_t CompareModel::step_each(int64_t n) {
  int64_t taken = 0;
  if (n <= 0) return 0;
  for (ComparedRun& r : runs_)
    if (r.session && !r.session->done()) taken += r.session->advance(n);
  return taken;
}

bool CompareModel::stopped(int64_t step_cap) const {
  for (const ComparedRun& r : runs_) {
    if (!r.session || r.session->done()) continue;
    if (step_cap > 0 && r.session->steps() >= step_cap) continue;
    return false;
  }
  return true;
}

bool CompareModel::preparing() const {
  for (const ComparedRun& r : runs_)
    if (r.session && r.session->preparing()) return true;
  return false;
}

void CompareModel::set_focus(int i) {
  if (i >= 0 && static_cast<size_t>(i) < runs_.size() && runs_[static_cast<size_t>(i)].session) focus_ = i;
}

Session* CompareModel::focus_session() {
  return focus_ >= 0 ? runs_[static_cast<size_t>(focus_)].session.get() : nullptr;
}

const Session* CompareModel::focus_session() const {
  return focus_ >= 0 ? runs_[static_cast<size_t>(focus_)].session.get() : nullptr;
}

void CompareModel::refresh_series() {
  for (size_t i = 0; i < runs_.size(); ++i)
    runs_[i].series.refresh(runs_[i].session.get(), version_ * static_cast<uint64_t>(kMaxCompared) + i + 1);
}

double CompareModel::mistakes_y_cap() const {
  double top = 0, bound = 0;
  for (const ComparedRun& r : runs_) {
    if (!r.series.ready()) continue;
    for (size_t c : {static_cast<size_t>(kTraceMistakes), static_cast<size_t>(kTraceUpdates)})
      for (double v : r.series.column(c))
        if (std::isfinite(v)) top = std::max(top, v);
    const std::vector<double>& b = r.series.column(kTraceBound);
    if (!b.empty() && std::isfinite(b.back())) bound = std::max(bound, b.back());
  }
  const double cap = 4 * std::max(top, 1.0);
  return bound > cap ? cap : 0;
}

}  // namespace ml::app
