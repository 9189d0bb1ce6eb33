// Tests of the field table (core/config/fields.h): its shape, defaults, value parsing and formatting,
// and validate()'s cross-field rules with their exact warnings.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "core/config/fields.h"
#include "core/data/generator_ids.h"
#include "core/noise/noise_ids.h"
#include "tests/unit/hand_built_learners.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace config_test {

// "perceptron, bylander, ...": every registered learner's id, as the unknown-learner warning lists them.
std::string registered_ids() {
  std::vector<std::string> ids;
  for (const LearnerSchema& s : learner_schemas()) ids.push_back(s.id);
  return join_names(ids, ", ");
}

TEST(ConfigFields, KeysAreUniqueShortAndVersionFirst) {
  const std::vector<Field>& fields = config_fields();
  ASSERT_FALSE(fields.empty());
  EXPECT_EQ(fields.front().key, "v");
  std::set<std::string> keys;
  for (const Field& f : fields) {
    EXPECT_TRUE(keys.insert(f.key).second) << f.key;
    EXPECT_LE(f.key.size(), 8u) << f.key;
    for (char c : f.key) EXPECT_TRUE(c >= 'a' && c <= 'z') << f.key;
    EXPECT_FALSE(f.label.empty()) << f.key;
    EXPECT_FALSE(f.help.empty()) << f.key;
    EXPECT_TRUE(f.get != nullptr && f.set != nullptr) << f.key;
    EXPECT_EQ(f.applies.always(), f.applies_when.empty()) << f.key;
    EXPECT_EQ(f.applies_when, f.applies.text()) << f.key;  // the prose is the condition's own
    if (f.type == SettingType::text) {
      EXPECT_FALSE(f.text_format.empty()) << f.key;
    }
    if (!f.panel.empty()) {
      bool known = false;
      for (std::string_view p : kPanelNames) known = known || p == f.panel;
      EXPECT_TRUE(known) << f.key << " panel " << f.panel;
    }
  }
  // The keys the brief and docs promise, in this order.
  const std::vector<std::string> expected = {
      "v",     "data",    "n",     "d",        "margin",  "q",    "spread",  "concepts", "ball",     "csv",
      "split", "csvhash", "label", "test",     "strat",   "norm", "bias",    "kpca",     "ksigma",   "klm",
      "noise", "eta",     "theta", "sampling", "cm",      "fam",  "famseed", "adv",      "strategy", "k",
      "omode", "rough",   "rupd",  "edits",    "learner", "seed", "steps",   "trace",    "hide",     "jobs"};
  std::vector<std::string> actual;
  for (const Field& f : fields) actual.push_back(f.key);
  EXPECT_EQ(actual, expected);
  EXPECT_EQ(find_field("eta"), &fields[21]);
  EXPECT_EQ(find_field("nope"), nullptr);
}

TEST(ConfigFields, DefaultsComeFromConfigAndAreValid) {
  const Config defaults;
  EXPECT_EQ(find_field("n")->default_value.number, defaults.generator.n);
  EXPECT_EQ(find_field("eta")->default_value.number, defaults.noise.rate);
  EXPECT_EQ(find_field("test")->default_value.number, defaults.test_fraction);
  EXPECT_EQ(find_field("seed")->default_value.number, static_cast<double>(defaults.seed));
  for (const Field& f : config_fields()) EXPECT_EQ(check_setting_value(f, field_default(f)), "") << f.key;
  Config c;
  EXPECT_TRUE(validate(c).empty());
  EXPECT_TRUE(c == Config{});
}

