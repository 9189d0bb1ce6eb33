// marginlab app — touch gestures turned into the pointer a frame hands to ImGui, apart from ImGui itself.
//
// Dear ImGui 1.86 reads one cursor position and one button state per frame, and no touch. The page feeds the
// fingers here (web/touch.js through web/main.cpp), and each frame takes the pointer ImGui gets
// (app/platform/touch_input.h applies it): a tap moves the cursor in one frame, presses in the next and releases after
// (so a tap shorter than a frame still acts, once, where it landed); after a lift the cursor leaves the screen
// (no hover, no tooltip left behind). A finger that leaves its slop decides what the drag is (the host's
// decider: the mouse's drag, a scroll of the panel under it, or the wheel of a column); one held still for
// kLongPressSeconds releases at once as a long-press; two fingers pinch (wheel notches at their midpoint).
// Events wait in a queue, so taps quicker than frames are played one after another, none lost.
#pragma once

#include <deque>
#include <functional>
#include <vector>

namespace ml::app {

// A finger held this long without leaving its slop is a long-press, and for this many frames at least, so
// that a slow renderer's few long frames do not turn a tap into a long-press.
constexpr double kLongPressSeconds = 0.5;
constexpr int kLongPressFrames = 12;
// How far (CSS px) a finger may move before a press becomes a drag.
constexpr float kTouchSlop = 8.0f;
// The zoom factor of one wheel notch in the 2-D view (View::handle_mouse): a pinch is converted with it.
constexpr double kWheelZoomStep = 1.25;

// What a drag of one finger is, once it left its slop.
enum class TouchDrag {
  undecided,  // still within the slop
  mouse,      // the mouse's drag (a slider, a plot, the view's pan)
  scroll,     // the content under the finger follows it (the panel's own scrolling)
  wheel,      // the host scrolls by wheel notches (a column the app scrolls itself)
};

// The pointer for one frame while touch owns it.
struct TouchPointer {
  bool owned = false;                     // touch drives the pointer (else the mouse backend's values stand)
  bool hidden = false;                    // the cursor is off screen: nothing hovered
  float x = 0, y = 0;                     // the cursor (CSS px) when not hidden
  bool down = false;                      // the left button
  bool pressed_now = false;               // the button goes down this frame (the host records what is under it)
  bool cancel = false;                    // a press was abandoned (a second finger): drop the active item, no click
  bool long_press = false;                // this frame's release ends a long-press
  TouchDrag drag = TouchDrag::undecided;  // what the current one-finger drag is
  float scroll_dy = 0;                    // scroll and wheel drags: how far the finger moved down this frame (CSS px)
  float pinch_notches = 0;                // a pinch this frame, in wheel notches (positive: fingers apart, zoom in)
};

// Decides a drag when the finger leaves its slop: the press point and the move so far (CSS px).
using TouchDecider = std::function<TouchDrag(float x0, float y0, float dx, float dy)>;

// The fingers on the page and the pointer they make, one frame at a time.
class TouchGestures {
 public:
  // A finger touched, moved or lifted (identified by `id`), at x, y in CSS px of the canvas.
  void start(int id, float x, float y);
  void move(int id, float x, float y);
  void end(int id, float x, float y);
  // The browser cancelled every touch (a system gesture): presses end without a click.
  void cancel_all();
  // A real mouse moved: the mouse backend drives the pointer again.
  void mouse_used() { owned_ = false; }
  // True when touch drives the pointer (a touch came after the last mouse movement).
  bool owned() const { return owned_; }
  // The pointer for the frame starting at `now` (seconds); `decide` is asked once per drag.
  TouchPointer frame(double now, const TouchDecider& decide);

 private:
  enum class Phase { idle, hover, pressed, pinch, wait_up };
  struct Event {
    enum Kind { start, move, end, cancel } kind;
    int id;
    float x, y;
  };
  struct Finger {
    int id;
    float x, y;
  };
  bool consume();                // applies queued events; false when a lift of the primary stopped it
  void apply(const Event& e);    // one event to the fingers and the phase
  Finger* finger(int id);        // nullptr when not down
  TouchPointer pinch_pointer();  // the pinch's frame
  TouchPointer pressed_pointer(double now, const TouchDecider& decide);

  std::deque<Event> queue_;
  std::vector<Finger> fingers_;
  Phase phase_ = Phase::idle;
  bool owned_ = false;
  int primary_ = -1;         // the finger of the current press
  float x0_ = 0, y0_ = 0;    // where it touched
  float x_ = 0, y_ = 0;      // where it is (or lifted)
  float scrolled_y_ = 0;     // a scroll drag: the finger's y already turned into scrolling
  double t0_ = 0;            // the frame it was first seen
  int frames_pressed_ = 0;   // frames since then
  bool primary_up_ = false;  // it lifted: the press is released in the next frame
  bool cancelled_ = false;   // the press was abandoned this frame
  TouchDrag drag_ = TouchDrag::undecided;
  float pinch_distance_ = 0;  // the fingers' distance at the last pinch frame
};

}  // namespace ml::app
