// The front end draws every combo and text field through the fitted helpers of app/panels/panel.h
// (fitted_combo, fitted_text_field), so a long preview or text ends in "..." with the whole text on hover
// instead of being cut by the widget's edge with no sign (ImGui 1.86 clips them silently). Checked on the
// source tree: a direct ImGui::BeginCombo or ImGui::InputText* call in app/ outside panel.cpp is a violation.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace ml::app {
namespace app_fitted_widgets_test {

namespace fs = std::filesystem;

// "line N: CALL" for each direct call of a clipping ImGui widget in `text` (comments ignored).
std::vector<std::string> unfitted_calls(const std::string& text) {
  static const std::regex kCall(R"(ImGui::(BeginCombo|InputText|InputTextWithHint|InputTextMultiline)\s*\()");
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const size_t comment = line.find("//");
    const std::string code = comment == std::string::npos ? line : line.substr(0, comment);
    std::smatch m;
    if (std::regex_search(code, m, kCall)) out.push_back("line " + std::to_string(number) + ": ImGui::" + m[1].str());
  }
  return out;
}

TEST(AppFittedWidgets, TheCheckSeesADirectCall) {
  EXPECT_EQ(unfitted_calls("  if (ImGui::BeginCombo(\"##x\", p)) {\n").size(), 1u);
  EXPECT_EQ(unfitted_calls("x;\n  ImGui::InputText(\"##t\", &s);\n")[0], "line 2: ImGui::InputText");
  EXPECT_EQ(unfitted_calls("ImGui::InputTextWithHint (\"##h\", \"hint\", &s);\n").size(), 1u);
  EXPECT_TRUE(unfitted_calls("if (fitted_combo(\"##x\", p)) {}\n// ImGui::BeginCombo( in a comment\n").empty());
  EXPECT_TRUE(unfitted_calls("ImGui::InputScalar(\"##n\", t, &v);\nImGui::EndCombo();\n").empty());
}

TEST(AppFittedWidgets, PanelsDrawCombosAndTextFieldsThroughTheFittedHelpers) {
  const fs::path root = fs::path(ML_SOURCE_DIR) / "app";
  const fs::path helpers = root / "panels" / "panel.cpp";  // where the helpers call ImGui themselves
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".cpp" || ext == ".h")) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  ASSERT_GT(files.size(), 20u);
  for (const fs::path& p : files) {
    if (p == helpers) continue;
    std::ifstream in(p, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    for (const std::string& v : unfitted_calls(text.str()))
      ADD_FAILURE() << p.lexically_relative(root.parent_path()).string() << " " << v
                    << " (use fitted_combo / fitted_text_field from app/panels/panel.h)";
  }
}

}  // namespace app_fitted_widgets_test
}  // namespace ml::app