TEST(ConfigFields, ChoicesSpellTheEnums) {
  const Field* data = find_field("data");
  ASSERT_EQ(data->choices.size(), static_cast<size_t>(builtin_generator_count() + 1));
  EXPECT_EQ(data->choices.back(), "csv");
  for (int i = 0; i < builtin_generator_count(); ++i)
    EXPECT_EQ(data->choices[static_cast<size_t>(i)], generator_name(static_cast<Generator>(i)));
  EXPECT_EQ(find_field("norm")->choices, (std::vector<std::string>{"none", "unit", "standardize"}));
  EXPECT_EQ(find_field("noise")->choices, (std::vector<std::string>{"none", "uniform", "confusion", "malicious",
                                                                    "adversarial", "outliers", "family", "mixed"}));
  EXPECT_EQ(find_field("sampling")->choices, (std::vector<std::string>{"independent", "exact"}));
  EXPECT_EQ(find_field("adv")->choices, (std::vector<std::string>{"pull", "boundary", "random"}));
  EXPECT_EQ(find_field("strategy")->choices, (std::vector<std::string>{"nearest", "farthest", "region"}));
  EXPECT_EQ(find_field("omode")->choices, (std::vector<std::string>{"flip", "move"}));
  EXPECT_EQ(find_field("hide")->choices, (std::vector<std::string>{"data", "noise", "learner", "run", "plots", "view",
                                                                   "confusion", "share", "export"}));
}

TEST(ConfigFields, CapsAreTheRanges) {
  EXPECT_EQ(find_field("n")->max, 1000000);
  EXPECT_EQ(find_field("d")->max, 4096);
  EXPECT_EQ(find_field("q")->max, 64);
  EXPECT_EQ(find_field("concepts")->max, 1000000);
  EXPECT_EQ(find_field("steps")->max, 1e9);
  EXPECT_EQ(find_field("seed")->max, 9007199254740991.0);
  EXPECT_TRUE(find_field("eta")->max_exclusive);
  EXPECT_EQ(find_field("cm")->max_items, 64 * 64);
}

TEST(ConfigFields, ApplicabilityFollowsTheDataAndNoiseChoices) {
  Config c;
  EXPECT_TRUE(field_applies(*find_field("n"), c));
  EXPECT_FALSE(field_applies(*find_field("csv"), c));
  EXPECT_FALSE(field_applies(*find_field("eta"), c));
  c.use_csv = true;
  EXPECT_FALSE(field_applies(*find_field("n"), c));
  EXPECT_TRUE(field_applies(*find_field("csvhash"), c));
  c.noise.model = NoiseModel::malicious;
  EXPECT_TRUE(field_applies(*find_field("eta"), c));
  EXPECT_TRUE(field_applies(*find_field("adv"), c));
  EXPECT_FALSE(field_applies(*find_field("strategy"), c));
  EXPECT_TRUE(field_applies(*find_field("sampling"), c));  // exact: exactly round(eta n) replaced
  c.noise.model = NoiseModel::adversarial;
  EXPECT_FALSE(field_applies(*find_field("sampling"), c));  // always exactly round(eta n)
  c.noise.model = NoiseModel::confusion;
  EXPECT_TRUE(field_applies(*find_field("cm"), c));
  EXPECT_TRUE(field_applies(*find_field("sampling"), c));
  EXPECT_FALSE(field_applies(*find_field("eta"), c));
  c.noise.model = NoiseModel::outliers;
  EXPECT_TRUE(field_applies(*find_field("k"), c));
  EXPECT_TRUE(field_applies(*find_field("omode"), c));
}

