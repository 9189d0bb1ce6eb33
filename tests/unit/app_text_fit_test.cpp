// Tests of app/models/text_fit: which string a label, combo preview or title shows for a width, measured
// here with a fixed width per character (10 px a UTF-8 character), so every expected string is counted by hand.
#include "app/models/text_fit.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

namespace ml::app {
namespace app_text_fit_test {

// 10 px per character (a multi-byte UTF-8 character counts once).
float ten_per_char(std::string_view s) {
  float w = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) w += 10;
  return w;
}

TEST(AppTextFit, WholeWhenItFits) {
  const FittedText f = fit_text("assumed margin gamma", 200, ten_per_char);  // 20 characters = 200 px
  EXPECT_EQ(f.shown, "assumed margin gamma");
  EXPECT_FALSE(f.cut);
  EXPECT_FALSE(fit_text("", 0, ten_per_char).cut);
}

TEST(AppTextFit, LongestPrefixWithEllipsisWhenItDoesNot) {
  // 199 px: 16 characters and "..." (190 px) fit, 17 and "..." (200 px) do not; the space before "gamma" is dropped.
  FittedText f = fit_text("assumed margin gamma", 199, ten_per_char);
  EXPECT_TRUE(f.cut);
  EXPECT_EQ(f.shown, "assumed margin g...");
  // 150 px: 12 characters "assumed marg" and "..."; 140 px: 11. At 100 px "assumed " fits with its space
  // dropped ("assumed...", 100 px); at 99 px that is too wide, so "assume...".
  EXPECT_EQ(fit_text("assumed margin gamma", 150, ten_per_char).shown, "assumed marg...");
  EXPECT_EQ(fit_text("assumed margin gamma", 140, ten_per_char).shown, "assumed mar...");
  EXPECT_EQ(fit_text("assumed margin gamma", 100, ten_per_char).shown, "assumed...");
  EXPECT_EQ(fit_text("assumed margin gamma", 110, ten_per_char).shown, "assumed...");  // not "assumed ..."
  EXPECT_EQ(fit_text("assumed margin gamma", 99, ten_per_char).shown, "assume...");
  // Every cut text fits its width.
  for (float w = 30; w < 200; w += 1)
    EXPECT_LE(ten_per_char(fit_text("Ultraconservative multiclass", w, ten_per_char).shown), w) << w;
}

TEST(AppTextFit, NeverCutsInsideAUtf8Character) {
  // Measured at 4 px a byte, so a character cut after its first byte would be narrower than the whole one and
  // would fit where the whole one does not: "Ĉ" and "γ" are two bytes, "≤" three (21 bytes in all).
  const auto four_per_byte = [](std::string_view s) { return 4.0f * static_cast<float>(s.size()); };
  const std::string text = "Ĉ γ ≤ 915 updates";
  for (float w = 12; w < 84; w += 1) {  // 84 px: the whole text
    const FittedText f = fit_text(text, w, four_per_byte);
    ASSERT_TRUE(f.cut) << w;
    EXPECT_LE(four_per_byte(f.shown), w);
    const std::string prefix = f.shown.substr(0, f.shown.size() - kEllipsis.size());
    EXPECT_EQ(text.compare(0, prefix.size(), prefix), 0) << f.shown;
    // The byte after the prefix starts a character.
    EXPECT_NE(static_cast<unsigned char>(text[prefix.size()]) & 0xC0, 0x80) << w << ": " << f.shown;
  }
  // 40 px: up to 7 bytes before "..."; byte 7 is inside "≤", so the cut falls before it ("Ĉ γ", its space dropped).
  EXPECT_EQ(fit_text(text, 40, four_per_byte).shown, "Ĉ γ...");
  EXPECT_EQ(fit_text(text, 60, ten_per_char).shown, "Ĉ γ...");
}

TEST(AppTextFit, EllipsisAloneWhenNothingFits) {
  EXPECT_EQ(fit_text("UMA (confusion-aware)", 35, ten_per_char).shown, "...");
  EXPECT_EQ(fit_text("UMA (confusion-aware)", 0, ten_per_char).shown, "...");
  EXPECT_EQ(fit_text("UMA (confusion-aware)", -5, ten_per_char).shown, "...");
  const FittedText nan = fit_text("UMA", NAN, ten_per_char);
  EXPECT_TRUE(nan.cut);
  EXPECT_EQ(nan.shown, "...");
}

}  // namespace app_text_fit_test
}  // namespace ml::app

