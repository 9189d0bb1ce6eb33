// marginlab app — helpers the panels share (see panel.h).
#include "app/panels/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <string>
#include <vector>

#include "app/ui/plot.h"
#include "imgui_internal.h"
#include "imgui_stdlib.h"

namespace ml::app {

bool begin_panel(const char* title, ImVec2 pos, ImVec2 size, ImGuiWindowFlags extra) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  return ImGui::Begin(title, nullptr,
                      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                          ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus | extra);
}

float label_width() { return ImGui::GetFontSize() * 9.2f; }

bool begin_form(const char* id) {
  // Too narrow for a label beside a usable widget (a phone at a large text size): each label above its widget.
  const bool one_column = ImGui::GetContentRegionAvail().x < label_width() + ImGui::GetFontSize() * kFormWidgetLines;
  if (!ImGui::BeginTable(id, one_column ? 1 : 2, ImGuiTableFlags_SizingFixedFit)) return false;
  if (one_column) {
    ImGui::TableSetupColumn("row", ImGuiTableColumnFlags_WidthStretch);
    return true;
  }
  ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, label_width());
  ImGui::TableSetupColumn("widget", ImGuiTableColumnFlags_WidthStretch);
  return true;
}

void form_row(const std::string& label, const std::string& help) {
  const bool one_column = ImGui::TableGetColumnCount() == 1;
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::AlignTextToFramePadding();
  const FittedText shown = fit_to_width(label, ImGui::GetContentRegionAvail().x);
  ImGui::TextUnformatted(shown.shown.c_str());
  if ((shown.cut || !help.empty()) && ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
    if (shown.cut) ImGui::TextUnformatted(label.c_str());
    if (!help.empty()) ImGui::TextUnformatted(help.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  if (one_column) ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(one_column ? 0 : 1);
  ImGui::SetNextItemWidth(-1);
}

float text_width(std::string_view text) { return ImGui::CalcTextSize(text.data(), text.data() + text.size()).x; }

FittedText fit_to_width(std::string_view text, float width) { return fit_text(text, width, text_width); }

bool fitted_combo(const char* id, const std::string& preview, ImGuiComboFlags flags) {
  // ImGui 1.86 draws the preview from the frame's left padding up to the arrow button, clipped there.
  const float room = ImGui::CalcItemWidth() - ImGui::GetStyle().FramePadding.x - ImGui::GetFrameHeight() - 1;
  const FittedText shown = fit_to_width(preview, room);
  const bool open = ImGui::BeginCombo(id, shown.shown.c_str(), flags);
  if (!open && shown.cut && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", preview.c_str());
  return open;
}

bool fitted_text_field(const char* id, std::string* text, ImGuiInputTextFlags flags, const char* hint) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float room = ImGui::CalcItemWidth() - style.FramePadding.x * 2 - 1;
  const bool editing = ImGui::GetActiveID() == ImGui::GetID(id);
  const FittedText shown = fit_to_width(*text, room);
  const bool cover = shown.cut && !editing;
  // The field draws the whole text invisibly (so a click edits it as usual) and the cut text is drawn over it.
  if (cover) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0, 0, 0, 0));
  const bool changed = hint ? ImGui::InputTextWithHint(id, hint, text, flags) : ImGui::InputText(id, text, flags);
  if (!cover) return changed;
  ImGui::PopStyleColor();
  const ImVec2 at(ImGui::GetItemRectMin().x + style.FramePadding.x, ImGui::GetItemRectMin().y + style.FramePadding.y);
  ImGui::GetWindowDrawList()->AddText(at, ImGui::GetColorU32(ImGuiCol_Text), shown.shown.c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text->c_str());
  return changed;
}

void note(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::PushTextWrapPos(0);
  ImGui::TextV(fmt, args);
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  va_end(args);
}

void trailing_hint(const char* text) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize(text).x <= right) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", text);
  } else {
    note("%s", text);
  }
}

void same_line_if_fits(float width) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width <= right) ImGui::SameLine();
}

