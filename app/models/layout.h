// marginlab app — where the panels go on a screen of a given size, apart from ImGui (App::frame draws them there).
//
// Three arrangements. Wide windows: the sidebar beside the main area (the desktop's, unchanged). Narrow windows
// with a mouse: the panels stacked in one column the wheel scrolls. Narrow or short touch screens (phones, and
// tablets in split view): the sheet layout, the 2-D view first under the toolbar (whose second row is the
// results line) and one panel at a time below it (portrait) or beside it (landscape), chosen with tabs, each
// panel scrolled by its own window, so every control stays on screen without a horizontal scroll.
//
// The thresholds, measured on real screens (CSS px, portrait and landscape): phones are 360-430 wide and
// 640-932 high, tablets 768-1024 wide and 1024-1366 high. kNarrowWidth puts every phone in portrait below it and
// every tablet at or above it; kShortHeight puts every phone in landscape (360-430 high) below it and every
// tablet in landscape (768 and more) above it. Both scale with the font (15 px being the default).
#pragma once

namespace ml::app {

// Below this width (at the 15 px font) the panels no longer fit side by side.
constexpr float kNarrowWidth = 760.0f;
// Below this width (at the 15 px font) even a touch screen stacks its panels in one column the finger scrolls: a
// view, tabs and a panel side by side in so few pixels would leave each a sliver (a phone at a 150 % text size).
constexpr float kColumnWidth = 300.0f;
// The toolbar's largest share of a stacked screen's height: a taller one scrolls away with the column.
constexpr float kToolbarShare = 0.3f;
// Below this height (at the 15 px font) a touch screen gets the sheet layout even when it is wide.
constexpr float kShortHeight = 560.0f;
// The smallest touch target, in CSS px (Apple's and Google's guidelines: 44 pt, 48 dp).
constexpr float kTouchTarget = 44.0f;
// The share of a portrait sheet's height the view's image gets at least, besides the view's controls (while the
// panel under it keeps kSheetTargets rows).
constexpr float kViewShare = 0.4f;
// The same while the panel shown is text to read (a lesson's step): the view yields the rest to it.
constexpr float kReadingViewShare = 0.25f;
// The panel's least height in a portrait sheet, in touch targets.
constexpr float kSheetTargets = 3.0f;
// The panel's least share of a portrait sheet's height while it shows the settings' form (a form of two rows
// beside the view could not be filled in).
constexpr float kFormSheetShare = 1.0f / 3.0f;
// The view panel's least share of the height in Compare (the learners' boundaries are what a comparison shows):
// it comes before kFormSheetShare, never before the panel's kSheetTargets.
constexpr float kCompareViewShare = 0.35f;

// How the panels are arranged.
enum class LayoutKind { wide, stacked, sheet };
// The panel a sheet layout shows.
// lesson: a lesson link's panel; sweep: a sweep's plot, which has the sheet to itself (a sweep has no 2-D view).
enum class SheetTab : int { settings = 0, plots = 1, confusion = 2, lesson = 3, sweep = 4 };

// A rectangle on screen (CSS px).
struct Box {
  float x = 0, y = 0, w = 0, h = 0;
};

// What the layout depends on.
struct LayoutInput {
  float width = 0, height = 0;  // the window (CSS px)
  float font_size = 15;         // the UI font's size (CSS px)
  float toolbar_height = 0;     // the Run toolbar's, at this width
  float tab_height = 0;         // a row of tab buttons (a touch target and the window's padding)
  float view_chrome = 0;        // the view panel's height besides its image (its title and controls)
  bool touch = false;           // a touch screen (the page's pointer is coarse)
  bool reading = false;         // the sheet shows text to read (the Lesson tab): the view gets kReadingViewShare
  bool view = true;             // the screen has a 2-D view (a sweep has none: the tabs go under the toolbar)
  bool form = false;            // the sheet shows the settings' form: it keeps kFormSheetShare of the height
  float view_floor = 0;         // the view panel's least share of the height (kCompareViewShare in Compare)
};

// Where the sheet layout puts the view, the tabs and the panel shown (other kinds only have `kind`).
struct ScreenLayout {
  LayoutKind kind = LayoutKind::wide;
  bool landscape = false;        // sheet: the view on the left, the tabs and panel on the right
  bool toolbar_scrolls = false;  // stacked: the toolbar is the column's first panel (it needs over kToolbarShare)
  Box view, tabs, sheet;
};

// The arrangement for `in`: wide at or above kNarrowWidth (and, on a touch screen, kShortHeight); below it the
// sheet on a touch screen at least kColumnWidth wide, the stacked column otherwise.
ScreenLayout layout_screen(const LayoutInput& in);

// The vertical frame padding that makes a widget's frame (font size + twice the padding) a touch target.
float touch_frame_padding(float font_size);

}  // namespace ml::app
