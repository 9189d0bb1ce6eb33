// marginlab — the field table, value parsing/checking/formatting and cross-field validation.
#include "core/config/fields.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "core/util/format.h"

namespace ml {
namespace {

// Enum sizes (the name functions of generators.h, transform.h and noise.h spell each value).
constexpr int kNormalizationCount = 3;
constexpr int kNoiseModelCount = 6;
constexpr int kSamplingCount = 2;
constexpr int kMaliciousCount = 3;
constexpr int kLabelAdversaryCount = 3;
constexpr int kOutlierModeCount = 2;
// Column sums of a confusion matrix must be 1 within this (as noise.h validate_confusion).
constexpr double kColumnTolerance = 1e-9;

FieldValue number_value(double x) {
  FieldValue v;
  v.number = x;
  return v;
}

FieldValue text_value(std::string s) {
  FieldValue v;
  v.text = std::move(s);
  return v;
}

template <class Name>
std::vector<std::string> enum_names(int count, Name name) {
  std::vector<std::string> out;
  for (int i = 0; i < count; ++i) out.emplace_back(name(i));
  return out;
}

// True when `s` is well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF).
bool valid_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    int extra = 0;
    uint32_t cp = 0;
    if (c < 0x80) { ++i; continue; }
    if (c >= 0xC2 && c <= 0xDF) { extra = 1; cp = c & 0x1Fu; }
    else if (c >= 0xE0 && c <= 0xEF) { extra = 2; cp = c & 0x0Fu; }
    else if (c >= 0xF0 && c <= 0xF4) { extra = 3; cp = c & 0x07u; }
    else return false;
    if (i + static_cast<size_t>(extra) >= s.size()) return false;
    for (int k = 1; k <= extra; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + static_cast<size_t>(k)]);
      if ((cc & 0xC0u) != 0x80u) return false;
      cp = (cp << 6) | (cc & 0x3Fu);
    }
    if ((extra == 2 && cp < 0x800) || (extra == 3 && cp < 0x10000) || cp > 0x10FFFF ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    i += static_cast<size_t>(extra) + 1;
  }
  return true;
}

// Names and column headers: short printable UTF-8.
std::string check_name_text(std::string_view s) {
  if (s.size() > static_cast<size_t>(kMaxTextBytes))
    return quote_for_message(s) + " is longer than " + std::to_string(kMaxTextBytes) + " bytes";
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7F) return quote_for_message(s) + " contains a control character";
  }
  if (!valid_utf8(s)) return quote_for_message(s) + " is not valid UTF-8";
  return "";
}

// The CSV content hash: empty (not recorded) or 16 lowercase hex digits.
std::string check_hash_text(std::string_view s) {
  if (s.empty()) return "";
  bool ok = s.size() == 16;
  for (char c : s) ok = ok && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
  return ok ? "" : quote_for_message(s) + " is not 16 lowercase hex digits";
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += separator;
    out += items[i];
  }
  return out;
}

std::string range_text(const ParamSpec& spec, bool max_exclusive) {
  return "[" + format_url_number(spec.min) + ", " + format_url_number(spec.max) + (max_exclusive ? ")" : "]");
}


// Parses a finite number; "" or the problem.
std::string parse_number(std::string_view text, double* out) {
  if (text.empty()) return "the value is empty";
  if (!parse_double(text, out)) return quote_for_message(text) + " is not a number";
  if (!std::isfinite(*out)) return quote_for_message(text) + " is not a finite number";
  if (*out == 0) *out = 0;  // -0 reads as 0: one text per value
  return "";
}

std::string format_number_of_kind(const ParamSpec& spec, FieldKind kind, double x);

// Range and integrality of a number; `given` is the user's text for messages ("" = format x, only
// when there is a problem: formatting is the expensive part of checking).
std::string check_number(const ParamSpec& spec, FieldKind kind, bool max_exclusive, double x,
                         std::string_view given) {
  auto shown = [&] {
    if (!given.empty()) return quote_for_message(given);
    return std::isfinite(x) ? format_number_of_kind(spec, kind, x) : format_double(x);
  };
  if (!std::isfinite(x)) return shown() + " is not a finite number";
  switch (kind) {
    case FieldKind::boolean:
      return (x == 0 || x == 1) ? "" : shown() + " is not 0 or 1";
    case FieldKind::choice:
      if (x >= 0 && x < static_cast<double>(spec.choices.size()) && std::floor(x) == x) return "";
      return shown() + " is not one of " + join(spec.choices, ", ");
    case FieldKind::integer:
      if (std::floor(x) != x) return shown() + " is not a whole number";
      break;
    default:
      break;
  }
  const bool above = max_exclusive ? x >= spec.max : x > spec.max;
  if (x < spec.min || above) return shown() + " is out of range " + range_text(spec, max_exclusive);
  return "";
}

