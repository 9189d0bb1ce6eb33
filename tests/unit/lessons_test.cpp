// The lessons (core/lessons/lessons.h, docs/lessons.md): every step's own link meets its goal exactly when the
// step is a demonstration, and a solution written here meets it; lesson links parse and refuse bad fields by
// name; goals are stated from the declaration that checks them. The same binary runs under node (web ctest).
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/learners/registry.h"
#include "core/lessons/lessons.h"
#include "core/session/pipeline.h"
#include "tests/unit/shipped_files.h"

namespace ml {
namespace lessons_test {

// The shipped data/ files as the experiment runner's CSV provider (the command line reads the same files).
Result<std::shared_ptr<const Dataset>> shipped_data(const Config& config) {
  Result<std::vector<std::string>> names = csv_file_names(config);
  if (!names.ok()) return names.error();
  const std::vector<std::string> texts = test::read_shipped_files(*names);
  const std::vector<std::string_view> views(texts.begin(), texts.end());
  Result<Dataset> data = csv_dataset(config, *names, views);
  if (!data.ok()) return data.error();
  return std::make_shared<const Dataset>(std::move(data).value());
}

// Runs a lesson link; a failed expectation (and a not-met check) when it cannot run.
StepRun run(const std::string& link) {
  Result<LessonLink> parsed = parse_lesson_link(link);
  EXPECT_TRUE(parsed.ok()) << link << ": " << (parsed.ok() ? "" : parsed.error().message);
  if (!parsed.ok()) return {};
  Result<StepRun> ran = run_lesson_link(*parsed, shipped_data);
  EXPECT_TRUE(ran.ok()) << link << ": " << (ran.ok() ? "" : ran.error().message);
  return ran.ok() ? std::move(ran).value() : StepRun{};
}

// A solution for every step: experiment links (without the lesson keys) that meet the step's goal. A
// challenge has two, met in different ways; a demonstration's is its own link on another seed or setting.
const std::map<std::string, std::vector<std::vector<std::string>>>& solutions() {
  static const std::map<std::string, std::vector<std::vector<std::string>>> table = {
      {"perceptron_bound",
       {{"#v=1&data=separable&margin=0.2&learner=perceptron&seed=2&steps=4000"},
        {"#v=1&data=separable&n=1000&margin=0.005&learner=perceptron&seed=1&steps=20000"},
        {"#v=1&data=basis&margin=0.05&learner=perceptron&seed=1&steps=1000"},
        {"#v=1&data=separable&margin=0.2&noise=uniform&learner=perceptron&seed=1&steps=4000",
         "#v=1&data=separable&margin=0.2&noise=malicious&eta=0.2&learner=perceptron&seed=1&steps=4000"}}},
      {"halving_mistakes",
       {{"#v=1&data=finite&concepts=4096&learner=halving&seed=1&steps=1000"},
        {"#v=1&data=finite&concepts=1000000&learner=halving&seed=1&steps=1000"},
        {"#v=1&data=finite&learner=randomized_halving&seed=1&steps=1000"},
        {"#v=1&data=finite&noise=uniform&learner=halving&seed=1&steps=1000"}}},
      {"uniform_noise",
       {{"#v=1&data=separable&noise=uniform&eta=0.3&learner=perceptron&seed=1&steps=3000"},
        {"#v=1&data=separable&noise=uniform&eta=0.2&learner=bylander&seed=1&steps=3000"},
        {"#v=1&data=separable&noise=uniform&learner=perceptron&seed=1&steps=3000&x.learner=perceptron,bylander"
         "&x.eta=0,0.1,0.2,0.3&x.seed=1..3"},
        {"#v=1&data=separable&noise=uniform&learner=perceptron&seed=1&steps=3000&x.learner=perceptron,bylander"
         "&x.eta=0.2,0.3&x.seed=1..3",
         "#v=1&data=separable&noise=uniform&learner=perceptron&seed=1&steps=3000&x.learner=perceptron,bylander"
         "&x.eta=0.4&x.seed=1..2"}}},
      {"kernels_ring",
       {{"#v=1&data=ring&learner=perceptron&seed=2&steps=2000"},
        {"#v=1&data=ring&learner=kernel_perceptron&seed=1&steps=2000"},
        {"#v=1&data=ring&noise=uniform&learner=rp&l.projection=random&l.dims=50&seed=1&steps=2000"},
        {"#v=1&data=ring&noise=uniform&learner=rp&l.projection=kpca&l.dims=20&seed=1&steps=2000",
         "#v=1&data=ring&noise=uniform&learner=rp&l.projection=kpca&l.dims=15&seed=1&steps=2000"}}},
      {"coresets",
       {{"#v=1&data=separable&n=2000&d=10&learner=coreset_svm&seed=2&steps=2000"},
        {"#v=1&data=separable&n=2000&d=10&learner=active_coreset_svm&seed=1&steps=2000"},
        {"#v=1&data=separable&n=2000&d=10&learner=active_coreset_svm&l.error=0.2&seed=1&steps=2000",
         "#v=1&data=separable&n=2000&d=10&learner=active_coreset_svm&l.error=0.1&l.epsilon=0.5&seed=1&steps=2000"}}},
      {"malicious",
       {{"#v=1&data=gaussian&n=2000&d=20&noise=malicious&eta=0.1&learner=averaging&seed=2&steps=2000"},
        {"#v=1&data=gaussian&n=2000&d=20&noise=malicious&eta=0.1&learner=pca_outlier_removal&seed=1&steps=2000"},
        {"#v=1&data=gaussian&n=2000&d=20&noise=malicious&eta=0.1&learner=smooth_boost&seed=2&steps=20"},
        {"#v=1&data=gaussian&n=2000&d=20&noise=malicious&learner=averaging&seed=1&steps=2000"
         "&x.learner=averaging,pca_outlier_removal&x.eta=0.01,0.1&x.seed=1..2",
         "#v=1&data=gaussian&n=2000&d=20&noise=malicious&learner=averaging&seed=1&steps=2000"
         "&x.learner=averaging,pca_outlier_removal&x.eta=0.15&x.seed=1..2"}}},
      {"confusion",
       {{"#v=1&data=classes&n=1000&margin=0.025&q=10&noise=family&fam=4&learner=uma&seed=1&steps=1000"},
        {"#v=1&data=classes&n=1000&margin=0.025&q=10&noise=family&fam=6&learner=uma&l.confusion=identity&seed=1"
         "&steps=1000"},
        {"#v=1&data=classes&n=1000&margin=0.025&q=10&noise=family&fam=2&learner=uma&seed=1&steps=1000"
         "&x.l.confusion=given,identity"}}},
      {"banana",
       {{"#v=1&data=csv&csv=ida%2Fbanana%2Fbanana&split=1&learner=perceptron&seed=2&steps=4000"},
        {"#v=1&data=csv&csv=ida%2Fbanana%2Fbanana&split=1&learner=kernel_perceptron&l.width_c=1&seed=1&steps=4000"},
        {"#v=1&data=csv&csv=ida%2Fbanana%2Fbanana&split=1&learner=kernel_perceptron&l.width_c=0.5&seed=1&steps=4000",
         "#v=1&data=csv&csv=ida%2Fbanana%2Fbanana&split=1&learner=rp&l.width_c=1&seed=1&steps=4000"}}},
  };
  return table;
}

// Every step of `name`: its own link meets the goal exactly when it is a demonstration; each solution meets it.
void check_lesson(const std::string& name) {
  const Lesson* lesson = find_lesson(name);
  ASSERT_NE(lesson, nullptr) << name;
  const auto& steps = solutions().at(name);
  ASSERT_EQ(steps.size(), lesson->steps.size()) << name << ": one solution list per step";
  for (size_t i = 0; i < steps.size(); ++i) {
    const int k = static_cast<int>(i + 1);
    SCOPED_TRACE(name + " step " + std::to_string(k));
    const LessonStep& step = lesson->steps[i];
    const StepRun own = run(step_link(*lesson, k));
    EXPECT_EQ(own.check.met, step.demonstration) << "own link: " << own.check.why;
    EXPECT_FALSE(own.check.why.empty());
    ASSERT_FALSE(steps[i].empty());
    EXPECT_EQ(steps[i].size() >= 2, step.challenge) << "a challenge is shown met in two ways";
    for (const std::string& solution : steps[i]) {
      const StepRun solved = run(lesson_link(*lesson, k, solution));
      EXPECT_TRUE(solved.check.met) << solution << ": " << solved.check.why;
    }
  }
}

TEST(Lessons, EightLessonsCoverTheFivePapersWithThreeToSixStepsAndTwoChallenges) {
  std::map<std::string, int> papers;
  int challenges = 0;
  ASSERT_GE(lessons().size(), 8u);
  for (const Lesson& l : lessons()) {
    EXPECT_GE(l.steps.size(), 3u) << l.name;
    EXPECT_LE(l.steps.size(), 6u) << l.name;
    EXPECT_EQ(find_lesson(l.name), &l);
    EXPECT_EQ(solutions().count(l.name), 1u) << l.name << " has no solutions in this test";
    for (const std::string& p : l.papers) ++papers[p];
    for (const LessonStep& s : l.steps) {
      challenges += s.challenge ? 1 : 0;
      EXPECT_FALSE(s.demonstration && s.challenge) << l.name << ": " << s.title;
      EXPECT_FALSE(s.text.empty() || s.hint.empty() || s.title.empty()) << l.name;
      EXPECT_FALSE(s.goal.conditions.empty()) << l.name << ": " << s.title;
    }
  }
  for (const char* p : {"000", "001", "002", "003", "004"}) EXPECT_GE(papers[p], 1) << p;
  EXPECT_GE(challenges, 2);
  EXPECT_EQ(solutions().size(), lessons().size());
}

TEST(Lessons, PerceptronBoundStepsMeetTheirGoalsExactlyWhenExpected) { check_lesson("perceptron_bound"); }
TEST(Lessons, HalvingStepsMeetTheirGoalsExactlyWhenExpected) { check_lesson("halving_mistakes"); }
TEST(Lessons, UniformNoiseStepsMeetTheirGoalsExactlyWhenExpected) { check_lesson("uniform_noise"); }
TEST(Lessons, KernelsRingStepsMeetTheirGoalsExactlyWhenExpected) { check_lesson("kernels_ring"); }
TEST(Lessons, CoresetsStepsMeetTheirGoalsExactlyWhenExpected) { check_lesson("coresets"); }
TEST(Lessons, MaliciousStepsMeetTheirGoalsExactlyWhenExpected) { check_lesson("malicious"); }
TEST(Lessons, ConfusionStepsMeetTheirGoalsExactlyWhenExpected) { check_lesson("confusion"); }
TEST(Lessons, BananaStepsMeetTheirGoalsExactlyWhenExpected) { check_lesson("banana"); }

TEST(Lessons, ALinkCarriesTheLessonTheStepAndTheExperiment) {
  const Lesson& l = *find_lesson("uniform_noise");
  const std::string link = lesson_link(l, 3, "#v=1&data=ring&learner=perceptron&seed=1");
  EXPECT_EQ(link, "#lesson=uniform_noise&step=3&v=1&data=ring&learner=perceptron&seed=1");
  Result<LessonLink> parsed = parse_lesson_link("https://example.org/marginlab/" + link);
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->lesson, &l);
  EXPECT_EQ(parsed->step, 3);
  EXPECT_EQ(parsed->experiment, "#v=1&data=ring&learner=perceptron&seed=1");
  // The keys may come anywhere; without an experiment the step's own link runs; step defaults to 1.
  parsed = parse_lesson_link("#v=1&data=ring&step=2&lesson=uniform_noise&seed=1");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->experiment, "#v=1&data=ring&seed=1");
  parsed = parse_lesson_link("#lesson=halving_mistakes&step=4");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->experiment, find_lesson("halving_mistakes")->steps[3].link);
  parsed = parse_lesson_link("#lesson=halving_mistakes");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->step, 1);
  EXPECT_EQ(step_link(l, 1), "#lesson=uniform_noise&step=1&" + l.steps[0].link.substr(1));
}

