// marginlab bench — the parts a trace row and a run's report spend their time on, each beside the reference it
// replaced or is measured against, on the same inputs in one run (median of --reps):
//   select:  kth_smallest of 300 lists of 728 margins (a trace row's sample at the benchmark link, rank
//            lower_quantile_rank(728, 0.1)) against std::nth_element on copies of the same lists;
//   format:  format_double of 20 000 normal numbers (the trace's text for its hash) against one
//            snprintf("%.17g") of each, the full-precision printf text;
//   readout: read_halfspace (float estimates, exact only where the bound leaves doubt) of 300 halfspaces on a
//            728 x 64 sample against halfspace_margins plus the float predictions (every row's both dots).
#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "bench/bench_util.h"
#include "core/metrics/margins.h"
#include "core/metrics/metrics.h"
#include "core/util/eigen_setup.h"
#include "core/util/format.h"

namespace {

constexpr int kLists = 300;
constexpr int kSampleRows = 728;
constexpr int kNumbers = 20000;

// The median seconds of `reps` runs of `body`, per item of `items`.
template <class F>
double seconds_per_item(int reps, int items, F&& body) {
  return ml::bench::median(ml::bench::time_runs(reps, body)) / items;
}

// One JSON line: our time against the reference's on the same inputs, and whether both gave the same values.
void emit_pair(const char* bench, const char* count_name, int count, const char* ours_name, double ours,
               const char* reference_name, double reference, bool same, double sink) {
  nlohmann::ordered_json j;
  j["bench"] = bench;
  j["build"] = ml::bench::build_name();
  j[count_name] = count;
  j[ours_name] = 1e6 * ours;
  j[reference_name] = 1e6 * reference;
  j["speedup"] = reference / ours;
  j["same_values"] = same;
  j["sink"] = sink;
  ml::bench::emit(j);
}

void bench_select(int reps, std::mt19937_64& g) {
  std::normal_distribution<double> normal;
  std::vector<std::vector<double>> lists(kLists, std::vector<double>(kSampleRows));
  for (std::vector<double>& list : lists) std::generate(list.begin(), list.end(), [&] { return normal(g); });
  const size_t k = ml::lower_quantile_rank(kSampleRows, ml::kMarginQuantile);
  const auto nth = [k](std::vector<double> copy) {
    std::nth_element(copy.begin(), copy.begin() + static_cast<std::ptrdiff_t>(k), copy.end());
    return copy[k];
  };
  const bool same =
      std::all_of(lists.begin(), lists.end(), [&](const auto& l) { return ml::kth_smallest(l, k) == nth(l); });
  double sink = 0;
  const double ours = seconds_per_item(reps, kLists, [&] {
    for (const std::vector<double>& list : lists) sink += ml::kth_smallest(list, k);
  });
  const double reference = seconds_per_item(reps, kLists, [&] {
    for (const std::vector<double>& list : lists) sink += nth(list);
  });
  emit_pair("trace_parts.select", "values", kSampleRows, "kth_smallest_us", ours, "nth_element_us", reference, same,
            sink);
}

void bench_format(int reps, std::mt19937_64& g) {
  std::normal_distribution<double> normal;
  std::vector<double> numbers(kNumbers);
  std::generate(numbers.begin(), numbers.end(), [&] { return 0.37 * normal(g); });
  size_t chars = 0;
  const double ours = seconds_per_item(reps, kNumbers, [&] {
    for (double x : numbers) chars += ml::format_double(x).size();
  });
  const double reference = seconds_per_item(reps, kNumbers, [&] {
    char buf[64];
    for (double x : numbers) chars += static_cast<size_t>(std::snprintf(buf, sizeof buf, "%.17g", x));
  });
  nlohmann::ordered_json j;
  j["bench"] = "trace_parts.format";
  j["build"] = ml::bench::build_name();
  j["format_double_ns"] = 1e9 * ours;
  j["snprintf_17g_ns"] = 1e9 * reference;
  j["ratio_to_one_snprintf"] = ours / reference;
  j["chars"] = chars;
  ml::bench::emit(j);
}

void bench_readout(int reps, std::mt19937_64& g) {
  const ml::Dataset sample = ml::bench::separable_data(kSampleRows, 64, "bench_trace_parts");
  const double radius = ml::max_radius(sample.X);
  std::normal_distribution<float> normal;
  std::vector<ml::Vector> planes(kLists, ml::Vector(64));
  for (ml::Vector& w : planes) std::generate(w.begin(), w.end(), [&] { return normal(g); });
  const bool same = std::all_of(planes.begin(), planes.end(), [&](const ml::Vector& w) {
    return ml::read_halfspace(w, sample, radius).margins.quantile == ml::halfspace_margins(w, sample).quantile;
  });
  double sink = 0;
  const double ours = seconds_per_item(reps, kLists, [&] {
    for (const ml::Vector& w : planes) sink += ml::read_halfspace(w, sample, radius).margins.quantile;
  });
  const double reference = seconds_per_item(reps, kLists, [&] {
    for (const ml::Vector& w : planes) {
      std::vector<int> predicted(kSampleRows);
      for (int i = 0; i < kSampleRows; ++i) predicted[static_cast<size_t>(i)] = sample.X.row(i).dot(w) > 0.0f;
      sink += ml::halfspace_margins(w, sample).quantile + predicted[kSampleRows / 2];
    }
  });
  emit_pair("trace_parts.readout", "rows", kSampleRows, "read_halfspace_us", ours, "exact_readout_us", reference, same,
            sink);
}

}  // namespace

int main(int argc, char** argv) {
  ml::configure_eigen();
  const int reps = std::stoi(ml::bench::flag(argc, argv, "--reps", "9"));
  std::mt19937_64 g(1);
  bench_select(reps, g);
  bench_format(reps, g);
  bench_readout(reps, g);
  return 0;
}
