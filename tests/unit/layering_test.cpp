// The dependency rules of docs/architecture.md, checked on the source tree (the build enforces most of them too:
// each core module and app/ compile against include roots that hold only what they may include):
// - core/ includes no UI, GL or platform header (ImGui, GLFW, GL, GLES, emscripten, ImGui backends);
// - a file of core module M includes core/X only when X comes before M in the module order, which is read from
//   the list core/CMakeLists.txt builds the libraries from (generated core_modules.h), without exceptions; no
//   include climbs out with "..";
// - every folder of core/ is a module of that list (a new folder cannot sit outside the order);
// - docs/architecture.md's module table and README.md's Layout list the modules of that list, in its order;
// - app/ includes neither native/ nor web/, nor GLFW or emscripten (docs/architecture.md: native, web -> app -> core);
// - app/'s logic folders (state/, models/: marginlab_app_logic) include no ImGui, GL or drawing folder, and no
//   model includes the state that owns it (app/CMakeLists.txt builds the libraries from these folders).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core_modules.h"

namespace ml {
namespace layering_test {

namespace fs = std::filesystem;

struct Include {
  int line = 0;
  std::string path;  // as written between the quotes or angle brackets
};

// The #include lines of a source text.
std::vector<Include> includes_of(const std::string& text) {
  static const std::regex kInclude(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
  std::vector<Include> out;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    std::smatch m;
    if (std::regex_search(line, m, kInclude)) out.push_back(Include{number, m[1].str()});
  }
  return out;
}

// Position of a module in the order, -1 when it is not a module.
int module_index(const std::string& name) {
  for (size_t i = 0; i < layering::kCoreModules.size(); ++i) {
    if (layering::kCoreModules[i] == name) return static_cast<int>(i);
  }
  return -1;
}

// What is wrong with the includes of `text`, a file of core module `module`: one sentence per bad include.
std::vector<std::string> core_violations(const std::string& module, const std::string& text) {
  static const std::regex kUi(R"(^(imgui|GLFW/|GL/|GLES|emscripten|backends/))");
  std::vector<std::string> out;
  const int own = module_index(module);
  for (const Include& inc : includes_of(text)) {
    const std::string where = "line " + std::to_string(inc.line) + " \"" + inc.path + "\": ";
    if (std::regex_search(inc.path, kUi)) out.push_back(where + "UI or platform header in core");
    if (inc.path.find("..") != std::string::npos) out.push_back(where + "relative include climbing out of the folder");
    if (inc.path.rfind("app/", 0) == 0 || inc.path.rfind("native/", 0) == 0 || inc.path.rfind("web/", 0) == 0)
      out.push_back(where + "core includes the front end or a host");
    if (inc.path.rfind("core/", 0) != 0) continue;
    const size_t slash = inc.path.find('/', 5);
    const std::string target = slash == std::string::npos ? std::string() : inc.path.substr(5, slash - 5);
    const int other = module_index(target);
    if (other < 0) {
      out.push_back(where + "not a core module");
    } else if (other > own) {
      out.push_back(where + "module " + module + " includes " + target + ", which comes after it");
    }
  }
  return out;
}

// What is wrong with the includes of `text`, a file of app/.
std::vector<std::string> app_violations(const std::string& text) {
  static const std::regex kHost(R"(^(native/|web/|GLFW/|emscripten))");
  std::vector<std::string> out;
  for (const Include& inc : includes_of(text)) {
    if (std::regex_search(inc.path, kHost))
      out.push_back("line " + std::to_string(inc.line) + " \"" + inc.path +
                    "\": app includes a host (native, web, GLFW, emscripten)");
  }
  return out;
}

// What is wrong with the includes of `text`, a file of app/'s logic folder `folder` ("state" or "models").
std::vector<std::string> app_logic_violations(const std::string& folder, const std::string& text) {
  static const std::regex kDrawing(R"(^(imgui|GL/|GLES|backends/|app/(ui|panels|platform)/|app/app\.h))");
  std::vector<std::string> out;
  for (const Include& inc : includes_of(text)) {
    const std::string where = "line " + std::to_string(inc.line) + " \"" + inc.path + "\": ";
    if (std::regex_search(inc.path, kDrawing)) out.push_back(where + "app/" + folder + "/ is logic: it draws nothing");
    if (folder == "models" && inc.path.rfind("app/state/", 0) == 0)
      out.push_back(where + "a model includes the state that owns it");
  }
  return out;
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool is_source(const fs::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".h" || ext == ".hpp" || ext == ".cpp" || ext == ".cc";
}

// The lines of `text` from the line `heading` (exclusive) to the next "## " heading; empty without the heading.
std::vector<std::string> section_lines(const std::string& text, const std::string& heading) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (inside && line.rfind("## ", 0) == 0) break;
    if (inside) out.push_back(line);
    if (line == heading) inside = true;
  }
  return out;
}

// The module table of docs/architecture.md ("| 3 | `data` | ... |" under its heading), row by row as
// "<number> <module>", e.g. "3 data".
std::vector<std::string> documented_module_rows(const std::string& architecture_md) {
  static const std::regex kRow(R"(^\|\s*(\d+)\s*\|\s*`([^`]+)`\s*\|)");
  std::vector<std::string> out;
  for (const std::string& line : section_lines(architecture_md, "## The core's modules, in order")) {
    std::smatch m;
    if (std::regex_search(line, m, kRow)) out.push_back(m[1].str() + " " + m[2].str());
  }
  return out;
}

// The modules README.md's Layout section lists for core/: the comma-separated names after the last ':' of
// the "core/" line and on the indented lines that continue it.
std::vector<std::string> readme_core_modules(const std::string& readme_md) {
  std::string listed;
  bool in_core = false;
  for (const std::string& line : section_lines(readme_md, "## Layout")) {
    if (line.rfind("core/", 0) == 0) {
      in_core = true;
      listed = line.substr(line.rfind(':') + 1);
    } else if (in_core && !line.empty() && line[0] == ' ') {
      listed += " " + line;
    } else {
      in_core = false;
    }
  }
  std::vector<std::string> out;
  std::istringstream names(listed);
  std::string name;
  while (std::getline(names, name, ',')) {
    const size_t first = name.find_first_not_of(' ');
    if (first != std::string::npos) out.push_back(name.substr(first, name.find_last_not_of(' ') - first + 1));
  }
  return out;
}

// The rows the module table should have: "1 util", "2 settings", ... from the build's list.
std::vector<std::string> expected_module_rows() {
  std::vector<std::string> out;
  for (size_t i = 0; i < layering::kCoreModules.size(); ++i)
    out.push_back(std::to_string(i + 1) + " " + std::string(layering::kCoreModules[i]));
  return out;
}

// Source files below `folder`, sorted (for stable messages).
std::vector<fs::path> sources_below(const fs::path& folder) {
  std::vector<fs::path> out;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    if (entry.is_regular_file() && is_source(entry.path())) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

const fs::path kRoot = ML_SOURCE_DIR;

TEST(Layering, ChecksFlagWhatTheRulesForbid) {
  // Hand-made files: the checker itself must see an upward include, a UI header, a climb and a host include.
  EXPECT_TRUE(core_violations("learners", "#include \"core/data/dataset.h\"\n#include <vector>\n").empty());
  const auto up = core_violations("data", "// x\n#include \"core/learners/learner.h\"\n");
  ASSERT_EQ(up.size(), 1u);
  EXPECT_EQ(up[0], "line 2 \"core/learners/learner.h\": module data includes learners, which comes after it");
  EXPECT_EQ(core_violations("util", "  #  include <imgui.h>\n").size(), 1u);
  EXPECT_EQ(core_violations("metrics", "#include \"../learners/learner.h\"\n").size(), 1u);
  EXPECT_EQ(core_violations("session", "#include \"app/state/app_state.h\"\n").size(), 1u);
  EXPECT_EQ(core_violations("session", "#include \"core/widgets/x.h\"\n").size(), 1u) << "core/widgets is no module";
  EXPECT_TRUE(
      app_violations("#include \"app/app.h\"\n#include \"core/session/session.h\"\n#include <GLES3/gl3.h>\n").empty());
  EXPECT_EQ(app_violations("#include \"native/cli/cli.h\"\n#include \"web/x.h\"\n#include <GLFW/glfw3.h>\n").size(),
            3u);
}

TEST(Layering, TheModuleOrderIsTheBuildsOrder) {
  // The list CMake builds from: util first, lessons last (a goal reads experiments' rows), experiment after
  // session (it runs sessions), config after learners (learners never see the Config).
  ASSERT_GE(layering::kCoreModules.size(), 2u);
  EXPECT_EQ(layering::kCoreModules.front(), "util");
  EXPECT_EQ(layering::kCoreModules.back(), "lessons");
  EXPECT_LT(module_index("session"), module_index("experiment"));
  EXPECT_LT(module_index("experiment"), module_index("lessons"));
  EXPECT_LT(module_index("data"), module_index("learners"));
  EXPECT_LT(module_index("metrics"), module_index("learners"));
  EXPECT_LT(module_index("learners"), module_index("config"));
}

TEST(Layering, DocumentReadersFindTheModuleLists) {
  // Hand-made documents: the readers take the numbered rows of the right section only, and the README's
  // names across its continuation line.
  const std::string doc =
      "## Other\n| 1 | `x` | owns | why |\n## The core's modules, in order\n| # | module | owns | why |\n"
      "|---|---|---|---|\n| 1 | `util` | a | b |\n| 2 | `data` | c | d |\n\nText.\n## Next\n| 3 | `y` | e | f |\n";
  EXPECT_EQ(documented_module_rows(doc), (std::vector<std::string>{"1 util", "2 data"}));
  EXPECT_TRUE(documented_module_rows("| 1 | `util` | a | b |\n").empty()) << "no heading, no table";
  const std::string readme = "## Layout\n```\ncore/      the core, in order:\n           util, data,\n           "
                             "noise\napp/       x, y\n```\n";
  EXPECT_EQ(readme_core_modules(readme), (std::vector<std::string>{"util", "data", "noise"}));
}

TEST(Layering, TheDocumentsListTheBuildsModuleOrder) {
  // docs/architecture.md's module table and README.md's Layout state the order of ML_CORE_MODULES
  // (core/CMakeLists.txt, generated core_modules.h): a module added, removed or moved there must be here too.
  EXPECT_EQ(documented_module_rows(read_text(kRoot / "docs" / "architecture.md")), expected_module_rows())
      << "docs/architecture.md: the table under \"The core's modules, in order\" differs from ML_CORE_MODULES";
  const std::vector<std::string> build_order(layering::kCoreModules.begin(), layering::kCoreModules.end());
  EXPECT_EQ(readme_core_modules(read_text(kRoot / "README.md")), build_order)
      << "README.md: the core/ line of the Layout section differs from ML_CORE_MODULES";
}

TEST(Layering, EveryCoreFolderIsAModule) {
  for (const auto& entry : fs::directory_iterator(kRoot / "core")) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory()) {
      EXPECT_GE(module_index(name), 0) << "core/" << name << " is not in ML_CORE_MODULES (core/CMakeLists.txt)";
    } else {
      EXPECT_FALSE(is_source(entry.path())) << "core/" << name << " belongs in a module folder";
    }
  }
}

