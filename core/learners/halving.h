// marginlab — Halving and Randomized Halving over a finite class of halfspaces (notes 001 §3-§4;
// docs/algorithms.md §2.4-§2.5).
//
// Version space K ⊆ 𝒞: the concepts consistent with every example seen so far (initially K = 𝒞).
//   Halving:            ŷ = majority vote of K (ties → +1, so an even split predicts +1);
//                       mistakes ≤ log₂|𝒞| (every mistake removes at least half of K).
//   Randomized Halving: ŷ = c(x) for c drawn uniformly from K, a fresh draw every step from
//                       Rng(seed, Stream::learner); E[mistakes] ≤ H_|𝒞| = Σ_{k≤|𝒞|} 1/k (001 Claim 4.1).
// Then every concept with c(x) ≠ y is removed. One step = one online example, in training-set order;
// the learner is done after one pass (K is then consistent with the whole sample, so a second pass
// could neither err on clean data nor change K).
//
// Concepts are halfspaces through the origin, c(x) = +1 iff ⟨c, x⟩ ≥ 0 (the convention of generator
// `finite` and `thresholds`, core/data/generators.cpp). The classes:
//   sphere:     N directions from finite_class_directions(N, d, seed) (a regular angular grid in 2-D,
//               uniform on the sphere otherwise); with generator `finite`, same seed and N = its
//               `concepts`, this is exactly the generator's class, so it contains the target;
//   thresholds: x ↦ sign(x₁ - θᵢ) for θ from threshold_grid(N), written as the halfspace (1, …, -θᵢ)
//               on the constant coordinate (the generator's own, else the pipeline's bias coordinate);
//               θᵢ is stored as the smallest float ≥ θᵢ, which decides "x₁ ≥ θᵢ" exactly for float x₁.
// `auto` follows the generator (finite → sphere with its N, thresholds → thresholds with its N,
// anything else → sphere with the parameter N, which need not contain a consistent concept).
// With the pipeline's bias coordinate appended to `finite`/`thresholds` data the concepts get a 0 there.
//
// When an example would empty K (label noise, or a class without a consistent concept), K is left as
// it was — the last non-empty version space keeps predicting — and the counter version_space_empty
// becomes 1 for good (the true version space stays empty). From then on K is frozen.
//
// Speed: K is a bitset (std::vector<uint64_t>); the class is stored coordinate-major (d rows of N
// floats) and scored 64 concepts at a time as s = Σ_j x_j·C_j, an elementwise product accumulated in
// coordinate order. That is a block of the matrix product C·x whose rounding is fixed by construction,
// so native and wasm agree bit for bit; words of K that are all zero are skipped, so a step costs
// O(|K|·d) (≈ a few ms at |𝒞| = 10⁶, d = 10 before the first example, far less after).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/learners/cost.h"
#include "core/learners/learner.h"
#include "core/settings/params.h"
#include "core/util/rng.h"

namespace ml {

// Which concept class a Halving learner uses (parameter `class`).
enum class FiniteClassKind : int {
  automatic = 0,   // follow the generator (URL spelling "auto")
  sphere = 1,      // N halfspace directions (grid in 2-D, random on the sphere otherwise)
  thresholds = 2,  // thresholds on the first coordinate
};

// The parameters of Halving and Randomized Halving.
struct HalvingParams {
  FiniteClassKind concept_class = FiniteClassKind::automatic;  // which class (URL key "class")
  int concepts = 1024;                                         // |C| when the class does not come from the generator
  // The parameter table of both learners (settings/params.h).
  static const ParamTable<HalvingParams>& table();
};

// The bitset version-space machinery shared by Halving and Randomized Halving.
class FiniteClassLearner : public LearnerWith<HalvingParams> {
 public:
  // Builds the class `params` describes (auto: Problem::concepts, the generator's) and resets K = 𝒞.
  Status reset(const Problem& problem, const HalvingParams& params) override;
  // Resets with an explicit class: row i of `concepts` is the direction of concept i, in the data's
  // space (cols == train->cols()). Used by reset() and by tests with hand-built classes.
  Status reset_with_concepts(const Problem& problem, const FeatureRef& concepts);
  // Processes the next training example: predict, count a mistake, shrink K.
  StepResult step() override;
  // True after one pass over the training set.
  bool done() const override;
  // end_of_sample (one pass over the stream) once done.
  StopReason stop_reason() const override { return done() ? StopReason::end_of_sample : StopReason::none; }
  // The next training row (the rows are visited in order), -1 when done.
  int next_example() const override;
  // Binary learner.
  int num_classes() const override { return 2; }
  // version_space, log2_version_space, version_space_empty, concepts.
  std::vector<Counter> counters() const override;

  // |𝒞|.
  int concept_count() const { return concept_count_; }
  // d, the dimension of the data and of every concept.
  int dims() const { return dims_; }
  // |K| (the last non-empty version space once it has emptied).
  int64_t version_space_size() const { return active_count_; }
  // True when concept i is in K.
  bool in_version_space(int i) const;
  // True once an example found no consistent concept left.
  bool version_space_emptied() const { return emptied_; }
  // c_i(x) ∈ {-1,+1} for concept i, a member of K (the class's labelling rule).
  int concept_label(int i, const float* x) const;

