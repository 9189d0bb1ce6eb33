// marginlab — the extension module marginlab._core: the core's registries, sessions on arrays, links and sweeps
// for the Python package (python/marginlab, docs/python.md). Python builds the estimators, noise functions and
// data sets from the rows this module lists; everything numeric happens in the core, with the GIL released.
//
// Arrays: features arrive as C-contiguous float32 (the package converts anything else once, documented), read in
// place; labels as int32 class indices 0..Q-1. Errors: a data or configuration problem is a ValueError carrying
// the core's message.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/config/fields.h"
#include "core/config/link.h"
#include "core/config/registry_json.h"
#include "core/config/url.h"
#include "core/data/generators.h"
#include "core/data/manifest.h"
#include "core/experiment/experiment.h"
#include "core/noise/noise.h"
#include "core/session/linked_data.h"
#include "core/session/pipeline.h"
#include "core/session/run_report.h"
#include "core/session/session.h"
#include "core/util/eigen_setup.h"
#include "nlohmann/json.hpp"

namespace py = pybind11;

namespace ml::python {
namespace {

using Features = py::array_t<float, py::array::c_style>;  // no forcecast: the package converts once
using Labels = py::array_t<int32_t, py::array::c_style>;  // class indices 0..Q-1
std::atomic<uintptr_t> g_last_features{0};                // the buffer the core last read (the no-copy test)

// Raises ValueError with the core's message.
[[noreturn]] void raise(const Error& error) { throw py::value_error(error.message); }

// The config of a link; its warnings (validation changed something: a bad value, an unknown key) raise.
// Raises ValueError listing a link's warnings (each names its field), when there are any.
void raise_warnings(const std::string& link, const std::vector<std::string>& warnings) {
  if (warnings.empty()) return;
  std::string text = "the link '" + link + "' has warnings:";
  for (const std::string& w : warnings) text += "\n  " + w;
  throw py::value_error(text);
}

Config config_of(const std::string& link) {
  DecodeResult decoded = decode_link(link);
  raise_warnings(link, decoded.warnings);
  return decoded.config;
}

// The rows x cols view of a feature array, checked to be 2-D.
const float* feature_rows(const Features& X, const char* name, int* rows, int* cols) {
  if (X.ndim() != 2) throw py::value_error(std::string(name) + " must be a 2-D array");
  *rows = static_cast<int>(X.shape(0));
  *cols = static_cast<int>(X.shape(1));
  g_last_features = reinterpret_cast<uintptr_t>(X.data());
  return X.data();
}

// A Dataset of Q classes from features, observed and true labels (true = observed when absent).
Dataset dataset_of(const Features& X, const Labels& y, const std::optional<Labels>& y_true, int num_classes,
                   const char* name) {
  int n = 0, d = 0;
  const float* x = feature_rows(X, name, &n, &d);
  if (y.ndim() != 1 || y.shape(0) != n) throw py::value_error(std::string(name) + ": labels must be 1-D, one per row");
  if (y_true && (y_true->ndim() != 1 || y_true->shape(0) != n)) {
    throw py::value_error(std::string(name) + ": true labels must be 1-D, one per row");
  }
  Dataset data;
  data.borrow_features(x, n, d);  // the caller keeps X alive (Fitted::lenders_) while the Dataset lives
  data.label.assign(y.data(), y.data() + n);
  data.true_label = y_true ? std::vector<int>(y_true->data(), y_true->data() + n) : data.label;
  for (int i = 0; i < n; ++i) {
    const int a = data.label[static_cast<size_t>(i)], b = data.true_label[static_cast<size_t>(i)];
    if (a < 0 || a >= num_classes || b < 0 || b >= num_classes) {
      throw py::value_error(std::string(name) + ": a label outside 0.." + std::to_string(num_classes - 1));
    }
    data.corruption.push_back(a == b ? Corruption::none : Corruption::label);
  }
  data.class_names = default_class_names(num_classes);
  data.feature_names = default_feature_names(d);
  return data;
}

// A copy of a feature matrix as a float32 array.
py::array_t<float> matrix_array(const FeatureRef& m) {
  py::array_t<float> out({m.rows(), m.cols()});
  std::copy(m.data(), m.data() + m.size(), out.mutable_data());
  return out;
}

// A copy of labels as an int32 array.
py::array_t<int32_t> int_array(const std::vector<int>& v) {
  py::array_t<int32_t> out(static_cast<py::ssize_t>(v.size()));
  std::copy(v.begin(), v.end(), out.mutable_data());
  return out;
}

// A copy of a double matrix (a confusion matrix) as a float64 array.
py::array_t<double> double_matrix(const Eigen::MatrixXd& m) {
  py::array_t<double> out({m.rows(), m.cols()});
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) out.mutable_at(i, j) = m(i, j);
  return out;
}

// A Dataset as a dict of arrays: X, y (observed), y_true, corruption (Corruption codes: 0 none, 1 label,
// 2 replaced, 3 moved), class_names, target (or None).
py::dict dataset_dict(const Dataset& d) {
  py::dict out;
  out["X"] = matrix_array(d.X);
  out["y"] = int_array(d.label);
  out["y_true"] = int_array(d.true_label);
  std::vector<int> corruption;
  for (Corruption c : d.corruption) corruption.push_back(static_cast<int>(c));
  out["corruption"] = int_array(corruption);
  out["class_names"] = d.class_names;
  out["target"] =
      d.target.size() > 0 ? py::object(py::array_t<float>(d.target.size(), d.target.data())) : py::object(py::none());
  return out;
}

// A fitted model: the session that trained the learner on the caller's arrays.
class Fitted {
 public:
  // The session, its link, and the arrays whose memory the session's data borrow (kept alive while it lives).
  Fitted(std::unique_ptr<Session> s, std::string link, std::vector<py::object> lenders)
      : lenders_(std::move(lenders)), session_(std::move(s)), link_(std::move(link)) {}

