// marginlab — margins read off class scores (ALGORITHMS.md "Conventions"), for displays that already hold
// the scores of many points (the app's margin histogram scores the training set with one scores_batch).
#pragma once

#include <Eigen/Core>
#include <vector>

namespace ml {

// The margin of row i of `scores` (n x Q class scores) for class labels[i]: binary (Q = 2) y (s_1 - s_0)
// with y = +1 for class 1 and -1 otherwise, divided by `norm` when norm > 0 (||w||: the geometric
// margin y<w,x>/||w||); multiclass s_y - max_{k != y} s_k. In double; non-finite where the scores are.
double score_margin(const Eigen::MatrixXf& scores, Eigen::Index i, int label, double norm);

}  // namespace ml
