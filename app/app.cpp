// marginlab app — the playground's frame: lifecycle, fonts and style, layout, the Run toolbar, the
// View and Plots panels, capture, and the status the end-to-end tests read (see app.h).
//
// [SECTION] lifecycle, fonts, style
// [SECTION] frame and layout
// [SECTION] run toolbar
// [SECTION] sidebar and notices
// [SECTION] view panel
// [SECTION] plots panel
// [SECTION] capture and status
#include "app/app.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "app/plot.h"
#include "app/plot_axis.h"
#include "app/png.h"
#include "app/ui_model.h"
#include "core/data/generators.h"
#include "core/noise/noise.h"
#include "core/trace.h"

namespace ml::app {

// Clean data would converge in a few dozen steps; 5% label noise keeps the perceptron moving for the
// whole budget, so the page opens on mistakes climbing toward the (clean-data) bound, a margin that
// moves, regions that shift and corrupted points marked.
const char* const kWelcomeLink = "#v=1&data=separable&noise=uniform&eta=0.05&learner=perceptron&seed=1";

// [SECTION] lifecycle, fonts, style ---------------------------------------------------------------------

App::App(Platform& platform)
    : platform_(platform), state_([&platform] { return platform.now_seconds(); }) {
  view_ = std::make_unique<View>();
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
  // Latin-1 and Extended-A (Ĉ), Greek (eta, delta, gamma), punctuation, arrows, maths operators, geometric shapes, ⟨⟩.
  static const ImWchar kRanges[] = {0x0020, 0x00FF, 0x0100, 0x017F, 0x0370, 0x03FF, 0x2000, 0x206F, 0x2070, 0x209F, 0x2190, 0x21FF,
                                    0x2200, 0x22FF, 0x2500, 0x25FF, 0x27E8, 0x27E9, 0};
  ImFontConfig config;
  config.OversampleH = 2;
  config.OversampleV = 2;
  ImFont* main = nullptr;
  if (!font_path.empty()) {
    if (FILE* f = std::fopen(font_path.c_str(), "rb")) {
      std::fclose(f);
      main = io.Fonts->AddFontFromFileTTF(font_path.c_str(), 15.0f * ratio, &config, kRanges);
      font_small_ = io.Fonts->AddFontFromFileTTF(font_path.c_str(), 13.0f * ratio, &config, kRanges);
    }
  }
  if (!main) {
    ImFontConfig fallback;
    fallback.SizePixels = 13.0f * ratio;
    main = io.Fonts->AddFontDefault(&fallback);
    font_small_ = main;
  }
  io.FontDefault = main;

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
}

void App::open_url(const std::string& url) {
  state_.open_url(url.empty() ? std::string_view(kWelcomeLink) : std::string_view(url));
}

void App::load_csv(const std::string& name, std::string text) { state_.load_csv(name, std::move(text)); }

void App::set_visible(bool visible) { state_.visible = visible; }

// [SECTION] frame and layout ----------------------------------------------------------------------------

void App::frame() {
  const double now = platform_.now_seconds();
  const double dt = now - last_frame_time_;
  last_frame_time_ = now;
  frame_ms_ = frames_ == 0 ? dt * 1000 : frame_ms_ * 0.9 + dt * 1000 * 0.1;
  ++frames_;

  // A deferred build runs at the start of the frame after the one that announced it.
  if (state_.build_pending()) {
    if (build_announced_) {
      state_.build_pending_session();
      build_announced_ = false;
    } else {
      build_announced_ = true;
    }
  }
  // Space plays or pauses (unless a text field or a widget has the keyboard).
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.WantTextInput && !ImGui::IsAnyItemActive() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) {
    if (state_.playing()) state_.pause();
    else state_.play();
  }
  // Escape cancels a running preparation (as the toolbar's Cancel button does).
  if (state_.preparing() && !io.WantTextInput && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false))
    state_.cancel_preparation();
  state_.tick();
  if (state_.url_version() != pushed_url_version_) {
    pushed_url_version_ = state_.url_version();
    platform_.url_changed(state_.url());
  }
  const ClockFn clock = [this] { return platform_.now_seconds(); };
  const Config& config = state_.config();
  if (panel_visible(config, "view")) view_->update(state_.session(), state_.session_version(), clock, 0.004);
  refresh_series();

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float W = vp->Size.x, H = vp->Size.y;
  const float fs = ImGui::GetFontSize();
  const bool show_run = panel_visible(config, "run");
  const bool show_side = panel_visible(config, "data") || panel_visible(config, "noise") ||
                         panel_visible(config, "learner") || panel_visible(config, "share") ||
                         panel_visible(config, "export");
  const bool show_view = panel_visible(config, "view");
  const bool show_plots = panel_visible(config, "plots");
  const bool show_confusion = panel_visible(config, "confusion");

  const float toolbar_h = show_run ? std::round(fs * 2.7f) : 0.0f;
  if (show_run) draw_run_toolbar(ImVec2(0, 0), ImVec2(W, toolbar_h));
  const float side_w = show_side ? std::round(std::clamp(W * 0.27f, 300.0f, 400.0f)) : 0.0f;
  if (show_side) draw_sidebar(ImVec2(0, toolbar_h), ImVec2(side_w, H - toolbar_h));
  const float mx = side_w, my = toolbar_h, mw = W - side_w, mh = H - toolbar_h;
  const bool top_row = show_view || show_plots;
  float bottom_h = 0;
  if (show_confusion) bottom_h = top_row ? std::round(std::clamp(mh * 0.33f, 200.0f, 330.0f)) : mh;
  const float top_h = mh - bottom_h;
  if (top_row) {
    float view_w = 0;
    if (show_view && show_plots) view_w = std::round(std::clamp(top_h - fs * 3.2f, mw * 0.38f, mw * 0.52f));
    else if (show_view) view_w = mw;
    if (show_view) draw_view_panel(ImVec2(mx, my), ImVec2(view_w, top_h));
    if (show_plots) draw_plots_panel(ImVec2(mx + view_w, my), ImVec2(mw - view_w, top_h));
  }
  if (show_confusion) draw_confusion_panel(ImVec2(mx, my + top_h), ImVec2(mw, bottom_h));
  if (!show_run && !show_side && !top_row && !show_confusion) {
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(W, H));
    ImGui::Begin("marginlab", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings);
    ImGui::TextWrapped("This link hides every panel.");
    ImGui::End();
  }
}

