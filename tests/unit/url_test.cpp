// Tests of the URL codec (core/config/url.h): canonical form, every field at its boundaries, warnings
// with defaults for bad links, stability, a property test on random valid configs and garbage input.
#include <gtest/gtest.h>

#include <cmath>
#include <iterator>
#include <string>
#include <vector>

#include "core/config/fields.h"
#include "core/config/link.h"
#include "core/config/url.h"
#include "core/data/generator_ids.h"
#include "core/learners/registry.h"
#include "core/noise/noise_ids.h"
#include "core/util/rng.h"
#include "tests/unit/hand_built_learners.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace url_test {

// The learners a random config draws from: the default, the hand-built rows (every parameter kind, binary and
// multiclass; registered by each test that draws) and one without parameters.
const std::vector<std::string> kDrawnLearners = {"perceptron", "hb_kernel", "hb_multi", "averaging"};

// "perceptron, bylander, ...": every registered learner's id, as the unknown-learner warning lists them.
std::string registered_ids() {
  std::vector<std::string> ids;
  for (const LearnerSchema& s : learner_schemas()) ids.push_back(s.id);
  return join_names(ids, ", ");
}

// The first multiclass learner of the registry (what a binary learner on q > 2 classes is replaced by).
std::string first_multiclass_id() {
  for (const LearnerSchema& s : learner_schemas())
    if (s.multiclass) return s.id;
  return "";
}

// Round trip of a valid config: no warnings, the same config, the same text again.
void expect_round_trip(const Config& c) {
  const std::string url = encode_url(c);
  const DecodeResult back = decode_link(url);
  EXPECT_TRUE(back.warnings.empty()) << url << "\n first warning: " << (back.warnings.empty() ? "" : back.warnings[0]);
  EXPECT_TRUE(back.config == c) << url << "\n re-encoded: " << encode_url(back.config);
  EXPECT_EQ(encode_url(back.config), url);
}

// A config in which `field` has an effect (data=csv for the CSV fields, the matching noise model, ...).
Config context_for(const Field& field) {
  std::vector<Config> contexts(1);
  Config csv;
  csv.use_csv = true;
  contexts.push_back(csv);
  for (int m = 0; m < static_cast<int>(noise_rows().size()); ++m) {
    Config noisy;
    noisy.noise.model = static_cast<NoiseModel>(m);
    if (noisy.noise.model == NoiseModel::confusion) noisy.noise.confusion = {0.9, 0.2, 0.1, 0.8};
    contexts.push_back(noisy);
  }
  Config features;
  features.kpca_dims = 10;
  contexts.push_back(features);
  Config rough;
  rough.rough_m = 10;
  contexts.push_back(rough);
  for (const Config& c : contexts)
    if (field_applies(field, c)) return c;
  ADD_FAILURE() << "no context makes '" << field.key << "' apply";
  return Config{};
}

bool url_has(const std::string& url, const std::string& pair) {
  const size_t at = url.find("&" + pair);
  if (at == std::string::npos) return false;
  const size_t end = at + 1 + pair.size();
  return end == url.size() || url[end] == '&';
}

TEST(Url, DefaultConfigStatesDataLearnerAndSeed) {
  EXPECT_EQ(encode_url(Config{}), "#v=1&data=separable&learner=perceptron&seed=1");
  const DecodeResult r = decode_link("");
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_TRUE(r.config == Config{});
}

TEST(Url, CanonicalFormIsInTableOrderWithNonDefaultsOnly) {
  const test::HandBuiltLearners rows;
  Config c;
  c.seed = 7;
  c.noise.model = NoiseModel::uniform;
  c.noise.rate = 0.2;
  c.generator.n = 1000;
  c.hidden_panels = {"data", "view"};
  c.learner = "hb_kernel";
  c.params = {{"kernel", 1}, {"offset", 1.5}};  // sorted by name, as settle() keeps them
  c.steps = 1000000;
  EXPECT_EQ(encode_url(c), "#v=1&data=separable&n=1000&noise=uniform&eta=0.2&learner=hb_kernel&l.kernel=polynomial"
                           "&l.offset=1.5&seed=7&steps=1000000&hide=data,view");
  expect_round_trip(c);
}

