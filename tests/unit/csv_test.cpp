// marginlab — tests for the CSV reader (core/data/csv.h): the two corpus manifests under tests/csv
// (exact error code, line and column per malformed file; rows, columns and classes per good file) and
// hand-checked cases for values, class order, quoting, detection, options and size caps.
#include "core/data/csv.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#if !defined(__EMSCRIPTEN__)
#include <filesystem>
#endif

#ifndef ML_TEST_DIR
#define ML_TEST_DIR "tests"
#endif

namespace ml {
namespace csv_test {

const std::string kCorpus = std::string(ML_TEST_DIR) + "/csv";

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// Rows of a manifest: tab-separated cells; '#' lines and empty lines are comments.
std::vector<std::vector<std::string>> read_manifest(const std::string& path) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(read_bytes(path));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cells;
    size_t start = 0;
    for (;;) {
      const size_t tab = line.find('\t', start);
      cells.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    rows.push_back(cells);
  }
  return rows;
}

// Applies a manifest options cell: space-separated key=value (label header delim max_classes max_bytes max_cells).
CsvOptions options_from(const std::string& spec, const std::string& source_name) {
  CsvOptions options;
  options.source_name = source_name;
  std::istringstream in(spec);
  std::string item;
  while (in >> item) {
    const size_t eq = item.find('=');
    EXPECT_NE(eq, std::string::npos) << "bad option " << item;
    if (eq == std::string::npos) continue;
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    if (key == "label")
      options.label_column = value;
    else if (key == "header")
      options.header = std::stoi(value);
    else if (key == "delim")
      options.delimiter = value == "comma" ? ',' : value == "semicolon" ? ';' : value == "tab" ? '\t' : '?';
    else if (key == "max_classes")
      options.max_classes = std::stoi(value);
    else if (key == "max_bytes")
      options.max_bytes = static_cast<size_t>(std::stoll(value));
    else if (key == "max_cells")
      options.max_cells = std::stoll(value);
    else
      ADD_FAILURE() << "unknown option " << key;
  }
  return options;
}

// The message starts "name:line:column: " (line and column left out when 0).
std::string expected_prefix(const std::string& name, int line, int column) {
  std::string prefix = name;
  if (line > 0) prefix += ":" + std::to_string(line);
  if (line > 0 && column > 0) prefix += ":" + std::to_string(column);
  return prefix + ": ";
}

// Checks what every successful parse promises.
void expect_consistent(const CsvTable& t) {
  const Dataset& d = t.data;
  ASSERT_EQ(d.rows(), t.info.rows);
  ASSERT_EQ(d.cols(), t.info.cols);
  ASSERT_EQ(d.num_classes(), t.info.classes);
  ASSERT_EQ(d.label.size(), static_cast<size_t>(d.rows()));
  EXPECT_EQ(d.label, d.true_label);
  ASSERT_EQ(d.corruption.size(), static_cast<size_t>(d.rows()));
  for (Corruption c : d.corruption) EXPECT_EQ(c, Corruption::none);
  EXPECT_EQ(d.feature_names.size(), static_cast<size_t>(d.cols()));
  EXPECT_EQ(d.target.size(), 0);
  EXPECT_GE(d.num_classes(), 2);
  std::vector<int> seen(static_cast<size_t>(d.num_classes()), 0);
  for (int y : d.label) {
    ASSERT_GE(y, 0);
    ASSERT_LT(y, d.num_classes());
    seen[static_cast<size_t>(y)] = 1;
  }
  for (int s : seen) EXPECT_EQ(s, 1) << "every class occurs";
  for (Eigen::Index i = 0; i < d.X.size(); ++i) EXPECT_TRUE(std::isfinite(d.X.data()[i]));
}

Result<CsvTable> parse(const std::string& text, CsvOptions options = {}) { return parse_csv(text, options); }

// --- corpus ---

TEST(CsvCorpus, BadFilesGiveExactCodeLineAndColumn) {
  const auto rows = read_manifest(kCorpus + "/bad/EXPECTED.tsv");
  ASSERT_GE(rows.size(), 30u);
  for (const auto& row : rows) {
    ASSERT_GE(row.size(), 4u);
    const std::string& name = row[0];
    SCOPED_TRACE(name);
    const CsvOptions options = options_from(row.size() > 4 ? row[4] : "", name);
    const Result<CsvTable> r = parse_csv(read_bytes(kCorpus + "/bad/" + name), options);
    ASSERT_FALSE(r.ok()) << "parsed " << r->info.rows << " rows";
    const Error& e = r.error();
    EXPECT_EQ(e.code, row[1]) << e.message;
    EXPECT_EQ(e.line, std::stoi(row[2])) << e.message;
    EXPECT_EQ(e.column, std::stoi(row[3])) << e.message;
    EXPECT_EQ(e.message.rfind(expected_prefix(name, e.line, e.column), 0), 0u) << e.message;
    EXPECT_EQ(e.message.find('\n'), std::string::npos) << "one line: " << e.message;
  }
}

TEST(CsvCorpus, BadCorpusCoversEveryErrorCode) {
  std::set<std::string> codes;
  for (const auto& row : read_manifest(kCorpus + "/bad/EXPECTED.tsv")) codes.insert(row[1]);
  for (const char* code : {"csv.empty", "csv.non_numeric", "csv.non_finite", "csv.ragged_row", "csv.single_class",
                           "csv.too_many_classes", "csv.duplicate_header", "csv.too_large", "csv.unterminated_quote",
                           "csv.label_not_found", "csv.empty_cell", "csv.stray_quote", "csv.no_features",
                           "csv.invalid_utf8", "csv.unsupported_encoding", "csv.unsupported_delimiter"})
    EXPECT_TRUE(codes.count(code)) << code;
}

TEST(CsvCorpus, GoodFilesParseToTheListedShape) {
  const auto rows = read_manifest(kCorpus + "/good/EXPECTED.tsv");
  ASSERT_GE(rows.size(), 20u);
  for (const auto& row : rows) {
    ASSERT_GE(row.size(), 4u);
    const std::string& name = row[0];
    SCOPED_TRACE(name);
    const CsvOptions options = options_from(row.size() > 4 ? row[4] : "", name);
    const Result<CsvTable> r = parse_csv(read_bytes(kCorpus + "/good/" + name), options);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->info.rows, std::stoi(row[1]));
    EXPECT_EQ(r->info.cols, std::stoi(row[2]));
    EXPECT_EQ(r->info.classes, std::stoi(row[3]));
    expect_consistent(*r);
  }
}