TEST(Lessons, ABadLessonLinkIsRefusedNamingTheField) {
  const auto message = [](const std::string& link) {
    Result<LessonLink> parsed = parse_lesson_link(link);
    EXPECT_FALSE(parsed.ok()) << link;
    if (parsed.ok()) return std::string();
    EXPECT_EQ(parsed.error().code, "lesson.bad_link");
    return parsed.error().message;
  };
  EXPECT_EQ(message("#lesson=nope&step=1")
                .rfind("field 'lesson': no lesson is named 'nope' (the lessons: "
                       "perceptron_bound, halving_mistakes, ",
                       0),
            0u);
  EXPECT_EQ(message("#v=1&data=ring").rfind("field 'lesson': the link has no lesson=NAME", 0), 0u);
  EXPECT_EQ(message("#lesson=halving_mistakes&step=5"),
            "field 'step': '5' is not a step of lesson 'halving_mistakes' (1 to 4)");
  EXPECT_EQ(message("#lesson=halving_mistakes&step=0"),
            "field 'step': '0' is not a step of lesson 'halving_mistakes' (1 to 4)");
  EXPECT_EQ(message("#lesson=halving_mistakes&step=two"),
            "field 'step': 'two' is not a step of lesson 'halving_mistakes' (1 to 4)");
  EXPECT_EQ(message("#lesson=halving_mistakes&lesson=banana"), "field 'lesson': given twice");
  EXPECT_EQ(message("#lesson=halving_mistakes&step=1&step=2"), "field 'step': given twice");
}

