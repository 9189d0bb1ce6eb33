// marginlab — the storage of a registry whose rows are numbered by an enum (generators, noise models): the
// built-in rows first, in enum order, then rows registered at run time, removable last-in first-out. A
// deque, so that registering a row never moves the others (references stay valid); a version counter lets
// caches of the rows (the field table's choices) know when to rebuild.
#pragma once

#include <cassert>
#include <cstddef>
#include <deque>
#include <optional>
#include <string_view>
#include <utility>

#include "core/util/status.h"

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
  // The position of the row with this id, or nullopt.
  std::optional<size_t> index_of(std::string_view id) const {
    for (size_t i = 0; i < rows_.size(); ++i)
      if (rows_[i].id == id) return i;
    return std::nullopt;
  }
  // The row with this id, or nullptr.
  const Row* find(std::string_view id) const {
    const std::optional<size_t> i = index_of(id);
    return i ? &rows_[*i] : nullptr;
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

// Registers a row for the lifetime of the object (a test's scope) with `Register`, which must accept it
// (assert); the destructor removes it with `Unregister`. Value is the registry's enum.
template <class Row, class Value, Result<Value> (*Register)(Row), void (*Unregister)(Value)>
class ScopedRow {
 public:
  // Registers `row`.
  explicit ScopedRow(Row row) {
    Result<Value> value = Register(std::move(row));
    assert(value.ok() && "ScopedRow: the row was refused");
    value_ = *value;
  }
  // Unregisters it.
  ~ScopedRow() { Unregister(value_); }
  ScopedRow(const ScopedRow&) = delete;
  ScopedRow& operator=(const ScopedRow&) = delete;
  // The registered row's enum value (its position).
  Value value() const { return value_; }

 private:
  Value value_{};
};

}  // namespace ml
