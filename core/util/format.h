// marginlab — number text that is identical in every build and round-trips exactly.
//
// std::to_chars for floating point is missing from emscripten 3.1.6's libc++, and "%g" with a fixed
// precision does not round-trip; these print the shortest decimal that parses back (fast_float) to
// the same value. glibc and musl both print correctly rounded decimals, so the text is identical.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ml {

// Shortest "%.Ng" text that parses back to exactly x ("nan", "inf", "-inf" for non-finite values).
std::string format_double(double x);
// Shortest text that parses back (as float) to exactly x.
std::string format_float(float x);
// Parses a whole string as a double (fast_float, exact); false on any trailing character or empty text.
bool parse_double(std::string_view text, double* out);
// Parses a whole string as a float; false on any trailing character or empty text.
bool parse_float(std::string_view text, float* out);
// Parses a whole string as a base-10 signed 64-bit integer; false on overflow or trailing text.
bool parse_int64(std::string_view text, long long* out);
// Length of the valid UTF-8 sequence at s[i] (1-4), or 0 when the bytes there are not valid UTF-8 (an overlong
// form, a surrogate, a code point past U+10FFFF, a sequence cut short).
size_t utf8_sequence_length(std::string_view s, size_t i);
// True when `s` is well-formed UTF-8.
bool valid_utf8(std::string_view s);
// The parts of `text` between the separators: n separators give n + 1 parts, empty parts kept ("a,,b" gives
// "a", "", "b"; "" gives one empty part). The parts view `text`.
std::vector<std::string_view> split(std::string_view text, char separator);

}  // namespace ml
