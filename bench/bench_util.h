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

#include "core/data/generators.h"
#include "core/kernels/kernel.h"
#include "core/kernels/projection.h"
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

// The letters-size data of 004 §4.2 that the kernel benches share (bench_nystrom, bench_uma): generator `classes`
// with Q random unit w's, margin 0, seed 1, in d = 16 dimensions; n from `--n` (15 000), Q from `--classes` (26).
// The data of `spec` with seed 1; exits naming `program` when the generator refuses.
inline ml::Dataset generated_or_die(const ml::GeneratorSpec& spec, const char* program) {
  ml::Result<ml::Dataset> data = ml::generate(spec, 1);
  if (!data.ok()) {
    std::fprintf(stderr, "%s: %s\n", program, data.error().message.c_str());
    std::exit(1);
  }
  return std::move(data.value());
}

// Exits with a message naming `program` when the generator refuses.
inline ml::Dataset letters_data(int argc, char** argv, const char* program) {
  ml::GeneratorSpec spec;
  spec.kind = ml::generator_with_id("classes");
  spec.n = std::stoi(flag(argc, argv, "--n", "15000"));
  spec.dims = 16;
  spec.classes = std::stoi(flag(argc, argv, "--classes", "26"));
  spec.margin = 0.0;
  return generated_or_die(spec, program);
}

// The letters-size kernel front end of 004 §3.6 that the kernel benches time: Nyström kernel PCA with D = m = `dims`
// landmarks, rotation-free as UMA fits it (core/learners/uma.cpp) unless `ordered_pca`; and its Gaussian kernel
// (width 2).
struct LettersFrontEnd {
  ml::ProjectionOptions options;
  ml::Kernel kernel;
};
inline LettersFrontEnd letters_front_end(int dims, bool ordered_pca = false) {
  LettersFrontEnd f{ml::ProjectionOptions{}, ml::make_kernel(ml::KernelKind::gaussian, 2, 1.0, 1.0, 0.0)};
  f.options.kind = ml::ProjectionKind::kpca;
  f.options.dims = dims;
  f.options.exact_limit = 0;
  f.options.landmarks = dims;
  f.options.skip_nystrom_pca = !ordered_pca;
  return f;
}

// Prints one JSON object on its own line (what report.py reads).
// The benchmark's data: generator separable on the unit sphere, margin 0, seed 1; exits naming `program` on failure.
inline ml::Dataset separable_data(int n, int d, const char* program) {
  ml::GeneratorSpec spec;
  spec.kind = ml::generator_with_id("separable");
  spec.n = n;
  spec.dims = d;
  spec.margin = 0.0;
  return generated_or_die(spec, program);
}

inline void emit(const nlohmann::ordered_json& j) {
  std::printf("%s\n", j.dump().c_str());
  std::fflush(stdout);
}

}  // namespace ml::bench
