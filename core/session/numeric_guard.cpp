// marginlab — what the session does about numbers float32 cannot hold (see numeric_guard.h).
#include "core/session/numeric_guard.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <vector>
#if defined(__SSE4_1__)
#include <smmintrin.h>
#endif

#include "core/metrics/metrics.h"

namespace ml {

namespace {
constexpr double kFloatMax = std::numeric_limits<float>::max();
constexpr double kFloatMinNormal = std::numeric_limits<float>::min();
constexpr const char* kFix = "scale the features (field 'norm': unit or standardize)";

// x as "%.3g".
std::string short_number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", x);
  return buf;
}

// The column of row i with the largest |x_ij| (the first non-finite one when there is one).
int largest_feature(const Dataset& part, int i) {
  int best = 0;
  for (int j = 0; j < part.cols(); ++j) {
    const float v = part.X(i, j);
    if (!std::isfinite(v)) return j;
    if (std::fabs(v) > std::fabs(part.X(i, best))) best = j;
  }
  return best;
}

// The first column of row i holding a subnormal float32 (0 < |x_ij| < float32's smallest normal number), or -1.
int subnormal_feature(const Dataset& part, int i) {
  for (int j = 0; j < part.cols(); ++j) {
    const double v = std::fabs(part.X(i, j));
    if (v > 0 && v < kFloatMinNormal) return j;
  }
  return -1;
}

// "row i (feature 'name' = value)" of column j.
std::string feature_place(const Dataset& part, int i, int j) {
  const std::string name = static_cast<size_t>(j) < part.feature_names.size()
                               ? part.feature_names[static_cast<size_t>(j)]
                               : "x" + std::to_string(j + 1);
  return "row " + std::to_string(i + 1) + " (feature '" + name + "' = " + short_number(part.X(i, j)) + ")";
}

// The place of row i's largest feature.
std::string row_place(const Dataset& part, int i) { return feature_place(part, i, largest_feature(part, i)); }

// The squared norm of row i in double (it cannot overflow for float entries).
// Row i's squared norm in double and whether a feature is subnormal, in one pass. The norm is summed in four
// interleaved parts: it is only compared with thresholds, and four independent sums let a fit's check of 200 000
// rows run at memory speed rather than at one addition's latency per feature.
struct RowScan {
  double norm2 = 0;
  bool subnormal = false;
};
RowScan scan_row(const Dataset& part, int i) {
  const float* x = part.X.row(i).data();
  const int d = part.cols();
  double sum[4] = {0, 0, 0, 0};
  int tiny = 0;
  for (int j = 0; j < d; ++j) {
    const double v = x[j];
    sum[j & 3] += v * v;
    tiny += static_cast<int>(std::fabs(x[j]) < std::numeric_limits<float>::min()) & static_cast<int>(x[j] != 0.0f);
  }
  return {(sum[0] + sum[1]) + (sum[2] + sum[3]), tiny > 0};
}

// The bit patterns of |x| between which a row of d float32 features certainly passes check_float_scale: every
// |x| at most `high` keeps the squared norm at most d high^2 <= float32's largest / 2, and one |x| at least `low`
// keeps it at least low^2 >= 2 x float32's smallest normal number.
struct PlainRange {
  int32_t low = 0;
  int32_t high = 0;
};
int32_t float_bits(float v) {
  int32_t bits = 0;
  std::memcpy(&bits, &v, sizeof bits);
  return bits;
}
PlainRange plain_range(int d) {
  const double high = std::sqrt(0.5 * kFloatMax / std::max(d, 1));
  const double low = std::sqrt(2 * kFloatMinNormal);
  float h = static_cast<float>(high);
  if (static_cast<double>(h) > high) h = std::nextafter(h, 0.0f);
  float l = static_cast<float>(low);
  if (static_cast<double>(l) < low) l = std::nextafter(l, kFloatMax);
  return {float_bits(l), float_bits(h)};
}

// The ORs of row_plainly_in_range's two tests over features read one at a time (the features past the last four
// with SSE4.1, every feature without it).
struct PlainTests {
  int32_t outside = 0;
  int32_t reaches_low = 0;

  void take(const float* x, PlainRange range) {
    const int32_t magnitude = float_bits(*x) & 0x7fffffff;
    const int32_t subnormal = static_cast<int32_t>(magnitude < 0x00800000) & static_cast<int32_t>(magnitude != 0);
    outside |= static_cast<int32_t>(magnitude > range.high) | subnormal;  // infinity and NaN are above high
    reaches_low |= static_cast<int32_t>(magnitude >= range.low);
  }
};

#if defined(__SSE4_1__)
// PlainTests::take on four features at once, over x[0, end) (end a multiple of 4), from two running extremes of
// the features' magnitudes m (their bits without the sign): the largest m decides `outside` (above high: too
// large, infinite or NaN) and `reaches_low`; the smallest m - 1 as unsigned (m = 0 wraps to the largest) is below
// 0x7fffff exactly when a feature is subnormal (m in 1..0x7fffff).
void take_fours(const float* x, int end, PlainRange range, PlainTests* tests) {
  const __m128i magnitude_mask = _mm_set1_epi32(0x7fffffff), one = _mm_set1_epi32(1);
  __m128i largest = _mm_setzero_si128(), smallest_less_1 = _mm_set1_epi32(-1);
  for (int j = 0; j < end; j += 4) {
    const __m128i magnitude = _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x + j)), magnitude_mask);
    largest = _mm_max_epi32(largest, magnitude);
    smallest_less_1 = _mm_min_epu32(smallest_less_1, _mm_sub_epi32(magnitude, one));
  }
  int32_t large[4];
  uint32_t small[4];
  _mm_storeu_si128(reinterpret_cast<__m128i*>(large), largest);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(small), smallest_less_1);
  const int32_t top = std::max(std::max(large[0], large[1]), std::max(large[2], large[3]));
  const uint32_t bottom = std::min(std::min(small[0], small[1]), std::min(small[2], small[3]));
  tests->outside |= static_cast<int32_t>(top > range.high) | static_cast<int32_t>(bottom < 0x007fffffu);
  tests->reaches_low |= static_cast<int32_t>(top >= range.low);
}
#endif

