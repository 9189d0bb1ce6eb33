// marginlab — the order in which the online learners (Perceptron, kernel Perceptron, ultraconservative
// multiclass) visit the training examples: cyclic (0..n-1 every epoch) or a fresh permutation per epoch drawn
// from Rng(seed, Stream::learner), the next epoch's drawn as soon as the last one ends so that peek() knows it.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/settings/setting.h"
#include "core/util/rng.h"

namespace ml {

// How an online learner visits the examples (its `order` parameter).
enum class VisitOrder : int { cyclic, shuffled };
// URL names of the visit orders, in value order.
inline constexpr std::string_view kVisitOrderNames[] = {"cyclic", "shuffled"};
// The names of VisitOrder as a span (settings/setting.h NamedEnum).
constexpr std::span<const std::string_view> enum_names(VisitOrder) { return kVisitOrderNames; }

// The order in which online learners visit examples: cyclic, or reshuffled at the start of each epoch.
class ExampleOrder {
 public:
  // The `order` parameter's setting, shared by the online learners (bound to a VisitOrder member).
  static Setting setting();
  // Starts epoch 0 over n examples; shuffled draws from Rng(seed, Stream::learner).
  void reset(int n, bool shuffled, uint64_t seed);
  // The example the next advance() returns.
  int peek() const { return n_ == 0 ? -1 : order_[static_cast<size_t>(pos_)]; }
  // Returns the next example and moves on (a new epoch starts after the last one). Inline: the online
  // learners' step_many loops call it once per example.
  int advance() {
    assert(n_ > 0);
    const int i = order_[static_cast<size_t>(pos_)];
    if (++pos_ == n_) next_epoch();
    return i;
  }
  // Completed epochs.
  int64_t epoch() const { return epoch_; }
  // True for a shuffled order; a cyclic one's upcoming() is always consecutive examples (a loop may count
  // them from upcoming().front() instead of loading each index).
  bool shuffled() const { return shuffled_; }
  // True when the last advance() finished an epoch.
  bool epoch_ended() const { return pos_ == 0 && epoch_ > 0; }
  // The examples the next advance() calls return up to the end of the current epoch, at most max_count of
  // them (for loops that visit a run of examples; valid until the next call that moves the order).
  std::span<const int> upcoming(int64_t max_count) const {
    const int64_t count = std::min<int64_t>(max_count, n_ - pos_);
    return {order_.data() + pos_, static_cast<size_t>(count)};
  }
  // Moves past `count` examples of upcoming() of which `mistakes` were mistakes: the same as `count`
  // advance() and end_step() calls; true when they ended an epoch without a mistake.
  bool skip(int64_t count, int64_t mistakes) {
    assert(count >= 0 && count <= n_ - pos_);
    pos_ += static_cast<int>(count);
    epoch_mistakes_ += mistakes;
    if (pos_ < n_) return false;
    next_epoch();
    const bool clean = epoch_mistakes_ == 0;
    epoch_mistakes_ = 0;
    return clean;
  }
  // Records whether the example the last advance() returned was a mistake; true when that example ended an
  // epoch without a mistake (the data are separated, the hypothesis never changes again: the learner is done).
  bool end_step(bool mistake) {
    if (mistake) ++epoch_mistakes_;
    if (!epoch_ended()) return false;
    const bool clean = epoch_mistakes_ == 0;
    epoch_mistakes_ = 0;
    return clean;
  }

 private:
  // Starts the next epoch (advance() passed the last example).
  void next_epoch();

  std::vector<int> order_;
  int n_ = 0;
  int pos_ = 0;
  int64_t epoch_ = 0;
  int64_t epoch_mistakes_ = 0;  // mistakes in the current epoch
  bool shuffled_ = false;
  Rng rng_{1, Stream::learner};
};

}  // namespace ml
