// marginlab app — the gallery's table (see gallery.h).
#include "app/models/gallery.h"

#include <cstdio>

namespace ml::app {

// Clean data would converge in a few dozen steps; 5% label noise keeps the perceptron moving for the
// whole budget, so the page opens on mistakes climbing past the clean-data bound, a margin that moves,
// regions that shift and corrupted points marked.
const char* const kGalleryIntro =
    "Ready-made experiments: each opens as a link you can share and starts training at once; the line under the "
    "toolbar gives its numbers.";

const char* const kWelcomeLink = "#v=1&data=separable&noise=uniform&eta=0.05&learner=perceptron&seed=1";

namespace {
// The claims an explanation can make (GalleryClaim); `cells` "" means every cell of the entry.
GalleryClaim about(std::string_view says, std::string_view metric, double value, double tolerance,
                   std::string_view cells = "") {
  return {ClaimKind::about, says, metric, value, tolerance, cells, ""};
}
GalleryClaim above(std::string_view says, std::string_view metric, double value) {
  return {ClaimKind::above, says, metric, value, 0, "", ""};
}
GalleryClaim peak_above(std::string_view says, std::string_view metric, double value) {
  return {ClaimKind::peak_above, says, metric, value, 0, "", ""};
}
GalleryClaim bound_exceeded(std::string_view says) { return {ClaimKind::bound_exceeded, says, "", 0, 0, "", ""}; }
GalleryClaim ahead(std::string_view says, std::string_view metric, std::string_view cells, std::string_view than) {
  return {ClaimKind::ahead, says, metric, 0, 0, cells, than};
}
}  // namespace

const std::vector<GalleryEntry>& gallery() {
  static const std::vector<GalleryEntry> entries = {
      {"perceptron under 20 % noise",
       "One label in five is flipped (ringed points): the perceptron never stops making mistakes, far past its "
       "clean-data bound, and its line keeps swinging: the last iterate is not an average, so the test error "
       "jumps as high as 100 % between calmer stretches and ends at 20 %.",
       "#v=1&data=separable&n=400&noise=uniform&eta=0.2&learner=perceptron&seed=1&steps=3000",
       {about("One label in five", "achieved_noise", 0.2, 0.01), bound_exceeded("far past its clean-data bound"),
        peak_above("as high as 100 %", "test_error", 0.99), about("ends at 20 %", "test_error", 0.2, 0.005)}},
      {"why the bound breaks under noise",
       "The perceptron's (R/\xCE\xB4)\xC2\xB2 bound assumes clean, separable data: with 10 % flipped labels the "
       "mistake count crosses the dashed bound line and keeps climbing, past 700 mistakes.",
       "#v=1&data=separable&n=400&margin=0.2&noise=uniform&eta=0.1&learner=perceptron&seed=1&steps=4000",
       {about("10 % flipped labels", "achieved_noise", 0.1, 0.01), bound_exceeded("crosses the dashed bound line"),
        above("past 700 mistakes", "mistakes", 700)}},
      {"UMA vs C = I",
       "Ten classes, labels confused by a known matrix C: UMA corrects with C, the same algorithm with C = I "
       "does not; over five seeds UMA's test error is about 13 %, C = I's about 29 %.",
       "#v=1&data=classes&n=1000&margin=0.025&q=10&noise=family&fam=6&learner=uma&seed=1&steps=1000"
       "&x.l.confusion=given,identity&x.seed=1..5",
       {ahead("UMA corrects with C", "test_error", "l.confusion=given", "l.confusion=identity"),
        about("about 13 %", "test_error", 0.13, 0.01, "l.confusion=given"),
        about("about 29 %", "test_error", 0.29, 0.01, "l.confusion=identity")}},
      {"coreset vs full SVM",
       "Coreset SVM solves the SVM on a few points and stops when every point has margin \xE2\x89\xA5 (1 \xE2\x88\x92 "
       "\xCE\xB5)\xCF\x81: as \xCE\xB5 shrinks from 0.5 to 0.01 the coreset grows from 10 to 27 of the 1 500 training "
       "points "
       "and the margin on all of them climbs from 60 % to 99 % of the coreset's own.",
       "#v=1&data=separable&n=2000&d=10&learner=coreset_svm&seed=1&steps=2000&x.l.epsilon=0.5,0.2,0.1,0.05,0.01",
       {about("from 10", "counters.coreset_size", 10, 0, "l.epsilon=0.5"),
        about("to 27", "counters.coreset_size", 27, 0, "l.epsilon=0.01"),
        about("of the 1 500 training", "train", 1500, 0),
        about("from 60 %", "counters.approx_ratio", 0.6, 0.005, "l.epsilon=0.5"),
        about("to 99 %", "counters.approx_ratio", 0.99, 0.005, "l.epsilon=0.01")}},
      {"malicious noise: A_mu vs averaging",
       "10 % of the points are replaced by an adversary that drags the average away: plain averaging follows it "
       "(about 11 % test error), A_mu removes outliers along the top principal directions first (about 3 %).",
       "#v=1&data=separable&n=1000&d=10&noise=malicious&eta=0.1&learner=pca_outlier_removal&seed=1&steps=50&x.learner="
       "pca_outlier_removal,averaging",
       {about("10 % of the points are replaced", "achieved_noise", 0.1, 0.005),
        ahead("A_mu removes outliers", "test_error", "learner=pca_outlier_removal", "learner=averaging"),
        about("about 11 %", "test_error", 0.11, 0.005, "learner=averaging"),
        about("about 3 %", "test_error", 0.03, 0.005, "learner=pca_outlier_removal")}},
      // Real data (data/README.md): the page fetches each from its data/ folder when the entry is opened.
      {"real data: banana",
       "R\xC3\xA4tsch's banana benchmark, split 1: its 400 real training points in the view (untick 'test points' "
       "to see them alone). The two classes overlap, so the Gaussian-kernel perceptron makes hundreds of mistakes "
       "in ten passes; its curved boundary gets about 17 % of the 4 900 test points wrong.",
       "#v=1&data=csv&csv=ida%2Fbanana%2Fbanana&split=1&learner=kernel_perceptron&l.width_c=1&seed=1&steps=4000",
       {about("400 real training points", "train", 400, 0), above("hundreds of mistakes", "mistakes", 200),
        about("in ten passes", "epochs", 10, 0), about("about 17 %", "test_error", 0.17, 0.005),
        about("4 900 test points", "test", 4900, 0)}},
      {"real data: breast cancer",
       "Ljubljana breast cancer recurrence (200 training, 77 test patients, 9 features): the perceptron's test "
       "error, about 29 %, is no better than always answering 'no recurrence' (about 30 %). Real data can be that "
       "hard.",
       "#v=1&data=csv&csv=ida%2Fbreast_cancer%2Fbreast_cancer&split=1&bias=1&learner=perceptron&seed=1&steps=4000",
       {about("200 training", "train", 200, 0), about("77 test patients", "test", 77, 0),
        about("about 29 %", "test_error", 0.29, 0.005), about("(about 30 %)", "majority_test_error", 0.30, 0.01)}},
      {"real data: heart",
       "Statlog heart disease (170 training, 100 test patients, 13 features): the classes overlap, so the "
       "perceptron keeps making mistakes; about 11 % of the training and 22 % of the test patients end up wrong.",
       "#v=1&data=csv&csv=ida%2Fheart%2Fheart&split=1&bias=1&learner=perceptron&seed=1&steps=4000",
       {about("170 training", "train", 170, 0), about("100 test patients", "test", 100, 0),
        above("keeps making mistakes", "mistakes", 500),
        about("about 11 % of the training", "train_error_true", 0.11, 0.005),
        about("22 % of the test", "test_error", 0.22, 0.005)}},
      {"real data: german credit",
       "Statlog German credit (700 training, 300 test applicants, 20 features): averaging takes one pass and gets "
       "about 24 % of the test applicants wrong, against about 28 % for always answering 'good credit'.",
       "#v=1&data=csv&csv=ida%2Fgerman%2Fgerman&split=1&bias=1&learner=averaging&seed=1&steps=700",
       {about("700 training", "train", 700, 0), about("300 test applicants", "test", 300, 0),
        about("about 24 %", "test_error", 0.24, 0.005), about("about 28 %", "majority_test_error", 0.28, 0.01)}},
      {"real data: handwritten digits",
       "UCI optical digits (5 620 scans as 8 \xC3\x97 8 ink counts, ten classes; 32 % held out): a linear "
       "multiclass perceptron on the raw counts gets about 8 % of the held-out digits wrong after five passes.",
       "#v=1&data=csv&csv=uci%2Foptdigits.csv&csvhash=3741ca1601cee3df&test=0.32&learner=ultraconservative&seed=1"
       "&steps=20000",
       {about("5 620 scans", "examples", 5620, 0), about("32 % held out", "test_fraction", 0.32, 0.005),
        about("about 8 %", "test_error", 0.08, 0.005), about("after five passes", "epochs", 5, 0.3)}},
      {"real data: letters",
       "UCI letter recognition (20 000 distorted capitals, 16 features, 26 classes): a linear multiclass "
       "perceptron still gets about 41 % of the test letters wrong after two passes; 26 classes are far from "
       "linearly separable in these features.",
       "#v=1&data=csv&csv=uci%2Fletter_recognition.csv&csvhash=702895c420c26741&norm=standardize&learner="
       "ultraconservative&seed=1&steps=30000",
       {about("20 000 distorted capitals", "examples", 20000, 0), about("about 41 %", "test_error", 0.41, 0.005),
        about("after two passes", "epochs", 2, 0.01)}},
  };
  return entries;
}

std::string welcome_text(int corrupted, int train_rows) {
  char noise[160];
  std::snprintf(noise, sizeof noise, "noise flipped %d of the %d training labels (%.1f %%, the ringed points)",
                corrupted, train_rows, train_rows > 0 ? 100.0 * corrupted / train_rows : 0.0);
  return "A perceptron learns a line that separates two classes; " + std::string(noise) +
         ". Look at the line in the 2-D view, the mistakes against the bound (top plot) and the test error (bottom "
         "plot). The numbers are in the top bar. The gallery has more to try.";
}

}  // namespace ml::app
