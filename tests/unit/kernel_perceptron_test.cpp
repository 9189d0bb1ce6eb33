// Tests of the kernel functions (core/kernels/kernel.h) and the dual perceptron
// (core/learners/kernel_perceptron.h; 001 §2): hand-computed kernel values and dual updates, the two
// Gaussian width spellings, agreement with the primal Perceptron for the linear kernel.
#include "core/learners/kernel_perceptron.h"
#include "core/settings/setting.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/data/generator_ids.h"
#include "core/data/generators.h"
#include "core/kernels/kernel.h"
#include "core/learners/evaluation.h"
#include "core/learners/perceptron.h"
#include "core/metrics/metrics.h"
#include "core/util/detmath.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace kernel_perceptron_test {

using test::problem_for;
using test::tiny_dataset;

// The kernel perceptron's parameters with cyclic order.
KernelPerceptronParams params(KernelKind k, int degree, double c, double sigma, double width_c, bool normalize) {
  return {.kernel = k,
          .degree = degree,
          .offset = c,
          .sigma = sigma,
          .width_c = width_c,
          .normalize = normalize,
          .order = VisitOrder::cyclic};
}

TEST(KernelTest, HandComputedValues) {
  const float a[3] = {1, 2, 3};
  const float b[3] = {0, -1, 2};
  Kernel lin = make_kernel(KernelKind::linear, 2, 1, 1, 0);
  EXPECT_DOUBLE_EQ(lin(a, b, 3), 4.0);  // 0 - 2 + 6
  Kernel poly = make_kernel(KernelKind::polynomial, 3, 1, 1, 0);
  EXPECT_DOUBLE_EQ(poly(a, b, 3), 125.0);  // (4 + 1)^3
  Kernel gauss = make_kernel(KernelKind::gaussian, 2, 1, 2.0, 0);
  // ||a-b||^2 = 1 + 9 + 1 = 11; exp(-11/8)
  EXPECT_NEAR(gauss(a, b, 3), std::exp(-11.0 / 8.0), 1e-15);
  EXPECT_DOUBLE_EQ(gauss(a, a, 3), 1.0);
}

TEST(KernelTest, RatschWidthCIsTwoSigmaSquaredAndWins) {
  // c = 2 sigma^2: c = 8 is sigma = 2, whatever sigma says.
  const Kernel k = make_kernel(KernelKind::gaussian, 2, 1, 0.3, 8.0);
  EXPECT_DOUBLE_EQ(k.sigma, 2.0);
  EXPECT_DOUBLE_EQ(gaussian_width_c(2.0), 8.0);
  const Kernel by_sigma = make_kernel(KernelKind::gaussian, 2, 1, 2.0, 0.0);
  const float a[2] = {0.5f, -1.0f};
  const float b[2] = {2.0f, 1.0f};
  EXPECT_EQ(k(a, b, 2), by_sigma(a, b, 2));
  // exp(-||a-b||^2 / c) with ||a-b||^2 = 2.25 + 4 = 6.25
  EXPECT_NEAR(k(a, b, 2), std::exp(-6.25 / 8.0), 1e-15);
}

TEST(KernelTest, MatrixFormsAgreeWithPointwise) {
  GeneratorSpec spec;
  spec.kind = Generator::separable;
  spec.dims = 5;
  spec.n = 30;
  Result<Dataset> ds = generate(spec, 3);
  ASSERT_TRUE(ds.ok());
  const FeatureView& X = ds->X;
  for (KernelKind kind : {KernelKind::linear, KernelKind::polynomial, KernelKind::gaussian}) {
    const Kernel k = make_kernel(kind, 3, 0.5, 0.7, 0);
    const Eigen::MatrixXd G = gram_matrix(k, X);
    const Eigen::MatrixXd C = kernel_matrix(k, X.topRows(10), X);
    Eigen::VectorXd row;
    kernel_row(k, X, X.row(4).data(), &row);
    for (int i = 0; i < 30; ++i) {
      EXPECT_EQ(G(i, i), k(X.row(i).data(), X.row(i).data(), 5)) << enum_name(kind);
      for (int j = 0; j < 30; ++j) {
        EXPECT_EQ(G(i, j), G(j, i));
        EXPECT_NEAR(G(i, j), k(X.row(i).data(), X.row(j).data(), 5), 1e-12);
        if (i < 10) {
          EXPECT_NEAR(C(i, j), G(i, j), 1e-12);
        }
      }
      EXPECT_EQ(row[i], k(X.row(i).data(), X.row(4).data(), 5));
    }
  }
  KernelKind parsed;
  EXPECT_TRUE(parse_enum_name("poly", &parsed));
  EXPECT_EQ(parsed, KernelKind::polynomial);
  EXPECT_FALSE(parse_enum_name("rbf", &parsed));
}

