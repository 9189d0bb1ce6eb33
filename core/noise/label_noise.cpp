// marginlab — uniform classification noise (000 Def. 2) and confusion-matrix noise (004 eq. 4).
//
// Both are one sampler over a column-stochastic C (uniform noise is uniform_confusion(Q, eta)). Two modes:
// independent (each example draws its noisy label from column C_{.,y}) and count-exact (per true class,
// largest-remainder rounding of n_q C_pq, then a seeded random assignment of exactly those counts), so a
// teaching link shows exactly the noise it asks for.
#include <algorithm>
#include <cassert>
#include <cmath>
#include <vector>

#include "core/noise/noise.h"
#include "core/noise/noise_models.h"

namespace ml {

std::vector<int> largest_remainder_counts(const Eigen::VectorXd& probabilities, int total) {
  assert(total >= 0);
  const int size = static_cast<int>(probabilities.size());
  assert(size > 0);
  double sum = 0.0;
  for (int j = 0; j < size; ++j) sum += std::max(0.0, probabilities[j]);
  assert(sum > 0.0);
  std::vector<int> counts(static_cast<size_t>(size), 0);
  std::vector<double> remainder(static_cast<size_t>(size), 0.0);
  int assigned = 0;
  for (int j = 0; j < size; ++j) {
    double target = static_cast<double>(total) * (std::max(0.0, probabilities[j]) / sum);
    // 0.29 * 100 is 28.999999999999996 in binary: snap representation error so it does not compete
    // with genuine fractional parts for the leftover units.
    const double nearest = std::floor(target + 0.5);
    if (std::fabs(target - nearest) <= 1e-9 * std::max(1.0, nearest)) target = nearest;
    const double whole = std::floor(target);
    counts[static_cast<size_t>(j)] = static_cast<int>(whole);
    remainder[static_cast<size_t>(j)] = target - whole;
    assigned += static_cast<int>(whole);
  }
  std::vector<int> order(static_cast<size_t>(size));
  for (int j = 0; j < size; ++j) order[static_cast<size_t>(j)] = j;
  // Largest remainder first; equal remainders go to the smaller index (a total order: deterministic).
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const double ra = remainder[static_cast<size_t>(a)], rb = remainder[static_cast<size_t>(b)];
    return ra != rb ? ra > rb : a < b;
  });
  int leftover = total - assigned;
  for (size_t k = 0; leftover > 0; k = (k + 1) % order.size(), --leftover) counts[static_cast<size_t>(order[k])] += 1;
  // Only reachable through extreme rounding: take units back from the smallest remainders.
  while (leftover < 0) {
    for (size_t k = order.size(); k > 0 && leftover < 0; --k) {
      int& c = counts[static_cast<size_t>(order[k - 1])];
      if (c > 0) {
        c -= 1;
        ++leftover;
      }
    }
  }
  return counts;
}

namespace noise_detail {

namespace {

// Inverse-CDF draw from column q, walking p = 0..Q-1; a u beyond the rounded total falls to the last
// class with positive probability.
int draw_from_column(const Eigen::MatrixXd& c, int q, double u) {
  double cumulative = 0.0;
  int last_positive = q;
  for (int p = 0; p < c.rows(); ++p) {
    const double prob = c(p, q);
    if (prob <= 0.0) continue;
    cumulative += prob;
    last_positive = p;
    if (u < cumulative) return p;
  }
  return last_positive;
}

}  // namespace

void apply_label_noise(const Eigen::MatrixXd& c, Sampling sampling, Dataset& data, Rng& rng) {
  const int n = data.rows();
  const int num_classes = static_cast<int>(c.cols());
  assert(c.rows() == num_classes && num_classes == data.num_classes());
  auto set_label = [&](int i, int p) {
    const size_t k = static_cast<size_t>(i);
    data.label[k] = p;
    data.corruption[k] = p != data.true_label[k] ? Corruption::label : Corruption::none;
  };
  if (sampling == Sampling::independent) {
    // One uniform per example, in index order, whatever its class: the stream stays aligned with n.
    for (int i = 0; i < n; ++i) {
      const int q = data.true_label[static_cast<size_t>(i)];
      set_label(i, draw_from_column(c, q, rng.uniform()));
    }
    return;
  }
  std::vector<std::vector<int>> members(static_cast<size_t>(num_classes));
  for (int i = 0; i < n; ++i) members[static_cast<size_t>(data.true_label[static_cast<size_t>(i)])].push_back(i);
  for (int q = 0; q < num_classes; ++q) {
    std::vector<int>& idx = members[static_cast<size_t>(q)];
    if (idx.empty()) continue;
    const std::vector<int> counts = largest_remainder_counts(c.col(q), static_cast<int>(idx.size()));
    rng.shuffle(idx);
    size_t next = 0;
    for (int p = 0; p < num_classes; ++p) {
      for (int k = 0; k < counts[static_cast<size_t>(p)]; ++k) set_label(idx[next++], p);
    }
    assert(next == idx.size());
  }
}

}  // namespace noise_detail

}  // namespace ml
