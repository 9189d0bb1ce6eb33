// marginlab app — the playground's state without any drawing: the Config (the URL is its canonical
// text and the source of truth), the loaded CSV, the Session, and the per-frame time slices that
// train it (training runs on the UI thread in slices, never blocking a frame: docs/architecture.md).
//
// Every change goes through apply(): validate, re-encode the canonical URL, rebuild the session when
// the run changes. A link opens with open_url(); whatever the link got wrong becomes a notice. Because
// Session::advance gives the same trace however the steps are split, a run trained in 8 ms slices
// ends with the same trace hash as `marginlab run --url U --steps N` (tests/unit/app_state_test.cpp).
//
// Long preparations (a kernel projection fit of tens of seconds) run in the same slices and can be
// cancelled: the app then returns to the configuration it had before the edit or link that asked
// for the expensive run, so a too-large l.dims costs one click, not a frozen tab.
//
// An experiment link (x.KEY= axes, core/experiment) is the Config as the base plus its axes; the URL is
// encode_experiment's. A learner axis alone with at most four values opens Compare (one session per
// learner, app/models/compare_model.h); any other axes open Sweep (an ExperimentRunner filling a plot,
// app/models/sweep_model.h). Opening a sweep's cell parks the sweep, so that the link back (Back in the
// browser, the toolbar's button) shows it again as it was instead of running it again.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/models/compare_model.h"
#include "app/models/lesson_model.h"
#include "app/models/run_mode.h"
#include "app/models/sweep_model.h"
#include "core/config/config.h"
#include "core/data/csv.h"
#include "core/data/manifest.h"
#include "core/experiment/experiment.h"
#include "core/session/session.h"

namespace ml::app {

// The notice when a newly chosen CSV is switched from raw features to standardized ones with a bias.
inline constexpr std::string_view kCsvDefaultsNotice =
    "features standardized and a bias coordinate added (norm=standardize, bias=1): real data's features "
    "have different scales and its classes rarely split through the origin; Normalization and Bias "
    "coordinate in Data change it";

// The notice when a newly chosen CSV drops the label noise the previous run had (its labels are the file's).
inline constexpr std::string_view kCsvNoNoiseNotice =
    "label noise turned off for your file (the previous run had some): its labels are used as they are; "
    "Noise adds noise back";

// The label column of a parsed CSV as a link names it: the header name when the file has one that reads
// back as that name, else the 0-based index.
std::string label_spec_of(const CsvInfo& info);
// The same for any column (0-based, the label column counted) of that file.
std::string label_spec_for_column(const CsvInfo& info, int column);

// A message for the user, shown until replaced.
struct Notice {
  std::string text;    // one sentence
  bool error = false;  // an error (red) rather than a warning (yellow)
};

// The order the sidebar shows notices in (indices into the stored list, which is oldest first): errors first,
// newest first, then warnings, newest first; an error stays at the top until dismissed.
std::vector<size_t> notice_display_order(const std::vector<Notice>& notices);

// The mode of a link's axes: none single, a learner axis alone with 1..kMaxCompared values compare,
// anything else sweep.
RunMode run_mode_of(const Experiment& experiment);

// State of the playground.
class AppState {
 public:
  // `clock` gives seconds for the frame budget (only the number of steps per slice depends on it).
  explicit AppState(ClockFn clock);

  // --- configuration and URL ---
  // Opens a link (full URL, "#..." or "k=v&..."): decodes it, shows its warnings, rebuilds the run and
  // starts playing. A link equal to the current canonical URL changes nothing (hashchange echo).
  void open_url(std::string_view url);
  // Makes `next` the config (after validate; `notes` and validation warnings become notices). Rebuilds
  // the session when the run differs (see same_experiment). Another label column reads the loaded CSV
  // again; a column it cannot take is refused with the reader's error. Returns false when nothing changed.
  bool apply(Config next, std::vector<std::string> notes = {});
  // The current, valid configuration.
  const Config& config() const { return config_; }
  // Its canonical link ("#v=1&..."; with the experiment's axes as x.KEY=SPEC).
  const std::string& url() const { return url_; }
  // Counts URL changes, so the host pushes each new URL once.
  uint64_t url_version() const { return url_version_; }

