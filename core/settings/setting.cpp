// marginlab — parsing, checking and formatting the value of any setting (see setting.h).
#include "core/settings/setting.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/util/format.h"

namespace ml {
namespace {

std::string range_text(const Setting& s, bool max_exclusive) {
  return "[" + format_url_number(s.min) + ", " + format_url_number(s.max) + (max_exclusive ? ")" : "]");
}

// Parses a finite number; "" or the problem.
std::string parse_number(std::string_view text, double* out) {
  if (text.empty()) return "the value is empty";
  if (!parse_double(text, out)) return quote_for_message(text) + " is not a number";
  if (!std::isfinite(*out)) return quote_for_message(text) + " is not a finite number";
  if (*out == 0) *out = 0;  // -0 reads as 0: one text per value
  return "";
}

std::string format_number_of_type(const Setting& s, SettingType type, double x) {
  switch (type) {
    case SettingType::boolean: return x != 0 ? "1" : "0";
    case SettingType::choice: {
      if (x >= 0 && x < static_cast<double>(s.choices.size()) && std::floor(x) == x)
        return s.choices[static_cast<size_t>(x)];
      return format_url_number(x);
    }
    case SettingType::integer: {
      if (std::floor(x) != x || std::fabs(x) >= 1e18) return format_url_number(x);
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.0f", x == 0 ? 0.0 : x);
      return buf;
    }
    default: return format_url_number(x);
  }
}

// Range and integrality of a number read as `type`; `given` is the user's text for messages ("" = format
// x, only when there is a problem: formatting is the expensive part of checking).
std::string check_number(const Setting& s, SettingType type, bool max_exclusive, double x, std::string_view given) {
  auto shown = [&] {
    if (!given.empty()) return quote_for_message(given);
    return std::isfinite(x) ? format_number_of_type(s, type, x) : format_double(x);
  };
  if (!std::isfinite(x)) return shown() + " is not a finite number";
  switch (type) {
    case SettingType::boolean: return (x == 0 || x == 1) ? "" : shown() + " is not 0 or 1";
    case SettingType::choice:
      if (x >= 0 && x < static_cast<double>(s.choices.size()) && std::floor(x) == x) return "";
      return shown() + " is not one of " + join_names(s.choices, ", ");
    case SettingType::integer:
      if (std::floor(x) != x) return shown() + " is not a whole number";
      break;
    default: break;
  }
  const bool above = max_exclusive ? x >= s.max : x > s.max;
  if (x < s.min || above) return shown() + " is out of range " + range_text(s, max_exclusive);
  return "";
}

// Parses a number-like value: booleans 0/1/true/false, choices by name.
std::string parse_number_of_type(const Setting& s, std::string_view text, double* out) {
  if (text.empty()) return "the value is empty";
  if (s.type == SettingType::boolean) {
    if (text == "1" || text == "true") {
      *out = 1;
      return "";
    }
    if (text == "0" || text == "false") {
      *out = 0;
      return "";
    }
    return quote_for_message(text) + " is not 0 or 1";
  }
  if (s.type == SettingType::choice) {
    for (size_t i = 0; i < s.choices.size(); ++i)
      if (s.choices[i] == text) {
        *out = static_cast<double>(i);
        return "";
      }
    return quote_for_message(text) + " is not one of " + join_names(s.choices, ", ");
  }
  std::string problem = parse_number(text, out);
  if (!problem.empty()) return problem;
  return check_number(s, s.type, s.max_exclusive, *out, text);
}

}  // namespace

bool is_numeric(SettingType type) {
  return type == SettingType::real || type == SettingType::integer || type == SettingType::boolean ||
         type == SettingType::choice;
}

SettingValue number_value(double x) {
  SettingValue v;
  v.number = x;
  return v;
}

std::string join_names(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += separator;
    out += items[i];
  }
  return out;
}

std::vector<std::string> normalized_names(const Setting& setting, const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (const std::string& choice : setting.choices)
    if (std::find(names.begin(), names.end(), choice) != names.end()) out.push_back(choice);
  for (const std::string& name : names)
    if (std::find(setting.choices.begin(), setting.choices.end(), name) == setting.choices.end()) out.push_back(name);
  return out;
}

bool same_setting_value(const Setting& setting, const SettingValue& a, const SettingValue& b) {
  switch (setting.type) {
    case SettingType::real:
    case SettingType::integer:
    case SettingType::boolean:
    case SettingType::choice: return a.number == b.number;
    case SettingType::text:
    case SettingType::learner: return a.text == b.text;
    case SettingType::real_list: return a.numbers == b.numbers;
    case SettingType::name_list: return a.names == b.names;
  }
  return false;
}

