// marginlab app — the plot module (see plot.h). Axis arithmetic lives in plot_axis.cpp (tested).
//
// [SECTION] colours and helpers
// [SECTION] line plots
// [SECTION] points plots
// [SECTION] histograms
// [SECTION] matrix heat maps
#include "app/ui/plot.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string_view>
#include <utility>

#include "app/models/plot_axis.h"
#include "app/models/plot_model.h"
#include "app/models/text_fit.h"

namespace ml::app {

// [SECTION] colours and helpers ------------------------------------------------------------------------

ImU32 series_color(int i) {
  // Okabe-Ito, reordered so that the first two read well on the dark background.
  static const ImU32 kColors[] = {
      IM_COL32(86, 180, 233, 255),   // sky blue
      IM_COL32(230, 159, 0, 255),    // orange
      IM_COL32(0, 158, 115, 255),    // bluish green
      IM_COL32(204, 121, 167, 255),  // reddish purple
      IM_COL32(240, 228, 66, 255),   // yellow
      IM_COL32(0, 114, 178, 255),    // blue
      IM_COL32(213, 94, 0, 255),     // vermillion
      IM_COL32(200, 200, 200, 255),  // grey
  };
  const int n = static_cast<int>(sizeof kColors / sizeof kColors[0]);
  return kColors[((i % n) + n) % n];
}

ImU32 learner_color(int i) {
  // Bluish green, reddish purple, vermillion, yellow-brown: none is the view's blue or orange class colour,
  // and each stays readable on the dark plot background and on the light view canvas.
  static const ImU32 kColors[] = {
      IM_COL32(0, 170, 125, 255),
      IM_COL32(205, 100, 185, 255),
      IM_COL32(225, 70, 45, 255),
      IM_COL32(200, 165, 20, 255),
  };
  const int n = static_cast<int>(sizeof kColors / sizeof kColors[0]);
  return kColors[((i % n) + n) % n];
}

namespace {

const ImU32 kFrameBg = IM_COL32(24, 26, 31, 255);
const ImU32 kPlotBg = IM_COL32(30, 33, 39, 255);
const ImU32 kGrid = IM_COL32(255, 255, 255, 22);
const ImU32 kAxis = IM_COL32(255, 255, 255, 90);
const ImU32 kText = IM_COL32(215, 218, 224, 255);
const ImU32 kDimText = IM_COL32(160, 165, 175, 255);

// Margins of the plot area inside its box, from the current font size.
// A plot's canvas: its ID scope pushed (the caller pops it), an invisible button over `size` at the cursor,
// and what the plot draws with.
struct Canvas {
  ImVec2 pos;      // top-left corner, screen coordinates
  bool clicked;    // the button was clicked this frame
  bool hovered;    // the mouse is over it
  ImDrawList* dl;  // the window's draw list
  float fs;        // font size
};
Canvas begin_canvas(const char* id, const char* button, ImVec2 size) {
  ImGui::PushID(id);
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  const bool clicked = ImGui::InvisibleButton(button, size);
  return {pos, clicked, ImGui::IsItemHovered(), ImGui::GetWindowDrawList(), ImGui::GetFontSize()};
}

struct Layout {
  ImVec2 box_min, box_max;    // the whole widget
  ImVec2 area_min, area_max;  // the data area
};

Layout plot_layout(ImVec2 pos, ImVec2 size, float y_label_width, float legend_height) {
  const float fs = ImGui::GetFontSize();
  Layout l;
  l.box_min = pos;
  l.box_max = ImVec2(pos.x + size.x, pos.y + size.y);
  l.area_min = ImVec2(pos.x + y_label_width + 10, pos.y + fs * 1.6f + legend_height);
  l.area_max = ImVec2(pos.x + size.x - 10, pos.y + size.y - fs * 2.5f);
  return l;
}

float width_of(const std::string& s) { return ImGui::CalcTextSize(s.c_str()).x; }

// `text` fitted to `width` in the current font (app/models/text_fit: whole, or cut with "..."); *cut says which.
std::string fit_width(const std::string& text, float width, bool* cut) {
  FittedText f =
      fit_text(text, width, [](std::string_view s) { return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x; });
  *cut = f.cut;
  return std::move(f.shown);
}

// `text` cut at spaces into lines no wider than `width` (a single word wider than that stays whole).
std::vector<std::string> wrap_words(const std::string& text, float width) {
  std::vector<std::string> lines;
  if (width_of(text) <= width) return {text};
  std::string line;
  size_t i = 0;
  while (i < text.size()) {
    size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    const std::string word = text.substr(i, j - i);
    const std::string candidate = line.empty() ? word : line + " " + word;
    if (!line.empty() && width_of(candidate) > width) {
      lines.push_back(line);
      line = word;
    } else {
      line = candidate;
    }
    i = j + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// One legend entry.
struct LegendItem {
  std::string text;
  ImU32 color;
  int swatch;  // 0 line, 1 dashed line, 2 box
};

// Lays out (and when dl is not null draws) legend entries from (x, y) in rows no wider than `width`;
// returns the height used.
float legend(ImDrawList* dl, const std::vector<LegendItem>& items, float x0, float y0, float width) {
  if (items.empty()) return 0;
  const float fs = ImGui::GetFontSize();
  const float row_h = fs * 1.2f;
  float x = x0, y = y0;
  for (const LegendItem& it : items) {
    // An entry wider than the box wraps its text onto more lines (never cut at the box's edge).
    const float text_room = std::max(fs * 4.0f, width - 18 - 12);
    const std::vector<std::string> lines = wrap_words(it.text, text_room);
    float text_w = 0;
    for (const std::string& line : lines) text_w = std::max(text_w, width_of(line));
    const float w = 18 + text_w + 12;
    if (x > x0 && x + w > x0 + width) {
      x = x0;
      y += row_h;
    }
    if (dl) {
      const float cy = y + fs * 0.55f;
      if (it.swatch == 2) {
        dl->AddRectFilled(ImVec2(x + 2, y + fs * 0.15f), ImVec2(x + 2 + fs * 0.7f, y + fs * 0.85f), it.color);
      } else if (it.swatch == 1) {
        dl->AddLine(ImVec2(x, cy), ImVec2(x + 5, cy), it.color, 2.0f);
        dl->AddLine(ImVec2(x + 8, cy), ImVec2(x + 13, cy), it.color, 2.0f);
      } else {
        dl->AddLine(ImVec2(x, cy), ImVec2(x + 13, cy), it.color, 2.5f);
      }
      for (size_t k = 0; k < lines.size(); ++k)
        dl->AddText(ImVec2(x + 18, y + row_h * static_cast<float>(k)), kText, lines[k].c_str());
    }
    if (lines.size() > 1) {
      // A wrapped entry takes whole rows.
      y += row_h * static_cast<float>(lines.size());
      x = x0;
      continue;
    }
    x += w;
  }
  if (x == x0 && y > y0) return y - y0;
  return y + row_h - y0;
}

// A dashed polyline: segments of `dash` pixels separated by gaps of the same length.
void dashed_polyline(ImDrawList* dl, const std::vector<ImVec2>& pts, ImU32 col, float thickness) {
  const float dash = 6.0f;
  float carry = 0;  // distance into the current dash/gap period
  for (size_t i = 1; i < pts.size(); ++i) {
    ImVec2 a = pts[i - 1], b = pts[i];
    const float dx = b.x - a.x, dy = b.y - a.y;
    const float len = std::sqrt(dx * dx + dy * dy);
    float t = 0;
    while (t < len) {
      const float period_pos = std::fmod(carry + t, 2 * dash);
      const float remaining = (period_pos < dash ? dash - period_pos : 2 * dash - period_pos);
      const float t2 = std::min(len, t + remaining);
      if (period_pos < dash) {
        dl->AddLine(ImVec2(a.x + dx * t / len, a.y + dy * t / len), ImVec2(a.x + dx * t2 / len, a.y + dy * t2 / len),
                    col, thickness);
      }
      t = t2;
    }
    carry = std::fmod(carry + len, 2 * dash);
  }
}

// Ticks, grid and labels of the y axis (left) and x axis (bottom); returns nothing, draws into dl.
void draw_axes(ImDrawList* dl, const Layout& l, const AxisTicks& xt, const AxisTicks& yt, AxisRange xr, AxisRange yr,
               const std::string& x_label) {
  const float fs = ImGui::GetFontSize();
  auto to_x = [&](double v) {
    return static_cast<float>(l.area_min.x + (v - xr.lo) / (xr.hi - xr.lo) * (l.area_max.x - l.area_min.x));
  };
  auto to_y = [&](double v) {
    return static_cast<float>(l.area_max.y - (v - yr.lo) / (yr.hi - yr.lo) * (l.area_max.y - l.area_min.y));
  };
  for (double v : yt.values) {
    const float y = to_y(v);
    dl->AddLine(ImVec2(l.area_min.x, y), ImVec2(l.area_max.x, y), kGrid);
    const std::string s = format_tick(v, yt);
    dl->AddText(ImVec2(l.area_min.x - 6 - width_of(s), y - fs * 0.5f), kDimText, s.c_str());
  }
  float last_right = -1e9f;
  for (double v : xt.values) {
    const float x = to_x(v);
    dl->AddLine(ImVec2(x, l.area_min.y), ImVec2(x, l.area_max.y), kGrid);
    const std::string s = format_tick(v, xt);
    const float w = width_of(s);
    float left = x - w * 0.5f;
    left = std::min(left, l.box_max.x - w - 2);
    if (left < last_right + 6) continue;  // never overlap labels
    dl->AddText(ImVec2(left, l.area_max.y + 3), kDimText, s.c_str());
    last_right = left + w;
  }
  dl->AddLine(ImVec2(l.area_min.x, l.area_max.y), ImVec2(l.area_max.x, l.area_max.y), kAxis);
  dl->AddLine(ImVec2(l.area_min.x, l.area_min.y), ImVec2(l.area_min.x, l.area_max.y), kAxis);
  if (!x_label.empty()) {
    bool cut = false;
    const std::string shown = fit_width(x_label, l.box_max.x - l.box_min.x - 12, &cut);
    const float w = width_of(shown);
    dl->AddText(ImVec2(std::max(l.box_min.x + 6, (l.area_min.x + l.area_max.x - w) * 0.5f), l.area_max.y + fs + 6),
                kDimText, shown.c_str());
  }
}

// Widest y tick label (so the area starts right of it).
float y_label_width(const AxisTicks& yt) {
  float w = 0;
  for (double v : yt.values) w = std::max(w, width_of(format_tick(v, yt)));
  return std::max(w, width_of("0"));
}

// A plot's frame under its legend: where the legend goes, the data area beside the y tick labels, and those
// ticks (one label per ~2 em vertically). The area is laid out twice: the labels' width depends on the ticks.
struct PlotFrame {
  Layout layout;
  AxisTicks y_ticks;
  float legend_x = 0, legend_y = 0;
};

PlotFrame frame_plot(ImVec2 pos, ImVec2 size, const std::vector<LegendItem>& items, AxisRange yr) {
  const float fs = ImGui::GetFontSize();
  PlotFrame f;
  f.legend_x = pos.x + 6;
  f.legend_y = pos.y + fs * 1.35f;
  const float legend_h = legend(nullptr, items, f.legend_x, f.legend_y, size.x - 12);
  const Layout first = plot_layout(pos, size, 0, legend_h);
  f.y_ticks =
      nice_ticks(yr.lo, yr.hi, std::max(2, static_cast<int>((first.area_max.y - first.area_min.y) / (fs * 2.0f))));
  f.layout = plot_layout(pos, size, y_label_width(f.y_ticks), legend_h);
  return f;
}

// The x ticks of a laid-out plot: one label per ~4.5 em horizontally.
AxisTicks x_ticks(const Layout& l, AxisRange xr) {
  const float fs = ImGui::GetFontSize();
  return nice_ticks(xr.lo, xr.hi, std::max(2, static_cast<int>((l.area_max.x - l.area_min.x) / (fs * 4.5f))));
}

// Why a plot has nothing to draw, centred in its area and wrapped to its width (a long reason was cut off).
void empty_note(ImDrawList* dl, ImVec2 area_min, ImVec2 area_max, const char* text) {
  const float wrap = std::max(1.0f, area_max.x - area_min.x - 8);
  const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(ImGui::GetFontSize(), FLT_MAX, wrap, text);
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(),
              ImVec2(std::max(area_min.x + 4, (area_min.x + area_max.x - ts.x) * 0.5f),
                     (area_min.y + area_max.y - ts.y) * 0.5f),
              kDimText, text, nullptr, wrap);
}

}  // namespace

namespace {
// The tooltip of a "(?)": plain words, then the reference dimmed.
void help_tooltip(const std::string& plain, const std::string& reference) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
  ImGui::TextUnformatted(plain.c_str());
  if (!reference.empty()) {
    ImGui::Separator();
    ImGui::TextDisabled("%s", reference.c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}
}  // namespace

void help_marker(const std::string& plain, const std::string& reference) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) help_tooltip(plain, reference);
}

void what_line(const std::string& plain, const std::string& reference) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::PushTextWrapPos(ImGui::GetContentRegionMax().x - ImGui::CalcTextSize("(?)").x -
                         ImGui::GetStyle().ItemSpacing.x);
  ImGui::TextWrapped("%s", plain.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  if (!reference.empty()) help_marker(plain, reference);
}

// [SECTION] line plots ---------------------------------------------------------------------------------

namespace {
// A plot's title at the top left of its box, cut with "..." when wider than the box (the whole title is in the
// tooltip) so "(?)" after it stays visible; hovering the title line shows the help. True when the mouse is on
// the title line.
bool plot_title(ImDrawList* dl, const Layout& l, const PlotOptions& options, bool hovered) {
  const float fs = ImGui::GetFontSize();
  const float help_w = options.help.empty() ? 0.0f : width_of("(?)") + 6;
  bool title_cut = false;
  const float room = l.box_max.x - l.box_min.x - 12 - help_w - options.title_reserve;
  std::string title = fit_width(options.title, room, &title_cut);
  if (width_of(title) > room) title.clear();  // not even "..." fits (the caller's controls take the line)
  dl->AddText(ImVec2(l.box_min.x + 6, l.box_min.y + 3), kText, title.c_str());
  const bool on_title = hovered && ImGui::GetIO().MousePos.y < l.box_min.y + fs * 1.35f;
  const float help_x = l.box_min.x + 6 + (title.empty() ? 0.0f : width_of(title) + 6);
  if (!options.help.empty()) dl->AddText(ImVec2(help_x, l.box_min.y + 3), on_title ? kText : kDimText, "(?)");
  if (on_title && !options.help.empty())
    help_tooltip(title_cut ? options.title + ": " + options.help : options.help, options.reference);
  else if (on_title && title_cut)
    ImGui::SetTooltip("%s", options.title.c_str());
  return on_title;
}
// A dense series (more points than 2 per pixel column) as one filled bar per column from its lowest to its
// highest point, reaching to the previous column's last point so the bars join: the pixels its polyline
// through every bucket's first, lowest, highest and last point would cover, at 4 vertices a column instead
// of 16 (a software renderer pays for each). A column no point falls in is bridged by a line. `at` maps a
// point's index to the screen.
void draw_band(ImDrawList* dl, const std::vector<PlotBucket>& buckets, const std::function<ImVec2(size_t)>& at,
               float area_left, float column_width, ImU32 color, float thickness) {
  const float half = thickness * 0.5f;
  for (size_t k = 0; k < buckets.size(); ++k) {
    const PlotBucket& b = buckets[k];
    float top = at(b.hi).y, bottom = at(b.lo).y;
    if (k > 0) {
      const ImVec2 previous = at(buckets[k - 1].last);
      if (buckets[k - 1].column + 1 == b.column) {
        top = std::min(top, previous.y);
        bottom = std::max(bottom, previous.y);
      } else {
        dl->AddLine(previous, at(b.first), color, thickness);
      }
    }
    const float left = area_left + static_cast<float>(b.column) * column_width;
    dl->AddRectFilled(ImVec2(left, top - half), ImVec2(left + column_width, bottom + half), color);
  }
}
}  // namespace


void line_plot(const char* id, ImVec2 size, const PlotOptions& options, const std::vector<PlotSeries>& series) {
  const auto [pos, clicked, hovered, dl, fs] = begin_canvas(id, "##plot", size);

  // Ranges: x over every series; y over every series, capped when asked.
  std::vector<const std::vector<double>*> xs, ys;
  for (const PlotSeries& s : series) {
    if (s.x) xs.push_back(s.x);
    if (s.y) ys.push_back(s.y);
  }
  AxisRange xr = data_range(xs, false);
  if (xr.lo > 0 && xr.lo < (xr.hi - xr.lo) * 0.2) xr.lo = 0;  // steps start at 0
  AxisRange yr = data_range(ys, options.include_zero);
  std::vector<bool> off_scale(series.size(), false);
  if (options.y_max_cap > 0 && yr.hi > options.y_max_cap) {
    for (size_t i = 0; i < series.size(); ++i) {
      if (!series[i].y) continue;
      for (double v : *series[i].y)
        if (std::isfinite(v) && v > options.y_max_cap) off_scale[i] = true;
    }
    yr.hi = options.y_max_cap;
  }
  std::vector<LegendItem> items;
  for (size_t i = 0; i < series.size(); ++i)
    items.push_back(
        {series[i].name + (off_scale[i] ? " \xE2\x86\x91" : ""), series[i].color, series[i].dashed ? 1 : 0});
  if (!options.legend) items.clear();
  PlotFrame frame = frame_plot(pos, size, items, yr);
  Layout& l = frame.layout;
  AxisTicks& yt = frame.y_ticks;
  AxisTicks xt = x_ticks(l, xr);

  dl->PushClipRect(l.box_min, l.box_max, true);  // titles and labels never spill into a neighbour
  dl->AddRectFilled(l.box_min, l.box_max, kFrameBg, 4.0f);
  dl->AddRectFilled(l.area_min, l.area_max, kPlotBg);
  const bool on_title = plot_title(dl, l, options, hovered);

  bool any = false;
  for (const PlotSeries& s : series)
    if (s.y)
      for (double v : *s.y)
        if (std::isfinite(v)) {
          any = true;
          break;
        }
  if (!any) {
    empty_note(dl, l.area_min, l.area_max, options.empty_text);
    dl->PopClipRect();
    ImGui::PopID();
    return;
  }
  draw_axes(dl, l, xt, yt, xr, yr, options.x_label);

  auto to_screen = [&](double x, double y) {
    return ImVec2(static_cast<float>(l.area_min.x + (x - xr.lo) / (xr.hi - xr.lo) * (l.area_max.x - l.area_min.x)),
                  static_cast<float>(l.area_max.y - (y - yr.lo) / (yr.hi - yr.lo) * (l.area_max.y - l.area_min.y)));
  };
  dl->PushClipRect(ImVec2(l.area_min.x, l.area_min.y - 2), ImVec2(l.area_max.x + 1, l.area_max.y + 2), true);
  std::vector<double> ex, ey;
  std::vector<ImVec2> pts;
  const int columns = std::max(8, static_cast<int>(l.area_max.x - l.area_min.x));
  const float column_width = (l.area_max.x - l.area_min.x) / static_cast<float>(columns);
  const double y_limit = yr.hi + (yr.hi - yr.lo);  // values far above the range are drawn just above it
  for (const PlotSeries& s : series) {
    if (!s.x || !s.y) continue;
    if (!s.dashed && is_dense(std::min(s.x->size(), s.y->size()), columns)) {
      const auto at = [&](size_t i) { return to_screen((*s.x)[i], std::min((*s.y)[i], y_limit)); };
      draw_band(dl, plot_buckets(*s.x, *s.y, xr.lo, xr.hi, columns), at, l.area_min.x, column_width, s.color,
                s.thickness);
      continue;
    }
    envelope(*s.x, *s.y, xr.lo, xr.hi, columns, &ex, &ey);
    pts.clear();
    for (size_t i = 0; i < ex.size(); ++i) {
      if (!std::isfinite(ey[i])) continue;
      pts.push_back(to_screen(ex[i], std::min(ey[i], y_limit)));
    }
    if (pts.size() == 1) dl->AddCircleFilled(pts[0], 2.5f, s.color);
    if (s.dashed)
      dashed_polyline(dl, pts, s.color, s.thickness);
    else if (pts.size() > 1)
      dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), s.color, 0, s.thickness);
  }
  dl->PopClipRect();

  legend(dl, items, frame.legend_x, frame.legend_y, size.x - 12);
  dl->PopClipRect();

  // Hover read-out: cursor line and the value of every series at the nearest recorded x.
  if (hovered && !on_title) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    if (m.x >= l.area_min.x && m.x <= l.area_max.x) {
      const double x = xr.lo + (m.x - l.area_min.x) / (l.area_max.x - l.area_min.x) * (xr.hi - xr.lo);
      dl->AddLine(ImVec2(m.x, l.area_min.y), ImVec2(m.x, l.area_max.y), IM_COL32(255, 255, 255, 70));
      ImGui::BeginTooltip();
      bool header = false;
      for (const PlotSeries& s : series) {
        if (!s.x || !s.y) continue;
        const int i = nearest_index(*s.x, x);
        if (i < 0) continue;
        const double sx = (*s.x)[static_cast<size_t>(i)];
        const double sy = (*s.y)[static_cast<size_t>(i)];
        if (!header) {
          ImGui::Text("%s %s", options.x_label.empty() ? "x" : options.x_label.c_str(), format_readout(sx).c_str());
          header = true;
        }
        const ImVec2 p = to_screen(sx, sy);
        if (std::isfinite(sy) && p.y >= l.area_min.y && p.y <= l.area_max.y) dl->AddCircleFilled(p, 3.5f, s.color);
        ImGui::ColorButton(("##c" + s.name).c_str(), ImGui::ColorConvertU32ToFloat4(s.color),
                           ImGuiColorEditFlags_NoTooltip, ImVec2(fs * 0.7f, fs * 0.7f));
        ImGui::SameLine();
        ImGui::Text("%s: %s", s.name.c_str(), format_readout(sy).c_str());
      }
      ImGui::EndTooltip();
    }
  }
  ImGui::PopID();
}

