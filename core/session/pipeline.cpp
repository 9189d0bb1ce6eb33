// marginlab — config -> data.
#include "core/session/pipeline.h"

#include <cmath>
#include <numeric>

#include "core/config/point_edits.h"
#include "core/data/csv.h"
#include "core/data/generator_registry.h"
#include "core/data/transform.h"
#include "core/settings/setting.h"
#include "core/util/format.h"

namespace ml {
namespace {

const char* corruption_name(Corruption c) {
  switch (c) {
    case Corruption::none: return "none";
    case Corruption::label: return "label";
    case Corruption::replaced: return "replaced";
    case Corruption::moved: return "moved";
  }
  return "none";
}

// A CSV field, quoted when it holds a delimiter, quote or line break.
std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) {
    if (c == '"') q += '"';
    q += c;
  }
  return q + "\"";
}

void append_rows(const Dataset& part, const char* split_name, std::string* out) {
  for (int i = 0; i < part.rows(); ++i) {
    for (int j = 0; j < part.cols(); ++j) {
      *out += format_float(part.X(i, j));
      *out += ',';
    }
    const auto k = static_cast<size_t>(i);
    *out += csv_field(part.class_names[static_cast<size_t>(part.label[k])]) + ',';
    *out += csv_field(part.class_names[static_cast<size_t>(part.true_label[k])]) + ',';
    *out += part.corruption[k] == Corruption::none ? "0," : "1,";
    *out += corruption_name(part.corruption[k]);
    *out += ',';
    *out += split_name;
    *out += '\n';
  }
}

// "" when `name` is a relative path without a '..' component; else the problem.
std::string path_problem(const std::string& name) {
  if (name.empty()) return "is empty";
  if (name.front() == '/') return "is an absolute path (names resolve in the data folder)";
  for (std::string_view part : split(name, '/'))
    if (part == "..") return "has a '..' component (names resolve in the data folder)";
  return "";
}

// The training file's class for the test file's class name: the same text, or the same number.
int matching_class(const std::vector<std::string>& train_classes, const std::string& name) {
  for (size_t k = 0; k < train_classes.size(); ++k)
    if (train_classes[k] == name) return static_cast<int>(k);
  double value = 0, other = 0;
  if (!parse_double(name, &value) || !std::isfinite(value)) return -1;
  for (size_t k = 0; k < train_classes.size(); ++k)
    if (parse_double(train_classes[k], &other) && other == value) return static_cast<int>(k);
  return -1;
}

// The training file's rows, then the test file's (labels mapped to the training file's classes).
Result<Dataset> join_given_split(Dataset train, const Dataset& test, const std::string& train_source,
                                 const std::string& test_source) {
  if (test.cols() != train.cols()) {
    return make_error("pipeline.split_mismatch", test_source + ": " + std::to_string(test.cols()) +
                                                     " feature columns, but the training file " + train_source +
                                                     " has " + std::to_string(train.cols()));
  }
  std::vector<int> class_of(test.class_names.size(), -1);
  for (size_t k = 0; k < test.class_names.size(); ++k) {
    class_of[k] = matching_class(train.class_names, test.class_names[k]);
    if (class_of[k] < 0) {
      return make_error("pipeline.split_mismatch", test_source + ": label " + quote_for_message(test.class_names[k]) +
                                                       " does not occur in the training file " + train_source +
                                                       " (classes " + join_names(train.class_names, ", ") + ")");
    }
  }
  const int n_train = train.rows();
  FeatureMatrix X(n_train + test.rows(), train.cols());
  X.topRows(n_train) = train.X;
  X.bottomRows(test.rows()) = test.X;
  train.set_features(std::move(X));
  for (int i = 0; i < test.rows(); ++i) {
    const int c = class_of[static_cast<size_t>(test.true_label[static_cast<size_t>(i)])];
    train.label.push_back(c);
    train.true_label.push_back(c);
    train.corruption.push_back(Corruption::none);
  }
  train.given_test_from = n_train;
  return train;
}

}  // namespace

Result<std::vector<std::string>> csv_file_names(const Config& config) {
  if (!config.use_csv) return std::vector<std::string>{};
  const std::string problem = path_problem(config.csv_name);
  if (!problem.empty()) {
    return make_error("pipeline.csv_name", "field 'csv': " + quote_for_message(config.csv_name) + " " + problem);
  }
  if (config.split == 0) return std::vector<std::string>{config.csv_name};
  const std::string& name = config.csv_name;
  if (name.size() >= 4 && name.compare(name.size() - 4, 4, ".csv") == 0) {
    return make_error("pipeline.csv_name", "field 'csv': with split=" + std::to_string(config.split) +
                                               " it names the benchmark without .csv (files NAME_train_" +
                                               std::to_string(config.split) + ".csv and NAME_test_" +
                                               std::to_string(config.split) + ".csv), not " + quote_for_message(name));
  }
  const std::string k = std::to_string(config.split);
  return std::vector<std::string>{name + "_train_" + k + ".csv", name + "_test_" + k + ".csv"};
}