namespace {

// Begins a fixed panel window at pos/size; the title bar shows the panel's name.
bool begin_panel(const char* title, ImVec2 pos, ImVec2 size, ImGuiWindowFlags extra = 0) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  return ImGui::Begin(title, nullptr,
                      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                          ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus | extra);
}

}  // namespace

// [SECTION] run toolbar ---------------------------------------------------------------------------------

void App::draw_run_toolbar(ImVec2 pos, ImVec2 size) {
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(10, 0));
  begin_panel("##run", pos, size, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar);
  ImGui::PopStyleVar();
  const float fs = ImGui::GetFontSize();
  ImGui::SetCursorPosY((size.y - ImGui::GetFrameHeight()) * 0.5f);
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.0f, 1), "marginlab");
  ImGui::SameLine(0, fs * 1.2f);
  Session* session = state_.session();
  const bool done = session && session->done();
  ImGui::BeginDisabled(!session || done);
  if (state_.playing()) {
    if (ImGui::Button("\xE2\x80\x96 Pause", ImVec2(fs * 5.5f, 0))) state_.pause();
  } else {
    if (ImGui::Button("\xE2\x96\xB6 Play", ImVec2(fs * 5.5f, 0))) state_.play();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Train in slices of the frame (space bar)");
  ImGui::SameLine();
  // A step during a preparation would finish it synchronously (a frozen frame): Cancel or Play instead.
  const bool preparing = state_.preparing();
  ImGui::BeginDisabled(preparing);
  if (ImGui::Button("Step")) state_.step(1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("One step of the learner (pauses)");
  ImGui::SameLine();
  if (ImGui::Button("+100")) state_.step(100);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("100 steps at once (pauses)");
  ImGui::EndDisabled();
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Reset")) state_.rebuild();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Rebuild data, noise and learner from the link and start again");
  ImGui::SameLine(0, fs * 1.2f);
  // Speed: steps per frame, or as many as the 8 ms budget allows.
  static const int64_t kSpeeds[] = {1, 2, 5, 20, 100, 1000, 10000, 0};
  static const char* kSpeedNames[] = {"1", "2", "5", "20", "100", "1k", "10k", "max"};
  int speed = 2;
  for (int i = 0; i < 8; ++i)
    if (kSpeeds[i] == state_.steps_per_tick) speed = i;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("speed");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(fs * 4.5f);
  if (ImGui::BeginCombo("##speed", kSpeedNames[speed])) {
    for (int i = 0; i < 8; ++i)
      if (ImGui::Selectable(kSpeedNames[i], i == speed)) state_.steps_per_tick = kSpeeds[i];
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Steps per frame (max: as many as fit in %.0f ms)", state_.budget_seconds * 1000);
  // The run's fields (seed, step budget) from the field table.
  if (panel_visible(state_.config(), "run")) {
    for (const Field* f : panel_fields("run", state_.config())) {
      ImGui::SameLine(0, fs * 1.0f);
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(f->label.c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", f->help.c_str());
      ImGui::SameLine();
      ImGui::SetNextItemWidth(fs * 6.0f);
      SettingValue value;
      if (setting_widget(*f, f->key, f->get(state_.config()), &value)) commit_field(*f, value);
    }
  }
  // Progress on the right; while the learner prepares (a kernel projection fit), a progress bar with
  // the stage and a Cancel button.
  if (preparing) {
    draw_preparation_status(size);
    ImGui::End();
    return;
  }
  char status[256];
  if (session) {
    const char* what = state_.playing() ? "training" : done ? "done" : "paused";
    if (!state_.visible) what = "paused (page hidden)";
    std::snprintf(status, sizeof status, "step %lld / %lld   mistakes %lld   %s", static_cast<long long>(session->steps()),
                  static_cast<long long>(state_.config().steps), static_cast<long long>(session->mistakes()), what);
  } else {
    std::snprintf(status, sizeof status, "%s", state_.build_pending() ? "building..." : state_.waiting_for_csv() ? "waiting for the CSV file" : "no run");
  }
  const float tw = ImGui::CalcTextSize(status).x;
  ImGui::SameLine(std::max(ImGui::GetCursorPosX() + fs, size.x - tw - 12));
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(status);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%.1f ms per frame (%s)", frame_ms_, platform_.host_name());
  ImGui::End();
}

void App::draw_preparation_status(ImVec2 size) {
  const float fs = ImGui::GetFontSize();
  const Preparation prep = state_.session()->preparation();
  char overlay[160];
  std::snprintf(overlay, sizeof overlay, "%s  %.0f %%", prep.stage.c_str(), 100.0 * prep.progress);
  const char* what = !state_.visible ? "paused (page hidden)" : state_.playing() ? prep.what.c_str() : "paused";
  const float label_w = ImGui::CalcTextSize(what).x;
  const float bar_w = fs * 17.0f;
  const float cancel_w = ImGui::CalcTextSize("Cancel").x + ImGui::GetStyle().FramePadding.x * 2;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  ImGui::SameLine(std::max(ImGui::GetCursorPosX() + fs, size.x - label_w - bar_w - cancel_w - 2 * gap - 12));
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(what);
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, ImVec4(0.30f, 0.55f, 0.95f, 1));
  ImGui::ProgressBar(static_cast<float>(prep.progress), ImVec2(bar_w, 0), overlay);
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s before the first step: %s (%.0f %%). Training starts when it is done.", prep.what.c_str(),
                      prep.stage.c_str(), 100.0 * prep.progress);
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) state_.cancel_preparation();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(state_.has_previous_config() ? "Stop and go back to the previous settings (Esc)"
                                                   : "Stop and discard this run (Esc)");
}

