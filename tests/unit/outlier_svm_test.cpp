// Tests of SIMPLE OUTLIER SVM and OUTLIER SVM (core/learners/outlier_svm.h; 002 Fig. 4): rho_k and the
// capped binomial by hand, the schedules and thresholds of both readings of the figure, exhaustive
// mode recovering (1-eps) rho_k (rho_k by brute force over every outlier set) with planted outliers,
// and the sampled mode's result and mode reported on a large problem.
#include "core/learners/outlier_svm.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/data/generator_ids.h"
#include "core/data/generators.h"
#include "core/learners/registry.h"
#include "core/metrics/metrics.h"
#include "core/noise/noise_ids.h"
#include "core/session/session.h"
#include "core/util/rng.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace outlier_svm_test {

using test::problem_for;

double counter(const Learner& l, const char* name) {
  for (const Counter& c : l.counters())
    if (c.name == name) return c.value;
  ADD_FAILURE() << "no counter " << name;
  return 0;
}

// The optimal margin with k outliers removed (002 Def. 5.1), by brute force over all k-subsets V.
double brute_force_rho_k(const Dataset& ds, int k) {
  const int m = ds.rows();
  double best = -1;
  std::vector<int> v(static_cast<size_t>(k));
  for (int a = 0; a < k; ++a) v[static_cast<size_t>(a)] = a;
  while (true) {
    std::vector<int> rows, signs;
    for (int i = 0; i < m; ++i) {
      bool removed = false;
      for (int r : v) removed = removed || r == i;
      if (removed) continue;
      rows.push_back(i);
      signs.push_back(ds.sign(i));
    }
    Result<SvmSolution> s = solve_svm(signed_points(ds.X, rows, signs));
    if (s.ok()) best = std::max(best, s->margin);
    int a = k - 1;
    while (a >= 0 && v[static_cast<size_t>(a)] == m - k + a) --a;
    if (a < 0) break;
    ++v[static_cast<size_t>(a)];
    for (int b = a + 1; b < k; ++b) v[static_cast<size_t>(b)] = v[static_cast<size_t>(b - 1)] + 1;
  }
  return best;
}

// A separable set with k planted outliers: the observed labels of rows chosen far from the boundary flipped.
Dataset with_planted_outliers(int n, int dims, double margin, int k, uint64_t seed, std::vector<int>* planted) {
  GeneratorSpec spec;
  spec.kind = Generator::separable;
  spec.n = n;
  spec.dims = dims;
  spec.margin = margin;
  Result<Dataset> ds = generate(spec, seed);
  EXPECT_TRUE(ds.ok());
  Rng rng(seed, Stream::test);
  planted->clear();
  while (static_cast<int>(planted->size()) < k) {
    const int i = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
    bool seen = false;
    for (int p : *planted) seen = seen || p == i;
    if (seen) continue;
    planted->push_back(i);
    ds->label[static_cast<size_t>(i)] = 1 - ds->label[static_cast<size_t>(i)];
    ds->corruption[static_cast<size_t>(i)] = Corruption::label;
  }
  return std::move(ds.value());
}

TEST(OutlierSvmTest, KthSmallestMarginAndCappedBinomial) {
  EXPECT_EQ(kth_smallest_margin({0.3, -1, 0.2, 5}, 0), -1);
  EXPECT_EQ(kth_smallest_margin({0.3, -1, 0.2, 5}, 1), 0.2);
  EXPECT_EQ(kth_smallest_margin({0.3, -1, 0.2, 5}, 3), 5);
  EXPECT_EQ(binomial_up_to(35, 4, 1e9), 52360);
  EXPECT_EQ(binomial_up_to(35, 31, 1e9), 52360);
  EXPECT_EQ(binomial_up_to(10, 0, 1e9), 1);
  EXPECT_EQ(binomial_up_to(7, 7, 1e9), 1);
  EXPECT_GT(binomial_up_to(1000000, 500, 1e6), 1e6);  // stops early, no overflow
}

