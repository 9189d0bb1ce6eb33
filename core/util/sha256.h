// marginlab — SHA-256 (FIPS 180-4). Hashes of written data must match `sha256sum`, and no Debian
// package ships a header-only SHA-256 usable in the web build (docs/toolchain.md §2), so it lives here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ml {

// Incremental SHA-256.
class Sha256 {
 public:
  Sha256();
  // Feeds bytes.
  void update(const void* data, size_t size);
  // Feeds a string's bytes.
  void update(std::string_view s) { update(s.data(), s.size()); }
  // Finishes and returns the 32-byte digest (the object must not be updated afterwards).
  std::array<uint8_t, 32> digest();
  // Finishes and returns the digest as 64 lowercase hex digits.
  std::string hex();

 private:
  void block(const uint8_t* p);
  uint32_t h_[8];
  uint8_t buffer_[64];
  size_t buffered_ = 0;
  uint64_t total_ = 0;
};

// SHA-256 of a byte string as 64 lowercase hex digits.
std::string sha256_hex(std::string_view data);

}  // namespace ml
