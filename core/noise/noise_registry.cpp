// marginlab — the noise-model registry's storage, look-ups and registration (see noise_registry.h). The
// built-in rows themselves are in noise.cpp, beside the validation they use.
#include "core/noise/noise_registry.h"

#include <cassert>
#include <optional>
#include <string>
#include <utility>

#include "core/util/row_table.h"

namespace ml {
namespace {

RowTable<NoiseRow>& table() {
  static RowTable<NoiseRow> rows(builtin_noise_rows());
  return rows;
}

}  // namespace

const std::deque<NoiseRow>& noise_rows() { return table().rows(); }

int builtin_noise_model_count() {
  static const int count = static_cast<int>(builtin_noise_rows().size());
  return count;
}

const NoiseRow& noise_row(NoiseModel m) { return table().at(static_cast<size_t>(static_cast<int>(m))); }

const NoiseRow* find_noise_row(std::string_view id) { return table().find(id); }

bool noise_reads(NoiseModel m, NoiseParam p) { return (noise_row(m).reads & noise_params({p})) != 0; }

bool parse_noise_model(std::string_view s, NoiseModel* out) {
  const std::optional<size_t> index = table().index_of(s);
  if (index) *out = noise_model_at(*index);
  return index.has_value();
}

NoiseModel noise_model_with_id(std::string_view id) { return noise_model_at(table().index_of(id).value()); }

bool noise_corrupts(NoiseModel m) { return noise_row(m).apply != nullptr; }

std::string noise_margin_notice(const NoiseSpec& spec, double margin) {
  const NoiseRow& row = noise_row(spec.model);
  return row.margin_notice != nullptr ? row.margin_notice(spec, margin) : std::string();
}

int noise_registry_version() { return table().version(); }

Result<NoiseModel> register_noise_model(NoiseRow row) {
  if (!is_row_id(row.id))
    return make_error("noise.bad_row", "noise model id '" + row.id + "' is not 1+ characters of [a-z0-9_]");
  if (find_noise_row(row.id) != nullptr)
    return make_error("noise.duplicate_id", "a noise model with id '" + row.id + "' is already registered");
  return noise_model_at(table().append(std::move(row)));
}

void unregister_noise_model(NoiseModel m) { table().remove_last(static_cast<size_t>(static_cast<int>(m))); }

}  // namespace ml