TEST(OutlierSvmTest, ExhaustiveRecoversRhoKWithPlantedOutliers) {
  const double eps = 0.05;
  for (int k : {1, 2}) {
    for (int dims : {2, 3}) {
      SCOPED_TRACE(testing::Message() << "k " << k << " d " << dims);
      std::vector<int> planted;
      const Dataset ds = with_planted_outliers(34, dims, 0.1, k, 77 + static_cast<uint64_t>(k * 10 + dims), &planted);
      const double rho_k = brute_force_rho_k(ds, k);
      ASSERT_GT(rho_k, 0);
      OutlierSvm learner(OutlierVariant::simple);
      // c = 1, 2, 4; C(34, 4) = 46376 fits the budget: every round exhaustive.
      ASSERT_TRUE(learner.reset(problem_for(ds), {.k = k, .budget = 50000, .max_size = 4, .constant = 32}).ok());
      int steps = 0;
      while (!learner.done()) {
        EXPECT_EQ(counter(learner, "mode"), 1.0);
        learner.step();
        ++steps;
      }
      EXPECT_TRUE(learner.exhaustive());
      EXPECT_EQ(learner.subset_size(), 4);
      EXPECT_EQ(learner.subsets_evaluated(), 34 + 561 + 46376);
      EXPECT_EQ(learner.stop_code(), 2);  // K = 32: the bound R sqrt(32/c) > R never fires here
      EXPECT_GE(learner.rho_k(), (1 - eps) * rho_k);
      EXPECT_LE(learner.rho_k(), rho_k * (1 + 1e-9));  // nothing beats the optimum
      // Here even exactly: the clean optimum's <= d support rows plus any clean row form a 4-subset.
      EXPECT_NEAR(learner.rho_k(), rho_k, 1e-9 * rho_k);
      // The k examples h_max sets aside are the planted outliers.
      std::vector<double> m;
      std::vector<int> signs;
      for (int i = 0; i < ds.rows(); ++i) signs.push_back(ds.sign(i));
      margins_of(ds.X, learner.hypothesis(), signs, &m);
      for (int p : planted) EXPECT_LT(m[static_cast<size_t>(p)], learner.rho_k());
      EXPECT_NEAR(learner.bound(), 32 * std::pow(max_radius(ds.X) / learner.rho_k(), 2), 1e-9 * learner.bound());
    }
  }
}

TEST(OutlierSvmTest, SimpleScheduleAndThresholds) {
  std::vector<int> planted;
  const Dataset ds = with_planted_outliers(30, 2, 0.1, 1, 5, &planted);
  const double r = max_radius(ds.X);
  OutlierSvm learner(OutlierVariant::simple);
  ASSERT_TRUE(learner.reset(problem_for(ds), {.k = 1, .budget = 100, .max_size = 12, .constant = 32}).ok());
  std::vector<int> sizes;
  std::vector<double> thresholds, modes;
  int last = -1;
  while (!learner.done()) {
    if (learner.subset_size() != last) {
      last = learner.subset_size();
      sizes.push_back(last);
      thresholds.push_back(counter(learner, "halt_threshold"));
      modes.push_back(counter(learner, "mode"));
    }
    learner.step();
  }
  EXPECT_EQ(sizes, (std::vector<int>{1, 2, 4, 8, 12}));  // doubling, the last capped at max_size
  for (size_t i = 0; i < sizes.size(); ++i) EXPECT_NEAR(thresholds[i], r * std::sqrt(32.0 / sizes[i]), 1e-12);
  EXPECT_EQ(modes, (std::vector<double>{1, 0, 0, 0, 0}));  // C(30,1) = 30 <= 100 < C(30,2) = 435
  EXPECT_EQ(learner.subsets_evaluated(), 30 + 4 * 100);
}

TEST(OutlierSvmTest, DoublingMarginScheduleAndBoundHalt) {
  std::vector<int> planted;
  const Dataset ds = with_planted_outliers(40, 2, 0.2, 1, 9, &planted);
  const double r = max_radius(ds.X);
  // K = 0.5: rounds c = ceil(0.5 * 4^i) = 1, 2, 8, ... with thresholds R, R/2, R/4, ...
  OutlierSvm learner(OutlierVariant::doubling);
  ASSERT_TRUE(learner.reset(problem_for(ds), {.k = 1, .budget = 1000, .max_size = 40, .constant = 0.5}).ok());
  EXPECT_EQ(learner.subset_size(), 1);
  EXPECT_NEAR(counter(learner, "halt_threshold"), r, 1e-12);
  std::vector<int> sizes;
  int last = -1;
  while (!learner.done()) {
    if (learner.subset_size() != last) sizes.push_back(last = learner.subset_size());
    learner.step();
  }
  ASSERT_GE(sizes.size(), 2u);
  EXPECT_EQ(sizes[1], 2);
  if (sizes.size() > 2) {
    EXPECT_EQ(sizes[2], 8);
  }
  EXPECT_EQ(learner.stop_code(), 1);  // rho_k > R/2^i for some round: the bound fired
  EXPECT_GT(learner.rho_k(), std::ldexp(r, -static_cast<int>(sizes.size() - 1)));
}

TEST(OutlierSvmTest, SampledModeOnALargeProblem) {
  std::vector<int> planted;
  const Dataset ds = with_planted_outliers(3000, 5, 0.1, 10, 21, &planted);
  OutlierSvm learner(OutlierVariant::simple);
  ASSERT_TRUE(learner.reset(problem_for(ds, 0.0, 21), {.k = 10, .budget = 300, .max_size = 16, .constant = 32}).ok());
  bool saw_sampled = false;
  while (!learner.done()) {
    learner.step();
    saw_sampled = saw_sampled || counter(learner, "mode") == 0.0;
  }
  EXPECT_TRUE(saw_sampled);
  EXPECT_FALSE(learner.exhaustive());
  EXPECT_EQ(counter(learner, "mode"), 0.0);
  EXPECT_EQ(learner.subset_size(), 16);
  EXPECT_EQ(learner.stop_code(), 2);
  // c = 1 is exhaustive only if C(3000,1) <= 300: it is not, so every round is sampled.
  EXPECT_EQ(learner.subsets_evaluated(), 5 * 300);
  EXPECT_GT(learner.rho_k(), 0.0);  // a halfspace separating all but 10 examples with positive margin
  std::printf("sampled outlier SVM: rho_k %.4f, not separable subsets %g of %lld\n", learner.rho_k(),
              counter(learner, "not_separable_subsets"), static_cast<long long>(learner.subsets_evaluated()));
}

