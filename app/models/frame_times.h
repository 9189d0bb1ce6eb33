// marginlab app — recent frame times for the status line and the end-to-end tests (the median of the last
// frames says whether the UI stays responsive while a sweep runs), and where each frame's main-thread time
// went: the training slice, the GL calls, and the app's own work (ImGui's frame, our panels and drawing,
// the decision grid and the other caches) — the part the front end can make faster whatever the GPU and
// the learner. No ImGui.
#pragma once

#include <cstddef>
#include <vector>

namespace ml::app {

// The last `capacity` values of a per-frame time (intervals between frames, or one part of a frame's cost).
class FrameTimes {
 public:
  // Keeps the last `capacity` values (at least one).
  explicit FrameTimes(size_t capacity = 240) : capacity_(capacity < 1 ? 1 : capacity) {}
  // Records one value in milliseconds (negative or non-finite values are ignored).
  void add(double ms);
  // Values recorded and kept.
  size_t size() const { return kept_.size(); }
  // The median of the kept values (the mean of the two middle ones for an even count; 0 when none).
  double median_ms() const;
  // The p-quantile (p in [0, 1]) of the kept values by nearest rank: the sorted value at index
  // round(p * (size - 1)), as tools/e2e/measure_frames.mjs picks it (0 when none).
  double percentile_ms(double p) const;

 private:
  size_t capacity_;
  size_t next_ = 0;           // where the next value goes once full
  std::vector<double> kept_;  // a ring of the last values
};

// Where one frame's main-thread time went, in milliseconds of one clock (the thread's CPU time where the
// host can read it, else the wall clock: Platform::thread_cpu_seconds).
struct FrameCost {
  double frame_ms = 0;  // the whole frame from the backends' NewFrame to the end of rendering (no swap, no wait)
  double train_ms = 0;  // the training slice (AppState::tick)
  double gl_ms = 0;     // issuing GL calls: ImGui's renderer and the view's texture uploads and draws
  // The app's own work: the frame without the training slice and the GL calls (never negative).
  double app_ms() const;
};

// The last frames' costs, part by part.
class FrameCostStats {
 public:
  // Keeps the last `capacity` frames (at least one).
  explicit FrameCostStats(size_t capacity = 240) : app_(capacity), train_(capacity), gl_(capacity) {}
  // Records one frame (a frame with a part that is not a finite time is left out).
  void add(const FrameCost& cost);
  // Each part over the kept frames.
  const FrameTimes& app() const { return app_; }
  const FrameTimes& train() const { return train_; }
  const FrameTimes& gl() const { return gl_; }

 private:
  FrameTimes app_, train_, gl_;
};

}  // namespace ml::app
