// marginlab app — the playground: one ImGui front end shared by the desktop app and the page
// (docs/architecture.md). The App owns the state (app_state.h: Config, URL, Session, time slices) and
// composes the panels (app/panels/, each a small class owning its state): Run (toolbar), Data, Noise,
// Learner, Share, Export (sidebar), View, Plots, Confusion (main area), and lays them out every frame.
// A link hides panels through Config::hidden_panels. A sweep link (AppState::mode) shows the Sweep panel
// in the whole main area instead of View, Plots and Confusion.
//
// The host (native/app/main.cpp, web/main.cpp) owns the window, the GL context and ImGui's platform
// backends; the shared frame sequence (app/platform/frame_loop.h) calls frame() between ImGui::NewFrame() and
// ImGui::Render() and after_render() after the draw data is rendered; the host forwards links, files and
// page visibility. See platform.h.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "app/models/frame_times.h"
#include "app/models/layout.h"
#include "app/models/results_line.h"
#include "app/panels/confusion_panel.h"
#include "app/panels/data_panel.h"
#include "app/panels/export_panel.h"
#include "app/panels/learner_panel.h"
#include "app/panels/lesson_panel.h"
#include "app/panels/noise_panel.h"
#include "app/panels/plots_panel.h"
#include "app/panels/run_panel.h"
#include "app/panels/share_panel.h"
#include "app/panels/sweep_panel.h"
#include "app/panels/view_panel.h"
#include "app/platform/platform.h"
#include "app/state/app_state.h"
#include "imgui.h"

namespace ml::app {

// The playground.
class App {
 public:
  // The host must outlive the app. Create the app after ImGui's context; it needs a GL context from
  // start_gl on.
  explicit App(Platform& platform);
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // Loads the UI fonts from a TTF file (ImGui's built-in font when it cannot be read), rasterizes the
  // atlas and sets the style; needs no GL context. Call before the first frame, and again (outside a
  // frame, GL font texture released) when the screen's pixel ratio changes: the atlas is rasterized at
  // `pixel_ratio` times the layout size.
  void setup_imgui(const std::string& font_path, float pixel_ratio = 1.0f);
  // The text size (AppState::text_size) as a factor: ImGui lays out in units of this many host pixels (CSS px in the
  // page, window coordinates on the desktop), as a browser's zoom would.
  float text_scale() const { return static_cast<float>(state_.text_size) / 100.0f; }
  // True when the text size changed since the font atlas was built: run_frame rebuilds it (rebuild_fonts) before
  // the frame, its GL texture released.
  bool fonts_stale() const;
  // Rebuilds the font atlas and the style for the host's pixel ratio and the text size (outside a frame).
  void rebuild_fonts();
  // After the host's input adjustments, before ImGui's NewFrame: the display's size, its framebuffer scale and the
  // pointer in units of text_scale() host pixels.
  void scale_io();
  // The screen is a touch screen (the page's pointer is coarse): widgets become touch targets (app/models/layout.h)
  // and narrow or short screens get the sheet layout. Call before setup_imgui.
  void set_touch_screen(bool touch) { screen_.touch = touch; }
  // Starts the GL work the first frame needs (the view's shader programs). Call once the GL context is
  // current, before the first frame.
  void start_gl();
  // Does the first frame's work that needs no GL context ahead of it: builds the opened experiment if the
  // first frame would build it at once (App::frame) and brings the view's caches up to date. The page
  // calls it while the browser is still making its WebGL2 context. Call after open_url, before the first
  // frame.
  void prepare_first_frame();
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
  // What a frame shows beyond ImGui's draw lists: with them it decides whether a host that draws only
  // changed frames draws this one (app/platform/frame_loop.h).
  struct Offscreen {
    int64_t view_renders = 0;      // drawings of the view's texture so far
    bool capture_pending = false;  // a capture reads this frame once rendered: it must be drawn
  };
  Offscreen offscreen() const { return {panels_.view.texture_renders(), panels_.exports.capture_pending()}; }

  // The clock a frame's cost is measured with, in seconds (Platform::thread_cpu_seconds).
  double cost_clock() const { return platform_.thread_cpu_seconds(); }
  // Completes the cost of the frame just drawn (app/platform/frame_loop.h): the whole frame and the GL calls made
  // outside frame(), in seconds of cost_clock(); the training slice and the view's GL calls were measured
  // during frame().
  void finish_frame_cost(double frame_seconds, double render_gl_seconds);
  // The last frame's cost, and the last frames' costs part by part (status JSON, --stats).
  const FrameCost& last_frame_cost() const { return frame_.last_cost; }
  const FrameCostStats& frame_costs() const { return frame_.costs; }

