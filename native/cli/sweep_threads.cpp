// marginlab sweep --jobs N: an experiment's cells on N threads (sweep_threads.h).
#include "native/cli/sweep_threads.h"

#include <chrono>

#include "core/config/fields.h"
#include "core/learners/registry.h"
#include "native/cli/cli.h"

namespace ml::cli {

namespace {

// How long one runner slice lasts: how soon a thread sees a stop.
constexpr double kThreadSliceSeconds = 0.1;

}  // namespace

int default_jobs() {
  const unsigned cores = std::thread::hardware_concurrency();
  return cores > 0 ? static_cast<int>(cores) : 1;
}

SweepThreads::SweepThreads(const Experiment& experiment, RunnerOptions options, int jobs)
    : experiment_(experiment),
      shard_(options.shard),
      shards_(options.shards),
      csv_(std::move(options.csv)),
      queue_(experiment, options.shard, options.shards, options.done) {
  // The tables built on first use are built here, before any thread reads them.
  (void)config_fields();
  (void)learner_schemas();
  for (int j = 0; j < jobs; ++j) threads_.emplace_back([this] { work(); });
}

SweepThreads::~SweepThreads() {
  stop_ = true;
  for (std::thread& t : threads_) t.join();
}

void SweepThreads::work() {
  CsvProvider csv;
  if (csv_) {
    csv = [this](const Config& config) {
      std::lock_guard<std::mutex> lock(csv_mutex_);
      return csv_(config);
    };
  }
  while (!stop_) {
    std::optional<CellWork> piece;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      piece = queue_.take();
    }
    if (!piece) return;
    RunnerOptions options;
    options.budget = BudgetProfile::batch;
    options.shard = shard_;
    options.shards = shards_;
    options.csv = csv;
    options.cells = piece->cells;
    ExperimentRunner runner(experiment_, std::move(options));
    while (!runner.finished() && !stop_) runner.advance(kThreadSliceSeconds, steady_seconds);
    std::lock_guard<std::mutex> lock(mutex_);
    warnings_.insert(warnings_.end(), runner.warnings().begin(), runner.warnings().end());
    if (!runner.error().ok()) {
      error_ = runner.error();
      stop_ = true;
    } else if (runner.finished()) {
      queue_.finish(runner.rows());
    }
    changed_.notify_all();
  }
}

std::vector<CellRow> SweepThreads::wait_rows(double seconds) {
  std::unique_lock<std::mutex> lock(mutex_);
  std::vector<CellRow> rows = queue_.release();
  if (!rows.empty() || queue_.finished() || !error_.ok()) return rows;
  changed_.wait_for(lock, std::chrono::duration<double>(seconds));
  return queue_.release();
}

bool SweepThreads::finished() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return queue_.finished() || !error_.ok();
}

Status SweepThreads::error() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return error_;
}

std::vector<std::string> SweepThreads::take_warnings() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> out;
  out.swap(warnings_);
  return out;
}

SweepProgress SweepThreads::progress(double seconds) const {
  std::lock_guard<std::mutex> lock(mutex_);
  SweepProgress p;
  p.done = queue_.completed();
  p.total = queue_.total();
  p.run = queue_.finished_rows();
  p.seconds = seconds;
  return p;
}

}  // namespace ml::cli
