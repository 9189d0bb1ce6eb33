// marginlab app — where App draws the panels: the main area, the stacked column and the touch sheet, the
// gallery over them, and the sidebar with its notices and the first screen's explanation (see app.h).
//
// [SECTION] main area, stacked column, sheet, gallery
// [SECTION] sidebar and notices
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/app.h"
#include "app/models/gallery.h"
#include "app/models/ui_model.h"
#include "core/config/link.h"
#include "core/experiment/experiment.h"
#include "imgui_internal.h"

namespace ml::app {

// [SECTION] main area, stacked column, sheet, gallery ----------------------------------------------------

void App::draw_panels(float toolbar_h, const PanelsShown& shown, bool sweep_mode) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float W = vp->Size.x, H = vp->Size.y;
  const float fs = ImGui::GetFontSize();
  LayoutInput layout_in;
  layout_in.width = W;
  layout_in.height = H;
  layout_in.font_size = fs;
  layout_in.toolbar_height = toolbar_h;
  layout_in.view_chrome = shown.view && !sweep_mode ? panels_.view.chrome_height() : 0.0f;
  layout_in.tab_height = std::round(ImGui::GetFrameHeight() + ImGui::GetStyle().WindowPadding.y * 2);
  layout_in.touch = screen_.touch;
  layout_in.reading = screen_.sheet_tab == SheetTab::lesson && lesson_shown();
  layout_in.view = shown.view && !sweep_mode;
  layout_in.form = screen_.sheet_tab == SheetTab::settings && shown.side;
  layout_in.view_floor = state_.mode() == RunMode::compare ? kCompareViewShare : 0.0f;
  if (sweep_mode && !screen_.sweep_shown) screen_.sheet_tab = SheetTab::sweep;
  screen_.sweep_shown = sweep_mode;
  const ScreenLayout layout = layout_screen(layout_in);
  screen_.layout = layout.kind;
  screen_.narrow = layout.kind == LayoutKind::stacked;
  if (shown.run && !layout.toolbar_scrolls) draw_toolbar(0, toolbar_h);
  float gallery_top = toolbar_h;
  if (layout.kind == LayoutKind::sheet) {
    draw_sheet(layout, shown, sweep_mode);
  } else if (screen_.narrow && layout.toolbar_scrolls) {
    draw_stacked(ImVec2(0, 0), ImVec2(W, H), shown.run ? toolbar_h : 0.0f, shown);
    gallery_top = std::max(0.0f, toolbar_h - screen_.narrow_scroll);
  } else if (screen_.narrow) {
    draw_stacked(ImVec2(0, toolbar_h), ImVec2(W, H - toolbar_h), 0.0f, shown);
  } else {
    const float side_w = shown.side ? std::round(std::clamp(W * 0.27f, 300.0f, 400.0f)) : 0.0f;
    const float lesson_w = lesson_shown() ? std::round(std::clamp(W * 0.24f, 260.0f, 360.0f)) : 0.0f;
    if (shown.side) draw_sidebar(ImVec2(0, toolbar_h), ImVec2(side_w, H - toolbar_h));
    draw_main_area(ImVec2(side_w, toolbar_h), ImVec2(W - side_w - lesson_w, H - toolbar_h), shown, sweep_mode);
    if (lesson_shown()) panels_.lesson.draw(ImVec2(W - lesson_w, toolbar_h), ImVec2(lesson_w, H - toolbar_h));
  }
  if (first_screen_.gallery_open) {
    const float gw = std::min(W - 20, fs * 44.0f);
    draw_gallery(ImVec2(std::round((W - gw) * 0.5f), gallery_top + 10),
                 ImVec2(gw, std::min(H - gallery_top - 20, fs * 30.0f)));
  }
  first_screen_.gallery_shown = first_screen_.gallery_open;
}

void App::draw_main_area(ImVec2 pos, ImVec2 size, const PanelsShown& shown, bool sweep_mode) {
  const float fs = ImGui::GetFontSize();
  const float mx = pos.x, my = pos.y, mw = size.x, mh = size.y;
  if (sweep_mode) {
    // The sweep's plot takes the whole main area (there is no single run to show).
    panels_.sweep.draw(ImVec2(mx, my), ImVec2(mw, mh));
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
    if (shown.view) panels_.view.draw(ImVec2(mx, my), ImVec2(view_w, top_h));
    panels_.exports.set_view_rect(shown.view ? panels_.view.image_min() : ImVec2(),
                                  shown.view ? panels_.view.image_max() : ImVec2());  // "View PNG"
    if (shown.plots) panels_.plots.draw(ImVec2(mx + view_w, my), ImVec2(mw - view_w, top_h));
  }
  if (shown.confusion) panels_.confusion.draw(ImVec2(mx, my + top_h), ImVec2(mw, bottom_h));
  if (!shown.run && !shown.side && !top_row && !shown.confusion) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(vp->Size.x, vp->Size.y));
    ImGui::Begin("marginlab", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings);
    ImGui::TextWrapped("This link hides every panel.");
    ImGui::End();
  }
}

