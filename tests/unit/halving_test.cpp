// Tests of Halving and Randomized Halving (core/learners/halving.h; notes 001 §3-§4): hand-traced steps
// on tiny classes, the mistake bounds on generated problems, the exact expectation of Randomized
// Halving on a sequence that removes one concept at a time, a 10⁶-concept class, and the errors.
#include "core/learners/halving.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/config/fields.h"
#include "core/data/generator_ids.h"
#include "core/data/generators.h"
#include "core/noise/noise_ids.h"
#include "core/session/pipeline.h"
#include "core/session/session.h"
#include "core/util/rng.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace halving_test {

using test::tiny_dataset;

// A binary dataset from rows and ±1 labels.

FeatureMatrix matrix(const std::vector<std::vector<float>>& rows) {
  FeatureMatrix m(static_cast<int>(rows.size()), static_cast<int>(rows[0].size()));
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t j = 0; j < rows[i].size(); ++j) m(static_cast<int>(i), static_cast<int>(j)) = rows[i][j];
  return m;
}

double counter(const Learner& l, const std::string& name) {
  for (const Counter& c : l.counters())
    if (c.name == name) return c.value;
  ADD_FAILURE() << "no counter " << name;
  return -1;
}

// The Problem the session resolves for `config` (its concept source: the generator's class), or a bare one.
Problem problem_for(const Dataset& train, uint64_t seed, const Config* config = nullptr) {
  Problem p;
  if (config) p = resolve_problem(*config, train);
  p.train = &train;
  p.seed = seed;
  return p;
}

// The four axis directions; K shrinks 4 → 2 → 1 with one tie-broken mistake on the way.
TEST(HalvingTest, HandTracedAxisClass) {
  const Dataset train = tiny_dataset({{1.0f, 0.5f}, {-0.2f, 1.0f}, {0.3f, -1.0f}}, {+1, -1, +1});
  const FeatureMatrix concepts = matrix({{1, 0}, {0, 1}, {-1, 0}, {0, -1}});
  HalvingLearner h;
  ASSERT_TRUE(h.reset_with_concepts(problem_for(train, 1), concepts).ok());
  EXPECT_EQ(h.version_space_size(), 4);
  EXPECT_DOUBLE_EQ(h.bound(), 2.0);

  // x1 = (1, .5): c0 and c1 say +1, c2 and c3 say -1: a 2-2 tie predicts +1 = y, no mistake.
  float s[2];
  h.scores(train.X.row(0).data(), s);
  EXPECT_FLOAT_EQ(s[0], 0.5f);
  EXPECT_FLOAT_EQ(s[1], 0.5f);
  EXPECT_EQ(h.predict(train.X.row(0).data()), 1);
  StepResult r = h.step();
  EXPECT_FALSE(r.mistake);
  EXPECT_TRUE(r.updated);
  EXPECT_EQ(r.example, 0);
  EXPECT_EQ(h.version_space_size(), 2);
  EXPECT_TRUE(h.in_version_space(0));
  EXPECT_TRUE(h.in_version_space(1));
  EXPECT_FALSE(h.in_version_space(2));

  // x2 = (-.2, 1): c0 says -1, c1 says +1: tie → +1, but y = -1: a mistake; K = {c0}.
  r = h.step();
  EXPECT_TRUE(r.mistake);
  EXPECT_TRUE(r.updated);
  EXPECT_EQ(h.version_space_size(), 1);
  EXPECT_TRUE(h.in_version_space(0));

  // x3 = (.3, -1): c0 says +1 = y; nothing changes.
  r = h.step();
  EXPECT_FALSE(r.mistake);
  EXPECT_FALSE(r.updated);
  EXPECT_TRUE(h.done());
  EXPECT_DOUBLE_EQ(counter(h, "version_space"), 1);
  EXPECT_DOUBLE_EQ(counter(h, "log2_version_space"), 0);
  EXPECT_DOUBLE_EQ(counter(h, "version_space_empty"), 0);
  EXPECT_DOUBLE_EQ(counter(h, "concepts"), 4);
}

