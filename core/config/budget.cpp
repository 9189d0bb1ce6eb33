// marginlab — the resource budget: cost model, fitting a link to it, its documentation (see budget.h).
#include "core/config/budget.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/config/fields.h"
#include "core/kernels/projection.h"
#include "core/learners/halving.h"
#include "core/learners/uma.h"

namespace ml {
namespace {

enum Limit { kMemory = 0, kPrepare = 1, kUnit = 2, kStep = 3 };

constexpr double kFloatBytes = 4, kDoubleBytes = 8;
// Multiply-adds of a symmetric eigendecomposition with eigenvectors, per n^3 (tridiagonalization + QR sweeps).
constexpr double kEigenFactor = 9;
// The RP classifier's exact kernel PCA limit (projection.h ProjectionOptions::exact_limit's default).
constexpr double kRpExactKpcaLimit = ProjectionOptions{}.exact_limit;
// Cnoise updates assumed for l.updates = 0 (16/(eps gamma)^2 at the defaults eps' = 0.5, eta = 0.1, gamma = 0.1).
constexpr double kDefaultCnoiseUpdates = 10000;

// Accumulates amounts, remembering the largest term of each as its part.
struct CostSum {
  ResourceCost cost;
  double largest[kBudgetLimitCount] = {};
  void add(Limit limit, double amount, std::string_view part) {
    cost.amount[limit] += amount;
    if (amount > largest[limit]) {
      largest[limit] = amount;
      cost.part[limit] = part;
    }
  }
};

// A learner parameter's value: config.params, else the schema's default (0 when unknown).
double param(const Config& c, const std::vector<LearnerSchema>& learners, std::string_view key) {
  for (const ParamValue& p : c.params)
    if (p.name == key) return p.value;
  if (const LearnerSchema* s = find_learner_schema(learners, c.learner))
    for (const Setting& spec : s->params)
      if (spec.key == key) return spec.default_value.number;
  return 0;
}

bool is_halving(const Config& c) { return c.learner == "halving" || c.learner == "randomized_halving"; }
// Halving's |C|: the generator's when the class follows it, else the parameter (halving.h).
bool halving_uses_generator_class(const Config& c, const std::vector<LearnerSchema>& learners) {
  const auto kind = static_cast<FiniteClassKind>(static_cast<int>(param(c, learners, "class")));
  return kind == FiniteClassKind::automatic && !c.use_csv &&
         (c.generator.kind == Generator::finite || c.generator.kind == Generator::thresholds);
}

// One kernel projection (projection.h): fitted on n rows of d features with D directions, applied to `other`
// more rows. kind: ProjectionKind. When `sliced` is false (the pipeline's features, an RP cross-validation
// step) its work counts against `unsliced_limit` instead of `prepare`.
void add_projection(CostSum& s, ProjectionKind kind, double n, double other, double d, double D, double landmarks,
                    double exact_limit, Limit work_limit) {
  if (n < 1) return;
  D = std::min(D, n);
  double basis = D;
  if (kind == ProjectionKind::kpca && n <= exact_limit) {
    basis = n;
    s.add(kMemory, 3 * n * n * kDoubleBytes, "exact kernel PCA's kernel matrix and eigenvectors");
    s.add(work_limit, n * n * (d + D), "exact kernel PCA's kernel matrix");
    s.add(kUnit, kEigenFactor * n * n * n, "exact kernel PCA's eigendecomposition (n^3)");
  } else if (kind == ProjectionKind::kpca) {
    double m = landmarks > 0 ? landmarks : std::min(n, std::max(2 * D, 1000.0));
    m = std::min(std::max(m, D), n);
    basis = m;
    s.add(kMemory, 3 * m * m * kDoubleBytes, "Nyström landmarks' kernel and eigenvectors (m^2)");
    s.add(work_limit, n * m * (d + m + D), "Nyström covariance over the sample (n m^2)");
    // Worst case: K_mm numerically singular, so the whitening is an eigendecomposition too (projection.h; a
    // positive definite K_mm takes a Cholesky factor, m^3/3, and only the PCA's eigendecomposition remains).
    s.add(kUnit, 2 * kEigenFactor * m * m * m, "eigendecompositions of the Nyström landmarks (m^3)");
  } else if (kind == ProjectionKind::random) {
    s.add(kMemory, 2 * D * D * kDoubleBytes, "random span's kernel matrix and factor");
    s.add(work_limit, n * D * (d + D), "random span's projection of the sample");
    s.add(kUnit, D * D * D / 3, "random span's Cholesky factorization");
  } else {
    s.add(kMemory, n * D * kDoubleBytes, "kernel Gram-Schmidt's factor (n D)");
    s.add(work_limit, n * D * (d + D), "kernel Gram-Schmidt pivots (n D^2)");
  }
  s.add(kMemory, (n + other) * D * kFloatBytes, "projected sample (n D)");
  s.add(work_limit, other * basis * (d + D), "projection of the test part");
}

// The URL keys a fit may lower, with their smallest useful value.
double smallest_value(std::string_view key, const Setting& spec) {
  if (key == "l.landmarks") return std::max(spec.min, 1.0);  // 0 means "automatic", not "fewest"
  return spec.min;
}

const Setting* setting_of(const Config& c, const std::vector<LearnerSchema>& learners, std::string_view key) {
  if (key.substr(0, 2) == "l.") {
    if (const LearnerSchema* s = find_learner_schema(learners, c.learner))
      for (const Setting& spec : s->params)
        if (spec.key == key.substr(2)) return &spec;
    return nullptr;
  }
  return find_field(key);
}

double get_value(const Config& c, const std::vector<LearnerSchema>& learners, std::string_view key) {
  if (key.substr(0, 2) == "l.") return param(c, learners, key.substr(2));
  return find_field(key)->get(c).number;
}

void set_value(Config& c, const std::vector<LearnerSchema>& learners, std::string_view key, double value) {
  if (key.substr(0, 2) != "l.") {
    find_field(key)->set(c, number_value(value));
    return;
  }
  const std::string name(key.substr(2));
  const Setting* spec = setting_of(c, learners, key);
  c.params.erase(std::remove_if(c.params.begin(), c.params.end(), [&](const ParamValue& p) { return p.name == name; }),
                 c.params.end());
  if (spec && value != spec->default_value.number) c.params.push_back(ParamValue{name, value});
  std::sort(c.params.begin(), c.params.end(), [](const ParamValue& a, const ParamValue& b) { return a.name < b.name; });
}

bool fits(const ResourceCost& cost) {
  for (int i = 0; i < kBudgetLimitCount; ++i)
    if (!(cost.amount[i] <= kBudgetLimits[i].limit)) return false;
  return true;
}

// Sum of the excess ratios above 1: 0 when it fits; smaller is closer.
double excess(const ResourceCost& cost) {
  double e = 0;
  for (int i = 0; i < kBudgetLimitCount; ++i) e += std::max(0.0, cost.amount[i] / kBudgetLimits[i].limit - 1.0);
  return e;
}

std::string amount_text(double x, std::string_view unit) {
  char buf[48];
  if (unit == "bytes") {
    if (x >= 1073741824.0) std::snprintf(buf, sizeof buf, "%.3g GiB", x / 1073741824.0);
    else std::snprintf(buf, sizeof buf, "%.3g MiB", x / 1048576.0);
  } else {
    std::snprintf(buf, sizeof buf, "%.3g multiply-adds", x);
  }
  return buf;
}

std::string whole(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", x);
  return buf;
}

// The largest value of `key` in [lo, hi] for which `probe` (the config with the later fields at their
// smallest) fits; lo - 1 when none does. Bisection: every cost term grows with every size.
double largest_fitting(Config probe, const std::vector<LearnerSchema>& learners, std::string_view key, double lo,
                       double hi, const DataShape* fixed_shape) {
  auto ok = [&](double v) {
    set_value(probe, learners, key, v);
    const DataShape shape = fixed_shape ? *fixed_shape : generated_shape(probe);
    return fits(estimate_resources(probe, shape, learners));
  };
  if (!ok(lo)) return lo - 1;
  while (hi - lo > 0.5) {
    const double mid = std::floor((lo + hi + 1) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

struct Lowering {
  std::string key;
  double from = 0, to = 0;
};

// The fit of budget.h: the lowered fields in order (empty when the config fits or nothing helps).
std::vector<Lowering> plan_fit(const Config& config, const std::vector<LearnerSchema>& learners,
                               const DataShape* fixed_shape) {
  std::vector<Lowering> out;
  Config current = config;
  auto cost_of = [&](const Config& c) {
    return estimate_resources(c, fixed_shape ? *fixed_shape : generated_shape(c), learners);
  };
  if (fits(cost_of(current))) return out;
  const std::vector<std::string> keys = budget_fields(config);
  for (size_t i = 0; i < keys.size(); ++i) {
    if (fits(cost_of(current))) break;
    const Setting* spec = setting_of(current, learners, keys[i]);
    if (spec == nullptr) continue;
    // The later fields at their smallest: the most this field may keep.
    Config probe = current;
    for (size_t j = i + 1; j < keys.size(); ++j)
      if (const Setting* later = setting_of(probe, learners, keys[j]))
        set_value(probe, learners, keys[j], std::min(get_value(probe, learners, keys[j]), smallest_value(keys[j], *later)));
    double from = get_value(current, learners, keys[i]);
    const DataShape probe_shape = fixed_shape ? *fixed_shape : generated_shape(probe);
    if (keys[i] == "l.landmarks" && from == 0) {  // automatic: the count the projection would draw
      const double D = get_value(current, learners, "l.dims");
      from = std::min(probe_shape.train, std::max(2 * D, 1000.0));
    }
    const double lo = smallest_value(keys[i], *spec);
    if (from <= lo) continue;
    // A field whose lowering changes nothing is left alone.
    Config at_lo = probe;
    set_value(at_lo, learners, keys[i], lo);
    Config at_from = probe;
    set_value(at_from, learners, keys[i], from);
    const double e_lo = excess(estimate_resources(at_lo, fixed_shape ? *fixed_shape : generated_shape(at_lo), learners));
    const double e_from =
        excess(estimate_resources(at_from, fixed_shape ? *fixed_shape : generated_shape(at_from), learners));
    if (!(e_lo < e_from)) continue;
    double to = largest_fitting(probe, learners, keys[i], lo, from, fixed_shape);
    if (to < lo) to = lo;  // nothing fits with this field alone: its smallest, and the next field goes on
    if (to >= from) continue;
    set_value(current, learners, keys[i], to);
    out.push_back({keys[i], get_value(config, learners, keys[i]), to});
  }
  return out;
}

}  // namespace

DataShape generated_shape(const Config& c) {
  DataShape s;
  const GeneratedSize size = generated_size(c.generator);  // the generator's row says
  const double n = size.examples, d = size.dims;
  s.examples = n;
  s.train = n - std::floor(c.test_fraction * n);
  s.input_dims = d;
  s.dims = (c.kpca_dims > 0 ? std::min<double>(c.kpca_dims, s.train) : d) + (c.bias ? 1 : 0);
  return s;
}

DataShape csv_shape(const Config& c, double rows, double features) {
  DataShape s;
  s.examples = rows;
  s.train = c.split > 0 ? rows : rows - std::floor(c.test_fraction * rows);
  s.input_dims = features;
  s.dims = (c.kpca_dims > 0 ? std::min<double>(c.kpca_dims, s.train) : features) + (c.bias ? 1 : 0);
  return s;
}

ResourceCost estimate_resources(const Config& c, const DataShape& shape, const std::vector<LearnerSchema>& learners) {
  CostSum s;
  const double N = shape.examples, n = shape.train, test = std::max(0.0, N - n), d = shape.dims;
  // --- the data: generated or read, split, normalized (three float copies), labels and flags ---
  s.add(kMemory, 3 * N * shape.input_dims * kFloatBytes + 32 * N, "the data (generated, split and normalized)");
  if (!c.use_csv && c.generator.kind == Generator::finite)
    s.add(kMemory, static_cast<double>(c.generator.concepts) * shape.input_dims * kFloatBytes, "the generator's concept class");
  if (c.kpca_dims > 0)  // Nyström with D landmarks, in prepare_data: not sliced
    add_projection(s, ProjectionKind::kpca, n, test, shape.input_dims, c.kpca_dims, c.kpca_dims, 0, kUnit);
  // --- the learner ---
  double row_per_example = d + 1;  // a recorded row scores every example (Session::current_row)
  if (c.learner == "rp") {
    const auto kind = static_cast<ProjectionKind>(static_cast<int>(param(c, learners, "projection")));
    const double landmarks = param(c, learners, "landmarks");
    const double updates = param(c, learners, "updates") > 0 ? param(c, learners, "updates") : kDefaultCnoiseUpdates;
    double D = param(c, learners, "dims");
    if (param(c, learners, "cv") != 0) {
      // One CV step fits a projection with the grid's largest D on k-1 folds and trains Cnoise on it.
      const double folds = std::max(2.0, param(c, learners, "cv_folds"));
      const double fit_rows = n - std::floor(n / folds);
      const double Dcv = std::min(param(c, learners, "cv_max_dim"), fit_rows);
      add_projection(s, kind, fit_rows, n - fit_rows, d, Dcv, landmarks, kRpExactKpcaLimit, kStep);
      s.add(kStep, 2 * updates * fit_rows * Dcv, "cross-validation's Cnoise runs (updates x n x D)");
      D = std::max(D, Dcv);
    }
    add_projection(s, kind, n, test, d, D, landmarks, kRpExactKpcaLimit, kPrepare);
    s.add(kStep, 2 * n * std::min(D, n), "one Cnoise update (n x D)");
    row_per_example = std::min(D, n) + 1;
  } else if (c.learner == "uma") {
    const auto front = static_cast<UmaProjection>(static_cast<int>(param(c, learners, "projection")));
    const double q = generator_is_multiclass(c.generator.kind) && !c.use_csv ? c.generator.classes : 2;
    double D = d;
    if (front != UmaProjection::none) {
      D = std::min(param(c, learners, "dims"), n);
      add_projection(s, ProjectionKind::kpca, n, test, d, D, param(c, learners, "landmarks"),
                     front == UmaProjection::kpca ? n : 0, kPrepare);
    }
    s.add(kStep, 2 * n * (D + 1) * q, "one UMA step (a pass over the sample per class)");
    row_per_example = (D + 1) * q;
  } else if (is_halving(c)) {
    const double concepts =
        halving_uses_generator_class(c, learners) ? c.generator.concepts : param(c, learners, "concepts");
    s.add(kMemory, concepts * (d * kFloatBytes + 1), "Halving's concept class (|C| x d)");
    s.add(kStep, concepts * d, "one Halving step (every concept scores the example)");
    row_per_example = concepts * d;
  } else {
    s.add(kStep, n * (d + 1), "one pass over the sample");
  }
  s.add(kStep, N * row_per_example, is_halving(c) ? "one recorded row (Halving scores every concept on every example)"
                                                  : "one recorded row (every example scored)");
  return s.cost;
}

std::string budget_excess(const ResourceCost& cost) {
  for (int i = 0; i < kBudgetLimitCount; ++i) {
    const BudgetLimit& b = kBudgetLimits[i];
    if (cost.amount[i] <= b.limit) continue;
    return std::string(b.key) + " " + amount_text(cost.amount[i], b.unit) + " > " + amount_text(b.limit, b.unit) +
           (cost.part[i].empty() ? std::string() : ": " + std::string(cost.part[i]));
  }
  return "";
}

std::vector<std::string> budget_fields(const Config& c) {
  std::vector<std::string> keys;
  if (!c.use_csv) {
    if (generator_reads(c.generator.kind, GeneratorParam::n)) keys.emplace_back("n");
    if (generator_reads(c.generator.kind, GeneratorParam::dims)) keys.emplace_back("d");
  }
  if (c.kpca_dims > 0) keys.emplace_back("kpca");
  if (c.learner == "rp") {
    keys.insert(keys.end(), {"l.cv_max_dim", "l.dims", "l.landmarks"});
  } else if (c.learner == "uma") {
    keys.insert(keys.end(), {"l.dims", "l.landmarks"});
  } else if (is_halving(c)) {
    // The generator's |C| when Halving follows it (its l.concepts is then unused), else l.concepts.
    if (!c.use_csv && generator_row(c.generator.kind).concepts != GeneratedConcepts::none) keys.emplace_back("concepts");
    keys.emplace_back("l.concepts");
  }
  return keys;
}

void fit_to_budget(Config& config, const std::vector<LearnerSchema>& learners, std::vector<std::string>& warnings) {
  if (config.use_csv || learners.empty()) return;
  const std::string before = budget_excess(estimate_resources(config, generated_shape(config), learners));
  for (const Lowering& l : plan_fit(config, learners, nullptr)) {
    set_value(config, learners, l.key, l.to);
    warnings.push_back("field '" + l.key + "': " + whole(l.from) + " is over the resource budget (" + before +
                       "); using " + whole(l.to) + ", the largest value that fits (docs/url.md, Resource budget)");
  }
  const std::string after = budget_excess(estimate_resources(config, generated_shape(config), learners));
  if (!after.empty())
    warnings.push_back("the configuration is over the resource budget (" + after +
                       ") and no size field brings it within; it will be refused");
}

std::string over_budget_message(const Config& config, const DataShape& shape,
                                const std::vector<LearnerSchema>& learners) {
  const std::string problem = budget_excess(estimate_resources(config, shape, learners));
  if (problem.empty()) return "";
  std::string msg = "the configuration is over the resource budget: " + problem + " (docs/url.md, Resource budget)";
  const std::vector<Lowering> plan = plan_fit(config, learners, &shape);
  Config fitted = config;
  for (const Lowering& l : plan) set_value(fitted, learners, l.key, l.to);
  if (!plan.empty() && fits(estimate_resources(fitted, shape, learners))) {
    msg += "; it fits with";
    for (size_t i = 0; i < plan.size(); ++i)
      msg += (i ? ", " : " ") + std::string("field '") + plan[i].key + "' = " + whole(plan[i].to);
  } else {
    msg += "; use fewer examples or features";
  }
  return msg;
}

std::string render_budget_reference() {
  std::string md = "## Resource budget\n\n";
  md += "Every configuration's cost is estimated from the sizes in its link before anything is allocated "
        "(core/config/budget.h), with the same limits in the native build and in the page (whose wasm heap "
        "is capped at 4 GB):\n\n";
  md += "| limit | at most | what is counted |\n|---|---|---|\n";
  for (const BudgetLimit& b : kBudgetLimits)
    md += "| " + std::string(b.key) + " | " + amount_text(b.limit, b.unit) + " | " + std::string(b.meaning) + " |\n";
  md += "\nThe cost model counts the dominant terms, with N examples (n for training), d features, D projection "
        "directions, m Nyström landmarks (0 = min(n, max(2D, 1000))) and |C| concepts: the data 12 N d bytes; "
        "exact kernel PCA 24 n^2 bytes, n^2 (d + D) work and a 9 n^3 eigendecomposition; Nyström 24 m^2 bytes, "
        "n m (d + m + D) work and two 9 m^3 eigendecompositions; kernel Gram-Schmidt 8 n D bytes and n D (d + D) "
        "work; random span n D (d + D) work and a D^3/3 factorization; the pipeline's `kpca` features are a "
        "Nyström fit with m = D that is not sliced; an RP cross-validation step fits on k-1 folds with D = "
        "`l.cv_max_dim` and runs 2 x `l.updates` x n x D of Cnoise inside one step; Halving keeps |C| x d "
        "floats and a recorded row scores every concept on every example (|C| N d); every recorded row scores "
        "the N examples.\n\n";
  md += "A generated link above a limit is **capped**: the fields that drive the cost are lowered in this order, "
        "each to the largest value that fits when the fields after it are at their smallest, with a warning "
        "naming the field and the value used — `n`, `d`, `kpca`, then the learner's: `rp` `l.cv_max_dim`, "
        "`l.dims`, `l.landmarks`; `uma` `l.dims`, `l.landmarks`; `halving` and `randomized_halving` `concepts` "
        "(when the class follows the generator) or `l.concepts`. A CSV's size is known only once it is loaded: "
        "an over-budget configuration on a CSV is refused (`session.over_budget`), naming the field value that "
        "would fit.\n\n";
  return md;
}

}  // namespace ml
