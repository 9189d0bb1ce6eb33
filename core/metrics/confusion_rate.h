// marginlab — the multiclass confusion metrics of paper 004 §4 (docs/algorithms.md §8).
//
// Convention (as for noise matrices, core/noise/noise.h): column q is the true class, row p the
// predicted (or noisy) class. The learned classifier's confusion is Ĉ_pq = #(pred p, true q)/#(true q);
// the confusion rate is ||Ĉ - diag(Ĉ)||_F / √Q, in [0, 1] (004 §4: "the 1/√Q factor ensures that the
// confusion rate is comprised within 0 and 1"). A class with no example contributes a zero column.
// Everything is counted in integers and summed in double in a fixed order: identical in both builds.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "core/data/dataset.h"
#include "core/metrics/metrics.h"

namespace ml {

// Ĉ_pq = #(predicted p, truth q) / #(truth q), diagonal included; a column with no example of class q is
// zero. Entries of either list outside [0, Q) are skipped; the lists must have equal length.
Eigen::MatrixXd prediction_confusion(const std::vector<int>& predicted, const std::vector<int>& truth, int num_classes);
// ||C - diag(C)||_F: the Frobenius norm of the off-diagonal part (004 Fig. 1(a)'s noise level for a
// noise matrix; the confusion rate times √Q for a learned Ĉ).
double off_diagonal_norm(const Eigen::MatrixXd& c);
// The confusion rate ||Ĉ - diag(Ĉ)||_F / √Q of a Q x Q matrix (0 for an empty one).
double confusion_rate(const Eigen::MatrixXd& c_hat);

}  // namespace ml
