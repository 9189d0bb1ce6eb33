// The resource budget (core/config/budget.h) and the caps of out-of-range sizes (issue 15 items 1, 2, 5, 6):
// the links that crashed or froze come back capped with a warning naming the field, a CSV over the budget
// is refused before anything is allocated, a whole number out of range caps, a number that underflows
// warns, degenerate data gets a notice, and the session boundary names what it caught.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/config/budget.h"
#include "core/config/fields.h"
#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/session.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace budget_test {

using test::random_points;
using test::tiny_dataset;

bool any_contains(const std::vector<std::string>& lines, const std::string& needle) {
  for (const std::string& l : lines)
    if (l.find(needle) != std::string::npos) return true;
  return false;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

double param_of(const Config& c, const std::string& name, double fallback) {
  for (const ParamValue& p : c.params)
    if (p.name == name) return p.value;
  return fallback;
}

bool fits_budget(const Config& c) { return budget_excess(estimate_resources(c, generated_shape(c))).empty(); }

// The links of issue 15 items 1 and 2: each crashed (bad_alloc) or took minutes before this budget.
const char* const kHostileLinks[] = {
    "#v=1&data=ring&n=1000000&learner=rp&l.projection=kpca&l.landmarks=100000&l.dims=5000&seed=1",
    "#v=1&data=ring&n=1000000&learner=uma&l.projection=nystrom&l.landmarks=100000&seed=1",
    "#v=1&data=ring&n=1000000&learner=rp&l.projection=kgs&l.dims=5000&seed=1",
    "#v=1&data=ring&n=100000&learner=rp&l.projection=kpca&l.landmarks=25000&seed=1",
    "#v=1&data=ring&n=1000000&learner=rp&l.projection=kpca&l.landmarks=20000&seed=1",
    "#v=1&data=ring&n=1000000&learner=rp&l.cv=1&l.cv_folds=10&l.cv_widths=9&seed=1",
    "#v=1&data=ring&n=4000&learner=uma&l.projection=kpca&l.dims=5000&seed=1",
    "#v=1&data=finite&n=100000&d=20&concepts=1000000&learner=halving&seed=1",
};

TEST(Budget, HostileLinksAreCappedWithAWarningNamingTheField) {
  for (const char* link : kHostileLinks) {
    const DecodeResult r = decode_link(link);
    EXPECT_TRUE(any_contains(r.warnings, "is over the resource budget")) << link << "\n" << joined(r.warnings);
    EXPECT_TRUE(fits_budget(r.config)) << link << ": "
                                       << budget_excess(estimate_resources(r.config, generated_shape(r.config)));
    // settle() of the capped config changes nothing more: it is a valid config.
    Config again = r.config;
    EXPECT_TRUE(settle(again).empty()) << link;
  }
}

TEST(Budget, LandmarkLinkKeepsItsExamplesAndLowersTheProjection) {
  const DecodeResult r = decode_link(kHostileLinks[0]);
  EXPECT_EQ(r.config.generator.n, 1000000);
  EXPECT_TRUE(any_contains(r.warnings, "field 'l.dims': 5000 is over the resource budget")) << joined(r.warnings);
  EXPECT_TRUE(any_contains(r.warnings, "field 'l.landmarks': 100000 is over the resource budget"))
      << joined(r.warnings);
  const double dims = param_of(r.config, "dims", 50), landmarks = param_of(r.config, "landmarks", 0);
  EXPECT_GE(dims, 1);
  EXPECT_LT(dims, 5000);
  EXPECT_GE(landmarks, dims);  // Nyström needs m >= D
  EXPECT_LT(landmarks, 100000);
}

TEST(Budget, HalvingLinkCapsTheConceptClassNotTheSample) {
  const DecodeResult r = decode_link(kHostileLinks[7]);
  EXPECT_EQ(r.config.generator.n, 100000);
  EXPECT_LT(r.config.generator.concepts, 1000000);
  EXPECT_GE(r.config.generator.concepts, 2);
  EXPECT_TRUE(any_contains(r.warnings, "field 'concepts': 1000000 is over the resource budget")) << joined(r.warnings);
  // One recorded row scores every concept on every example: within the step limit.
  const ResourceCost cost = estimate_resources(r.config, generated_shape(r.config));
  EXPECT_LE(cost.amount[3], kBudgetLimits[3].limit);
}

TEST(Budget, DefaultAndSmallLinksAreUnchanged) {
  for (const char* link :
       {"#v=1&data=separable&learner=perceptron&seed=1", "#v=1&data=ring&n=2000&learner=rp&l.projection=kpca&seed=1",
        "#v=1&data=ring&n=20000&learner=uma&l.projection=nystrom&l.dims=500&seed=1",
        "#v=1&data=finite&n=1000&d=10&concepts=100000&learner=halving&seed=1"}) {
    const DecodeResult r = decode_link(link);
    EXPECT_TRUE(r.warnings.empty()) << link << "\n" << joined(r.warnings);
  }
}

TEST(Budget, EveryLimitIsRenderedInTheUrlReference) {
  const std::string md = render_url_reference();
  EXPECT_NE(md.find("## Resource budget"), std::string::npos);
  for (const BudgetLimit& b : kBudgetLimits)
    EXPECT_NE(md.find("| " + std::string(b.key) + " | "), std::string::npos) << b.key;
}

// A CSV's data as loaded: `rows` random points in `features` dimensions, two alternating classes.
Dataset two_class_csv(int rows, int features, uint64_t seed) {
  Dataset csv;
  csv.set_features(random_points(rows, features, seed, 1.0));
  csv.label.assign(static_cast<size_t>(rows), 0);
  for (size_t i = 0; i < csv.label.size(); i += 2) csv.label[i] = 1;
  csv.true_label = csv.label;
  csv.corruption.assign(csv.label.size(), Corruption::none);
  csv.class_names = {"a", "b"};
  for (int j = 0; j < features; ++j) csv.feature_names.push_back("x" + std::to_string(j + 1));
  return csv;
}

TEST(Budget, OverBudgetCsvIsRefusedBeforeAnythingIsBuilt) {
  const Dataset csv = two_class_csv(200000, 2, 5);
  DecodeResult r = decode_link("#v=1&data=csv&csv=big.csv&learner=rp&l.projection=kpca&l.landmarks=100000&seed=1");
  ASSERT_TRUE(r.config.use_csv);
  Result<std::unique_ptr<Session>> s = Session::create(r.config, &csv);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "session.over_budget");
  EXPECT_NE(s.error().message.find("field 'l.landmarks' = "), std::string::npos) << s.error().message;
}

