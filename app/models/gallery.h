// marginlab app — the gallery: ready-made experiments a newcomer can open from the first screen, each a
// link (docs/url.md; Compare and sweep links, docs/experiments.md) with a title and one plain sentence of
// what to look at. Declared once here; the Gallery window lists it and a unit test decodes every link
// (no warnings). Each explanation states only what its run shows: the claims it makes are data beside it
// (GalleryClaim), and a unit test runs every entry headless and checks each claim
// (tests/unit/app_gallery_test.cpp). No ImGui.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ml::app {

// What a claim says about its cells' runs (a metric's mean over the cells it names, at the end of the run).
enum class ClaimKind : int {
  below,           // the mean is below `value`
  above,           // the mean is above `value`
  about,           // the mean is within `tolerance` of `value` ("about 17 %")
  peak_above,      // the metric's largest value along some cell's run (its trace) is above `value`
  bound_exceeded,  // every cell's count is beyond its learner's proven bound
  bound_held,      // every cell's count is within its learner's proven bound
  ahead,           // the mean over `cells` is lower than the mean over `than` (lower error is ahead)
};

// One claim an explanation makes, checked by running the entry.
struct GalleryClaim {
  ClaimKind kind = ClaimKind::below;
  std::string_view says;    // the explanation's words that make the claim (the test finds them in it)
  std::string_view metric;  // a number of the run's report (test_error, mistakes, train, test, achieved_noise,
                            // counters.coreset_size...), or one the test derives: epochs (steps / train),
                            // examples (train + test), test_fraction (test / examples), majority_test_error
                            // (the test error of always answering the training part's most common class);
                            // "" for bound claims
  double value = 0;         // below, above, about, peak_above: the value the mean is read against
  double tolerance = 0;     // about: how far from `value` the mean may be
  std::string_view cells;   // the cells the claim is about: "" every cell, else "axis=value" (x.seed's values
                            // are averaged over): "l.epsilon=0.5", "learner=averaging"
  std::string_view than;    // ahead: the cells it is ahead of ("axis=value")
};

// One ready-made experiment.
struct GalleryEntry {
  std::string_view title;            // short name ("perceptron under 20 % noise")
  std::string_view explanation;      // one or two sentences: what to look at, only what the run shows
  std::string_view link;             // the experiment's link (the part after '#', with the '#')
  std::vector<GalleryClaim> claims;  // every claim the explanation makes
};

// The gallery, in the order the window lists it.
const std::vector<GalleryEntry>& gallery();

// The gallery's opening sentence: what a pick does (an entry opens playing: AppState::open_url).
extern const char* const kGalleryIntro;

// The link opened when the page or the desktop app starts without one (gallery.cpp says why this one).
extern const char* const kWelcomeLink;

// What the first screen says about the welcome experiment: a few plain sentences on what to look at, with the
// noise its run achieved (`corrupted` of `train_rows` training labels flipped: the Noise panel's figure, not the
// link's rate).
std::string welcome_text(int corrupted, int train_rows);

}  // namespace ml::app
