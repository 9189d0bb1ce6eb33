// marginlab — Halving and Randomized Halving (notes 001 §3-§4). See halving.h for the rules, the
// concept classes and the bitset/blocked-scoring layout.
#include "core/learners/halving.h"

#include <Eigen/Core>
#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <limits>
#include <string>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "core/data/generators.h"
#include "core/settings/limits.h"
#include "core/util/detmath.h"

namespace ml {

namespace {

constexpr int kWordBits = 64;
constexpr int64_t kCompactMin = 64;  // below this many members the words are few anyway
using WordArray = Eigen::Array<float, kWordBits, 1>;

// log₂ n for n ≥ 1, exact when n is a power of two (so a bound like log₂ 1024 is exactly 10).
double log2_count(double n) {
  assert(n >= 1);
  int exponent = 0;
  const double mantissa = std::frexp(n, &exponent);  // n = mantissa·2^exponent, mantissa in [0.5, 1)
  if (mantissa == 0.5) return exponent - 1;
  return (exponent - 1) + det::log(2.0 * mantissa) / det::log(2.0);
}

// A concept's label from its score: halfspaces through the origin label ⟨c, x⟩ ≥ 0 as +1.
inline bool says_positive(float score) { return score >= 0.0f; }

// Bit k set when s[k] ≥ 0 (says_positive), for 64 scores at a 16-byte aligned address. With SSE (the
// native build, and wasm SIMD through emscripten's SSE translation) four compares and one movemask per
// 4 lanes instead of 64 scalar compares; the comparison is exact, so both paths give the same bits.
inline uint64_t positive_bits(const float* s) {
  uint64_t mask = 0;
#if defined(__SSE__)
  const __m128 zero = _mm_setzero_ps();
  for (int k = 0; k < kWordBits; k += 4) {
    const int m = _mm_movemask_ps(_mm_cmpge_ps(_mm_load_ps(s + k), zero));
    mask |= static_cast<uint64_t>(static_cast<unsigned>(m)) << k;
  }
#else
  for (int k = 0; k < kWordBits; ++k) mask |= static_cast<uint64_t>(says_positive(s[k])) << k;
#endif
  return mask;
}

// The smallest float θ' ≥ θ: for a float x₁, x₁ ≥ θ exactly when x₁ ≥ θ', and x₁·1 + 1·(-θ') rounds to a
// value of the same sign as x₁ - θ', so the float score decides the generator's rule u ≥ θ exactly.
float threshold_as_float(double theta) {
  float t = static_cast<float>(theta);
  if (static_cast<double>(t) < theta) t = std::nextafter(t, std::numeric_limits<float>::infinity());
  return t;
}

Error class_error(std::string code, std::string message) { return make_error(std::move(code), std::move(message)); }

}  // namespace

double harmonic_number(int64_t n) {
  double sum = 0.0;
  for (int64_t k = n; k >= 1; --k) sum += 1.0 / static_cast<double>(k);
  return sum;
}

// ---------------------------------------------------------------------------------------------------
// Building the class.

Status FiniteClassLearner::reset(const Problem& problem, const HalvingParams& params) {
  assert(problem.train != nullptr);
  const Dataset& train = *problem.train;
  const int d = train.cols();
  const ConceptSource& source = problem.concepts;

  FiniteClassKind kind = params.concept_class;
  int count = params.concepts;
  if (kind == FiniteClassKind::automatic) {
    if (source.kind == GeneratedClass::sphere) {
      kind = FiniteClassKind::sphere;
      count = source.count;
    } else if (source.kind == GeneratedClass::thresholds) {
      kind = FiniteClassKind::thresholds;
      count = source.count;
    } else {
      kind = FiniteClassKind::sphere;
    }
  }
  if (count < 1)
    return class_error("learner.halving_concepts", "field 'l.concepts': the class needs at least one concept");
  if (d < 1) return class_error("learner.halving_dims", "the training data have no feature column");
  if (static_cast<int64_t>(count) * d > kMaxCells) {
    return class_error("learner.halving_too_large", "field 'l.concepts': " + std::to_string(count) + " concepts x " +
                                                        std::to_string(d) + " dimensions exceeds the cap of " +
                                                        std::to_string(kMaxCells) + " stored numbers");
  }

  FeatureMatrix concepts = FeatureMatrix::Zero(count, d);
  if (kind == FiniteClassKind::sphere) {
    // With `finite` data the class lives in the generator's space (the bias coordinate, if appended,
    // gets weight 0) so that it is the generator's class; otherwise it spans every data column.
    const int space = source.sphere_dims > 0 && source.sphere_dims <= d ? source.sphere_dims : d;
    concepts.leftCols(space) = finite_class_directions(count, space, problem.seed);
  } else {
    // Thresholds on x₁: (1, …, -θ) with -θ on the constant coordinate.
    const int constant = source.constant_column < d ? source.constant_column : -1;
    if (constant < 0) {
      return class_error("learner.halving_no_constant",
                         "field 'l.class': the thresholds class needs a constant coordinate: use generator "
                         "'thresholds' or turn on the bias coordinate");
    }
    const std::vector<double> grid = threshold_grid(count);
    for (int i = 0; i < count; ++i) {
      concepts(i, 0) = 1.0f;
      concepts(i, constant) = -threshold_as_float(grid[static_cast<size_t>(i)]);
    }
  }
  return reset_with_concepts(problem, concepts);
}

Status FiniteClassLearner::reset_with_concepts(const Problem& problem, const FeatureRef& concepts) {
  assert(problem.train != nullptr);
  const Dataset& train = *problem.train;
  if (train.num_classes() != 2) {
    return class_error("learner.not_binary", "Halving is a binary learner; the data have " +
                                                 std::to_string(train.num_classes()) + " classes");
  }
  assert(concepts.cols() == train.cols());
  assert(concepts.rows() >= 1);
  problem_ = problem;
  dims_ = static_cast<int>(concepts.cols());
  concept_count_ = static_cast<int>(concepts.rows());
  ids_.resize(static_cast<size_t>(concept_count_));
  for (int i = 0; i < concept_count_; ++i) ids_[static_cast<size_t>(i)] = i;
  store(concept_count_);
  for (int i = 0; i < concept_count_; ++i) {
    for (int j = 0; j < dims_; ++j) coords_[slot_index(i, j)] = concepts(i, j);
  }
  active_count_ = concept_count_;
  emptied_ = false;
  next_example_ = 0;
  on_reset();
  return Status::Ok();
}

void FiniteClassLearner::store(int slots) {
  const int words = (slots + kWordBits - 1) / kWordBits;
  padded_ = words * kWordBits;
  coords_.assign(static_cast<size_t>(padded_) * static_cast<size_t>(dims_), 0.0f);
  active_.assign(static_cast<size_t>(words), ~uint64_t{0});
  const int tail = slots % kWordBits;
  if (tail != 0) active_.back() = (uint64_t{1} << tail) - 1;
  scratch_.assign(static_cast<size_t>(words), 0);
}

void FiniteClassLearner::compact() {
  // In place: the member in old slot s moves to new slot k ≤ s and rows shrink to the new stride, so
  // every write lands at or before the next value still to be read (front-to-back order is safe).
  std::vector<int> members;
  members.reserve(static_cast<size_t>(active_count_));
  for (size_t w = 0; w < active_.size(); ++w) {
    for (uint64_t bits = active_[w]; bits != 0; bits &= bits - 1)
      members.push_back(static_cast<int>(w) * kWordBits + std::countr_zero(bits));
  }
  const int count = static_cast<int>(members.size());
  const int words = (count + kWordBits - 1) / kWordBits;
  const size_t old_padded = static_cast<size_t>(padded_);
  const size_t new_padded = static_cast<size_t>(words) * kWordBits;
  for (int j = 0; j < dims_; ++j) {
    float* row_old = coords_.data() + static_cast<size_t>(j) * old_padded;
    float* row_new = coords_.data() + static_cast<size_t>(j) * new_padded;
    for (int k = 0; k < count; ++k) row_new[k] = row_old[members[static_cast<size_t>(k)]];
    for (size_t k = static_cast<size_t>(count); k < new_padded; ++k) row_new[k] = 0.0f;
  }
  for (int k = 0; k < count; ++k)
    ids_[static_cast<size_t>(k)] = ids_[static_cast<size_t>(members[static_cast<size_t>(k)])];
  ids_.resize(static_cast<size_t>(count));
  padded_ = static_cast<int>(new_padded);
  coords_.resize(new_padded * static_cast<size_t>(dims_));
  active_.assign(static_cast<size_t>(words), ~uint64_t{0});
  if (count % kWordBits != 0) active_.back() = (uint64_t{1} << (count % kWordBits)) - 1;
  scratch_.assign(static_cast<size_t>(words), 0);
}

int FiniteClassLearner::slot_of(int i) const {
  const auto it = std::lower_bound(ids_.begin(), ids_.end(), i);
  if (it == ids_.end() || *it != i) return -1;
  return static_cast<int>(it - ids_.begin());
}

// ---------------------------------------------------------------------------------------------------
// Scoring and the version space.

void FiniteClassLearner::word_scores(int word, const float* x, float* s) const {
  const float* base = coords_.data() + static_cast<size_t>(word) * kWordBits;
  Eigen::Map<WordArray> out(s);
  out = Eigen::Map<const WordArray>(base) * x[0];
  for (int j = 1; j < dims_; ++j) {
    out += Eigen::Map<const WordArray>(base + static_cast<size_t>(j) * static_cast<size_t>(padded_)) * x[j];
  }
}

int64_t FiniteClassLearner::positive_mask(const float* x, std::vector<uint64_t>* positive) const {
  alignas(16) float s[kWordBits];
  int64_t count = 0;
  for (size_t w = 0; w < active_.size(); ++w) {
    const uint64_t members = active_[w];
    uint64_t mask = 0;
    if (members != 0) {
      word_scores(static_cast<int>(w), x, s);
      mask = positive_bits(s) & members;
      count += std::popcount(mask);
    }
    if (positive != nullptr) (*positive)[w] = mask;
  }
  return count;
}

std::vector<int64_t> FiniteClassLearner::positive_counts(const FeatureRef& X) const {
  assert(X.cols() == dims_);
  alignas(16) float s[kWordBits];
  std::vector<int64_t> counts(static_cast<size_t>(X.rows()), 0);
  for (size_t w = 0; w < active_.size(); ++w) {
    const uint64_t members = active_[w];
    if (members == 0) continue;
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
      word_scores(static_cast<int>(w), X.row(i).data(), s);
      counts[static_cast<size_t>(i)] += std::popcount(positive_bits(s) & members);
    }
  }
  return counts;
}

