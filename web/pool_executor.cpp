// marginlab page — the sweeps' executor: their pieces on a pool of Web Workers (web/pool.js), each with the
// core-only module (web/worker_main.cpp). The pool posts each piece's end back through ml_pool_ended, in the
// page's main thread between frames; the sweep merges them at its next advance (app/models/sweep_model.h).
#include "pool_executor.h"

#include <emscripten.h>

#include <map>
#include <string>
#include <vector>

#include "app/models/sweep_model.h"

// The JavaScript side (web/pool.js, window.marginlabPool).
// clang-format off
EM_JS(int, pool_create, (int jobs), { return window.marginlabPool ? window.marginlabPool.create(jobs) : 0; });
EM_JS(int, pool_size, (int jobs), { return window.marginlabPool.size(jobs); });
EM_JS(void, pool_run, (int handle, int id, const char* url, const char* cells), {
  window.marginlabPool.run(handle, id, UTF8ToString(url), UTF8ToString(cells));
});
EM_JS(void, pool_stop, (int handle), { window.marginlabPool.stop(handle); });
EM_JS(int, pool_workers, (int handle), { return window.marginlabPool.workers(handle); });
EM_JS(double, pool_heap_max, (int handle), { return window.marginlabPool.heapMax(handle); });
// clang-format on

namespace {

// Each worker's module grows to at most this (web/CMakeLists.txt: marginlab-worker's MAXIMUM_MEMORY).
constexpr int kWorkerHeapMb = 512;
// Pieces handed to the pool per worker at most (those its worker holds, web/pool.js's held(), and the rest
// waiting in pool.js): more than a slow frame's worth, as the sweep hands out pieces once a frame.
constexpr int kAheadPerWorker = 24;

class WebCellExecutor;
std::map<int, WebCellExecutor*> g_executors;  // by pool handle

class WebCellExecutor : public ml::app::CellExecutor {
 public:
  WebCellExecutor(int handle, int size) : handle_(handle), size_(size) { g_executors[handle_] = this; }
  ~WebCellExecutor() override {
    stop();
    g_executors.erase(handle_);
  }
  // Pieces queued ahead in the pool, so that a worker that ends one starts the next at once (pool.js hands
  // it over when its message arrives) instead of waiting for the next frame's advance().
  int room() const override { return stopped_ ? 0 : kAheadPerWorker * size_ - static_cast<int>(running_.size()); }
  void start(const std::string& experiment_url, const ml::CellWork& work) override {
    std::string cells;
    for (int64_t i : work.cells) cells += (cells.empty() ? "" : ",") + std::to_string(i);
    const int id = next_id_++;
    running_[id] = work;
    pool_run(handle_, id, experiment_url.c_str(), cells.c_str());
  }
  std::vector<Ended> take_ended() override {
    std::vector<Ended> out;
    out.swap(ended_);
    return out;
  }
  void stop() override {
    if (stopped_) return;
    stopped_ = true;
    pool_stop(handle_);
    running_.clear();
    ended_.clear();
  }
  std::string describe() const override {
    const int workers = pool_workers(handle_);
    const int mb = static_cast<int>(pool_heap_max(handle_) / 1048576);
    return std::to_string(workers) + " Web Worker" + (workers == 1 ? "" : "s") + ", heap " + std::to_string(mb) +
           " MB at most each (bounded by " + std::to_string(kWorkerHeapMb) + " MB)";
  }
  // The pool's report of piece `id`.
  void piece_ended(int id, bool failed, const char* text) {
    auto it = running_.find(id);
    if (stopped_ || it == running_.end()) return;
    ended_.push_back({it->second, failed, text});
    running_.erase(it);
  }

 private:
  int handle_;
  int size_;
  int next_id_ = 1;
  bool stopped_ = false;
  std::map<int, ml::CellWork> running_;  // pieces handed to the pool, by id
  std::vector<Ended> ended_;
};

}  // namespace

namespace ml::web {

void install_cell_pool() {
  ml::app::set_cell_executor_factory([](int jobs) -> std::unique_ptr<ml::app::CellExecutor> {
    const int handle = pool_create(jobs);
    if (handle == 0) return nullptr;  // no pool.js: the sweep runs in the frame's slices
    return std::make_unique<WebCellExecutor>(handle, pool_size(jobs));
  });
}

}  // namespace ml::web

extern "C" {

// A piece of pool `handle` ended (web/pool.js): its rows as JSON lines, or why it failed.
EMSCRIPTEN_KEEPALIVE void ml_pool_ended(int handle, int id, int failed, const char* text) {
  auto it = g_executors.find(handle);
  if (it != g_executors.end()) it->second->piece_ended(id, failed != 0, text);
}

}  // extern "C"
