// marginlab app — the playground's frame: lifecycle, fonts and style, layout of the panels (app/panels/),
// the sidebar's notices, and the status the end-to-end tests read (see app.h).
//
// [SECTION] lifecycle, fonts, style
// [SECTION] frame and layout
// [SECTION] sidebar and notices
// [SECTION] capture and status
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

namespace {
// The context every panel of `app` shares.
PanelContext context(AppState& state, Platform& platform, std::string& message, ImFont** font_small,
                     std::map<std::string, ImVec2>* probes) {
  return {state, platform, message, font_small, probes};
}
}  // namespace

App::App(Platform& platform)
    : platform_(platform),
      state_([&platform] { return platform.now_seconds(); }),
      run_(context(state_, platform_, message_, &font_small_, &probes_)),
      data_(context(state_, platform_, message_, &font_small_, &probes_)),
      noise_(context(state_, platform_, message_, &font_small_, &probes_)),
      learner_(context(state_, platform_, message_, &font_small_, &probes_)),
      share_(context(state_, platform_, message_, &font_small_, &probes_)),
      export_(context(state_, platform_, message_, &font_small_, &probes_)),
      view_(context(state_, platform_, message_, &font_small_, &probes_)),
      plots_(context(state_, platform_, message_, &font_small_, &probes_)),
      confusion_(context(state_, platform_, message_, &font_small_, &probes_)),
      sweep_(context(state_, platform_, message_, &font_small_, &probes_)),
      lesson_(context(state_, platform_, message_, &font_small_, &probes_)) {
  state_.defer_builds = true;  // a frame saying "building" comes before a long build
  last_frame_time_ = platform_.now_seconds();
}

App::~App() = default;

void App::setup_imgui(const std::string& font_path, float pixel_ratio) {
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the layout is computed every frame; nothing to remember
  // Glyphs rasterized at device resolution and drawn at 1/ratio: sharp text on high-DPI screens.
  const float ratio = std::clamp(pixel_ratio, 1.0f, 4.0f);
  io.Fonts->Clear();
  io.FontGlobalScale = 1.0f / ratio;
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
      font_small_ = io.Fonts->AddFontFromFileTTF(font_path.c_str(), 13.0f * ratio, &config, kFontRanges);
    }
  }
  if (!main) {
    ImFontConfig fallback;
    fallback.SizePixels = 13.0f * ratio;
    main = io.Fonts->AddFontDefault(&fallback);
    font_small_ = main;
  }
  io.FontDefault = main;
  // Rasterized here rather than by the renderer's first NewFrame, which only uploads it: the page does this
  // before its WebGL2 context exists (the renderer reads the RGBA form).
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);

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
  if (touch_) {
    // Every frame (buttons, fields, checkboxes, headers) a touch target; wider grabs and spacing between rows.
    style.FramePadding = ImVec2(10, touch_frame_padding(15.0f));
    style.ItemSpacing = ImVec2(9, 8);
    style.ItemInnerSpacing = ImVec2(8, 6);
    style.GrabMinSize = 24;
    style.ScrollbarSize = 14;
  }
}

void App::start_gl() { view_.start_gl(); }

void App::prepare_first_frame() {
  if (frames_ == 0 && state_.build_pending() && quick_build()) state_.build_pending_session();
  update_view();
}

void App::update_view() {
  if (panel_visible(state_.config(), "view") && state_.mode() != RunMode::sweep) view_.update(0.004);
}

void App::open_url(const std::string& url) {
  // A lesson link's `lesson` and `step` are the tracker's; the rest is the experiment (app/models/lesson_model.h).
  const bool was_following = lesson_.tracker().place().lesson != nullptr;
  const std::string experiment = lesson_.tracker().open(url);
  const bool following = lesson_.tracker().place().lesson != nullptr;
  if (following && !was_following) sheet_tab_ = SheetTab::lesson;
  welcome_ = !lesson_shown() && (experiment.empty() || experiment == "#" || experiment == kWelcomeLink);
  welcome_url_.clear();
  state_.open_url(experiment.empty() || experiment == "#" ? std::string_view(kWelcomeLink)
                                                          : std::string_view(experiment));
}

void App::load_csv(const std::string& name, std::string text) { state_.load_csv(name, std::move(text)); }

void App::set_visible(bool visible) { state_.visible = visible; }

// [SECTION] frame and layout ----------------------------------------------------------------------------