bool FiniteClassLearner::in_version_space(int i) const {
  assert(i >= 0 && i < concept_count_);
  const int slot = slot_of(i);
  return slot >= 0 && ((active_[static_cast<size_t>(slot / kWordBits)] >> (slot % kWordBits)) & 1U);
}

int FiniteClassLearner::concept_label(int i, const float* x) const {
  const int slot = slot_of(i);
  assert(slot >= 0);
  // The same operations in the same order as word_scores, one lane.
  float s = coords_[slot_index(slot, 0)] * x[0];
  for (int j = 1; j < dims_; ++j) s += coords_[slot_index(slot, j)] * x[j];
  return says_positive(s) ? 1 : -1;
}

int FiniteClassLearner::nth_member(uint64_t r) const {
  assert(r < static_cast<uint64_t>(active_count_));
  for (size_t w = 0; w < active_.size(); ++w) {
    uint64_t bits = active_[w];
    const auto c = static_cast<uint64_t>(std::popcount(bits));
    if (r >= c) {
      r -= c;
      continue;
    }
    for (uint64_t k = 0; k < r; ++k) bits &= bits - 1;  // drop the r lowest members
    return ids_[static_cast<size_t>(static_cast<int>(w) * kWordBits + std::countr_zero(bits))];
  }
  assert(false);
  return -1;
}