Result<Dataset> csv_dataset(const Config& config, const std::vector<std::string>& sources,
                            const std::vector<std::string_view>& texts) {
  const size_t expected = config.use_csv ? (config.split > 0 ? 2 : 1) : 0;
  if (sources.size() != expected || texts.size() != expected) {
    return make_error("pipeline.csv_files", "expected the " + std::to_string(expected) +
                                                " file(s) csv_file_names lists, got " + std::to_string(texts.size()));
  }
  if (expected == 0)
    return make_error("pipeline.csv_files", "the configuration reads no CSV file ('data' is a generator)");
  std::vector<Dataset> parts;
  for (size_t f = 0; f < expected; ++f) {
    CsvOptions options;
    options.source_name = sources[f];
    options.label_column = config.csv_label;
    Result<CsvTable> table = parse_csv(texts[f], options);
    if (!table.ok()) return table.error();
    parts.push_back(std::move(table.value().data));
  }
  if (expected == 1) return std::move(parts[0]);
  return join_given_split(std::move(parts[0]), parts[1], sources[0], sources[1]);
}

namespace {
// Notices about training data a learner cannot use as it stands (issue 15 item 5): features that are
// constant on the training part under standardize (centred to 0, they carry nothing) and all-zero
// examples without a bias coordinate (every halfspace through the origin scores them 0).
void add_degenerate_notices(const Config& config, const Dataset& train, std::vector<std::string>& warnings) {
  const int n = train.rows(), d = train.cols();
  if (n == 0 || d == 0) return;
  if (config.normalization == Normalization::standardize) {
    std::vector<std::string> constant;
    int count = 0;
    for (int j = 0; j < d; ++j) {
      bool same = true;
      for (int i = 1; i < n && same; ++i) same = train.X(i, j) == train.X(0, j);
      if (!same) continue;
      ++count;
      if (constant.size() < 3)
        constant.push_back(j < static_cast<int>(train.feature_names.size())
                               ? "'" + train.feature_names[static_cast<size_t>(j)] + "'"
                               : "column " + std::to_string(j + 1));
    }
    if (count > 0)
      warnings.push_back("data: " + std::to_string(count) + " of " + std::to_string(d) +
                         " features have zero variance on the training part (" + join_names(constant, ", ") +
                         (count > 3 ? ", ..." : "") + "): standardize only centres them to 0, so they carry nothing");
  }
  if (!config.bias) {
    int zero = 0;
    for (int i = 0; i < n; ++i) zero += train.X.row(i).isZero(0) ? 1 : 0;
    if (zero > 0)
      warnings.push_back("data: " + std::to_string(zero) + " training example" + (zero == 1 ? " is" : "s are") +
                         " the zero vector: every halfspace through the origin scores " + (zero == 1 ? "it" : "them") +
                         " 0 (add the bias coordinate, 'bias=1', to learn an offset)");
  }
}
}  // namespace

