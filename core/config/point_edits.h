// marginlab — point edits: the training examples a user adds or relabels by clicking in the 2-D view,
// carried by the link (field `edits`) so that an edited experiment is shared like any other.
//
// One edit is one short URL-safe item (only A-Z a-z 0-9 . _ - are used, so the link needs no escapes):
//   p<q>_<x1>_<x2>...   add a training example of class q (0-based class index) at (x1, x2, ...), the
//                       features the learner sees before the bias column (after normalization and kernel
//                       features: the space the View shows);
//   y<i>_<q>            set the observed label of training row i to class q.
// A link's items are parsed once, when it is decoded (Config::point_edits holds them typed), and applied in
// order after the noise (core/session/pipeline.cpp), so a y item may name a row an earlier p item added. What cannot be
// checked without the data (a row past the training part, a class the data does not have, a point of the wrong
// dimension) is checked there, item by item.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ml {

// Most edits one link holds, and most coordinates of an added point (click-adding is for low-dimensional
// views; a lifted point of a projection has d coordinates).
inline constexpr int kMaxPointEdits = 500;
inline constexpr int kMaxPointEditCoords = 16;

// One parsed edit.
struct PointEdit {
  enum class Kind { add, relabel };
  Kind kind = Kind::add;
  int label = 0;              // the class (index) of the added point, or the new observed label
  int row = -1;               // relabel: the training row
  std::vector<float> coords;  // add: the point's features (before the bias column)

  bool operator==(const PointEdit&) const = default;
};

// Parses one item; "" on success, else the problem as a phrase naming the text.
std::string parse_point_edit(std::string_view text, PointEdit* out);
// The item's canonical text (coordinates as the shortest float text that reads back).
std::string format_point_edit(const PointEdit& edit);
// check_text of the `edits` field: "" when the item parses.
std::string check_point_edit_text(std::string_view text);
// The item that adds a point of class `label` at `coords`.
PointEdit added_point(int label, std::vector<float> coords);
// The item that sets training row `row`'s observed label to `label`.
PointEdit relabelled_row(int row, int label);
// `edits` with `edit` appended; a relabel first drops the earlier relabels of its row (the last one wins
// anyway, so the link stays short and the list's meaning is unchanged).
std::vector<PointEdit> with_point_edit(std::vector<PointEdit> edits, const PointEdit& edit);
// The items of checked texts (check_point_edit_text), in order: what a link's `edits` field holds once decoded.
std::vector<PointEdit> parse_point_edits(const std::vector<std::string>& texts);
// The items' canonical texts, in order (the link's `edits` list).
std::vector<std::string> format_point_edits(const std::vector<PointEdit>& edits);

}  // namespace ml
