// Tests of the trace (core/session/trace.h): CSV text and hash, the tail, and decimation on a 10^7-row feed:
// the row count stays within the capacity and the first row, the last row and every column's minimum
// and maximum survive.
#include "core/session/trace.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "core/util/sha256.h"

namespace ml {
namespace trace_test {

std::vector<double> row_at(double step, double fill, size_t columns) {
  std::vector<double> r(columns, fill);
  r[kTraceStep] = step;
  return r;
}

TEST(TraceTest, CsvTextAndHash) {
  Trace t({"z_norm"});
  ASSERT_EQ(t.num_columns(), kTraceStandardColumns + 1);
  std::vector<double> r(t.num_columns(), 0.0);
  r[kTraceStep] = 0;
  r[kTraceBound] = std::numeric_limits<double>::quiet_NaN();
  r[kTraceMargin] = 0.1;
  r[kTraceMistakes] = 1000;
  r[kTraceStandardColumns] = -2.5;
  t.commit(r);
  const std::string csv = t.to_csv();
  EXPECT_EQ(csv,
            "step,mistakes,updates,bound,margin,margin_true,margin_clean,margin_q10,train_error_noisy,train_error_true,"
            "test_error,w_dot_v,w_norm2,z_norm\n"
            "0,1000,0,nan,0.1,0,0,0,0,0,0,0,0,-2.5\n");
  EXPECT_EQ(t.sha256(), sha256_hex(csv));
}

// sha256() is remembered between changes: after each commit, tail and clear it is the hash of the new text.
TEST(TraceTest, TheHashFollowsEveryChange) {
  Trace t;
  const size_t cols = t.num_columns();
  std::vector<std::string> seen;
  const auto hash_is_current = [&] {
    EXPECT_EQ(t.sha256(), sha256_hex(t.to_csv()));
    seen.push_back(t.sha256());
  };
  hash_is_current();
  t.commit(row_at(1, 0.5, cols));
  hash_is_current();
  t.set_tail(row_at(2, 0.25, cols));
  hash_is_current();
  t.set_tail(row_at(3, 0.25, cols));
  hash_is_current();
  t.commit(row_at(4, 0.75, cols));
  hash_is_current();
  t.clear();
  hash_is_current();
  EXPECT_EQ(seen.front(), seen.back()) << "a cleared trace is an empty one";
  for (size_t i = 1; i + 1 < seen.size(); ++i) EXPECT_NE(seen[i], seen[i - 1]) << "change " << i;
}

TEST(TraceTest, TailIsReplacedAndDroppedByALaterCommit) {
  Trace t;
  const size_t c = t.num_columns();
  t.commit(row_at(0, 0, c));
  t.set_tail(row_at(5, 1, c));
  EXPECT_EQ(t.size(), 2u);
  EXPECT_TRUE(t.has_tail());
  EXPECT_EQ(t.last_step(), 5);
  EXPECT_EQ(t.last_committed_step(), 0);
  t.set_tail(row_at(7, 2, c));
  EXPECT_EQ(t.size(), 2u);
  EXPECT_EQ(t.at(1, kTraceMistakes), 2.0);
  t.commit(row_at(7, 3, c));
  EXPECT_FALSE(t.has_tail());
  EXPECT_EQ(t.size(), 2u);
  EXPECT_EQ(t.at(1, kTraceMistakes), 3.0);
}

TEST(TraceTest, TenMillionRowFeedStaysBoundedAndKeepsFirstLastAndExtremes) {
  Trace t({"counter"}, Trace::kDefaultCapacity);
  const size_t cols = t.num_columns();
  constexpr int64_t kRows = 10000000;
  // Column values: mistakes grows; margin is a wave with a unique minimum at 3,141,592 and maximum at
  // 9,999,001; test_error has a unique spike at 1,234,567 and a unique dip at 7,777,777; w_dot_v is NaN.
  auto value = [](int64_t s, size_t c) -> double {
    switch (c) {
      case kTraceStep: return static_cast<double>(s);
      case kTraceMistakes: return static_cast<double>(s / 3);
      case kTraceMargin:
        if (s == 3141592) return -5.0;
        if (s == 9999001) return 5.0;
        return static_cast<double>((s * 7919) % 1000) / 1000.0;
      case kTraceTestError:
        if (s == 1234567) return 0.9;
        if (s == 7777777) return 0.001;
        return 0.2 + static_cast<double>(s % 97) / 1000.0;
      case kTraceWDotV: return std::numeric_limits<double>::quiet_NaN();
      default: return static_cast<double>(s % 13);
    }
  };
  std::vector<double> r(cols);
  size_t most = 0;
  for (int64_t s = 0; s < kRows; ++s) {
    for (size_t c = 0; c < cols; ++c) r[c] = value(s, c);
    t.commit(r);
    if (t.committed() > most) most = t.committed();
  }
  EXPECT_LE(most, t.capacity());
  EXPECT_GT(t.decimations(), 10);
  EXPECT_EQ(t.at(0, kTraceStep), 0.0);
  EXPECT_EQ(t.last_step(), kRows - 1);
  auto has_step = [&](double step) {
    for (size_t i = 0; i < t.size(); ++i)
      if (t.at(i, kTraceStep) == step) return true;
    return false;
  };
  EXPECT_TRUE(has_step(3141592));
  EXPECT_TRUE(has_step(9999001));
  EXPECT_TRUE(has_step(1234567));
  EXPECT_TRUE(has_step(7777777));
  // Steps strictly increase: rows are real rows, in order.
  for (size_t i = 1; i < t.size(); ++i) ASSERT_LT(t.at(i - 1, kTraceStep), t.at(i, kTraceStep));
  // Each column's min and max over the kept rows equal those over all rows.
  double margin_min = 1e9, margin_max = -1e9;
  for (size_t i = 0; i < t.size(); ++i) {
    margin_min = std::min(margin_min, t.at(i, kTraceMargin));
    margin_max = std::max(margin_max, t.at(i, kTraceMargin));
  }
  EXPECT_EQ(margin_min, -5.0);
  EXPECT_EQ(margin_max, 5.0);
}

}  // namespace trace_test
}  // namespace ml
