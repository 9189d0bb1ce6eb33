// marginlab app — the playground's state (see app_state.h).
#include "app/state/app_state.h"

#include <algorithm>
#include <cstdio>
#include <limits>

#include "app/models/ui_model.h"
#include "core/config/fields.h"
#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/noise/noise.h"
#include "core/session/linked_data.h"
#include "core/session/pipeline.h"
#include "core/util/sha256.h"

namespace ml::app {

RunMode run_mode_of(const Experiment& experiment) {
  if (experiment.axes.empty()) return RunMode::single;
  return is_compare_experiment(experiment) ? RunMode::compare : RunMode::sweep;
}

AppState::AppState(ClockFn clock) : clock_(std::move(clock)) {
  std::vector<std::string> warnings = settle(config_);
  add_notices(warnings, false);
  set_url();
}

void AppState::set_url() {
  std::string next = axes_.empty() ? encode_url(config_) : encode_experiment(experiment());
  if (next != url_) {
    url_ = std::move(next);
    ++url_version_;
  }
}

std::vector<size_t> notice_display_order(const std::vector<Notice>& notices) {
  std::vector<size_t> order;
  for (bool errors : {true, false})
    for (size_t i = notices.size(); i-- > 0;)
      if (notices[i].error == errors) order.push_back(i);
  return order;
}

void AppState::add_notices(const std::vector<std::string>& texts, bool error) {
  for (const std::string& t : texts) notices_.push_back({t, error});
  // Keep the list short: the newest messages matter, and an error stays until dismissed (the oldest warning
  // goes first).
  constexpr size_t kMaxNotices = 12;
  while (notices_.size() > kMaxNotices) {
    auto oldest_warning = std::find_if(notices_.begin(), notices_.end(), [](const Notice& n) { return !n.error; });
    notices_.erase(oldest_warning != notices_.end() ? oldest_warning : notices_.begin());
  }
}

void AppState::open_url(std::string_view url) {
  // The host echoes every URL it is given (hashchange after replaceState): ignore the echo once a run
  // has been built from it.
  if (session_version_ > 0 && url_query_part(url) == url_query_part(url_)) return;
  Config config;
  std::vector<Axis> axes;
  ParamValues foreign;
  std::vector<std::string> warnings;
  if (is_experiment_link(url)) {
    ExperimentDecode decoded = decode_experiment(url);
    // Back to the sweep a cell was opened from: as it was, not run again.
    select_ = decoded.experiment.select;
    if (parked_ && decoded.experiment == parked_->experiment()) {
      notices_.clear();
      install(std::move(decoded.experiment.base), std::move(decoded.experiment.axes),
              std::move(decoded.experiment.foreign_params));
      session_.reset();
      compare_.clear();
      sweep_ = std::move(parked_);
      parked_url_.clear();
      ++session_version_;
      playing_ = sweep_->running();
      build_pending_ = false;
      build_error_.clear();
      return;
    }
    config = std::move(decoded.experiment.base);
    axes = std::move(decoded.experiment.axes);
    foreign = std::move(decoded.experiment.foreign_params);
    warnings = std::move(decoded.warnings);
  } else {
    select_.clear();
    DecodeResult decoded = decode_link(url);
    config = std::move(decoded.config);
    warnings = std::move(decoded.warnings);
  }
  notices_.clear();
  add_notices(warnings, false);
  const bool same = same_run(config, axes, foreign);
  // The run to return to if this one's preparation is cancelled: the last one that got past its own.
  if (!same && session_version_ > 0 && !preparing()) previous_config_ = saved();
  install(std::move(config), std::move(axes), std::move(foreign));
  // A link that names a different CSV than the loaded one: keep the file, warn (the run is not what
  // the link meant), and adopt the file's name and hash so the URL tells the truth.
  if (config_.use_csv && csv_) {
    // The link's label column (Back to an earlier choice, a shared link): the loaded file read with it.
    if (config_.csv_label != label_spec_of(csv_->info)) {
      Result<CsvTable> table = parse_loaded_csv(config_);
      if (table.ok())
        csv_ = std::move(table.value());
      else
        add_notices({table.error().message}, true);
    }
    const std::string hash = sha256_hex(csv_text_).substr(0, 16);
    if (!config_.csv_hash.empty() && config_.csv_hash != hash) {
      add_notices({"the link expects the CSV '" + config_.csv_name + "' (sha256 " + config_.csv_hash +
                   "...); the loaded file has sha256 " + hash + "...: results will differ from the link's"},
                  false);
    }
  }
  start_after_change(same && session_version_ > 0);
}

bool AppState::same_run(const Config& config, const std::vector<Axis>& axes, const ParamValues& foreign) const {
  if (axes != axes_ || foreign != foreign_params_) return false;
  // A sweep's step budget is each cell's (part of its link), not where the app pauses.
  if (!axes.empty() && run_mode_of(Experiment{config, axes, foreign, select_}) == RunMode::sweep)
    return config == config_;
  return same_experiment(config, config_);
}

void AppState::install(Config config, std::vector<Axis> axes, ParamValues foreign) {
  config_ = std::move(config);
  axes_ = std::move(axes);
  foreign_params_ = std::move(foreign);
  mode_ = run_mode_of(experiment());
  // Data-folder files loaded for another link (another set or split) are not this link's data: the host
  // reads this link's files (wanted_data_files) instead of the run silently using the old ones.
  if (csv_ && !csv_files_.empty()) {
    Result<std::vector<std::string>> names = csv_file_names(config_);
    if (!reads_data_folder(config_) || !names.ok() || names.value() != csv_files_) {
      csv_.reset();
      csv_text_.clear();
      csv_test_text_.clear();
      csv_files_.clear();
    }
  }
  set_url();
}

void AppState::start_after_change(bool same) {
  if (same) return;
  const std::optional<bool> kept = build_run();
  playing_ = kept ? *kept : session_ != nullptr || compare_.active() || sweep_ != nullptr;
  play_after_build_ = build_pending_;
}

bool AppState::apply(Config next, std::vector<std::string> notes) {
  std::vector<std::string> warnings = settle(next);
  if (next == config_) {
    add_notices(notes, false);
    add_notices(warnings, false);
    return false;
  }
  // Another label column: the loaded file is read again with it; a column it cannot be (text in what
  // becomes a feature) is refused with the reader's error and nothing changes.
  if (next.csv_label != config_.csv_label && csv_ && next.csv_label != label_spec_of(csv_->info)) {
    Result<CsvTable> table = parse_loaded_csv(next);
    if (!table.ok()) {
      add_notices({table.error().message}, true);
      return false;
    }
    csv_ = std::move(table.value());
  }
  const bool same = same_run(next, axes_, foreign_params_);
  // The run to return to if this one's preparation is cancelled: the last one that got past its own.
  if (!same && session_version_ > 0 && !preparing()) previous_config_ = saved();
  install(std::move(next), axes_, foreign_params_);
  add_notices(notes, false);
  add_notices(warnings, false);
  start_after_change(same);
  return true;
}

bool AppState::set_compared_learners(const std::vector<std::string>& learners) {
  if (learners.empty() || learners.size() > static_cast<size_t>(kMaxCompared)) return false;
  const int classes = config_classes(config_, has_csv() ? csv_->data.num_classes() : 0);
  for (const std::string& id : learners) {
    const LearnerEntry* entry = find_learner(id);
    if (!entry) {
      add_notices({"no learner '" + id + "'"}, true);
      return false;
    }
    if (classes > 2 && !entry->schema.multiclass) {
      add_notices({"'" + entry->schema.name + "' handles two classes and the data has " + std::to_string(classes) +
                   ": it cannot be compared here"},
                  false);
      return false;
    }
  }
  // Every parameter value given so far (the base's first), for whichever listed learner has that name.
  ParamValues pool = config_.params;
  for (const ParamValue& p : foreign_params_)
    if (std::none_of(pool.begin(), pool.end(), [&](const ParamValue& q) { return q.name == p.name; }))
      pool.push_back(p);
  auto has = [](const std::string& id, const std::string& name) {
    const LearnerEntry* e = find_learner(id);
    return e && std::any_of(e->schema.params.begin(), e->schema.params.end(),
                            [&](const Setting& s) { return s.key == name; });
  };
  Config base = config_;
  base.learner = learners[0];
  base.params.clear();
  ParamValues foreign;
  for (const ParamValue& p : pool) {
    if (has(learners[0], p.name))
      base.params.push_back(p);
    else if (std::any_of(learners.begin() + 1, learners.end(), [&](const std::string& id) { return has(id, p.name); }))
      foreign.push_back(p);
  }
  if (learners.size() == 1) {
    if (axes_.empty()) return apply(std::move(base));
    settle(base);
    if (session_version_ > 0 && !preparing()) previous_config_ = saved();
    install(std::move(base), {}, {});
    start_after_change(false);
    return true;
  }
  Axis axis;
  axis.key = "learner";
  axis.setting = field_ref("learner");
  axis.values = learners;
  for (const std::string& id : learners) axis.spec += (axis.spec.empty() ? "" : ",") + id;
  // Through the link, so the axis and the parameters are checked as any link's are.
  ExperimentDecode decoded = decode_experiment(encode_experiment(Experiment{base, {axis}, foreign, ""}));
  if (decoded.experiment == experiment()) return false;
  add_notices(decoded.warnings, false);
  if (session_version_ > 0 && !preparing()) previous_config_ = saved();
  install(std::move(decoded.experiment.base), std::move(decoded.experiment.axes),
          std::move(decoded.experiment.foreign_params));
  start_after_change(false);
  return true;
}

void AppState::set_compared_param(const std::string& key, double value) {
  const LearnerEntry* base = find_learner(config_.learner);
  if (base && std::any_of(base->schema.params.begin(), base->schema.params.end(),
                          [&](const Setting& s) { return s.key == key; })) {
    apply(set_learner_param(config_, key, value));
    return;
  }
  Config holder;
  holder.params = foreign_params_;
  ParamValues foreign = set_learner_param(holder, key, value).params;
  if (foreign == foreign_params_) return;
  if (session_version_ > 0 && !preparing()) previous_config_ = saved();
  install(config_, axes_, std::move(foreign));
  start_after_change(false);
}

void AppState::open_cell(int64_t index) {
  if (!sweep_ || index < 0 || index >= cell_count(sweep_->experiment())) return;
  const std::string link = sweep_->cell_link(index);
  const std::string back = url_;
  std::unique_ptr<SweepModel> sweep = std::move(sweep_);  // parked as it is (running or paused)
  open_url(link);
  parked_ = std::move(sweep);
  parked_url_ = back;
  navigation_ = true;
}

void AppState::return_to_sweep() {
  if (!parked_) return;
  const std::string link = parked_url_;
  open_url(link);
  navigation_ = true;
}

bool AppState::take_navigation() {
  const bool n = navigation_;
  navigation_ = false;
  return n;
}

Result<CsvTable> AppState::parse_loaded_csv(const Config& config) const {
  CsvOptions options;
  options.source_name = config.csv_name.empty() ? "data.csv" : config.csv_name;
  options.label_column = config.csv_label;
  Result<CsvTable> table = parse_csv(csv_text_, options);
  if (!table.ok() || csv_test_text_.empty()) return table;
  // A split: the training file's reading (what the file shows) with the dataset of both files.
  Result<Dataset> both = csv_dataset(config, csv_files_, {csv_text_, csv_test_text_});
  if (!both.ok()) return both.error();
  table.value().data = std::move(both).value();
  return table;
}

std::string label_spec_of(const CsvInfo& info) { return label_spec_for_column(info, info.label_index); }

std::string label_spec_for_column(const CsvInfo& info, int column) {
  const std::string index = std::to_string(column);
  if (column < 0 || static_cast<size_t>(column) >= info.column_names.size()) return index;
  const std::string& name = info.column_names[static_cast<size_t>(column)];
  // A name the link can carry and the reader reads back as this name (an all-digit name would be an index).
  const bool all_digits = std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
  const bool printable = std::all_of(name.begin(), name.end(), [](char c) {
    const auto b = static_cast<unsigned char>(c);
    return b >= 0x20 && b != 0x7F;
  });
  if (name.empty() || all_digits || !printable || name.size() > 255 || name.front() == ' ' || name.back() == ' ')
    return index;
  return name;
}

void AppState::load_csv(const std::string& name, std::string text) {
  // The file a link waits for keeps the link's settings (its label column, normalization): the run must be
  // the link's. Any other file is the user's new choice: its label column is the one chosen for it (or
  // found), and raw features get the settings real data needs.
  const bool for_the_link = waiting_for_csv();
  CsvOptions options;
  options.source_name = name;
  options.label_column = for_the_link ? config_.csv_label : next_csv_label_;
  Result<CsvTable> table = parse_csv(text, options);
  if (!table.ok()) {
    add_notices({table.error().message}, true);
    return;
  }
  const std::string hash = sha256_hex(text).substr(0, 16);
  std::vector<std::string> notes;
  if (for_the_link && !config_.csv_hash.empty() && config_.csv_hash != hash) {
    notes.push_back("'" + name + "' (sha256 " + hash + "...) is not the file the link refers to ('" + config_.csv_name +
                    "', sha256 " + config_.csv_hash + "...): results will differ from the link's");
  }
  csv_text_ = std::move(text);
  csv_test_text_.clear();
  csv_files_.clear();
  csv_ = std::move(table.value());
  Config next = config_;
  next.use_csv = true;
  next.csv_name = name;
  next.csv_hash = hash;
  if (!for_the_link) {
    // The link names the column explicitly, so it means the same column whatever the reader's defaults.
    next.csv_label = label_spec_of(csv_->info);
    if (csv_->info.label_by_name_convention)
      notes.push_back("label column '" + next.csv_label + "' (found by its name; Label column changes it)");
    if (next.normalization == Normalization::none) {
      next.normalization = Normalization::standardize;
      next.bias = true;
      notes.push_back(std::string(kCsvDefaultsNotice));
    }
    // A new file starts from its own labels: noise carried over from the previous run (the welcome run's 5 %)
    // would corrupt them unasked. A link that names the file keeps its noise (above: for_the_link).
    if (noise_corrupts(next.noise.model)) {
      next.noise.model = kNoNoise;
      notes.push_back(std::string(kCsvNoNoiseNotice));
    }
  }
  const int q = csv_->data.num_classes();
  if (noise_reads(next.noise.model, NoiseParam::confusion) && next.noise.confusion.size() != static_cast<size_t>(q * q))
    next.noise.confusion = confusion_to_list(uniform_confusion(std::max(2, q), next.noise.rate));
  if (q > 2) {
    const LearnerEntry* entry = find_learner(next.learner);
    if (entry && !entry->schema.multiclass) {
      for (const LearnerEntry& e : learner_registry()) {
        if (!e.schema.multiclass) continue;
        notes.push_back("'" + name + "' has " + std::to_string(q) + " classes and '" + entry->schema.name +
                        "' handles two: the learner switched to '" + e.schema.name + "'");
        next.learner = e.schema.id;
        next.params.clear();
        break;
      }
    }
  }
  notes.push_back("loaded '" + name + "': " + std::to_string(csv_->info.rows) + " rows, " +
                  std::to_string(csv_->info.cols) + " features, " + std::to_string(q) + " classes");
  notices_.clear();
  if (!apply(std::move(next), std::move(notes))) start_after_change(false);  // same name and hash: the file is new here
}

void AppState::rebuild() {
  if (const std::optional<bool> kept = build_run()) playing_ = *kept;
}

std::optional<bool> AppState::build_run() {
  // The run on screen, kept through a deferred build and restored when the new configuration cannot be built.
  if (session_) {
    shown_session_ = std::move(session_);
    shown_was_playing_ = playing_;
  }
  compare_.clear();
  sweep_.reset();
  compare_past_budget_ = false;
  build_error_.clear();
  ++session_version_;
  playing_ = false;
  if (defer_builds) {
    build_pending_ = true;
    return std::nullopt;
  }
  build_pending_ = false;
  std::unique_ptr<Session> shown = std::move(shown_session_);
  const bool shown_is_restorable = shown && !shown->preparing() && previous_config_.has_value() &&
                                   same_experiment(previous_config_->config, shown->config());
  if (config_.use_csv && !csv_ && reads_data_folder(config_)) {
    build_error_ = "this link reads the " + data_set_name(config_) + " from the data folder";
    return std::nullopt;
  }
  if (config_.use_csv && !csv_) {
    build_error_ = "this link trains on the CSV file '" + config_.csv_name + "'" +
                   (config_.csv_hash.empty() ? std::string() : " (sha256 " + config_.csv_hash + "...)") +
                   ": open it to start";
    return std::nullopt;
  }
  const Dataset* csv = csv_ ? &csv_->data : nullptr;
  if (mode_ == RunMode::compare) {
    compare_.build(experiment(), csv);
    std::vector<std::string> errors;
    for (size_t i = 0; i < compare_.size(); ++i)
      if (!compare_.run(i).error.empty()) errors.push_back(compare_.run(i).name + ": " + compare_.run(i).error);
    add_notices(errors, true);
    if (compare_.focus_session()) {
      add_notices(compare_.focus_session()->warnings(), false);
    } else {
      build_error_ = errors.empty() ? "no learner to compare" : errors.front();
      compare_.clear();
    }
    return std::nullopt;
  }
  if (mode_ == RunMode::sweep) {
    parked_.reset();  // a new sweep replaces the one a cell was opened from
    parked_url_.clear();
    CsvProvider provider;
    if (csv_) {
      auto data = std::make_shared<const Dataset>(csv_->data);
      provider = [data](const Config&) -> Result<std::shared_ptr<const Dataset>> { return data; };
    }
    sweep_ = std::make_unique<SweepModel>(experiment(), std::move(provider));
    return std::nullopt;
  }
  Result<std::unique_ptr<Session>> created = Session::create(config_, csv);
  if (!created.ok() && created.error().code == "session.out_of_memory" && shown) {
    // The kept run may be what left too little memory: the new link comes first.
    shown.reset();
    created = Session::create(config_, csv);
  }
  if (!created.ok()) {
    build_error_ = created.error().message;
    if (shown_is_restorable) {
      // Back to the run on screen as it was (not rebuilt: its steps so far are kept), the link with it.
      build_error_ += " (the previous run is kept, with its link)";
      Saved back = std::move(*previous_config_);
      previous_config_.reset();
      install(std::move(back.config), std::move(back.axes), std::move(back.foreign));
      session_ = std::move(shown);
      add_notices({build_error_}, true);
      return shown_was_playing_;
    }
    add_notices({build_error_}, true);
    return std::nullopt;
  }
  session_ = std::move(created.value());
  add_notices(session_->warnings(), false);
  return std::nullopt;
}

bool AppState::build_pending_session() {
  if (!build_pending_) return false;
  defer_builds = false;
  const std::optional<bool> kept = build_run();
  defer_builds = true;
  if (kept)
    playing_ = *kept;
  else if (play_after_build_)
    playing_ = session_ != nullptr || compare_.active() || sweep_ != nullptr;
  play_after_build_ = false;
  return true;
}

Session* AppState::session() { return mode_ == RunMode::compare ? compare_.focus_session() : session_.get(); }

const Session* AppState::session() const {
  return mode_ == RunMode::compare ? compare_.focus_session() : session_.get();
}

uint64_t AppState::session_version() const {
  const uint64_t focus = mode_ == RunMode::compare ? static_cast<uint64_t>(compare_.focus() + 1) : 0;
  return session_version_ * static_cast<uint64_t>(kMaxCompared + 1) + focus;
}

bool AppState::preparing() const {
  if (mode_ == RunMode::compare) return compare_.preparing();
  return session_ && session_->preparing();
}

void AppState::play() {
  build_pending_session();
  switch (mode_) {
    case RunMode::single:
      if (!session_ || session_->done()) return;
      break;
    case RunMode::compare:
      if (!compare_.active() || compare_.stopped(0)) return;
      if (compare_.stopped(config_.steps)) compare_past_budget_ = true;  // at the budget: goes on
      break;
    case RunMode::sweep:
      if (!sweep_ || sweep_->cancelled() || sweep_->finished()) return;
      sweep_->set_paused(false);
      break;
  }
  playing_ = true;
}

void AppState::pause() {
  playing_ = false;
  // A timed slice may have left the traces' tails behind (Session::kTailRefreshSeconds): a paused run
  // shows, and hashes, its current step.
  if (session_) session_->refresh_tail();
  compare_.refresh_tails();
  if (sweep_) sweep_->set_paused(true);
}

int64_t AppState::step(int64_t n) {
  build_pending_session();
  pause();
  if (n <= 0) return 0;
  if (mode_ == RunMode::compare) return compare_.step_each(n);
  if (!session_ || session_->done()) return 0;
  return session_->advance(n);
}

void AppState::run_to(int64_t steps) {
  build_pending_session();
  if (mode_ == RunMode::sweep) {
    if (!sweep_) return;
    sweep_->set_paused(false);
    while (sweep_->running()) sweep_->advance(1e9, nullptr);
    return;
  }
  if (mode_ == RunMode::compare) {
    for (size_t i = 0; i < compare_.size(); ++i) {
      Session* s = compare_.run(i).session.get();
      while (s && s->steps() < steps && !s->done())
        if (s->advance(steps - s->steps()) == 0) break;
    }
    return;
  }
  if (!session_) return;
  while (session_->steps() < steps && !session_->done()) {
    if (session_->advance(steps - session_->steps()) == 0) break;
  }
}

bool AppState::cancel_preparation() {
  if (!preparing()) return false;
  const Preparation prep = session_->preparation();
  char percent[32];
  std::snprintf(percent, sizeof percent, "%.0f %%", 100.0 * prep.progress);
  std::string text = (prep.what.empty() ? std::string("Preparation") : prep.what) + " cancelled at " + percent;
  // The usual cause is a large projection: name the field that shrinks it, when the learner has one.
  std::string hint;
  if (const LearnerEntry* entry = find_learner(config_.learner)) {
    for (const Setting& p : entry->schema.params) {
      if (p.key == "dims") hint = " Lower l.dims to make it faster.";
    }
  }
  if (restore_previous(text + "; back to the previous settings." + hint)) return true;
  previous_config_.reset();
  session_.reset();
  compare_.clear();
  ++session_version_;
  playing_ = false;
  build_error_ = text + "; the run is discarded (Reset starts it again)." + hint;
  add_notices({build_error_}, false);
  return true;
}

int64_t AppState::tick() {
  if (!playing_ || !visible) return 0;
  if (mode_ == RunMode::compare) return tick_compare();
  if (mode_ == RunMode::sweep) return tick_sweep();
  if (!session_) return 0;
  if (session_->done()) {
    playing_ = false;
    return 0;
  }
  int64_t limit = steps_per_tick > 0 ? steps_per_tick : std::numeric_limits<int64_t>::max() / 4;
  const int64_t before = session_->steps();
  const bool below_budget = before < config_.steps;
  if (below_budget) limit = std::min(limit, config_.steps - before);
  const int64_t taken = session_->advance(limit, budget_seconds, clock_);
  if (const Error* failed = session_->failure(); failed != nullptr && build_error_.empty()) {
    build_error_ = failed->message;  // the session's exception boundary: shown, the run so far kept
    add_notices({build_error_}, true);
  }
  if ((below_budget && session_->steps() >= config_.steps) || session_->done()) playing_ = false;
  return taken;
}

int64_t AppState::tick_compare() {
  const int64_t cap = compare_past_budget_ ? 0 : config_.steps;
  if (!compare_.active() || compare_.stopped(cap)) {
    playing_ = false;
    return 0;
  }
  const int64_t taken = compare_.advance(steps_per_tick, budget_seconds, cap, clock_);
  if (compare_.stopped(cap)) playing_ = false;
  return taken;
}

int64_t AppState::tick_sweep() {
  if (!sweep_ || !sweep_->running()) {
    playing_ = false;
    return 0;
  }
  const int64_t rows = sweep_->advance(budget_seconds, clock_);
  if (!sweep_->running()) playing_ = false;
  return rows;
}

}  // namespace ml::app