  // Advances the session until the learner stops or the step budget ends (as `marginlab run` does).
  // Returns the error that stopped it, or nullptr. Called without the GIL.
  const Error* run(int64_t budget) {
    while (session_->steps() < budget && !session_->done()) session_->advance(budget - session_->steps());
    if (session_->steps() == 0) session_->advance(0);
    return session_->failure();
  }
  // A learner whose hypothesis is more than a halfspace (support vectors, a kernel map, a pickle's refit) reads
  // its training rows after the fit: those get their own copy, so changing X after fit changes nothing.
  void settle_data() {
    if (session_->learner().halfspace() == nullptr) session_->own_data();
  }
  // Where the training features the session reads are (the no-copy test).
  uint64_t training_features_address() const { return reinterpret_cast<uintptr_t>(session_->data().train.X.data()); }
  // The number of features the learner was trained on.
  int features() const { return session_->data().train.cols(); }
  // The trained learner (a later fit's warm start continues from it).
  const Learner& learner() const { return session_->learner(); }
  // Predicted class indices of the rows of X, read in place.
  py::array_t<int32_t> predict(const Features& X) const {
    int n = 0, d = 0;
    const float* x = checked(X, &n, &d);
    py::array_t<int32_t> out(n);
    int32_t* o = out.mutable_data();
    {
      py::gil_scoped_release release;
      const Learner& l = session_->learner();
      for (int i = 0; i < n; ++i) o[i] = l.predict(x + static_cast<ptrdiff_t>(i) * d);
    }
    return out;
  }
  // The Q class scores of the rows of X (binary: column 1 - column 0 is the decision value).
  py::array_t<float> scores(const Features& X) const {
    int n = 0, d = 0;
    const float* x = checked(X, &n, &d);
    const int q = session_->learner().num_classes();
    py::array_t<float> out({n, q});
    float* o = out.mutable_data();
    {
      py::gil_scoped_release release;
      const Learner& l = session_->learner();
      for (int i = 0; i < n; ++i) l.scores(x + static_cast<ptrdiff_t>(i) * d, o + static_cast<ptrdiff_t>(i) * q);
    }
    return out;
  }
  // The binary halfspace w, or None when the hypothesis is not one.
  py::object weights() const {
    const Vector* w = session_->learner().weights();
    if (w == nullptr) return py::none();
    return py::array_t<float>(w->size(), w->data());
  }
  // The confusion matrix the learner corrected for (UMA), with whether it estimated it and from how many labels.
  py::object confusion() const {
    bool estimated = false;
    int labels = 0;
    const Eigen::MatrixXd* c = session_->learner().confusion_in_use(&estimated, &labels);
    if (c == nullptr) return py::none();
    return py::make_tuple(double_matrix(*c), estimated, labels);
  }
  // The halfspace w when the learner's hypothesis is w alone (Learner::halfspace), else None: what a pickle keeps.
  py::object halfspace() const {
    const Vector* w = session_->learner().halfspace();
    if (w == nullptr) return py::none();
    return py::array_t<float>(w->size(), w->data());
  }
  // The training part the session learned from: (X, observed class indices, Q), for pickling.
  py::tuple fit_data() const {
    const Dataset& train = session_->data().train;
    return py::make_tuple(matrix_array(train.X), int_array(train.label), train.num_classes());
  }
  // The run report's JSON (what `marginlab run` prints, without its warnings array).
  std::string report() const { return run_report_json(*session_, session_->metrics(), link_); }
  // The report's keys that need no pass over the data (run_report_head_json): what a fit sets at once.
  std::string report_head() const { return run_report_head_json(*session_, link_); }
  // The names of the report's counters: the trace's columns after the standard ones, without the recording
  // plan's kTraceEvalExamples (the report's counters are the whole sample's).
  std::vector<std::string> counter_names() const {
    const std::vector<std::string>& columns = session_->trace().columns();
    std::vector<std::string> out(columns.begin() + kTraceStandardColumns, columns.end());
    std::erase(out, std::string(kTraceEvalExamples));
    return out;
  }
  // The recorded trace (Trace::to_csv) and its hash.
  std::string trace_csv() const { return session_->trace().to_csv(); }
  std::string trace_sha256() const { return session_->trace().sha256(); }
  // What the session's pipeline and learner warned about.
  std::vector<std::string> warnings() const { return session_->warnings(); }