void App::frame() {
  const double now = platform_.now_seconds();
  count_frame(now);
  run_deferred_build();
  handle_keys();
  tick_and_sync_url();
  update_lesson();
  const Config& config = state_.config();
  const bool sweep_mode = state_.mode() == RunMode::sweep;
  update_view();

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float W = vp->Size.x, H = vp->Size.y;
  const float fs = ImGui::GetFontSize();
  PanelsShown shown;
  shown.run = panel_visible(config, "run");
  shown.side = panel_visible(config, "data") || panel_visible(config, "noise") || panel_visible(config, "learner") ||
               panel_visible(config, "share") || panel_visible(config, "export");
  shown.view = panel_visible(config, "view");
  shown.plots = panel_visible(config, "plots");
  shown.confusion = panel_visible(config, "confusion");
  refresh_results_line();

  const float toolbar_h = shown.run ? run_.needed_height(fs, true) : 0.0f;  // the second row: numbers and Gallery
  if (shown.run)
    run_.draw(
        ImVec2(0, 0), ImVec2(W, toolbar_h), [this] { return frame_note(); }, results_, compare_results_,
        &gallery_open_);
  LayoutInput layout_in;
  layout_in.width = W;
  layout_in.height = H;
  layout_in.font_size = fs;
  layout_in.toolbar_height = toolbar_h;
  layout_in.view_chrome = shown.view && !sweep_mode ? view_.chrome_height() : 0.0f;
  layout_in.tab_height = std::round(ImGui::GetFrameHeight() + ImGui::GetStyle().WindowPadding.y * 2);
  layout_in.touch = touch_;
  layout_in.reading = sheet_tab_ == SheetTab::lesson && lesson_shown();
  const ScreenLayout layout = layout_screen(layout_in);
  layout_ = layout.kind;
  narrow_ = layout.kind == LayoutKind::stacked;
  if (layout.kind == LayoutKind::sheet) {
    draw_sheet(layout, shown, sweep_mode);
  } else if (narrow_) {
    draw_stacked(ImVec2(0, toolbar_h), ImVec2(W, H - toolbar_h), shown.side, shown.view, shown.plots, shown.confusion);
  } else {
    const float side_w = shown.side ? std::round(std::clamp(W * 0.27f, 300.0f, 400.0f)) : 0.0f;
    const float lesson_w = lesson_shown() ? std::round(std::clamp(W * 0.24f, 260.0f, 360.0f)) : 0.0f;
    if (shown.side) draw_sidebar(ImVec2(0, toolbar_h), ImVec2(side_w, H - toolbar_h));
    draw_main_area(ImVec2(side_w, toolbar_h), ImVec2(W - side_w - lesson_w, H - toolbar_h), shown, sweep_mode);
    if (lesson_shown()) lesson_.draw(ImVec2(W - lesson_w, toolbar_h), ImVec2(lesson_w, H - toolbar_h));
  }
  if (gallery_open_) {
    const float gw = std::min(W - 20, fs * 44.0f);
    draw_gallery(ImVec2(std::round((W - gw) * 0.5f), toolbar_h + 10),
                 ImVec2(gw, std::min(H - toolbar_h - 20, fs * 30.0f)));
  }
  gallery_shown_ = gallery_open_;
}

void App::count_frame(double now) {
  const double dt = now - last_frame_time_;
  last_frame_time_ = now;
  frame_ms_ = frames_ == 0 ? dt * 1000 : frame_ms_ * 0.9 + dt * 1000 * 0.1;
  if (frames_ > 0) frame_times_.add(dt * 1000);
  ++frames_;
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
  if (build_announced_ || (frames_ == 1 && quick_build())) {
    state_.build_pending_session();
    build_announced_ = false;
  } else {
    build_announced_ = true;
  }
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
  train_seconds_ = cost_clock() - train_start;
  // The link says where the reader is: a lesson's keys stay in front of the experiment's link.
  const std::string link = place_link(lesson_.tracker().place(), state_.url());
  if (state_.url_version() != pushed_url_version_ || link != pushed_link_) {
    pushed_url_version_ = state_.url_version();
    pushed_link_ = link;
    // Opening a sweep's cell (or going back to the sweep), or a lesson's Back and Next, is a navigation: the
    // browser's Back returns.
    const bool cell_navigation = state_.take_navigation();
    const bool lesson_navigation = lesson_.take_navigation();
    if (cell_navigation || lesson_navigation)
      platform_.push_url(link);
    else
      platform_.url_changed(link);
  }
  // The first screen's explanation holds for the welcome experiment only: a changed setting ends it.
  if (welcome_) {
    if (welcome_url_.empty())
      welcome_url_ = state_.url();
    else if (state_.url() != welcome_url_)
      welcome_ = false;
  }
}

void App::update_lesson() {
  LessonTracker& tracker = lesson_.tracker();
  if (!progress_loaded_) {
    tracker.load_progress(platform_.load_progress());
    progress_loaded_ = true;
  }
  tracker.update(state_.lesson_results());
  if (tracker.take_progress_changed()) platform_.save_progress(tracker.progress().serialize());
}

// The results line (a single run, or a line per compared learner): the numbers under the toolbar's controls.
void App::refresh_results_line() {
  results_.clear();
  compare_results_.clear();
  const Session* session = state_.session();
  if (state_.mode() == RunMode::single && session)
    results_ = results_line(results_input(*session, state_.config().steps));
  if (state_.mode() == RunMode::compare) compare_results_ = compare_results(state_.compare(), state_.config().steps);
}