FieldKind kind_of(ParamKind k) {
  switch (k) {
    case ParamKind::integer: return FieldKind::integer;
    case ParamKind::boolean: return FieldKind::boolean;
    case ParamKind::choice: return FieldKind::choice;
    case ParamKind::real: break;
  }
  return FieldKind::real;
}

std::string format_number_of_kind(const ParamSpec& spec, FieldKind kind, double x) {
  switch (kind) {
    case FieldKind::boolean:
      return x != 0 ? "1" : "0";
    case FieldKind::choice: {
      if (x >= 0 && x < static_cast<double>(spec.choices.size()) && std::floor(x) == x)
        return spec.choices[static_cast<size_t>(x)];
      return format_url_number(x);
    }
    case FieldKind::integer: {
      if (std::floor(x) != x || std::fabs(x) >= 1e18) return format_url_number(x);
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.0f", x == 0 ? 0.0 : x);
      return buf;
    }
    default:
      return format_url_number(x);
  }
}

// Parses a number-like value of a numeric kind: booleans 0/1/true/false, choices by name.
std::string parse_number_of_kind(const ParamSpec& spec, FieldKind kind, bool max_exclusive,
                                 std::string_view text, double* out) {
  if (text.empty()) return "the value is empty";
  if (kind == FieldKind::boolean) {
    if (text == "1" || text == "true") { *out = 1; return ""; }
    if (text == "0" || text == "false") { *out = 0; return ""; }
    return quote_for_message(text) + " is not 0 or 1";
  }
  if (kind == FieldKind::choice) {
    for (size_t i = 0; i < spec.choices.size(); ++i)
      if (spec.choices[i] == text) { *out = static_cast<double>(i); return ""; }
    return quote_for_message(text) + " is not one of " + join(spec.choices, ", ");
  }
  std::string problem = parse_number(text, out);
  if (!problem.empty()) return problem;
  return check_number(spec, kind, max_exclusive, *out, text);
}

std::vector<std::string_view> split_commas(std::string_view s) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    const size_t comma = s.find(',', start);
    parts.push_back(s.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return parts;
}

// hide: known names in choice order without repeats (unknown names are left for check to report).
std::vector<std::string> normalized_names(const Field& field, const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (const std::string& choice : field.spec.choices)
    if (std::find(names.begin(), names.end(), choice) != names.end()) out.push_back(choice);
  for (const std::string& name : names)
    if (std::find(field.spec.choices.begin(), field.spec.choices.end(), name) == field.spec.choices.end())
      out.push_back(name);
  return out;
}

std::string shown_default(const Field& field) {
  const std::string text = format_field_value(field, field_default(field));
  return text.empty() ? "(empty)" : text;
}


bool is_generated(const Config& c) { return !c.use_csv; }

