// marginlab — a fast 64-bit hash of bytes (see hash.h).
#include "core/util/hash.h"

#include <cstring>

namespace ml {

namespace {
constexpr uint64_t kMultiplier = 0x9E3779B97F4A7C15ull;  // 2^64 / golden ratio, odd

uint64_t mix(uint64_t h, uint64_t word) {
  h = (h ^ word) * kMultiplier;
  return h ^ (h >> 29);
}
}  // namespace

uint64_t hash_bytes(uint64_t h, const void* data, size_t size) {
  const unsigned char* bytes = static_cast<const unsigned char*>(data);
  for (; size >= 8; size -= 8, bytes += 8) {
    uint64_t word;
    std::memcpy(&word, bytes, 8);
    h = mix(h, word);
  }
  uint64_t tail = 0;
  if (size > 0) std::memcpy(&tail, bytes, size);
  return mix(h, tail ^ (static_cast<uint64_t>(size) << 56));  // the length tells 0-padded tails apart
}

}  // namespace ml
