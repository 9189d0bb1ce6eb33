// The results line (app/models/results_line.h): for every learner of the registry the line names what the
// learner's bound counts (Learner::bound_label()) and shows that count, never "mistakes" for a learner that
// counts updates; "≤" only when the count is within a proven bound ("> bound by X" beyond it, which bound it
// is, an O() rate with its constant and never "≤"), on the gallery's perceptron-under-noise entry, the welcome
// run and every learner; the run JSON's O() fields; and the fields' numbers on a hand-made input.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>

#include "app/models/gallery.h"
#include "app/models/plot_model.h"
#include "app/models/results_line.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/run_report.h"
#include "core/session/session.h"
#include "nlohmann/json.hpp"
#include "test_session.h"

namespace ml::app {
namespace app_results_line_test {

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
  in.bound_kind = BoundKind::noise_aware;
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
  EXPECT_EQ(line[1].value, "7 \xE2\x89\xA4 915 (noise-aware bound)");
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
  EXPECT_EQ(results_line(in)[1].value, "7 (no bound)");
}

// A large sample's rows are over the trace's subsample: the line marks its numbers as estimates and says of what.
TEST(AppResultsLineTest, NumbersOverTheTracesSubsampleAreMarkedAndExplained) {
  std::unique_ptr<Session> s =
      test::trained("#v=1&data=separable&n=25000&d=20&noise=uniform&learner=perceptron&seed=3", 3000);
  ASSERT_NE(s, nullptr);
  const RecordPlan& plan = s->record_plan();
  ASSERT_TRUE(plan.sampled);
  const std::vector<ResultField> line = results_line(results_input(*s, 5000));
  ASSERT_EQ(line.size(), 6u);
  const std::string of = std::to_string(plan.train_sample + plan.test_sample) + " of the 25000 examples";
  for (size_t i = 2; i < 6; ++i) {
    EXPECT_EQ(line[i].value.rfind("\xE2\x89\x88", 0), 0u) << line[i].label << ": " << line[i].value;
    EXPECT_NE(line[i].help.find(of), std::string::npos) << line[i].help;
  }
  EXPECT_EQ(line[1].value.find("\xE2\x89\x88"), std::string::npos);  // counts are exact
  EXPECT_EQ(subsample_title(*s), " (on " + of + ")");
  // The plots show the learner's counters, not the subsample's size.
  PlotSeriesModel plots;
  plots.refresh(s.get(), 1);
  EXPECT_EQ(plots.num_counters(), s->learner().counters().size());
  // A small sample's numbers are over every example: no mark.
  std::unique_ptr<Session> small = test::trained("#v=1&data=separable&n=500&d=5&learner=perceptron&seed=3", 300);
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(results_line(results_input(*small, 5000))[4].value.find("\xE2\x89\x88"), std::string::npos);
  EXPECT_EQ(subsample_title(*small), "");
}

TEST(AppResultsLineTest, TheCountIsReadAgainstItsKindOfBound) {
  ResultsInput in;
  in.bound_label = "mistakes";
  in.mistakes = 313;
  in.bound = 66.6914;
  EXPECT_EQ(counted_field(in).value, "313 > 66.7 by 246.3 (clean-data bound)");
  in.mistakes = 66;
  EXPECT_EQ(counted_field(in).value, "66 \xE2\x89\xA4 66.7 (clean-data bound)");
  in.bound_label = "coreset size";
  in.counters = {{"coreset_size", 14}};
  in.bound = 40.21;
  in.bound_kind = BoundKind::order_rate;
  in.bound_constant = 1;
  EXPECT_EQ(counted_field(in).value, "14 (O() rate 40.2, constant 1)");
  in.counters = {{"coreset_size", 52}};
  EXPECT_EQ(counted_field(in).value, "52 (O() rate 40.2, constant 1)");  // a rate is never "exceeded"
  EXPECT_EQ(compact_results_text("Coreset SVM", in),
            "Coreset SVM  coreset size 52 (O() rate 40.2, constant 1)  \xC2\xB7  test err \xE2\x80\x94");
  // The parts a narrow toolbar breaks the line between: each field whole.
  EXPECT_EQ(compact_results_parts("Coreset SVM", in),
            (std::vector<std::string>{"Coreset SVM", "coreset size 52 (O() rate 40.2, constant 1)",
                                      "test err \xE2\x80\x94"}));
}

// The count and the bound the line shows, and whether it says "≤": the relation must match the numbers.
void expect_relation_matches_numbers(const Session& s) {
  const ResultField f = results_line(results_input(s, s.config().steps))[1];
  const SessionMetrics m = s.metrics();
  const CountedQuantity q = counted_quantity(s.learner().bound_label());
  const double count = counted_value(q, static_cast<double>(m.mistakes), static_cast<double>(m.updates), m.counters);
  const double bound = s.learner().bound();
  const bool le = f.value.find("\xE2\x89\xA4") != std::string::npos;
  const bool gt = f.value.find(" > ") != std::string::npos;
  if (!std::isfinite(bound)) {
    EXPECT_NE(f.value.find("(no bound)"), std::string::npos) << f.value;
  } else if (s.learner().bound_kind() == BoundKind::order_rate) {
    EXPECT_FALSE(le || gt) << f.value;  // an O() rate is no bound
    EXPECT_NE(f.value.find("O() rate"), std::string::npos) << f.value;
  } else {
    EXPECT_EQ(le, count <= bound) << f.value << " (count " << count << ", bound " << bound << ")";
    EXPECT_EQ(gt, count > bound) << f.value;
    if (gt) {
      EXPECT_NE(f.value.find(" by " + bound_number_text(count - bound)), std::string::npos) << f.value;
    }
  }
}

TEST(AppResultsLineTest, TheGallerysNoisyPerceptronAndTheWelcomeRunPassTheirBoundAndSaySo) {
  const GalleryEntry& noisy = gallery()[0];
  ASSERT_EQ(noisy.title, "perceptron under 20 % noise");
  for (const std::string& link : {std::string(noisy.link), std::string(kWelcomeLink)}) {
    SCOPED_TRACE(link);
    const auto s = test::session_for(link);
    ASSERT_NE(s, nullptr);
    while (s->steps() < s->config().steps && !s->done()) s->advance(s->config().steps - s->steps());
    const ResultField f = results_line(results_input(*s, s->config().steps))[1];
    EXPECT_EQ(f.value.find("\xE2\x89\xA4"), std::string::npos) << f.value;  // the false "111 <= 66.7"
    EXPECT_NE(f.value.find(" > 66.7 by "), std::string::npos) << f.value;
    EXPECT_NE(f.value.find("(clean-data bound)"), std::string::npos) << f.value;
    expect_relation_matches_numbers(*s);
  }
}

TEST(AppResultsLineTest, EveryLearnersLineMatchesItsNumbersWithAndWithoutNoise) {
  for (const LearnerEntry& e : learner_registry()) {
    for (const char* noise : {"", "&noise=uniform&eta=0.2"}) {
      SCOPED_TRACE(e.schema.id + noise);
      const std::string data = e.schema.multiclass ? "data=classes&q=3&d=3&n=150" : "data=separable&d=3&n=150";
      const auto s = trained("#v=1&" + data + noise + "&learner=" + e.schema.id + "&seed=3", 300);
      ASSERT_NE(s, nullptr);
      expect_relation_matches_numbers(*s);
    }
  }
}

TEST(AppResultsLineTest, TheRunJsonNamesAnORateAsARateWithItsConstant) {
  int rates = 0;
  for (const LearnerEntry& e : learner_registry()) {
    SCOPED_TRACE(e.schema.id);
    const std::string data = e.schema.multiclass ? "data=classes&q=3&d=3&n=150" : "data=separable&d=3&n=150";
    const auto s = trained("#v=1&" + data + "&learner=" + e.schema.id + "&seed=3", 60);
    ASSERT_NE(s, nullptr);
    const nlohmann::json j = nlohmann::json::parse(run_report_json(*s, s->metrics(), "#v=1"));
    if (s->learner().bound_kind() == BoundKind::order_rate) {
      ++rates;
      EXPECT_FALSE(j.contains("bound"));
      EXPECT_FALSE(j.contains("bound_label"));
      EXPECT_TRUE(j.contains("order_rate"));
      EXPECT_EQ(j["order_rate_label"], s->learner().bound_label());
      EXPECT_EQ(j["order_rate_constant"], s->learner().bound_constant());
    } else {
      EXPECT_TRUE(j.contains("bound"));
      EXPECT_FALSE(j.contains("order_rate"));
    }
  }
  EXPECT_EQ(rates, 4);  // CORESET SVM, ACTIVE CORESET SVM, SIMPLE OUTLIER SVM, OUTLIER SVM
}

// The Python estimators set their counts from the head and read the rest only when asked: the head must be the
// report's opening, byte for byte, for every learner.
TEST(AppResultsLineTest, TheReportHeadIsTheReportsOpeningForEveryLearner) {
  for (const LearnerEntry& e : learner_registry()) {
    SCOPED_TRACE(e.schema.id);
    const std::string data = e.schema.multiclass ? "data=classes&q=3&d=3&n=150" : "data=separable&d=3&n=150";
    const auto s = trained("#v=1&" + data + "&noise=uniform&eta=0.2&learner=" + e.schema.id + "&seed=3", 90);
    ASSERT_NE(s, nullptr);
    std::string head = run_report_head_json(*s, "#v=1&x");
    const nlohmann::json j = nlohmann::json::parse(head);
    const SessionMetrics m = s->metrics();
    EXPECT_EQ(j["steps"], m.steps);
    EXPECT_EQ(j["mistakes"], m.mistakes);
    EXPECT_EQ(j["updates"], m.updates);
    EXPECT_EQ(j.contains("bound") ? j["bound"] : j["order_rate"],
              std::isfinite(m.bound) ? nlohmann::json(m.bound) : nullptr);
    ASSERT_EQ(head.back(), '}');
    head.back() = ',';
    EXPECT_EQ(run_report_json(*s, m, "#v=1&x").substr(0, head.size()), head);
  }
}

}  // namespace app_results_line_test
}  // namespace ml::app
