// marginlab — the configuration's field table (DESIGN.md "Config"): every URL key, its label, type,
// default, range or choices, help, panel and accessors into Config, in canonical URL order.
//
// This is the only list of fields. The URL codec (config/url.h), validation (below), the UI widgets,
// docs/url.md (render_url_reference) and the round-trip tests all iterate config_fields(); learner
// parameters come from the registry's LearnerSchema list and appear in the URL as l.<name>.
// Defaults are not restated here: they are read from a default-constructed Config (config.h).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/config/config.h"
#include "core/config/param.h"

namespace ml {

// Size caps a link may request (DESIGN.md "The URL": "sizes a link may request are capped").
inline constexpr int kMaxExamples = 1000000;          // n
inline constexpr int kMaxDims = 4096;                 // d
inline constexpr int64_t kMaxCells = 20000000;        // n * d (and concepts * d for the finite class)
inline constexpr int64_t kMaxSteps = 1000000000;      // steps
inline constexpr int kMaxConcepts = 1000000;          // |C| of the finite class and thresholds
// Q is capped at kMaxClasses (core/data/dataset.h), which the data and the learners use too.
inline constexpr int64_t kMaxSeed = 9007199254740991; // 2^53 - 1: seeds stay exact as doubles (and in JS)
inline constexpr int kMaxTextBytes = 255;             // csv file name, label column

// The app's panels, in display order; `hide` lists some of them.
inline constexpr std::array<std::string_view, 9> kPanelNames = {
    "data", "noise", "learner", "run", "plots", "view", "confusion", "share", "export"};

// The type of a field's value (numeric kinds match ParamKind; the rest are URL-only types).
enum class FieldKind : int {
  real,       // double in [min, max] (or [min, max) when max_exclusive)
  integer,    // whole number in [min, max], written without exponent
  boolean,    // 0 or 1
  choice,     // one of spec.choices, by name; stored as its index
  text,       // free text checked by check_text, percent-encoded in the URL
  real_list,  // comma list of reals, each in [min, max] (the confusion matrix)
  name_list,  // comma list of names from spec.choices, kept in choice order without repeats
  learner,    // a learner id from the LearnerSchema list given at run time
};

// A field's value in transit between Config, text and widgets; only the member of the kind is used.
struct FieldValue {
  double number = 0;                // real, integer, boolean (0/1), choice (index)
  std::string text;                 // text, learner
  std::vector<double> numbers;      // real_list
  std::vector<std::string> names;   // name_list
};

// One row of the field table.
struct Field {
  ParamSpec spec;               // spec.name is the URL key; label, min/max, choices, help; default filled from Config{}
  FieldKind kind = FieldKind::real;  // value type
  bool max_exclusive = false;   // real: the range is [min, max)
  std::string_view panel;       // panel of kPanelNames showing the widget ("" for the version)
  bool always_written = false;  // written in every canonical URL even at its default (v, data, learner, seed)
  int max_items = 0;            // real_list / name_list: most entries accepted
  std::string_view applies_when;            // doc text of `applies`, e.g. "data=csv" ("" = always)
  bool (*applies)(const Config&) = nullptr; // false: the field has no effect; encode omits it, decode ignores it
  std::string (*check_text)(std::string_view) = nullptr;  // text: "" when acceptable, else why not
  std::string_view text_format;                           // text: doc of what check_text accepts
  FieldValue default_value;                               // read from Config{} when the table is built
  FieldValue (*get)(const Config&) = nullptr;             // reads the value from a Config
  void (*set)(Config&, const FieldValue&) = nullptr;      // writes a value that passed check_field_value

  // The URL key.
  const std::string& key() const { return spec.name; }
};

// The field table in canonical URL order (v first; the learner's l.<name> keys follow `learner`).
const std::vector<Field>& config_fields();
// The field with this URL key, or nullptr.
const Field* find_field(std::string_view key);
// True when the field has an effect under `config` (depends only on fields earlier in the table).
bool field_applies(const Field& field, const Config& config);
// The field's default value (read from Config{}).
const FieldValue& field_default(const Field& field);
// True when two values of the field are the same value (numbers compared as numbers: -0 == 0).
bool same_field_value(const Field& field, const FieldValue& a, const FieldValue& b);

// Parses URL text (already percent-decoded) into a checked value; returns "" on success, else the
// problem as a phrase naming the offending text ("'12abc' is not a number").
std::string parse_field_value(const Field& field, std::string_view text, FieldValue* out);
// Checks a value against the field's type and range; "" when acceptable, else the problem phrase.
std::string check_field_value(const Field& field, const FieldValue& value);
// The value as canonical URL text, before percent-encoding (numbers round-trip exactly).
std::string format_field_value(const Field& field, const FieldValue& value);

// Parses a learner parameter's URL text into its stored number (choice: index); "" or the problem.
std::string parse_param_value(const ParamSpec& spec, std::string_view text, double* out);
// Checks a learner parameter value; "" when acceptable, else the problem phrase.
std::string check_param_value(const ParamSpec& spec, double value);
// A learner parameter value as canonical URL text (choice: its name).
std::string format_param_value(const ParamSpec& spec, double value);

// Text that parses back to exactly x: whole numbers below 1e15 without exponent ("1000000"), else the
// shortest "%.Ng" (found by bisection on N) without '+' or leading zeros in the exponent ("0.1",
// "1e-5", "1.5e300"); "0" for both zeros; x must be finite.
std::string format_url_number(double x);
// A value quoted for a warning: printable ASCII kept, other bytes as \xNN, long text shortened.
std::string quote_for_message(std::string_view text);

// The schema with this id, or nullptr.
const LearnerSchema* find_learner_schema(const std::vector<LearnerSchema>& learners, std::string_view id);
// The learner used when the configured one is unknown: "perceptron" if listed, else the first ("" if none).
std::string default_learner_id(const std::vector<LearnerSchema>& learners);
// True when the config's data has more than two classes as far as the URL can tell (a generator with
// q > 2 classes; a CSV's classes are only known once it is loaded).
bool config_is_multiclass(const Config& config);

// The warning sentence for a field whose value is rejected and replaced by its default:
// "field 'eta': 0.7 is out of range [0, 0.5); using the default 0.1".
std::string field_default_warning(const Field& field, const std::string& problem);

// Keeps config.learner known (else default_learner_id) and able to handle the data's classes (else the
// first multiclass learner), appending a warning per change; true when the learner changed. Does
// nothing when `learners` is empty (no registry to check against).
bool resolve_learner(Config& config, const std::vector<LearnerSchema>& learners, std::vector<std::string>& warnings);

// Makes a config consistent and returns one warning sentence per change: every field back in range
// (else its default), hide sorted and without repeats, size caps (n*d, concepts*d, the basis stream's
// margin >= 1/64), the confusion
// matrix's size and columns when noise=confusion, the learner known (else default_learner_id) and able
// to handle the data's classes (else the first multiclass learner), the learner's parameters known, in
// range, non-default and sorted by name. A config for which this returns nothing is "valid".
std::vector<std::string> validate(Config& config, const std::vector<LearnerSchema>& learners);

// Structural equality of every member of Config (written out member by member, not from the table,
// so that round-trip tests notice a member the table forgets).
bool operator==(const Config& a, const Config& b);

}  // namespace ml
