// marginlab sweep --jobs N: an experiment's cells run on N threads (docs/sharding.md, "Jobs"). Each thread
// takes a piece of the CellQueue (a cell, or a selection group), runs it with its own ExperimentRunner and
// hands the rows back; the caller's thread waits for rows and gets them in cell order, so the rows are the
// same bytes for any number of threads.
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/experiment/cell_queue.h"
#include "core/experiment/experiment.h"

namespace ml::cli {

// The machine's cores (at least 1): --jobs's default.
int default_jobs();

// An experiment's cells on `jobs` threads. The registries must not change while it runs.
class SweepThreads {
 public:
  // Starts the threads over the cells of options.shard not in options.done (checked by the caller, with
  // an ExperimentRunner, before). options.csv is called from one thread at a time.
  SweepThreads(const Experiment& experiment, RunnerOptions options, int jobs);
  // Stops the threads after their current slice and waits for them.
  ~SweepThreads();
  SweepThreads(const SweepThreads&) = delete;
  SweepThreads& operator=(const SweepThreads&) = delete;

  // Waits up to `seconds` for rows; returns the rows whose every earlier cell has a row, in cell order.
  std::vector<CellRow> wait_rows(double seconds);
  // True when every row was returned by wait_rows, or a thread stopped on an error.
  bool finished() const;
  // The error that stopped the sweep (a CSV file that cannot be supplied), if any.
  Status error() const;
  // Warnings of the pieces finished since the last call (each prefixed with its cell index).
  std::vector<std::string> take_warnings();
  // Cells done of total, run by these threads so far.
  SweepProgress progress(double seconds) const;

 private:
  void work();

  Experiment experiment_;
  int shard_ = 0, shards_ = 1;
  CsvProvider csv_;  // options.csv behind csv_mutex_
  std::mutex csv_mutex_;
  mutable std::mutex mutex_;  // guards everything below
  std::condition_variable changed_;
  CellQueue queue_;
  std::vector<std::string> warnings_;
  Status error_;
  std::atomic<bool> stop_{false};
  std::vector<std::thread> threads_;
};

}  // namespace ml::cli
