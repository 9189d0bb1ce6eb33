// marginlab app — touch gestures turned into the pointer a frame hands to ImGui (see touch_gestures.h).
#include "app/models/touch_gestures.h"

#include <algorithm>
#include <cmath>

namespace ml::app {

void TouchGestures::start(int id, float x, float y) {
  owned_ = true;
  queue_.push_back({Event::start, id, x, y});
}
void TouchGestures::move(int id, float x, float y) { queue_.push_back({Event::move, id, x, y}); }
void TouchGestures::end(int id, float x, float y) { queue_.push_back({Event::end, id, x, y}); }
void TouchGestures::cancel_all() { queue_.push_back({Event::cancel, -1, 0, 0}); }

TouchGestures::Finger* TouchGestures::finger(int id) {
  for (Finger& f : fingers_)
    if (f.id == id) return &f;
  return nullptr;
}

void TouchGestures::apply(const Event& e) {
  const bool pressing = phase_ == Phase::hover || phase_ == Phase::pressed;
  switch (e.kind) {
    case Event::start:
      if (!finger(e.id)) fingers_.push_back({e.id, e.x, e.y});
      if (pressing && fingers_.size() >= 2) {
        phase_ = Phase::pinch;
        pinch_distance_ = std::hypot(fingers_[0].x - fingers_[1].x, fingers_[0].y - fingers_[1].y);
        cancelled_ = true;
      }
      break;
    case Event::move:
      if (Finger* f = finger(e.id)) {
        f->x = e.x;
        f->y = e.y;
      }
      if (pressing && e.id == primary_) {
        x_ = e.x;
        y_ = e.y;
      }
      break;
    case Event::end:
      fingers_.erase(std::remove_if(fingers_.begin(), fingers_.end(), [&e](const Finger& f) { return f.id == e.id; }),
                     fingers_.end());
      if (pressing && e.id == primary_) {
        primary_up_ = true;
        x_ = e.x;
        y_ = e.y;
      }
      if (phase_ == Phase::pinch && fingers_.size() < 2) phase_ = Phase::wait_up;
      break;
    case Event::cancel:
      fingers_.clear();
      if (pressing) cancelled_ = true;
      phase_ = Phase::wait_up;
      break;
  }
}

bool TouchGestures::consume() {
  while (!queue_.empty()) {
    const Event e = queue_.front();
    queue_.pop_front();
    apply(e);
    // The events after a lift belong to later frames: the release comes first.
    if (primary_up_ && (phase_ == Phase::hover || phase_ == Phase::pressed)) return false;
  }
  return true;
}

TouchPointer TouchGestures::pinch_pointer() {
  TouchPointer out;
  out.owned = true;
  if (phase_ != Phase::pinch || fingers_.size() < 2) {
    out.hidden = true;
    return out;
  }
  const Finger& a = fingers_[0];
  const Finger& b = fingers_[1];
  out.x = (a.x + b.x) * 0.5f;
  out.y = (a.y + b.y) * 0.5f;
  const float d = std::hypot(a.x - b.x, a.y - b.y);
  if (d > 0 && pinch_distance_ > 0)
    out.pinch_notches = static_cast<float>(std::log(d / pinch_distance_) / std::log(kWheelZoomStep));
  pinch_distance_ = d;
  return out;
}

TouchPointer TouchGestures::pressed_pointer(double now, const TouchDecider& decide) {
  ++frames_pressed_;
  if (!primary_up_) consume();
  TouchPointer out;
  out.owned = true;
  out.cancel = cancelled_;
  if (phase_ == Phase::pinch) {
    out = pinch_pointer();
    out.cancel = true;
    return out;
  }
  if (phase_ == Phase::wait_up) {  // cancelled by the browser
    out.hidden = true;
    if (fingers_.empty()) phase_ = Phase::idle;
    return out;
  }
  if (!primary_up_ && drag_ == TouchDrag::undecided) {
    const float dx = x_ - x0_, dy = y_ - y0_;
    if (dx * dx + dy * dy > kTouchSlop * kTouchSlop) {
      drag_ = decide ? decide(x0_, y0_, dx, dy) : TouchDrag::mouse;
      if (drag_ == TouchDrag::undecided) drag_ = TouchDrag::mouse;
      scrolled_y_ = y0_;
    } else if (now - t0_ >= kLongPressSeconds && frames_pressed_ >= kLongPressFrames) {
      out.long_press = true;  // released now, at the press point; the finger's rest is ignored
      out.x = x0_;
      out.y = y0_;
      phase_ = Phase::wait_up;
      return out;
    }
  }
  out.drag = drag_;
  out.down = !primary_up_ && (drag_ == TouchDrag::undecided || drag_ == TouchDrag::mouse);
  out.x = drag_ == TouchDrag::mouse ? x_ : x0_;
  out.y = drag_ == TouchDrag::mouse ? y_ : y0_;
  out.hidden = drag_ == TouchDrag::scroll;
  if (drag_ == TouchDrag::scroll || drag_ == TouchDrag::wheel) {
    out.scroll_dy = y_ - scrolled_y_;
    scrolled_y_ = y_;
  }
  if (primary_up_) phase_ = fingers_.empty() ? Phase::idle : Phase::wait_up;
  return out;
}

TouchPointer TouchGestures::frame(double now, const TouchDecider& decide) {
  cancelled_ = false;
  TouchPointer out;
  switch (phase_) {
    case Phase::idle:
      while (!queue_.empty()) {
        const Event e = queue_.front();
        queue_.pop_front();
        if (e.kind != Event::start) {
          apply(e);
          continue;
        }
        // A new press: the cursor goes there this frame, the button down in the next.
        fingers_.push_back({e.id, e.x, e.y});
        primary_ = e.id;
        x0_ = x_ = e.x;
        y0_ = y_ = e.y;
        t0_ = now;
        primary_up_ = false;
        frames_pressed_ = 0;
        drag_ = TouchDrag::undecided;
        phase_ = Phase::hover;
        out.owned = true;
        out.x = x_;
        out.y = y_;
        return out;
      }
      out.owned = owned_;
      out.hidden = true;
      return out;
    case Phase::hover:
      consume();
      if (phase_ != Phase::hover) return pressed_pointer(now, decide);  // a second finger or a cancel
      phase_ = Phase::pressed;
      out.owned = true;
      out.x = x0_;
      out.y = y0_;
      out.down = true;
      out.pressed_now = true;
      return out;
    case Phase::pressed: return pressed_pointer(now, decide);
    case Phase::pinch: consume(); return pinch_pointer();
    case Phase::wait_up:
      consume();
      if (fingers_.empty()) phase_ = Phase::idle;
      out.owned = true;
      out.hidden = true;
      return out;
  }
  return out;
}

}  // namespace ml::app
