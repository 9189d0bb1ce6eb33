// The results line (app/models/results_line.h): for every learner of the registry the line names what the
// learner's bound counts (Learner::bound_label()) and shows that count, never "mistakes" for a learner that
// counts updates; and the fields' numbers on a hand-made input.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "app/models/results_line.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/session.h"
#include "test_session.h"

namespace ml::app {
namespace {

using test::trained;

// The family of a bound label: what the line must call the count.
std::string family(const std::string& bound_label) {
  if (bound_label.find("mistakes") != std::string::npos) return "mistakes";
  if (bound_label == "updates") return "updates";
  return "size";
}

TEST(AppResultsLineTest, EveryLearnerNamesWhatItsBoundCounts) {
  int updates_learners = 0;
  for (const LearnerEntry& e : learner_registry()) {
    SCOPED_TRACE(e.schema.id);
    const std::string data =
        e.schema.multiclass ? "data=classes&q=3&d=3&n=150" : "data=separable&d=3&n=150&noise=uniform&eta=0.1";
    const auto s = trained("#v=1&" + data + "&learner=" + e.schema.id + "&seed=3", 60);
    ASSERT_NE(s, nullptr);
    const std::string bound_label = s->learner().bound_label();
    const std::vector<ResultField> line = results_line(results_input(*s, 5000));
    ASSERT_GE(line.size(), 2u);
    const ResultField& count = line[1];
    EXPECT_EQ(count.label, bound_label);  // the word is the learner's own
    const SessionMetrics m = s->metrics();
    const std::string f = family(bound_label);
    const std::string shown = count.value.substr(0, count.value.find(' '));
    if (f == "mistakes") {
      EXPECT_EQ(shown, std::to_string(m.mistakes));
    } else if (f == "updates") {
      ++updates_learners;
      EXPECT_NE(count.label.find("updates"), std::string::npos);
      EXPECT_EQ(count.label.find("mistakes"), std::string::npos);
      EXPECT_EQ(shown, std::to_string(m.updates));
    } else {
      // A size the learner reports as a counter (coreset size, subset size): its number, not a mistake count.
      EXPECT_EQ(count.label.find("mistakes"), std::string::npos);
      bool found = false;
      for (const Counter& c : m.counters)
        if (c.name == counted_quantity(bound_label).counter) {
          found = true;
          EXPECT_EQ(shown, std::to_string(static_cast<long long>(c.value)));
        }
      EXPECT_TRUE(found) << "no counter for " << bound_label;
    }
  }
  EXPECT_GE(updates_learners, 3);  // Bylander, the RP classifier, SmoothBoost (and UMA) count updates
}

TEST(AppResultsLineTest, UpdateCountersAreNotCalledMistakes) {
  // Bylander, RP and SmoothBoost: the count is their updates, whatever their mistakes are.
  for (const char* id : {"bylander", "rp", "smooth_boost"}) {
    SCOPED_TRACE(id);
    const auto s = trained(std::string("#v=1&data=separable&d=3&n=150&noise=uniform&eta=0.1&seed=3&learner=") + id, 40);
    ASSERT_NE(s, nullptr);
    const std::vector<ResultField> line = results_line(results_input(*s, 5000));
    EXPECT_EQ(line[1].label, "updates");
    EXPECT_EQ(results_text(line).find("mistakes"), std::string::npos);
  }
}

TEST(AppResultsLineTest, FieldsOnAHandMadeInput) {
  ResultsInput in;
  in.steps = 120;
  in.step_budget = 5000;
  in.bound_label = "updates";
  in.mistakes = 30;
  in.updates = 7;
  in.bound = 915.04;
  in.train_error_noisy = 0.2;
  in.train_error_true = 0.0512;
  in.test_error = 0.0625;
  in.noisy = true;
  in.linear = true;
  in.margin = -0.9;
  in.margin_clean = 0.0123;
  const std::vector<ResultField> line = results_line(in);
  ASSERT_EQ(line.size(), 6u);
  EXPECT_EQ(line[0].value, "120 / 5000");
  EXPECT_EQ(line[1].label, "updates");
  EXPECT_EQ(line[1].value, "7 \xE2\x89\xA4 915");
  EXPECT_EQ(line[2].value, "0.200");
  EXPECT_EQ(line[3].value, "0.051");
  EXPECT_EQ(line[4].value, "0.062");
  EXPECT_EQ(line[5].label, "margin (clean)");  // under noise: the clean points' minimum
  EXPECT_EQ(line[5].value, "+0.012");
  in.noisy = false;
  EXPECT_EQ(results_line(in)[5].value, "-0.900");
  in.linear = false;
  EXPECT_EQ(results_line(in)[5].value, "\xE2\x80\x94");
  in.bound = NAN;
  EXPECT_EQ(results_line(in)[1].value, "7");
}

}  // namespace
}  // namespace ml::app