// Whether a row certainly passes, judged from its features' bits: no NaN, infinity or subnormal, every |x| at
// most range.high and one at least range.low. Integer compares only, four features at a time with SSE4.1 (native,
// and wasm through Emscripten's SSE headers); a row it cannot vouch for (an all-zero row among them) gets the exact
// scan, which decides and words the error.
bool row_plainly_in_range(const float* x, int d, PlainRange range) {
  PlainTests tests;
  int j = 0;
#if defined(__SSE4_1__)
  j = d - d % 4;
  take_fours(x, j, range, &tests);
#endif
  for (; j < d; ++j) tests.take(x + j, range);
  return tests.outside == 0 && tests.reaches_low != 0;
}
}  // namespace

namespace {
// How a scale error about `part_name` opens ("the training part, ").
std::string error_opening(std::string_view part_name) { return "the " + std::string(part_name) + ", "; }

// check_float_scale on rows [begin, end) of `part`; `where` opens its error (error_opening).
Status check_rows(const Dataset& part, const std::string& where, int begin, int end) {
  const PlainRange range = plain_range(part.cols());
  for (int i = begin; i < end; ++i) {
    if (row_plainly_in_range(part.X.row(i).data(), part.cols(), range)) continue;
    const RowScan scan = scan_row(part, i);
    const double norm2 = scan.norm2;
    if (!std::isfinite(norm2)) {
      return make_error("session.data_scale", where + row_place(part, i) + ": a feature is NaN or infinite");
    }
    if (norm2 > kFloatMax) {
      return make_error("session.data_scale", where + row_place(part, i) + ": its squared norm " + short_number(norm2) +
                                                  " overflows float32 (largest " + short_number(kFloatMax) +
                                                  "), so margins and weights built from it overflow; " + kFix);
    }
    if (norm2 > 0 && norm2 < kFloatMinNormal) {
      return make_error("session.data_scale",
                        where + row_place(part, i) + ": its squared norm " + short_number(norm2) +
                            " is below float32's smallest normal number (" + short_number(kFloatMinNormal) +
                            "), so its inner products underflow to 0 and 1/||x|| overflows; " + kFix);
    }
    if (const int j = scan.subnormal ? subnormal_feature(part, i) : -1; j >= 0) {
      return make_error("session.data_scale",
                        where + feature_place(part, i, j) + ": below float32's smallest normal number (" +
                            short_number(kFloatMinNormal) + "), a feature keeps too few digits to learn from; " + kFix);
    }
  }
  return Status::Ok();
}
}  // namespace

Status check_float_scale(const Dataset& part, std::string_view part_name) {
  return check_rows(part, error_opening(part_name), 0, part.rows());
}

// One read of the part for both its check and its radius, a chunk at a time: the rows' squared norms and whether
// the chunk holds a subnormal feature (squared_norms_finding_subnormal). A row whose squared norm lies between 2 x
// float32's smallest normal number and half its largest passes check_rows (whose own sum of the squares differs from
// this one in its last bits at most), so only the other rows are checked, one by one; a chunk with a subnormal
// feature fails it, and check_rows finds and words its first error.
Result<double> checked_radius(const Dataset& part, std::string_view part_name) {
  const std::string where = error_opening(part_name);
  const int chunk = cache_chunk_rows(part.cols());
  std::vector<double> norm2(static_cast<size_t>(std::min(chunk, part.rows())));
  double largest2 = 0;
  for (int begin = 0; begin < part.rows(); begin += chunk) {
    const int end = std::min(part.rows(), begin + chunk);
    if (squared_norms_finding_subnormal(part.X.middleRows(begin, end - begin), norm2.data())) {
      if (Status st = check_rows(part, where, begin, end); !st.ok()) return st.error();
    }
    for (int i = begin; i < end; ++i) {
      const double r2 = norm2[static_cast<size_t>(i - begin)];
      if (!(r2 >= 2 * kFloatMinNormal && r2 <= 0.5 * kFloatMax)) {
        if (Status st = check_rows(part, where, i, i + 1); !st.ok()) return st.error();
      }
      largest2 = std::max(largest2, r2);
    }
  }
  return std::sqrt(largest2);
}

std::string numeric_overflow_note(bool by_learner, int64_t first_step, int64_t step) {
  if (by_learner) {
    return "at step " + std::to_string(step) +
           ", a margin or score the learner computed became NaN or infinite (beyond float32); " + kFix;
  }
  const std::string steps = first_step == step
                                ? "at step " + std::to_string(step)
                                : "during steps " + std::to_string(first_step) + "-" + std::to_string(step);
  return steps + ", a weight of the hypothesis became NaN or infinite (beyond float32); " + kFix;
}

}  // namespace ml
