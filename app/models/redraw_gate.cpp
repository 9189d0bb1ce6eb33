// marginlab app — whether a frame needs drawing (see redraw_gate.h).
#include "app/models/redraw_gate.h"

#include <cstring>

namespace ml::app {

namespace {
constexpr uint64_t kMultiplier = 0x9E3779B97F4A7C15ull;  // 2^64 / golden ratio, odd

uint64_t mix(uint64_t h, uint64_t word) {
  h = (h ^ word) * kMultiplier;
  return h ^ (h >> 29);
}
}  // namespace

uint64_t hash_bytes(uint64_t h, const void* data, size_t size) {
  const unsigned char* bytes = static_cast<const unsigned char*>(data);
  for (; size >= 8; size -= 8, bytes += 8) {
    uint64_t word;
    std::memcpy(&word, bytes, 8);
    h = mix(h, word);
  }
  uint64_t tail = 0;
  if (size > 0) std::memcpy(&tail, bytes, size);
  return mix(h, tail ^ (static_cast<uint64_t>(size) << 56));  // the length tells 0-padded tails apart
}

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