TEST(Url, AcceptsFullAddressesQueriesAndBarePairs) {
  const std::string canonical = "#v=1&data=gaussian&d=10&learner=perceptron&seed=3";
  for (const std::string& form :
       {canonical, "https://example.org/marginlab/?x=1" + canonical, std::string("?v=1&data=gaussian&d=10&seed=3"),
        std::string("v=1&data=gaussian&d=10&seed=3&learner=perceptron"), "  " + canonical + "\n",
        std::string("https://example.org/app?data=gaussian&d=10&seed=3")}) {
    const DecodeResult r = decode_link(form);
    EXPECT_TRUE(r.warnings.empty()) << form;
    EXPECT_EQ(encode_url(r.config), canonical) << form;
  }
  const DecodeResult page = decode_link("https://example.org/marginlab/");
  EXPECT_TRUE(page.warnings.empty());
  EXPECT_TRUE(page.config == Config{});
}

TEST(Url, EveryNumericFieldRoundTripsAtItsBoundaries) {
  for (const Field& f : config_fields()) {
    if (f.key == "v") continue;
    std::vector<double> values;
    switch (f.type) {
      case SettingType::real: {
        const double top = f.max_exclusive ? std::nextafter(f.max, f.min) : f.max;
        values = {f.min, top, std::nextafter(f.min, top), std::nextafter(top, f.min), (f.min + top) / 3};
        break;
      }
      case SettingType::integer: values = {f.min, f.max, f.min + 1, f.max - 1}; break;
      case SettingType::boolean: values = {0, 1}; break;
      case SettingType::choice:
        for (size_t i = 0; i < f.choices.size(); ++i) values.push_back(static_cast<double>(i));
        break;
      default: continue;
    }
    for (double x : values) {
      Config c = context_for(f);
      SettingValue v;
      v.number = x;
      ASSERT_EQ(check_setting_value(f, v), "") << f.key << "=" << x;
      f.set(c, v);
      // Keep the rest consistent: a matrix for confusion noise, a multiclass learner for many classes.
      if (c.noise.model == NoiseModel::confusion && c.noise.confusion.empty()) c.noise.confusion = {0.9, 0.2, 0.1, 0.8};
      if (config_is_multiclass(c)) c.learner = "uma";
      ASSERT_TRUE(settle(c).empty()) << f.key << "=" << x;
      SCOPED_TRACE(f.key + "=" + format_setting_value(f, v));
      expect_round_trip(c);
      const std::string url = encode_url(c);
      if (x != f.default_value.number || f.always_written)
        EXPECT_TRUE(url_has(url, f.key + "=" + format_setting_value(f, v))) << url;
      else
        EXPECT_EQ(url.find("&" + f.key + "="), std::string::npos) << url;
    }
  }
}

TEST(Url, BoundaryTextsAreExact) {
  Config c;
  c.noise.model = NoiseModel::uniform;
  c.noise.rate = std::nextafter(0.5, 0.0);
  c.seed = 9007199254740991ULL;
  c.steps = 1000000000;
  c.generator.n = 1000000;
  c.generator.margin = 5e-324;
  EXPECT_EQ(encode_url(c),
            "#v=1&data=separable&n=1000000&margin=5e-324&noise=uniform&eta=0.49999999999999994&learner=perceptron"
            "&seed=9007199254740991&steps=1000000000");
  expect_round_trip(c);
}

