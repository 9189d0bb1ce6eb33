// marginlab — the project's random number generator (docs/determinism.md §2).
//
// PCG32 (O'Neill 2014, XSH-RR 64/32) with independent named streams. No std::*_distribution is used
// anywhere in marginlab: their output differs between standard libraries, and a shared URL must
// reproduce a run bit for bit natively and in the browser. The samplers below use only integer
// arithmetic, IEEE basic operations and det:: functions, which are identical on every platform.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace ml {

// The named streams a session derives from one seed; each consumer draws from its own stream so that,
// e.g., changing the noise model does not change the generated data.
enum class Stream : uint64_t {
  data = 1,
  noise = 2,
  split = 3,
  learner = 4,
  test = 5,
  adversary = 6,
  aux = 7,
  features = 8,         // the data pipeline's kernel features: median-heuristic pairs, Nyström landmarks
  rough = 9,            // the data pipeline's rough labels: the labelled examples per class of 004 §4.2
  malicious_part = 10,  // mixed noise: which examples its malicious part replaces (independent of the flips)
};

// PCG32 generator with samplers.
class Rng {
 public:
  // Seeds the generator; distinct (seed, stream) pairs give independent sequences.
  Rng(uint64_t seed, uint64_t stream);
  // Convenience: seed plus a named stream.
  Rng(uint64_t seed, Stream stream) : Rng(seed, static_cast<uint64_t>(stream)) {}

  // Next raw 32 random bits.
  uint32_t next_u32();
  // Next raw 64 random bits (two draws, high word first).
  uint64_t next_u64();
  // Uniform double in [0, 1) with 53 random bits.
  double uniform();
  // Uniform double in [lo, hi).
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  // Uniform integer in [0, n), unbiased (Lemire's method with rejection); n > 0.
  uint32_t below(uint32_t n);
  // Uniform 64-bit index in [0, n), unbiased; n > 0.
  uint64_t below64(uint64_t n);
  // True with probability p.
  bool bernoulli(double p) { return uniform() < p; }
  // Standard normal N(0,1) (Marsaglia polar method with det::log; caches the second value).
  double normal();
  // out[0..n) = n calls of normal(), bit for bit and leaving the same cached value (faster: the logarithms
  // of a batch of accepted pairs are taken two at a time).
  void normals(double* out, size_t n);
  // Fisher-Yates shuffle of indices in place.
  void shuffle(std::vector<int>& v);
  // The permutation 0..n-1 shuffled.
  std::vector<int> permutation(int n);
  // k distinct indices from [0, n) in random order (partial Fisher-Yates), k <= n.
  std::vector<int> choose(int n, int k);

 private:
  uint64_t state_ = 0;
  uint64_t inc_ = 0;
  double cached_normal_ = 0.0;
  bool has_cached_normal_ = false;
};

// SplitMix64 finalizer: mixes a 64-bit value; used to derive seeds.
uint64_t splitmix64(uint64_t x);

// A stable 64-bit hash of a string (FNV-1a then SplitMix64); used to derive sub-seeds from names.
uint64_t hash_name(std::string_view name);

}  // namespace ml
