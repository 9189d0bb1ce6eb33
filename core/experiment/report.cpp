// marginlab — a sweep's report as text: Markdown table, paired verdicts, CSV, reference values.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <set>

#include "core/experiment/experiment.h"
#include "core/util/format.h"
#include "core/util/numbers.h"

namespace ml {

namespace {

// The metrics a report shows by default, in this order.
constexpr std::string_view kMainMetrics[] = {"test_error", "train_error_true", "mistakes", "bound"};
// The reference table's columns after the point keys.
constexpr std::string_view kReferenceColumns[] = {"metric", "mean", "sd", "source"};

std::string printf_text(const char* format, int precision, double x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, precision, x);
  return buffer;
}

std::string trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.remove_suffix(1);
  return std::string(s);
}

// Two values of one key name the same point: equal as numbers ("0.10" and "0.1"), else as text.
bool same_value(const std::string& a, const std::string& b) {
  double x = 0, y = 0;
  if (parse_double(a, &x) && parse_double(b, &y)) return x == y;
  return a == b;
}

// A CSV field, quoted when it holds a comma, a quote or a line break.
std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// Exact text of a number: a whole number as digits ("30", where the shortest %g text is "3e+01"), else
// the shortest text that reads back to it.
std::string exact_number(double x) {
  if (x == 0) return "0";  // never "-0"
  if (std::isfinite(x) && x == std::floor(x) && std::fabs(x) < 1e15) return printf_text("%.*f", 0, x);
  return format_double(x);
}

// A number for the CSV: exact, empty for NaN (a metric that does not apply).
std::string csv_number(double x) { return std::isfinite(x) ? exact_number(x) : std::string(); }

// A Markdown table cell: a pipe would end the cell.
std::string md_cell(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? std::string(separator) : std::string()) + parts[i];
  return out;
}

// True when reference r is for this point and metric.
bool matches(const ReferenceValue& r, const std::vector<std::string>& keys, const std::vector<std::string>& values,
             const std::string& metric) {
  if (r.metric != metric || r.at.size() != keys.size()) return false;
  for (size_t k = 0; k < keys.size(); ++k) {
    auto it = r.at.find(keys[k]);
    if (it == r.at.end() || !same_value(it->second, values[k])) return false;
  }
  return true;
}

// The reference for (point, metric): the first line that matches.
const ReferenceValue* find_reference(const std::vector<ReferenceValue>& references,
                                     const std::vector<std::string>& keys, const std::vector<std::string>& values,
                                     const std::string& metric) {
  for (const ReferenceValue& r : references)
    if (matches(r, keys, values, metric)) return &r;
  return nullptr;
}

// True when ours is more than 2 of the reference's standard deviations from it.
bool beyond_two_sd(const MeanSe& ours, const ReferenceValue& reference) {
  return ours.n > 0 && std::isfinite(reference.sd) && reference.sd > 0 &&
         std::fabs(ours.mean - reference.mean) > 2 * reference.sd;
}

}  // namespace

Result<std::vector<ReferenceValue>> parse_reference_tsv(std::string_view text, std::string_view source_name) {
  const std::string name(source_name);
  std::vector<ReferenceValue> out;
  std::vector<std::string> header;
  size_t point_keys = 0;
  int line_number = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_number;
    const std::string where = name + ":" + std::to_string(line_number) + ": ";
    if (trim(line).empty() || trim(line)[0] == '#') continue;
    const std::vector<std::string_view> cells = split(line, '\t');
    std::vector<std::string> fields(cells.begin(), cells.end());
    for (std::string& f : fields) f = trim(f);
    if (header.empty()) {
      const size_t tail = std::size(kReferenceColumns);
      bool ok = fields.size() >= tail;
      for (size_t i = 0; ok && i < tail; ++i) ok = fields[fields.size() - tail + i] == kReferenceColumns[i];
      if (!ok)
        return make_error("reference.header", where + "the header must be the point keys, then metric, mean, sd and "
                                                      "source, separated by tabs");
      point_keys = fields.size() - tail;
      for (size_t i = 0; i < point_keys; ++i) {
        if (fields[i].empty())
          return make_error("reference.header", where + "column " + std::to_string(i + 1) + " has no key");
        for (size_t j = 0; j < i; ++j)
          if (fields[j] == fields[i])
            return make_error("reference.header", where + "key '" + fields[i] + "' is given twice");
      }
      header = std::move(fields);
      continue;
    }
    if (fields.size() != header.size())
      return make_error("reference.columns", where + "has " + std::to_string(fields.size()) + " fields, the header " +
                                                 std::to_string(header.size()));
    ReferenceValue r;
    r.line = line_number;
    for (size_t i = 0; i < point_keys; ++i) r.at[header[i]] = fields[i];
    r.metric = fields[point_keys];
    if (r.metric.empty()) return make_error("reference.metric", where + "the metric is empty");
    if (!parse_double(fields[point_keys + 1], &r.mean) || !std::isfinite(r.mean))
      return make_error("reference.number", where + "mean '" + fields[point_keys + 1] + "' is not a number");
    const std::string& sd = fields[point_keys + 2];
    if (sd.empty() || sd == "-") {
      r.sd = kNaN;
    } else if (!parse_double(sd, &r.sd) || !std::isfinite(r.sd) || r.sd < 0) {
      return make_error("reference.number",
                        where + "sd '" + sd + "' is not a number >= 0 (leave it empty or '-' when not given)");
    }
    r.source = fields[point_keys + 3];
    out.push_back(std::move(r));
  }
  if (header.empty())
    return make_error("reference.header", name + ": no header line (point keys, metric, mean, sd, source)");
  return out;
}

