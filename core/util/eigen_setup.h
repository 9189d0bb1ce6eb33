// marginlab — fixes Eigen's run-time choices that would otherwise differ between machines.
#pragma once

namespace ml {

// Sets Eigen's GEMM blocking cache sizes to fixed values. Eigen otherwise reads the CPU's cache sizes
// at run time (natively) or uses defaults (wasm); different blocking splits the k-sum of a matrix
// product differently and changes the last bits. Idempotent; call before any matrix product.
void configure_eigen();

}  // namespace ml
