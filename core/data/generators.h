// marginlab — synthetic data generators (docs/algorithms.md §7; pictures and exact definitions in
// docs/generators.md).
//
// Every generator draws only from Rng(seed, Stream::data) and det:: functions, so the same spec gives
// the same bits natively and in the browser. Labels are exact (no noise): noise is core/noise's job.
// Labels are computed from the stored float features, so a point's label is always the concept's
// label of the point the learner actually sees. Sources: separable/gaussian/basis/finite/thresholds
// from 001 (Perceptron, Claim 1.4, Halving); classes from 004 §4.1; the five toys from 000 §5.2
// (defined in docs/generators.md, the paper only shows them in its Fig. 3); circle/xor/blobs/spiral
// after TensorFlow Playground's sets, on [-6,6]^2.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/data/dataset.h"
#include "core/util/status.h"

namespace ml {

// A generator: the position of its row in generator_rows() (generator_registry.h), built-in or registered.
// The built-ins' enumerators are private to core/data (generator_ids.h): other code asks the row what it
// needs and finds a row by its id (parse_generator, generator_with_id).
enum class Generator : int;

// Parameters of a generator; unused fields are ignored by generators that do not need them.
struct GeneratorSpec {
  Generator kind{};     // which generator; value-initialized: 0 is the first built-in row, "separable"
  int n = 400;          // examples to generate (train + test); basis ignores it (n = k)
  int dims = 2;         // d, for generators not fixed to 2-D
  double margin = 0.1;  // gamma (binary) or theta (classes): rejection margin; basis: delta
  int classes = 3;      // Q for classes and blobs
  double spread = 0.5;  // scale of the 2-D sets' jitter (blob sd, spiral/circle/xor jitter half-width)
  int concepts = 1024;  // |C| for finite and thresholds
  bool ball = false;    // separable: uniform in the ball instead of on the sphere

  // Member-by-member equality.
  bool operator==(const GeneratorSpec&) const = default;
};

// Largest n*dims (and concepts*dims for finite) a generator accepts: 2^26 floats = 256 MB, a guard
// for the browser's memory, returned as "gen.too_large".
inline constexpr long long kMaxGeneratedValues = 1LL << 26;
// Largest size k of the basis stream (k examples in k dims): margin >= 1/64.
inline constexpr int kMaxBasisSize = 4096;
// Finite: points with |<target,x>| below finite_label_guard(dims) are redrawn, so that a float dot product
// of the target with x in any summation order has the label's sign (Halving must never discard the
// target): max(1e-5, the worst-case float error gamma_{d+1} = (d+1)u/(1-(d+1)u), u = 2^-24, with 1 % slack).
double finite_label_guard(int dims);

// The parameters of GeneratorSpec a generator may read (besides kind).
enum class GeneratorParam : int { n, dims, margin, classes, spread, concepts, ball };
// True when generator g reads parameter p (its row's `reads`): the one table behind
// validate_generator_spec's checks and the config fields' "in effect" test (a widget the chosen generator
// ignores is hidden).
bool generator_reads(Generator g, GeneratorParam p);

// URL / CLI spelling of a generator ("separable", "double_ellipse", "xor", ...): its row's id.
std::string_view generator_name(Generator g);
// One-line description for the UI and docs: its row's.
std::string_view generator_description(Generator g);
// Parses a generator id of any row; false when unknown.
bool parse_generator(std::string_view name, Generator* out);
// The generator whose row has this id, for code that names a built-in one (a bench's data, an example
// link); throws std::bad_optional_access when no row has it.
Generator generator_with_id(std::string_view id);
// True when the generator always produces 2-D data (dims ignored): its row's is_2d.
bool generator_is_2d(Generator g);
// True when the generator produces more than two classes (uses spec.classes): its row's multiclass.
bool generator_is_multiclass(Generator g);

// Checks the fields this generator uses (its row's `reads`: n in [1, 1e6], dims in [1, 4096], classes in
// [2, 64], margin in [0, 1), concepts in [2, 1e6], spread >= 0, n*dims cap), then the row's own check;
// "gen.out_of_range" / "gen.too_large" / "gen.basis_too_large", the message naming the field.
Status validate_generator_spec(const GeneratorSpec& spec);

// Generates a dataset with the row's make function; the same (spec, seed) always gives the same bits. Fails with a
// clear error for impossible specs (e.g. a margin no point can satisfy, rejection budget exhausted:
// "gen.margin_unreachable" naming 'margin' and the acceptance rate).
Result<Dataset> generate(const GeneratorSpec& spec, uint64_t seed);

// The finite concept class of generator `finite` (and of Halving): `count` unit directions, a regular
// angular grid (angle 2 pi i / count) when dims == 2, else drawn uniformly on the sphere, row i from its
// own Rng(splitmix64(seed) ^ splitmix64(i + 1), Stream::aux); row i is concept i. The generator labels
// by concept index target_concept_index(count, seed).
FeatureMatrix finite_class_directions(int count, int dims, uint64_t seed);
// Row `index` of finite_class_directions(count, dims, seed) into out[0..dims), bit-identical, in O(dims):
// lets Halving evaluate a million concepts in blocks without storing the matrix.
void finite_class_direction(int index, int count, int dims, uint64_t seed, float* out);
// Which concept of finite_class_directions is the target (and which threshold of threshold_grid): the
// first draw of Rng(seed, Stream::data), below(count).
int target_concept_index(int count, uint64_t seed);
// The thresholds of generator `thresholds`: count evenly spaced values in (0,1), t_i = (i+1)/(count+1);
// target is index target_concept_index(count, seed).
std::vector<double> threshold_grid(int count);

// Size k = ceil(1/margin^2) of the basis stream (001 Claim 1.4), computed with a 1e-9 slack so that
// margin 0.1 gives 100; 0 when margin <= 0. The stream's true target margin is 1/sqrt(k) <= margin.
int basis_size(double margin);
// The Q unit vectors w_q (rows, float) that label generator `classes` for this seed: the first Q*dims
// normal draws of Rng(seed, Stream::data), each row normalized.
FeatureMatrix class_weight_vectors(int classes, int dims, uint64_t seed);
// The exact concept of a planar generator (double_ellipse, ring, chess_board, dart_board, hyper,
// circle, xor): the class (0 = y -1, 1 = y +1) of the point (x1, x2). Other generators: assert.
int planar_concept_class(Generator g, double x1, double x2);

}  // namespace ml