// [SECTION] points plots -------------------------------------------------------------------------------

namespace {

// The x range of a points plot: the categories' positions, or the series' x padded so end markers sit inside.
AxisRange points_x_range(const std::vector<PointSeries>& series, size_t categories) {
  if (categories > 0) return {-0.5, static_cast<double>(categories) - 0.5};
  std::vector<const std::vector<double>*> xs;
  for (const PointSeries& s : series)
    if (s.x && s.y) xs.push_back(s.x);
  AxisRange d = data_range(xs, false);
  double lo = INFINITY, hi = -INFINITY;
  for (const auto* v : xs)
    for (double x : *v)
      if (std::isfinite(x)) {
        lo = std::min(lo, x);
        hi = std::max(hi, x);
      }
  if (lo <= hi) {
    const double pad = hi > lo ? (hi - lo) * 0.06 : 0.5;
    d = {lo - pad, hi + pad};
  }
  return d;
}

// The y range of a points plot: over y ± err.
AxisRange points_y_range(const std::vector<PointSeries>& series, bool include_zero) {
  std::vector<double> lows, highs;
  for (const PointSeries& s : series) {
    if (!s.x || !s.y) continue;
    for (size_t i = 0; i < s.y->size(); ++i) {
      const double y = (*s.y)[i];
      const double e = s.err && i < s.err->size() && std::isfinite((*s.err)[i]) ? (*s.err)[i] : 0.0;
      lows.push_back(y - e);
      highs.push_back(y + e);
    }
  }
  return data_range({&lows, &highs}, include_zero);
}

// The axes of a categorical points plot, with the values' own labels (draw_axes prints numbers).
void draw_category_axes(ImDrawList* dl, const Layout& l, const AxisTicks& yt, const AxisRange& xr, const AxisRange& yr,
                        const std::string& x_label, const std::vector<std::string>& x_labels) {
  AxisTicks none;
  draw_axes(dl, l, none, yt, xr, yr, x_label);
  float last_right = -1e9f;
  for (size_t i = 0; i < x_labels.size(); ++i) {
    const float x = static_cast<float>(l.area_min.x + (static_cast<double>(i) - xr.lo) / (xr.hi - xr.lo) *
                                                          (l.area_max.x - l.area_min.x));
    dl->AddLine(ImVec2(x, l.area_min.y), ImVec2(x, l.area_max.y), kGrid);
    const float w = width_of(x_labels[i]);
    const float left = x - w * 0.5f;
    if (left < last_right + 6) continue;
    dl->AddText(ImVec2(left, l.area_max.y + 3), kDimText, x_labels[i].c_str());
    last_right = left + w;
  }
}

// Where a points plot's markers were drawn, per series (NaN y where a value is missing), for the hover.
struct PointMarkers {
  std::vector<std::vector<double>> x, y;
};

// The series' markers with their error bars (joined by lines unless categorical). Series side by side at one
// x: a small horizontal offset keeps overlapping error bars apart.
PointMarkers draw_point_series(ImDrawList* dl, const Layout& l, const AxisRange& xr, const AxisRange& yr,
                               const std::vector<PointSeries>& series, bool categorical, ImVec2* first_marker) {
  auto to_screen = [&](double x, double y) {
    return ImVec2(static_cast<float>(l.area_min.x + (x - xr.lo) / (xr.hi - xr.lo) * (l.area_max.x - l.area_min.x)),
                  static_cast<float>(l.area_max.y - (y - yr.lo) / (yr.hi - yr.lo) * (l.area_max.y - l.area_min.y)));
  };
  const float spread = std::min(10.0f, (l.area_max.x - l.area_min.x) * 0.01f);
  const float offset0 = -spread * 0.5f * static_cast<float>(series.size() > 0 ? series.size() - 1 : 0);
  PointMarkers markers;
  std::vector<std::vector<double>>& screen_x = markers.x;
  std::vector<std::vector<double>>& screen_y = markers.y;
  screen_x.resize(series.size());
  screen_y.resize(series.size());
  for (size_t k = 0; k < series.size(); ++k) {
    const PointSeries& s = series[k];
    if (!s.x || !s.y) continue;
    const float dx = offset0 + spread * static_cast<float>(k);
    std::vector<ImVec2> pts;
    for (size_t i = 0; i < s.x->size() && i < s.y->size(); ++i) {
      const double y = (*s.y)[i];
      ImVec2 p = to_screen((*s.x)[i], std::isfinite(y) ? y : 0);
      p.x += dx;
      screen_x[k].push_back(p.x);
      screen_y[k].push_back(std::isfinite(y) ? p.y : NAN);
      if (!std::isfinite(y)) continue;
      pts.push_back(p);
      if (first_marker && k == 0 && first_marker->x < 0) *first_marker = p;
    }
    if (!categorical && pts.size() > 1) dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), s.color, 0, 1.8f);
    for (size_t i = 0; i < s.x->size() && i < s.y->size(); ++i) {
      const double y = (*s.y)[i];
      if (!std::isfinite(y)) continue;
      const ImVec2 p(static_cast<float>(screen_x[k][i]), static_cast<float>(screen_y[k][i]));
      const double e = s.err && i < s.err->size() ? (*s.err)[i] : NAN;
      if (std::isfinite(e) && e > 0) {
        const float top = to_screen(0, y + e).y, bottom = to_screen(0, y - e).y;
        dl->AddLine(ImVec2(p.x, top), ImVec2(p.x, bottom), s.color, 1.5f);
        dl->AddLine(ImVec2(p.x - 3.5f, top), ImVec2(p.x + 3.5f, top), s.color, 1.5f);
        dl->AddLine(ImVec2(p.x - 3.5f, bottom), ImVec2(p.x + 3.5f, bottom), s.color, 1.5f);
      }
      dl->AddCircleFilled(p, 3.8f, s.color);
    }
  }
  return markers;
}

}  // namespace

