// marginlab app — PNG files of what is on screen: the desktop's --screenshot and the Export panel's
// "plots PNG" (stb_image_write from Debian's libstb-dev, compiled into the app in both builds).
#pragma once

#include <string>

namespace ml::app {

// Reads the rectangle (x, y, w, h) of the current framebuffer, given in top-left window pixels of a
// framebuffer `framebuffer_height` high, and returns it as PNG bytes ("" when w or h is not positive).
std::string capture_png(int x, int y, int w, int h, int framebuffer_height);

// Encodes top-down RGBA rows as PNG bytes.
std::string encode_png(const unsigned char* rgba, int w, int h);

}  // namespace ml::app