// A strict majority: three concepts, two say +1, the label is -1, so the minority survives alone.
TEST(HalvingTest, HandTracedMajority) {
  const Dataset train = tiny_dataset({{1.0f, -0.5f}, {-1.0f, 2.0f}}, {-1, +1});
  const FeatureMatrix concepts = matrix({{1, 0}, {0.6f, 0.8f}, {0, 1}});
  HalvingLearner h;
  ASSERT_TRUE(h.reset_with_concepts(problem_for(train, 7), concepts).ok());
  // Scores on x1: 1, 0.6 - 0.4 = 0.2, -0.5 → 2 of 3 say +1.
  float s[2];
  h.scores(train.X.row(0).data(), s);
  EXPECT_FLOAT_EQ(s[1], 2.0f / 3.0f);
  StepResult r = h.step();
  EXPECT_TRUE(r.mistake);
  EXPECT_EQ(h.version_space_size(), 1);
  EXPECT_TRUE(h.in_version_space(2));
  // x2 = (-1, 2): c2 says +1 = y.
  r = h.step();
  EXPECT_FALSE(r.mistake);
  EXPECT_FALSE(r.updated);
  EXPECT_DOUBLE_EQ(counter(h, "log2_version_space"), 0);
}

// An example no concept is consistent with: K is kept (it still predicts) and the flag is set for good.
TEST(HalvingTest, EmptyVersionSpaceKeepsTheLastOne) {
  const Dataset train = tiny_dataset({{1.0f, 0.2f}, {1.0f, 0.1f}, {-1.0f, 0.0f}, {0.5f, -1.0f}}, {-1, +1, -1, -1});
  const FeatureMatrix concepts = matrix({{1, 0}, {1, 0.5f}});
  HalvingLearner h;
  ASSERT_TRUE(h.reset_with_concepts(problem_for(train, 3), concepts).ok());
  StepResult r = h.step();  // both say +1, y = -1: nothing consistent
  EXPECT_TRUE(r.mistake);
  EXPECT_FALSE(r.updated);
  EXPECT_TRUE(h.version_space_emptied());
  EXPECT_EQ(h.version_space_size(), 2);
  EXPECT_DOUBLE_EQ(counter(h, "version_space_empty"), 1);
  EXPECT_DOUBLE_EQ(counter(h, "version_space"), 2);
  EXPECT_DOUBLE_EQ(counter(h, "log2_version_space"), 1);
  r = h.step();  // +1 = y
  EXPECT_FALSE(r.mistake);
  r = h.step();  // both say -1 = y
  EXPECT_FALSE(r.mistake);
  // (.5, -1): c0 says +1, c1 says 0.5 - 0.5 = 0 → +1; y = -1: a mistake, and K stays frozen.
  r = h.step();
  EXPECT_TRUE(r.mistake);
  EXPECT_FALSE(r.updated);
  EXPECT_EQ(h.version_space_size(), 2);
  EXPECT_TRUE(h.done());
}

