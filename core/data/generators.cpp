// marginlab — synthetic data generators (docs/algorithms.md §7). Exact definitions, with formulas and
// pictures, are in docs/generators.md; keep the two in step.
//
// Sampling with a margin on the sphere: a uniform point x on S^{d-1} (or in the ball) is split into its
// coordinates y = B^T x in an orthonormal basis B of the k-dim subspace the labels depend on (k = 1 for
// separable: B = v; k = rank W for classes) and the orthogonal rest. y has the law of g/sqrt(|g|^2 + c)
// with g ~ N(0, I_k), c ~ chi^2_{d-k} independent, and the direction of the rest is uniform on the
// orthogonal sphere, independent of y. So the margin rejection runs on y alone (O(k) per candidate
// instead of O(d)) and only accepted points pay for the O(d k) completion; the result has exactly the
// law of "draw x uniformly, reject while the margin fails".
#include "core/data/generators.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <limits>
#include <string>

#include "core/data/generator_ids.h"
#include "core/data/generator_registry.h"
#include "core/util/detmath.h"
#include "core/util/format.h"
#include "core/util/rng.h"

namespace ml {
namespace {

// ---------------------------------------------------------------------------------------------------
// Validation.

// The caps are the link's (core/settings/limits.h): one number each, shared with the config's fields.
constexpr int kMinClasses = 2;

Error field_error(const char* code, const std::string& field, const std::string& what) {
  return make_error(code, "field '" + field + "': " + what);
}

// "gen.too_large" (blaming `field`) when `count` rows of `dims` values exceed kMaxGeneratedValues.
Status check_value_count(const std::string& field, long long count, long long dims) {
  const long long values = count * dims;
  if (values <= kMaxGeneratedValues) return Status::Ok();
  return field_error("gen.too_large", field,
                     field + " * dims = " + std::to_string(count) + " * " + std::to_string(dims) + " = " +
                         std::to_string(values) + " values exceeds the cap of " + std::to_string(kMaxGeneratedValues) +
                         "; lower '" + field + "' or 'dims'");
}

Status check_int_range(const char* field, long long value, long long lo, long long hi) {
  if (value >= lo && value <= hi) return Status::Ok();
  return field_error("gen.out_of_range", field,
                     std::to_string(value) + " is outside [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
}

// ---------------------------------------------------------------------------------------------------
// Sampling helpers. Plain sequential loops in double: the summation order is fixed by the code.

// Dot product of stored (float) values, accumulated in double in index order.
double dot_stored(const float* a, const float* b, int d) {
  double s = 0.0;
  for (int j = 0; j < d; ++j) s += static_cast<double>(a[j]) * static_cast<double>(b[j]);
  return s;
}

// A uniform unit vector: a normalized Gaussian vector (redrawn in the null event of a zero vector).
void draw_unit(Rng& rng, int d, double* out) {
  for (;;) {
    rng.normals(out, static_cast<size_t>(d));
    double sq = 0.0;
    for (int j = 0; j < d; ++j) sq += out[j] * out[j];
    if (sq > 0.0) {
      const double norm = std::sqrt(sq);
      for (int j = 0; j < d; ++j) out[j] /= norm;
      return;
    }
  }
}

// `rows` uniform unit vectors as float rows.
FeatureMatrix draw_unit_rows(Rng& rng, int rows, int d) {
  FeatureMatrix m(rows, d);
  std::vector<double> buf(static_cast<size_t>(d));
  for (int r = 0; r < rows; ++r) {
    draw_unit(rng, d, buf.data());
    for (int j = 0; j < d; ++j) m(r, j) = static_cast<float>(buf[static_cast<size_t>(j)]);
  }
  return m;
}

// Gamma(shape, 1) for shape >= 1 (Marsaglia & Tsang 2000), with det::log.
double gamma_shape_ge1(Rng& rng, double shape) {
  const double dd = shape - 1.0 / 3.0;
  const double c = 1.0 / std::sqrt(9.0 * dd);
  for (;;) {
    double x = 0.0, v = 0.0;
    do {
      x = rng.normal();
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    const double u = rng.uniform();
    const double x2 = x * x;
    if (u < 1.0 - 0.0331 * x2 * x2) return dd * v;
    if (u > 0.0 && det::log(u) < 0.5 * x2 + dd * (1.0 - v + det::log(v))) return dd * v;
  }
}

// Chi-square with `dof` degrees of freedom (dof >= 0).
double chi_square(Rng& rng, int dof) {
  if (dof <= 0) return 0.0;
  if (dof == 1) {
    const double z = rng.normal();
    return z * z;
  }
  return 2.0 * gamma_shape_ge1(rng, 0.5 * dof);
}

// Uniform points on S^{d-1} (or in the unit ball) drawn in two stages: their k coordinates in an
// orthonormal basis (propose, O(k)) and, once accepted, the uniform orthogonal rest (complete, O(dk)).
class SubspaceSphere {
 public:
  // Full space (k = d): the basis is the identity, never stored.
  SubspaceSphere(int dims, bool ball) : d_(dims), k_(dims), identity_(true), ball_(ball) {}
  // basis: k orthonormal columns of length d, column c at [c*d, (c+1)*d).
  SubspaceSphere(int dims, std::vector<double> basis, bool ball)
      : d_(dims), k_(static_cast<int>(basis.size()) / dims), identity_(false), ball_(ball), basis_(std::move(basis)) {
    assert(k_ >= 1 && k_ <= d_);
  }

  int k() const { return k_; }
  const double* column(int c) const { return basis_.data() + static_cast<size_t>(c) * static_cast<size_t>(d_); }

  // Coordinates y (size k) of a uniform point in the basis, and the point's radius (1 on the sphere).
  void propose(Rng& rng, std::vector<double>& y, double* radius) const {
    double total = 0.0;
    do {
      rng.normals(y.data(), static_cast<size_t>(k_));
      double sq = 0.0;
      for (int c = 0; c < k_; ++c) sq += y[static_cast<size_t>(c)] * y[static_cast<size_t>(c)];
      total = sq + chi_square(rng, d_ - k_);
    } while (total <= 0.0);
    const double norm = std::sqrt(total);
    for (int c = 0; c < k_; ++c) y[static_cast<size_t>(c)] /= norm;
    *radius = 1.0;
    if (ball_) {
      // Radius of a uniform point in the d-ball: U^{1/d}, U in (0, 1].
      *radius = det::pow(1.0 - rng.uniform(), 1.0 / static_cast<double>(d_));
      for (int c = 0; c < k_; ++c) y[static_cast<size_t>(c)] *= *radius;
    }
  }

  // The full point x (size d) with coordinates y and a uniform direction orthogonal to the basis.
  void complete(Rng& rng, const std::vector<double>& y, double radius, std::vector<double>& x) {
    if (identity_) {
      for (int j = 0; j < d_; ++j) x[static_cast<size_t>(j)] = y[static_cast<size_t>(j)];
      return;
    }
    std::fill(x.begin(), x.end(), 0.0);
    double ysq = 0.0;
    for (int c = 0; c < k_; ++c) {
      const double yc = y[static_cast<size_t>(c)];
      ysq += yc * yc;
      const double* b = column(c);
      for (int j = 0; j < d_; ++j) x[static_cast<size_t>(j)] += yc * b[j];
    }
    if (k_ == d_) return;
    const double rest = std::sqrt(std::max(0.0, radius * radius - ysq));
    std::vector<double>& h = direction_;  // reused: one allocation per generator, not per point
    h.resize(static_cast<size_t>(d_));
    double hn = 0.0;
    do {
      rng.normals(h.data(), h.size());
      for (int c = 0; c < k_; ++c) {  // modified Gram-Schmidt: remove the basis components
        const double* b = column(c);
        double p = 0.0;
        for (int j = 0; j < d_; ++j) p += h[static_cast<size_t>(j)] * b[j];
        for (int j = 0; j < d_; ++j) h[static_cast<size_t>(j)] -= p * b[j];
      }
      double sq = 0.0;
      for (int j = 0; j < d_; ++j) sq += h[static_cast<size_t>(j)] * h[static_cast<size_t>(j)];
      hn = std::sqrt(sq);
    } while (hn <= 0.0);
    for (int j = 0; j < d_; ++j) x[static_cast<size_t>(j)] += rest * h[static_cast<size_t>(j)] / hn;
  }

 private:
  int d_;
  int k_;
  bool identity_;
  bool ball_;
  std::vector<double> basis_;
  std::vector<double> direction_;  // complete()'s scratch: the orthogonal direction
};

// Bounds a rejection loop: at most 1e6 + 100 n candidates, and gives up early (after 1e5 candidates)
// once the acceptance rate seen so far cannot deliver n points within that budget.
class RejectionBudget {
 public:
  explicit RejectionBudget(int needed) : needed_(needed), limit_(1000000LL + 100LL * needed) {}

  // Records one candidate; false when the budget is spent or projected to be insufficient.
  bool next() {
    ++attempts_;
    if (attempts_ > limit_) return false;
    if (attempts_ >= kProbe && attempts_ % 4096 == 0 &&
        static_cast<double>(accepted_) * static_cast<double>(limit_) <
            static_cast<double>(needed_) * static_cast<double>(attempts_)) {
      return false;
    }
    return true;
  }
  // Records that the last candidate was kept.
  void accept() { ++accepted_; }

  long long attempts() const { return attempts_; }
  long long accepted() const { return accepted_; }
  long long limit() const { return limit_; }
  int needed() const { return needed_; }

 private:
  static constexpr long long kProbe = 100000;
  int needed_;
  long long limit_;
  long long attempts_ = 0;
  long long accepted_ = 0;
};

// The error of an exhausted margin rejection, naming the field and the acceptance rate.
Error margin_unreachable(const GeneratorSpec& s, const RejectionBudget& b, const char* quantity) {
  const double rate = b.attempts() > 0 ? static_cast<double>(b.accepted()) / static_cast<double>(b.attempts()) : 0.0;
  char text[640];
  std::snprintf(text, sizeof text,
                "margin %s is unreachable for generator '%s' in d = %d: %lld of %lld candidate points had %s >= "
                "margin (acceptance rate %.3g%%), but n = %d are needed within a budget of %lld candidates; "
                "lower 'margin' or 'dims'",
                format_double(s.margin).c_str(), std::string(generator_name(s.kind)).c_str(), s.dims, b.accepted(),
                b.attempts(), quantity, 100.0 * rate, b.needed(), b.limit());
  std::string message = text;
  if (s.kind == Generator::separable) {
    std::snprintf(text, sizeof text, " (on the sphere |<v,x>| is typically about 1/sqrt(d) = %.3g)",
                  1.0 / std::sqrt(static_cast<double>(s.dims)));
    message += text;
  }
  return field_error("gen.margin_unreachable", "margin", message);
}

// A dataset of n rows and d columns with Q classes, labels to be filled in.
Dataset empty_dataset(int n, int d, int num_classes) {
  Dataset ds;
  ds.set_features(FeatureMatrix::Zero(n, d));
  ds.true_label.assign(static_cast<size_t>(n), 0);
  ds.class_names = default_class_names(num_classes);
  ds.feature_names = default_feature_names(d);
  return ds;
}

// Observed labels = true labels, nothing corrupted.
Dataset finish(Dataset ds) {
  ds.reset_labels_clean();
  return ds;
}

float* row_ptr(Dataset& ds, int i) {
  return ds.writable_features().data() + static_cast<size_t>(i) * static_cast<size_t>(ds.X.cols());
}

// Stores the 2-D point (x1, x2) in float as row i with class `label`.
void set_point_2d(Dataset& ds, int i, double x1, double x2, int label) {
  float* row = row_ptr(ds, i);
  row[0] = static_cast<float>(x1);
  row[1] = static_cast<float>(x2);
  ds.true_label[static_cast<size_t>(i)] = label;
}

// Stores (x1, x2) as row i, labelled by planar_concept_class(g, ...) of the stored (float) coordinates.
void set_planar_point(Dataset& ds, int i, Generator g, double x1, double x2) {
  set_point_2d(ds, i, x1, x2, planar_concept_class(g, static_cast<float>(x1), static_cast<float>(x2)));
}

// Largest score's index (first on ties) and its gap to the second largest.
double top_two_gap(const double* scores, int q_count, int* best) {
  int b = 0;
  for (int q = 1; q < q_count; ++q)
    if (scores[q] > scores[b]) b = q;
  double second = -std::numeric_limits<double>::infinity();
  for (int q = 0; q < q_count; ++q)
    if (q != b && scores[q] > second) second = scores[q];
  *best = b;
  return scores[b] - second;
}

// n component indices, balanced (counts differ by at most one, lower indices first), shuffled.
std::vector<int> balanced_components(Rng& rng, int n, int count) {
  std::vector<int> c(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) c[static_cast<size_t>(i)] = i % count;
  rng.shuffle(c);
  return c;
}

// Direction i of the finite class into out[0..d): the angular grid in 2-D (no draw), else a uniform unit
// vector from its own generator Rng(row seed, Stream::aux), so that any row is computable in O(d).
void finite_direction(int i, int count, int d, uint64_t seed, std::vector<double>& buf, float* out) {
  if (d == 2) {
    const double angle = 2.0 * det::kPi * static_cast<double>(i) / static_cast<double>(count);
    out[0] = static_cast<float>(det::cos(angle));
    out[1] = static_cast<float>(det::sin(angle));
    return;
  }
  Rng row_rng(splitmix64(seed) ^ splitmix64(static_cast<uint64_t>(i) + 1), Stream::aux);
  draw_unit(row_rng, d, buf.data());
  for (int j = 0; j < d; ++j) out[j] = static_cast<float>(buf[static_cast<size_t>(j)]);
}

// ---------------------------------------------------------------------------------------------------
// The generators. Each receives Rng(seed, Stream::data) untouched.

Result<Dataset> make_separable(const GeneratorSpec& s, Rng& rng) {
  const int d = s.dims;
  std::vector<double> v(static_cast<size_t>(d));
  draw_unit(rng, d, v.data());
  Dataset ds = empty_dataset(s.n, d, 2);
  ds.target.resize(d);
  for (int j = 0; j < d; ++j) ds.target[j] = static_cast<float>(v[static_cast<size_t>(j)]);

  SubspaceSphere sphere(d, v, s.ball);
  RejectionBudget budget(s.n);
  std::vector<double> y(1), x(static_cast<size_t>(d));
  double min_abs = std::numeric_limits<double>::infinity();
  for (int i = 0; i < s.n;) {
    if (!budget.next()) return margin_unreachable(s, budget, "|<v,x>|");
    double radius = 1.0;
    sphere.propose(rng, y, &radius);
    if (std::fabs(y[0]) < s.margin) continue;
    sphere.complete(rng, y, radius, x);
    float* row = row_ptr(ds, i);
    for (int j = 0; j < d; ++j) row[j] = static_cast<float>(x[static_cast<size_t>(j)]);
    const double dot = dot_stored(ds.target.data(), row, d);
    if (std::fabs(dot) < s.margin) continue;  // float rounding moved it inside the margin: redraw
    budget.accept();
    ds.true_label[static_cast<size_t>(i)] = dot >= 0.0 ? 1 : 0;
    min_abs = std::min(min_abs, std::fabs(dot));
    ++i;
  }
  ds.target_margin = min_abs;
  return finish(std::move(ds));
}

Result<Dataset> make_gaussian(const GeneratorSpec& s, Rng& rng) {
  const int d = s.dims;
  std::vector<double> v(static_cast<size_t>(d));
  draw_unit(rng, d, v.data());
  Dataset ds = empty_dataset(s.n, d, 2);
  ds.target.resize(d);
  for (int j = 0; j < d; ++j) ds.target[j] = static_cast<float>(v[static_cast<size_t>(j)]);
  double min_abs = std::numeric_limits<double>::infinity();
  std::vector<double> drawn(static_cast<size_t>(d));
  for (int i = 0; i < s.n; ++i) {
    float* row = row_ptr(ds, i);
    rng.normals(drawn.data(), drawn.size());
    for (int j = 0; j < d; ++j) row[j] = static_cast<float>(drawn[static_cast<size_t>(j)]);
    const double dot = dot_stored(ds.target.data(), row, d);
    ds.true_label[static_cast<size_t>(i)] = dot >= 0.0 ? 1 : 0;
    min_abs = std::min(min_abs, std::fabs(dot));
  }
  ds.target_margin = min_abs;
  return finish(std::move(ds));
}

Result<Dataset> make_classes(const GeneratorSpec& s, Rng& rng) {
  const int d = s.dims;
  const int q_count = s.classes;
  const FeatureMatrix w = draw_unit_rows(rng, q_count, d);

  // The labels depend on x only through span{w_q}: sample in an orthonormal basis of it.
  SubspaceSphere sphere(d, false);
  std::vector<double> projected;  // Q x k: <w_q, b_c>, row-major
  if (q_count < d) {
    std::vector<double> basis;
    std::vector<double> b(static_cast<size_t>(d));
    for (int q = 0; q < q_count; ++q) {
      for (int j = 0; j < d; ++j) b[static_cast<size_t>(j)] = static_cast<double>(w(q, j));
      const int kept = static_cast<int>(basis.size()) / d;
      for (int c = 0; c < kept; ++c) {
        const double* bc = basis.data() + static_cast<size_t>(c) * static_cast<size_t>(d);
        double p = 0.0;
        for (int j = 0; j < d; ++j) p += b[static_cast<size_t>(j)] * bc[j];
        for (int j = 0; j < d; ++j) b[static_cast<size_t>(j)] -= p * bc[j];
      }
      double sq = 0.0;
      for (int j = 0; j < d; ++j) sq += b[static_cast<size_t>(j)] * b[static_cast<size_t>(j)];
      const double norm = std::sqrt(sq);
      if (norm < 1e-9) continue;  // dependent direction: the span has lower rank
      for (int j = 0; j < d; ++j) basis.push_back(b[static_cast<size_t>(j)] / norm);
    }
    sphere = SubspaceSphere(d, std::move(basis), false);
    const int k = sphere.k();
    projected.assign(static_cast<size_t>(q_count) * static_cast<size_t>(k), 0.0);
    for (int q = 0; q < q_count; ++q)
      for (int c = 0; c < k; ++c) {
        const double* bc = sphere.column(c);
        double p = 0.0;
        for (int j = 0; j < d; ++j) p += static_cast<double>(w(q, j)) * bc[j];
        projected[static_cast<size_t>(q) * static_cast<size_t>(k) + static_cast<size_t>(c)] = p;
      }
  } else {
    projected.resize(static_cast<size_t>(q_count) * static_cast<size_t>(d));
    for (int q = 0; q < q_count; ++q)
      for (int j = 0; j < d; ++j)
        projected[static_cast<size_t>(q) * static_cast<size_t>(d) + static_cast<size_t>(j)] = w(q, j);
  }
  const int k = sphere.k();

  Dataset ds = empty_dataset(s.n, d, q_count);
  RejectionBudget budget(s.n);
  std::vector<double> y(static_cast<size_t>(k)), x(static_cast<size_t>(d)), scores(static_cast<size_t>(q_count));
  double min_gap = std::numeric_limits<double>::infinity();
  for (int i = 0; i < s.n;) {
    if (!budget.next()) return margin_unreachable(s, budget, "a top-two score gap");
    double radius = 1.0;
    sphere.propose(rng, y, &radius);
    for (int q = 0; q < q_count; ++q) {
      const double* pq = projected.data() + static_cast<size_t>(q) * static_cast<size_t>(k);
      double sc = 0.0;
      for (int c = 0; c < k; ++c) sc += pq[c] * y[static_cast<size_t>(c)];
      scores[static_cast<size_t>(q)] = sc;
    }
    int best = 0;
    if (top_two_gap(scores.data(), q_count, &best) < s.margin) continue;
    sphere.complete(rng, y, radius, x);
    float* row = row_ptr(ds, i);
    for (int j = 0; j < d; ++j) row[j] = static_cast<float>(x[static_cast<size_t>(j)]);
    for (int q = 0; q < q_count; ++q) scores[static_cast<size_t>(q)] = dot_stored(&w(q, 0), row, d);
    const double gap = top_two_gap(scores.data(), q_count, &best);
    if (gap < s.margin) continue;  // float rounding moved it inside the margin: redraw
    budget.accept();
    ds.true_label[static_cast<size_t>(i)] = best;
    min_gap = std::min(min_gap, gap);
    ++i;
  }
  // 004 Def. 2 measures the margin of W with ||W||_F = 1.
  double frobenius_sq = 0.0;
  for (int q = 0; q < q_count; ++q) frobenius_sq += dot_stored(&w(q, 0), &w(q, 0), d);
  ds.target_margin = min_gap / std::sqrt(frobenius_sq);
  return finish(std::move(ds));
}

// The five toys of 000 §5.2: uniform on [-10,10]^2, labelled by planar_concept_class.
Result<Dataset> make_planar_toy(const GeneratorSpec& s, Rng& rng) {
  Dataset ds = empty_dataset(s.n, 2, 2);
  for (int i = 0; i < s.n; ++i) {
    const double x1 = rng.uniform(-10.0, 10.0);  // drawn in this order: x1, then x2
    const double x2 = rng.uniform(-10.0, 10.0);
    set_planar_point(ds, i, s.kind, x1, x2);
  }
  return finish(std::move(ds));
}

Result<Dataset> make_basis(const GeneratorSpec& s, Rng& rng) {
  const int k = basis_size(s.margin);
  Dataset ds = empty_dataset(k, k, 2);
  ds.target.resize(k);
  const double scale = 1.0 / std::sqrt(static_cast<double>(k));
  double min_abs = std::numeric_limits<double>::infinity();
  for (int i = 0; i < k; ++i) {
    row_ptr(ds, i)[i] = 1.0f;
    const int label = static_cast<int>(rng.below(2));
    ds.true_label[static_cast<size_t>(i)] = label;
    ds.target[i] = static_cast<float>(label == 1 ? scale : -scale);
    min_abs = std::min(min_abs, std::fabs(static_cast<double>(ds.target[i])));
  }
  ds.target_margin = min_abs;
  return finish(std::move(ds));
}

Result<Dataset> make_finite(const GeneratorSpec& s, uint64_t seed, Rng& rng) {
  const int d = s.dims;
  const int target_index = static_cast<int>(rng.below(static_cast<uint32_t>(s.concepts)));
  Dataset ds = empty_dataset(s.n, d, 2);
  ds.target.resize(d);
  finite_class_direction(target_index, s.concepts, d, seed, ds.target.data());
  const double guard = finite_label_guard(d);
  std::vector<double> x(static_cast<size_t>(d));
  double min_abs = std::numeric_limits<double>::infinity();
  for (int i = 0; i < s.n; ++i) {
    float* row = row_ptr(ds, i);
    double dot = 0.0;
    do {
      draw_unit(rng, d, x.data());
      for (int j = 0; j < d; ++j) row[j] = static_cast<float>(x[static_cast<size_t>(j)]);
      dot = dot_stored(ds.target.data(), row, d);
    } while (std::fabs(dot) < guard);
    ds.true_label[static_cast<size_t>(i)] = dot >= 0.0 ? 1 : 0;
    min_abs = std::min(min_abs, std::fabs(dot));
  }
  ds.target_margin = min_abs;
  return finish(std::move(ds));
}

Result<Dataset> make_thresholds(const GeneratorSpec& s, Rng& rng) {
  const int target_index = static_cast<int>(rng.below(static_cast<uint32_t>(s.concepts)));
  const double t = static_cast<double>(target_index + 1) / static_cast<double>(s.concepts + 1);
  Dataset ds = empty_dataset(s.n, 2, 2);
  const double norm = std::sqrt(1.0 + t * t);
  ds.target.resize(2);
  ds.target[0] = static_cast<float>(1.0 / norm);
  ds.target[1] = static_cast<float>(-t / norm);
  double min_abs = std::numeric_limits<double>::infinity();
  for (int i = 0; i < s.n; ++i) {
    float* row = row_ptr(ds, i);
    row[1] = 1.0f;
    bool positive = false;
    double dot = 0.0;
    do {  // redraw the (rare) u within float rounding of t, where u >= t and sign<v,x> could disagree
      row[0] = static_cast<float>(rng.uniform());
      positive = static_cast<double>(row[0]) >= t;
      dot = dot_stored(ds.target.data(), row, 2);
    } while ((dot >= 0.0) != positive);
    ds.true_label[static_cast<size_t>(i)] = positive ? 1 : 0;
    min_abs = std::min(min_abs, std::fabs(dot));
  }
  ds.target_margin = min_abs;
  return finish(std::move(ds));
}

// TensorFlow Playground's circle: a disc of radius 2.5 and a ring 3.5..5 (equal counts, area-uniform),
// jittered, labelled by the circle of radius 3.
Result<Dataset> make_circle(const GeneratorSpec& s, Rng& rng) {
  Dataset ds = empty_dataset(s.n, 2, 2);
  const std::vector<int> inner = balanced_components(rng, s.n, 2);
  for (int i = 0; i < s.n; ++i) {
    const double angle = rng.uniform(0.0, 2.0 * det::kPi);
    const double u = rng.uniform();
    const double r =
        inner[static_cast<size_t>(i)] == 1 ? 2.5 * std::sqrt(u) : std::sqrt(3.5 * 3.5 + u * (25.0 - 3.5 * 3.5));
    const double x1 = r * det::cos(angle) + rng.uniform(-s.spread, s.spread);
    const double x2 = r * det::sin(angle) + rng.uniform(-s.spread, s.spread);
    set_planar_point(ds, i, Generator::circle, x1, x2);
  }
  return finish(std::move(ds));
}

// TensorFlow Playground's XOR: uniform on [-5,5]^2, pushed 0.3 away from both axes, jittered.
Result<Dataset> make_xor(const GeneratorSpec& s, Rng& rng) {
  Dataset ds = empty_dataset(s.n, 2, 2);
  for (int i = 0; i < s.n; ++i) {
    double x1 = rng.uniform(-5.0, 5.0);
    double x2 = rng.uniform(-5.0, 5.0);
    x1 += x1 > 0.0 ? 0.3 : -0.3;
    x2 += x2 > 0.0 ? 0.3 : -0.3;
    x1 += rng.uniform(-s.spread, s.spread);
    x2 += rng.uniform(-s.spread, s.spread);
    set_planar_point(ds, i, Generator::xor_, x1, x2);
  }
  return finish(std::move(ds));
}

// Q isotropic Gaussian blobs; centers by best-candidate sampling (of 10 uniform candidates in
// [-4,4]^d, the one farthest from the centers so far) so that they rarely sit on top of each other.
Result<Dataset> make_blobs(const GeneratorSpec& s, Rng& rng) {
  constexpr int kCandidates = 10;
  const int d = s.dims;
  const int q_count = s.classes;
  std::vector<double> centers(static_cast<size_t>(q_count) * static_cast<size_t>(d));
  std::vector<double> cand(static_cast<size_t>(d)), best_cand(static_cast<size_t>(d));
  for (int q = 0; q < q_count; ++q) {
    double best_score = -1.0;
    for (int c = 0; c < kCandidates; ++c) {
      for (int j = 0; j < d; ++j) cand[static_cast<size_t>(j)] = rng.uniform(-4.0, 4.0);
      double nearest = std::numeric_limits<double>::infinity();
      for (int p = 0; p < q; ++p) {
        double sq = 0.0;
        for (int j = 0; j < d; ++j) {
          const double diff = cand[static_cast<size_t>(j)] -
                              centers[static_cast<size_t>(p) * static_cast<size_t>(d) + static_cast<size_t>(j)];
          sq += diff * diff;
        }
        nearest = std::min(nearest, sq);
      }
      if (nearest > best_score) {  // q == 0: every candidate scores +inf; the first one wins
        best_score = nearest;
        best_cand = cand;
      }
    }
    std::copy(best_cand.begin(), best_cand.end(), centers.begin() + static_cast<std::ptrdiff_t>(q) * d);
  }
  Dataset ds = empty_dataset(s.n, d, q_count);
  const std::vector<int> component = balanced_components(rng, s.n, q_count);
  for (int i = 0; i < s.n; ++i) {
    const int q = component[static_cast<size_t>(i)];
    float* row = row_ptr(ds, i);
    for (int j = 0; j < d; ++j)
      row[j] = static_cast<float>(centers[static_cast<size_t>(q) * static_cast<size_t>(d) + static_cast<size_t>(j)] +
                                  s.spread * rng.normal());
    ds.true_label[static_cast<size_t>(i)] = q;
  }
  return finish(std::move(ds));
}

// TensorFlow Playground's two spirals: radius 5s, angle 1.75 * 2 pi * s (+ pi for the second arm).
Result<Dataset> make_spiral(const GeneratorSpec& s, Rng& rng) {
  Dataset ds = empty_dataset(s.n, 2, 2);
  const std::vector<int> arm = balanced_components(rng, s.n, 2);
  for (int i = 0; i < s.n; ++i) {
    const int label = arm[static_cast<size_t>(i)];
    const double t = rng.uniform();
    const double r = 5.0 * t;
    const double angle = 1.75 * 2.0 * det::kPi * t + (label == 1 ? 0.0 : det::kPi);
    const double x1 = r * det::sin(angle) + rng.uniform(-s.spread, s.spread);
    const double x2 = r * det::cos(angle) + rng.uniform(-s.spread, s.spread);
    set_point_2d(ds, i, x1, x2, label);
  }
  return finish(std::move(ds));
}

// Point in the left ellipse of double_ellipse: center (-5, 0), semi-axes 3.5 and 9, major axis tilted
// 25 degrees from vertical so that its top leans outwards.
bool in_left_ellipse(double x1, double x2) {
  const double phi = 25.0 * det::kPi / 180.0;
  const double c = det::cos(phi), s = det::sin(phi);
  const double dx = x1 + 5.0, dy = x2;
  const double minor = dx * c + dy * s;   // along (cos phi, sin phi)
  const double major = -dx * s + dy * c;  // along (-sin phi, cos phi)
  return (minor / 3.5) * (minor / 3.5) + (major / 9.0) * (major / 9.0) <= 1.0;
}

// ---------------------------------------------------------------------------------------------------
// Row functions: each built-in row's make, check and size.

// A make function that receives Rng(seed, Stream::data) untouched.
template <Result<Dataset> (*Make)(const GeneratorSpec&, Rng&)>
Result<Dataset> with_data_stream(const GeneratorSpec& s, uint64_t seed) {
  Rng rng(seed, Stream::data);
  return Make(s, rng);
}

Result<Dataset> make_finite_row(const GeneratorSpec& s, uint64_t seed) {
  Rng rng(seed, Stream::data);
  return make_finite(s, seed, rng);
}

// finite stores its class: |C| * d values under the same cap as the data.
Status check_finite(const GeneratorSpec& s) { return check_value_count("concepts", s.concepts, s.dims); }

// k = ceil(1/margin^2) must fit; compared in double first so that a tiny margin cannot overflow.
Status check_basis(const GeneratorSpec& s) {
  if (s.margin > 0.0 && 1.0 / (s.margin * s.margin) - 1e-9 <= static_cast<double>(kMaxBasisSize)) return Status::Ok();
  char text[256];
  std::snprintf(text, sizeof text,
                "the basis stream needs k = ceil(1/margin^2) examples in k dimensions; margin %s gives %s > %d; "
                "use margin >= 1/64 = 0.015625",
                format_double(s.margin).c_str(),
                s.margin <= 0.0 ? "infinity" : format_double(std::ceil(1.0 / (s.margin * s.margin) - 1e-9)).c_str(),
                kMaxBasisSize);
  return field_error("gen.basis_too_large", "margin", text);
}

// The basis stream: k = ceil(1/margin^2) examples in k dims (infinite for margin 0: the budget refuses it).
GeneratedSize basis_stream_size(const GeneratorSpec& s) {
  const double k = std::ceil(1.0 / (s.margin * s.margin));
  return {k, k};
}

}  // namespace

// -----------------------------------------------------------------------------------------------------
// Public API.

namespace {
// The rows of the finite-class generators (Halving's data) and of the 2-D playground sets, in value order
// after the basis stream.
void add_finite_and_playground_rows(std::deque<GeneratorRow>& rows) {
  using P = GeneratorParam;
  const GeneratorParams playground = reads_params({GeneratorParam::n, GeneratorParam::spread});
  rows.push_back({.id = "finite",
                  .name = "Finite class of halfspaces",
                  .description = "Unit sphere labelled by one of |C| = concepts halfspaces (2-D angular grid or random "
                                 "directions)",
                  .citation = "001 §3–§4",
                  .reads = reads_params({P::n, P::dims, P::concepts}),
                  .concepts = GeneratedConcepts::sphere,
                  .make = make_finite_row,
                  .check = check_finite});
  rows.push_back({.id = "thresholds",
                  .name = "Thresholds on a line",
                  .description = "x = (u, 1), u uniform in [0,1], +1 iff u >= t for t from a grid of |C| = concepts "
                                 "thresholds",
                  .citation = "001 §3",
                  .reads = reads_params({P::n, P::concepts}),
                  .is_2d = true,
                  .concepts = GeneratedConcepts::thresholds,
                  .constant_column = 1,
                  .make = with_data_stream<make_thresholds>});
  rows.push_back({.id = "circle",
                  .name = "Circle (playground)",
                  .description = "Disc (r <= 2.5) vs ring (3.5..5), jitter = spread, +1 iff |x| < 3",
                  .citation = "TensorFlow Playground",
                  .reads = playground,
                  .is_2d = true,
                  .make = with_data_stream<make_circle>});
  rows.push_back({.id = "xor",
                  .name = "XOR (playground)",
                  .description = "Quadrants of [-5,5]^2 pushed 0.3 off the axes, jitter = spread, +1 iff x1*x2 >= 0",
                  .citation = "TensorFlow Playground",
                  .reads = playground,
                  .is_2d = true,
                  .make = with_data_stream<make_xor>});
  rows.push_back({.id = "blobs",
                  .name = "Gaussian blobs",
                  .description = "Q Gaussian blobs in d dims, seeded spread-out centers in [-4,4]^d, sd = spread",
                  .citation = "TensorFlow Playground",
                  .reads = reads_params({P::n, P::dims, P::classes, P::spread}),
                  .multiclass = true,
                  .make = with_data_stream<make_blobs>});
  rows.push_back({.id = "spiral",
                  .name = "Two spirals (playground)",
                  .description = "Two interleaved spirals, 1.75 turns to radius 5, jitter = spread",
                  .citation = "TensorFlow Playground",
                  .reads = playground,
                  .is_2d = true,
                  .make = with_data_stream<make_spiral>});
}
}  // namespace

std::deque<GeneratorRow> builtin_generator_rows() {
  using P = GeneratorParam;
  // The planar toys of 000 §5.2: uniform points on [-10,10]^2, one labelling shape per row.
  const auto planar_toy = [](std::string id, std::string name, const std::string& shape) {
    return GeneratorRow{.id = std::move(id),
                        .name = std::move(name),
                        .description = "Uniform on [-10,10]^2, " + shape + " (000 5.2)",
                        .citation = "000 §5.2",
                        .reads = reads_params({GeneratorParam::n}),
                        .is_2d = true,
                        .make = with_data_stream<make_planar_toy>};
  };
  std::deque<GeneratorRow> rows;
  rows.push_back({.id = "separable",
                  .name = "Separable (sphere)",
                  .description = "Unit sphere (or ball) in d dims, labels sign<v,x> for a random unit v, |<v,x>| >= "
                                 "margin by rejection",
                  .citation = "001 §1",
                  .reads = reads_params({P::n, P::dims, P::margin, P::ball}),
                  .make = with_data_stream<make_separable>});
  rows.push_back({.id = "gaussian",
                  .name = "Gaussian",
                  .description = "Isotropic Gaussian N(0, I_d) (log-concave), labels sign<v,x> for a random unit v",
                  .citation = "003 §3",
                  .reads = reads_params({P::n, P::dims}),
                  .make = with_data_stream<make_gaussian>});
  rows.push_back({.id = "classes",
                  .name = "Q classes (sphere)",
                  .description =
                      "Q classes on the unit sphere: argmax of Q random unit w_q, top-two score gap >= margin "
                      "(004 4.1)",
                  .citation = "004 §4.1",
                  .reads = reads_params({P::n, P::dims, P::margin, P::classes}),
                  .multiclass = true,
                  .keeps_multiclass_margin = true,
                  .make = with_data_stream<make_classes>});
  rows.push_back(planar_toy("double_ellipse", "Double ellipse", "+1 inside either of two tilted ellipses"));
  rows.push_back(planar_toy("ring", "Ring", "+1 in the annulus 4 <= |x| <= 8.93"));
  rows.push_back(planar_toy("chess_board", "Chess board", "4x4 chess board of 5x5 squares"));
  rows.push_back(planar_toy("dart_board", "Dart board", "dart board: rings 3 wide times 8 sectors, alternating"));
  rows.push_back(planar_toy("hyper", "Hyperbolic bands", "hyperbolic bands: +1 iff floor(x1*x2/25) is even"));
  rows.push_back({.id = "basis",
                  .name = "Adversarial basis stream",
                  .description = "Adversarial stream e_1..e_k, k = ceil(1/margin^2); the session labels each against "
                                 "the learner (001 Claim 1.4)",
                  .citation = "001 Claim 1.4",
                  .reads = reads_params({P::margin}),
                  .adaptive_labels = true,
                  .make = with_data_stream<make_basis>,
                  .check = check_basis,
                  .size = basis_stream_size});
  add_finite_and_playground_rows(rows);
  return rows;
}

Status validate_generator_spec(const GeneratorSpec& s) {
  const int gi = static_cast<int>(s.kind);
  if (gi < 0 || static_cast<size_t>(gi) >= generator_rows().size())
    return field_error("gen.out_of_range", "kind", "unknown generator " + std::to_string(gi));
  const GeneratorRow& row = generator_row(s.kind);
  const auto reads = [&row](GeneratorParam p) { return (row.reads & reads_param(p)) != 0; };
  if (reads(GeneratorParam::n)) {
    if (Status st = check_int_range("n", s.n, 1, kMaxExamples); !st.ok()) return st;
  }
  if (reads(GeneratorParam::dims)) {
    if (Status st = check_int_range("dims", s.dims, 1, kMaxDims); !st.ok()) return st;
  }
  if (reads(GeneratorParam::classes)) {
    if (Status st = check_int_range("classes", s.classes, kMinClasses, kMaxClasses); !st.ok()) return st;
  }
  if (reads(GeneratorParam::concepts)) {
    if (Status st = check_int_range("concepts", s.concepts, 2, kMaxConcepts); !st.ok()) return st;
  }
  if (reads(GeneratorParam::margin) && !(s.margin >= 0.0 && s.margin < 1.0)) {
    return field_error("gen.out_of_range", "margin", format_double(s.margin) + " is outside [0, 1)");
  }
  if (reads(GeneratorParam::spread) && !(s.spread >= 0.0 && std::isfinite(s.spread))) {
    return field_error("gen.out_of_range", "spread", format_double(s.spread) + " must be a finite number >= 0");
  }
  if (reads(GeneratorParam::dims)) {
    if (Status st = check_value_count("n", s.n, s.dims); !st.ok()) return st;
  }
  return row.check ? row.check(s) : Status::Ok();
}

Result<Dataset> generate(const GeneratorSpec& spec, uint64_t seed) {
  if (Status st = validate_generator_spec(spec); !st.ok()) return st.error();
  return generator_row(spec.kind).make(spec, seed);
}

FeatureMatrix finite_class_directions(int count, int dims, uint64_t seed) {
  assert(count >= 1 && dims >= 1);
  assert(static_cast<long long>(count) * dims <= kMaxGeneratedValues);
  FeatureMatrix m(count, dims);
  std::vector<double> buf(static_cast<size_t>(dims));
  for (int i = 0; i < count; ++i)
    finite_direction(i, count, dims, seed, buf, m.data() + static_cast<size_t>(i) * static_cast<size_t>(dims));
  return m;
}

void finite_class_direction(int index, int count, int dims, uint64_t seed, float* out) {
  assert(index >= 0 && index < count && dims >= 1);
  std::vector<double> buf(static_cast<size_t>(dims));
  finite_direction(index, count, dims, seed, buf, out);
}

int target_concept_index(int count, uint64_t seed) {
  assert(count >= 1);
  Rng rng(seed, Stream::data);
  return static_cast<int>(rng.below(static_cast<uint32_t>(count)));
}

std::vector<double> threshold_grid(int count) {
  assert(count >= 1);
  std::vector<double> t(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i)
    t[static_cast<size_t>(i)] = static_cast<double>(i + 1) / static_cast<double>(count + 1);
  return t;
}

double finite_label_guard(int dims) {
  const double u = 1.0 / 16777216.0;  // float unit roundoff 2^-24
  const double terms = static_cast<double>(dims) + 1.0;
  return std::max(1e-5, 1.01 * terms * u / (1.0 - terms * u));
}

int basis_size(double margin) {
  if (!(margin > 0.0)) return 0;
  const double k = std::ceil(1.0 / (margin * margin) - 1e-9);
  if (k > static_cast<double>(std::numeric_limits<int>::max())) return std::numeric_limits<int>::max();
  return static_cast<int>(k);
}

FeatureMatrix class_weight_vectors(int classes, int dims, uint64_t seed) {
  assert(classes >= 1 && dims >= 1);
  Rng rng(seed, Stream::data);
  return draw_unit_rows(rng, classes, dims);
}

int planar_concept_class(Generator g, double x1, double x2) {
  switch (g) {
    case Generator::double_ellipse:
      // The right ellipse is the mirror image (x1 -> -x1) of the left one.
      return in_left_ellipse(x1, x2) || in_left_ellipse(-x1, x2) ? 1 : 0;
    case Generator::ring: {
      const double r2 = x1 * x1 + x2 * x2;
      return r2 >= 16.0 && r2 <= 16.0 + 200.0 / det::kPi ? 1 : 0;  // annulus of area 200 = half the square
    }
    case Generator::chess_board: {
      const double parity = std::floor((x1 + 10.0) / 5.0) + std::floor((x2 + 10.0) / 5.0);
      return std::fmod(parity, 2.0) == 0.0 ? 1 : 0;
    }
    case Generator::dart_board: {
      const double r = std::sqrt(x1 * x1 + x2 * x2);
      const double ring = std::min(std::floor(r / 3.0), 3.0);  // 0-3, 3-6, 6-9, beyond 9
      double sector = std::floor((det::atan2(x2, x1) + det::kPi) / (det::kPi / 4.0));
      if (sector >= 8.0) sector = 0.0;  // atan2 = pi is the direction of -pi: sector 0
      return std::fmod(ring + sector, 2.0) == 0.0 ? 1 : 0;
    }
    case Generator::hyper: {
      const double band = std::floor(x1 * x2 / 25.0);
      return std::fmod(std::fabs(band), 2.0) == 0.0 ? 1 : 0;
    }
    case Generator::circle: return x1 * x1 + x2 * x2 < 9.0 ? 1 : 0;
    case Generator::xor_: return x1 * x2 >= 0.0 ? 1 : 0;
    default: assert(false && "not a planar concept"); return 0;
  }
}

}  // namespace ml