// Letter recognition's shape (20 000 rows, 16 features, a quarter for testing) with the paper's kernel features.
Config letters_kernel_features(int dims, int landmarks) {
  DecodeResult r = decode_link("#v=1&data=csv&csv=letters.csv&test=0.25&kpca=" + std::to_string(dims) +
                               "&klm=" + std::to_string(landmarks) + "&learner=ultraconservative&seed=1");
  EXPECT_TRUE(r.config.use_csv);
  return r.config;
}

TEST(Budget, TheAppRefusesWhatTheBatchProfileAdmitsAndSaysWhereItRuns) {
  const Config c = letters_kernel_features(1600, 3200);
  const DataShape shape = csv_shape(c, 20000, 16);
  const std::string app = over_budget_message(c, shape, BudgetProfile::interactive);
  EXPECT_NE(app.find("unit 8.47e+11 multiply-adds > 4e+10 multiply-adds"), std::string::npos) << app;
  EXPECT_NE(app.find("the batch budget admits it as it is"), std::string::npos) << app;
  EXPECT_NE(app.find("field 'kpca' = "), std::string::npos) << app;
  EXPECT_EQ(over_budget_message(c, shape, BudgetProfile::batch), "");
  // Session::create checks under the profile it is given, before anything is built.
  const Dataset letters = two_class_csv(20000, 16, 3);
  Result<std::unique_ptr<Session>> s = Session::create(c, &letters);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "session.over_budget");
  EXPECT_NE(s.error().message.find("the batch budget admits it"), std::string::npos) << s.error().message;
}

TEST(Budget, ALinkOverBothProfilesIsRefusedByBothWithoutTheBatchHint) {
  // Memory: the landmarks' 24 m^2 bytes (1.43 GiB), the projected rows' 4 N D (0.119 GiB), the data 12 N d + 32 N.
  const Config c = letters_kernel_features(1600, 8000);
  const DataShape shape = csv_shape(c, 20000, 16);
  const std::string app = over_budget_message(c, shape, BudgetProfile::interactive);
  const std::string batch = over_budget_message(c, shape, BudgetProfile::batch);
  EXPECT_NE(batch.find("memory 1.55 GiB > 1 GiB"), std::string::npos) << batch;
  EXPECT_NE(batch.find("field 'klm' = "), std::string::npos) << batch;
  EXPECT_EQ(app.find("batch budget"), std::string::npos) << app;
  EXPECT_EQ(batch.find("batch budget"), std::string::npos) << batch;
}