TEST(ConfigFields, UrlNumbersAreShortestAndExact) {
  EXPECT_EQ(format_url_number(0.1), "0.1");
  EXPECT_EQ(format_url_number(0.25), "0.25");
  EXPECT_EQ(format_url_number(1e6), "1000000");
  EXPECT_EQ(format_url_number(1e15), "1e15");
  EXPECT_EQ(format_url_number(-12), "-12");
  EXPECT_EQ(format_url_number(1e-5), "1e-5");
  EXPECT_EQ(format_url_number(-2.5e-7), "-2.5e-7");
  EXPECT_EQ(format_url_number(1.5e300), "1.5e300");
  EXPECT_EQ(format_url_number(-0.0), "0");
  EXPECT_EQ(format_url_number(0.0), "0");
  EXPECT_EQ(format_url_number(1.0 / 3.0), "0.3333333333333333");
  EXPECT_EQ(format_url_number(std::nextafter(0.5, 0.0)), "0.49999999999999994");
  EXPECT_EQ(format_url_number(123456), "123456");
  EXPECT_EQ(format_url_number(5e-324), "5e-324");
  // Integers never use an exponent.
  SettingValue v;
  v.number = 1000000;
  EXPECT_EQ(format_setting_value(*find_field("n"), v), "1000000");
  v.number = 9007199254740991.0;
  EXPECT_EQ(format_setting_value(*find_field("seed"), v), "9007199254740991");
}

TEST(ConfigFields, ParsesEachKind) {
  SettingValue v;
  EXPECT_EQ(parse_setting_value(*find_field("eta"), "0.3", &v), "");
  EXPECT_EQ(v.number, 0.3);
  EXPECT_EQ(parse_setting_value(*find_field("eta"), "0.5", &v), "'0.5' is out of range [0, 0.5)");
  EXPECT_EQ(parse_setting_value(*find_field("eta"), "-0", &v), "");
  EXPECT_FALSE(std::signbit(v.number));
  EXPECT_EQ(parse_setting_value(*find_field("n"), "1e3", &v), "");
  EXPECT_EQ(v.number, 1000);
  EXPECT_EQ(parse_setting_value(*find_field("n"), "12.5", &v), "'12.5' is not a whole number");
  EXPECT_EQ(parse_setting_value(*find_field("n"), "12abc", &v), "'12abc' is not a number");
  EXPECT_EQ(parse_setting_value(*find_field("n"), "", &v), "the value is empty");
  EXPECT_EQ(parse_setting_value(*find_field("margin"), "inf", &v), "'inf' is not a finite number");
  EXPECT_EQ(parse_setting_value(*find_field("ball"), "true", &v), "");
  EXPECT_EQ(v.number, 1);
  EXPECT_EQ(parse_setting_value(*find_field("ball"), "yes", &v), "'yes' is not 0 or 1");
  EXPECT_EQ(parse_setting_value(*find_field("norm"), "unit", &v), "");
  EXPECT_EQ(v.number, 1);
  EXPECT_EQ(parse_setting_value(*find_field("norm"), "Unit", &v), "'Unit' is not one of none, unit, standardize");
  EXPECT_EQ(parse_setting_value(*find_field("csvhash"), "0123456789abcdef", &v), "");
  EXPECT_EQ(parse_setting_value(*find_field("csvhash"), "0123456789ABCDEF", &v),
            "'0123456789ABCDEF' is not 16 lowercase hex digits");
  EXPECT_EQ(parse_setting_value(*find_field("csv"),
                                "donn\xC3\xA9"
                                "es.csv",
                                &v),
            "");
  EXPECT_EQ(parse_setting_value(*find_field("csv"), "bad\xFF.csv", &v), "'bad\\xFF.csv' is not valid UTF-8");
  EXPECT_EQ(parse_setting_value(*find_field("csv"), "a\nb", &v), "'a\\x0Ab' contains a control character");
  EXPECT_EQ(parse_setting_value(*find_field("csv"), std::string(256, 'a'), &v).find("is longer than 255 bytes") !=
                std::string::npos,
            true);
  EXPECT_EQ(parse_setting_value(*find_field("cm"), "0.9,0.2,0.1,0.8", &v), "");
  EXPECT_EQ(v.numbers, (std::vector<double>{0.9, 0.2, 0.1, 0.8}));
  EXPECT_EQ(parse_setting_value(*find_field("cm"), "0.9,,0.1", &v), "entry 2: the value is empty");
  EXPECT_EQ(parse_setting_value(*find_field("cm"), "0.9,1.5", &v), "entry 2: '1.5' is out of range [0, 1]");
  EXPECT_EQ(parse_setting_value(*find_field("hide"), "view,data,view", &v), "");
  EXPECT_EQ(v.names, (std::vector<std::string>{"data", "view"}));
  EXPECT_EQ(parse_setting_value(*find_field("hide"), "data,menu", &v),
            "'menu' is not one of data, noise, learner, run, plots, view, confusion, share, export");
}

