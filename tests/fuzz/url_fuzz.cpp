// libFuzzer target for the URL codec: decoding arbitrary bytes never crashes, and the canonical link
// of whatever was decoded reads back silently to the same config and the same text (a fixed point).
// Build: tools/fuzz.sh (clang++-14 -fsanitize=fuzzer,address); seed corpus in tests/fuzz/corpus/url/.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/config/fields.h"
#include "core/config/url.h"

namespace {

// A small registry with every parameter kind, binary and multiclass learners.
// A numeric learner parameter: key, label, type, default, inclusive range, choices, log scale.
ml::Setting param(std::string key, std::string label, ml::SettingType type, double default_value, double min, double max,
                  std::vector<std::string> choices, bool log_scale) {
  ml::Setting s{.key = std::move(key), .label = std::move(label), .type = type, .min = min, .max = max,
                .log_scale = log_scale, .choices = std::move(choices)};
  s.default_value = ml::number_value(default_value);
  return s;
}

std::vector<ml::LearnerSchema> fuzz_learners() {
  using ml::SettingType;
  ml::LearnerSchema perceptron{"perceptron", "Perceptron", false, {}};
  perceptron.params = {param("normalize", "Normalize", SettingType::boolean, 1, 0, 1, {}, false)};
  ml::LearnerSchema kernel{"kernel_perceptron", "Kernel perceptron", false, {}};
  kernel.params = {param("kernel", "Kernel", SettingType::choice, 2, 0, 2, {"linear", "polynomial", "gaussian"}, false),
                   param("sigma", "Width", SettingType::real, 1, 0.01, 100, {}, true),
                   param("degree", "Degree", SettingType::integer, 3, 1, 10, {}, false),
                   param("offset", "Offset", SettingType::real, 0, -5, 5, {}, false)};
  ml::LearnerSchema uma{"uma", "UMA", true, {}};
  uma.params = {param("alpha", "Alpha", SettingType::real, 0.05, 0, 1, {}, false),
                param("select", "Selection", SettingType::choice, 0, 0, 2, {"error", "conf", "random"}, false)};
  return {perceptron, kernel, uma};
}

[[noreturn]] void fail(const char* what, const std::string& input, const std::string& url, const std::string& detail) {
  std::fprintf(stderr, "url_fuzz: %s\n  input: %s\n  canonical: %s\n  %s\n", what, ml::quote_for_message(input).c_str(),
               url.c_str(), detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::vector<ml::LearnerSchema> learners = fuzz_learners();
  const std::string input(reinterpret_cast<const char*>(data), size);
  const ml::DecodeResult first = ml::decode_url(input, learners);
  const std::string url = ml::encode_url(first.config, learners);
  const ml::DecodeResult second = ml::decode_url(url, learners);
  if (!second.warnings.empty()) fail("the canonical link gives warnings", input, url, second.warnings.front());
  if (!(second.config == first.config)) fail("the canonical link reads as another config", input, url, "");
  const std::string again = ml::encode_url(second.config, learners);
  if (again != url) fail("the canonical link is not stable", input, url, again);
  ml::Config copy = first.config;
  const std::vector<std::string> left = ml::validate(copy, learners);
  if (!left.empty()) fail("a decoded config is not valid", input, url, left.front());
  return 0;
}
