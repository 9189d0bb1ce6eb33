// marginlab — CSV reader for the files people actually have (rules, detection, error table: docs/csv.md).
//
// Accepts: header or not (auto-detected: a first row with a non-numeric feature cell, or a text label
// over a numeric one, is a header), label column by name or 0-based index (default: the column named
// label/class/target/y, else the last), delimiter ',' ';' or tab (auto-detected on the first non-blank
// line, outside quotes; Excel's "sep=X" line is honoured), RFC 4180 quoted fields, CRLF/CR/LF line
// ends, a UTF-8 BOM, blank lines (skipped, counted), string or numeric class labels. Features are
// parsed exactly to the nearest float (fast_float).
// Every malformed input gets an Error with code "csv.*", line = physical line of the file (1-based; the
// line where the offending cell starts, or where an unterminated quote opened), column = 1-based field
// index; 0 means "whole row" (column) or "whole file" (line and column).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/data/dataset.h"
#include "core/util/status.h"

namespace ml {

// How to read a CSV.
struct CsvOptions {
  std::string source_name = "input";  // shown in errors: "<source_name>:line:column: ..."
  std::string label_column{};         // name or 0-based index; empty = a conventionally named column, else the last
  char delimiter = 0;                 // ',' ';' '\t', or 0 to detect from the first line
  int header = -1;                    // 1 yes, 0 no, -1 detect
  size_t max_bytes = 256u << 20;      // size cap (csv.too_large)
  long long max_cells = 50'000'000;   // rows x feature columns cap, checked before storing a row (csv.too_large)
  int max_columns = 100'000;          // fields per row cap, so one huge row cannot exhaust memory (csv.too_large)
  int max_classes = kMaxClasses;      // more distinct labels: csv.too_many_classes
};

// What the reader parsed, besides the data.
struct CsvInfo {
  int rows = 0;                           // examples read
  int cols = 0;                           // feature columns
  int classes = 0;                        // distinct labels
  bool had_header = false;                // a header row was found (detected or forced)
  bool had_bom = false;                   // a UTF-8 BOM was skipped
  char delimiter = ',';                   // delimiter used
  int label_index = 0;                    // 0-based index of the label column
  int blank_lines = 0;                    // blank lines skipped
  bool label_by_name_convention = false;  // no label column was given and one named like a label was used
  std::vector<std::string> column_names;  // the header's names, every column in file order (empty without a header)
};

// Header names that mark the label column when none is given, in order of preference (compared ignoring
// ASCII case): the names scikit-learn, pandas and most exports give it.
inline constexpr const char* kConventionalLabelNames[] = {"label", "class", "target", "y"};

// The column whose header name is the first of kConventionalLabelNames present (ignoring ASCII case;
// leftmost on a tie; y only when no column is named x, since x,y are coordinates), or -1 when none is.
int conventional_label_column(const std::vector<std::string>& header_names);

// A parsed CSV: the dataset (label = true_label = the file's labels, no corruption) and what was seen.
struct CsvTable {
  Dataset data;
  CsvInfo info;
};

// Parses CSV text. Labels that are numbers are one class per value ("1", "1.0", "+1"), named by the first
// spelling. Class names are sorted by value when every label is a number, else bytewise; class index =
// position in that order (so "-1"/"1" map to 0/1 = y -1/+1). Never throws, never touches files.
Result<CsvTable> parse_csv(std::string_view text, const CsvOptions& options);

// The size cap alone, from a byte count: a reader checks a file's size (stat, a browser File's size) with
// this before reading it, so an oversized file costs nothing. Same csv.too_large error parse_csv gives.
Status check_csv_size(uint64_t bytes, const CsvOptions& options);

}  // namespace ml
