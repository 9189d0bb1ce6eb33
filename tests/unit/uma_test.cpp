// Tests of UMA (core/learners/uma.h, 004 Alg. 2): one update computed by hand on a tiny 3-class set,
// the conf selection by hand, the expectation property E[z_pq] = mu_q^p (004 Prop. 2) by simulation over
// many noisy draws, refusal of singular / ill-conditioned C with exact codes, the estimated C through the
// label oracle, convergence on clean separable data, the kernel front end and the confusion metrics.
#include "core/learners/uma.h"

#include <gtest/gtest.h>

#include <Eigen/LU>
#include <algorithm>
#include <cmath>

#include "core/data/generator_ids.h"
#include "core/data/generators.h"
#include "core/learners/evaluation.h"
#include "core/learners/registry.h"
#include "core/metrics/confusion_rate.h"
#include "core/noise/noise.h"
#include "core/noise/noise_ids.h"
#include "core/session/session.h"
#include "core/util/eigen_setup.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace uma_test {

class UmaTest : public ::testing::Test {
 protected:
  void SetUp() override { configure_eigen(); }
};

// C = 0.7 I + 0.1 J (columns sum to 1); C^{-1} = (I - 0.1 J) / 0.7.
Eigen::MatrixXd symmetric_confusion() {
  Eigen::MatrixXd c = Eigen::MatrixXd::Constant(3, 3, 0.1);
  c.diagonal().setConstant(0.8);
  return c;
}

// x0 = (1,0) label 0, x1 = (0,1) label 1, x2 = (-1,0) and x3 = (0,-1) label 2.
Dataset four_points() { return test::class_dataset({{1, 0}, {0, 1}, {-1, 0}, {0, -1}}, {0, 1, 2, 2}, 3); }

TEST_F(UmaTest, OneUpdateByHand) {
  const Dataset d = four_points();
  Problem problem;
  problem.train = &d;
  problem.num_classes = 3;
  Uma uma;
  uma.set_confusion(symmetric_confusion());
  ASSERT_TRUE(uma.reset(problem, UmaParams{}).ok());
  ASSERT_TRUE(uma.built());
  // W = 0, alpha = 0: every point is in every A_p. gamma_0 = (1/4, 0), gamma_1 = (0, 1/4), gamma_2 =
  // (-1/4, -1/4); they sum to 0, so row q of C^{-1} Gamma = gamma_q / 0.7 for every p.
  const double a = 0.25 / 0.7;
  const RowMatrixXd& z = uma.update_vectors();
  for (int p = 0; p < 3; ++p) {
    EXPECT_NEAR(z(p * 3 + 0, 0), a, 1e-12);
    EXPECT_NEAR(z(p * 3 + 0, 1), 0.0, 1e-12);
    EXPECT_NEAR(z(p * 3 + 1, 1), a, 1e-12);
    EXPECT_NEAR(z(p * 3 + 2, 0), -a, 1e-12);
    EXPECT_NEAR(z(p * 3 + 2, 1), -a, 1e-12);
  }
  // error selection: the largest ||z_pq|| is q = 2 (norm a*sqrt 2); ties over p go to the lowest p != 2.
  EXPECT_EQ(uma.next_p(), 0);
  EXPECT_EQ(uma.next_q(), 2);
  // The step: E = {0, 1} (every score 0 ties), pair rule tau_2 = +1, tau_0 = -1.
  const StepResult r = uma.step();
  EXPECT_TRUE(r.updated);
  const Eigen::MatrixXd& w = uma.weight_rows();
  EXPECT_NEAR(w(0, 0), a, 1e-12);
  EXPECT_NEAR(w(0, 1), a, 1e-12);
  EXPECT_EQ(w(1, 0), 0.0);
  EXPECT_EQ(w(1, 1), 0.0);
  EXPECT_NEAR(w(2, 0), -a, 1e-12);
  EXPECT_NEAR(w(2, 1), -a, 1e-12);
  EXPECT_EQ(uma.updates(), 1);
  // New scores: x0, x1 are predicted 0 (scores a, 0, -a), x2, x3 predicted 2. A_0 = {x0, x1}, A_1 = {},
  // A_2 = {x2, x3}. Gamma^0 = [(1/4,0); (0,1/4); 0] -> z_01 = (0.9 g1 - 0.1 g0)/0.7 = (-0.025, 0.225)/0.7,
  // z_02 = -(g0 + g1) 0.1/0.7 = (-0.025, -0.025)/0.7. Gamma^2 = [0; 0; (-1/4,-1/4)] -> z_20 = z_21 =
  // (0.025, 0.025)/0.7. A_1 empty: z_1q = 0.
  EXPECT_NEAR(z(0 * 3 + 1, 0), -0.025 / 0.7, 1e-12);
  EXPECT_NEAR(z(0 * 3 + 1, 1), 0.225 / 0.7, 1e-12);
  EXPECT_NEAR(z(0 * 3 + 2, 0), -0.025 / 0.7, 1e-12);
  EXPECT_NEAR(z(2 * 3 + 0, 1), 0.025 / 0.7, 1e-12);
  EXPECT_EQ(z.row(1 * 3 + 0).norm(), 0.0);
  EXPECT_EQ(uma.next_p(), 0);
  EXPECT_EQ(uma.next_q(), 1);
  EXPECT_EQ(uma.weight_rows().colwise().sum().cwiseAbs().maxCoeff(), 0.0);  // sum_q w_q stays 0 (004 §3.2)
}

