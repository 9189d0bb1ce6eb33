// marginlab — the resource budget: cost model, fitting a link to it, its documentation (see budget.h).
#include "core/config/budget.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/config/fields.h"
#include "core/config/url.h"
#include "core/data/generator_registry.h"
#include "core/learners/registry.h"

namespace ml {
namespace {

constexpr double kFloatBytes = 4;
// What a configuration over the app's budget but within the batch budget is told.
constexpr std::string_view kBatchOnly =
    "the app refuses it, and the batch budget admits it as it is: `marginlab run` or `marginlab sweep` on the "
    "command line, or Python";

// The problem's sizes as a learner's cost function sees them.
ProblemShape problem_shape(const Config& c, const DataShape& shape) {
  ProblemShape p;
  p.examples = shape.examples;
  p.train = shape.train;
  p.dims = shape.dims;
  p.classes = generator_is_multiclass(c.generator.kind) && !c.use_csv ? c.generator.classes : 2;
  const bool finite_class = generator_row(c.generator.kind).concepts != GeneratedConcepts::none;
  p.generator_concepts = finite_class && !c.use_csv ? c.generator.concepts : 0;
  return p;
}

// The cost the learner's registry row declares (its terms added to `sum`); the online pass for an unknown
// id (validation replaces an unknown learner before any cost is asked).
LearnerCost learner_cost(const Config& c, const DataShape& shape, CostSum& sum) {
  const ProblemShape p = problem_shape(c, shape);
  const LearnerEntry* row = find_learner(c.learner);
  return row != nullptr ? row->cost(p, c.params, sum) : online_pass_cost(p, sum);
}

// A setting the fit may lower: which one, its effective value and its smallest useful value.
struct SizeField {
  SettingRef setting;
  double value = 0, smallest = 0;
};

bool fits(const ResourceCost& cost, BudgetProfile profile) {
  for (int i = 0; i < kBudgetLimitCount; ++i)
    if (!(cost.amount[i] <= limit_of(kBudgetLimits[i], profile))) return false;
  return true;
}

// Sum of the excess ratios above 1: 0 when it fits; smaller is closer.
double excess(const ResourceCost& cost, BudgetProfile profile) {
  double e = 0;
  for (int i = 0; i < kBudgetLimitCount; ++i)
    e += std::max(0.0, cost.amount[i] / limit_of(kBudgetLimits[i], profile) - 1.0);
  return e;
}

std::string amount_text(double x, std::string_view unit) {
  char buf[48];
  if (unit == "bytes") {
    if (x >= 1073741824.0)
      std::snprintf(buf, sizeof buf, "%.3g GiB", x / 1073741824.0);
    else
      std::snprintf(buf, sizeof buf, "%.3g MiB", x / 1048576.0);
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
// `config` with `setting` at `value`: the one place the fit writes a size.
Config with_value(Config config, const SettingRef& setting, double value) {
  setting.set_number(config, value);
  return config;
}

// The number `setting` has in `config` (a parameter's default when it is not given): the one place the fit
// reads a size as the link states it.
double stated_value(const Config& config, const SettingRef& setting) { return setting.number(config); }

double largest_fitting(const Config& probe, const SettingRef& setting, double lo, double hi,
                       const DataShape* fixed_shape, BudgetProfile profile) {
  auto ok = [&](double v) {
    const Config at = with_value(probe, setting, v);
    return fits(estimate_resources(at, fixed_shape ? *fixed_shape : generated_shape(at)), profile);
  };
  if (!ok(lo)) return lo - 1;
  while (hi - lo > 0.5) {
    const double mid = std::floor((lo + hi + 1) / 2);
    if (ok(mid))
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

struct Lowering {
  SettingRef setting;
  double from = 0, to = 0;
};

// The fields the fit may lower for `c` on data of `shape`, in the order of budget_fields: the generator's sizes,
// the pipeline's kernel features, the generator's |C| and the parameters the learner's cost declares.
std::vector<SizeField> size_fields(const Config& c, const DataShape& shape) {
  std::vector<SizeField> out;
  auto config_field = [&](std::string_view key) {
    const SettingRef setting = field_ref(key);
    out.push_back({setting, stated_value(c, setting), setting.setting().min});
  };
  if (!c.use_csv) {
    if (generator_reads(c.generator.kind, GeneratorParam::n)) config_field("n");
    if (generator_reads(c.generator.kind, GeneratorParam::dims)) config_field("d");
  }
  if (c.kpca_dims > 0) config_field("kpca");
  if (c.kpca_dims > 0 && c.kpca_landmarks > 0) config_field("klm");  // after kpca: lowered to >= D, or to 0
  CostSum unused;
  const LearnerCost cost = learner_cost(c, shape, unused);
  if (cost.lower_generator_concepts) config_field("concepts");
  for (const SizeParam& size : cost.sizes)
    if (const std::optional<SettingRef> param = param_ref(c.learner, size.key))
      out.push_back({*param, size.value, std::max(size.smallest, param->setting().min)});
  return out;
}

// The value of `setting` among `fields` (0 when it is not there).
double value_among(const std::vector<SizeField>& fields, const SettingRef& setting) {
  for (const SizeField& f : fields)
    if (f.setting == setting) return f.value;
  return 0;
}

// The fit of budget.h under `profile`: the lowered fields in order (empty when the config fits or nothing helps).
std::vector<Lowering> plan_fit(const Config& config, const DataShape* fixed_shape, BudgetProfile profile) {
  std::vector<Lowering> out;
  Config current = config;
  auto shape_of = [&](const Config& c) { return fixed_shape ? *fixed_shape : generated_shape(c); };
  auto cost_of = [&](const Config& c) { return estimate_resources(c, shape_of(c)); };
  if (fits(cost_of(current), profile)) return out;
  const std::vector<SizeField> fields = size_fields(config, shape_of(config));
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fits(cost_of(current), profile)) break;
    const SettingRef& setting = fields[i].setting;
    // The later fields at their smallest: the most this field may keep.
    Config probe = current;
    for (size_t j = i + 1; j < fields.size(); ++j)
      probe =
          with_value(probe, fields[j].setting, std::min(stated_value(probe, fields[j].setting), fields[j].smallest));
    const double from = value_among(size_fields(current, shape_of(current)), setting);
    const double lo = fields[i].smallest;
    if (from <= lo) continue;
    // A field whose lowering changes nothing is left alone.
    if (!(excess(cost_of(with_value(probe, setting, lo)), profile) <
          excess(cost_of(with_value(probe, setting, from)), profile)))
      continue;
    double to = largest_fitting(probe, setting, lo, from, fixed_shape, profile);
    if (to < lo) to = lo;  // nothing fits with this field alone: its smallest, and the next field goes on
    if (to >= from) continue;
    current = with_value(current, setting, to);
    out.push_back({setting, stated_value(config, setting), to});
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

ResourceCost estimate_resources(const Config& c, const DataShape& shape) {
  CostSum s;
  const double N = shape.examples, n = shape.train, test = std::max(0.0, N - n), d = shape.dims;
  // --- the data: generated or read, split, normalized (three float copies), labels and flags ---
  s.add(Resource::memory, 3 * N * shape.input_dims * kFloatBytes + 32 * N,
        "the data (generated, split and normalized)");
  if (!c.use_csv && generator_row(c.generator.kind).concepts == GeneratedConcepts::sphere)
    s.add(Resource::memory, static_cast<double>(c.generator.concepts) * shape.input_dims * kFloatBytes,
          "the generator's concept class");
  if (c.kpca_dims > 0)  // Nyström with m landmarks (0: D), in prepare_data: not sliced
    add_projection_cost(s, ProjectionKind::kpca, n, test, shape.input_dims, c.kpca_dims,
                        c.kpca_landmarks > 0 ? c.kpca_landmarks : c.kpca_dims, 0, Resource::unit);
  // The learner's own terms, from the cost function of its registry row.
  const LearnerCost learner = learner_cost(c, shape, s);
  const double row_per_example = learner.row_per_example > 0 ? learner.row_per_example : d + 1;
  s.add(Resource::step, N * row_per_example,
        learner.row_part.empty() ? "one recorded row (every example scored)" : learner.row_part);
  return s.cost();
}

std::string budget_excess(const ResourceCost& cost, BudgetProfile profile) {
  for (int i = 0; i < kBudgetLimitCount; ++i) {
    const BudgetLimit& b = kBudgetLimits[i];
    const double limit = limit_of(b, profile);
    if (cost.amount[i] <= limit) continue;
    return std::string(b.key) + " " + amount_text(cost.amount[i], b.unit) + " > " + amount_text(limit, b.unit) +
           (cost.part[i].empty() ? std::string() : ": " + std::string(cost.part[i]));
  }
  return "";
}

std::vector<SettingRef> budget_fields(const Config& c) {
  std::vector<SettingRef> settings;
  for (const SizeField& f : size_fields(c, generated_shape(c))) settings.push_back(f.setting);
  return settings;
}

void fit_to_budget(Config& config, std::vector<std::string>& warnings) {
  if (config.use_csv) return;
  const std::string before = budget_excess(estimate_resources(config, generated_shape(config)));
  for (const Lowering& l : plan_fit(config, nullptr, BudgetProfile::interactive)) {
    config = with_value(config, l.setting, l.to);
    warnings.push_back("field '" + url_key(l.setting) + "': " + whole(l.from) + " is over the resource budget (" +
                       before + "); using " + whole(l.to) +
                       ", the largest value that fits (docs/url.md, Resource budget)");
  }
  const ResourceCost after = estimate_resources(config, generated_shape(config));
  const std::string excess_now = budget_excess(after);
  if (excess_now.empty()) return;
  warnings.push_back("the configuration is over the resource budget (" + excess_now +
                     ") and no size field brings it within; " +
                     (fits(after, BudgetProfile::batch) ? std::string(kBatchOnly) : std::string("it will be refused")));
}

std::string over_budget_message(const Config& config, const DataShape& shape, BudgetProfile profile) {
  const ResourceCost cost = estimate_resources(config, shape);
  const std::string problem = budget_excess(cost, profile);
  if (problem.empty()) return "";
  std::string msg = "the configuration is over the resource budget: " + problem + " (docs/url.md, Resource budget)";
  if (profile == BudgetProfile::interactive && fits(cost, BudgetProfile::batch)) msg += "; " + std::string(kBatchOnly);
  const std::vector<Lowering> plan = plan_fit(config, &shape, profile);
  Config fitted = config;
  for (const Lowering& l : plan) fitted = with_value(fitted, l.setting, l.to);
  if (!plan.empty() && fits(estimate_resources(fitted, shape), profile)) {
    msg += "; it fits with";
    for (size_t i = 0; i < plan.size(); ++i)
      msg += (i ? ", " : " ") + std::string("field '") + url_key(plan[i].setting) + "' = " + whole(plan[i].to);
  } else {
    msg += "; use fewer examples or features";
  }
  return msg;
}

namespace {

// The registry rows' cost notes, in display order, each once ("; "-joined).
std::string learner_cost_notes() {
  std::string out;
  std::string_view last;
  for (const LearnerEntry& row : learner_registry()) {
    if (row.cost_note.empty() || row.cost_note == last) continue;
    out += (out.empty() ? "" : "; ") + std::string(row.cost_note);
    last = row.cost_note;
  }
  return out;
}

// The fields each learner's cost lowers, as its cost function declares them for a problem whose data come
// from a finite class (so a learner that follows the generator's |C| says so); learners in a row with the
// same fields share one entry ("`halving` and `randomized_halving` ...").
std::string learner_size_fields() {
  ProblemShape shape;
  shape.examples = 1000;
  shape.train = 800;
  shape.dims = 10;
  shape.classes = 3;
  shape.generator_concepts = 1024;
  std::vector<std::pair<std::string, std::string>> entries;  // ids, fields
  for (const LearnerEntry& row : learner_registry()) {
    CostSum unused;
    const LearnerCost cost = row.cost(shape, {}, unused);
    std::string fields = cost.lower_generator_concepts ? "`concepts` (the generator's |C|)" : "";
    for (const SizeParam& size : cost.sizes)
      if (const std::optional<SettingRef> param = param_ref(row.schema.id, size.key))
        fields += (fields.empty() ? "`" : ", `") + url_key(*param) + "`";
    if (fields.empty()) continue;
    const std::string id = "`" + row.schema.id + "`";
    if (!entries.empty() && entries.back().second == fields)
      entries.back().first += " and " + id;
    else
      entries.push_back({id, fields});
  }
  std::string out;
  for (const auto& [ids, fields] : entries) out += (out.empty() ? "" : "; ") + ids + " " + fields;
  return out;
}

}  // namespace

std::string render_budget_reference() {
  std::string md = "## Resource budget\n\n";
  md += "Every configuration's cost is estimated from the sizes in its link before anything is allocated "
        "(core/config/budget.h). The limits depend on where the work runs, not on the build (the page's wasm heap "
        "is capped at 4 GB): **the app** (the page and the desktop app), where a frame waits on every "
        "computation that is not sliced, and **batch** (`marginlab run`, `marginlab sweep`, Python), where "
        "nothing is drawn while it runs:\n\n";
  md += "| limit | in the app | batch | what is counted |\n|---|---|---|---|\n";
  for (const BudgetLimit& b : kBudgetLimits)
    md += "| " + std::string(b.key) + " | " + amount_text(b.limit, b.unit) + " | " + amount_text(b.batch, b.unit) +
          " | " + std::string(b.meaning) + " |\n";
  md += "\nThe cost model counts the dominant terms, with N examples (n for training), d features, D projection "
        "directions, m Nyström landmarks (0 = min(n, max(2D, 1000))) and |C| concepts: the data 12 N d bytes; "
        "exact kernel PCA 24 n^2 bytes, n^2 (d + D) work and a 9 n^3 eigendecomposition; Nyström 24 m^2 bytes, "
        "n m (d + m + D) work and two 9 m^3 eigendecompositions; kernel Gram-Schmidt 8 n D bytes and n D (d + D) "
        "work; random span n D (d + D) work and a D^3/3 factorization; the pipeline's `kpca` features are a "
        "Nyström fit with m = `klm` landmarks (0: m = D) that is not sliced; " +
        learner_cost_notes() + "; every recorded row scores the N examples.\n\n";
  md += "A generated link above a limit is **capped**: the fields that drive the cost are lowered in this order, "
        "each to the largest value that fits when the fields after it are at their smallest, with a warning "
        "naming the field and the value used — `n`, `d`, `kpca`, `klm`, then the learner's: " +
        learner_size_fields() +
        ". A generated link is always capped to the app's limits, so it means the same configuration everywhere. "
        "A CSV's size is known only once it is loaded: an over-budget configuration on a CSV is refused "
        "(`session.over_budget`) under the profile where it runs, naming the field value that would fit; a link "
        "the app refuses and the batch profile admits (the paper's kernel features for letter recognition, "
        "docs/uma_real.md) says so and runs as it is from the command line or Python.\n\n";
  return md;
}

}  // namespace ml