std::vector<Field> build_fields() {
  std::vector<Field> t;
  auto add = [&t](std::string key, std::string label, FieldKind kind, std::string_view panel, std::string help) -> Field& {
    Field f;
    f.spec.name = std::move(key);
    f.spec.label = std::move(label);
    f.spec.help = std::move(help);
    f.kind = kind;
    f.panel = panel;
    if (kind == FieldKind::integer) f.spec.kind = ParamKind::integer;
    if (kind == FieldKind::boolean) f.spec.kind = ParamKind::boolean;
    if (kind == FieldKind::choice) f.spec.kind = ParamKind::choice;
    if (kind == FieldKind::boolean) { f.spec.min = 0; f.spec.max = 1; }
    t.push_back(std::move(f));
    return t.back();
  };
  auto range = [](Field& f, double lo, double hi) { f.spec.min = lo; f.spec.max = hi; };

  // --- the version ---
  {
    Field& f = add("v", "URL version", FieldKind::integer, "", "Version of the URL format: always 1, always first.");
    range(f, 1, 1);
    f.always_written = true;
    f.get = [](const Config&) { return number_value(1); };
    f.set = [](Config&, const FieldValue&) {};
  }
  // --- data ---
  {
    Field& f = add("data", "Data", FieldKind::choice, "data",
                   "Where the examples come from: a generator (docs/generators.md) or csv, a file the user "
                   "loads in the app (never uploaded: the link holds only its name and hash).");
    for (int i = 0; i < kGeneratorCount; ++i) f.spec.choices.emplace_back(generator_name(static_cast<Generator>(i)));
    f.spec.choices.emplace_back("csv");
    f.always_written = true;
    f.get = [](const Config& c) {
      return number_value(c.use_csv ? kGeneratorCount : static_cast<int>(c.generator.kind));
    };
    f.set = [](Config& c, const FieldValue& v) {
      const int index = static_cast<int>(v.number);
      c.use_csv = index == kGeneratorCount;
      if (!c.use_csv) c.generator.kind = static_cast<Generator>(index);
    };
  }
  {
    Field& f = add("n", "Examples", FieldKind::integer, "data", "Number of examples generated (train + test).");
    range(f, 1, kMaxExamples);
    f.spec.log_scale = true;
    f.applies_when = "data is a generator";
    f.applies = is_generated;
    f.get = [](const Config& c) { return number_value(c.generator.n); };
    f.set = [](Config& c, const FieldValue& v) { c.generator.n = static_cast<int>(v.number); };
  }
  {
    Field& f = add("d", "Dimension", FieldKind::integer, "data",
                   "Dimension d of the generated points (the 2-D generators ignore it).");
    range(f, 1, kMaxDims);
    f.spec.log_scale = true;
    f.applies_when = "data is a generator";
    f.applies = is_generated;
    f.get = [](const Config& c) { return number_value(c.generator.dims); };
    f.set = [](Config& c, const FieldValue& v) { c.generator.dims = static_cast<int>(v.number); };
  }
  {
    Field& f = add("margin", "Margin", FieldKind::real, "data",
                   "Rejection margin: points closer than this to the target's boundary are redrawn "
                   "(gamma for separable, theta for classes); basis: delta, the stream has ceil(1/delta^2) "
                   "examples, so delta >= 1/64.");
    range(f, 0, 0.99);
    f.applies_when = "data is a generator";
    f.applies = is_generated;
    f.get = [](const Config& c) { return number_value(c.generator.margin); };
    f.set = [](Config& c, const FieldValue& v) { c.generator.margin = v.number; };
  }
  {
    Field& f = add("q", "Classes", FieldKind::integer, "data", "Number of classes Q of the classes and blobs generators.");
    range(f, 2, kMaxClasses);
    f.applies_when = "data is a generator";
    f.applies = is_generated;
    f.get = [](const Config& c) { return number_value(c.generator.classes); };
    f.set = [](Config& c, const FieldValue& v) { c.generator.classes = static_cast<int>(v.number); };
  }
  {
    Field& f = add("spread", "Spread", FieldKind::real, "data",
                   "Jitter of the 2-D sets (blob standard deviation, spiral noise).");
    range(f, 0, 10);
    f.applies_when = "data is a generator";
    f.applies = is_generated;
    f.get = [](const Config& c) { return number_value(c.generator.spread); };
    f.set = [](Config& c, const FieldValue& v) { c.generator.spread = v.number; };
  }
  {
    Field& f = add("concepts", "Concepts", FieldKind::integer, "data",
                   "|C|, the size of the finite concept class (generators finite and thresholds; Halving).");
    range(f, 2, kMaxConcepts);
    f.spec.log_scale = true;
    f.applies_when = "data is a generator";
    f.applies = is_generated;
    f.get = [](const Config& c) { return number_value(c.generator.concepts); };
    f.set = [](Config& c, const FieldValue& v) { c.generator.concepts = static_cast<int>(v.number); };
  }
  {
    Field& f = add("ball", "In the ball", FieldKind::boolean, "data",
                   "separable: points uniform in the unit ball instead of on the unit sphere.");
    f.applies_when = "data is a generator";
    f.applies = is_generated;
    f.get = [](const Config& c) { return number_value(c.generator.ball ? 1 : 0); };
    f.set = [](Config& c, const FieldValue& v) { c.generator.ball = v.number != 0; };
  }
  {
    Field& f = add("csv", "CSV file", FieldKind::text, "data",
                   "Name of the CSV file the link expects; its content never travels in the link.");
    f.applies_when = "data=csv";
    f.applies = [](const Config& c) { return c.use_csv; };
    f.check_text = check_name_text;
    f.text_format = "printable UTF-8, at most 255 bytes";
    f.get = [](const Config& c) { return text_value(c.csv_name); };
    f.set = [](Config& c, const FieldValue& v) { c.csv_name = v.text; };
  }
  {
    Field& f = add("csvhash", "CSV hash", FieldKind::text, "data",
                   "First 16 hex digits of the file's SHA-256 (as sha256sum prints it); the user is told "
                   "when the loaded file does not match. Empty: not recorded.");
    f.applies_when = "data=csv";
    f.applies = [](const Config& c) { return c.use_csv; };
    f.check_text = check_hash_text;
    f.text_format = "16 lowercase hex digits, or empty";
    f.get = [](const Config& c) { return text_value(c.csv_hash); };
    f.set = [](Config& c, const FieldValue& v) { c.csv_hash = v.text; };
  }
  {
    Field& f = add("label", "Label column", FieldKind::text, "data",
                   "Label column of the CSV: a header name or a 0-based index; empty: the last column.");
    f.applies_when = "data=csv";
    f.applies = [](const Config& c) { return c.use_csv; };
    f.check_text = check_name_text;
    f.text_format = "printable UTF-8, at most 255 bytes";
    f.get = [](const Config& c) { return text_value(c.csv_label); };
    f.set = [](Config& c, const FieldValue& v) { c.csv_label = v.text; };
  }
  {
    Field& f = add("test", "Test fraction", FieldKind::real, "data",
                   "Fraction of the examples held out to measure test error against the true labels.");
    range(f, 0, 0.9);
    f.get = [](const Config& c) { return number_value(c.test_fraction); };
    f.set = [](Config& c, const FieldValue& v) { c.test_fraction = v.number; };
  }
  {
    Field& f = add("strat", "Stratified split", FieldKind::boolean, "data",
                   "Split per class so that train and test keep the class proportions.");
    f.get = [](const Config& c) { return number_value(c.stratified ? 1 : 0); };
    f.set = [](Config& c, const FieldValue& v) { c.stratified = v.number != 0; };
  }
  {
    Field& f = add("norm", "Normalization", FieldKind::choice, "data",
                   "Feature normalization fitted on the training part: none, unit (every ||x|| = 1) or "
                   "standardize (every feature mean 0, sd 1).");
    f.spec.choices = enum_names(kNormalizationCount, [](int i) { return normalization_name(static_cast<Normalization>(i)); });
    f.get = [](const Config& c) { return number_value(static_cast<int>(c.normalization)); };
    f.set = [](Config& c, const FieldValue& v) { c.normalization = static_cast<Normalization>(static_cast<int>(v.number)); };
  }
  {
    Field& f = add("bias", "Bias coordinate", FieldKind::boolean, "data",
                   "Append the constant coordinate x_{d+1} = 1, so halfspaces through the origin can learn an offset.");
    f.get = [](const Config& c) { return number_value(c.bias ? 1 : 0); };
    f.set = [](Config& c, const FieldValue& v) { c.bias = v.number != 0; };
  }
  // --- noise ---
  {
    Field& f = add("noise", "Noise model", FieldKind::choice, "noise",
                   "Noise applied to the training part only (docs/noise.md); the test part keeps true labels.");
    f.spec.choices = enum_names(kNoiseModelCount, [](int i) { return noise_model_name(static_cast<NoiseModel>(i)); });
    f.get = [](const Config& c) { return number_value(static_cast<int>(c.noise.model)); };
    f.set = [](Config& c, const FieldValue& v) { c.noise.model = static_cast<NoiseModel>(static_cast<int>(v.number)); };
  }
  {
    Field& f = add("eta", "Noise rate", FieldKind::real, "noise",
                   "Noise rate eta: flip probability (uniform), fraction of examples replaced (malicious) or "
                   "mislabelled (adversarial).");
    range(f, 0, 0.5);
    f.max_exclusive = true;
    f.applies_when = "noise=uniform, malicious or adversarial";
    f.applies = [](const Config& c) {
      return c.noise.model == NoiseModel::uniform || c.noise.model == NoiseModel::malicious ||
             c.noise.model == NoiseModel::adversarial;
    };
    f.get = [](const Config& c) { return number_value(c.noise.rate); };
    f.set = [](Config& c, const FieldValue& v) { c.noise.rate = v.number; };
  }
  {
    Field& f = add("sampling", "Sampling", FieldKind::choice, "noise",
                   "independent: every example is corrupted on its own; exact: count-exact (label noise: per class, "
                   "largest remainder; malicious: exactly round(eta n) examples replaced).");
    f.spec.choices = enum_names(kSamplingCount, [](int i) { return sampling_name(static_cast<Sampling>(i)); });
    f.applies_when = "noise=uniform, confusion or malicious";
    f.applies = [](const Config& c) {
      return c.noise.model == NoiseModel::uniform || c.noise.model == NoiseModel::confusion ||
             c.noise.model == NoiseModel::malicious;
    };
    f.get = [](const Config& c) { return number_value(static_cast<int>(c.noise.sampling)); };
    f.set = [](Config& c, const FieldValue& v) { c.noise.sampling = static_cast<Sampling>(static_cast<int>(v.number)); };
  }
  {
    Field& f = add("cm", "Confusion matrix", FieldKind::real_list, "noise",
                   "Confusion matrix, Q*Q values row by row: C_00,C_01,...,C_{Q-1,Q-1}, with the convention "
                   "C_pq = P(noisy label = p | true class = q): every column sums to 1.");
    range(f, 0, 1);
    f.max_items = kMaxClasses * kMaxClasses;
    f.applies_when = "noise=confusion";
    f.applies = [](const Config& c) { return c.noise.model == NoiseModel::confusion; };
    f.get = [](const Config& c) {
      FieldValue v;
      v.numbers = c.noise.confusion;
      return v;
    };
    f.set = [](Config& c, const FieldValue& v) { c.noise.confusion = v.numbers; };
  }
  {
    Field& f = add("adv", "Malicious adversary", FieldKind::choice, "noise",
                   "What replaces a corrupted example: pull (coordinated, drags the average away from the "
                   "target), boundary (near the boundary, wrong label) or random.");
    f.spec.choices = enum_names(kMaliciousCount, [](int i) { return malicious_adversary_name(static_cast<MaliciousAdversary>(i)); });
    f.applies_when = "noise=malicious";
    f.applies = [](const Config& c) { return c.noise.model == NoiseModel::malicious; };
    f.get = [](const Config& c) { return number_value(static_cast<int>(c.noise.adversary)); };
    f.set = [](Config& c, const FieldValue& v) { c.noise.adversary = static_cast<MaliciousAdversary>(static_cast<int>(v.number)); };
  }
  {
    Field& f = add("strategy", "Label adversary", FieldKind::choice, "noise",
                   "Which eta-fraction adversarial label noise mislabels: nearest to the boundary, farthest "
                   "from it, or one angular region.");
    f.spec.choices = enum_names(kLabelAdversaryCount, [](int i) { return label_adversary_name(static_cast<LabelAdversary>(i)); });
    f.applies_when = "noise=adversarial";
    f.applies = [](const Config& c) { return c.noise.model == NoiseModel::adversarial; };
    f.get = [](const Config& c) { return number_value(static_cast<int>(c.noise.strategy)); };
    f.set = [](Config& c, const FieldValue& v) { c.noise.strategy = static_cast<LabelAdversary>(static_cast<int>(v.number)); };
  }
  {
    Field& f = add("k", "Outliers", FieldKind::integer, "noise",
                   "Number k of outliers (at most the training part's size, checked when the data is built).");
    range(f, 0, kMaxExamples);
    f.applies_when = "noise=outliers";
    f.applies = [](const Config& c) { return c.noise.model == NoiseModel::outliers; };
    f.get = [](const Config& c) { return number_value(c.noise.outliers); };
    f.set = [](Config& c, const FieldValue& v) { c.noise.outliers = static_cast<int>(v.number); };
  }
  {
    Field& f = add("omode", "Outlier mode", FieldKind::choice, "noise",
                   "flip relabels the k outliers; move moves them (labels kept).");
    f.spec.choices = enum_names(kOutlierModeCount, [](int i) { return outlier_mode_name(static_cast<OutlierMode>(i)); });
    f.applies_when = "noise=outliers";
    f.applies = [](const Config& c) { return c.noise.model == NoiseModel::outliers; };
    f.get = [](const Config& c) { return number_value(static_cast<int>(c.noise.outlier_mode)); };
    f.set = [](Config& c, const FieldValue& v) { c.noise.outlier_mode = static_cast<OutlierMode>(static_cast<int>(v.number)); };
  }
  // --- learner ---
  {
    Field& f = add("learner", "Learner", FieldKind::learner, "learner",
                   "Learner id from the registry; its parameters follow as l.<name> (tables below).");
    f.always_written = true;
    f.get = [](const Config& c) { return text_value(c.learner); };
    f.set = [](Config& c, const FieldValue& v) { c.learner = v.text; };
  }
  // --- run ---
  {
    Field& f = add("seed", "Seed", FieldKind::integer, "run",
                   "Master seed: the data, noise, split and learner streams derive from it, so a link "
                   "reproduces the run bit for bit.");
    range(f, 0, static_cast<double>(kMaxSeed));
    f.always_written = true;
    f.get = [](const Config& c) { return number_value(static_cast<double>(c.seed)); };
    f.set = [](Config& c, const FieldValue& v) { c.seed = static_cast<uint64_t>(v.number); };
  }
  {
    Field& f = add("steps", "Step budget", FieldKind::integer, "run",
                   "Steps of a run: where the command line stops and the app pauses.");
    range(f, 1, static_cast<double>(kMaxSteps));
    f.spec.log_scale = true;
    f.get = [](const Config& c) { return number_value(static_cast<double>(c.steps)); };
    f.set = [](Config& c, const FieldValue& v) { c.steps = static_cast<int64_t>(v.number); };
  }
  // --- view ---
  {
    Field& f = add("hide", "Hidden panels", FieldKind::name_list, "share",
                   "Panels a teaching link hides, comma list in panel order.");
    for (std::string_view p : kPanelNames) f.spec.choices.emplace_back(p);
    f.max_items = static_cast<int>(kPanelNames.size());
    f.get = [](const Config& c) {
      FieldValue v;
      v.names = c.hidden_panels;
      return v;
    };
    f.set = [](Config& c, const FieldValue& v) { c.hidden_panels = v.names; };
  }

  // Defaults come from Config{}: one source of truth.
  const Config defaults;
  for (Field& f : t) {
    f.default_value = f.get(defaults);
    f.spec.default_value = f.default_value.number;
  }
  return t;
}

