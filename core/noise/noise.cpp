// marginlab — noise models: the built-in rows (noise_registry.h), URL spellings, parameter validation,
// dispatch through the rows and the achieved-noise report (docs/algorithms.md §6). The models themselves live in
// label_noise.cpp and adversaries.cpp.
#include "core/noise/noise.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "core/noise/noise_models.h"
#include "core/noise/noise_registry.h"
#include "core/settings/setting.h"

namespace ml {

std::string noise_detail::number_text(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.10g", x);
  return buf;
}

namespace {

using noise_detail::number_text;

Status check_rate(double rate) {
  // Written so that NaN fails too.
  if (!(rate >= 0.0 && rate < 0.5)) {
    return make_error("noise.bad_rate", "field 'eta': " + number_text(rate) + " is out of [0, 0.5)");
  }
  return Status::Ok();
}

Status check_binary(const Dataset& data, std::string_view what) {
  if (data.num_classes() != 2) {
    return make_error("noise.needs_binary", "field 'noise': " + std::string(what) +
                                                " needs a binary problem (2 classes); the data has " +
                                                std::to_string(data.num_classes()) + " classes");
  }
  return Status::Ok();
}

// The adversaries need a direction in feature space; this catches what adversary_direction would refuse.
Status check_geometry(const Dataset& data) {
  if (data.cols() < 1) {
    return make_error("noise.no_features", "field 'noise': the adversary needs at least one feature");
  }
  if (data.target.size() != 0 && data.target.size() != data.cols()) {
    return make_error("noise.target_dimension",
                      "field 'noise': the data's target has " + std::to_string(data.target.size()) +
                          " coordinates but the data has " + std::to_string(data.cols()) + " features");
  }
  return Status::Ok();
}

// Euclidean norm summed in coordinate order (no Eigen reduction: same bits on every platform).
double plain_norm(const Eigen::VectorXd& v) {
  double s = 0.0;
  for (Eigen::Index j = 0; j < v.size(); ++j) s += v[j] * v[j];
  return std::sqrt(s);
}

// Puts `data` in the clean state every model starts from.
void prepare_clean(Dataset& data) {
  const size_t n = static_cast<size_t>(data.rows());
  if (data.true_label.size() != n) data.true_label = data.label;
  assert(data.true_label.size() == n);
  data.label = data.true_label;
  data.corruption.assign(n, Corruption::none);
}

}  // namespace

std::string_view noise_model_name(NoiseModel m) { return noise_row(m).id; }

int rounded_count(double eta, int n) {
  assert(n >= 0);
  const double k = std::floor(eta * static_cast<double>(n) + 0.5);
  if (!(k > 0.0)) return 0;
  return k >= static_cast<double>(n) ? n : static_cast<int>(k);
}

namespace {

// ---------------------------------------------------------------------------------------------------
// Each built-in row's functions, in row order.

Status too_few_classes(const Dataset& data, std::string_view what) {
  return make_error("noise.too_few_classes", "field 'noise': " + std::string(what) +
                                                 " needs at least 2 classes; "
                                                 "the data has " +
                                                 std::to_string(data.num_classes()));
}

// Label noise by the row's matrix (uniform, confusion, family): the matrix of a validated spec exists.
void apply_matrix_noise(const NoiseSpec& spec, const NoiseInput& in, Dataset& data) {
  noise_detail::apply_label_noise(*noise_row(spec.model).matrix(spec, data.num_classes()), spec.sampling, data,
                                  in.noise_rng);
}

bool always(const NoiseSpec&) { return true; }

Result<Eigen::MatrixXd> identity_matrix(const NoiseSpec&, int q) {
  return Eigen::MatrixXd(Eigen::MatrixXd::Identity(q, q));
}

Status validate_uniform(const NoiseSpec& spec, const Dataset& data) {
  if (Status s = check_rate(spec.rate); !s) return s;
  return data.num_classes() < 2 ? too_few_classes(data, "uniform noise") : Status::Ok();
}

// Uniform noise's matrix; also mixed noise's classification part, which carries weight 1 - theta
// (000 Remark 3): the malicious part has no matrix.
Result<Eigen::MatrixXd> uniform_matrix(const NoiseSpec& spec, int q) { return uniform_confusion(q, spec.rate); }

Status validate_confusion_list(const NoiseSpec& spec, const Dataset& data) {
  Result<Eigen::MatrixXd> c = confusion_from_list(spec.confusion, data.num_classes());
  if (!c) return c.status();
  if (Status s = validate_confusion(*c); !s) {
    Error e = s.error();
    e.message = "field 'cm': " + e.message;
    return e;
  }
  return Status::Ok();
}

Result<Eigen::MatrixXd> listed_matrix(const NoiseSpec& spec, int q) {
  Result<Eigen::MatrixXd> m = confusion_from_list(spec.confusion, q);
  if (!m.ok())
    return make_error("noise.bad_confusion", "field 'cm' does not give a " + std::to_string(q) + "x" +
                                                 std::to_string(q) + " matrix: " + m.error().message);
  return m;
}

Status validate_malicious(const NoiseSpec& spec, const Dataset& data) {
  if (Status s = check_rate(spec.rate); !s) return s;
  if (Status s = check_binary(data, "malicious noise"); !s) return s;
  return check_geometry(data);
}

void apply_malicious_row(const NoiseSpec& spec, const NoiseInput& in, Dataset& data) {
  noise_detail::apply_malicious(spec, spec.rate, in.noise_rng, in.direction, !in.proxy, data, in.seed);
}

Status validate_adversarial(const NoiseSpec& spec, const Dataset& data) {
  if (Status s = check_rate(spec.rate); !s) return s;
  if (Status s = check_binary(data, "adversarial label noise"); !s) return s;
  return check_geometry(data);
}

void apply_adversarial_row(const NoiseSpec& spec, const NoiseInput& in, Dataset& data) {
  noise_detail::apply_adversarial_labels(spec, in.direction, data, in.seed);
}

Status validate_outliers(const NoiseSpec& spec, const Dataset& data) {
  if (spec.outliers < 0 || spec.outliers > data.rows()) {
    return make_error("noise.bad_k", "field 'k': " + std::to_string(spec.outliers) +
                                         " outliers requested but the training set has " + std::to_string(data.rows()) +
                                         " examples (k must be in [0, n])");
  }
  if (spec.outlier_mode == OutlierMode::move) {
    if (Status s = check_binary(data, "outlier noise 'move'"); !s) return s;
    return check_geometry(data);
  }
  return data.num_classes() < 2 ? too_few_classes(data, "outlier relabelling") : Status::Ok();
}

bool outliers_move(const NoiseSpec& spec) { return spec.outlier_mode == OutlierMode::move; }

void apply_outliers_row(const NoiseSpec& spec, const NoiseInput& in, Dataset& data) {
  noise_detail::apply_outliers(spec, in.direction, data, in.seed);
}

Status validate_family(const NoiseSpec& spec, const Dataset& data) {
  if (spec.family < 0) {
    return make_error("noise.bad_family", "field 'fam': the family index " + std::to_string(spec.family) +
                                              " is negative (C_0 = I, C_10 = M, 004 §4.1)");
  }
  return data.num_classes() < 2 ? too_few_classes(data, "family noise") : Status::Ok();
}

Eigen::MatrixXd family_base(const NoiseSpec& spec, int q) { return family_base_matrix(q, spec.family_seed); }

Result<Eigen::MatrixXd> family_matrix(const NoiseSpec& spec, int q) {
  return confusion_family(family_base(spec, q), spec.family);
}

Status validate_mixed(const NoiseSpec& spec, const Dataset& data) {
  if (Status s = check_rate(spec.rate); !s) return s;
  if (!(spec.malicious_rate >= 0.0 && spec.malicious_rate < 1.0)) {
    return make_error("noise.bad_theta", "field 'theta': the malicious part " +
                                             noise_detail::number_text(spec.malicious_rate) +
                                             " is outside [0, 1) (000 Def. 5)");
  }
  if (Status s = check_binary(data, "mixed noise"); !s) return s;
  return check_geometry(data);
}

// U^theta(U^eta(D)) (000 Def. 5): the flips first, then the replacements, from independent streams.
void apply_mixed(const NoiseSpec& spec, const NoiseInput& in, Dataset& data) {
  noise_detail::apply_label_noise(uniform_confusion(data.num_classes(), spec.rate), spec.sampling, data, in.noise_rng);
  Rng chooser(in.seed, Stream::malicious_part);
  noise_detail::apply_malicious(spec, spec.malicious_rate, chooser, in.direction, !in.proxy, data, in.seed);
}

// 000 Thm 4 promises nothing when theta >= theta_max(gamma, eta) on data of margin gamma.
std::string mixed_margin_notice(const NoiseSpec& spec, double margin) {
  if (!(margin > 0.0)) return {};
  const double theta_max = mixed_noise_theta_max(margin, spec.rate);
  if (spec.malicious_rate < theta_max) return {};
  char text[320];
  std::snprintf(text, sizeof text,
                "mixed noise: theta = %.4g is not below 000 Thm 4's theta_max = gamma (1 - 2 eta) / 8 = %.4g for this "
                "data's margin gamma = %.4g and eta = %.4g: the theorem promises no learning here",
                spec.malicious_rate, theta_max, margin, spec.rate);
  return text;
}

}  // namespace

std::deque<NoiseRow> builtin_noise_rows() {
  using P = NoiseParam;
  std::deque<NoiseRow> rows;
  rows.push_back({.id = "none",
                  .name = "None",
                  .description = "The training labels stay the true ones",
                  .citation = "",
                  .reads = 0,
                  .matrix = identity_matrix,
                  .matrix_caption = "no noise"});
  rows.push_back(
      {.id = "uniform",
       .name = "Uniform classification noise",
       .description = "Each label flips with probability eta (on Q > 2 classes to one of the others, uniformly)",
       .citation = "000 Def. 2",
       .reads = noise_params({P::rate, P::sampling}),
       .validate = validate_uniform,
       .apply = apply_matrix_noise,
       .matrix = uniform_matrix,
       .matrix_caption = "uniform"});
  rows.push_back({.id = "confusion",
                  .name = "Confusion-matrix noise",
                  .description = "Class q becomes p with probability C_pq of the given matrix (columns sum to 1)",
                  .citation = "004 eq. 4",
                  .reads = noise_params({P::sampling, P::confusion}),
                  .validate = validate_confusion_list,
                  .apply = apply_matrix_noise,
                  .matrix = listed_matrix});
  rows.push_back(
      {.id = "malicious",
       .name = "Malicious noise",
       .description =
           "Each example replaced with probability eta by the adversary's point and label (pull, boundary or random)",
       .citation = "003 (Valiant)",
       .reads = noise_params({P::rate, P::sampling, P::adversary}),
       .validate = validate_malicious,
       .needs_direction = always,
       .apply = apply_malicious_row});
  rows.push_back({.id = "adversarial",
                  .name = "Adversarial label noise",
                  .description = "The eta-fraction the strategy picks is mislabelled; the points stay",
                  .citation = "003 Thm 3",
                  .reads = noise_params({P::rate, P::strategy}),
                  .validate = validate_adversarial,
                  .needs_direction = always,
                  .apply = apply_adversarial_row});
  rows.push_back(
      {.id = "outliers",
       .name = "Outlier noise",
       .description = "Exactly k examples relabelled (flip) or moved 3R past the boundary on the wrong side (move)",
       .citation = "002 §5",
       .reads = noise_params({P::outliers, P::outlier_mode}),
       .validate = validate_outliers,
       .needs_direction = outliers_move,
       .apply = apply_outliers_row});
  rows.push_back(
      {.id = "family",
       .name = "Confusion family C_i",
       .description = "Confusion-matrix noise with C_i of the 004 family (index i, base matrix M from its seed)",
       .citation = "004 §4.1",
       .reads = noise_params({P::sampling, P::family, P::family_seed}),
       .validate = validate_family,
       .apply = apply_matrix_noise,
       .matrix = family_matrix,
       .family_base = family_base});
  rows.push_back({.id = "mixed",
                  .name = "Mixed noise",
                  .description = "Uniform classification noise eta, then each example replaced by the malicious "
                                 "adversary with probability theta",
                  .citation = "000 Def. 5, Remark 3",
                  .reads = noise_params({P::rate, P::malicious_rate, P::sampling, P::adversary}),
                  .validate = validate_mixed,
                  .needs_direction = always,
                  .apply = apply_mixed,
                  .matrix = uniform_matrix,
                  .margin_notice = mixed_margin_notice});
  return rows;
}

Status validate_noise_spec(const NoiseSpec& spec, const Dataset& data) {
  const int mi = static_cast<int>(spec.model);
  if (mi < 0 || static_cast<size_t>(mi) >= noise_rows().size())
    return make_error("noise.unknown_model", "field 'noise': unknown model " + std::to_string(mi));
  const NoiseRow& row = noise_row(spec.model);
  return row.validate ? row.validate(spec, data) : Status::Ok();
}

Result<Eigen::VectorXd> adversary_direction(const Dataset& data, bool* is_proxy) {
  if (Status s = check_binary(data, "an adversary"); !s) return s.error();
  if (Status s = check_geometry(data); !s) return s.error();
  const int n = data.rows();
  const int d = data.cols();
  if (data.target.size() == d) {
    Eigen::VectorXd v = data.target.cast<double>();
    const double norm = plain_norm(v);
    if (norm > 0.0) {
      if (is_proxy) *is_proxy = false;
      return Eigen::VectorXd(v / norm);
    }
  }
  // Proxy: difference of the class means (true labels), summed in index order for determinism.
  if (is_proxy) *is_proxy = true;
  const std::vector<int>& truth = data.true_label.size() == static_cast<size_t>(n) ? data.true_label : data.label;
  Eigen::VectorXd sum_pos = Eigen::VectorXd::Zero(d), sum_neg = Eigen::VectorXd::Zero(d);
  int count_pos = 0, count_neg = 0;
  for (int i = 0; i < n; ++i) {
    const bool positive = truth[static_cast<size_t>(i)] == 1;
    Eigen::VectorXd& sum = positive ? sum_pos : sum_neg;
    for (int j = 0; j < d; ++j) sum[j] += static_cast<double>(data.X(i, j));
    (positive ? count_pos : count_neg) += 1;
  }
  Eigen::VectorXd v(d);
  if (count_pos > 0 && count_neg > 0) {
    v = sum_pos / count_pos - sum_neg / count_neg;
  } else {
    // One class only: the averaging direction mean(y x).
    v = (sum_pos - sum_neg) / std::max(1, n);
  }
  const double norm = plain_norm(v);
  if (!(norm > 0.0)) {
    v.setZero();
    v[0] = 1.0;
    return v;
  }
  return Eigen::VectorXd(v / norm);
}

NoiseReport measure_noise(const Dataset& data) {
  NoiseReport report;
  const int n = data.rows();
  const int num_classes = data.num_classes();
  report.per_class_count.assign(static_cast<size_t>(num_classes), 0);
  report.per_class_flipped.assign(static_cast<size_t>(num_classes), 0);
  Eigen::MatrixXd counts = Eigen::MatrixXd::Zero(num_classes, num_classes);
  const bool have_truth = data.true_label.size() == static_cast<size_t>(n);
  for (int i = 0; i < n; ++i) {
    const int observed = data.label[static_cast<size_t>(i)];
    const int truth = have_truth ? data.true_label[static_cast<size_t>(i)] : observed;
    assert(observed >= 0 && observed < num_classes && truth >= 0 && truth < num_classes);
    report.per_class_count[static_cast<size_t>(truth)] += 1;
    if (observed != truth) report.per_class_flipped[static_cast<size_t>(truth)] += 1;
    counts(observed, truth) += 1.0;
  }
  for (int q = 0; q < num_classes; ++q) {
    const int count = report.per_class_count[static_cast<size_t>(q)];
    if (count > 0) counts.col(q) /= static_cast<double>(count);
  }
  report.achieved_confusion = counts;
  report.corrupted = data.corrupted_count();
  report.achieved_rate = n > 0 ? static_cast<double>(report.corrupted) / static_cast<double>(n) : 0.0;
  return report;
}

double mixed_noise_theta_max(double gamma, double eta) { return gamma * (1.0 - 2.0 * eta) / 8.0; }

double mixed_noise_eps_min(double gamma, double eta, double theta) {
  if (!(theta < 0.125)) return std::numeric_limits<double>::infinity();
  return 64.0 * theta / (gamma * (1.0 - eta) * (0.125 - theta));
}

Result<NoiseReport> apply_noise(const NoiseSpec& spec, Dataset& data, uint64_t seed) {
  if (Status s = validate_noise_spec(spec, data); !s) return s.error();
  prepare_clean(data);
  const NoiseRow& row = noise_row(spec.model);
  bool proxy = false;
  Eigen::VectorXd direction;
  if (row.needs_direction && row.needs_direction(spec)) {
    Result<Eigen::VectorXd> v = adversary_direction(data, &proxy);
    if (!v) return v.error();  // unreachable after validation; kept so a refactor cannot crash
    direction = std::move(*v);
  }
  Rng noise_rng(seed, Stream::noise);
  if (row.apply) row.apply(spec, NoiseInput{noise_rng, direction, proxy, seed}, data);
  NoiseReport report = measure_noise(data);
  report.proxy_target = proxy;
  return report;
}

}  // namespace ml
