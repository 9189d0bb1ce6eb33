// Tests of the resumable projection fitter (core/kernels/projection.h, ProjectionFitter): sliced into
// one unit per call by a fake clock, it gives the same bits as the one-shot fit + transform for every
// map (random span, KGS, exact KPCA, Nyström with several row blocks); progress rises to exactly 1;
// errors come through it.
#include "core/kernels/projection.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/util/eigen_setup.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace projection_fitter_test {

using test::random_points;

Kernel gaussian(double sigma) { return make_kernel(KernelKind::gaussian, 2, 1.0, sigma, 0.0); }

ProjectionOptions opts(ProjectionKind kind, int dims) {
  ProjectionOptions o;
  o.kind = kind;
  o.dims = dims;
  return o;
}

// Rotation-free Nyström at D = m: m landmarks, never the exact path, the PCA skipped.
ProjectionOptions rotation_free_options(int m) {
  ProjectionOptions o = opts(ProjectionKind::kpca, m);
  o.exact_limit = 0;
  o.landmarks = m;
  o.skip_nystrom_pca = true;
  return o;
}

// Bitwise equality (Eigen's == compares coefficients exactly).
template <typename A, typename B>
bool same_bits(const A& a, const B& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
}

struct Sliced {
  Result<KernelProjection> fit = make_error("unset", "");
  FeatureMatrix transformed;
  std::vector<double> progress;     // after every advance() call
  std::vector<std::string> stages;  // stage() before every call
  int64_t calls = 0;
};

// Runs a fitter with a fake clock that moves 1 s per read and a 0.5 s budget: one unit per call.
Sliced run_sliced(const FeatureRef& X, const Kernel& k, const ProjectionOptions& o, uint64_t seed) {
  Rng rng(seed, Stream::learner);
  ProjectionFitter fitter(X, k, o, rng, /*transform_sample=*/true);
  double fake = 0;
  const ClockFn clock = [&fake] { return fake += 1.0; };
  Sliced s;
  while (!fitter.finished()) {
    s.stages.emplace_back(fitter.stage());
    fitter.advance(0.5, clock);
    s.progress.push_back(fitter.progress());
    ++s.calls;
  }
  EXPECT_EQ(fitter.units(), s.calls) << "one unit per call with this clock";
  EXPECT_EQ(fitter.stage(), "done");
  s.fit = fitter.take();
  if (s.fit.ok()) s.transformed = fitter.take_transformed();
  return s;
}

// Returns the sliced run (its stages) after checking it against the one-shot fit + transform.
Sliced expect_same_as_one_shot(const FeatureRef& X, const Kernel& k, const ProjectionOptions& o, uint64_t seed,
                               int min_calls) {
  Rng rng(seed, Stream::learner);
  Result<KernelProjection> one = KernelProjection::fit(X, k, o, rng);
  Sliced s = run_sliced(X, k, o, seed);
  if (!one.ok() || !s.fit.ok()) {
    ADD_FAILURE() << "a fit failed";
    return s;
  }
  const FeatureMatrix one_x = one->transform(X);
  EXPECT_GE(s.calls, min_calls) << "the work was really sliced";
  EXPECT_EQ(s.fit->basis_rows(), one->basis_rows());
  EXPECT_TRUE(same_bits(s.fit->basis(), one->basis()));
  EXPECT_TRUE(same_bits(s.fit->coefficients(), one->coefficients()));
  EXPECT_TRUE(same_bits(s.fit->spectrum(), one->spectrum()));
  EXPECT_EQ(s.fit->jitter(), one->jitter());
  EXPECT_EQ(s.fit->nystrom(), one->nystrom());
  EXPECT_TRUE(same_bits(s.transformed, one_x)) << "the folded-in transform is transform()'s bits";
  // Progress: strictly inside (0, 1) until the end, never decreasing, exactly 1 when finished.
  double last = 0;
  for (size_t i = 0; i < s.progress.size(); ++i) {
    EXPECT_GE(s.progress[i], last) << "call " << i;
    if (i + 1 < s.progress.size()) {
      EXPECT_LT(s.progress[i], 1.0) << "call " << i;
    }
    last = s.progress[i];
  }
  EXPECT_EQ(s.progress.back(), 1.0);
  return s;
}