  // --- experiments: Compare and Sweep ---
  // Single run, Compare or Sweep (from the link's axes).
  RunMode mode() const { return mode_; }
  // The experiment: the config as base, the link's axes (no axes for a single run) and the l.* values of
  // compared learners other than the base's.
  Experiment experiment() const { return Experiment{config_, axes_, foreign_params_, select_}; }
  // The link's axes.
  const std::vector<Axis>& axes() const { return axes_; }
  // The compared learners (active in RunMode::compare).
  CompareModel& compare() { return compare_; }
  const CompareModel& compare() const { return compare_; }
  // The sweep (nullptr unless RunMode::sweep and built).
  SweepModel* sweep() { return sweep_.get(); }
  const SweepModel* sweep() const { return sweep_.get(); }
  // Compares these learners (registry ids, in order, at most kMaxCompared): the link's x.learner axis,
  // the first becoming the base's learner. Parameter values given so far stay with every listed learner
  // that has a parameter of that name. One learner makes the link a single run of it (the axis goes away).
  // Learners that cannot train on the configuration's data are refused with a notice. Returns false when
  // nothing changed.
  bool set_compared_learners(const std::vector<std::string>& learners);
  // Sets a parameter in Compare: the base's l.KEY when the base learner has it, else the value given to
  // the other compared learners that have it (Experiment::foreign_params). Rebuilds the comparison.
  void set_compared_param(const std::string& key, double value);
  // Opens cell `index` of the sweep as a single run (its link), parking the sweep to come back to.
  void open_cell(int64_t index);
  // The link of the parked sweep ("" when none): Back returns to it.
  const std::string& parked_sweep_url() const { return parked_url_; }
  // Opens the parked sweep again (as it was: finished rows, pause state), when there is one.
  void return_to_sweep();
  // True once after a deliberate navigation (opening a cell, returning to the sweep): the host then adds
  // a history entry for the new URL instead of replacing the current one.
  bool take_navigation();

  // --- CSV data ---
  // Reads a CSV file's text (a picked, dropped or --csv file): parse, hash, switch the config to it.
  // A parse error becomes an error notice and leaves everything else as it was. The file a link waits
  // for (waiting_for_csv) is read with the link's label column and settings, and a different file than
  // the link's gets a warning. Any other file is the user's new choice: read with the label column set by
  // set_next_csv_label (empty: a column named label/class/target/y, else the last), which the link then
  // names explicitly; with raw features (norm=none) it switches to norm=standardize and bias=1 with a
  // notice (kCsvDefaultsNotice), so the link records the settings the run used.
  void load_csv(const std::string& name, std::string text);
  // The label column (header name or 0-based index; empty: found by name, else the last) for the next
  // CSV the user chooses (the load dialog's field). Not used for the file a link waits for.
  void set_next_csv_label(std::string label) { next_csv_label_ = std::move(label); }
  // The label column set for the next CSV.
  const std::string& next_csv_label() const { return next_csv_label_; }
  // True once a CSV parsed.
  bool has_csv() const { return csv_.has_value(); }
  // What the reader saw in the loaded CSV (valid when has_csv()).
  const CsvInfo& csv_info() const { return csv_->info; }
  // True when the config trains on a CSV that is not loaded yet (a link to someone's file).
  bool waiting_for_csv() const { return config_.use_csv && !csv_; }

  // --- data a link names in a data folder (data/README.md; core/session/linked_data.h) ---
  // The files of a data folder the configuration waits for (csv_file_names: one, or a split's training and
  // test files), which the host reads without asking; empty when it waits for none.
  std::vector<std::string> wanted_data_files() const;
  // Loads the files wanted_data_files() names (`texts` in the same order) once check_data_files accepts them
  // against the host's `manifest` (null: none) and the link's csvhash; `folder` is how errors name the data
  // folder. A split's two files become the training part and the given test part (csv_dataset). The run is
  // the link's: its settings are kept. An error becomes data_failed's and is returned.
  Status load_data_files(const DataManifest* manifest, std::string_view folder, std::vector<std::string> texts);
  // The host could not read the link's data (a missing file, a hash that differs): `message` (naming the data
  // set and the file) becomes the build error and an error notice, so the view says why nothing runs.
  void data_failed(const std::string& message);
  // The user cancelled reading the link's data: back to the previous settings when there are some (a notice
  // says so), else the run waits with a build error saying what was cancelled.
  void data_cancelled();

  // --- the run ---
  // The session, or nullptr (building failed, or waiting for a CSV). In Compare, the focused learner's;
  // in Sweep, none.
  Session* session();
  const Session* session() const;
  // Counts rebuilds (and Compare's focus changes), so views cache per session.
  uint64_t session_version() const;
  // Rebuilds the session from the config (reset button). With defer_builds the build is only marked
  // pending and happens in build_pending_session(), so the host can first draw a frame saying so.
  void rebuild();
  // When true, rebuild() defers the (possibly long) build to build_pending_session().
  bool defer_builds = false;
  // True while a deferred build waits.
  bool build_pending() const { return build_pending_; }
  // Performs a deferred build now; false when none was pending.
  bool build_pending_session();

