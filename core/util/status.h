// marginlab — returned errors for data-dependent failures.
//
// Data-dependent failures (bad CSV, singular matrix, non-separable set, size caps) are values, never
// exceptions: the web build may run with exceptions disabled. Programmer errors are assertions.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace ml {

// A failure that a user can act on: a stable code for tests and a sentence that names the place.
struct Error {
  std::string code;     // stable machine id, e.g. "csv.ragged_row", "noise.singular_matrix"
  std::string message;  // human sentence naming the place: "data.csv:12:3: ..." or "field 'eta': ..."
  int line = 0;         // 1-based line of the input when the error has one, else 0
  int column = 0;       // 1-based column (field index for CSV) when the error has one, else 0
};

// Success or an Error; no payload.
class Status {
 public:
  Status() = default;
  Status(Error e) : error_(std::move(e)), ok_(false) {}  // NOLINT: implicit by design
  static Status Ok() { return Status(); }
  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const Error& error() const {
    assert(!ok_);
    return error_;
  }

 private:
  Error error_;
  bool ok_ = true;
};

// A value of type T or an Error.
template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Error e) : v_(std::move(e)) {}      // NOLINT: implicit by design
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & {
    assert(ok());
    return std::get<0>(v_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(v_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(v_));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  const Error& error() const {
    assert(!ok());
    return std::get<1>(v_);
  }
  Status status() const { return ok() ? Status() : Status(error()); }

 private:
  std::variant<T, Error> v_;
};

// Builds an Error with no location.
inline Error make_error(std::string code, std::string message) {
  return Error{std::move(code), std::move(message), 0, 0};
}

}  // namespace ml