PointHit points_plot(const char* id, ImVec2 size, const PlotOptions& options, const std::vector<PointSeries>& series,
                     const std::vector<std::string>& x_labels, ImVec2* first_marker) {
  PointHit hit;
  if (first_marker) *first_marker = ImVec2(-1, -1);
  const auto [pos, clicked, hovered, dl, fs] = begin_canvas(id, "##points", size);
  const bool categorical = !x_labels.empty();

  // Ranges: x over the positions (padded so end markers sit inside), y over y ± err.
  const AxisRange xr = points_x_range(series, x_labels.size());
  const AxisRange yr = points_y_range(series, options.include_zero);
  std::vector<LegendItem> items;
  if (options.legend)
    for (const PointSeries& s : series) items.push_back({s.name, s.color, 0});
  PlotFrame frame = frame_plot(pos, size, items, yr);
  Layout& l = frame.layout;
  AxisTicks& yt = frame.y_ticks;
  AxisTicks xt;
  if (categorical) {
    for (size_t i = 0; i < x_labels.size(); ++i) xt.values.push_back(static_cast<double>(i));
  } else {
    xt = x_ticks(l, xr);
  }
  dl->PushClipRect(l.box_min, l.box_max, true);
  dl->AddRectFilled(l.box_min, l.box_max, kFrameBg, 4.0f);
  dl->AddRectFilled(l.area_min, l.area_max, kPlotBg);
  bool title_cut = false;
  dl->AddText(ImVec2(l.box_min.x + 6, l.box_min.y + 3), kText,
              fit_width(options.title, l.box_max.x - l.box_min.x - 12, &title_cut).c_str());
  bool any = false;
  for (const PointSeries& s : series)
    if (s.y)
      for (double v : *s.y)
        if (std::isfinite(v)) any = true;
  if (!any) {
    empty_note(dl, l.area_min, l.area_max, options.empty_text);
    legend(dl, items, frame.legend_x, frame.legend_y, size.x - 12);
    dl->PopClipRect();
    ImGui::PopID();
    return hit;
  }
  if (categorical)
    draw_category_axes(dl, l, yt, xr, yr, options.x_label, x_labels);
  else
    draw_axes(dl, l, xt, yt, xr, yr, options.x_label);
  const PointMarkers markers = draw_point_series(dl, l, xr, yr, series, categorical, first_marker);
  const std::vector<std::vector<double>>& screen_x = markers.x;
  const std::vector<std::vector<double>>& screen_y = markers.y;
  legend(dl, items, frame.legend_x, frame.legend_y, size.x - 12);
  dl->PopClipRect();
  if (hovered) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    for (size_t k = 0; k < series.size() && hit.series < 0; ++k) {
      const int i = nearest_point(screen_x[k], screen_y[k], m.x, m.y, 8.0);
      if (i < 0) continue;
      hit.series = static_cast<int>(k);
      hit.index = i;
      hit.clicked = clicked;
      hit.screen = ImVec2(static_cast<float>(screen_x[k][static_cast<size_t>(i)]),
                          static_cast<float>(screen_y[k][static_cast<size_t>(i)]));
      dl->AddCircle(hit.screen, 7.0f, IM_COL32(255, 255, 255, 200), 0, 1.5f);
    }
  }
  ImGui::PopID();
  return hit;
}

