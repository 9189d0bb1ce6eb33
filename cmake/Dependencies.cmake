# Third-party code comes from Debian's packages only (docs/toolchain.md §1); nothing is vendored.
#   ml::eigen    Eigen 3.4 (web: a patched copy made at configure time, see below)
#   ml::headers  header-only helpers: fast_float, nlohmann-json
#   GTest        googletest (native: the installed package; web: built from /usr/src/googletest)

set(ML_DEPS_DIR "${CMAKE_BINARY_DIR}/_deps")
set(ML_DEPS_INCLUDE "${ML_DEPS_DIR}/include")
file(MAKE_DIRECTORY "${ML_DEPS_INCLUDE}")

# --- header-only libraries: expose just their folders (never all of /usr/include to emscripten) ---
foreach(dir fast_float nlohmann Spectra)
  if(NOT EXISTS "/usr/include/${dir}")
    message(FATAL_ERROR "/usr/include/${dir} is missing: run tools/setup.sh")
  endif()
  if(NOT EXISTS "${ML_DEPS_INCLUDE}/${dir}")
    file(CREATE_LINK "/usr/include/${dir}" "${ML_DEPS_INCLUDE}/${dir}" SYMBOLIC)
  endif()
endforeach()
add_library(ml_headers INTERFACE)
target_include_directories(ml_headers SYSTEM INTERFACE "${ML_DEPS_INCLUDE}")
add_library(ml::headers ALIAS ml_headers)

# --- Eigen ---
set(ML_EIGEN_SYSTEM "/usr/include/eigen3")
if(NOT EXISTS "${ML_EIGEN_SYSTEM}/Eigen/Core")
  message(FATAL_ERROR "Eigen not found at ${ML_EIGEN_SYSTEM}: run tools/setup.sh")
endif()
add_library(ml_eigen INTERFACE)
if(EMSCRIPTEN)
  # Eigen 3.4 + emscripten 3.1.6 (docs/toolchain.md §4): emscripten lacks mmintrin.h (an empty stub suffices),
  # and SSE/AVX PacketMath.h take an x86 inline-asm path because clang reports __GNUC__ 4.2.
  set(ML_EIGEN_WEB "${ML_DEPS_DIR}/eigen3")
  if(NOT EXISTS "${ML_EIGEN_WEB}/.patched")
    file(REMOVE_RECURSE "${ML_EIGEN_WEB}")
    file(COPY "${ML_EIGEN_SYSTEM}/" DESTINATION "${ML_EIGEN_WEB}")
    foreach(f SSE/PacketMath.h AVX/PacketMath.h)
      set(path "${ML_EIGEN_WEB}/Eigen/src/Core/arch/${f}")
      file(READ "${path}" text)
      string(REPLACE "EIGEN_COMP_GNUC && EIGEN_COMP_GNUC < 63" "EIGEN_COMP_GNUC_STRICT && EIGEN_COMP_GNUC < 63" patched "${text}")
      if(patched STREQUAL text)
        message(FATAL_ERROR "Eigen patch did not apply to ${path}")
      endif()
      file(WRITE "${path}" "${patched}")
    endforeach()
    file(WRITE "${ML_EIGEN_WEB}/mmintrin.h" "/* stub: emscripten 3.1.6 has no mmintrin.h; Eigen needs none of it */\n")
    file(WRITE "${ML_EIGEN_WEB}/.patched" "")
  endif()
  target_include_directories(ml_eigen SYSTEM INTERFACE "${ML_EIGEN_WEB}")
else()
  target_include_directories(ml_eigen SYSTEM INTERFACE "${ML_EIGEN_SYSTEM}")
endif()
# EIGEN_ARCH_DEFAULT_NUMBER_OF_REGISTERS: Eigen's SSE backend assumes 2*sizeof(void*) registers, i.e. 16
# natively (x86-64) but 8 in wasm32; that changes GEMM/TRSM/SYRK register blocking and hence the rounding of
# every matrix product with an inner dimension >= 16, of LLT and of SelfAdjointEigenSolver (measured: the
# same product differed in the last bits). Fixing it to 16 in both builds makes them bit-identical again.
target_compile_definitions(ml_eigen INTERFACE EIGEN_MPL2_ONLY EIGEN_DONT_PARALLELIZE EIGEN_ARCH_DEFAULT_NUMBER_OF_REGISTERS=16)
add_library(ml::eigen ALIAS ml_eigen)

# --- GoogleTest ---
if(ML_BUILD_TESTS)
  if(EMSCRIPTEN)
    set(BUILD_GMOCK OFF CACHE BOOL "" FORCE)
    set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
    set(gtest_disable_pthreads ON CACHE BOOL "" FORCE)
    add_subdirectory(/usr/src/googletest "${ML_DEPS_DIR}/googletest" EXCLUDE_FROM_ALL)
    # Its headers are third-party code: SYSTEM for the tests that include them (ml_warnings, cmake/Warnings.cmake),
    # as the installed package's imported target makes them natively.
    get_target_property(ml_gtest_includes gtest INTERFACE_INCLUDE_DIRECTORIES)
    set_property(TARGET gtest APPEND PROPERTY INTERFACE_SYSTEM_INCLUDE_DIRECTORIES ${ml_gtest_includes})
  else()
    find_package(GTest REQUIRED)
  endif()
endif()
