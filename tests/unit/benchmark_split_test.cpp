// Tests of a benchmark's given split (config field `split`, core/session/pipeline.h): the link spelling,
// which fields stop applying, the file names a config reads, joining the training and test files (class
// mapping, errors naming the file) and the pipeline taking the given test part instead of cutting one.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/config/fields.h"
#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/noise/noise_ids.h"
#include "core/session/pipeline.h"
#include "core/session/session.h"

namespace ml {
namespace benchmark_split_test {

Config split_config(int k) {
  Config c;
  c.use_csv = true;
  c.csv_name = "ida/toy/toy";
  c.split = k;
  return c;
}

// Three training rows (x1 = 1, 2, 3) and two test rows (x1 = 4, 5); the test file spells +1 as "1.0".
constexpr std::string_view kTrain = "x1,x2,label\n1,0,1\n2,0,-1\n3,0,1\n";
constexpr std::string_view kTest = "x1,x2,label\n4,0,1.0\n5,0,-1\n";

Dataset joined(const Config& c) {
  Result<Dataset> d = csv_dataset(c, {"toy_train_3.csv", "toy_test_3.csv"}, {kTrain, kTest});
  EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error().message);
  return d.ok() ? std::move(d.value()) : Dataset{};
}

TEST(BenchmarkSplit, LinkSpellingAndWhichFieldsApply) {
  Config c = split_config(3);
  EXPECT_TRUE(validate(c).empty());
  EXPECT_EQ(encode_url(c), "#v=1&data=csv&csv=ida%2Ftoy%2Ftoy&split=3&learner=perceptron&seed=1");
  // The test part is the file: 'test', 'strat' and the one-file hash do not apply (not written, ignored).
  EXPECT_FALSE(field_applies(*find_field("test"), c));
  EXPECT_FALSE(field_applies(*find_field("strat"), c));
  EXPECT_FALSE(field_applies(*find_field("csvhash"), c));
  const DecodeResult back =
      decode_link("#v=1&data=csv&csv=ida%2Ftoy%2Ftoy&split=3&test=0.5&strat=1&learner=perceptron");
  EXPECT_EQ(back.config.split, 3);
  EXPECT_EQ(encode_url(back.config), encode_url(c));
  // split=0 (the default) is not written and keeps the cut by 'test'; generated data ignores split.
  Config one = split_config(0);
  one.csv_name = "mine.csv";
  EXPECT_EQ(encode_url(one), "#v=1&data=csv&csv=mine.csv&learner=perceptron&seed=1");
  EXPECT_TRUE(field_applies(*find_field("test"), one));
  EXPECT_TRUE(field_applies(*find_field("csvhash"), one));
  Config generated;
  EXPECT_FALSE(field_applies(*find_field("split"), generated));
  EXPECT_TRUE(field_applies(*find_field("test"), generated));
  EXPECT_EQ(decode_link("#v=1&data=separable&split=4").config.split, 0);
  // Out of range: the default, with a warning naming the field.
  Config far = split_config(kMaxBenchmarkSplit + 1);
  const std::vector<std::string> w = validate(far);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("field 'split'"), std::string::npos) << w[0];
  EXPECT_EQ(far.split, 0);
}

TEST(BenchmarkSplit, FileNamesOfAConfig) {
  Result<std::vector<std::string>> names = csv_file_names(split_config(3));
  ASSERT_TRUE(names.ok());
  EXPECT_EQ(names.value(), (std::vector<std::string>{"ida/toy/toy_train_3.csv", "ida/toy/toy_test_3.csv"}));
  Config one = split_config(0);
  one.csv_name = "sub/mine.csv";
  EXPECT_EQ(csv_file_names(one).value(), std::vector<std::string>{"sub/mine.csv"});
  EXPECT_TRUE(csv_file_names(Config{}).value().empty());  // generated data reads no file
  for (const char* bad : {"/etc/passwd", "../x", "a/../b", "a/..", ""}) {
    Config c = split_config(2);
    c.csv_name = bad;
    Result<std::vector<std::string>> r = csv_file_names(c);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error().code, "pipeline.csv_name") << bad;
  }
  Config with_ext = split_config(2);
  with_ext.csv_name = "toy.csv";
  Result<std::vector<std::string>> r = csv_file_names(with_ext);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("NAME_train_2.csv"), std::string::npos) << r.error().message;
  // "..x" is a name, not a parent folder.
  with_ext.csv_name = "..x/y";
  EXPECT_TRUE(csv_file_names(with_ext).ok());
}