class ProjectionFitterTest : public ::testing::Test {
 protected:
  void SetUp() override { configure_eigen(); }
};

TEST_F(ProjectionFitterTest, RandomSpanSlicedIsBitIdentical) {
  const FeatureMatrix X = random_points(400, 3, 1, 2.0);
  // random span: factor, inverse, then the transform (one block here): 3 units.
  expect_same_as_one_shot(X, gaussian(1.0), opts(ProjectionKind::random, 30), 7, 3);
}

TEST_F(ProjectionFitterTest, KgsSlicedIsBitIdentical) {
  const FeatureMatrix X = random_points(500, 2, 2, 3.0);
  // kgs: diagonal, 40 pivots, inverse, transform.
  expect_same_as_one_shot(X, gaussian(1.5), opts(ProjectionKind::kgs, 40), 3, 43);
}

TEST_F(ProjectionFitterTest, ExactKpcaSlicedIsBitIdentical) {
  const FeatureMatrix X = random_points(300, 2, 3, 2.0);
  ProjectionOptions o = opts(ProjectionKind::kpca, 20);
  o.exact_limit = 300;
  expect_same_as_one_shot(X, gaussian(1.0), o, 4, 3);
}

// n m > 2^22 doubles: the Nyström covariance and the transform each take several row blocks.
TEST_F(ProjectionFitterTest, NystromSlicedIsBitIdenticalOverSeveralBlocks) {
  const FeatureMatrix X = random_points(15000, 2, 4, 3.0);
  ProjectionOptions o = opts(ProjectionKind::kpca, 30);
  o.exact_limit = 0;
  o.landmarks = 600;  // blocks of 2^22 / 600 = 6990 rows: 3 covariance blocks, 3 transform blocks
  // gram, whitening (K_mm singular here: an eigendecomposition), 3 covariance blocks, the PCA, 3 transform blocks.
  const Sliced s = expect_same_as_one_shot(X, gaussian(4.0), o, 5, 9);
  ASSERT_EQ(s.calls, 9);
  const std::vector<std::string> expected = {
      "kernel of the landmarks",  "factoring the landmarks' kernel", "covariance of the sample",
      "covariance of the sample", "covariance of the sample",        "eigendecomposition",
      "projecting the sample",    "projecting the sample",           "projecting the sample"};
  EXPECT_EQ(s.stages, expected);
}

// Rotation-free Nyström (skip_nystrom_pca at D = m): no covariance pass and no PCA. With a Cholesky factor: the
// landmarks' kernel, its factor, the factor's inverse (C = L⁻ᵀ), the transform in 2 blocks (2^22 / 800 = 5242 rows);
// sliced = one shot, progress monotone.
TEST_F(ProjectionFitterTest, RotationFreeNystromSkipsTheCovarianceAndThePca) {
  const FeatureMatrix X = random_points(6000, 4, 8, 2.0);
  const ProjectionOptions o = rotation_free_options(800);
  const Sliced s = expect_same_as_one_shot(X, gaussian(1.0), o, 5, 5);
  ASSERT_TRUE(s.fit.ok());
  EXPECT_TRUE(s.fit->rotation_free());
  const std::vector<std::string> expected = {"kernel of the landmarks", "factoring the landmarks' kernel",
                                             "inverting the Cholesky factor", "projecting the sample",
                                             "projecting the sample"};
  EXPECT_EQ(s.stages, expected);
  // The estimate knew the PCA was skipped: after the landmarks' kernel, factor and inverse (m^3 work) the
  // transform (n m^2 / 2) is most of what remains, not the ~9 m^3 eigendecomposition and the n m^2 / 2 covariance.
  EXPECT_LT(s.progress[2], 0.3);
}

// The same with a singular K_mm (2-D points, a wide kernel: the whitening is an eigendecomposition of rank r < m):
// D = m >= r, so the map is C = U_r Σ_r^{-1/2} straight after the whitening.
TEST_F(ProjectionFitterTest, RotationFreeNystromWithSingularLandmarksSkipsThePca) {
  const FeatureMatrix X = random_points(3000, 2, 4, 3.0);
  const ProjectionOptions o = rotation_free_options(600);
  const Sliced s = expect_same_as_one_shot(X, gaussian(4.0), o, 5, 3);
  ASSERT_TRUE(s.fit.ok());
  EXPECT_TRUE(s.fit->rotation_free());
  EXPECT_LT(s.fit->dims(), 600) << "K_mm singular: r < m coordinates";
  const std::vector<std::string> expected = {"kernel of the landmarks", "factoring the landmarks' kernel",
                                             "projecting the sample"};
  EXPECT_EQ(s.stages, expected);
}

