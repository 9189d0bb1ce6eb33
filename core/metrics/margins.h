// marginlab — margins read off class scores (docs/algorithms.md §1.4), for displays that already hold
// the scores of many points (the app's margin histogram scores the training set with one scores_batch).
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <cstddef>
#include <vector>

namespace ml {

// The margin of row i of `scores` (n x Q class scores) for class labels[i]: binary (Q = 2) y (s_1 - s_0)
// with y = +1 for class 1 and -1 otherwise, divided by `norm` when norm > 0 (||w||: the geometric
// margin y<w,x>/||w||); multiclass s_y - max_{k != y} s_k. In double; non-finite where the scores are.
double score_margin(const Eigen::MatrixXf& scores, Eigen::Index i, int label, double norm);

// The multiclass margin of row i (004 Def. 2): (s_y - max_{k != y} s_k) / norm for class scores s = W x,
// with norm = ||W||_F (Assumption 1 measures margins with ||W*||_F = 1); for Q = 2 it equals score_margin's
// binary margin with the same norm. NaN unless norm > 0.
double multiclass_margin(const Eigen::MatrixXf& scores, Eigen::Index i, int label, double norm);
// The Frobenius norm ||W||_F of a weight matrix (one row per class), summed in double in row order.
template <class Derived>
double frobenius_norm_double(const Eigen::MatrixBase<Derived>& w) {
  double sum = 0;
  for (Eigen::Index r = 0; r < w.rows(); ++r)
    for (Eigen::Index c = 0; c < w.cols(); ++c) sum += static_cast<double>(w(r, c)) * static_cast<double>(w(r, c));
  return std::sqrt(sum);
}
// The q-quantile (0 <= q <= 1) of the finite values: the smallest value v with at least ceil(q n) values
// <= v (q = 0: the minimum); NaN when there is none. Selects it in a copy (linear time, no sort).
double lower_quantile(std::vector<double> values, double q);
// The rank (from 0) of lower_quantile's value among n > 0 finite values: ceil(q n) - 1, within [0, n - 1].
size_t lower_quantile_rank(size_t n, double q);
// The k-th smallest (from 0) of `values` (k < values.size()), in linear time (values left as they are).
double kth_smallest(const std::vector<double>& values, size_t k);

}  // namespace ml
