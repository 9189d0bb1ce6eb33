// marginlab app — the playground's state without any drawing: the Config (the URL is its canonical
// text and the source of truth), the loaded CSV, the Session, and the per-frame time slices that
// train it (DESIGN.md "Front end": training runs on the UI thread in slices, never blocking a frame).
//
// Every change goes through apply(): validate, re-encode the canonical URL, rebuild the session when
// the run changes. A link opens with open_url(); whatever the link got wrong becomes a notice. Because
// Session::advance gives the same trace however the steps are split, a run trained in 8 ms slices
// ends with the same trace hash as `marginlab run --url U --steps N` (tests/unit/app_state_test.cpp).
//
// Long preparations (a kernel projection fit of tens of seconds) run in the same slices and can be
// cancelled: the app then returns to the configuration it had before the edit or link that asked
// for the expensive run, so a too-large l.dims costs one click, not a frozen tab.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/config/config.h"
#include "core/data/csv.h"
#include "core/session/session.h"

namespace ml::app {

// A message for the user, shown until replaced.
struct Notice {
  std::string text;    // one sentence
  bool error = false;  // an error (red) rather than a warning (yellow)
};

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
  // the session when the run differs (see same_experiment). Returns false when nothing changed.
  bool apply(Config next, std::vector<std::string> notes = {});
  // The current, valid configuration.
  const Config& config() const { return config_; }
  // Its canonical link ("#v=1&...").
  const std::string& url() const { return url_; }
  // Counts URL changes, so the host pushes each new URL once.
  uint64_t url_version() const { return url_version_; }

  // --- CSV data ---
  // Reads a CSV file's text (a picked, dropped or --csv file): parse, hash, switch the config to it.
  // A parse error becomes an error notice and leaves everything else as it was.
  void load_csv(const std::string& name, std::string text);
  // True once a CSV parsed.
  bool has_csv() const { return csv_.has_value(); }
  // What the reader saw in the loaded CSV (valid when has_csv()).
  const CsvInfo& csv_info() const { return csv_->info; }
  // True when the config trains on a CSV that is not loaded yet (a link to someone's file).
  bool waiting_for_csv() const { return config_.use_csv && !csv_; }

  // --- the run ---
  // The session, or nullptr (building failed, or waiting for a CSV).
  Session* session() { return session_.get(); }
  const Session* session() const { return session_.get(); }
  // Counts rebuilds, so views cache per session.
  uint64_t session_version() const { return session_version_; }
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
  void pause() { playing_ = false; }
  // Takes exactly n steps now (paused stepping; stops early when the learner is done).
  int64_t step(int64_t n);
  // Trains synchronously to `steps` total steps (or until done): the desktop's --steps flag.
  void run_to(int64_t steps);
  // Steps per tick at most; 0 = as many as the time budget allows.
  int64_t steps_per_tick = 5;
  // Seconds of training per tick at most.
  double budget_seconds = 0.008;
  // False while the page is hidden: tick() does nothing.
  bool visible = true;
  // One frame's training slice; returns the steps taken. Pauses at the step budget and when done.
  int64_t tick();

  // --- long preparations (a kernel projection fit before the first step; Session::preparing) ---
  // True while the session's learner prepares its next step; tick() then spends its slice on that.
  bool preparing() const { return session_ && session_->preparing(); }
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
  // The latest build error ("" when the session built or none was tried).
  const std::string& build_error() const { return build_error_; }

 private:
  void set_url();
  void add_notices(const std::vector<std::string>& texts, bool error);
  Result<CsvTable> parse_loaded_csv() const;

  ClockFn clock_;
  Config config_;
  std::string url_;
  uint64_t url_version_ = 0;
  std::string csv_text_;
  std::optional<CsvTable> csv_;
  std::unique_ptr<Session> session_;
  uint64_t session_version_ = 0;
  bool playing_ = false;
  bool build_pending_ = false;
  bool play_after_build_ = false;
  std::vector<Notice> notices_;
  std::string build_error_;
  std::optional<Config> previous_config_;  // the run before the latest edit or link that rebuilt it
};

}  // namespace ml::app
