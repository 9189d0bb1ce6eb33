// marginlab app — Sweep (see sweep_model.h).
#include "app/models/sweep_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>

#include "core/util/format.h"
#include "core/util/sha256.h"

namespace ml::app {

namespace {

const Axis* find_axis(const Experiment& e, const std::string& key) {
  for (const Axis& a : e.axes)
    if (a.key == key) return &a;
  return nullptr;
}

bool all_numeric(const Axis& a) {
  double v = 0;
  for (const std::string& s : a.values)
    if (!parse_double(s, &v)) return false;
  return !a.values.empty();
}

// A number for the CSV: a whole number as digits ("200", where the shortest round-trip text is "2e+02"),
// else the shortest text that reads back to it; empty for NaN (a metric that does not apply).
std::string csv_number(double x) {
  if (!std::isfinite(x)) return "";
  if (x == 0) return "0";  // never "-0"
  if (x == std::floor(x) && std::fabs(x) < 1e15) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.0f", x);
    return buffer;
  }
  return format_double(x);
}

std::string csv_quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace

SweepPlotData sweep_plot_data(const Experiment& experiment, const std::vector<CellRow>& rows, std::string_view metric) {
  SweepPlotData d;
  d.metric = std::string(metric);
  const std::vector<std::string> keys = point_keys(experiment);
  d.points = sweep_points(experiment, rows, metric);
  // Which of the point's values is x.
  int xi = -1;
  for (size_t k = 0; k < keys.size() && xi < 0; ++k) {
    const Axis* a = find_axis(experiment, keys[k]);
    if (keys[k] != "learner" && a && all_numeric(*a)) xi = static_cast<int>(k);
  }
  for (size_t k = 0; k < keys.size() && xi < 0; ++k)
    if (keys[k] != "learner") xi = static_cast<int>(k);
  if (xi < 0 && !keys.empty()) xi = 0;
  const Axis* x_axis = xi >= 0 ? find_axis(experiment, keys[static_cast<size_t>(xi)]) : nullptr;
  if (x_axis) {
    d.x_key = x_axis->key;
    d.x_numeric = x_axis->key != "learner" && all_numeric(*x_axis);
    d.x_labels = x_axis->values;
  }
  std::map<std::string, size_t> line_of;  // the other axes' values -> line
  for (size_t p = 0; p < d.points.size(); ++p) {
    const SweepPoint& pt = d.points[p];
    if (pt.stat.n > 0) ++d.points_filled;
    std::string name;
    double x = 0;
    for (size_t k = 0; k < pt.values.size() && k < keys.size(); ++k) {
      if (static_cast<int>(k) == xi) {
        if (d.x_numeric) {
          parse_double(pt.values[k], &x);
        } else if (x_axis) {
          const auto it = std::find(x_axis->values.begin(), x_axis->values.end(), pt.values[k]);
          x = static_cast<double>(it - x_axis->values.begin());
        }
        continue;
      }
      if (!name.empty()) name += ", ";
      // With the learner as the only other axis the line is just the learner's id.
      name += (keys[k] == "learner" && keys.size() <= 2) ? pt.values[k] : keys[k] + "=" + pt.values[k];
    }
    auto found = line_of.find(name);
    if (found == line_of.end()) {
      found = line_of.emplace(name, d.lines.size()).first;
      d.lines.push_back(SweepLine{name, {}, {}, {}, {}, {}});
    }
    SweepLine& line = d.lines[found->second];
    line.x.push_back(x);
    line.mean.push_back(pt.stat.n > 0 ? pt.stat.mean : NAN);
    line.se.push_back(pt.stat.n > 1 ? pt.stat.se : NAN);
    line.n.push_back(pt.stat.n);
    line.point.push_back(p);
  }
  // Lines are drawn left to right.
  for (SweepLine& line : d.lines) {
    std::vector<size_t> order(line.x.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return line.x[a] < line.x[b]; });
    SweepLine sorted{line.name, {}, {}, {}, {}, {}};
    for (size_t i : order) {
      sorted.x.push_back(line.x[i]);
      sorted.mean.push_back(line.mean[i]);
      sorted.se.push_back(line.se[i]);
      sorted.n.push_back(line.n[i]);
      sorted.point.push_back(line.point[i]);
    }
    line = std::move(sorted);
  }
  return d;
}