void App::draw_stacked(ImVec2 pos, ImVec2 size, float toolbar_h, const PanelsShown& shown) {
  // One column scrolled as a whole by the wheel or the finger: the toolbar when it is too tall to stay (toolbar_h > 0),
  // the view, the settings at their content's height, the plots one under another, the confusion matrices.
  const bool show_side = shown.side, show_view = shown.view, show_plots = shown.plots, show_confusion = shown.confusion;
  const ImGuiIO& io = ImGui::GetIO();
  const float fs = ImGui::GetFontSize();
  const float w = size.x;
  // The wheel scrolls the column unless the window under the pointer scrolls itself that way (a panel with its own
  // scrolling, not yet at its end; a few pixels' overflow do not hold the wheel).
  const ImGuiWindow* hovered = GImGui->HoveredWindow;
  const bool hovered_scrolls =
      hovered && !(hovered->Flags & ImGuiWindowFlags_NoScrollWithMouse) && hovered->ScrollMax.y > fs &&
      (io.MouseWheel < 0 ? hovered->Scroll.y < hovered->ScrollMax.y - 0.5f : hovered->Scroll.y > 0.5f);
  if (io.MouseWheel != 0 && !hovered_scrolls && !first_screen_.gallery_open)
    screen_.narrow_scroll -= io.MouseWheel * fs * 5.0f;
  screen_.narrow_scroll = std::clamp(screen_.narrow_scroll, 0.0f, std::max(0.0f, screen_.narrow_height - size.y));
  float y = pos.y - screen_.narrow_scroll;
  const bool sweep_mode = state_.mode() == RunMode::sweep;
  const float view_h = std::round(std::min(w * 0.9f, size.y * 0.8f));
  const float side_h = std::round(std::max(size.y * 0.75f, fs * 20.0f));
  const float plots_h = std::round(std::clamp(w * 0.55f, fs * 14.0f, fs * 20.0f) * 4.0f + fs * 4.0f);
  const float confusion_h = std::round(fs * 20.0f);
  if (toolbar_h > 0) {
    draw_toolbar(y, toolbar_h);
    y += toolbar_h;
  }
  if (lesson_shown()) {
    const float lesson_h = std::round(fs * 20.0f);
    panels_.lesson.draw(ImVec2(pos.x, y), ImVec2(w, lesson_h));
    y += lesson_h;
  }
  if (sweep_mode) {
    const float sweep_h = std::round(std::max(view_h, panels_.sweep.needed_height()));
    panels_.sweep.draw(ImVec2(pos.x, y), ImVec2(w, sweep_h));
    y += sweep_h;
  } else if (show_view) {
    // A touch screen's column folds the view's controls (as the sheet does): its image keeps view_h.
    const float panel_h = screen_.touch ? std::round(view_h + panels_.view.chrome_height()) : view_h;
    panels_.view.draw(ImVec2(pos.x, y), ImVec2(w, panel_h), true, screen_.touch);
    panels_.exports.set_view_rect(panels_.view.image_min(), panels_.view.image_max());  // "View PNG"
    y += panel_h;
  }
  if (show_side) {
    // The settings are as tall as their content: the finger or the wheel scrolls the column alone.
    const float settings_h = std::max(side_h, screen_.sidebar_content_h);
    draw_sidebar(ImVec2(pos.x, y), ImVec2(w, settings_h));
    y += settings_h;
  }
  if (!sweep_mode && show_plots) {
    panels_.plots.draw(ImVec2(pos.x, y), ImVec2(w, plots_h));
    y += plots_h;
  }
  if (!sweep_mode && show_confusion) {
    panels_.confusion.draw(ImVec2(pos.x, y), ImVec2(w, confusion_h));
    y += confusion_h;
  }
  screen_.narrow_height = y + screen_.narrow_scroll - pos.y;
  screen_.narrow_visible = size.y;
}

