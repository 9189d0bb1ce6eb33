// marginlab — deterministic Eigen configuration.
#include "core/util/eigen_setup.h"

#include <Eigen/Core>

namespace ml {

void configure_eigen() {
  // Typical L1/L2/L3 of the reference machines; the values only need to be the same everywhere.
  constexpr std::ptrdiff_t l1 = 32 * 1024, l2 = 1024 * 1024, l3 = 8 * 1024 * 1024;
  // Written only when different: Session::create calls this for every run.
  if (Eigen::l1CacheSize() != l1 || Eigen::l2CacheSize() != l2 || Eigen::l3CacheSize() != l3) {
    Eigen::setCpuCacheSizes(l1, l2, l3);
  }
}

}  // namespace ml