TEST(Url, TextFieldsArePercentEncoded) {
  Config c;
  c.use_csv = true;
  c.csv_name = "r\xC3\xA9sultats & co, 100%#1.csv";
  c.csv_hash = "00ff00ff00ff00ff";
  c.csv_label = "class=y";
  const std::string url = encode_url(c);
  EXPECT_EQ(url, "#v=1&data=csv&csv=r%C3%A9sultats%20%26%20co%2C%20100%25%231.csv&csvhash=00ff00ff00ff00ff"
                 "&label=class%3Dy&learner=perceptron&seed=1");
  expect_round_trip(c);
  // Lower-case escapes and unescaped safe characters read the same; a lone '%' stays literal; '+' is not a space.
  const DecodeResult r = decode_link("#data=csv&csv=a%2cb%zz+c.csv");
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(r.config.csv_name, "a,b%zz+c.csv");
  EXPECT_EQ(percent_decode("%41%4a%"), "AJ%");
  EXPECT_EQ(percent_encode("a,b c", true), "a,b%20c");
  EXPECT_EQ(percent_encode("a,b c", false), "a%2Cb%20c");
}

TEST(Url, ConfusionMatricesRoundTripForTwoAndFiveClasses) {
  Config two;
  two.noise.model = NoiseModel::confusion;
  two.noise.confusion = {0.8, 0.3, 0.2, 0.7};
  EXPECT_EQ(encode_url(two), "#v=1&data=separable&noise=confusion&cm=0.8,0.3,0.2,0.7&learner=perceptron&seed=1");
  expect_round_trip(two);

  Config five;
  five.generator.kind = Generator::classes;
  five.generator.classes = 5;
  five.learner = "uma";
  five.noise.model = NoiseModel::confusion;
  five.noise.sampling = Sampling::exact;
  Rng rng(42, Stream::test);
  five.noise.confusion.assign(25, 0.0);
  for (int col = 0; col < 5; ++col) {
    double w[5], sum = 0;
    for (double& x : w) sum += (x = rng.uniform() + 0.01);
    for (int row = 0; row < 5; ++row) five.noise.confusion[static_cast<size_t>(row * 5 + col)] = w[row] / sum;
  }
  ASSERT_TRUE(settle(five).empty());
  const std::string url = encode_url(five);
  EXPECT_NE(url.find("&q=5&noise=confusion&sampling=exact&cm="), std::string::npos) << url;
  expect_round_trip(five);
}

TEST(Url, LearnerParametersRoundTripAtTheirBoundaries) {
  const test::HandBuiltLearners rows;
  for (const LearnerSchema& s : learner_schemas()) {
    Config base;
    base.learner = s.id;
    if (s.multiclass) {
      base.generator.kind = Generator::classes;
      base.generator.classes = 4;
    }
    expect_round_trip(base);
    for (const Setting& p : s.params) {
      std::vector<double> values;
      if (p.type == SettingType::real)
        values = {p.min, p.max, std::nextafter(p.min, p.max), std::nextafter(p.max, p.min)};
      else if (p.type == SettingType::integer)
        values = {p.min, p.max, p.min + 1, p.max - 1};
      else
        for (size_t i = 0; i < (p.type == SettingType::boolean ? 2 : p.choices.size()); ++i)
          values.push_back(static_cast<double>(i));
      for (double x : values) {
        Config c = base;
        if (x != p.default_value.number) c.params = {{p.key, x}};
        SCOPED_TRACE(s.id + " l." + p.key + "=" + format_setting_value(p, x));
        expect_round_trip(c);
        const std::string url = encode_url(c);
        EXPECT_EQ(url.find("&l." + p.key + "=" + format_setting_value(p, x) + "&") != std::string::npos,
                  x != p.default_value.number)
            << url;
      }
    }
  }
}

// One bad link, the exact warnings it gives, and the config it reads as.
struct BadLink {
  std::string url;
  std::vector<std::string> warnings;
};

