// marginlab — the configuration's field table (docs/architecture.md: settings): every URL key, its label, type,
// default, range or choices, help, panel and accessors into Config, in canonical URL order.
//
// This is the only list of fields. The URL codec (config/url.h), validation (below), the UI widgets,
// docs/url.md (render_url_reference) and the round-trip tests all iterate config_fields(); learner
// parameters come from the registry's LearnerSchema list and appear in the URL as l.<name>. Values are
// parsed, checked and formatted by the one Setting API (settings/setting.h).
// Defaults are not restated here: they are read from a default-constructed Config (config.h).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/config/config.h"
#include "core/data/generator_registry.h"
#include "core/noise/noise_registry.h"
#include "core/settings/limits.h"

namespace ml {

// The app's panels, in display order; `hide` lists some of them.
inline constexpr std::array<std::string_view, 9> kPanelNames = {"data", "noise",     "learner", "run",   "plots",
                                                                "view", "confusion", "share",   "export"};

// When a field has an effect, written once: the one value both evaluates against a Config and renders
// its prose (Setting::applies_when: docs/url.md and the "has an effect only when" warnings), so the two
// cannot disagree. A condition that names another field holds only while that field applies itself
// (`rough > 0` implies rough's own `noise=none`), and may name only fields earlier in the table.
class FieldCondition {
 public:
  // Always applies; renders "".
  FieldCondition() = default;
  // "data is a generator": the data is not a CSV file.
  static FieldCondition data_is_generator();
  // "key=value": the field `key` applies and its canonical URL text is `value`.
  static FieldCondition equals(std::string key, std::string value);
  // "key > 0": the field `key` applies and its number is positive.
  static FieldCondition positive(std::string key);
  // "noise=a, b or c": the chosen noise model's row reads `param` (the ids of every such row, in row order).
  static FieldCondition noise_reads(NoiseParam param);
  // "a and b".
  FieldCondition operator&&(const FieldCondition& other) const;
  // "a or b".
  FieldCondition operator||(const FieldCondition& other) const;

  // True for the condition that always holds.
  bool always() const { return kind_ == Kind::always; }
  // True when the condition holds under `config`.
  bool holds(const Config& config) const;
  // The prose ("" for always).
  std::string text() const;
  // Calls f(key) for every field key the condition names (the table checks they come earlier).
  template <class F>
  void for_each_key(F&& f) const {
    if (!key_.empty()) f(key_);
    for (const FieldCondition& part : parts_) part.for_each_key(f);
  }

 private:
  enum class Kind { always, generated, equals, positive, noise_reads, all, any };
  FieldCondition combined(Kind kind, const FieldCondition& other) const;
  Kind kind_ = Kind::always;
  std::string key_;                      // equals, positive: the field named
  std::string value_;                    // equals: the canonical text
  NoiseParam param_ = NoiseParam::rate;  // noise_reads
  std::vector<FieldCondition> parts_;    // all, any
};

// One config field: its Setting (key, label, type, default, range, help, applies_when, view_only) and
// how it is bound to Config. Declared in fields.cpp, one declaration per field: the binding is one
// accessor returning a reference to the Config member, from which get and set are derived.
struct Field : Setting {
  std::string_view panel;       // panel of kPanelNames showing the widget ("" for the version)
  bool always_written = false;  // written in every canonical URL even at its default (v, data, learner, seed)
  FieldCondition applies;       // when false the field has no effect: encode omits it, decode ignores it;
                                // Setting::applies_when is its text
  std::optional<GeneratorParam> generator_param;          // the GeneratorSpec member it sets, if any (generator_reads)
  std::function<SettingValue(const Config&)> get;         // reads the value from a Config
  std::function<void(Config&, const SettingValue&)> set;  // writes a value that passed check_setting_value
};

// The field table in canonical URL order (v first; the learner's l.<name> keys follow `learner`). The
// choices of `data` and `noise` and the prose of the noise conditions follow the generator and noise
// registries: the table refreshes them in place when a row was registered since the last call.
const std::vector<Field>& config_fields();
// The field with this URL key, or nullptr.
const Field* find_field(std::string_view key);
// True when the field has an effect under `config` (depends only on fields earlier in the table).
bool field_applies(const Field& field, const Config& config);
// True when the field applies and, for a generator parameter, the chosen generator reads it
// (generator_reads): what a panel shows. The URL still carries a value the generator ignores.
bool field_in_effect(const Field& field, const Config& config);
// The field's default value (read from Config{}).
const SettingValue& field_default(const Field& field);

// True when the config's data has more than two classes as far as the URL can tell (a generator with
// q > 2 classes; a CSV's classes are only known once it is loaded).
bool config_is_multiclass(const Config& config);

// The warning sentence for a field whose value is rejected and replaced by its default:
// "field 'eta': 0.7 is out of range [0, 0.5); using the default 0.1".
std::string field_default_warning(const Field& field, const std::string& problem);

// Keeps config.learner known (else default_learner_id) and able to handle the data's classes (else the
// first multiclass learner), appending a warning per change; true when the learner changed.
bool resolve_learner(Config& config, std::vector<std::string>& warnings);

// Makes a config consistent and returns one warning sentence per change: every field back in range
// (a whole number capped to its bound, another value its default), hide sorted and without repeats, size caps (n*d,
// concepts*d, the basis stream's margin >= 1/64), the confusion matrix's size and columns when noise=confusion, the
// learner known (else default_learner_id) and able to handle the data's classes (else the first multiclass learner),
// the learner's parameters known, in range, non-default and sorted by name. A config for which this returns nothing
// is "valid". What its sizes cost is the next step's (config/link.h settle: the resource budget).
std::vector<std::string> validate(Config& config);

}  // namespace ml