TEST(ConfigFields, ParamValuesParseCheckAndFormat) {
  const std::vector<Setting> p = test::hand_built_kernel_schema().params;
  double x = 0;
  EXPECT_EQ(parse_setting_value(p[0], "polynomial", &x), "");
  EXPECT_EQ(x, 1);
  EXPECT_EQ(format_setting_value(p[0], 1), "polynomial");
  EXPECT_EQ(parse_setting_value(p[0], "rbf", &x), "'rbf' is not one of linear, polynomial, gaussian");
  EXPECT_EQ(parse_setting_value(p[1], "0.001", &x), "'0.001' is out of range [0.01, 100]");
  EXPECT_EQ(parse_setting_value(p[2], "2.5", &x), "'2.5' is not a whole number");
  EXPECT_EQ(parse_setting_value(p[3], "-5", &x), "");
  EXPECT_EQ(x, -5);
  EXPECT_EQ(check_setting_value(p[3], 5.5), "5.5 is out of range [-5, 5]");
  EXPECT_EQ(format_setting_value(find_learner_schema("perceptron")->params[0], 0), "0");  // normalize
}

TEST(ConfigFields, QuotesValuesSafely) {
  EXPECT_EQ(quote_for_message("abc"), "'abc'");
  EXPECT_EQ(quote_for_message(std::string("a\0b", 3)), "'a\\x00b'");
  EXPECT_EQ(quote_for_message("it's"), "'it\\x27s'");
  const std::string shown = quote_for_message(std::string(100, 'x'));
  EXPECT_EQ(shown, "'" + std::string(60, 'x') + "... (100 bytes)'");
}

TEST(ConfigValidate, OutOfRangeMembersGoBackToTheirDefaultsAndWholeNumbersCap) {
  Config c;
  c.generator.n = 0;
  c.noise.rate = 0.7;
  c.generator.kind = static_cast<Generator>(99);
  c.seed = 9007199254740993ULL;  // 2^53 + 1: beyond the exact range
  const std::vector<std::string> w = validate(c);
  ASSERT_EQ(w.size(), 4u);
  EXPECT_EQ(
      w[0], "field 'data': 99 is not one of " + [] {
        std::string s;
        for (const std::string& name : find_field("data")->choices) s += (s.empty() ? "" : ", ") + name;
        return s;
      }() + "; using the default separable");
  EXPECT_EQ(w[1], "field 'n': 0 is below the minimum 1; using 1");  // a size caps (docs/url.md)
  EXPECT_EQ(w[2], "field 'eta': 0.7 is out of range [0, 0.5); using the default 0.1");
  EXPECT_EQ(w[3], "field 'seed': 9007199254740992 is out of range [0, 9007199254740991]; using the default 1");
  EXPECT_EQ(c.generator.n, 1);
  c.generator.n = Config{}.generator.n;
  EXPECT_TRUE(c == Config{});
}

TEST(ConfigValidate, SizeCapsLowerTheExampleCount) {
  Config c;
  c.generator.kind = Generator::gaussian;
  c.generator.n = 1000000;
  c.generator.dims = 4096;
  std::vector<std::string> w = validate(c);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0], "fields 'n' and 'd': 1000000 examples x 4096 dimensions exceed the cap of 20000000 values; "
                  "using n = 4882");
  EXPECT_EQ(c.generator.n, 4882);
  EXPECT_LE(int64_t{c.generator.n} * 4096, kMaxCells);
  // A 2-D generator counts d = 2, whatever d says.
  c.generator.kind = Generator::circle;
  c.generator.n = 1000000;
  EXPECT_TRUE(validate(c).empty());
  // The finite concept class stores concepts x d directions.
  c.generator.kind = Generator::finite;
  c.generator.n = 100;
  c.generator.concepts = 1000000;
  c.generator.dims = 100;
  w = validate(c);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(c.generator.concepts, 200000);
}