 private:
  // The rows of X, checked to have the training data's feature count.
  const float* checked(const Features& X, int* n, int* d) const {
    const float* x = feature_rows(X, "X", n, d);
    if (*d != features()) {
      throw py::value_error("X has " + std::to_string(*d) + " features, but the model was fitted on " +
                            std::to_string(features()));
    }
    return x;
  }
  std::vector<py::object> lenders_;  // before session_: released after it
  std::unique_ptr<Session> session_;
  std::string link_;
};

// A binary linear learner's model restored from its weights (an unpickled estimator): it scores with
// halfspace_scores and predicts with Learner::predict's rule (class 1 when its score beats class 0's), so its
// predictions are the fitted learner's, bit for bit; it keeps the fit's trace as text.
class Halfspace {
 public:
  Halfspace(const py::array_t<float, py::array::c_style>& w, std::string trace_csv, std::string trace_sha256)
      : trace_csv_(std::move(trace_csv)), trace_sha256_(std::move(trace_sha256)) {
    if (w.ndim() != 1) throw py::value_error("a halfspace's weights must be a 1-D array");
    w_ = Eigen::Map<const Vector>(w.data(), w.shape(0));
  }
  // Predicted class indices (0 or 1) of the rows of X.
  py::array_t<int32_t> predict(const Features& X) const {
    const py::array_t<float> s = scores(X);
    py::array_t<int32_t> out(s.shape(0));
    for (py::ssize_t i = 0; i < s.shape(0); ++i) out.mutable_at(i) = s.at(i, 1) > s.at(i, 0) ? 1 : 0;
    return out;
  }
  // The two class scores (0, <x, w>) of the rows of X.
  py::array_t<float> scores(const Features& X) const {
    int n = 0, d = 0;
    const float* x = feature_rows(X, "X", &n, &d);
    if (d != w_.size()) {
      throw py::value_error("X has " + std::to_string(d) + " features, but the model was fitted on " +
                            std::to_string(w_.size()));
    }
    py::array_t<float> out({n, 2});
    float* o = out.mutable_data();
    for (int i = 0; i < n; ++i) halfspace_scores(x + static_cast<ptrdiff_t>(i) * d, w_, o + 2 * i);
    return out;
  }
  py::object halfspace() const { return py::array_t<float>(w_.size(), w_.data()); }
  std::string trace_csv() const { return trace_csv_; }
  std::string trace_sha256() const { return trace_sha256_; }

