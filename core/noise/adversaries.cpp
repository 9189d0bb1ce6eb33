// marginlab — the geometric noise models: malicious noise (003 §1, Valiant), adversarial label noise
// (003 Thm 3) and outlier noise (002 §5). All attack a unit direction v: the data's target when known,
// else the class-mean proxy of adversary_direction. The constructions are spelled out in docs/noise.md.
//
// Arithmetic on points is done in double with explicit loops in coordinate order (no Eigen reductions)
// so that the corrupted points are bit-identical natively and in the browser.
#include <algorithm>
#include <cassert>
#include <cmath>
#include <vector>

#include "core/noise/noise.h"
#include "core/noise/noise_models.h"

namespace ml::noise_detail {

namespace {

// Half-width of the band |<v,x'>| <= kBoundaryBand * R where the boundary adversary puts its points.
constexpr double kBoundaryBand = 0.1;
// How far the move-outlier mode pushes a point past the boundary, in units of R.
constexpr double kOutlierDistance = 3.0;

double dot(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  double s = 0.0;
  for (Eigen::Index j = 0; j < a.size(); ++j) s += a[j] * b[j];
  return s;
}

double norm(const Eigen::VectorXd& a) { return std::sqrt(dot(a, a)); }

// Unit vector uniform on the sphere (normalized Gaussian).
Eigen::VectorXd random_unit(Rng& rng, int d) {
  Eigen::VectorXd g(d);
  for (;;) {
    rng.normals(g.data(), static_cast<size_t>(d));
    const double length = norm(g);
    if (length > 1e-12) return g / length;
  }
}

// Unit vector orthogonal to unit `e`, from random draws (d >= 2).
Eigen::VectorXd random_orthogonal_unit(Rng& rng, const Eigen::VectorXd& e) {
  assert(e.size() >= 2);
  for (;;) {
    Eigen::VectorXd g = random_unit(rng, static_cast<int>(e.size()));
    g -= dot(g, e) * e;
    const double length = norm(g);
    if (length > 1e-6) return g / length;
  }
}

void write_row(Dataset& data, int i, const Eigen::VectorXd& x) {
  Eigen::Map<FeatureMatrix> X = data.writable_features();
  for (int j = 0; j < data.cols(); ++j) X(i, j) = static_cast<float>(x[j]);
}

// The unit z that, added as b*z to the clean part mu = (1/n) sum_kept y x of the averaging vector,
// minimizes the cosine of mu + b z with v (the omniscient "pull" adversary, 003 §1.3). Reachable vectors
// form the ball of radius b around mu. If the ball holds the origin, or its cone of directions holds -v,
// aim along -v as far out as possible; otherwise take the tangent from the origin on the far side from v:
// the direction mu rotated away from v by asin(b/|mu|).
Eigen::VectorXd pull_direction(const Eigen::VectorXd& mu, double b, const Eigen::VectorXd& v, Rng& rng) {
  const int d = static_cast<int>(v.size());
  assert(b > 0.0);
  const double r = norm(mu);
  const double along = dot(mu, v);
  if (r > b) {
    const Eigen::VectorXd e1 = mu / r;
    const double ratio = b / r;
    const double cos_half_angle = std::sqrt(1.0 - ratio * ratio);
    if (-dot(e1, v) < cos_half_angle) {
      Eigen::VectorXd e2 = -(v - dot(v, e1) * e1);
      const double length = norm(e2);
      if (length > 1e-9) {
        e2 /= length;
      } else if (d == 1) {
        return -v;  // no room to rotate: push straight against v
      } else {
        e2 = random_orthogonal_unit(rng, e1);  // mu along +v: any side is as good; a seeded one
      }
      Eigen::VectorXd z = -ratio * e1 + cos_half_angle * e2;
      return z / norm(z);
    }
  }
  const double s = -along + std::sqrt(std::max(0.0, along * along - r * r + b * b));
  Eigen::VectorXd z = (-s * v - mu) / b;
  const double length = norm(z);
  if (!(length > 1e-12)) return -v;
  return z / length;
}

// Which examples malicious noise replaces: independent Bernoulli(eta) per example, or exactly
// round(eta n) chosen uniformly; from the noise stream, so the choice does not depend on the adversary.
std::vector<int> choose_replaced(Sampling sampling, double rate, int n, Rng& rng) {
  std::vector<int> chosen;
  if (sampling == Sampling::independent) {
    for (int i = 0; i < n; ++i) {
      if (rng.bernoulli(rate)) chosen.push_back(i);
    }
  } else {
    chosen = rng.choose(n, rounded_count(rate, n));
    std::sort(chosen.begin(), chosen.end());
  }
  return chosen;
}

}  // namespace

double row_dot(const Dataset& data, int i, const Eigen::VectorXd& v) {
  double s = 0.0;
  for (int j = 0; j < data.cols(); ++j) s += static_cast<double>(data.X(i, j)) * v[j];
  return s;
}

double max_row_norm(const Dataset& data) {
  double best = 0.0;
  for (int i = 0; i < data.rows(); ++i) {
    double s = 0.0;
    for (int j = 0; j < data.cols(); ++j) {
      const double x = data.X(i, j);
      s += x * x;
    }
    best = std::max(best, s);
  }
  return best > 0.0 ? std::sqrt(best) : 1.0;
}

void apply_malicious(const NoiseSpec& spec, double rate, Rng& chooser, const Eigen::VectorXd& v, bool target_known,
                     Dataset& data, uint64_t seed) {
  const int n = data.rows();
  const int d = data.cols();
  assert(v.size() == d && data.num_classes() == 2);
  const std::vector<int> replaced = choose_replaced(spec.sampling, rate, n, chooser);
  if (replaced.empty()) return;
  const double radius = max_row_norm(data);
  Rng rng(seed, Stream::adversary);

  std::vector<Eigen::VectorXd> points(replaced.size());
  std::vector<int> labels(replaced.size(), 1);
  switch (spec.adversary) {
    case MaliciousAdversary::pull: {
      std::vector<char> is_replaced(static_cast<size_t>(n), 0);
      for (int i : replaced) is_replaced[static_cast<size_t>(i)] = 1;
      Eigen::VectorXd mu = Eigen::VectorXd::Zero(d);
      for (int i = 0; i < n; ++i) {
        if (is_replaced[static_cast<size_t>(i)]) continue;
        const double y = data.sign(i);
        for (int j = 0; j < d; ++j) mu[j] += y * static_cast<double>(data.X(i, j));
      }
      mu /= static_cast<double>(n);
      const double b = static_cast<double>(replaced.size()) * radius / static_cast<double>(n);
      const Eigen::VectorXd x = radius * pull_direction(mu, b, v, rng);
      // y' = +1 so that y'x' = R z: every corrupt point adds exactly the damaging direction.
      for (size_t k = 0; k < replaced.size(); ++k) points[k] = x;
      break;
    }
    case MaliciousAdversary::boundary: {
      for (size_t k = 0; k < replaced.size(); ++k) {
        double t = 0.0;
        while (t == 0.0) t = kBoundaryBand * (2.0 * rng.uniform() - 1.0);
        Eigen::VectorXd x = t * v;
        if (d >= 2) x += std::sqrt(1.0 - t * t) * random_orthogonal_unit(rng, v);
        points[k] = radius * x;
        labels[k] = -1;  // decided after rounding to float, below
      }
      break;
    }
    case MaliciousAdversary::random: {
      for (size_t k = 0; k < replaced.size(); ++k) {
        points[k] = radius * random_unit(rng, d);
        labels[k] = static_cast<int>(rng.below(2));
      }
      break;
    }
  }
  for (size_t k = 0; k < replaced.size(); ++k) {
    const int i = replaced[k];
    const size_t idx = static_cast<size_t>(i);
    write_row(data, i, points[k]);
    // Sides are judged on the stored float point, so labels agree with what learners see; sign(0) = +1.
    const int target_class = row_dot(data, i, v) >= 0.0 ? 1 : 0;
    data.label[idx] = labels[k] >= 0 ? labels[k] : 1 - target_class;
    if (target_known) data.true_label[idx] = target_class;
    data.corruption[idx] = Corruption::replaced;
  }
}

void apply_adversarial_labels(const NoiseSpec& spec, const Eigen::VectorXd& v, Dataset& data, uint64_t seed) {
  const int n = data.rows();
  assert(data.num_classes() == 2);
  const int k = rounded_count(spec.rate, n);
  if (k == 0) return;
  Eigen::VectorXd direction = v;
  if (spec.strategy == LabelAdversary::region) {
    Rng rng(seed, Stream::adversary);
    direction = random_unit(rng, data.cols());
  }
  // Ascending key = adversary's preference; equal keys go to the smaller index.
  std::vector<double> key(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const double projection = row_dot(data, i, direction);
    double value = 0.0;
    switch (spec.strategy) {
      case LabelAdversary::nearest: value = std::fabs(projection); break;
      case LabelAdversary::farthest: value = -std::fabs(projection); break;
      case LabelAdversary::region: value = -projection; break;
    }
    key[static_cast<size_t>(i)] = value;
  }
  std::vector<int> order(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) order[static_cast<size_t>(i)] = i;
  std::partial_sort(order.begin(), order.begin() + k, order.end(), [&](int a, int b) {
    const double ka = key[static_cast<size_t>(a)], kb = key[static_cast<size_t>(b)];
    return ka != kb ? ka < kb : a < b;
  });
  for (int m = 0; m < k; ++m) {
    const size_t idx = static_cast<size_t>(order[static_cast<size_t>(m)]);
    data.label[idx] = 1 - data.true_label[idx];
    data.corruption[idx] = Corruption::label;
  }
}

void apply_outliers(const NoiseSpec& spec, const Eigen::VectorXd& v, Dataset& data, uint64_t seed) {
  const int n = data.rows();
  const int num_classes = data.num_classes();
  Rng rng(seed, Stream::noise);
  std::vector<int> chosen = rng.choose(n, spec.outliers);
  std::sort(chosen.begin(), chosen.end());
  if (spec.outlier_mode == OutlierMode::flip) {
    for (int i : chosen) {
      const size_t idx = static_cast<size_t>(i);
      const int q = data.true_label[idx];
      int p = 1 - q;
      if (num_classes > 2) {
        p = static_cast<int>(rng.below(static_cast<uint32_t>(num_classes - 1)));
        if (p >= q) ++p;
      }
      data.label[idx] = p;
      data.corruption[idx] = Corruption::label;
    }
    return;
  }
  assert(num_classes == 2 && v.size() == data.cols());
  const double radius = max_row_norm(data);
  for (int i : chosen) {
    // Keep the component along the boundary, replace the one along v by 3R on the wrong side.
    const double y = data.true_sign(i);
    const double projection = row_dot(data, i, v);
    Eigen::VectorXd x(data.cols());
    for (int j = 0; j < data.cols(); ++j) {
      x[j] = static_cast<double>(data.X(i, j)) - projection * v[j] - kOutlierDistance * radius * y * v[j];
    }
    write_row(data, i, x);
    data.corruption[static_cast<size_t>(i)] = Corruption::moved;
  }
}

}  // namespace ml::noise_detail