TEST(ConfigValidate, BasisStreamNeedsAMarginOfAtLeastOneSixtyFourth) {
  Config c;
  c.generator.kind = Generator::basis;
  c.generator.margin = 0.015625;  // k = 4096, the largest stream
  EXPECT_TRUE(validate(c).empty());
  c.generator.margin = 0.015;
  const std::vector<std::string> w = validate(c);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0], "field 'margin': 0.015 is below 0.015625, the smallest margin of the basis stream (k = "
                  "ceil(1/margin^2) <= 4096 examples); using the default 0.1");
  EXPECT_EQ(c.generator.margin, 0.1);
}

TEST(ConfigValidate, ConfusionMatrixMustFitTheClasses) {
  Config c;
  c.noise.model = NoiseModel::confusion;
  c.noise.confusion = {0.9, 0.2, 0.1, 0.8};  // binary generator: Q = 2, columns sum to 1
  EXPECT_TRUE(validate(c).empty());
  c.noise.confusion = {0.9, 0.2, 0.2, 0.8};
  std::vector<std::string> w = validate(c);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0], "field 'cm': column 0 (true class 0) sums to 1.1, not 1 (convention C_pq = P(noisy = p | true = q)); "
                  "using the uniform matrix with eta 0.1");
  EXPECT_EQ(c.noise.confusion, (std::vector<double>{0.9, 0.1, 0.1, 0.9}));
  // Three classes need nine values; the fallback is 1 - eta on the diagonal and eta / 2 elsewhere.
  c.generator.kind = Generator::classes;
  c.generator.classes = 3;
  c.learner = "uma";
  w = validate(c);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0], "field 'cm': expected 9 values (3 x 3, row by row, C_pq = P(noisy = p | true = q)), got 4; "
                  "using the uniform matrix with eta 0.1");
  EXPECT_EQ(c.noise.confusion, (std::vector<double>{0.9, 0.05, 0.05, 0.05, 0.9, 0.05, 0.05, 0.05, 0.9}));
  EXPECT_TRUE(validate(c).empty());
  // With a CSV the classes are unknown: any square size (or nothing yet) is accepted.
  c.use_csv = true;
  c.noise.confusion = {};
  EXPECT_TRUE(validate(c).empty());
  c.noise.confusion = {1, 0, 0, 0, 1, 0};
  w = validate(c);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0], "field 'cm': 6 values do not make a square matrix of 2 to 64 classes; cleared (the matrix is "
                  "asked for once the CSV's classes are known)");
  EXPECT_TRUE(c.noise.confusion.empty());
}

TEST(ConfigValidate, LearnerMustBeKnownAndFitTheClasses) {
  const test::HandBuiltLearners rows;
  Config c;
  c.learner = "svm";
  c.params = {{"C", 10}};
  std::vector<std::string> w = validate(c);
  ASSERT_EQ(w.size(), 2u);
  EXPECT_EQ(w[0], "field 'learner': 'svm' is not a known learner (" + registered_ids() +
                      "); using the default "
                      "'perceptron'");
  EXPECT_EQ(w[1], "field 'l.C': a parameter of learner 'svm', ignored");
  EXPECT_EQ(c.learner, "perceptron");
  EXPECT_TRUE(c.params.empty());
  // A binary learner on three classes is replaced by the first multiclass learner; two classes are fine.
  c.learner = "hb_kernel";
  c.generator.kind = Generator::blobs;
  c.generator.classes = 2;
  EXPECT_TRUE(validate(c).empty());
  c.generator.classes = 3;
  w = validate(c);
  std::string first_multiclass;
  for (const LearnerSchema& s : learner_schemas())
    if (s.multiclass && first_multiclass.empty()) first_multiclass = s.id;
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0], "field 'learner': 'hb_kernel' handles two classes only but the data has q = 3 classes; using '" +
                      first_multiclass + "'");
  EXPECT_EQ(c.learner, first_multiclass);
  EXPECT_TRUE(config_is_multiclass(c));
  c.use_csv = true;
  EXPECT_FALSE(config_is_multiclass(c));
}

