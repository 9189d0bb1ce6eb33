// marginlab — tests of core/data/generators (docs/algorithms.md §7, docs/generators.md).
#include "core/data/generators.h"

#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdio>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/data/generator_ids.h"
#include "core/data/generator_registry.h"
#include "core/util/rng.h"

namespace ml {
namespace generators_test {

const Generator kAll[] = {
    Generator::separable,   Generator::gaussian,   Generator::classes, Generator::double_ellipse, Generator::ring,
    Generator::chess_board, Generator::dart_board, Generator::hyper,   Generator::basis,          Generator::finite,
    Generator::thresholds,  Generator::circle,     Generator::xor_,    Generator::blobs,          Generator::spiral};

GeneratorSpec spec_of(Generator g, int n = 400) {
  GeneratorSpec s;
  s.kind = g;
  s.n = n;
  return s;
}

Dataset must_generate(const GeneratorSpec& s, uint64_t seed) {
  Result<Dataset> r = generate(s, seed);
  EXPECT_TRUE(r.ok()) << generator_name(s.kind) << ": " << (r.ok() ? "" : r.error().message);
  if (!r.ok()) return Dataset();
  return std::move(r).value();
}

// Dot of stored floats in double, index order (as the generators compute it).
double dot(const float* a, const float* b, int d) {
  double s = 0.0;
  for (int j = 0; j < d; ++j) s += static_cast<double>(a[j]) * static_cast<double>(b[j]);
  return s;
}

double row_norm(const Dataset& ds, int i) {
  const float* x = ds.X.row(i).data();
  return std::sqrt(dot(x, x, ds.cols()));
}

double positive_fraction(const Dataset& ds) {
  int pos = 0;
  for (int l : ds.true_label) pos += l == 1 ? 1 : 0;
  return static_cast<double>(pos) / static_cast<double>(ds.rows());
}

std::vector<int> class_counts(const Dataset& ds) {
  std::vector<int> counts(static_cast<size_t>(ds.num_classes()), 0);
  for (int l : ds.true_label) ++counts[static_cast<size_t>(l)];
  return counts;
}

// ----------------------------------------------------------------------------------------------------
// Names.

TEST(Generators, NamesRoundTripAndMatchTheUrlSpellings) {
  const char* expected[] = {"separable",   "gaussian",   "classes", "double_ellipse", "ring",
                            "chess_board", "dart_board", "hyper",   "basis",          "finite",
                            "thresholds",  "circle",     "xor",     "blobs",          "spiral"};
  ASSERT_EQ(sizeof(kAll) / sizeof(kAll[0]), static_cast<size_t>(builtin_generator_count()));
  for (int i = 0; i < builtin_generator_count(); ++i) {
    EXPECT_EQ(generator_name(kAll[i]), expected[i]);
    EXPECT_FALSE(generator_description(kAll[i]).empty());
    Generator parsed = Generator::separable;
    ASSERT_TRUE(parse_generator(expected[i], &parsed)) << expected[i];
    EXPECT_EQ(parsed, kAll[i]);
  }
  Generator g = Generator::ring;
  EXPECT_FALSE(parse_generator("xor_", &g));
  EXPECT_FALSE(parse_generator("Separable", &g));
  EXPECT_FALSE(parse_generator("", &g));
  EXPECT_EQ(g, Generator::ring);  // untouched on failure
}

// The properties the session and the pipeline ask a row instead of comparing generators.
TEST(Generators, RowsCarryWhatTheConsumersAsk) {
  for (Generator g : kAll) {
    const GeneratorRow& row = generator_row(g);
    EXPECT_EQ(row.adaptive_labels, g == Generator::basis) << row.id;
    EXPECT_EQ(row.keeps_multiclass_margin, g == Generator::classes) << row.id;
    EXPECT_EQ(row.constant_column, g == Generator::thresholds ? 1 : -1) << row.id;
    const GeneratedConcepts concepts = g == Generator::finite       ? GeneratedConcepts::sphere
                                       : g == Generator::thresholds ? GeneratedConcepts::thresholds
                                                                    : GeneratedConcepts::none;
    EXPECT_EQ(row.concepts, concepts) << row.id;
    EXPECT_EQ(generator_with_id(row.id), g);
  }
  EXPECT_EQ(GeneratorSpec{}.kind, Generator::separable);
  EXPECT_THROW(generator_with_id("xor_"), std::bad_optional_access);
}

TEST(Generators, TwoDimensionalAndMulticlassFlags) {
  const std::set<Generator> two_d = {Generator::double_ellipse, Generator::ring,  Generator::chess_board,
                                     Generator::dart_board,     Generator::hyper, Generator::thresholds,
                                     Generator::circle,         Generator::xor_,  Generator::spiral};
  for (Generator g : kAll) {
    EXPECT_EQ(generator_is_2d(g), two_d.count(g) == 1) << generator_name(g);
    EXPECT_EQ(generator_is_multiclass(g), g == Generator::classes || g == Generator::blobs) << generator_name(g);
  }
}

// ----------------------------------------------------------------------------------------------------
// Properties shared by every generator.

TEST(Generators, EveryGeneratorHasConsistentShapeLabelsAndNames) {
  for (Generator g : kAll) {
    GeneratorSpec s = spec_of(g, 300);
    s.dims = 5;
    const Dataset ds = must_generate(s, 7);
    const int n = g == Generator::basis ? basis_size(s.margin) : s.n;
    const int d = g == Generator::basis ? n : (generator_is_2d(g) ? 2 : 5);
    const int q = generator_is_multiclass(g) ? s.classes : 2;
    SCOPED_TRACE(std::string(generator_name(g)));
    ASSERT_EQ(ds.rows(), n);
    ASSERT_EQ(ds.cols(), d);
    ASSERT_EQ(ds.num_classes(), q);
    EXPECT_EQ(ds.class_names, default_class_names(q));
    EXPECT_EQ(ds.feature_names, default_feature_names(d));
    ASSERT_EQ(ds.label.size(), static_cast<size_t>(n));
    EXPECT_EQ(ds.label, ds.true_label);
    ASSERT_EQ(ds.corruption.size(), static_cast<size_t>(n));
    EXPECT_EQ(ds.corrupted_count(), 0);
    for (int l : ds.true_label) {
      EXPECT_GE(l, 0);
      EXPECT_LT(l, q);
    }
    for (int i = 0; i < ds.rows(); ++i)
      for (int j = 0; j < ds.cols(); ++j) ASSERT_TRUE(std::isfinite(ds.X(i, j)));
    const bool has_target = g == Generator::separable || g == Generator::gaussian || g == Generator::basis ||
                            g == Generator::finite || g == Generator::thresholds;
    if (has_target) {
      ASSERT_EQ(ds.target.size(), d);
      EXPECT_NEAR(ds.target.cast<double>().norm(), 1.0, 1e-6);
      // Labels are sign<v,x> and target_margin is the actual min |<v,x>|.
      double min_abs = 1e300;
      for (int i = 0; i < n; ++i) {
        const double p = dot(ds.target.data(), ds.X.row(i).data(), d);
        EXPECT_EQ(ds.true_label[static_cast<size_t>(i)], p >= 0.0 ? 1 : 0) << "row " << i;
        min_abs = std::min(min_abs, std::fabs(p));
      }
      EXPECT_EQ(ds.target_margin, min_abs);
      EXPECT_GT(ds.target_margin, 0.0);
    } else {
      EXPECT_EQ(ds.target.size(), 0);
      if (g != Generator::classes) {
        EXPECT_EQ(ds.target_margin, 0.0);
      }
    }
    // Both classes (or several of the Q) occur.
    const std::vector<int> counts = class_counts(ds);
    EXPECT_GE(std::count_if(counts.begin(), counts.end(), [](int c) { return c > 0; }), 2);
  }
}

TEST(Generators, SameSeedGivesSameBitsOtherSeedOtherData) {
  for (Generator g : kAll) {
    SCOPED_TRACE(std::string(generator_name(g)));
    GeneratorSpec s = spec_of(g, 200);
    s.dims = 4;
    const Dataset a = must_generate(s, 12345);
    const Dataset b = must_generate(s, 12345);
    const Dataset c = must_generate(s, 12346);
    ASSERT_EQ(a.X.size(), b.X.size());
    EXPECT_EQ(std::memcmp(a.X.data(), b.X.data(), sizeof(float) * static_cast<size_t>(a.X.size())), 0);
    EXPECT_EQ(a.true_label, b.true_label);
    ASSERT_EQ(a.target.size(), b.target.size());
    if (a.target.size() > 0) {
      EXPECT_EQ(std::memcmp(a.target.data(), b.target.data(), sizeof(float) * static_cast<size_t>(a.target.size())), 0);
    }
    EXPECT_EQ(a.target_margin, b.target_margin);
    if (g == Generator::basis) {
      EXPECT_NE(a.true_label, c.true_label);  // the points are always e_1..e_k; the coin differs
    } else {
      ASSERT_EQ(a.X.size(), c.X.size());
      EXPECT_NE(std::memcmp(a.X.data(), c.X.data(), sizeof(float) * static_cast<size_t>(a.X.size())), 0);
    }
  }
}

// A shared URL must keep producing the same data: these hashes pin every generator's bits (features,
// labels, target, target margin). The same test runs in the wasm build, so it also checks native == wasm.
// If a deliberate change to a generator breaks one, update the hash and say so in the commit message.
uint64_t data_hash(const Dataset& ds) {
  std::string blob(reinterpret_cast<const char*>(ds.X.data()), sizeof(float) * static_cast<size_t>(ds.X.size()));
  blob.append(reinterpret_cast<const char*>(ds.true_label.data()), sizeof(int) * ds.true_label.size());
  blob.append(reinterpret_cast<const char*>(ds.target.data()), sizeof(float) * static_cast<size_t>(ds.target.size()));
  blob.append(reinterpret_cast<const char*>(&ds.target_margin), sizeof(double));
  return hash_name(blob);
}

TEST(Generators, GoldenHashesPinTheBits) {
  struct Golden {
    Generator kind;
    int dims;
    double margin;
    int classes;
    bool ball;
    uint64_t hash;
  };
  const Golden table[] = {
      {Generator::separable, 7, 0.2, 3, false, 0xe7ca788e9fc6e2bbULL},
      {Generator::separable, 300, 0.08, 3, true, 0x5d1e0fa9e823f995ULL},
      {Generator::gaussian, 5, 0.1, 3, false, 0x19cd944ced69efceULL},
      {Generator::classes, 2, 0.025, 10, false, 0xe647e058d53debf2ULL},
      {Generator::classes, 40, 0.05, 5, false, 0xcb2bb53173cee8f7ULL},
      {Generator::double_ellipse, 2, 0.1, 3, false, 0xf25406ef9b5e3e2bULL},
      {Generator::ring, 2, 0.1, 3, false, 0x08078b96ac830978ULL},
      {Generator::chess_board, 2, 0.1, 3, false, 0xc700bc7fa0935581ULL},
      {Generator::dart_board, 2, 0.1, 3, false, 0x118df81b99ee230eULL},
      {Generator::hyper, 2, 0.1, 3, false, 0x90ad669183980cc9ULL},
      {Generator::basis, 2, 0.1, 3, false, 0xfc7e7785a0fb6dccULL},
      {Generator::finite, 2, 0.1, 3, false, 0xe46a08a2c17d3d3dULL},
      {Generator::finite, 9, 0.1, 3, false, 0x05b27126bfc0fdb4ULL},
      {Generator::thresholds, 2, 0.1, 3, false, 0x93e8a42ea7b68295ULL},
      {Generator::circle, 2, 0.1, 3, false, 0xe0c39ea2f73b939aULL},
      {Generator::xor_, 2, 0.1, 3, false, 0x561f455e5faf691fULL},
      {Generator::blobs, 3, 0.1, 6, false, 0x4695a64c301d78d0ULL},
      {Generator::spiral, 2, 0.1, 3, false, 0x256209bd05538c0eULL},
  };
  for (const Golden& g : table) {
    GeneratorSpec s = spec_of(g.kind, 500);
    s.dims = g.dims;
    s.margin = g.margin;
    s.classes = g.classes;
    s.ball = g.ball;
    s.concepts = 1000;
    const uint64_t h = data_hash(must_generate(s, 2024));
    char text[32];
    std::snprintf(text, sizeof text, "0x%016" PRIx64 "ULL", h);
    EXPECT_EQ(h, g.hash) << generator_name(g.kind) << " d=" << g.dims << ": actual " << text;
  }
}

// ----------------------------------------------------------------------------------------------------
// separable and gaussian.

TEST(Generators, SeparableSphereRespectsTheMarginAndIsBalanced) {
  GeneratorSpec s = spec_of(Generator::separable, 4000);
  s.dims = 2;
  s.margin = 0.2;
  const Dataset ds = must_generate(s, 3);
  for (int i = 0; i < ds.rows(); ++i) {
    EXPECT_NEAR(row_norm(ds, i), 1.0, 1e-6);
    const double p = dot(ds.target.data(), ds.X.row(i).data(), 2);
    ASSERT_GE(std::fabs(p), 0.2) << "row " << i;
    EXPECT_EQ(ds.true_label[static_cast<size_t>(i)], p >= 0 ? 1 : 0);
  }
  EXPECT_GE(ds.target_margin, 0.2);
  EXPECT_LT(ds.target_margin, 0.21);  // 4000 points come close to the margin
  EXPECT_NEAR(positive_fraction(ds), 0.5, 0.04);
}

TEST(Generators, SeparableInHighDimensionUsesTheExactConditionalLaw) {
  // d = 1000, margin 0.1: only ~0.16 % of sphere points qualify; the subspace sampler still finds them.
  GeneratorSpec s = spec_of(Generator::separable, 300);
  s.dims = 1000;
  s.margin = 0.1;
  const Dataset ds = must_generate(s, 5);
  for (int i = 0; i < ds.rows(); ++i) {
    EXPECT_NEAR(row_norm(ds, i), 1.0, 1e-6);
    EXPECT_GE(std::fabs(dot(ds.target.data(), ds.X.row(i).data(), 1000)), 0.1);
  }
  // In d = 3, <v,x> is uniform on [-1, 1] (Archimedes), so given |<v,x>| >= 0.5 it is uniform on
  // [0.5, 1]: mean 0.75, and each coordinate of x has mean 0.
  s.dims = 3;
  s.margin = 0.5;
  s.n = 20000;
  const Dataset d3 = must_generate(s, 6);
  double sum_abs = 0.0, sum_x[3] = {0, 0, 0};
  for (int i = 0; i < d3.rows(); ++i) {
    sum_abs += std::fabs(dot(d3.target.data(), d3.X.row(i).data(), 3));
    for (int j = 0; j < 3; ++j) sum_x[j] += d3.X(i, j);
  }
  EXPECT_NEAR(sum_abs / s.n, 0.75, 0.006);  // sd of the mean: 0.144/sqrt(20000) = 0.001
  for (double sx : sum_x) EXPECT_NEAR(sx / s.n, 0.0, 0.02);
}

TEST(Generators, SeparableBallPointsAreInsideAndFillTheBall) {
  GeneratorSpec s = spec_of(Generator::separable, 4000);
  s.dims = 2;
  s.margin = 0.0;
  s.ball = true;
  const Dataset ds = must_generate(s, 8);
  int inner = 0;
  for (int i = 0; i < ds.rows(); ++i) {
    const double r = row_norm(ds, i);
    EXPECT_LE(r, 1.0 + 1e-6);
    inner += r * r < 0.5 ? 1 : 0;  // half the disc's area lies within radius sqrt(1/2)
  }
  EXPECT_NEAR(static_cast<double>(inner) / s.n, 0.5, 0.04);
  s.margin = 0.3;
  s.dims = 6;
  const Dataset m = must_generate(s, 9);
  for (int i = 0; i < m.rows(); ++i) {
    EXPECT_LE(row_norm(m, i), 1.0 + 1e-6);
    EXPECT_GE(std::fabs(dot(m.target.data(), m.X.row(i).data(), 6)), 0.3);
  }
}

TEST(Generators, SeparableInOneDimensionIsPlusOrMinusOne) {
  GeneratorSpec s = spec_of(Generator::separable, 50);
  s.dims = 1;
  s.margin = 0.9;
  const Dataset ds = must_generate(s, 2);
  for (int i = 0; i < ds.rows(); ++i) EXPECT_EQ(std::fabs(ds.X(i, 0)), 1.0f);
  EXPECT_EQ(ds.target_margin, 1.0);
}

TEST(Generators, UnreachableMarginIsAnErrorNamingMarginAndTheRate) {
  GeneratorSpec s = spec_of(Generator::separable, 400);
  s.dims = 4096;
  s.margin = 0.5;  // |<v,x>| ~ N(0, 1/4096): 0.5 is 32 standard deviations out
  const Result<Dataset> r = generate(s, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, "gen.margin_unreachable");
  EXPECT_NE(r.error().message.find("field 'margin'"), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("acceptance rate 0%"), std::string::npos) << r.error().message;

  GeneratorSpec c = spec_of(Generator::classes, 100);
  c.dims = 2;
  c.classes = 64;
  c.margin = 0.9;  // 64 unit directions on a circle: no top-two gap can reach 0.9
  const Result<Dataset> rc = generate(c, 1);
  ASSERT_FALSE(rc.ok());
  EXPECT_EQ(rc.error().code, "gen.margin_unreachable");
  EXPECT_NE(rc.error().message.find("'margin'"), std::string::npos);
}

TEST(Generators, GaussianIsStandardNormal) {
  GeneratorSpec s = spec_of(Generator::gaussian, 20000);
  s.dims = 3;
  const Dataset ds = must_generate(s, 4);
  for (int j = 0; j < 3; ++j) {
    double sum = 0.0, sq = 0.0;
    for (int i = 0; i < ds.rows(); ++i) {
      sum += ds.X(i, j);
      sq += static_cast<double>(ds.X(i, j)) * ds.X(i, j);
    }
    EXPECT_NEAR(sum / s.n, 0.0, 0.03);
    EXPECT_NEAR(sq / s.n, 1.0, 0.04);
  }
  EXPECT_NEAR(positive_fraction(ds), 0.5, 0.02);
}

TEST(Generators, SeparableAndGaussianShareTheTargetOfASeed) {
  GeneratorSpec a = spec_of(Generator::separable, 10);
  GeneratorSpec b = spec_of(Generator::gaussian, 10);
  a.dims = b.dims = 7;
  EXPECT_EQ(must_generate(a, 99).target, must_generate(b, 99).target);
}

// ----------------------------------------------------------------------------------------------------
// classes (004 §4.1).

TEST(Generators, ClassesOnTheCircleRespectTheTopTwoGap) {
  GeneratorSpec s = spec_of(Generator::classes, 1000);  // the 004 §4.1 toy
  s.dims = 2;
  s.classes = 10;
  s.margin = 0.025;
  const Dataset ds = must_generate(s, 11);
  const FeatureMatrix w = class_weight_vectors(10, 2, 11);
  ASSERT_EQ(w.rows(), 10);
  double min_gap = 1e300, frob = 0.0;
  for (int q = 0; q < 10; ++q) {
    EXPECT_NEAR(w.row(q).cast<double>().norm(), 1.0, 1e-6);
    frob += dot(&w(q, 0), &w(q, 0), 2);
  }
  for (int i = 0; i < ds.rows(); ++i) {
    EXPECT_NEAR(row_norm(ds, i), 1.0, 1e-6);
    std::vector<double> sc(10);
    for (int q = 0; q < 10; ++q) sc[static_cast<size_t>(q)] = dot(&w(q, 0), ds.X.row(i).data(), 2);
    const int best = static_cast<int>(std::max_element(sc.begin(), sc.end()) - sc.begin());
    EXPECT_EQ(ds.true_label[static_cast<size_t>(i)], best);
    std::vector<double> sorted = sc;
    std::sort(sorted.rbegin(), sorted.rend());
    ASSERT_GE(sorted[0] - sorted[1], 0.025) << "row " << i;
    min_gap = std::min(min_gap, sorted[0] - sorted[1]);
  }
  EXPECT_NEAR(ds.target_margin, min_gap / std::sqrt(frob), 1e-12);
  const std::vector<int> counts = class_counts(ds);
  EXPECT_GE(std::count_if(counts.begin(), counts.end(), [](int c) { return c > 0; }), 7);
}

TEST(Generators, ClassesInHighDimensionUseTheSpanOfW) {
  GeneratorSpec s = spec_of(Generator::classes, 500);
  s.dims = 60;
  s.classes = 4;
  s.margin = 0.05;
  const Dataset ds = must_generate(s, 13);
  const FeatureMatrix w = class_weight_vectors(4, 60, 13);
  for (int i = 0; i < ds.rows(); ++i) {
    EXPECT_NEAR(row_norm(ds, i), 1.0, 1e-6);
    double sc[4];
    for (int q = 0; q < 4; ++q) sc[q] = dot(&w(q, 0), ds.X.row(i).data(), 60);
    const int best = static_cast<int>(std::max_element(sc, sc + 4) - sc);
    EXPECT_EQ(ds.true_label[static_cast<size_t>(i)], best);
    std::sort(sc, sc + 4);
    ASSERT_GE(sc[3] - sc[2], 0.05);
  }
  // Q = 4 symmetric random classes: each gets a fair share.
  for (int c : class_counts(ds)) EXPECT_GT(c, 20);
}

// ----------------------------------------------------------------------------------------------------
// The 000 §5.2 toys and the playground sets.

TEST(Generators, PlanarConceptsAtHandPickedPoints) {
  // double_ellipse: centers (+-5, 0) inside; origin and corners outside; tilt 25 deg outwards at the top.
  EXPECT_EQ(planar_concept_class(Generator::double_ellipse, -5, 0), 1);
  EXPECT_EQ(planar_concept_class(Generator::double_ellipse, 5, 0), 1);
  EXPECT_EQ(planar_concept_class(Generator::double_ellipse, 0, 0), 0);
  EXPECT_EQ(planar_concept_class(Generator::double_ellipse, 9.5, 9.5), 0);
  EXPECT_EQ(planar_concept_class(Generator::double_ellipse, -8, 6), 1);  // upper end of the left one leans left
  EXPECT_EQ(planar_concept_class(Generator::double_ellipse, -2, 6), 0);
  EXPECT_EQ(planar_concept_class(Generator::double_ellipse, 8, 6), 1);
  // ring: 4 <= r <= sqrt(16 + 200/pi) = 8.925
  EXPECT_EQ(planar_concept_class(Generator::ring, 0, 0), 0);
  EXPECT_EQ(planar_concept_class(Generator::ring, 4, 0), 1);
  EXPECT_EQ(planar_concept_class(Generator::ring, 0, -8.9), 1);
  EXPECT_EQ(planar_concept_class(Generator::ring, 0, 8.95), 0);
  // chess_board: squares of side 5 from -10; the bottom-left square is +1
  EXPECT_EQ(planar_concept_class(Generator::chess_board, -7.5, -7.5), 1);
  EXPECT_EQ(planar_concept_class(Generator::chess_board, -2.5, -7.5), 0);
  EXPECT_EQ(planar_concept_class(Generator::chess_board, 2.5, 2.5), 1);
  EXPECT_EQ(planar_concept_class(Generator::chess_board, 7.5, 2.5), 0);
  // dart_board: ring index floor(r/3) (capped at 3) plus sector floor((atan2 + pi)/(pi/4)), even = +1
  EXPECT_EQ(planar_concept_class(Generator::dart_board, 1, 0.5), 1);    // ring 0, angle 0.46: sector 4
  EXPECT_EQ(planar_concept_class(Generator::dart_board, 0.5, 1), 0);    // ring 0, angle 1.1: sector 5
  EXPECT_EQ(planar_concept_class(Generator::dart_board, 4, 1), 0);      // ring 1, sector 4
  EXPECT_EQ(planar_concept_class(Generator::dart_board, -9.5, -8), 0);  // ring 3, angle -2.44: sector 0
  EXPECT_EQ(planar_concept_class(Generator::dart_board, -5, 0), 0);     // angle pi = -pi: sector 0, ring 1
  // hyper: parity of floor(x1 x2 / 25)
  EXPECT_EQ(planar_concept_class(Generator::hyper, 1, 1), 1);    // band 0
  EXPECT_EQ(planar_concept_class(Generator::hyper, 6, 5), 0);    // 30/25: band 1
  EXPECT_EQ(planar_concept_class(Generator::hyper, -1, 1), 0);   // band -1
  EXPECT_EQ(planar_concept_class(Generator::hyper, -6, 5), 1);   // -30/25: band -2
  EXPECT_EQ(planar_concept_class(Generator::hyper, 10, 10), 1);  // band 4
  // circle and xor
  EXPECT_EQ(planar_concept_class(Generator::circle, 2.9, 0), 1);
  EXPECT_EQ(planar_concept_class(Generator::circle, 0, 3.1), 0);
  EXPECT_EQ(planar_concept_class(Generator::xor_, -1, -2), 1);
  EXPECT_EQ(planar_concept_class(Generator::xor_, -1, 2), 0);
}

TEST(Generators, ToysAreUniformOnTheSquareLabelledByTheirConceptAndBalanced) {
  const Generator toys[] = {Generator::double_ellipse, Generator::ring, Generator::chess_board, Generator::dart_board,
                            Generator::hyper};
  for (Generator g : toys) {
    SCOPED_TRACE(std::string(generator_name(g)));
    const Dataset ds = must_generate(spec_of(g, 8000), 21);
    int quadrant[4] = {0, 0, 0, 0};
    for (int i = 0; i < ds.rows(); ++i) {
      const float x1 = ds.X(i, 0), x2 = ds.X(i, 1);
      ASSERT_GE(x1, -10.0f);
      ASSERT_LE(x1, 10.0f);
      ASSERT_GE(x2, -10.0f);
      ASSERT_LE(x2, 10.0f);
      EXPECT_EQ(ds.true_label[static_cast<size_t>(i)], planar_concept_class(g, x1, x2));
      ++quadrant[(x1 >= 0 ? 1 : 0) + (x2 >= 0 ? 2 : 0)];
    }
    for (int c : quadrant) EXPECT_NEAR(c / 8000.0, 0.25, 0.03);  // uniform on the square
    // Balance by design: 49.5 % (double_ellipse), 50 % exactly in area (the others).
    EXPECT_NEAR(positive_fraction(ds), 0.5, 0.03);
  }
}

TEST(Generators, CircleXorAndSpiralLookLikeThePlayground) {
  GeneratorSpec c = spec_of(Generator::circle, 2000);
  c.spread = 0.0;
  const Dataset circle = must_generate(c, 1);
  for (int i = 0; i < circle.rows(); ++i) {
    const double r = row_norm(circle, i);
    EXPECT_TRUE(r <= 2.5 + 1e-5 || (r >= 3.5 - 1e-5 && r <= 5.0 + 1e-5)) << r;
    EXPECT_EQ(circle.true_label[static_cast<size_t>(i)], r < 3.0 ? 1 : 0);
  }
  EXPECT_EQ(class_counts(circle), (std::vector<int>{1000, 1000}));  // no jitter: component = label

  GeneratorSpec x = spec_of(Generator::xor_, 2000);
  x.spread = 0.0;
  const Dataset xr = must_generate(x, 1);
  for (int i = 0; i < xr.rows(); ++i) {
    EXPECT_GE(std::fabs(xr.X(i, 0)), 0.3f);
    EXPECT_LE(std::fabs(xr.X(i, 0)), 5.3f);
    EXPECT_GE(std::fabs(xr.X(i, 1)), 0.3f);
    EXPECT_EQ(xr.true_label[static_cast<size_t>(i)], xr.X(i, 0) * xr.X(i, 1) >= 0 ? 1 : 0);
  }
  EXPECT_NEAR(positive_fraction(xr), 0.5, 0.04);

  GeneratorSpec sp = spec_of(Generator::spiral, 1001);
  sp.spread = 0.0;
  const Dataset spiral = must_generate(sp, 1);
  EXPECT_EQ(class_counts(spiral), (std::vector<int>{501, 500}));
  for (int i = 0; i < spiral.rows(); ++i) EXPECT_LE(row_norm(spiral, i), 5.0 + 1e-5);
  // With jitter the points stay within the jitter box of the arms.
  sp.spread = 0.5;
  const Dataset jit = must_generate(sp, 1);
  for (int i = 0; i < jit.rows(); ++i) EXPECT_LE(row_norm(jit, i), 5.0 + 0.5 * std::sqrt(2.0) + 1e-5);
}

TEST(Generators, BlobsAreBalancedAroundSeparatedCenters) {
  GeneratorSpec s = spec_of(Generator::blobs, 1000);
  s.classes = 4;
  s.dims = 3;
  s.spread = 0.0;  // no spread: every point sits on its center
  const Dataset ds = must_generate(s, 17);
  EXPECT_EQ(class_counts(ds), (std::vector<int>{250, 250, 250, 250}));
  std::vector<std::vector<float>> centers(4);
  for (int i = 0; i < ds.rows(); ++i) {
    auto& c = centers[static_cast<size_t>(ds.true_label[static_cast<size_t>(i)])];
    const std::vector<float> p = {ds.X(i, 0), ds.X(i, 1), ds.X(i, 2)};
    if (c.empty()) c = p;
    EXPECT_EQ(p, c);
    for (float v : p) {
      EXPECT_GE(v, -4.0f);
      EXPECT_LE(v, 4.0f);
    }
  }
  for (int a = 0; a < 4; ++a)
    for (int b = a + 1; b < 4; ++b) {
      double sq = 0.0;
      for (int j = 0; j < 3; ++j) sq += (centers[a][j] - centers[b][j]) * (centers[a][j] - centers[b][j]);
      EXPECT_GT(std::sqrt(sq), 1.0);  // best-candidate sampling keeps centers apart
    }
  s.spread = 0.5;
  s.dims = 2;
  const Dataset spread = must_generate(s, 17);
  double sum = 0.0;
  for (int i = 0; i < spread.rows(); ++i) sum += spread.X(i, 0);
  EXPECT_TRUE(std::isfinite(sum));
}

// ----------------------------------------------------------------------------------------------------
// basis, finite, thresholds.

TEST(Generators, BasisIsTheIdentityWithKEqualCeilOneOverMarginSquared) {
  EXPECT_EQ(basis_size(0.1), 100);  // 1/0.1^2 = 99.99999999999997 in double: the slack keeps it 100
  EXPECT_EQ(basis_size(0.3), 12);   // 11.1 -> 12
  EXPECT_EQ(basis_size(0.5), 4);
  EXPECT_EQ(basis_size(1.0 / 64.0), 4096);
  EXPECT_EQ(basis_size(0.0), 0);
  GeneratorSpec s = spec_of(Generator::basis, 5);  // n is ignored
  s.margin = 0.3;
  const Dataset ds = must_generate(s, 3);
  ASSERT_EQ(ds.rows(), 12);
  ASSERT_EQ(ds.cols(), 12);
  EXPECT_TRUE(ds.X.isIdentity(0.0f));
  for (int i = 0; i < 12; ++i)
    EXPECT_EQ(ds.target[i],
              static_cast<float>((ds.true_label[static_cast<size_t>(i)] == 1 ? 1.0 : -1.0) / std::sqrt(12.0)));
  EXPECT_EQ(ds.target_margin, static_cast<double>(static_cast<float>(1.0 / std::sqrt(12.0))));
  EXPECT_LE(ds.target_margin, 0.3);
}

TEST(Generators, FiniteLabelsByARowOfTheClass) {
  // 2-D: a regular angular grid, seed-independent; the target is row target_concept_index.
  const FeatureMatrix grid = finite_class_directions(16, 2, 5);
  ASSERT_EQ(grid.rows(), 16);
  EXPECT_FLOAT_EQ(grid(0, 0), 1.0f);
  EXPECT_NEAR(grid(0, 1), 0.0f, 1e-7);
  EXPECT_NEAR(grid(4, 0), 0.0f, 1e-7);
  EXPECT_FLOAT_EQ(grid(4, 1), 1.0f);
  EXPECT_FLOAT_EQ(grid(2, 0), static_cast<float>(std::sqrt(0.5)));
  EXPECT_EQ(grid, finite_class_directions(16, 2, 6));
  for (int dims : {2, 6}) {
    SCOPED_TRACE(dims);
    GeneratorSpec s = spec_of(Generator::finite, 2000);
    s.dims = dims;
    s.concepts = 100;
    const Dataset ds = must_generate(s, 31);
    const FeatureMatrix cls = finite_class_directions(100, dims, 31);
    const int t = target_concept_index(100, 31);
    ASSERT_GE(t, 0);
    ASSERT_LT(t, 100);
    EXPECT_EQ(std::memcmp(ds.target.data(), &cls(t, 0), sizeof(float) * static_cast<size_t>(dims)), 0);
    std::vector<float> one(static_cast<size_t>(dims));
    for (int r = 0; r < 100; ++r) {
      EXPECT_NEAR(cls.row(r).cast<double>().norm(), 1.0, 1e-6);
      finite_class_direction(r, 100, dims, 31, one.data());  // random access gives the same bits
      EXPECT_EQ(std::memcmp(one.data(), &cls(r, 0), sizeof(float) * static_cast<size_t>(dims)), 0);
    }
    for (int i = 0; i < ds.rows(); ++i) {
      EXPECT_NEAR(row_norm(ds, i), 1.0, 1e-6);
      EXPECT_GE(std::fabs(dot(ds.target.data(), ds.X.row(i).data(), dims)), finite_label_guard(dims));
    }
    EXPECT_NEAR(positive_fraction(ds), 0.5, 0.04);
  }
  EXPECT_EQ(finite_label_guard(2), 1e-5);
  EXPECT_NEAR(finite_label_guard(4095), 4096.0 / 16777216.0, 1e-5);
  // Random directions differ between seeds.
  EXPECT_NE(finite_class_directions(10, 3, 1), finite_class_directions(10, 3, 2));
}

TEST(Generators, ThresholdsLabelByUAgainstTheTargetThreshold) {
  const std::vector<double> grid = threshold_grid(4);
  EXPECT_EQ(grid, (std::vector<double>{0.2, 0.4, 0.6, 0.8}));
  GeneratorSpec s = spec_of(Generator::thresholds, 3000);
  s.concepts = 4;
  const Dataset ds = must_generate(s, 41);
  const double t = grid[static_cast<size_t>(target_concept_index(4, 41))];
  const double norm = std::sqrt(1 + t * t);
  EXPECT_FLOAT_EQ(ds.target[0], static_cast<float>(1 / norm));
  EXPECT_FLOAT_EQ(ds.target[1], static_cast<float>(-t / norm));
  int positive = 0;
  for (int i = 0; i < ds.rows(); ++i) {
    EXPECT_EQ(ds.X(i, 1), 1.0f);
    EXPECT_GE(ds.X(i, 0), 0.0f);
    EXPECT_LE(ds.X(i, 0), 1.0f);
    EXPECT_EQ(ds.true_label[static_cast<size_t>(i)], ds.X(i, 0) >= t ? 1 : 0);
    positive += ds.true_label[static_cast<size_t>(i)];
  }
  EXPECT_NEAR(positive / 3000.0, 1.0 - t, 0.03);  // u uniform on [0, 1]
}

// ----------------------------------------------------------------------------------------------------
// Validation.

void expect_error(const GeneratorSpec& s, const std::string& code, const std::string& field) {
  const Result<Dataset> r = generate(s, 1);
  ASSERT_FALSE(r.ok()) << generator_name(s.kind) << " " << field;
  EXPECT_EQ(r.error().code, code);
  EXPECT_NE(r.error().message.find("field '" + field + "'"), std::string::npos) << r.error().message;
  EXPECT_EQ(r.error().line, 0);
  const Status st = validate_generator_spec(s);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().code, code);
}

TEST(Generators, ImpossibleSpecsAreErrorsNamingTheField) {
  GeneratorSpec s = spec_of(Generator::separable);
  s.n = 0;
  expect_error(s, "gen.out_of_range", "n");
  s.n = 1000001;
  expect_error(s, "gen.out_of_range", "n");
  s = spec_of(Generator::gaussian);
  s.dims = 0;
  expect_error(s, "gen.out_of_range", "dims");
  s.dims = 4097;
  expect_error(s, "gen.out_of_range", "dims");
  s = spec_of(Generator::classes);
  s.classes = 1;
  expect_error(s, "gen.out_of_range", "classes");
  s.classes = 65;
  expect_error(s, "gen.out_of_range", "classes");
  s = spec_of(Generator::separable);
  s.margin = -0.01;
  expect_error(s, "gen.out_of_range", "margin");
  s.margin = 1.0;
  expect_error(s, "gen.out_of_range", "margin");
  s.margin = std::nan("");
  expect_error(s, "gen.out_of_range", "margin");
  s = spec_of(Generator::thresholds);
  s.concepts = 1;
  expect_error(s, "gen.out_of_range", "concepts");
  s.concepts = 1000001;
  expect_error(s, "gen.out_of_range", "concepts");
  s = spec_of(Generator::spiral);
  s.spread = -0.5;
  expect_error(s, "gen.out_of_range", "spread");
  s = spec_of(Generator::gaussian, 1000000);
  s.dims = 4096;
  expect_error(s, "gen.too_large", "n");
  s = spec_of(Generator::finite);
  s.concepts = 1000000;
  s.dims = 4096;
  s.n = 10;
  expect_error(s, "gen.too_large", "concepts");
  s = spec_of(Generator::basis);
  s.margin = 0.01;  // k = 10000 > 4096
  expect_error(s, "gen.basis_too_large", "margin");
  s.margin = 0.0;
  expect_error(s, "gen.basis_too_large", "margin");
}

TEST(Generators, UnusedFieldsAreNotValidated) {
  GeneratorSpec s = spec_of(Generator::ring);
  s.dims = 0;
  s.classes = 0;
  s.margin = 5.0;
  s.concepts = 0;
  s.spread = -1.0;
  EXPECT_TRUE(generate(s, 1).ok());
  GeneratorSpec b = spec_of(Generator::basis, 0);  // basis ignores n
  b.margin = 0.5;
  EXPECT_TRUE(generate(b, 1).ok());
}

}  // namespace generators_test
}  // namespace ml
