// marginlab — the online learners' example order (see example_order.h).
#include "core/learners/example_order.h"

#include <cassert>

namespace ml {

Setting ExampleOrder::setting() {
  return {.key = "order",
          .label = "order",
          .help = "visit examples cyclically or in a fresh seeded permutation every epoch"};
}

void ExampleOrder::reset(int n, bool shuffled, uint64_t seed) {
  n_ = n;
  pos_ = 0;
  epoch_ = 0;
  epoch_mistakes_ = 0;
  shuffled_ = shuffled;
  rng_ = Rng(seed, Stream::learner);
  order_.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) order_[static_cast<size_t>(i)] = i;
  if (shuffled_) rng_.shuffle(order_);
}

void ExampleOrder::next_epoch() {
  pos_ = 0;
  ++epoch_;
  if (shuffled_) rng_.shuffle(order_);  // the next epoch's permutation, drawn now so peek() knows it
}

}  // namespace ml