// [SECTION] sidebar and notices -------------------------------------------------------------------------

void App::draw_notices() {
  const std::vector<Notice>& notices = state_.notices();
  if (notices.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.16f, 0.14f, 0.10f, 1));
  const float fs = ImGui::GetFontSize();
  float height = 0;
  const float wrap = ImGui::GetContentRegionAvail().x - 16;
  for (const Notice& n : notices) height += ImGui::CalcTextSize(n.text.c_str(), nullptr, false, wrap).y + 4;
  height = std::min(height + fs * 2.2f, fs * 10.0f);
  ImGui::BeginChild("notices", ImVec2(0, height), true);
  for (const Notice& n : notices) {
    ImGui::PushStyleColor(ImGuiCol_Text, n.error ? ImVec4(1.0f, 0.45f, 0.42f, 1) : ImVec4(1.0f, 0.82f, 0.45f, 1));
    ImGui::TextWrapped("%s", n.text.c_str());
    ImGui::PopStyleColor();
  }
  if (ImGui::SmallButton("Dismiss")) state_.clear_notices();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

void App::draw_sidebar(ImVec2 pos, ImVec2 size) {
  begin_panel("Experiment", pos, size);
  draw_notices();
  const Config& config = state_.config();
  const ImGuiTreeNodeFlags open = ImGuiTreeNodeFlags_DefaultOpen;
  if (panel_visible(config, "data") && ImGui::CollapsingHeader("Data", open)) draw_data_panel();
  if (panel_visible(config, "noise") && ImGui::CollapsingHeader("Noise", open)) draw_noise_panel();
  if (panel_visible(config, "learner") && ImGui::CollapsingHeader("Learner", open)) draw_learner_panel();
  if (panel_visible(config, "share") && ImGui::CollapsingHeader("Share", open)) draw_share_panel();
  if (panel_visible(config, "export") && ImGui::CollapsingHeader("Export")) draw_export_panel();
  ImGui::End();
}

