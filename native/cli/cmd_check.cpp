// marginlab check — parse a CSV and report what was read, or the precise error.
#include <cstdio>

#include "core/data/csv.h"
#include "core/util/sha256.h"
#include "native/cli/cli.h"
#include "native/cli/experiment_io.h"
#include "nlohmann/json.hpp"

namespace ml::cli {

int cmd_check(const Args& args) {
  if (args.positional.size() != 1) {
    std::fprintf(stderr, "error: check needs one FILE.csv\n");
    return usage_error(args.usage);
  }
  const std::string& path = args.positional[0];
  // The size cap is checked from the file's size before reading (csv.too_large, reported like a parse error).
  Result<std::string> text = read_csv_file(path);
  Result<CsvTable> table = Error{};
  if (text.ok()) {
    CsvOptions options;
    options.source_name = path;
    options.label_column = args.get("label");
    table = parse_csv(text.value(), options);
  } else if (text.error().code.rfind("csv.", 0) == 0) {
    table = text.error();
  } else {
    print_error(text.error());
    return 1;
  }
  if (!table.ok()) {
    const Error& e = table.error();
    print_error(e);
    const nlohmann::ordered_json j = {{"ok", false},    {"file", path},       {"code", e.code},
                                      {"line", e.line}, {"column", e.column}, {"message", e.message}};
    std::printf("%s\n", json_line(j).c_str());
    return 1;
  }
  const CsvInfo& info = table->info;
  nlohmann::ordered_json j;
  j["ok"] = true;
  j["file"] = path;
  j["rows"] = info.rows;
  j["cols"] = info.cols;
  j["classes"] = info.classes;
  j["class_names"] = table->data.class_names;
  j["header"] = info.had_header;
  j["bom"] = info.had_bom;
  j["delimiter"] = std::string(1, info.delimiter);
  j["label_column"] = info.label_index;
  j["blank_lines"] = info.blank_lines;
  j["sha256"] = sha256_hex(text.value());
  std::printf("%s\n", json_line(j).c_str());
  return 0;
}

}  // namespace ml::cli
