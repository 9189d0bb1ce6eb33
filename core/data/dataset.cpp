// marginlab — Dataset helpers.
#include "core/data/dataset.h"

namespace ml {

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
