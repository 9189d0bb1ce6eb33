// The data a data=csv link reads from a data folder (core/session/linked_data.h), which the command line, the
// desktop app and the page all check it with: which links name data-folder files, how errors name the data
// set, the file and the folder, and the checks of the files' bytes against the shipped data/MANIFEST.tsv and
// the link's csvhash.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/config/link.h"
#include "core/config/url.h"
#include "core/data/manifest.h"
#include "core/learners/registry.h"
#include "core/session/linked_data.h"
#include "core/session/pipeline.h"
#include "tests/unit/shipped_files.h"

namespace ml {
namespace linked_data_test {

Config config_of(const std::string& url) { return decode_link(url).config; }

const char* const kBanana3 = "#v=1&data=csv&csv=ida%2Fbanana%2Fbanana&split=3&learner=perceptron&seed=1";
const char* const kDigits = "#v=1&data=csv&csv=uci%2Foptdigits.csv&csvhash=3741ca1601cee3df&learner=uma&seed=1";

TEST(LinkedData, WhichLinksNameDataFolderFiles) {
  EXPECT_TRUE(reads_data_folder(config_of(kBanana3)));
  EXPECT_TRUE(reads_data_folder(config_of(kDigits)));
  // A file the user picks is named by its bare name: the host waits for the user instead of fetching it.
  EXPECT_FALSE(reads_data_folder(config_of("#v=1&data=csv&csv=mine.csv&csvhash=0123456789abcdef&seed=1")));
  EXPECT_FALSE(reads_data_folder(config_of("#v=1&data=ring&seed=1")));
  EXPECT_EQ(data_set_name(config_of(kBanana3)), "data set 'ida/banana/banana' split 3");
  EXPECT_EQ(data_set_name(config_of(kDigits)), "data set 'uci/optdigits.csv'");
}

TEST(LinkedData, AFileTheManifestDoesNotListIsNamedBeforeAnyIsRead) {
  const DataManifest manifest = test::shipped_manifest();
  const Config banana3 = config_of(kBanana3);
  EXPECT_TRUE(check_listed(banana3, manifest, csv_file_names(banana3).value(), "data").ok());
  const Config banana11 = config_of("#v=1&data=csv&csv=ida%2Fbanana%2Fbanana&split=11&learner=perceptron");
  const Status missing = check_listed(banana11, manifest, csv_file_names(banana11).value(), "data");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code, "data.not_in_manifest");
  EXPECT_EQ(missing.error().message,
            "data set 'ida/banana/banana' split 11 (data folder data): the file ida/banana/banana_train_11.csv is not "
            "listed in the data folder's MANIFEST.tsv");
}

TEST(LinkedData, TheShippedFilesPassAndAChangedByteIsRefusedNamingTheFile) {
  const DataManifest manifest = test::shipped_manifest();
  const Config banana3 = config_of(kBanana3);
  const std::vector<std::string> names = csv_file_names(banana3).value();
  ASSERT_EQ(names.size(), 2u);
  std::vector<std::string> texts = {test::read_shipped_file(names[0]), test::read_shipped_file(names[1])};
  EXPECT_TRUE(check_data_files(banana3, &manifest, "data", names, {texts[0], texts[1]}).ok());
  texts[1][texts[1].size() / 2] ^= 1;
  const Status changed = check_data_files(banana3, &manifest, "data", names, {texts[0], texts[1]});
  ASSERT_FALSE(changed.ok());
  EXPECT_EQ(changed.error().code, "data.hash_mismatch");
  EXPECT_NE(changed.error().message.find("data set 'ida/banana/banana' split 3 (data folder data): the file "
                                         "ida/banana/banana_test_3.csv has sha256 "),
            std::string::npos)
      << changed.error().message;
  // Without a manifest (a folder of the user's files) the bytes are not checked against one.
  EXPECT_TRUE(check_data_files(banana3, nullptr, "data", names, {texts[0], texts[1]}).ok());
}

TEST(LinkedData, ASingleFileMustMatchTheLinksCsvhash) {
  const std::string digits = test::read_shipped_file("uci/optdigits.csv");
  const std::vector<std::string> names = {"uci/optdigits.csv"};
  EXPECT_TRUE(check_data_files(config_of(kDigits), nullptr, "data", names, {digits}).ok());
  Config other = config_of(kDigits);
  other.csv_hash = "0123456789abcdef";
  const Status refused = check_data_files(other, nullptr, "data", names, {digits});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "data.csv_hash");
  EXPECT_EQ(
      refused.error().message,
      "data set 'uci/optdigits.csv' (data folder data): the file uci/optdigits.csv has sha256 3741ca1601cee3df..., "
      "the link records csvhash=0123456789abcdef: it is not the file the link was written for");
}

}  // namespace linked_data_test
}  // namespace ml
