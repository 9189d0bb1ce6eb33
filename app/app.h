// marginlab app — the playground: one ImGui front end shared by the desktop app and the page
// (DESIGN.md "Front end"). The App owns the state (app_state.h: Config, URL, Session, time slices),
// the 2-D view (view.h) and the panels: Run (toolbar), Data, Noise, Learner, Share, Export (sidebar),
// View, Plots, Confusion (main area). A link hides panels through Config::hidden_panels.
//
// The host (native/app/main.cpp, web/main.cpp) owns the window, the GL context and ImGui's platform
// backends; it calls frame() between ImGui::NewFrame() and ImGui::Render(), after_render() after the
// draw data is rendered, and forwards links, files and page visibility. See platform.h.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/app_state.h"
#include "app/platform.h"
#include "app/view.h"
#include "core/config/fields.h"
#include "imgui.h"

namespace ml::app {

// The link opened when the page or the desktop app starts without one.
extern const char* const kWelcomeLink;

// The playground.
class App {
 public:
  // The host must outlive the app. Create the app after the GL context and ImGui's context.
  explicit App(Platform& platform);
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // Loads the UI fonts from a TTF file (ImGui's built-in font when it cannot be read) and the style.
  // Call before the first frame, and again (outside a frame, GL font texture released) when the
  // screen's pixel ratio changes: the atlas is rasterized at `pixel_ratio` times the layout size.
  void setup_imgui(const std::string& font_path, float pixel_ratio = 1.0f);
  // Opens a link ("" opens kWelcomeLink).
  void open_url(const std::string& url);
  // A CSV file's content from the host (file picker, drag-and-drop, --csv).
  void load_csv(const std::string& name, std::string text);
  // The page became hidden or visible again: training pauses while hidden.
  void set_visible(bool visible);
  // One frame: a training slice, then every visible panel.
  void frame();
  // After the frame was rendered to the default framebuffer of this size: completes a pending
  // "plots PNG" capture (the Export panel asks for it during frame()).
  void after_render(int framebuffer_width, int framebuffer_height);

  // The state (tests, the host's --steps flag).
  AppState& state() { return state_; }
  // Frames drawn so far.
  uint64_t frames() const { return frames_; }
  // SHA-256 of the session's trace CSV ("" without a session): equals `marginlab run`'s trace_sha256.
  std::string trace_sha256() const;
  // A JSON object for the end-to-end tests: frames, steps, playing, done, url, trace rows, error.
  std::string status_json() const;

 private:
  // [layout and main panels: app.cpp]
  void draw_run_toolbar(ImVec2 pos, ImVec2 size);
  void draw_preparation_status(ImVec2 size);  // progress bar, stage and Cancel while the learner prepares
  void draw_sidebar(ImVec2 pos, ImVec2 size);
  void draw_view_panel(ImVec2 pos, ImVec2 size);
  void draw_plots_panel(ImVec2 pos, ImVec2 size);
  void draw_notices();
  void refresh_series();
  // [setup panels and widgets: panels.cpp]
  void draw_data_panel();
  void draw_noise_panel();
  void draw_confusion_editor();
  void draw_learner_panel();
  void draw_share_panel();
  void draw_export_panel();
  void draw_confusion_panel(ImVec2 pos, ImVec2 size);
  void draw_fields(const char* table_id, std::string_view panel, const std::vector<std::string>& skip);
  bool setting_widget(const Setting& setting, const std::string& key, const SettingValue& current, SettingValue* out);
  void commit_field(const Field& field, const SettingValue& value);
  void refresh_learned_confusion();

  Platform& platform_;
  AppState state_;
  std::unique_ptr<View> view_;
  uint64_t frames_ = 0;
  uint64_t pushed_url_version_ = 0;
  bool build_announced_ = false;   // a frame showed that a deferred build is coming
  double last_frame_time_ = 0;
  double frame_ms_ = 0;            // smoothed frame time for the status line
  ImFont* font_small_ = nullptr;   // tick labels and dense tables

  // Trace columns as plot series, rebuilt when the trace changes.
  uint64_t series_session_ = 0;
  size_t series_rows_ = 0;
  int64_t series_last_step_ = -1;
  std::vector<std::vector<double>> columns_;  // one vector per trace column
  std::vector<double> delta_m_, m_r2_;         // invariants: delta * M and M * R^2
  int plot4_mode_ = 0;                         // 0 counters, 1 invariants
  std::string counter_choice_;                 // counter shown ("all", a name, "" = automatic)

  // Widgets being dragged or typed into: the value shown until the edit is committed.
  std::map<std::string, double> drag_values_;
  std::map<std::string, std::string> text_values_;
  std::string csv_path_;           // desktop: path typed into the Data panel
  std::string export_note_;        // what the last export did
  std::string hash_key_, hash_text_;  // the Export panel's trace hash and the state it belongs to

  // Confusion-matrix editor: a draft that may be off (columns not summing to 1) while edited.
  std::vector<double> cm_draft_;
  std::vector<double> cm_draft_source_;
  int cm_preset_ = 1;
  double cm_preset_eta_ = 0.2;
  int cm_family_index_ = 10;

  // Learned confusion Ĉ on the test part (predictions vs true labels), refreshed a few times a second.
  std::vector<double> learned_c_;
  double learned_rate_ = 0;
  double learned_time_ = -1;
  int64_t learned_updates_ = -1;
  uint64_t learned_session_ = 0;

  // Export "plots PNG": the rectangle to read after rendering, and the file name.
  bool capture_pending_ = false;
  ImVec2 capture_min_, capture_max_;
  ImVec2 plots_min_, plots_max_;
};

}  // namespace ml::app
