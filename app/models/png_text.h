// marginlab app — a text chunk in a PNG file: the exported view and layout carry their link as metadata
// (tEXt, keyword "Source"; readable with `exiftool`, Python's PIL `Image.open(f).text`, ...) besides the
// caption drawn into the picture. Header-only and free of ImGui and GL, so the unit tests use it directly.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ml::app {

// CRC-32 of PNG chunks (ISO 3309, polynomial 0xEDB88320, as zlib's crc32).
inline uint32_t png_crc32(std::string_view bytes) {
  uint32_t c = 0xFFFFFFFFu;
  for (char ch : bytes) {
    c ^= static_cast<unsigned char>(ch);
    for (int k = 0; k < 8; ++k) c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
  }
  return c ^ 0xFFFFFFFFu;
}

// `png` with a tEXt chunk (keyword, Latin-1 text: bytes outside printable ASCII become '?') inserted after
// IHDR; `png` unchanged when it does not start with a PNG signature and an IHDR chunk.
inline std::string png_with_text(const std::string& png, std::string_view keyword, std::string_view text) {
  static const char kSignature[8] = {'\x89', 'P', 'N', 'G', '\r', '\n', '\x1a', '\n'};
  const size_t ihdr_end = 8 + 4 + 4 + 13 + 4;
  if (png.size() < ihdr_end || png.compare(0, 8, std::string(kSignature, 8)) != 0 || png.compare(12, 4, "IHDR") != 0)
    return png;
  std::string data = "tEXt";
  data += keyword;
  data += '\0';
  for (char ch : text) data += (ch >= 0x20 && ch < 0x7F) ? ch : '?';
  auto be32 = [](uint32_t v) {
    std::string out(4, '\0');
    for (int k = 0; k < 4; ++k) out[static_cast<size_t>(k)] = static_cast<char>((v >> (24 - 8 * k)) & 0xFFu);
    return out;
  };
  const std::string chunk = be32(static_cast<uint32_t>(data.size() - 4)) + data + be32(png_crc32(data));
  return png.substr(0, ihdr_end) + chunk + png.substr(ihdr_end);
}

}  // namespace ml::app
