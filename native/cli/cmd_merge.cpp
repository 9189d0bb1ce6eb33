// marginlab merge — rows files (shards, resumed runs) joined into one, each cell once, conflicts refused
// (core/experiment/experiment.h; docs/cli.md, docs/sharding.md).
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/experiment/experiment.h"
#include "core/util/sha256.h"
#include "native/cli/cli.h"
#include "native/cli/experiment_io.h"
#include "nlohmann/json.hpp"

namespace ml::cli {

int cmd_merge(const Args& args) {
  if (args.positional.empty() || !args.has("out")) {
    std::fprintf(stderr, "error: merge needs one or more rows files and --out FILE.jsonl\n");
    return usage_error(args.usage);
  }
  std::vector<std::vector<CellRow>> lists;
  size_t total = 0;
  // Two different rows for one cell: named with their files here (merge_cell_rows refuses them too, and a
  // link that two cells share with two different results).
  std::map<int64_t, std::pair<const std::string*, const CellRow*>> first;
  for (const std::string& path : args.positional) {
    bool dropped = false;
    Result<std::vector<CellRow>> rows = read_rows(path, &dropped);
    if (!rows.ok()) {
      print_error(rows.error());
      return 1;
    }
    if (dropped)
      print_warnings(
          {path + ": its last line is incomplete (an interrupted sweep): left out; resume that sweep first"});
    total += rows->size();
    lists.push_back(std::move(rows).value());
  }
  for (size_t l = 0; l < lists.size(); ++l) {
    for (const CellRow& r : lists[l]) {
      const auto [it, inserted] = first.emplace(r.index, std::pair{&args.positional[l], &r});
      if (inserted || it->second.second->json == r.json) continue;
      const CellRow& kept = *it->second.second;
      if (kept.cell != r.cell)
        std::fprintf(stderr,
                     "error: merge: %s and %s have different links for cell %lld (%s and %s): the files come "
                     "from different experiments; nothing written\n",
                     it->second.first->c_str(), args.positional[l].c_str(), static_cast<long long>(r.index),
                     kept.cell.c_str(), r.cell.c_str());
      else
        std::fprintf(stderr, "error: merge: %s and %s have different rows for cell %lld (%s); nothing written\n",
                     it->second.first->c_str(), args.positional[l].c_str(), static_cast<long long>(r.index),
                     r.cell.c_str());
      return 1;
    }
  }
  Result<std::vector<CellRow>> merged = merge_cell_rows(lists);
  if (!merged.ok()) {
    std::fprintf(stderr, "error: %s; nothing written\n", merged.error().message.c_str());
    return 1;
  }
  const std::string text = format_cell_rows(merged.value());
  if (!write_file_or_report(args.get("out"), text)) return 1;
  nlohmann::ordered_json j;
  j["out"] = args.get("out");
  j["inputs"] = args.positional.size();
  j["rows"] = merged->size();
  j["duplicates"] = total - merged->size();
  j["sha256"] = sha256_hex(text);
  std::printf("%s\n", json_line(j).c_str());
  return 0;
}

}  // namespace ml::cli
