// Tests of the batch samplers: Rng::normals is n calls of Rng::normal() and det::log_array is det::log,
// bit for bit (the generated data, and so every trace hash, depends on it).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "core/util/detmath.h"
#include "core/util/rng.h"

namespace ml {
namespace rng_normals_test {

uint64_t bits_of(double x) {
  uint64_t b = 0;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

// The first index where the two lists differ in any bit, or -1.
long first_difference(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return 0;
  for (size_t i = 0; i < a.size(); ++i)
    if (bits_of(a[i]) != bits_of(b[i])) return static_cast<long>(i);
  return -1;
}

// n calls of normal().
std::vector<double> sequential_normals(Rng& rng, size_t n) {
  std::vector<double> out(n);
  for (double& z : out) z = rng.normal();
  return out;
}

// Draws after the batch: the cached value and the stream position must match too.
void expect_same_state(Rng& a, Rng& b) {
  for (int i = 0; i < 3; ++i) EXPECT_EQ(bits_of(a.normal()), bits_of(b.normal())) << "normal() after the batch " << i;
  EXPECT_EQ(a.next_u32(), b.next_u32());
}

TEST(RngNormals, EqualSequentialCallsBitForBit) {
  for (const bool cached_at_start : {false, true}) {
    for (const size_t n : {0, 1, 2, 3, 7, 64, 127, 128, 129, 130, 1000, 4097}) {
      SCOPED_TRACE("n = " + std::to_string(n) + (cached_at_start ? ", a cached value at the start" : ""));
      Rng batch(17 + n, Stream::data), one_by_one(17 + n, Stream::data);
      if (cached_at_start) {
        EXPECT_EQ(bits_of(batch.normal()), bits_of(one_by_one.normal()));
      }
      std::vector<double> out(n);
      batch.normals(out.data(), n);
      EXPECT_EQ(first_difference(out, sequential_normals(one_by_one, n)), -1);
      expect_same_state(batch, one_by_one);
    }
  }
}

TEST(RngNormals, MixedWithSingleCallsEqualsSequentialCalls) {
  Rng mixed(5, Stream::aux), one_by_one(5, Stream::aux);
  std::vector<double> got;
  for (size_t k = 0; k < 40; ++k) {
    std::vector<double> part(k * 3 % 17);
    mixed.normals(part.data(), part.size());
    got.insert(got.end(), part.begin(), part.end());
    if (k % 3 == 0) got.push_back(mixed.normal());
  }
  EXPECT_EQ(first_difference(got, sequential_normals(one_by_one, got.size())), -1);
  expect_same_state(mixed, one_by_one);
}

TEST(DetLogArray, EqualsLogBitForBit) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  std::vector<double> x = {0.0,
                           -0.0,
                           -1.0,
                           kInf,
                           -kInf,
                           std::numeric_limits<double>::quiet_NaN(),
                           std::numeric_limits<double>::denorm_min(),
                           std::numeric_limits<double>::min() / 3.0,
                           std::numeric_limits<double>::min(),
                           std::numeric_limits<double>::max(),
                           0.70710678118654752440,
                           std::nextafter(0.70710678118654752440, 0.0),
                           std::nextafter(0.70710678118654752440, 1.0),
                           0.5,
                           1.0,
                           2.0,
                           1e-300,
                           1e300};
  Rng rng(3, Stream::test);
  for (int i = 0; i < 5000; ++i) x.push_back(rng.uniform());  // the polar method's s lies in (0, 1)
  for (int i = 0; i < 1001; ++i) x.push_back(det::exp(rng.uniform(-700.0, 700.0)));  // an odd count
  std::vector<double> expected(x.size()), out(x.size());
  for (size_t i = 0; i < x.size(); ++i) expected[i] = det::log(x[i]);
  det::log_array(x.data(), out.data(), static_cast<long>(x.size()));
  EXPECT_EQ(first_difference(out, expected), -1);
  det::log_array(x.data(), x.data(), static_cast<long>(x.size()));  // in place
  EXPECT_EQ(first_difference(x, expected), -1);
}

}  // namespace rng_normals_test
}  // namespace ml
