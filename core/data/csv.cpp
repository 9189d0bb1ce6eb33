// marginlab — CSV reader (rules, detection and the error table: docs/csv.md).
//
// One pass over the text. The numeric feature path parses each cell in place with fast_float (exact,
// round-to-nearest float) and writes it straight into the row-major matrix, so a numeric cell costs no
// allocation; only the header, the label cells and error messages ever build strings. The matrix is
// reserved from a newline count (an upper bound on the records) and shrunk at the end.
#include "core/data/csv.h"

#include <fast_float/fast_float.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "core/util/format.h"

namespace ml {
namespace {

// How a field ended: more fields follow, the record ended at a line end, or the text ended.
enum class FieldEnd : uint8_t { delimiter, record, file };

// One field as it sits in the text (no copy): between the quotes when quoted, still with "" pairs.
struct RawField {
  std::string_view text;        // untrimmed content
  bool escaped_quotes = false;  // holds "" pairs, so unescape before using it as a name
  int line = 0;                 // physical line where the field starts
  FieldEnd end = FieldEnd::file;
};

// A distinct class label: numeric labels are one class per value, others one per (trimmed) text.
struct ClassEntry {
  std::string name;  // first spelling seen
  bool numeric = false;
  double value = 0.0;  // when numeric
};

// A label text already seen and the class it maps to (so repeated labels cost one compare).
struct LabelAlias {
  std::string raw;  // trimmed raw cell text
  int class_id = 0;
};

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim_blanks(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t')) --e;
  return s.substr(b, e - b);
}

// Replaces each "" by ".
std::string unescape_quotes(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    out.push_back(s[i]);
    if (s[i] == '"' && i + 1 < s.size() && s[i + 1] == '"') ++i;
  }
  return out;
}

// A cell quoted for an error message: at most ~max_chars, control and invalid bytes escaped so the
// message stays one printable UTF-8 line whatever the file holds.
std::string excerpt(std::string_view s, size_t max_chars = 32) {
  std::string out;
  size_t shown = 0;
  char buf[8];
  for (size_t i = 0; i < s.size();) {
    if (shown >= max_chars) {
      out += "...";
      break;
    }
    const unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = utf8_sequence_length(s, i);
    if (c == '\n') {
      out += "\\n";
      n = 1;
    } else if (c == '\r') {
      out += "\\r";
      n = 1;
    } else if (c == '\t') {
      out += "\\t";
      n = 1;
    } else if (n == 0 || c < 0x20 || c == 0x7F) {
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
      n = 1;
    } else
      out.append(s.substr(i, n));
    i += n;
    ++shown;
  }
  return out;
}

// Parses a whole cell (already trimmed, unescaped) as a number of type T; accepts a leading '+'.
template <class T>
bool parse_number(std::string_view s, T& value) {
  const char* b = s.data();
  const char* e = b + s.size();
  if (b == e) return false;
  if (*b == '+') {
    ++b;
    if (b == e || *b == '+' || *b == '-') return false;
  }
  const auto r = fast_float::from_chars(b, e, value);
  return r.ec == std::errc() && r.ptr == e;
}

// ASCII lower case (header names are compared to the conventional label names without locale).
bool equal_ignoring_ascii_case(std::string_view a, std::string_view b) {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [&](char x, char y) { return lower(x) == lower(y); });
}

// A cell's text as a name or label: blanks trimmed, "" pairs unescaped.
std::string cell_text(const RawField& f) {
  return f.escaped_quotes ? unescape_quotes(trim_blanks(f.text)) : std::string(trim_blanks(f.text));
}

// How a feature cell read in place (CsvParser::read_plain_number) turned out.
enum class PlainNumber : uint8_t {
  read,        // a finite number: stored, and the parser is past the cell's terminator
  not_finite,  // a number that is NaN, infinite or beyond float range: an error
  other,       // quoted, empty or not a plain number: read_field and parse_feature_cell decide
};

// The parser state; one object per parse_csv call.
class CsvParser {
 public:
  CsvParser(std::string_view text, const CsvOptions& options)
      : text_(text), options_(options), source_(options.source_name.empty() ? "input" : options.source_name) {}

  Result<CsvTable> run();

 private:
  bool is_blank(char c) const { return c == ' ' || (c == '\t' && tab_is_blank_); }
  bool at_line_end(const char* q) const { return q == end_ || *q == '\n' || *q == '\r'; }

