// The gallery (app/gallery.h): every entry's link decodes without a warning (a single-run link through
// decode_url, an experiment link through decode_experiment), has a title and an explanation, and its base
// run builds.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "app/gallery.h"
#include "core/config/url.h"
#include "core/experiment/experiment.h"
#include "core/learners/registry.h"
#include "core/session/session.h"

namespace ml::app {
namespace {

TEST(AppGalleryTest, EveryLinkDecodesWithoutWarnings) {
  ASSERT_GE(gallery().size(), 5u);
  std::set<std::string> titles;
  for (const GalleryEntry& e : gallery()) {
    SCOPED_TRACE(std::string(e.title));
    EXPECT_FALSE(e.title.empty());
    EXPECT_FALSE(e.explanation.empty());
    EXPECT_TRUE(titles.insert(std::string(e.title)).second) << "repeated title";
    ASSERT_EQ(e.link.substr(0, 5), "#v=1&");
    Config base;
    if (is_experiment_link(e.link)) {
      const ExperimentDecode d = decode_experiment(e.link, learner_schemas());
      for (const std::string& w : d.warnings) ADD_FAILURE() << "warning: " << w;
      EXPECT_FALSE(d.experiment.axes.empty());
      base = d.experiment.base;
    } else {
      const DecodeResult d = decode_url(e.link, learner_schemas());
      for (const std::string& w : d.warnings) ADD_FAILURE() << "warning: " << w;
      base = d.config;
    }
    const Result<std::unique_ptr<Session>> s = Session::create(base, nullptr);
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
  }
}

TEST(AppGalleryTest, TheIssuesExperimentsAreThere) {
  std::set<std::string> titles;
  for (const GalleryEntry& e : gallery()) titles.insert(std::string(e.title));
  for (const char* t : {"perceptron under 20 % noise", "why the bound breaks under noise", "UMA vs C = I",
                        "coreset vs full SVM", "malicious noise: A_mu vs averaging"})
    EXPECT_EQ(titles.count(t), 1u) << t;
}

}  // namespace
}  // namespace ml::app