// C with columns (1,0,0), (0.5,0.5,0), (0,0,1): true class 1 is reported as 0 half of the time, nothing
// else flips. C is not symmetric, so C^{-1} = [1 -1 0; 0 2 0; 0 0 1] and C^{-T} = [1 0 0; -1 2 0; 0 0 1]
// give different z: this pins the column convention C_pq = P(noisy p | true q) of 004 eq. 4.
Eigen::MatrixXd triangular_confusion() {
  Eigen::MatrixXd c(3, 3);
  c << 1, 0.5, 0, 0, 0.5, 0, 0, 0, 1;
  return c;
}

TEST_F(UmaTest, OneUpdateByHandWithANonSymmetricConfusion) {
  const Dataset d = four_points();
  Problem problem;
  problem.train = &d;
  problem.num_classes = 3;
  Uma uma;
  uma.set_confusion(triangular_confusion());
  ASSERT_TRUE(uma.reset(problem, UmaParams{}).ok());
  ASSERT_TRUE(uma.built());
  EXPECT_NEAR(uma.confusion_inverse()(0, 1), -1.0, 1e-12);
  EXPECT_NEAR(uma.confusion_inverse()(1, 0), 0.0, 1e-12);
  // W = 0: every point is in every A_p; gamma_0 = (1/4, 0), gamma_1 = (0, 1/4), gamma_2 = (-1/4, -1/4).
  // z_pq = row q of C^{-1} Gamma: z_p0 = g0 - g1 = (1/4, -1/4), z_p1 = 2 g1 = (0, 1/2), z_p2 = g2.
  // (C^{-T} would give z_p0 = g0 = (1/4, 0) and z_p1 = 2 g1 - g0 = (-1/4, 1/2).)
  const RowMatrixXd& z = uma.update_vectors();
  for (int p = 0; p < 3; ++p) {
    EXPECT_NEAR(z(p * 3 + 0, 0), 0.25, 1e-12) << p;
    EXPECT_NEAR(z(p * 3 + 0, 1), -0.25, 1e-12) << p;
    EXPECT_NEAR(z(p * 3 + 1, 0), 0.0, 1e-12) << p;
    EXPECT_NEAR(z(p * 3 + 1, 1), 0.5, 1e-12) << p;
    EXPECT_NEAR(z(p * 3 + 2, 0), -0.25, 1e-12) << p;
    EXPECT_NEAR(z(p * 3 + 2, 1), -0.25, 1e-12) << p;
  }
  // pi = (1/n) C^{-1} y_hat, y_hat = (1, 1, 2): (1 - 1, 2, 2)/4 = (0, 1/2, 1/2).
  EXPECT_NEAR(uma.class_proportions()[0], 0.0, 1e-12);
  EXPECT_NEAR(uma.class_proportions()[1], 0.5, 1e-12);
  EXPECT_NEAR(uma.class_proportions()[2], 0.5, 1e-12);
  // error selection: ||z_p1|| = 1/2 beats ||z_p0|| = ||z_p2|| = sqrt(2)/4; p = 0, the lowest p != 1.
  EXPECT_EQ(uma.next_p(), 0);
  EXPECT_EQ(uma.next_q(), 1);
  // The step: every score 0 ties, E = {0, 2}; pair rule tau_1 = +1, tau_0 = -1: w_1 = (0, 1/2), w_0 = -w_1.
  EXPECT_TRUE(uma.step().updated);
  const Eigen::MatrixXd& w = uma.weight_rows();
  EXPECT_NEAR(w(0, 0), 0.0, 1e-12);
  EXPECT_NEAR(w(0, 1), -0.5, 1e-12);
  EXPECT_NEAR(w(1, 0), 0.0, 1e-12);
  EXPECT_NEAR(w(1, 1), 0.5, 1e-12);
  EXPECT_EQ(w(2, 0), 0.0);
  EXPECT_EQ(w(2, 1), 0.0);
  // New scores (w_0 x, w_1 x, w_2 x): x0 = (1,0) -> (0,0,0) ties all: in every A_p; x1 = (0,1) -> (-1/2, 1/2, 0):
  // predicted 1; x2 = (-1,0) -> (0,0,0): every A_p; x3 = (0,-1) -> (1/2, -1/2, 0): predicted 0.
  // Gamma^1 = [(1/4,0); (0,1/4); (-1/4,0)] -> z_10 = g0 - g1 = (1/4, -1/4).
  // Gamma^0 = [(1/4,0); 0; (-1/4,-1/4)] -> z_01 = 2 g1 = 0, z_02 = (-1/4, -1/4).
  EXPECT_NEAR(z(1 * 3 + 0, 0), 0.25, 1e-12);
  EXPECT_NEAR(z(1 * 3 + 0, 1), -0.25, 1e-12);
  EXPECT_EQ(z.row(0 * 3 + 1).norm(), 0.0);
  EXPECT_NEAR(z(0 * 3 + 2, 0), -0.25, 1e-12);
  EXPECT_NEAR(z(0 * 3 + 2, 1), -0.25, 1e-12);
}

