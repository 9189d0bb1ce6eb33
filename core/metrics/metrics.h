// marginlab — errors, margins and theoretical bounds (docs/algorithms.md §1.4 and §8).
//
// Margin of w on (x, y): y<w,x>/||w||; on a set: the minimum (docs/algorithms.md §1.4).
// Everything here is computed in double from the float data, in a fixed order, so the numbers are
// identical natively and in wasm.
#pragma once

#include <limits>
#include <vector>

#include "core/data/dataset.h"

namespace ml {

// Which labels a metric compares against.
enum class LabelSet : int { observed, truth };

// Fraction of i with predictions[i] != labels[i]; NaN when empty.
double error_rate(const std::vector<int>& predictions, const std::vector<int>& labels);
// The observed or the true labels of `data`.
const std::vector<int>& labels_of(const Dataset& data, LabelSet labels);
// <a, b> in double for d floats (coordinate order).
double dot_double(const float* a, const float* b, int d);
// dot_double(w, x_i, d) for every row x_i of X into out[i], bit for bit: each row's sum runs in coordinate order,
// four rows at a time so that their dependent additions overlap.
void dot_double_rows(const float* w, const FeatureRef& X, double* out);
// ||w||^2 in double.
double norm2_double(const Vector& w);
// min_i y_i <w,x_i> / ||w|| over a binary dataset; NaN when w = 0, the set is empty or sizes differ.
double sample_margin(const Vector& w, const Dataset& data, LabelSet labels);
// The lower quantile of the training margins the trace records beside the minimum (kTraceMarginQuantile):
// 10 % of the training points have a smaller margin.
inline constexpr double kMarginQuantile = 0.10;
// The margins of a linear hypothesis on a training sample, as the trace records them (NaN where undefined:
// W = 0, an empty sample, no point left clean). Under noise one corrupted point sets the plain minimum, so
// the trace also keeps the minimum over the points noise left alone (the sample the papers assume
// separable with margin gamma or theta) and the kMarginQuantile quantile over every point.
struct SampleMargins {
  double observed = std::numeric_limits<double>::quiet_NaN();  // min over every point, observed labels
  double truth = std::numeric_limits<double>::quiet_NaN();     // min over every point, true labels
  double clean = std::numeric_limits<double>::quiet_NaN();     // min over the uncorrupted points
  double quantile = std::numeric_limits<double>::quiet_NaN();  // kMarginQuantile quantile, observed labels
};
// The margins y<w,x>/||w|| of a binary halfspace, in double (observed and truth are sample_margin's values).
SampleMargins halfspace_margins(const Vector& w, const Dataset& data);
// What a trace row and a report read on the training sample: the predictions and the margins.
struct SampleReadout {
  std::vector<int> predicted;  // class 1 where the float <x_i, w> is > 0 (LinearBinaryLearner::predict_batch)
  SampleMargins margins;       // halfspace_margins(w, data), bit for bit
};
// The predictions and the margins of the halfspace w on `data`, bit for bit, from a fast float estimate of each row's
// dot: a row gets halfspace_scores' float dot only where the estimate's proven error bound (gamma_d ||w|| R, R =
// `radius`: an upper bound of every row's norm, such as max_radius of a part holding the rows) leaves its sign in
// doubt, and its double dot (dot_double) only where it leaves a minimum or the quantile in doubt. Every row gets both
// when the bound is not finite.
SampleReadout read_halfspace(const Vector& w, const Dataset& data, double radius);
// The multiclass margins (004 Def. 2, (s_y - max_{k != y} s_k) / ||W||_F) from class scores whose row i
// is example i of `data`, and norm = ||W||_F; all NaN unless norm > 0.
SampleMargins score_margins(const Eigen::MatrixXf& scores, const Dataset& data, double norm);
// R = max_i ||x_i|| (0 for an empty set).
double max_radius(const FeatureRef& X);
// dot_double(x_i, x_i) of every row of X into norm2[i] (the sums max_radius takes).
void squared_norms(const FeatureRef& X, double* norm2);
// squared_norms in the same read of X as a
// search for subnormal features; returns true when X holds one (0 < |x| < float's smallest normal number).
bool squared_norms_finding_subnormal(const FeatureRef& X, double* norm2);
// min_i y_i <v,x_i> / ||v|| with the true labels: the target's margin on these points (NaN if unknown).
double target_margin_on(const Dataset& data);

// Perceptron mistake bound (R/delta)^2 (001 Thm 1.1); NaN unless R > 0 and delta > 0.
double perceptron_bound(double radius, double delta);
// Bylander's update bound 16/(eps gamma)^2 (000 Thm 3); NaN unless eps > 0 and gamma > 0.
double bylander_bound(double epsilon, double gamma);
// Halving's mistake bound log2 |C| (001 §3); NaN when |C| < 1.
double halving_bound(double concepts);
// Randomized Halving's bound on expected mistakes, the harmonic number H_|C| = sum_{k<=|C|} 1/k
// (001 Claim 4.1: ln|C| + O(1)); NaN when |C| < 1.
double randomized_halving_bound(double concepts);

}  // namespace ml
