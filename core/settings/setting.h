// marginlab — one typed descriptor for every setting: a config field or a learner parameter
// (docs/architecture.md, "How to add a setting").
//
// A Setting says what a value is (key, label, type, default, range, choices, help, where it applies);
// parse_setting_value / check_setting_value / format_setting_value are the one value API for both kinds.
// What binds a setting to storage lives next to that storage: config/fields.h binds Config members,
// settings/params.h binds the members of a learner's typed Params struct. This header depends on the
// standard library only, so every module may describe its settings with it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace ml {

// The type of a setting's value.
enum class SettingType : int {
  real,       // double in [min, max] (or [min, max) when max_exclusive)
  integer,    // whole number in [min, max], written without exponent
  boolean,    // 0 or 1
  choice,     // one of `choices`, by name; stored as its index
  text,       // free text checked by check_text, percent-encoded in the URL
  real_list,  // comma list of reals, each in [min, max] (the confusion matrix)
  name_list,  // comma list of names from `choices`, kept in choice order without repeats; without choices,
              // entries that check_text accepts, in their order (repeats kept)
  learner,    // a learner id (checked against the registry by the config's validation)
};

// A value in transit between storage, text and widgets; only the member of the type is used.
struct SettingValue {
  double number = 0;                 // real, integer, boolean (0/1), choice (index)
  std::string text{};                // text, learner
  std::vector<double> numbers{};     // real_list
  std::vector<std::string> names{};  // name_list
};

// One setting.
struct Setting {
  std::string key{};                         // URL key (a learner parameter's URL key is l.<key>)
  std::string label{};                       // UI label
  SettingType type = SettingType::real;      // value type
  double min = 0.0;                          // inclusive lower bound (numbers, list entries)
  double max = 1.0;                          // upper bound, inclusive unless max_exclusive
  bool max_exclusive = false;                // real: the range is [min, max)
  bool log_scale = false;                    // UI hint: drag on a log scale
  std::vector<std::string> choices{};        // names of choice / name_list values
  std::vector<std::string> choice_labels{};  // display names of the choices, one each (empty: the names)
  std::vector<std::string> choice_help{};    // one line per choice for its tooltip (empty: none)
  std::string help{};                        // one sentence for tooltips and docs
  std::string applies_when{};                // doc of when the setting has an effect ("" = always)
  bool view_only = false;                    // changes what is shown, never a result (hidden panels, step budget)
  bool caps = false;                         // a size: a number outside the range is set to the nearest bound
                                             // (with a warning), not replaced by the default (docs/url.md)
  int max_items = 0;                         // real_list / name_list: most entries accepted
  std::string (*check_text)(std::string_view) =
      nullptr;                   // text (and name_list entries without choices): "" when acceptable, else why not
  std::string text_format{};     // text: doc of what check_text accepts (also name_list entries)
  SettingValue default_value{};  // filled from the bound storage's default (Config{}, Params{})
};

// True for the types whose value is SettingValue::number.
bool is_numeric(SettingType type);

// Parses URL text (already percent-decoded) into a checked value; returns "" on success, else the
// problem as a phrase naming the offending text ("'12abc' is not a number").
std::string parse_setting_value(const Setting& setting, std::string_view text, SettingValue* out);
// Checks a value against the setting's type and range; "" when acceptable, else the problem phrase.
std::string check_setting_value(const Setting& setting, const SettingValue& value);
// The value as canonical URL text, before percent-encoding (numbers round-trip exactly; choice: its name).
std::string format_setting_value(const Setting& setting, const SettingValue& value);
// True when two values of the setting are the same value (numbers compared as numbers: -0 == 0).
bool same_setting_value(const Setting& setting, const SettingValue& a, const SettingValue& b);
// A value that is one number (real, integer, boolean, choice index).
SettingValue number_value(double x);
// parse_setting_value for a numeric setting, into the number directly.
std::string parse_setting_value(const Setting& setting, std::string_view text, double* out);
// Reads URL text like parse_setting_value, and says in *note ("" otherwise) what it read differently from
// the text: a number of a `caps` setting outside its range becomes the nearest bound ("1000000000 is above
// the maximum 1000000; using 1000000"), and a nonzero number too small for a double reads as 0 ("1e-400
// is too small for a double; read as 0"). Returns the problem that makes the value unusable, else "".
std::string read_setting_value(const Setting& setting, std::string_view text, SettingValue* out, std::string* note);
// A `caps` setting's number clamped to its range, with the note read_setting_value gives; `shown` is the
// value as the user wrote it. Returns false (note untouched) when the setting does not cap or x is in range
// or not a whole number for an integer setting.
bool cap_setting_number(const Setting& setting, double* x, std::string_view shown, std::string* note);
// check_setting_value for a numeric setting's number.
std::string check_setting_value(const Setting& setting, double value);
// format_setting_value for a numeric setting's number.
std::string format_setting_value(const Setting& setting, double value);
// Known names of a name_list value in choice order without repeats, unknown names after them (left for
// check_setting_value to report).
std::vector<std::string> normalized_names(const Setting& setting, const std::vector<std::string>& names);