// alpha > 0 (004 Alg. 2 step 4): A_p keeps the points predicted p by a score gap >= alpha, and E keeps the
// classes beating q on z by >= alpha.
TEST_F(UmaTest, AlphaShrinksTheAgreementSetsAndTheErrorSet) {
  // Three points, labels 0, 1, 2; scores chosen by hand: x0 is predicted 0 by a gap 2, x1 predicted 0 by
  // a gap 0.5, x2 predicted 2 by a gap 1 (exactly alpha: kept, the rule is >=).
  const Dataset d = test::class_dataset({{1, 0}, {0, 1}, {-1, -1}}, {0, 1, 2}, 3);
  FeatureMatrix scores(3, 3);
  scores << 3.0f, 1.0f, 0.0f, 1.0f, 0.5f, 0.0f, 0.0f, 0.0f, 1.0f;
  // alpha = 0: A_0 = {x0, x1}, A_2 = {x2}: gamma^0 rows (1/3, 0), (0, 1/3), 0; gamma^2 row 2 = (-1/3, -1/3).
  const RowMatrixXd g0 = uma_gamma(d.X, d.label, scores, 3, 0.0);
  EXPECT_NEAR(g0(0 * 3 + 0, 0), 1.0 / 3, 1e-12);
  EXPECT_NEAR(g0(0 * 3 + 1, 1), 1.0 / 3, 1e-12);
  EXPECT_NEAR(g0(2 * 3 + 2, 0), -1.0 / 3, 1e-12);
  // alpha = 1: x1 (gap 0.5) leaves A_0; x0 (gap 2) and x2 (gap exactly 1) stay.
  const RowMatrixXd g1 = uma_gamma(d.X, d.label, scores, 3, 1.0);
  EXPECT_NEAR(g1(0 * 3 + 0, 0), 1.0 / 3, 1e-12);
  EXPECT_EQ(g1.row(0 * 3 + 1).norm(), 0.0);
  EXPECT_NEAR(g1(2 * 3 + 2, 0), -1.0 / 3, 1e-12);
  EXPECT_NEAR(g1(2 * 3 + 2, 1), -1.0 / 3, 1e-12);
  // alpha = 2.5: every gap is smaller (2, 0.5, 1): every A_p is empty.
  EXPECT_EQ(uma_gamma(d.X, d.label, scores, 3, 2.5).norm(), 0.0);
  // E with alpha: scores on z (2, 1.5, 1), q = 2: class 0 beats by 1 (in E at alpha 1), class 1 by 0.5 (not).
  const double s[3] = {2.0, 1.5, 1.0};
  double tau[3];
  EXPECT_EQ(ultraconservative_steps(s, 3, 2, 1.0, UltraUpdate::uniform, -1, tau), 1);
  EXPECT_EQ(tau[0], -1.0);
  EXPECT_EQ(tau[1], 0.0);
  EXPECT_EQ(tau[2], 1.0);
  EXPECT_EQ(ultraconservative_steps(s, 3, 2, 0.0, UltraUpdate::uniform, -1, tau), 2);
  EXPECT_EQ(tau[0], -0.5);
  EXPECT_EQ(tau[1], -0.5);
}

// select=random (004 §3.5): uniform among the pairs with ||z_pq|| >= tol, never a pair below it.
TEST_F(UmaTest, RandomSelectionDrawsOnlyPairsAboveTheTolerance) {
  // With the triangular C at W = 0 (OneUpdateByHandWithANonSymmetricConfusion): ||z_p1|| = 1/2 and
  // ||z_p0|| = ||z_p2|| = sqrt(2)/4 ~ 0.354 for every p. tol = 0.4 leaves the pairs (0,1) and (2,1) only.
  const Dataset d = four_points();
  Problem problem;
  problem.train = &d;
  problem.num_classes = 3;
  int p0 = 0, p2 = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    problem.seed = seed;
    Uma uma;
    uma.set_confusion(triangular_confusion());
    ASSERT_TRUE(uma.reset(problem, UmaParams{.select = UmaSelection::random, .tol = 0.4}).ok());
    ASSERT_EQ(uma.next_q(), 1) << "seed " << seed << ": pair (" << uma.next_p() << "," << uma.next_q() << ")";
    ASSERT_TRUE(uma.next_p() == 0 || uma.next_p() == 2) << uma.next_p();
    EXPECT_GE(uma.update_vectors().row(uma.next_p() * 3 + uma.next_q()).norm(), 0.4);
    (uma.next_p() == 0 ? p0 : p2) += 1;
  }
  // Uniform between the two eligible pairs: both are drawn (each has probability 2^-40 of never being drawn).
  EXPECT_GT(p0, 0);
  EXPECT_GT(p2, 0);
}

