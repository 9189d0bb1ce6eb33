// Dataset's features: owned or borrowed rows, and the copies, moves and writes that keep each kind right.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "core/data/dataset.h"

namespace ml {
namespace dataset_test {

// 3 x 2 rows the test owns, as a caller's array would be.
std::vector<float> lender_rows() { return {1, 2, 3, 4, 5, 6}; }

TEST(DatasetFeatures, BorrowedRowsAreReadInPlace) {
  const std::vector<float> rows = lender_rows();
  Dataset d;
  d.borrow_features(rows.data(), 3, 2);
  EXPECT_TRUE(d.borrows_features());
  EXPECT_EQ(d.X.data(), rows.data());
  EXPECT_EQ(d.rows(), 3);
  EXPECT_EQ(d.cols(), 2);
  EXPECT_EQ(d.X(2, 0), 5.0f);  // row-major: row 2 starts at element 4
}

TEST(DatasetFeatures, WritingBorrowedRowsCopiesThemFirstAndNeverWritesTheLender) {
  const std::vector<float> rows = lender_rows();
  Dataset d;
  d.borrow_features(rows.data(), 3, 2);
  d.writable_features()(1, 1) = -4.0f;
  EXPECT_FALSE(d.borrows_features());
  EXPECT_NE(d.X.data(), rows.data());
  EXPECT_EQ(d.X(1, 1), -4.0f);
  EXPECT_EQ(rows, lender_rows());
  EXPECT_EQ(d.X(2, 1), 6.0f) << "the copy keeps every other value";
}

TEST(DatasetFeatures, ACopyOfABorrowingDatasetBorrowsTheSameRows) {
  const std::vector<float> rows = lender_rows();
  Dataset d;
  d.borrow_features(rows.data(), 3, 2);
  const Dataset copy = d;  // NOLINT(performance-unnecessary-copy-initialization): the copy is what is tested
  EXPECT_TRUE(copy.borrows_features());
  EXPECT_EQ(copy.X.data(), rows.data());
}

TEST(DatasetFeatures, ACopyOfOwnedRowsViewsItsOwnCopy) {
  Dataset d;
  d.set_features(FeatureMatrix::Constant(3, 2, 7.0f));
  Dataset copy = d;
  EXPECT_NE(copy.X.data(), d.X.data());
  copy.writable_features()(0, 0) = 1.0f;
  EXPECT_EQ(d.X(0, 0), 7.0f);
  EXPECT_EQ(copy.X(0, 0), 1.0f);
  Dataset assigned;
  assigned = d;
  EXPECT_NE(assigned.X.data(), d.X.data());
  EXPECT_TRUE(assigned.X == d.X);
}

TEST(DatasetFeatures, AMoveKeepsTheRowsAndEmptiesTheSource) {
  Dataset d;
  d.set_features(FeatureMatrix::Constant(4, 3, 2.0f));
  const float* before = d.X.data();
  Dataset moved = std::move(d);
  EXPECT_EQ(moved.X.data(), before);
  EXPECT_EQ(moved.rows(), 4);
  EXPECT_EQ(d.rows(), 0);  // NOLINT(bugprone-use-after-move): the moved-from state is specified
  Dataset target;
  target = std::move(moved);
  EXPECT_EQ(target.X.data(), before);
  EXPECT_EQ(target.cols(), 3);
}

TEST(DatasetFeatures, OwnFeaturesCopiesBorrowedRows) {
  const std::vector<float> rows = lender_rows();
  Dataset d;
  d.borrow_features(rows.data(), 3, 2);
  d.own_features();
  EXPECT_FALSE(d.borrows_features());
  EXPECT_NE(d.X.data(), rows.data());
  EXPECT_TRUE(d.X == FeatureView(rows.data(), 3, 2));
}

}  // namespace dataset_test
}  // namespace ml
