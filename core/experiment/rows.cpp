// marginlab — result rows: one JSON line per cell, parsed back, merged (experiment.h [SECTION] Rows).
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/experiment/experiment.h"
#include "core/session/run_report.h"
#include "core/util/numbers.h"
#include "nlohmann/json.hpp"

namespace ml {

namespace {

// The row without its index: what must agree between two rows of one link.
std::string_view without_index(const std::string& json) {
  const size_t comma = json.find(',');
  return comma == std::string::npos ? std::string_view(json) : std::string_view(json).substr(comma);
}

std::string shortened(std::string_view text) {
  return text.size() <= 120 ? std::string(text) : std::string(text.substr(0, 117)) + "...";
}

}  // namespace

double CellRow::number(std::string_view name) const {
  const auto it = numbers.find(std::string(name));
  return it == numbers.end() ? kNaN : it->second;
}

CellRow cell_row(const Cell& cell, const Session& session) {
  const std::string report =
      run_report_json(session, session.metrics(), cell.run_url.empty() ? cell.url : cell.run_url);
  CellRow row;
  row.index = cell.index;
  row.cell = cell.url;
  row.json = "{\"index\":" + std::to_string(cell.index) + ",\"cell\":" + nlohmann::json(cell.url).dump() + "," +
             report.substr(1);
  Result<CellRow> parsed = parse_cell_row(row.json);
  assert(parsed.ok());
  return std::move(parsed).value();
}

CellRow cell_error_row(const Cell& cell, const Error& error) {
  nlohmann::ordered_json j;
  j["index"] = cell.index;
  j["cell"] = cell.url;
  j["error"] = {{"code", error.code}, {"message", error.message}};
  Result<CellRow> parsed = parse_cell_row(j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
  assert(parsed.ok());
  return std::move(parsed).value();
}

Result<CellRow> parse_cell_row(std::string_view line) {
  const nlohmann::json j = nlohmann::json::parse(line.begin(), line.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return make_error("experiment.row_not_json", "row: not a JSON object");
  const auto index = j.find("index");
  if (index == j.end() || !index->is_number_integer() || index->get<int64_t>() < 0)
    return make_error("experiment.row_index", "row: missing or bad 'index' (a whole number >= 0)");
  const auto cell = j.find("cell");
  if (cell == j.end() || !cell->is_string())
    return make_error("experiment.row_cell", "row: missing 'cell' (the cell's link)");
  CellRow row;
  row.index = index->get<int64_t>();
  row.cell = cell->get<std::string>();
  row.json = std::string(line);
  const auto error = j.find("error");
  if (error != j.end() && error->is_object() && error->contains("message") && (*error)["message"].is_string())
    row.error = (*error)["message"].get<std::string>();
  for (auto it = j.begin(); it != j.end(); ++it) {
    const nlohmann::json& v = it.value();
    if (v.is_number())
      row.numbers[it.key()] = v.get<double>();
    else if (v.is_boolean())
      row.numbers[it.key()] = v.get<bool>() ? 1 : 0;
    else if (v.is_null())
      row.numbers[it.key()] = kNaN;
    else if (v.is_object() && it.key() == "counters")
      for (auto c = v.begin(); c != v.end(); ++c)
        row.numbers["counters." + c.key()] = c.value().is_number() ? c.value().get<double>() : kNaN;
  }
  return row;
}

Result<std::vector<CellRow>> parse_cell_rows(std::string_view text, std::string_view source, bool* dropped_tail) {
  if (dropped_tail) *dropped_tail = false;
  std::vector<CellRow> rows;
  size_t start = 0;
  int line_number = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    const bool last_without_newline = end == std::string_view::npos;
    if (last_without_newline) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_number;
    if (line.empty()) continue;
    Result<CellRow> row = parse_cell_row(line);
    if (!row.ok()) {
      if (last_without_newline) {  // an interrupted write: the cell runs again
        if (dropped_tail) *dropped_tail = true;
        break;
      }
      Error e = row.error();
      e.message = std::string(source) + ":" + std::to_string(line_number) + ": " + e.message;
      e.line = line_number;
      return e;
    }
    rows.push_back(std::move(row).value());
  }
  return rows;
}

std::string format_cell_rows(const std::vector<CellRow>& rows) {
  std::string out;
  for (const CellRow& row : rows) {
    out += row.json;
    out += '\n';
  }
  return out;
}

Result<std::vector<CellRow>> merge_cell_rows(const std::vector<std::vector<CellRow>>& lists) {
  std::vector<const CellRow*> all;
  for (const std::vector<CellRow>& list : lists)
    for (const CellRow& row : list) all.push_back(&row);
  std::stable_sort(all.begin(), all.end(), [](const CellRow* a, const CellRow* b) { return a->index < b->index; });
  std::vector<CellRow> merged;
  for (const CellRow* row : all) {
    if (!merged.empty() && merged.back().index == row->index) {
      const CellRow& kept = merged.back();
      if (kept.cell != row->cell)
        return make_error("experiment.merge_other_experiment", "merge: cell " + std::to_string(row->index) +
                                                                   " has two different links, " + shortened(kept.cell) +
                                                                   " and " + shortened(row->cell) +
                                                                   ": the files come from different experiments");
      if (kept.json != row->json)
        return make_error("experiment.merge_conflict",
                          "merge: two different results for cell " + std::to_string(row->index) + " (" +
                              shortened(row->cell) + "): " + shortened(kept.json) + " vs " + shortened(row->json));
      continue;
    }
    merged.push_back(*row);
  }
  // One link at two indices (a setting with no effect in some cells) must have one result.
  std::vector<const CellRow*> by_link;
  for (const CellRow& row : merged) by_link.push_back(&row);
  std::stable_sort(by_link.begin(), by_link.end(),
                   [](const CellRow* a, const CellRow* b) { return a->cell < b->cell; });
  for (size_t i = 1; i < by_link.size(); ++i)
    if (by_link[i]->cell == by_link[i - 1]->cell &&
        without_index(by_link[i]->json) != without_index(by_link[i - 1]->json))
      return make_error("experiment.merge_conflict",
                        "merge: two different results for the link " + shortened(by_link[i]->cell) + " (cells " +
                            std::to_string(by_link[i - 1]->index) + " and " + std::to_string(by_link[i]->index) + ")");
  return merged;
}

}  // namespace ml