TEST(Caps, AWholeNumberOutOfRangeCapsToItsBound) {
  DecodeResult r = decode_link("#v=1&data=separable&n=1e9&learner=perceptron&seed=1");
  EXPECT_EQ(r.config.generator.n, kMaxExamples);
  ASSERT_FALSE(r.warnings.empty());
  EXPECT_EQ(r.warnings.front(), "field 'n': '1e9' is above the maximum 1000000; using 1000000");
  r = decode_link("#v=1&data=separable&d=0&learner=perceptron&steps=1e12&seed=1");
  EXPECT_EQ(r.config.generator.dims, 1);
  EXPECT_EQ(r.config.steps, kMaxSteps);
  r = decode_link("#v=1&data=ring&learner=rp&l.dims=100000&seed=1");
  EXPECT_EQ(param_of(r.config, "dims", 0), 5000);
  EXPECT_TRUE(any_contains(r.warnings, "field 'l.dims': '100000' is above the maximum 5000; using 5000"))
      << joined(r.warnings);
}

TEST(Caps, OtherValuesFallBackToTheirDefault) {
  DecodeResult r = decode_link("#v=1&data=separable&noise=uniform&eta=0.7&n=2.5&learner=perceptron&seed=1");
  EXPECT_EQ(r.config.noise.rate, Config{}.noise.rate);    // a rate does not cap
  EXPECT_EQ(r.config.generator.n, Config{}.generator.n);  // not a whole number: not a size
  EXPECT_TRUE(any_contains(r.warnings, "field 'eta': '0.7' is out of range [0, 0.5); using the default 0.1"));
}

TEST(Caps, ValidateCapsAProgrammaticConfigToo) {
  Config c;
  c.generator.n = 2000000000;
  std::vector<std::string> w = settle(c);
  EXPECT_EQ(c.generator.n, kMaxExamples);
  EXPECT_TRUE(any_contains(w, "field 'n': 2000000000 is above the maximum 1000000; using 1000000")) << joined(w);
}

TEST(Caps, ANumberThatUnderflowsWarns) {
  DecodeResult r = decode_link("#v=1&data=separable&noise=uniform&eta=1e-400&learner=perceptron&seed=1");
  EXPECT_EQ(r.config.noise.rate, 0.0);
  EXPECT_TRUE(any_contains(r.warnings, "field 'eta': '1e-400' is too small for a double; read as 0"))
      << joined(r.warnings);
  r = decode_link("#v=1&data=separable&noise=uniform&eta=0e5&learner=perceptron&seed=1");
  EXPECT_FALSE(any_contains(r.warnings, "too small")) << joined(r.warnings);  // a written zero is a zero
}

TEST(DegenerateData, ConstantFeaturesUnderStandardizeAndZeroVectorsGetANotice) {
  Dataset csv = tiny_dataset({{0, 1, 3}, {0, 2, 3}, {0, -1, 3}, {0, 0, 0}, {1, 5, 3}}, {1, 1, -1, -1, 1});
  csv.feature_names = {"a", "b", "c"};
  DecodeResult r = decode_link("#v=1&data=csv&csv=d.csv&norm=standardize&test=0&learner=perceptron&seed=1");
  Result<std::unique_ptr<Session>> s = Session::create(r.config, &csv);
  ASSERT_TRUE(s.ok()) << s.error().message;
  const std::vector<std::string>& w = (*s)->warnings();
  EXPECT_FALSE(any_contains(w, "zero variance")) << joined(w);  // 'a' varies (row 5), 'c' too (row 4)
  EXPECT_TRUE(any_contains(w, "1 training example is the zero vector")) << joined(w);
  Dataset flat = tiny_dataset({{0, 1, 3}, {0, 2, 3}, {0, -1, 3}}, {1, 1, -1});
  flat.feature_names = {"a", "b", "c"};
  s = Session::create(r.config, &flat);
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_TRUE(any_contains((*s)->warnings(), "2 of 3 features have zero variance on the training part ('a', 'c')"))
      << joined((*s)->warnings());
}

}  // namespace budget_test
}  // namespace ml