TEST(ConfigValidate, ParametersAreCheckedSortedAndOnlyNonDefault) {
  const test::HandBuiltLearners rows;
  Config c;
  c.learner = "hb_kernel";
  c.params = {{"sigma", 2}, {"kernel", 2}, {"degree", 11}, {"width", 1}, {"offset", -1}, {"sigma", 3}};
  const std::vector<std::string> w = validate(c);
  ASSERT_EQ(w.size(), 3u);
  EXPECT_EQ(w[0], "field 'l.degree': 11 is out of range [1, 10]; using the default 3");
  EXPECT_EQ(w[1], "field 'l.width': learner 'hb_kernel' has no parameter 'width'; ignored");
  EXPECT_EQ(w[2], "field 'l.sigma' is given more than once; keeping the first value");
  ASSERT_EQ(c.params.size(), 2u);  // kernel=2 is the default: dropped
  EXPECT_EQ(c.params[0].name, "offset");
  EXPECT_EQ(c.params[0].value, -1);
  EXPECT_EQ(c.params[1].name, "sigma");
  EXPECT_EQ(c.params[1].value, 2);
  EXPECT_TRUE(validate(c).empty());
}

TEST(ConfigValidate, HiddenPanelsAreNormalizedSilently) {
  Config c;
  c.hidden_panels = {"export", "data", "export"};
  EXPECT_TRUE(validate(c).empty());
  EXPECT_EQ(c.hidden_panels, (std::vector<std::string>{"data", "export"}));
  c.hidden_panels = {"menu"};
  const std::vector<std::string> w = validate(c);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0], "field 'hide': 'menu' is not one of data, noise, learner, run, plots, view, confusion, share, "
                  "export; using the default (empty)");
  EXPECT_TRUE(c.hidden_panels.empty());
}

// generator_reads is the one table of which GeneratorSpec members a generator reads: validation checks
// exactly those (a bad value elsewhere is ignored) and the panels show exactly those (field_in_effect).
TEST(ConfigFields, GeneratorReadsDrivesValidationAndPanels) {
  struct Probe {
    GeneratorParam param;
    const char* key;
    void (*make_bad)(GeneratorSpec&);
  };
  const Probe probes[] = {
      {GeneratorParam::n, "n", [](GeneratorSpec& s) { s.n = 0; }},
      {GeneratorParam::dims, "d", [](GeneratorSpec& s) { s.dims = 0; }},
      {GeneratorParam::margin, "margin", [](GeneratorSpec& s) { s.margin = -1; }},
      {GeneratorParam::classes, "q", [](GeneratorSpec& s) { s.classes = 1; }},
      {GeneratorParam::spread, "spread", [](GeneratorSpec& s) { s.spread = -1; }},
      {GeneratorParam::concepts, "concepts", [](GeneratorSpec& s) { s.concepts = 1; }},
  };
  for (int gi = 0; gi < builtin_generator_count(); ++gi) {
    const auto g = static_cast<Generator>(gi);
    for (const Probe& p : probes) {
      GeneratorSpec spec;
      spec.kind = g;
      ASSERT_TRUE(validate_generator_spec(spec).ok()) << generator_name(g);
      p.make_bad(spec);
      EXPECT_EQ(!validate_generator_spec(spec).ok(), generator_reads(g, p.param)) << generator_name(g) << " " << p.key;
      Config c;
      c.generator.kind = g;
      EXPECT_EQ(field_in_effect(*find_field(p.key), c), generator_reads(g, p.param))
          << generator_name(g) << " " << p.key;
    }
  }
  // By hand: separable reads n, d, margin and ball; the 2-D spiral reads n and spread only.
  for (GeneratorParam p : {GeneratorParam::n, GeneratorParam::dims, GeneratorParam::margin, GeneratorParam::ball})
    EXPECT_TRUE(generator_reads(Generator::separable, p));
  for (GeneratorParam p : {GeneratorParam::classes, GeneratorParam::spread, GeneratorParam::concepts})
    EXPECT_FALSE(generator_reads(Generator::separable, p));
  EXPECT_TRUE(generator_reads(Generator::spiral, GeneratorParam::spread));
  EXPECT_FALSE(generator_reads(Generator::spiral, GeneratorParam::dims));
  EXPECT_FALSE(generator_reads(Generator::basis, GeneratorParam::n));
  // A CSV run: no generator field is in effect (they do not apply), the CSV's own fields are.
  Config csv;
  csv.use_csv = true;
  EXPECT_FALSE(field_in_effect(*find_field("q"), csv));
  EXPECT_TRUE(field_in_effect(*find_field("label"), csv));
}

