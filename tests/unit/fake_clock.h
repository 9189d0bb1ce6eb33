// A clock for the unit tests of time-sliced work: it moves 1 ms every time it is read, so a budget in ms cuts
// slices of varying length without a test depending on real time.
#pragma once

#include "core/util/clock.h"

namespace ml::test {

// Reads 0.001, 0.002, ... (seconds): one ms per read.
struct FakeClock {
  double t = 0;
  ClockFn fn() {
    return [this] { return t += 0.001; };
  }
};

}  // namespace ml::test
