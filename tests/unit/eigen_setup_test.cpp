// Eigen's product blocking is part of a run's bits: Session::create fixes it (configure_eigen), so a run
// started after something else set other cache sizes gives the same trace. The page never called
// configure_eigen() and ran with Eigen's wasm defaults: its trace of the Nyström golden link differed from
// the command line's.
#include <gtest/gtest.h>

#include <Eigen/Core>
#include <string>

#include "core/util/eigen_setup.h"
#include "tests/unit/test_session.h"

namespace ml {
namespace eigen_setup_test {

// The golden UMA run on a 120-landmark Nyström map (tests/golden/runs.tsv): its products are large enough
// for the blocking to change their last bits.
constexpr const char* kNystromLink =
    "#v=1&data=classes&n=800&d=8&margin=0.02&q=4&noise=uniform&eta=0.2&learner=uma&l.projection=nystrom"
    "&l.dims=30&l.sigma=2&l.landmarks=120&seed=34";

std::string trace_after_200_steps() {
  std::unique_ptr<Session> s = test::trained(kNystromLink, 200);
  return s ? s->trace().sha256() : std::string();
}

TEST(EigenSetup, ASessionFixesTheProductBlockingWhateverWasSetBefore) {
  configure_eigen();
  const std::string configured = trace_after_200_steps();
  // Eigen's defaults where it cannot read the CPU's caches (wasm: what the page ran with), then the
  // opposite extreme.
  for (const auto& [l1, l2, l3] :
       {std::tuple{16 * 1024, 512 * 1024, 512 * 1024}, std::tuple{8 * 1024, 64 * 1024, 64 * 1024}}) {
    Eigen::setCpuCacheSizes(l1, l2, l3);
    const std::string after = trace_after_200_steps();
    EXPECT_EQ(Eigen::l1CacheSize(), 32 * 1024) << "Session::create left the blocking as it found it";
    configure_eigen();  // the other tests' blocking, whatever happened above
    EXPECT_EQ(after, configured) << "cache sizes " << l1 << "/" << l2 << "/" << l3;
  }
  EXPECT_FALSE(configured.empty());
}

}  // namespace eigen_setup_test
}  // namespace ml