TEST(Url, BadValuesWarnAndKeepTheDefault) {
  const test::HandBuiltLearners rows;
  const std::vector<BadLink> cases = {
      {"#v=1&noise=uniform&eta=0.7", {"field 'eta': '0.7' is out of range [0, 0.5); using the default 0.1"}},
      {"#n=12abc", {"field 'n': '12abc' is not a number; using the default 400"}},
      {"#noise=uniform&eta=nan", {"field 'eta': 'nan' is not a finite number; using the default 0.1"}},
      {"#noise=uniform&eta=1e999", {"field 'eta': '1e999' is not a finite number; using the default 0.1"}},
      {"#n=12.5", {"field 'n': '12.5' is not a whole number; using the default 400"}},
      {"#n=", {"field 'n': the value is empty; using the default 400"}},
      {"#n", {"field 'n': the value is empty; using the default 400"}},
      {"#n=2000000", {"field 'n': '2000000' is above the maximum 1000000; using 1000000"}},  // whole numbers cap
      {"#d=4097", {"field 'd': '4097' is above the maximum 4096; using 4096"}},
      {"#q=65", {"field 'q': '65' is above the maximum 64; using 64"}},
      {"#concepts=1000001", {"field 'concepts': '1000001' is above the maximum 1000000; using 1000000"}},
      {"#steps=2e9", {"field 'steps': '2e9' is above the maximum 1000000000; using 1000000000"}},
      {"#seed=-1", {"field 'seed': '-1' is out of range [0, 9007199254740991]; using the default 1"}},
      {"#test=0.95", {"field 'test': '0.95' is out of range [0, 0.9]; using the default 0.25"}},
      {"#ball=2", {"field 'ball': '2' is not 0 or 1; using the default 0"}},
      {"#norm=l2", {"field 'norm': 'l2' is not one of none, unit, standardize; using the default none"}},
      {"#noise=gaussian",
       {"field 'noise': 'gaussian' is not one of none, uniform, confusion, malicious, adversarial, outliers, family, "
        "mixed; "
        "using the default none"}},
      {"#noise=malicious&adv=sneaky",
       {"field 'adv': 'sneaky' is not one of pull, boundary, random; using the default pull"}},
      {"#data=csv&csvhash=XYZ", {"field 'csvhash': 'XYZ' is not 16 lowercase hex digits; using the default (empty)"}},
      {"#v=2", {"field 'v': version '2' is not supported; reading the link as version 1"}},
      {"#foo=bar&n=5", {"unknown field 'foo' (value 'bar') ignored"}},
      {"#n=5&n=6", {"field 'n' is given more than once; keeping the first value '5' and ignoring '6'"}},
      {"#=5", {"the item '=5' has no key; ignored"}},
      {"#eta=0.2",
       {"field 'eta' has an effect only when noise=uniform, malicious, adversarial or mixed; '0.2' ignored"}},
      {"#csv=a.csv", {"field 'csv' has an effect only when data=csv; 'a.csv' ignored"}},
      {"#data=csv&n=5", {"field 'n' has an effect only when data is a generator; '5' ignored"}},
      {"#hide=data,menu",
       {"field 'hide': 'menu' is not one of data, noise, learner, run, plots, view, confusion, share, export; "
        "using the default (empty)"}},
      {"#noise=confusion&cm=0.5,0.5",
       {"field 'cm': expected 4 values (2 x 2, row by row, C_pq = P(noisy = p | true = q)), got 2; using the "
        "uniform matrix with eta 0.1"}},
      {"#noise=confusion&cm=0.5,x,0.5,0.5",
       {"field 'cm': entry 2: 'x' is not a number; using the default (empty)",
        "field 'cm': expected 4 values (2 x 2, row by row, C_pq = P(noisy = p | true = q)), got 0; using the "
        "uniform matrix with eta 0.1"}},
      {"#learner=svm",
       {"field 'learner': 'svm' is not a known learner (" + registered_ids() + "); using the default 'perceptron'"}},
      {"#learner=svm&l.C=10",
       {"field 'learner': 'svm' is not a known learner (" + registered_ids() + "); using the default 'perceptron'",
        "field 'l.C': a parameter of learner 'svm', ignored"}},
      {"#learner=", {"field 'learner': the value is empty; using the default perceptron"}},
      {"#data=classes&q=3&learner=perceptron&l.normalize=0",
       {"field 'learner': 'perceptron' handles two classes only but the data has q = 3 classes; using '" +
            first_multiclass_id() + "'",
        "field 'l.normalize': a parameter of learner 'perceptron', ignored"}},
      {"#learner=hb_kernel&l.sigma=0&l.kernel=rbf&l.degree=2.5&l.width=3",
       {"field 'l.kernel': 'rbf' is not one of linear, polynomial, gaussian; using the default gaussian",
        "field 'l.sigma': '0' is out of range [0.01, 100]; using the default 1",
        "field 'l.degree': '2.5' is not a whole number; using the default 3",
        "field 'l.width': learner 'hb_kernel' has no parameter 'width'; ignored"}},
      {"#data=gaussian&n=1000000&d=4096",
       {"fields 'n' and 'd': 1000000 examples x 4096 dimensions exceed the cap of 20000000 values; using n = 4882"}},
  };
  for (const BadLink& bad : cases) {
    const DecodeResult r = decode_link(bad.url);
    EXPECT_EQ(r.warnings, bad.warnings) << bad.url;
    // Whatever was wrong, the result is valid and its canonical form reads back silently.
    Config copy = r.config;
    EXPECT_TRUE(settle(copy).empty()) << bad.url;
    const DecodeResult again = decode_link(encode_url(r.config));
    EXPECT_TRUE(again.warnings.empty()) << bad.url;
    EXPECT_TRUE(again.config == r.config) << bad.url;
  }
  // The values that were rejected are the defaults; the good ones next to them were kept.
  EXPECT_EQ(decode_link("#noise=uniform&eta=0.7&n=50").config.noise.rate, 0.1);
  EXPECT_EQ(decode_link("#noise=uniform&eta=0.7&n=50").config.generator.n, 50);
  EXPECT_EQ(decode_link("#n=5&n=6").config.generator.n, 5);
  EXPECT_EQ(decode_link("#data=gaussian&n=1000000&d=4096").config.generator.n, 4882);
  EXPECT_EQ(decode_link("#learner=hb_kernel&l.sigma=0&l.offset=2").config.params.size(), 1u);
}