float width_beside(const char* button_label) {
  const float rest = ImGui::GetContentRegionAvail().x - button_width(button_label) - ImGui::GetStyle().ItemSpacing.x;
  return rest >= ImGui::GetFontSize() * kFormWidgetLines ? rest : ImGui::GetContentRegionAvail().x;
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

bool compact_button(const PanelContext& ctx, const char* label) {
  return on_touch(ctx) ? ImGui::Button(label) : ImGui::SmallButton(label);
}

void probe(const PanelContext& ctx, const std::string& name) {
  if (!ctx.probes) return;
  (*ctx.probes)[name] = last_item_rect();
}

int compare_legend(const CompareModel& compare, const char* label) {
  const float fs = ImGui::GetFontSize();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  bool first = true;
  if (label && *label) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    first = false;
  }
  int clicked = -1;
  for (size_t i = 0; i < compare.size(); ++i) {
    const ComparedRun& r = compare.run(i);
    const std::string full = r.session ? r.name : r.name + " (not run)";
    const float swatch_and_radio = fs * 1.3f + ImGui::GetFrameHeight() + style.ItemInnerSpacing.x;
    const float width = swatch_and_radio + ImGui::CalcTextSize(full.c_str()).x;
    if (!first) {
      ImGui::SameLine(0, fs * 0.8f);
      if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
    }
    first = false;
    // A name wider than a whole line is cut with "..." (the whole name on hover).
    const FittedText shown = fit_to_width(full, right - ImGui::GetCursorScreenPos().x - swatch_and_radio);
    const std::string& text = shown.shown;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float mid = p.y + ImGui::GetFrameHeight() * 0.5f;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(p.x, mid), ImVec2(p.x + fs * 1.1f, mid),
                                        learner_color(static_cast<int>(i)), 3.0f);
    ImGui::Dummy(ImVec2(fs * 1.2f, ImGui::GetFrameHeight()));
    ImGui::SameLine(0, fs * 0.1f);
    ImGui::BeginDisabled(!r.session);
    if (ImGui::RadioButton((text + "##legend" + std::to_string(i)).c_str(), compare.focus() == static_cast<int>(i)))
      clicked = static_cast<int>(i);
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s%s%s", shown.cut ? full.c_str() : "", shown.cut ? "\n" : "",
                        r.session ? "Checked: its regions are the shaded ones in the 2-D view" : r.error.c_str());
  }
  return clicked;
}

namespace {

// The glyphs of the atlas' fonts, found by a point in texture space: a grid of buckets over [0, 1]^2.
class GlyphFinder {
 public:
  explicit GlyphFinder(const ImFontAtlas& atlas) : buckets_(kGrid * kGrid) {
    for (const ImFont* font : atlas.Fonts)
      for (const ImFontGlyph& g : font->Glyphs) {
        if (!g.Visible) continue;
        for (int by = bucket(g.V0); by <= bucket(g.V1); ++by)
          for (int bx = bucket(g.U0); bx <= bucket(g.U1); ++bx)
            buckets_[static_cast<size_t>(by * kGrid + bx)].push_back(&g);
      }
  }
  // The glyph whose texture rectangle holds (u, v), or nullptr (a filled shape's white pixel, a line texture).
  const ImFontGlyph* at(float u, float v) const {
    for (const ImFontGlyph* g : buckets_[static_cast<size_t>(bucket(v) * kGrid + bucket(u))])
      if (u >= g->U0 && u <= g->U1 && v >= g->V0 && v <= g->V1) return g;
    return nullptr;
  }