TEST(Lessons, TheGoalIsStatedFromTheDeclarationThatChecksIt) {
  const Lesson& noise = *find_lesson("uniform_noise");
  EXPECT_EQ(noise.steps[2].goal.text(),
            "With noise=uniform: at some value of eta, test error (learner=bylander) < test error "
            "(learner=perceptron) (means over the other axes' cells)");
  EXPECT_EQ(find_lesson("coresets")->steps[0].goal.text(),
            "With learner=coreset_svm: coreset size \xE2\x89\xA4 0.05 \xC3\x97 training examples");
  EXPECT_EQ(find_lesson("uniform_noise")->steps[1].goal.text(),
            "With noise=uniform, eta \xE2\x89\xA5 0.2 and learner=bylander: test error \xE2\x89\xA4 0.05");
  // The check's why names the measured values against the same terms.
  const StepRun met = run(lesson_link(noise, 3,
                                      "#v=1&data=separable&noise=uniform&learner=perceptron&seed=1&steps=3000"
                                      "&x.learner=perceptron,bylander&x.eta=0,0.1,0.2&x.seed=1..3"));
  EXPECT_TRUE(met.check.met) << met.check.why;
  EXPECT_EQ(met.check.at_value, "0.1");
  EXPECT_NE(met.check.why.find("eta=0: test error (learner=bylander) 0 < test error (learner=perceptron) 0: no"),
            std::string::npos)
      << met.check.why;
}

