// marginlab app — the plot module: line plots, histograms and matrix heat maps drawn with ImDrawList
// (Debian packages no plotting library for ImGui: docs/toolchain.md §2). Axes with 1-2-5 ticks, a legend, and
// a hover read-out (a vertical cursor and every series' value at the nearest recorded x).
#pragma once

#include <string>
#include <vector>

#include "imgui.h"

namespace ml::app {

// One line of a plot.
struct PlotSeries {
  std::string name;                        // legend text
  const std::vector<double>* x = nullptr;  // increasing x values
  const std::vector<double>* y = nullptr;  // y values (NaN = no value there)
  ImU32 color = 0xFFFFFFFF;                // line colour
  bool dashed = false;                     // dashed line (bounds and reference curves)
  float thickness = 1.8f;                  // line width in pixels
};

// How a plot looks.
struct PlotOptions {
  std::string title;                       // drawn at the top left
  std::string x_label;                     // under the x axis
  bool include_zero = true;                // y range reaches 0
  double y_max_cap = 0;                    // > 0: the y range stops here even when a series goes beyond (e.g. a bound
                                           //      far above the data); the clipped series' legend gets an up arrow
  const char* empty_text = "no data yet";  // shown when no series has a finite value
  bool legend = true;                      // false: no legend in the box (a shared legend is drawn elsewhere)
  std::string help;         // what am I looking at, in plain words: a "(?)" after the title shows it on hover
  std::string reference;    // the paper behind it (shown under the plain words, dimmed)
  float title_reserve = 0;  // pixels at the right of the title line kept free for the caller's controls
};

// A "(?)" marker after the current item: hovering it shows `plain` (plain words) and, dimmed under it,
// `reference` (the paper). For panel lines and widgets that are not plots.
void help_marker(const std::string& plain, const std::string& reference);
// A panel's "what am I looking at" line: `plain` as a dim wrapped line, with the reference behind a
// "(?)" marker (help_marker).
void what_line(const std::string& plain, const std::string& reference);

// Draws a line plot in a box of `size` at the cursor (advances the cursor like a widget).
void line_plot(const char* id, ImVec2 size, const PlotOptions& options, const std::vector<PlotSeries>& series);

// Draws, in a box of `size` at the cursor, what a plot of a run that took a single step shows instead of
// lines from step 0 to step 1: the title, `sentence` (plain words) and each series' last value as a number.
void value_card(const char* id, ImVec2 size, const PlotOptions& options, const std::vector<PlotSeries>& series,
                const std::string& sentence);

// One group of bars of a histogram (stacked in the order given).
struct HistogramSeries {
  std::string name;            // legend text
  std::vector<double> counts;  // one count per bin
  ImU32 color = 0xFFFFFFFF;    // bar colour
};

// Draws a stacked histogram over bins of equal width from lo to hi, with a vertical marker at x = 0.
void histogram_plot(const char* id, ImVec2 size, const std::string& title, const std::string& x_label, double lo,
                    double hi, const std::vector<HistogramSeries>& series);

// The widest row label matrix_plot may draw for these class names ("2 virginica" when the names are too
// wide for the columns, which then show the class index).
float matrix_row_label_width(const std::vector<std::string>& class_names, int q);
// Draws a Q x Q matrix as a heat map (values in [0,1]; cells show the value when they are wide enough),
// rows and columns labelled with class names (columns by class index, rows by "index name", when a name
// is wider than a cell); the title wraps to the matrix's width. Returns the size used. `highlight_diagonal` outlines
// the diagonal (the unflipped mass). Hovering a cell shows "row, column: value" using the row/col names.
ImVec2 matrix_plot(const char* id, const std::string& title, const std::vector<double>& values, int q,
                   const std::vector<std::string>& class_names, float cell, const char* row_axis, const char* col_axis);

// The plot colours (colour-blind safe, Okabe-Ito order) for series and classes; i wraps around.
ImU32 series_color(int i);
// The colour of compared learner (or sweep line) i: apart from the 2-D view's class colours and legible on
// the dark plots and the view's light canvas alike; i wraps around.
ImU32 learner_color(int i);

// One line of a points plot: a marker per point with an error bar, joined in x order.
struct PointSeries {
  std::string name;                          // legend text
  const std::vector<double>* x = nullptr;    // x positions, increasing
  const std::vector<double>* y = nullptr;    // values (NaN: no marker yet)
  const std::vector<double>* err = nullptr;  // half-width of each error bar (NaN or null: none)
  ImU32 color = 0xFFFFFFFF;                  // colour
};

// The point a points plot's mouse is over.
struct PointHit {
  int series = -1;       // the series (-1: none)
  int index = -1;        // the point in it
  bool clicked = false;  // released a click on it this frame
  ImVec2 screen;         // its marker's screen position
};

// Draws markers with error bars (y ± err), joined per series, in a box of `size` at the cursor, with a
// legend. With `x_labels` non-empty the x axis is categorical: position i is labelled x_labels[i]. Returns
// the point under the mouse (within 8 px of its marker) and whether it was clicked; `first_marker`, when
// given, receives the screen position of the first series' first marker (-1, -1 without one).
PointHit points_plot(const char* id, ImVec2 size, const PlotOptions& options, const std::vector<PointSeries>& series,
                     const std::vector<std::string>& x_labels, ImVec2* first_marker = nullptr);

}  // namespace ml::app
