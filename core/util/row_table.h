// marginlab — the storage of a registry whose rows are numbered by an enum (generators, noise models): the
// built-in rows first, in enum order, then rows registered at run time, removable last-in first-out. A
// deque, so that registering a row never moves the others (references stay valid); a version counter lets
// caches of the rows (the field table's choices) know when to rebuild.
#pragma once

#include <cassert>
#include <cstddef>
#include <deque>
#include <string_view>
#include <utility>

namespace ml {

// True when `id` is 1+ characters of [a-z0-9_] (a row id spelled in links).
inline bool is_row_id(std::string_view id) {
  if (id.empty()) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

// The rows of one registry; Row has a string member `id`.
template <class Row>
class RowTable {
 public:
  // The table holding `builtin` rows, which are never removed.
  explicit RowTable(std::deque<Row> builtin) : rows_(std::move(builtin)), builtin_(rows_.size()) {}
  // Every row, built-in ones first.
  const std::deque<Row>& rows() const { return rows_; }
  // Row i (a programmer error when there is none).
  const Row& at(size_t i) const {
    assert(i < rows_.size() && "not a row of this registry");
    return rows_[i];
  }
  // The row with this id, or nullptr.
  const Row* find(std::string_view id) const {
    for (const Row& row : rows_)
      if (row.id == id) return &row;
    return nullptr;
  }
  // Changes with every registration and removal.
  int version() const { return version_; }
  // Appends a checked row; returns its index.
  size_t append(Row row) {
    rows_.push_back(std::move(row));
    ++version_;
    return rows_.size() - 1;
  }
  // Removes row i, which must be the last one and not a built-in one.
  void remove_last(size_t i) {
    assert(i + 1 == rows_.size() && "only the row registered last can be removed");
    assert(i >= builtin_ && "a built-in row is never removed");
    (void)i;
    rows_.pop_back();
    ++version_;
  }

 private:
  std::deque<Row> rows_;
  size_t builtin_ = 0;
  int version_ = 0;
};

}  // namespace ml
