// marginlab — running an experiment's cells in caller-sized time slices (experiment.h [SECTION] Running).
#include <algorithm>
#include <cassert>
#include <set>
#include <unordered_set>

#include "core/experiment/experiment.h"

namespace ml {

ExperimentRunner::ExperimentRunner(Experiment experiment, RunnerOptions options)
    : experiment_(std::move(experiment)),
      csv_(std::move(options.csv)),
      budget_(options.budget),
      protocol_(std::make_shared<CellProtocol>(experiment_)) {
  std::unordered_set<int64_t> done;
  const int64_t count = cell_count(experiment_);
  for (const CellRow& row : options.done) {
    if (row.index >= count || !in_shard(shard_unit(experiment_, row.index), options.shard, options.shards)) {
      error_ = make_error("experiment.resume_other_experiment",
                          "resume: the existing row of cell " + std::to_string(row.index) + " is not a cell of this " +
                              (row.index >= count ? "experiment" : "shard"));
      return;
    }
    const Cell cell = experiment_cell(experiment_, row.index);
    if (cell.url != row.cell) {
      error_ =
          make_error("experiment.resume_other_experiment",
                     "resume: the existing row of cell " + std::to_string(row.index) + " has the link " + row.cell +
                         ", but this experiment's cell " + std::to_string(row.index) + " is " + cell.url);
      return;
    }
    if (done.insert(row.index).second) ++already_done_;
  }
  auto take = [&](int64_t i) {
    if (in_shard(shard_unit(experiment_, i), options.shard, options.shards) && !done.count(i)) pending_.push_back(i);
  };
  if (options.cells.empty()) {
    for (int64_t i = 0; i < count; ++i) take(i);
  } else {
    for (int64_t i : options.cells) {
      assert(i >= 0 && i < count && "a pool's cell outside the experiment");
      take(i);
    }
  }
}

bool is_environment_error(const Error& error) {
  return error.code == "experiment.no_csv" || error.code == "experiment.csv_unavailable";
}

bool ExperimentRunner::finished() const { return !error_.ok() || next_ >= pending_.size(); }

int64_t ExperimentRunner::current_index() const { return session_ ? cell_.index : -1; }

Result<bool> ExperimentRunner::prepare_cell(double max_seconds, const ClockFn& now) {
  if (!cell_built_) {
    cell_ = experiment_cell(experiment_, pending_[next_]);
    cell_built_ = true;
  }
  return protocol_->prepare(cell_, csv_, max_seconds, now);
}

Status ExperimentRunner::start_cell() {
  std::set<std::string> known(warnings_.begin(), warnings_.end());
  auto warn = [&](const std::string& text) {
    const std::string line = "cell " + std::to_string(cell_.index) + ": " + text;
    if (known.insert(line).second) warnings_.push_back(line);
  };
  for (const std::string& w : cell_.warnings) warn(w);
  const Dataset* csv = nullptr;
  if (cell_.config.use_csv) {
    if (!csv_)
      return make_error("experiment.no_csv", "cell " + std::to_string(cell_.index) + " (" + cell_.url +
                                                 ") reads a CSV file, and none can be loaded here");
    Result<std::shared_ptr<const Dataset>> loaded = csv_(cell_.config);
    if (!loaded.ok()) {
      Error e = loaded.error();
      e.message = "cell " + std::to_string(cell_.index) + " (" + cell_.url + "): " + e.message;
      return e;
    }
    csv_data_ = std::move(loaded).value();
    csv = csv_data_.get();
  }
  Result<std::unique_ptr<Session>> created = Session::create(cell_.config, csv, budget_);
  cell_built_ = false;
  if (!created.ok()) {
    // The learner or the pipeline refused this cell's data (a singular C, a non-separable sample): that is
    // the cell's result, recorded as an error row; the other cells still run.
    warn(created.error().message);
    rows_.push_back(cell_error_row(cell_, created.error()));
    ++next_;
    return Status::Ok();
  }
  session_ = std::move(created).value();
  for (const std::string& w : session_->warnings()) warn(w);
  return Status::Ok();
}

void ExperimentRunner::finish_cell() {
  if (session_->steps() == 0) session_->advance(0);  // nothing to do: the trace is the step-0 row (as run_headless)
  rows_.push_back(cell_row(cell_, *session_));
  session_.reset();
  ++next_;
}

int ExperimentRunner::advance(double max_seconds, const ClockFn& now) {
  int finished_rows = 0;
  const double start = now ? now() : 0;
  while (!finished()) {
    if (!session_) {
      // Building a session (data, noise, a kernel fit) takes time too: start the next cell only in time left.
      if (now && now() - start >= max_seconds) break;
      const size_t rows_before = rows_.size();
      Result<bool> ready = prepare_cell(now ? max_seconds - (now() - start) : 0, now);
      if (!ready.ok() && is_environment_error(ready.error())) {
        error_ = ready.error();
        break;
      }
      if (!ready.ok()) {  // the group's selection was refused: this cell's result is that refusal
        rows_.push_back(cell_error_row(cell_, ready.error()));
        cell_built_ = false;
        ++next_;
        ++finished_rows;
        if (!now) break;
        continue;
      }
      if (!ready.value()) break;  // out of time in the middle of a selection
      Status started = start_cell();
      if (!started.ok()) {
        error_ = started;
        break;
      }
      if (rows_.size() > rows_before) {  // the cell ended as an error row
        ++finished_rows;
        if (!now) break;
        continue;
      }
    }
    const int64_t budget = cell_.config.steps;
    if (now) {
      const double left = max_seconds - (now() - start);
      if (left <= 0) break;
      if (session_->steps() < budget && !session_->done()) session_->advance(budget - session_->steps(), left, now);
    } else {
      while (session_->steps() < budget && !session_->done()) session_->advance(budget - session_->steps());
    }
    if (session_->steps() < budget && !session_->done()) break;  // out of time in the middle of the cell
    finish_cell();
    ++finished_rows;
    if (!now) break;  // without a clock: one whole cell per call
  }
  return finished_rows;
}

Status ExperimentRunner::run_all() {
  while (!finished()) advance(0, nullptr);
  return error_;
}

}  // namespace ml