  // Steps over the line end at p_ (CRLF, LF or CR) and counts the line.
  void consume_line_end() {
    if (*p_ == '\r' && p_ + 1 < end_ && p_[1] == '\n') ++p_;
    ++p_;
    ++line_;
  }

  // Skips blank lines at p_ (nothing but blanks and, once the delimiter is known, delimiters).
  void skip_blank_lines();
  // Reads the field at p_ and steps past its terminator. column = 1-based field index for errors.
  Result<RawField> read_field(int column);
  // Reads every field of the record at p_.
  Result<std::vector<RawField>> read_record();
  // Chooses the delimiter from the first record (outside quotes); also rejects UTF-16 / binary text.
  Status detect_delimiter();
  // Maps the label cell to a class id, creating the class on first sight.
  Result<int> resolve_label(const RawField& field, int column);
  // Builds an Error whose message starts "source:line:column: ".
  Error fail(const char* code, int line, int column, const std::string& what, int field = -1) const;
  // Number of records at most left in the text (for reserving the matrix).
  size_t estimate_records() const;

  // run()'s stages, in order.
  Status skip_byte_order_mark(CsvInfo& info);     // a UTF-8 BOM is skipped, UTF-16 refused
  Status choose_delimiter();                      // the option, Excel's "sep=X" line, or detection
  Status read_first_record(const CsvInfo& info);  // first_ (header or data) and num_fields_
  Status choose_label_index();                    // label_index_ from the option (a name is looked up in read_header)
  Status decide_header();                         // has_header_: forced, implied by a label name, or detected
  bool numeric_label_follows();                   // header detection: the next record's label cell is a number
  Status read_header(CsvInfo& info);              // header_names_, checked; the label column by name or convention
  Status check_duplicate_header_names() const;
  Status find_label_column_by_name();
  Status read_data_rows(Dataset& data);                    // X and the labels' class ids, row by row
  Result<int> read_data_row(float* out, int record_line);  // one row's features into out; its class id
  // A feature cell that is a plain number between blanks, parsed in place (the fast path).
  PlainNumber read_plain_number(float* value, FieldEnd* ended, std::string_view* number);
  // A quoted, empty or non-numeric feature cell (the slow path): its value or the error.
  Result<float> parse_feature_cell(const RawField& field, int column, int feature);
  Error too_many_fields(int record_line, int got);  // csv.ragged_row, with the rest of the row counted
  Status finish_dataset(CsvTable& table);           // class order, feature names, the summary

  std::string_view text_;
  const CsvOptions& options_;
  std::string source_;
  const char* p_ = nullptr;
  const char* end_ = nullptr;
  int line_ = 1;
  char delim_ = 0;
  bool tab_is_blank_ = true;
  bool skip_delimiter_lines_ = false;
  bool delimiter_seen_ = false;  // the first row holds a delimiter (or one was given)
  int blank_lines_ = 0;
  bool has_header_ = false;
  std::vector<std::string> header_names_;
  std::vector<ClassEntry> classes_;
  std::vector<LabelAlias> aliases_;
  int last_alias_ = -1;
  // What run()'s stages pass on.
  std::vector<RawField> first_;  // the first record: the header, or the first data row
  const char* first_begin_ = nullptr;
  int first_line_ = 0;
  int blanks_before_first_ = 0;
  int num_fields_ = 0;
  std::string_view label_spec_;  // the label column option, trimmed
  bool label_by_name_ = false;   // label_spec_ is a name (not empty, not all digits)
  int label_index_ = -1;
  long long rows_ = 0;  // data rows read
  int first_data_line_ = 0;
};

Error CsvParser::fail(const char* code, int line, int column, const std::string& what, int field) const {
  std::string message = source_;
  if (line > 0) {
    message += ':' + std::to_string(line);
    if (column > 0) message += ':' + std::to_string(column);
  }
  message += ": " + what;
  if (field >= 0 && has_header_ && static_cast<size_t>(field) < header_names_.size() &&
      !header_names_[static_cast<size_t>(field)].empty())
    message += " (field '" + excerpt(header_names_[static_cast<size_t>(field)]) + "')";
  return Error{code, message, line, column};
}

void CsvParser::skip_blank_lines() {
  while (p_ < end_) {
    const char* q = p_;
    while (q < end_ && (is_blank(*q) || (skip_delimiter_lines_ && *q == delim_))) ++q;
    if (!at_line_end(q)) return;
    p_ = q;
    ++blank_lines_;
    if (p_ == end_) {  // a last line of blanks with no line end
      return;
    }
    consume_line_end();
  }
}