TEST(Layering, CoreIncludesFollowTheModuleOrder) {
  int files = 0;
  for (const fs::path& p : sources_below(kRoot / "core")) {
    const std::string module = p.lexically_relative(kRoot / "core").begin()->string();
    for (const std::string& v : core_violations(module, read_text(p))) ADD_FAILURE() << p.string() << ": " << v;
    ++files;
  }
  EXPECT_GT(files, 50) << "the core's sources were found";
}

TEST(Layering, AppIncludesNoHost) {
  int files = 0;
  for (const fs::path& p : sources_below(kRoot / "app")) {
    for (const std::string& v : app_violations(read_text(p))) ADD_FAILURE() << p.string() << ": " << v;
    ++files;
  }
  EXPECT_GT(files, 5) << "the app's sources were found";
}

TEST(Layering, AppLogicFoldersDrawNothing) {
  EXPECT_EQ(app_logic_violations("models", "#include \"imgui.h\"\n#include \"app/state/app_state.h\"\n").size(), 2u);
  EXPECT_TRUE(app_logic_violations("state", "#include \"app/models/sweep_model.h\"\n").empty());
  int files = 0;
  for (const char* folder : {"state", "models"}) {
    for (const fs::path& p : sources_below(kRoot / "app" / folder)) {
      for (const std::string& v : app_logic_violations(folder, read_text(p))) ADD_FAILURE() << p.string() << ": " << v;
      ++files;
    }
  }
  EXPECT_GT(files, 30) << "the app's logic sources were found";
}

}  // namespace layering_test
}  // namespace ml
