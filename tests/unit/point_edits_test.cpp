// Tests of the View's point edits (core/config/point_edits.h, field `edits`, applied by
// core/session/pipeline.h apply_point_edits): the item grammar, the link round trip, bad items named in
// warnings, and the edits applied to hand-built training data.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/config/fields.h"
#include "core/config/link.h"
#include "core/config/point_edits.h"
#include "core/config/url.h"
#include "core/data/generator_ids.h"
#include "core/learners/registry.h"
#include "core/noise/noise_ids.h"
#include "core/session/pipeline.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace point_edits_test {

TEST(PointEdits, ItemsParseAndFormatBack) {
  PointEdit e;
  ASSERT_EQ(parse_point_edit("p1_0.5_-0.25", &e), "");
  EXPECT_EQ(e, added_point(1, {0.5f, -0.25f}));
  EXPECT_EQ(format_point_edit(e), "p1_0.5_-0.25");
  ASSERT_EQ(parse_point_edit("y12_0", &e), "");
  EXPECT_EQ(e, relabelled_row(12, 0));
  EXPECT_EQ(format_point_edit(e), "y12_0");
  // Floats read back exactly; exponents carry no '+' (it would need an escape in the link); -0 is 0.
  const PointEdit odd = added_point(3, {0.1f, 1e20f, -0.0f, 3e-7f});
  const std::string text = format_point_edit(odd);
  EXPECT_EQ(text.find('+'), std::string::npos) << text;
  ASSERT_EQ(parse_point_edit(text, &e), "") << text;
  EXPECT_EQ(e, odd);
  EXPECT_EQ(text.substr(0, 7), "p3_0.1_");
}

TEST(PointEdits, BadItemsNameWhatIsWrong) {
  PointEdit e;
  EXPECT_NE(parse_point_edit("", &e), "");
  EXPECT_NE(parse_point_edit("q1_2", &e).find("neither"), std::string::npos);
  EXPECT_NE(parse_point_edit("p1", &e).find("no coordinates"), std::string::npos);
  EXPECT_NE(parse_point_edit("p64_0_0", &e).find("class '64'"), std::string::npos);  // kMaxClasses = 64
  EXPECT_NE(parse_point_edit("p-1_0_0", &e).find("class '-1'"), std::string::npos);
  EXPECT_NE(parse_point_edit("p1_0_x", &e).find("coordinate 2 'x'"), std::string::npos);
  EXPECT_NE(parse_point_edit("p1_0_inf", &e).find("coordinate 2"), std::string::npos);
  EXPECT_NE(parse_point_edit("p1_0_", &e).find("coordinate 2"), std::string::npos);
  EXPECT_NE(parse_point_edit("y1", &e).find("y<row>_<class>"), std::string::npos);
  EXPECT_NE(parse_point_edit("y1_2_3", &e).find("y<row>_<class>"), std::string::npos);
  EXPECT_NE(parse_point_edit("y1000000_0", &e).find("row '1000000'"), std::string::npos);
  EXPECT_NE(parse_point_edit("y+1_0", &e).find("row '+1'"), std::string::npos);
  std::string many = "p0";
  for (int k = 0; k <= kMaxPointEditCoords; ++k) many += "_1";
  EXPECT_NE(parse_point_edit(many, &e).find("coordinates are more than"), std::string::npos);
}

TEST(PointEdits, ARelabelReplacesEarlierRelabelsOfItsRow) {
  const std::vector<PointEdit> edits = parse_point_edits({"y3_1", "p0_1_1", "y4_0", "y3_0"});
  EXPECT_EQ(format_point_edits(with_point_edit(edits, relabelled_row(3, 1))),
            (std::vector<std::string>{"p0_1_1", "y4_0", "y3_1"}));
  EXPECT_EQ(format_point_edits(with_point_edit(edits, added_point(1, {2, -3}))),
            (std::vector<std::string>{"y3_1", "p0_1_1", "y4_0", "y3_0", "p1_2_-3"}));
}