// Text that parses back to exactly x: whole numbers below 1e15 without exponent ("1000000"), else the
// shortest "%.Ng" (found by bisection on N) without '+' or leading zeros in the exponent ("0.1",
// "1e-5", "1.5e300"); "0" for both zeros; x must be finite.
std::string format_url_number(double x);
// A value quoted for a warning: printable ASCII kept, other bytes as \xNN, long text shortened.
std::string quote_for_message(std::string_view text);
// The items joined with `separator`.
std::string join_names(const std::vector<std::string>& items, std::string_view separator);

// --- enums spelled by name -------------------------------------------------------------------------
// An enum that settings may hold declares its names once, beside it, as a constexpr array of
// std::string_view in value order, and an overload `enum_names(E)` returning that array as a span
// (found by argument-dependent lookup); counts are the array's size.

// True when `enum_names(E{})` is declared for E.
template <class E>
concept NamedEnum = std::is_enum_v<E> && requires(E e) {
  { enum_names(e) } -> std::convertible_to<std::span<const std::string_view>>;
};

// The names of a NamedEnum as strings (a setting's choices).
template <NamedEnum E>
std::vector<std::string> enum_choices() {
  std::vector<std::string> out;
  for (std::string_view name : enum_names(E{})) out.emplace_back(name);
  return out;
}

// The name of a NamedEnum value (its URL and UI spelling).
template <NamedEnum E>
std::string_view enum_name(E value) {
  return enum_names(value)[static_cast<size_t>(value)];
}

// Sets *out to the E whose name is `name` and returns true; false (*out untouched) when no name matches.
template <NamedEnum E>
bool parse_enum_name(std::string_view name, E* out) {
  const std::span<const std::string_view> names = enum_names(E{});
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) {
      *out = static_cast<E>(i);
      return true;
    }
  }
  return false;
}

// --- typed storage <-> SettingValue ---------------------------------------------------------------
// The setting type a member of type T holds (std::string: text; the learner field overrides it).
template <class T>
constexpr SettingType setting_type_of() {
  if constexpr (std::is_same_v<T, bool>)
    return SettingType::boolean;
  else if constexpr (std::is_enum_v<T>)
    return SettingType::choice;
  else if constexpr (std::is_integral_v<T>)
    return SettingType::integer;
  else if constexpr (std::is_floating_point_v<T>)
    return SettingType::real;
  else if constexpr (std::is_same_v<T, std::string>)
    return SettingType::text;
  else if constexpr (std::is_same_v<T, std::vector<double>>)
    return SettingType::real_list;
  else {
    static_assert(std::is_same_v<T, std::vector<std::string>>, "no setting type holds this member type");
    return SettingType::name_list;
  }
}

// The value of a typed member as a SettingValue.
template <class T>
SettingValue to_setting_value(const T& x) {
  SettingValue v;
  if constexpr (std::is_same_v<T, bool>)
    v.number = x ? 1 : 0;
  else if constexpr (std::is_enum_v<T>)
    v.number = static_cast<double>(static_cast<int>(x));
  else if constexpr (std::is_arithmetic_v<T>)
    v.number = static_cast<double>(x);
  else if constexpr (std::is_same_v<T, std::string>)
    v.text = x;
  else if constexpr (std::is_same_v<T, std::vector<double>>)
    v.numbers = x;
  else
    v.names = x;
  return v;
}

// Writes a (checked) SettingValue into a typed member.
template <class T>
void from_setting_value(const SettingValue& v, T& x) {
  if constexpr (std::is_same_v<T, bool>)
    x = v.number != 0;
  else if constexpr (std::is_enum_v<T>)
    x = static_cast<T>(static_cast<int>(v.number));
  else if constexpr (std::is_arithmetic_v<T>)
    x = static_cast<T>(v.number);
  else if constexpr (std::is_same_v<T, std::string>)
    x = v.text;
  else if constexpr (std::is_same_v<T, std::vector<double>>)
    x = v.numbers;
  else
    x = v.names;
}

// Completes a setting declared for a member of type T: its type (unless text/learner was chosen),
// the choices of a NamedEnum (unless given), the 0..1 range of a boolean, the index range of a choice
// and `caps` for a whole number.
template <class T>
void complete_setting(Setting& s) {
  if (s.type != SettingType::learner) s.type = setting_type_of<T>();
  if constexpr (NamedEnum<T>) {
    if (s.choices.empty()) s.choices = enum_choices<T>();
  }
  if (s.type == SettingType::boolean) {
    s.min = 0;
    s.max = 1;
  }
  // Whole numbers are sizes, counts and indices: out of range means "as many as allowed" (docs/url.md).
  if (s.type == SettingType::integer) s.caps = true;
  if (s.type == SettingType::choice) {
    s.min = 0;
    s.max = static_cast<double>(s.choices.size()) - 1;
  }
}

}  // namespace ml
