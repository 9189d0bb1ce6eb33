// A sweep's progress line (core/experiment/cell_queue.h progress_text): cells done of total, then the rate and
// the time left in units that keep a digit before the point, from kernel-feature sweeps that do a few cells a
// minute to the README's that do hundreds a second.
#include <gtest/gtest.h>

#include "core/experiment/cell_queue.h"

namespace ml {
namespace sweep_progress_test {

SweepProgress after(int64_t done, int64_t total, int64_t run, double seconds) {
  SweepProgress p;
  p.done = done;
  p.total = total;
  p.run = run;
  p.seconds = seconds;
  return p;
}

TEST(SweepProgress, BeforeTheFirstRowOnlyTheCountIsShown) {
  EXPECT_EQ(progress_text(after(0, 75, 0, 3.0)), "0/75 cells");
  EXPECT_EQ(progress_text(after(4, 75, 0, 3.0)), "4/75 cells");  // resumed rows: no rate yet
}

TEST(SweepProgress, AFastSweepCountsCellsPerSecondAndSeconds) {
  // 30 cells in 2 s: 15 cells/s; 45 left of 75 (resumed rows count as done, not in the rate) take 3 s.
  EXPECT_EQ(progress_text(after(30, 75, 30, 2.0)), "30/75 cells, 15.0 cells/s, 3 s left");
  EXPECT_EQ(progress_text(after(40, 75, 30, 2.0)), "40/75 cells, 15.0 cells/s, 2 s left");
}

TEST(SweepProgress, ASlowSweepCountsCellsPerMinuteAndMinutes) {
  // 5 cells in 100 s: 3 cells/min; 7 left take 140 s, 2 min (140 / 60 = 2.33).
  EXPECT_EQ(progress_text(after(5, 12, 5, 100.0)), "5/12 cells, 3.0 cells/min, 2 min left");
  // 2 minutes is the switch: 2 left at 2 cells in 119 s take 119 s, at 2 in 120 s 2 min.
  EXPECT_EQ(progress_text(after(2, 4, 2, 119.0)), "2/4 cells, 1.0 cells/min, 119 s left");
  EXPECT_EQ(progress_text(after(2, 4, 2, 120.0)), "2/4 cells, 1.0 cells/min, 2 min left");
}

TEST(SweepProgress, AVerySlowSweepCountsCellsPerHourAndHours) {
  // 1 cell in 1 800 s: 2 cells/h; 9 left take 16 200 s = 4.5 h.
  EXPECT_EQ(progress_text(after(1, 10, 1, 1800.0)), "1/10 cells, 2 cells/h, 4.5 h left");
  // Below one a minute: 5 cells in 400 s are 45 cells/h (0.75 cells/min); 7 left take 560 s, 9 min.
  EXPECT_EQ(progress_text(after(5, 12, 5, 400.0)), "5/12 cells, 45 cells/h, 9 min left");
}

}  // namespace sweep_progress_test
}  // namespace ml
