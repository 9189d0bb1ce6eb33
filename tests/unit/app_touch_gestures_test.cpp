// Tests of the touch gestures (app/models/touch_gestures.h): a tap moves the cursor, presses in a later frame and
// releases after, once, where it landed, however long it is held (taps quicker than frames included, none
// lost); the cursor leaves the screen after a lift; a drag asks the decider once and a scroll drag hands on
// the finger's whole movement; a still finger becomes one long-press; two fingers pinch in wheel notches; the
// mouse takes the pointer back.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "app/models/touch_gestures.h"

namespace ml::app {
namespace app_touch_gestures_test {

// The presses a run of frames made: where each went down, and whether a release followed.
struct Presses {
  std::vector<std::pair<float, float>> at;  // where the button went down
  int releases = 0;
  int long_presses = 0;
  bool down = false;
  bool hidden_after = false;  // the last frame had the cursor off screen
};

constexpr double kFrame = 1.0 / 60;

// Runs `frames` frames from `*now`, counting presses and releases.
void run(TouchGestures& g, int frames, double* now, Presses* p, const TouchDecider& decide = nullptr) {
  for (int i = 0; i < frames; ++i) {
    const TouchPointer ptr = g.frame(*now, decide);
    *now += kFrame;
    if (ptr.down && !p->down) p->at.emplace_back(ptr.x, ptr.y);
    if (!ptr.down && p->down) ++p->releases;
    if (ptr.long_press) ++p->long_presses;
    if (ptr.down) {
      EXPECT_FALSE(ptr.hidden);
    }
    p->down = ptr.down;
    p->hidden_after = ptr.hidden;
  }
}

TEST(TouchGestures, ATapQuickerThanAFrameStillClicksOnceWhereItLanded) {
  TouchGestures g;
  g.start(1, 100, 50);
  g.end(1, 100, 50);
  double now = 0;
  const TouchPointer hover = g.frame(now, nullptr);
  EXPECT_TRUE(hover.owned);
  EXPECT_FALSE(hover.down);  // the cursor moves first
  EXPECT_FALSE(hover.hidden);
  EXPECT_EQ(hover.x, 100);
  Presses p;
  run(g, 6, &now, &p);
  ASSERT_EQ(p.at.size(), 1u);
  EXPECT_EQ(p.at[0], std::make_pair(100.0f, 50.0f));
  EXPECT_EQ(p.releases, 1);
  EXPECT_TRUE(p.hidden_after);  // nothing hovered once the finger is up: no tooltip stays
}

TEST(TouchGestures, TapsHeldOneToNineFramesEachActOnceAtTheirOwnPlace) {
  TouchGestures g;
  double now = 0;
  Presses p;
  for (int held = 1; held <= 9; ++held) {
    const float x = 10.0f * held;
    g.start(held, x, 20);
    run(g, held, &now, &p);
    g.end(held, x, 20);
    run(g, 4, &now, &p);
    ASSERT_EQ(p.at.size(), static_cast<size_t>(held)) << "held " << held;
    EXPECT_EQ(p.at.back().first, x);
    EXPECT_EQ(p.releases, held);
    EXPECT_TRUE(p.hidden_after);
  }
}

TEST(TouchGestures, TapsFasterThanFramesAreQueuedNotLostOrMerged) {
  TouchGestures g;
  for (int i = 0; i < 3; ++i) {
    g.start(i, 50.0f * (i + 1), 5);
    g.end(i, 50.0f * (i + 1), 5);
  }
  double now = 0;
  Presses p;
  run(g, 20, &now, &p);
  ASSERT_EQ(p.at.size(), 3u);
  EXPECT_EQ(p.at[0].first, 50);
  EXPECT_EQ(p.at[1].first, 100);
  EXPECT_EQ(p.at[2].first, 150);
  EXPECT_EQ(p.releases, 3);
}

TEST(TouchGestures, AScrollDragHandsOnTheWholeMovementAndAsksTheDeciderOnce) {
  TouchGestures g;
  int asked = 0;
  const TouchDecider decide = [&asked](float, float, float, float dy) {
    ++asked;
    EXPECT_LT(dy, 0);
    return TouchDrag::scroll;
  };
  double now = 0;
  g.start(1, 100, 400);
  g.frame(now, decide);
  now += kFrame;
  float scrolled = 0;
  for (int k = 1; k <= 10; ++k) {
    g.move(1, 100, 400.0f - 30.0f * k);
    const TouchPointer p = g.frame(now, decide);
    now += kFrame;
    scrolled += p.scroll_dy;
    if (p.drag == TouchDrag::scroll) {
      EXPECT_TRUE(p.hidden && !p.down);
    }
  }
  g.end(1, 100, 100);
  const TouchPointer last = g.frame(now, decide);
  scrolled += last.scroll_dy;
  EXPECT_EQ(asked, 1);
  EXPECT_FLOAT_EQ(scrolled, -300.0f);  // the content follows the finger all the way, the slop included
}

TEST(TouchGestures, AMouseDragFollowsTheFingerWithTheButtonHeld) {
  TouchGestures g;
  double now = 0;
  g.start(1, 10, 10);
  g.frame(now, nullptr);
  g.frame(now += kFrame, nullptr);
  g.move(1, 40, 10);
  const TouchPointer p = g.frame(now += kFrame, [](float, float, float, float) { return TouchDrag::mouse; });
  EXPECT_TRUE(p.down);
  EXPECT_EQ(p.x, 40);
  EXPECT_EQ(p.drag, TouchDrag::mouse);
}

TEST(TouchGestures, AStillFingerIsOneLongPressReleasedWhileItIsDown) {
  TouchGestures g;
  double now = 0;
  Presses p;
  g.start(1, 30, 30);
  run(g, 60, &now, &p);  // a second
  EXPECT_EQ(p.long_presses, 1);
  ASSERT_EQ(p.at.size(), 1u);
  EXPECT_EQ(p.releases, 1);
  g.end(1, 30, 30);
  run(g, 5, &now, &p);
  EXPECT_EQ(p.at.size(), 1u);  // the lift after a long-press clicks nothing more
  EXPECT_TRUE(p.hidden_after);
  // A finger moved away in time is no long-press.
  g.start(2, 30, 30);
  run(g, 3, &now, &p);
  g.move(2, 80, 30);
  run(g, 60, &now, &p, [](float, float, float, float) { return TouchDrag::mouse; });
  EXPECT_EQ(p.long_presses, 1);
}

TEST(TouchGestures, TwoFingersPinchInWheelNotchesAndCancelThePress) {
  TouchGestures g;
  double now = 0;
  g.start(1, 100, 100);
  g.frame(now, nullptr);
  g.frame(now += kFrame, nullptr);
  g.start(2, 200, 100);
  const TouchPointer first = g.frame(now += kFrame, nullptr);
  EXPECT_TRUE(first.cancel);
  EXPECT_FALSE(first.down);
  float notches = 0;
  for (int k = 1; k <= 5; ++k) {
    g.move(1, 100.0f - 10.0f * k, 100);
    g.move(2, 200.0f + 10.0f * k, 100);
    const TouchPointer p = g.frame(now += kFrame, nullptr);
    EXPECT_FALSE(p.down);
    EXPECT_FLOAT_EQ(p.x, 150);  // the midpoint: the view zooms about it
    notches += p.pinch_notches;
  }
  EXPECT_NEAR(notches, std::log(2.0) / std::log(kWheelZoomStep), 1e-4);  // the fingers twice as far apart
  g.end(1, 50, 100);
  g.end(2, 250, 100);
  Presses p;
  run(g, 4, &now, &p);
  EXPECT_TRUE(p.at.empty());  // lifting after a pinch clicks nothing
  EXPECT_TRUE(p.hidden_after);
}

TEST(TouchGestures, TheMouseTakesThePointerBack) {
  TouchGestures g;
  EXPECT_FALSE(g.frame(0, nullptr).owned);
  g.start(1, 5, 5);
  EXPECT_TRUE(g.owned());
  g.end(1, 5, 5);
  Presses p;
  double now = 0;
  run(g, 5, &now, &p);
  EXPECT_TRUE(g.frame(now, nullptr).owned);
  g.mouse_used();
  EXPECT_FALSE(g.frame(now, nullptr).owned);
}

}  // namespace app_touch_gestures_test
}  // namespace ml::app