TEST(KernelPerceptronTest, HandComputedPolynomialDualUpdates) {
  // x1 = (1,0) +1, x2 = (0,1) -1, x3 = (1,1) +1; K = (<x,x'> + 1)^2, normalize = 0.
  const Dataset ds = tiny_dataset({{1, 0}, {0, 1}, {1, 1}}, {+1, -1, +1});
  KernelPerceptron p;
  ASSERT_TRUE(p.reset(problem_for(ds), params(KernelKind::polynomial, 2, 1, 1, 0, false)).ok());
  EXPECT_TRUE(std::isnan(p.bound()));
  EXPECT_EQ(p.weights(), nullptr);
  // Step 1: f(x1) = 0: mistake, alpha1 = +1.
  EXPECT_TRUE(p.step().mistake);
  EXPECT_DOUBLE_EQ(p.alpha(0), 1.0);
  // Step 2: f(x2) = K(x1,x2) = (0+1)^2 = 1, y = -1: mistake, alpha2 = -1.
  EXPECT_TRUE(p.step().mistake);
  EXPECT_DOUBLE_EQ(p.alpha(1), -1.0);
  // Step 3: f(x3) = K(x1,x3) - K(x2,x3) = 4 - 4 = 0: mistake, alpha3 = +1.
  EXPECT_TRUE(p.step().mistake);
  EXPECT_DOUBLE_EQ(p.alpha(2), 1.0);
  // f(2,0) = K(x1,.) - K(x2,.) + K(x3,.) = 9 - 1 + 9 = 17.
  const float probe[2] = {2, 0};
  EXPECT_DOUBLE_EQ(p.decision(probe), 17.0);
  // Step 4: f(x1) = 4 - 1 + 4 = 7 > 0: correct. Step 5: f(x2) = 1 - 4 + 4 = 1, y = -1: mistake.
  EXPECT_FALSE(p.step().mistake);
  EXPECT_TRUE(p.step().mistake);
  EXPECT_DOUBLE_EQ(p.alpha(1), -2.0);
  EXPECT_EQ(p.support(), (std::vector<int>{0, 1, 2}));
  // f(x2) = 1 - 2*4 + 4 = -3 now.
  EXPECT_DOUBLE_EQ(p.decision(ds.X.row(1).data()), -3.0);
  std::vector<int> predicted;
  p.predict_batch(ds.X, &predicted);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(predicted[static_cast<size_t>(i)], p.predict(ds.X.row(i).data()));
}

TEST(KernelPerceptronTest, NormalizedCoefficientIsYOverSqrtKxx) {
  // x1 = (3,4): K(x1,x1) = 25 (linear), coefficient 1/5; so w = (0.6, 0.8) as the primal rule.
  const Dataset ds = tiny_dataset({{3, 4}, {0, -2}}, {+1, +1});
  KernelPerceptron p;
  Problem problem = problem_for(ds, 0.5);
  problem.unit_target_margin = 0.1;  // normalize = 1: the bound is 1/gamma^2 on x/||x||
  ASSERT_TRUE(p.reset(problem, params(KernelKind::linear, 2, 1, 1, 0, true)).ok());
  p.step();
  EXPECT_DOUBLE_EQ(p.alpha(0), 0.2);
  ASSERT_NE(p.weights(), nullptr);
  EXPECT_FLOAT_EQ((*p.weights())[0], 0.6f);
  EXPECT_FLOAT_EQ((*p.weights())[1], 0.8f);
  EXPECT_NEAR(p.bound(), 100.0, 1e-9);  // gamma = 0.1 (R/delta = 10 too): the linear kernel keeps the bound
}

TEST(KernelPerceptronTest, LinearKernelMakesThePerceptronsMistakes) {
  GeneratorSpec spec;
  spec.kind = Generator::separable;
  spec.dims = 6;
  spec.n = 300;
  spec.margin = 0.05;
  Result<Dataset> ds = generate(spec, 11);
  ASSERT_TRUE(ds.ok());
  Perceptron primal;
  KernelPerceptron dual;
  ASSERT_TRUE(primal.reset(problem_for(*ds), {.normalize = true, .order = VisitOrder::cyclic}).ok());
  ASSERT_TRUE(dual.reset(problem_for(*ds), params(KernelKind::linear, 2, 1, 1, 0, true)).ok());
  int mistakes = 0;
  for (int t = 0; t < 3000 && !primal.done(); ++t) {
    const StepResult a = primal.step();
    const StepResult b = dual.step();
    ASSERT_EQ(a.mistake, b.mistake) << "step " << t;
    mistakes += a.mistake;
  }
  EXPECT_GT(mistakes, 5);
  EXPECT_EQ(primal.done(), dual.done());
}

TEST(KernelPerceptronTest, GaussianKernelSeparatesARing) {
  // Points inside radius 1 are +1, on radius 3 are -1: no halfspace through the origin does this.
  std::vector<std::vector<float>> rows;
  std::vector<int> signs;
  for (int i = 0; i < 24; ++i) {
    const double t = 2 * det::kPi * i / 24.0;
    const double r = i % 2 ? 0.5 : 3.0;
    rows.push_back({static_cast<float>(r * det::cos(t)), static_cast<float>(r * det::sin(t))});
    signs.push_back(i % 2 ? 1 : -1);
  }
  const Dataset ds = tiny_dataset(rows, signs);
  KernelPerceptron p;
  ASSERT_TRUE(p.reset(problem_for(ds), params(KernelKind::gaussian, 2, 1, 1.0, 0, true)).ok());
  for (int t = 0; t < 24 * 200 && !p.done(); ++t) p.step();
  ASSERT_TRUE(p.done());
  EXPECT_EQ(learner_error(p, ds, LabelSet::observed), 0.0);
}

}  // namespace kernel_perceptron_test
}  // namespace ml
