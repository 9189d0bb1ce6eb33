// marginlab — a sweep's cells shared among workers (cell_queue.h).
#include "core/experiment/cell_queue.h"

#include <cassert>
#include <cmath>
#include <cstdio>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace ml {

double SweepProgress::cells_per_second() const { return run > 0 && seconds > 0 ? run / seconds : 0; }

double SweepProgress::seconds_left() const {
  const double rate = cells_per_second();
  return rate > 0 ? static_cast<double>(total - done) / rate : std::numeric_limits<double>::quiet_NaN();
}

namespace {

// The rate in the unit that keeps a digit before the point: cells/s, else cells/min, else cells/h (a sweep of
// kernel-feature cells does a few a minute, and "0.0 cells/s" would say nothing).
std::string rate_text(double cells_per_second) {
  char text[48];
  if (cells_per_second >= 1)
    std::snprintf(text, sizeof text, "%.1f cells/s", cells_per_second);
  else if (cells_per_second * 60 >= 1)
    std::snprintf(text, sizeof text, "%.1f cells/min", cells_per_second * 60);
  else
    std::snprintf(text, sizeof text, "%.2g cells/h", cells_per_second * 3600);
  return text;
}

// Seconds up to 2 minutes, then minutes up to 2 hours, then hours.
std::string time_left_text(double seconds) {
  char text[48];
  if (seconds < 120)
    std::snprintf(text, sizeof text, "%.0f s left", seconds);
  else if (seconds < 7200)
    std::snprintf(text, sizeof text, "%.0f min left", seconds / 60);
  else
    std::snprintf(text, sizeof text, "%.1f h left", seconds / 3600);
  return text;
}

}  // namespace

std::string progress_text(SweepProgress progress) {
  std::string text = std::to_string(progress.done) + "/" + std::to_string(progress.total) + " cells";
  if (progress.cells_per_second() > 0)
    text += ", " + rate_text(progress.cells_per_second()) + ", " + time_left_text(progress.seconds_left());
  return text;
}

std::string progress_bar(SweepProgress progress, int width) {
  const double part = progress.total > 0 ? static_cast<double>(progress.done) / progress.total : 1.0;
  const int filled = static_cast<int>(part * width);
  return "[" + std::string(filled, '#') + std::string(width - filled, '.') + "] " + progress_text(progress);
}

CellQueue::CellQueue(const Experiment& experiment, int shard, int shards, const std::vector<CellRow>& done) {
  std::unordered_set<int64_t> skip;
  for (const CellRow& row : done) skip.insert(row.index);
  std::unordered_map<int64_t, size_t> piece_of_unit;
  const int64_t count = cell_count(experiment);
  for (int64_t i = 0; i < count; ++i) {
    const int64_t unit = shard_unit(experiment, i);
    if (!in_shard(unit, shard, shards)) continue;
    ++total_;
    if (skip.count(i)) continue;
    order_.push_back(i);
    auto [it, added] = piece_of_unit.emplace(unit, pieces_.size());
    if (added) pieces_.push_back(CellWork{unit, {}, 0});
    pieces_[it->second].cells.push_back(i);
  }
}

std::optional<CellWork> CellQueue::take() {
  CellWork work;
  if (!returned_.empty()) {
    work = std::move(returned_.back());
    returned_.pop_back();
  } else if (next_piece_ < pieces_.size()) {
    work = std::move(pieces_[next_piece_++]);
  } else {
    return std::nullopt;
  }
  ++work.attempts;
  ++running_;
  return work;
}

bool CellQueue::give_back(CellWork work) {
  if (work.attempts >= 2) return false;
  --running_;
  returned_.push_back(std::move(work));
  return true;
}

void CellQueue::finish(std::vector<CellRow> rows) {
  --running_;
  for (CellRow& row : rows) {
    ++finished_;
    done_.emplace(row.index, std::move(row));
  }
}

std::vector<CellRow> CellQueue::release() {
  std::vector<CellRow> out;
  while (released_ < order_.size()) {
    auto it = done_.find(order_[released_]);
    if (it == done_.end()) break;
    out.push_back(std::move(it->second));
    done_.erase(it);
    ++released_;
  }
  return out;
}

}  // namespace ml
