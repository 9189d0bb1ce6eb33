// marginlab — point edits (see point_edits.h).
#include "core/config/point_edits.h"

#include <cassert>
#include <cmath>

#include "core/settings/limits.h"
#include "core/settings/setting.h"
#include "core/util/format.h"

namespace ml {
namespace {

// Parses a whole non-negative integer of at most `max` into *out; false otherwise.
bool parse_index(std::string_view text, long long max, int* out) {
  if (text.empty() || text.size() > 10) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  long long v = 0;
  if (!parse_int64(text, &v) || v > max) return false;
  *out = static_cast<int>(v);
  return true;
}

std::string class_problem(std::string_view item, std::string_view text) {
  return quote_for_message(item) + ": class " + quote_for_message(text) + " is not an index 0.." +
         std::to_string(kMaxClasses - 1);
}

}  // namespace

std::string parse_point_edit(std::string_view text, PointEdit* out) {
  *out = PointEdit{};
  if (text.empty()) return "an empty edit";
  const char kind = text.front();
  const std::vector<std::string_view> parts = split(text.substr(1), '_');
  if (kind == 'p') {
    if (parts.size() < 2) return quote_for_message(text) + " is not p<class>_<x1>_<x2>... (no coordinates)";
    if (parts.size() - 1 > static_cast<size_t>(kMaxPointEditCoords))
      return quote_for_message(text) + ": " + std::to_string(parts.size() - 1) + " coordinates are more than the " +
             std::to_string(kMaxPointEditCoords) + " an added point may have";
    out->kind = PointEdit::Kind::add;
    if (!parse_index(parts[0], kMaxClasses - 1, &out->label)) return class_problem(text, parts[0]);
    for (size_t k = 1; k < parts.size(); ++k) {
      float x = 0;
      if (!parse_float(parts[k], &x) || !std::isfinite(x))
        return quote_for_message(text) + ": coordinate " + std::to_string(k) + " " + quote_for_message(parts[k]) +
               " is not a finite number";
      out->coords.push_back(x);
    }
    return "";
  }
  if (kind == 'y') {
    if (parts.size() != 2) return quote_for_message(text) + " is not y<row>_<class>";
    out->kind = PointEdit::Kind::relabel;
    if (!parse_index(parts[0], kMaxExamples - 1, &out->row))
      return quote_for_message(text) + ": row " + quote_for_message(parts[0]) + " is not an index 0.." +
             std::to_string(kMaxExamples - 1);
    if (!parse_index(parts[1], kMaxClasses - 1, &out->label)) return class_problem(text, parts[1]);
    return "";
  }
  return quote_for_message(text) + " is neither p<class>_<x1>_<x2>... (add a point) nor y<row>_<class> (set a label)";
}

std::string format_point_edit(const PointEdit& edit) {
  if (edit.kind == PointEdit::Kind::relabel) return "y" + std::to_string(edit.row) + "_" + std::to_string(edit.label);
  std::string out = "p" + std::to_string(edit.label);
  for (float x : edit.coords) {
    std::string text = format_float(x == 0 ? 0.0f : x);  // -0 reads as 0
    const size_t plus = text.find('+');                  // "1e+20" -> "1e20": no escape in the link
    if (plus != std::string::npos) text.erase(plus, 1);
    out += "_" + text;
  }
  return out;
}

std::string check_point_edit_text(std::string_view text) {
  PointEdit edit;
  return parse_point_edit(text, &edit);
}

PointEdit added_point(int label, std::vector<float> coords) {
  PointEdit e;
  e.kind = PointEdit::Kind::add;
  e.label = label;
  e.coords = std::move(coords);
  return e;
}

PointEdit relabelled_row(int row, int label) {
  PointEdit e;
  e.kind = PointEdit::Kind::relabel;
  e.row = row;
  e.label = label;
  return e;
}

std::vector<PointEdit> with_point_edit(std::vector<PointEdit> edits, const PointEdit& edit) {
  if (edit.kind == PointEdit::Kind::relabel)
    std::erase_if(edits, [&](const PointEdit& e) { return e.kind == PointEdit::Kind::relabel && e.row == edit.row; });
  edits.push_back(edit);
  return edits;
}

std::vector<PointEdit> parse_point_edits(const std::vector<std::string>& texts) {
  std::vector<PointEdit> edits;
  for (const std::string& text : texts) {
    PointEdit e;
    const std::string problem = parse_point_edit(text, &e);
    assert(problem.empty() && "parse_point_edits takes checked texts");
    if (problem.empty()) edits.push_back(std::move(e));
  }
  return edits;
}

std::vector<std::string> format_point_edits(const std::vector<PointEdit>& edits) {
  std::vector<std::string> texts;
  for (const PointEdit& e : edits) texts.push_back(format_point_edit(e));
  return texts;
}

}  // namespace ml
