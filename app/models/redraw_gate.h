// marginlab app — whether a frame needs drawing, for a host that leaves the last picture on screen when
// nothing changed (the page: under a software renderer every drawn frame costs tens of ms of the cores the
// sweeps' workers run on). A frame is drawn when its draw lists (a hash of what ImGui's renderer reads),
// the framebuffer's size or what the app shows outside the draw lists (the view's texture, a pending
// capture) differ from the last drawn frame's. No ImGui here: the host hashes the draw data (app/platform/frame_loop).
#pragma once

#include <cstdint>
#include <functional>

namespace ml::app {

// What a frame shows beyond its draw lists.
struct FrameFacts {
  int width = 0, height = 0;     // the framebuffer, in device pixels
  int64_t view_renders = 0;      // drawings of the view's texture so far (App::offscreen)
  bool capture_pending = false;  // a capture reads the rendered frame: it must be drawn
};

// Decides frame by frame whether to draw.
class RedrawGate {
 public:
  // True when the frame must be drawn. `signature` hashes the frame's draw lists; it is called only when
  // nothing in `facts` already says the frame changed (during training the view changes every frame, and
  // such frames skip the hash). A frame drawn without its hash leaves the next one to be drawn too.
  bool needs_draw(const FrameFacts& facts, const std::function<uint64_t()>& signature);
  // The next frame is drawn whatever it shows (a rebuilt font texture: same texture id, new pixels).
  void invalidate() { known_ = false; }
  // Frames drawn and frames left as they were, so far.
  int64_t drawn() const { return drawn_; }
  int64_t skipped() const { return skipped_; }

 private:
  bool count(bool draw);
  FrameFacts last_;
  bool started_ = false;    // a frame was seen
  bool known_ = false;      // signature_ is the last drawn frame's
  uint64_t signature_ = 0;  // its draw lists' hash
  int64_t drawn_ = 0, skipped_ = 0;
};

}  // namespace ml::app
