// Tests of core/learners/rp_classifier.h: the step structure (CV steps, build step, Cnoise updates),
// the grids, error codes, determinism, and the point of the method: on a noisy ring (not linearly
// separable) the RP-classifier is far better than a linear perceptron.
#include "core/learners/rp_classifier.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "core/data/generator_ids.h"
#include "core/data/generators.h"
#include "core/data/transform.h"
#include "core/learners/perceptron.h"
#include "core/learners/registry.h"
#include "core/noise/noise.h"
#include "core/noise/noise_ids.h"
#include "core/util/eigen_setup.h"

namespace ml {
namespace rp_classifier_test {

// The registry's defaults (RpClassifierParams{}); tests change the members they vary.
RpClassifierParams defaults() { return RpClassifierParams{}; }

// Cross-validation on a small sample: sigma 2.5 at the centre of 2 widths, 3 folds, the D grid {2, 5, 10, 15, 20}.
RpClassifierParams small_cv(int64_t updates) {
  RpClassifierParams p = defaults();
  p.kernel.sigma = 2.5;
  p.cnoise.updates = updates;
  p.cv = true;
  p.cv_folds = 3;
  p.cv_widths = 2;
  p.cv_max_dim = 20;
  return p;
}

// A Problem whose training part is `train`, with the seed the CV tests draw their folds from.
Problem cv_problem(const Dataset& train) {
  Problem pr;
  pr.train = &train;
  pr.seed = 9;
  return pr;
}

double counter(const Learner& l, const std::string& name) {
  for (const Counter& c : l.counters()) {
    if (c.name == name) return c.value;
  }
  ADD_FAILURE() << "no counter " << name;
  return 0;
}

// Train/test parts of a 000 §5.2 ring, the training part with uniform label noise eta.
struct Toy {
  Dataset train, test;
};

Toy noisy_ring(int n_train, int n_test, double eta, uint64_t seed) {
  GeneratorSpec spec;
  spec.kind = Generator::ring;
  spec.n = n_train + n_test;
  Dataset all = generate(spec, seed).value();
  std::vector<int> tr, te;
  for (int i = 0; i < spec.n; ++i) (i < n_train ? tr : te).push_back(i);
  Toy t{select_rows(all, tr), select_rows(all, te)};
  NoiseSpec noise;
  noise.model = NoiseModel::uniform;
  noise.rate = eta;
  EXPECT_TRUE(apply_noise(noise, t.train, seed).ok());
  return t;
}

double test_error(const Learner& l, const Dataset& test) {
  std::vector<int> pred;
  l.predict_batch(test.X, &pred);
  int wrong = 0;
  for (int i = 0; i < test.rows(); ++i)
    wrong += pred[static_cast<size_t>(i)] != test.true_label[static_cast<size_t>(i)];
  return static_cast<double>(wrong) / test.rows();
}

class RpClassifierTest : public ::testing::Test {
 protected:
  void SetUp() override { configure_eigen(); }
};

TEST_F(RpClassifierTest, SchemaComposesBylanderParameters) {
  const LearnerSchema s = find_learner("rp")->schema;
  EXPECT_EQ(s.id, "rp");
  EXPECT_FALSE(s.multiclass);
  ASSERT_EQ(s.params.size(), RpClassifierParams::table().rows().size());
  std::set<std::string> names;
  for (const Setting& p : s.params) {
    EXPECT_TRUE(names.insert(p.key).second) << p.key;
    EXPECT_GE(p.default_value.number, p.min) << p.key;
    EXPECT_LE(p.default_value.number, p.max) << p.key;
  }
  std::vector<std::string> keys;
  for (const Setting& p : s.params) keys.push_back(p.key);
  EXPECT_EQ(keys, (std::vector<std::string>{
                      "projection", "dims",    "kernel", "sigma",          "width_c",   "degree",     "offset",
                      "landmarks",  "epsilon", "eta",    "eta_from_noise", "gamma",     "updates",    "output",
                      "nu",         "tie",     "cv",     "cv_folds",       "cv_widths", "cv_max_dim", "cv_updates"}));
  EXPECT_EQ(s.params[0].choices, std::vector<std::string>({"random", "kpca", "kgs"}));
  // Bylander's rows by composition, with this use's defaults (gamma 0.1, 300 updates), not Bylander's own.
  auto default_of = [](const LearnerSchema& schema, const std::string& key) {
    for (const Setting& p : schema.params)
      if (p.key == key) return p.default_value.number;
    ADD_FAILURE() << "no parameter " << key;
    return -1.0;
  };
  EXPECT_EQ(default_of(s, "gamma"), 0.1);
  EXPECT_EQ(default_of(s, "updates"), 300);
  EXPECT_EQ(default_of(find_learner("bylander")->schema, "gamma"), 0);
  EXPECT_EQ(default_of(find_learner("bylander")->schema, "updates"), 0);
}

TEST_F(RpClassifierTest, Grids) {
  const std::vector<int> full = rp_dimension_grid(200);
  ASSERT_EQ(full.size(), 24u);
  EXPECT_EQ(full.front(), 2);
  EXPECT_EQ(full[1], 5);
  EXPECT_EQ(full[2], 10);
  EXPECT_EQ(full[3], 15);
  EXPECT_EQ(full[20], 100);
  EXPECT_EQ(full.back(), 200);
  EXPECT_EQ(rp_dimension_grid(12), std::vector<int>({2, 5, 10}));
  EXPECT_EQ(rp_dimension_grid(1), std::vector<int>({1}));
  const std::vector<double> w = rp_width_grid(2.0, 3);
  ASSERT_EQ(w.size(), 3u);
  EXPECT_NEAR(w[0], 2.0 / std::sqrt(2.0), 1e-12);
  EXPECT_EQ(w[1], 2.0);
  EXPECT_NEAR(w[2], 2.0 * std::sqrt(2.0), 1e-12);
  EXPECT_EQ(rp_width_grid(3.0, 1), std::vector<double>({3.0}));
  const std::vector<double> w2 = rp_width_grid(1.0, 2);
  EXPECT_NEAR(w2[0], std::pow(2.0, -0.25), 1e-12);
  EXPECT_NEAR(w2[1], std::pow(2.0, 0.25), 1e-12);
}

// cv = 0: step 1 builds the projection (no update), then one Cnoise update per step until `updates`.
TEST_F(RpClassifierTest, BuildStepThenCnoiseUpdates) {
  const Toy t = noisy_ring(200, 10, 0.0, 3);
  RpClassifierParams p = defaults();
  p.dims = 20;
  p.kernel.sigma = 2.5;
  p.cnoise.updates = 7;
  RpClassifier rp;
  Problem pr;
  pr.train = &t.train;
  ASSERT_TRUE(rp.reset(pr, p).ok());
  EXPECT_FALSE(rp.done());
  EXPECT_FALSE(rp.built());
  EXPECT_TRUE(std::isnan(rp.bound()));
  float s[2];
  rp.scores(t.test.X.row(0).data(), s);
  EXPECT_EQ(s[0], 0.0f);
  EXPECT_EQ(s[1], 0.0f);
  const StepResult build = rp.step();
  EXPECT_FALSE(build.updated);
  EXPECT_TRUE(rp.built());
  EXPECT_EQ(counter(rp, "phase"), 1.0);
  EXPECT_EQ(counter(rp, "projection_dim"), 20.0);
  EXPECT_EQ(counter(rp, "basis_size"), 20.0);
  EXPECT_EQ(counter(rp, "sigma"), 2.5);
  EXPECT_TRUE(std::isnan(counter(rp, "cv_error")));
  int updates = 0;
  while (!rp.done()) updates += rp.step().updated ? 1 : 0;
  EXPECT_EQ(updates, 7);
  // scores() and predict_batch() agree on the sign.
  std::vector<int> pred;
  rp.predict_batch(t.test.X, &pred);
  for (int i = 0; i < t.test.rows(); ++i) {
    rp.scores(t.test.X.row(i).data(), s);
    if (std::fabs(s[1] - s[0]) > 1e-4f) {
      EXPECT_EQ(pred[static_cast<size_t>(i)], s[1] > s[0] ? 1 : 0) << i;
    }
  }
}

// cv = 1: widths x folds x |grid| CV steps first (counted), then the build with the chosen pair.
TEST_F(RpClassifierTest, CrossValidationStepsChooseFromTheGrid) {
  const Toy t = noisy_ring(150, 10, 0.1, 4);
  RpClassifier rp;
  ASSERT_TRUE(rp.reset(cv_problem(t.train), small_cv(20)).ok());
  EXPECT_EQ(counter(rp, "cv_total"), 2.0 * 3 * 5);
  EXPECT_EQ(counter(rp, "phase"), 0.0);
  EXPECT_EQ(counter(rp, "projection_dim"), 20.0);
  for (int i = 0; i < 30; ++i) {
    ASSERT_FALSE(rp.done());
    EXPECT_FALSE(rp.step().updated);
  }
  EXPECT_EQ(counter(rp, "cv_done"), 30.0);
  EXPECT_EQ(counter(rp, "phase"), 1.0);
  EXPECT_FALSE(rp.built());
  const std::vector<int> grid = rp_dimension_grid(20);
  EXPECT_NE(std::find(grid.begin(), grid.end(), rp.chosen_dims()), grid.end());
  const std::vector<double> widths = rp_width_grid(2.5, 2);
  EXPECT_TRUE(rp.chosen_sigma() == widths[0] || rp.chosen_sigma() == widths[1]);
  EXPECT_GE(rp.cv_error(), 0.0);
  EXPECT_LT(rp.cv_error(), 0.5);
  rp.step();
  EXPECT_TRUE(rp.built());
  EXPECT_EQ(counter(rp, "projection_dim"), static_cast<double>(rp.chosen_dims()));
  EXPECT_EQ(counter(rp, "cv_error"), rp.cv_error());
  while (!rp.done()) rp.step();
}

// cv_updates sets the CV runs' update count apart from the final run's: the choice is the one a run with
// updates = cv_updates makes, while the final Cnoise perceptron stops at its own `updates`.
TEST_F(RpClassifierTest, CvUpdatesHoldTheSelectionWhileTheFinalRunChanges) {
  const Toy t = noisy_ring(150, 10, 0.1, 4);
  const auto chosen = [&](int64_t updates, int64_t cv_updates, int64_t* final_updates) {
    RpClassifierParams p = small_cv(updates);
    p.cv_updates = cv_updates;
    RpClassifier rp;
    EXPECT_TRUE(rp.reset(cv_problem(t.train), p).ok());
    *final_updates = 0;
    while (!rp.done()) *final_updates += rp.step().updated ? 1 : 0;
    return std::make_pair(rp.chosen_dims(), rp.chosen_sigma());
  };
  int64_t at_20 = 0;
  const auto choice_at_20 = chosen(20, 0, &at_20);
  EXPECT_EQ(at_20, 20);
  int apart = 0;  // final counts whose own selection differs from the one at 20: without one, the test cannot fail
  for (int64_t count : {1, 2, 3, 5, 8, 13}) {
    int64_t held = 0, own = 0;
    EXPECT_EQ(chosen(count, 20, &held), choice_at_20) << count;
    apart += chosen(count, 0, &own) != choice_at_20 ? 1 : 0;
    EXPECT_EQ(held, count);
    EXPECT_EQ(own, count);
  }
  EXPECT_GE(apart, 1);
}

// The rows of X listed in `rows`, in order.
FeatureMatrix rows_of(const FeatureRef& X, const std::vector<int>& rows) {
  FeatureMatrix out(static_cast<Eigen::Index>(rows.size()), X.cols());
  for (size_t k = 0; k < rows.size(); ++k) out.row(static_cast<Eigen::Index>(k)) = X.row(rows[k]);
  return out;
}

// The chosen (D, width) is the argmin of the mean held-out errors (ties: smaller D, then larger width). The
// table is recomputed here from the header's recipe (folds from Rng(seed, Stream::learner): permutation,
// fold f = positions p mod k; per width and fold one fit with the largest D, on the same Rng; the Cnoise
// perceptron on the leading D coordinates, scored against the observed labels of the held-out fold).
TEST_F(RpClassifierTest, CrossValidationChoosesTheArgminOfTheValidationErrors) {
  const Toy t = noisy_ring(150, 10, 0.1, 4);
  const RpClassifierParams p = small_cv(20);
  RpClassifier rp;
  ASSERT_TRUE(rp.reset(cv_problem(t.train), p).ok());
  for (int i = 0; i < 30; ++i) rp.step();
  ASSERT_EQ(counter(rp, "phase"), 1.0);

  const Dataset& data = t.train;
  const int n = data.rows(), folds = 3;
  const std::vector<int> dims = rp_dimension_grid(20);
  const std::vector<double> widths = rp_width_grid(2.5, 2);
  Rng rng(9, Stream::learner);
  const std::vector<int> perm = rng.permutation(n);
  std::vector<std::vector<int>> fold_rows(folds);
  for (int q = 0; q < n; ++q) fold_rows[static_cast<size_t>(q % folds)].push_back(perm[static_cast<size_t>(q)]);
  for (auto& rows : fold_rows) std::sort(rows.begin(), rows.end());
  std::vector<std::vector<double>> errors(widths.size(), std::vector<double>(dims.size(), 0.0));
  for (size_t wi = 0; wi < widths.size(); ++wi) {
    for (int f = 0; f < folds; ++f) {
      const std::vector<int>& valid = fold_rows[static_cast<size_t>(f)];
      std::vector<int> train;
      for (int i = 0; i < n; ++i)
        if (std::find(valid.begin(), valid.end(), i) == valid.end()) train.push_back(i);
      Kernel k = make_kernel(p.kernel);
      k.sigma = widths[wi];
      ProjectionOptions o;
      o.kind = p.projection;
      o.landmarks = p.kernel.landmarks;
      o.dims = dims.back();
      Result<KernelProjection> fit = KernelProjection::fit(rows_of(data.X, train), k, o, rng);
      ASSERT_TRUE(fit.ok());
      const Dataset tr = projected_dataset(fit->transform(rows_of(data.X, train)), data, &train);
      const Dataset va = projected_dataset(fit->transform(rows_of(data.X, valid)), data, &valid);
      for (size_t di = 0; di < dims.size(); ++di) {
        const int used = std::min(dims[di], fit->dims());
        const Dataset tr_d = projected_dataset(tr.X.leftCols(used), tr, nullptr);
        Problem inner = cv_problem(t.train);
        inner.train = &tr_d;
        BylanderPerceptron b;
        ASSERT_TRUE(b.reset(inner, p.cnoise).ok());
        while (!b.done()) b.step();
        std::vector<int> pred;
        b.predict_batch(va.X.leftCols(used), &pred);
        for (size_t i = 0; i < valid.size(); ++i) errors[wi][di] += pred[i] != va.label[i] ? 1 : 0;
      }
    }
  }
  double best = 2, worst = -1;
  size_t best_w = 0, best_d = 0;
  for (size_t di = 0; di < dims.size(); ++di) {
    for (size_t wi = widths.size(); wi-- > 0;) {
      const double e = errors[wi][di] / n;
      if (e < best) best = e, best_w = wi, best_d = di;
      worst = std::max(worst, e);
    }
  }
  ASSERT_LT(best, worst);  // the grid points differ: the choice is not vacuous
  EXPECT_EQ(rp.chosen_dims(), dims[best_d]);
  EXPECT_EQ(rp.chosen_sigma(), widths[best_w]);
  EXPECT_NEAR(rp.cv_error(), best, 1e-12);
}

// The point of 000: a noisy ring needs a kernel; the RP-classifier learns it from noisy labels while a
// linear perceptron through the origin cannot do better than about the class balance.
TEST_F(RpClassifierTest, SeparatesNoisyRingFarBetterThanLinearPerceptron) {
  const Toy t = noisy_ring(800, 800, 0.2, 1);
  RpClassifierParams p = defaults();
  p.projection = ProjectionKind::kgs;
  p.dims = 50;
  p.kernel.sigma = 2.5;
  p.cnoise.eta = 0.2;
  p.cnoise.updates = 300;
  RpClassifier rp;
  Problem pr;
  pr.train = &t.train;
  ASSERT_TRUE(rp.reset(pr, p).ok());
  while (!rp.done()) rp.step();
  const double rp_error = test_error(rp, t.test);

  Perceptron perceptron;
  ASSERT_TRUE(perceptron.reset(pr, PerceptronParams{}).ok());
  for (int i = 0; i < 10 * t.train.rows() && !perceptron.done(); ++i) perceptron.step();
  const double linear_error = test_error(perceptron, t.test);

  RecordProperty("rp_error", std::to_string(rp_error));
  RecordProperty("linear_error", std::to_string(linear_error));
  EXPECT_LT(rp_error, 0.12) << "RP-classifier test error";
  EXPECT_GT(linear_error, 0.3) << "linear perceptron test error";
  EXPECT_LT(3 * rp_error, linear_error);
}

TEST_F(RpClassifierTest, SameSeedSameModel) {
  const Toy t = noisy_ring(300, 200, 0.1, 6);
  for (int kind = 0; kind < 3; ++kind) {
    RpClassifierParams p = defaults();
    p.projection = static_cast<ProjectionKind>(kind);
    p.dims = 30;
    p.kernel.sigma = 2.0;
    p.cnoise.updates = 40;
    Problem pr;
    pr.train = &t.train;
    pr.seed = 17;
    RpClassifier a, b;
    ASSERT_TRUE(a.reset(pr, p).ok());
    ASSERT_TRUE(b.reset(pr, p).ok());
    while (!a.done()) a.step();
    while (!b.done()) b.step();
    EXPECT_TRUE(a.projection().coefficients() == b.projection().coefficients());
    std::vector<int> pa, pb;
    a.predict_batch(t.test.X, &pa);
    b.predict_batch(t.test.X, &pb);
    EXPECT_EQ(pa, pb);
    EXPECT_EQ(counter(a, "best_accuracy"), counter(b, "best_accuracy"));
  }
}

TEST_F(RpClassifierTest, ErrorCodes) {
  RpClassifier rp;
  Problem pr;
  RpClassifierParams p = defaults();

  Dataset multi;
  multi.set_features(FeatureMatrix::Ones(3, 2));
  multi.label = {0, 1, 2};
  multi.class_names = default_class_names(3);
  pr.train = &multi;
  Status s = rp.reset(pr, p);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "learner.needs_binary");

