// marginlab — the lessons' table: every lesson's texts, links and goals (lessons.h; docs/lessons.md).
//
// Each step is one declaration. Its goal is stated by Goal::text() and checked by check_goal from the same
// requirements and conditions, so what the reader is told and what is checked are one fact. Every link is
// small enough to run in a second natively; tests/unit/lessons_test.cpp runs each step's own link and a
// solution.
#include <cassert>
#include <string_view>
#include <utility>

#include "core/lessons/lessons.h"

namespace ml {
namespace {

using C = Comparison;

// A requirement in the link's own spelling: "noise=uniform", "eta>=0.2" (also <=, > and <).
Requirement need(std::string_view spec) {
  constexpr std::pair<std::string_view, C> kOps[] = {
      {">=", C::at_least}, {"<=", C::at_most}, {">", C::above}, {"<", C::below}, {"=", C::equals}};
  for (const auto& op : kOps) {
    const size_t at = spec.find(op.first);
    if (at != std::string_view::npos)
      return {std::string(spec.substr(0, at)), op.second, std::string(spec.substr(at + op.first.size()))};
  }
  assert(false && "a requirement is KEY<op>VALUE");
  return {};
}
// A report number over every cell.
Measure m(std::string metric, double scale = 1) { return {std::move(metric), "", "", scale}; }
// A report number over the cells a "key=value" selects (the link's own spelling: "learner=bylander").
Measure m(std::string metric, std::string_view selected, double scale = 1) {
  const size_t at = selected.find('=');
  assert(at != std::string_view::npos && "a selection is KEY=VALUE");
  return {std::move(metric), std::string(selected.substr(0, at)), std::string(selected.substr(at + 1)), scale};
}
// measure op constant.
Condition holds(Measure left, C op, double constant) { return {std::move(left), op, std::nullopt, constant}; }
// measure op measure.
Condition holds(Measure left, C op, Measure right) { return {std::move(left), op, std::move(right), 0}; }

constexpr bool kDemo = true, kTask = false;
constexpr bool kChallenge = true, kFixed = false;

// 001 §1: the perceptron, its (R/δ)² bound, the bound's tightness and what noise does to it.
Lesson perceptron_bound() {
  const std::string clean = "#v=1&data=separable&margin=0.2&learner=perceptron&seed=1&steps=4000";
  return {"perceptron_bound",
          "The perceptron and its (R/\xCE\xB4)\xC2\xB2 mistake bound",
          {"001"},
          "On separable data the perceptron makes at most (R/\xCE\xB4)\xC2\xB2 mistakes, however long it runs; "
          "an adversary can force every one of them; label noise voids the bound.",
          {
              {"Few mistakes on clean data",
               clean,
               "400 points on the unit circle, separated by a line with margin 0.2. Watch the top plot: the "
               "mistake count stops far below the dashed bound line, and the run ends after a pass without a "
               "mistake. On points of norm R separated with margin \xCE\xB4, Block and Novikoff's argument gives at "
               "most (R/\xCE\xB4)\xC2\xB2 mistakes (001 Thm 1.1).",
               "The bound line is (R/\xCE\xB4)\xC2\xB2 for the data the learner sees; here about 24.",
               {{need("noise=none"), need("learner=perceptron")}, {holds(m("mistakes"), C::at_most, m("bound"))}, ""},
               kDemo,
               kFixed},
              {"Shrink the margin",
               clean,
               "The bound grows as the margin shrinks. Lower the margin on clean data until the perceptron makes at "
               "least 20 mistakes, and check that it still stays under its (now larger) bound.",
               "Try a margin of 0.005 with more points (n = 1000) and a larger step budget so that it finishes.",
               {{need("data=separable"), need("noise=none"), need("learner=perceptron")},
                {holds(m("mistakes"), C::at_least, 20), holds(m("mistakes"), C::at_most, m("bound"))},
                ""},
               kTask,
               kFixed},
              {"The bound is tight",
               "#v=1&data=basis&margin=0.1&learner=perceptron&seed=1&steps=1000",
               "The basis stream shows the bound cannot be improved (001 Claim 1.4): it presents e1, e2, ... each "
               "labelled against the perceptron's prediction, so every one of the first 1/\xCE\xB4\xC2\xB2 examples "
               "is a mistake, and the labels stay separable with margin \xCE\xB4. With \xCE\xB4 = 0.1 that is 100 "
               "mistakes. Force at least 400.",
               "400 mistakes need 1/\xCE\xB4\xC2\xB2 = 400: a margin of 0.05.",
               {{need("data=basis"), need("learner=perceptron")}, {holds(m("mistakes"), C::at_least, 400)}, ""},
               kTask,
               kFixed},
              {"Challenge: break the bound",
               clean,
               "The bound assumes the data is separable with margin \xCE\xB4. Make the perceptron make more "
               "mistakes than its bound line; any way you find counts.",
               "Flip some labels: the Noise panel's uniform noise, or relabel points by clicking in the View.",
               {{need("learner=perceptron")}, {holds(m("mistakes"), C::above, m("bound"))}, ""},
               kTask,
               kChallenge},
          }};
}

// 001 §3-§4: Halving's log2|C| and Randomized Halving's ln|C|.
Lesson halving_mistakes() {
  const std::string link = "#v=1&data=finite&learner=halving&seed=1&steps=1000";
  return {"halving_mistakes",
          "Halving: at most log\xE2\x82\x82|C| mistakes",
          {"001"},
          "When the target is one of |C| known concepts, keeping only the consistent ones halves them at every "
          "mistake; a million concepts cost at most 20 mistakes, but one wrong label ruins it.",
          {
              {"log\xE2\x82\x82 of 1024",
               link,
               "The labels come from one of |C| = 1024 directions. Halving predicts the majority vote of the "
               "concepts that agree with every example so far; a mistake means the majority was wrong, so at least "
               "half of them go (001 \xC2\xA7"
               "3). The bound is log\xE2\x82\x82 1024 = 10.",
               "The counters in the Learner panel show the version space shrinking.",
               {{need("learner=halving"), need("noise=none")}, {holds(m("mistakes"), C::at_most, m("bound"))}, ""},
               kDemo,
               kFixed},
              {"A million concepts",
               link,
               "Make the class a thousand times larger (|C| = 1 000 000). The bound only doubles, to about 20, "
               "and the mistakes stay under it.",
               "The Data panel's Concepts field sets |C|.",
               {{need("learner=halving"), need("noise=none")},
                {holds(m("counters.concepts"), C::at_least, 1000000), holds(m("mistakes"), C::at_most, m("bound"))},
                ""},
               kTask,
               kFixed},
              {"Randomized Halving",
               link,
               "Randomized Halving predicts with one consistent concept drawn at random. Its expected mistakes are "
               "at most H_|C| \xE2\x89\x88 ln|C| (001 Claim 4.1), below log\xE2\x82\x82|C|. Switch to it.",
               "Pick randomized_halving in the Learner panel.",
               {{need("learner=randomized_halving"), need("noise=none")},
                {holds(m("mistakes"), C::at_most, m("bound"))},
                ""},
               kTask,
               kFixed},
              {"One wrong label",
               link,
               "Halving trusts every label. Add label noise and watch the version space: a flipped label removes "
               "the target itself, and soon no concept agrees with everything.",
               "Uniform noise at 10 % is plenty.",
               {{need("learner=halving")}, {holds(m("counters.version_space_empty"), C::at_least, 1)}, ""},
               kTask,
               kFixed},
          }};
}

// 000 §2-§3: the perceptron under uniform classification noise, and Bylander's Cnoise update.
Lesson uniform_noise() {
  const std::string noisy = "#v=1&data=separable&noise=uniform&eta=0.2&learner=perceptron&seed=1&steps=3000";
  const std::string sweep = "#v=1&data=separable&noise=uniform&learner=perceptron&seed=1&steps=3000"
                            "&x.learner=perceptron,bylander&x.eta=0&x.seed=1..3";
  const Condition bylander_wins =
      holds(m("test_error", "learner=bylander"), C::below, m("test_error", "learner=perceptron"));
  return {"uniform_noise",
          "Uniform label noise: the perceptron against Bylander",
          {"000"},
          "Under uniform classification noise the perceptron never settles; Bylander's Cnoise update averages "
          "the sample and learns anyway. A sweep finds where it starts to pay.",
          {
              {"The perceptron never stops",
               noisy,
               "One label in five is flipped (ringed points). The perceptron keeps making mistakes long past its "
               "bound: every flipped label is a mistake again on every pass.",
               "Compare the mistake curve with the dashed bound line in the top plot.",
               {{need("noise=uniform"), need("eta>=0.2"), need("learner=perceptron")},
                {holds(m("mistakes"), C::above, m("bound"))},
                ""},
               kDemo,
               kFixed},
              {"Bylander's Cnoise perceptron",
               noisy,
               "Bylander's update (000 \xC2\xA7"
               "3.1, Alg. 2) steps along the mean of all z = y x/\xE2\x80\x96x\xE2\x80\x96 "
               "and of those w gets wrong: uniform flips only shrink such means by 1 \xE2\x88\x92 2\xCE\xB7 in "
               "expectation, "
               "they do not turn them. Switch to it at the same "
               "noise and bring the test error to 5 % or less.",
               "Pick bylander in the Learner panel; its defaults are enough.",
               {{need("noise=uniform"), need("eta>=0.2"), need("learner=bylander")},
                {holds(m("test_error"), C::at_most, 0.05)},
                ""},
               kTask,
               kFixed},
              {"Where Bylander overtakes",
               sweep,
               "This sweep runs both learners on three seeds, but only at \xCE\xB7 = 0, where they tie. Add noise "
               "rates to the x.eta axis until Bylander's mean test error is below the perceptron's at one of them.",
               "Edit the link's x.eta list, e.g. x.eta=0,0.1,0.2,0.3.",
               {{need("noise=uniform")}, {bylander_wins}, "eta"},
               kTask,
               kFixed},
              {"Challenge: half the error",
               sweep,
               "Find a setting where the perceptron gets at least 10 % of the test points wrong and Bylander at "
               "most half as many. The noise rate, the margin, n and the seeds are yours to choose.",
               "High noise hurts the perceptron most; try several rates at once.",
               {{need("noise=uniform")},
                {holds(m("test_error", "learner=perceptron"), C::at_least, 0.1),
                 holds(m("test_error", "learner=bylander"), C::at_most, m("test_error", "learner=perceptron", 0.5))},
                "eta"},
               kTask,
               kChallenge},
          }};
}

// 000 §3.2, §5: kernels and random projections on data no line separates.
Lesson kernels_ring() {
  const std::string ring = "#v=1&data=ring&learner=perceptron&seed=1&steps=2000";
  const std::string projected = "#v=1&data=ring&noise=uniform&learner=rp&l.dims=10&seed=1&steps=2000";
  return {"kernels_ring",
          "Kernels and random projections on the ring",
          {"000"},
          "A ring is not linearly separable; a Gaussian kernel makes it so, and 000's RP-classifier projects to "
          "a few kernel dimensions so that Bylander's noise-tolerant update can run there.",
          {
              {"No line fits a ring",
               ring,
               "One class inside a ring of the other. Every halfspace through the origin gets about half of the "
               "points wrong, and the perceptron cycles.",
               "Look at the 2-D view: the line spins.",
               {{need("data=ring"), need("learner=perceptron")}, {holds(m("test_error"), C::at_least, 0.3)}, ""},
               kDemo,
               kFixed},
              {"The kernel trick",
               ring,
               "The dual perceptron (001 \xC2\xA7"
               "2) keeps one coefficient per example and scores with a kernel; "
               "with a Gaussian kernel the ring becomes separable in feature space. Bring the test error to 10 % "
               "or less.",
               "Pick kernel_perceptron; its Gaussian default works.",
               {{need("data=ring"), need("learner=kernel_perceptron")}, {holds(m("test_error"), C::at_most, 0.1)}, ""},
               kTask,
               kFixed},
              {"Project, then learn under noise",
               projected,
               "With 10 % label noise the RP-classifier (000 Alg. 1) maps each point to D coordinates of the "
               "kernel's feature space and runs Bylander's update there. With D = 10 it gets about 20 % wrong. "
               "Bring it to 10 % or less.",
               "More dimensions keep more of the kernel: try D = 50, or a random projection.",
               {{need("data=ring"), need("noise=uniform"), need("eta>=0.1"), need("learner=rp")},
                {holds(m("test_error"), C::at_most, 0.1)},
                ""},
               kTask,
               kFixed},
              {"Challenge: few dimensions",
               projected,
               "Reach 15 % test error or less with at most 20 projection dimensions. The projection (random, kgs, "
               "kpca), the kernel width and the update cap are yours to choose.",
               "Kernel PCA keeps the directions of largest variance in feature space.",
               {{need("data=ring"), need("noise=uniform"), need("eta>=0.1"), need("learner=rp"), need("l.dims<=20")},
                {holds(m("test_error"), C::at_most, 0.15)},
                ""},
               kTask,
               kChallenge},
          }};
}

// 002: coreset SVMs, and the active version's label count.
Lesson coresets() {
  const std::string coreset = "#v=1&data=separable&n=2000&d=10&learner=coreset_svm&seed=1&steps=2000";
  const std::string active = "#v=1&data=separable&n=2000&d=10&learner=active_coreset_svm&seed=1&steps=2000";
  return {"coresets",
          "Coreset SVMs: few points, few labels",
          {"002"},
          "An SVM's solution rests on a few points: CORESET SVM finds them, and ACTIVE CORESET SVM asks for only "
          "the labels it needs.",
          {
              {"A handful of points",
               coreset,
               "CORESET SVM starts from one example, solves the SVM on its set, and adds the example outside it with "
               "the smallest margin while that margin is below (1 \xE2\x88\x92 \xCE\xB5) times the set's "
               "(002 \xC2\xA7"
               "3 Fig. 1). Of 1500 training points, about 20 end up in the coreset.",
               "The Learner panel's counters show the coreset size.",
               {{need("learner=coreset_svm")}, {holds(m("counters.coreset_size"), C::at_most, m("train", 0.05))}, ""},
               kDemo,
               kFixed},
              {"Ask for fewer labels",
               coreset,
               "CORESET SVM needs every label to find its worst point. ACTIVE CORESET SVM (002 \xC2\xA7"
               "4 Fig. 2) "
               "buys the label of the unlabelled point nearest its boundary only when that point's margin is small; "
               "when none is, VERIFY buys the labels of a few random points and stops when it gets them all right. "
               "Switch to it: it should query fewer labels than there are training points, with a test error of "
               "1 % or less.",
               "Pick active_coreset_svm in the Learner panel.",
               {{need("learner=active_coreset_svm")},
                {holds(m("counters.label_queries"), C::below, m("train")), holds(m("test_error"), C::at_most, 0.01)},
                ""},
               kTask,
               kFixed},
              {"Challenge: under 150 labels",
               active,
               "With its defaults ACTIVE CORESET SVM buys about 250 labels here. Get it under 150 while the test "
               "error stays at 1 % or less, in 10 dimensions.",
               "Its parameters trade labels for guarantees: the error it verifies (l.error), the confidence "
               "(l.delta), the approximation \xCE\xB5.",
               {{need("learner=active_coreset_svm"), need("data=separable"), need("d>=10")},
                {holds(m("counters.label_queries"), C::below, 150), holds(m("test_error"), C::at_most, 0.01)},
                ""},
               kTask,
               kChallenge},
          }};
}

// 003: malicious noise, averaging against A_mu and A_mlc (the setting of docs/malicious.md, smaller).
Lesson malicious() {
  const std::string base = "#v=1&data=gaussian&n=2000&d=20&noise=malicious&eta=0.1&learner=averaging&seed=1&steps=2000";
  const std::string sweep = "#v=1&data=gaussian&n=2000&d=20&noise=malicious&learner=averaging&seed=1&steps=2000"
                            "&x.learner=averaging,pca_outlier_removal&x.eta=0.01&x.seed=1..2";
  const Requirement attacked[] = {need("noise=malicious"), need("eta>=0.1")};
  return {
      "malicious",
      "Malicious noise: averaging against A_mu and A_mlc",
      {"003"},
      "An adversary that replaces a tenth of the examples, all in one coordinated place, drags the average "
      "away; removing the points that stick out along the top principal direction first (A_mu) undoes the "
      "damage, and boosting that filter (A_mlc) does as well.",
      {
          {"Averaging is dragged away",
           base,
           "Averaging outputs the mean of y x over the sample. Malicious noise replaces 10 % of the examples; "
           "the pull adversary puts every one at the same point, chosen to turn that mean as far from the "
           "target as it can (docs/noise.md). Over 30 % of the test points end up wrong.",
           "Compare the learned direction with the true one: the Plots show w\xC2\xB7v falling.",
           {{attacked[0], attacked[1], need("learner=averaging")}, {holds(m("test_error"), C::at_least, 0.3)}, ""},
           kDemo,
           kFixed},
          {"Remove outliers first: A_mu",
           base,
           "A_mu (003 \xC2\xA7"
           "2.1) finds the top principal direction of the sample; if the variance along it is "
           "too large for clean data it removes the points that stick out along it, and repeats; then it "
           "averages what is left. Bring the test error to 10 % or less at the same noise.",
           "Pick pca_outlier_removal.",
           {{attacked[0], attacked[1], need("learner=pca_outlier_removal")},
            {holds(m("test_error"), C::at_most, 0.1)},
            ""},
           kTask,
           kFixed},
          {"Boost the filter: A_mlc",
           "#v=1&data=gaussian&n=2000&d=20&noise=malicious&eta=0.1&learner=smooth_boost&seed=1&steps=20",
           "A_mlc (003 \xC2\xA7"
           "3.2) runs Servedio's SmoothBoost over a weak learner that removes outliers and "
           "averages, which gives margin guarantees as well; 20 rounds already keep the test error low under "
           "the same attack.",
           "A step is one boosting round; the Learner panel shows the booster's weights.",
           {{attacked[0], attacked[1], need("learner=smooth_boost")}, {holds(m("test_error"), C::at_most, 0.1)}, ""},
           kDemo,
           kFixed},
          {"Challenge: where filtering pays",
           sweep,
           "At 1 % noise the filter never triggers and A_mu is plain averaging. Find a setting where A_mu's mean "
           "test error is at most half of averaging's: the noise rate, the adversary, n and d are yours.",
           "Add rates to the link's x.eta list; the pull adversary is the one the filter is built for.",
           {{need("noise=malicious")},
            {holds(m("test_error", "learner=pca_outlier_removal"), C::at_most,
                   m("test_error", "learner=averaging", 0.5))},
            "eta"},
           kTask,
           kChallenge},
      }};
}

// 004: confusion noise, UMA with the true C against C = I.
Lesson confusion() {
  const std::string uma = "#v=1&data=classes&n=1000&margin=0.025&q=10&noise=family&fam=6&learner=uma&seed=1&steps=1000";
  return {"confusion",
          "Confusion noise: UMA against C = I",
          {"004"},
          "When labels are confused by a known matrix C, UMA builds from the noisy sample points whose true class "
          "it knows, by inverting C; the same algorithm told C = I learns the confusion instead.",
          {
              {"UMA knows C",
               uma,
               "Ten classes; each label is redrawn from a column of C (here the 004 \xC2\xA7"
               "4.1 family member 6), "
               "so some classes are systematically mistaken for others. UMA corrects with C\xE2\x81\xBB\xC2\xB9 "
               "(004 Alg. 2) and gets most test points right.",
               "The Confusion panel shows C; columns sum to 1.",
               {{need("noise=family"), need("learner=uma")}, {holds(m("test_error"), C::at_most, 0.25)}, ""},
               kDemo,
               kFixed},
              {"Tell it C = I",
               uma,
               "Give UMA the identity instead of C: it becomes a batch multiclass perceptron that trusts the noisy "
               "labels. Watch the test error reach 30 % or more.",
               "The Learner panel's confusion parameter: identity.",
               {{need("noise=family"), need("fam>=6"), need("learner=uma"), need("l.confusion=identity")},
                {holds(m("test_error"), C::at_least, 0.3)},
                ""},
               kTask,
               kFixed},
              {"When knowing C pays",
               "#v=1&data=classes&n=1000&margin=0.025&q=10&noise=family&fam=0&learner=uma&seed=1&steps=1000"
               "&x.l.confusion=given,identity",
               "This link compares the two at family index 0, where C = I and they are the same algorithm. Raise "
               "the index until UMA with C given has less than 0.8 times the test error of C = I.",
               "The Noise panel's family index i; 004 uses 1 to 20 (here 0 to 10).",
               {{need("noise=family"), need("learner=uma")},
                {holds(m("test_error", "l.confusion=given"), C::below, m("test_error", "l.confusion=identity", 0.8))},
                ""},
               kTask,
               kFixed},
          }};
}

// Real data (000 §5 uses Rätsch's benchmarks): banana, linear against kernel.
Lesson banana() {
  const std::string linear = "#v=1&data=csv&csv=ida%2Fbanana%2Fbanana&split=1&learner=perceptron&seed=1&steps=4000";
  const std::string kernel =
      "#v=1&data=csv&csv=ida%2Fbanana%2Fbanana&split=1&learner=kernel_perceptron&l.width_c=1&seed=1&steps=4000";
  const Requirement banana_split_1[] = {need("data=csv"), need("csv=ida/banana/banana"), need("split=1")};
  return {
      "banana",
      "Real data: the banana benchmark",
      {"000"},
      "R\xC3\xA4tsch's banana set (000 \xC2\xA7"
      "5 uses his benchmarks): two overlapping curved classes, "
      "where a line fails, a kernel helps and the right width helps more.",
      {
          {"A line on bananas",
           linear,
           "400 real training points, 4900 test points, two classes bent around each other. The linear "
           "perceptron gets over 30 % of the test points wrong.",
           "Untick 'test points' in the View to see the training set alone.",
           {{banana_split_1[0], banana_split_1[1], banana_split_1[2], need("learner=perceptron")},
            {holds(m("test_error"), C::at_least, 0.3)},
            ""},
           kDemo,
           kFixed},
          {"A Gaussian kernel",
           linear,
           "Switch to the kernel perceptron with a Gaussian of width c = 1 (exp(\xE2\x88\x92\xE2\x80\x96x \xE2\x88\x92 "
           "x'\xE2\x80\x96\xC2\xB2/c), the benchmarks' spelling) and bring the test error to 20 % or less.",
           "kernel_perceptron with width c = 1 (l.width_c=1).",
           {{banana_split_1[0], banana_split_1[1], banana_split_1[2], need("learner=kernel_perceptron")},
            {holds(m("test_error"), C::at_most, 0.2)},
            ""},
           kTask,
           kFixed},
          {"Challenge: under 15 %",
           kernel,
           "The classes overlap, so no classifier gets every point right. Get the test error of split 1 below "
           "15 % with any learner and settings.",
           "A narrower kernel, or the RP-classifier, which is built for noisy overlapping data.",
           {{banana_split_1[0], banana_split_1[1], banana_split_1[2]}, {holds(m("test_error"), C::below, 0.15)}, ""},
           kTask,
           kChallenge},
      }};
}

}  // namespace

const std::vector<Lesson>& lessons() {
  static const std::vector<Lesson> all = {perceptron_bound(), halving_mistakes(), uniform_noise(), kernels_ring(),
                                          coresets(),         malicious(),        confusion(),     banana()};
  return all;
}

}  // namespace ml
