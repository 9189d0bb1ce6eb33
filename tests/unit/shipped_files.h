// The shipped data/ folder as the unit tests read it: one file's bytes, every file of a list, and the parsed
// manifest (ML_SOURCE_DIR is the source tree, set by tests/CMakeLists.txt).
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/data/manifest.h"

#ifndef ML_SOURCE_DIR
#define ML_SOURCE_DIR "."
#endif

namespace ml::test {

// The bytes of data/<name> ("" when it cannot be read).
inline std::string read_shipped_file(const std::string& name) {
  std::ifstream in(std::string(ML_SOURCE_DIR) + "/data/" + name, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The bytes of each of data/<names>, in order.
inline std::vector<std::string> read_shipped_files(const std::vector<std::string>& names) {
  std::vector<std::string> texts;
  for (const std::string& n : names) texts.push_back(read_shipped_file(n));
  return texts;
}

// data/MANIFEST.tsv, parsed (a failed expectation, and an empty manifest, when it does not parse).
inline DataManifest shipped_manifest() {
  Result<DataManifest> m = parse_manifest(read_shipped_file(std::string(kManifestFileName)), "data/MANIFEST.tsv");
  EXPECT_TRUE(m.ok());
  return m.ok() ? std::move(m).value() : DataManifest{};
}

}  // namespace ml::test
