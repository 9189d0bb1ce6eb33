// Tests of Learner::step_many (core/learners/learner.h): for the online learners that loop it themselves
// (Perceptron, averaging, kernel Perceptron) and for the default (one step()), runs of step_many in chunks of
// many sizes (a run ends early only at done()) end in the same state as the same number of step() calls — the same
// weights and scores to the bit, counters, next example, done() — and count the same mistakes and updates; a run stops
// at done().
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/data/generator_ids.h"
#include "core/data/generators.h"
#include "core/learners/averaging.h"
#include "core/learners/bylander.h"
#include "core/learners/kernel_perceptron.h"
#include "core/learners/perceptron.h"
#include "core/noise/noise.h"
#include "core/noise/noise_ids.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace step_many_test {

using test::problem_for;

Dataset make_data(int n, int d, double margin, double noise_rate, uint64_t seed) {
  GeneratorSpec spec;
  spec.kind = Generator::separable;
  spec.n = n;
  spec.dims = d;
  spec.margin = margin;
  Result<Dataset> data = generate(spec, seed);
  EXPECT_TRUE(data.ok());
  if (noise_rate > 0) {
    NoiseSpec noise;
    noise.model = NoiseModel::uniform;
    noise.rate = noise_rate;
    EXPECT_TRUE(apply_noise(noise, data.value(), seed).ok());
  }
  return std::move(data.value());
}

struct Case {
  std::string name;                                // for the failure message
  std::function<std::unique_ptr<Learner>()> make;  // a fresh learner
  ParamValues params;                              // its parameters
  bool loops = true;                               // overrides step_many (else the default: one step per call)
};

std::vector<Case> cases() {
  std::vector<Case> out;
  auto perceptron = [] { return std::unique_ptr<Learner>(new Perceptron()); };
  auto averaging = [] { return std::unique_ptr<Learner>(new Averaging()); };
  auto kernel = [] { return std::unique_ptr<Learner>(new KernelPerceptron()); };
  auto bylander = [] { return std::unique_ptr<Learner>(new BylanderPerceptron()); };
  out.push_back({"perceptron", perceptron, PerceptronParams::table().encode({})});
  out.push_back({"perceptron raw shuffled", perceptron,
                 PerceptronParams::table().encode({.normalize = false, .order = VisitOrder::shuffled})});
  out.push_back({"averaging", averaging, AveragingParams::table().encode({})});
  out.push_back({"averaging normalized", averaging, AveragingParams::table().encode({.normalize = true})});
  out.push_back({"kernel perceptron", kernel, KernelPerceptronParams::table().encode({})});
  KernelPerceptronParams linear;
  linear.kernel = KernelKind::linear;
  linear.order = VisitOrder::shuffled;
  out.push_back({"kernel perceptron linear shuffled", kernel, KernelPerceptronParams::table().encode(linear)});
  out.push_back({"bylander (default step_many)", bylander, BylanderParams::table().encode({}), false});
  return out;
}

// Every bit of what a learner shows: weights, scores of the training rows, counters, next example, done.
void expect_same_state(const Learner& a, const Learner& b, const Dataset& data) {
  ASSERT_EQ(a.done(), b.done());
  EXPECT_EQ(a.next_example(), b.next_example());
  const Vector* wa = a.weights();
  const Vector* wb = b.weights();
  ASSERT_EQ(wa == nullptr, wb == nullptr);
  if (wa != nullptr) {
    ASSERT_EQ(wa->size(), wb->size());
    EXPECT_EQ(std::memcmp(wa->data(), wb->data(), sizeof(float) * static_cast<size_t>(wa->size())), 0);
  }
  Eigen::MatrixXf sa, sb;
  a.scores_batch(data.X, &sa);
  b.scores_batch(data.X, &sb);
  ASSERT_EQ(sa.size(), sb.size());
  EXPECT_EQ(std::memcmp(sa.data(), sb.data(), sizeof(float) * static_cast<size_t>(sa.size())), 0);
  const std::vector<Counter> ca = a.counters();
  const std::vector<Counter> cb = b.counters();
  ASSERT_EQ(ca.size(), cb.size());
  for (size_t i = 0; i < ca.size(); ++i) {
    EXPECT_EQ(ca[i].name, cb[i].name);
    EXPECT_EQ(ca[i].value, cb[i].value) << ca[i].name;
  }
}

// Runs `total` steps (fewer when the learner stops) both ways, comparing after every chunk.
void check(const Case& c, const Dataset& data, int64_t total) {
  SCOPED_TRACE(c.name);
  std::unique_ptr<Learner> single = c.make();
  std::unique_ptr<Learner> batched = c.make();
  ASSERT_TRUE(single->reset(problem_for(data, 0.0, 5), c.params).ok());
  ASSERT_TRUE(batched->reset(problem_for(data, 0.0, 5), c.params).ok());
  StepCounts one, many;
  int64_t chunk = 1;
  while (many.steps < total && !batched->done()) {
    const int64_t want = std::min(chunk, total - many.steps);
    const StepCounts run = batched->step_many(want);
    ASSERT_GE(run.steps, 1);
    ASSERT_LE(run.steps, want);
    if (c.loops && run.steps < want) {
      EXPECT_TRUE(batched->done()) << "a short run ends only at done()";
    }
    if (!c.loops) {
      EXPECT_EQ(run.steps, 1);
    }
    many.steps += run.steps;
    many.mistakes += run.mistakes;
    many.updates += run.updates;
    for (int64_t k = 0; k < run.steps; ++k) {
      ASSERT_FALSE(single->done());
      const StepResult r = single->step();
      ++one.steps;
      one.mistakes += r.mistake ? 1 : 0;
      one.updates += r.updated ? 1 : 0;
    }
    EXPECT_EQ(one.mistakes, many.mistakes) << "after " << many.steps << " steps";
    EXPECT_EQ(one.updates, many.updates) << "after " << many.steps << " steps";
    expect_same_state(*single, *batched, data);
    if (::testing::Test::HasFailure()) return;
    chunk = std::min<int64_t>(chunk * 3 + 2, 4096);  // 1, 5, 17, 53, ...: runs end inside and across epochs
  }
  EXPECT_GT(one.mistakes + one.updates, 0) << "the run did something";
}

TEST(StepManyTest, RunsEqualSingleStepsOnNoisyData) {
  const Dataset data = make_data(150, 5, 0.0, 0.2, 3);
  for (const Case& c : cases()) check(c, data, 2000);
}

TEST(StepManyTest, RunsStopWhereTheLearnerStops) {
  // Separable with a margin and no noise: the Perceptron family stops after a clean epoch, inside a run.
  const Dataset data = make_data(120, 3, 0.2, 0.0, 4);
  for (const Case& c : cases()) {
    if (c.name.rfind("bylander", 0) == 0) continue;  // no own stop without a known margin
    check(c, data, 100000);
    std::unique_ptr<Learner> learner = c.make();
    ASSERT_TRUE(learner->reset(problem_for(data, 0.0, 5), c.params).ok());
    int64_t steps = 0;
    while (!learner->done() && steps < 100000) steps += learner->step_many(100000 - steps).steps;
    EXPECT_TRUE(learner->done()) << c.name;
  }
}

}  // namespace step_many_test
}  // namespace ml