void value_card(const char* id, ImVec2 size, const PlotOptions& options, const std::vector<PlotSeries>& series,
                const std::string& sentence) {
  const auto [pos, clicked, hovered, dl, fs] = begin_canvas(id, "##plot", size);
  const Layout l = plot_layout(pos, size, 0, 0);
  dl->PushClipRect(l.box_min, l.box_max, true);
  dl->AddRectFilled(l.box_min, l.box_max, kFrameBg, 4.0f);
  plot_title(dl, l, options, hovered);
  const float left = l.box_min.x + 6, right = l.box_max.x - 6, row_h = fs * 1.3f;
  float y = l.box_min.y + fs * 1.6f;
  for (const std::string& line : wrap_words(sentence, right - left)) {
    dl->AddText(ImVec2(left, y), kDimText, line.c_str());
    y += fs * 1.15f;
  }
  y += fs * 0.5f;
  // One row a series: its swatch and name, and its value as a number at the right.
  for (const PlotSeries& s : series) {
    const double v = s.y ? final_value(*s.y) : NAN;
    const std::string value = std::isfinite(v) ? format_readout(v) : "none";
    const float value_w = width_of(value);
    const float cy = y + fs * 0.55f;
    if (s.dashed) {
      dl->AddLine(ImVec2(left, cy), ImVec2(left + 5, cy), s.color, 2.0f);
      dl->AddLine(ImVec2(left + 8, cy), ImVec2(left + 13, cy), s.color, 2.0f);
    } else {
      dl->AddCircleFilled(ImVec2(left + 6.5f, cy), fs * 0.3f, s.color);
    }
    bool cut = false;
    const std::string name = fit_width(s.name, right - value_w - fs - (left + 18), &cut);
    dl->AddText(ImVec2(left + 18, y), kText, name.c_str());
    dl->AddText(ImVec2(right - value_w, y), kText, value.c_str());
    if (hovered && cut && ImGui::GetIO().MousePos.y >= y && ImGui::GetIO().MousePos.y < y + row_h)
      ImGui::SetTooltip("%s", s.name.c_str());
    y += row_h;
  }
  dl->PopClipRect();
  ImGui::PopID();
}

