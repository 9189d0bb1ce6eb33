// marginlab app — the gallery's table (see gallery.h).
#include "app/gallery.h"

namespace ml::app {

const std::vector<GalleryEntry>& gallery() {
  static const std::vector<GalleryEntry> entries = {
      {"perceptron under 20 % noise",
       "One label in five is flipped (ringed points): the perceptron never stops making mistakes, yet the line "
       "in the view stays close to the true one and the test error stays low.",
       "#v=1&data=separable&n=400&noise=uniform&eta=0.2&learner=perceptron&seed=1&steps=3000"},
      {"why the bound breaks under noise",
       "The perceptron's (R/\xCE\xB4)\xC2\xB2 bound assumes clean, separable data: with 10 % flipped labels the "
       "mistake count crosses the dashed bound line and keeps climbing.",
       "#v=1&data=separable&n=400&margin=0.2&noise=uniform&eta=0.1&learner=perceptron&seed=1&steps=4000"},
      {"UMA vs C = I",
       "Ten classes, labels confused by a known matrix C: UMA corrects with C, the same algorithm with C = I "
       "does not; the sweep shows test error for both over five seeds.",
       "#v=1&data=classes&n=1000&margin=0.025&q=10&noise=family&fam=6&learner=uma&seed=1&steps=1000"
       "&x.l.confusion=given,identity&x.seed=1..5"},
      {"coreset vs full SVM",
       "Coreset SVM solves the SVM on a few points and stops when every point has margin \xE2\x89\xA5 (1 \xE2\x88\x92 "
       "\xCE\xB5)\xCF\x81: as \xCE\xB5 shrinks toward the full SVM the coreset grows by a few points and its margin "
       "reaches the SVM's.",
       "#v=1&data=separable&n=2000&d=10&learner=coreset_svm&seed=1&steps=2000&x.l.epsilon=0.5,0.2,0.1,0.05,0.01"},
      {"malicious noise: A_mu vs averaging",
       "10 % of the points are replaced by an adversary that drags the average away: plain averaging follows it, "
       "A_mu removes outliers along the top principal directions first.",
       "#v=1&data=separable&n=1000&d=10&noise=malicious&eta=0.1&learner=pca_outlier_removal&seed=1&steps=50&x.learner="
       "pca_outlier_removal,averaging"},
      // Real data (data/README.md): the page fetches each from its data/ folder when the entry is opened.
      {"real data: banana",
       "R\xC3\xA4tsch's banana benchmark, split 1: its 400 real training points in the view (untick 'test points' "
       "to see them alone). The two classes "
       "overlap, so the Gaussian-kernel perceptron still makes mistakes after ten passes; its curved boundary gets "
       "about 17 % of the 4 900 test points wrong.",
       "#v=1&data=csv&csv=ida%2Fbanana%2Fbanana&split=1&learner=kernel_perceptron&l.width_c=1&seed=1&steps=4000"},
      {"real data: breast cancer",
       "Ljubljana breast cancer recurrence (200 training, 77 test patients, 9 features): the perceptron's test "
       "error, about 29 %, is no better than always answering 'no recurrence' (30 %). Real data can be that hard.",
       "#v=1&data=csv&csv=ida%2Fbreast_cancer%2Fbreast_cancer&split=1&bias=1&learner=perceptron&seed=1&steps=4000"},
      {"real data: heart",
       "Statlog heart disease (170 training, 100 test patients, 13 features): the classes are not separable, so "
       "the perceptron keeps making mistakes; about 11 % of the training and 22 % of the test patients end up wrong.",
       "#v=1&data=csv&csv=ida%2Fheart%2Fheart&split=1&bias=1&learner=perceptron&seed=1&steps=4000"},
      {"real data: german credit",
       "Statlog German credit (700 training, 300 test applicants, 20 features): averaging takes one pass and gets "
       "about 24 % of the test applicants wrong, against 28 % for always answering 'good credit'.",
       "#v=1&data=csv&csv=ida%2Fgerman%2Fgerman&split=1&bias=1&learner=averaging&seed=1&steps=700"},
      {"real data: handwritten digits",
       "UCI optical digits (5 620 scans as 8 \xC3\x97 8 ink counts, ten classes; 32 % held out): a linear "
       "multiclass perceptron on the raw counts gets about 8 % of the held-out digits wrong after five passes.",
       "#v=1&data=csv&csv=uci%2Foptdigits.csv&csvhash=3741ca1601cee3df&test=0.32&learner=ultraconservative&seed=1"
       "&steps=20000"},
      {"real data: letters",
       "UCI letter recognition (20 000 distorted capitals, 16 features, 26 classes): a linear multiclass "
       "perceptron still gets about 41 % of the test letters wrong after two passes; 26 classes are far from "
       "linearly separable in these features.",
       "#v=1&data=csv&csv=uci%2Fletter_recognition.csv&csvhash=702895c420c26741&norm=standardize&learner="
       "ultraconservative&seed=1&steps=30000"},
  };
  return entries;
}

std::string_view welcome_text() {
  return "A perceptron learns a line that separates two classes; 5 % of the labels were flipped (ringed points). "
         "Look at the line in the 2-D view, the mistakes against the bound (top plot) and the test error (bottom "
         "plot). The numbers are in the top bar. The gallery has more to try.";
}

}  // namespace ml::app
