// marginlab benchmarks — small helpers shared by the bench programs (timing, medians, files, JSON).
//
// The bench programs are ordinary command-line tools, built natively and, with emscripten, as node
// programs (NODERAWFS: real files); each prints one JSON object per measurement on stdout, which
// bench/report.py collects. Timing is wall-clock (std::chrono::steady_clock) around the measured call
// only; every figure is the median of `reps` repetitions.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"

namespace ml::bench {

// Seconds on a monotonic clock (any origin).
inline double now_seconds() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

// Median of a non-empty list (mean of the two middle values for an even count).
inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Runs `body` reps times, returns the seconds of each run.
template <class F>
std::vector<double> time_runs(int reps, F&& body) {
  std::vector<double> out;
  for (int r = 0; r < reps; ++r) {
    const double t0 = now_seconds();
    body();
    out.push_back(now_seconds() - t0);
  }
  return out;
}

// The whole file as bytes; exits with a message when it cannot be read.
inline std::string read_file_or_die(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "bench: cannot read %s\n", path.c_str());
    std::exit(2);
  }
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Writes bytes to a file; exits with a message on failure.
inline void write_file_or_die(const std::string& path, const void* data, size_t bytes) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(data, 1, bytes, f) != bytes || std::fclose(f) != 0) {
    std::fprintf(stderr, "bench: cannot write %s\n", path.c_str());
    std::exit(2);
  }
}

// "native" or "wasm": which build this program is.
inline const char* build_name() {
#ifdef __EMSCRIPTEN__
  return "wasm";
#else
  return "native";
#endif
}

// Value of `--name VALUE` in argv, or `fallback`.
inline std::string flag(int argc, char** argv, const char* name, const std::string& fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) return argv[i + 1];
  return fallback;
}

// Prints one JSON object on its own line (what report.py reads).
inline void emit(const nlohmann::ordered_json& j) {
  std::printf("%s\n", j.dump().c_str());
  std::fflush(stdout);
}

}  // namespace ml::bench