TEST(Url, CanonicalLinksAreStable) {
  const test::HandBuiltLearners rows;
  const std::vector<std::string> canonical = {
      "#v=1&data=separable&learner=perceptron&seed=1",
      "#v=1&data=gaussian&n=5000&d=32&margin=0.05&learner=perceptron&l.normalize=0&seed=123&steps=20000",
      "#v=1&data=classes&n=1000&margin=0.025&q=4&noise=confusion&cm=0.7,0.1,0,0.1,0.1,0.7,0.1,0,0,0.1,0.8,0.1,"
      "0.2,0.1,0.1,0.8&learner=uma&l.alpha=0.1&l.select=conf&seed=2",
      "#v=1&data=classes&noise=confusion&cm=0.9,0.2,0,0.05,0.8,0.3,0.05,0,0.7&learner=uma&seed=2",
      "#v=1&data=blobs&d=3&q=64&spread=2.5&learner=uma&seed=0",
      "#v=1&data=ring&spread=0.25&test=0.5&strat=1&norm=standardize&bias=1&noise=uniform&eta=0.4&sampling=exact"
      "&learner=hb_kernel&l.sigma=0.7&seed=50",
      "#v=1&data=csv&csv=iris.csv&csvhash=0123456789abcdef&label=species&noise=malicious&eta=0.05&adv=boundary"
      "&learner=averaging&seed=9&hide=data,noise,export",
      "#v=1&data=finite&concepts=1000000&learner=perceptron&seed=1",
      "#v=1&data=separable&ball=1&noise=adversarial&eta=0.3&strategy=region&learner=perceptron&seed=4",
      "#v=1&data=separable&noise=outliers&k=25&omode=move&learner=perceptron&seed=4",
      "#v=1&data=classes&n=10000&margin=0.025&q=10&test=0.9&noise=family&fam=12&famseed=3&learner=uma&seed=5",
      "#v=1&data=csv&csv=optdigits.csv&test=0.32&kpca=640&rough=10&rupd=20&learner=uma&seed=3",
      "#v=1&data=blobs&q=4&kpca=20&ksigma=0.5&learner=uma&seed=1",
  };
  for (const std::string& url : canonical) {
    const DecodeResult r = decode_link(url);
    EXPECT_TRUE(r.warnings.empty()) << url << ": " << (r.warnings.empty() ? "" : r.warnings[0]);
    EXPECT_EQ(encode_url(r.config), url);
  }
}

