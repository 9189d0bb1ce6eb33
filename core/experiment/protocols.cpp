// marginlab — protocols: model selection on the first replicate (experiment.h [SECTION] Protocols).
#include <algorithm>
#include <cmath>

#include "core/config/fields.h"
#include "core/config/link.h"
#include "core/config/url.h"
#include "core/experiment/experiment.h"
#include "core/learners/registry.h"
#include "core/session/pipeline.h"

namespace ml {

namespace {

// How the learner of `config` chooses its own parameters (its registry row), nullptr when it never does.
const SelfSelection* selection_of(const Config& config) {
  const LearnerEntry* row = find_learner(config.learner);
  return row != nullptr ? row->selection : nullptr;
}

// The link keys of these parameter names, comma-separated (l.a, l.b).
std::string param_list(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::string_view n : names) out += (out.empty() ? "" : ", ") + param_url_key(n);
  return out;
}

// Each axis' position of cell `index` (first axis slowest).
std::vector<int64_t> positions(const Experiment& e, int64_t index) {
  std::vector<int64_t> pos(e.axes.size());
  for (size_t k = e.axes.size(); k-- > 0;) {
    const auto size = static_cast<int64_t>(e.axes[k].values.size());
    pos[k] = index % size;
    index /= size;
  }
  return pos;
}

// Sets (or adds) a learner parameter.
void set_param(ParamValues& params, std::string_view name, double value) {
  for (ParamValue& p : params)
    if (p.name == name) {
      p.value = value;
      return;
    }
  params.push_back({std::string(name), value});
}

std::string cell_place(const Cell& cell) {
  return "selection for cell " + std::to_string(cell.index) + " (" + cell.url + "): ";
}

}  // namespace

// The selection of one group in progress: the selection cell's data and its learner, stepped in slices.
struct CellProtocol::Running {
  int64_t group = -1;
  Cell cell;                           // the group's first replicate (with l.cv=1)
  std::shared_ptr<const Dataset> csv;  // its CSV data, if it reads one
  PreparedData data;                   // its training part (the learner points into it)
  std::unique_ptr<Learner> learner;    // made by the cell's registry row
};

std::string check_select(std::string_view value) {
  if (value == kSelectFirst) return "";
  return quote_for_message(value) + " is not a selection protocol (first)";
}

int64_t cell_group(const Experiment& experiment, int64_t index) {
  const std::vector<int64_t> pos = positions(experiment, index);
  int64_t group = 0;
  for (size_t k = 0; k < experiment.axes.size(); ++k) {
    if (is_replicate_key(experiment.axes[k].key)) continue;
    group = group * static_cast<int64_t>(experiment.axes[k].values.size()) + pos[k];
  }
  return group;
}

int64_t group_first_cell(const Experiment& experiment, int64_t index) {
  const std::vector<int64_t> pos = positions(experiment, index);
  int64_t first = 0;
  for (size_t k = 0; k < experiment.axes.size(); ++k)
    first = first * static_cast<int64_t>(experiment.axes[k].values.size()) +
            (is_replicate_key(experiment.axes[k].key) ? 0 : pos[k]);
  return first;
}

int64_t shard_unit(const Experiment& experiment, int64_t index) {
  return experiment.select.empty() ? index : cell_group(experiment, index);
}

std::vector<std::string> protocol_warnings(const Experiment& experiment) {
  std::vector<std::string> warnings;
  if (experiment.select.empty()) return warnings;
  for (const LearnerEntry& row : learner_registry()) {
    if (row.selection == nullptr) continue;
    std::vector<std::string_view> overridden = row.selection->cleared;
    overridden.insert(overridden.end(), row.selection->chosen.begin(), row.selection->chosen.end());
    for (const Axis& axis : experiment.axes)
      for (std::string_view name : overridden)
        if (axis.setting.is_param() && axis.setting.name() == name)
          warnings.push_back("axis 'x." + axis.key + "': x.select=" + experiment.select + " chooses " +
                             param_list(row.selection->chosen) + " of the " + row.schema.id + " cells (" +
                             param_list(row.selection->cleared) +
                             " removed), so this axis does not change what they run");
  }
  return warnings;
}

CellProtocol::CellProtocol(const Experiment& experiment)
    : experiment_(experiment), select_first_(experiment.select == kSelectFirst) {}

Status CellProtocol::start(int64_t group, const Cell& cell, const CsvProvider& csv) {
  auto run = std::make_shared<Running>();
  run->group = group;
  run->cell = experiment_cell(experiment_, group_first_cell(experiment_, cell.index));
  Config& config = run->cell.config;
  for (const ParamValue& v : selection_of(config)->start) set_param(config.params, v.name, v.value);
  settle(config);
  run->cell.url = encode_url(config);
  const Dataset* loaded = nullptr;
  if (config.use_csv) {
    if (!csv)
      return make_error("experiment.no_csv",
                        cell_place(cell) + "the cell reads a CSV file, and none can be loaded here");
    Result<std::shared_ptr<const Dataset>> data = csv(config);
    if (!data.ok()) return Error{"experiment.csv_unavailable", cell_place(cell) + data.error().message};
    run->csv = std::move(data).value();
    loaded = run->csv.get();
  }
  Result<PreparedData> data = prepare_data(config, loaded);
  if (!data.ok()) return Error{data.error().code, cell_place(cell) + data.error().message};
  run->data = std::move(data).value();
  run->learner = find_learner(config.learner)->make();
  Status reset = run->learner->reset(resolve_problem(config, run->data.train), config.params);
  if (!reset.ok()) return Error{reset.error().code, cell_place(cell) + reset.error().message};
  running_ = std::move(run);
  return Status::Ok();
}

void CellProtocol::apply(Cell& cell, const Selection& s) const {
  Config& config = cell.config;
  const SelfSelection* selection = selection_of(config);
  std::erase_if(config.params, [&](const ParamValue& p) {
    return std::find(selection->cleared.begin(), selection->cleared.end(), p.name) != selection->cleared.end();
  });
  for (const ParamValue& v : s.values) set_param(config.params, v.name, v.value);
  settle(config);
  cell.run_url = encode_url(config);
}

Result<bool> CellProtocol::prepare(Cell& cell, const CsvProvider& csv, double max_seconds, const ClockFn& now) {
  if (!select_first_ || selection_of(cell.config) == nullptr) return true;
  const int64_t group = cell_group(experiment_, cell.index);
  if (const auto it = chosen_.find(group); it != chosen_.end()) {
    apply(cell, it->second);
    return true;
  }
  if (const auto it = refused_.find(group); it != refused_.end()) return it->second;
  auto refuse = [&](Error e) -> Result<bool> {
    running_.reset();
    if (!is_environment_error(e)) refused_[group] = e;
    return e;
  };
  if (!running_ || running_->group != group) {
    Status started = start(group, cell, csv);
    if (!started.ok()) return refuse(started.error());
  }
  const double t0 = now ? now() : 0;
  Learner& learner = *running_->learner;
  Selection s;
  while (!learner.selected_params(&s.values, &s.cv_error)) {
    if (learner.done())
      return refuse(make_error("experiment.selection", cell_place(cell) + "the learner stopped without a choice"));
    if (now && now() - t0 >= max_seconds) return false;
    learner.step();
  }
  chosen_[group] = s;
  running_.reset();
  apply(cell, s);
  return true;
}

}  // namespace ml
