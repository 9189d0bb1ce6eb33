// The sweeps' pool (issue 30): core/experiment/cell_queue.h hands out pieces and releases rows in cell order;
// app/models/sweep_model.h with a CellExecutor merges pieces that end in any order into the rows of one
// process, retries a failed piece once, turns a second failure into error rows, and merges nothing after
// Cancel. The executor here runs pieces when the test says, in the order it says.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "app/models/sweep_model.h"
#include "core/experiment/cell_queue.h"
#include "core/learners/registry.h"

namespace ml::app {
namespace app_sweep_pool_test {

Experiment decode(const std::string& url) { return decode_experiment(url).experiment; }

const char* kLink = "#v=1&data=separable&n=120&noise=uniform&steps=60&x.learner=perceptron,averaging&x.seed=1..3";

std::string one_process_rows(const Experiment& e) {
  ExperimentRunner reference(e, RunnerOptions{});
  EXPECT_TRUE(reference.run_all().ok());
  return format_cell_rows(reference.rows());
}

// Pieces started and not ended; the test ends them (run, fail) in the order it likes.
struct Pending {
  std::string url;
  CellWork work;
};
struct Board {
  std::vector<Pending> started;
  std::vector<CellExecutor::Ended> ended;
  bool stopped = false;
  int room = 2;
};

class ManualExecutor : public CellExecutor {
 public:
  explicit ManualExecutor(Board* board) : board_(board) {}
  int room() const override { return board_->stopped ? 0 : board_->room - static_cast<int>(board_->started.size()); }
  void start(const std::string& url, const CellWork& work) override { board_->started.push_back({url, work}); }
  std::vector<Ended> take_ended() override {
    std::vector<Ended> out;
    out.swap(board_->ended);
    return out;
  }
  void stop() override { board_->stopped = true; }
  std::string describe() const override { return "the test"; }

 private:
  Board* board_;
};

// Runs started piece `k` as a worker would (its own runner on the experiment link) and reports it ended.
void run_piece(Board& board, size_t k) {
  const Pending p = board.started[k];
  board.started.erase(board.started.begin() + static_cast<long>(k));
  RunnerOptions options;
  options.cells = p.work.cells;
  ExperimentRunner runner(decode(p.url), std::move(options));
  ASSERT_TRUE(runner.run_all().ok());
  board.ended.push_back({p.work, false, format_cell_rows(runner.rows())});
}

void fail_piece(Board& board, size_t k) {
  const Pending p = board.started[k];
  board.started.erase(board.started.begin() + static_cast<long>(k));
  board.ended.push_back({p.work, true, "the worker stopped"});
}

// Installs an executor factory on `board` for one test, removed at its end.
struct ExecutorScope {
  explicit ExecutorScope(Board* board) {
    set_cell_executor_factory([board](int) { return std::make_unique<ManualExecutor>(board); });
  }
  ~ExecutorScope() { set_cell_executor_factory({}); }
};

TEST(CellQueue, ReleasesRowsInCellOrderWhateverOrderPiecesEnd) {
  const Experiment e = decode(kLink);
  CellQueue queue(e, 0, 1, {});
  EXPECT_EQ(queue.total(), 6);
  std::vector<CellWork> pieces;
  while (std::optional<CellWork> w = queue.take()) pieces.push_back(*w);
  ASSERT_EQ(pieces.size(), 6u);
  auto row = [](int64_t i) {
    CellRow r;
    r.index = i;
    return r;
  };
  queue.finish({row(pieces[2].cells[0])});
  EXPECT_TRUE(queue.release().empty());  // cells 0 and 1 have no row yet
  queue.finish({row(pieces[0].cells[0])});
  std::vector<CellRow> out = queue.release();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].index, 0);
  queue.finish({row(1)});
  out = queue.release();
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].index, 1);
  EXPECT_EQ(out[1].index, 2);
  EXPECT_FALSE(queue.finished());
}

TEST(CellQueue, AShardAndResumedRowsLeaveTheirCellsOut) {
  const Experiment e = decode(kLink);
  CellRow done;
  done.index = 1;
  CellQueue queue(e, 1, 2, {done});  // cells 1, 3, 5; 1 already has its row
  EXPECT_EQ(queue.total(), 3);
  EXPECT_EQ(queue.completed(), 1);
  std::vector<int64_t> cells;
  while (std::optional<CellWork> w = queue.take()) cells.insert(cells.end(), w->cells.begin(), w->cells.end());
  EXPECT_EQ(cells, (std::vector<int64_t>{3, 5}));
}

TEST(CellQueue, APieceComesBackOnceThenIsTheCallers) {
  CellQueue queue(decode(kLink), 0, 1, {});
  std::optional<CellWork> w = queue.take();
  ASSERT_TRUE(w);
  EXPECT_TRUE(queue.give_back(*w));
  std::optional<CellWork> again = queue.take();
  ASSERT_TRUE(again);
  EXPECT_EQ(again->cells, w->cells);  // the returned piece first
  EXPECT_EQ(again->attempts, 2);
  EXPECT_FALSE(queue.give_back(*again));
  EXPECT_EQ(queue.running(), 1);  // still the caller's, to finish with error rows
}