void App::draw_sheet(const ScreenLayout& layout, const PanelsShown& shown, bool sweep_mode) {
  const Box v = layout.view, s = layout.sheet;
  if (!sweep_mode && shown.view) {
    panels_.view.draw(ImVec2(v.x, v.y), ImVec2(v.w, v.h), false, true);  // the tabs and the image say what it is
    panels_.exports.set_view_rect(panels_.view.image_min(), panels_.view.image_max());  // "View PNG"
  }
  draw_sheet_tabs(layout.tabs, shown);
  const ImVec2 pos(s.x, s.y), size(s.w, s.h);
  if (screen_.sheet_tab == SheetTab::sweep && sweep_mode) panels_.sweep.draw(pos, size, false);  // the tab names it
  if (screen_.sheet_tab == SheetTab::settings && shown.side) draw_sidebar(pos, size);
  if (screen_.sheet_tab == SheetTab::plots && shown.plots && !sweep_mode) panels_.plots.draw(pos, size, true);
  if (screen_.sheet_tab == SheetTab::confusion && shown.confusion && !sweep_mode) panels_.confusion.draw(pos, size);
  if (screen_.sheet_tab == SheetTab::lesson && lesson_shown())
    panels_.lesson.draw(pos, size, false);  // the tab names it
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
                      {SheetTab::sweep, "Sweep", "tab.sweep", sweep_mode},
                      {SheetTab::settings, "Settings", "tab.settings", shown.side},
                      {SheetTab::plots, "Plots", "tab.plots", shown.plots && !sweep_mode},
                      {SheetTab::confusion, "Confusion", "tab.confusion", shown.confusion && !sweep_mode}};
  int count = 0;
  for (const Tab& t : tabs) count += t.shown ? 1 : 0;
  if (count == 0) return;
  bool current_shown = false;
  for (const Tab& t : tabs) current_shown = current_shown || (t.shown && t.tab == screen_.sheet_tab);
  if (!current_shown)
    for (const Tab& t : tabs)
      if (t.shown) {
        screen_.sheet_tab = t.tab;
        break;
      }
  begin_panel("##tabs", ImVec2(box.x, box.y), ImVec2(box.w, box.h),
              ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float w = std::floor((ImGui::GetContentRegionAvail().x - style.ItemSpacing.x * static_cast<float>(count - 1)) /
                             static_cast<float>(count));
  const PanelContext ctx = panel_context();
  bool first = true;
  for (const Tab& t : tabs) {
    if (!t.shown) continue;
    if (!first) ImGui::SameLine();
    first = false;
    const bool current = t.tab == screen_.sheet_tab;
    if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(t.label, ImVec2(w, 0))) screen_.sheet_tab = t.tab;
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
  if (!first_screen_.gallery_shown) ImGui::SetNextWindowFocus();
  const bool visible = ImGui::Begin("Gallery: ready-made experiments", &first_screen_.gallery_open,
                                    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                        ImGuiWindowFlags_NoSavedSettings);
  if (!visible) {
    ImGui::End();
    return;
  }
  // A first-time visitor (no lesson progress stored) sees the lessons first (lessons_first).
  const bool lessons_on_top = lessons_first(panels_.lesson.tracker().progress());
  std::string lesson_link_chosen;
  if (lessons_on_top) {
    lesson_link_chosen = panels_.lesson.draw_lesson_list();
    ImGui::Separator();
  }
  draw_gallery_entries();
  if (!lessons_on_top) {
    ImGui::Separator();
    lesson_link_chosen = panels_.lesson.draw_lesson_list();
  }
  ImGui::End();
  if (!lesson_link_chosen.empty()) {
    open_url(lesson_link_chosen);
    first_screen_.gallery_open = false;
  }
}

void App::draw_gallery_entries() {
  ImGui::TextWrapped("%s", kGalleryIntro);
  const PanelContext ctx = panel_context();
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
      panels_.lesson.tracker().end();
      // Fast enough that what the text claims (at the link's step budget) is on screen within seconds.
      if (!is_experiment_link(e.link))
        state_.steps_per_tick = gallery_speed(decode_link(e.link).config.steps, state_.steps_per_tick);
      state_.open_url(e.link);
      first_screen_.welcome = false;
      first_screen_.gallery_open = false;
    }
  }
}

// [SECTION] sidebar and notices -------------------------------------------------------------------------

