// marginlab app — training points that sit exactly on top of one another in the 2-D view (the coordinated
// "pull" adversary of malicious noise puts every corrupted point at one spot, 003 §1.3 / docs/noise.md), so
// the view can say how many a single drawn point stands for. No ImGui.
#pragma once

#include <cstddef>
#include <vector>

namespace ml::app {

// One place where several points coincide.
struct PointStack {
  float x = 0, y = 0;  // the shared view coordinates
  int count = 0;       // how many points are drawn there
};

// The places in `xy` (x0, y0, x1, y1, ...; only the points from index `first` on) where at least `min_count`
// points have bit-identical coordinates, the largest first (ties: the earlier place), at most `max_stacks` of
// them. Non-finite coordinates are ignored.
std::vector<PointStack> point_stacks(const std::vector<float>& xy, size_t first, int min_count, size_t max_stacks);

}  // namespace ml::app