#if !defined(__EMSCRIPTEN__)
TEST(CsvCorpus, EveryCorpusFileIsInItsManifest) {
  for (const char* dir : {"bad", "good"}) {
    std::set<std::string> listed, present;
    for (const auto& row : read_manifest(kCorpus + "/" + dir + "/EXPECTED.tsv")) listed.insert(row[0]);
    for (const auto& entry : std::filesystem::directory_iterator(kCorpus + "/" + dir))
      if (entry.path().filename() != "EXPECTED.tsv") present.insert(entry.path().filename().string());
    EXPECT_EQ(listed, present) << dir;
  }
}
#endif

TEST(CsvCorpus, GoodFilesHoldTheExpectedContents) {
  auto load = [](const std::string& name, const std::string& opts = "") {
    return parse_csv(read_bytes(kCorpus + "/good/" + name), options_from(opts, name));
  };
  {
    auto r = load("quoted_multiline_label.csv");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->data.class_names, (std::vector<std::string>{"class \"A\"\nsecond line", "plain"}));
    EXPECT_EQ(r->data.label, (std::vector<int>{0, 1, 0}));
    EXPECT_EQ(r->data.X(2, 0), 5.0f);
  }
  {
    auto r = load("bom_crlf_semicolon.csv");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_TRUE(r->info.had_bom);
    EXPECT_EQ(r->info.delimiter, ';');
    EXPECT_EQ(r->data.feature_names, (std::vector<std::string>{"f1", "f2"}));
    EXPECT_EQ(r->data.class_names, (std::vector<std::string>{"no", "yes"}));
    EXPECT_EQ(r->data.X(1, 1), 0.25f);
  }
  {
    auto r = load("label_first_by_name.csv", "label=species");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->info.label_index, 0);
    EXPECT_EQ(r->data.feature_names, (std::vector<std::string>{"sepal_length", "sepal_width"}));
    EXPECT_EQ(r->data.X(1, 0), 7.0f);
    EXPECT_EQ(r->data.label, (std::vector<int>{0, 1, 0}));
  }
  {
    auto r = load("label_middle_by_index.csv", "label=1");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->data.feature_names, (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_EQ(r->data.X(1, 1), 5.0f);
    EXPECT_EQ(r->data.label, (std::vector<int>{0, 1, 0}));
  }
  {
    auto r = load("quoted_header_names.csv");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->data.feature_names, (std::vector<std::string>{"length, cm", "the \"width\""}));
  }
  {
    auto r = load("blank_lines.csv");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->info.blank_lines, 7);  // 2 leading, "", "   ", ",,", "", 1 trailing
    EXPECT_EQ(r->data.X(2, 1), 6.0f);
  }
  {
    auto r = load("numeric_header_names.csv");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_TRUE(r->info.had_header);
    EXPECT_EQ(r->data.feature_names, (std::vector<std::string>{"0", "1", "2"}));
  }
  {
    auto r = load("cr_only.csv");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->data.X(2, 0), 5.0f);
  }
}