// The schema's first multiclass learner, or nullptr.
const LearnerSchema* first_multiclass(const std::vector<LearnerSchema>& learners) {
  for (const LearnerSchema& s : learners)
    if (s.multiclass) return &s;
  return nullptr;
}

std::vector<std::string> learner_ids(const std::vector<LearnerSchema>& learners) {
  std::vector<std::string> ids;
  for (const LearnerSchema& s : learners) ids.push_back(s.id);
  return ids;
}

// Number of classes the confusion matrix must have, or 0 when unknown until a CSV is loaded.
int expected_classes(const Config& c) {
  if (c.use_csv) return 0;
  return generator_is_multiclass(c.generator.kind) ? c.generator.classes : 2;
}

// "" when the matrix fits; else the problem phrase.
std::string confusion_problem(const std::vector<double>& m, int classes) {
  int q = classes;
  if (q == 0) {
    if (m.empty()) return "";
    q = static_cast<int>(std::sqrt(static_cast<double>(m.size())) + 0.5);
    if (static_cast<size_t>(q) * static_cast<size_t>(q) != m.size() || q < 2 || q > kMaxClasses)
      return std::to_string(m.size()) + " values do not make a square matrix of 2 to " +
             std::to_string(kMaxClasses) + " classes";
  } else if (m.size() != static_cast<size_t>(q) * static_cast<size_t>(q)) {
    return "expected " + std::to_string(q * q) + " values (" + std::to_string(q) + " x " + std::to_string(q) +
           ", row by row, C_pq = P(noisy = p | true = q)), got " + std::to_string(m.size());
  }
  for (int col = 0; col < q; ++col) {
    double sum = 0;
    for (int row = 0; row < q; ++row) sum += m[static_cast<size_t>(row * q + col)];
    if (!(std::fabs(sum - 1.0) <= kColumnTolerance))
      return "column " + std::to_string(col) + " (true class " + std::to_string(col) + ") sums to " +
             format_url_number(sum) + ", not 1 (convention C_pq = P(noisy = p | true = q))";
  }
  return "";
}

}  // namespace

