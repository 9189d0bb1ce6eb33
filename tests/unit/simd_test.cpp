// Both builds must vectorize Eigen with 4-float packets: natively SSE, in the browser SSE intrinsics
// translated to wasm SIMD (docs/toolchain.md §4). Packet size also fixes the order of Eigen's reductions, so
// a build that silently lost SIMD would also lose bit-identity with the other.
#include <gtest/gtest.h>

#include <Eigen/Core>

TEST(Simd, EigenUsesFourFloatPackets) {
  EXPECT_EQ(Eigen::internal::packet_traits<float>::size, 4);
  EXPECT_TRUE(Eigen::internal::packet_traits<float>::Vectorizable);
}

TEST(Simd, NoFusedMultiplyAddInReferenceBuilds) {
#if defined(__FMA__) || defined(__AVX__)
  FAIL() << "reference builds must not use AVX/FMA (golden hashes depend on it)";
#endif
  // a*a = 1 + 2^-11 + 2^-24 exactly, a tie that rounds to 1 + 2^-11 in float: two roundings give
  // exactly 0, a fused multiply-add would give 2^-24.
  volatile float a = 1.0f + 1.0f / 4096.0f;
  volatile float c = -(1.0f + 1.0f / 2048.0f);
  const float fused_or_not = a * a + c;
  EXPECT_EQ(fused_or_not, 0.0f);
}