 private:
  Vector w_;
  std::string trace_csv_, trace_sha256_;
};

// Runs a created session to the config's step budget without the GIL (as `marginlab run` does); an error raises.
std::unique_ptr<Fitted> run_to_budget(Result<std::unique_ptr<Session>> created, const Config& config,
                                      std::vector<py::object> lenders = {}) {
  if (!created.ok()) raise(created.error());
  auto fitted = std::make_unique<Fitted>(std::move(created.value()), encode_url(config), std::move(lenders));
  const Error* failed = nullptr;
  {
    py::gil_scoped_release release;
    failed = fitted->run(config.steps);
  }
  if (failed != nullptr) raise(*failed);
  return fitted;
}

// Trains the learner of `link` (its learner, parameters, seed, steps and noise) on the arrays; the optional parts
// give the session what a link's prepared data carry (true labels, a test part, the generator's target), which
// only the trace and the report read, never the learner. With `warm` (a previous fit of the same learner, or None)
// the learner continues from that fit's hypothesis (Learner::warm_start: the estimators' partial_fit); a learner
// that cannot, or a previous fit it cannot continue from, raises ValueError.
std::unique_ptr<Fitted> fit(const std::string& link, const Features& X, const Labels& y, int num_classes,
                            std::optional<Labels> y_true, std::optional<Features> X_test, std::optional<Labels> y_test,
                            std::optional<Features> target, const Fitted* warm) {
  const Config config = config_of(link);
  PreparedData data;
  data.train = dataset_of(X, y, y_true, num_classes, "X");
  if (X_test) {
    if (!y_test) throw py::value_error("X_test needs y_test");
    data.test = dataset_of(*X_test, *y_test, std::nullopt, num_classes, "X_test");
    if (data.test.cols() != data.train.cols()) throw py::value_error("X_test and X have different feature counts");
  } else {
    data.test.set_features(
        FeatureMatrix(0, data.train.cols()));  // no test part: test_error is NaN, as for a link with test=0
    data.test.class_names = data.train.class_names;
    data.test.feature_names = data.train.feature_names;
  }
  if (target) {
    if (target->ndim() != 1 || target->shape(0) != data.train.cols()) {
      throw py::value_error("target must have one weight per feature");
    }
    data.train.target = Eigen::Map<const Vector>(target->data(), data.train.cols());
    data.test.target = data.train.target;
  }
  data.noise = measure_noise(data.train);
  Result<std::unique_ptr<Session>> created = make_error("python.fit", "not run");
  {
    py::gil_scoped_release release;
    created = Session::create_on_data(config, std::move(data), warm != nullptr ? &warm->learner() : nullptr);
  }
  std::vector<py::object> lenders{X};
  if (X_test) lenders.emplace_back(*X_test);
  std::unique_ptr<Fitted> fitted = run_to_budget(std::move(created), config, std::move(lenders));
  fitted->settle_data();
  return fitted;
}

// The text of a file, or an error naming it.
Result<std::string> read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("python.read", path + ": cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The data set a data=csv config reads from `dir` (checked against its MANIFEST.tsv when there is one).
Result<Dataset> folder_data(const Config& config, const std::string& dir) {
  Result<std::vector<std::string>> names = csv_file_names(config);
  if (!names.ok()) return names.error();
  std::optional<DataManifest> manifest;
  if (Result<std::string> m = read_text(dir + "/MANIFEST.tsv"); m.ok()) {
    Result<DataManifest> parsed = parse_manifest(m.value(), dir + "/MANIFEST.tsv");
    if (!parsed.ok()) return parsed.error();
    manifest = std::move(parsed.value());
  }
  std::vector<std::string> texts, sources;
  for (const std::string& name : names.value()) {
    Result<std::string> t = read_text(dir + "/" + name);
    if (!t.ok()) return make_error("data.missing", data_set_name(config) + ": " + t.error().message);
    texts.push_back(std::move(t.value()));
    sources.push_back(dir + "/" + name);
  }
  const std::vector<std::string_view> views(texts.begin(), texts.end());
  if (Status s = check_data_files(config, manifest ? &*manifest : nullptr, dir, names.value(), views); !s.ok()) {
    return s.error();
  }
  return csv_dataset(config, sources, views);
}

// The CSV a link reads (nullopt for generated data), or a ValueError.
std::optional<Dataset> link_csv(const Config& config, const std::string& data_dir) {
  if (!config.use_csv) return std::nullopt;
  Result<Dataset> d = folder_data(config, data_dir);
  if (!d.ok()) raise(d.error());
  return std::move(d.value());
}

// `marginlab run`'s report of a link: the JSON, the trace CSV and its hash, the warnings, the stop reason.
py::dict run(const std::string& link, const std::string& data_dir, bool strict) {
  DecodeResult decoded = decode_link(link);
  if (strict) raise_warnings(link, decoded.warnings);  // before any work, as `marginlab run --strict`
  const std::string canonical = encode_url(decoded.config);
  const std::optional<Dataset> csv = link_csv(decoded.config, data_dir);
  Result<RunReport> report = make_error("python.run", "not run");
  {
    py::gil_scoped_release release;
    report = run_headless(decoded.config, canonical, csv ? &*csv : nullptr, RunOptions{});
  }
  if (!report.ok()) raise(report.error());
  std::vector<std::string> warnings = decoded.warnings;
  warnings.insert(warnings.end(), report->warnings.begin(), report->warnings.end());
  py::dict out;
  out["json"] = report->json;
  out["trace_csv"] = report->trace_csv;
  out["trace_sha256"] = report->trace_sha256;
  out["warnings"] = warnings;
  out["stop_reason"] = std::string(stop_reason_name(report->stop_reason));
  out["link"] = canonical;
  return out;
}

// The session `marginlab run` makes of a link (Session::create), run to the link's step budget: its learner's
// weights and scores next to an estimator's.
std::unique_ptr<Fitted> run_session(const std::string& link, const std::string& data_dir) {
  const Config config = config_of(link);
  const std::optional<Dataset> csv = link_csv(config, data_dir);
  Result<std::unique_ptr<Session>> created = make_error("python.run", "not run");
  {
    py::gil_scoped_release release;
    created = Session::create(config, csv ? &*csv : nullptr, BudgetProfile::batch);
  }
  return run_to_budget(std::move(created), config);
}

// A link's prepared data (what `marginlab data` writes): {"train": dataset_dict, "test": ..., "steps": budget}.
py::dict link_data(const std::string& link, const std::string& data_dir) {
  const Config config = config_of(link);
  const std::optional<Dataset> csv = link_csv(config, data_dir);
  Result<PreparedData> data = make_error("python.data", "not run");
  {
    py::gil_scoped_release release;
    data = prepare_data(config, csv ? &*csv : nullptr);
  }
  if (!data.ok()) raise(data.error());
  py::dict out;
  out["train"] = dataset_dict(data->train);
  out["test"] = dataset_dict(data->test);
  out["steps"] = config.steps;
  out["warnings"] = data->warnings;
  return out;
}

// The generator of a link, before any split or noise: a dataset_dict.
py::dict generate_data(const std::string& link) {
  const Config config = config_of(link);
  if (config.use_csv) throw py::value_error("the link reads a CSV file: it names no generator");
  Result<Dataset> d = generate(config.generator, config.seed);
  if (!d.ok()) raise(d.error());
  return dataset_dict(d.value());
}

// The noise of a link applied to (X, y) with its seed: a dataset_dict (X changes under malicious or outlier noise).
py::dict noisy(const std::string& link, const Features& X, const Labels& y, int num_classes,
               std::optional<Features> target) {
  const Config config = config_of(link);
  Dataset data = dataset_of(X, y, std::nullopt, num_classes, "X");
  if (target) data.target = Eigen::Map<const Vector>(target->data(), data.cols());
  Result<NoiseReport> report = apply_noise(config.noise, data, config.seed);
  if (!report.ok()) raise(report.error());
  return dataset_dict(data);
}

// The rows of a sweep (an experiment link) as JSON lines in cell order, `jobs` shards in as many threads, and
// the link's warnings (the command line prints them and runs what validation left, as this does).
py::tuple sweep(const std::string& link, int jobs, const std::string& data_dir, bool strict) {
  ExperimentDecode decoded = decode_experiment(link);
  if (strict) raise_warnings(link, decoded.warnings);  // before any cell runs
  if (jobs < 1) throw py::value_error("jobs must be at least 1");
  RunnerOptions base;
  base.budget = BudgetProfile::batch;
  base.csv = [data_dir](const Config& config) -> Result<std::shared_ptr<const Dataset>> {
    Result<Dataset> d = folder_data(config, data_dir);
    if (!d.ok()) return d.error();
    return std::make_shared<const Dataset>(std::move(d.value()));
  };
  std::vector<std::vector<CellRow>> lists(static_cast<size_t>(jobs));
  std::vector<Status> errors(static_cast<size_t>(jobs));
  {
    py::gil_scoped_release release;
    std::vector<std::thread> threads;
    for (int j = 0; j < jobs; ++j) {
      threads.emplace_back([&, j] {
        RunnerOptions options = base;
        options.shard = j;
        options.shards = jobs;
        ExperimentRunner runner(decoded.experiment, options);
        errors[static_cast<size_t>(j)] = runner.run_all();
        lists[static_cast<size_t>(j)] = runner.rows();
      });
    }
    for (std::thread& t : threads) t.join();
  }
  for (const Status& s : errors)
    if (!s.ok()) raise(s.error());
  Result<std::vector<CellRow>> merged = merge_cell_rows(lists);
  if (!merged.ok()) raise(merged.error());
  return py::make_tuple(format_cell_rows(merged.value()), decoded.warnings);
}

// The axis keys of an experiment link and each cell's values (core cell_values), in cell order.
py::tuple sweep_axes(const std::string& link) {
  const ExperimentDecode decoded = decode_experiment(link);
  std::vector<std::string> keys;
  for (const Axis& a : decoded.experiment.axes) keys.push_back(a.key);
  std::vector<std::vector<std::string>> cells;
  for (int64_t i = 0; i < cell_count(decoded.experiment); ++i) cells.push_back(cell_values(decoded.experiment, i));
  return py::make_tuple(keys, cells);
}

// One config field as JSON: key, label, default (URL text), choices, help.
nlohmann::ordered_json field_json(const Field& f) {
  nlohmann::ordered_json j;
  j["key"] = f.key;
  j["label"] = f.label;
  j["default"] = format_setting_value(f, field_default(f));
  j["choices"] = f.choices;
  j["help"] = f.help;
  return j;
}

// The rows of the noise or the generator registry with the fields each reads: id, name, description, citation,
// fields. `panel` is "noise" or "data".
std::string rows_json(const std::string& panel) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  const size_t count = panel == "noise" ? noise_rows().size() : generator_rows().size();
  for (size_t i = 0; i < count; ++i) {
    Config c;
    nlohmann::ordered_json row;
    if (panel == "noise") {
      c.noise.model = noise_model_at(i);
      const NoiseRow& r = noise_row(c.noise.model);
      row = {{"id", r.id}, {"name", r.name}, {"description", r.description}, {"citation", r.citation}};
    } else {
      c.generator.kind = generator_at(i);
      const GeneratorRow& r = generator_row(c.generator.kind);
      row = {{"id", r.id},
             {"name", r.name},
             {"description", r.description},
             {"citation", r.citation},
             {"multiclass", r.multiclass},
             {"adaptive", r.adaptive_labels}};
    }
    nlohmann::ordered_json fields = nlohmann::ordered_json::array();
    for (const Field& f : config_fields()) {
      if (f.panel != panel || f.key == "noise" || f.key == "data" || f.view_only) continue;
      // A generator's own fields only (not the pipeline's split, normalization, bias, kernel features).
      const bool reads = panel == "noise" ? field_applies(f, c) : f.generator_param && field_in_effect(f, c);
      if (reads) fields.push_back(field_json(f));
    }
    row["fields"] = fields;
    list.push_back(row);
  }
  return list.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace
}  // namespace ml::python

PYBIND11_MODULE(_core, m) {
  using namespace ml::python;
  m.doc() = "marginlab's C++ core (python/src/module.cpp): registries, sessions on arrays, links, sweeps";
  m.attr("__version__") = ML_VERSION;
  m.attr("DEFAULT_TRACE_POINTS") = ml::kTraceDefaultPoints;
  m.attr("MAX_TRACE_POINTS") = ml::kMaxTracePoints;
  ml::configure_eigen();
  ml::learner_schemas();  // built once here, before any thread reads it
  m.def(
      "learners_json", [] { return ml::learner_registry_json(true); }, "The learner registry's rows as JSON");
  m.def(
      "noise_json", [] { return rows_json("noise"); }, "The noise rows and the fields each reads, as JSON");
  m.def(
      "generators_json", [] { return rows_json("data"); }, "The generator rows and their fields, as JSON");
  m.def(
      "canonical", [](const std::string& link) { return ml::encode_url(config_of(link)); },
      "The canonical form of a link; its warnings raise ValueError");
  m.def(
      "last_features_address", [] { return static_cast<uint64_t>(g_last_features.load()); },
      "The address of the feature buffer the core last read (for the no-copy test)");
  py::class_<Fitted>(m, "Fitted", "A learner trained by a session on arrays")
      .def("predict", &Fitted::predict)
      .def("scores", &Fitted::scores)
      .def("weights", &Fitted::weights)
      .def("confusion", &Fitted::confusion)
      .def("report", &Fitted::report)
      .def("report_head", &Fitted::report_head)
      .def("counter_names", &Fitted::counter_names)
      .def("fit_data", &Fitted::fit_data)
      .def("training_features_address", &Fitted::training_features_address)
      .def("halfspace", &Fitted::halfspace)
      .def("trace_csv", &Fitted::trace_csv)
      .def("trace_sha256", &Fitted::trace_sha256)
      .def("warnings", &Fitted::warnings)
      .def_property_readonly("n_features", &Fitted::features);
  py::class_<Halfspace>(m, "Halfspace", "A binary linear learner's model restored from its weights (a pickle)")
      .def(py::init<const py::array_t<float, py::array::c_style>&, std::string, std::string>(), py::arg("w"),
           py::arg("trace_csv"), py::arg("trace_sha256"))
      .def("predict", &Halfspace::predict)
      .def("scores", &Halfspace::scores)
      .def("halfspace", &Halfspace::halfspace)
      .def("weights", &Halfspace::halfspace)
      .def("trace_csv", &Halfspace::trace_csv)
      .def("trace_sha256", &Halfspace::trace_sha256);
  m.def("fit", &fit, py::arg("link"), py::arg("X"), py::arg("y"), py::arg("num_classes"),
        py::arg("y_true") = py::none(), py::arg("X_test") = py::none(), py::arg("y_test") = py::none(),
        py::arg("target") = py::none(), py::arg("warm") = py::none());
  m.def("run", &run, py::arg("link"), py::arg("data_dir"), py::arg("strict"));
  m.def("run_session", &run_session, py::arg("link"), py::arg("data_dir"));
  m.def("link_data", &link_data, py::arg("link"), py::arg("data_dir"));
  m.def("generate", &generate_data, py::arg("link"));
  m.def("noisy", &noisy, py::arg("link"), py::arg("X"), py::arg("y"), py::arg("num_classes"),
        py::arg("target") = py::none());
  m.def("sweep_axes", &sweep_axes, py::arg("link"));
  m.def("sweep", &sweep, py::arg("link"), py::arg("jobs"), py::arg("data_dir"), py::arg("strict"));
}