// Each field's get and set are derived from the one Config member its declaration binds: writing a
// non-default value changes the Config and reads back, and only `view_only` fields leave the result alone.
TEST(ConfigFields, BindingsReadBackWhatTheyWrite) {
  for (const Field& f : config_fields()) {
    if (f.key == "v") continue;  // a constant
    SettingValue other = f.default_value;
    switch (f.type) {
      case SettingType::real:
        other.number = f.max_exclusive ? f.min : (f.default_value.number == f.max ? f.min : f.max);
        break;
      case SettingType::integer: other.number = f.default_value.number == f.max ? f.min : f.max; break;
      case SettingType::boolean: other.number = 1 - f.default_value.number; break;
      case SettingType::choice: other.number = f.default_value.number == 0 ? 1 : 0; break;
      case SettingType::text: other.text = f.key == "csvhash" ? "0123456789abcdef" : "x"; break;
      case SettingType::learner: other.text = "uma"; break;
      case SettingType::real_list: other.numbers = {1, 0, 0, 1}; break;
      case SettingType::name_list: other.names = {f.choices.empty() ? std::string("y0_1") : f.choices.front()}; break;
    }
    ASSERT_FALSE(same_setting_value(f, other, f.default_value)) << f.key;
    Config c;
    f.set(c, other);
    EXPECT_FALSE(c == Config{}) << f.key;
    EXPECT_TRUE(same_setting_value(f, f.get(c), other)) << f.key;
  }
  std::vector<std::string> view_only;
  for (const Field& f : config_fields())
    if (f.view_only) view_only.push_back(f.key);
  EXPECT_EQ(view_only, (std::vector<std::string>{"steps", "hide", "jobs"}));
}

TEST(ConfigValidate, EqualityComparesEveryMember) {
  const Config base;
  std::vector<Config> changed(14, base);
  changed[0].use_csv = true;
  changed[1].generator.spread = 0.6;
  changed[2].csv_label = "y";
  changed[3].stratified = true;
  changed[4].noise.confusion = {1};
  changed[5].noise.outlier_mode = OutlierMode::move;
  changed[6].params = {{"a", 1}};
  changed[7].seed = 2;
  changed[8].steps = 5;
  changed[9].hidden_panels = {"data"};
  changed[10].generator.ball = true;
  changed[11].csv_hash = "0123456789abcdef";
  changed[12].split = 3;
  changed[13].point_edits = {relabelled_row(0, 1)};
  for (const Config& c : changed) EXPECT_FALSE(c == base);
  EXPECT_TRUE(base == Config{});
}

}  // namespace config_test
}  // namespace ml