  // The state (tests, the host's --steps flag).
  AppState& state() { return state_; }
  // Frames drawn so far.
  uint64_t frames() const { return frame_.count; }
  // SHA-256 of the session's trace CSV ("" without a session): equals `marginlab run`'s trace_sha256.
  std::string trace_sha256() const;
  // A JSON object for the end-to-end tests: frames, steps, playing, done, url, trace rows, error, the
  // mode; in Compare each learner's steps; in Sweep its progress, points and the rows' sha256; the median
  // of the last frames' times.
  std::string status_json();
  // The sweep's rows as JSON lines ("" without a sweep): what `marginlab sweep --out` writes.
  std::string sweep_rows() const;
  // The 2-D view's image in the last frame it was drawn (ImGui's units): where a finger's drag pans the view.
  ImVec2 view_image_min() const { return panels_.view.image_min(); }
  ImVec2 view_image_max() const { return panels_.view.image_max(); }
  // True when the panels are stacked in one column the app scrolls itself with the wheel (narrow windows).
  bool stacked() const { return screen_.narrow; }

 private:
  // Which panels the link shows (Config::hidden).
  struct PanelsShown {
    bool run = true, side = true, view = true, plots = true, confusion = true;
  };
  // The context every panel and App's own widgets draw with.
  PanelContext panel_context() { return {state_, platform_, message_, &font_small_, &probes_, &screen_.touch}; }
  // frame()'s stages, in order.
  void count_frame(double now);  // frame time and its median
  void run_deferred_build();     // a build announced by the previous frame (or a quick first one)
  void handle_keys();            // Space plays or pauses; Escape closes a popup or cancels a preparation
  void tick_and_sync_url();      // the session's time slice; the page's URL follows the state's
  void refresh_results_line();   // the toolbar's numbers (a single run, or one line per compared learner)
  // Which panels the link shows.
  PanelsShown panels_shown() const;
  // The panels under the toolbar, arranged for the screen (wide, stacked or sheet), and the gallery over them.
  void draw_panels(float toolbar_h, const PanelsShown& shown, bool sweep_mode);
  // Wide windows: the panels beside the sidebar (the sweep's plot alone in sweep mode).
  void draw_main_area(ImVec2 pos, ImVec2 size, const PanelsShown& shown, bool sweep_mode);
  void draw_sidebar(ImVec2 pos, ImVec2 size);
  void draw_notices();
  std::string frame_note() const;              // the toolbar status' tooltip: frame time and where it went
  bool quick_build() const;                    // the pending build is small enough for the first frame (App::frame)
  void update_view();                          // the View panel's caches, when it is shown (a single run or Compare)
  void draw_experiment_note();                 // Compare or Sweep: what the link varies
  void draw_start_here();                      // the first screen's "what am I looking at" and the way to the gallery
  void draw_gallery(ImVec2 pos, ImVec2 size);  // the gallery window (app/models/gallery.h) over the main area
  void draw_gallery_entries();                 // the gallery's ready-made experiments
  // A lesson link's lesson: its check on this frame's results, and the progress read from and stored by the host.
  void update_lesson();
  bool lesson_shown() const {
    return panels_.lesson.tracker().place().lesson != nullptr || !panels_.lesson.tracker().error().empty();
  }
  // Touch screens that are narrow or short: the view, then tabs and the panel chosen (app/models/layout.h).
  void draw_sheet(const ScreenLayout& layout, const PanelsShown& shown, bool sweep_mode);
  void draw_sheet_tabs(Box box, const PanelsShown& shown);
  // Narrow windows: the panels one under another in a column the wheel scrolls.
  // toolbar_h > 0: the toolbar is the column's first panel, scrolled with it (a screen it would fill).
  void draw_stacked(ImVec2 pos, ImVec2 size, float toolbar_h, const PanelsShown& shown);
  // The Run toolbar at height y, the window's width.
  void draw_toolbar(float y, float height);
  // The pointer, the tooltip, text input, the sidebar's scroll and the view's rectangle (status JSON).
  void status_pointer_json(std::string* out) const;
  // The lesson followed, its check and the stored progress (status JSON).
  void status_lesson_json(std::string* out) const;
  // status_json's compare and sweep parts.
  void status_compare_json(std::string* out) const;
  void status_sweep_json(std::string* out);

