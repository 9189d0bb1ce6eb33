// marginlab — the field table, value parsing/checking/formatting and cross-field validation.
#include "core/config/fields.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <type_traits>
#include <utility>

#include "core/config/point_edits.h"
#include "core/data/generator_registry.h"
#include "core/util/format.h"

namespace ml {
namespace {

// Column sums of a confusion matrix must be 1 within this (as noise.h validate_confusion).
constexpr double kColumnTolerance = 1e-9;

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

std::string shown_default(const Field& field) {
  const std::string text = format_setting_value(field, field_default(field));
  return text.empty() ? "(empty)" : text;
}


using Cond = FieldCondition;

// The ids of rows as choices, with their display names and "description (citation)" tooltips.
template <class Rows>
void set_row_choices(Setting& s, const Rows& rows) {
  s.choices.clear();
  s.choice_labels.clear();
  s.choice_help.clear();
  for (const auto& row : rows) {
    s.choices.push_back(row.id);
    s.choice_labels.push_back(row.name);
    s.choice_help.push_back(row.citation.empty() ? row.description : row.description + " (" + row.citation + ")");
  }
}

// The data field's choices: every generator row, then csv.
void set_data_choices(Field& f) {
  set_row_choices(f, generator_rows());
  f.choices.emplace_back("csv");
  f.choice_labels.emplace_back("CSV file");
  f.choice_help.emplace_back("A file you load; the link holds only its name and hash");
  f.max = static_cast<double>(generator_rows().size());
}

// The noise field's choices: every noise row.
void set_noise_choices(Field& f) {
  set_row_choices(f, noise_rows());
  f.max = static_cast<double>(noise_rows().size()) - 1;
}

// Appends the field bound to the Config member `access` returns (a callable Config& -> T&): its type,
// enum choices, get and set follow from T; the default is read from Config{} once the table is built.
template <class Access>
Field& bind(std::vector<Field>& t, std::string_view panel, FieldCondition applies, Setting setting, std::string help,
            Access access) {
  using T = std::remove_cvref_t<decltype(access(std::declval<Config&>()))>;
  setting.help = std::move(help);
  complete_setting<T>(setting);
  Field f;
  static_cast<Setting&>(f) = std::move(setting);
  f.panel = panel;
  f.applies = std::move(applies);
  f.get = [access](const Config& c) { return to_setting_value(access(const_cast<Config&>(c))); };
  f.set = [access](Config& c, const SettingValue& v) { from_setting_value(v, access(c)); };
  t.push_back(std::move(f));
  return t.back();
}

void assert_conditions_look_back(const std::vector<Field>& t);

// The URL version and the data source (the generator rows, then csv).
void add_version_and_source(std::vector<Field>& t) {
  using T = SettingType;
  // The version: a constant, bound to no member.
  {
    Field f;
    static_cast<Setting&>(f) = {.key = "v",
                                .label = "URL version",
                                .type = T::integer,
                                .min = 1,
                                .max = 1,
                                .help = "Version of the URL format: always 1, always first."};
    f.always_written = true;
    f.get = [](const Config&) { return number_value(1); };
    f.set = [](Config&, const SettingValue&) {};
    t.push_back(std::move(f));
  }
  {  // one choice spelling two members: the generator, or csv after the generators (the rows' count)
    Field f;
    static_cast<Setting&>(f) = {
        .key = "data",
        .label = "Data",
        .type = T::choice,
        .min = 0,
        .help = "Where the examples come from: a generator (docs/generators.md) or csv, a file the user "
                "loads in the app (never uploaded: the link holds only its name and hash)."};
    set_data_choices(f);
    f.panel = "data";
    f.always_written = true;
    f.get = [](const Config& c) {
      return number_value(c.use_csv ? static_cast<int>(generator_rows().size()) : static_cast<int>(c.generator.kind));
    };
    f.set = [](Config& c, const SettingValue& v) {
      const size_t index = static_cast<size_t>(v.number);
      c.use_csv = index == generator_rows().size();
      if (!c.use_csv) c.generator.kind = generator_at(index);
    };
    t.push_back(std::move(f));
  }
}

// The data fields after the source: the generator's parameters, the CSV's, the split and the pipeline.
// The data fields of the transforms fitted on the training part: normalization, bias, kernel features.
void add_transform_fields(std::vector<Field>& t) {
  bind(
      t, "data", {}, {.key = "norm", .label = "Normalization"},
      "Feature normalization fitted on the training part: none, unit (every ||x|| = 1) or "
      "standardize (every feature mean 0, sd 1).",
      [](Config & c) -> auto& { return c.normalization; });
  bind(
      t, "data", {}, {.key = "bias", .label = "Bias coordinate"},
      "Append the constant coordinate x_{d+1} = 1, so halfspaces through the origin can learn an offset.",
      [](Config & c) -> auto& { return c.bias; });
  bind(
      t, "data", {}, {.key = "kpca", .label = "Kernel feature count", .min = 0, .max = 2000, .log_scale = true},
      "D: replace the features by D uncentred Gaussian kernel coordinates by Nyström on `klm` landmarks: the D "
      "leading kernel-PCA axes when `klm` > D, the span of D random training points with the default `klm` = 0; "
      "fitted on the training part's features only, after normalization and before the bias "
      "(004 §3.6, §4.2); 0 = the features as they are.",
      [](Config & c) -> auto& { return c.kpca_dims; });
  bind(
      t, "data", Cond::positive("kpca"),
      {.key = "ksigma", .label = "Kernel feature width", .min = 0, .max = 1e6, .log_scale = true},
      "sigma: width of the kernel features' Gaussian exp(-||x-x'||^2/(2 sigma^2)); 0 = the median heuristic "
      "(sigma^2 = median ||x-x'||^2 / 2 over 2000 seeded pairs of training rows).",
      [](Config & c) -> auto& { return c.kpca_sigma; });
  bind(
      t, "data", Cond::positive("kpca"),
      {.key = "klm", .label = "Kernel feature landmarks", .min = 0, .max = 20000, .log_scale = true},
      "m: the kernel features' Nyström landmarks (at least D). With m > D the features are the D leading "
      "principal axes of the kernel on the training part (kernel PCA, 004 §4.2); 0 = D landmarks, which keeps "
      "every direction of D random training points (no principal axes).",
      [](Config & c) -> auto& { return c.kpca_landmarks; });
}

// The data fields of the generators' sizes and shapes (each applies when the chosen generator reads it).
void add_generator_fields(std::vector<Field>& t) {
  const Cond generated = Cond::data_is_generator();
  bind(
      t, "data", generated, {.key = "n", .label = "Examples", .min = 1, .max = kMaxExamples, .log_scale = true},
      "Number of examples generated (train + test).", [](Config & c) -> auto& { return c.generator.n; })
      .generator_param = GeneratorParam::n;
  bind(
      t, "data", generated, {.key = "d", .label = "Dimension", .min = 1, .max = kMaxDims, .log_scale = true},
      "Dimension d of the generated points (the 2-D generators ignore it).",
      [](Config & c) -> auto& { return c.generator.dims; })
      .generator_param = GeneratorParam::dims;
  bind(
      t, "data", generated, {.key = "margin", .label = "Margin", .min = 0, .max = 0.99},
      "Rejection margin: points closer than this to the target's boundary are redrawn "
      "(gamma for separable, theta for classes); basis: delta, the stream has ceil(1/delta^2) "
      "examples, so delta >= 1/64.",
      [](Config & c) -> auto& { return c.generator.margin; })
      .generator_param = GeneratorParam::margin;
  bind(
      t, "data", generated, {.key = "q", .label = "Classes", .min = 2, .max = kMaxClasses},
      "Number of classes Q of the classes and blobs generators.",
      [](Config & c) -> auto& { return c.generator.classes; })
      .generator_param = GeneratorParam::classes;
  bind(
      t, "data", generated, {.key = "spread", .label = "Spread", .min = 0, .max = 10},
      "Jitter of the 2-D sets (blob standard deviation, spiral noise).",
      [](Config & c) -> auto& { return c.generator.spread; })
      .generator_param = GeneratorParam::spread;
  bind(
      t, "data", generated, {.key = "concepts", .label = "Concepts", .min = 2, .max = kMaxConcepts, .log_scale = true},
      "|C|, the size of the finite concept class (generators finite and thresholds; Halving).",
      [](Config & c) -> auto& { return c.generator.concepts; })
      .generator_param = GeneratorParam::concepts;
  bind(
      t, "data", generated, {.key = "ball", .label = "In the ball"},
      "separable: points uniform in the unit ball instead of on the unit sphere.",
      [](Config & c) -> auto& { return c.generator.ball; })
      .generator_param = GeneratorParam::ball;
}

void add_data_fields(std::vector<Field>& t) {
  const Cond generated = Cond::data_is_generator();
  const Cond from_csv = Cond::equals("data", "csv");
  // Not a benchmark's given split (whose test part is its own file): the examples are cut here.
  const Cond cut_here = Cond::equals("split", "0") || generated;
  add_generator_fields(t);
  bind(
      t, "data", from_csv,
      {.key = "csv",
       .label = "CSV file",
       .check_text = check_name_text,
       .text_format = "printable UTF-8, at most 255 bytes"},
      "Name of the CSV file the link expects, a path relative to the data folder; its content never travels "
      "in the link. The data that ships with marginlab is named by its path in data/ (data/README.md), "
      "e.g. uci/optdigits.csv, or ida/banana/banana with split=3; every file read from a data folder "
      "with a MANIFEST.tsv must match its SHA-256 there.",
      [](Config & c) -> auto& { return c.csv_name; });
  bind(
      t, "data", from_csv, {.key = "split", .label = "Split number", .min = 0, .max = kMaxBenchmarkSplit},
      "Which of a benchmark's train/test splits (k). 0: the CSV file is cut into training and test parts "
      "by 'test'. k >= 1: 'csv' names a benchmark NAME whose split k is two files, NAME_train_k.csv and "
      "NAME_test_k.csv (Rätsch's IDA layout), the test part given by its file.",
      [](Config & c) -> auto& { return c.split; })
      .caps = false;  // an index names files, not a size
  bind(
      t, "data", from_csv && Cond::equals("split", "0"),
      {.key = "csvhash",
       .label = "CSV hash",
       .check_text = check_hash_text,
       .text_format = "16 lowercase hex digits, or empty"},
      "First 16 hex digits of the file's SHA-256 (as sha256sum prints it); the user is told "
      "when the loaded file does not match, and the command line refuses a file of its data folder "
      "that does not. Empty: not recorded.",
      [](Config & c) -> auto& { return c.csv_hash; });
  bind(
      t, "data", from_csv,
      {.key = "label",
       .label = "Label column",
       .check_text = check_name_text,
       .text_format = "printable UTF-8, at most 255 bytes"},
      "Label column of the CSV: a header name or a 0-based index; empty: a column named label, class, "
      "target or y (ignoring case, in that order; y only without a column x), else the last column.",
      [](Config & c) -> auto& { return c.csv_label; });
  bind(
      t, "data", cut_here, {.key = "test", .label = "Test fraction", .min = 0, .max = 0.9},
      "Fraction of the examples held out to measure test error against the true labels.",
      [](Config & c) -> auto& { return c.test_fraction; });
  bind(
      t, "data", cut_here, {.key = "strat", .label = "Stratified split"},
      "Split per class so that train and test keep the class proportions.",
      [](Config & c) -> auto& { return c.stratified; });
  add_transform_fields(t);
}

// The noise fields: each setting applies when the chosen noise model's row reads it.
void add_noise_fields(std::vector<Field>& t) {
  set_noise_choices(bind(
      t, "noise", {}, {.key = "noise", .label = "Noise model"},
      "Noise applied to the training part only (docs/noise.md); the test part keeps true "
      "labels.",
      [](Config & c) -> auto& { return c.noise.model; }));
  bind(
      t, "noise", Cond::noise_reads(NoiseParam::rate),
      {.key = "eta", .label = "Noise rate", .min = 0, .max = 0.5, .max_exclusive = true},
      "Noise rate eta: flip probability (uniform, and the classification part of mixed), fraction of "
      "examples replaced (malicious) or mislabelled (adversarial).",
      [](Config & c) -> auto& { return c.noise.rate; });
  bind(
      t, "noise", Cond::noise_reads(NoiseParam::malicious_rate),
      {.key = "theta", .label = "Replaced share", .min = 0, .max = 1, .max_exclusive = true},
      "theta of mixed noise U^{gamma,eta,theta} (000 Def. 5): after the eta flips, each example is replaced by "
      "the malicious adversary with probability theta. 000 Thm 4 learns while theta < theta_max = "
      "gamma (1 - 2 eta) / 8.",
      [](Config & c) -> auto& { return c.noise.malicious_rate; });
  bind(
      t, "noise", Cond::noise_reads(NoiseParam::sampling), {.key = "sampling", .label = "Sampling"},
      "independent: every example is corrupted on its own; exact: count-exact (label noise: per class, "
      "largest remainder; malicious: exactly round(eta n) examples replaced; mixed: both parts).",
      [](Config & c) -> auto& { return c.noise.sampling; });
  bind(
      t, "noise", Cond::noise_reads(NoiseParam::confusion),
      {.key = "cm", .label = "Confusion matrix", .min = 0, .max = 1, .max_items = kMaxClasses * kMaxClasses},
      "Confusion matrix, Q*Q values row by row: C_00,C_01,...,C_{Q-1,Q-1}, with the convention "
      "C_pq = P(noisy label = p | true class = q): every column sums to 1.",
      [](Config & c) -> auto& { return c.noise.confusion; });
  bind(
      t, "noise", Cond::noise_reads(NoiseParam::family),
      {.key = "fam", .label = "Confusion strength", .min = 0, .max = 100},
      "i, the family index: the confusion matrix C_i of 004 §4.1: C_i = Omega(I + i N), N = (M - I)/10, transposed to "
      "our "
      "column convention (0: I, 10: M; the paper uses 1..20).",
      [](Config & c) -> auto& { return c.noise.family; })
      .caps = false;  // an index names a matrix, not a size
  bind(
      t, "noise", Cond::noise_reads(NoiseParam::family_seed),
      {.key = "famseed", .label = "Confusion matrix seed", .min = 0, .max = static_cast<double>(kMaxSeed)},
      "Seed of the family's random base matrix M (uniform entries, rows normalized, redrawn until "
      "well conditioned); independent of the run's seed, so every run shares one family.",
      [](Config & c) -> auto& { return c.noise.family_seed; })
      .caps = false;  // a seed is a name, not a size
  bind(
      t, "noise", Cond::noise_reads(NoiseParam::adversary), {.key = "adv", .label = "Malicious adversary"},
      "What replaces a corrupted example: pull (coordinated, drags the average away from the "
      "target), boundary (near the boundary, wrong label) or random.",
      [](Config & c) -> auto& { return c.noise.adversary; });
  bind(
      t, "noise", Cond::noise_reads(NoiseParam::strategy), {.key = "strategy", .label = "Label adversary"},
      "Which eta-fraction adversarial label noise mislabels: nearest to the boundary, farthest "
      "from it, or one angular region.",
      [](Config & c) -> auto& { return c.noise.strategy; });
  bind(
      t, "noise", Cond::noise_reads(NoiseParam::outliers),
      {.key = "k", .label = "Outliers", .min = 0, .max = kMaxExamples},
      "Number k of outliers (at most the training part's size, checked when the data is built).",
      [](Config & c) -> auto& { return c.noise.outliers; });
  bind(
      t, "noise", Cond::noise_reads(NoiseParam::outlier_mode), {.key = "omode", .label = "Outlier mode"},
      "flip relabels the k outliers; move moves them (labels kept).",
      [](Config & c) -> auto& { return c.noise.outlier_mode; });
  bind(
      t, "noise", Cond::equals("noise", "none"),
      {.key = "rough", .label = "Rough labels per class", .min = 0, .max = 100000},
      "m (004 §4.2): the training labels become y = g(x), g = UMA with C = I trained on m true-labelled "
      "examples per class (drawn at random); the test part keeps true labels. 0 = off.",
      [](Config & c) -> auto& { return c.rough_m; });
  bind(
      t, "noise", Cond::positive("rough"),
      {.key = "rupd", .label = "Rough classifier updates", .min = 1, .max = 1e9, .log_scale = true},
      "Update cap of the rough classifier g (it also stops when no pair has a mistake left).",
      [](Config & c) -> auto& { return c.rough_updates; });
}

// The View's point edits: typed in Config (parsed once, when the link is decoded), their canonical texts in
// the link.
Field point_edits_field() {
  Field f;
  static_cast<Setting&>(f) = {
      .key = "edits",
      .label = "Point edits",
      .type = SettingType::name_list,
      .help = "Training examples added (p<class>_<x1>_<x2>...) or relabelled (y<row>_<class>) by clicking in "
              "the View, applied in order after the noise: an added point keeps the class it was given and a "
              "relabelled row is marked corrupted when its label differs from the true one (docs/pipeline.md).",
      .max_items = kMaxPointEdits,
      .check_text = check_point_edit_text,
      .text_format = "p<class>_<x1>_<x2>... or y<row>_<class> (class a 0-based index, row a training row, at most " +
                     std::to_string(kMaxPointEditCoords) + " coordinates)"};
  f.panel = "view";
  f.get = [](const Config& c) {
    SettingValue v;
    v.names = format_point_edits(c.point_edits);
    return v;
  };
  f.set = [](Config& c, const SettingValue& v) { c.point_edits = parse_point_edits(v.names); };
  return f;
}

// The View's point edits, the learner, the run and the sharing fields.
void add_edit_learner_run_fields(std::vector<Field>& t) {
  using T = SettingType;
  t.push_back(point_edits_field());
  // --- learner ---
  bind(
      t, "learner", {}, {.key = "learner", .label = "Learner", .type = T::learner},
      "Learner id from the registry; its parameters follow as l.<name> (tables below).",
      [](Config & c) -> auto& { return c.learner; })
      .always_written = true;
  // --- run ---
  bind(
      t, "run", {}, {.key = "seed", .label = "Seed", .min = 0, .max = static_cast<double>(kMaxSeed)},
      "Master seed: the data, noise, split and learner streams derive from it, so a link "
      "reproduces the run bit for bit.",
      [](Config & c) -> auto& { return c.seed; });
  t.back().always_written = true;
  t.back().caps = false;  // a seed is a name, not a size: out of range falls back to the default
  bind(
      t, "run", {},
      {.key = "steps",
       .label = "Step budget",
       .min = 1,
       .max = static_cast<double>(kMaxSteps),
       .log_scale = true,
       .view_only = true},
      "Steps of a run: where the command line stops and the app pauses.", [](Config & c) -> auto& { return c.steps; });
  bind(
      t, "", {}, {.key = "trace", .label = "Trace points", .min = 0, .max = kMaxTracePoints},
      "The trace's resolution: rows recorded over a run (about this many over ten passes of an online learner; "
      "docs/learners.md, \"The trace\"). More rows cost more time on large samples, whose rows evaluate a fixed "
      "subsample; 0 records only the first and the last row, leaving the learner's own speed. Set in the link (the "
      "command line's --url, Python's trace keyword); the app has no widget for it.",
      [](Config & c) -> auto& { return c.trace; });
  // --- view ---
  bind(
      t, "share", {},
      {.key = "hide",
       .label = "Hidden panels",
       .choices = {kPanelNames.begin(), kPanelNames.end()},
       .view_only = true,
       .max_items = static_cast<int>(kPanelNames.size())},
      "Panels a teaching link hides, comma list in panel order.", [](Config & c) -> auto& { return c.hidden_panels; });
  bind(
      t, "run", {}, {.key = "jobs", .label = "Sweep jobs", .min = 0, .max = kMaxSweepJobs, .view_only = true},
      "Cells of a sweep run at once: the page's Web Workers, the command line's threads when --jobs is not "
      "given. 0: the machine's cores (the page clamps the browser's count to 1-8, and takes at most 16). How a sweep "
      "runs, never what "
      "it computes: no cell's link carries it, so the rows are the same for any value.",
      [](Config & c) -> auto& { return c.jobs; });
}

std::vector<Field> build_fields() {
  std::vector<Field> t;
  add_version_and_source(t);
  add_data_fields(t);
  add_noise_fields(t);
  add_edit_learner_run_fields(t);

  // Defaults come from Config{}: one source of truth.
  const Config defaults;
  for (Field& f : t) f.default_value = f.get(defaults);
  assert_conditions_look_back(t);
  return t;
}

// A condition may name only fields earlier in the table (decoding decides applicability in table order).
void assert_conditions_look_back(const std::vector<Field>& t) {
  for (size_t i = 0; i < t.size(); ++i) {
    t[i].applies.for_each_key([&](const std::string& key) {
      bool earlier = false;
      for (size_t j = 0; j < i; ++j) earlier = earlier || t[j].key == key;
      assert(earlier && "a field's condition names a field that does not come before it");
      (void)earlier;
    });
  }
}

// Brings the registry-dependent parts of the table up to date: the data and noise choices and every
// condition's prose (a noise condition lists the rows that read its setting).
void refresh_from_registries(std::vector<Field>& t) {
  for (Field& f : t) {
    if (f.key == "data") set_data_choices(f);
    if (f.key == "noise") set_noise_choices(f);
    f.applies_when = f.applies.text();
  }
}

// The registry's first multiclass learner, or nullptr.
const LearnerSchema* first_multiclass() {
  for (const LearnerSchema& s : learner_schemas())
    if (s.multiclass) return &s;
  return nullptr;
}

std::vector<std::string> learner_ids() {
  std::vector<std::string> ids;
  for (const LearnerSchema& s : learner_schemas()) ids.push_back(s.id);
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
      return std::to_string(m.size()) + " values do not make a square matrix of 2 to " + std::to_string(kMaxClasses) +
             " classes";
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

FieldCondition FieldCondition::data_is_generator() {
  FieldCondition c;
  c.kind_ = Kind::generated;
  return c;
}

FieldCondition FieldCondition::equals(std::string key, std::string value) {
  FieldCondition c;
  c.kind_ = Kind::equals;
  c.key_ = std::move(key);
  c.value_ = std::move(value);
  return c;
}

FieldCondition FieldCondition::positive(std::string key) {
  FieldCondition c;
  c.kind_ = Kind::positive;
  c.key_ = std::move(key);
  return c;
}

FieldCondition FieldCondition::noise_reads(NoiseParam param) {
  FieldCondition c;
  c.kind_ = Kind::noise_reads;
  c.param_ = param;
  return c;
}

FieldCondition FieldCondition::combined(Kind kind, const FieldCondition& other) const {
  FieldCondition c;
  c.kind_ = kind;
  c.parts_ = {*this, other};
  return c;
}

FieldCondition FieldCondition::operator&&(const FieldCondition& other) const { return combined(Kind::all, other); }

FieldCondition FieldCondition::operator||(const FieldCondition& other) const { return combined(Kind::any, other); }

bool FieldCondition::holds(const Config& config) const {
  const Field* named = key_.empty() ? nullptr : find_field(key_);
  assert((key_.empty() || named) && "a condition names an unknown field");
  switch (kind_) {
    case Kind::always: return true;
    case Kind::generated: return !config.use_csv;
    case Kind::equals:
      return field_applies(*named, config) && format_setting_value(*named, named->get(config)) == value_;
    case Kind::positive: return field_applies(*named, config) && named->get(config).number > 0;
    case Kind::noise_reads: {
      const int model = static_cast<int>(config.noise.model);
      return model >= 0 && static_cast<size_t>(model) < noise_rows().size() &&
             ml::noise_reads(config.noise.model, param_);
    }
    case Kind::all:
      return std::all_of(parts_.begin(), parts_.end(), [&](const FieldCondition& p) { return p.holds(config); });
    case Kind::any:
      return std::any_of(parts_.begin(), parts_.end(), [&](const FieldCondition& p) { return p.holds(config); });
  }
  return false;
}

std::string FieldCondition::text() const {
  switch (kind_) {
    case Kind::always: return "";
    case Kind::generated: return "data is a generator";
    case Kind::equals: return key_ + "=" + value_;
    case Kind::positive: return key_ + " > 0";
    case Kind::noise_reads: {
      std::vector<std::string> ids;
      for (size_t i = 0; i < noise_rows().size(); ++i)
        if (ml::noise_reads(noise_model_at(i), param_)) ids.push_back(noise_rows()[i].id);
      if (ids.empty()) return "no noise model reads it";
      const std::string last = ids.back();
      ids.pop_back();
      return "noise=" + (ids.empty() ? last : join_names(ids, ", ") + " or " + last);
    }
    case Kind::all:
    case Kind::any: {
      std::vector<std::string> texts;
      for (const FieldCondition& p : parts_) texts.push_back(p.text());
      return join_names(texts, kind_ == Kind::all ? " and " : " or ");
    }
  }
  return "";
}

const std::vector<Field>& config_fields() {
  static std::vector<Field> table = build_fields();
  static int generators_seen = -1, noise_seen = -1;
  if (generators_seen != generator_registry_version() || noise_seen != noise_registry_version()) {
    generators_seen = generator_registry_version();
    noise_seen = noise_registry_version();
    refresh_from_registries(table);
  }
  return table;
}

const Field* find_field(std::string_view key) {
  for (const Field& f : config_fields())
    if (f.key == key) return &f;
  return nullptr;
}

bool field_applies(const Field& field, const Config& config) { return field.applies.holds(config); }

bool field_in_effect(const Field& field, const Config& config) {
  if (!field_applies(field, config)) return false;
  return !field.generator_param || config.use_csv || generator_reads(config.generator.kind, *field.generator_param);
}

const SettingValue& field_default(const Field& field) { return field.default_value; }

bool config_is_multiclass(const Config& config) {
  return !config.use_csv && generator_is_multiclass(config.generator.kind) && config.generator.classes > 2;
}

bool resolve_learner(Config& c, std::vector<std::string>& warnings) {
  const std::string original = c.learner;
  const LearnerSchema* schema = find_learner_schema(c.learner);
  if (!schema) {
    const std::string fallback(default_learner_id());
    warnings.push_back("field 'learner': " + quote_for_message(c.learner) + " is not a known learner (" +
                       join_names(learner_ids(), ", ") + "); using the default '" + fallback + "'");
    c.learner = fallback;
    schema = find_learner_schema(c.learner);
  }
  if (schema && !schema->multiclass && config_is_multiclass(c)) {
    if (const LearnerSchema* multi = first_multiclass()) {
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
  return "field '" + field.key + "': " + problem + "; using the default " + shown_default(field);
}

std::vector<std::string> validate(Config& config) {
  std::vector<std::string> warnings;
  // Every field in its type and range.
  for (const Field& f : config_fields()) {
    if (f.type == SettingType::learner) continue;  // resolved against the schemas below
    SettingValue value = f.get(config);
    if (f.type == SettingType::name_list) {
      const std::vector<std::string> normal = normalized_names(f, value.names);
      if (normal != value.names) {
        value.names = normal;
        f.set(config, value);
      }
    }
    const std::string problem = check_setting_value(f, value);
    std::string note;
    if (!problem.empty() && cap_setting_number(f, &value.number, format_setting_value(f, value), &note)) {
      warnings.push_back("field '" + f.key + "': " + note);
      f.set(config, value);
    } else if (!problem.empty()) {
      warnings.push_back(field_default_warning(f, problem));
      f.set(config, field_default(f));
    }
  }
  // Size caps of generated data.
  if (!config.use_csv) {
    GeneratorSpec& g = config.generator;
    const GeneratorRow& row = generator_row(g.kind);
    const int64_t dims = row.is_2d ? 2 : g.dims;
    if (static_cast<int64_t>(g.n) * dims > kMaxCells) {
      const int capped = static_cast<int>(kMaxCells / dims);
      warnings.push_back("fields 'n' and 'd': " + std::to_string(g.n) + " examples x " + std::to_string(dims) +
                         " dimensions exceed the cap of " + std::to_string(kMaxCells) +
                         " values; using n = " + std::to_string(capped));
      g.n = capped;
    }
    if (row.concepts == GeneratedConcepts::sphere && static_cast<int64_t>(g.concepts) * dims > kMaxCells) {
      const int capped = static_cast<int>(kMaxCells / dims);
      warnings.push_back("fields 'concepts' and 'd': " + std::to_string(g.concepts) + " concepts x " +
                         std::to_string(dims) + " dimensions exceed the cap of " + std::to_string(kMaxCells) +
                         " values; using concepts = " + std::to_string(capped));
      g.concepts = capped;
    }
    // The basis stream has k = ceil(1/margin^2) examples in k dimensions (generators.h kMaxBasisSize).
    const double min_basis_margin = 1.0 / std::sqrt(static_cast<double>(kMaxBasisSize));
    if (row.adaptive_labels && g.margin < min_basis_margin) {
      const Field& margin = *find_field("margin");
      warnings.push_back("field 'margin': " + format_url_number(g.margin) + " is below " +
                         format_url_number(min_basis_margin) +
                         ", the smallest margin of the basis stream (k = "
                         "ceil(1/margin^2) <= " +
                         std::to_string(kMaxBasisSize) + " examples); using the default " +
                         format_setting_value(margin, field_default(margin)));
      g.margin = field_default(margin).number;
    }
  }
  // The confusion matrix must match the classes and be column-stochastic.
  if (noise_reads(config.noise.model, NoiseParam::confusion)) {
    const int classes = expected_classes(config);
    const std::string problem = confusion_problem(config.noise.confusion, classes);
    if (!problem.empty()) {
      if (classes == 0) {
        warnings.push_back("field 'cm': " + problem +
                           "; cleared (the matrix is asked for once the CSV's classes are known)");
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
  if (resolve_learner(config, warnings)) {
    for (const ParamValue& p : config.params)
      warnings.push_back("field 'l." + p.name + "': a parameter of learner " + quote_for_message(old_learner) +
                         ", ignored");
    config.params.clear();
  } else if (const LearnerSchema* schema = find_learner_schema(config.learner)) {
    std::vector<ParamValue> kept;
    std::vector<std::string> seen;
    for (const ParamValue& p : config.params) {
      const Setting* spec = nullptr;
      for (const Setting& s : schema->params)
        if (s.key == p.name) spec = &s;
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
      const std::string problem = check_setting_value(*spec, p.value);
      double capped = p.value;
      std::string note;
      if (!problem.empty() && cap_setting_number(*spec, &capped, format_setting_value(*spec, p.value), &note)) {
        warnings.push_back("field 'l." + p.name + "': " + note);
        if (capped != spec->default_value.number) kept.push_back(ParamValue{p.name, capped});
        continue;
      }
      if (!problem.empty()) {
        warnings.push_back("field 'l." + p.name + "': " + problem + "; using the default " +
                           format_setting_value(*spec, spec->default_value));
        continue;
      }
      if (p.value != spec->default_value.number) kept.push_back(p);
    }
    std::sort(kept.begin(), kept.end(), [](const ParamValue& a, const ParamValue& b) { return a.name < b.name; });
    config.params = std::move(kept);
  }
  return warnings;
}

}  // namespace ml
