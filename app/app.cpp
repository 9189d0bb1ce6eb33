// marginlab app — the playground's frame: lifecycle, fonts and style, and the stages of a frame (see app.h).
// Where the panels go (main area, stacked column, sheet, sidebar, gallery) is app_layout.cpp; the frame's
// cost, the capture and the status JSON are app_status.cpp.
//
// [SECTION] lifecycle, fonts, style
// [SECTION] frame
#include "app/app.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>

#include "app/models/gallery.h"
#include "app/models/ui_model.h"
#include "app/ui/font_ranges.h"
#include "core/config/budget.h"
#include "imgui_internal.h"

namespace ml::app {

// The largest data (examples x features) the first frame, or prepare_first_frame ahead of it, builds without a
// frame announcing it (App::frame): 100 000 2-D points build in 0.1-0.2 s in wasm, less than an announcing
// frame costs the page's start (measured below).
constexpr double kQuickBuildValues = 1e6;

// [SECTION] lifecycle, fonts, style ---------------------------------------------------------------------

App::App(Platform& platform)
    : platform_(platform), state_([&platform] { return platform.now_seconds(); }), panels_(panel_context()) {
  state_.defer_builds = true;  // a frame saying "building" comes before a long build
  frame_.last_time = platform_.now_seconds();
  state_.text_size = parse_text_size(platform_.load_preference("text_size"));
}

App::~App() = default;

namespace {

// Loads the UI font at 15 px (`*small` at 13 px) times `ratio` from a TTF file, ImGui's built-in font when it
// cannot be read, and rasterizes the atlas.
void load_fonts(ImGuiIO& io, const std::string& font_path, float ratio, ImFont** small) {
  // Horizontal oversampling places glyphs at sub-pixel x positions; ImGui snaps y, so vertical oversampling
  // would only double the atlas (and the time to build and upload it: half the page's first frame).
  ImFontConfig config;
  config.OversampleH = 2;
  config.OversampleV = 1;
  ImFont* main = nullptr;
  if (!font_path.empty()) {
    if (FILE* f = std::fopen(font_path.c_str(), "rb")) {
      std::fclose(f);
      main = io.Fonts->AddFontFromFileTTF(font_path.c_str(), 15.0f * ratio, &config, kFontRanges);
      *small = io.Fonts->AddFontFromFileTTF(font_path.c_str(), 13.0f * ratio, &config, kFontRanges);
    }
  }
  if (!main) {
    ImFontConfig fallback;
    fallback.SizePixels = 13.0f * ratio;
    main = io.Fonts->AddFontDefault(&fallback);
    *small = main;
  }
  io.FontDefault = main;
  // Rasterized here rather than by the renderer's first NewFrame, which only uploads it: the page does this
  // before its WebGL2 context exists (the renderer reads the RGBA form).
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
}

// The app's dark style; on touch screens every frame is a touch target.
void apply_style(bool touch) {
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0;
  style.WindowBorderSize = 1;
  style.FrameRounding = 3;
  style.GrabRounding = 3;
  style.TabRounding = 3;
  style.FramePadding = ImVec2(6, 3);
  style.ItemSpacing = ImVec2(7, 5);
  style.WindowPadding = ImVec2(9, 7);
  style.ScrollbarSize = 12;
  style.IndentSpacing = 14;
  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.105f, 0.113f, 0.132f, 1);
  c[ImGuiCol_ChildBg] = ImVec4(0.105f, 0.113f, 0.132f, 1);
  c[ImGuiCol_PopupBg] = ImVec4(0.13f, 0.14f, 0.16f, 0.98f);
  c[ImGuiCol_Border] = ImVec4(0.22f, 0.24f, 0.28f, 1);
  c[ImGuiCol_TitleBg] = ImVec4(0.14f, 0.15f, 0.18f, 1);
  c[ImGuiCol_TitleBgActive] = ImVec4(0.14f, 0.15f, 0.18f, 1);
  c[ImGuiCol_FrameBg] = ImVec4(0.17f, 0.185f, 0.215f, 1);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.22f, 0.24f, 0.29f, 1);
  c[ImGuiCol_FrameBgActive] = ImVec4(0.25f, 0.28f, 0.34f, 1);
  c[ImGuiCol_Header] = ImVec4(0.18f, 0.22f, 0.30f, 1);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.22f, 0.29f, 0.40f, 1);
  c[ImGuiCol_HeaderActive] = ImVec4(0.25f, 0.33f, 0.46f, 1);
  c[ImGuiCol_Button] = ImVec4(0.20f, 0.26f, 0.36f, 1);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.26f, 0.36f, 0.50f, 1);
  c[ImGuiCol_ButtonActive] = ImVec4(0.30f, 0.42f, 0.60f, 1);
  c[ImGuiCol_CheckMark] = ImVec4(0.45f, 0.72f, 1.0f, 1);
  c[ImGuiCol_SliderGrab] = ImVec4(0.40f, 0.60f, 0.90f, 1);
  c[ImGuiCol_Text] = ImVec4(0.88f, 0.89f, 0.92f, 1);
  c[ImGuiCol_TextDisabled] = ImVec4(0.55f, 0.58f, 0.63f, 1);
  if (touch) {
    // Every frame (buttons, fields, checkboxes, headers) a touch target; wider grabs and spacing between rows.
    style.FramePadding = ImVec2(10, touch_frame_padding(15.0f));
    style.ItemSpacing = ImVec2(9, 8);
    style.ItemInnerSpacing = ImVec2(8, 6);
    style.GrabMinSize = 24;
    style.ScrollbarSize = 14;
  }
}

}  // namespace

