// marginlab — errors, margins and bounds (see metrics.h).
#include "core/metrics/metrics.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__SSE4_1__)
#include <smmintrin.h>
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

// Watches the features a pass reads for subnormal ones (0 < |x| < float's smallest normal number): the smallest
// magnitude - 1 seen, as unsigned bits (a magnitude of 0 wraps to the largest), is below 0x7fffff exactly when one
// was. With SSE4.1 (native, and wasm through Emscripten's SSE headers) four features at a time.
class SubnormalProbe {
 public:
  void take(float x) {
    uint32_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    smallest_less_1_ = std::min(smallest_less_1_, (bits & 0x7fffffffu) - 1u);
  }
#if defined(__SSE2__)
  void take(__m128 x) {
#if defined(__SSE4_1__)
    const __m128i magnitude = _mm_and_si128(_mm_castps_si128(x), _mm_set1_epi32(0x7fffffff));
    lanes_ = _mm_min_epu32(lanes_, _mm_sub_epi32(magnitude, _mm_set1_epi32(1)));
#else
    float v[4];
    _mm_storeu_ps(v, x);
    for (float f : v) take(f);
#endif
  }
#endif
  bool seen() const {
    uint32_t smallest = smallest_less_1_;
#if defined(__SSE4_1__)
    uint32_t lane[4];
    _mm_storeu_si128(reinterpret_cast<__m128i*>(lane), lanes_);
    for (uint32_t v : lane) smallest = std::min(smallest, v);
#endif
    return smallest < 0x007fffffu;
  }

 private:
  uint32_t smallest_less_1_ = 0xffffffffu;
#if defined(__SSE4_1__)
  __m128i lanes_ = _mm_set1_epi32(-1);
#endif
};

