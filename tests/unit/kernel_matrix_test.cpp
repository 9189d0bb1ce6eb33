// Tests of the vectorized Gaussian kernel matrix (core/kernels/kernel.h kernel_matrix, core/util/detmath.h
// exp_array): bit for bit what the scalar det::exp and Kernel::from_products give, including the lanes exp_array
// hands back to det::exp (overflow, subnormal and zero results, NaN, infinities).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "core/kernels/kernel.h"
#include "core/util/detmath.h"
#include "core/util/eigen_setup.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace kernel_matrix_test {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(ExpArray, SameBitsAsScalarExp) {
  std::vector<double> x;
  for (double v = -750.0; v <= 712.0; v += 0.0137) x.push_back(v);  // every range, the edges included
  for (double v = -2.0; v <= 2.0; v += 1.0 / 4096) x.push_back(v);  // the kernel's usual arguments
  const double inf = std::numeric_limits<double>::infinity();
  for (double v : {0.0, -0.0, inf, -inf, std::numeric_limits<double>::quiet_NaN(), 709.782712893384, 709.79, -708.39,
                   -708.4, -745.1, -745.3, 1e-300, -1e-300})
    x.push_back(v);
  x.push_back(-3.5);  // an odd count: the last value takes the scalar tail
  std::vector<double> out(x.size());
  det::exp_array(x.data(), out.data(), static_cast<long>(x.size()));
  int mismatches = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    if (!same_bits(out[i], det::exp(x[i])) && !(std::isnan(out[i]) && std::isnan(det::exp(x[i])))) {
      if (++mismatches <= 5) ADD_FAILURE() << "exp_array(" << x[i] << ") = " << out[i] << ", exp = " << det::exp(x[i]);
    }
  }
  EXPECT_EQ(mismatches, 0);
  // In place gives the same.
  std::vector<double> inplace = x;
  det::exp_array(inplace.data(), inplace.data(), static_cast<long>(inplace.size()));
  for (size_t i = 0; i < x.size(); ++i) EXPECT_TRUE(same_bits(inplace[i], out[i]) || std::isnan(out[i]));
}

TEST(KernelMatrix, GaussianEqualsFromProductsBitForBit) {
  configure_eigen();
  const FeatureMatrix A = test::random_points(37, 5, 3, 4.0);
  const FeatureMatrix B = test::random_points(23, 5, 4, 4.0);
  for (double sigma : {0.05, 0.7, 3.0}) {  // 0.05: most values underflow to subnormals or 0
    const Kernel k = make_kernel(KernelKind::gaussian, 2, 1.0, sigma, 0.0);
    const Eigen::MatrixXd K = kernel_matrix(k, A, B);
    const Eigen::MatrixXd dots = A.cast<double>() * B.cast<double>().transpose();
    const Eigen::VectorXd na = row_norms2(A), nb = row_norms2(B);
    for (Eigen::Index i = 0; i < K.rows(); ++i)
      for (Eigen::Index j = 0; j < K.cols(); ++j)
        ASSERT_TRUE(same_bits(K(i, j), k.from_products(dots(i, j), na[i], nb[j]))) << sigma << " " << i << " " << j;
  }
}

}  // namespace kernel_matrix_test
}  // namespace ml
