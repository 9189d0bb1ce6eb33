// marginlab — the trace (see trace.h).
#include "core/session/trace.h"

#include <cassert>
#include <cmath>
#include <cstdio>

#include "core/util/format.h"
#include "core/util/sha256.h"

namespace ml {

const std::vector<std::string>& trace_standard_columns() {
  static const std::vector<std::string> names = {
      "step",       "mistakes",          "updates",          "bound",      "margin",  "margin_true", "margin_clean",
      "margin_q10", "train_error_noisy", "train_error_true", "test_error", "w_dot_v", "w_norm2",
  };
  return names;
}

Trace::Trace(std::vector<std::string> counter_names, size_t capacity) : capacity_(capacity) {
  columns_ = trace_standard_columns();
  for (std::string& name : counter_names) columns_.push_back(std::move(name));
  assert(capacity_ >= 8 * (columns_.size() + 1));
}

const double* Trace::row(size_t i) const {
  assert(i < size());
  if (i < committed_) return rows_.data() + i * columns_.size();
  return tail_.data();
}

int64_t Trace::last_step() const {
  if (size() == 0) return -1;
  return static_cast<int64_t>(row(size() - 1)[kTraceStep]);
}

int64_t Trace::last_committed_step() const {
  if (committed_ == 0) return -1;
  return static_cast<int64_t>(row(committed_ - 1)[kTraceStep]);
}

void Trace::commit(const std::vector<double>& values) {
  assert(values.size() == columns_.size());
  assert(committed_ == 0 || values[kTraceStep] > row(committed_ - 1)[kTraceStep]);
  sha256_.clear();
  rows_.insert(rows_.end(), values.begin(), values.end());
  ++committed_;
  if (has_tail_ && tail_[kTraceStep] <= values[kTraceStep]) has_tail_ = false;
  if (committed_ > capacity_) decimate();
}

void Trace::set_tail(const std::vector<double>& values) {
  assert(values.size() == columns_.size());
  assert(committed_ == 0 || values[kTraceStep] > row(committed_ - 1)[kTraceStep]);
  sha256_.clear();
  tail_ = values;
  has_tail_ = true;
}

void Trace::clear() {
  sha256_.clear();
  rows_.clear();
  committed_ = 0;
  tail_.clear();
  has_tail_ = false;
  decimations_ = 0;
}

void Trace::decimate() {
  const size_t cols = columns_.size();
  const size_t n = committed_;
  // Rows holding a column's minimum or maximum (first occurrence, NaN ignored) are protected.
  std::vector<uint8_t> keep(n, 0);
  for (size_t c = 0; c < cols; ++c) {
    size_t lo = n, hi = n;
    for (size_t i = 0; i < n; ++i) {
      const double v = rows_[i * cols + c];
      if (std::isnan(v)) continue;
      if (lo == n || v < rows_[lo * cols + c]) lo = i;
      if (hi == n || v > rows_[hi * cols + c]) hi = i;
    }
    if (lo < n) keep[lo] = 1;
    if (hi < n) keep[hi] = 1;
  }
  keep[0] = 1;
  keep[n - 1] = 1;
  // Interior rows in pairs: keep the protected ones, else the first of the pair.
  for (size_t i = 1; i + 1 < n; i += 2) {
    if (i + 1 == n - 1) {  // an unpaired last interior row
      keep[i] = 1;
      break;
    }
    if (!keep[i] && !keep[i + 1]) keep[i] = 1;
  }
  size_t out = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!keep[i]) continue;
    if (out != i) {
      for (size_t c = 0; c < cols; ++c) rows_[out * cols + c] = rows_[i * cols + c];
    }
    ++out;
  }
  committed_ = out;
  rows_.resize(out * cols);
  ++decimations_;
}

namespace {
// Whole numbers below 2^53 as plain integers ("1000", not "1e+03"); everything else format_double.
void append_number(double x, std::string* out) {
  if (std::isfinite(x) && std::floor(x) == x && std::fabs(x) < 9007199254740992.0) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", x);
    *out += x == 0 ? "0" : buf;  // no "-0"
    return;
  }
  *out += format_double(x);
}
}  // namespace

std::string Trace::to_csv() const {
  std::string out;
  for (size_t c = 0; c < columns_.size(); ++c) {
    if (c) out += ',';
    out += columns_[c];
  }
  out += '\n';
  for (size_t i = 0; i < size(); ++i) {
    const double* r = row(i);
    for (size_t c = 0; c < columns_.size(); ++c) {
      if (c) out += ',';
      append_number(r[c], &out);
    }
    out += '\n';
  }
  return out;
}

std::string Trace::sha256() const {
  if (sha256_.empty()) sha256_ = sha256_hex(to_csv());
  return sha256_;
}

}  // namespace ml