void App::draw_main_area(ImVec2 pos, ImVec2 size, const PanelsShown& shown, bool sweep_mode) {
  const float fs = ImGui::GetFontSize();
  const float mx = pos.x, my = pos.y, mw = size.x, mh = size.y;
  if (sweep_mode) {
    // The sweep's plot takes the whole main area (there is no single run to show).
    sweep_.draw(ImVec2(mx, my), ImVec2(mw, mh));
    return;
  }
  const bool top_row = shown.view || shown.plots;
  float bottom_h = 0;
  if (shown.confusion) bottom_h = top_row ? std::round(std::clamp(mh * 0.33f, 200.0f, 330.0f)) : mh;
  const float top_h = mh - bottom_h;
  if (top_row) {
    float view_w = 0;
    if (shown.view && shown.plots)
      view_w = std::round(std::clamp(top_h - fs * 3.2f, mw * 0.38f, mw * 0.52f));
    else if (shown.view)
      view_w = mw;
    if (shown.view) view_.draw(ImVec2(mx, my), ImVec2(view_w, top_h));
    export_.set_view_rect(shown.view ? view_.image_min() : ImVec2(),
                          shown.view ? view_.image_max() : ImVec2());  // "View PNG"
    if (shown.plots) plots_.draw(ImVec2(mx + view_w, my), ImVec2(mw - view_w, top_h));
  }
  if (shown.confusion) confusion_.draw(ImVec2(mx, my + top_h), ImVec2(mw, bottom_h));
  if (!shown.run && !shown.side && !top_row && !shown.confusion) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(vp->Size.x, vp->Size.y));
    ImGui::Begin("marginlab", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings);
    ImGui::TextWrapped("This link hides every panel.");
    ImGui::End();
  }
}

void App::draw_stacked(ImVec2 pos, ImVec2 size, bool show_side, bool show_view, bool show_plots, bool show_confusion) {
  // One column scrolled as a whole by the wheel (the sidebar keeps its own scrolling): the view, the
  // settings, the plots one under another, the confusion matrices.
  const ImGuiIO& io = ImGui::GetIO();
  const float fs = ImGui::GetFontSize();
  const float w = size.x;
  if (io.MouseWheel != 0 && !sidebar_hovered_ && !gallery_open_) narrow_scroll_ -= io.MouseWheel * fs * 5.0f;
  narrow_scroll_ = std::clamp(narrow_scroll_, 0.0f, std::max(0.0f, narrow_height_ - size.y));
  float y = pos.y - narrow_scroll_;
  const bool sweep_mode = state_.mode() == RunMode::sweep;
  const float view_h = std::round(std::min(w * 0.9f, size.y * 0.8f));
  const float side_h = std::round(std::max(size.y * 0.75f, fs * 20.0f));
  const float plots_h = std::round(std::clamp(w * 0.55f, fs * 14.0f, fs * 20.0f) * 4.0f + fs * 4.0f);
  const float confusion_h = std::round(fs * 20.0f);
  sidebar_hovered_ = false;
  if (lesson_shown()) {
    const float lesson_h = std::round(fs * 20.0f);
    lesson_.draw(ImVec2(pos.x, y), ImVec2(w, lesson_h));
    y += lesson_h;
  }
  if (sweep_mode) {
    sweep_.draw(ImVec2(pos.x, y), ImVec2(w, view_h));
    y += view_h;
  } else if (show_view) {
    view_.draw(ImVec2(pos.x, y), ImVec2(w, view_h));
    export_.set_view_rect(view_.image_min(), view_.image_max());  // "View PNG"
    y += view_h;
  }
  if (show_side) {
    draw_sidebar(ImVec2(pos.x, y), ImVec2(w, side_h));
    y += side_h;
  }
  if (!sweep_mode && show_plots) {
    plots_.draw(ImVec2(pos.x, y), ImVec2(w, plots_h));
    y += plots_h;
  }
  if (!sweep_mode && show_confusion) {
    confusion_.draw(ImVec2(pos.x, y), ImVec2(w, confusion_h));
    y += confusion_h;
  }
  narrow_height_ = y + narrow_scroll_ - pos.y;
}

void App::draw_sheet(const ScreenLayout& layout, const PanelsShown& shown, bool sweep_mode) {
  const Box v = layout.view, s = layout.sheet;
  if (sweep_mode) {
    sweep_.draw(ImVec2(v.x, v.y), ImVec2(v.w, v.h));
  } else if (shown.view) {
    view_.draw(ImVec2(v.x, v.y), ImVec2(v.w, v.h), false);        // the tabs and the image say what it is
    export_.set_view_rect(view_.image_min(), view_.image_max());  // "View PNG"
  }
  draw_sheet_tabs(layout.tabs, shown);
  const ImVec2 pos(s.x, s.y), size(s.w, s.h);
  if (sheet_tab_ == SheetTab::settings && shown.side) draw_sidebar(pos, size);
  if (sheet_tab_ == SheetTab::plots && shown.plots && !sweep_mode) plots_.draw(pos, size, true);
  if (sheet_tab_ == SheetTab::confusion && shown.confusion && !sweep_mode) confusion_.draw(pos, size);
  if (sheet_tab_ == SheetTab::lesson && lesson_shown()) lesson_.draw(pos, size, false);  // the tab names it
}

