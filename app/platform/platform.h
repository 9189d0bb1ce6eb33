// marginlab app — what the front end needs from its host, and nothing else (docs/architecture.md).
//
// app/ never calls GLFW or emscripten: the desktop main (native/app/) and the page (web/) implement
// this interface. The app talks to the host only through it, so the same panels run in both builds.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace ml::app {

// Services of the host (desktop window or browser page).
class Platform {
 public:
  virtual ~Platform() = default;
  // The canonical link changed: the page writes it into the hash (history.replaceState) and the
  // title; the desktop shows it in the window title.
  virtual void url_changed(const std::string& canonical_url) = 0;
  // A deliberate navigation to a new link (a sweep's cell opened as a single run, or back to the sweep):
  // the page adds a history entry so the browser's Back returns. Returns false when the host keeps no
  // history (the desktop): it then just shows the link as url_changed does.
  virtual bool push_url(const std::string& canonical_url) {
    url_changed(canonical_url);
    return false;
  }
  // True when push_url adds history entries (the browser's Back and Forward move through them).
  virtual bool has_history() const { return false; }
  // The text a user sends to someone else to open this experiment (the page: its address + hash).
  virtual std::string share_link(const std::string& canonical_url) const = 0;
  // Copies text to the clipboard; false when the host cannot.
  virtual bool copy_text(const std::string& text) = 0;
  // Saves bytes under a file name (the page: a download; the desktop: a file in the export folder).
  // Returns a sentence telling the user where the file went, or why it did not.
  virtual std::string save_file(const std::string& name, const std::string& bytes, const char* mime) = 0;
  // True when the host has a file picker the app can open (the page's <input type=file>).
  virtual bool has_file_picker() const { return false; }
  // Opens the file picker; the chosen file arrives later through App::load_csv.
  virtual void open_file_picker() {}
  // True when the host can read a file by path (the desktop).
  virtual bool can_read_paths() const { return false; }
  // Reads a whole file by path into *out; false with *out set to the reason.
  virtual bool read_path(const std::string& /*path*/, std::string* out) {
    *out = "not supported here";
    return false;
  }
  // The entries of a folder (the desktop's file list): sub-folders end in '/', sorted; false with *error set
  // when it cannot be read.
  virtual bool list_folder(const std::string& /*folder*/, std::vector<std::string>* entries, std::string* error) {
    entries->clear();
    *error = "not supported here";
    return false;
  }
  // The lessons' progress the host keeps for the next visit (LessonProgress::serialize's text; "" when none).
  // The page keeps it in the browser's localStorage; the desktop keeps it in memory for the session (no file
  // is written). Nothing leaves the machine.
  virtual std::string load_progress() { return progress_; }
  // Stores the lessons' progress (replacing what was stored).
  virtual void save_progress(const std::string& text) { progress_ = text; }
  // A preference the host keeps for the next visit ("" when none): the page in the browser's localStorage, the
  // desktop in memory for the session. Keys are short names ("text_size").
  virtual std::string load_preference(const std::string& key) {
    const auto it = preferences_.find(key);
    return it == preferences_.end() ? std::string() : it->second;
  }
  // Stores a preference (replacing what was stored under `key`).
  virtual void save_preference(const std::string& key, const std::string& value) { preferences_[key] = value; }
  // Seconds on a monotonic clock (only differences are used: frame budgets, never results).
  virtual double now_seconds() const = 0;
  // The calling thread's CPU time in seconds, what a frame's cost is measured with (FrameCost); a host that
  // cannot read it (the browser) returns now_seconds(), the wall clock.
  virtual double thread_cpu_seconds() const { return now_seconds(); }
  // Short name of the host for the status line ("desktop" or "browser").
  virtual const char* host_name() const = 0;

 private:
  std::string progress_;                            // the default load_progress / save_progress: kept in memory
  std::map<std::string, std::string> preferences_;  // the default load_preference / save_preference
};

}  // namespace ml::app
