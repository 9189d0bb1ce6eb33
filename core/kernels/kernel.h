// marginlab — kernel functions (docs/algorithms.md §2.3, 001 §2, 000 §5).
//
//   linear      K(x,x') = <x,x'>
//   polynomial  K(x,x') = (<x,x'> + c)^p, integer p >= 1, c >= 0 (repeated multiplication: exact, no pow)
//   gaussian    K(x,x') = exp(-||x-x'||^2 / (2 sigma^2))   (det::exp: identical natively and in wasm)
//
// Width spellings: the Rätsch benchmark pages (used by 000 §5) quote the Gaussian width as c in
// exp(-||x-x'||^2 / c), so c = 2 sigma^2. make_kernel() accepts both; when width_c > 0 it wins over
// sigma (sigma = sqrt(c/2)). The UI shows sigma.
//
// All arithmetic is in double from float inputs, with a fixed summation order (scalar loops or Eigen
// products after configure_eigen()), so Gram matrices are bit-identical in both builds.
#pragma once

#include <Eigen/Core>
#include <span>
#include <string_view>

#include "core/data/dataset.h"

namespace ml {

// Which kernel.
enum class KernelKind : int { linear = 0, polynomial = 1, gaussian = 2 };
// URL / UI names of the kernel kinds, in value order.
inline constexpr std::string_view kKernelNames[] = {"linear", "poly", "gaussian"};
// The names of KernelKind as a span (settings/setting.h NamedEnum).
constexpr std::span<const std::string_view> enum_names(KernelKind) { return kKernelNames; }


// A kernel with its parameters.
struct Kernel {
  KernelKind kind = KernelKind::linear;  // which kernel
  int degree = 2;                        // polynomial: p >= 1
  double offset = 1.0;                   // polynomial: c >= 0 in (<x,x'> + c)^p
  double sigma = 1.0;                    // gaussian: width sigma > 0

  // K(a, b) for two d-dimensional points.
  double operator()(const float* a, const float* b, int d) const;
  // The kernel applied to a precomputed inner product and squared norms (what the matrix forms use).
  double from_products(double dot, double norm2_a, double norm2_b) const;
  // True when K(x,x) = 1 for every x (gaussian): feature-space points on the unit sphere.
  bool unit_diagonal() const { return kind == KernelKind::gaussian; }
};

// A kernel from UI/URL parameters: `width_c` > 0 overrides `sigma` with sigma = sqrt(width_c / 2).
Kernel make_kernel(KernelKind kind, int degree, double offset, double sigma, double width_c);
// The Rätsch width c = 2 sigma^2 for a Gaussian width sigma.
inline double gaussian_width_c(double sigma) { return 2.0 * sigma * sigma; }

// Squared norms of the rows of X, in double (||x_i||^2 summed in coordinate order).
Eigen::VectorXd row_norms2(const FeatureRef& X);
// K(x_i, x) for every row x_i of X: out has X.rows() entries. `x` has X.cols() floats.
void kernel_row(const Kernel& k, const FeatureRef& X, const float* x, Eigen::VectorXd* out);
// The kernel matrix K_ij = K(a_i, b_j) (A.rows() x B.rows()), computed as one double GEMM A Bᵀ then
// elementwise (gaussian: ||a||^2 + ||b||^2 - 2<a,b>, clamped at 0).
Eigen::MatrixXd kernel_matrix(const Kernel& k, const FeatureRef& A, const FeatureRef& B);
// The Gram matrix K(X, X) (symmetric; diagonal exact: K(x,x) from the row's own norm).
Eigen::MatrixXd gram_matrix(const Kernel& k, const FeatureRef& X);

}  // namespace ml
