// The gallery (app/gallery.h): every entry's link decodes without a warning (a single-run link through
// decode_url, an experiment link through decode_experiment), has a title and an explanation, and its base
// run builds, on the shipped data (data/) for a link that names it: every such file is listed in
// data/MANIFEST.tsv with its bytes' hash, as the page checks it when it fetches them.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "app/gallery.h"
#include "core/config/url.h"
#include "core/experiment/experiment.h"
#include "core/learners/registry.h"
#include "core/session/linked_data.h"
#include "core/session/pipeline.h"
#include "core/session/session.h"
#include "tests/unit/shipped_files.h"

namespace ml::app {
namespace {

// The data a data=csv link names, read from the shipped data/ and checked against its manifest.
Result<Dataset> shipped_data(const Config& config) {
  Result<DataManifest> manifest = parse_manifest(test::read_shipped_file("MANIFEST.tsv"), "data/MANIFEST.tsv");
  if (!manifest.ok()) return manifest.error();
  Result<std::vector<std::string>> names = csv_file_names(config);
  if (!names.ok()) return names.error();
  std::vector<std::string> texts;
  for (const std::string& n : names.value()) texts.push_back(test::read_shipped_file(n));
  const std::vector<std::string_view> views(texts.begin(), texts.end());
  Status checked = check_data_files(config, &manifest.value(), "data", names.value(), views);
  if (!checked.ok()) return checked.error();
  return csv_dataset(config, names.value(), views);
}

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
    Result<Dataset> data = make_error("none", "");
    if (base.use_csv) {
      EXPECT_TRUE(reads_data_folder(base)) << "a gallery link's data must ship with marginlab";
      data = shipped_data(base);
      ASSERT_TRUE(data.ok()) << data.error().message;
    }
    const Result<std::unique_ptr<Session>> s = Session::create(base, data.ok() ? &data.value() : nullptr);
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

TEST(AppGalleryTest, TheRealDataEntriesNameTheShippedSets) {
  std::set<std::string> sets;
  for (const GalleryEntry& e : gallery()) {
    const Config c = decode_url(e.link, learner_schemas()).config;
    if (c.use_csv) sets.insert(c.csv_name);
    // Banana is two-dimensional: the view shows its real training points, all 400 of split k.
    if (c.use_csv && c.csv_name == "ida/banana/banana") {
      Result<Dataset> data = shipped_data(c);
      ASSERT_TRUE(data.ok()) << data.error().message;
      EXPECT_EQ(data.value().given_test_from, 400);
      EXPECT_EQ(data.value().cols(), 2);
    }
  }
  EXPECT_EQ(sets, (std::set<std::string>{"ida/banana/banana", "ida/breast_cancer/breast_cancer", "ida/heart/heart",
                                         "ida/german/german", "uci/optdigits.csv", "uci/letter_recognition.csv"}));
}

}  // namespace
}  // namespace ml::app
