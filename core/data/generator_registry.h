// marginlab — the generator registry: one row per generator, the one list every consumer reads.
//
// A row holds what the rest of the program asks about a generator: its URL id, display name, one-line
// description and citation, which GeneratorSpec members it reads, its properties (2-D only, multiclass,
// adaptive labels, a finite concept class, its size) and the function that makes its data. The URL
// codec and field table (config/fields.cpp), validation, the app's Data panel, `marginlab url --doc`
// (docs/url.md) and the resource budget all iterate generator_rows() or look a row up; nothing else
// lists generators. The built-in rows come first, in the order of the enumerators of generator_ids.h
// (private to core/data; generators.cpp, builtin_generator_rows), so every link and golden hash keeps its
// meaning; register_generator appends a row (a test's generator, tests/unit/test_only_generator.cpp) whose
// Generator value is its position.
// Registration is a start-up action: it is not thread-safe, and a reference to a row stays valid until
// that row is unregistered.
#pragma once

#include <cstdint>
#include <deque>
#include <initializer_list>
#include <string>
#include <string_view>

#include "core/data/generators.h"
#include "core/util/row_table.h"
#include "core/util/status.h"

namespace ml {

// A set of GeneratorParam, one bit each.
using GeneratorParams = unsigned;
// The bit of one parameter.
constexpr GeneratorParams reads_param(GeneratorParam p) { return 1u << static_cast<unsigned>(p); }
// The bits of several parameters.
constexpr GeneratorParams reads_params(std::initializer_list<GeneratorParam> ps) {
  GeneratorParams bits = 0;
  for (GeneratorParam p : ps) bits |= reads_param(p);
  return bits;
}

// The finite concept class a generator labels by (Halving follows it when its class is automatic).
enum class GeneratedConcepts : int {
  none,        // no finite class
  sphere,      // finite_class_directions(concepts, dims, seed): |C| x d stored values
  thresholds,  // threshold_grid(concepts) on the line x = (u, 1)
};

// How much data a spec makes: examples (train + test) and columns, as doubles for the budget.
struct GeneratedSize {
  double examples = 0;  // rows generated
  double dims = 0;      // columns of each row
};

// One generator.
struct GeneratorRow {
  std::string id;                // URL / CLI name ("separable", "xor", ...), unique
  std::string name;              // display name for the app's Data panel
  std::string description;       // one line for tooltips and docs
  std::string citation;          // where it comes from, in the project's style ("001 Claim 1.4", "000 §5.2")
  GeneratorParams reads = 0;     // the GeneratorSpec members it reads (besides kind)
  bool is_2d = false;            // always produces 2-D data (dims ignored)
  bool multiclass = false;       // produces spec.classes classes
  bool adaptive_labels = false;  // the session labels each example against the learner (basis, 001 Claim 1.4):
                                 // its data are a stream, never split, noise-free, margin from the generator
  GeneratedConcepts concepts = GeneratedConcepts::none;  // the finite class it labels by
  int constant_column = -1;              // the column of its data that holds the constant coordinate 1 (thresholds'
                                         // x = (u, 1)); -1: none, the bias column (if any) is the constant one
  bool keeps_multiclass_margin = false;  // Dataset::target_margin is the multiclass margin theta (004 Def. 2),
                                         // which only the untransformed features keep (classes)
  // Makes the data of a validated spec; draws only from Rng(seed, Stream::data) and det:: functions.
  Result<Dataset> (*make)(const GeneratorSpec& spec, uint64_t seed) = nullptr;
  // Checks beyond the ranges of the members it reads ("gen.*" errors naming the field); nullptr: none.
  Status (*check)(const GeneratorSpec& spec) = nullptr;
  // Its size when not spec.n rows of (is_2d ? 2 : spec.dims) columns; nullptr: that default.
  GeneratedSize (*size)(const GeneratorSpec& spec) = nullptr;
};

// The built-in rows in enumerator order (defined in generators.cpp beside the make functions).
std::deque<GeneratorRow> builtin_generator_rows();
// How many rows builtin_generator_rows() holds: the position the first registered row takes.
int builtin_generator_count();

// Every row: the built-ins in enumerator order, then the registered ones in registration order.
const std::deque<GeneratorRow>& generator_rows();
// The row of a generator; g must be a row's position (assert).
const GeneratorRow& generator_row(Generator g);
// The row with this id, or nullptr.
const GeneratorRow* find_generator_row(std::string_view id);
// The Generator value of a row position.
inline Generator generator_at(size_t index) { return static_cast<Generator>(static_cast<int>(index)); }
// Changes each time a row is registered or unregistered (the field table refreshes its choices).
int generator_registry_version();

// Appends a row; returns its Generator value (its position). "gen.bad_row" when the id is empty or holds
// characters outside [a-z0-9_], or make is missing; "gen.duplicate_id" when a row already has the id.
Result<Generator> register_generator(GeneratorRow row);
// Removes the row registered last; g must be it (assert), and no built-in row is ever removed.
void unregister_generator(Generator g);

// Registers a row for the lifetime of the object (a test's scope); the constructor asserts success.
using ScopedGeneratorRow = ScopedRow<GeneratorRow, Generator, &register_generator, &unregister_generator>;

// The size a (valid) spec generates: the row's size function, else spec.n rows of 2 or spec.dims columns.
GeneratedSize generated_size(const GeneratorSpec& spec);

}  // namespace ml