// --- values ---

TEST(CsvValues, NumbersAreParsedExactlyToNearestFloat) {
  auto r = parse("a,b,c,label\n0.1,-2.5e-3,+3,0\n1e-45,16777217,3.4028235e38,1\n-0,0000001,9999999,0\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  const FeatureView& X = r->data.X;
  EXPECT_EQ(X(0, 0), 0.1f);
  EXPECT_EQ(X(0, 1), -2.5e-3f);
  EXPECT_EQ(X(0, 2), 3.0f);
  EXPECT_EQ(X(1, 0), 1e-45f);       // smallest denormal
  EXPECT_EQ(X(1, 1), 16777216.0f);  // 2^24 + 1 rounds to even
  EXPECT_EQ(X(1, 2), FLT_MAX);
  EXPECT_EQ(X(2, 0), 0.0f);
  EXPECT_TRUE(std::signbit(X(2, 0)));  // "-0" keeps its sign, as fast_float does
  EXPECT_EQ(X(2, 1), 1.0f);
  EXPECT_EQ(X(2, 2), 9999999.0f);
}

TEST(CsvValues, QuotedAndPaddedNumbersAreNumbers) {
  auto r = parse("x,y,label\n\"1.5\" , \" 2 \",1\n  -3  ,4,0\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->data.X(0, 0), 1.5f);
  EXPECT_EQ(r->data.X(0, 1), 2.0f);
  EXPECT_EQ(r->data.X(1, 0), -3.0f);
}

TEST(CsvValues, JustAboveFloatMaxIsNotFinite) {
  auto r = parse("x,y,label\n3.5e38,1,0\n");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "csv.non_finite");
  EXPECT_EQ(r.error().line, 2);
  EXPECT_EQ(r.error().column, 1);
}

TEST(CsvValues, OutputIsAConsistentDataset) {
  auto r = parse("x,y,label\n1,2,a\n3,4,b\n");
  ASSERT_TRUE(r.ok());
  expect_consistent(*r);
  EXPECT_EQ(r->data.target_margin, 0.0);
}

// --- classes ---

TEST(CsvClasses, NumericLabelsSortByValueKeepingTheirSpelling) {
  auto r = parse("x,label\n1,10\n2,9\n3,-1\n4,2.50\n5,9.0\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->data.class_names, (std::vector<std::string>{"-1", "2.50", "9", "10"}));
  EXPECT_EQ(r->data.label, (std::vector<int>{3, 2, 0, 1, 2}));  // "9.0" is class "9"
}

TEST(CsvClasses, MinusOneAndOneAreClassesZeroAndOne) {
  auto r = parse("x,label\n1,1\n2,-1\n3,+1\n");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->data.class_names, (std::vector<std::string>{"-1", "1"}));
  EXPECT_EQ(r->data.sign(0), 1);
  EXPECT_EQ(r->data.sign(1), -1);
  EXPECT_EQ(r->data.sign(2), 1);
}

TEST(CsvClasses, AnyTextLabelMakesTheOrderBytewise) {
  auto r = parse("x,label\n1,b\n2,B\n3,a\n4,10\n5,9\n6, b \n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->data.class_names, (std::vector<std::string>{"10", "9", "B", "a", "b"}));
  EXPECT_EQ(r->data.label, (std::vector<int>{4, 2, 3, 0, 1, 4}));  // " b " is trimmed to "b"
}

TEST(CsvClasses, MaxClassesIsInclusive) {
  CsvOptions options;
  options.max_classes = 3;
  EXPECT_TRUE(parse("x,label\n1,a\n2,b\n3,c\n", options).ok());
  auto r = parse("x,label\n1,a\n2,b\n3,c\n4,a\n5,d\n", options);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "csv.too_many_classes");
  EXPECT_EQ(r.error().line, 6);
  EXPECT_EQ(r.error().column, 2);
}

// --- quoting ---

TEST(CsvQuoting, DelimiterAndNewlineInsideQuotesBelongToTheField) {
  auto r = parse("x,label\n1,\"a,b\"\n2,\"c\nd\"\n3,\"a,b\"\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->data.class_names, (std::vector<std::string>{"a,b", "c\nd"}));
  EXPECT_EQ(r->data.label, (std::vector<int>{0, 1, 0}));
}

TEST(CsvQuoting, DoubledQuotesAreOneQuote) {
  auto r = parse("x,label\n1,\"say \"\"hi\"\"\"\n2,\"\"\"\"\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->data.class_names, (std::vector<std::string>{"\"", "say \"hi\""}));
}

