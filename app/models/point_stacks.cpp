#include "app/models/point_stacks.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <unordered_map>

namespace ml::app {

std::vector<PointStack> point_stacks(const std::vector<float>& xy, size_t first, int min_count, size_t max_stacks) {
  // Key: the two coordinates' bits (exact coincidence, which is what hides points; -0 and +0 are one place).
  std::unordered_map<uint64_t, size_t> index;  // key -> position in `places`
  std::vector<PointStack> places;
  for (size_t k = first * 2; k + 1 < xy.size(); k += 2) {
    const float x = xy[k] == 0.0f ? 0.0f : xy[k], y = xy[k + 1] == 0.0f ? 0.0f : xy[k + 1];
    if (!std::isfinite(x) || !std::isfinite(y)) continue;
    uint32_t bx, by;
    std::memcpy(&bx, &x, sizeof bx);
    std::memcpy(&by, &y, sizeof by);
    const uint64_t key = (static_cast<uint64_t>(bx) << 32) | by;
    auto [it, added] = index.try_emplace(key, places.size());
    if (added) places.push_back({x, y, 0});
    places[it->second].count += 1;
  }
  std::vector<PointStack> stacks;
  for (const PointStack& p : places)
    if (p.count >= min_count) stacks.push_back(p);
  std::stable_sort(stacks.begin(), stacks.end(), [](const PointStack& a, const PointStack& b) { return a.count > b.count; });
  if (stacks.size() > max_stacks) stacks.resize(max_stacks);
  return stacks;
}

}  // namespace ml::app