// Randomized Halving, traced with the learner stream as the oracle: the draw after each step is the
// (below64(|K|))-th member of K in index order, and it is the concept that predicts the next example.
TEST(RandomizedHalvingTest, HandTracedDraws) {
  const Dataset train = tiny_dataset({{1.0f, 0.5f}, {-0.2f, 1.0f}, {0.3f, -1.0f}}, {+1, -1, +1});
  const FeatureMatrix concepts = matrix({{1, 0}, {0, 1}, {-1, 0}, {0, -1}});
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    RandomizedHalvingLearner h;
    ASSERT_TRUE(h.reset_with_concepts(problem_for(train, seed), concepts).ok());
    Rng oracle(seed, Stream::learner);
    const int first = static_cast<int>(oracle.below64(4));  // K = {0,1,2,3}
    ASSERT_EQ(h.current_concept(), first);
    ASSERT_NE(h.weights(), nullptr);
    EXPECT_FLOAT_EQ((*h.weights())[0], concepts(first, 0));
    // x1: c0, c1 say +1 = y. Mistake iff the draw was c2 or c3.
    StepResult r = h.step();
    EXPECT_EQ(r.mistake, first >= 2) << "seed " << seed;
    const int second = static_cast<int>(oracle.below64(2));  // K = {0, 1}
    ASSERT_EQ(h.current_concept(), second);
    // x2: c0 says -1 = y, c1 says +1. Mistake iff the draw was c1.
    r = h.step();
    EXPECT_EQ(r.mistake, second == 1);
    EXPECT_EQ(h.version_space_size(), 1);
    EXPECT_EQ(oracle.below64(1), 0u);
    EXPECT_EQ(h.current_concept(), 0);
    r = h.step();
    EXPECT_FALSE(r.mistake);
    EXPECT_EQ(h.predict(train.X.row(2).data()), 1);
  }
  RandomizedHalvingLearner h;
  EXPECT_DOUBLE_EQ(harmonic_number(4), 25.0 / 12.0);
  ASSERT_TRUE(h.reset_with_concepts(problem_for(train, 1), concepts).ok());
  EXPECT_DOUBLE_EQ(h.bound(), 25.0 / 12.0);
  EXPECT_STREQ(h.bound_label(), "expected mistakes");
}

// The sequence of 001 Claim 4.1's worst case: thresholds θ_1 < … < θ_N, target θ_N, example t lies
// between θ_t and θ_{t+1} with label -1, so it removes exactly concept t. With |K| = r the draw errs
// with probability 1/r, so E[mistakes] = Σ_{r=2..N} 1/r = H_N - 1 exactly. Over 200 seeds the mean
// must lie within 3.5 standard errors of that (two-sided; a false alarm has probability ≈ 5e-4) and
// below the bound H_N + 3 standard errors. Halving, by contrast, errs only on the last example, where
// K = {θ_{N-1}, θ_N} splits 1-1 and the tie goes to +1.
TEST(RandomizedHalvingTest, MeanMistakesMatchTheHarmonicNumber) {
  constexpr int kConcepts = 16;
  constexpr int kSeeds = 200;
  std::vector<std::vector<float>> rows;
  std::vector<int> signs;
  const std::vector<double> grid = threshold_grid(kConcepts);
  for (int t = 0; t + 1 < kConcepts; ++t) {
    rows.push_back({static_cast<float>((grid[static_cast<size_t>(t)] + grid[static_cast<size_t>(t) + 1]) / 2), 1.0f});
    signs.push_back(-1);
  }
  const Dataset train = tiny_dataset(rows, signs);
  FeatureMatrix concepts(kConcepts, 2);
  for (int i = 0; i < kConcepts; ++i) {
    concepts(i, 0) = 1.0f;
    concepts(i, 1) = static_cast<float>(-grid[static_cast<size_t>(i)]);
  }
  double expected = 0, variance = 0;
  for (int r = 2; r <= kConcepts; ++r) {
    expected += 1.0 / r;
    variance += (1.0 / r) * (1.0 - 1.0 / r);
  }
  ASSERT_NEAR(expected, harmonic_number(kConcepts) - 1, 1e-12);
  double sum = 0;
  for (int seed = 1; seed <= kSeeds; ++seed) {
    RandomizedHalvingLearner h;
    ASSERT_TRUE(h.reset_with_concepts(problem_for(train, static_cast<uint64_t>(seed)), concepts).ok());
    int mistakes = 0;
    while (!h.done()) mistakes += h.step().mistake ? 1 : 0;
    ASSERT_EQ(h.version_space_size(), 1);
    sum += mistakes;
  }
  const double mean = sum / kSeeds;
  const double standard_error = std::sqrt(variance / kSeeds);
  EXPECT_NEAR(mean, expected, 3.5 * standard_error);
  EXPECT_LE(mean, harmonic_number(kConcepts) + 3 * standard_error);

  HalvingLearner halving;
  ASSERT_TRUE(halving.reset_with_concepts(problem_for(train, 1), concepts).ok());
  int halving_mistakes = 0;
  while (!halving.done()) halving_mistakes += halving.step().mistake ? 1 : 0;
  EXPECT_EQ(halving_mistakes, 1);
}