Vector FiniteClassLearner::concept_direction(int i) const {
  const int slot = slot_of(i);
  assert(slot >= 0);
  Vector v(dims_);
  for (int j = 0; j < dims_; ++j) v[j] = coords_[slot_index(slot, j)];
  return v;
}

StepResult FiniteClassLearner::step() {
  assert(!done());
  const Dataset& train = *problem_.train;
  const int i = next_example_++;
  const float* x = train.X.row(i).data();
  const int64_t positives = positive_mask(x, &scratch_);
  const int predicted = predict_step(scratch_, positives);
  const int y = train.sign(i);

  StepResult result;
  result.example = i;
  result.mistake = predicted != y;
  if (!emptied_) {
    const int64_t kept = y > 0 ? positives : active_count_ - positives;
    if (kept == 0) {
      emptied_ = true;  // keep the last non-empty K for prediction; it stays frozen from now on
    } else if (kept < active_count_) {
      for (size_t w = 0; w < active_.size(); ++w) active_[w] &= y > 0 ? scratch_[w] : ~scratch_[w];
      active_count_ = kept;
      result.updated = true;
      // Drop removed concepts from storage once they are the majority of it, so that a step costs
      // O(|K| d) even when K is scattered over every word; amortized O(|C| d) over a run.
      if (active_count_ >= kCompactMin && 2 * active_count_ < static_cast<int64_t>(ids_.size())) compact();
    }
  }
  after_update();
  return result;
}

bool FiniteClassLearner::done() const { return next_example_ >= problem_.train->rows(); }

int FiniteClassLearner::next_example() const { return done() ? -1 : next_example_; }

std::vector<Counter> FiniteClassLearner::counters() const {
  return {
      {"version_space", static_cast<double>(active_count_)},
      {"log2_version_space", log2_count(static_cast<double>(active_count_))},
      {"version_space_empty", emptied_ ? 1.0 : 0.0},
      {"concepts", static_cast<double>(concept_count_)},
  };
}

