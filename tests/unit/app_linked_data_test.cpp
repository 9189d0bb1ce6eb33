// The app's side of a link that names data-folder files (AppState::wanted_data_files, load_data_files,
// data_failed, data_cancelled): a split's two files become the run `marginlab run` makes of the link (the page
// and the desktop give its trace hash), another link's files are never used for this link, and a file that is
// not the manifest's stops the run with an error naming the data set and the file.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "app/state/app_state.h"
#include "core/config/link.h"
#include "core/config/url.h"
#include "core/learners/registry.h"
#include "core/session/pipeline.h"
#include "core/session/session.h"
#include "tests/unit/fake_clock.h"
#include "tests/unit/shipped_files.h"

namespace ml::app {
namespace app_linked_data_test {

// The trace hash of the link run as the command line runs it: its files read through csv_dataset.
std::string command_line_hash(const std::string& url, int64_t steps) {
  const Config config = decode_link(url).config;
  const std::vector<std::string> names = csv_file_names(config).value();
  const std::vector<std::string> texts = test::read_shipped_files(names);
  Result<Dataset> data = csv_dataset(config, names, {texts.begin(), texts.end()});
  EXPECT_TRUE(data.ok());
  Result<std::unique_ptr<Session>> s = Session::create(config, &data.value());
  EXPECT_TRUE(s.ok());
  if (!s.ok()) return "";
  s.value()->advance(steps);
  return s.value()->trace().sha256();
}

using test::FakeClock;

const char* const kBanana3 =
    "#v=1&data=csv&csv=ida%2Fbanana%2Fbanana&split=3&learner=kernel_perceptron&l.width_c=1&seed=1&steps=300";

TEST(AppLinkedData, ASplitLinkRunsOnItsTwoFilesAsTheCommandLineDoes) {
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url(kBanana3);
  const std::vector<std::string> wanted = state.wanted_data_files();
  ASSERT_EQ(wanted, (std::vector<std::string>{"ida/banana/banana_train_3.csv", "ida/banana/banana_test_3.csv"}));
  EXPECT_EQ(state.session(), nullptr);
  EXPECT_NE(state.build_error().find("data set 'ida/banana/banana' split 3"), std::string::npos);
  const DataManifest manifest = test::shipped_manifest();
  ASSERT_TRUE(state.load_data_files(&manifest, "data", test::read_shipped_files(wanted)).ok());
  EXPECT_TRUE(state.wanted_data_files().empty());
  ASSERT_NE(state.session(), nullptr);
  EXPECT_EQ(state.session()->data().train.rows(), 400);
  EXPECT_EQ(state.session()->data().test.rows(), 4900);
  EXPECT_EQ(state.url(), kBanana3);  // the link is kept: a split records no hash of its own
  state.run_to(300);
  EXPECT_EQ(state.session()->trace().sha256(), command_line_hash(kBanana3, 300));
}

TEST(AppLinkedData, AnotherSplitsLinkWaitsForItsOwnFiles) {
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url(kBanana3);
  const DataManifest manifest = test::shipped_manifest();
  ASSERT_TRUE(state.load_data_files(&manifest, "data", test::read_shipped_files(state.wanted_data_files())).ok());
  std::string split4 = kBanana3;
  split4.replace(split4.find("split=3"), 7, "split=4");
  state.open_url(split4);
  EXPECT_EQ(state.wanted_data_files(),
            (std::vector<std::string>{"ida/banana/banana_train_4.csv", "ida/banana/banana_test_4.csv"}));
  EXPECT_EQ(state.session(), nullptr);
  // Changing the label column keeps the split's test file (the loaded data is read again with it).
  ASSERT_TRUE(state.load_data_files(&manifest, "data", test::read_shipped_files(state.wanted_data_files())).ok());
  Config next = state.config();
  next.csv_label = "2";  // the label column by index: another spelling, so the files are read again
  state.apply(next);
  ASSERT_NE(state.session(), nullptr);
  EXPECT_EQ(state.session()->data().test.rows(), 4900);
}

TEST(AppLinkedData, AFileThatIsNotTheManifestsStopsTheRunNamingIt) {
  FakeClock clock;
  AppState state(clock.fn());
  state.open_url(kBanana3);
  std::vector<std::string> texts = test::read_shipped_files(state.wanted_data_files());
  texts[0][10] ^= 1;
  const DataManifest manifest = test::shipped_manifest();
  const Status loaded = state.load_data_files(&manifest, "data", texts);
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().code, "data.hash_mismatch");
  EXPECT_EQ(state.session(), nullptr);
  EXPECT_NE(state.build_error().find("ida/banana/banana_train_3.csv"), std::string::npos) << state.build_error();
  ASSERT_FALSE(state.notices().empty());
  EXPECT_TRUE(state.notices().back().error);
}

TEST(AppLinkedData, CancellingGoesBackToThePreviousRun) {
  FakeClock clock;
  AppState state(clock.fn());
  const std::string ring = "#v=1&data=ring&learner=perceptron&seed=1";
  state.open_url(ring);
  ASSERT_NE(state.session(), nullptr);
  state.open_url(kBanana3);
  EXPECT_FALSE(state.wanted_data_files().empty());
  state.data_cancelled();
  EXPECT_EQ(state.url(), ring);
  EXPECT_NE(state.session(), nullptr);
  EXPECT_TRUE(state.wanted_data_files().empty());
}

}  // namespace app_linked_data_test
}  // namespace ml::app
