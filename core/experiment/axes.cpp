// marginlab — experiment links: axes parsed, checked and capped; cells as canonical single-run links
// (experiment.h [SECTION] Axes, Cells).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <set>

#include "core/config/fields.h"
#include "core/config/link.h"
#include "core/config/url.h"
#include "core/experiment/experiment.h"
#include "core/util/format.h"

namespace ml {

namespace {

constexpr std::string_view kAxisPrefix = "x.";
// Keys an axis may not vary: the version, what is hidden and how many cells run at once (never a result),
// and the CSV's fingerprint.
constexpr std::string_view kFixedKeys[] = {"v", "hide", "jobs", "csvhash"};

using Pair = LinkPair;

std::string join_pairs(const std::vector<Pair>& pairs) {
  std::string out = "#";
  for (const Pair& p : pairs) {
    if (out.size() > 1) out += '&';
    out += percent_encode(p.key, false) + "=" + percent_encode(p.value, p.key == "cm" || p.key == "hide");
  }
  return out;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

std::vector<std::string> split_commas(std::string_view text) {
  const std::vector<std::string_view> parts = split(text, ',');
  return {parts.begin(), parts.end()};
}

// The setting an axis key varies: a config field, or a parameter of the base learner or of a learner on
// the learner axis (the first that has it). Sets *why when the key cannot be an axis.
std::optional<SettingRef> axis_setting(const std::string& key, const std::vector<std::string>& learner_ids,
                                       std::string* why) {
  for (std::string_view fixed : kFixedKeys)
    if (key == fixed) {
      *why = "'" + key + "' cannot vary in an experiment";
      return std::nullopt;
    }
  const std::optional<SettingRef> setting = resolve_url_key(key, learner_ids);
  if (!setting && is_param_url_key(key)) {
    *why = "no learner of the experiment (" + join_names(learner_ids, ", ") + ") has a parameter '" +
           param_url_name(key) + "'";
  } else if (!setting) {
    *why = "'" + key + "' is not a field of the link";
  } else if (setting->setting().type == SettingType::real_list || setting->setting().type == SettingType::name_list) {
    *why = "'" + key + "' holds a list and cannot be an axis";
    return std::nullopt;
  }
  return setting;
}

// A whole number written without fraction or exponent ("12", "-3").
bool parse_whole(std::string_view text, long long* out) {
  if (text.empty() || text.size() > 18) return false;
  size_t i = text[0] == '-' ? 1 : 0;
  if (i == text.size()) return false;
  for (size_t k = i; k < text.size(); ++k)
    if (text[k] < '0' || text[k] > '9') return false;
  *out = std::strtoll(std::string(text).c_str(), nullptr, 10);
  return true;
}

// Expands one comma item of an axis spec into value texts; "" on success, else the problem. Ranges are
// read only for real and integer settings (a file name may contain ':' or "..").
std::string expand_item(const Setting& setting, const std::string& item, std::vector<std::string>* out) {
  const bool ranged = setting.type == SettingType::real || setting.type == SettingType::integer;
  if (ranged) {
    const size_t dots = item.find("..");
    if (dots != std::string::npos) {
      long long lo = 0, hi = 0;
      if (!parse_whole(item.substr(0, dots), &lo) || !parse_whole(item.substr(dots + 2), &hi))
        return "the range " + quote_for_message(item) + " is not i..j with whole numbers i and j";
      if (hi < lo) return "the range " + quote_for_message(item) + " is empty (j < i)";
      if (hi - lo >= kMaxAxisValues)
        return "the range " + quote_for_message(item) + " has more than " + std::to_string(kMaxAxisValues) + " values";
      for (long long v = lo; v <= hi; ++v) out->push_back(std::to_string(v));
      return "";
    }
    if (item.find(':') != std::string::npos) {
      const std::vector<std::string_view> parts = split(item, ':');
      double a = 0, b = 0, step = 0;
      const bool numbers =
          parts.size() == 3 &&
          parse_setting_value(Setting{.type = SettingType::real, .min = -1e300, .max = 1e300}, parts[0], &a).empty() &&
          parse_setting_value(Setting{.type = SettingType::real, .min = -1e300, .max = 1e300}, parts[1], &b).empty() &&
          parse_setting_value(Setting{.type = SettingType::real, .min = -1e300, .max = 1e300}, parts[2], &step).empty();
      if (!numbers) return "the range " + quote_for_message(item) + " is not a:b:step with numbers a, b, step";
      if (!(step > 0) || b < a) return "the range " + quote_for_message(item) + " needs step > 0 and a <= b";
      const double count = std::floor((b - a) / step + 1e-9) + 1;
      if (!(count <= kMaxAxisValues))
        return "the range " + quote_for_message(item) + " has more than " + std::to_string(kMaxAxisValues) + " values";
      for (int i = 0; i < static_cast<int>(count); ++i) {
        // a + i step rounded to 12 significant digits, so 0:0.3:0.1 gives 0.3, not 0.30000000000000004.
        const double raw = a + i * step;
        char buffer[40];
        std::snprintf(buffer, sizeof buffer, "%.12g", raw);
        out->push_back(format_url_number(std::strtod(buffer, nullptr)));
      }
      return "";
    }
  }
  out->push_back(item);
  return "";
}

}  // namespace

bool is_replicate_key(std::string_view key) {
  return std::find(std::begin(kReplicateKeys), std::end(kReplicateKeys), key) != std::end(kReplicateKeys);
}

bool is_experiment_link(std::string_view url) {
  for (const Pair& p : link_pairs(url))
    if (starts_with(p.key, kAxisPrefix)) return true;
  return false;
}

namespace {

// The learners of the experiment: the base's, then the learner axis's (known ones, each once).
std::vector<std::string> experiment_learners(const std::string& base_learner, const std::vector<Pair>& axis_pairs) {
  std::vector<std::string> learner_ids = {base_learner};
  for (const Pair& p : axis_pairs)
    if (p.key == "x.learner")
      for (const std::string& id : split_commas(p.value))
        if (find_learner_schema(id) && std::find(learner_ids.begin(), learner_ids.end(), id) == learner_ids.end())
          learner_ids.push_back(id);
  return learner_ids;
}

// Parameters of learners on the learner axis are not the base learner's: keep them out of the base
// link (decode_url would warn) and give them back to the cells whose learner has them.
DecodeResult decode_base(std::vector<Pair> base_pairs, const std::vector<Pair>& axis_pairs, ExperimentDecode& result,
                         std::vector<std::string>* learner_ids_out) {
  std::vector<std::string>& w = result.warnings;
  DecodeResult base = decode_link(join_pairs(base_pairs));
  const std::vector<std::string> learner_ids = experiment_learners(base.config.learner, axis_pairs);
  *learner_ids_out = learner_ids;
  if (learner_ids.size() <= 1) return base;
  std::vector<Pair> kept;
  const LearnerSchema* own = find_learner_schema(base.config.learner);
  for (Pair& p : base_pairs) {
    const bool param = is_param_url_key(p.key);
    const std::string name = param ? param_url_name(p.key) : "";
    const bool owned =
        own && std::any_of(own->params.begin(), own->params.end(), [&](const Setting& s) { return s.key == name; });
    if (param && !owned) {
      std::string why;
      const std::optional<SettingRef> s = axis_setting(p.key, learner_ids, &why);
      double v = 0;
      const std::string problem = s ? parse_setting_value(s->setting(), p.value, &v) : why;
      if (problem.empty())
        result.experiment.foreign_params.push_back({name, v});
      else
        w.push_back("field '" + p.key + "': " + problem + "; ignored");
      continue;
    }
    kept.push_back(std::move(p));
  }
  return decode_link(join_pairs(kept));
}

// One item of an axis's value list ("0.1", "1..5", "0:1:0.25"): its values, checked and canonical, appended
// to the axis (each once); the item as the canonical spec writes it back into *spec_items.
void read_axis_item(const std::string& where, const std::string& item, const Setting& setting, Axis& axis,
                    std::set<std::string>& distinct, std::vector<std::string>* spec_items,
                    std::vector<std::string>& w) {
  std::vector<std::string> texts;
  const std::string problem = expand_item(setting, item, &texts);
  if (!problem.empty()) {
    w.push_back(where + ": " + problem + "; dropped");
    return;
  }
  bool whole = true;
  std::vector<std::string> accepted;
  for (const std::string& text : texts) {
    SettingValue value;
    std::string bad = parse_setting_value(setting, text, &value);
    if (bad.empty() && setting.type == SettingType::learner && !find_learner_schema(text))
      bad = "unknown learner " + quote_for_message(text);
    if (!bad.empty()) {
      w.push_back(where + ": " + bad + "; dropped");
      whole = false;
      continue;
    }
    const std::string canonical = format_setting_value(setting, value);
    if (!distinct.insert(canonical).second) {
      whole = false;
      continue;
    }
    accepted.push_back(canonical);
  }
  if (accepted.empty()) return;
  axis.values.insert(axis.values.end(), accepted.begin(), accepted.end());
  if (whole && texts.size() > 1) {
    // A range that survived whole is written back as a range, in canonical numbers.
    const size_t dots = item.find("..");
    if (dots != std::string::npos)
      spec_items->push_back(accepted.front() + ".." + accepted.back());
    else {
      const size_t c1 = item.find(':'), c2 = item.rfind(':');
      double step = 0;
      parse_setting_value(Setting{.type = SettingType::real, .min = -1e300, .max = 1e300}, item.substr(c2 + 1), &step);
      spec_items->push_back(accepted.front() + ":" +
                            format_url_number(std::strtod(item.substr(c1 + 1, c2 - c1 - 1).c_str(), nullptr)) + ":" +
                            format_url_number(step));
    }
  } else {
    spec_items->insert(spec_items->end(), accepted.begin(), accepted.end());
  }
}

// One x.KEY pair: the axis, or nothing (with a warning) when it cannot be one. x.select is a protocol,
// not an axis ([SECTION] Protocols): it is stored and no axis is returned.
std::optional<Axis> read_axis(const Pair& p, const std::vector<std::string>& learner_ids, std::set<std::string>& seen,
                              ExperimentDecode& result) {
  std::vector<std::string>& w = result.warnings;
  Axis axis;
  axis.key = p.key.substr(kAxisPrefix.size());
  const std::string where = "axis '" + p.key + "'";
  if (axis.key == kSelectKey) {
    const std::string problem = check_select(p.value);
    if (!result.experiment.select.empty())
      w.push_back("'" + p.key + "' is given more than once; keeping the first");
    else if (!problem.empty())
      w.push_back("'" + p.key + "': " + problem + "; ignored");
    else
      result.experiment.select = p.value;
    return std::nullopt;
  }
  if (!seen.insert(axis.key).second) {
    w.push_back(where + " is given more than once; keeping the first");
    return std::nullopt;
  }
  if (static_cast<int>(result.experiment.axes.size()) == kMaxAxes) {
    w.push_back(where + " ignored: an experiment has at most " + std::to_string(kMaxAxes) + " axes");
    return std::nullopt;
  }
  std::string why;
  const std::optional<SettingRef> setting = axis_setting(axis.key, learner_ids, &why);
  if (!setting) {
    w.push_back(where + " ignored: " + why);
    return std::nullopt;
  }
  axis.setting = *setting;
  std::vector<std::string> spec_items;
  std::set<std::string> distinct;
  for (const std::string& item : split_commas(p.value))
    read_axis_item(where, item, setting->setting(), axis, distinct, &spec_items, w);
  if (axis.values.empty()) {
    w.push_back(where + " ignored: no acceptable value");
    return std::nullopt;
  }
  if (static_cast<int>(axis.values.size()) > kMaxAxisValues) {
    w.push_back(where + ": " + std::to_string(axis.values.size()) + " values, cut to the first " +
                std::to_string(kMaxAxisValues));
    axis.values.resize(kMaxAxisValues);
    spec_items = axis.values;
  }
  axis.spec = join_names(spec_items, ",");
  return axis;
}

// The cap on cells: cut the last axes first, so the slowest-varying comparison stays whole.
void cap_cells(Experiment& experiment, int64_t cells, std::vector<std::string>& w) {
  for (auto it = experiment.axes.rbegin(); it != experiment.axes.rend() && cells > kMaxExperimentCells; ++it) {
    const int64_t others = cells / static_cast<int64_t>(it->values.size());
    const int64_t keep = std::max<int64_t>(1, kMaxExperimentCells / others);
    if (keep >= static_cast<int64_t>(it->values.size())) continue;
    w.push_back("the experiment has " + std::to_string(cells) + " cells, more than " +
                std::to_string(kMaxExperimentCells) + ": axis 'x." + it->key + "' cut to its first " +
                std::to_string(keep) + " values");
    it->values.resize(static_cast<size_t>(keep));
    it->spec = join_names(it->values, ",");
    cells = others * keep;
  }
}

}  // namespace

ExperimentDecode decode_experiment(std::string_view url) {
  ExperimentDecode result;
  std::vector<std::string>& w = result.warnings;
  std::vector<Pair> base_pairs, axis_pairs;
  for (Pair& p : link_pairs(url)) (starts_with(p.key, kAxisPrefix) ? axis_pairs : base_pairs).push_back(std::move(p));

  std::vector<std::string> learner_ids;
  const DecodeResult base = decode_base(std::move(base_pairs), axis_pairs, result, &learner_ids);
  w.insert(w.end(), base.warnings.begin(), base.warnings.end());
  result.experiment.base = base.config;

  int64_t cells = 1;
  std::set<std::string> seen;
  for (const Pair& p : axis_pairs) {
    std::optional<Axis> axis = read_axis(p, learner_ids, seen, result);
    if (!axis) continue;
    cells *= static_cast<int64_t>(axis->values.size());
    result.experiment.axes.push_back(std::move(*axis));
  }
  cap_cells(result.experiment, cells, w);
  const std::vector<std::string> overridden = protocol_warnings(result.experiment);
  w.insert(w.end(), overridden.begin(), overridden.end());
  return result;
}

std::string encode_experiment(const Experiment& experiment) {
  std::string out = encode_url(experiment.base);
  for (const ParamValue& p : experiment.foreign_params) {
    std::string why;
    std::vector<std::string> ids;
    for (const Axis& a : experiment.axes)
      if (a.key == "learner") ids = a.values;
    const std::optional<SettingRef> s = axis_setting(param_url_key(p.name), ids, &why);
    out += "&" + param_url_key(p.name) + "=" +
           (s ? format_setting_value(s->setting(), p.value) : format_url_number(p.value));
  }
  for (const Axis& axis : experiment.axes) {
    std::string spec;
    for (const std::string& item : split_commas(axis.spec)) {
      if (!spec.empty()) spec += ',';
      spec += percent_encode(item, false);
    }
    // ':' is legal in a fragment: ranges stay readable (a:b:step), as the user wrote them.
    size_t at = 0;
    while ((at = spec.find("%3A", at)) != std::string::npos) spec.replace(at, 3, ":");
    out += "&x." + axis.key + "=" + spec;
  }
  if (!experiment.select.empty()) out += "&x." + std::string(kSelectKey) + "=" + experiment.select;
  return out;
}

std::string render_experiment_reference() {
  std::string replicate;
  for (std::string_view key : kReplicateKeys) replicate += (replicate.empty() ? "`" : ", `") + std::string(key) + "`";
  std::string fixed;
  for (std::string_view key : kFixedKeys) fixed += (fixed.empty() ? "`" : ", `") + std::string(key) + "`";
  return "\n## Experiments: axes\n\n"
         "A link becomes an experiment with one or more axes `x.KEY=SPEC`: KEY is any key of the tables above (a "
         "field, `learner`, or a parameter `l.NAME` of the base learner or of a learner on the learner axis), except " +
         fixed +
         " and the list-valued fields. SPEC is a comma list whose items are values, real ranges `a:b:step` "
         "(a, a + step, ... up to b inclusive, each value rounded to 12 significant digits) or integer ranges `i..j`, "
         "for example "
         "`#v=1&data=gaussian&noise=uniform&learner=perceptron&x.eta=0:0.4:0.05&x.learner=perceptron,bylander&x.seed=1."
         ".10`.\n\n"
         "- The experiment's cells are the product of the axes, the first axis varying slowest; each cell is the "
         "canonical single-run link of the base link with the cell's values (a learner axis drops the `l.*` values "
         "of the other learners). A cell's result depends only on its link.\n"
         "- Every value is checked like the field itself; a rejected value, an unknown or fixed key, a repeated axis "
         "and a parameter no learner of the experiment has give a warning and are dropped.\n"
         "- At most " +
         std::to_string(kMaxAxes) + " axes, " + std::to_string(kMaxAxisValues) + " values per axis and " +
         std::to_string(kMaxExperimentCells) +
         " cells; beyond that the last axes are cut, with a warning.\n"
         "- Replicate axes (" +
         replicate +
         ") are averaged over (mean ± standard error) and paired by: learners are "
         "compared by a paired t-test over the replicates both have.\n"
         "- `x." +
         std::string(kSelectKey) + "=" + std::string(kSelectFirst) +
         "` is a protocol, not an axis: model "
         "selection on each group's first replicate (a group: the cells with the same non-replicate values). That "
         "cell runs the learner's own cross-validation once (`rp`: `l.cv=1`), and every cell of the group runs with "
         "the chosen `l.dims` and `l.sigma` and `l.cv=0`; a row's `config` is the link the cell ran. Shards take "
         "whole groups.\n";
}

int64_t cell_count(const Experiment& experiment) {
  int64_t n = 1;
  for (const Axis& axis : experiment.axes) n *= static_cast<int64_t>(axis.values.size());
  return n;
}

std::vector<std::string> cell_values(const Experiment& experiment, int64_t index) {
  std::vector<std::string> values(experiment.axes.size());
  for (size_t k = experiment.axes.size(); k-- > 0;) {
    const int64_t size = static_cast<int64_t>(experiment.axes[k].values.size());
    values[k] = experiment.axes[k].values[static_cast<size_t>(index % size)];
    index /= size;
  }
  return values;
}

Cell experiment_cell(const Experiment& experiment, int64_t index) {
  assert(index >= 0 && index < cell_count(experiment));
  Cell cell;
  cell.index = index;
  cell.values = cell_values(experiment, index);
  // How many cells run at once is not part of a cell: its row depends only on what it computes.
  Config base = experiment.base;
  base.jobs = Config{}.jobs;
  std::vector<Pair> pairs = link_pairs(encode_url(base));
  auto set = [&](const std::string& key, const std::string& value) {
    for (Pair& p : pairs)
      if (p.key == key) {
        p.value = value;
        return;
      }
    pairs.push_back({key, value, key + "=" + value});
  };
  std::string learner = experiment.base.learner;
  for (size_t k = 0; k < experiment.axes.size(); ++k)
    if (experiment.axes[k].key == "learner") learner = cell.values[k];
  const LearnerSchema* schema = find_learner_schema(learner);
  auto has_param = [&](const std::string& name) {
    return schema &&
           std::any_of(schema->params.begin(), schema->params.end(), [&](const Setting& s) { return s.key == name; });
  };
  // Parameters that belong to another learner of the comparison are dropped; the cell's learner gets
  // the ones given for it.
  std::erase_if(pairs, [&](const Pair& p) { return is_param_url_key(p.key) && !has_param(param_url_name(p.key)); });
  for (const ParamValue& p : experiment.foreign_params)
    if (has_param(p.name))
      for (const Setting& s : schema->params)
        if (s.key == p.name) set(param_url_key(p.name), format_setting_value(s, p.value));
  for (size_t k = 0; k < experiment.axes.size(); ++k) {
    const Axis& axis = experiment.axes[k];
    if (axis.setting.is_param() && !has_param(axis.setting.name())) continue;
    set(axis.key, cell.values[k]);
  }
  DecodeResult decoded = decode_link(join_pairs(pairs));
  cell.config = std::move(decoded.config);
  cell.warnings = std::move(decoded.warnings);
  cell.url = encode_url(cell.config);
  return cell;
}

bool in_shard(int64_t index, int shard, int shards) { return shards <= 1 || index % shards == shard; }

std::string parse_shard(std::string_view text, int* shard, int* shards) {
  const size_t slash = text.find('/');
  long long i = 0, n = 0;
  if (slash == std::string_view::npos || !parse_whole(text.substr(0, slash), &i) ||
      !parse_whole(text.substr(slash + 1), &n))
    return "--shard " + quote_for_message(text) + " is not i/N with whole numbers (e.g. 0/4)";
  if (n < 1 || n > 100000) return "--shard " + quote_for_message(text) + ": N must be in [1, 100000]";
  if (i < 0 || i >= n) return "--shard " + quote_for_message(text) + ": i must be in [0, N-1]";
  *shard = static_cast<int>(i);
  *shards = static_cast<int>(n);
  return "";
}

}  // namespace ml
