// Issue 15 Done-when 2: every size field and every learner parameter at its maximum (one at a time, and all of
// a learner's whole-number parameters at once with n at its maximum), plus the links that crashed, are built and
// stepped, and the process's peak memory stays within the documented budget (kBudgetLimits "memory") above
// what it held before: getrusage natively, the wasm heap's size under node (the heap never shrinks, so its
// size is its peak). Each configuration gets a short time slice: the kernel fits allocate their matrices
// when their stage starts, so the peak shows early.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include "core/config/budget.h"
#include "core/config/fields.h"
#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/session.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#else
#include <sys/resource.h>
#endif

namespace ml {
namespace budget_walk_test {

// Peak bytes of this process so far.
double peak_bytes() {
#ifdef __EMSCRIPTEN__
  return static_cast<double>(emscripten_get_heap_size());
#else
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) * 1024.0;  // Linux: kilobytes
#endif
}

double seconds() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// The value of a setting's maximum as link text (an exclusive maximum: just below it).
std::string max_text(const Setting& s) {
  double x = s.max;
  if (s.max_exclusive) x = std::nextafter(s.max, s.min);
  return format_setting_value(s, x);
}

// The data a learner's walk uses: multiclass learners get 3 classes.
std::string data_for(const LearnerSchema& s) { return s.multiclass ? "data=classes&d=4" : "data=separable&d=4"; }

std::vector<std::string> walk_links() {
  std::vector<std::string> links;
  // Every numeric config field at its maximum, with the data and noise it applies under.
  for (const Field& f : config_fields()) {
    if (f.key == "v" || f.key == "seed" || f.key == "famseed" || f.key == "steps" || !is_numeric(f.type) ||
        f.type == SettingType::choice || f.type == SettingType::boolean)
      continue;
    std::string base = "#v=1&data=separable&learner=perceptron&seed=1";
    if (f.key == "concepts") base = "#v=1&data=finite&d=4&learner=halving&seed=1";
    if (f.key == "q") base = "#v=1&data=classes&learner=uma&seed=1";
    if (f.key == "k" || f.key == "omode") base += "&noise=outliers";
    if (f.key == "eta") base += "&noise=uniform";
    if (f.key == "fam") base = "#v=1&data=classes&noise=family&learner=uma&seed=1";
    if (f.key == "rough" || f.key == "rupd") base = "#v=1&data=classes&rough=50&learner=uma&seed=1";
    if (f.key == "ksigma" || f.key == "klm") base += "&kpca=10";
    links.push_back(base + "&" + f.key + "=" + max_text(f));
  }
  for (const LearnerSchema& s : learner_schemas()) {
    std::string all = "#v=1&" + data_for(s) + "&n=1000000&learner=" + s.id + "&seed=1";
    for (const Setting& p : s.params) {
      links.push_back("#v=1&" + data_for(s) + "&learner=" + s.id + "&l." + p.key + "=" + max_text(p) + "&seed=1");
      if (p.type == SettingType::integer) all += "&l." + p.key + "=" + max_text(p);
    }
    links.push_back(all);
  }
  for (const char* link : {
           "#v=1&data=ring&n=1000000&learner=rp&l.projection=kpca&l.landmarks=100000&l.dims=5000&seed=1",
           "#v=1&data=ring&n=1000000&learner=uma&l.projection=nystrom&l.landmarks=100000&seed=1",
           "#v=1&data=ring&n=1000000&learner=rp&l.projection=kgs&l.dims=5000&seed=1",
           "#v=1&data=ring&n=4000&learner=uma&l.projection=kpca&l.dims=5000&seed=1",
           "#v=1&data=finite&n=100000&d=20&concepts=1000000&learner=halving&seed=1",
           "#v=1&data=separable&n=1000000&d=20&kpca=2000&learner=perceptron&seed=1",
       })
    links.emplace_back(link);
  return links;
}

// The walk is cut into kWalkParts interleaved parts so the test command's shards (tests/CMakeLists.txt) share it.
constexpr int kWalkParts = 4;

// The process's peak before its first walk part: every part's peak is measured from it, so the parts run in
// one process are held to the budget together, as one walk.
double walk_baseline() {
  static const double baseline = peak_bytes();
  return baseline;
}

class BudgetWalk : public ::testing::TestWithParam<int> {};

TEST_P(BudgetWalk, EverySizeAtItsMaximumStaysWithinTheMemoryBudget) {
  const double baseline = walk_baseline();
  const double limit = kBudgetLimits[0].limit;
  const std::vector<std::string> links = walk_links();
  int built = 0, walked = 0;
  const double start = seconds();
  for (std::size_t i = static_cast<std::size_t>(GetParam()); i < links.size(); i += kWalkParts, ++walked) {
    const std::string& link = links[i];
    DecodeResult r = decode_link(link);
    r.config.steps = 1;
    const double t0 = seconds();
    Result<std::unique_ptr<Session>> s = Session::create(r.config, nullptr);
    if (s.ok()) {
      ++built;
      (*s)->advance(1, 1.0, seconds);
      EXPECT_EQ((*s)->failure(), nullptr) << link << ": " << (*s)->failure()->message;
    } else {
      // Refusals are named errors, never a budget the fit should have prevented.
      EXPECT_NE(s.error().code, "session.over_budget") << link << ": " << s.error().message;
      EXPECT_NE(s.error().code, "session.out_of_memory") << link << ": " << s.error().message;
    }
    const double used = peak_bytes() - baseline;
    EXPECT_LE(used, limit) << link << ": peak " << used / 1048576 << " MiB above the start";
    // One configuration's create + one time slice stays short (the budget's unit and step limits).
    EXPECT_LT(seconds() - t0, 60.0) << link;
  }
  // The walk builds most of its configurations (121 of 131 when this was written): a part that refuses most of
  // its links would check nothing.
  EXPECT_GT(built, walked * 3 / 4);
  std::printf("budget walk part %d: %d of %d sessions built, peak %.0f MiB above the start (budget %.0f MiB), %.1f s\n",
              GetParam(), built, walked, (peak_bytes() - baseline) / 1048576, limit / 1048576, seconds() - start);
}

INSTANTIATE_TEST_SUITE_P(Parts, BudgetWalk, ::testing::Range(0, kWalkParts));

}  // namespace budget_walk_test
}  // namespace ml
