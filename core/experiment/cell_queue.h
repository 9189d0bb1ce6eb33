// marginlab — a sweep's cells shared among workers: the command line's threads and the page's Web Workers
// (docs/sharding.md, "Jobs"). The queue hands out pieces of work, takes their rows back in any order and
// releases them in cell order, so the rows written are the same bytes whatever the number of workers: a
// cell's row depends only on its link (experiment.h). No threads and no clock here: the hosts bring them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/experiment/experiment.h"

namespace ml {

// One piece of a pool's work: the cells of one shard unit (one cell, or with x.select a whole group, so
// that its selection is made once), run by one worker with RunnerOptions::cells.
struct CellWork {
  int64_t unit = 0;            // the shard unit (shard_unit)
  std::vector<int64_t> cells;  // its cells still to run, in index order
  int attempts = 0;            // how many times it was handed out
};

// Where a sweep stands: cells done of total, the rate since the start and the time left at that rate.
struct SweepProgress {
  int64_t done = 0;                 // cells with a row (resumed ones included)
  int64_t total = 0;                // cells of the shard
  int64_t run = 0;                  // cells run since the start (the rate counts these)
  double seconds = 0;               // since the start
  double cells_per_second() const;  // run / seconds (0 before the first row)
  double seconds_left() const;      // (total - done) / rate (NaN before the first row)
};
// "12/75 cells, 30.1 cells/s, 2 s left" (the rate and time left once a row exists; a rate below one a second
// in cells/min or cells/h, a time over 2 minutes in min, over 2 hours in h).
std::string progress_text(SweepProgress progress);
// A bar of `width` characters for a terminal: "[#######.......] " followed by progress_text.
std::string progress_bar(SweepProgress progress, int width);

// The work queue of one sweep (one shard of an experiment, minus resumed rows).
class CellQueue {
 public:
  // The cells of shard/shards of `experiment` that have no row in `done`, grouped in shard units.
  CellQueue(const Experiment& experiment, int shard, int shards, const std::vector<CellRow>& done);

  // The next piece to run, a returned one first (nullopt when none is waiting).
  std::optional<CellWork> take();
  // A piece whose worker died comes back: queued again once (true), or, handed out twice already, left
  // to the caller, who finishes it with its cells' error rows (false).
  bool give_back(CellWork work);
  // The rows of a piece, in any order of pieces (one row per cell of the piece).
  void finish(std::vector<CellRow> rows);
  // The rows not yet released whose every earlier cell has its row, in cell order.
  std::vector<CellRow> release();

  // Cells of the shard, and how many have a row (resumed ones included).
  int64_t total() const { return total_; }
  int64_t completed() const { return total_ - static_cast<int64_t>(order_.size()) + finished_; }
  // Rows finished by this queue's workers.
  int64_t finished_rows() const { return finished_; }
  // True when every cell to run has a row and every row was released.
  bool finished() const { return released_ == order_.size(); }
  // Pieces handed out and not finished or given back.
  int running() const { return running_; }

 private:
  std::vector<CellWork> pieces_;  // in order of their first cell
  size_t next_piece_ = 0;
  std::vector<CellWork> returned_;
  std::vector<int64_t> order_;       // the cells to run, in index order
  std::map<int64_t, CellRow> done_;  // finished rows not yet released
  size_t released_ = 0;              // rows of order_ released
  int64_t total_ = 0;
  int64_t finished_ = 0;
  int running_ = 0;
};

}  // namespace ml
