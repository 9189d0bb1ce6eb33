// marginlab — errors, margins and bounds (see metrics.h).
#include "core/metrics/metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/metrics/margins.h"
#include "core/util/detmath.h"
#include "core/util/flatten.h"
#include "core/util/numbers.h"

namespace ml {

double error_rate(const std::vector<int>& predictions, const std::vector<int>& labels) {
  if (labels.empty() || predictions.size() != labels.size()) return kNaN;
  size_t wrong = 0;
  for (size_t i = 0; i < labels.size(); ++i) wrong += predictions[i] != labels[i] ? 1 : 0;
  return static_cast<double>(wrong) / static_cast<double>(labels.size());
}

const std::vector<int>& labels_of(const Dataset& data, LabelSet labels) {
  return labels == LabelSet::observed ? data.label : data.true_label;
}

double dot_double(const float* a, const float* b, int d) {
  double s = 0;
  for (int j = 0; j < d; ++j) s += static_cast<double>(a[j]) * static_cast<double>(b[j]);
  return s;
}

namespace {
// Row dots in blocks of eight rows, each row summed in coordinate order exactly as dot_double sums it (the same
// bits: every product of two floats is exact in double, and each lane adds its row's products one by one), so
// that eight chains of additions overlap instead of each waiting on the one before. With SSE2 (native, and wasm
// through Emscripten's SSE headers) a block is read four coordinates at a time and transposed, so that one
// two-lane addition serves two rows; without it the lanes are plain doubles.
constexpr int kBlockRows = 8;

// The sums of one block: lane k is row k's dot so far.
struct BlockSums {
#if defined(__SSE2__)
  __m128d pair[kBlockRows / 2] = {_mm_setzero_pd(), _mm_setzero_pd(), _mm_setzero_pd(), _mm_setzero_pd()};
  void store(double* out) const {
    for (int k = 0; k < kBlockRows / 2; ++k) _mm_storeu_pd(out + 2 * k, pair[k]);
  }
#else
  double lane[kBlockRows] = {};
  void store(double* out) const { std::copy(lane, lane + kBlockRows, out); }
#endif
};

#if defined(__SSE2__)
// Coordinates j..j+3 of four rows as four columns: column c holds (r0[j+c], r1[j+c], r2[j+c], r3[j+c]).
struct Columns {
  __m128 c[4];
};
Columns load_columns(const float* const* r, int j) {
  Columns out{{_mm_loadu_ps(r[0] + j), _mm_loadu_ps(r[1] + j), _mm_loadu_ps(r[2] + j), _mm_loadu_ps(r[3] + j)}};
  _MM_TRANSPOSE4_PS(out.c[0], out.c[1], out.c[2], out.c[3]);
  return out;
}

// Adds one column's products to two pairs of lanes: `low` gets rows 0-1, `high` rows 2-3; each coordinate times
// `weight` (a shared partner), or squared when kSquare.
template <bool kSquare>
void add_column(__m128 column, __m128d weight, __m128d* low, __m128d* high) {
  const __m128d x_low = _mm_cvtps_pd(column);
  const __m128d x_high = _mm_cvtps_pd(_mm_movehl_ps(column, column));
  *low = _mm_add_pd(*low, _mm_mul_pd(x_low, kSquare ? x_low : weight));
  *high = _mm_add_pd(*high, _mm_mul_pd(x_high, kSquare ? x_high : weight));
}
#endif

// Sums coordinates [0, end) of the block's rows into `sums`, four at a time (end is a multiple of 4): each
// coordinate times the shared partner w's, or squared when kSquare (w unused).
template <bool kSquare>
ML_FLATTEN void add_block_columns(const float* const* r, const float* w, int end, BlockSums* sums) {
#if defined(__SSE2__)
  for (int j = 0; j < end; j += 4) {
    const Columns first = load_columns(r, j);
    const Columns second = load_columns(r + 4, j);
#pragma GCC unroll 4  // keeps the columns in registers (indexing them by a loop counter spills them)
    for (int c = 0; c < 4; ++c) {
      const __m128d weight = kSquare ? _mm_setzero_pd() : _mm_set1_pd(static_cast<double>(w[j + c]));
      add_column<kSquare>(first.c[c], weight, &sums->pair[0], &sums->pair[1]);
      add_column<kSquare>(second.c[c], weight, &sums->pair[2], &sums->pair[3]);
    }
  }
#else
  for (int j = 0; j < end; ++j)
    for (int k = 0; k < kBlockRows; ++k)
      sums->lane[k] += static_cast<double>(kSquare ? r[k][j] : w[j]) * static_cast<double>(r[k][j]);
#endif
}

// dot_double(partner, x, d) continued from coordinate `from`, whose sum so far is `sum`.
double finish_dot(const float* x, const float* partner, int from, int d, double sum) {
  for (int j = from; j < d; ++j) sum += static_cast<double>(partner[j]) * static_cast<double>(x[j]);
  return sum;
}

// dot_double(w, x_i, d) for every row x_i of X (kSquare: dot_double(x_i, x_i, d), w unused), handed to
// sink(i, value).
template <bool kSquare, class Sink>
void each_row_dot(const FeatureRef& X, const float* w, Sink sink) {
  const int d = static_cast<int>(X.cols());
  const Eigen::Index n = X.rows();
#if defined(__SSE2__)
  const int vector_end = d - d % 4;
#else
  const int vector_end = d;
#endif
  Eigen::Index i = 0;
  for (; i + kBlockRows <= n; i += kBlockRows) {
    const float* r[kBlockRows];
    for (int k = 0; k < kBlockRows; ++k) r[k] = X.row(i + k).data();
    BlockSums sums;
    add_block_columns<kSquare>(r, w, vector_end, &sums);
    double lane[kBlockRows];
    sums.store(lane);
    for (int k = 0; k < kBlockRows; ++k) sink(i + k, finish_dot(r[k], kSquare ? r[k] : w, vector_end, d, lane[k]));
  }
  for (; i < n; ++i) {
    const float* x = X.row(i).data();
    sink(i, finish_dot(x, kSquare ? x : w, 0, d, 0.0));
  }
}
}  // namespace

void dot_double_rows(const float* w, const FeatureRef& X, double* out) {
  each_row_dot<false>(X, w, [out](Eigen::Index i, double dot) { out[i] = dot; });
}

double norm2_double(const Vector& w) { return dot_double(w.data(), w.data(), static_cast<int>(w.size())); }

double sample_margin(const Vector& w, const Dataset& data, LabelSet labels) {
  if (data.rows() == 0 || w.size() != data.cols()) return kNaN;
  const double norm = std::sqrt(norm2_double(w));
  if (!(norm > 0)) return kNaN;
  const int d = data.cols();
  double lowest = std::numeric_limits<double>::infinity();
  for (int i = 0; i < data.rows(); ++i) {
    const int y = labels == LabelSet::observed ? data.sign(i) : data.true_sign(i);
    const double m = y * dot_double(w.data(), data.X.row(i).data(), d);
    if (m < lowest) lowest = m;
  }
  return lowest / norm;
}

namespace {

// True when noise left example i of `data` alone (every example is, when no corruption is recorded).
bool is_clean(const Dataset& data, size_t i) {
  return data.corruption.size() != data.label.size() || data.corruption[i] == Corruption::none;
}

// The four summaries of per-point margins m_i (observed labels; the lowest with the true labels found by the
// caller), each divided by `norm` at the end: dividing by a positive norm keeps the order, so the quantile of
// m_i / norm is the quantile of m_i / norm. Takes `observed` to find its quantile in place.
SampleMargins summarize_margins(std::vector<double> observed, double lowest_true, const Dataset& data, double norm) {
  SampleMargins out;
  if (observed.empty()) return out;
  double lowest = INFINITY, lowest_clean = INFINITY;
  for (size_t i = 0; i < observed.size(); ++i) {
    if (observed[i] < lowest) lowest = observed[i];
    if (is_clean(data, i) && observed[i] < lowest_clean) lowest_clean = observed[i];
  }
  out.observed = lowest / norm;
  out.truth = lowest_true / norm;
  if (std::isfinite(lowest_clean)) out.clean = lowest_clean / norm;
  out.quantile = lower_quantile(std::move(observed), kMarginQuantile) / norm;
  return out;
}

}  // namespace

SampleMargins halfspace_margins(const Vector& w, const Dataset& data) {
  const double norm = std::sqrt(norm2_double(w));
  if (data.rows() == 0 || w.size() != data.cols() || !(norm > 0)) return {};
  std::vector<double> dots(static_cast<size_t>(data.rows()));
  dot_double_rows(w.data(), data.X, dots.data());
  return halfspace_margins_of_dots(std::move(dots), data, norm);
}

SampleMargins halfspace_margins_of_dots(std::vector<double> dots, const Dataset& data, double norm) {
  if (data.rows() == 0 || dots.size() != static_cast<size_t>(data.rows()) || !(norm > 0)) return {};
  double lowest_true = INFINITY;
  for (size_t i = 0; i < dots.size(); ++i) {
    const double dot = dots[i];
    lowest_true = std::min(lowest_true, data.true_sign(static_cast<int>(i)) * dot);
    dots[i] = data.sign(static_cast<int>(i)) * dot;  // now the observed margin, unscaled
  }
  return summarize_margins(std::move(dots), lowest_true, data, norm);
}

SampleMargins score_margins(const Eigen::MatrixXf& scores, const Dataset& data, double norm) {
  if (!(norm > 0) || data.rows() == 0 || scores.rows() != data.rows()) return {};
  std::vector<double> observed(static_cast<size_t>(data.rows()));
  double lowest_true = INFINITY;
  for (Eigen::Index i = 0; i < scores.rows(); ++i) {
    const size_t k = static_cast<size_t>(i);
    // Unscaled (norm 1): summarize_margins divides once, as for halfspaces.
    observed[k] = multiclass_margin(scores, i, data.label[k], 1.0);
    lowest_true = std::min(lowest_true, multiclass_margin(scores, i, data.true_label[k], 1.0));
  }
  return summarize_margins(std::move(observed), lowest_true, data, norm);
}

double max_radius(const FeatureRef& X) {
  double largest2 = 0;
  each_row_dot<true>(X, nullptr, [&largest2](Eigen::Index, double norm2) {
    if (norm2 > largest2) largest2 = norm2;
  });
  return std::sqrt(largest2);
}

double target_margin_on(const Dataset& data) {
  if (data.target.size() != data.cols() || data.rows() == 0) return kNaN;
  return sample_margin(data.target, data, LabelSet::truth);
}

double perceptron_bound(double radius, double delta) {
  if (!(radius > 0) || !(delta > 0)) return kNaN;
  const double r = radius / delta;
  return r * r;
}

double bylander_bound(double epsilon, double gamma) {
  if (!(epsilon > 0) || !(gamma > 0)) return kNaN;
  const double eg = epsilon * gamma;
  return 16.0 / (eg * eg);
}

double halving_bound(double concepts) {
  if (!(concepts >= 1)) return kNaN;
  return det::log(concepts) / det::log(2.0);
}

double randomized_halving_bound(double concepts) {
  if (!(concepts >= 1)) return kNaN;
  const auto n = static_cast<long long>(concepts);
  double h = 0;
  for (long long k = n; k >= 1; --k) h += 1.0 / static_cast<double>(k);  // small terms first
  return h;
}

}  // namespace ml
