// marginlab — Dataset helpers.
#include "core/data/dataset.h"

#include <new>
#include <utility>

namespace ml {

namespace {
// Points `view` at the rows `source` views when the Dataset borrows them, else at its own `owned` rows.
void point_view(FeatureView* view, bool borrowed, const FeatureView& source, const FeatureMatrix& owned) {
  if (borrowed) {
    new (view) FeatureView(source.data(), source.rows(), source.cols());
  } else {
    new (view) FeatureView(owned.data(), owned.rows(), owned.cols());
  }
}
}  // namespace

Dataset::Dataset(const Dataset& other)
    : label(other.label),
      true_label(other.true_label),
      corruption(other.corruption),
      class_names(other.class_names),
      feature_names(other.feature_names),
      target(other.target),
      target_margin(other.target_margin),
      given_test_from(other.given_test_from) {
  copy_features_from(other);
}

Dataset::Dataset(Dataset&& other) noexcept
    : label(std::move(other.label)),
      true_label(std::move(other.true_label)),
      corruption(std::move(other.corruption)),
      class_names(std::move(other.class_names)),
      feature_names(std::move(other.feature_names)),
      target(std::move(other.target)),
      target_margin(other.target_margin),
      given_test_from(other.given_test_from),
      owned_(std::move(other.owned_)),
      borrowed_(other.borrowed_) {
  point_view(&X, borrowed_, other.X, owned_);
  other.set_features(FeatureMatrix());
}

Dataset& Dataset::operator=(const Dataset& other) {
  if (this == &other) return *this;
  Dataset copy(other);
  return *this = std::move(copy);
}

Dataset& Dataset::operator=(Dataset&& other) noexcept {
  if (this == &other) return *this;
  label = std::move(other.label);
  true_label = std::move(other.true_label);
  corruption = std::move(other.corruption);
  class_names = std::move(other.class_names);
  feature_names = std::move(other.feature_names);
  target = std::move(other.target);
  target_margin = other.target_margin;
  given_test_from = other.given_test_from;
  owned_ = std::move(other.owned_);
  borrowed_ = other.borrowed_;
  point_view(&X, borrowed_, other.X, owned_);
  other.set_features(FeatureMatrix());
  return *this;
}

void Dataset::copy_features_from(const Dataset& other) {
  borrowed_ = other.borrowed_;
  if (!borrowed_) owned_ = other.owned_;
  point_view(&X, borrowed_, other.X, owned_);
}

void Dataset::set_features(FeatureMatrix m) {
  owned_ = std::move(m);
  borrowed_ = false;
  point_at_owned();
}

void Dataset::borrow_features(const float* rows, int n, int d) {
  owned_ = FeatureMatrix();
  borrowed_ = true;
  new (&X) FeatureView(rows, n, d);
}

void Dataset::own_features() {
  if (!borrowed_) return;
  set_features(FeatureMatrix(X));
}

Eigen::Map<FeatureMatrix> Dataset::writable_features() {
  own_features();
  return {owned_.data(), owned_.rows(), owned_.cols()};
}

void Dataset::point_at_owned() { point_view(&X, false, X, owned_); }

int Dataset::corrupted_count() const {
  int count = 0;
  for (Corruption c : corruption) count += c != Corruption::none ? 1 : 0;
  return count;
}

double Dataset::label_noise_rate() const {
  if (label.empty()) return 0.0;
  int flipped = 0;
  for (size_t i = 0; i < label.size(); ++i) flipped += label[i] != true_label[i] ? 1 : 0;
  return static_cast<double>(flipped) / static_cast<double>(label.size());
}

void Dataset::reset_labels_clean() {
  label = true_label;
  corruption.assign(true_label.size(), Corruption::none);
}

std::vector<std::string> default_class_names(int num_classes) {
  if (num_classes == 2) return {"-1", "1"};
  std::vector<std::string> names;
  for (int q = 0; q < num_classes; ++q) names.push_back(std::to_string(q));
  return names;
}

std::vector<std::string> default_feature_names(int dims) {
  std::vector<std::string> names;
  for (int j = 0; j < dims; ++j) names.push_back("x" + std::to_string(j + 1));
  return names;
}

}  // namespace ml
