// marginlab — the generator registry's storage, look-ups and registration (see generator_registry.h).
// The built-in rows themselves are in generators.cpp, beside their make functions.
#include "core/data/generator_registry.h"

#include <cassert>
#include <optional>
#include <utility>

#include "core/util/row_table.h"

namespace ml {
namespace {

RowTable<GeneratorRow>& table() {
  static RowTable<GeneratorRow> rows(builtin_generator_rows());
  return rows;
}

}  // namespace

const std::deque<GeneratorRow>& generator_rows() { return table().rows(); }

int builtin_generator_count() {
  static const int count = static_cast<int>(builtin_generator_rows().size());
  return count;
}

const GeneratorRow& generator_row(Generator g) { return table().at(static_cast<size_t>(static_cast<int>(g))); }

const GeneratorRow* find_generator_row(std::string_view id) { return table().find(id); }

int generator_registry_version() { return table().version(); }

Result<Generator> register_generator(GeneratorRow row) {
  // csv is the data field's choice after the generators.
  if (!is_row_id(row.id) || row.id == "csv")
    return make_error("gen.bad_row", "generator id '" + row.id + "' is not 1+ characters of [a-z0-9_] (nor 'csv')");
  if (row.make == nullptr) return make_error("gen.bad_row", "generator '" + row.id + "' has no make function");
  if (find_generator_row(row.id) != nullptr)
    return make_error("gen.duplicate_id", "a generator with id '" + row.id + "' is already registered");
  return generator_at(table().append(std::move(row)));
}

void unregister_generator(Generator g) { table().remove_last(static_cast<size_t>(static_cast<int>(g))); }

GeneratedSize generated_size(const GeneratorSpec& spec) {
  const GeneratorRow& row = generator_row(spec.kind);
  if (row.size != nullptr) return row.size(spec);
  return {static_cast<double>(spec.n), row.is_2d ? 2.0 : static_cast<double>(spec.dims)};
}

std::string_view generator_name(Generator g) { return generator_row(g).id; }

std::string_view generator_description(Generator g) { return generator_row(g).description; }

bool parse_generator(std::string_view name, Generator* out) {
  const std::optional<size_t> index = table().index_of(name);
  if (index) *out = generator_at(*index);
  return index.has_value();
}

Generator generator_with_id(std::string_view id) { return generator_at(table().index_of(id).value()); }

bool generator_is_2d(Generator g) { return generator_row(g).is_2d; }

bool generator_is_multiclass(Generator g) { return generator_row(g).multiclass; }

bool generator_reads(Generator g, GeneratorParam p) { return (generator_row(g).reads & reads_param(p)) != 0; }

}  // namespace ml
