// marginlab — the Dataset every module passes around (docs/architecture.md, module 3).
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/settings/limits.h"  // kMaxClasses: the CSV reader, generators, caps and learners' score buffers

namespace ml {

// Features: one example per row, contiguous (row-major float).
using FeatureMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
// A Dataset's features, read-only: its own rows or rows someone else keeps (Dataset::borrow_features).
using FeatureView = Eigen::Map<const FeatureMatrix>;
// What a function that reads features takes: a FeatureMatrix or a FeatureView, never copied.
using FeatureRef = Eigen::Ref<const FeatureMatrix>;
// A dense float vector (weights, targets).
using Vector = Eigen::VectorXf;

// Rows of `cols` float features that fill 256 KiB (at least one): a pass that reads rows twice takes them this many
// at a time, so that its second read finds them in cache rather than in memory.
inline int cache_chunk_rows(int cols) {
  constexpr int kChunkBytes = 1 << 18;
  return std::max(1, kChunkBytes / (static_cast<int>(sizeof(float)) * std::max(1, cols)));
}

// What noise did to an example (Dataset::corruption).
enum class Corruption : uint8_t {
  none = 0,      // untouched
  label = 1,     // label changed (uniform, confusion-matrix, adversarial-label, outlier relabel)
  replaced = 2,  // point and label replaced by a malicious adversary
  moved = 3,     // point moved (outlier noise)
};

// Labelled examples. Classes are 0..Q-1; for binary problems class 0 is y = -1 and class 1 is y = +1.
// The features are the Dataset's own, or borrowed: Python's fit reads a C-contiguous float32 array in place, and
// whoever borrows keeps that memory alive and unchanged while the Dataset and its copies live (a copy of a
// borrowing Dataset borrows the same rows). Writers go through set_features or writable_features.
struct Dataset {
  FeatureView X{nullptr, 0, 0};            // n x d features (read-only view of owned_ or of borrowed rows)
  std::vector<int> label;                  // observed label the learner sees (after noise)
  std::vector<int> true_label;             // label before noise (for generators: the target's label)
  std::vector<Corruption> corruption;      // per example: what noise did (none for clean data)
  std::vector<std::string> class_names;    // Q names; index = class
  std::vector<std::string> feature_names;  // d names (x1..xd for generated data)
  Vector target;                           // unit target direction v when the generator knows it, else empty
  double target_margin = 0.0;              // margin of target on the clean data (0 when unknown)
  int given_test_from = -1;                // rows from here on are a given test part (a benchmark split's test
                                           // file, joined by csv_dataset); -1: none, the pipeline cuts one

  Dataset() = default;
  Dataset(const Dataset& other);
  Dataset(Dataset&& other) noexcept;
  Dataset& operator=(const Dataset& other);
  Dataset& operator=(Dataset&& other) noexcept;
  ~Dataset() = default;

  // Takes m as the features.
  void set_features(FeatureMatrix m);
  // Views n x d row-major floats at `rows`, which the caller keeps alive and unchanged (see above).
  void borrow_features(const float* rows, int n, int d);
  // The features, writable in place (borrowed rows are copied first: the lender's memory is never written); the
  // shape is fixed: set_features changes it.
  Eigen::Map<FeatureMatrix> writable_features();
  // Copies borrowed rows into the Dataset's own storage (no-op when it owns them).
  void own_features();
  // Whether X views rows the Dataset does not own.
  bool borrows_features() const { return borrowed_; }

  // Number of examples.
  int rows() const { return static_cast<int>(X.rows()); }
  // Number of features.
  int cols() const { return static_cast<int>(X.cols()); }
  // Number of classes Q.
  int num_classes() const { return static_cast<int>(class_names.size()); }
  // +1/-1 observed label of example i (binary problems only).
  int sign(int i) const { return label[static_cast<size_t>(i)] == 1 ? 1 : -1; }
  // +1/-1 true label of example i (binary problems only).
  int true_sign(int i) const { return true_label[static_cast<size_t>(i)] == 1 ? 1 : -1; }
  // Number of examples whose corruption is not none.
  int corrupted_count() const;
  // Fraction of examples whose observed label differs from the true label.
  double label_noise_rate() const;
  // Sets every example clean: label = true_label, corruption = none (sizes taken from X).
  void reset_labels_clean();

 private:
  void point_at_owned();
  void copy_features_from(const Dataset& other);

  FeatureMatrix owned_;    // the rows X views when borrowed_ is false
  bool borrowed_ = false;  // X views rows someone else keeps
};

// Default class names for Q classes: "-1","1" when Q == 2, else "0".."Q-1".
std::vector<std::string> default_class_names(int num_classes);
// Default feature names x1..xd.
std::vector<std::string> default_feature_names(int dims);

}  // namespace ml
