// marginlab — deterministic elementary functions (see detmath.h for why).
#include "core/util/detmath.h"

#include <cmath>
#include <limits>
#if defined(__SSE4_1__)
#include <smmintrin.h>
#endif

namespace ml::det {
namespace {

constexpr double kLn2Hi = 6.93147180369123816490e-01;  // high bits of ln 2 (exact in 32 bits)
constexpr double kLn2Lo = 1.90821492927058770002e-10;  // ln 2 - kLn2Hi
constexpr double kInvLn2 = 1.44269504088896338700e+00;
// e^r's Taylor coefficients from 1/14! down to 1/0!, in Horner order (exp and exp_array share them).
constexpr double kExpTaylor[] = {1.0 / 87178291200.0,
                                 1.0 / 6227020800.0,
                                 1.0 / 479001600.0,
                                 1.0 / 39916800.0,
                                 1.0 / 3628800.0,
                                 1.0 / 362880.0,
                                 1.0 / 40320.0,
                                 1.0 / 5040.0,
                                 1.0 / 720.0,
                                 1.0 / 120.0,
                                 1.0 / 24.0,
                                 1.0 / 6.0,
                                 0.5,
                                 1.0,
                                 1.0};
// 1/k for k = 23, 21, ..., 3: log's atanh series in Horner order (log and log_array share them).
constexpr double kAtanhSeries[] = {1.0 / 23.0, 1.0 / 21.0, 1.0 / 19.0, 1.0 / 17.0, 1.0 / 15.0, 1.0 / 13.0,
                                   1.0 / 11.0, 1.0 / 9.0,  1.0 / 7.0,  1.0 / 5.0,  1.0 / 3.0};
constexpr double kSqrtHalf = 0.70710678118654752440;

// Polynomial sine on [-pi/4, pi/4] (Taylor to x^17: error below 1e-17 on the interval).
double sin_poly(double x) {
  const double x2 = x * x;
  double p = 1.0 / 355687428096000.0;  // 1/17!
  p = p * x2 - 1.0 / 1307674368000.0;  // 1/15!
  p = p * x2 + 1.0 / 6227020800.0;     // 1/13!
  p = p * x2 - 1.0 / 39916800.0;       // 1/11!
  p = p * x2 + 1.0 / 362880.0;         // 1/9!
  p = p * x2 - 1.0 / 5040.0;           // 1/7!
  p = p * x2 + 1.0 / 120.0;            // 1/5!
  p = p * x2 - 1.0 / 6.0;              // 1/3!
  return x + x * x2 * p;
}

// Polynomial cosine on [-pi/4, pi/4] (Taylor to x^18).
double cos_poly(double x) {
  const double x2 = x * x;
  double p = 1.0 / 6402373705728000.0;  // 1/18!
  p = p * x2 - 1.0 / 20922789888000.0;  // 1/16!
  p = p * x2 + 1.0 / 87178291200.0;     // 1/14!
  p = p * x2 - 1.0 / 479001600.0;       // 1/12!
  p = p * x2 + 1.0 / 3628800.0;         // 1/10!
  p = p * x2 - 1.0 / 40320.0;           // 1/8!
  p = p * x2 + 1.0 / 720.0;             // 1/6!
  p = p * x2 - 1.0 / 24.0;              // 1/4!
  p = p * x2 + 0.5;                     // 1/2!
  return 1.0 - x2 * p;
}

// Reduces x to r in [-pi/4, pi/4] with x = k*pi/2 + r; returns k mod 4.
int reduce_half_pi(double x, double* r) {
  // pi/2 split in three parts whose first two have trailing zero bits (Cody-Waite).
  constexpr double kP1 = 1.57079632673412561417e+00;
  constexpr double kP2 = 6.07710050650619224932e-11;
  constexpr double kP3 = 2.02226624879595063154e-21;
  constexpr double kTwoOverPi = 6.36619772367581382433e-01;
  const double k = std::floor(x * kTwoOverPi + 0.5);
  *r = ((x - k * kP1) - k * kP2) - k * kP3;
  long long ki = static_cast<long long>(k);
  return static_cast<int>(((ki % 4) + 4) % 4);
}

// atan on [0, 1] via reduction to |t| <= tan(pi/12) and an odd series.
double atan_unit(double x) {
  constexpr double kTanPi12 = 0.267949192431122706473;  // tan(pi/12) = 2 - sqrt(3)
  constexpr double kSqrt3 = 1.73205080756887729353;
  double offset = 0.0;
  if (x > kTanPi12) {  // atan(x) = pi/6 + atan((sqrt3 x - 1)/(sqrt3 + x))
    x = (kSqrt3 * x - 1.0) / (kSqrt3 + x);
    offset = kPi / 6.0;
  }
  const double x2 = x * x;  // |x| <= 0.268: x^2 <= 0.0718, 16 terms reach 1e-19
  double p = 0.0;
  for (int k = 31; k >= 3; k -= 2) p = p * x2 + ((k / 2) % 2 == 0 ? 1.0 : -1.0) / k;
  return offset + x + x * x2 * p;
}

}  // namespace

double exp(double x) {
  if (std::isnan(x)) return x;
  if (x > 709.782712893384) return std::numeric_limits<double>::infinity();
  if (x < -745.2) return 0.0;
  const double k = std::floor(x * kInvLn2 + 0.5);
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;  // |r| <= 0.35
  // Taylor series of e^r to r^14: remainder below 2e-17 relative.
  double p = kExpTaylor[0];
  for (int i = 1; i < 15; ++i) p = p * r + kExpTaylor[i];
  return std::ldexp(p, static_cast<int>(k));
}

void exp_array(const double* in, double* out, long count) {
  long i = 0;
#if defined(__SSE4_1__)
  // exp()'s operations on two lanes; ldexp(p, k) becomes p * 2^k, exact while the result is normal
  // (-1021 <= k <= 1023, p in [0.70, 1.42]). Lanes outside that range (overflow, subnormal or zero results,
  // NaN) are redone by exp() itself.
  const __m128d inv_ln2 = _mm_set1_pd(kInvLn2), ln2_hi = _mm_set1_pd(kLn2Hi), ln2_lo = _mm_set1_pd(kLn2Lo);
  const __m128d half = _mm_set1_pd(0.5), k_min = _mm_set1_pd(-1021.0), k_max = _mm_set1_pd(1023.0);
  const __m128d shifter = _mm_set1_pd(6755399441055744.0);  // 1.5 * 2^52: k + shifter holds k in its low bits
  const __m128i bias = _mm_set1_epi64x(1023);
  for (; i + 2 <= count; i += 2) {
    const __m128d x = _mm_loadu_pd(in + i);
    const __m128d k = _mm_floor_pd(_mm_add_pd(_mm_mul_pd(x, inv_ln2), half));
    const __m128d r = _mm_sub_pd(_mm_sub_pd(x, _mm_mul_pd(k, ln2_hi)), _mm_mul_pd(k, ln2_lo));
    __m128d p = _mm_set1_pd(kExpTaylor[0]);
    for (int t = 1; t < 15; ++t) p = _mm_add_pd(_mm_mul_pd(p, r), _mm_set1_pd(kExpTaylor[t]));
    const __m128i bits = _mm_slli_epi64(_mm_add_epi64(_mm_castpd_si128(_mm_add_pd(k, shifter)), bias), 52);
    _mm_storeu_pd(out + i, _mm_mul_pd(p, _mm_castsi128_pd(bits)));
    const __m128d outside = _mm_or_pd(_mm_cmpunord_pd(x, x), _mm_or_pd(_mm_cmplt_pd(k, k_min), _mm_cmpgt_pd(k, k_max)));
    const int mask = _mm_movemask_pd(outside);
    if (mask != 0) {
      double xs[2];
      _mm_storeu_pd(xs, x);
      if (mask & 1) out[i] = exp(xs[0]);
      if (mask & 2) out[i + 1] = exp(xs[1]);
    }
  }
#endif
  for (; i < count; ++i) out[i] = exp(in[i]);
}

double log(double x) {
  if (std::isnan(x) || x < 0.0) return std::numeric_limits<double>::quiet_NaN();
  if (x == 0.0) return -std::numeric_limits<double>::infinity();
  if (std::isinf(x)) return x;
  int e = 0;
  double m = std::frexp(x, &e);  // x = m 2^e, m in [0.5, 1)
  if (m < kSqrtHalf) {
    m *= 2.0;
    e -= 1;
  }
  // log(m) = 2 atanh(f), f = (m-1)/(m+1), |f| <= 0.1716
  const double f = (m - 1.0) / (m + 1.0);
  const double f2 = f * f;
  double p = 0.0;
  for (double c : kAtanhSeries) p = p * f2 + c;
  const double log_m = 2.0 * (f + f * f2 * p);
  return (e * kLn2Hi + log_m) + e * kLn2Lo;
}

void log_array(const double* in, double* out, long count) {
  long i = 0;
#if defined(__SSE4_1__)
  // log()'s operations on two lanes; frexp becomes bit surgery, exact for positive normal x. Lanes
  // outside that range (zero, subnormal, negative, infinite, NaN) are redone by log() itself.
  const __m128d min_normal = _mm_set1_pd(std::numeric_limits<double>::min());
  const __m128d max_finite = _mm_set1_pd(std::numeric_limits<double>::max());
  const __m128i mantissa_bits = _mm_set1_epi64x(0x000FFFFFFFFFFFFFLL);
  const __m128i half_exponent = _mm_set1_epi64x(0x3FE0000000000000LL);  // the bits of 0.5
  const __m128d one = _mm_set1_pd(1.0), two = _mm_set1_pd(2.0), exponent_bias = _mm_set1_pd(1022.0);
  const __m128d sqrt_half = _mm_set1_pd(kSqrtHalf), ln2_hi = _mm_set1_pd(kLn2Hi), ln2_lo = _mm_set1_pd(kLn2Lo);
  for (; i + 2 <= count; i += 2) {
    const __m128d x = _mm_loadu_pd(in + i);
    const __m128i bits = _mm_castpd_si128(x);
    // frexp: x = m 2^e with m in [0.5, 1); e from the biased exponent field (sign 0 in range).
    __m128d m = _mm_castsi128_pd(_mm_or_si128(_mm_and_si128(bits, mantissa_bits), half_exponent));
    const __m128i biased = _mm_shuffle_epi32(_mm_srli_epi64(bits, 52), _MM_SHUFFLE(2, 0, 2, 0));
    __m128d e = _mm_sub_pd(_mm_cvtepi32_pd(biased), exponent_bias);
    const __m128d small = _mm_cmplt_pd(m, sqrt_half);
    m = _mm_blendv_pd(m, _mm_mul_pd(m, two), small);
    e = _mm_sub_pd(e, _mm_and_pd(small, one));
    const __m128d f = _mm_div_pd(_mm_sub_pd(m, one), _mm_add_pd(m, one));
    const __m128d f2 = _mm_mul_pd(f, f);
    __m128d p = _mm_setzero_pd();
    for (double c : kAtanhSeries) p = _mm_add_pd(_mm_mul_pd(p, f2), _mm_set1_pd(c));
    const __m128d log_m = _mm_mul_pd(two, _mm_add_pd(f, _mm_mul_pd(_mm_mul_pd(f, f2), p)));
    const __m128d result = _mm_add_pd(_mm_add_pd(_mm_mul_pd(e, ln2_hi), log_m), _mm_mul_pd(e, ln2_lo));
    const __m128d inside = _mm_and_pd(_mm_cmpge_pd(x, min_normal), _mm_cmple_pd(x, max_finite));
    const int mask = _mm_movemask_pd(inside);
    _mm_storeu_pd(out + i, result);
    if (mask != 3) {
      double xs[2];
      _mm_storeu_pd(xs, x);
      if ((mask & 1) == 0) out[i] = log(xs[0]);
      if ((mask & 2) == 0) out[i + 1] = log(xs[1]);
    }
  }
#endif
  for (; i < count; ++i) out[i] = log(in[i]);
}

double sin(double x) {
  if (!std::isfinite(x)) return std::numeric_limits<double>::quiet_NaN();
  double r = 0.0;
  switch (reduce_half_pi(x, &r)) {
    case 0: return sin_poly(r);
    case 1: return cos_poly(r);
    case 2: return -sin_poly(r);
    default: return -cos_poly(r);
  }
}

double cos(double x) {
  if (!std::isfinite(x)) return std::numeric_limits<double>::quiet_NaN();
  double r = 0.0;
  switch (reduce_half_pi(x, &r)) {
    case 0: return cos_poly(r);
    case 1: return -sin_poly(r);
    case 2: return -cos_poly(r);
    default: return sin_poly(r);
  }
}

double atan2(double y, double x) {
  if (std::isnan(x) || std::isnan(y)) return std::numeric_limits<double>::quiet_NaN();
  const double ax = std::fabs(x), ay = std::fabs(y);
  if (ax == 0.0 && ay == 0.0) return 0.0;
  double a = ay <= ax ? atan_unit(ay / ax) : kPi / 2.0 - atan_unit(ax / ay);
  if (x < 0.0) a = kPi - a;
  return y < 0.0 ? -a : a;
}

double pow(double x, double y) {
  if (y >= 0.0 && y <= 64.0 && y == std::floor(y)) {
    double result = 1.0, base = x;
    for (unsigned n = static_cast<unsigned>(y); n != 0; n >>= 1) {
      if (n & 1U) result *= base;
      base *= base;
    }
    return result;
  }
  if (x == 0.0) return y > 0.0 ? 0.0 : std::numeric_limits<double>::infinity();
  return exp(y * log(x));
}

}  // namespace ml::det