  Dataset empty;
  empty.set_features(FeatureMatrix(0, 2));
  empty.class_names = default_class_names(2);
  pr.train = &empty;
  s = rp.reset(pr, p);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "rp.empty");

  Dataset zeros;
  zeros.set_features(FeatureMatrix::Zero(4, 2));
  zeros.label = {0, 1, 0, 1};
  zeros.class_names = default_class_names(2);
  pr.train = &zeros;
  p.kernel.kernel = KernelKind::linear;
  s = rp.reset(pr, p);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "rp.rank_zero");

  Dataset tiny;
  tiny.set_features(FeatureMatrix::Ones(2, 2));
  tiny.label = {0, 1};
  tiny.class_names = default_class_names(2);
  pr.train = &tiny;
  p = defaults();
  p.cv = true;
  p.cv_folds = 3;
  s = rp.reset(pr, p);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "rp.too_few_for_cv");

  pr.train = &zeros;
  p = defaults();
  p.cv = true;
  p.cnoise.updates = 0;
  p.cnoise.gamma = 0;
  s = rp.reset(pr, p);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, "rp.no_stop");
}

}  // namespace rp_classifier_test
}  // namespace ml

namespace ml {
namespace rp_classifier_test {

// 000 Cor. 1's projection size by hand: gamma = 0.2, eps = 0.5, eta = 0.1, delta = 0.05 give theta = 0.2 * 0.5 *
// 0.8 / 2080 = 3.846e-5 and D = (8 / theta)(1/0.04 + ln 40) = 208 000 * 28.688879 = 5 967 286.9; the learner's note
// shows it (with gamma = 2 l.gamma, l.gamma = 0.1 by default) beside the D in use.
TEST_F(RpClassifierTest, CorollaryOneProjectionSizeBesideTheDimensionInUse) {
  EXPECT_NEAR(rp_theorem_projection_size(0.2, 0.5, 0.1, 0.05), 208000.0 * (25.0 + std::log(40.0)), 1e-6);
  EXPECT_NEAR(rp_theorem_projection_size(0.2, 0.5, 0.1, 0.05), 5967286.93, 0.01);
  EXPECT_TRUE(std::isnan(rp_theorem_projection_size(0.0, 0.5, 0.1, 0.05)));
  EXPECT_TRUE(std::isnan(rp_theorem_projection_size(0.2, 0.5, 0.5, 0.05)));
  const Toy t = noisy_ring(60, 10, 0.1, 4);
  RpClassifierParams p = defaults();
  p.dims = 20;
  p.cnoise.eta = 0.1;
  p.cnoise.epsilon = 0.5;
  RpClassifier rp;
  Problem pr;
  pr.train = &t.train;
  ASSERT_TRUE(rp.reset(pr, p).ok());
  const std::string note = rp.rule_note();
  EXPECT_NE(note.find("= 5.97e+06 directions"), std::string::npos) << note;
  EXPECT_NE(note.find("D in use: 20"), std::string::npos) << note;
}

}  // namespace rp_classifier_test
}  // namespace ml
