// marginlab — PCG32 with named streams and platform-independent samplers.
#include "core/util/rng.h"

#include <cassert>
#include <cmath>

#include "core/util/detmath.h"

namespace ml {

uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

uint64_t hash_name(std::string_view name) {
  uint64_t h = 0xCBF29CE484222325ULL;
  for (unsigned char c : name) {
    h ^= c;
    h *= 0x100000001B3ULL;
  }
  return splitmix64(h);
}

Rng::Rng(uint64_t seed, uint64_t stream) {
  // PCG's reference seeding: the stream selects an odd increment, the seed the starting state.
  inc_ = (splitmix64(stream ^ 0x5851F42D4C957F2DULL) << 1U) | 1U;
  state_ = 0;
  next_u32();
  state_ += splitmix64(seed);
  next_u32();
}

uint32_t Rng::next_u32() {
  const uint64_t old = state_;
  state_ = old * 6364136223846793005ULL + inc_;
  const auto xorshifted = static_cast<uint32_t>(((old >> 18U) ^ old) >> 27U);
  const auto rot = static_cast<uint32_t>(old >> 59U);
  return (xorshifted >> rot) | (xorshifted << ((32U - rot) & 31U));
}

uint64_t Rng::next_u64() {
  const uint64_t hi = next_u32();
  return (hi << 32U) | next_u32();
}

double Rng::uniform() {
  return static_cast<double>(next_u64() >> 11U) * (1.0 / 9007199254740992.0);  // 2^-53
}

uint32_t Rng::below(uint32_t n) {
  assert(n > 0);
  uint64_t m = static_cast<uint64_t>(next_u32()) * n;
  auto low = static_cast<uint32_t>(m);
  if (low < n) {
    const uint32_t threshold = (0U - n) % n;
    while (low < threshold) {
      m = static_cast<uint64_t>(next_u32()) * n;
      low = static_cast<uint32_t>(m);
    }
  }
  return static_cast<uint32_t>(m >> 32U);
}

uint64_t Rng::below64(uint64_t n) {
  assert(n > 0);
  if (n <= 0xFFFFFFFFULL) return below(static_cast<uint32_t>(n));
  // Rejection on the smallest power-of-two mask covering n.
  uint64_t mask = n - 1;
  mask |= mask >> 1;
  mask |= mask >> 2;
  mask |= mask >> 4;
  mask |= mask >> 8;
  mask |= mask >> 16;
  mask |= mask >> 32;
  uint64_t x = 0;
  do {
    x = next_u64() & mask;
  } while (x >= n);
  return x;
}

double Rng::normal() {
  if (has_cached_normal_) {
    has_cached_normal_ = false;
    return cached_normal_;
  }
  double u = 0.0, v = 0.0, s = 0.0;
  do {
    u = 2.0 * uniform() - 1.0;
    v = 2.0 * uniform() - 1.0;
    s = u * u + v * v;
  } while (s >= 1.0 || s == 0.0);
  const double factor = std::sqrt(-2.0 * det::log(s) / s);
  cached_normal_ = v * factor;
  has_cached_normal_ = true;
  return u * factor;
}

void Rng::shuffle(std::vector<int>& v) {
  for (size_t i = v.size(); i > 1; --i) {
    const uint32_t j = below(static_cast<uint32_t>(i));
    std::swap(v[i - 1], v[j]);
  }
}

std::vector<int> Rng::permutation(int n) {
  std::vector<int> p(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) p[static_cast<size_t>(i)] = i;
  shuffle(p);
  return p;
}

std::vector<int> Rng::choose(int n, int k) {
  assert(k >= 0 && k <= n);
  std::vector<int> p(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) p[static_cast<size_t>(i)] = i;
  for (int i = 0; i < k; ++i) {
    const int j = i + static_cast<int>(below(static_cast<uint32_t>(n - i)));
    std::swap(p[static_cast<size_t>(i)], p[static_cast<size_t>(j)]);
  }
  p.resize(static_cast<size_t>(k));
  return p;
}

}  // namespace ml
