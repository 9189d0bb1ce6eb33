// marginlab — ML_FLATTEN: the compiler inlines every call inside the marked function.
#pragma once

// For hot loops whose helpers (Eigen's dot and axpy, small SIMD helpers, a sink lambda) the compiler may otherwise
// leave as calls per element; the arithmetic is unchanged, so are the bits.
#if defined(__GNUC__) || defined(__clang__)
#define ML_FLATTEN __attribute__((flatten))
#else
#define ML_FLATTEN
#endif