TEST(CsvQuoting, LinesInsideQuotedFieldsCountForLaterErrors) {
  for (const char* eol : {"\n", "\r\n", "\r"}) {
    const std::string e = eol;
    auto r = parse("x,y,label" + e + "1,2,\"a" + e + "b" + e + "c\"" + e + "3,q,d" + e);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "csv.non_numeric");
    EXPECT_EQ(r.error().line, 5) << "eol " << static_cast<int>(eol[0]);
    EXPECT_EQ(r.error().column, 2);
  }
}

TEST(CsvQuoting, UnterminatedQuoteNamesTheLineItOpened) {
  auto r = parse("x,y,label\n1,2,0\n3,4,\"a\n5,6,1\n");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "csv.unterminated_quote");
  EXPECT_EQ(r.error().line, 3);
  EXPECT_EQ(r.error().column, 3);
  EXPECT_EQ(r.error().message.rfind("input:3:3: quote opened here is never closed", 0), 0u) << r.error().message;
}

// --- detection ---

TEST(CsvDetection, NumericFirstRowIsData) {
  auto r = parse("1,2,0\n3,4,1\n");
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->info.had_header);
  EXPECT_EQ(r->info.rows, 2);
  EXPECT_EQ(r->data.feature_names, (std::vector<std::string>{"x1", "x2"}));
}

TEST(CsvDetection, TextInAFeatureCellMakesAHeader) {
  auto r = parse("a,2,label\n1,2,0\n3,4,1\n");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->info.had_header);
  EXPECT_EQ(r->data.feature_names, (std::vector<std::string>{"a", "2"}));
}

TEST(CsvDetection, TextLabelOverNumericLabelMakesAHeader) {
  auto with = parse("0,1,label\n1,2,0\n3,4,1\n");
  ASSERT_TRUE(with.ok());
  EXPECT_TRUE(with->info.had_header);
  auto without = parse("0,1,cat\n1,2,dog\n");  // text labels below: the first row is data
  ASSERT_TRUE(without.ok());
  EXPECT_FALSE(without->info.had_header);
  EXPECT_EQ(without->info.rows, 2);
}

TEST(CsvDetection, HeaderOptionOverridesDetection) {
  CsvOptions yes;
  yes.header = 1;
  auto r = parse("10,20,30\n1,2,0\n3,4,1\n", yes);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->info.rows, 2);
  EXPECT_EQ(r->data.feature_names, (std::vector<std::string>{"10", "20"}));
  CsvOptions no;
  no.header = 0;
  auto n = parse("a,b,label\n1,2,0\n", no);
  ASSERT_FALSE(n.ok());
  EXPECT_EQ(n.error().code, "csv.non_numeric");
  EXPECT_EQ(n.error().line, 1);
  EXPECT_EQ(n.error().column, 1);
}