// ---------------------------------------------------------------------------------------------------
// Halving.

int HalvingLearner::predict_step(const std::vector<uint64_t>& /*positive*/, int64_t positive_count) {
  return 2 * positive_count >= version_space_size() ? 1 : -1;  // ties → +1
}

void HalvingLearner::scores(const float* x, float* out) const {
  const double positive = static_cast<double>(positive_mask(x, nullptr));
  const double size = static_cast<double>(version_space_size());
  out[1] = static_cast<float>(positive / size);
  out[0] = static_cast<float>((size - positive) / size);
}

int HalvingLearner::predict(const float* x) const {
  return 2 * positive_mask(x, nullptr) >= version_space_size() ? 1 : 0;
}

void HalvingLearner::predict_batch(const FeatureRef& X, std::vector<int>* out) const {
  const std::vector<int64_t> positive = positive_counts(X);
  out->resize(positive.size());
  for (size_t i = 0; i < positive.size(); ++i) (*out)[i] = 2 * positive[i] >= version_space_size() ? 1 : 0;
}

double HalvingLearner::bound() const { return log2_count(static_cast<double>(concept_count())); }

// ---------------------------------------------------------------------------------------------------
// Randomized Halving.

void RandomizedHalvingLearner::on_reset() {
  rng_ = Rng(problem().seed, Stream::learner);
  draw();
}

void RandomizedHalvingLearner::after_update() { draw(); }

void RandomizedHalvingLearner::draw() {
  current_ = nth_member(rng_.below64(static_cast<uint64_t>(version_space_size())));
  current_slot_ = slot_of(current_);
  current_direction_ = concept_direction(current_);
}

int RandomizedHalvingLearner::predict_step(const std::vector<uint64_t>& positive, int64_t /*positive_count*/) {
  return (positive[static_cast<size_t>(current_slot_ / 64)] >> (current_slot_ % 64)) & 1U ? 1 : -1;
}

void RandomizedHalvingLearner::scores(const float* x, float* out) const {
  const Vector& c = current_direction_;
  float s = c[0] * x[0];  // the order of concept_label, so the sign agrees with it
  for (int j = 1; j < c.size(); ++j) s += c[j] * x[j];
  out[0] = 0.0f;
  out[1] = s;
}

int RandomizedHalvingLearner::predict(const float* x) const { return concept_label(current_, x) > 0 ? 1 : 0; }

double RandomizedHalvingLearner::bound() const { return harmonic_number(concept_count()); }

// ---------------------------------------------------------------------------------------------------
// Registry rows.

const ParamTable<HalvingParams>& HalvingParams::table() {
  static const ParamTable<HalvingParams> t =
      ParamTable<HalvingParams>()
          .add(&HalvingParams::concept_class,
               {.key = "class", .label = "Concept class", .choices = {"auto", "sphere", "thresholds"}},
               "auto follows the generator (finite: its class; thresholds: its grid); sphere: N halfspace "
               "directions (grid in 2-D); thresholds on x1 (needs a constant coordinate)")
          .add(&HalvingParams::concepts,
               {.key = "concepts", .label = "Concepts |C|", .min = 1, .max = kMaxConcepts, .log_scale = true},
               "size of the class when it does not come from the generator (then it may hold no consistent "
               "concept)");
  return t;
}

LearnerSchema halving_schema() { return make_schema<HalvingParams>("halving", "Halving", false); }

std::unique_ptr<Learner> make_halving() { return std::make_unique<HalvingLearner>(); }

LearnerSchema randomized_halving_schema() {
  return make_schema<HalvingParams>("randomized_halving", "Randomized Halving", false);
}

std::unique_ptr<Learner> make_randomized_halving() { return std::make_unique<RandomizedHalvingLearner>(); }

LearnerCost halving_cost(const ProblemShape& shape, const HalvingParams& params, CostSum& sum) {
  const bool follows_generator = params.concept_class == FiniteClassKind::automatic && shape.generator_concepts > 0;
  const double concepts = follows_generator ? shape.generator_concepts : params.concepts;
  const double d = shape.dims;
  sum.add(Resource::memory, concepts * (d * sizeof(float) + 1), "Halving's concept class (|C| x d)");
  sum.add(Resource::step, concepts * d, "one Halving step (every concept scores the example)");
  LearnerCost out;
  out.row_per_example = concepts * d;
  out.row_part = "one recorded row (Halving scores every concept on every example)";
  // The generator's |C| first: it is the class when Halving follows it (its `concepts` is then unused).
  out.lower_generator_concepts = shape.generator_concepts > 0;
  out.sizes = {{"concepts", static_cast<double>(params.concepts), 1}};
  return out;
}

}  // namespace ml