// The significance stop (tol_se): a pair is eligible only when ||z_pq|| >= tol_se * se(z_pq), with
// se^2 = sum_k (C^{-1})_qk^2 (1/n^2) sum_{y_i = k, x_i in A_p} ||x_i||^2.
TEST_F(UmaTest, SignificanceStopByHand) {
  // C = I, W = 0, n = 4: class 0 = {(3,0)}, class 1 = {(0,1), (0,1)}, class 2 = {(-1,-1)}.
  // ||z_p0|| = 3/4, se = 3/4 (ratio 1); ||z_p1|| = 2/4, se = sqrt(2)/4 (ratio sqrt 2); ||z_p2|| = sqrt(2)/4,
  // se = sqrt(2)/4 (ratio 1).
  const Dataset d = test::class_dataset({{3, 0}, {0, 1}, {0, 1}, {-1, -1}}, {0, 1, 1, 2}, 3);
  Problem problem;
  problem.train = &d;
  problem.num_classes = 3;
  Uma uma;
  uma.set_confusion(Eigen::MatrixXd::Identity(3, 3));
  // Off: the error rule picks the largest norm, q = 0.
  ASSERT_TRUE(uma.reset(problem, UmaParams{}).ok());
  EXPECT_EQ(uma.next_q(), 0);
  EXPECT_EQ(uma.next_p(), 1);
  // tol_se = 1.2: only q = 1 (ratio 1.414) is significant.
  ASSERT_TRUE(uma.reset(problem, UmaParams{.tol_se = 1.2}).ok());
  EXPECT_FALSE(uma.done());
  EXPECT_EQ(uma.next_q(), 1);
  EXPECT_EQ(uma.next_p(), 0);
  // tol_se = 1.5: nothing is significant: done before any update.
  ASSERT_TRUE(uma.reset(problem, UmaParams{.tol_se = 1.5}).ok());
  EXPECT_TRUE(uma.done());
  EXPECT_EQ(uma.updates(), 0);
  EXPECT_EQ(uma.next_p(), -1);
}

// The significance stop with a C that is neither I nor symmetric, so that (C^{-1})_qk and (C^{-1})_kq differ, and
// so do C^{-1} and C: the same four points, W = 0 (every z_pq is the same for every p), with
//   C = [0.7 0.1 0.2; 0.2 0.8 0.1; 0.1 0.1 0.7]:  ||z_q|| = (1.250482, 0.718507, 0.678284),
//   se_q = (1.156307, 0.535983, 0.548039), ratio = (1.081444, 1.340539, 1.237656)
// (numpy: z_q = sum_k Cinv[q,k] gamma_k, se_q^2 = sum_k Cinv[q,k]^2 m_k, m_k = (1/n^2) sum_{y_i=k} ||x_i||^2).
// With the transposed inverse the ratios are (1.035659, 1.462214, 1.304498) and ||z_2|| is the largest of the last
// two; with C itself (0.894675, 1.227202, 0.613308); with I (1, 1.414214, 1): each picks another pair below.
TEST_F(UmaTest, SignificanceStopWithANonSymmetricConfusion) {
  const Dataset d = test::class_dataset({{3, 0}, {0, 1}, {0, 1}, {-1, -1}}, {0, 1, 1, 2}, 3);
  Problem problem;
  problem.train = &d;
  problem.num_classes = 3;
  Eigen::MatrixXd c(3, 3);
  c << 0.7, 0.1, 0.2, 0.2, 0.8, 0.1, 0.1, 0.1, 0.7;
  Uma uma;
  uma.set_confusion(c);
  // tol_se = 1.05: every q is significant; the largest norm is q = 0 (ties over p to the lowest p != q).
  ASSERT_TRUE(uma.reset(problem, UmaParams{.tol_se = 1.05}).ok());
  EXPECT_EQ(uma.next_q(), 0);
  EXPECT_EQ(uma.next_p(), 1);
  EXPECT_NEAR(uma.update_vectors().row(1 * 3 + 0).norm(), 1.250482, 1e-6);
  // tol_se = 1.2: q = 1 and q = 2; the larger norm is q = 1.
  ASSERT_TRUE(uma.reset(problem, UmaParams{.tol_se = 1.2}).ok());
  EXPECT_EQ(uma.next_q(), 1);
  EXPECT_EQ(uma.next_p(), 0);
  // tol_se = 1.3: only q = 1.
  ASSERT_TRUE(uma.reset(problem, UmaParams{.tol_se = 1.3}).ok());
  EXPECT_EQ(uma.next_q(), 1);
  // tol_se = 1.36: nothing is significant (the largest ratio is 1.340539): done before any update.
  ASSERT_TRUE(uma.reset(problem, UmaParams{.tol_se = 1.36}).ok());
  EXPECT_TRUE(uma.done());
  EXPECT_EQ(uma.updates(), 0);
}

TEST_F(UmaTest, ConfSelectionByHand) {
  const Dataset d = four_points();
  Problem problem;
  problem.train = &d;
  problem.num_classes = 3;
  Uma uma;
  uma.set_confusion(symmetric_confusion());
  ASSERT_TRUE(uma.reset(problem, UmaParams{.select = UmaSelection::conf}).ok());
  // pi = (1/n) C^{-1} y_hat with y_hat = (1, 1, 2): (y_hat - 0.1*4)/0.7/4 = (0.6, 0.6, 1.6)/2.8.
  EXPECT_NEAR(uma.class_proportions()[0], 0.6 / 2.8, 1e-12);
  EXPECT_NEAR(uma.class_proportions()[2], 1.6 / 2.8, 1e-12);
  // ||z_q|| / pi_q: q = 0 and 1 give (0.25/0.7)/(0.6/2.8) = 5/3, q = 2 gives (0.25 sqrt2/0.7)/(1.6/2.8) ~ 0.88:
  // q = 0 and q = 1 tie in exact arithmetic (rounding decides), q = 2 loses although its ||z|| is the largest
  // (the error rule picks it, OneUpdateByHand); p is the lowest class other than q.
  EXPECT_TRUE(uma.next_q() == 0 || uma.next_q() == 1) << uma.next_q();
  EXPECT_EQ(uma.next_p(), uma.next_q() == 0 ? 1 : 0);
}

