// marginlab — numeric constants shared by the core's files (one definition, so unity batches never see two).
#pragma once

#include <limits>

namespace ml {

// A quiet NaN: the value of a metric, bound or statistic that does not apply (shown as "n/a", written as null).
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace ml
