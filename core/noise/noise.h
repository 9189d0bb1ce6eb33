// marginlab — noise models (docs/algorithms.md §6) and confusion-matrix tools (§5.1). Public header of core/noise.
//
// Every model is seeded (Rng(seed, Stream::noise) and, for adversaries, Stream::adversary), records per
// example what it corrupted (Dataset::corruption) and reports the achieved noise. Models: uniform
// classification noise (000 Def. 2), confusion-matrix noise (004 eq. 4), malicious noise (003, Valiant),
// adversarial label noise (003 Thm 3), outlier noise (002 §5). The exact constructions are in docs/noise.md.
// Convention everywhere: C_pq = P(noisy label = p | true class = q); every column sums to 1.
// Mixed noise (000 Def. 5, Remark 3) composes the two: uniform classification noise eta first, then each
// example independently (or exactly round(theta n), with sampling=exact) replaced by the malicious adversary;
// its malicious choice draws from its own stream (Stream::malicious_part), never from the label noise's.
// Warning: 004 §4.1 builds its matrices by normalizing rows; confusion_family transposes them (see there).
// Implementation: noise.cpp (names, validation, dispatch, report), label_noise.cpp (uniform/confusion),
// adversaries.cpp (malicious, adversarial labels, outliers), confusion.cpp (matrix tools).
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/data/dataset.h"
#include "core/util/status.h"

namespace ml {

// Which noise model corrupts the training set: the position of its row in noise_rows() (noise_registry.h),
// built-in or registered. The built-ins' enumerators are private to core/noise (noise_ids.h): other code asks
// the row what it needs and finds a row by its id (parse_noise_model, noise_model_with_id).
enum class NoiseModel : int;
// The first built-in row, "none": the training labels stay the true ones (noise_ids.h asserts it).
inline constexpr NoiseModel kNoNoise{};
// How label noise is sampled.
enum class Sampling : int {
  independent,  // each example flips independently with its probability
  exact,        // count-exact per class: largest-remainder rounding of the expected counts
                // (malicious noise: exactly round(eta n) examples replaced)
};
// The malicious adversary (003, Valiant): what replaces a corrupted example.
enum class MaliciousAdversary : int {
  pull,      // all corrupt points on one direction, labelled to drag the average away from the target
  boundary,  // points near the target's boundary with the wrong label
  random,    // uniformly random points on the sphere of radius R with random labels
};
// Which examples adversarial label noise mislabels (003 Thm 3); the points are unchanged.
enum class LabelAdversary : int {
  nearest,   // the eta-fraction nearest the target's boundary (or the learner-free proxy: smallest |<v,x>|)
  farthest,  // the eta-fraction farthest from the boundary
  region,    // the eta-fraction in one angular region (largest <u,x> for a seeded direction u)
};
// What outlier noise does to its k points (002 §5).
enum class OutlierMode : int { flip, move };

// URL names of each settings enum, in value order (the *_name functions and the settings' choices read them).
inline constexpr std::string_view kSamplingNames[] = {"independent", "exact"};
inline constexpr std::string_view kMaliciousAdversaryNames[] = {"pull", "boundary", "random"};
inline constexpr std::string_view kLabelAdversaryNames[] = {"nearest", "farthest", "region"};
inline constexpr std::string_view kOutlierModeNames[] = {"flip", "move"};
// The names of Sampling as a span (found by argument-dependent lookup: settings/setting.h NamedEnum).
constexpr std::span<const std::string_view> enum_names(Sampling) { return kSamplingNames; }
// The names of MaliciousAdversary.
constexpr std::span<const std::string_view> enum_names(MaliciousAdversary) { return kMaliciousAdversaryNames; }
// The names of LabelAdversary.
constexpr std::span<const std::string_view> enum_names(LabelAdversary) { return kLabelAdversaryNames; }
// The names of OutlierMode.
constexpr std::span<const std::string_view> enum_names(OutlierMode) { return kOutlierModeNames; }

// Parameters of the noise applied to the training set.
struct NoiseSpec {
  NoiseModel model = kNoNoise;                              // which model
  double rate = 0.1;                                        // eta for uniform, malicious, adversarial
  Sampling sampling = Sampling::independent;                // uniform/confusion/malicious: independent or exact
  std::vector<double> confusion;                            // Q*Q, listed row by row: C_00, C_01, ..., C_{Q-1,Q-1}
  MaliciousAdversary adversary = MaliciousAdversary::pull;  // malicious adversary
  LabelAdversary strategy = LabelAdversary::nearest;        // adversarial label strategy
  int outliers = 10;                                        // k for outlier noise
  OutlierMode outlier_mode = OutlierMode::flip;             // outlier noise: relabel or move
  int family = 5;                                           // family noise: the index i of C_i (0 = I, 10 = M)
  uint64_t family_seed = 1;      // family noise: seed of the base matrix M (family_base_matrix)
  double malicious_rate = 0.05;  // mixed noise: theta, the probability an example is replaced