// 004 Prop. 1-2: for fixed X and W, E[gamma_k^p] = sum_q C_kq mu_q^p over the label noise, so the mean of
// z_pq over many noisy draws approaches mu_q^p = (1/n) sum_i 1{t_i = q} 1{x_i in A_p} x_i.
TEST_F(UmaTest, UpdateVectorIsUnbiasedForTheCleanMeanBySimulation) {
  GeneratorSpec spec;
  spec.kind = Generator::classes;
  spec.n = 300;
  spec.dims = 3;
  spec.classes = 3;
  spec.margin = 0.05;
  Result<Dataset> clean = generate(spec, 7);
  ASSERT_TRUE(clean.ok());
  const int q_count = 3;
  // A fixed W that is not the target: 3 random unit rows from another seed.
  const FeatureMatrix w = class_weight_vectors(q_count, 3, 99);
  const FeatureMatrix scores = clean->X * w.transpose();
  const Eigen::MatrixXd mu = uma_gamma(clean->X, clean->true_label, scores, q_count, 0.0);  // C = I: z = gamma
  Eigen::MatrixXd c(3, 3);
  c << 0.6, 0.2, 0.1, 0.3, 0.7, 0.2, 0.1, 0.1, 0.7;
  const Eigen::MatrixXd c_inv = c.inverse();
  NoiseSpec noise;
  noise.model = NoiseModel::confusion;
  noise.confusion = confusion_to_list(c);
  const int draws = 2000;
  Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(mu.rows(), mu.cols());
  Eigen::MatrixXd sum_sq = Eigen::MatrixXd::Zero(mu.rows(), mu.cols());
  for (int t = 1; t <= draws; ++t) {
    Dataset noisy = clean.value();
    ASSERT_TRUE(apply_noise(noise, noisy, static_cast<uint64_t>(t)).ok());
    const Eigen::MatrixXd z = uma_update_vectors(uma_gamma(noisy.X, noisy.label, scores, q_count, 0.0), c_inv);
    sum += z;
    sum_sq += z.cwiseProduct(z);
  }
  const Eigen::MatrixXd mean = sum / draws;
  const Eigen::MatrixXd var = (sum_sq / draws - mean.cwiseProduct(mean)).cwiseMax(0.0);
  int nonzero_pairs = 0;
  for (Eigen::Index r = 0; r < mu.rows(); ++r) {
    if (r / q_count == r % q_count) continue;  // p = q is not an update vector
    if (mu.row(r).norm() > 0) ++nonzero_pairs;
    for (Eigen::Index j = 0; j < mu.cols(); ++j) {
      const double standard_error = std::sqrt(var(r, j) / draws);
      EXPECT_NEAR(mean(r, j), mu(r, j), 5.0 * standard_error + 1e-12) << "pair " << r / q_count << "," << r % q_count;
    }
  }
  EXPECT_GE(nonzero_pairs, 2);  // the fixed W errs somewhere, so the property is tested on real mistakes
  // And the noisy average is not already the clean one: without C^{-1} it is biased.
  Dataset noisy = clean.value();
  ASSERT_TRUE(apply_noise(noise, noisy, 1).ok());
  const Eigen::MatrixXd biased = uma_gamma(noisy.X, noisy.label, scores, q_count, 0.0);
  EXPECT_GT((biased - mu).norm(), 0.05 * mu.norm());
}

TEST_F(UmaTest, RefusesSingularConfusion) {
  const Dataset d = four_points();
  Problem problem;
  problem.train = &d;
  problem.num_classes = 3;
  Eigen::MatrixXd singular(3, 3);
  singular << 0.5, 0.5, 0, 0.5, 0.5, 0, 0, 0, 1;
  Uma uma;
  uma.set_confusion(singular);
  const Status s = uma.reset(problem, UmaParams{});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "uma.singular_confusion");
  EXPECT_NE(s.error().message.find("condition number"), std::string::npos) << s.error().message;
}

TEST_F(UmaTest, RefusesIllConditionedConfusionNamingItsConditionNumber) {
  const Dataset d = four_points();
  Problem problem;
  problem.train = &d;
  problem.num_classes = 3;
  Eigen::MatrixXd near(3, 3);
  near << 0.501, 0.499, 0, 0.499, 0.501, 0, 0, 0, 1;
  const double kappa = condition_number(near);  // 1/0.002 = 500
  EXPECT_NEAR(kappa, 500.0, 1e-6);
  Uma uma;
  uma.set_confusion(near);
  Status s = uma.reset(problem, UmaParams{.max_cond = 100});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "uma.ill_conditioned_confusion");
  EXPECT_NE(s.error().message.find("condition number 500 > 100"), std::string::npos) << s.error().message;
  EXPECT_NE(s.error().message.find("l.max_cond"), std::string::npos);
  EXPECT_TRUE(uma.reset(problem, UmaParams{.max_cond = 1000}).ok());
  // A matrix whose columns do not sum to 1 is not a confusion matrix.
  Eigen::MatrixXd bad = symmetric_confusion();
  bad(0, 0) = 0.9;
  uma.set_confusion(bad);
  s = uma.reset(problem, UmaParams{});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "uma.bad_confusion");
}