Result<RawField> CsvParser::read_field(int column) {
  RawField field;
  field.line = line_;
  const char* q = p_;
  while (q < end_ && is_blank(*q)) ++q;
  if (q < end_ && *q == '"') {
    const int open_line = line_;
    const char* begin = ++q;
    for (;;) {
      while (q < end_ && *q != '"') {
        if (*q == '\n' || (*q == '\r' && (q + 1 == end_ || q[1] != '\n'))) ++line_;
        ++q;
      }
      if (q == end_)
        return fail("csv.unterminated_quote", open_line, column,
                    "quote opened here is never closed (a quote inside a quoted field must be doubled: \"\")",
                    column - 1);
      if (q + 1 < end_ && q[1] == '"') {
        field.escaped_quotes = true;
        q += 2;
        continue;
      }
      field.text = std::string_view(begin, static_cast<size_t>(q - begin));
      ++q;
      break;
    }
    while (q < end_ && is_blank(*q)) ++q;
    if (q < end_ && *q != delim_ && *q != '\n' && *q != '\r')
      return fail("csv.stray_quote", line_, column,
                  "unexpected text after the closing quote of \"" + excerpt(field.text) + "\"", column - 1);
  } else {
    const char* begin = p_;
    while (q < end_ && *q != delim_ && *q != '\n' && *q != '\r') {
      if (*q == '"') {
        const char* cell_end = q;
        while (cell_end < end_ && *cell_end != delim_ && *cell_end != '\n' && *cell_end != '\r') ++cell_end;
        return fail("csv.stray_quote", line_, column,
                    "quote inside the unquoted field '" +
                        excerpt(trim_blanks(std::string_view(begin, static_cast<size_t>(cell_end - begin)))) +
                        "' (quote the whole field and double the inner quotes)",
                    column - 1);
      }
      ++q;
    }
    field.text = std::string_view(begin, static_cast<size_t>(q - begin));
  }
  p_ = q;
  if (p_ == end_) {
    field.end = FieldEnd::file;
  } else if (*p_ == delim_) {
    ++p_;
    field.end = FieldEnd::delimiter;
  } else {
    consume_line_end();
    field.end = FieldEnd::record;
  }
  return field;
}

Result<std::vector<RawField>> CsvParser::read_record() {
  std::vector<RawField> fields;
  for (;;) {
    if (static_cast<long long>(fields.size()) >= std::min<long long>(options_.max_columns, options_.max_cells + 1))
      return fail("csv.too_large", line_, 0,
                  "more than " + std::to_string(fields.size()) + " fields in one row (max_columns, max_cells)");
    Result<RawField> field = read_field(static_cast<int>(fields.size()) + 1);
    if (!field) return field.error();
    fields.push_back(*field);
    if (field->end != FieldEnd::delimiter) return fields;
  }
}

Status CsvParser::detect_delimiter() {
  // The first record, up to its first line end outside quotes.
  size_t counts[3] = {0, 0, 0};  // '\t' ';' ','
  bool in_quotes = false;
  for (const char* q = p_; q < end_; ++q) {
    const char c = *q;
    if (c == '\0')
      return fail("csv.unsupported_encoding", line_, 0,
                  "the first row holds NUL bytes: this is a binary file or UTF-16 text; save it as UTF-8 CSV");
    if (c == '"')
      in_quotes = !in_quotes;
    else if (!in_quotes && (c == '\n' || c == '\r'))
      break;
    else if (!in_quotes && c == '\t')
      ++counts[0];
    else if (!in_quotes && c == ';')
      ++counts[1];
    else if (!in_quotes && c == ',')
      ++counts[2];
  }
  delimiter_seen_ = delim_ != 0 || counts[0] + counts[1] + counts[2] > 0;
  if (delim_ != 0) return Status::Ok();
  // Most frequent wins; ties go to tab, then ';' (a ';' file may use decimal commas), then ','.
  const char candidates[3] = {'\t', ';', ','};
  size_t best = 2;
  for (size_t k = 0; k < 3; ++k)
    if (counts[k] > counts[best] || (counts[k] == counts[best] && counts[k] > 0 && k < best)) best = k;
  delim_ = candidates[best];
  return Status::Ok();
}

