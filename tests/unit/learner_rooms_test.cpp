// Learners stay in their room: no code outside core/learners names a learner id or includes a concrete
// learner's header (docs/architecture.md "How to add a learner"). Everything else asks the registry
// (core/learners/registry.h): its rows carry each learner's schema, factory, citation, cost, self-selection
// and the tools the pipeline borrows. Links that name a learner (`learner=rp` in a gallery entry) are data,
// not code, and are allowed.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/learners/registry.h"

namespace ml {
namespace {

namespace fs = std::filesystem;

const fs::path kRoot = ML_SOURCE_DIR;

// The headers of core/learners that are shared machinery, not one learner: the contract, the registry and
// its cost types, and the parts several learners build on. Every other header there is a learner's own.
const std::set<std::string> kSharedHeaders = {"learner.h",        "registry.h",      "cost.h",
                                              "evaluation.h",     "example_order.h", "kernel_front_end.h",
                                              "linear_learner.h", "svm_solver.h"};

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool is_source(const fs::path& p) { return p.extension() == ".cpp" || p.extension() == ".h"; }

// The concrete learner headers: core/learners/*.h minus the shared ones, as include paths.
std::vector<std::string> concrete_learner_headers() {
  std::vector<std::string> out;
  for (const auto& entry : fs::directory_iterator(kRoot / "core" / "learners")) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() == ".h" && kSharedHeaders.count(name) == 0) out.push_back("core/learners/" + name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Every place in `text` that names a learner id as a string literal ("rp") or includes a concrete learner
// header, as "line N: ..." (comments are skipped: prose may name learners).
std::vector<std::string> learner_leaks(const std::string& text, const std::vector<std::string>& ids,
                                       const std::vector<std::string>& headers) {
  std::vector<std::string> out;
  std::istringstream lines(text);
  std::string line;
  for (int n = 1; std::getline(lines, line); ++n) {
    const std::string code = line.substr(0, line.find("//"));
    for (const std::string& h : headers)
      if (code.find("#include") != std::string::npos && code.find("\"" + h + "\"") != std::string::npos)
        out.push_back("line " + std::to_string(n) + ": includes " + h);
    for (const std::string& id : ids)
      if (code.find("\"" + id + "\"") != std::string::npos)
        out.push_back("line " + std::to_string(n) + ": names the learner id \"" + id + "\"");
  }
  return out;
}

std::vector<std::string> registry_ids() {
  std::vector<std::string> ids;
  for (const LearnerEntry& row : learner_registry()) ids.push_back(row.schema.id);
  return ids;
}

TEST(LearnerRooms, TheCheckFlagsWhatTheRuleForbids) {
  const std::vector<std::string> headers = {"core/learners/uma.h"};
  const std::vector<std::string> ids = {"uma", "rp"};
  EXPECT_TRUE(learner_leaks("#include \"core/learners/registry.h\"\n// the \"uma\" learner\nurl = \"#learner=uma\";\n",
                            ids, headers)
                  .empty());
  const auto leaks = learner_leaks("#include \"core/learners/uma.h\"\nif (c.learner == \"rp\") {}\n", ids, headers);
  ASSERT_EQ(leaks.size(), 2u);
  EXPECT_EQ(leaks[0], "line 1: includes core/learners/uma.h");
  EXPECT_EQ(leaks[1], "line 2: names the learner id \"rp\"");
}

TEST(LearnerRooms, NoCodeOutsideCoreLearnersNamesALearner) {
  const std::vector<std::string> headers = concrete_learner_headers();
  EXPECT_GE(headers.size(), 10u) << "the learners' headers were found";
  const std::vector<std::string> ids = registry_ids();
  int files = 0;
  for (const char* folder : {"core", "app", "native", "web"}) {
    for (const auto& entry : fs::recursive_directory_iterator(kRoot / folder)) {
      const fs::path& p = entry.path();
      if (!entry.is_regular_file() || !is_source(p)) continue;
      if (p.lexically_relative(kRoot).string().rfind("core/learners/", 0) == 0) continue;
      ++files;
      for (const std::string& leak : learner_leaks(read_text(p), ids, headers))
        ADD_FAILURE() << p.lexically_relative(kRoot).string() << " " << leak;
    }
  }
  EXPECT_GT(files, 100) << "the sources were found";
}

}  // namespace
}  // namespace ml