void App::draw_notices() {
  // Errors first, each pinned above the scrolled warnings with its own dismiss button; then the warnings,
  // newest first (notice_display_order), so the latest word is where the eye is.
  const std::vector<Notice>& notices = state_.notices();
  if (notices.empty()) return;
  const PanelContext ctx = panel_context();
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
    if (compact_button(ctx, "\xC3\x97")) dismissed = i;  // a multiplication sign: close
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
    if (compact_button(ctx, "Dismiss")) {
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
  const TextMeasure measure = text_width;
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
  // Open by default while welcoming and after (screen_.start_here_h > 0) until the user closes it: a header that
  // closed itself on the first edit would move everything under it.
  // A header's label cannot wrap: on a narrow column it ends in "..." (the id stays, so does the open state).
  const float pad = ImGui::GetStyle().FramePadding.x;
  const std::string label =
      fit_to_width("What am I looking at?", ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() - pad * 4).shown +
      "###start_here";
  const bool open = ImGui::CollapsingHeader(
      label.c_str(), first_screen_.welcome || screen_.start_here_h > 0 ? ImGuiTreeNodeFlags_DefaultOpen : 0);
  ImGui::PopStyleColor();
  if (!open) {
    screen_.start_here_h = 0;  // closed by the user: the next opening may be shorter
    return;
  }
  const float top = ImGui::GetCursorPosY();
  if (first_screen_.welcome) {
    // The run's own numbers; in the frame an edit drops the session (the welcome ends at the next one), the last
    // text stays, so that its height, which the place kept for it is measured from, does not change.
    if (const Session* session = state_.session())
      first_screen_.welcome_text = welcome_text(session->data().noise.corrupted, session->data().train.rows());
    if (first_screen_.welcome_text.empty()) first_screen_.welcome_text = "The welcome experiment is being built.";
    ImGui::TextWrapped("%s", first_screen_.welcome_text.c_str());
  } else {
    ImGui::TextWrapped("Left: the settings (every change goes into the link). The 2-D view: the data and the "
                       "learner's regions. The plots: the run over steps. Under the toolbar: the numbers.");
    // The first edit ends the welcome text; its place is kept, so nothing under it moves (a click aimed at a
    // field below would otherwise land on another).
    const float pad = screen_.start_here_h - (ImGui::GetCursorPosY() - top) - ImGui::GetStyle().ItemSpacing.y;
    if (pad > 0) ImGui::Dummy(ImVec2(1, pad));
  }
  if (first_screen_.welcome) screen_.start_here_h = ImGui::GetCursorPosY() - top;
  if (ImGui::Button("Open the gallery")) first_screen_.gallery_open = true;
  probe(panel_context(), "start.gallery");
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
  probes_["sidebar"] = {pos, ImVec2(pos.x + size.x, pos.y + size.y)};  // where the touch tests drag
  // A new error (a CSV that did not parse, a link that failed) is pinned at the top: bring the top into view.
  const size_t errors = static_cast<size_t>(
      std::count_if(state_.notices().begin(), state_.notices().end(), [](const Notice& n) { return n.error; }));
  if (errors > screen_.errors_seen) ImGui::SetScrollY(0);
  screen_.errors_seen = errors;
  draw_notices();
  draw_start_here();
  draw_experiment_note();

  const Config& config = state_.config();
  const ImGuiTreeNodeFlags open = ImGuiTreeNodeFlags_DefaultOpen;
  if (panel_visible(config, "data") && ImGui::CollapsingHeader("Data", open)) panels_.data.draw();
  if (panel_visible(config, "noise") && ImGui::CollapsingHeader("Noise", open)) panels_.noise.draw();
  if (panel_visible(config, "learner") && ImGui::CollapsingHeader("Learner", open)) panels_.learner.draw();
  if (panel_visible(config, "share") && ImGui::CollapsingHeader("Share", open))
    panels_.share.draw(
        place_link(panels_.lesson.tracker().place(), state_.url()));  // a lesson's keys in front, as in the address bar
  if (panel_visible(config, "export") &&
      ImGui::CollapsingHeader("Export", state_.mode() == RunMode::sweep ? open : 0)) {
    if (state_.mode() == RunMode::sweep)
      panels_.exports.draw(panels_.sweep.plot_min(), panels_.sweep.plot_max());
    else
      panels_.exports.draw(panels_.plots.plots_min(), panels_.plots.plots_max());
  }
  screen_.sidebar_content_h = std::round(ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y);
  screen_.sidebar_scroll_px = ImGui::GetScrollY();
  screen_.sidebar_scroll_max_px = ImGui::GetScrollMaxY();
  screen_.sidebar_scroll_lines = ImGui::GetScrollY() / ImGui::GetTextLineHeightWithSpacing();
  screen_.sidebar_scroll_max_lines = ImGui::GetScrollMaxY() / ImGui::GetTextLineHeightWithSpacing();
  ImGui::End();
}

}  // namespace ml::app