Config noisy_classes_config(const std::string& cm) {
  Config c;
  c.generator.kind = Generator::classes;
  c.generator.n = 1200;
  c.generator.dims = 2;
  c.generator.classes = 3;
  c.generator.margin = 0.05;
  c.test_fraction = 0.5;
  c.noise.model = NoiseModel::confusion;
  c.noise.confusion = {};
  size_t start = 0;
  while (start < cm.size()) {
    size_t comma = cm.find(',', start);
    if (comma == std::string::npos) comma = cm.size();
    c.noise.confusion.push_back(std::stod(cm.substr(start, comma - start)));
    start = comma + 1;
  }
  c.learner = "uma";
  c.seed = 3;
  return c;
}

TEST_F(UmaTest, SessionRefusesASingularNoiseMatrix) {
  Config c = noisy_classes_config("0.5,0.5,0,0.5,0.5,0,0,0,1");
  Result<std::unique_ptr<Session>> s = Session::create(c, nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "uma.singular_confusion");
}

TEST_F(UmaTest, GivenConfusionBeatsIdentityUnderStrongNoise) {
  // Class 0 is reported as 1 half of the time and 1 as 2 40% of the time: a perceptron (C = I) follows the
  // noisy majority; UMA undoes it.
  const std::string cm = "0.5,0.1,0.1,0.4,0.5,0.1,0.1,0.4,0.8";
  Config c = noisy_classes_config(cm);
  c.params = {{"max_updates", 300}};
  Result<std::unique_ptr<Session>> with_c = Session::create(c, nullptr);
  ASSERT_TRUE(with_c.ok()) << with_c.error().message;
  c.params = {{"confusion", 2}, {"max_updates", 300}};
  Result<std::unique_ptr<Session>> identity = Session::create(c, nullptr);
  ASSERT_TRUE(identity.ok());
  with_c.value()->advance(300);
  identity.value()->advance(300);
  const double uma_rate =
      learner_confusion_rate(with_c.value()->learner(), with_c.value()->data().test, LabelSet::truth);
  const double id_rate =
      learner_confusion_rate(identity.value()->learner(), identity.value()->data().test, LabelSet::truth);
  EXPECT_LT(uma_rate, id_rate);
  EXPECT_LT(with_c.value()->metrics().test_error, identity.value()->metrics().test_error);
}

TEST_F(UmaTest, EstimatedConfusionAsksTheOracleForTheDrawnRowsOnly) {
  Config c = noisy_classes_config("0.8,0.1,0.1,0.1,0.8,0.1,0.1,0.1,0.8");
  c.params = {{"confusion", 1}, {"est_fraction", 0.1}};
  Result<std::unique_ptr<Session>> s = Session::create(c, nullptr);
  ASSERT_TRUE(s.ok()) << s.error().message;
  const auto& uma = dynamic_cast<const Uma&>(s.value()->learner());
  const Dataset& train = s.value()->data().train;
  EXPECT_EQ(static_cast<int>(uma.oracle_rows().size()), static_cast<int>(std::llround(0.1 * train.rows())));
  std::vector<int> noisy, truth;
  for (int i : uma.oracle_rows()) {
    noisy.push_back(train.label[static_cast<size_t>(i)]);
    truth.push_back(train.true_label[static_cast<size_t>(i)]);
  }
  Result<Eigen::MatrixXd> expected = estimate_confusion(noisy, truth, 3);
  ASSERT_TRUE(expected.ok());
  EXPECT_EQ(uma.confusion(), expected.value());
  // The front end shows this matrix as the learner's estimate, with the number of oracle labels.
  bool estimated = false;
  int oracle_labels = 0;
  const Eigen::MatrixXd* in_use = s.value()->learner().confusion_in_use(&estimated, &oracle_labels);
  ASSERT_NE(in_use, nullptr);
  EXPECT_TRUE(estimated);
  EXPECT_EQ(oracle_labels, static_cast<int>(uma.oracle_rows().size()));
  EXPECT_EQ(*in_use, expected.value());
  // Without an oracle the estimated source is refused.
  Problem problem = s.value()->problem();
  problem.label_oracle = nullptr;
  Uma bare;
  const Status st = bare.reset(problem, UmaParams{.confusion = UmaConfusionSource::estimated});
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().code, "uma.no_oracle");
}

// f_conf (004 Table 1): the ultraconservative learner with l.conf trains on exactly the rows UMA's estimated C asks
// the oracle for (same seed, same fraction), with the oracle's true labels, not the rows' given labels.
TEST_F(UmaTest, FconfTrainsOnUmasOracleRowsWithTheirTrueLabels) {
  Config c = noisy_classes_config("0.8,0.1,0.1,0.1,0.8,0.1,0.1,0.1,0.8");
  c.params = {{"confusion", 1}, {"est_fraction", 0.1}};
  Result<std::unique_ptr<Session>> s = Session::create(c, nullptr);
  ASSERT_TRUE(s.ok()) << s.error().message;
  const std::vector<int>& oracle_rows = dynamic_cast<const Uma&>(s.value()->learner()).oracle_rows();
  const Dataset& train = s.value()->data().train;
  // Every given label wrong, so a step on a given label and one on the oracle's differ.
  Dataset relabelled = train;
  for (size_t i = 0; i < relabelled.label.size(); ++i) relabelled.label[i] = (train.true_label[i] + 1) % 3;
  Problem problem = s.value()->problem();
  problem.train = &relabelled;
  Ultraconservative f_conf;
  const UltraconservativeParams params{.normalize = false, .order = VisitOrder::cyclic, .conf = 0.1};
  ASSERT_TRUE(f_conf.reset(problem, params).ok());
  std::vector<int> visited;
  for (size_t k = 0; k < oracle_rows.size(); ++k) {
    const FeatureMatrix before = f_conf.weight_rows();
    const StepResult r = f_conf.step();
    visited.push_back(r.example);
    if (!r.updated) continue;
    const int truth = train.true_label[static_cast<size_t>(r.example)];
    const Eigen::RowVectorXf gain = f_conf.weight_rows().row(truth) - before.row(truth);
    const Eigen::RowVectorXf x = train.X.row(r.example);
    EXPECT_LT((gain - x).norm(), 1e-4f * x.norm()) << "the step's +x goes to the true class " << truth;
  }
  EXPECT_EQ(visited, oracle_rows);
  problem.label_oracle = nullptr;
  const Status refused = f_conf.reset(problem, params);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "ultraconservative.no_oracle");
}

