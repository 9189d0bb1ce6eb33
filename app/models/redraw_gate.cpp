// marginlab app — whether a frame needs drawing (see redraw_gate.h).
#include "app/models/redraw_gate.h"

namespace ml::app {

bool RedrawGate::count(bool draw) {
  ++(draw ? drawn_ : skipped_);
  return draw;
}

bool RedrawGate::needs_draw(const FrameFacts& facts, const std::function<uint64_t()>& signature) {
  const bool facts_changed = !started_ || facts.capture_pending || facts.width != last_.width ||
                             facts.height != last_.height || facts.view_renders != last_.view_renders;
  started_ = true;
  last_ = facts;
  if (facts_changed) {
    known_ = false;
    return count(true);
  }
  const uint64_t now = signature();
  const bool draw = !known_ || now != signature_;
  signature_ = now;
  known_ = true;
  return count(draw);
}

}  // namespace ml::app
