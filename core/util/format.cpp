// marginlab — exact, portable number text.
#include "core/util/format.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>

#include "fast_float/fast_float.h"

namespace ml {
namespace {

// The "%.*g" text of x at `precision` into buf; its length. Natively std::to_chars' general form at a precision, which
// the standard defines as that printf text (and writes several times faster); snprintf where the standard library
// has no floating to_chars (Emscripten's).
template <class T>
int print_g(T x, int precision, char (&buf)[64]) {
#if defined(__cpp_lib_to_chars)
  const std::to_chars_result res = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::general, precision);
  return static_cast<int>(res.ptr - buf);
#else
  return std::snprintf(buf, sizeof buf, "%.*g", precision, static_cast<double>(x));
#endif
}

// "%.*g" of x at `precision` into buf (its length), and whether that text reads back as x.
template <class T>
bool round_trips(T x, int precision, char (&buf)[64], int* len) {
  *len = print_g(x, precision, buf);
  T back{};
  const auto res = fast_float::from_chars(buf, buf + *len, back);
  return res.ec == std::errc() && back == x;
}

#if defined(__cpp_lib_to_chars)
// The significant digits of the shortest decimal that reads back as x (std::to_chars' shortest form, where the
// standard library has it: natively, not in Emscripten's).
template <class T>
int shortest_digits(T x) {
  char buf[64];
  const std::to_chars_result res = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
  const char* begin = buf;
  const char* exponent = std::find(begin, static_cast<const char*>(res.ptr), 'e');
  return static_cast<int>(std::count_if(begin, exponent, [](char c) { return c >= '0' && c <= '9'; }));
}

// The "%.*g" text of x at the fewest significant digits (1..max_precision) that reads back as x, found upward from
// shortest_digits: no "%.*g" text of fewer digits can read back (no decimal of fewer digits does), and reading back
// is monotone in the precision, so the first precision that reads back from there is the search's. One text for almost
// every number (a second at a power of two, where "%.*g"'s nearest decimal of that many digits can fall short of x's
// interval while another reaches it).
template <class T>
std::string shortest_text(T x, int max_precision) {
  char buf[64];
  int len = 0;
  for (int precision = std::min(shortest_digits(x), max_precision); precision < max_precision; ++precision)
    if (round_trips(x, precision, buf, &len)) return std::string(buf, static_cast<size_t>(len));
  len = print_g(x, max_precision, buf);
  return std::string(buf, static_cast<size_t>(len));
}
#else
// The search for the fewest digits whose "%.*g" text of x reads back as x (shortest_text without std::to_chars).
template <class T>
class PrecisionSearch {
 public:
  PrecisionSearch(T x, int max_precision) : x_(x), high_(max_precision) {}
  bool done() const { return low_ >= high_; }
  int middle() const { return (low_ + high_) / 2; }
  // Narrows [low, high] by whether x reads back at `precision`, keeping the text when it does.
  void ask(int precision) {
    if (!round_trips(x_, precision, buf_, &len_)) {
      low_ = precision + 1;
      return;
    }
    high_ = best_precision_ = precision;
    std::memcpy(best_, buf_, static_cast<size_t>(len_));
    best_len_ = len_;
  }
  // The text at the precision found.
  std::string text() {
    if (best_precision_ == high_) return std::string(best_, static_cast<size_t>(best_len_));
    len_ = print_g(x_, high_, buf_);  // max_precision, never asked
    return std::string(buf_, static_cast<size_t>(len_));
  }

 private:
  T x_;
  int low_ = 1, high_;  // the answer is in [low, high]: every x reads back at max_precision
  char buf_[64] = {}, best_[64] = {};
  int len_ = 0, best_len_ = 0, best_precision_ = 0;
};

// The "%.*g" text of x at the fewest significant digits (1..max_precision) that reads back as x. The p-digit numbers
// include the fewer-digit ones, so the nearest p-digit text is never further from x as p grows, and reading back is
// monotone in p: a search finds the precision that trying 1, 2, 3, ... finds. It asks first whether x needs more than
// max_precision - 2 digits (most numbers a trace holds do), then halves the range that is left, and keeps the text of
// the best precision read back so far: 2 or 3 snprintf calls for most numbers instead of up to 17. (At a power of two
// the values that read back as x reach less far above it than below; the format test checks every power of two of
// double and float against the one-by-one search.)
template <class T>
std::string shortest_text(T x, int max_precision) {
  PrecisionSearch<T> search(x, max_precision);
  search.ask(std::max(1, max_precision - 2));
  while (!search.done()) search.ask(search.middle());
  return search.text();
}
#endif

template <class T>
std::string shortest(T x, int max_precision) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (x == 0) return std::signbit(x) ? "-0" : "0";
  return shortest_text(x, max_precision);
}

template <class T>
bool parse_whole(std::string_view text, T* out) {
  if (text.empty()) return false;
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  if (*begin == '+') ++begin;  // fast_float rejects a leading '+'; people write it
  if (begin == end) return false;
  const auto res = fast_float::from_chars(begin, end, *out);
  return res.ec == std::errc() && res.ptr == end;
}

}  // namespace

std::string format_double(double x) { return shortest(x, 17); }
std::string format_float(float x) { return shortest(x, 9); }
bool parse_double(std::string_view text, double* out) { return parse_whole(text, out); }
bool parse_float(std::string_view text, float* out) { return parse_whole(text, out); }

bool parse_int64(std::string_view text, long long* out) {
  size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  if (i == text.size()) return false;
  unsigned long long value = 0;
  const unsigned long long limit = negative ? 9223372036854775808ULL : 9223372036854775807ULL;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c < '0' || c > '9') return false;
    const unsigned digit = static_cast<unsigned>(c - '0');
    if (value > (limit - digit) / 10) return false;
    value = value * 10 + digit;
  }
  *out = negative ? static_cast<long long>(0ULL - value) : static_cast<long long>(value);
  return true;
}

size_t utf8_sequence_length(std::string_view s, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  if (c < 0x80) return 1;
  size_t len = 0;
  uint32_t cp = 0;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
    cp = c & 0x1Fu;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    cp = c & 0x0Fu;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    cp = c & 0x07u;
  } else
    return 0;
  if (i + len > s.size()) return 0;
  for (size_t k = 1; k < len; ++k) {
    if ((byte(i + k) & 0xC0u) != 0x80u) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3Fu);
  }
  if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))) return 0;  // overlong / too big
  if (cp >= 0xD800 && cp <= 0xDFFF) return 0;                                               // surrogates
  return len;
}


bool valid_utf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const size_t n = utf8_sequence_length(s, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t at = text.find(separator); at != std::string_view::npos; at = text.find(separator, start)) {
    parts.push_back(text.substr(start, at - start));
    start = at + 1;
  }
  parts.push_back(text.substr(start));
  return parts;
}

}  // namespace ml