// A random value for a field, in range (hand-picked boundaries now and then).
SettingValue random_value(const Field& f, Rng& rng) {
  SettingValue v;
  switch (f.type) {
    case SettingType::real: {
      const double top = f.max_exclusive ? std::nextafter(f.max, f.min) : f.max;
      const uint32_t pick = rng.below(5);
      if (pick == 0)
        v.number = f.min;
      else if (pick == 1)
        v.number = top;
      else if (pick == 2)
        v.number = std::floor(rng.uniform(f.min, top) * 100) / 100;
      else
        v.number = rng.uniform(f.min, top);
      break;
    }
    case SettingType::integer: {
      const uint64_t span = static_cast<uint64_t>(f.max - f.min) + 1;
      // Small values are more useful than uniform ones for n, d and friends: pick a random magnitude.
      const uint64_t bound = std::max<uint64_t>(1, std::min<uint64_t>(span, uint64_t{1} << rng.below(54)));
      v.number = f.min + static_cast<double>(rng.below64(bound));
      break;
    }
    case SettingType::boolean: v.number = rng.below(2); break;
    case SettingType::choice: v.number = rng.below(static_cast<uint32_t>(f.choices.size())); break;
    case SettingType::text: {
      if (f.key == "csvhash") {
        if (rng.below(4) == 0) break;
        for (int i = 0; i < 16; ++i) v.text += "0123456789abcdef"[rng.below(16)];
        break;
      }
      static const std::vector<std::string> pieces = {
          "a",  "Z", "0", " ", "&", "=", "#", "%", ",", "+", "/", ".", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80",
          "l.", "~"};
      const uint32_t length = rng.below(12);
      for (uint32_t i = 0; i < length; ++i) v.text += pieces[rng.below(static_cast<uint32_t>(pieces.size()))];
      break;
    }
    case SettingType::real_list: break;  // drawn with the noise model below (it must fit the classes)
    case SettingType::name_list:
      for (const std::string& name : f.choices)
        if (rng.below(3) == 0) v.names.push_back(name);
      break;
    case SettingType::learner: v.text = kDrawnLearners[rng.below(static_cast<uint32_t>(kDrawnLearners.size()))]; break;
  }
  return v;
}

