// marginlab desktop — the sweeps' executor on worker threads (thread_executor.h).
#include "thread_executor.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "app/models/sweep_model.h"
#include "core/config/fields.h"
#include "core/learners/registry.h"

namespace ml::desktop {

namespace {

// Threads taking pieces from a queue; each piece runs with its own ExperimentRunner on the experiment link.
class ThreadExecutor : public app::CellExecutor {
 public:
  explicit ThreadExecutor(int jobs) : jobs_(jobs) {
    (void)config_fields();  // the tables built on first use are built before any thread reads them
    (void)learner_schemas();
    for (int j = 0; j < jobs; ++j) threads_.emplace_back([this] { work(); });
  }
  ~ThreadExecutor() override { stop(); }

  int room() const override {
    std::lock_guard<std::mutex> lock(mutex_);
    return stopped_ ? 0 : jobs_ - busy_ - static_cast<int>(waiting_.size());
  }
  void start(const std::string& experiment_url, const CellWork& work) override {
    std::lock_guard<std::mutex> lock(mutex_);
    waiting_.push_back({experiment_url, work});
    changed_.notify_all();
  }
  std::vector<Ended> take_ended() override {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<Ended> out;
    out.swap(ended_);
    return out;
  }
  void stop() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopped_) return;
      stopped_ = true;
      waiting_.clear();
      changed_.notify_all();
    }
    for (std::thread& t : threads_) t.join();  // a running piece ends after its current slice
  }
  std::string describe() const override { return std::to_string(jobs_) + " thread" + (jobs_ == 1 ? "" : "s"); }
  void wait_for_end(double seconds) override {
    std::unique_lock<std::mutex> lock(mutex_);
    if (ended_.empty()) ended_changed_.wait_for(lock, std::chrono::duration<double>(seconds));
  }

 private:
  struct Piece {
    std::string url;
    CellWork work;
  };

  void work() {
    for (;;) {
      Piece piece;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [this] { return stopped_ || !waiting_.empty(); });
        if (stopped_) return;
        piece = std::move(waiting_.front());
        waiting_.pop_front();
        ++busy_;
      }
      Ended ended{piece.work, false, run(piece)};
      std::lock_guard<std::mutex> lock(mutex_);
      --busy_;
      if (stopped_) return;
      ended.failed = !ended.text.empty() && ended.text[0] == '!';
      if (ended.failed) ended.text.erase(0, 1);
      ended_.push_back(std::move(ended));
      ended_changed_.notify_all();
    }
  }

  // The piece's rows as JSON lines, or "!" and the runner's error; stops early when the executor stops.
  std::string run(const Piece& piece) {
    RunnerOptions options;
    options.cells = piece.work.cells;
    ExperimentRunner runner(decode_experiment(piece.url).experiment, std::move(options));
    const auto now = [] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    };
    while (!runner.finished()) {
      runner.advance(0.1, now);
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopped_) return "!stopped";
    }
    return runner.error().ok() ? format_cell_rows(runner.rows()) : "!" + runner.error().error().message;
  }

  int jobs_;
  mutable std::mutex mutex_;  // guards everything below
  std::condition_variable changed_, ended_changed_;
  std::deque<Piece> waiting_;
  std::vector<Ended> ended_;
  int busy_ = 0;
  bool stopped_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace

void install_thread_executor() {
  app::set_cell_executor_factory([](int jobs) -> std::unique_ptr<app::CellExecutor> {
    const unsigned cores = std::thread::hardware_concurrency();
    return std::make_unique<ThreadExecutor>(jobs > 0 ? jobs : cores > 0 ? static_cast<int>(cores) : 1);
  });
}

}  // namespace ml::desktop