void App::setup_imgui(const std::string& font_path, float pixel_ratio) {
  fonts_.path = font_path;
  fonts_.host_ratio = pixel_ratio;
  rebuild_fonts();
}

void App::rebuild_fonts() {
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the layout is computed every frame; nothing to remember
  // Glyphs rasterized at device resolution (the host's pixels per its unit, times the text size) and drawn at
  // 1/ratio: sharp text on high-DPI screens and at every text size. Past 4 the atlas would outgrow what a phone's
  // GPU takes; the glyphs are then magnified a little.
  fonts_.text_size = state_.text_size;
  const float ratio = std::clamp(fonts_.host_ratio * text_scale(), 1.0f, 4.0f);
  io.Fonts->Clear();
  io.FontGlobalScale = 1.0f / ratio;
  load_fonts(io, fonts_.path, ratio, &font_small_);
  apply_style(screen_.touch);
}

bool App::fonts_stale() const { return fonts_.text_size != state_.text_size; }

void App::scale_io() {
  const float s = text_scale();
  if (s == 1.0f) return;
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(io.DisplaySize.x / s, io.DisplaySize.y / s);
  io.DisplayFramebufferScale = ImVec2(io.DisplayFramebufferScale.x * s, io.DisplayFramebufferScale.y * s);
  if (ImGui::IsMousePosValid(&io.MousePos)) io.MousePos = ImVec2(io.MousePos.x / s, io.MousePos.y / s);
}

void App::start_gl() { panels_.view.start_gl(); }

void App::prepare_first_frame() {
  if (frame_.count == 0 && state_.build_pending() && quick_build()) state_.build_pending_session();
  update_view();
}

void App::update_view() {
  if (panel_visible(state_.config(), "view") && state_.mode() != RunMode::sweep) panels_.view.update(0.004);
}

void App::open_url(const std::string& url) {
  // A lesson link's `lesson` and `step` are the tracker's; the rest is the experiment (app/models/lesson_model.h).
  const bool was_following = panels_.lesson.tracker().place().lesson != nullptr;
  const std::string experiment = panels_.lesson.tracker().open(url);
  const bool following = panels_.lesson.tracker().place().lesson != nullptr;
  if (following && !was_following) screen_.sheet_tab = SheetTab::lesson;
  first_screen_.welcome = !lesson_shown() && (experiment.empty() || experiment == "#" || experiment == kWelcomeLink);
  first_screen_.welcome_url.clear();
  state_.open_url(experiment.empty() || experiment == "#" ? std::string_view(kWelcomeLink)
                                                          : std::string_view(experiment));
}

void App::load_csv(const std::string& name, std::string text) { state_.load_csv(name, std::move(text)); }

void App::set_visible(bool visible) { state_.visible = visible; }

// [SECTION] frame ---------------------------------------------------------------------------------------

void App::frame() {
  count_frame(platform_.now_seconds());
  run_deferred_build();
  handle_keys();
  tick_and_sync_url();
  update_lesson();
  const bool sweep_mode = state_.mode() == RunMode::sweep;
  update_view();
  const PanelsShown shown = panels_shown();
  refresh_results_line();

  const float toolbar_h =
      shown.run ? panels_.run.needed_height(ImGui::GetFontSize(), true) : 0.0f;  // the second row: numbers and Gallery
  draw_panels(toolbar_h, shown, sweep_mode);
}

void App::draw_toolbar(float y, float height) {
  panels_.run.draw(
      ImVec2(0, y), ImVec2(ImGui::GetMainViewport()->Size.x, height), [this] { return frame_note(); }, results_.line,
      results_.compare, &first_screen_.gallery_open);
}

