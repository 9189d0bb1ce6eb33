// marginlab app — the UI font's glyph ranges, in one place: App::setup_imgui rasterizes every glyph of them
// into ImGui's atlas at start (the page waits for it, so no block the text never uses), and the page's build
// embeds DejaVu Sans cut down to them (web/CMakeLists.txt reads the list below from this file).
#pragma once

#include "imgui.h"

namespace ml::app {

// Pairs of first and last code point, ending in 0: Latin-1 and Extended-A (Ĉ), Greek (eta, delta, gamma),
// punctuation, super- and subscripts, arrows, maths operators, geometric shapes (▶; not the box-drawing
// characters before them), ⟨⟩.
inline constexpr ImWchar kFontRanges[] = {0x0020, 0x00FF, 0x0100, 0x017F, 0x0370, 0x03FF, 0x2000,
                                          0x206F, 0x2070, 0x209F, 0x2190, 0x21FF, 0x2200, 0x22FF,
                                          0x25A0, 0x25FF, 0x27E8, 0x27E9, 0};

}  // namespace ml::app