// The data of a generated problem through the real pipeline (split, optional bias).
struct Generated {
  Config config;
  PreparedData data;
};

Generated generated(Generator kind, int n, int dims, int concepts, uint64_t seed, bool bias = false) {
  Generated g;
  g.config.generator.kind = kind;
  g.config.generator.n = n;
  g.config.generator.dims = dims;
  g.config.generator.concepts = concepts;
  g.config.seed = seed;
  g.config.bias = bias;
  Result<PreparedData> data = prepare_data(g.config, nullptr);
  EXPECT_TRUE(data.ok()) << (data.ok() ? "" : data.error().message);
  if (data.ok()) g.data = std::move(data.value());
  return g;
}

// Runs a learner through one pass; returns its mistakes.
int run_pass(FiniteClassLearner& l) {
  int mistakes = 0;
  while (!l.done()) mistakes += l.step().mistake ? 1 : 0;
  return mistakes;
}

// 50 generated problems (finite classes in 2..10 dimensions, grids and random directions, thresholds,
// some with the bias coordinate): the class contains the target, K never empties, the target is never
// removed, and Halving stays within log₂|𝒞| mistakes.
TEST(HalvingTest, NeverExceedsLog2OfTheClassOn50Problems) {
  int total_mistakes = 0;
  for (int p = 0; p < 50; ++p) {
    const uint64_t seed = 1000 + static_cast<uint64_t>(p);
    const bool thresholds = p % 5 == 4;
    const int dims = 2 + (p % 9);
    const int concepts = (p % 3 == 0) ? 1024 : (p % 3 == 1 ? 37 : 5000);
    const bool bias = p % 7 == 3;
    Generated g = generated(thresholds ? Generator::thresholds : Generator::finite, 300, dims, concepts, seed, bias);
    HalvingLearner h;
    Problem problem = problem_for(g.data.train, seed, &g.config);
    ASSERT_TRUE(h.reset(problem, HalvingParams{.concept_class = FiniteClassKind::automatic, .concepts = 1024}).ok());
    ASSERT_EQ(h.concept_count(), concepts);
    const int target = target_concept_index(concepts, seed);
    const int mistakes = run_pass(h);
    EXPECT_FALSE(h.version_space_emptied()) << "problem " << p;
    EXPECT_TRUE(h.in_version_space(target)) << "problem " << p;
    EXPECT_LE(mistakes, h.bound()) << "problem " << p;
    total_mistakes += mistakes;
    // Every surviving concept agrees with every training label, so the vote does too; the blocked
    // batch prediction equals the per-row one.
    std::vector<int> batch;
    h.predict_batch(g.data.train.X, &batch);
    for (int i = 0; i < g.data.train.rows(); ++i) {
      EXPECT_EQ(batch[static_cast<size_t>(i)], g.data.train.label[static_cast<size_t>(i)]);
      if (i % 17 == 0) {
        EXPECT_EQ(h.predict(g.data.train.X.row(i).data()), batch[static_cast<size_t>(i)]);
      }
    }
  }
  EXPECT_GT(total_mistakes, 50);  // the learner does err: the bound is not checked vacuously
}

// Randomized Halving over 200 seeds on generated finite problems stays within H_|𝒞| on average
// (+3 standard errors of the observed spread), and every run keeps the target.
TEST(RandomizedHalvingTest, MeanWithinHarmonicBoundOver200Seeds) {
  constexpr int kSeeds = 200;
  constexpr int kConcepts = 512;
  double sum = 0, sum_sq = 0;
  for (int s = 0; s < kSeeds; ++s) {
    const uint64_t seed = 77 + static_cast<uint64_t>(s);
    Generated g = generated(Generator::finite, 200, 2 + s % 4, kConcepts, seed);
    RandomizedHalvingLearner h;
    ASSERT_TRUE(h.reset(problem_for(g.data.train, seed, &g.config),
                        HalvingParams{.concept_class = FiniteClassKind::automatic, .concepts = 1024})
                    .ok());
    const double m = run_pass(h);
    EXPECT_TRUE(h.in_version_space(target_concept_index(kConcepts, seed)));
    sum += m;
    sum_sq += m * m;
  }
  const double mean = sum / kSeeds;
  const double sd = std::sqrt((sum_sq - kSeeds * mean * mean) / (kSeeds - 1));
  EXPECT_LE(mean, harmonic_number(kConcepts) + 3 * sd / std::sqrt(static_cast<double>(kSeeds)));
  EXPECT_GT(mean, 0.5);  // it does err: the comparison is not vacuous
}