// [SECTION] view panel ----------------------------------------------------------------------------------

void App::draw_view_panel(ImVec2 pos, ImVec2 size) {
  begin_panel("View", pos, size, ImGuiWindowFlags_NoScrollbar);
  const Session* session = state_.session();
  if (!session) {
    if (state_.build_pending()) {
      const Config& c = state_.config();
      if (c.use_csv)
        ImGui::TextWrapped("Preparing the data from %s...", c.csv_name.c_str());
      else
        ImGui::TextWrapped("Generating the data: %d examples of '%s', adding noise, starting the learner...",
                           c.generator.n, std::string(generator_name(c.generator.kind)).c_str());
    } else {
      ImGui::TextWrapped("%s", state_.build_error().empty() ? "No run." : state_.build_error().c_str());
    }
    ImGui::End();
    return;
  }
  ViewOptions& o = view_->options;
  ImGui::Checkbox("regions", &o.regions);
  ImGui::SameLine();
  ImGui::Checkbox("test points", &o.test_points);
  if (view_->projected()) {
    ImGui::SameLine();
    int mode = static_cast<int>(o.projection);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    const bool linear = session->learner().weights() != nullptr;
    const char* names[] = {"PCA", "w & PCA"};
    if (ImGui::Combo("axes", &mode, names, linear ? 2 : 1)) o.projection = static_cast<ProjectionMode>(mode);
  }
  if (ImGui::IsItemHovered() || ImGui::IsItemActive()) ImGui::SetTooltip("%s", view_->describe().c_str());
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (view_->projected()) {
    const float hist_h = std::round(avail.y * 0.34f);
    view_->draw_scatter(ImVec2(avail.x, avail.y - hist_h - ImGui::GetStyle().ItemSpacing.y));
    view_->draw_histogram(ImVec2(avail.x, hist_h));
  } else {
    view_->draw_scatter(avail);
  }
  if (state_.preparing()) {
    // A short overlay: the regions stay blank (no model yet) until the preparation ends.
    const Preparation prep = session->preparation();
    char text[200];
    std::string what = prep.what;
    if (!what.empty()) what[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(what[0])));
    std::snprintf(text, sizeof text, "preparing \xE2\x80\xA6 %s: %s, %.0f %%", what.c_str(), prep.stage.c_str(),
                  100.0 * prep.progress);
    const ImVec2 wmin = ImGui::GetWindowPos(), wsize = ImGui::GetWindowSize();
    const ImVec2 ts = ImGui::CalcTextSize(text);
    const float pad = ImGui::GetFontSize() * 0.6f;
    const ImVec2 c(wmin.x + wsize.x * 0.5f, wmin.y + wsize.y * 0.5f);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(ImVec2(c.x - ts.x * 0.5f - pad, c.y - ts.y * 0.5f - pad), ImVec2(c.x + ts.x * 0.5f + pad, c.y + ts.y * 0.5f + pad),
                      IM_COL32(20, 24, 32, 225), pad * 0.5f);
    dl->AddText(ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f), IM_COL32(230, 236, 245, 255), text);
  }
  ImGui::End();
}

