// marginlab app — the gallery: ready-made experiments a newcomer can open from the first screen, each a
// link (docs/url.md; Compare and sweep links, docs/experiments.md) with a title and one plain sentence of
// what to look at. Declared once here; the Gallery window lists it and a unit test decodes every link
// (no warnings). No ImGui.
#pragma once

#include <string_view>
#include <vector>

namespace ml::app {

// One ready-made experiment.
struct GalleryEntry {
  std::string_view title;        // short name ("perceptron under 20 % noise")
  std::string_view explanation;  // one sentence: what to look at
  std::string_view link;         // the experiment's link (the part after '#', with the '#')
};

// The gallery, in the order the window lists it.
const std::vector<GalleryEntry>& gallery();

// What the first screen says about the welcome experiment: a few plain sentences on what to look at.
std::string_view welcome_text();

}  // namespace ml::app