TEST_F(ProjectionFitterTest, WithoutClockOrWithAHugeBudgetOneCallFinishes) {
  const FeatureMatrix X = random_points(200, 2, 5, 2.0);
  Rng rng(1, Stream::learner);
  ProjectionFitter a(X, gaussian(1.0), opts(ProjectionKind::kgs, 10), rng);
  EXPECT_EQ(a.progress(), 0.0);
  EXPECT_TRUE(a.advance(1.0, nullptr));
  EXPECT_EQ(a.progress(), 1.0);
  double fake = 0;
  ProjectionFitter b(X, gaussian(1.0), opts(ProjectionKind::kgs, 10), rng);
  EXPECT_TRUE(b.advance(1e9, [&fake] { return fake += 1.0; }));
  // A zero budget still makes progress: at least one unit per call.
  ProjectionFitter c(X, gaussian(1.0), opts(ProjectionKind::kgs, 10), rng);
  EXPECT_FALSE(c.advance(0.0, [&fake] { return fake; }));
  EXPECT_EQ(c.units(), 1);
  EXPECT_GT(c.progress(), 0.0);
}

TEST_F(ProjectionFitterTest, ErrorsFinishTheFitter) {
  Rng rng(1, Stream::learner);
  const FeatureMatrix empty(0, 2);
  ProjectionFitter a(empty, gaussian(1.0), opts(ProjectionKind::kgs, 3), rng, true);
  EXPECT_TRUE(a.finished());
  EXPECT_EQ(a.progress(), 1.0);
  Result<KernelProjection> ra = a.take();
  ASSERT_FALSE(ra.ok());
  EXPECT_EQ(ra.error().code, "projection.empty");

  // All-zero points under the linear kernel: KGS finds rank 0 in its first unit.
  const FeatureMatrix zeros = FeatureMatrix::Zero(5, 2);
  ProjectionFitter b(zeros, make_kernel(KernelKind::linear, 1, 0.0, 1.0, 0.0), opts(ProjectionKind::kgs, 3), rng, true);
  EXPECT_FALSE(b.finished());
  double fake = 0;
  EXPECT_TRUE(b.advance(0.5, [&fake] { return fake += 1.0; }));
  Result<KernelProjection> rb = b.take();
  ASSERT_FALSE(rb.ok());
  EXPECT_EQ(rb.error().code, "projection.rank_zero");
}

}  // namespace projection_fitter_test
}  // namespace ml

namespace ml {
namespace projection_fitter_test {

TEST(ProjectionMemo, HitsReturnTheTransformAndChangedContentMisses) {
  configure_eigen();
  const FeatureMatrix train = random_points(120, 3, 11, 1.0);
  Rng rng(5, Stream::learner);
  ProjectionOptions options;
  options.kind = ProjectionKind::kgs;
  options.dims = 12;
  Result<KernelProjection> p = KernelProjection::fit(train, gaussian(1.0), options, rng);
  ASSERT_TRUE(p.ok());
  FeatureMatrix test = random_points(40, 3, 12, 1.0);
  ProjectionMemo memo;
  const FeatureMatrix first = memo.transform(p.value(), test);
  EXPECT_TRUE(first == p.value().transform(test));
  const FeatureMatrix* again = &memo.transform(p.value(), test);
  EXPECT_TRUE(*again == first);
  EXPECT_EQ(again, &memo.transform(p.value(), test));  // a hit: the stored matrix itself
  // Same shape, one value changed (a new view grid at the same address): recomputed, not reused.
  test(7, 1) += 0.5f;
  const FeatureMatrix changed = memo.transform(p.value(), test);
  EXPECT_TRUE(changed == p.value().transform(test));
  EXPECT_FALSE(changed.row(7) == first.row(7));
  EXPECT_TRUE(changed.row(6) == first.row(6));
}

}  // namespace projection_fitter_test
}  // namespace ml
