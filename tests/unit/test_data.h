// Hand-built data for the unit tests: small datasets typed in as rows, and the Problem a learner gets
// for them. One definition so every learner test builds its fixtures the same way.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/data/dataset.h"
#include "core/learners/learner.h"
#include "core/metrics/metrics.h"
#include "core/util/rng.h"

namespace ml::test {

// A binary dataset from rows and signs (+1 / -1); true labels = observed labels unless `true_signs` is given.
inline Dataset tiny_dataset(const std::vector<std::vector<float>>& rows, const std::vector<int>& signs,
                            const std::vector<int>& true_signs = {}) {
  Dataset ds;
  const int n = static_cast<int>(rows.size());
  const int d = static_cast<int>(rows[0].size());
  ds.set_features(FeatureMatrix(n, d));
  Eigen::Map<FeatureMatrix> features = ds.writable_features();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < d; ++j) features(i, j) = rows[static_cast<size_t>(i)][static_cast<size_t>(j)];
  for (int s : signs) ds.label.push_back(s > 0 ? 1 : 0);
  if (true_signs.empty()) {
    ds.true_label = ds.label;
  } else {
    for (int s : true_signs) ds.true_label.push_back(s > 0 ? 1 : 0);
  }
  ds.corruption.assign(static_cast<size_t>(n), Corruption::none);
  ds.class_names = default_class_names(2);
  ds.feature_names = default_feature_names(d);
  return ds;
}

// A multiclass dataset from rows and class indices 0..num_classes-1 (true labels = observed labels).
inline Dataset class_dataset(const std::vector<std::vector<float>>& rows, const std::vector<int>& classes,
                             int num_classes) {
  Dataset ds = tiny_dataset(rows, std::vector<int>(rows.size(), 1));
  ds.label = classes;
  ds.true_label = classes;
  ds.class_names = default_class_names(num_classes);
  return ds;
}

// n points in d dimensions, uniform in [-scale, scale]^d, from Rng(seed, Stream::data).
inline FeatureMatrix random_points(int n, int d, uint64_t seed, double scale) {
  Rng rng(seed, Stream::data);
  FeatureMatrix X(n, d);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < d; ++j) X(i, j) = static_cast<float>(rng.uniform(-scale, scale));
  }
  return X;
}

// A learner parameter for hand-built schemas: key, label, type, default, inclusive range, choices, help, log scale.
inline Setting param(std::string key, std::string label, SettingType type, double default_value, double min, double max,
                     std::vector<std::string> choices, std::string help, bool log_scale) {
  Setting s{.key = std::move(key),
            .label = std::move(label),
            .type = type,
            .min = min,
            .max = max,
            .log_scale = log_scale,
            .choices = std::move(choices),
            .help = std::move(help)};
  s.default_value = number_value(default_value);
  return s;
}

// The Problem for training on `ds`: radius from the data, the given seed and known margin.
inline Problem problem_for(const Dataset& ds, double target_margin = 0.0, uint64_t seed = 1) {
  Problem p;
  p.train = &ds;
  p.seed = seed;
  p.target_margin = target_margin;
  p.radius = max_radius(ds.X);
  return p;
}

// The value of the counter called `name` (a test failure and NaN when there is none).
inline double counter(const std::vector<Counter>& counters, const std::string& name) {
  for (const Counter& c : counters) {
    if (c.name == name) return c.value;
  }
  ADD_FAILURE() << "no counter " << name;
  return std::nan("");
}

}  // namespace ml::test