TEST(PointEdits, LinkRoundTripKeepsTheOrderAndNeedsNoEscapes) {
  Config c;
  c.point_edits = parse_point_edits({"p1_0.5_-0.25", "y3_0", "p0_1e-5_2", "y3_1"});
  const std::string url = encode_url(c);
  // Each item in its canonical text: coordinates as the shortest float text that reads back (1e-5 is 1e-05).
  EXPECT_NE(url.find("&edits=p1_0.5_-0.25,y3_0,p0_1e-05_2,y3_1&"), std::string::npos) << url;
  const DecodeResult back = decode_link(url);
  EXPECT_TRUE(back.warnings.empty()) << back.warnings.front();
  EXPECT_EQ(back.config.point_edits, c.point_edits);  // order and the repeated row kept
  EXPECT_EQ(encode_url(back.config), url);
  // A link written by hand reads as the same edits and comes back canonical.
  EXPECT_EQ(decode_link("#edits=p0_1e-5_2").config.point_edits, parse_point_edits({"p0_1e-05_2"}));
  // No edits: no key at all (the canonical link of every earlier experiment is unchanged).
  EXPECT_EQ(encode_url(Config{}).find("edits"), std::string::npos);
}

TEST(PointEdits, BadValuesInALinkWarnWithTheEntry) {
  const DecodeResult bad = decode_link("v=1&edits=p1_0_0,p1_0_zz,y2_0");
  ASSERT_EQ(bad.warnings.size(), 1u);
  EXPECT_NE(bad.warnings[0].find("field 'edits': entry 2: 'p1_0_zz': coordinate 2 'zz'"), std::string::npos)
      << bad.warnings[0];
  EXPECT_TRUE(bad.config.point_edits.empty());  // a malformed list keeps the default, as every field does
  // The cap on the count.
  std::string url = "v=1&edits=y0_1";
  for (int k = 1; k <= kMaxPointEdits; ++k) url += ",y0_1";
  const DecodeResult capped = decode_link(url);
  ASSERT_EQ(capped.warnings.size(), 1u);
  EXPECT_NE(capped.warnings[0].find(std::to_string(kMaxPointEdits + 1) + " names are more than the " +
                                    std::to_string(kMaxPointEdits) + " allowed"),
            std::string::npos)
      << capped.warnings[0];
  // validate() checks a config built in code the same way (its items are typed: only the count can be wrong).
  Config c;
  c.point_edits.assign(static_cast<size_t>(kMaxPointEdits) + 1, relabelled_row(0, 1));
  const std::vector<std::string> w = validate(c);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("names are more than the"), std::string::npos) << w[0];
  EXPECT_TRUE(c.point_edits.empty());
}

// Three training rows in 2-D, row 1 already corrupted by noise (observed 0, true 1), row 2 replaced.
Dataset three_rows(bool bias) {
  Dataset d = test::tiny_dataset({{0, 0}, {1, 1}, {2, 2}}, {1, -1, 1}, {1, 1, 1});
  d.corruption = {Corruption::none, Corruption::label, Corruption::replaced};
  d.target_margin = 0.25;
  if (bias) {
    FeatureMatrix X(3, 3);
    X << 0, 0, 1, 1, 1, 1, 2, 2, 1;
    d.set_features(X);
  }
  return d;
}

TEST(PointEditsPipeline, AddsAndRelabelsInOrderByHand) {
  Dataset d = three_rows(false);
  std::vector<std::string> warnings;
  // Add a class-0 point at (5, -1) (row 3), relabel row 0 to 0 (corrupted now), restore row 1's true
  // label (clean again), relabel the replaced row 2 (stays replaced), relabel the added row 3 to 1 and
  // back to 0 (the last wins; its true label is the class it was given, so it ends clean).
  const int applied =
      apply_point_edits(parse_point_edits({"p0_5_-1", "y0_0", "y1_1", "y2_0", "y3_1", "y3_0"}), false, d, &warnings);
  EXPECT_EQ(applied, 6);
  EXPECT_TRUE(warnings.empty());
  ASSERT_EQ(d.rows(), 4);
  EXPECT_EQ(d.X(3, 0), 5.0f);
  EXPECT_EQ(d.X(3, 1), -1.0f);
  EXPECT_EQ(d.label, (std::vector<int>{0, 1, 0, 0}));
  EXPECT_EQ(d.true_label, (std::vector<int>{1, 1, 1, 0}));
  EXPECT_EQ(d.corruption,
            (std::vector<Corruption>{Corruption::label, Corruption::none, Corruption::replaced, Corruption::none}));
  EXPECT_EQ(d.target_margin, 0.0);  // a point was added: the generator's margin no longer holds
  // Relabels only: the margin of the clean data stays.
  Dataset r = three_rows(false);
  EXPECT_EQ(apply_point_edits(parse_point_edits({"y0_0"}), false, r, &warnings), 1);
  EXPECT_EQ(r.target_margin, 0.25);
}