Result<int> CsvParser::resolve_label(const RawField& field, int column) {
  const std::string_view raw = trim_blanks(field.text);
  if (raw.empty()) return fail("csv.empty_cell", field.line, column, "label cell is empty", column - 1);
  if (last_alias_ >= 0 && aliases_[static_cast<size_t>(last_alias_)].raw == raw)
    return aliases_[static_cast<size_t>(last_alias_)].class_id;
  for (size_t k = 0; k < aliases_.size(); ++k) {
    if (aliases_[k].raw == raw) {
      last_alias_ = static_cast<int>(k);
      return aliases_[k].class_id;
    }
  }
  std::string text = field.escaped_quotes ? unescape_quotes(raw) : std::string(raw);
  double value = 0.0;
  const bool numeric = parse_number(text, value) && std::isfinite(value);
  int id = -1;
  for (size_t k = 0; k < classes_.size() && id < 0; ++k) {
    const ClassEntry& c = classes_[k];
    if (numeric ? (c.numeric && c.value == value) : (!c.numeric && c.name == text)) id = static_cast<int>(k);
  }
  if (id < 0) {
    if (!valid_utf8(text))
      return fail("csv.invalid_utf8", field.line, column, "label '" + excerpt(text) + "' is not valid UTF-8",
                  column - 1);
    if (static_cast<int>(classes_.size()) >= options_.max_classes)
      return fail("csv.too_many_classes", field.line, column,
                  "label '" + excerpt(text) + "' is class number " + std::to_string(classes_.size() + 1) +
                      ", more than the " + std::to_string(options_.max_classes) +
                      " allowed (is the label column right?)",
                  column - 1);
    classes_.push_back(ClassEntry{std::move(text), numeric, value});
    id = static_cast<int>(classes_.size()) - 1;
  }
  if (aliases_.size() < 1024) {  // bounded: a file could spell one number many ways
    aliases_.push_back(LabelAlias{std::string(raw), id});
    last_alias_ = static_cast<int>(aliases_.size()) - 1;
  }
  return id;
}

size_t CsvParser::estimate_records() const {
  const size_t length = static_cast<size_t>(end_ - p_);
  auto count = [&](char c) {
    size_t n = 0;
    const char* q = p_;
    while (q < end_) {
      const void* hit = std::memchr(q, c, static_cast<size_t>(end_ - q));
      if (hit == nullptr) break;
      ++n;
      q = static_cast<const char*>(hit) + 1;
    }
    return n;
  };
  size_t lines = count('\n');
  if (lines == 0 && length > 0) lines = count('\r');  // classic Mac line ends
  return lines + 1;
}

Result<CsvTable> CsvParser::run() {
  if (Status size = check_csv_size(text_.size(), options_); !size.ok()) return size.error();
  CsvTable table;
  CsvInfo& info = table.info;
  p_ = text_.data();
  end_ = p_ + text_.size();
  if (Status s = skip_byte_order_mark(info); !s) return s.error();
  if (Status s = choose_delimiter(); !s) return s.error();
  info.delimiter = delim_;
  if (Status s = read_first_record(info); !s) return s.error();
  if (Status s = choose_label_index(); !s) return s.error();
  if (Status s = decide_header(); !s) return s.error();
  info.had_header = has_header_;
  if (has_header_) {
    if (Status s = read_header(info); !s) return s.error();
  } else {
    p_ = first_begin_;  // the first record is data: read it again below
    line_ = first_line_;
    blank_lines_ = blanks_before_first_;
  }
  info.label_index = label_index_;
  if (Status s = read_data_rows(table.data); !s) return s.error();
  if (Status s = finish_dataset(table); !s) return s.error();
  return table;
}

Status CsvParser::skip_byte_order_mark(CsvInfo& info) {
  if (text_.size() >= 3 && std::memcmp(p_, "\xEF\xBB\xBF", 3) == 0) {
    p_ += 3;
    info.had_bom = true;
  } else if (text_.size() >= 2 && (std::memcmp(p_, "\xFF\xFE", 2) == 0 || std::memcmp(p_, "\xFE\xFF", 2) == 0)) {
    return fail("csv.unsupported_encoding", 0, 0, "the file is UTF-16 text (byte order mark); save it as UTF-8 CSV");
  }
  return Status::Ok();
}

