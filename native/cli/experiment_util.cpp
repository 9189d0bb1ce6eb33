// marginlab experiment — shared helpers (experiment_util.h).
#include "native/cli/experiment_util.h"

#include <chrono>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <limits>

#include "core/util/format.h"

namespace ml::cli {

double now_seconds() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

std::string strf(const char* format, ...) {
  char buf[2048];
  va_list ap;
  va_start(ap, format);
  std::vsnprintf(buf, sizeof buf, format, ap);
  va_end(ap);
  return buf;
}

Stats stats_of(const std::vector<double>& values) {
  Stats s;
  if (values.empty()) return Stats{std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
  for (double x : values) s.mean += x;
  s.mean /= static_cast<double>(values.size());
  if (values.size() > 1) {
    double ss = 0;
    for (double x : values) ss += (x - s.mean) * (x - s.mean);
    s.sd = std::sqrt(ss / static_cast<double>(values.size() - 1));
  }
  return s;
}

std::string mean_pm_sd(const Stats& s, const char* format) {
  if (!std::isfinite(s.mean)) return "—";
  return strf(format, s.mean) + " ± " + strf(format, s.sd);
}

std::string command_line(const std::string& sub, const Args& args) {
  std::string s = "marginlab experiment " + sub;
  for (const auto& [name, value] : args.options) s += " --" + name + " " + value;
  return s;
}

bool parse_count(const Args& args, const char* name, long long fallback, long long lo, long long hi, long long* out) {
  *out = fallback;
  if (!args.has(name)) return true;
  if (!parse_int64(args.get(name), out) || *out < lo || *out > hi) {
    std::fprintf(stderr, "error: --%s '%s' is not a whole number in [%lld, %lld]\n", name, args.get(name).c_str(), lo, hi);
    return false;
  }
  return true;
}

bool parse_real(const Args& args, const char* name, double fallback, double lo, double hi, double* out) {
  *out = fallback;
  if (!args.has(name)) return true;
  if (!parse_double(args.get(name), out) || !(*out >= lo && *out <= hi)) {
    std::fprintf(stderr, "error: --%s '%s' is not a number in [%g, %g]\n", name, args.get(name).c_str(), lo, hi);
    return false;
  }
  return true;
}

std::string with_extension(const std::string& path, const char* ext) {
  const size_t dot = path.rfind('.');
  const size_t slash = path.rfind('/');
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) return path.substr(0, dot) + ext;
  return path + ext;
}

std::string base_name(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace ml::cli
