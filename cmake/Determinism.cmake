# The flags that make native and wasm results bit-identical (docs/determinism.md §3):
# no FP contraction (no FMA), SSE4.2 without AVX natively, SSE4.2 intrinsics translated to wasm SIMD
# in the browser. Changing any of these changes the golden hashes in tests/golden/.
add_library(ml_determinism INTERFACE)
target_compile_options(ml_determinism INTERFACE -ffp-contract=off -fno-fast-math)
if(EMSCRIPTEN)
  target_compile_options(ml_determinism INTERFACE -msimd128 -msse4.2)
  target_link_options(ml_determinism INTERFACE -msimd128)
else()
  target_compile_options(ml_determinism INTERFACE -msse4.2 -mno-avx -mno-fma)
endif()
# Eigen must not pick its blocking from this machine's cache sizes at run time either: see
# core/util/eigen_setup.cpp, which fixes them for every build.