Status CsvParser::choose_delimiter() {
  if (options_.delimiter != 0) {
    if (options_.delimiter != ',' && options_.delimiter != ';' && options_.delimiter != '\t')
      return fail("csv.unsupported_delimiter", 0, 0, "the delimiter must be ',', ';' or tab");
    delim_ = options_.delimiter;
  }
  skip_blank_lines();
  if (end_ - p_ >= 5 && std::memcmp(p_, "sep=", 4) == 0 && at_line_end(p_ + 5)) {
    const char declared = p_[4];
    if (declared != ',' && declared != ';' && declared != '\t')
      return fail("csv.unsupported_delimiter", line_, 0,
                  "the \"sep=\" line declares delimiter '" + excerpt(std::string_view(p_ + 4, 1)) +
                      "'; only ',', ';' and tab are supported");
    if (delim_ == 0) delim_ = declared;
    p_ += 5;
    if (p_ < end_) consume_line_end();
    skip_blank_lines();
  }
  if (Status s = detect_delimiter(); !s) return s;
  tab_is_blank_ = delim_ != '\t';
  skip_delimiter_lines_ = true;
  return Status::Ok();
}

Status CsvParser::read_first_record(const CsvInfo& info) {
  skip_blank_lines();
  if (p_ == end_)
    return fail("csv.empty", 0, 0,
                info.had_bom || text_.size() > 0 ? "no data rows (the file has only blank lines)"
                                                 : "no data rows (the file is empty)");
  first_begin_ = p_;
  first_line_ = line_;
  blanks_before_first_ = blank_lines_;
  Result<std::vector<RawField>> first_record = read_record();
  if (!first_record) return first_record.error();
  first_ = std::move(first_record).value();
  num_fields_ = static_cast<int>(first_.size());
  if (num_fields_ < 2)
    return fail("csv.no_features", first_line_, 0,
                delimiter_seen_ ? "only one column: there is a label but no feature column"
                                : "only one column: the first row has no ',', ';' or tab, so there is a label but no "
                                  "feature column");
  return Status::Ok();
}

// Label column: empty = a conventionally named column (found once the header is read), else last; all
// digits = 0-based index; anything else = a header name.
Status CsvParser::choose_label_index() {
  label_spec_ = trim_blanks(options_.label_column);
  const std::string_view spec = label_spec_;
  label_by_name_ = !spec.empty() && !std::all_of(spec.begin(), spec.end(), [](char c) { return is_digit(c); });
  label_index_ = num_fields_ - 1;
  if (!spec.empty() && !label_by_name_) {
    long long index = 0;
    for (char c : spec) index = std::min<long long>(index * 10 + (c - '0'), 1LL << 40);
    if (index >= num_fields_)
      return fail("csv.label_not_found", first_line_, 0,
                  "label column index " + std::string(spec) + " is out of range: the file has " +
                      std::to_string(num_fields_) + " columns (0.." + std::to_string(num_fields_ - 1) + ")");
    label_index_ = static_cast<int>(index);
  }
  return Status::Ok();
}

Status CsvParser::decide_header() {
  if (options_.header == 0 && label_by_name_)
    return fail("csv.label_not_found", first_line_, 0,
                "label column '" + excerpt(label_spec_) +
                    "' is a name but the file is read without a header; give a 0-based index");
  if (options_.header == 1 || (options_.header != 0 && label_by_name_)) {
    has_header_ = true;
    return Status::Ok();
  }
  has_header_ = false;
  if (options_.header == 0) return Status::Ok();
  // A header has a feature cell that is not a number. Failing that, a non-numeric label cell above a
  // numeric one (header "0,1,...,label" over numeric labels) also marks a header.
  float value = 0.0f;
  for (int j = 0; j < num_fields_ && !has_header_; ++j) {
    if (j == label_index_) continue;
    const std::string cell = cell_text(first_[static_cast<size_t>(j)]);
    if (!cell.empty() && !parse_number(cell, value)) has_header_ = true;
  }
  const std::string label_cell = cell_text(first_[static_cast<size_t>(label_index_)]);
  double label_value = 0.0;
  if (!has_header_ && !label_cell.empty() && !parse_number(label_cell, label_value))
    has_header_ = numeric_label_follows();
  return Status::Ok();
}

bool CsvParser::numeric_label_follows() {
  const char* saved_p = p_;
  const int saved_line = line_, saved_blanks = blank_lines_;
  bool numeric = false;
  skip_blank_lines();
  if (p_ < end_) {
    Result<std::vector<RawField>> next = read_record();
    double label_value = 0.0;
    if (next && static_cast<int>(next->size()) > label_index_ &&
        parse_number(cell_text((*next)[static_cast<size_t>(label_index_)]), label_value))
      numeric = true;
  }
  p_ = saved_p;
  line_ = saved_line;
  blank_lines_ = saved_blanks;
  return numeric;
}

