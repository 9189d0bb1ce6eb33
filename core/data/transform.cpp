// marginlab — split, normalization and bias (order and rules in transform.h and docs/pipeline.md).
#include "core/data/transform.h"

#include <algorithm>
#include <cmath>

#include "core/util/rng.h"

namespace ml {

Dataset select_rows(const Dataset& data, const std::vector<int>& rows) {
  Dataset out;
  FeatureMatrix X(static_cast<Eigen::Index>(rows.size()), data.X.cols());
  out.label.reserve(rows.size());
  out.true_label.reserve(rows.size());
  out.corruption.reserve(rows.size());
  for (size_t r = 0; r < rows.size(); ++r) {
    const auto i = static_cast<size_t>(rows[r]);
    X.row(static_cast<Eigen::Index>(r)) = data.X.row(rows[r]);
    out.label.push_back(data.label[i]);
    out.true_label.push_back(data.true_label[i]);
    if (!data.corruption.empty()) out.corruption.push_back(data.corruption[i]);
  }
  out.set_features(std::move(X));
  out.class_names = data.class_names;
  out.feature_names = data.feature_names;
  out.target = data.target;
  out.target_margin = data.target_margin;
  return out;
}

Split split_dataset(const Dataset& data, double test_fraction, bool stratified, uint64_t seed) {
  const int n = data.rows();
  Rng rng(seed, Stream::split);
  std::vector<char> is_test(static_cast<size_t>(n), 0);
  if (!stratified) {
    int n_test = static_cast<int>(std::floor(test_fraction * n + 0.5));
    if (test_fraction > 0 && n >= 2) n_test = std::clamp(n_test, 1, n - 1);
    for (int i : rng.choose(n, std::clamp(n_test, 0, n))) is_test[static_cast<size_t>(i)] = 1;
  } else {
    // Per class, exact largest-remainder shares of the requested test size.
    const int q_count = data.num_classes();
    std::vector<std::vector<int>> members(static_cast<size_t>(q_count));
    for (int i = 0; i < n; ++i) members[static_cast<size_t>(data.true_label[static_cast<size_t>(i)])].push_back(i);
    const int n_test_total = static_cast<int>(std::floor(test_fraction * n + 0.5));
    std::vector<int> take(static_cast<size_t>(q_count), 0);
    std::vector<std::pair<double, int>> remainders;
    int assigned = 0;
    for (int q = 0; q < q_count; ++q) {
      const double share = n > 0 ? static_cast<double>(n_test_total) * members[static_cast<size_t>(q)].size() / n : 0.0;
      take[static_cast<size_t>(q)] = static_cast<int>(std::floor(share));
      assigned += take[static_cast<size_t>(q)];
      remainders.push_back({share - std::floor(share), q});
    }
    std::stable_sort(remainders.begin(), remainders.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (size_t r = 0; r < remainders.size() && assigned < n_test_total; ++r, ++assigned) {
      take[static_cast<size_t>(remainders[r].second)] += 1;
    }
    for (int q = 0; q < q_count; ++q) {
      const auto& m = members[static_cast<size_t>(q)];
      const int k = std::min<int>(take[static_cast<size_t>(q)], static_cast<int>(m.size()));
      for (int j : rng.choose(static_cast<int>(m.size()), k))
        is_test[static_cast<size_t>(m[static_cast<size_t>(j)])] = 1;
    }
  }
  std::vector<int> train_rows, test_rows;
  for (int i = 0; i < n; ++i) (is_test[static_cast<size_t>(i)] ? test_rows : train_rows).push_back(i);
  return Split{select_rows(data, train_rows), select_rows(data, test_rows)};
}

namespace {

void scale_rows_to_unit(Eigen::Map<FeatureMatrix> X) {
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    const float norm = X.row(i).norm();
    if (norm > 0.0f) X.row(i) /= norm;
  }
}

}  // namespace

void normalize(Normalization kind, Dataset& train, Dataset& test) {
  switch (kind) {
    case Normalization::none: return;
    case Normalization::unit:
      scale_rows_to_unit(train.writable_features());
      scale_rows_to_unit(test.writable_features());
      return;
    case Normalization::standardize: {
      const Eigen::Index d = train.X.cols();
      const Eigen::Index n = train.X.rows();
      for (Eigen::Index j = 0; j < d; ++j) {
        // Two-pass mean and variance in double: stable and order-fixed.
        double mean = 0.0;
        for (Eigen::Index i = 0; i < n; ++i) mean += train.X(i, j);
        mean = n > 0 ? mean / static_cast<double>(n) : 0.0;
        double var = 0.0;
        for (Eigen::Index i = 0; i < n; ++i) {
          const double c = train.X(i, j) - mean;
          var += c * c;
        }
        var = n > 1 ? var / static_cast<double>(n - 1) : 0.0;
        const double sd = std::sqrt(var);
        const double inv = sd > 0.0 ? 1.0 / sd : 1.0;
        for (Dataset* part : {&train, &test}) {
          Eigen::Map<FeatureMatrix> X = part->writable_features();
          for (Eigen::Index i = 0; i < X.rows(); ++i) {
            X(i, j) = static_cast<float>((X(i, j) - mean) * inv);
          }
        }
      }
      // The generator's target no longer describes the transformed data.
      train.target.resize(0);
      test.target.resize(0);
      return;
    }
  }
}

void add_bias(Dataset& data) {
  const Eigen::Index d = data.X.cols();
  FeatureMatrix X(data.X.rows(), d + 1);
  X.leftCols(d) = data.X;
  X.col(d).setOnes();
  data.set_features(std::move(X));
  data.feature_names.push_back("bias");
  if (data.target.size() == d) {
    Vector t(d + 1);
    t.head(d) = data.target;
    t(d) = 0.0f;
    data.target = t;
  }
}

}  // namespace ml