std::vector<std::string> report_metrics(const std::vector<CellRow>& rows) {
  std::vector<std::string> out;
  for (std::string_view metric : kMainMetrics) {
    const bool present =
        std::any_of(rows.begin(), rows.end(), [&](const CellRow& r) { return std::isfinite(r.number(metric)); });
    if (present) out.emplace_back(metric);
  }
  return out;
}

std::string format_mean_se(const MeanSe& stat) {
  if (stat.n == 0 || !std::isfinite(stat.mean)) return "n/a";
  if (stat.n == 1 || !std::isfinite(stat.se)) return printf_text("%.*g", 6, stat.mean);
  // Equal values whose mean rounds differently in the last bit leave an se of 1e-17: that is zero.
  if (stat.se <= 1e-12 * std::max(1.0, std::fabs(stat.mean))) return printf_text("%.*g", 6, stat.mean) + " ± 0";
  // Two significant digits of the standard error, the mean to the same decimal place. The exponent is the
  // one of se already rounded to two digits (0.09999999999999998 is 1.0e-01: "0.10", not "0.100").
  const std::string rounded = printf_text("%.*e", 1, stat.se);
  const int exponent = std::atoi(rounded.c_str() + rounded.find('e') + 1);
  const int decimals = std::clamp(1 - exponent, 0, 15);
  return printf_text("%.*f", decimals, stat.mean) + " ± " + printf_text("%.*f", decimals, stat.se);
}