// The sheet's tabs: one button per panel the link shows, the current one highlighted.
void App::draw_sheet_tabs(Box box, const PanelsShown& shown) {
  const bool sweep_mode = state_.mode() == RunMode::sweep;
  struct Tab {
    SheetTab tab;
    const char* label;
    const char* probe_name;
    bool shown;
  };
  const Tab tabs[] = {{SheetTab::lesson, "Lesson", "tab.lesson", lesson_shown()},
                      {SheetTab::settings, "Settings", "tab.settings", shown.side},
                      {SheetTab::plots, "Plots", "tab.plots", shown.plots && !sweep_mode},
                      {SheetTab::confusion, "Confusion", "tab.confusion", shown.confusion && !sweep_mode}};
  int count = 0;
  for (const Tab& t : tabs) count += t.shown ? 1 : 0;
  if (count == 0) return;
  bool current_shown = false;
  for (const Tab& t : tabs) current_shown = current_shown || (t.shown && t.tab == sheet_tab_);
  if (!current_shown)
    for (const Tab& t : tabs)
      if (t.shown) {
        sheet_tab_ = t.tab;
        break;
      }
  begin_panel("##tabs", ImVec2(box.x, box.y), ImVec2(box.w, box.h),
              ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float w = std::floor((ImGui::GetContentRegionAvail().x - style.ItemSpacing.x * static_cast<float>(count - 1)) /
                             static_cast<float>(count));
  const PanelContext ctx = context(state_, platform_, message_, &font_small_, &probes_);
  bool first = true;
  for (const Tab& t : tabs) {
    if (!t.shown) continue;
    if (!first) ImGui::SameLine();
    first = false;
    const bool current = t.tab == sheet_tab_;
    if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(t.label, ImVec2(w, 0))) sheet_tab_ = t.tab;
    if (current) ImGui::PopStyleColor();
    probe(ctx, t.probe_name);
  }
  ImGui::End();
}

void App::draw_gallery(ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(size, ImGuiCond_Always);
  // In front when it opens; focused every frame it would drop a press on any other window (FocusWindow clears
  // the active item), so that the toolbar's buttons, its own Gallery toggle included, could not be clicked.
  if (!gallery_shown_) ImGui::SetNextWindowFocus();
  const bool visible = ImGui::Begin("Gallery: ready-made experiments", &gallery_open_,
                                    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                        ImGuiWindowFlags_NoSavedSettings);
  if (!visible) {
    ImGui::End();
    return;
  }
  // A first-time visitor (no lesson progress stored) sees the lessons first (lessons_first).
  const bool lessons_on_top = lessons_first(lesson_.tracker().progress());
  std::string lesson_link_chosen;
  if (lessons_on_top) {
    lesson_link_chosen = lesson_.draw_lesson_list();
    ImGui::Separator();
  }
  draw_gallery_entries();
  if (!lessons_on_top) {
    ImGui::Separator();
    lesson_link_chosen = lesson_.draw_lesson_list();
  }
  ImGui::End();
  if (!lesson_link_chosen.empty()) {
    open_url(lesson_link_chosen);
    gallery_open_ = false;
  }
}

void App::draw_gallery_entries() {
  ImGui::TextWrapped("Ready-made experiments: each opens as a link you can share. Pick one, press Play, and read "
                     "the line under the toolbar.");
  const PanelContext ctx = context(state_, platform_, message_, &font_small_, &probes_);
  const std::vector<GalleryEntry>& entries = gallery();
  for (size_t i = 0; i < entries.size(); ++i) {
    const GalleryEntry& e = entries[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::Separator();
    bool open = ImGui::Button("Open");
    probe(ctx, "gallery." + std::to_string(i));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%.*s", static_cast<int>(e.link.size()), e.link.data());
    ImGui::SameLine();
    ImGui::BeginGroup();
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.60f, 0.80f, 1.0f, 1));
    ImGui::TextWrapped("%.*s", static_cast<int>(e.title.size()), e.title.data());
    ImGui::PopStyleColor();
    ImGui::TextWrapped("%.*s", static_cast<int>(e.explanation.size()), e.explanation.data());
    ImGui::EndGroup();
    ImGui::PopID();
    if (open) {
      lesson_.tracker().end();
      state_.open_url(e.link);
      welcome_ = false;
      gallery_open_ = false;
    }
  }
}

// [SECTION] sidebar and notices -------------------------------------------------------------------------