  // Member-by-member equality.
  bool operator==(const NoiseSpec&) const = default;
};

// What the noise achieved.
struct NoiseReport {
  int corrupted = 0;                   // examples whose corruption is not none
  double achieved_rate = 0.0;          // corrupted / n
  std::vector<int> per_class_count;    // true-class counts
  std::vector<int> per_class_flipped;  // per true class, examples whose observed label differs
  Eigen::MatrixXd achieved_confusion;  // empirical C_pq = #(noisy p, true q) / #(true q); 0-column if no q
  bool proxy_target = false;           // adversary used the class-mean proxy because data.target was empty
};

// URL spellings (a noise model's is its row's id).
std::string_view noise_model_name(NoiseModel m);
bool parse_noise_model(std::string_view s, NoiseModel* out);
// The model whose row has this id, for code that names a built-in one (a bench's noise, an example link);
// throws std::bad_optional_access when no row has it.
NoiseModel noise_model_with_id(std::string_view id);
// True when model m changes the training data (its row applies something): every built-in model but "none".
bool noise_corrupts(NoiseModel m);
// A notice for the run when the data's margin (0: unknown) voids the guarantee of the configured model, else
// empty: mixed noise with theta not below 000 Thm 4's theta_max(gamma, eta).
std::string noise_margin_notice(const NoiseSpec& spec, double margin);

// Applies the noise to clean `data` in place (labels, and points for malicious/move), recording corruption.
// It starts from label = true_label, corruption = none (a missing true_label is taken from label), so the
// result depends only on (clean data, spec, seed). data.true_label is kept; for a replaced point
// true_label is the target's label of the new point when data.target is known, else the label it
// replaced; a moved outlier keeps its label and true_label. Uniform noise on Q > 2 classes moves a
// flipped label to one of the other Q-1 classes uniformly. Fails, leaving `data` untouched, on invalid
// parameters (see validate_noise_spec).
Result<NoiseReport> apply_noise(const NoiseSpec& spec, Dataset& data, uint64_t seed);

// Empirical noise report of a dataset as it stands.
NoiseReport measure_noise(const Dataset& data);

// Checks the parameters against the data without touching it (apply_noise runs this first). Errors name
// the field: 'eta' out of [0, 0.5), 'theta' out of [0, 1), 'cm' of the wrong size or not column-stochastic,
// 'k' out of [0, n], and noise.needs_binary for adversaries on multiclass data.
Status validate_noise_spec(const NoiseSpec& spec, const Dataset& data);

// 000 §3.1's theta_max(gamma, eta) = gamma (1 - 2 eta) / 8: the most malicious noise Cnoise-update tolerates
// (000 Thm 4) on data of margin gamma with classification noise eta.
double mixed_noise_theta_max(double gamma, double eta);
// 000 §3.1's eps_min(gamma, eta, theta) = 64 theta / (gamma (1 - eta) (1/8 - theta)): the least error 000 Thm 4
// reaches; infinity when theta >= 1/8.
double mixed_noise_eps_min(double gamma, double eta, double theta);

// Count-exact rounding: the counts total * p_j rounded by largest remainder so that they sum to total;
// ties go to the smaller index j. `probabilities` is nonnegative and is renormalized to sum 1.
std::vector<int> largest_remainder_counts(const Eigen::VectorXd& probabilities, int total);

// round(eta * n), halves rounded up: the number of examples the exact modes corrupt.
int rounded_count(double eta, int n);

// The direction v the adversaries attack, unit length: data.target when known, else the learner-free
// proxy mean(x | class 1) - mean(x | class 0) (sets *is_proxy). Binary data only. Fails when the target's
// size differs from the feature count or the data has no features.
Result<Eigen::VectorXd> adversary_direction(const Dataset& data, bool* is_proxy);

// --- confusion-matrix tools (convention C_pq = P(noisy = p | true = q)) ---

// Validates a Q x Q matrix: entries in [0,1], each column sums to 1 within tol. Error names the column.
Status validate_confusion(const Eigen::MatrixXd& c, double tol = 1e-9);
// Q*Q row-by-row list (the URL form) to a matrix; fails on wrong length.
Result<Eigen::MatrixXd> confusion_from_list(const std::vector<double>& values, int num_classes);
// Matrix to the row-by-row list.
std::vector<double> confusion_to_list(const Eigen::MatrixXd& c);
// Uniform noise eta on Q classes as a matrix: 1-eta on the diagonal, eta/(Q-1) elsewhere.
Eigen::MatrixXd uniform_confusion(int num_classes, double eta);
// The confusion matrix of the configured noise process on Q = num_classes classes, the one matrix UMA's
// "given" C and the app's Confusion panel both show: the identity without noise, uniform_confusion(Q, eta)
// for uniform noise, the configured list for confusion noise, confusion_family(family_base_matrix(Q,
// family_seed), family) for family noise. Errors: "noise.not_a_matrix" for the models
// that are no matrix (malicious, adversarial, outliers), "noise.bad_confusion" for a list that is not Q x Q.
Result<Eigen::MatrixXd> noise_confusion_matrix(const NoiseSpec& spec, int num_classes);
// A random column-stochastic matrix with diagonal at least `min_diagonal`, from Rng(seed, Stream::aux):
// diagonal uniform in [min_diagonal, 1], the rest of each column split by uniform random weights.
Eigen::MatrixXd random_confusion(int num_classes, double min_diagonal, uint64_t seed);
// Normalizes columns to sum 1 (the editor's "normalize" button): negative entries become 0 first (as the
// paper's Omega does); a column with nothing left becomes e_q.
Eigen::MatrixXd normalize_columns(const Eigen::MatrixXd& c);
// The family of 004 §4.1 in our column convention. The paper works with row-stochastic matrices:
// N = (M - I)/10 for the row-normalized M of family_base_matrix, C_i = Omega(I + i N) where Omega zeroes
// negative entries and normalizes rows; i = 10 gives M. We return the transpose of the paper's C_i, so
// the result is column-stochastic (C_i^T here, M^T at i = 10); i = 0 is the identity. i >= 0 (paper: 1..20).
// Noise model `family` (fields fam, famseed) corrupts labels with it.
Eigen::MatrixXd confusion_family(const Eigen::MatrixXd& m_random, int i);
// The paper's random M for the family: uniform [0,1) entries from Rng(seed, Stream::aux), rows
// normalized (row-stochastic, as in 004 §4.1), redrawn until its condition number is below 1e8.
Eigen::MatrixXd family_base_matrix(int num_classes, uint64_t seed);
// 2-norm condition number (ratio of extreme singular values, Eigen::JacobiSVD in double); +inf when the
// smallest singular value is below 1e-300 or an entry is not finite; 1 for an empty matrix.
double condition_number(const Eigen::MatrixXd& c);
// Estimates C from examples whose true labels are known: C_pq = #(noisy p, true q)/#(true q).
// Fails when some class has no example (noise.empty_class, names the class) or a label is out of
// [0, Q) (noise.label_out_of_range, names the example). The two lists must have equal length.
Result<Eigen::MatrixXd> estimate_confusion(const std::vector<int>& noisy, const std::vector<int>& truth,
                                           int num_classes);

}  // namespace ml