TEST(Lessons, ARequirementTheLinkDropsIsNamedInsteadOfAResult) {
  // Bylander's goal at eta >= 0.2: the same learner without noise does not count.
  const StepRun run_without_noise =
      run("#lesson=uniform_noise&step=2&v=1&data=separable&learner=bylander&seed=1&steps=3000");
  EXPECT_FALSE(run_without_noise.check.met);
  EXPECT_EQ(run_without_noise.check.why, "the goal needs noise=uniform, and in this run noise is none");
  const StepRun low = run("#lesson=uniform_noise&step=2&v=1&data=separable&noise=uniform&eta=0.1&learner=bylander"
                          "&seed=1&steps=3000");
  EXPECT_FALSE(low.check.met);
  EXPECT_NE(low.check.why.find("the goal needs eta \xE2\x89\xA5 0.2"), std::string::npos) << low.check.why;
  // A sweep goal on a link without the axis says so.
  const StepRun no_axis = run("#lesson=uniform_noise&step=3&v=1&data=separable&noise=uniform&learner=bylander"
                              "&seed=1&steps=300");
  EXPECT_EQ(no_axis.check.why, "the link has no x.eta axis to try values on");
}

TEST(Lessons, TheListAndDocsLessonsMdAreGeneratedFromTheTable) {
  const std::string json = lesson_json(*find_lesson("halving_mistakes"));
  EXPECT_EQ(json.rfind("{\"name\":\"halving_mistakes\",\"title\":", 0), 0u) << json;
  EXPECT_NE(json.find("\"papers\":[\"001\"]"), std::string::npos);
  EXPECT_NE(json.find("\"link\":\"#lesson=halving_mistakes&step=4&v=1&data=finite"), std::string::npos);
  std::ifstream in(std::string(ML_SOURCE_DIR) + "/docs/lessons.md", std::ios::binary);
  std::ostringstream doc;
  doc << in.rdbuf();
  EXPECT_EQ(doc.str(), render_lessons_reference())
      << "regenerate it: build/native/marginlab lesson list --doc > docs/lessons.md";
}

}  // namespace lessons_test
}  // namespace ml
