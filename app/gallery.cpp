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
  };
  return entries;
}

std::string_view welcome_text() {
  return "A perceptron learns a line that separates two classes; 5 % of the labels were flipped (ringed points). "
         "Look at the line in the 2-D view, the mistakes against the bound (top plot) and the test error (bottom "
         "plot). The numbers are in the top bar. The gallery has more to try.";
}

}  // namespace ml::app
