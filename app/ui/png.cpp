// marginlab app — PNG capture and encoding (see png.h).
#include "app/ui/png.h"

#include <vector>

#include "app/ui/gl.h"

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-function"
#elif defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif
#include <stb/stb_image_write.h>
#if defined(__clang__)
#pragma clang diagnostic pop
#elif defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace ml::app {

namespace {
void append_bytes(void* context, void* data, int size) {
  static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<size_t>(size));
}
}  // namespace

std::string encode_png(const unsigned char* rgba, int w, int h) {
  std::string out;
  if (w <= 0 || h <= 0) return out;
  stbi_write_png_to_func(append_bytes, &out, w, h, 4, rgba, w * 4);
  return out;
}

std::string capture_png(int x, int y, int w, int h, int framebuffer_height) {
  if (w <= 0 || h <= 0) return "";
  std::vector<unsigned char> pixels(static_cast<size_t>(w) * static_cast<size_t>(h) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  // GL rows start at the bottom: read the mirrored rectangle, then flip rows.
  glReadPixels(x, framebuffer_height - y - h, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  std::vector<unsigned char> flipped(pixels.size());
  const size_t row = static_cast<size_t>(w) * 4;
  for (int r = 0; r < h; ++r)
    std::copy(pixels.begin() + static_cast<std::ptrdiff_t>(row * static_cast<size_t>(h - 1 - r)),
              pixels.begin() + static_cast<std::ptrdiff_t>(row * static_cast<size_t>(h - r)),
              flipped.begin() + static_cast<std::ptrdiff_t>(row * static_cast<size_t>(r)));
  for (size_t i = 3; i < flipped.size(); i += 4) flipped[i] = 255;  // the window is opaque
  return encode_png(flipped.data(), w, h);
}

}  // namespace ml::app