std::string parse_setting_value(const Setting& setting, std::string_view text, SettingValue* out) {
  *out = SettingValue{};
  switch (setting.type) {
    case SettingType::real:
    case SettingType::integer:
    case SettingType::boolean:
    case SettingType::choice: return parse_number_of_type(setting, text, &out->number);
    case SettingType::text:
    case SettingType::learner: out->text = std::string(text); return check_setting_value(setting, *out);
    case SettingType::real_list: {
      if (text.empty()) return "";
      const std::vector<std::string_view> parts = split(text, ',');
      if (parts.size() > static_cast<size_t>(setting.max_items))
        return std::to_string(parts.size()) + " values are more than the " + std::to_string(setting.max_items) +
               " allowed";
      for (size_t i = 0; i < parts.size(); ++i) {
        double x = 0;
        std::string problem = parse_number(parts[i], &x);
        if (problem.empty()) problem = check_number(setting, SettingType::real, false, x, parts[i]);
        if (!problem.empty()) return "entry " + std::to_string(i + 1) + ": " + problem;
        out->numbers.push_back(x);
      }
      return "";
    }
    case SettingType::name_list: {
      if (text.empty()) return "";
      std::vector<std::string> names;
      for (std::string_view part : split(text, ',')) names.emplace_back(part);
      out->names = normalized_names(setting, names);
      return check_setting_value(setting, *out);
    }
  }
  return "";
}

namespace {
// True when `text` is a number whose mantissa has a nonzero digit (so reading it as 0 lost it).
bool has_nonzero_mantissa(std::string_view text) {
  for (char c : text) {
    if (c == 'e' || c == 'E') break;
    if (c >= '1' && c <= '9') return true;
  }
  return false;
}
}  // namespace

bool cap_setting_number(const Setting& setting, double* x, std::string_view shown, std::string* note) {
  if (!setting.caps || !std::isfinite(*x)) return false;
  if (setting.type != SettingType::integer && setting.type != SettingType::real) return false;
  if (setting.type == SettingType::integer && std::floor(*x) != *x) return false;
  double bound = 0;
  const char* side = nullptr;
  if (*x < setting.min) {
    bound = setting.min;
    side = "below the minimum";
  } else if (setting.max_exclusive ? *x >= setting.max : *x > setting.max) {
    if (setting.max_exclusive) return false;  // no largest value to cap to
    bound = setting.max;
    side = "above the maximum";
  } else {
    return false;
  }
  const std::string b = format_setting_value(setting, bound);
  *note = std::string(shown) + " is " + side + " " + b + "; using " + b;
  *x = bound;
  return true;
}

std::string read_setting_value(const Setting& setting, std::string_view text, SettingValue* out, std::string* note) {
  note->clear();
  std::string problem = parse_setting_value(setting, text, out);
  if (!is_numeric(setting.type) || setting.type == SettingType::boolean || setting.type == SettingType::choice)
    return problem;
  double x = 0;
  if (!problem.empty()) {
    // Out of range is the only problem a caps setting recovers from: the number itself must read.
    if (!setting.caps || !parse_number(text, &x).empty()) return problem;
    if (!cap_setting_number(setting, &x, quote_for_message(text), note)) return problem;
    *out = number_value(x);
    return "";
  }
  if (out->number == 0 && has_nonzero_mantissa(text))
    *note = quote_for_message(text) + " is too small for a double; read as 0";
  return "";
}

std::string parse_setting_value(const Setting& setting, std::string_view text, double* out) {
  SettingValue v;
  std::string problem = parse_setting_value(setting, text, &v);
  *out = v.number;
  return problem;
}

