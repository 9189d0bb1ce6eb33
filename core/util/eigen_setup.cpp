// marginlab — deterministic Eigen configuration.
#include "core/util/eigen_setup.h"

#include <Eigen/Core>

namespace ml {

void configure_eigen() {
  // Typical L1/L2/L3 of the reference machines; the values only need to be the same everywhere.
  Eigen::setCpuCacheSizes(32 * 1024, 1024 * 1024, 8 * 1024 * 1024);
}

}  // namespace ml
