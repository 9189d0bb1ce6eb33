// marginlab — the size caps a link may request (docs/url.md, "Rules": sizes a link may request are
// capped). The config's fields declare their ranges with them; learners whose own parameters or
// storage share a cap (Halving's |C|, the concepts x d cells) read them here, not from the config.
#pragma once

#include <cstdint>

namespace ml {

// Size caps a link may request (docs/url.md, "Rules").
inline constexpr int kMaxExamples = 1000000;      // n
inline constexpr int kMaxDims = 4096;             // d
inline constexpr int64_t kMaxCells = 20000000;    // n * d (and concepts * d for the finite class)
inline constexpr int64_t kMaxSteps = 1000000000;  // steps
inline constexpr int kTraceDefaultPoints = 256;   // the trace's default resolution (link field trace)
inline constexpr int kMaxTracePoints = 1024;      // its largest (the trace keeps 4 x this many rows)
inline constexpr int kMaxConcepts = 1000000;      // |C| of the finite class and thresholds
inline constexpr int kMaxClasses = 64;  // Q: also the CSV reader's, the generators' and the multiclass learners' limit
inline constexpr int64_t kMaxSeed = 9007199254740991;  // 2^53 - 1: seeds stay exact as doubles (and in JS)
inline constexpr int kMaxTextBytes = 255;              // csv file name, label column
inline constexpr int kMaxBenchmarkSplit = 10000;       // split k of a benchmark (IDA has 100)

}  // namespace ml