std::string check_setting_value(const Setting& setting, const SettingValue& value) {
  switch (setting.type) {
    case SettingType::real:
    case SettingType::integer:
    case SettingType::boolean:
    case SettingType::choice: return check_number(setting, setting.type, setting.max_exclusive, value.number, "");
    case SettingType::text: return setting.check_text ? setting.check_text(value.text) : "";
    case SettingType::learner: {
      if (value.text.empty()) return "the value is empty";
      if (value.text.size() > 64) return quote_for_message(value.text) + " is longer than 64 bytes";
      for (char c : value.text) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                        c == '-' || c == '.';
        if (!ok) return quote_for_message(value.text) + " is not a learner id";
      }
      return "";
    }
    case SettingType::real_list: {
      if (value.numbers.size() > static_cast<size_t>(setting.max_items))
        return std::to_string(value.numbers.size()) + " values are more than the " + std::to_string(setting.max_items) +
               " allowed";
      for (size_t i = 0; i < value.numbers.size(); ++i) {
        const std::string problem = check_number(setting, SettingType::real, false, value.numbers[i], "");
        if (!problem.empty()) return "entry " + std::to_string(i + 1) + ": " + problem;
      }
      return "";
    }
    case SettingType::name_list: {
      if (value.names.size() > static_cast<size_t>(setting.max_items))
        return std::to_string(value.names.size()) + " names are more than the " + std::to_string(setting.max_items) +
               " allowed";
      if (setting.choices.empty() && setting.check_text) {  // free entries, each checked (point edits)
        for (size_t i = 0; i < value.names.size(); ++i) {
          const std::string problem = setting.check_text(value.names[i]);
          if (!problem.empty()) return "entry " + std::to_string(i + 1) + ": " + problem;
        }
        return "";
      }
      for (const std::string& name : value.names)
        if (std::find(setting.choices.begin(), setting.choices.end(), name) == setting.choices.end())
          return quote_for_message(name) + " is not one of " + join_names(setting.choices, ", ");
      return "";
    }
  }
  return "";
}

std::string check_setting_value(const Setting& setting, double value) {
  return check_setting_value(setting, number_value(value));
}

std::string format_setting_value(const Setting& setting, const SettingValue& value) {
  switch (setting.type) {
    case SettingType::real:
    case SettingType::integer:
    case SettingType::boolean:
    case SettingType::choice: return format_number_of_type(setting, setting.type, value.number);
    case SettingType::text:
    case SettingType::learner: return value.text;
    case SettingType::real_list: {
      std::string out;
      std::string last_text;  // matrices repeat their off-diagonal value: format it once
      for (size_t i = 0; i < value.numbers.size(); ++i) {
        const double x = value.numbers[i];
        if (i) out += ',';
        if (i == 0 || !(x == value.numbers[i - 1]))  // both zeros print "0"
          last_text = std::isfinite(x) ? format_url_number(x) : format_double(x);
        out += last_text;
      }
      return out;
    }
    case SettingType::name_list: return join_names(value.names, ",");
  }
  return "";
}

std::string format_setting_value(const Setting& setting, double value) {
  return format_number_of_type(setting, setting.type, value);
}

std::string format_url_number(double x) {
  if (x == 0 || !std::isfinite(x)) return x == 0 ? "0" : format_double(x);
  if (std::floor(x) == x && std::fabs(x) < 1e15) {  // whole numbers read best without exponent
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
  }
  // Smallest "%.Ng" precision that reads back exactly, by bisection: if N digits read back, so do N+1
  // (the nearest N+1-digit decimal is at least as close), up to the rare power-of-two edge where the
  // result is then a longer but still exact text. 17 digits always read back.
  char buf[40];
  auto exact_at = [&](int precision) {
    const int len = std::snprintf(buf, sizeof buf, "%.*g", precision, x);
    double back = 0;
    return parse_double(std::string_view(buf, static_cast<size_t>(len)), &back) && back == x;
  };
  int lo = 1, hi = 17;
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (exact_at(mid))
      hi = mid;
    else
      lo = mid + 1;
  }
  const int len = std::snprintf(buf, sizeof buf, "%.*g", lo, x);
  const std::string s(buf, static_cast<size_t>(len));
  const size_t e = s.find('e');
  if (e == std::string::npos) return s;
  std::string mantissa = s.substr(0, e);
  std::string exponent = s.substr(e + 1);
  std::string sign;
  if (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-')) {
    if (exponent[0] == '-') sign = "-";
    exponent.erase(0, 1);
  }
  const size_t nonzero = exponent.find_first_not_of('0');
  exponent = nonzero == std::string::npos ? "0" : exponent.substr(nonzero);
  return mantissa + "e" + sign + exponent;
}

std::string quote_for_message(std::string_view text) {
  constexpr size_t kShown = 60;
  std::string out = "'";
  const size_t shown = std::min(text.size(), kShown);
  for (size_t i = 0; i < shown; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F && c != '\\' && c != '\'') {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
  }
  if (shown < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out + "'";
}

}  // namespace ml
