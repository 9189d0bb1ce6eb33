// libFuzzer target for the URL codec on the real learner registry (every learner and parameter the page
// and the command line know): decoding arbitrary bytes never crashes, the canonical link of whatever was
// decoded reads back silently to the same config and the same text (a fixed point), and a decoded config
// is valid. The one warning a canonical link may keep is the resource budget's refusal of a generated config that
// no size field brings within the budget (core/config/budget.h): a statement about the config, not a change to
// it. Build and run: tools/fuzz.sh (preset asan); seed corpus in tests/fuzz/corpus/url/.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/config/budget.h"
#include "core/config/fields.h"
#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/registry.h"

namespace {

[[noreturn]] void fail(const char* what, const std::string& input, const std::string& url, const std::string& detail) {
  std::fprintf(stderr, "url_fuzz: %s\n  input: %s\n  canonical: %s\n  %s\n", what, ml::quote_for_message(input).c_str(),
               url.c_str(), detail.c_str());
  std::abort();
}

// True when `warnings` says nothing but that `config` is over the resource budget and will be refused.
bool only_the_budget_refusal(const std::vector<std::string>& warnings, const ml::Config& config) {
  if (warnings.empty()) return true;
  if (warnings.size() != 1 || config.use_csv) return false;
  const bool over = !ml::budget_excess(ml::estimate_resources(config, ml::generated_shape(config))).empty();
  const std::string_view tail = "it will be refused";
  const std::string& w = warnings.front();
  return over && w.size() >= tail.size() && w.compare(w.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const ml::DecodeResult first = ml::decode_link(input);
  const std::string url = ml::encode_url(first.config);
  const ml::DecodeResult second = ml::decode_link(url);
  if (!only_the_budget_refusal(second.warnings, second.config))
    fail("the canonical link gives warnings", input, url, second.warnings.front());
  if (!(second.config == first.config)) fail("the canonical link reads as another config", input, url, "");
  const std::string again = ml::encode_url(second.config);
  if (again != url) fail("the canonical link is not stable", input, url, again);
  ml::Config copy = first.config;
  const std::vector<std::string> left = ml::settle(copy);
  if (!only_the_budget_refusal(left, copy)) fail("a decoded config is not valid", input, url, left.front());
  return 0;
}