namespace {

// What the report's Markdown and CSV are made of: the metrics' points and which cells have rows.
struct ReportData {
  std::vector<std::string> metrics;
  std::vector<std::string> keys;                // the point keys (non-replicate axes)
  std::vector<std::string> replicates;          // "seed (5 values)" per replicate axis
  std::vector<std::vector<SweepPoint>> points;  // [metric][point]
  size_t point_count = 0;
  std::set<int64_t> have;               // cells with a row
  int64_t cells = 0;                    // cells of the experiment
  int64_t present = 0;                  // of them with a row
  std::vector<const CellRow*> refused;  // error rows: counted and named, left out of the statistics
  std::vector<bool> referenced;         // per metric: some reference line matches one of its points
};

ReportData report_data(const Experiment& experiment, const std::vector<CellRow>& rows, const ReportOptions& options) {
  ReportData data;
  data.metrics = options.metrics.empty() ? report_metrics(rows) : options.metrics;
  data.keys = point_keys(experiment);
  for (const Axis& a : experiment.axes)
    if (is_replicate_key(a.key)) data.replicates.push_back(a.key + " (" + std::to_string(a.values.size()) + " values)");
  for (const std::string& m : data.metrics) data.points.push_back(sweep_points(experiment, rows, m));
  data.point_count = data.points.empty() ? 0 : data.points[0].size();
  // Rows per point: cells of the point that have a row.
  for (const CellRow& r : rows) data.have.insert(r.index);
  data.cells = cell_count(experiment);
  for (int64_t i = 0; i < data.cells; ++i) data.present += data.have.count(i);
  for (const CellRow& r : rows)
    if (!r.error.empty()) data.refused.push_back(&r);
  return data;
}

// Which metrics have references, and references that match no point (or repeat another line): warnings.
void match_references(ReportData& data, const ReportOptions& options, std::vector<std::string>& warnings) {
  const std::vector<std::string>& metrics = data.metrics;
  data.referenced.assign(metrics.size(), false);
  for (const ReferenceValue& r : options.references) {
    const ReferenceValue* first = nullptr;  // the line used for r's point, when r has one
    for (size_t m = 0; m < metrics.size() && !first; ++m) {
      for (size_t p = 0; p < data.point_count && !first; ++p) {
        if (!matches(r, data.keys, data.points[m][p].values, metrics[m])) continue;
        first = find_reference(options.references, data.keys, data.points[m][p].values, metrics[m]);
        data.referenced[m] = true;
      }
    }
    std::vector<std::string> at;
    for (const auto& [k, v] : r.at) at.push_back(k + "=" + v);
    const std::string what = "reference line " + std::to_string(r.line) + " (" + r.metric +
                             (at.empty() ? std::string() : " at " + join(at, ", ")) + ")";
    if (!first)
      warnings.push_back(what + " matches no point and metric of the report");
    else if (first != &r)
      warnings.push_back(what + " repeats line " + std::to_string(first->line) + ": ignored");
  }
}

// The title, the commands and link that made the report, and what a point is.
std::string markdown_intro(const ReportData& data, const ReportOptions& options) {
  std::string md = "# " + options.title + "\n\n";
  if (!options.commands.empty()) md += "Produced by\n\n```\n" + join(options.commands, "\n") + "\n```\n\n";
  if (!options.link.empty()) md += "from the experiment link\n\n```\n" + options.link + "\n```\n\n";
  md += std::to_string(data.present) + " of " + std::to_string(data.cells) + " cells have a row. ";
  if (!data.refused.empty())
    md += std::to_string(data.refused.size()) +
          " of them record a refusal (the learner or the pipeline refused the data; first: cell " +
          std::to_string(data.refused[0]->index) + ", \"" + data.refused[0]->error +
          "\") and are left out of the statistics. ";
  md += data.replicates.empty() ? std::string("Each point is one cell (no replicate axis).")
                                : "Each point is the mean ± standard error over " + join(data.replicates, " × ") +
                                      "; n is the number of cells with a row.";
  md += "\n\n";
  return md;
}

// One row per point: its keys, n, and mean ± se per metric (with the reference beside it when there is one).
std::string markdown_table(const ReportData& data, const ReportOptions& options) {
  const std::vector<std::string>& metrics = data.metrics;
  const std::vector<std::string>& keys = data.keys;
  std::string md;
  std::vector<std::string> header = keys.empty() ? std::vector<std::string>{"point"} : keys;
  header.push_back("n");
  bool any_beyond = false;
  for (size_t m = 0; m < metrics.size(); ++m) {
    header.push_back(metrics[m]);
    if (data.referenced[m]) header.push_back("reference " + metrics[m]);
  }
  md += "| " + join(header, " | ") + " |\n|";
  for (size_t i = 0; i < header.size(); ++i) md += "---|";
  md += "\n";
  for (size_t p = 0; p < data.point_count; ++p) {
    const SweepPoint& first = data.points[0][p];
    std::vector<std::string> cells_text;
    if (keys.empty()) cells_text.push_back("all");
    for (const std::string& v : first.values) cells_text.push_back(md_cell(v));
    int64_t n = 0;
    for (int64_t c : first.cells) n += data.have.count(c);
    cells_text.push_back(std::to_string(n));
    for (size_t m = 0; m < metrics.size(); ++m) {
      const MeanSe& s = data.points[m][p].stat;
      const ReferenceValue* ref = find_reference(options.references, keys, first.values, metrics[m]);
      const bool beyond = ref && beyond_two_sd(s, *ref);
      any_beyond = any_beyond || beyond;
      cells_text.push_back(format_mean_se(s) + (beyond ? " †" : ""));
      if (data.referenced[m]) {
        cells_text.push_back(!ref ? std::string()
                                  : exact_number(ref->mean) +
                                        (std::isfinite(ref->sd) ? " ± " + exact_number(ref->sd) : std::string()));
      }
    }
    md += "| " + join(cells_text, " | ") + " |\n";
  }
  md += "\n";
  if (any_beyond) md += "† ours is more than 2 of the reference's standard deviations away from it.\n\n";
  return md;
}

// The references' sources, the paired comparisons, the figure and the CSV.
std::string markdown_notes(const Experiment& experiment, const std::vector<CellRow>& rows, const ReportData& data,
                           const ReportOptions& options) {
  const std::vector<std::string>& metrics = data.metrics;
  std::string md;
  if (!options.references.empty()) {
    std::vector<std::string> sources;
    for (const ReferenceValue& r : options.references)
      if (!r.source.empty() && std::find(sources.begin(), sources.end(), r.source) == sources.end())
        sources.push_back(r.source);
    md += "Reference values (mean ± sd as published): " +
          (sources.empty() ? std::string("no source given") : join(sources, "; ")) + ".\n\n";
  }
  if (!metrics.empty()) {
    const std::vector<PairedComparison> comparisons =
        compare_paired(experiment, rows, metrics[0], options.compare_key, options.alpha);
    if (!comparisons.empty()) {
      md += "## Paired comparisons (" + metrics[0] + ", each " + options.compare_key + " against " + comparisons[0].a +
            ")\n\n";
      for (const PairedComparison& c : comparisons) md += "- " + c.verdict + "\n";
      md += "\n";
    }
  }
  if (!options.figure_name.empty())
    md += "![" + (metrics.empty() ? std::string("the sweep") : metrics[0]) + " per point](" + options.figure_name +
          ")\n\n";
  if (!options.csv_name.empty())
    md += "Every point with its n, mean and standard error per metric: [" + options.csv_name + "](" + options.csv_name +
          ").\n";
  return md;
}

// Every point with its n, mean and standard error per metric (and the reference's mean and sd).
std::string report_csv(const ReportData& data, const ReportOptions& options) {
  const std::vector<std::string>& metrics = data.metrics;
  std::vector<std::string> columns = data.keys;
  for (size_t m = 0; m < metrics.size(); ++m) {
    for (const char* part : {"_n", "_mean", "_se"}) columns.push_back(metrics[m] + part);
    if (data.referenced[m]) {
      columns.push_back(metrics[m] + "_ref_mean");
      columns.push_back(metrics[m] + "_ref_sd");
    }
  }
  for (std::string& c : columns) c = csv_field(c);
  std::string csv = join(columns, ",") + "\n";
  for (size_t p = 0; p < data.point_count; ++p) {
    std::vector<std::string> fields;
    for (const std::string& v : data.points[0][p].values) fields.push_back(csv_field(v));
    for (size_t m = 0; m < metrics.size(); ++m) {
      const MeanSe& s = data.points[m][p].stat;
      fields.push_back(std::to_string(s.n));
      fields.push_back(s.n > 0 ? csv_number(s.mean) : std::string());
      fields.push_back(s.n > 1 ? csv_number(s.se) : std::string());
      if (data.referenced[m]) {
        const ReferenceValue* ref = find_reference(options.references, data.keys, data.points[m][p].values, metrics[m]);
        fields.push_back(ref ? csv_number(ref->mean) : std::string());
        fields.push_back(ref ? csv_number(ref->sd) : std::string());
      }
    }
    csv += join(fields, ",") + "\n";
  }
  return csv;
}

}  // namespace

SweepReport sweep_report(const Experiment& experiment, const std::vector<CellRow>& rows, const ReportOptions& options) {
  SweepReport report;
  ReportData data = report_data(experiment, rows, options);
  // Refused cells (error rows) are results too: counted and named, left out of the statistics.
  if (!data.refused.empty())
    report.warnings.push_back(std::to_string(data.refused.size()) +
                              " cells were refused by their learner or pipeline (first: cell " +
                              std::to_string(data.refused[0]->index) + ": " + data.refused[0]->error + ")");
  if (data.present < data.cells)
    report.warnings.push_back(std::to_string(data.cells - data.present) + " of " + std::to_string(data.cells) +
                              " cells have no row: the statistics leave them out");
  match_references(data, options, report.warnings);
  report.markdown =
      markdown_intro(data, options) + markdown_table(data, options) + markdown_notes(experiment, rows, data, options);
  report.csv = report_csv(data, options);
  return report;
}

}  // namespace ml