// [SECTION] plots panel ---------------------------------------------------------------------------------

void App::refresh_series() {
  const Session* session = state_.session();
  if (!session) {
    columns_.clear();
    series_session_ = 0;
    return;
  }
  const Trace& trace = session->trace();
  if (series_session_ == state_.session_version() && series_rows_ == trace.size() && series_last_step_ == trace.last_step())
    return;
  series_session_ = state_.session_version();
  series_rows_ = trace.size();
  series_last_step_ = trace.last_step();
  columns_.assign(trace.num_columns(), {});
  for (size_t c = 0; c < trace.num_columns(); ++c) {
    columns_[c].resize(trace.size());
    for (size_t r = 0; r < trace.size(); ++r) columns_[c][r] = trace.at(r, c);
  }
  const double delta = session->problem().target_margin;
  const double radius = session->problem().radius;
  delta_m_.resize(trace.size());
  m_r2_.resize(trace.size());
  for (size_t r = 0; r < trace.size(); ++r) {
    const double m = trace.at(r, kTraceMistakes);
    delta_m_[r] = delta > 0 ? delta * m : NAN;
    m_r2_[r] = radius > 0 ? m * radius * radius : NAN;
  }
}

void App::draw_plots_panel(ImVec2 pos, ImVec2 size) {
  begin_panel("Plots", pos, size, ImGuiWindowFlags_NoScrollbar);
  plots_min_ = ImGui::GetCursorScreenPos();
  const Session* session = state_.session();
  if (!session || columns_.size() < kTraceStandardColumns) {
    ImGui::TextUnformatted("No run.");
    ImGui::End();
    return;
  }
  const std::vector<double>* x = &columns_[kTraceStep];
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const ImVec2 cell(std::floor((avail.x - gap) * 0.5f), std::floor((avail.y - ImGui::GetStyle().ItemSpacing.y) * 0.5f));
  ImGui::PushFont(font_small_);
  const Learner& learner = session->learner();
  const double bound = session->trace().size() ? session->trace().at(session->trace().size() - 1, kTraceBound) : NAN;

  // 1. Mistakes (what the bound counts) against the bound.
  {
    PlotOptions o;
    const bool noisy = state_.config().noise.model != NoiseModel::none;
    o.title = std::isfinite(bound) ? "Mistakes vs bound" : "Mistakes (no bound applies here)";
    o.x_label = "step";
    double top = 0;
    for (double v : columns_[kTraceMistakes]) if (std::isfinite(v)) top = std::max(top, v);
    for (double v : columns_[kTraceUpdates]) if (std::isfinite(v)) top = std::max(top, v);
    if (std::isfinite(bound) && bound > 4 * std::max(top, 1.0)) o.y_max_cap = 4 * std::max(top, 1.0);
    // Updates are drawn only where they differ from mistakes (for the perceptron they coincide).
    const bool same = columns_[kTraceUpdates] == columns_[kTraceMistakes];
    std::vector<PlotSeries> s;
    if (!same) s.push_back({"updates", x, &columns_[kTraceUpdates], series_color(2), false, 1.4f});
    s.push_back({same ? "mistakes = updates" : "mistakes", x, &columns_[kTraceMistakes], series_color(0), false, 2.2f});
    if (std::isfinite(bound)) {
      // "mistakes" is what the y axis shows anyway; name what the bound counts only when it differs.
      const std::string counts = std::string(learner.bound_label()) == "mistakes" ? "" : std::string(" on ") + learner.bound_label();
      s.push_back({std::string(noisy ? "clean-data bound" : "bound") + counts + " \xE2\x89\xA4 " + format_readout(bound), x,
                   &columns_[kTraceBound], series_color(6), true});
    }
    line_plot("mistakes", cell, o, s);
  }
  ImGui::SameLine();
  // 2. Margin on the training sample (observed and true labels).
  {
    PlotOptions o;
    o.title = "Margin on the training sample";
    o.x_label = "step";
    o.empty_text = "no margin: non-linear learner";
    line_plot("margin", cell, o,
              {{"observed labels", x, &columns_[kTraceMargin], series_color(0)},
               {"true labels", x, &columns_[kTraceMarginTrue], series_color(1), true}});
  }
  // 3. Errors.
  {
    PlotOptions o;
    o.title = "Error";
    o.x_label = "step";
    line_plot("errors", cell, o,
              {{"train (noisy)", x, &columns_[kTraceTrainErrorNoisy], series_color(3)},
               {"train (true)", x, &columns_[kTraceTrainErrorTrue], series_color(2)},
               {"test (true)", x, &columns_[kTraceTestError], series_color(1), false, 2.2f}});
  }
  ImGui::SameLine();
  // 4. The learner's counters (all, or one chosen in the corner), or the perceptron's invariants.
  {
    const size_t counters = columns_.size() - kTraceStandardColumns;
    const std::vector<std::string>& names = session->trace().columns();
    bool invariants_known = false;
    for (double v : columns_[kTraceWDotV]) if (std::isfinite(v)) { invariants_known = true; break; }
    int mode = plot4_mode_;
    if (counters == 0) mode = 1;
    if (!invariants_known && counters > 0) mode = 0;
    // Which counters: the chosen one, else all when they are few, else the first that moves.
    std::vector<size_t> shown;
    for (size_t c = 0; c < counters; ++c)
      if (names[kTraceStandardColumns + c] == counter_choice_) shown.push_back(c);
    if (shown.empty() && (counter_choice_ == "all" || counters <= 3))
      for (size_t c = 0; c < counters; ++c) shown.push_back(c);
    if (shown.empty() && counters > 0) {
      // The calmest informative counter: at least three distinct values, fewest changes of direction
      // (a count that grows or a quantity that shrinks, rather than an index that jumps around).
      size_t best = 0;
      long best_turns = -1;
      for (size_t c = 0; c < counters; ++c) {
        const std::vector<double>& col = columns_[kTraceStandardColumns + c];
        std::vector<double> distinct;
        long turns = 0;
        int direction = 0;
        for (size_t i = 0; i < col.size(); ++i) {
          if (!std::isfinite(col[i])) continue;
          if (distinct.size() < 3 && std::find(distinct.begin(), distinct.end(), col[i]) == distinct.end()) distinct.push_back(col[i]);
          if (i == 0 || !std::isfinite(col[i - 1]) || col[i] == col[i - 1]) continue;
          const int d = col[i] > col[i - 1] ? 1 : -1;
          if (direction != 0 && d != direction) ++turns;
          direction = d;
        }
        if (distinct.size() < 3) continue;
        if (best_turns < 0 || turns < best_turns) {
          best = c;
          best_turns = turns;
        }
      }
      shown.push_back(best);
    }
    const ImVec2 p = ImGui::GetCursorScreenPos();
    PlotOptions o;
    o.x_label = "step";
    std::vector<PlotSeries> s;
    if (mode == 0) {
      o.title = counters > 1 ? "Counter" : "Learner counter";
      o.empty_text = "this learner has no counters";
      for (size_t c : shown)
        s.push_back({names[kTraceStandardColumns + c], x, &columns_[kTraceStandardColumns + c], series_color(static_cast<int>(c))});
    } else {
      o.title = "Invariants: \xE2\x9F\xA8w,v\xE2\x9F\xA9 \xE2\x89\xA5 \xCE\xB4M,  ||w||\xC2\xB2 \xE2\x89\xA4 MR\xC2\xB2";
      o.empty_text = "needs a known target v (generated data, linear learner)";
      s = {{"\xE2\x9F\xA8w,v\xE2\x9F\xA9", x, &columns_[kTraceWDotV], series_color(0)},
           {"\xCE\xB4M", x, &delta_m_, series_color(0), true},
           {"||w||\xC2\xB2", x, &columns_[kTraceWNorm2], series_color(1)},
           {"MR\xC2\xB2", x, &m_r2_, series_color(1), true}};
    }
    line_plot("fourth", cell, o, s);
    // Switches on the title line: which counter (after the title), counters <-> invariants (right).
    const ImVec2 after = ImGui::GetCursorScreenPos();
    float right = p.x + cell.x - 4;
    if (counters > 0 && invariants_known) {
      const char* label = mode == 0 ? "invariants" : "counters";
      right -= ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
      ImGui::SetCursorScreenPos(ImVec2(right, p.y + 2));
      if (ImGui::SmallButton(label)) plot4_mode_ = 1 - mode;
      right -= 6;
    }
    if (mode == 0 && counters > 1) {
      const float left = p.x + 6 + ImGui::CalcTextSize(o.title.c_str()).x + 8;
      const float w = std::min(ImGui::GetFontSize() * 9.0f, right - left);
      ImGui::SetCursorScreenPos(ImVec2(left, p.y + 1));
      ImGui::SetNextItemWidth(w);
      const std::string preview = shown.size() == 1 ? names[kTraceStandardColumns + shown[0]] : "all";
      if (ImGui::BeginCombo("##counter", preview.c_str())) {
        if (ImGui::Selectable("all", shown.size() > 1)) counter_choice_ = "all";
        for (size_t c = 0; c < counters; ++c)
          if (ImGui::Selectable(names[kTraceStandardColumns + c].c_str(), shown.size() == 1 && shown[0] == c))
            counter_choice_ = names[kTraceStandardColumns + c];
        ImGui::EndCombo();
      }
    }
    ImGui::SetCursorScreenPos(after);
  }
  ImGui::PopFont();
  plots_max_ = ImVec2(plots_min_.x + avail.x, plots_min_.y + avail.y);
  ImGui::End();
}