Status CsvParser::read_header(CsvInfo& info) {
  header_names_.reserve(first_.size());
  for (size_t j = 0; j < first_.size(); ++j) {
    std::string name = cell_text(first_[j]);
    if (!valid_utf8(name))
      return fail("csv.invalid_utf8", first_[j].line, static_cast<int>(j) + 1,
                  "header name '" + excerpt(name) + "' is not valid UTF-8");
    header_names_.push_back(std::move(name));
  }
  if (Status s = check_duplicate_header_names(); !s) return s;
  if (label_by_name_) {
    if (Status s = find_label_column_by_name(); !s) return s;
  } else if (label_spec_.empty()) {
    // No label column given: a column named like a label (kConventionalLabelNames, in that order of
    // preference, case-insensitive) wherever it stands; none: the last column, as before.
    const int found = conventional_label_column(header_names_);
    if (found >= 0) {
      label_index_ = found;
      info.label_by_name_convention = true;
    }
  }
  info.column_names = header_names_;
  return Status::Ok();
}

// Duplicate names make "label=name" and the feature table ambiguous: report the earliest repeat.
Status CsvParser::check_duplicate_header_names() const {
  std::vector<int> order(first_.size());
  for (size_t j = 0; j < order.size(); ++j) order[j] = static_cast<int>(j);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return header_names_[static_cast<size_t>(a)] < header_names_[static_cast<size_t>(b)];
  });
  int repeat = -1, original = -1;
  for (size_t k = 1; k < order.size(); ++k) {
    const std::string& name = header_names_[static_cast<size_t>(order[k])];
    if (name.empty() || name != header_names_[static_cast<size_t>(order[k - 1])]) continue;
    if (repeat < 0 || order[k] < repeat) {
      repeat = order[k];
      size_t g = k;
      while (g > 0 && header_names_[static_cast<size_t>(order[g - 1])] == name) --g;
      original = order[g];
    }
  }
  if (repeat >= 0)
    return fail("csv.duplicate_header", first_[static_cast<size_t>(repeat)].line, repeat + 1,
                "header name '" + excerpt(header_names_[static_cast<size_t>(repeat)]) + "' repeats column " +
                    std::to_string(original + 1));
  return Status::Ok();
}

Status CsvParser::find_label_column_by_name() {
  const std::string_view spec = label_spec_;
  label_index_ = -1;
  for (size_t j = 0; j < header_names_.size() && label_index_ < 0; ++j)
    if (header_names_[j] == spec) label_index_ = static_cast<int>(j);
  if (label_index_ >= 0) return Status::Ok();
  std::string what = "label column '" + excerpt(spec) + "' is not in the header";
  for (const std::string& name : header_names_) {
    const bool same_ignoring_case =
        name.size() == spec.size() && std::equal(name.begin(), name.end(), spec.begin(), [](char a, char b) {
          const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
          return lower(a) == lower(b);
        });
    if (same_ignoring_case) {
      what += " (did you mean '" + excerpt(name) + "'?)";
      break;
    }
  }
  if (what.back() != ')') {
    what += "; columns are:";
    for (size_t j = 0; j < header_names_.size() && j < 8; ++j) what += " '" + excerpt(header_names_[j], 20) + "'";
    if (header_names_.size() > 8) what += " ...";
  }
  return fail("csv.label_not_found", first_line_, 0, what);
}

Status CsvParser::read_data_rows(Dataset& data) {
  const int num_features = num_fields_ - 1;
  const long long max_rows_by_cells = options_.max_cells / num_features;
  const size_t reserve_rows = static_cast<size_t>(
      std::max<long long>(1, std::min<long long>(static_cast<long long>(estimate_records()), max_rows_by_cells)));
  FeatureMatrix X;
  X.resize(static_cast<Eigen::Index>(reserve_rows), num_features);
  std::vector<int>& labels = data.true_label;
  labels.reserve(reserve_rows);
  size_t capacity = reserve_rows;
  rows_ = 0;
  while (p_ < end_) {
    skip_blank_lines();
    if (p_ == end_) break;
    const int record_line = line_;
    if ((rows_ + 1) * num_features > options_.max_cells || rows_ + 1 > INT_MAX)
      return fail("csv.too_large", record_line, 0,
                  "the data has more than " + std::to_string(options_.max_cells) + " feature cells (rows x " +
                      std::to_string(num_features) + " features; max_cells)");
    if (static_cast<size_t>(rows_) == capacity) {
      capacity = std::min<size_t>(capacity + capacity / 2 + 16, static_cast<size_t>(max_rows_by_cells));
      X.conservativeResize(static_cast<Eigen::Index>(capacity), num_features);
    }
    if (rows_ == 0) first_data_line_ = record_line;
    Result<int> label = read_data_row(X.data() + rows_ * num_features, record_line);
    if (!label) return label.error();
    labels.push_back(*label);
    ++rows_;
  }
  X.conservativeResize(static_cast<Eigen::Index>(rows_), num_features);
  data.set_features(std::move(X));
  return Status::Ok();
}

