// marginlab — the noise-model registry's storage, look-ups and registration (see noise_registry.h). The
// built-in rows themselves are in noise.cpp, beside the validation they use.
#include "core/noise/noise_registry.h"

#include <cassert>
#include <utility>

namespace ml {
namespace {

// The rows. A deque, so that registering a row never moves the others (references stay valid).
std::deque<NoiseRow>& mutable_rows() {
  static std::deque<NoiseRow> rows = builtin_noise_rows();
  return rows;
}

int& version() {
  static int v = 0;
  return v;
}

bool is_id_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

}  // namespace

const std::deque<NoiseRow>& noise_rows() { return mutable_rows(); }

const NoiseRow& noise_row(NoiseModel m) {
  const int i = static_cast<int>(m);
  assert(i >= 0 && static_cast<size_t>(i) < noise_rows().size() && "not a noise row");
  return noise_rows()[static_cast<size_t>(i)];
}

const NoiseRow* find_noise_row(std::string_view id) {
  for (const NoiseRow& row : noise_rows())
    if (row.id == id) return &row;
  return nullptr;
}

bool noise_reads(NoiseModel m, NoiseParam p) { return (noise_row(m).reads & noise_params({p})) != 0; }

int noise_registry_version() { return version(); }

Result<NoiseModel> register_noise_model(NoiseRow row) {
  bool good_id = !row.id.empty();
  for (char c : row.id) good_id = good_id && is_id_char(c);
  if (!good_id) return make_error("noise.bad_row", "noise model id '" + row.id + "' is not 1+ characters of [a-z0-9_]");
  if (find_noise_row(row.id) != nullptr)
    return make_error("noise.duplicate_id", "a noise model with id '" + row.id + "' is already registered");
  mutable_rows().push_back(std::move(row));
  ++version();
  return noise_model_at(mutable_rows().size() - 1);
}

void unregister_noise_model(NoiseModel m) {
  [[maybe_unused]] const size_t i = static_cast<size_t>(static_cast<int>(m));
  assert(i + 1 == mutable_rows().size() && "only the row registered last can be removed");
  assert(i >= static_cast<size_t>(kBuiltinNoiseModelCount) && "a built-in row is never removed");
  mutable_rows().pop_back();
  ++version();
}

ScopedNoiseRow::ScopedNoiseRow(NoiseRow row) {
  Result<NoiseModel> model = register_noise_model(std::move(row));
  assert(model.ok() && "ScopedNoiseRow: the row was refused");
  model_ = *model;
}

ScopedNoiseRow::~ScopedNoiseRow() { unregister_noise_model(model_); }

}  // namespace ml
