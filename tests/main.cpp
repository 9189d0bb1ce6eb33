// marginlab — test entry point: the same deterministic Eigen setup as the CLI and the app.
#include <gtest/gtest.h>

#include "core/util/eigen_setup.h"

int main(int argc, char** argv) {
  ml::configure_eigen();
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