// 004 Fig. 1(b) as settings: noise=family corrupts with C_i; l.confusion=family tells UMA C_j of the same
// family (same base matrix M), j = l.family: j = i is the given matrix, j = 0 is I, any other j is C_j.
TEST_F(UmaTest, FamilyConfusionIsCjOfTheNoisesFamily) {
  Config c = noisy_classes_config("1,0,0,0,1,0,0,0,1");
  c.noise.model = NoiseModel::family;
  c.noise.family = 4;
  c.noise.family_seed = 2;
  const Eigen::MatrixXd m = family_base_matrix(3, 2);
  auto confusion_of = [&](const ParamValues& params) -> Eigen::MatrixXd {
    c.params = params;
    Result<std::unique_ptr<Session>> s = Session::create(c, nullptr);
    EXPECT_TRUE(s.ok()) << s.error().message;
    if (!s.ok()) return {};
    return dynamic_cast<const Uma&>(s.value()->learner()).confusion();
  };
  const Eigen::MatrixXd given = confusion_of({});
  EXPECT_EQ(given, confusion_family(m, 4));
  EXPECT_EQ(confusion_of({{"confusion", 3}, {"family", 4}}), given);
  EXPECT_EQ(confusion_of({{"confusion", 3}, {"family", 0}}), Eigen::MatrixXd::Identity(3, 3));
  EXPECT_EQ(confusion_of({{"confusion", 3}, {"family", 9}}), confusion_family(m, 9));
  EXPECT_EQ(confusion_of({{"confusion", 3}}), confusion_family(m, 10));  // default j = 10: M (transposed)
  EXPECT_TRUE(confusion_family(m, 10).isApprox(m.transpose(), 1e-12));
  // Without a family noise there is no M to take C_j from.
  c.noise.model = NoiseModel::uniform;
  c.params = {{"confusion", 3}};
  Result<std::unique_ptr<Session>> refused = Session::create(c, nullptr);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "uma.no_family");
  EXPECT_NE(refused.error().message.find("noise=family"), std::string::npos) << refused.error().message;
}

TEST_F(UmaTest, OtherNoiseModelsHaveNoGivenMatrix) {
  Config c;
  c.generator.kind = Generator::separable;
  c.generator.n = 100;
  c.noise.model = NoiseModel::malicious;
  c.learner = "uma";
  Result<std::unique_ptr<Session>> s = Session::create(c, nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "uma.no_confusion");
}

TEST_F(UmaTest, ConvergesOnCleanSeparableData) {
  Config c;
  c.generator.kind = Generator::classes;
  c.generator.n = 400;
  c.generator.dims = 3;
  c.generator.classes = 4;
  c.generator.margin = 0.1;
  c.learner = "uma";
  c.params = {{"max_updates", 0}, {"tol", 0}};
  Result<std::unique_ptr<Session>> s = Session::create(c, nullptr);
  ASSERT_TRUE(s.ok()) << s.error().message;
  s.value()->advance(100000);
  ASSERT_TRUE(s.value()->done());
  // With C = I and no noise, every z_pq vanishes exactly when no training point is misclassified.
  EXPECT_EQ(s.value()->metrics().train_error_true, 0.0);
  const auto& uma = dynamic_cast<const Uma&>(s.value()->learner());
  EXPECT_GT(uma.updates(), 0);
}

TEST_F(UmaTest, StopsAtTheUpdateCapAndReportsCounters) {
  Config c = noisy_classes_config("0.8,0.1,0.1,0.1,0.8,0.1,0.1,0.1,0.8");
  c.params = {{"max_updates", 5}};
  Result<std::unique_ptr<Session>> s = Session::create(c, nullptr);
  ASSERT_TRUE(s.ok());
  s.value()->advance(1000);
  EXPECT_TRUE(s.value()->done());
  EXPECT_EQ(s.value()->updates(), 5);
  const SessionMetrics m = s.value()->metrics();
  std::vector<std::string> names;
  for (const Counter& k : m.counters) names.push_back(k.name);
  for (const char* want : {"p", "q", "z_norm", "max_z_norm", "confusion_rate_est", "condition", "confusion_rate"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), want), names.end()) << want;
  }
  // The session's last counter is the test confusion rate against the true labels.
  ASSERT_EQ(names.back(), "confusion_rate");
  EXPECT_EQ(m.counters.back().value,
            learner_confusion_rate(s.value()->learner(), s.value()->data().test, LabelSet::truth));
  EXPECT_EQ(s.value()->trace().columns().back(), "confusion_rate");
}

