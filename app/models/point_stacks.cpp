#include "app/models/point_stacks.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace ml::app {

std::vector<PointStack> point_stacks(const std::vector<float>& xy, size_t first, int min_count, size_t max_stacks) {
  // Places in the order of their first point, found through an open-addressing table of place numbers keyed
  // by the two coordinates' bits (exact coincidence, which is what hides points; -0 and +0 are one place).
  // A flat table, not std::unordered_map: the view runs this on every training set it shows, and with a node
  // per place it was the largest part of the view's preparation at 100 000 points.
  const size_t points = xy.size() / 2 > first ? xy.size() / 2 - first : 0;
  size_t capacity = 16;
  while (capacity < 2 * points) capacity *= 2;
  constexpr uint32_t kEmpty = UINT32_MAX;
  std::vector<uint32_t> slot_place(capacity, kEmpty);
  std::vector<uint64_t> place_key;
  std::vector<PointStack> places;
  const int shift = 64 - std::countr_zero(capacity);
  for (size_t k = first * 2; k + 1 < xy.size(); k += 2) {
    const float x = xy[k] == 0.0f ? 0.0f : xy[k], y = xy[k + 1] == 0.0f ? 0.0f : xy[k + 1];
    if (!std::isfinite(x) || !std::isfinite(y)) continue;
    uint32_t bx, by;
    std::memcpy(&bx, &x, sizeof bx);
    std::memcpy(&by, &y, sizeof by);
    const uint64_t key = (static_cast<uint64_t>(bx) << 32) | by;
    size_t slot = static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> shift);
    while (slot_place[slot] != kEmpty && place_key[slot_place[slot]] != key) slot = (slot + 1) & (capacity - 1);
    if (slot_place[slot] == kEmpty) {
      slot_place[slot] = static_cast<uint32_t>(places.size());
      place_key.push_back(key);
      places.push_back({x, y, 0});
    }
    places[slot_place[slot]].count += 1;
  }
  std::vector<PointStack> stacks;
  for (const PointStack& p : places)
    if (p.count >= min_count) stacks.push_back(p);
  std::stable_sort(stacks.begin(), stacks.end(),
                   [](const PointStack& a, const PointStack& b) { return a.count > b.count; });
  if (stacks.size() > max_stacks) stacks.resize(max_stacks);
  return stacks;
}

}  // namespace ml::app