TEST(CellQueue, WithASelectionAGroupIsOnePiece) {
  const Experiment e = decode(
      "#v=1&data=csv&csv=ida%2Fbanana%2Fbanana&split=1&noise=uniform&eta=0&learner=rp&l.width_c=1&l.eta_from_noise=1&"
      "seed=1&steps=100&x.eta=0,0.2&x.l.projection=kgs&x.split=1..2&x.select=first");
  CellQueue queue(e, 0, 1, {});
  int64_t cells = 0, pieces = 0;
  while (std::optional<CellWork> w = queue.take()) {
    ++pieces;
    cells += static_cast<int64_t>(w->cells.size());
    for (int64_t i : w->cells) EXPECT_EQ(shard_unit(e, i), w->unit);
  }
  EXPECT_EQ(cells, cell_count(e));
  EXPECT_LT(pieces, cells);  // the selection's groups hold more than one cell
}

// A clock for frames a second apart: every piece that ended by a frame merges in it.
struct FrameClock {
  double t = 0;
  ClockFn frame() {
    t += 1;
    return [this] { return t; };
  }
};

// A sweep of kLink on the test's executor, and the rows one process writes for it.
struct PoolSweep {
  Experiment e = decode(kLink);
  std::string expected = one_process_rows(e);
  Board board;
  ExecutorScope scope{&board};
  SweepModel sweep{e};
};

TEST(SweepPool, PiecesEndingInAnyOrderGiveTheRowsOfOneProcess) {
  PoolSweep p;
  FrameClock clock;
  EXPECT_EQ(p.sweep.runs_on(), "the test");
  for (int frame = 0; frame < 100 && !p.sweep.finished(); ++frame) {
    p.sweep.advance(0.01, clock.frame());
    if (!p.board.started.empty()) run_piece(p.board, p.board.started.size() - 1);  // the later piece ends first
  }
  ASSERT_TRUE(p.sweep.finished());
  EXPECT_EQ(p.sweep.rows_jsonl(), p.expected);
}

TEST(SweepPool, AFailedPieceRunsAgainThenBecomesItsCellsErrorRows) {
  const Experiment e = decode(kLink);
  const std::string expected = one_process_rows(e);
  Board board;
  ExecutorScope scope(&board);
  {
    SweepModel sweep(e);
    FrameClock clock;
    int failures = 0;
    for (int frame = 0; frame < 100 && !sweep.finished(); ++frame) {
      sweep.advance(0.01, clock.frame());
      if (board.started.empty()) continue;
      if (failures++ == 0)
        fail_piece(board, 0);  // the first piece's worker dies once
      else
        run_piece(board, 0);
    }
    EXPECT_EQ(sweep.rows_jsonl(), expected);  // retried: the same rows
    EXPECT_EQ(sweep.error_rows(), 0u);
  }
  board = Board{};
  SweepModel sweep(e);
  FrameClock clock;
  for (int frame = 0; frame < 100 && !sweep.finished(); ++frame) {
    sweep.advance(0.01, clock.frame());
    if (board.started.empty()) continue;
    if (board.started[0].work.cells[0] == 2)
      fail_piece(board, 0);  // cell 2's piece fails every time
    else
      run_piece(board, 0);
  }
  ASSERT_TRUE(sweep.finished());
  EXPECT_EQ(sweep.error_rows(), 1u);
  const CellRow* failed = sweep.row_of(2);
  ASSERT_NE(failed, nullptr);
  EXPECT_NE(failed->error.find("the worker stopped"), std::string::npos);
  EXPECT_EQ(failed->cell, experiment_cell(e, 2).url);
  EXPECT_EQ(sweep.rows().size(), 6u);
}

TEST(SweepPool, NothingIsMergedAfterCancelAndTheExecutorStops) {
  const Experiment e = decode(kLink);
  Board board;
  ExecutorScope scope(&board);
  SweepModel sweep(e);
  FrameClock clock;
  sweep.advance(0.01, clock.frame());
  ASSERT_EQ(board.started.size(), 2u);
  run_piece(board, 0);
  sweep.advance(0.01, clock.frame());
  const size_t rows = sweep.rows().size();
  EXPECT_EQ(rows, 1u);
  run_piece(board, 0);  // a piece that ends while Cancel is pressed
  sweep.cancel();
  EXPECT_TRUE(board.stopped);
  sweep.advance(0.01, clock.frame());
  EXPECT_EQ(sweep.rows().size(), rows);
  EXPECT_FALSE(sweep.running());
}

TEST(SweepPool, RowsMergeAtMostEveryHalfSecondWhilePiecesAreHandedOutEveryFrame) {
  PoolSweep p;
  double t = 0;
  std::vector<double> merged_at;
  size_t handed_out = 0;
  for (int frame = 0; frame < 200 && !p.sweep.finished(); ++frame, t += 0.1) {  // frames 0.1 s apart
    if (p.sweep.advance(0.01, [&t] { return t; }) > 0) merged_at.push_back(t);
    handed_out = std::max(handed_out, p.board.started.size());
    if (!p.board.started.empty()) run_piece(p.board, 0);  // a piece ends every frame
  }
  ASSERT_TRUE(p.sweep.finished());
  EXPECT_EQ(p.sweep.rows_jsonl(), p.expected);
  EXPECT_EQ(handed_out, 2u);  // the executor's room filled at once, not at the merges
  ASSERT_GE(merged_at.size(), 2u);
  for (size_t k = 1; k < merged_at.size(); ++k)
    EXPECT_GE(merged_at[k] - merged_at[k - 1], SweepModel::kMergeSeconds - 1e-9) << k;
}

TEST(SweepPool, ACellOfTheLinksJobsIsTheSameCell) {
  const Experiment with_jobs = decode(std::string(kLink) + "&jobs=3");
  EXPECT_EQ(with_jobs.base.jobs, 3);
  EXPECT_EQ(experiment_cell(with_jobs, 4).url, experiment_cell(decode(kLink), 4).url);
}

}  // namespace app_sweep_pool_test
}  // namespace ml::app