// A random config, then made valid and stripped of fields that have no effect.
Config random_valid_config(Rng& rng) {
  Config c;
  for (const Field& f : config_fields())
    if (f.key != "v" && rng.below(3) != 0) f.set(c, random_value(f, rng));
  if (c.noise.model == NoiseModel::confusion && rng.below(4) != 0) {
    const int q = c.use_csv ? 2 + static_cast<int>(rng.below(6))
                            : (generator_is_multiclass(c.generator.kind) ? c.generator.classes : 2);
    c.noise.confusion.assign(static_cast<size_t>(q * q), 0.0);
    for (int col = 0; col < q; ++col) {
      std::vector<double> w(static_cast<size_t>(q));
      double sum = 0;
      for (double& x : w) sum += (x = rng.below(4) == 0 ? 0.0 : rng.uniform());
      if (sum == 0) {
        w[static_cast<size_t>(col)] = 1;
        sum = 1;
      }
      for (int row = 0; row < q; ++row)
        c.noise.confusion[static_cast<size_t>(row * q + col)] = w[static_cast<size_t>(row)] / sum;
    }
  }
  if (const LearnerSchema* s = find_learner_schema(c.learner))
    for (const Setting& p : s->params) {
      if (rng.below(2)) continue;
      double x = 0;
      if (p.type == SettingType::real)
        x = rng.below(4) == 0 ? p.max : rng.uniform(p.min, p.max);
      else if (p.type == SettingType::integer)
        x = p.min + rng.below(static_cast<uint32_t>(p.max - p.min) + 1);
      else
        x = rng.below(p.type == SettingType::boolean ? 2 : static_cast<uint32_t>(p.choices.size()));
      c.params.push_back({p.key, x});
    }
  settle(c);
  for (const Field& f : config_fields())
    if (!field_applies(f, c)) f.set(c, field_default(f));
  return c;
}

TEST(Url, RandomValidConfigsRoundTrip) {
  const test::HandBuiltLearners rows;
  Rng rng(2024, Stream::test);
  int with_params = 0, with_matrix = 0, with_csv = 0;
  for (int i = 0; i < 1000; ++i) {
    const Config c = random_valid_config(rng);
    Config copy = c;
    ASSERT_TRUE(settle(copy).empty()) << encode_url(c);
    ASSERT_TRUE(copy == c);
    expect_round_trip(c);
    with_params += !c.params.empty();
    with_matrix += !c.noise.confusion.empty();
    with_csv += c.use_csv;
  }
  // The draw exercises the interesting parts.
  EXPECT_GT(with_params, 100);
  EXPECT_GT(with_matrix, 20);
  EXPECT_GT(with_csv, 20);
}

TEST(Url, ApplicabilityDependsOnlyOnEarlierFields) {
  const test::HandBuiltLearners rows;
  // Changing a later field never changes whether an earlier one applies (decode relies on it).
  Rng rng(7, Stream::test);
  const std::vector<Field>& fields = config_fields();
  for (int i = 0; i < 300; ++i) {
    const Config c = random_valid_config(rng);
    for (size_t later = 1; later < fields.size(); ++later) {
      Config changed = c;
      fields[later].set(changed, random_value(fields[later], rng));
      for (size_t earlier = 0; earlier <= later; ++earlier)
        EXPECT_EQ(field_applies(fields[earlier], c), field_applies(fields[earlier], changed))
            << fields[earlier].key << " after changing " << fields[later].key;
    }
  }
}

TEST(Url, GarbageNeverCrashesAndReadsBackCanonically) {
  const test::HandBuiltLearners rows;
  Rng rng(99, Stream::test);
  std::vector<std::string> tokens = {"&",          "=",   "#",   "?",         "%",      "%2",   "%41",
                                     ",",          "l.",  "1",   "0",         "-",      ".",    "e",
                                     "999",        "nan", "inf", "csv",       "x",      "\xFF", std::string(1, '\0'),
                                     "perceptron", "uma", "0.5", "confusion", "classes"};
  for (const Field& f : config_fields()) tokens.push_back(f.key);
  for (const std::string& c : find_field("data")->choices) tokens.push_back(c);
  for (const Setting& p : test::hand_built_kernel_schema().params) tokens.push_back("l." + p.key);
  for (int i = 0; i < 3000; ++i) {
    std::string input;
    const uint32_t length = rng.below(40);
    for (uint32_t k = 0; k < length; ++k) {
      if (rng.below(5) == 0)
        input += static_cast<char>(rng.below(256));
      else
        input += tokens[rng.below(static_cast<uint32_t>(tokens.size()))];
    }
    const DecodeResult first = decode_link(input);
    const std::string url = encode_url(first.config);
    const DecodeResult second = decode_link(url);
    ASSERT_TRUE(second.warnings.empty()) << "input " << quote_for_message(input) << " -> " << url << ": "
                                         << second.warnings[0];
    ASSERT_TRUE(second.config == first.config) << quote_for_message(input);
    ASSERT_EQ(encode_url(second.config), url);
  }
}

