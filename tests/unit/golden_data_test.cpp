// Golden data: every line of tests/golden/data.tsv (URL<TAB>sha256 of the `data` file) is recomputed
// in-process. The same test runs natively and under node (wasm SIMD): passing in both proves the
// generators, split, normalization and noise are bit-identical across builds.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/pipeline.h"
#include "core/util/sha256.h"

#ifndef ML_TEST_DIR
#define ML_TEST_DIR "tests"
#endif

namespace ml {
namespace golden_data_test {

TEST(GoldenData, EveryConfigReproducesItsHash) {
  std::ifstream in(std::string(ML_TEST_DIR) + "/golden/data.tsv");
  ASSERT_TRUE(in) << "missing tests/golden/data.tsv";
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const size_t tab = line.find('\t');
    ASSERT_NE(tab, std::string::npos) << line;
    const std::string url = line.substr(0, tab), expected = line.substr(tab + 1);
    DecodeResult decoded = decode_link(url);
    EXPECT_TRUE(decoded.warnings.empty()) << url << ": " << decoded.warnings.front();
    EXPECT_EQ(encode_url(decoded.config), url) << "golden URLs are canonical";
    Result<PreparedData> data = prepare_data(decoded.config, nullptr);
    ASSERT_TRUE(data.ok()) << url << ": " << data.error().message;
    EXPECT_EQ(sha256_hex(render_data_csv(data.value())), expected) << url;
    ++checked;
  }
  EXPECT_GE(checked, 12);
}

}  // namespace golden_data_test
}  // namespace ml