std::string cell_rows_csv(const Experiment& experiment, const std::vector<CellRow>& rows) {
  std::vector<std::string> fields;  // every numeric field of some row, sorted (std::map order)
  {
    std::map<std::string, bool> seen;
    for (const CellRow& r : rows)
      for (const auto& kv : r.numbers)
        if (kv.first != "index") seen[kv.first] = true;  // the first column already
    for (const auto& kv : seen) fields.push_back(kv.first);
  }
  std::string out = "index";
  for (const Axis& a : experiment.axes) out += "," + a.key;
  for (const std::string& f : fields) out += "," + f;
  out += ",error,cell\n";
  for (const CellRow& r : rows) {
    out += std::to_string(r.index);
    if (r.index >= 0 && r.index < cell_count(experiment))
      for (const std::string& v : cell_values(experiment, r.index)) out += "," + v;
    for (const std::string& f : fields) {
      const auto it = r.numbers.find(f);
      out += "," + (it != r.numbers.end() ? csv_number(it->second) : std::string());
    }
    out += "," + (r.error.empty() ? std::string() : csv_quoted(r.error)) + "," + csv_quoted(r.cell) + "\n";
  }
  return out;
}

namespace {

CellExecutorFactory& executor_factory() {
  static CellExecutorFactory factory;
  return factory;
}

// True when some cell reads a CSV file: only this thread has the loaded data, so such a sweep runs here.
bool reads_csv(const Experiment& experiment) {
  if (experiment.base.use_csv) return true;
  const Axis* data = find_axis(experiment, "data");
  return data && std::find(data->values.begin(), data->values.end(), "csv") != data->values.end();
}

}  // namespace

void set_cell_executor_factory(CellExecutorFactory factory) { executor_factory() = std::move(factory); }

namespace {

// A whole experiment, no resume, `csv` for the cells that read a file.
RunnerOptions whole_experiment(CsvProvider csv) {
  RunnerOptions options;
  options.csv = std::move(csv);
  return options;
}

}  // namespace

SweepModel::SweepModel(Experiment experiment, CsvProvider csv)
    : runner_(std::move(experiment), whole_experiment(std::move(csv))) {
  const Experiment& e = runner_.experiment();
  if (!executor_factory() || reads_csv(e)) return;
  std::unique_ptr<CellExecutor> executor = executor_factory()(e.base.jobs);
  if (!executor) return;
  pool_ = std::unique_ptr<Pool>(new Pool{std::move(executor), CellQueue(e, 0, 1, {}), encode_experiment(e), {}});
}

SweepModel::~SweepModel() {
  if (pool_) pool_->executor->stop();
}

void SweepModel::cancel() {
  cancelled_ = true;
  if (pool_) pool_->executor->stop();
}

int SweepModel::merge_ended() {
  Pool& p = *pool_;
  for (CellExecutor::Ended& ended : p.executor->take_ended()) {
    Result<std::vector<CellRow>> rows =
        ended.failed ? Result<std::vector<CellRow>>(make_error("sweep.worker_failed", ended.text))
                     : parse_cell_rows(ended.text, "a worker's rows", nullptr);
    if (rows.ok() && rows.value().size() == ended.work.cells.size()) {
      p.queue.finish(std::move(rows).value());
      continue;
    }
    // A worker that died or answered nonsense: its piece runs once more on another; a second failure is
    // each of its cells' error row, and the sweep goes on.
    const Error why = rows.ok() ? make_error("sweep.worker_failed",
                                             "a worker returned " + std::to_string(rows.value().size()) + " rows for " +
                                                 std::to_string(ended.work.cells.size()) + " cells")
                                : rows.error();
    const CellWork work = ended.work;
    if (p.queue.give_back(ended.work)) continue;
    std::vector<CellRow> failed;
    for (int64_t index : work.cells) failed.push_back(cell_error_row(experiment_cell(experiment(), index), why));
    p.queue.finish(std::move(failed));
  }
  std::vector<CellRow> released = p.queue.release();
  for (CellRow& row : released) p.rows.push_back(std::move(row));
  return static_cast<int>(released.size());
}

bool SweepModel::merge_due(const ClockFn& now) {
  if (!now) return true;
  const double t = now();
  if (last_merge_at_ >= 0 && t - last_merge_at_ < kMergeSeconds) return false;
  last_merge_at_ = t;
  return true;
}

int SweepModel::advance(double seconds, const ClockFn& now) {
  if (started_ < 0 && now) started_ = now();
  if (!running()) return 0;
  const int merged = pool_ ? advance_pool(now) : runner_.advance(seconds, now);
  if (merged > 0 && now) last_row_at_ = now();
  return merged;
}