const std::vector<Field>& config_fields() {
  static const std::vector<Field> table = build_fields();
  return table;
}

const Field* find_field(std::string_view key) {
  for (const Field& f : config_fields())
    if (f.key() == key) return &f;
  return nullptr;
}

bool field_applies(const Field& field, const Config& config) {
  return field.applies == nullptr || field.applies(config);
}

const FieldValue& field_default(const Field& field) { return field.default_value; }

bool same_field_value(const Field& field, const FieldValue& a, const FieldValue& b) {
  switch (field.kind) {
    case FieldKind::real:
    case FieldKind::integer:
    case FieldKind::boolean:
    case FieldKind::choice:
      return a.number == b.number;
    case FieldKind::text:
    case FieldKind::learner:
      return a.text == b.text;
    case FieldKind::real_list:
      return a.numbers == b.numbers;
    case FieldKind::name_list:
      return a.names == b.names;
  }
  return false;
}

std::string parse_field_value(const Field& field, std::string_view text, FieldValue* out) {
  *out = FieldValue{};
  switch (field.kind) {
    case FieldKind::real:
    case FieldKind::integer:
    case FieldKind::boolean:
    case FieldKind::choice:
      return parse_number_of_kind(field.spec, field.kind, field.max_exclusive, text, &out->number);
    case FieldKind::text:
    case FieldKind::learner:
      out->text = std::string(text);
      return check_field_value(field, *out);
    case FieldKind::real_list: {
      if (text.empty()) return "";
      const std::vector<std::string_view> parts = split_commas(text);
      if (parts.size() > static_cast<size_t>(field.max_items))
        return std::to_string(parts.size()) + " values are more than the " + std::to_string(field.max_items) + " allowed";
      for (size_t i = 0; i < parts.size(); ++i) {
        double x = 0;
        std::string problem = parse_number(parts[i], &x);
        if (problem.empty()) problem = check_number(field.spec, FieldKind::real, false, x, parts[i]);
        if (!problem.empty()) return "entry " + std::to_string(i + 1) + ": " + problem;
        out->numbers.push_back(x);
      }
      return "";
    }
    case FieldKind::name_list: {
      if (text.empty()) return "";
      std::vector<std::string> names;
      for (std::string_view part : split_commas(text)) names.emplace_back(part);
      out->names = normalized_names(field, names);
      return check_field_value(field, *out);
    }
  }
  return "";
}

