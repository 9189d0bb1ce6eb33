# Compiler warnings, from this one place, for every target of the project (core, app, native, web, tests,
# fuzz, bench): each of them links ml_warnings PRIVATE. Third-party headers (Eigen, ImGui, GoogleTest,
# nlohmann, fast_float, Spectra, stb) are SYSTEM include directories, so their warnings are not ours; the
# web build's ImGui library (.deps/imgui, app/CMakeLists.txt) and GoogleTest do not link ml_warnings.
# ML_WERROR makes the warnings errors. tools/test.sh turns it on for its builds (g++ 12, clang 14 and
# emscripten 3.1.6 build warning-free); it is off by default so that a newer compiler's new warnings do not
# stop a user's build.
option(ML_WERROR "Treat compiler warnings in the project's own code as errors" OFF)
add_library(ml_warnings INTERFACE)
target_compile_options(ml_warnings INTERFACE -Wall -Wextra $<$<BOOL:${ML_WERROR}>:-Werror>)