Result<int> CsvParser::read_data_row(float* out, int record_line) {
  int j = 0;
  int label = -1;
  FieldEnd ended = FieldEnd::delimiter;
  while (ended == FieldEnd::delimiter) {
    const int column = j + 1;
    if (j >= num_fields_) return too_many_fields(record_line, j);
    if (j == label_index_) {
      Result<RawField> field = read_field(column);
      if (!field) return field.error();
      Result<int> id = resolve_label(*field, column);
      if (!id) return id.error();
      label = *id;
      ended = field->end;
      ++j;
      continue;
    }
    float value = 0.0f;
    std::string_view number;
    const PlainNumber plain = read_plain_number(&value, &ended, &number);
    if (plain == PlainNumber::not_finite)
      return fail("csv.non_finite", line_, column,
                  "feature value '" + excerpt(number) + "' is not finite (NaN, infinity or beyond float range)", j);
    if (plain == PlainNumber::other) {
      Result<RawField> field = read_field(column);
      if (!field) return field.error();
      Result<float> parsed = parse_feature_cell(*field, column, j);
      if (!parsed) return parsed.error();
      value = *parsed;
      ended = field->end;
    }
    *out++ = value;
    ++j;
  }
  if (j < num_fields_)
    return fail("csv.ragged_row", record_line, j + 1,
                "expected " + std::to_string(num_fields_) + " fields, got " + std::to_string(j));
  return label;
}

// The fast path: a plain number between blanks, parsed in place (no RawField, no string).
PlainNumber CsvParser::read_plain_number(float* value_out, FieldEnd* ended, std::string_view* number_text) {
  const char delim = delim_;
  const bool tab_is_blank = tab_is_blank_;
  const auto blank = [tab_is_blank](char c) { return c == ' ' || (c == '\t' && tab_is_blank); };
  const char* q = p_;
  while (q < end_ && blank(*q)) ++q;
  const char* number = q;
  if (q < end_ && *q == '+') {
    ++q;
    if (!(q < end_ && *q != '-' && *q != '+')) return PlainNumber::other;
  }
  float value = 0.0f;
  // Short integers (pixel counts, codes) are common and exact in float below 2^24: read them
  // directly; anything longer or with '.', 'e' goes to fast_float. Both give identical bits.
  const char* d = q;
  const bool negative = d < end_ && *d == '-';
  if (negative) ++d;
  const char* digits = d;
  uint32_t n = 0;
  while (d < end_ && is_digit(*d) && d - digits < 8) n = n * 10 + static_cast<uint32_t>(*d++ - '0');
  if (d > digits && d - digits <= 7 && (d == end_ || (*d != '.' && *d != 'e' && *d != 'E' && !is_digit(*d)))) {
    value = negative ? -static_cast<float>(n) : static_cast<float>(n);
    q = d;
  } else {
    const auto r = fast_float::from_chars(q, end_, value);
    if (r.ec != std::errc()) return PlainNumber::other;
    q = r.ptr;
  }
  const char* number_end = q;
  while (q < end_ && blank(*q)) ++q;
  if (!(q == end_ || *q == delim || *q == '\n' || *q == '\r')) return PlainNumber::other;
  if (!std::isfinite(value)) {
    *number_text = std::string_view(number, static_cast<size_t>(number_end - number));
    return PlainNumber::not_finite;
  }
  *value_out = value;
  p_ = q;
  if (p_ == end_) {
    *ended = FieldEnd::file;
  } else if (*p_ == delim) {
    ++p_;
  } else {
    consume_line_end();
    *ended = FieldEnd::record;
  }
  return PlainNumber::read;
}

