// marginlab — a fast 64-bit hash of bytes, to tell contents apart (a memo's key, a frame's draw lists). Not
// cryptographic (core/util/sha256.h is, for what a user compares), and not a seed source (rng.h hash_name is,
// with values that must never change).
#pragma once

#include <cstddef>
#include <cstdint>

namespace ml {

// Folds `size` bytes into the running hash `h`, 8 bytes at a time; the length of a tail counts.
uint64_t hash_bytes(uint64_t h, const void* data, size_t size);

}  // namespace ml