// A pass that looks for nothing.
struct NoProbe {
  void take(float /*x*/) {}
#if defined(__SSE2__)
  void take(__m128 /*x*/) {}
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
// coordinate times the shared partner w's, or squared when kSquare (w unused). The probe sees every coordinate read.
template <bool kSquare, class Probe>
ML_FLATTEN void add_block_columns(const float* const* r, const float* w, int end, BlockSums* sums, Probe* probe) {
#if defined(__SSE2__)
  for (int j = 0; j < end; j += 4) {
    const Columns first = load_columns(r, j);
    const Columns second = load_columns(r + 4, j);
#pragma GCC unroll 4  // keeps the columns in registers (indexing them by a loop counter spills them)
    for (int c = 0; c < 4; ++c) {
      const __m128d weight = kSquare ? _mm_setzero_pd() : _mm_set1_pd(static_cast<double>(w[j + c]));
      add_column<kSquare>(first.c[c], weight, &sums->pair[0], &sums->pair[1]);
      add_column<kSquare>(second.c[c], weight, &sums->pair[2], &sums->pair[3]);
      probe->take(first.c[c]);
      probe->take(second.c[c]);
    }
  }
#else
  for (int j = 0; j < end; ++j)
    for (int k = 0; k < kBlockRows; ++k) {
      sums->lane[k] += static_cast<double>(kSquare ? r[k][j] : w[j]) * static_cast<double>(r[k][j]);
      probe->take(r[k][j]);
    }
#endif
}

// dot_double(partner, x, d) continued from coordinate `from`, whose sum so far is `sum`; the probe sees the
// coordinates of x read.
template <class Probe>
double finish_dot(const float* x, const float* partner, int from, int d, double sum, Probe* probe) {
  for (int j = from; j < d; ++j) {
    sum += static_cast<double>(partner[j]) * static_cast<double>(x[j]);
    probe->take(x[j]);
  }
  return sum;
}

// dot_double(w, x_i, d) for every row x_i of X (kSquare: dot_double(x_i, x_i, d), w unused), handed to
// sink(i, value); `probe` sees every feature of X.
template <bool kSquare, class Sink, class Probe = NoProbe>
void each_row_dot(const FeatureRef& X, const float* w, Sink sink, Probe* probe = nullptr) {
  NoProbe none;
  if constexpr (std::is_same_v<Probe, NoProbe>) probe = &none;
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
    add_block_columns<kSquare>(r, w, vector_end, &sums, probe);
    double lane[kBlockRows];
    sums.store(lane);
    for (int k = 0; k < kBlockRows; ++k)
      sink(i + k, finish_dot(r[k], kSquare ? r[k] : w, vector_end, d, lane[k], probe));
  }
  for (; i < n; ++i) {
    const float* x = X.row(i).data();
    sink(i, finish_dot(x, kSquare ? x : w, 0, d, 0.0, probe));
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

// A row's margins from its dot, computed without branching on the row's labels (noise flips them at random, so a
// branch would be mispredicted at every flip): the observed margin is sign_i times the dot, the true one flips its
// sign where noise flipped the label.
class RowMargins {
 public:
  explicit RowMargins(const Dataset& data)
      : label_(data.label.data()),
        true_label_(data.true_label.data()),
        corruption_(data.corruption.size() == data.label.size() ? data.corruption.data() : nullptr) {}
  double observed(size_t i, double dot) const { return (label_[i] == 1 ? 1.0 : -1.0) * dot; }
  double truth(size_t i, double observed) const {
    return ((label_[i] == 1) == (true_label_[i] == 1) ? 1.0 : -1.0) * observed;
  }
  // True when noise left row i alone (every row is, when no corruption is recorded).
  bool clean(size_t i) const { return corruption_ == nullptr || corruption_[i] == Corruption::none; }

 private:
  const int* label_;
  const int* true_label_;
  const Corruption* corruption_;
};

// The four summaries of per-point margins m_i (observed labels; the lowest with the true labels found by the
// caller), each divided by `norm` at the end: dividing by a positive norm keeps the order, so the quantile of
// m_i / norm is the quantile of m_i / norm. Takes `observed` to find its quantile in place.
SampleMargins summarize_margins(std::vector<double> observed, double lowest_true, const Dataset& data, double norm) {
  SampleMargins out;
  if (observed.empty()) return out;
  const RowMargins rows(data);
  double lowest = INFINITY, lowest_clean = INFINITY;
  for (size_t i = 0; i < observed.size(); ++i) {
    if (observed[i] < lowest) lowest = observed[i];
    if (rows.clean(i) && observed[i] < lowest_clean) lowest_clean = observed[i];
  }
  out.observed = lowest / norm;
  out.truth = lowest_true / norm;
  if (std::isfinite(lowest_clean)) out.clean = lowest_clean / norm;
  out.quantile = lower_quantile(std::move(observed), kMarginQuantile) / norm;
  return out;
}

// halfspace_margins from dots[i] = <w, x_i> (dot_double_rows) and norm = ||w|| (sqrt of norm2_double).
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
}  // namespace

SampleMargins halfspace_margins(const Vector& w, const Dataset& data) {
  const double norm = std::sqrt(norm2_double(w));
  if (data.rows() == 0 || w.size() != data.cols() || !(norm > 0)) return {};
  std::vector<double> dots(static_cast<size_t>(data.rows()));
  dot_double_rows(w.data(), data.X, dots.data());
  return halfspace_margins_of_dots(std::move(dots), data, norm);
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

namespace {
// A bound on |float <x, w> - dot_double(w, x)| for d-term dots whose sum of |x_j w_j| is at most `magnitude` (at
// most ||w|| ||x|| by Cauchy-Schwarz): the float dot errs by at most gamma_d magnitude in any summation order
// (gamma_d = d u / (1 - d u), u = 2^-24), plus 2^-150 per product that underflows; the double sum by gamma_d with
// u = 2^-53 (its products are exact); a margin covers the rounding of `magnitude` itself. Infinite when a float
// partial sum could overflow or `magnitude` is not a finite number.
double float_dot_error_bound(int d, double magnitude) {
  const double u_float = 0x1p-24, u_double = 0x1p-53;
  if (!(d * u_float < 0.5) || !(2 * magnitude < std::numeric_limits<float>::max()))
    return std::numeric_limits<double>::infinity();
  const double gamma_float = d * u_float / (1 - d * u_float);
  const double gamma_double = d * u_double / (1 - d * u_double);
  return ((gamma_float + gamma_double) * magnitude + d * 0x1p-149) * (1 + 0x1p-20);
}

// Every row's <x_i, w> in float, handed to sink(i, value) four rows at a time in four-lane sums: an estimate, whose
// summation order is not halfspace_scores', so read only within float_dot_error_bound (at most d roundings on any
// path, like any order's). Four independent sums per row group overlap their additions, which one dot at a time
// would wait on, and the sink's work overlaps the reads of the next rows.
template <class Sink>
ML_FLATTEN void estimate_dots(const FeatureRef& X, const Vector& w, Sink sink) {
  const int d = static_cast<int>(X.cols());
  const Eigen::Index n = X.rows();
  Eigen::Index i = 0;
#if defined(__SSE2__)
  constexpr int kRows = 4;
  const int vector_end = d - d % 4;
  for (; i + kRows <= n; i += kRows) {
    const float* r[kRows] = {X.row(i).data(), X.row(i + 1).data(), X.row(i + 2).data(), X.row(i + 3).data()};
    __m128 sum[kRows] = {_mm_setzero_ps(), _mm_setzero_ps(), _mm_setzero_ps(), _mm_setzero_ps()};
    for (int j = 0; j < vector_end; j += 4) {
      const __m128 weights = _mm_loadu_ps(w.data() + j);
#pragma GCC unroll 4  // keeps the sums in registers (indexing them by a loop counter spills them)
      for (int k = 0; k < kRows; ++k) sum[k] = _mm_add_ps(sum[k], _mm_mul_ps(_mm_loadu_ps(r[k] + j), weights));
    }
    _MM_TRANSPOSE4_PS(sum[0], sum[1], sum[2], sum[3]);
    float lane[kRows];
    _mm_storeu_ps(lane, _mm_add_ps(_mm_add_ps(sum[0], sum[1]), _mm_add_ps(sum[2], sum[3])));
    for (int k = 0; k < kRows; ++k) {
      for (int j = vector_end; j < d; ++j) lane[k] += r[k][j] * w[j];
      sink(i + k, lane[k]);
    }
  }
#endif
  for (; i < n; ++i) {
    const float* x = X.row(i).data();
    float sum = 0;
    for (int j = 0; j < d; ++j) sum += x[j] * w[j];
    sink(i, sum);
  }
}

// The smallest margins of a sample, unscaled (INFINITY where no row counts: no clean row).
struct Lowest {
  double observed = INFINITY;  // over every row, observed labels
  double truth = INFINITY;     // over every row, true labels
  double clean = INFINITY;     // over the rows noise left alone, observed labels
};

// What read_halfspace knows after one pass of estimates: the predictions, sign_i times each estimate, and the
// smallest of those (observed, true labels, clean rows). `slack` bounds |estimate - halfspace_scores' float dot|.
struct Estimates {
  std::vector<int> predicted;
  std::vector<double> observed;
  Lowest lowest;
};
Estimates estimate_sample(const Vector& w, const Dataset& data, double slack) {
  const size_t n = static_cast<size_t>(data.rows());
  const RowMargins margins(data);
  Estimates out{std::vector<int>(n), std::vector<double>(n), {}};
  int* predicted = out.predicted.data();
  double* observed = out.observed.data();
  Lowest lowest;
  estimate_dots(data.X, w, [&](Eigen::Index row, float value) {
    const auto i = static_cast<size_t>(row);
    const double estimate = value;
    predicted[i] = estimate > 0 ? 1 : 0;
    if (!(std::fabs(estimate) > slack)) predicted[i] = data.X.row(row).dot(w) > 0.0f ? 1 : 0;  // in doubt (or NaN)
    const double margin = margins.observed(i, estimate);
    observed[i] = margin;
    lowest.observed = std::min(lowest.observed, margin);
    lowest.truth = std::min(lowest.truth, margins.truth(i, margin));
    lowest.clean = std::min(lowest.clean, margins.clean(i) ? margin : INFINITY);
  });
  out.lowest = lowest;
  return out;
}

// The exact smallest margins and k-th observed margin (unscaled), from estimates within `slack / 2` of the exact
// values, computing exact(i) only for the rows that can hold one of them. A minimum: only a row whose estimate is
// within `slack` of the smallest estimate. The k-th: the k-th estimate e_k is within slack / 2 of the k-th exact
// value, so the rows below e_k - slack are below it and those above e_k + slack above it; it is the (k - below)-th
// exact value among the rows in between.
template <class Exact>
std::pair<Lowest, double> refine(const Dataset& data, const Estimates& e, size_t k, double slack, Exact exact) {
  const RowMargins margins(data);
  const double middle = kth_smallest(e.observed, k);
  Lowest lowest;
  size_t below = 0;
  std::vector<double> inside;
  for (size_t i = 0; i < e.observed.size(); ++i) {
    const double observed = e.observed[i];
    below += observed < middle - slack ? 1 : 0;
    const bool low = observed <= e.lowest.observed + slack;
    const bool low_clean = observed <= e.lowest.clean + slack && margins.clean(i);
    const bool low_true = margins.truth(i, observed) <= e.lowest.truth + slack;
    const bool near_middle = observed >= middle - slack && observed <= middle + slack;
    if (!low && !low_clean && !low_true && !near_middle) continue;
    const double value = exact(i);
    if (low) lowest.observed = std::min(lowest.observed, value);
    if (low_clean) lowest.clean = std::min(lowest.clean, value);
    if (low_true) lowest.truth = std::min(lowest.truth, margins.truth(i, value));
    if (near_middle) inside.push_back(value);
  }
  assert(k >= below && k - below < inside.size());
  return {lowest, kth_smallest(inside, k - below)};
}

// read_halfspace where no estimate can be trusted: every row's float dot and double dot.
SampleReadout exact_readout(const Vector& w, const Dataset& data) {
  SampleReadout out;
  out.predicted.resize(static_cast<size_t>(data.rows()));
  for (Eigen::Index i = 0; i < data.rows(); ++i)
    out.predicted[static_cast<size_t>(i)] = data.X.row(i).dot(w) > 0.0f ? 1 : 0;  // halfspace_scores' dot
  out.margins = halfspace_margins(w, data);
  return out;
}
}  // namespace

SampleReadout read_halfspace(const Vector& w, const Dataset& data, double radius) {
  const size_t n = static_cast<size_t>(data.rows());
  const int d = data.cols();
  const double norm = std::sqrt(norm2_double(w));
  // Bounds |estimate - double dot| and, doubled, |estimate - halfspace_scores' float dot|.
  const double slack = 2 * float_dot_error_bound(d, norm * radius);
  if (w.size() != d || !(slack < INFINITY)) return exact_readout(w, data);
  Estimates estimates = estimate_sample(w, data, slack);
  SampleReadout out;
  out.predicted = std::move(estimates.predicted);
  if (n == 0 || !(norm > 0)) return out;
  const auto exact = [&](size_t i) {
    const auto row = static_cast<Eigen::Index>(i);
    return data.sign(static_cast<int>(i)) * dot_double(w.data(), data.X.row(row).data(), d);
  };
  const auto [lowest, quantile] = refine(data, estimates, lower_quantile_rank(n, kMarginQuantile), slack, exact);
  out.margins.observed = lowest.observed / norm;
  out.margins.truth = lowest.truth / norm;
  if (std::isfinite(lowest.clean)) out.margins.clean = lowest.clean / norm;
  out.margins.quantile = quantile / norm;
  return out;
}

double max_radius(const FeatureRef& X) {
  double largest2 = 0;
  each_row_dot<true>(X, nullptr, [&largest2](Eigen::Index, double norm2) {
    if (norm2 > largest2) largest2 = norm2;
  });
  return std::sqrt(largest2);
}

void squared_norms(const FeatureRef& X, double* norm2) {
  each_row_dot<true>(X, nullptr, [norm2](Eigen::Index i, double value) { norm2[i] = value; });
}

bool squared_norms_finding_subnormal(const FeatureRef& X, double* norm2) {
  SubnormalProbe probe;
  each_row_dot<true>(
      X, nullptr, [norm2](Eigen::Index i, double value) { norm2[i] = value; }, &probe);
  return probe.seen();
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