TEST(CsvDetection, DelimiterIsTheMostFrequentOutsideQuotes) {
  auto semi = parse("a;b;label\n1;2;0\n3;4;1\n");
  ASSERT_TRUE(semi.ok());
  EXPECT_EQ(semi->info.delimiter, ';');
  auto tab = parse("a\tb\tlabel\n1\t2\t0\n3\t4\t1\n");
  ASSERT_TRUE(tab.ok());
  EXPECT_EQ(tab->info.delimiter, '\t');
  auto quoted = parse("\"a;b;c\",d,label\n1,2,0\n3,4,1\n");  // the ';' are inside quotes
  ASSERT_TRUE(quoted.ok()) << quoted.error().message;
  EXPECT_EQ(quoted->info.delimiter, ',');
  EXPECT_EQ(quoted->data.feature_names[0], "a;b;c");
  auto tie = parse("a,b;c;d,label\n");  // 2 ',' vs 2 ';': ';' wins the tie
  ASSERT_FALSE(tie.ok());
  EXPECT_EQ(tie.error().code, "csv.empty");
}

TEST(CsvDetection, DelimiterOptionAndSepLineOverrideDetection) {
  CsvOptions comma;
  comma.delimiter = ',';
  auto r = parse("a;b,c;d,label\n1,2,0\n3,4,1\n", comma);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->data.feature_names, (std::vector<std::string>{"a;b", "c;d"}));
  auto sep = parse("sep=;\na,b;label\n1;0\n2;1\n");
  ASSERT_TRUE(sep.ok()) << sep.error().message;
  EXPECT_EQ(sep->info.delimiter, ';');
  EXPECT_EQ(sep->data.feature_names, (std::vector<std::string>{"a,b"}));
  CsvOptions pipe;
  pipe.delimiter = '|';
  EXPECT_EQ(parse("a|b\n", pipe).error().code, "csv.unsupported_delimiter");
}

TEST(CsvDetection, BomAndBlankLinesAreReported) {
  auto r = parse("\xEF\xBB\xBF\n  \nx,label\n1,0\n\n2,1\n");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->info.had_bom);
  EXPECT_EQ(r->info.blank_lines, 3);
  EXPECT_EQ(r->data.feature_names[0], "x");
}

// --- label column ---