// A million concepts (kMaxConcepts) in 3-D random directions and as thresholds: the class is the
// generator's, the version space shrinks, the target survives, and the bounds hold.
TEST(HalvingTest, MillionConceptClass) {
  {
    Generated g = generated(Generator::finite, 400, 3, kMaxConcepts, 5);
    HalvingLearner h;
    ASSERT_TRUE(h.reset(problem_for(g.data.train, 5, &g.config),
                        HalvingParams{.concept_class = FiniteClassKind::automatic, .concepts = 1024})
                    .ok());
    EXPECT_EQ(h.concept_count(), 1000000);
    EXPECT_NEAR(h.bound(), 19.9316, 1e-4);
    std::vector<int> batch;  // the blocked vote over all 10^6 concepts equals the per-row vote
    h.predict_batch(g.data.test.X, &batch);
    for (int i = 0; i < 10; ++i) EXPECT_EQ(batch[static_cast<size_t>(i)], h.predict(g.data.test.X.row(i).data()));
    const int mistakes = run_pass(h);
    EXPECT_LE(mistakes, h.bound());
    EXPECT_LT(h.version_space_size(), 1000000 / 50);
    EXPECT_TRUE(h.in_version_space(target_concept_index(kMaxConcepts, 5)));
    EXPECT_FALSE(h.version_space_emptied());
  }
  {
    Generated g = generated(Generator::thresholds, 400, 2, kMaxConcepts, 6, /*bias=*/true);
    RandomizedHalvingLearner h;
    ASSERT_TRUE(h.reset(problem_for(g.data.train, 6, &g.config),
                        HalvingParams{.concept_class = FiniteClassKind::automatic, .concepts = 1024})
                    .ok());
    run_pass(h);
    EXPECT_TRUE(h.in_version_space(target_concept_index(kMaxConcepts, 6)));
    EXPECT_FALSE(h.version_space_emptied());
    EXPECT_LT(h.version_space_size(), 1000000 / 50);
    EXPECT_TRUE(h.in_version_space(h.current_concept()));
  }
}

// auto on data that are not from a finite class: N random directions in the data's space, which
// need not hold a consistent concept; with label noise K empties and the counter says so.
TEST(HalvingTest, AutoClassOnOtherDataAndNoise) {
  Generated g = generated(Generator::separable, 300, 3, 1024, 11);
  g.config.noise.model = NoiseModel::uniform;
  g.config.noise.rate = 0.3;
  Result<PreparedData> noisy = prepare_data(g.config, nullptr);
  ASSERT_TRUE(noisy.ok());
  HalvingLearner h;
  ASSERT_TRUE(h.reset(problem_for(noisy->train, 11, &g.config),
                      HalvingParams{.concept_class = FiniteClassKind::automatic, .concepts = 300})
                  .ok());
  EXPECT_EQ(h.concept_count(), 300);
  run_pass(h);
  EXPECT_TRUE(h.version_space_emptied());
  EXPECT_GE(h.version_space_size(), 1);
  EXPECT_DOUBLE_EQ(counter(h, "version_space_empty"), 1);
}

