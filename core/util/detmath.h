// marginlab — deterministic elementary functions.
//
// glibc's libm (native) and musl's libm (emscripten) may round exp/log/sin/cos differently in the last
// bit, which would break the promise that a URL reproduces a run bit for bit. These functions use only
// IEEE-754 basic operations (+ - * / sqrt, exact frexp/ldexp/floor), which every conforming platform
// rounds identically when built with -ffp-contract=off. Accuracy: a few ulp over the stated domains,
// ample for sampling, kernels and thresholds. Use det:: for anything that reaches a result.
#pragma once

namespace ml::det {

// e^x; returns +inf above ~709.78 and 0 below ~-745.
double exp(double x);
// out[i] = exp(in[i]) for i < count, bit for bit (the same operations, two values at a time with SSE4.1 /
// wasm SIMD: the kernel matrices' cost); `in` may equal `out`.
void exp_array(const double* in, double* out, long count);
// Natural logarithm for x > 0; -inf at 0, NaN for x < 0.
double log(double x);
// out[i] = log(in[i]) for i < count, bit for bit (the same operations, two values at a time with SSE4.1 /
// wasm SIMD: the normal sampler's cost); `in` may equal `out`.
void log_array(const double* in, double* out, long count);
// Sine, accurate for |x| up to about 1e6 (Cody-Waite reduction).
double sin(double x);
// Cosine, accurate for |x| up to about 1e6.
double cos(double x);
// atan2(y, x) in (-pi, pi].
double atan2(double y, double x);
// x^y for x > 0 via exp(y log x); exact for small non-negative integer y.
double pow(double x, double y);

// pi as a double.
inline constexpr double kPi = 3.14159265358979323846;

}  // namespace ml::det