void App::draw_notices() {
  // Errors first, each pinned above the scrolled warnings with its own dismiss button; then the warnings,
  // newest first (notice_display_order), so the latest word is where the eye is.
  const std::vector<Notice>& notices = state_.notices();
  if (notices.empty()) return;
  const PanelContext ctx = context(state_, platform_, message_, &font_small_, &probes_);
  const std::vector<size_t> order = notice_display_order(notices);
  const float fs = ImGui::GetFontSize();
  const float wrap = ImGui::GetContentRegionAvail().x - 16;
  std::optional<size_t> dismissed;
  float warnings_h = 0;
  int errors_shown = 0;
  for (size_t i : order) {
    if (!notices[i].error) {
      warnings_h += ImGui::CalcTextSize(notices[i].text.c_str(), nullptr, false, wrap).y + 4;
      continue;
    }
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::SmallButton("\xC3\x97")) dismissed = i;  // a multiplication sign: close
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Dismiss this error");
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.42f, 1));
    ImGui::TextWrapped("%s", notices[i].text.c_str());
    ImGui::PopStyleColor();
    probe(ctx, "notice.error." + std::to_string(errors_shown++));
    ImGui::PopID();
  }
  if (warnings_h > 0) {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.16f, 0.14f, 0.10f, 1));
    ImGui::BeginChild("notices", ImVec2(0, std::min(warnings_h + fs * 2.2f, fs * 10.0f)), true);
    for (size_t i : order) {
      if (notices[i].error) continue;
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.82f, 0.45f, 1));
      ImGui::TextWrapped("%s", notices[i].text.c_str());
      ImGui::PopStyleColor();
    }
    if (ImGui::SmallButton("Dismiss")) {
      for (size_t i = notices.size(); i-- > 0;)
        if (!notices[i].error) state_.dismiss_notice(i);
    }
    ImGui::EndChild();
    ImGui::PopStyleColor();
  }
  if (dismissed) state_.dismiss_notice(*dismissed);
}

void App::draw_experiment_note() {
  const RunMode mode = state_.mode();
  if (mode == RunMode::single) return;
  // One token per axis, lines broken only between axes (never inside "x.seed=1..5").
  std::vector<std::string> axes = {mode == RunMode::compare ? "Compare:" : "Sweep:"};
  for (const Axis& a : state_.axes()) axes.push_back("x." + a.key + "=" + a.spec);
  const TextMeasure measure = [](std::string_view t) { return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x; };
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.60f, 0.78f, 1.0f, 1));
  for (const std::string& line : flow_tokens(axes, " ", ImGui::GetContentRegionAvail().x, measure))
    ImGui::TextUnformatted(line.c_str());
  ImGui::PopStyleColor();
  note("%s", mode == RunMode::compare
                 ? "The settings below are shared by every learner."
                 : "The settings below are the base every cell shares; a setting on an axis takes the axis' values.");
}

void App::draw_start_here() {
  // Open on the first screen (no link given), a closed header otherwise: what the screen shows in plain
  // words, the way to the gallery, and the papers behind a toggle.
  ImGui::PushStyleColor(ImGuiCol_Header, ImVec4(0.16f, 0.26f, 0.20f, 1));
  // Open by default while welcoming and after (start_here_h_ > 0) until the user closes it: a header that
  // closed itself on the first edit would move everything under it.
  const bool open = ImGui::CollapsingHeader("What am I looking at?",
                                            welcome_ || start_here_h_ > 0 ? ImGuiTreeNodeFlags_DefaultOpen : 0);
  ImGui::PopStyleColor();
  if (!open) {
    start_here_h_ = 0;  // closed by the user: the next opening may be shorter
    return;
  }
  const float top = ImGui::GetCursorPosY();
  if (welcome_) {
    ImGui::TextWrapped("%.*s", static_cast<int>(welcome_text().size()), welcome_text().data());
  } else {
    ImGui::TextWrapped("Left: the settings (every change goes into the link). The 2-D view: the data and the "
                       "learner's regions. The plots: the run over steps. Under the toolbar: the numbers.");
    // The first edit ends the welcome text; its place is kept, so nothing under it moves (a click aimed at a
    // field below would otherwise land on another).
    const float pad = start_here_h_ - (ImGui::GetCursorPosY() - top) - ImGui::GetStyle().ItemSpacing.y;
    if (pad > 0) ImGui::Dummy(ImVec2(1, pad));
  }
  if (welcome_) start_here_h_ = ImGui::GetCursorPosY() - top;
  if (ImGui::Button("Open the gallery")) gallery_open_ = true;
  probe(context(state_, platform_, message_, &font_small_, &probes_), "start.gallery");
  trailing_hint("ready-made experiments");
  if (ImGui::TreeNode("Details: the papers")) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled(
        "000 Stempfel & Ralaivola, ALT 2007: noisy kernel perceptrons, Bylander's Cnoise update, RP-classifier.");
    ImGui::TextDisabled("001 Course notes: the perceptron's (R/\xCE\xB4)\xC2\xB2 mistake bound, Halving.");
    ImGui::TextDisabled("002 Har-Peled, Roth & Zimak, IJCAI 2007: max-margin coresets, outlier SVM.");
    ImGui::TextDisabled("003 Klivans, Long & Servedio, ICALP 2009: malicious noise, A_mu, smooth boosting.");
    ImGui::TextDisabled(
        "004 Louche & Ralaivola, Machine Learning 2015: UMA, confusion-matrix noise, multiclass margin.");
    ImGui::PopTextWrapPos();
    ImGui::TreePop();
  }
  ImGui::Spacing();
}