// [SECTION] histograms ---------------------------------------------------------------------------------

void histogram_plot(const char* id, ImVec2 size, const std::string& title, const std::string& x_label, double lo,
                    double hi, const std::vector<HistogramSeries>& series) {
  const auto [pos, clicked, hovered, dl, fs] = begin_canvas(id, "##hist", size);
  size_t bins = 0;
  for (const HistogramSeries& s : series) bins = std::max(bins, s.counts.size());
  std::vector<double> totals(bins, 0.0);
  for (const HistogramSeries& s : series)
    for (size_t b = 0; b < s.counts.size(); ++b) totals[b] += s.counts[b];
  double top = 0;
  for (double t : totals) top = std::max(top, t);
  if (!(hi > lo)) hi = lo + 1;
  AxisRange xr{lo, hi}, yr{0, top > 0 ? top * 1.08 : 1};
  std::vector<LegendItem> items;
  for (const HistogramSeries& s : series) items.push_back({s.name, s.color, 2});
  PlotFrame frame = frame_plot(pos, size, items, yr);
  Layout& l = frame.layout;
  AxisTicks& yt = frame.y_ticks;
  AxisTicks xt = x_ticks(l, xr);
  dl->PushClipRect(l.box_min, l.box_max, true);
  dl->AddRectFilled(l.box_min, l.box_max, kFrameBg, 4.0f);
  dl->AddRectFilled(l.area_min, l.area_max, kPlotBg);
  bool title_cut = false;
  dl->AddText(ImVec2(l.box_min.x + 6, l.box_min.y + 3), kText,
              fit_width(title, l.box_max.x - l.box_min.x - 12, &title_cut).c_str());
  if (bins == 0 || top <= 0) {
    const char* empty = "no data yet";
    const ImVec2 ts = ImGui::CalcTextSize(empty);
    dl->AddText(ImVec2((l.area_min.x + l.area_max.x - ts.x) * 0.5f, (l.area_min.y + l.area_max.y - ts.y) * 0.5f),
                kDimText, empty);
    dl->PopClipRect();
    ImGui::PopID();
    return;
  }
  draw_axes(dl, l, xt, yt, xr, yr, x_label);
  const float bw = (l.area_max.x - l.area_min.x) / static_cast<float>(bins);
  auto to_y = [&](double v) { return static_cast<float>(l.area_max.y - v / yr.hi * (l.area_max.y - l.area_min.y)); };
  for (size_t b = 0; b < bins; ++b) {
    double base = 0;
    const float x0 = l.area_min.x + bw * static_cast<float>(b) + 0.5f;
    const float x1 = x0 + std::max(1.0f, bw - 1.0f);
    for (const HistogramSeries& s : series) {
      const double c = b < s.counts.size() ? s.counts[b] : 0;
      if (c <= 0) continue;
      dl->AddRectFilled(ImVec2(x0, to_y(base + c)), ImVec2(x1, to_y(base)), s.color);
      base += c;
    }
  }
  if (lo < 0 && hi > 0) {
    const float x0 = static_cast<float>(l.area_min.x + (0 - lo) / (hi - lo) * (l.area_max.x - l.area_min.x));
    dl->AddLine(ImVec2(x0, l.area_min.y), ImVec2(x0, l.area_max.y), IM_COL32(255, 255, 255, 150), 1.5f);
  }
  legend(dl, items, frame.legend_x, frame.legend_y, size.x - 12);
  dl->PopClipRect();
  if (hovered) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int b = static_cast<int>((m.x - l.area_min.x) / bw);
    if (b >= 0 && static_cast<size_t>(b) < bins) {
      const double b_lo = lo + (hi - lo) * b / static_cast<double>(bins);
      const double b_hi = lo + (hi - lo) * (b + 1) / static_cast<double>(bins);
      ImGui::BeginTooltip();
      ImGui::Text("[%s, %s)", format_readout(b_lo).c_str(), format_readout(b_hi).c_str());
      for (const HistogramSeries& s : series)
        ImGui::Text(
            "%s: %s", s.name.c_str(),
            format_readout(static_cast<size_t>(b) < s.counts.size() ? s.counts[static_cast<size_t>(b)] : 0).c_str());
      ImGui::EndTooltip();
    }
  }
  ImGui::PopID();
}