  // Playing: each tick() trains for one slice.
  bool playing() const { return playing_; }
  // Starts or resumes training (at the step budget: continues past it until the learner is done).
  void play();
  // Pauses.
  void pause();
  // Takes exactly n steps now (paused stepping; stops early when the learner is done).
  int64_t step(int64_t n);
  // Trains synchronously to `steps` total steps (or until done): the desktop's --steps flag. In Compare
  // every learner; in Sweep the whole sweep runs (each cell to its own step budget).
  void run_to(int64_t steps);
  // Steps per tick at most; 0 = as many as the time budget allows.
  int64_t steps_per_tick = 5;
  // The text size, in percent (one of kTextSizes, app/models/ui_model.h): the toolbar's Aa menu sets it, the app
  // scales the whole screen with it (App::scale_io) and the host keeps it for the next visit.
  int text_size = 100;
  // Seconds of training per tick at most.
  double budget_seconds = 0.008;
  // False while the page is hidden: tick() does nothing.
  bool visible = true;
  // One frame's training slice; returns the steps taken (in Sweep, the cells finished). Pauses at the step
  // budget and when done (in Compare, when every learner is; in Sweep, when every cell has its row).
  int64_t tick();

  // --- long preparations (a kernel projection fit before the first step; Session::preparing) ---
  // True while the session's learner (in Compare, any learner) prepares its next step; tick() then spends
  // its slice on that.
  bool preparing() const;
  // Stops a preparation: back to the configuration before the edit or link that asked for this run
  // (its session rebuilt and playing), or, without one, pauses and discards the session. A notice
  // says what was cancelled and at what percent. False when nothing was being prepared.
  bool cancel_preparation();
  // True when cancel_preparation() would go back to a previous configuration.
  bool has_previous_config() const { return previous_config_.has_value(); }

  // --- messages ---
  // Notices about the latest link, edit, file or build (warnings and errors).
  const std::vector<Notice>& notices() const { return notices_; }
  // Removes every notice.
  void clear_notices() { notices_.clear(); }
  // Removes notice i (an index into notices(); out of range: nothing).
  void dismiss_notice(size_t i) {
    if (i < notices_.size()) notices_.erase(notices_.begin() + static_cast<std::ptrdiff_t>(i));
  }
  // The latest build error ("" when the session built or none was tried).
  const std::string& build_error() const { return build_error_; }
  // What a lesson step's goal is checked on (app/models/lesson_model.h): this state's run, Compare or sweep.
  LessonResults lesson_results() const {
    return {mode_,     url_,          session_version(), experiment(), build_error_,
            session(), config_.steps, &compare_,         sweep_.get()};
  }

 private:
  // A configuration and axes to return to (a cancelled preparation).
  struct Saved {
    Config config;
    std::vector<Axis> axes;
    ParamValues foreign;
  };

  void set_url();
  // rebuild()'s work; when the new configuration cannot be built and the run on screen was restored, returns
  // whether that run was playing (nullopt otherwise: the caller decides).
  std::optional<bool> build_run();
  void add_notices(const std::vector<std::string>& texts, bool error);
  Result<CsvTable> parse_loaded_csv(const Config& config) const;  // the loaded text read with config's label column
  bool restore_previous(const std::string& why);                  // back to previous_config_, with a notice
  bool same_run(const Config& config, const std::vector<Axis>& axes, const ParamValues& foreign) const;
  void install(Config config, std::vector<Axis> axes, ParamValues foreign);
  Saved saved() const { return Saved{config_, axes_, foreign_params_}; }
  void start_after_change(bool same);
  int64_t tick_compare();
  int64_t tick_sweep();

  ClockFn clock_;
  Config config_;
  std::string url_;
  uint64_t url_version_ = 0;
  std::string csv_text_;                // the loaded file, or a split's training file
  std::string csv_test_text_;           // a split's test file ("" otherwise)
  std::vector<std::string> csv_files_;  // the data-folder files loaded (empty: the user's file)
  std::optional<CsvTable> csv_;
  std::string next_csv_label_;  // see set_next_csv_label
  std::unique_ptr<Session> session_;
  uint64_t session_version_ = 0;
  bool playing_ = false;
  bool build_pending_ = false;
  bool play_after_build_ = false;
  std::vector<Notice> notices_;
  std::string build_error_;
  std::optional<Saved> previous_config_;    // the run before the latest edit or link that rebuilt it
  std::unique_ptr<Session> shown_session_;  // the run on screen while a deferred build waits for its frame
  bool shown_was_playing_ = false;          // whether that run was playing (it plays on if it comes back)
  std::vector<Axis> axes_;                  // the link's axes (empty: a single run)
  ParamValues foreign_params_;              // l.* values of compared learners other than the base's
  std::string select_;                      // the experiment's x.select protocol ("" when none)
  RunMode mode_ = RunMode::single;
  CompareModel compare_;
  bool compare_past_budget_ = false;  // Compare played on past the step budget
  std::unique_ptr<SweepModel> sweep_;
  std::unique_ptr<SweepModel> parked_;  // the sweep a cell was opened from
  std::string parked_url_;              // its link
  bool navigation_ = false;             // see take_navigation()
};

}  // namespace ml::app