void App::draw_sidebar(ImVec2 pos, ImVec2 size) {
  begin_panel("Experiment", pos, size);
  sidebar_hovered_ = ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows);
  probes_["sidebar"] = ImVec2(pos.x + size.x * 0.5f, pos.y + size.y * 0.5f);  // where the touch tests drag
  // A new error (a CSV that did not parse, a link that failed) is pinned at the top: bring the top into view.
  const size_t errors = static_cast<size_t>(
      std::count_if(state_.notices().begin(), state_.notices().end(), [](const Notice& n) { return n.error; }));
  if (errors > errors_seen_) ImGui::SetScrollY(0);
  errors_seen_ = errors;
  draw_notices();
  draw_start_here();
  draw_experiment_note();

  const Config& config = state_.config();
  const ImGuiTreeNodeFlags open = ImGuiTreeNodeFlags_DefaultOpen;
  if (panel_visible(config, "data") && ImGui::CollapsingHeader("Data", open)) data_.draw();
  if (panel_visible(config, "noise") && ImGui::CollapsingHeader("Noise", open)) noise_.draw();
  if (panel_visible(config, "learner") && ImGui::CollapsingHeader("Learner", open)) learner_.draw();
  if (panel_visible(config, "share") && ImGui::CollapsingHeader("Share", open))
    share_.draw(
        place_link(lesson_.tracker().place(), state_.url()));  // a lesson's keys in front, as in the address bar
  if (panel_visible(config, "export") &&
      ImGui::CollapsingHeader("Export", state_.mode() == RunMode::sweep ? open : 0)) {
    if (state_.mode() == RunMode::sweep)
      export_.draw(sweep_.plot_min(), sweep_.plot_max());
    else
      export_.draw(plots_.plots_min(), plots_.plots_max());
  }
  sidebar_scroll_px_ = ImGui::GetScrollY();
  sidebar_scroll_max_px_ = ImGui::GetScrollMaxY();
  sidebar_scroll_lines_ = ImGui::GetScrollY() / ImGui::GetTextLineHeightWithSpacing();
  sidebar_scroll_max_lines_ = ImGui::GetScrollMaxY() / ImGui::GetTextLineHeightWithSpacing();
  ImGui::End();
}

bool App::quick_build() const {
  const Config& config = state_.config();
  const DataShape shape =
      state_.has_csv() ? csv_shape(config, state_.csv_info().rows, state_.csv_info().cols) : generated_shape(config);
  return shape.examples * std::max(1.0, shape.dims) <= kQuickBuildValues;
}

// [SECTION] frame cost, capture and status --------------------------------------------------------------

void App::finish_frame_cost(double frame_seconds, double render_gl_seconds) {
  last_cost_.frame_ms = frame_seconds * 1000;
  last_cost_.train_ms = train_seconds_ * 1000;
  last_cost_.gl_ms = (render_gl_seconds + view_.take_gl_seconds()) * 1000;
  frame_costs_.add(last_cost_);
  train_seconds_ = 0;
}

std::string App::frame_note() const {
  char text[200];
  std::snprintf(text, sizeof text,
                "%.1f ms per frame (%s); of one frame's work: app %.1f ms, training %.1f ms, GL calls %.1f ms "
                "(medians of the last %zu frames)",
                frame_ms_, platform_.host_name(), frame_costs_.app().median_ms(), frame_costs_.train().median_ms(),
                frame_costs_.gl().median_ms(), frame_costs_.app().size());
  return text;
}

void App::after_render(int framebuffer_width, int framebuffer_height) {
  export_.after_render(framebuffer_width, framebuffer_height);
}

std::string App::trace_sha256() const {
  const Session* s = state_.session();
  return s ? s->trace().sha256() : std::string();
}

namespace {
std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", c);
      out += b;
    } else
      out += c;
  }
  return out;
}
}  // namespace

std::string App::sweep_rows() const {
  const SweepModel* sweep = state_.sweep();
  return sweep ? sweep->rows_jsonl() : std::string();
}

// The lesson followed (null when none): its place, the step's check, the steps met; and the stored progress.
void App::status_lesson_json(std::string* out) const {
  const LessonTracker& tracker = lesson_.tracker();
  const LessonPlace& place = tracker.place();
  *out += ",\"lesson\":";
  if (place.lesson == nullptr) {
    *out += "null";
  } else {
    const StepCheck& c = tracker.check();
    *out += "{\"name\":\"" + json_escape(place.lesson->name) + "\",\"step\":" + std::to_string(place.step);
    *out += ",\"steps\":" + std::to_string(place.lesson->steps.size());
    *out += std::string(",\"state\":\"") +
            (c.state == StepState::met       ? "met"
             : c.state == StepState::not_met ? "not_met"
                                             : "waiting") +
            "\"";
    *out += ",\"why\":\"" + json_escape(c.state == StepState::waiting ? c.progress : c.check.why) + "\"";
    *out += ",\"met_count\":" + std::to_string(tracker.progress().met_count(*place.lesson)) + "}";
  }
  *out += ",\"lesson_error\":\"" + json_escape(tracker.error()) + "\"";
  *out += ",\"progress\":\"" + json_escape(tracker.progress().serialize()) + "\"";
  *out += std::string(",\"lessons_first\":") + (lessons_first(tracker.progress()) ? "true" : "false");
}

