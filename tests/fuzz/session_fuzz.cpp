// marginlab — libFuzzer target for a whole session: a link (decoded against the real learner registry)
// plus a few steps. Whatever the link says, Session::create gives a session or a one-line named Error,
// never a crash, a sanitizer report or an escaped exception; the steps split over a timed advance() (the
// path that slices a learner's preparation) give the same trace as the same steps in one call (the
// Session contract), and every recorded row has the trace's width.
//
// Speed and memory: the target caps the link's sizes itself (kSizeCaps below: n, d, classes, concepts,
// kernel features, every other integer field and every integer learner parameter), so one input costs
// milliseconds, and tools/fuzz.sh runs it under a memory limit (tests/fuzz/session_fuzz.options). The
// caps here are the target's own, independent of the limits a link is given by the core.
// Build and run: tools/fuzz.sh session; seed corpus in tests/fuzz/corpus/session/.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/config/fields.h"
#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/session.h"

namespace {

// Largest value of a config field, by URL key, in this target.
constexpr std::pair<std::string_view, double> kSizeCaps[] = {{"n", 200},  {"d", 8},      {"q", 8},  {"concepts", 128},
                                                             {"kpca", 8}, {"rupd", 200}, {"k", 20}, {"rough", 4}};
// Integer fields that are not sizes (left as the link says).
constexpr std::string_view kNotSizes[] = {"v", "seed", "famseed", "fam", "steps", "split"};
// Largest value of any other integer field and of every integer learner parameter (landmarks, dims,
// folds, rounds, draws per round, ...).
constexpr double kOtherIntegerCap = 16;
// Smallest margin: the basis generator's stream has ceil(1 / margin^2) examples of that many dimensions.
constexpr double kMinMargin = 0.1;
// Steps per input: kFirstSteps untimed, then kTimedSteps under a timed advance() with a fake clock.
constexpr int64_t kFirstSteps = 2;
constexpr int64_t kTimedSteps = 3;

[[noreturn]] void fail(const char* what, const std::string& link, const std::string& detail) {
  std::fprintf(stderr, "session_fuzz: %s\n  link: %s\n  %s\n", what, link.c_str(), detail.c_str());
  std::abort();
}

// The cap of an integer config field, or 0 when the field is not a size.
double size_cap(std::string_view key) {
  for (const auto& [name, cap] : kSizeCaps)
    if (name == key) return cap;
  for (std::string_view name : kNotSizes)
    if (name == key) return 0;
  return kOtherIntegerCap;
}

// Lowers every size of the config to the target's caps (kept within each setting's own minimum).
void cap_sizes(ml::Config& config) {
  for (const ml::Field& field : ml::config_fields()) {
    if (field.key == "margin") {
      ml::SettingValue value = field.get(config);
      if (value.number < kMinMargin) field.set(config, ml::number_value(std::min(kMinMargin, field.max)));
      continue;
    }
    if (field.type != ml::SettingType::integer) continue;
    const double cap = size_cap(field.key);
    if (cap == 0) continue;
    const ml::SettingValue value = field.get(config);
    if (value.number > cap) field.set(config, ml::number_value(std::max(cap, field.min)));
  }
  const ml::LearnerSchema* schema = ml::find_learner_schema(config.learner);
  if (schema == nullptr) return;
  for (ml::ParamValue& param : config.params) {
    for (const ml::Setting& setting : schema->params) {
      if (setting.key == param.name && setting.type == ml::SettingType::integer && param.value > kOtherIntegerCap)
        param.value = std::max(kOtherIntegerCap, setting.min);
    }
  }
}

// A one-line named error.
void check_error(const ml::Error& error, const std::string& link) {
  if (error.code.empty()) fail("an error without a code", link, error.message);
  if (error.message.empty()) fail("an error without a message", link, error.code);
  if (error.message.find('\n') != std::string::npos) fail("a multi-line error message", link, error.message);
}

// Every row of the trace has its width and a step column that does not go back.
void check_trace(const ml::Trace& trace, const std::string& link) {
  if (trace.size() == 0) fail("an empty trace", link, "");
  double previous_step = -1;
  for (size_t i = 0; i < trace.size(); ++i) {
    const double step = trace.at(i, ml::kTraceStep);
    if (!(step >= previous_step)) fail("trace steps go back", link, "row " + std::to_string(i));
    previous_step = step;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  ml::Config config = ml::decode_link(input).config;
  cap_sizes(config);
  std::vector<std::string> left = ml::settle(config);  // capped values are inside every range
  if (!left.empty()) fail("a capped config is not valid", input, left.front());
  const std::string link = ml::encode_url(config);

  try {
    // Two runs of the same link: steps in two calls, one of them timed (preparation sliced), and in one call.
    ml::Result<std::unique_ptr<ml::Session>> split = ml::Session::create(config, nullptr);
    ml::Result<std::unique_ptr<ml::Session>> whole = ml::Session::create(config, nullptr);
    if (split.ok() != whole.ok()) fail("one link, two outcomes of Session::create", link, "");
    if (!split.ok()) {
      check_error(split.error(), link);
      if (split.error().code != whole.error().code) fail("one link, two errors", link, split.error().code);
      return 0;
    }
    ml::Session& a = **split;
    ml::Session& b = **whole;
    double fake_time = 0;
    const ml::ClockFn fake_clock = [&fake_time] { return fake_time += 1e-3; };
    int64_t taken = a.advance(kFirstSteps);
    while (taken < kFirstSteps + kTimedSteps && !a.done()) {
      const int64_t before = a.steps();
      taken += a.advance(kFirstSteps + kTimedSteps - taken, 5e-3, fake_clock);
      if (a.steps() == before && !a.preparing()) fail("a timed advance took no step and prepares nothing", link, "");
    }
    b.advance(a.steps());
    if (a.steps() != b.steps()) fail("the same link took a different number of steps", link, "");
    check_trace(a.trace(), link);
    if (a.trace().sha256() != b.trace().sha256())
      fail("steps split over two advance() calls give another trace", link, std::to_string(a.steps()) + " steps");
    (void)a.metrics();
  } catch (const std::exception& e) {
    fail("an exception escaped the session", link, e.what());
  }
  return 0;
}
