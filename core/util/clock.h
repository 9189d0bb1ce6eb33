// marginlab — the caller's clock. The core has no clock of its own: long operations (Session::advance,
// the resumable projection fitter, a learner's preparation) take one from the host (the CLI's steady
// clock, the browser's performance.now) and use it only to decide how much work one call does, never
// what the work computes, so results do not depend on timing.
#pragma once

#include <functional>

namespace ml {

// The caller's clock in seconds (any origin); only differences are used.
using ClockFn = std::function<double()>;

}  // namespace ml