 protected:
  // The prediction (±1) for the example about to be processed, given which members of K say +1 on it
  // (a bitset) and how many do.
  virtual int predict_step(const std::vector<uint64_t>& positive, int64_t positive_count) = 0;
  // Called at the end of reset_with_concepts, with K = 𝒞.
  virtual void on_reset() {}
  // Called at the end of every step, after K was updated.
  virtual void after_update() {}
  // Returns |{c ∈ K : c(x) = +1}|; when `positive` is not null also writes that set as a bitset.
  int64_t positive_mask(const float* x, std::vector<uint64_t>* positive) const;
  // positive_mask's count for every row of X, words outer and rows inner so that each block of 64
  // concepts is loaded once for all rows (the same operations, hence the same bits, as per row).
  std::vector<int64_t> positive_counts(const FeatureRef& X) const;
  // The index (in 𝒞) of the r-th (0-based) member of K in index order; r < |K|.
  int nth_member(uint64_t r) const;
  // Direction of concept i (a member of K) as a vector of the data's dimension.
  Vector concept_direction(int i) const;
  // Bit position in the positive/K bitsets of concept i, or -1 when it was dropped from storage.
  int slot_of(int i) const;

  // The problem of the last reset.
  const Problem& problem() const { return problem_; }

 private:
  // s[k] = ⟨concept in slot 64·word + k, x⟩ for the 64 slots of one word, accumulated in coordinate order.
  void word_scores(int word, const float* x, float* s) const;
  // Allocates storage for `slots` concepts (zeros) with every slot in K.
  void store(int slots);
  // Keeps only the members of K in storage (same order, so nothing computed changes).
  void compact();
  // Position of coordinate j of the concept in `slot` in coords_.
  size_t slot_index(int slot, int j) const {
    return static_cast<size_t>(j) * static_cast<size_t>(padded_) + static_cast<size_t>(slot);
  }

  Problem problem_;
  int dims_ = 0;                   // d of the data (and of every concept)
  int concept_count_ = 0;          // N
  std::vector<int> ids_;           // slot → concept index, ascending (all of 𝒞 until compacted)
  int padded_ = 0;                 // slots rounded up to a multiple of 64 (padding is never in K)
  std::vector<float> coords_;      // d rows of `padded_` floats: coords_[j·padded_ + slot] = c[j]
  std::vector<uint64_t> active_;   // K as a bitset over slots
  int64_t active_count_ = 0;       // |K|
  bool emptied_ = false;           // an example found K ∩ {consistent} = ∅
  int next_example_ = 0;           // next training row
  std::vector<uint64_t> scratch_;  // positive mask of the current step
};

// Halving: majority vote of the version space; bound log₂|𝒞| mistakes.
class HalvingLearner final : public FiniteClassLearner {
 public:
  // Vote fractions over K: out[0] = share of K saying -1, out[1] = share saying +1.
  void scores(const float* x, float* out) const override;
  // Majority vote with ties to +1 (class 1), unlike the default argmax's ties to class 0.
  int predict(const float* x) const override;
  // predict() for every row, blocked over concepts (positive_counts).
  void predict_batch(const FeatureRef& X, std::vector<int>* out) const override;
  // |K|·(d+1): a vote scores every member of K, so the session records sparsely while K is large.
  double predict_cost() const override { return static_cast<double>(version_space_size()) * (dims() + 1); }
  // log₂|𝒞|.
  double bound() const override;

 protected:
  int predict_step(const std::vector<uint64_t>& positive, int64_t positive_count) override;
};

// Randomized Halving: a uniformly random member of the version space; bound H_|𝒞| expected mistakes.
class RandomizedHalvingLearner final : public FiniteClassLearner {
 public:
  // The current draw's decision value: out[0] = 0, out[1] = ⟨c, x⟩.
  void scores(const float* x, float* out) const override;
  // c(x) of the current draw (+1 when ⟨c, x⟩ ≥ 0).
  int predict(const float* x) const override;
  // The current draw is a halfspace: its direction.
  const Vector* weights() const override { return &current_direction_; }
  // H_|𝒞|, the harmonic number.
  double bound() const override;
  // "expected mistakes".
  const char* bound_label() const override { return "expected mistakes"; }
  // Index of the concept that predicts the next example.
  int current_concept() const { return current_; }

 protected:
  int predict_step(const std::vector<uint64_t>& positive, int64_t positive_count) override;
  void on_reset() override;
  void after_update() override;

 private:
  // Draws the concept that predicts the next example: uniform over K, one draw per call.
  void draw();

  Rng rng_{1, Stream::learner};
  int current_ = 0;       // concept index of the current draw
  int current_slot_ = 0;  // its storage slot (changes when storage is compacted)
  Vector current_direction_;
};

// The resource cost of Halving and Randomized Halving (core/learners/cost.h): |C| x d floats for the class (|C|
// the generator's when the class follows it), a step in which every concept scores the example, and rows
// that score every concept on every example.
LearnerCost halving_cost(const ProblemShape& shape, const HalvingParams& params, CostSum& sum);
// Registry schema and factory of Halving (id "halving").
LearnerSchema halving_schema();
std::unique_ptr<Learner> make_halving();
// Registry schema and factory of Randomized Halving (id "randomized_halving").
LearnerSchema randomized_halving_schema();
std::unique_ptr<Learner> make_randomized_halving();
// H_n = Σ_{k=1..n} 1/k, summed from the small terms up (deterministic, basic operations only).
double harmonic_number(int64_t n);

}  // namespace ml
