// marginlab bench — CSV parsing throughput of ml::parse_csv (core/data/csv.h).
//
//   bench_csv --write FILE [--rows 1000000] [--cols 20] [--seed 1]
//       writes the benchmark file: a header x1..x{cols-1},label, then `rows` rows of cols-1 features
//       in [-1, 1] with six decimals and a 0/1 label (about 185 MB for 10^6 x 20). The text is built from
//       Rng integers with integer formatting, so the file is byte-identical on every machine.
//   bench_csv FILE [--reps 3]
//       reads FILE into memory, then times parse_csv on the in-memory text only (median of reps) and
//       prints {"bench":"csv_parse", "build", "bytes", "rows", "cols", "seconds", "median_s", "mb_per_s"}
//       with MB = 10^6 bytes.
#include <cstdint>
#include <string>

#include "bench/bench_util.h"
#include "core/data/csv.h"
#include "core/util/eigen_setup.h"
#include "core/util/rng.h"

namespace {

// Appends v/10^6 with exactly six decimals ("-0.123456", "1.000000").
void append_micro(std::string& out, int64_t v) {
  if (v < 0) {
    out.push_back('-');
    v = -v;
  }
  out += std::to_string(v / 1000000);
  out.push_back('.');
  const std::string frac = std::to_string(v % 1000000);
  out.append(6 - frac.size(), '0');
  out += frac;
}

int write_file(const std::string& path, int rows, int cols, uint64_t seed) {
  ml::Rng rng(seed, ml::Stream::data);
  std::string text;
  text.reserve(static_cast<size_t>(rows) * static_cast<size_t>(cols) * 10);
  for (int j = 1; j < cols; ++j) text += "x" + std::to_string(j) + ",";
  text += "label\n";
  for (int i = 0; i < rows; ++i) {
    int64_t first_two = 0;
    for (int j = 1; j < cols; ++j) {
      const int64_t v = static_cast<int64_t>(rng.below(2000001)) - 1000000;
      if (j <= 2) first_two += v;
      append_micro(text, v);
      text.push_back(',');
    }
    text += first_two >= 0 ? "1\n" : "0\n";
  }
  ml::bench::write_file_or_die(path, text.data(), text.size());
  nlohmann::ordered_json j;
  j["bench"] = "csv_write";
  j["file"] = path;
  j["bytes"] = text.size();
  j["rows"] = rows;
  j["cols"] = cols;
  ml::bench::emit(j);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  ml::configure_eigen();
  using namespace ml::bench;
  if (argc >= 3 && std::string(argv[1]) == "--write") {
    return write_file(argv[2], std::stoi(flag(argc, argv, "--rows", "1000000")),
                      std::stoi(flag(argc, argv, "--cols", "20")), std::stoull(flag(argc, argv, "--seed", "1")));
  }
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_csv --write FILE [--rows N] [--cols C] | bench_csv FILE [--reps R]\n");
    return 2;
  }
  const std::string path = argv[1];
  const int reps = std::stoi(flag(argc, argv, "--reps", "3"));
  const std::string text = read_file_or_die(path);
  ml::CsvOptions options;
  options.source_name = path;
  int rows = 0, cols = 0;
  bool ok = true;
  std::string error;
  const std::vector<double> seconds = time_runs(reps, [&] {
    ml::Result<ml::CsvTable> table = ml::parse_csv(text, options);
    if (!table.ok()) {
      ok = false;
      error = table.error().message;
      return;
    }
    rows = table->info.rows;
    cols = table->info.cols;
  });
  if (!ok) {
    std::fprintf(stderr, "bench_csv: %s\n", error.c_str());
    return 1;
  }
  const double med = median(seconds);
  nlohmann::ordered_json j;
  j["bench"] = "csv_parse";
  j["build"] = build_name();
  j["bytes"] = text.size();
  j["rows"] = rows;
  j["cols"] = cols;
  j["seconds"] = seconds;
  j["median_s"] = med;
  j["mb_per_s"] = static_cast<double>(text.size()) / 1e6 / med;
  emit(j);
  return 0;
}
