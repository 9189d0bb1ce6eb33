// core/util/hash.h: a change of any byte, of the length or of the running hash gives another hash (the redraw
// gate's frames and the projection memo's matrices are told apart by it).
#include "core/util/hash.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace ml {
namespace hash_test {

TEST(HashBytes, TellsEveryByteAndTheLengthApart) {
  std::vector<unsigned char> bytes(13);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<unsigned char>(i * 29 + 1);
  const uint64_t base = hash_bytes(1, bytes.data(), bytes.size());
  EXPECT_EQ(hash_bytes(1, bytes.data(), bytes.size()), base);
  for (size_t i = 0; i < bytes.size(); ++i) {  // the 8-byte words and the 5-byte tail
    std::vector<unsigned char> changed = bytes;
    changed[i] ^= 1;
    EXPECT_NE(hash_bytes(1, changed.data(), changed.size()), base) << "byte " << i;
  }
  const unsigned char zeros[9] = {};
  EXPECT_NE(hash_bytes(1, zeros, 8), hash_bytes(1, zeros, 9));  // a zero tail byte still counts
  EXPECT_NE(hash_bytes(1, zeros, 0), hash_bytes(1, zeros, 1));
  EXPECT_NE(hash_bytes(1, bytes.data(), 8), hash_bytes(2, bytes.data(), 8));  // the running hash matters
}

}  // namespace hash_test
}  // namespace ml