// The pointer as ImGui saw it in the last frame, for the touch tests: the cursor (null when off screen), whether
// a tooltip was shown, a text field takes the keyboard, the sidebar's scroll in pixels, the view's rectangle.
void App::status_pointer_json(std::string* out) const {
  const ImGuiIO& io = ImGui::GetIO();
  *out += ",\"pointer\":";
  *out += ImGui::IsMousePosValid(&io.MousePos)
              ? "[" + std::to_string(io.MousePos.x) + "," + std::to_string(io.MousePos.y) + "]"
              : std::string("null");
  const ImGuiWindow* tooltip = ImGui::FindWindowByName("##Tooltip_00");
  *out += std::string(",\"tooltip\":") + (tooltip && tooltip->Active ? "true" : "false");
  *out += std::string(",\"want_text_input\":") + (io.WantTextInput ? "true" : "false");
  *out += ",\"sidebar_scroll_px\":" + std::to_string(sidebar_scroll_px_);
  *out += ",\"sidebar_scroll_max_px\":" + std::to_string(sidebar_scroll_max_px_);
  *out += ",\"font_size\":" + std::to_string(ImGui::GetFontSize());
  *out += ",\"frame_height\":" + std::to_string(ImGui::GetFrameHeight());
  const double *lo = view_.view_lo(), *hi = view_.view_hi();
  *out += ",\"view_range\":[" + std::to_string(lo[0]) + "," + std::to_string(hi[0]) + "," + std::to_string(lo[1]) +
          "," + std::to_string(hi[1]) + "]";
}

// Compare: each learner's progress (status_json).
void App::status_compare_json(std::string* out) const {
  *out += ",\"compare\":[";
  if (state_.mode() == RunMode::compare) {
    const CompareModel& cm = state_.compare();
    for (size_t i = 0; i < cm.size(); ++i) {
      const ComparedRun& r = cm.run(i);
      if (i) *out += ",";
      *out += "{\"learner\":\"" + json_escape(r.learner) + "\"";
      *out += ",\"steps\":" + std::to_string(r.session ? r.session->steps() : 0);
      *out += ",\"mistakes\":" + std::to_string(r.session ? r.session->mistakes() : 0);
      *out += ",\"trace_sha256\":\"" + std::string(r.session && !state_.playing() ? r.session->trace().sha256() : "") +
              "\"";
      *out += ",\"cell\":\"" + json_escape(r.cell.url) + "\"";
      *out += ",\"error\":\"" + json_escape(r.error) + "\"}";
    }
  }
  *out += "]";
}

// Sweep: progress, the plot's points, the rows' hash once every cell has its row (status_json).
void App::status_sweep_json(std::string* out) {
  if (SweepModel* sweep = state_.sweep()) {
    const SweepPlotData& plot = sweep->plot(sweep_.metric());
    size_t markers = 0;
    for (const SweepLine& line : plot.lines)
      for (double m : line.mean)
        if (std::isfinite(m)) ++markers;
    const ImVec2 marker = sweep_.first_marker(), entry = sweep_.first_cell_entry();
    *out += ",\"sweep\":{";
    *out += "\"completed\":" + std::to_string(sweep->completed());
    *out += ",\"total\":" + std::to_string(sweep->total());
    *out += std::string(",\"finished\":") + (sweep->finished() ? "true" : "false");
    *out += std::string(",\"paused\":") + (sweep->paused() ? "true" : "false");
    *out += std::string(",\"cancelled\":") + (sweep->cancelled() ? "true" : "false");
    *out += ",\"error\":\"" + json_escape(sweep->error().ok() ? std::string() : sweep->error().error().message) + "\"";
    *out += ",\"error_rows\":" + std::to_string(sweep->error_rows());
    *out += ",\"metric\":\"" + json_escape(plot.metric) + "\"";
    *out += ",\"x_key\":\"" + json_escape(plot.x_key) + "\"";
    *out += ",\"lines\":" + std::to_string(plot.lines.size());
    *out += ",\"points\":" + std::to_string(plot.points.size());
    *out += ",\"points_filled\":" + std::to_string(plot.points_filled);
    *out += ",\"markers\":" + std::to_string(markers);
    *out += ",\"rows_sha256\":\"" + (sweep->finished() ? sweep->rows_sha256() : std::string()) + "\"";
    *out += ",\"first_marker\":[" + std::to_string(marker.x) + "," + std::to_string(marker.y) + "]";
    *out += ",\"first_cell_entry\":[" + std::to_string(entry.x) + "," + std::to_string(entry.y) + "]";
    *out += "}";
  }
}

