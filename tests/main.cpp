// marginlab — test entry point: the same deterministic Eigen setup as the CLI and the app.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/util/eigen_setup.h"

namespace {

// `--ml_shard=I/N` runs GoogleTest's shard I of N. GoogleTest reads its shard from the environment, which the
// wasm build under node does not see (emscripten gives the program its own environment), so ctest passes the
// shard as an argument in both builds (tests/CMakeLists.txt) and it is set here. Removed from argv.
void take_shard_argument(int& argc, char** argv) {
  constexpr const char* kFlag = "--ml_shard=";
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], kFlag, std::strlen(kFlag)) != 0) continue;
    const std::string value = argv[i] + std::strlen(kFlag);
    const std::size_t slash = value.find('/');
    if (slash == std::string::npos) {
      std::fprintf(stderr, "--ml_shard=%s: expected INDEX/COUNT, e.g. --ml_shard=0/2\n", value.c_str());
      std::exit(2);
    }
    setenv("GTEST_SHARD_INDEX", value.substr(0, slash).c_str(), 1);
    setenv("GTEST_TOTAL_SHARDS", value.substr(slash + 1).c_str(), 1);
    for (int j = i; j + 1 < argc; ++j) argv[j] = argv[j + 1];
    --argc;
    return;
  }
}

}  // namespace

int main(int argc, char** argv) {
  take_shard_argument(argc, argv);
  ml::configure_eigen();
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