// [SECTION] matrix heat maps ---------------------------------------------------------------------------

namespace {
// A class's name (its index when it has none).
std::string class_name(const std::vector<std::string>& names, int i) {
  return static_cast<size_t>(i) < names.size() && !names[static_cast<size_t>(i)].empty() ? names[static_cast<size_t>(i)]
                                                                                         : std::to_string(i);
}
// "2 virginica", or "2" when the name is the index.
std::string indexed_name(const std::vector<std::string>& names, int i) {
  const std::string n = class_name(names, i);
  return n == std::to_string(i) ? n : std::to_string(i) + " " + n;
}
}  // namespace

float matrix_row_label_width(const std::vector<std::string>& class_names, int q) {
  float w = 0;
  for (int i = 0; i < q; ++i) w = std::max(w, width_of(indexed_name(class_names, i)));
  return w;
}

ImVec2 matrix_plot(const char* id, const std::string& title, const std::vector<double>& values, int q,
                   const std::vector<std::string>& class_names, float cell, const char* row_axis,
                   const char* col_axis) {
  ImGui::PushID(id);
  const float fs = ImGui::GetFontSize();
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  auto name = [&](int i) { return class_name(class_names, i); };
  const bool show_labels = cell >= fs * 1.2f;
  // Names that do not fit their column: the columns show the index, the rows "index name" (the key).
  bool names_fit = true;
  for (int i = 0; i < q; ++i) names_fit = names_fit && width_of(name(i)) <= cell - 2;
  auto column_label = [&](int i) { return names_fit ? name(i) : std::to_string(i); };
  auto row_label = [&](int i) { return names_fit ? name(i) : indexed_name(class_names, i); };
  float label_w = 0;
  if (show_labels)
    for (int i = 0; i < q; ++i) label_w = std::max(label_w, width_of(row_label(i)));
  const float grid_right = label_w + (show_labels ? 6 : 0) + cell * q + 2;
  // Title and caption wrap to the matrix's width (at least a short line's, at most the room left on the line).
  const float text_w =
      std::max(std::min(std::max(grid_right, fs * 15.0f), ImGui::GetContentRegionAvail().x), fs * 5.0f);
  const std::vector<std::string> title_lines = wrap_words(title, text_w);
  const std::string caption = std::string("rows ") + row_axis + ", columns " + col_axis;
  const std::vector<std::string> caption_lines = wrap_words(caption, text_w);
  float widest = grid_right;
  for (const std::string& l : title_lines) widest = std::max(widest, width_of(l));
  for (const std::string& l : caption_lines) widest = std::max(widest, width_of(l));
  const float line_h = fs * 1.15f;
  const float left = pos.x + label_w + (show_labels ? 6 : 0);
  const float top = pos.y + line_h * static_cast<float>(title_lines.size()) + fs * 0.15f + (show_labels ? fs + 2 : 0);
  const ImVec2 size(widest, top - pos.y + cell * q + line_h * static_cast<float>(caption_lines.size()) + 4);
  ImGui::InvisibleButton("##matrix", size);
  const bool hovered = ImGui::IsItemHovered();
  for (size_t k = 0; k < title_lines.size(); ++k)
    dl->AddText(ImVec2(pos.x, pos.y + line_h * static_cast<float>(k)), kText, title_lines[k].c_str());
  if (values.size() != static_cast<size_t>(q) * static_cast<size_t>(q) || q <= 0) {
    dl->AddText(ImVec2(pos.x, pos.y + line_h * static_cast<float>(title_lines.size()) + 2), kDimText, "not available");
    ImGui::PopID();
    return size;
  }
  if (show_labels) {
    for (int c = 0; c < q; ++c) {
      const std::string s = column_label(c);
      dl->AddText(ImVec2(left + cell * c + (cell - width_of(s)) * 0.5f, top - fs - 2), kDimText, s.c_str());
    }
    for (int r = 0; r < q; ++r) {
      const std::string s = row_label(r);
      dl->AddText(ImVec2(left - 6 - width_of(s), top + cell * r + (cell - fs) * 0.5f), kDimText, s.c_str());
    }
  }
  // Values in the cells when they fit: "0.70", or ".70" in narrow cells.
  const bool wide = cell >= width_of("0.00") + 6;
  const bool show_values = wide || cell >= width_of(".00") + 4;
  for (int r = 0; r < q; ++r) {
    for (int c = 0; c < q; ++c) {
      const double v = values[static_cast<size_t>(r * q + c)];
      const float t = std::isfinite(v) ? static_cast<float>(std::clamp(v, 0.0, 1.0)) : 0.0f;
      // Dark (0) to a warm light colour (1); the diagonal in blue tones, off-diagonal (noise) in orange.
      ImVec4 col = (r == c) ? ImVec4(0.12f + 0.10f * t, 0.16f + 0.38f * t, 0.22f + 0.55f * t, 1)
                            : ImVec4(0.14f + 0.80f * t, 0.15f + 0.42f * t, 0.17f + 0.05f * t, 1);
      const ImVec2 a(left + cell * c, top + cell * r), b(a.x + cell - 1, a.y + cell - 1);
      dl->AddRectFilled(a, b, ImGui::ColorConvertFloat4ToU32(col));
      if (show_values) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "%.2f", v);
        if (!wide) {
          if (buf[0] == '0')
            std::memmove(buf, buf + 1, std::strlen(buf));  // ".70"
          else if (v >= 0.995)
            std::snprintf(buf, sizeof buf, "1");
        }
        const float w = width_of(buf);
        dl->AddText(ImVec2(a.x + (cell - w) * 0.5f, a.y + (cell - fs) * 0.5f),
                    t > 0.6f ? IM_COL32(20, 20, 20, 255) : kText, buf);
      }
    }
  }
  for (size_t k = 0; k < caption_lines.size(); ++k)
    dl->AddText(ImVec2(pos.x, top + cell * q + 3 + line_h * static_cast<float>(k)), kDimText, caption_lines[k].c_str());
  if (hovered) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int c = static_cast<int>((m.x - left) / cell), r = static_cast<int>((m.y - top) / cell);
    if (m.x >= left && m.y >= top && r >= 0 && r < q && c >= 0 && c < q) {
      ImGui::BeginTooltip();
      ImGui::Text("%s = %s, %s = %s: %s", row_axis, name(r).c_str(), col_axis, name(c).c_str(),
                  format_readout(values[static_cast<size_t>(r * q + c)]).c_str());
      ImGui::EndTooltip();
    }
  }
  ImGui::PopID();
  return size;
}

}  // namespace ml::app
