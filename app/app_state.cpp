// marginlab app — the playground's state (see app_state.h).
#include "app/app_state.h"

#include <algorithm>
#include <cstdio>
#include <limits>

#include "app/ui_model.h"
#include "core/config/fields.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/noise/noise.h"
#include "core/util/sha256.h"

namespace ml::app {

AppState::AppState(ClockFn clock) : clock_(std::move(clock)) {
  std::vector<std::string> warnings = validate(config_, learner_schemas());
  add_notices(warnings, false);
  set_url();
}

void AppState::set_url() {
  std::string next = encode_url(config_, learner_schemas());
  if (next != url_) {
    url_ = std::move(next);
    ++url_version_;
  }
}

void AppState::add_notices(const std::vector<std::string>& texts, bool error) {
  for (const std::string& t : texts) notices_.push_back({t, error});
  // Keep the list short: the newest messages matter.
  constexpr size_t kMaxNotices = 12;
  if (notices_.size() > kMaxNotices) notices_.erase(notices_.begin(), notices_.end() - kMaxNotices);
}

void AppState::open_url(std::string_view url) {
  // The host echoes every URL it is given (hashchange after replaceState): ignore the echo once a run
  // has been built from it.
  if (session_version_ > 0 && url_query_part(url) == url_query_part(url_)) return;
  DecodeResult decoded = decode_url(url, learner_schemas());
  notices_.clear();
  add_notices(decoded.warnings, false);
  const bool same = same_experiment(decoded.config, config_);
  // The run to return to if this one's preparation is cancelled: the last one that got past its own.
  if (!same && session_version_ > 0 && !preparing()) previous_config_ = config_;
  config_ = std::move(decoded.config);
  set_url();
  // A link that names a different CSV than the loaded one: keep the file, warn (the run is not what
  // the link meant), and adopt the file's name and hash so the URL tells the truth.
  if (config_.use_csv && csv_) {
    const std::string hash = sha256_hex(csv_text_).substr(0, 16);
    if (!config_.csv_hash.empty() && config_.csv_hash != hash) {
      add_notices({"the link expects the CSV '" + config_.csv_name + "' (sha256 " + config_.csv_hash +
                   "...); the loaded file has sha256 " + hash + "...: results will differ from the link's"}, false);
    }
  }
  if (!same || session_version_ == 0) {
    rebuild();
    playing_ = session_ != nullptr;
    play_after_build_ = build_pending_;
  }
}

bool AppState::apply(Config next, std::vector<std::string> notes) {
  std::vector<std::string> warnings = validate(next, learner_schemas());
  if (next == config_) {
    add_notices(notes, false);
    add_notices(warnings, false);
    return false;
  }
  const bool same = same_experiment(next, config_);
  // The run to return to if this one's preparation is cancelled: the last one that got past its own.
  if (!same && session_version_ > 0 && !preparing()) previous_config_ = config_;
  const bool label_changed = next.csv_label != config_.csv_label;
  config_ = std::move(next);
  set_url();
  add_notices(notes, false);
  add_notices(warnings, false);
  if (label_changed && csv_) {
    Result<CsvTable> table = parse_loaded_csv();
    if (!table.ok()) {
      add_notices({table.error().message}, true);
    } else {
      csv_ = std::move(table.value());
    }
  }
  if (!same) {
    rebuild();
    playing_ = session_ != nullptr;
    play_after_build_ = build_pending_;
  }
  return true;
}

Result<CsvTable> AppState::parse_loaded_csv() const {
  CsvOptions options;
  options.source_name = config_.csv_name.empty() ? "data.csv" : config_.csv_name;
  options.label_column = config_.csv_label;
  return parse_csv(csv_text_, options);
}

void AppState::load_csv(const std::string& name, std::string text) {
  CsvOptions options;
  options.source_name = name;
  options.label_column = config_.use_csv ? config_.csv_label : std::string();
  Result<CsvTable> table = parse_csv(text, options);
  if (!table.ok()) {
    add_notices({table.error().message}, true);
    return;
  }
  const std::string hash = sha256_hex(text).substr(0, 16);
  std::vector<std::string> notes;
  if (config_.use_csv && !config_.csv_hash.empty() && config_.csv_hash != hash) {
    notes.push_back("'" + name + "' (sha256 " + hash + "...) is not the file the link refers to ('" + config_.csv_name +
                    "', sha256 " + config_.csv_hash + "...): results will differ from the link's");
  }
  csv_text_ = std::move(text);
  csv_ = std::move(table.value());
  Config next = config_;
  if (!next.use_csv) next.csv_label.clear();
  next.use_csv = true;
  next.csv_name = name;
  next.csv_hash = hash;
  const int q = csv_->data.num_classes();
  if (next.noise.model == NoiseModel::confusion && next.noise.confusion.size() != static_cast<size_t>(q * q))
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
  if (!apply(std::move(next), std::move(notes))) {
    rebuild();  // same name and hash as before: the file itself is new to this session
    playing_ = session_ != nullptr;
    play_after_build_ = build_pending_;
  }
}

void AppState::rebuild() {
  session_.reset();
  build_error_.clear();
  ++session_version_;
  playing_ = false;
  if (defer_builds) {
    build_pending_ = true;
    return;
  }
  build_pending_ = false;
  if (config_.use_csv && !csv_) {
    build_error_ = "this link trains on the CSV file '" + config_.csv_name + "'" +
                   (config_.csv_hash.empty() ? std::string() : " (sha256 " + config_.csv_hash + "...)") +
                   ": open it to start";
    return;
  }
  Result<std::unique_ptr<Session>> created = Session::create(config_, csv_ ? &csv_->data : nullptr);
  if (!created.ok()) {
    build_error_ = created.error().message;
    add_notices({build_error_}, true);
    return;
  }
  session_ = std::move(created.value());
  add_notices(session_->warnings(), false);
}

bool AppState::build_pending_session() {
  if (!build_pending_) return false;
  defer_builds = false;
  rebuild();
  defer_builds = true;
  if (play_after_build_) playing_ = session_ != nullptr;
  play_after_build_ = false;
  return true;
}

void AppState::play() {
  build_pending_session();
  if (!session_) return;
  if (session_->done()) return;
  playing_ = true;
}

int64_t AppState::step(int64_t n) {
  build_pending_session();
  playing_ = false;
  if (!session_ || session_->done() || n <= 0) return 0;
  return session_->advance(n);
}

void AppState::run_to(int64_t steps) {
  build_pending_session();
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
  // A previous configuration using a CSV that is no longer loaded cannot be rebuilt: discard instead.
  if (previous_config_ && !(previous_config_->use_csv && !csv_)) {
    Config back = std::move(*previous_config_);
    previous_config_.reset();
    validate(back, learner_schemas());
    config_ = std::move(back);
    set_url();
    add_notices({text + "; back to the previous settings." + hint}, false);
    rebuild();
    playing_ = session_ != nullptr;
    play_after_build_ = build_pending_;
    return true;
  }
  previous_config_.reset();
  session_.reset();
  ++session_version_;
  playing_ = false;
  build_error_ = text + "; the run is discarded (Reset starts it again)." + hint;
  add_notices({build_error_}, false);
  return true;
}

int64_t AppState::tick() {
  if (!playing_ || !visible || !session_) return 0;
  if (session_->done()) {
    playing_ = false;
    return 0;
  }
  int64_t limit = steps_per_tick > 0 ? steps_per_tick : std::numeric_limits<int64_t>::max() / 4;
  const int64_t before = session_->steps();
  const bool below_budget = before < config_.steps;
  if (below_budget) limit = std::min(limit, config_.steps - before);
  const int64_t taken = session_->advance(limit, budget_seconds, clock_);
  if ((below_budget && session_->steps() >= config_.steps) || session_->done()) playing_ = false;
  return taken;
}

}  // namespace ml::app
