// Learners stay in their room: no code outside core/learners names a learner id or includes a concrete
// learner's header (docs/architecture.md "How to add a learner"). Everything else asks the registry
// (core/learners/registry.h): its rows carry each learner's schema, factory, citation, cost, self-selection
// and the tools the pipeline borrows. Links that name a learner (`learner=rp` in a gallery entry) are data,
// not code, and are allowed.
// Generators and noise models stay in theirs: no code outside core/data (core/noise) spells an enumerator of
// Generator (NoiseModel) or includes the private header that lists them (generator_ids.h, noise_ids.h); it asks
// the rows (generator_registry.h, noise_registry.h) or finds one by its id. Tests may use the enumerators.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/learners/registry.h"

namespace ml {
namespace learner_rooms_test {

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

// A room whose enumerators only its own code spells: the folder, the enum and the header listing them.
struct EnumRoom {
  std::string folder;  // "core/data/"
  std::string type;    // "Generator"
  std::string header;  // "core/data/generator_ids.h"
};

const EnumRoom kEnumRooms[] = {{"core/data/", "Generator", "core/data/generator_ids.h"},
                               {"core/noise/", "NoiseModel", "core/noise/noise_ids.h"}};

bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// Every place in `text` that spells `Type::` (not the tail of a longer name such as MyType::) or includes the
// room's header, as "line N: ..." (comments are skipped).
std::vector<std::string> enum_leaks(const std::string& text, const EnumRoom& room) {
  std::vector<std::string> out;
  std::istringstream lines(text);
  std::string line;
  const std::string scoped = room.type + "::";
  for (int n = 1; std::getline(lines, line); ++n) {
    const std::string code = line.substr(0, line.find("//"));
    if (code.find("#include") != std::string::npos && code.find("\"" + room.header + "\"") != std::string::npos)
      out.push_back("line " + std::to_string(n) + ": includes " + room.header);
    for (size_t at = code.find(scoped); at != std::string::npos; at = code.find(scoped, at + 1)) {
      if (at > 0 && is_identifier_char(code[at - 1])) continue;
      out.push_back("line " + std::to_string(n) + ": spells " + code.substr(at, code.find_first_of(" ;,)", at) - at));
    }
  }
  return out;
}

// Calls visit(path relative to the root, text) for every source under the folders.
template <class Visit>
int for_each_source(std::initializer_list<const char*> folders, const Visit& visit) {
  int files = 0;
  for (const char* folder : folders) {
    for (const auto& entry : fs::recursive_directory_iterator(kRoot / folder)) {
      if (!entry.is_regular_file() || !is_source(entry.path())) continue;
      ++files;
      visit(entry.path().lexically_relative(kRoot).string(), read_text(entry.path()));
    }
  }
  return files;
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
  const int files =
      for_each_source({"core", "app", "native", "web"}, [&](const std::string& path, const std::string& text) {
        if (path.rfind("core/learners/", 0) == 0) return;
        for (const std::string& leak : learner_leaks(text, ids, headers)) ADD_FAILURE() << path << " " << leak;
      });
  EXPECT_GT(files, 100) << "the sources were found";
}

TEST(RowRooms, TheEnumCheckFlagsWhatTheRuleForbids) {
  const EnumRoom& noise = kEnumRooms[1];
  EXPECT_TRUE(enum_leaks("#include \"core/noise/noise.h\"\n// NoiseModel::none\nMyNoiseModel::none;\n", noise).empty());
  const auto leaks = enum_leaks("#include \"core/noise/noise_ids.h\"\nif (m == ml::NoiseModel::none) {}\n", noise);
  ASSERT_EQ(leaks.size(), 2u);
  EXPECT_EQ(leaks[0], "line 1: includes core/noise/noise_ids.h");
  EXPECT_EQ(leaks[1], "line 2: spells NoiseModel::none");
}

TEST(RowRooms, NoCodeOutsideItsRoomSpellsAGeneratorOrNoiseModel) {
  const int files =
      for_each_source({"core", "app", "native", "web", "bench"}, [](const std::string& path, const std::string& text) {
        for (const EnumRoom& room : kEnumRooms) {
          if (path.rfind(room.folder, 0) == 0) continue;
          for (const std::string& leak : enum_leaks(text, room)) ADD_FAILURE() << path << " " << leak;
        }
      });
  EXPECT_GT(files, 100) << "the sources were found";
}

}  // namespace learner_rooms_test
}  // namespace ml
