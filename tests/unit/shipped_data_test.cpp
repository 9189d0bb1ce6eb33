// The data that ships with marginlab (data/, data/README.md): every file matches its row of
// data/MANIFEST.tsv (sha256, rows, features, classes as the CSV reader parses them), and every file of the
// folder has a row. Also the manifest reader's own errors (core/data/manifest.h).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/data/csv.h"
#include "core/data/manifest.h"
#include "core/util/sha256.h"

#ifndef ML_SOURCE_DIR
#define ML_SOURCE_DIR "."
#endif

namespace ml {
namespace shipped_data_test {

namespace fs = std::filesystem;

const std::string kDataDir = std::string(ML_SOURCE_DIR) + "/data";

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

DataManifest shipped_manifest() {
  const std::string path = kDataDir + "/" + std::string(kManifestFileName);
  Result<DataManifest> m = parse_manifest(read_bytes(path), path);
  EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().message);
  return m.ok() ? std::move(m).value() : DataManifest{};
}

TEST(ShippedData, EveryFileMatchesItsManifestRow) {
  const DataManifest manifest = shipped_manifest();
  ASSERT_GE(manifest.files.size(), 82u) << "the IDA splits (80 files) and the two UCI sets";
  for (const ManifestEntry& e : manifest.files) {
    const std::string bytes = read_bytes(kDataDir + "/" + e.path);
    ASSERT_FALSE(bytes.empty()) << "data/" << e.path << " is missing or empty";
    EXPECT_EQ(sha256_hex(bytes), e.sha256) << "data/" << e.path;
    EXPECT_TRUE(check_manifest_file(manifest, e.path, bytes).ok()) << e.path;
    CsvOptions options;
    options.source_name = e.path;
    Result<CsvTable> table = parse_csv(bytes, options);
    ASSERT_TRUE(table.ok()) << table.error().message;
    EXPECT_EQ(table->data.rows(), e.rows) << e.path;
    EXPECT_EQ(table->data.cols(), e.features) << e.path;
    EXPECT_EQ(table->data.num_classes(), e.classes) << e.path;
  }
}

TEST(ShippedData, NoFileOfTheFolderIsMissingFromTheManifest) {
  const DataManifest manifest = shipped_manifest();
  int files = 0;
  for (const fs::directory_entry& f : fs::recursive_directory_iterator(kDataDir)) {
    if (!f.is_regular_file()) continue;
    const std::string rel = fs::relative(f.path(), kDataDir).generic_string();
    if (rel == kManifestFileName || rel == "README.md") continue;
    EXPECT_NE(manifest.find(rel), nullptr) << "data/" << rel << " has no row in data/MANIFEST.tsv";
    ++files;
  }
  EXPECT_EQ(files, static_cast<int>(manifest.files.size()));
}

const char kHash[] = "ba6d0ae4bd734ad04b7ab34885bb7bb52b4b35d6da0ea1cc68a8dd59ec043385";

TEST(DataManifest, ReadsColumnsByNameAndRefusesMalformedRows) {
  const std::string header = "sha256\tpath\textra\trows\tfeatures\tclasses\n";
  Result<DataManifest> m = parse_manifest(header + kHash + "\ta/b.csv\tx\t3\t2\t2\n", "M");
  ASSERT_TRUE(m.ok()) << m.error().message;
  ASSERT_EQ(m->files.size(), 1u);
  EXPECT_EQ(m->files[0].path, "a/b.csv");
  EXPECT_EQ(m->files[0].rows, 3);
  EXPECT_EQ(m->files[0].sha256, kHash);
  EXPECT_EQ(m->find("a/b.csv"), &m->files[0]);
  EXPECT_EQ(m->find("b.csv"), nullptr);

  auto message = [&](const std::string& text) {
    Result<DataManifest> r = parse_manifest(text, "M");
    return r.ok() ? std::string("ok") : r.error().message;
  };
  EXPECT_EQ(message("path\trows\tfeatures\tclasses\n"), "M:1: the header has no column 'sha256'");
  EXPECT_EQ(message(header + kHash + "\ta.csv\tx\t0\t2\t2\n"), "M:2: 'rows' is not a positive integer: '0'");
  EXPECT_EQ(message(header + "ABC\ta.csv\tx\t1\t2\t2\n"), "M:2: 'sha256' is not 64 lowercase hex digits: 'ABC'");
  EXPECT_EQ(message(header + kHash + "\ta.csv\n"), "M:2: the row has no 'rows' cell");
  const std::string row = std::string(kHash) + "\ta.csv\tx\t1\t2\t2\n";
  EXPECT_EQ(message(header + row + row), "M:3: 'a.csv' is listed twice");
  EXPECT_EQ(message(""), "M:1: empty manifest");
}

TEST(DataManifest, RefusesAFileItDoesNotListOrWhoseHashDiffers) {
  DataManifest m;
  m.files.push_back({"x/a.csv", 1, 1, 1, sha256_hex("a,label\n1,0\n")});
  EXPECT_TRUE(check_manifest_file(m, "x/a.csv", "a,label\n1,0\n").ok());
  Status changed = check_manifest_file(m, "x/a.csv", "a,label\n1,1\n");
  ASSERT_FALSE(changed.ok());
  EXPECT_EQ(changed.error().code, "data.hash_mismatch");
  EXPECT_NE(changed.error().message.find("x/a.csv"), std::string::npos);
  Status unlisted = check_manifest_file(m, "x/b.csv", "");
  ASSERT_FALSE(unlisted.ok());
  EXPECT_EQ(unlisted.error().code, "data.not_in_manifest");
  EXPECT_EQ(unlisted.error().message, "the file x/b.csv is not listed in the data folder's MANIFEST.tsv");
}

}  // namespace shipped_data_test
}  // namespace ml
