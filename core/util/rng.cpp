// marginlab — PCG32 with named streams and platform-independent samplers.
#include "core/util/rng.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/util/detmath.h"

namespace ml {
namespace {

constexpr uint64_t kPcgMultiplier = 6364136223846793005ULL;

// PCG32's output (XSH-RR) for the state before the step.
uint32_t pcg_output(uint64_t old) {
  const auto xorshifted = static_cast<uint32_t>(((old >> 18U) ^ old) >> 27U);
  const auto rot = static_cast<uint32_t>(old >> 59U);
  return (xorshifted >> rot) | (xorshifted << ((32U - rot) & 31U));
}

// The states 1..4 steps ahead of any state s: mul[k] * s + add[k] (mod 2^64), so that the four steps of a
// polar candidate need not wait for one another.
struct PcgJumps {
  uint64_t mul[4];
  uint64_t add[4];
};

PcgJumps pcg_jumps(uint64_t inc) {
  PcgJumps j{};
  uint64_t mul = 1, add = 0;
  for (int k = 0; k < 4; ++k) {
    mul *= kPcgMultiplier;
    add = add * kPcgMultiplier + inc;
    j.mul[k] = mul;
    j.add[k] = add;
  }
  return j;
}

// Rng::uniform() of the 64 bits (hi, lo), mapped to [-1, 1) as the polar method does.
double polar_coordinate(uint32_t hi, uint32_t lo) {
  const uint64_t bits = (static_cast<uint64_t>(hi) << 32U) | lo;
  return 2.0 * (static_cast<double>(bits >> 11U) * (1.0 / 9007199254740992.0)) - 1.0;
}

// Rng::normal()'s candidate loop for `pairs` accepted pairs in a row: (u, v) and s = u^2 + v^2 each. A candidate
// is four PCG steps (two uniforms of two draws each), computed from the state at once; every candidate is
// written and a rejected one overwritten by the next, so that acceptance costs no branch.
void polar_pairs(uint64_t& state, const PcgJumps& jumps, size_t pairs, double* u, double* v, double* s) {
  uint64_t s0 = state;
  for (size_t p = 0; p < pairs;) {
    const uint64_t s1 = jumps.mul[0] * s0 + jumps.add[0];
    const uint64_t s2 = jumps.mul[1] * s0 + jumps.add[1];
    const uint64_t s3 = jumps.mul[2] * s0 + jumps.add[2];
    u[p] = polar_coordinate(pcg_output(s0), pcg_output(s1));
    v[p] = polar_coordinate(pcg_output(s2), pcg_output(s3));
    s[p] = u[p] * u[p] + v[p] * v[p];
    p += (s[p] < 1.0 && s[p] != 0.0) ? 1 : 0;
    s0 = jumps.mul[3] * s0 + jumps.add[3];
  }
  state = s0;
}

// Accepted polar pairs per batch of Rng::normals.
constexpr size_t kPolarBatch = 64;

// factor[i] = sqrt(-2 log(s[i]) / s[i]), normal()'s operations in its order, two lanes at a time.
void polar_factors(const double* s, double* factor, size_t count) {
  det::log_array(s, factor, static_cast<long>(count));
  size_t i = 0;
#if defined(__SSE2__)
  const __m128d minus_two = _mm_set1_pd(-2.0);
  for (; i + 2 <= count; i += 2) {
    const __m128d log_s = _mm_loadu_pd(factor + i);
    _mm_storeu_pd(factor + i, _mm_sqrt_pd(_mm_div_pd(_mm_mul_pd(minus_two, log_s), _mm_loadu_pd(s + i))));
  }
#endif
  for (; i < count; ++i) factor[i] = std::sqrt(-2.0 * factor[i] / s[i]);
}

}  // namespace

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
  state_ = old * kPcgMultiplier + inc_;
  return pcg_output(old);
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

void Rng::normals(double* out, size_t n) {
  size_t i = 0;
  if (n > 0 && has_cached_normal_) {
    out[i++] = cached_normal_;
    has_cached_normal_ = false;
  }
  const PcgJumps jumps = pcg_jumps(inc_);
  double u[kPolarBatch], v[kPolarBatch], s[kPolarBatch], factor[kPolarBatch];
  while (i < n) {
    // The stream is sequential: draw the batch's pairs in order, then take their factors together.
    const size_t pairs = std::min(kPolarBatch, (n - i + 1) / 2);
    polar_pairs(state_, jumps, pairs, u, v, s);
    polar_factors(s, factor, pairs);
    for (size_t p = 0; p < pairs; ++p) {
      out[i++] = u[p] * factor[p];
      const double second = v[p] * factor[p];
      if (i < n) {
        out[i++] = second;
      } else {  // odd count: the pair's second value waits for the next draw, as normal() leaves it
        cached_normal_ = second;
        has_cached_normal_ = true;
      }
    }
  }
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