std::string App::status_json() {
  const Session* s = state_.session();
  std::string out = "{";
  out += "\"frames\":" + std::to_string(frames_);
  out += ",\"steps\":" + std::to_string(s ? s->steps() : 0);
  out += ",\"mistakes\":" + std::to_string(s ? s->mistakes() : 0);
  out += ",\"trace_rows\":" + std::to_string(s ? s->trace().size() : 0);
  out += std::string(",\"playing\":") + (state_.playing() ? "true" : "false");
  out += std::string(",\"popup_open\":") +
         (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel) ? "true" : "false");
  out += std::string(",\"done\":") + (s && s->done() ? "true" : "false");
  out += std::string(",\"visible\":") + (state_.visible ? "true" : "false");
  out += std::string(",\"has_session\":") + (s ? "true" : "false");
  out += std::string(",\"building\":") + (state_.build_pending() ? "true" : "false");
  out += std::string(",\"preparing\":") + (state_.preparing() ? "true" : "false");
  out += ",\"prepare_progress\":" + std::to_string(state_.preparing() && s ? s->preparation().progress : 0.0);
  out += std::string(",\"csv_rows\":") + std::to_string(state_.has_csv() ? state_.csv_info().rows : 0);
  out += ",\"train_rows\":" + std::to_string(s ? s->data().train.rows() : 0);
  // The run's test error (null without a session or a test part): the newcomer test's measure.
  const double test_error = s ? s->metrics().test_error : std::nan("");
  out += ",\"test_error\":" + (std::isfinite(test_error) ? std::to_string(test_error) : std::string("null"));
  out += ",\"url\":\"" + json_escape(state_.url()) + "\"";
  out += ",\"link\":\"" + json_escape(place_link(lesson_.tracker().place(), state_.url())) + "\"";
  status_lesson_json(&out);
  out += ",\"error\":\"" + json_escape(state_.build_error()) + "\"";
  out += ",\"notices\":[";  // what the sidebar's notices say (warnings and errors), for the tests
  for (size_t i = 0; i < state_.notices().size(); ++i)
    out += (i ? ",\"" : "\"") + json_escape(state_.notices()[i].text) + "\"";
  out += "]";
  out += ",\"frame_ms\":" + std::to_string(frame_ms_);
  out += ",\"frame_median_ms\":" + std::to_string(frame_times_.median_ms());
  out += ",\"frame_samples\":" + std::to_string(frame_times_.size());
  // Where the frames' time went (FrameCost): the app's own work, the training slice, the GL calls.
  out += ",\"app_cpu_median_ms\":" + std::to_string(frame_costs_.app().median_ms());
  out += ",\"app_cpu_p95_ms\":" + std::to_string(frame_costs_.app().percentile_ms(0.95));
  out += ",\"train_median_ms\":" + std::to_string(frame_costs_.train().median_ms());
  out += ",\"gl_median_ms\":" + std::to_string(frame_costs_.gl().median_ms());
  out += ",\"sidebar_scroll_lines\":" + std::to_string(sidebar_scroll_lines_);
  out += ",\"sidebar_scroll_max_lines\":" + std::to_string(sidebar_scroll_max_lines_);
  const RunMode mode = state_.mode();
  out += std::string(",\"mode\":\"") +
         (mode == RunMode::single    ? "single"
          : mode == RunMode::compare ? "compare"
                                     : "sweep") +
         "\"";
  out += ",\"parked_sweep_url\":\"" + json_escape(state_.parked_sweep_url()) + "\"";
  // The results line as shown (its count label is what the learner's bound counts).
  out += ",\"results\":\"" + json_escape(results_text(results_)) + "\"";
  out += ",\"compare_results\":[";  // Compare mode: the toolbar's line per learner
  for (size_t i = 0; i < compare_results_.size(); ++i)
    out += (i ? ",\"" : "\"") + json_escape(compare_results_[i].text) + "\"";
  out += "]";
  out += ",\"count_label\":\"" + json_escape(results_.size() > 1 ? results_[1].label : std::string()) + "\"";
  out += std::string(",\"gallery_open\":") + (gallery_open_ ? "true" : "false");
  out += std::string(",\"narrow\":") + (narrow_ ? "true" : "false");
  out += std::string(",\"layout\":\"") +
         (layout_ == LayoutKind::wide      ? "wide"
          : layout_ == LayoutKind::stacked ? "stacked"
                                           : "sheet") +
         "\"";
  out += ",\"sheet_tab\":" + std::to_string(static_cast<int>(sheet_tab_));
  const DrawnTextReport text = drawn_text_report();  // the last frame's cut or overlapping texts
  out += ",\"text\":{\"glyphs\":" + std::to_string(text.glyphs) + ",\"cut\":" + std::to_string(text.cut) +
         ",\"overlaps\":" + std::to_string(text.overlaps) + ",\"examples\":[";
  for (size_t i = 0; i < text.examples.size(); ++i) out += (i ? ",\"" : "\"") + json_escape(text.examples[i]) + "\"";
  out += "]}";
  status_pointer_json(&out);
  // Where named widgets were drawn in the last frame (the tests click them).
  out += ",\"probes\":{";
  bool first_probe = true;
  for (const auto& [name, at] : probes_) {
    out += (first_probe ? "\"" : ",\"") + json_escape(name) + "\":[" + std::to_string(at.x) + "," +
           std::to_string(at.y) + "]";
    first_probe = false;
  }
  out += "}";
  status_compare_json(&out);
  status_sweep_json(&out);
  out += "}";
  return out;
}

}  // namespace ml::app