App::PanelsShown App::panels_shown() const {
  const Config& config = state_.config();
  PanelsShown shown;
  shown.run = panel_visible(config, "run");
  shown.side = panel_visible(config, "data") || panel_visible(config, "noise") || panel_visible(config, "learner") ||
               panel_visible(config, "share") || panel_visible(config, "export");
  shown.view = panel_visible(config, "view");
  shown.plots = panel_visible(config, "plots");
  shown.confusion = panel_visible(config, "confusion");
  return shown;
}

void App::count_frame(double now) {
  const double dt = now - frame_.last_time;
  frame_.last_time = now;
  frame_.ms = frame_.count == 0 ? dt * 1000 : frame_.ms * 0.9 + dt * 1000 * 0.1;
  if (frame_.count > 0) frame_.times.add(dt * 1000);
  ++frame_.count;
  probes_.clear();
}

// A deferred build runs at the start of the frame after the one that announced it. The first frame builds
// a small experiment at once (if prepare_first_frame has not): until it is drawn the host's loading screen
// is up (the page's overlay says the experiment is starting), so a frame saying "building" would only show
// it a frame later. A larger one is announced first even then, so the page never sits on its loading
// screen through a long build. Up to kQuickBuildValues the extra frame costs more than it overlaps: at
// 100 000 points, built in the first frame the page showed the experiment at 1031-1096 ms (median of 5
// fresh Chromium starts, three runs), announced first at 1131-1156 ms (two runs;
// tools/e2e/measure_frames.mjs with STARTS=5; both before the page built it ahead of its WebGL2 context).
void App::run_deferred_build() {
  if (!state_.build_pending()) return;
  if (sync_.build_announced || (frame_.count == 1 && quick_build())) {
    state_.build_pending_session();
    sync_.build_announced = false;
  } else {
    sync_.build_announced = true;
  }
}

bool App::quick_build() const {
  const Config& config = state_.config();
  const DataShape shape =
      state_.has_csv() ? csv_shape(config, state_.csv_info().rows, state_.csv_info().cols) : generated_shape(config);
  return shape.examples * std::max(1.0, shape.dims) <= kQuickBuildValues;
}

void App::handle_keys() {
  // Space plays or pauses (unless a text field or a widget has the keyboard).
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.WantTextInput && !ImGui::IsAnyItemActive() &&
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) {
    if (state_.playing())
      state_.pause();
    else
      state_.play();
  }
  // Escape closes an open combo or menu first; otherwise it cancels a running preparation (as the toolbar's
  // Cancel button does).
  const bool escape_closed_popup = close_popup_on_escape();
  if (!escape_closed_popup && state_.preparing() && !io.WantTextInput &&
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false))
    state_.cancel_preparation();
}

void App::tick_and_sync_url() {
  const double train_start = cost_clock();
  state_.tick();
  frame_.train_seconds = cost_clock() - train_start;
  // The link says where the reader is: a lesson's keys stay in front of the experiment's link.
  const std::string link = place_link(panels_.lesson.tracker().place(), state_.url());
  if (state_.url_version() != sync_.pushed_url_version || link != sync_.pushed_link) {
    sync_.pushed_url_version = state_.url_version();
    sync_.pushed_link = link;
    // Opening a sweep's cell (or going back to the sweep), or a lesson's Back and Next, is a navigation: the
    // browser's Back returns.
    const bool cell_navigation = state_.take_navigation();
    const bool lesson_navigation = panels_.lesson.take_navigation();
    if (cell_navigation || lesson_navigation)
      platform_.push_url(link);
    else
      platform_.url_changed(link);
  }
  // The first screen's explanation holds for the welcome experiment only: a changed setting ends it.
  if (first_screen_.welcome) {
    if (first_screen_.welcome_url.empty())
      first_screen_.welcome_url = state_.url();
    else if (state_.url() != first_screen_.welcome_url)
      first_screen_.welcome = false;
  }
}

void App::update_lesson() {
  LessonTracker& tracker = panels_.lesson.tracker();
  if (!sync_.progress_loaded) {
    tracker.load_progress(platform_.load_progress());
    sync_.progress_loaded = true;
  }
  tracker.update(state_.lesson_results());
  if (tracker.take_progress_changed()) platform_.save_progress(tracker.progress().serialize());
}

// The results line (a single run, or a line per compared learner): the numbers under the toolbar's controls.
void App::refresh_results_line() {
  results_.line.clear();
  results_.compare.clear();
  const Session* session = state_.session();
  if (state_.mode() == RunMode::single && session)
    results_.line = results_line(results_input(*session, state_.config().steps));
  if (state_.mode() == RunMode::compare) results_.compare = compare_results(state_.compare(), state_.config().steps);
}

}  // namespace ml::app