int SweepModel::advance_pool(const ClockFn& now) {
  if (!now && pool_->queue.running() > 0) pool_->executor->wait_for_end(0.1);  // a run to the end (run_to)
  const int merged = merge_due(now) ? merge_ended() : 0;
  while (!paused_ && pool_->executor->room() > 0) {
    std::optional<CellWork> work = pool_->queue.take();
    if (!work) break;
    pool_->executor->start(pool_->url, *work);
  }
  return merged;
}

SweepProgress SweepModel::progress(double now) const {
  SweepProgress p;
  p.done = completed();
  p.total = total();
  p.run = static_cast<int64_t>(rows().size());
  if (started_ < 0) return p;
  p.seconds = (last_row_at_ >= started_ ? last_row_at_ : now) - started_;
  return p;
}

std::string SweepModel::runs_on() const { return pool_ ? pool_->executor->describe() : "the frame's time slices"; }

const SweepPlotData& SweepModel::plot(std::string_view metric) {
  const size_t n = rows().size();
  // A large sweep recomputes its points every 2 % of the cells, not at every row (each pass visits every cell).
  const size_t step = std::max<size_t>(1, static_cast<size_t>(total() / 50));
  const bool due = plot_rows_ == static_cast<size_t>(-1) || n >= plot_rows_ + step || (!running() && n != plot_rows_);
  if (due || plot_.metric != metric) {
    plot_ = sweep_plot_data(experiment(), rows(), metric);
    plot_rows_ = rows().size();
  }
  return plot_;
}

const std::string& SweepModel::rows_sha256() {
  if (hash_rows_ != rows().size()) {
    hash_ = sha256_hex(rows_jsonl());
    hash_rows_ = rows().size();
  }
  return hash_;
}

std::string refusal_summary(const std::vector<CellRow>& rows, int64_t total) {
  std::vector<std::string> reasons;
  int64_t refused = 0;
  for (const CellRow& r : rows) {
    if (r.error.empty()) continue;
    ++refused;
    if (std::find(reasons.begin(), reasons.end(), r.error) == reasons.end()) reasons.push_back(r.error);
  }
  if (refused == 0) return "";
  const bool all = refused == total && static_cast<int64_t>(rows.size()) == total;
  std::string out = !all        ? std::to_string(refused) + " of " + std::to_string(total) + " cells refused: "
                    : total > 1 ? "all " + std::to_string(total) + " cells refused: "
                                : std::string("the cell was refused: ");
  out += reasons.front();
  if (reasons.size() > 1)
    out += " (and " + std::to_string(reasons.size() - 1) + (reasons.size() == 2 ? " other reason)" : " other reasons)");
  return out;
}

bool none_ran(const std::vector<CellRow>& rows) {
  return !rows.empty() && std::all_of(rows.begin(), rows.end(), [](const CellRow& r) { return !r.error.empty(); });
}

std::string sweep_empty_text(const std::vector<CellRow>& rows, int64_t total, bool cancelled) {
  if (static_cast<int64_t>(rows.size()) == total && total > 0)
    return none_ran(rows) ? refusal_summary(rows, total) : "no cell gave a value of this metric";
  if (cancelled) return "cancelled before any cell gave a value";
  return "the first cells are running...";
}

size_t SweepModel::error_rows() const {
  size_t n = 0;
  for (const CellRow& r : rows())
    if (!r.error.empty()) ++n;
  return n;
}

const CellRow* SweepModel::row_of(int64_t index) const {
  const std::vector<CellRow>& r = rows();
  const auto it =
      std::lower_bound(r.begin(), r.end(), index, [](const CellRow& row, int64_t i) { return row.index < i; });
  return it != r.end() && it->index == index ? &*it : nullptr;
}

std::string SweepModel::cell_link(int64_t index) const {
  if (const CellRow* row = row_of(index)) return row->cell;
  return experiment_cell(experiment(), index).url;
}

std::string SweepModel::cell_label(int64_t index) const {
  const Experiment& e = experiment();
  if (index < 0 || index >= cell_count(e)) return "";
  const std::vector<std::string> values = cell_values(e, index);
  std::string out;
  for (size_t k = 0; k < e.axes.size(); ++k) out += (k ? ", " : "") + e.axes[k].key + "=" + values[k];
  return out;
}

}  // namespace ml::app