namespace ml::app {
namespace app_text_fit_test {

TEST(AppTextFit, FlowedTokensBreakOnlyBetweenTokens) {
  const TextMeasure per_char = [](std::string_view t) { return static_cast<float>(t.size()); };
  // The sidebar's "Sweep:" axes at a width that once wrapped "x.seed=1..5" as "x.seed=1." / ".5".
  const std::vector<std::string> axes = {"x.learner=perceptron,bylander", "x.eta=0:0.4:0.1", "x.seed=1..5"};
  const std::vector<std::string> lines = flow_tokens(axes, ", ", 32, per_char);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "x.learner=perceptron,bylander");
  EXPECT_EQ(lines[1], "x.eta=0:0.4:0.1, x.seed=1..5");
  for (const std::string& l : lines) EXPECT_LE(l.size(), 32u);
  // A token wider than the line is cut with "..." on its own line.
  EXPECT_EQ(flow_tokens({"abcdefghij", "k"}, " ", 6, per_char), (std::vector<std::string>{"abc...", "k"}));
}

}  // namespace app_text_fit_test
}  // namespace ml::app

namespace ml::app {
namespace app_text_fit_test {

// A line of glyphs as a font draws it: 8 px boxes 7 px apart (neighbours touch by a pixel), 14 px tall.
std::vector<DrawnGlyph> line_of(int window, float x, float y, int count, float clip_x1 = 1000) {
  std::vector<DrawnGlyph> out;
  for (int i = 0; i < count; ++i) {
    DrawnGlyph g;
    g.window = window;
    g.x0 = x + 7.0f * static_cast<float>(i);
    g.x1 = g.x0 + 8;
    g.y0 = y;
    g.y1 = y + 14;
    g.clip_x0 = 0;
    g.clip_x1 = clip_x1;
    g.codepoint = 'a';
    out.push_back(g);
  }
  return out;
}

std::vector<DrawnGlyph> joined(std::vector<DrawnGlyph> a, const std::vector<DrawnGlyph>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

TEST(AppTextFit, AWideTokenIsSplitAtItsSpacesNotCut) {
  // 120 px = 12 characters. "ab" fits whole; the bound's 38 characters flow word by word: "mistakes 27" (11),
  // then " <=" would make 14: "<= 95.5" (7), then "(clean-data" (11), then "bound)".
  const std::vector<std::string> lines =
      split_wide_tokens({"ab", "mistakes 27 <= 95.5 (clean-data bound)", "test err"}, 120, ten_per_char);
  EXPECT_EQ(lines, (std::vector<std::string>{"ab", "mistakes 27", "<= 95.5", "(clean-data", "bound)", "test err"}));
  // A token exactly as wide as the line stays whole; one character more splits it.
  EXPECT_EQ(split_wide_tokens({"exactly twlv"}, 120, ten_per_char), std::vector<std::string>{"exactly twlv"});
  EXPECT_EQ(split_wide_tokens({"exactly twlve"}, 120, ten_per_char), (std::vector<std::string>{"exactly", "twlve"}));
}

TEST(AppTextFit, TextsSideBySideOrOnLinesOfTheirOwnHaveNoProblem) {
  // Two words on a line with a gap, a line under them, and a text in another window at the same place.
  const std::vector<DrawnGlyph> glyphs = joined(joined(line_of(0, 10, 10, 6), line_of(0, 60, 10, 5)),
                                                joined(line_of(0, 10, 26, 8), line_of(1, 12, 12, 6)));
  EXPECT_TRUE(find_text_problems(glyphs).empty());
}

TEST(AppTextFit, ATextRunningIntoAnotherOverlaps) {
  // "step 13" running into the metric label's first glyphs ("...step 13 metric" drawn 4 px apart).
  const std::vector<DrawnGlyph> glyphs = joined(line_of(0, 10, 10, 7), line_of(0, 56, 11, 6));
  const std::vector<TextProblem> problems = find_text_problems(glyphs);
  ASSERT_FALSE(problems.empty());
  for (const TextProblem& p : problems) {
    EXPECT_LT(p.a, 7);  // a glyph of the first text
    EXPECT_GE(p.b, 7);  // over one of the second
  }
}

TEST(AppTextFit, GlyphsPastTheClipRectangleOrTrimmedAreCut) {
  // A title running past its window's right edge at x = 50: the glyphs from x0 = 45 on are cut.
  std::vector<DrawnGlyph> glyphs = line_of(0, 10, 10, 10, 50);
  std::vector<TextProblem> problems = find_text_problems(glyphs);
  ASSERT_EQ(problems.size(), 5u);
  EXPECT_EQ(problems[0].a, 5);
  EXPECT_EQ(problems[0].b, -1);
  // A button's label trimmed on the CPU stays inside its clip rectangle but is cut all the same.
  glyphs = line_of(0, 10, 10, 3);
  glyphs[2].trimmed = true;
  problems = find_text_problems(glyphs);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].a, 2);
  // Half a pixel past the edge is rounding, not a cut.
  glyphs = line_of(0, 10, 10, 3, 10 + 14 + 8 + 0.4f);
  EXPECT_TRUE(find_text_problems(glyphs).empty());
}

}  // namespace app_text_fit_test
}  // namespace ml::app