 private:
  static constexpr int kGrid = 64;
  static int bucket(float t) { return std::clamp(static_cast<int>(t * kGrid), 0, kGrid - 1); }
  std::vector<std::vector<const ImFontGlyph*>> buckets_;
};

// The glyph quads of one draw command: RenderText writes each glyph as 4 vertices and the indices
// (i, i+1, i+2, i, i+2, i+3); every other primitive is made of triangles, so the scan steps by 3.
void add_command_glyphs(const ImDrawList& list, const ImDrawCmd& cmd, int window, const GlyphFinder& finder,
                        float tex_width, std::vector<DrawnGlyph>* out) {
  const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset;
  const ImDrawVert* vtx = list.VtxBuffer.Data + cmd.VtxOffset;
  const float eps = 0.5f / tex_width;
  for (unsigned k = 0; k + 3 <= cmd.ElemCount;) {
    const bool quad = k + 6 <= cmd.ElemCount && idx[k + 1] == idx[k] + 1 && idx[k + 2] == idx[k] + 2 &&
                      idx[k + 3] == idx[k] && idx[k + 4] == idx[k + 2] && idx[k + 5] == idx[k] + 3;
    if (!quad) {
      k += 3;
      continue;
    }
    const ImDrawVert &tl = vtx[idx[k]], &br = vtx[idx[k] + 2];
    k += 6;
    const ImFontGlyph* g = finder.at((tl.uv.x + br.uv.x) * 0.5f, (tl.uv.y + br.uv.y) * 0.5f);
    // Off screen vertically (a scrolled panel's hidden lines): not drawn, not a problem.
    if (!g || br.pos.y <= cmd.ClipRect.y || tl.pos.y >= cmd.ClipRect.w) continue;
    DrawnGlyph d;
    d.window = window;
    d.x0 = tl.pos.x;
    d.x1 = br.pos.x;
    d.y0 = std::max(tl.pos.y, cmd.ClipRect.y);
    d.y1 = std::min(br.pos.y, cmd.ClipRect.w);
    d.clip_x0 = cmd.ClipRect.x;
    d.clip_x1 = cmd.ClipRect.z;
    d.trimmed = tl.uv.x > g->U0 + eps || br.uv.x < g->U1 - eps;
    d.codepoint = g->Codepoint;
    out->push_back(d);
  }
}

void append_utf8(unsigned c, std::string* s) {
  if (c < 0x80) {
    *s += static_cast<char>(c);
  } else if (c < 0x800) {
    *s += static_cast<char>(0xC0 | (c >> 6));
    *s += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    *s += static_cast<char>(0xE0 | (c >> 12));
    *s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    *s += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// The text around glyph i as drawn: its neighbours in drawing order on the same line, a space for a gap.
std::string text_around(const std::vector<DrawnGlyph>& glyphs, size_t i) {
  const DrawnGlyph& g = glyphs[i];
  const float h = std::max(1.0f, g.y1 - g.y0);
  auto same_line = [&](size_t a, size_t b) {
    return glyphs[a].window == glyphs[b].window && std::fabs(glyphs[a].y0 - glyphs[b].y0) < h * 0.5f &&
           glyphs[b].x0 - glyphs[a].x1 < h * 1.5f && glyphs[b].x0 >= glyphs[a].x0;
  };
  size_t lo = i, hi = i;
  while (lo > 0 && i - lo < 40 && same_line(lo - 1, lo)) --lo;
  while (hi + 1 < glyphs.size() && hi - i < 40 && same_line(hi, hi + 1)) ++hi;
  std::string s;
  for (size_t k = lo; k <= hi; ++k) {
    if (k > lo && glyphs[k].x0 - glyphs[k - 1].x1 > h * 0.2f) s += ' ';
    append_utf8(glyphs[k].codepoint, &s);
  }
  return s;
}

}  // namespace

DrawnTextReport drawn_text_report() {
  DrawnTextReport report;
  const ImDrawData* data = ImGui::GetDrawData();
  const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  if (!data || !data->Valid || !atlas || atlas->TexWidth <= 0) return report;
  const GlyphFinder finder(*atlas);
  std::vector<DrawnGlyph> glyphs;
  std::vector<const char*> names;
  for (int n = 0; n < data->CmdListsCount; ++n) {
    const ImDrawList& list = *data->CmdLists[n];
    names.push_back(list._OwnerName ? list._OwnerName : "?");
    for (const ImDrawCmd& cmd : list.CmdBuffer)
      if (!cmd.UserCallback && cmd.TextureId == atlas->TexID)
        add_command_glyphs(list, cmd, n, finder, static_cast<float>(atlas->TexWidth), &glyphs);
  }
  report.glyphs = static_cast<int>(glyphs.size());
  for (const TextProblem& p : find_text_problems(glyphs)) {
    (p.b < 0 ? report.cut : report.overlaps) += 1;
    if (report.examples.size() >= 8) continue;
    const DrawnGlyph& a = glyphs[static_cast<size_t>(p.a)];
    std::string e = std::string(p.b < 0 ? "cut" : "overlap") + " in '" + names[static_cast<size_t>(a.window)] +
                    "' at " + std::to_string(static_cast<int>(a.x0)) + "," + std::to_string(static_cast<int>(a.y0)) +
                    ": '" + text_around(glyphs, static_cast<size_t>(p.a)) + "'";
    if (p.b >= 0) e += " and '" + text_around(glyphs, static_cast<size_t>(p.b)) + "'";
    report.examples.push_back(e);
  }
  return report;
}

}  // namespace ml::app