TEST(BenchmarkSplit, JoinsTrainingAndTestFiles) {
  const Dataset d = joined(split_config(3));
  ASSERT_EQ(d.rows(), 5);
  EXPECT_EQ(d.given_test_from, 3);
  EXPECT_EQ(d.class_names, (std::vector<std::string>{"-1", "1"}));
  // Rows in file order, training file first; "1.0" of the test file is the training file's class "1".
  for (int i = 0; i < 5; ++i) EXPECT_EQ(d.X(i, 0), static_cast<float>(i + 1));
  EXPECT_EQ(d.true_label, (std::vector<int>{1, 0, 1, 1, 0}));
  EXPECT_EQ(d.label, d.true_label);
  // One file (split = 0): the file alone, no given part.
  Config one = split_config(0);
  Result<Dataset> single = csv_dataset(one, {"toy.csv"}, {kTrain});
  ASSERT_TRUE(single.ok());
  EXPECT_EQ(single->rows(), 3);
  EXPECT_EQ(single->given_test_from, -1);
}

TEST(BenchmarkSplit, ErrorsNameTheFile) {
  const Config c = split_config(3);
  Result<Dataset> cols =
      csv_dataset(c, {"a_train_3.csv", "a_test_3.csv"}, {kTrain, "x1,x2,x3,label\n1,2,3,1\n1,2,3,-1\n"});
  ASSERT_FALSE(cols.ok());
  EXPECT_EQ(cols.error().code, "pipeline.split_mismatch");
  EXPECT_EQ(cols.error().message, "a_test_3.csv: 3 feature columns, but the training file a_train_3.csv has 2");
  Result<Dataset> label = csv_dataset(c, {"a_train_3.csv", "a_test_3.csv"}, {kTrain, "x1,x2,label\n1,2,7\n1,2,1\n"});
  ASSERT_FALSE(label.ok());
  EXPECT_EQ(label.error().message,
            "a_test_3.csv: label '7' does not occur in the training file a_train_3.csv (classes -1, 1)");
  // The CSV reader's own errors carry the source name of the file that failed (a file needs two classes).
  Result<Dataset> ragged = csv_dataset(c, {"a_train_3.csv", "a_test_3.csv"}, {kTrain, "x1,x2,label\n1,2\n"});
  ASSERT_FALSE(ragged.ok());
  EXPECT_EQ(ragged.error().message.rfind("a_test_3.csv:", 0), 0u) << ragged.error().message;
  Result<Dataset> count = csv_dataset(c, {"a_train_3.csv"}, {kTrain});
  ASSERT_FALSE(count.ok());
  EXPECT_EQ(count.error().code, "pipeline.csv_files");
}

TEST(BenchmarkSplit, PipelineTakesTheGivenTestPart) {
  Config c = split_config(3);
  c.test_fraction = 0.5;  // ignored: the test part is the file
  c.stratified = true;
  c.noise.model = NoiseModel::uniform;
  c.noise.rate = 0.49;
  c.noise.sampling = Sampling::exact;  // exactly round(0.49 * 3) = 1 training label flipped
  const Dataset csv = joined(c);
  Result<PreparedData> p = prepare_data(c, &csv);
  ASSERT_TRUE(p.ok()) << p.error().message;
  ASSERT_EQ(p->train.rows(), 3);
  ASSERT_EQ(p->test.rows(), 2);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(p->train.X(i, 0), static_cast<float>(i + 1));
  for (int i = 0; i < 2; ++i) EXPECT_EQ(p->test.X(i, 0), static_cast<float>(i + 4));
  EXPECT_EQ(p->train.true_label, (std::vector<int>{1, 0, 1}));
  EXPECT_EQ(p->train.corrupted_count(), 1);  // noise on the training part only
  EXPECT_EQ(p->test.label, (std::vector<int>{1, 0}));
  EXPECT_EQ(p->test.label, p->test.true_label);
  EXPECT_EQ(p->train.given_test_from, -1);
  // The same data without the given part, or a given part under split=0, is refused.
  Config one = c;
  one.split = 0;
  Result<PreparedData> unused = prepare_data(one, &csv);
  ASSERT_FALSE(unused.ok());
  EXPECT_EQ(unused.error().code, "pipeline.no_given_test");
  Dataset plain = csv;
  plain.given_test_from = -1;
  Result<PreparedData> missing = prepare_data(c, &plain);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code, "pipeline.no_given_test");
  EXPECT_NE(missing.error().message.find("field 'split': split=3"), std::string::npos);
  // A session on the split measures test error on the given test part.
  c.noise.model = NoiseModel::none;
  Result<std::unique_ptr<Session>> s = Session::create(c, &csv);
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_EQ(s.value()->data().test.rows(), 2);
  EXPECT_TRUE(s.value()->warnings().empty());
}

}  // namespace benchmark_split_test
}  // namespace ml
