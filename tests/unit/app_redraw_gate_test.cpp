// Unit tests for app/models/redraw_gate: which frames a host that keeps its last picture draws.
#include "app/models/redraw_gate.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace app_redraw_gate_test {
using namespace ml::app;

// A gate fed frames whose draw lists hash to `*signature`; counts the hashes it asked for.
struct Feed {
  RedrawGate gate;
  uint64_t signature = 7;
  int hashes = 0;
  bool frame(const FrameFacts& facts) {
    return gate.needs_draw(facts, [this] {
      ++hashes;
      return signature;
    });
  }
};
const FrameFacts kScreen{1280, 800, 3, false};
TEST(AppRedrawGate, DrawsTheFirstFrameAndThenOnlyChanges) {
  Feed f;
  EXPECT_TRUE(f.frame(kScreen));   // nothing on screen yet
  EXPECT_TRUE(f.frame(kScreen));   // the first was drawn without its hash: this one is hashed and drawn
  EXPECT_FALSE(f.frame(kScreen));  // the same draw lists
  EXPECT_FALSE(f.frame(kScreen));
  f.signature = 8;  // a label changed
  EXPECT_TRUE(f.frame(kScreen));
  EXPECT_FALSE(f.frame(kScreen));
  EXPECT_EQ(f.gate.drawn(), 3);
  EXPECT_EQ(f.gate.skipped(), 3);
}

TEST(AppRedrawGate, TheViewsTextureTheSizeAndACaptureDrawWithoutHashing) {
  Feed f;
  f.frame(kScreen);
  f.frame(kScreen);
  const int hashed = f.hashes;
  FrameFacts view = kScreen;
  view.view_renders = 4;  // same draw lists, new picture in the view's texture
  EXPECT_TRUE(f.frame(view));
  FrameFacts resized = view;
  resized.height = 801;
  EXPECT_TRUE(f.frame(resized));
  FrameFacts capture = resized;
  capture.capture_pending = true;
  EXPECT_TRUE(f.frame(capture));
  EXPECT_TRUE(f.frame(capture));  // every frame a capture waits for
  EXPECT_EQ(f.hashes, hashed);    // none of these needed the hash
  resized.capture_pending = false;
  EXPECT_TRUE(f.frame(resized));  // drawn last without a hash: hashed and drawn once more
  EXPECT_FALSE(f.frame(resized));
}

TEST(AppRedrawGate, InvalidateDrawsTheNextFrame) {
  Feed f;
  f.frame(kScreen);
  f.frame(kScreen);
  EXPECT_FALSE(f.frame(kScreen));
  f.gate.invalidate();  // a rebuilt font texture under the same id
  EXPECT_TRUE(f.frame(kScreen));
  EXPECT_FALSE(f.frame(kScreen));
}

}  // namespace app_redraw_gate_test