TEST(CsvLabel, ByNameByIndexAndDefaultLast) {
  const std::string text = "a,z,b\n1,0,2\n3,1,4\n";
  auto last = parse(text);
  ASSERT_TRUE(last.ok());
  EXPECT_EQ(last->info.label_index, 2);
  EXPECT_FALSE(last->info.label_by_name_convention);
  EXPECT_EQ(last->info.column_names, (std::vector<std::string>{"a", "z", "b"}));
  CsvOptions by_name;
  by_name.label_column = "z";
  auto named = parse(text, by_name);
  ASSERT_TRUE(named.ok());
  EXPECT_EQ(named->info.label_index, 1);
  EXPECT_EQ(named->data.feature_names, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(named->data.X(1, 1), 4.0f);
  CsvOptions by_index;
  by_index.label_column = "0";
  auto indexed = parse(text, by_index);
  ASSERT_TRUE(indexed.ok());
  EXPECT_EQ(indexed->data.class_names, (std::vector<std::string>{"1", "3"}));
}

TEST(CsvLabel, ConventionalNameIsFoundInAnyColumnIgnoringCase) {
  // scikit-learn's exports put the label first; people write Class, TARGET, y.
  const struct {
    const char* text;
    int label_index;
  } cases[] = {
      {"target,a,b\n0,1,2\n1,3,4\n", 0},
      {"a,Class,b\n1,x,2\n3,z,4\n", 1},
      {"a,b,LABEL\n1,2,0\n3,4,1\n", 2},
      {"Y,a,b\n0,1,2\n1,3,4\n", 0},
      {"y,a,label\n5,1,0\n6,3,1\n", 2},       // 'label' is preferred over 'y'
                                              // (kConventionalLabelNames order)
      {"class,target,a\n0,1,2\n1,0,4\n", 0},  // 'class' before 'target'
  };
  for (const auto& c : cases) {
    auto r = parse(c.text);
    ASSERT_TRUE(r.ok()) << c.text << r.error().message;
    EXPECT_EQ(r->info.label_index, c.label_index) << c.text;
    EXPECT_TRUE(r->info.label_by_name_convention) << c.text;
    EXPECT_EQ(r->data.cols(), 2) << c.text;
  }
  auto first = parse("target,a,b\n0,1,2\n1,3,4\n");
  EXPECT_EQ(first->data.feature_names, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(first->data.X(1, 0), 3.0f);
  EXPECT_EQ(first->data.true_label, (std::vector<int>{0, 1}));
  // A name that only contains one of them is not it; without a header there are no names.
  auto near = parse("labels,a,b\n0,1,2\n1,3,4\n");
  ASSERT_TRUE(near.ok());
  EXPECT_EQ(near->info.label_index, 2);
  EXPECT_FALSE(near->info.label_by_name_convention);
  // Beside x, y is a coordinate: the corpus's x,y,comment file keeps its last column as the label.
  auto xy = parse("x,y,comment\n1,2,a\n3,4,b\n");
  ASSERT_TRUE(xy.ok()) << xy.error().message;
  EXPECT_EQ(xy->info.label_index, 2);
  EXPECT_FALSE(xy->info.label_by_name_convention);
  auto no_header = parse("0,1,2\n1,3,4\n");
  ASSERT_TRUE(no_header.ok());
  EXPECT_EQ(no_header->info.label_index, 2);
  EXPECT_TRUE(no_header->info.column_names.empty());
  // An explicit column wins over the convention.
  CsvOptions explicit_index;
  explicit_index.label_column = "2";
  auto given = parse("target,a,b\n0,1,2\n1,3,4\n", explicit_index);
  ASSERT_TRUE(given.ok());
  EXPECT_EQ(given->info.label_index, 2);
  EXPECT_FALSE(given->info.label_by_name_convention);
}

TEST(CsvLabel, ErrorsInAConventionalLabelColumnNameItsPlace) {
  // The label found by its name keeps the exact file:line:column of every error.
  auto empty = parse("target,a\n0,1\n,2\n", CsvOptions{.source_name = "f.csv"});
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.error().code, "csv.empty_cell");
  EXPECT_EQ(empty.error().line, 3);
  EXPECT_EQ(empty.error().column, 1);
  EXPECT_EQ(empty.error().message, "f.csv:3:1: label cell is empty (field 'target')");
  auto text = parse("target,a\n0,1\n1,x\n", CsvOptions{.source_name = "f.csv"});
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.error().message, "f.csv:3:2: feature cell 'x' is not a number (field 'a')");
  auto single = parse("Class,a\n1,1\n1,2\n", CsvOptions{.source_name = "f.csv"});
  ASSERT_FALSE(single.ok());
  EXPECT_EQ(single.error().code, "csv.single_class");
  EXPECT_EQ(single.error().column, 1);
}

TEST(CsvLabel, MissingColumnsAreReported) {
  CsvOptions index;
  index.label_column = "3";
  auto r = parse("a,b,c\n1,2,0\n", index);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "csv.label_not_found");
  EXPECT_NE(r.error().message.find("out of range"), std::string::npos) << r.error().message;
  CsvOptions name;
  name.label_column = "label";
  auto c = parse("a,b,Label\n1,2,0\n", name);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().code, "csv.label_not_found");
  EXPECT_NE(c.error().message.find("did you mean 'Label'?"), std::string::npos) << c.error().message;
}

// --- messages ---

TEST(CsvMessages, NameTheFieldAndQuoteTheCellSafely) {
  CsvOptions options;
  options.source_name = "data.csv";
  auto r = parse("width,height,label\n1,2,0\n3,abcdefghijklmnopqrstuvwxyz0123456789ABCDEF,1\n", options);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message,
            "data.csv:3:2: feature cell 'abcdefghijklmnopqrstuvwxyz012345...' is not a number (field 'height')");
  auto ctrl = parse("1,2,0\n\"a\tb\x01\",2,1\n", options);
  ASSERT_FALSE(ctrl.ok());
  EXPECT_EQ(ctrl.error().message, "data.csv:2:1: feature cell 'a\\tb\\x01' is not a number");
}

