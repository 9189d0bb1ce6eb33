// marginlab app — texts fitted to a width (see text_fit.h).
#include "app/models/text_fit.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ml::app {

namespace {

// The prefix of `text` ending at byte `end`, trailing spaces dropped, with kEllipsis after it.
std::string cut_at(std::string_view text, size_t end) {
  while (end > 0 && text[end - 1] == ' ') --end;
  std::string s(text.substr(0, end));
  s += kEllipsis;
  return s;
}

}  // namespace

FittedText fit_text(std::string_view text, float width, const TextMeasure& measure) {
  const bool usable = std::isfinite(width) && width >= 0;
  if (usable && measure(text) <= width) return {std::string(text), false};
  // The byte offsets where a UTF-8 character starts (after the first): the places a cut may fall.
  std::vector<size_t> ends;
  for (size_t i = 1; i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ends.push_back(i);
  if (!usable) return {std::string(kEllipsis), true};
  // The shown width grows with the cut's position (a longer prefix never draws narrower), so the longest prefix
  // that fits is found by bisection: ends[0, lo) fit, ends[hi, size) do not.
  size_t lo = 0, hi = ends.size();
  while (lo < hi) {
    const size_t mid = lo + (hi - lo) / 2;
    if (measure(cut_at(text, ends[mid])) <= width)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 0) return {std::string(kEllipsis), true};
  return {cut_at(text, ends[lo - 1]), true};
}

std::vector<std::string> flow_tokens(const std::vector<std::string>& tokens, std::string_view separator, float width,
                                     const TextMeasure& measure) {
  std::vector<std::string> lines;
  for (const std::string& token : tokens) {
    const std::string joined = lines.empty() ? token : lines.back() + std::string(separator) + token;
    if (!lines.empty() && measure(joined) <= width)
      lines.back() = joined;
    else
      lines.push_back(fit_text(token, width, measure).shown);
  }
  return lines;
}

std::vector<std::string> split_wide_tokens(const std::vector<std::string>& tokens, float width,
                                           const TextMeasure& measure) {
  std::vector<std::string> out;
  for (const std::string& token : tokens) {
    if (measure(token) <= width) {
      out.push_back(token);
      continue;
    }
    std::vector<std::string> words;
    for (size_t start = 0; start < token.size();) {
      const size_t end = std::min(token.find(' ', start), token.size());
      if (end > start) words.push_back(token.substr(start, end - start));
      start = end + 1;
    }
    for (std::string& line : flow_tokens(words, " ", width, measure)) out.push_back(std::move(line));
  }
  return out;
}

namespace {

bool glyph_cut(const DrawnGlyph& g) { return g.trimmed || g.x0 < g.clip_x0 - 0.5f || g.x1 > g.clip_x1 + 0.5f; }

bool glyphs_overlap(const DrawnGlyph& a, const DrawnGlyph& b) {
  const float w = std::min(a.x1, b.x1) - std::max(a.x0, b.x0), h = std::min(a.y1, b.y1) - std::max(a.y0, b.y0);
  return w > std::min(a.x1 - a.x0, b.x1 - b.x0) / 3.0f && h > std::min(a.y1 - a.y0, b.y1 - b.y0) / 3.0f;
}

}  // namespace

std::vector<TextProblem> find_text_problems(const std::vector<DrawnGlyph>& glyphs) {
  std::vector<TextProblem> out;
  for (size_t i = 0; i < glyphs.size(); ++i)
    if (glyph_cut(glyphs[i])) out.push_back({static_cast<int>(i), -1});
  // Sweep along x within each window: only glyphs whose spans meet are compared.
  std::vector<int> order(glyphs.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const DrawnGlyph &ga = glyphs[static_cast<size_t>(a)], &gb = glyphs[static_cast<size_t>(b)];
    return ga.window != gb.window ? ga.window < gb.window : ga.x0 < gb.x0;
  });
  for (size_t i = 0; i < order.size(); ++i) {
    const DrawnGlyph& a = glyphs[static_cast<size_t>(order[i])];
    for (size_t j = i + 1; j < order.size(); ++j) {
      const DrawnGlyph& b = glyphs[static_cast<size_t>(order[j])];
      if (b.window != a.window || b.x0 >= a.x1) break;
      if (glyphs_overlap(a, b)) out.push_back({std::min(order[i], order[j]), std::max(order[i], order[j])});
    }
  }
  return out;
}

}  // namespace ml::app
