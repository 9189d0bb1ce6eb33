// marginlab — the generator registry's storage, look-ups and registration (see generator_registry.h).
// The built-in rows themselves are in generators.cpp, beside their make functions.
#include "core/data/generator_registry.h"

#include <cassert>
#include <utility>

namespace ml {
namespace {

// The rows. A deque, so that registering a row never moves the others (references stay valid).
std::deque<GeneratorRow>& mutable_rows() {
  static std::deque<GeneratorRow> rows = builtin_generator_rows();
  return rows;
}

int& version() {
  static int v = 0;
  return v;
}

bool is_id_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

}  // namespace

const std::deque<GeneratorRow>& generator_rows() { return mutable_rows(); }

const GeneratorRow& generator_row(Generator g) {
  const int i = static_cast<int>(g);
  assert(i >= 0 && static_cast<size_t>(i) < generator_rows().size() && "not a generator row");
  return generator_rows()[static_cast<size_t>(i)];
}

const GeneratorRow* find_generator_row(std::string_view id) {
  for (const GeneratorRow& row : generator_rows())
    if (row.id == id) return &row;
  return nullptr;
}

int generator_registry_version() { return version(); }

Result<Generator> register_generator(GeneratorRow row) {
  bool good_id = !row.id.empty() && row.id != "csv";  // csv is the data field's choice after the generators
  for (char c : row.id) good_id = good_id && is_id_char(c);
  if (!good_id)
    return make_error("gen.bad_row", "generator id '" + row.id + "' is not 1+ characters of [a-z0-9_] (nor 'csv')");
  if (row.make == nullptr) return make_error("gen.bad_row", "generator '" + row.id + "' has no make function");
  if (find_generator_row(row.id) != nullptr)
    return make_error("gen.duplicate_id", "a generator with id '" + row.id + "' is already registered");
  mutable_rows().push_back(std::move(row));
  ++version();
  return generator_at(mutable_rows().size() - 1);
}

void unregister_generator(Generator g) {
  [[maybe_unused]] const size_t i = static_cast<size_t>(static_cast<int>(g));
  assert(i + 1 == mutable_rows().size() && "only the row registered last can be removed");
  assert(i >= static_cast<size_t>(kBuiltinGeneratorCount) && "a built-in row is never removed");
  mutable_rows().pop_back();
  ++version();
}

ScopedGeneratorRow::ScopedGeneratorRow(GeneratorRow row) {
  Result<Generator> kind = register_generator(std::move(row));
  assert(kind.ok() && "ScopedGeneratorRow: the row was refused");
  kind_ = *kind;
}

ScopedGeneratorRow::~ScopedGeneratorRow() { unregister_generator(kind_); }

GeneratedSize generated_size(const GeneratorSpec& spec) {
  const GeneratorRow& row = generator_row(spec.kind);
  if (row.size != nullptr) return row.size(spec);
  return {static_cast<double>(spec.n), row.is_2d ? 2.0 : static_cast<double>(spec.dims)};
}

std::string_view generator_name(Generator g) { return generator_row(g).id; }

std::string_view generator_description(Generator g) { return generator_row(g).description; }

bool parse_generator(std::string_view name, Generator* out) {
  const std::deque<GeneratorRow>& rows = generator_rows();
  for (size_t i = 0; i < rows.size(); ++i) {
    if (rows[i].id == name) {
      *out = generator_at(i);
      return true;
    }
  }
  return false;
}

bool generator_is_2d(Generator g) { return generator_row(g).is_2d; }

bool generator_is_multiclass(Generator g) { return generator_row(g).multiclass; }

bool generator_reads(Generator g, GeneratorParam p) { return (generator_row(g).reads & reads_param(p)) != 0; }

}  // namespace ml
