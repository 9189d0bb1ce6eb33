// marginlab — private to core/data and the tests: the built-in generators' enumerators.
//
// Other code holds a Generator only as a row's position (generators.h) and asks the row what it needs
// (generator_registry.h); tests/unit/learner_rooms_test.cpp fails when code outside core/data spells an
// enumerator or includes this header. The enumerators number the rows of builtin_generator_rows(), in order.
#pragma once

#include "core/data/generators.h"

namespace ml {

// The built-in generators, numbered as their rows; the URL spells them by their rows' ids.
enum class Generator : int {
  separable,  // d-dim unit sphere (or ball), labels sign<v,x>, rejection of |<v,x>| < margin
  gaussian,   // isotropic N(0, I_d) (log-concave), labels sign<v,x>
  classes,    // Q classes on the unit sphere S^{d-1}: Q random unit w's, argmax, margin theta by rejection (004 §4.1)
  double_ellipse,  // 000 §5.2 toy on [-10,10]^2
  ring,            // 000 §5.2 toy
  chess_board,     // 000 §5.2 toy
  dart_board,      // 000 §5.2 toy
  hyper,           // 000 §5.2 toy
  basis,           // adversarial basis stream e_1..e_k (001 Claim 1.4); labels chosen adaptively by the session
  finite,          // labels from one member of a finite class of halfspaces (finite_class_directions)
  thresholds,      // points on a line [0,1] (with constant coordinate 1), label by a threshold from a grid of |C|
  circle,          // 2-D disc inside a circle vs ring around it
  xor_,            // 2-D XOR quadrants
  blobs,           // Q Gaussian blobs in 2-D (or d-D)
  spiral,          // two interleaved 2-D spirals
};

// GeneratorSpec's value-initialized kind (0) is the first row.
static_assert(GeneratorSpec{}.kind == Generator::separable, "the default generator is the first built-in row");

}  // namespace ml
