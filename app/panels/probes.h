// marginlab app — where named widgets were drawn in a frame: what the end-to-end tests tap and measure (the status
// JSON gives each as its centre and size: a touch target's size is checked from it).
#pragma once

#include <map>
#include <string>

#include "imgui.h"

namespace ml::app {

// A widget's rectangle on screen (CSS px); a point (a panel's centre, a corner) has min == max.
struct ProbeRect {
  ImVec2 min, max;
  ImVec2 centre() const { return ImVec2((min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f); }
};

// The frame's probes by name.
using Probes = std::map<std::string, ProbeRect>;

// The last ImGui item's rectangle.
inline ProbeRect last_item_rect() { return {ImGui::GetItemRectMin(), ImGui::GetItemRectMax()}; }
// A point as a probe.
inline ProbeRect probe_point(ImVec2 p) { return {p, p}; }

}  // namespace ml::app