// The slow path: a quoted, empty or non-numeric feature cell.
Result<float> CsvParser::parse_feature_cell(const RawField& field, int column, int feature) {
  const std::string cell = cell_text(field);
  if (cell.empty()) return fail("csv.empty_cell", field.line, column, "feature cell is empty", feature);
  float value = 0.0f;
  if (!parse_number(cell, value)) {
    std::string what = "feature cell '" + excerpt(cell) + "' is not a number";
    std::string dotted = cell;
    std::replace(dotted.begin(), dotted.end(), ',', '.');
    if (delim_ != ',' && dotted != cell && parse_number(dotted, value))
      what += " (decimal commas are not supported: use '.')";
    return fail("csv.non_numeric", field.line, column, what, feature);
  }
  if (!std::isfinite(value))
    return fail("csv.non_finite", field.line, column,
                "feature value '" + excerpt(cell) + "' is not finite (NaN, infinity or beyond float range)", feature);
  return value;
}

Error CsvParser::too_many_fields(int record_line, int got) {
  FieldEnd ended = FieldEnd::delimiter;
  while (ended == FieldEnd::delimiter) {  // count the rest for the message
    Result<RawField> extra = read_field(got + 1);
    if (!extra) break;
    ++got;
    ended = extra->end;
  }
  return fail("csv.ragged_row", record_line, num_fields_ + 1,
              "expected " + std::to_string(num_fields_) + " fields, got " +
                  (ended == FieldEnd::delimiter ? "more than " + std::to_string(got) : std::to_string(got)));
}

Status CsvParser::finish_dataset(CsvTable& table) {
  if (rows_ == 0)
    return fail("csv.empty", 0, 0,
                has_header_ ? "no data rows after the header on line " + std::to_string(first_line_) : "no data rows");
  if (classes_.size() < 2)
    return fail("csv.single_class", first_data_line_, label_index_ + 1,
                "every row has label '" + excerpt(classes_[0].name) + "': at least two classes are needed",
                label_index_);
  const int num_features = num_fields_ - 1;
  Dataset& data = table.data;
  std::vector<int>& labels = data.true_label;

  // Class order: numeric by value when every label is a number, else bytewise by name.
  const bool all_numeric = std::all_of(classes_.begin(), classes_.end(), [](const ClassEntry& c) { return c.numeric; });
  std::vector<int> order(classes_.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = static_cast<int>(k);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const ClassEntry& ca = classes_[static_cast<size_t>(a)];
    const ClassEntry& cb = classes_[static_cast<size_t>(b)];
    return all_numeric ? ca.value < cb.value : ca.name < cb.name;
  });
  std::vector<int> rank(classes_.size());
  for (size_t k = 0; k < order.size(); ++k) {
    rank[static_cast<size_t>(order[k])] = static_cast<int>(k);
    data.class_names.push_back(std::move(classes_[static_cast<size_t>(order[k])].name));
  }
  for (int& y : labels) y = rank[static_cast<size_t>(y)];

  data.label = labels;
  data.corruption.assign(labels.size(), Corruption::none);
  if (has_header_) {
    for (int j = 0; j < num_fields_; ++j) {
      if (j == label_index_) continue;
      std::string& name = header_names_[static_cast<size_t>(j)];
      data.feature_names.push_back(name.empty() ? "x" + std::to_string(data.feature_names.size() + 1) : name);
    }
  } else {
    data.feature_names = default_feature_names(num_features);
  }
  data.target = Vector();
  data.target_margin = 0.0;

  CsvInfo& info = table.info;
  info.rows = static_cast<int>(rows_);
  info.cols = num_features;
  info.classes = static_cast<int>(data.class_names.size());
  info.blank_lines = blank_lines_;
  return Status::Ok();
}

}  // namespace

int conventional_label_column(const std::vector<std::string>& header_names) {
  const auto column_named = [&](std::string_view name) {
    for (size_t j = 0; j < header_names.size(); ++j)
      if (equal_ignoring_ascii_case(header_names[j], name)) return static_cast<int>(j);
    return -1;
  };
  for (const char* conventional : kConventionalLabelNames) {
    // Beside a column x, y is the second coordinate of 2-D data ("x,y,label", "x,y,comment"), not a label.
    if (std::string_view(conventional) == "y" && column_named("x") >= 0) continue;
    if (const int j = column_named(conventional); j >= 0) return j;
  }
  return -1;
}

Status check_csv_size(uint64_t bytes, const CsvOptions& options) {
  if (bytes <= options.max_bytes) return Status::Ok();
  const std::string source = options.source_name.empty() ? std::string("input") : options.source_name;
  return Error{"csv.too_large",
               source + ": the file has " + std::to_string(bytes) + " bytes, more than the " +
                   std::to_string(options.max_bytes) + " allowed (max_bytes)",
               0, 0};
}

Result<CsvTable> parse_csv(std::string_view text, const CsvOptions& options) { return CsvParser(text, options).run(); }

}  // namespace ml