// Sampled mode keeps h_max, the hypothesis with the largest rho_k(h, D) seen: after every step rho_k() never
// falls, it is the (k+1)-th smallest margin of hypothesis() over D, and hypothesis() is the unit SVM of
// best_subset().
TEST(OutlierSvmTest, SampledModeKeepsTheLargestRhoK) {
  std::vector<int> planted;
  const Dataset ds = with_planted_outliers(300, 3, 0.1, 3, 5, &planted);
  const int k = 3;
  OutlierSvm learner(OutlierVariant::simple);
  ASSERT_TRUE(learner.reset(problem_for(ds, 0.0, 5), {.k = k, .budget = 40, .max_size = 16, .constant = 32}).ok());
  double previous = -std::numeric_limits<double>::infinity();
  int increases = 0, steps = 0;
  while (!learner.done()) {
    learner.step();
    ++steps;
    EXPECT_EQ(counter(learner, "mode"), 0.0);  // C(300, c) > 40 for every c >= 1
    const double rho = learner.rho_k();
    if (std::isnan(rho)) continue;
    ASSERT_GE(rho, previous) << "step " << steps;
    increases += rho > previous ? 1 : 0;
    previous = rho;
    // rho_k(h_max, D) recomputed from h_max.
    std::vector<double> margins;
    for (int i = 0; i < ds.rows(); ++i)
      margins.push_back(ds.sign(i) * ds.X.row(i).cast<double>().dot(learner.hypothesis().transpose()));
    std::sort(margins.begin(), margins.end());
    EXPECT_NEAR(rho, margins[static_cast<size_t>(k)], 1e-9) << "step " << steps;
    // h_max is the SVM of its subset.
    std::vector<int> signs;
    for (int i : learner.best_subset()) signs.push_back(ds.sign(i));
    Result<SvmSolution> svm = solve_svm(signed_points(ds.X, learner.best_subset(), signs));
    ASSERT_TRUE(svm.ok());
    EXPECT_LT((svm->w - learner.hypothesis()).norm(), 1e-9) << "step " << steps;
  }
  EXPECT_EQ(learner.subsets_evaluated(), 5 * 40);
  EXPECT_GE(increases, 2);  // the best was replaced during the run
  EXPECT_GT(learner.rho_k(), 0.0);
}

TEST(OutlierSvmTest, SameSeedSameResult) {
  std::vector<int> planted;
  const Dataset ds = with_planted_outliers(200, 3, 0.1, 3, 4, &planted);
  OutlierSvm a(OutlierVariant::simple), b(OutlierVariant::simple);
  ASSERT_TRUE(a.reset(problem_for(ds, 0.0, 8), {.k = 3, .budget = 200, .max_size = 8, .constant = 32}).ok());
  ASSERT_TRUE(b.reset(problem_for(ds, 0.0, 8), {.k = 3, .budget = 200, .max_size = 8, .constant = 32}).ok());
  while (!a.done()) a.step();
  while (!b.done()) b.step();
  EXPECT_EQ(a.rho_k(), b.rho_k());
  EXPECT_EQ(a.best_subset(), b.best_subset());
}

TEST(OutlierSvmTest, KMustBeSmallerThanTheSet) {
  std::vector<int> planted;
  const Dataset ds = with_planted_outliers(10, 2, 0.1, 0, 1, &planted);
  OutlierSvm learner(OutlierVariant::doubling);
  Status s = learner.reset(problem_for(ds), {.k = 10, .budget = 100, .max_size = 8, .constant = 32});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "outlier_svm.k_too_large");
  EXPECT_NE(s.error().message.find("'k'"), std::string::npos);
}

TEST(OutlierSvmTest, RunsFromASessionWithOutlierNoise) {
  for (const char* id : {"simple_outlier_svm", "outlier_svm"}) {
    SCOPED_TRACE(id);
    Config config;
    config.generator.kind = Generator::separable;
    config.generator.n = 200;
    config.generator.dims = 2;
    config.noise.model = NoiseModel::outliers;
    config.noise.outliers = 3;
    config.learner = id;
    config.params = {{"budget", 300}, {"k", 3}, {"max_size", 8}};
    Result<std::unique_ptr<Session>> s = Session::create(config, nullptr);
    ASSERT_TRUE(s.ok()) << s.error().message;
    s.value()->advance(100000);
    EXPECT_TRUE(s.value()->done());
    const SessionMetrics m = s.value()->metrics();
    EXPECT_TRUE(std::isfinite(m.bound));
  }
}

}  // namespace outlier_svm_test
}  // namespace ml