std::string check_field_value(const Field& field, const FieldValue& value) {
  switch (field.kind) {
    case FieldKind::real:
    case FieldKind::integer:
    case FieldKind::boolean:
    case FieldKind::choice:
      return check_number(field.spec, field.kind, field.max_exclusive, value.number, "");
    case FieldKind::text:
      return field.check_text ? field.check_text(value.text) : "";
    case FieldKind::learner: {
      if (value.text.empty()) return "the value is empty";
      if (value.text.size() > 64) return quote_for_message(value.text) + " is longer than 64 bytes";
      for (char c : value.text) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                        c == '-' || c == '.';
        if (!ok) return quote_for_message(value.text) + " is not a learner id";
      }
      return "";
    }
    case FieldKind::real_list: {
      if (value.numbers.size() > static_cast<size_t>(field.max_items))
        return std::to_string(value.numbers.size()) + " values are more than the " + std::to_string(field.max_items) + " allowed";
      for (size_t i = 0; i < value.numbers.size(); ++i) {
        const std::string problem = check_number(field.spec, FieldKind::real, false, value.numbers[i], "");
        if (!problem.empty()) return "entry " + std::to_string(i + 1) + ": " + problem;
      }
      return "";
    }
    case FieldKind::name_list: {
      if (value.names.size() > static_cast<size_t>(field.max_items))
        return std::to_string(value.names.size()) + " names are more than the " + std::to_string(field.max_items) + " allowed";
      for (const std::string& name : value.names)
        if (std::find(field.spec.choices.begin(), field.spec.choices.end(), name) == field.spec.choices.end())
          return quote_for_message(name) + " is not one of " + join(field.spec.choices, ", ");
      return "";
    }
  }
  return "";
}