// A link with thousands of problems gives the first kMaxLinkWarnings warnings and one line counting the rest.
TEST(Url, WarningsPastTheCapAreSummarized) {
  std::string link = "#v=1";
  for (int i = 0; i < 1000; ++i) link += "&junk" + std::to_string(i) + "=1";
  const DecodeResult r = decode_link(link);
  ASSERT_EQ(r.warnings.size(), kMaxLinkWarnings + 1);
  EXPECT_EQ(r.warnings[0], "unknown field 'junk0' (value '1') ignored");
  EXPECT_EQ(r.warnings[kMaxLinkWarnings - 1], "unknown field 'junk19' (value '1') ignored");
  EXPECT_EQ(r.warnings.back(), "... and 980 more warnings about this link");

  // One warning past the cap is shown itself: a summary line would hide it without saving a line.
  std::vector<std::string> w(kMaxLinkWarnings + 1, "w");
  summarize_warnings(w, kMaxLinkWarnings);
  EXPECT_EQ(w.size(), kMaxLinkWarnings + 1);
  EXPECT_EQ(w.back(), "w");
  w.push_back("w");
  summarize_warnings(w, kMaxLinkWarnings);
  ASSERT_EQ(w.size(), kMaxLinkWarnings + 1);
  EXPECT_EQ(w.back(), "... and 2 more warnings about this link");
}

TEST(Url, RealRegistryParametersRoundTrip) {
  // The codec against the registry the app ships: every default valid, every parameter at its bounds.
  const std::vector<LearnerSchema>& real = learner_schemas();
  ASSERT_FALSE(real.empty());
  EXPECT_TRUE(decode_link(encode_url(Config{})).warnings.empty());
  for (const LearnerSchema& s : real) {
    Config base;
    base.learner = s.id;
    if (s.multiclass) {
      base.generator.kind = Generator::classes;
      base.generator.classes = 5;
    }
    for (const Setting& p : s.params) {
      EXPECT_EQ(check_setting_value(p, p.default_value.number), "") << s.id << " l." << p.key;
      const std::vector<double> values = p.type == SettingType::choice
                                             ? std::vector<double>{0, static_cast<double>(p.choices.size()) - 1}
                                             : std::vector<double>{p.min, p.max};
      for (double x : values) {
        Config c = base;
        if (x != p.default_value.number) c.params = {{p.key, x}};
        const std::string url = encode_url(c);
        const DecodeResult back = decode_link(url);
        EXPECT_TRUE(back.warnings.empty()) << url << ": " << (back.warnings.empty() ? "" : back.warnings[0]);
        EXPECT_TRUE(back.config == c) << url;
      }
    }
  }
}

TEST(Url, ReferenceHasARowPerFieldAndPerParameter) {
  const test::HandBuiltLearners rows;
  const std::string md = render_url_reference();
  for (const Field& f : config_fields()) EXPECT_NE(md.find("\n| `" + f.key + "` |"), std::string::npos) << f.key;
  for (const LearnerSchema& s : learner_schemas()) {
    EXPECT_NE(md.find("### `" + s.id + "`"), std::string::npos) << s.id;
    for (const Setting& p : s.params) EXPECT_NE(md.find("\n| `l." + p.key + "` |"), std::string::npos) << p.key;
  }
  EXPECT_NE(
      md.find("| `eta` | Noise rate | real | `0.1` | [0, 0.5) | noise=uniform, malicious, adversarial or mixed |"),
      std::string::npos);
  EXPECT_NE(md.find("C_pq = P(noisy label = p | true class = q)"), std::string::npos);
  EXPECT_NE(md.find("    #v=1&data=separable&learner=perceptron&seed=1\n"), std::string::npos);
}

}  // namespace url_test
}  // namespace ml
