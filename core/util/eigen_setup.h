// marginlab — fixes Eigen's run-time choices that would otherwise differ between machines.
#pragma once

namespace ml {

// Sets Eigen's GEMM blocking cache sizes to fixed values. Eigen otherwise reads the CPU's cache sizes
// at run time (natively) or uses defaults (wasm); different blocking splits the k-sum of a matrix
// product differently and changes the last bits (in a Nyström fit with 120 landmarks already).
// Idempotent. Session::create calls it, so every run has the same blocking whatever its entry point; code
// that multiplies matrices outside a session (benches, unit tests of the kernels) calls it first.
void configure_eigen();

}  // namespace ml