TEST(HalvingTest, ClassErrors) {
  // Thresholds need a constant coordinate.
  Generated g = generated(Generator::separable, 100, 3, 1024, 2);
  HalvingLearner h;
  Status st = h.reset(problem_for(g.data.train, 2, &g.config),
                      HalvingParams{.concept_class = FiniteClassKind::thresholds, .concepts = 100});
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().code, "learner.halving_no_constant");
  // With the bias coordinate they work (on x1).
  Generated b = generated(Generator::separable, 100, 3, 1024, 2, /*bias=*/true);
  EXPECT_TRUE(h.reset(problem_for(b.data.train, 2, &b.config),
                      HalvingParams{.concept_class = FiniteClassKind::thresholds, .concepts = 100})
                  .ok());
  // concepts x d over the cap.
  Generated wide = generated(Generator::separable, 100, 64, 1024, 2);
  st = h.reset(problem_for(wide.data.train, 2, &wide.config),
               HalvingParams{.concept_class = FiniteClassKind::sphere, .concepts = kMaxConcepts});
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().code, "learner.halving_too_large");
  EXPECT_NE(st.error().message.find("l.concepts"), std::string::npos);
}

TEST(HalvingTest, SchemaAndBounds) {
  const LearnerSchema s = halving_schema();
  EXPECT_EQ(s.id, "halving");
  EXPECT_FALSE(s.multiclass);
  ASSERT_EQ(s.params.size(), 2u);
  EXPECT_EQ(s.params[0].key, "class");
  EXPECT_EQ(s.params[0].choices, (std::vector<std::string>{"auto", "sphere", "thresholds"}));
  EXPECT_EQ(s.params[1].key, "concepts");
  EXPECT_EQ(s.params[1].max, kMaxConcepts);
  EXPECT_EQ(randomized_halving_schema().id, "randomized_halving");
  // log₂ of a power of two is exact, so a bound of 10 admits exactly 10 mistakes.
  const Dataset train = tiny_dataset({{1.0f}}, {1});
  FeatureMatrix concepts(1024, 1);
  for (int i = 0; i < 1024; ++i) concepts(i, 0) = (i % 2) ? 1.0f : -1.0f;
  HalvingLearner h;
  ASSERT_TRUE(h.reset_with_concepts(problem_for(train, 1), concepts).ok());
  EXPECT_EQ(h.bound(), 10.0);
  EXPECT_EQ(counter(h, "log2_version_space"), 10.0);
  h.step();
  EXPECT_EQ(h.version_space_size(), 512);
  EXPECT_EQ(counter(h, "log2_version_space"), 9.0);
}

// The session resolves the generator's finite class and its columns into Problem::concepts (Halving never
// reads the Config): finite data with a bias column keep the directions in the generator's d columns and
// the constant in the last; thresholds data carry their constant in column 1; other data have no class.
TEST(HalvingTest, SessionResolvesTheConceptSource) {
  Config c;
  c.generator.kind = Generator::finite;
  c.generator.concepts = 77;
  c.bias = true;
  ConceptSource s = resolve_concept_source(c, 4);  // d = 3 plus the bias column
  EXPECT_EQ(s.kind, GeneratedClass::sphere);
  EXPECT_EQ(s.count, 77);
  EXPECT_EQ(s.sphere_dims, 3);
  EXPECT_EQ(s.constant_column, 3);
  c.bias = false;
  s = resolve_concept_source(c, 3);
  EXPECT_EQ(s.sphere_dims, 0);  // every column
  EXPECT_EQ(s.constant_column, -1);
  c.generator.kind = Generator::thresholds;
  s = resolve_concept_source(c, 2);
  EXPECT_EQ(s.kind, GeneratedClass::thresholds);
  EXPECT_EQ(s.constant_column, 1);
  c.generator.kind = Generator::separable;
  c.bias = true;
  s = resolve_concept_source(c, 5);
  EXPECT_EQ(s.kind, GeneratedClass::none);
  EXPECT_EQ(s.count, 0);
  EXPECT_EQ(s.constant_column, 4);
  c.use_csv = true;
  c.generator.kind = Generator::finite;  // ignored: the data come from a CSV
  s = resolve_concept_source(c, 5);
  EXPECT_EQ(s.kind, GeneratedClass::none);
  EXPECT_EQ(s.sphere_dims, 0);
  EXPECT_EQ(s.constant_column, 4);
}

}  // namespace halving_test
}  // namespace ml