TEST(CsvMessages, DecimalCommaGetsAHint) {
  auto r = parse("x;label\n1,5;0\n");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("decimal commas"), std::string::npos) << r.error().message;
}

TEST(CsvMessages, RaggedRowsSayExpectedAndGot) {
  auto more = parse("x,y,label\n1,2,0,4,5\n");
  ASSERT_FALSE(more.ok());
  EXPECT_EQ(more.error().message, "input:2:4: expected 3 fields, got 5");
  auto fewer = parse("x,y,label\n1,2,0\n1\n");
  ASSERT_FALSE(fewer.ok());
  EXPECT_EQ(fewer.error().message, "input:3:2: expected 3 fields, got 1");
}

TEST(CsvMessages, TrailingDelimiterMakesAnEmptyLabelColumn) {
  // Documented limitation: "1,2,0," has four fields, the last (the label by default) empty.
  auto r = parse("x,y,label,\n1,2,0,\n");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "csv.empty_cell");
  EXPECT_EQ(r.error().line, 2);
  EXPECT_EQ(r.error().column, 4);
}

// --- size caps ---

TEST(CsvCaps, MaxBytesIsInclusive) {
  const std::string text = "x,label\n1,0\n2,1\n";
  CsvOptions options;
  options.max_bytes = text.size();
  EXPECT_TRUE(parse(text, options).ok());
  options.max_bytes = text.size() - 1;
  auto r = parse(text, options);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "csv.too_large");
  EXPECT_EQ(r.error().line, 0);
}

// A reader checks the cap from the file's size before reading: same code and message as parse_csv.
TEST(CsvCaps, SizeCheckFromByteCount) {
  CsvOptions options;
  options.source_name = "big.csv";
  options.max_bytes = 10;
  EXPECT_TRUE(check_csv_size(10, options).ok());
  const Status over = check_csv_size(11, options);
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.error().code, "csv.too_large");
  EXPECT_EQ(over.error().message, "big.csv: the file has 11 bytes, more than the 10 allowed (max_bytes)");
  EXPECT_EQ(parse("x,label\n1,0\n", options).error().message,
            "big.csv: the file has 12 bytes, more than the 10 allowed (max_bytes)");
  // Sizes beyond 32 bits (a 5 GB file) are compared exactly, not wrapped.
  EXPECT_FALSE(check_csv_size(5'000'000'000ull, CsvOptions{}).ok());
  EXPECT_TRUE(check_csv_size(256u << 20, CsvOptions{}).ok());
}

TEST(CsvCaps, MaxCellsCountsFeatureCells) {
  const std::string text = "a,b,label\n1,2,0\n3,4,1\n5,6,0\n";
  CsvOptions options;
  options.max_cells = 6;  // 3 rows x 2 features
  EXPECT_TRUE(parse(text, options).ok());
  options.max_cells = 5;
  auto r = parse(text, options);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "csv.too_large");
  EXPECT_EQ(r.error().line, 4);
  options.max_cells = 2;  // a header row wider than the cap is refused before anything is stored
  auto wide = parse("a,b,c,d,label\n1,2,3,4,0\n", options);
  ASSERT_FALSE(wide.ok());
  EXPECT_EQ(wide.error().code, "csv.too_large");
  EXPECT_EQ(wide.error().line, 1);
}

TEST(CsvCaps, MaxColumnsBoundsOneRow) {
  CsvOptions options;
  options.max_columns = 3;
  EXPECT_TRUE(parse("a,b,label\n1,2,0\n3,4,1\n", options).ok());
  auto r = parse("\na,b,c,label\n1,2,3,0\n", options);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "csv.too_large");
  EXPECT_EQ(r.error().line, 2);
  EXPECT_EQ(r.error().column, 0);
}

TEST(CsvCaps, ManyRowsWithFewNewlinesGrowTheMatrix) {
  // CR-only line ends mixed with LF: the row estimate (LF count) is too small, the matrix must grow.
  std::string text = "x,label\n";
  for (int i = 0; i < 1000; ++i) text += std::to_string(i) + "," + std::to_string(i % 2) + "\r";
  auto r = parse(text);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->info.rows, 1000);
  EXPECT_EQ(r->data.X(999, 0), 999.0f);
  expect_consistent(*r);
}

}  // namespace csv_test
}  // namespace ml