namespace ml::app {

bool AppState::restore_previous(const std::string& why) {
  // A previous configuration using a CSV that is no longer loaded cannot be rebuilt: discard instead.
  if (!previous_config_ || (previous_config_->config.use_csv && !csv_)) return false;
  Saved back = std::move(*previous_config_);
  previous_config_.reset();
  settle(back.config);
  install(std::move(back.config), std::move(back.axes), std::move(back.foreign));
  add_notices({why}, false);
  start_after_change(false);
  return true;
}

std::vector<std::string> AppState::wanted_data_files() const {
  if (!waiting_for_csv() || !reads_data_folder(config_)) return {};
  Result<std::vector<std::string>> names = csv_file_names(config_);
  return names.ok() ? names.value() : std::vector<std::string>{};
}

Status AppState::load_data_files(const DataManifest* manifest, std::string_view folder,
                                 std::vector<std::string> texts) {
  Result<std::vector<std::string>> names = csv_file_names(config_);
  Status checked = names.ok() ? Status{} : Status(names.error());
  if (checked.ok() && names.value().size() != texts.size())
    checked = make_error("data.files", data_set_name(config_) + " is " + std::to_string(names.value().size()) +
                                           " files, and " + std::to_string(texts.size()) + " were read");
  if (checked.ok()) checked = check_data_files(config_, manifest, folder, names.value(), {texts.begin(), texts.end()});
  if (checked.ok() && texts.size() == 1) {
    load_csv(config_.csv_name, std::move(texts[0]));
    if (!has_csv()) checked = make_error("data.csv", data_set_name(config_) + ": the file could not be read");
    csv_files_ = names.value();
    if (checked.ok()) return checked;
  }
  if (checked.ok()) {
    csv_text_ = std::move(texts[0]);
    csv_test_text_ = std::move(texts[1]);
    csv_files_ = names.value();
    Result<CsvTable> table = parse_loaded_csv(config_);
    if (table.ok()) {
      csv_ = std::move(table).value();
      notices_.clear();
      add_notices({"loaded " + data_set_name(config_) + ": " + std::to_string(csv_->data.given_test_from) +
                   " training and " + std::to_string(csv_->data.rows() - csv_->data.given_test_from) + " test rows, " +
                   std::to_string(csv_->info.cols) + " features"},
                  false);
      start_after_change(false);
      return checked;
    }
    checked = table.error();
    csv_text_.clear();
    csv_test_text_.clear();
    csv_files_.clear();
  }
  data_failed(checked.error().message);
  return checked;
}

void AppState::data_failed(const std::string& message) {
  build_error_ = message;
  add_notices({message}, true);
}

void AppState::data_cancelled() {
  const std::string what = "reading the " + data_set_name(config_) + " was cancelled";
  if (restore_previous(what + "; back to the previous settings.")) return;
  data_failed(what + ": open the link again to read it");
}

}  // namespace ml::app
