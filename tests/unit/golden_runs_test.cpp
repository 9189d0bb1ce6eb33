// Golden runs: every line of tests/golden/runs.tsv (URL<TAB>steps<TAB>trace_sha256) is rerun in-process
// through run_headless, the code path of `marginlab run`. The same test runs natively and under node
// (wasm SIMD): passing in both proves the learners, the session and the trace are bit-identical.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <string>

#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/run_report.h"
#include "core/util/format.h"

#ifndef ML_TEST_DIR
#define ML_TEST_DIR "tests"
#endif

namespace ml {
namespace golden_runs_test {

TEST(GoldenRuns, EveryConfigReproducesItsTraceHash) {
  std::ifstream in(std::string(ML_TEST_DIR) + "/golden/runs.tsv");
  ASSERT_TRUE(in) << "missing tests/golden/runs.tsv";
  std::string line;
  std::set<std::string> learners;
  int checked = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;  // (URLs start with '#': no comment lines)
    const size_t tab1 = line.find('\t');
    const size_t tab2 = tab1 == std::string::npos ? tab1 : line.find('\t', tab1 + 1);
    ASSERT_NE(tab2, std::string::npos) << "expected URL<TAB>steps<TAB>sha256: " << line;
    const std::string url = line.substr(0, tab1);
    long long steps = 0;
    ASSERT_TRUE(parse_int64(line.substr(tab1 + 1, tab2 - tab1 - 1), &steps)) << line;
    const std::string expected = line.substr(tab2 + 1);
    DecodeResult decoded = decode_link(url);
    EXPECT_TRUE(decoded.warnings.empty()) << url << ": " << decoded.warnings.front();
    RunOptions options;
    options.steps = steps;
    Result<RunReport> report = run_headless(decoded.config, encode_url(decoded.config), nullptr, options);
    ASSERT_TRUE(report.ok()) << url << ": " << report.error().message;
    EXPECT_EQ(report->trace_sha256, expected) << url << " (" << steps << " steps)";
    learners.insert(decoded.config.learner);
    ++checked;
  }
  EXPECT_GE(checked, 4);
  for (const char* id : {"perceptron", "kernel_perceptron", "averaging", "bylander"}) {
    EXPECT_GE(learners.count(id), 1u) << "no golden run for " << id;
  }
}

}  // namespace golden_runs_test
}  // namespace ml
