// marginlab app — which string to show for a text that may not fit its width: the text whole, or its longest
// prefix that fits with "..." after it (cut between UTF-8 characters, never inside one). Plot titles, axis
// labels, the sidebar's labels, combo previews and text fields show texts through it, so no text is ever cut
// by a panel's edge without a sign. The width of a string is measured by the caller (the panels with ImGui's
// font, the tests with a fixed width per character). No ImGui.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ml::app {

// What marks a cut text (ASCII: every font the app may load has its glyphs).
inline constexpr std::string_view kEllipsis = "...";

// The width of a string as it would be drawn (pixels).
using TextMeasure = std::function<float(std::string_view)>;

// A text as shown in a given width.
struct FittedText {
  std::string shown;  // what to draw: the text, or a prefix of it (trailing spaces dropped) and kEllipsis
  bool cut = false;   // true when `shown` is not the whole text (then the full text belongs in a tooltip)
};

// `text` whole when measure(text) <= width; else its longest prefix (at a UTF-8 character boundary, trailing
// spaces dropped) whose measure with kEllipsis after it is <= width; kEllipsis alone when not even one
// character fits. A width that is not finite or is negative fits nothing but kEllipsis.
FittedText fit_text(std::string_view text, float width, const TextMeasure& measure);

// Tokens laid out in lines of at most `width`, `separator` between tokens of a line: a line breaks only
// between tokens, never inside one ("x.seed=1..5" stays whole); a token wider than `width` alone is cut by
// fit_text on its own line.
std::vector<std::string> flow_tokens(const std::vector<std::string>& tokens, std::string_view separator, float width,
                                     const TextMeasure& measure);

// `tokens` with each one wider than `width` replaced by the lines its words (split at spaces) flow into, so that
// flow_tokens cuts nothing that has spaces in it ("mistakes 27 ≤ 95.5 (clean-data bound)" on a narrow screen).
std::vector<std::string> split_wide_tokens(const std::vector<std::string>& tokens, float width,
                                           const TextMeasure& measure);

// A glyph as a frame drew it (screen px), for the checks that no text on screen is cut or overlaps another:
// the window that drew it, its box, the horizontal extent of its clip rectangle, and whether the renderer
// trimmed its bitmap on the CPU (ImGui cuts a text that runs past its frame that way).
struct DrawnGlyph {
  int window = 0;                        // one number per window (draw list)
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // the glyph's box
  float clip_x0 = 0, clip_x1 = 0;        // what its clip rectangle lets show horizontally
  bool trimmed = false;                  // part of its bitmap was cut off left or right
  unsigned codepoint = 0;                // the character (for the report)
};

// A text problem: glyph `a` cut at an edge (b = -1), or glyphs `a` and `b` of two texts drawn over each other.
struct TextProblem {
  int a = -1, b = -1;
};

// The cut and overlapping glyphs among `glyphs` (indices into it). A glyph is cut when it was trimmed or its
// box runs more than half a pixel past its clip rectangle left or right (a panel scrolled vertically hides
// whole lines legitimately, so only the horizontal edges count). Two glyphs of one window overlap when their
// boxes share more than a third of the narrower one's width and of the shorter one's height: neighbours in a
// word touch by a pixel at most, a text drawn over another shares whole glyphs.
std::vector<TextProblem> find_text_problems(const std::vector<DrawnGlyph>& glyphs);

}  // namespace ml::app