std::string format_field_value(const Field& field, const FieldValue& value) {
  switch (field.kind) {
    case FieldKind::real:
    case FieldKind::integer:
    case FieldKind::boolean:
    case FieldKind::choice:
      return format_number_of_kind(field.spec, field.kind, value.number);
    case FieldKind::text:
    case FieldKind::learner:
      return value.text;
    case FieldKind::real_list: {
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
    case FieldKind::name_list:
      return join(value.names, ",");
  }
  return "";
}

std::string parse_param_value(const ParamSpec& spec, std::string_view text, double* out) {
  return parse_number_of_kind(spec, kind_of(spec.kind), false, text, out);
}

std::string check_param_value(const ParamSpec& spec, double value) {
  return check_number(spec, kind_of(spec.kind), false, value, "");
}

std::string format_param_value(const ParamSpec& spec, double value) {
  return format_number_of_kind(spec, kind_of(spec.kind), value);
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
    if (exact_at(mid)) hi = mid;
    else lo = mid + 1;
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

const LearnerSchema* find_learner_schema(const std::vector<LearnerSchema>& learners, std::string_view id) {
  for (const LearnerSchema& s : learners)
    if (s.id == id) return &s;
  return nullptr;
}

std::string default_learner_id(const std::vector<LearnerSchema>& learners) {
  const std::string preferred = Config{}.learner;
  if (find_learner_schema(learners, preferred)) return preferred;
  return learners.empty() ? std::string() : learners.front().id;
}

bool config_is_multiclass(const Config& config) {
  return !config.use_csv && generator_is_multiclass(config.generator.kind) && config.generator.classes > 2;
}

bool resolve_learner(Config& c, const std::vector<LearnerSchema>& learners, std::vector<std::string>& warnings) {
  if (learners.empty()) return false;  // no registry to check against
  const std::string original = c.learner;
  const LearnerSchema* schema = find_learner_schema(learners, c.learner);
  if (!schema) {
    const std::string fallback = default_learner_id(learners);
    warnings.push_back("field 'learner': " + quote_for_message(c.learner) + " is not a known learner (" +
                       join(learner_ids(learners), ", ") + "); using the default '" + fallback + "'");
    c.learner = fallback;
    schema = find_learner_schema(learners, c.learner);
  }
  if (schema && !schema->multiclass && config_is_multiclass(c)) {
    if (const LearnerSchema* multi = first_multiclass(learners)) {
      warnings.push_back("field 'learner': '" + c.learner + "' handles two classes only but the data has q = " +
                         std::to_string(c.generator.classes) + " classes; using '" + multi->id + "'");
      c.learner = multi->id;
    } else {
      warnings.push_back("field 'learner': '" + c.learner + "' handles two classes only but the data has q = " +
                         std::to_string(c.generator.classes) + " classes, and no multiclass learner is available");
    }
  }
  return c.learner != original;
}

std::string field_default_warning(const Field& field, const std::string& problem) {
  return "field '" + field.key() + "': " + problem + "; using the default " + shown_default(field);
}

std::vector<std::string> validate(Config& config, const std::vector<LearnerSchema>& learners) {
  std::vector<std::string> warnings;
  // Every field in its type and range.
  for (const Field& f : config_fields()) {
    if (f.kind == FieldKind::learner) continue;  // resolved against the schemas below
    FieldValue value = f.get(config);
    if (f.kind == FieldKind::name_list) {
      const std::vector<std::string> normal = normalized_names(f, value.names);
      if (normal != value.names) {
        value.names = normal;
        f.set(config, value);
      }
    }
    const std::string problem = check_field_value(f, value);
    if (!problem.empty()) {
      warnings.push_back(field_default_warning(f, problem));
      f.set(config, field_default(f));
    }
  }
  // Size caps of generated data.
  if (!config.use_csv) {
    GeneratorSpec& g = config.generator;
    const int64_t dims = generator_is_2d(g.kind) ? 2 : g.dims;
    if (static_cast<int64_t>(g.n) * dims > kMaxCells) {
      const int capped = static_cast<int>(kMaxCells / dims);
      warnings.push_back("fields 'n' and 'd': " + std::to_string(g.n) + " examples x " + std::to_string(dims) +
                         " dimensions exceed the cap of " + std::to_string(kMaxCells) + " values; using n = " +
                         std::to_string(capped));
      g.n = capped;
    }
    if (g.kind == Generator::finite && static_cast<int64_t>(g.concepts) * dims > kMaxCells) {
      const int capped = static_cast<int>(kMaxCells / dims);
      warnings.push_back("fields 'concepts' and 'd': " + std::to_string(g.concepts) + " concepts x " +
                         std::to_string(dims) + " dimensions exceed the cap of " + std::to_string(kMaxCells) +
                         " values; using concepts = " + std::to_string(capped));
      g.concepts = capped;
    }
    // The basis stream has k = ceil(1/margin^2) examples in k dimensions (generators.h kMaxBasisSize).
    const double min_basis_margin = 1.0 / std::sqrt(static_cast<double>(kMaxBasisSize));
    if (g.kind == Generator::basis && g.margin < min_basis_margin) {
      const Field& margin = *find_field("margin");
      warnings.push_back("field 'margin': " + format_url_number(g.margin) + " is below " +
                         format_url_number(min_basis_margin) + ", the smallest margin of the basis stream (k = "
                         "ceil(1/margin^2) <= " + std::to_string(kMaxBasisSize) + " examples); using the default " +
                         format_field_value(margin, field_default(margin)));
      g.margin = field_default(margin).number;
    }
  }
  // The confusion matrix must match the classes and be column-stochastic.
  if (config.noise.model == NoiseModel::confusion) {
    const int classes = expected_classes(config);
    const std::string problem = confusion_problem(config.noise.confusion, classes);
    if (!problem.empty()) {
      if (classes == 0) {
        warnings.push_back("field 'cm': " + problem + "; cleared (the matrix is asked for once the CSV's classes are known)");
        config.noise.confusion.clear();
      } else {
        const double eta = config.noise.rate;
        std::vector<double> uniform(static_cast<size_t>(classes * classes), eta / (classes - 1));
        for (int i = 0; i < classes; ++i) uniform[static_cast<size_t>(i * classes + i)] = 1.0 - eta;
        warnings.push_back("field 'cm': " + problem + "; using the uniform matrix with eta " + format_url_number(eta));
        config.noise.confusion = std::move(uniform);
      }
    }
  }
  // The learner and its parameters.
  const std::string old_learner = config.learner;
  if (resolve_learner(config, learners, warnings)) {
    for (const ParamValue& p : config.params)
      warnings.push_back("field 'l." + p.name + "': a parameter of learner " + quote_for_message(old_learner) +
                         ", ignored");
    config.params.clear();
  } else if (const LearnerSchema* schema = find_learner_schema(learners, config.learner)) {
    std::vector<ParamValue> kept;
    std::vector<std::string> seen;
    for (const ParamValue& p : config.params) {
      const ParamSpec* spec = nullptr;
      for (const ParamSpec& s : schema->params)
        if (s.name == p.name) spec = &s;
      if (!spec) {
        warnings.push_back("field 'l." + p.name + "': learner '" + schema->id + "' has no parameter " +
                           quote_for_message(p.name) + "; ignored");
        continue;
      }
      if (std::find(seen.begin(), seen.end(), p.name) != seen.end()) {
        warnings.push_back("field 'l." + p.name + "' is given more than once; keeping the first value");
        continue;
      }
      seen.push_back(p.name);
      const std::string problem = check_param_value(*spec, p.value);
      if (!problem.empty()) {
        warnings.push_back("field 'l." + p.name + "': " + problem + "; using the default " +
                           format_param_value(*spec, spec->default_value));
        continue;
      }
      if (p.value != spec->default_value) kept.push_back(p);
    }
    std::sort(kept.begin(), kept.end(), [](const ParamValue& a, const ParamValue& b) { return a.name < b.name; });
    config.params = std::move(kept);
  }
  return warnings;
}

bool operator==(const Config& a, const Config& b) {
  const GeneratorSpec& ga = a.generator;
  const GeneratorSpec& gb = b.generator;
  const NoiseSpec& na = a.noise;
  const NoiseSpec& nb = b.noise;
  if (a.params.size() != b.params.size()) return false;
  for (size_t i = 0; i < a.params.size(); ++i)
    if (a.params[i].name != b.params[i].name || a.params[i].value != b.params[i].value) return false;
  return a.use_csv == b.use_csv && ga.kind == gb.kind && ga.n == gb.n && ga.dims == gb.dims &&
         ga.margin == gb.margin && ga.classes == gb.classes && ga.spread == gb.spread &&
         ga.concepts == gb.concepts && ga.ball == gb.ball && a.csv_name == b.csv_name &&
         a.csv_hash == b.csv_hash && a.csv_label == b.csv_label && a.test_fraction == b.test_fraction &&
         a.stratified == b.stratified && a.normalization == b.normalization && a.bias == b.bias &&
         na.model == nb.model && na.rate == nb.rate && na.sampling == nb.sampling && na.confusion == nb.confusion &&
         na.adversary == nb.adversary && na.strategy == nb.strategy && na.outliers == nb.outliers &&
         na.outlier_mode == nb.outlier_mode && a.learner == b.learner && a.seed == b.seed && a.steps == b.steps &&
         a.hidden_panels == b.hidden_panels;
}

}  // namespace ml