Result<PreparedData> prepare_data(const Config& config, const Dataset* csv) {
  Dataset all;
  if (config.use_csv) {
    if (csv == nullptr) {
      return make_error("pipeline.no_csv", "the configuration asks for a CSV file ('data=csv') but none is loaded");
    }
    if (config.split > 0 && csv->given_test_from < 0) {
      return make_error("pipeline.no_given_test",
                        "field 'split': split=" + std::to_string(config.split) +
                            " takes the test part from the benchmark's test file, but the loaded data has none "
                            "(read both files of csv_file_names with csv_dataset)");
    }
    if (config.split == 0 && csv->given_test_from >= 0) {
      return make_error("pipeline.no_given_test",
                        "the loaded data has a given test part (a benchmark split) but the configuration has "
                        "split=0, which cuts one by 'test'");
    }
    all = *csv;
  } else {
    Result<Dataset> generated = generate(config.generator, config.seed);
    if (!generated.ok()) return generated.error();
    all = std::move(generated.value());
  }
  PreparedData out;
  // An adaptively labelled stream (basis) is a sequence, not a sample: it is never split.
  const bool splittable = config.use_csv || !generator_row(config.generator.kind).adaptive_labels;
  const double test_fraction = splittable ? config.test_fraction : 0.0;
  Split parts;
  if (all.given_test_from >= 0) {  // a benchmark split: its own test file, nothing drawn
    std::vector<int> train_rows(static_cast<size_t>(all.given_test_from));
    std::vector<int> test_rows(static_cast<size_t>(all.rows() - all.given_test_from));
    std::iota(train_rows.begin(), train_rows.end(), 0);
    std::iota(test_rows.begin(), test_rows.end(), all.given_test_from);
    parts = Split{select_rows(all, train_rows), select_rows(all, test_rows)};
  } else if (test_fraction <= 0) {  // split_dataset's result without copying every row
    parts.test = select_rows(all, {});
    parts.train = std::move(all);
  } else {
    parts = split_dataset(all, test_fraction, config.stratified, config.seed);
  }
  out.train = std::move(parts.train);
  out.test = std::move(parts.test);
  if (out.test.rows() == 0) out.warnings.push_back("no test part: test error is not measured");
  add_degenerate_notices(config, out.train, out.warnings);
  normalize(config.normalization, out.train, out.test);
  if (config.kpca_dims > 0) {
    Result<double> features = apply_kernel_features(config.kpca_dims, config.kpca_landmarks, config.kpca_sigma,
                                                    config.seed, out.train, out.test);
    if (!features.ok()) return features.error();
  }
  if (config.bias) {
    add_bias(out.train);
    add_bias(out.test);
  }
  Result<NoiseReport> report = apply_noise(config.noise, out.train, config.seed);
  if (!report.ok()) return report.error();
  out.noise = std::move(report.value());
  if (std::string note = noise_margin_notice(config.noise, out.train.target_margin); !note.empty()) {
    out.warnings.push_back(std::move(note));
  }
  if (Status rough = apply_rough_labels(config, out.train, &out.noise); !rough.ok()) return rough.error();
  if (apply_point_edits(config.point_edits, config.bias, out.train, &out.warnings) > 0) {
    const bool proxy_target = out.noise.proxy_target;
    out.noise = measure_noise(out.train);
    out.noise.proxy_target = proxy_target;
  }
  return out;
}

int apply_point_edits(const std::vector<PointEdit>& edits, bool bias, Dataset& train,
                      std::vector<std::string>* warnings) {
  if (edits.empty()) return 0;
  const int n0 = train.rows(), q = train.num_classes();
  const int dims = train.cols() - (bias ? 1 : 0);
  // In list order: which items the data takes (a relabel may name a row an earlier item added).
  std::vector<PointEdit> taken;
  int rows = n0;
  for (size_t k = 0; k < edits.size(); ++k) {
    const PointEdit& e = edits[k];
    std::string problem;
    if (e.label >= q)
      problem = "class " + std::to_string(e.label) + ", but the data has " + std::to_string(q) + " classes (0.." +
                std::to_string(q - 1) + ")";
    if (problem.empty() && e.kind == PointEdit::Kind::add && static_cast<int>(e.coords.size()) != dims)
      problem = "the point has " + std::to_string(e.coords.size()) + " coordinates, the training data has " +
                std::to_string(dims) + " features" + (bias ? " before the bias column" : "");
    if (problem.empty() && e.kind == PointEdit::Kind::relabel && e.row >= rows)
      problem = "row " + std::to_string(e.row) + " is past the training part's " + std::to_string(rows) + " rows";
    if (!problem.empty()) {
      if (warnings)
        warnings->push_back("field 'edits': entry " + std::to_string(k + 1) + " " +
                            quote_for_message(format_point_edit(e)) + ": " + problem + "; skipped");
      continue;
    }
    if (e.kind == PointEdit::Kind::add) ++rows;
    taken.push_back(e);
  }
  // The added rows, appended at once.
  if (rows > n0) {
    FeatureMatrix X(rows, train.cols());
    X.topRows(n0) = train.X;
    int r = n0;
    for (const PointEdit& e : taken) {
      if (e.kind != PointEdit::Kind::add) continue;
      for (int j = 0; j < dims; ++j) X(r, j) = e.coords[static_cast<size_t>(j)];
      if (bias) X(r, dims) = 1.0f;
      train.label.push_back(e.label);
      train.true_label.push_back(e.label);
      train.corruption.push_back(Corruption::none);
      ++r;
    }
    train.set_features(std::move(X));
    train.target_margin = 0;
  }
  // The relabels, in order (the last one of a row wins).
  for (const PointEdit& e : taken) {
    if (e.kind != PointEdit::Kind::relabel) continue;
    const auto i = static_cast<size_t>(e.row);
    train.label[i] = e.label;
    if (train.corruption[i] == Corruption::none || train.corruption[i] == Corruption::label)
      train.corruption[i] = e.label == train.true_label[i] ? Corruption::none : Corruption::label;
  }
  return static_cast<int>(taken.size());
}

std::string render_data_csv(const PreparedData& data) {
  std::string out;
  for (const auto& name : data.train.feature_names) out += csv_field(name) + ',';
  out += "label,true_label,corrupted,corruption,split\n";
  append_rows(data.train, "train", &out);
  append_rows(data.test, "test", &out);
  return out;
}

}  // namespace ml