  Platform& platform_;
  AppState state_;
  std::string message_;           // what the last export, copy or file read did (PanelContext::message)
  ImFont* font_small_ = nullptr;  // tick labels and dense tables
  // What the font atlas was built from (setup_imgui, rebuild_fonts).
  struct Fonts {
    std::string path;      // the TTF file
    float host_ratio = 1;  // device pixels per host pixel
    int text_size = 100;   // the text size it was built for (AppState::text_size)
  };
  Fonts fonts_;
  Probes probes_;  // named widgets' rectangles in the last frame (PanelContext::probes)

  // The panels, each owning its state (app/panels/), all drawing through one PanelContext.
  struct Panels {
    explicit Panels(const PanelContext& context)
        : run(context),
          data(context),
          noise(context),
          learner(context),
          share(context),
          exports(context),
          view(context),
          plots(context),
          confusion(context),
          sweep(context),
          lesson(context) {}
    RunPanel run;
    DataPanel data;
    NoisePanel noise;
    LearnerPanel learner;
    SharePanel share;
    ExportPanel exports;
    ViewPanel view;
    PlotsPanel plots;
    ConfusionPanel confusion;
    SweepPanel sweep;
    LessonPanel lesson;  // shown while a lesson link is followed (and in the gallery's lesson list)
  };
  Panels panels_;

  // The frames: how many, how long apart, and what each cost.
  struct FrameClock {
    uint64_t count = 0;
    double last_time = 0;
    double ms = 0;             // smoothed frame time for the status line
    FrameTimes times;          // the last frames' intervals (status JSON: the median)
    double train_seconds = 0;  // this frame's training slice, on cost_clock()
    FrameCost last_cost;       // the last finished frame's cost
    FrameCostStats costs;      // the last frames' costs (status JSON, the toolbar's tooltip)
  };
  FrameClock frame_;

  // Where the panels went on the screen this frame, and how far what scrolls is scrolled.
  struct Screen {
    bool narrow = false;                   // the window is too narrow for side-by-side panels: they are stacked
    bool touch = false;                    // a touch screen (set_touch_screen)
    LayoutKind layout = LayoutKind::wide;  // this frame's arrangement
    SheetTab sheet_tab{};                  // the sheet layout's panel
    bool sweep_shown = false;              // the last frame showed a sweep (a new one opens on the Sweep tab)
    float narrow_scroll = 0;               // stacked layout: how far the column is scrolled
    float narrow_height = 0;               // stacked layout: the column's total height
    float narrow_visible = 0;              // stacked layout: the height it is seen through
    double sidebar_scroll_lines = 0;       // the sidebar's scroll position, in text lines (status JSON)
    double sidebar_scroll_max_lines = 0;   // how far it can scroll, in text lines
    float sidebar_content_h = 0;           // the sidebar's content (title and padding included) at the last draw
    double sidebar_scroll_px = 0;          // the sidebar's scroll position, in pixels (status JSON)
    double sidebar_scroll_max_px = 0;      // how far it can scroll, in pixels
    float start_here_h = 0;                // height of the welcome text while shown: kept after the first edit
    size_t errors_seen = 0;                // error notices at the last frame: a new one scrolls the sidebar up to it
  };
  Screen screen_;

  // The first screen: the welcome explanation and the gallery over the main area.
  struct FirstScreen {
    bool welcome = false;        // the app opened without a link: the first screen explains itself
    std::string welcome_url;     // the welcome experiment's canonical link (a different link ends welcome)
    std::string welcome_text;    // what it says of the run (kept in the frame an edit drops the session)
    bool gallery_open = false;   // the gallery window is shown
    bool gallery_shown = false;  // ... and was in the last frame
  };
  FirstScreen first_screen_;

  // What the host was last told, and what it was asked for.
  struct HostSync {
    uint64_t pushed_url_version = 0;
    std::string pushed_link;       // the last link given to the host (the lesson's keys and the experiment's link)
    bool progress_loaded = false;  // the host's stored lesson progress was read
    bool build_announced = false;  // a frame showed that a deferred build is coming
  };
  HostSync sync_;

  // This frame's numbers under the toolbar's controls (toolbar, status JSON).
  struct Results {
    std::vector<ResultField> line;       // a single run's results line
    std::vector<CompareResult> compare;  // Compare mode: one line per learner
  };
  Results results_;
};

}  // namespace ml::app
