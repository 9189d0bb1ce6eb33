// marginlab experiment — what every reproduction experiment shares: the wall clock for progress lines,
// printf-style text, mean ± sd over runs, option parsing with ranges, and the output file names.
#pragma once

#include <string>
#include <vector>

#include "native/cli/cli.h"

namespace ml::cli {

// Seconds on the steady clock (for progress lines and reported durations only, never for results).
double now_seconds();
// printf into a std::string (up to 2 KiB).
std::string strf(const char* format, ...) __attribute__((format(printf, 1, 2)));

// Mean and sample standard deviation (n - 1; 0 for a single value; NaN for none).
struct Stats {
  double mean = 0;
  double sd = 0;
};
// The Stats of a list of per-run values.
Stats stats_of(const std::vector<double>& values);
// "mean ± sd" with the given printf format for both ("—" when there are no values).
std::string mean_pm_sd(const Stats& s, const char* format = "%.3f");

// "marginlab experiment <sub> --name value ..." as given (options in name order), for the top of a report.
std::string command_line(const std::string& sub, const Args& args);
// Reads --name as a whole number in [lo, hi] (fallback when absent); prints the error and returns false.
bool parse_count(const Args& args, const char* name, long long fallback, long long lo, long long hi, long long* out);
// Reads --name as a number in [lo, hi] (fallback when absent); prints the error and returns false.
bool parse_real(const Args& args, const char* name, double fallback, double lo, double hi, double* out);
// `path` with its extension (after the last '.' of the file name) replaced by `ext` (".csv", ".svg").
std::string with_extension(const std::string& path, const char* ext);
// The file name of a path (after the last '/').
std::string base_name(const std::string& path);

}  // namespace ml::cli