// [SECTION] capture and status --------------------------------------------------------------------------

void App::after_render(int framebuffer_width, int framebuffer_height) {
  if (!capture_pending_) return;
  capture_pending_ = false;
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  const int x = static_cast<int>(capture_min_.x * scale.x), y = static_cast<int>(capture_min_.y * scale.y);
  const int w = std::min(framebuffer_width - x, static_cast<int>((capture_max_.x - capture_min_.x) * scale.x));
  const int h = std::min(framebuffer_height - y, static_cast<int>((capture_max_.y - capture_min_.y) * scale.y));
  const std::string png = capture_png(x, y, w, h, framebuffer_height);
  export_note_ = png.empty() ? "nothing to capture" : platform_.save_file("marginlab_plots.png", png, "image/png");
}

std::string App::trace_sha256() const {
  const Session* s = state_.session();
  return s ? s->trace().sha256() : std::string();
}

namespace {
std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') { out += '\\'; out += c; }
    else if (static_cast<unsigned char>(c) < 0x20) { char b[8]; std::snprintf(b, sizeof b, "\\u%04x", c); out += b; }
    else out += c;
  }
  return out;
}
}  // namespace

std::string App::status_json() const {
  const Session* s = state_.session();
  std::string out = "{";
  out += "\"frames\":" + std::to_string(frames_);
  out += ",\"steps\":" + std::to_string(s ? s->steps() : 0);
  out += ",\"mistakes\":" + std::to_string(s ? s->mistakes() : 0);
  out += ",\"trace_rows\":" + std::to_string(s ? s->trace().size() : 0);
  out += std::string(",\"playing\":") + (state_.playing() ? "true" : "false");
  out += std::string(",\"done\":") + (s && s->done() ? "true" : "false");
  out += std::string(",\"visible\":") + (state_.visible ? "true" : "false");
  out += std::string(",\"has_session\":") + (s ? "true" : "false");
  out += std::string(",\"building\":") + (state_.build_pending() ? "true" : "false");
  out += std::string(",\"preparing\":") + (state_.preparing() ? "true" : "false");
  out += ",\"prepare_progress\":" + std::to_string(state_.preparing() ? s->preparation().progress : 0.0);
  out += std::string(",\"csv_rows\":") + std::to_string(state_.has_csv() ? state_.csv_info().rows : 0);
  out += ",\"train_rows\":" + std::to_string(s ? s->data().train.rows() : 0);
  out += ",\"url\":\"" + json_escape(state_.url()) + "\"";
  out += ",\"error\":\"" + json_escape(state_.build_error()) + "\"";
  out += ",\"frame_ms\":" + std::to_string(frame_ms_);
  out += "}";
  return out;
}

}  // namespace ml::app
