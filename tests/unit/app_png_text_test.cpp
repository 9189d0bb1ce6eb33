// The link in exported PNGs (app/models/png_text.h): the CRC of known chunks, and a tEXt chunk inserted after
// IHDR that a PNG reader walks chunk by chunk with valid CRCs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/models/png_text.h"

namespace ml::app {
namespace app_png_text_test {

std::string be32(uint32_t v) {
  std::string out(4, '\0');
  for (int k = 0; k < 4; ++k) out[static_cast<size_t>(k)] = static_cast<char>((v >> (24 - 8 * k)) & 0xFFu);
  return out;
}
uint32_t read32(const std::string& s, size_t at) {
  uint32_t v = 0;
  for (int k = 0; k < 4; ++k) v = (v << 8) | static_cast<unsigned char>(s[at + static_cast<size_t>(k)]);
  return v;
}

TEST(AppPngText, CrcOfKnownChunks) {
  EXPECT_EQ(png_crc32("IEND"), 0xAE426082u);       // the constant every PNG ends with
  EXPECT_EQ(png_crc32("123456789"), 0xCBF43926u);  // the CRC-32 check value
}

TEST(AppPngText, TextChunkAfterIhdrWithValidCrcs) {
  // A 1 x 1 header and the end chunk (enough for the chunk walk; no image data needed here).
  const std::string ihdr_data = "IHDR" + be32(1) + be32(1) + std::string("\x08\x06\x00\x00\x00", 5);
  std::string png = std::string("\x89PNG\r\n\x1a\n", 8) + be32(13) + ihdr_data + be32(png_crc32(ihdr_data)) + be32(0) +
                    "IEND" + be32(png_crc32("IEND"));
  const std::string link = "https://example.org/#v=1&data=separable&edits=p1_0.5_-0.25\n";
  const std::string out = png_with_text(png, "Source", link);
  // Walk the chunks: IHDR, tEXt, IEND, each CRC over type + data.
  size_t at = 8;
  std::vector<std::string> types;
  std::string text;
  while (at + 12 <= out.size()) {
    const uint32_t length = read32(out, at);
    const std::string type_and_data = out.substr(at + 4, 4 + length);
    EXPECT_EQ(read32(out, at + 8 + length), png_crc32(type_and_data)) << type_and_data.substr(0, 4);
    types.push_back(type_and_data.substr(0, 4));
    if (types.back() == "tEXt") text = type_and_data.substr(4);
    at += 12 + length;
  }
  EXPECT_EQ(at, out.size());
  EXPECT_EQ(types, (std::vector<std::string>{"IHDR", "tEXt", "IEND"}));
  EXPECT_EQ(text, std::string("Source\0", 7) + "https://example.org/#v=1&data=separable&edits=p1_0.5_-0.25?");
  // Not a PNG: unchanged.
  EXPECT_EQ(png_with_text("GIF89a", "Source", link), "GIF89a");
}

}  // namespace app_png_text_test
}  // namespace ml::app
