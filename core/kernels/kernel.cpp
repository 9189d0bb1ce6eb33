// marginlab — kernel functions (see kernel.h).
#include "core/kernels/kernel.h"

#include <cassert>
#include <cmath>

#include "core/settings/setting.h"
#include "core/util/detmath.h"

namespace ml {

double Kernel::from_products(double dot, double norm2_a, double norm2_b) const {
  switch (kind) {
    case KernelKind::linear: return dot;
    case KernelKind::polynomial: {
      assert(degree >= 1);
      const double base = dot + offset;
      double r = base;
      for (int i = 1; i < degree; ++i) r *= base;
      return r;
    }
    case KernelKind::gaussian: {
      assert(sigma > 0);
      double dist2 = norm2_a + norm2_b - 2.0 * dot;
      if (dist2 < 0) dist2 = 0;  // rounding of the expanded form
      return det::exp(-dist2 / (2.0 * sigma * sigma));
    }
  }
  return 0;
}

double Kernel::operator()(const float* a, const float* b, int d) const {
  if (kind == KernelKind::gaussian) {
    // Direct difference form: exact zero distance for identical points, no cancellation.
    double dist2 = 0;
    for (int j = 0; j < d; ++j) {
      const double diff = static_cast<double>(a[j]) - static_cast<double>(b[j]);
      dist2 += diff * diff;
    }
    return det::exp(-dist2 / (2.0 * sigma * sigma));
  }
  double dot = 0;
  for (int j = 0; j < d; ++j) dot += static_cast<double>(a[j]) * static_cast<double>(b[j]);
  return from_products(dot, 0, 0);
}

Kernel make_kernel(KernelKind kind, int degree, double offset, double sigma, double width_c) {
  Kernel k;
  k.kind = kind;
  k.degree = degree < 1 ? 1 : degree;
  k.offset = offset;
  k.sigma = width_c > 0 ? std::sqrt(width_c / 2.0) : sigma;
  return k;
}

Eigen::VectorXd row_norms2(const FeatureRef& X) {
  Eigen::VectorXd out(X.rows());
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    const float* x = X.row(i).data();
    double s = 0;
    for (Eigen::Index j = 0; j < X.cols(); ++j) s += static_cast<double>(x[j]) * static_cast<double>(x[j]);
    out[i] = s;
  }
  return out;
}

void kernel_row(const Kernel& k, const FeatureRef& X, const float* x, Eigen::VectorXd* out) {
  out->resize(X.rows());
  const int d = static_cast<int>(X.cols());
  for (Eigen::Index i = 0; i < X.rows(); ++i) (*out)[i] = k(X.row(i).data(), x, d);
}

Eigen::MatrixXd kernel_matrix(const Kernel& k, const FeatureRef& A, const FeatureRef& B) {
  assert(A.cols() == B.cols());
  const Eigen::MatrixXd Ad = A.cast<double>();
  const Eigen::MatrixXd Bd = B.cast<double>();
  Eigen::MatrixXd K = Ad * Bd.transpose();
  if (k.kind == KernelKind::linear) return K;
  Eigen::VectorXd na, nb;
  if (k.kind == KernelKind::gaussian) {
    na = row_norms2(A);
    nb = row_norms2(B);
  }
  if (k.kind == KernelKind::gaussian) {
    // from_products() column by column, its exp on the whole column at once (det::exp_array: same bits).
    const double scale = 2.0 * k.sigma * k.sigma;
    for (Eigen::Index j = 0; j < K.cols(); ++j) {
      double* col = K.col(j).data();
      for (Eigen::Index i = 0; i < K.rows(); ++i) {
        double dist2 = na[i] + nb[j] - 2.0 * col[i];
        if (dist2 < 0) dist2 = 0;  // rounding of the expanded form
        col[i] = -dist2 / scale;
      }
      det::exp_array(col, col, static_cast<long>(K.rows()));
    }
    return K;
  }
  for (Eigen::Index j = 0; j < K.cols(); ++j) {
    for (Eigen::Index i = 0; i < K.rows(); ++i) K(i, j) = k.from_products(K(i, j), 0, 0);
  }
  return K;
}

Eigen::MatrixXd gram_matrix(const Kernel& k, const FeatureRef& X) {
  Eigen::MatrixXd K = kernel_matrix(k, X, X);
  const Eigen::VectorXd n2 = row_norms2(X);
  for (Eigen::Index i = 0; i < K.rows(); ++i) {
    K(i, i) = k.from_products(n2[i], n2[i], n2[i]);          // gaussian: distance exactly 0, K = 1
    for (Eigen::Index j = 0; j < i; ++j) K(i, j) = K(j, i);  // exact symmetry
  }
  return K;
}

}  // namespace ml