TEST(PointEditsPipeline, BiasColumnIsAppendedToAddedPoints) {
  Dataset d = three_rows(true);
  std::vector<std::string> warnings;
  EXPECT_EQ(apply_point_edits(parse_point_edits({"p1_-2_3"}), true, d, &warnings), 1);
  ASSERT_EQ(d.rows(), 4);
  EXPECT_EQ(d.X(3, 0), -2.0f);
  EXPECT_EQ(d.X(3, 1), 3.0f);
  EXPECT_EQ(d.X(3, 2), 1.0f);
  // With the bias column, a point with all three coordinates is of the wrong dimension.
  EXPECT_EQ(apply_point_edits(parse_point_edits({"p1_-2_3_1"}), true, d, &warnings), 0);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("3 coordinates, the training data has 2 features before the bias column"),
            std::string::npos)
      << warnings[0];
}

TEST(PointEditsPipeline, ItemsTheDataCannotTakeAreSkippedByName) {
  Dataset d = three_rows(false);
  const Dataset before = d;
  std::vector<std::string> warnings;
  // y3_0 comes before the point that creates row 3: skipped; the one after it applies.
  const int applied =
      apply_point_edits(parse_point_edits({"y3_0", "p2_0_0", "p1_7", "p1_0_0", "y9_1", "y3_0"}), false, d, &warnings);
  EXPECT_EQ(applied, 2);
  ASSERT_EQ(warnings.size(), 4u);
  EXPECT_NE(warnings[0].find("entry 1 'y3_0': row 3 is past the training part's 3 rows; skipped"), std::string::npos)
      << warnings[0];
  EXPECT_NE(warnings[1].find("entry 2 'p2_0_0': class 2, but the data has 2 classes"), std::string::npos)
      << warnings[1];
  EXPECT_NE(warnings[2].find("entry 3 'p1_7': the point has 1 coordinates, the training data has 2 features"),
            std::string::npos)
      << warnings[2];
  EXPECT_NE(warnings[3].find("entry 5 'y9_1': row 9 is past the training part's 4 rows"), std::string::npos)
      << warnings[3];
  ASSERT_EQ(d.rows(), 4);
  EXPECT_EQ(d.label[3], 0);  // p1_0_0 then y3_0
  EXPECT_EQ(d.true_label[3], 1);
  EXPECT_EQ(d.corruption[3], Corruption::label);
  // An empty list changes nothing.
  Dataset same = before;
  EXPECT_EQ(apply_point_edits(parse_point_edits({}), false, same, &warnings), 0);
  EXPECT_EQ(same.X, before.X);
  EXPECT_EQ(same.label, before.label);
  EXPECT_EQ(same.corruption, before.corruption);
  EXPECT_EQ(same.target_margin, before.target_margin);
}

TEST(PointEditsPipeline, PrepareDataAppliesEditsAfterTheNoise) {
  Config c;
  c.generator.kind = Generator::separable;
  c.generator.n = 40;
  c.generator.dims = 2;
  c.noise.model = NoiseModel::uniform;
  c.noise.rate = 0.3;
  Result<PreparedData> plain = prepare_data(c, nullptr);
  ASSERT_TRUE(plain.ok());
  const int n = plain->train.rows();
  const int flip = 0;
  const int relabel_to = 1 - plain->train.label[0];
  c.point_edits = parse_point_edits({"p1_0.5_0.5", "y0_" + std::to_string(relabel_to)});
  Result<PreparedData> edited = prepare_data(c, nullptr);
  ASSERT_TRUE(edited.ok());
  const Dataset& t = edited->train;
  ASSERT_EQ(t.rows(), n + 1);
  // The rows the noise produced are unchanged but for row 0's observed label; the test part is untouched.
  EXPECT_EQ(t.X.topRows(n), plain->train.X);
  EXPECT_EQ(t.true_label[0], plain->train.true_label[0]);
  EXPECT_EQ(t.label[0], relabel_to);
  for (int i = 1; i < n; ++i) EXPECT_EQ(t.label[static_cast<size_t>(i)], plain->train.label[static_cast<size_t>(i)]);
  EXPECT_EQ(edited->test.X, plain->test.X);
  // The added point is clean, with the class it was given (noise never sees it).
  EXPECT_EQ(t.label[static_cast<size_t>(n)], 1);
  EXPECT_EQ(t.corruption[static_cast<size_t>(n)], Corruption::none);
  // The noise report is measured on the edited data.
  EXPECT_EQ(edited->noise.corrupted, t.corrupted_count());
  EXPECT_EQ(edited->noise.corrupted - plain->noise.corrupted, relabel_to != t.true_label[flip] ? 1 : -1);
}

}  // namespace point_edits_test
}  // namespace ml