TEST_F(UmaTest, KernelFrontEndIsFittedByTheFirstStep) {
  Config c;
  c.generator.kind = Generator::blobs;
  c.generator.n = 300;
  c.generator.classes = 3;
  c.learner = "uma";
  c.params = {{"dims", 20}, {"projection", 1}, {"sigma", 2}};
  Result<std::unique_ptr<Session>> s = Session::create(c, nullptr);
  ASSERT_TRUE(s.ok()) << s.error().message;
  const auto& uma = dynamic_cast<const Uma&>(s.value()->learner());
  EXPECT_FALSE(uma.built());
  s.value()->advance(1);
  ASSERT_TRUE(uma.built());
  EXPECT_EQ(uma.projection().dims(), 20);
  EXPECT_EQ(uma.weight_rows().cols(), 20);
  s.value()->advance(200);
  // Linear UMA through the origin cannot separate blobs well; the Gaussian front end can.
  Config linear = c;
  linear.params = {};
  Result<std::unique_ptr<Session>> l = Session::create(linear, nullptr);
  ASSERT_TRUE(l.ok());
  l.value()->advance(200);
  EXPECT_LT(s.value()->metrics().test_error, l.value()->metrics().test_error);
  // scores() agrees with predict_batch on the predicted class.
  const Dataset& test = s.value()->data().test;
  std::vector<int> batch;
  uma.predict_batch(test.X, &batch);
  int agree = 0;
  for (int i = 0; i < test.rows(); ++i) agree += uma.predict(test.X.row(i).data()) == batch[static_cast<size_t>(i)];
  EXPECT_GE(agree, test.rows() - 1);
}

TEST_F(UmaTest, ExactKpcaIsRefusedOnLargeSets) {
  Dataset d = four_points();
  d.set_features(FeatureMatrix::Ones(kUmaMaxExactKpca + 1, 2));
  d.label.assign(static_cast<size_t>(kUmaMaxExactKpca + 1), 0);
  d.label[1] = 1;
  d.label[2] = 2;
  Problem problem;
  problem.train = &d;
  problem.num_classes = 3;
  Uma uma;
  uma.set_confusion(Eigen::MatrixXd::Identity(3, 3));
  const Status s = uma.reset(problem, UmaParams{.projection = UmaProjection::kpca});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "uma.kpca_too_large");
}

TEST(ConfusionRate, HandComputed) {
  // truth 0,0,1,1,2 ; predicted 0,1,1,1,0: column 0 = (1/2, 1/2, 0), column 1 = (0, 1, 0), column 2 = (1, 0, 0).
  const Eigen::MatrixXd c = prediction_confusion({0, 1, 1, 1, 0}, {0, 0, 1, 1, 2}, 3);
  EXPECT_DOUBLE_EQ(c(0, 0), 0.5);
  EXPECT_DOUBLE_EQ(c(1, 0), 0.5);
  EXPECT_DOUBLE_EQ(c(1, 1), 1.0);
  EXPECT_DOUBLE_EQ(c(0, 2), 1.0);
  EXPECT_DOUBLE_EQ(off_diagonal_norm(c), std::sqrt(0.25 + 1.0));
  EXPECT_DOUBLE_EQ(confusion_rate(c), std::sqrt(1.25 / 3.0));
  // A class without examples gives a zero column; a perfect classifier has rate 0.
  const Eigen::MatrixXd perfect = prediction_confusion({0, 1}, {0, 1}, 3);
  EXPECT_EQ(perfect.col(2).norm(), 0.0);
  EXPECT_EQ(confusion_rate(perfect), 0.0);
}

TEST(UmaRegistry, RegisteredAsMulticlass) {
  const LearnerEntry* e = find_learner("uma");
  ASSERT_NE(e, nullptr);
  EXPECT_TRUE(e->schema.multiclass);
}

}  // namespace uma_test
}  // namespace ml

namespace ml {
namespace uma_test {

// A UMA step is a pass over the data, so the session records rows against that work, not as if steps were
// cheap online updates: a run whose rows cost 80x the row budget still gets a history, not just its start.
TEST(UmaSession, ExpensiveRowsStillLeaveAHistory) {
  configure_eigen();
  Config c;
  c.generator.kind = Generator::classes;
  c.generator.n = 4000;
  c.generator.dims = 200;
  c.generator.classes = 20;
  c.test_fraction = 0.25;
  c.noise.model = NoiseModel::uniform;
  c.noise.rate = 0.2;
  c.learner = "uma";
  c.params = {{"tol", 0.0}};
  Result<std::unique_ptr<Session>> s = Session::create(c, nullptr);
  ASSERT_TRUE(s.ok()) << s.error().message;
  // Row cost: 4000 examples x Q(d + 1) = 16M multiply-adds, 80x kRecordRowBudget.
  EXPECT_GT(4000.0 * s.value()->learner().predict_cost(), 50 * kRecordRowBudget);
  s.value()->advance(300);
  ASSERT_EQ(s.value()->steps(), 300);
  EXPECT_GE(s.value()->trace().committed(), 30u);
  EXPECT_LE(s.value()->trace().committed(), 150u);
}

}  // namespace uma_test
}  // namespace ml
