// marginlab — the learner registry table (see registry.h). One row per learner, in display order.
#include "core/learners/registry.h"

#include <cassert>
#include <deque>
#include <iterator>

#include "core/learners/active_coreset_svm.h"
#include "core/learners/averaging.h"
#include "core/learners/bylander.h"
#include "core/learners/coreset_svm.h"
#include "core/learners/halving.h"
#include "core/learners/kernel_perceptron.h"
#include "core/learners/outlier_svm.h"
#include "core/learners/pca_outlier_removal.h"
#include "core/learners/perceptron.h"
#include "core/learners/rp_classifier.h"
#include "core/learners/smooth_boost.h"
#include "core/learners/ultraconservative.h"
#include "core/learners/uma.h"

namespace ml {

namespace {

// Halving's cost model in one phrase (docs/url.md).
constexpr std::string_view kHalvingCostNote =
    "Halving keeps |C| x d floats and a recorded row scores every concept on every example (|C| N d)";

// The RP classifier cross-validates D and the Gaussian width with l.cv = 1 (000 §5).
const SelfSelection kRpSelection{{{"cv", 1}}, {"cv", "width_c"}, {"dims", "sigma"}};

template <class T>
std::unique_ptr<Learner> make() {
  return std::make_unique<T>();
}

std::vector<LearnerEntry> build_registry() {
  std::vector<LearnerEntry> rows;
  rows.push_back({make_schema<PerceptronParams>("perceptron", "Perceptron", false), &make<Perceptron>,
                  "Rosenblatt 1958; 000 §2.1 Fig. 1 (normalized update); bound: 001 Thm 1.1, Claims 1.2-1.4"});
  rows.push_back({make_schema<KernelPerceptronParams>("kernel_perceptron", "Kernel perceptron", false),
                  &make<KernelPerceptron>,
                  "001 §2 (dual perceptron); kernels: docs/algorithms.md §2.3; 000 §5 widths (Rätsch c = 2 sigma^2)"});
  rows.push_back({halving_schema(), &make_halving, "001 §3 (Halving, mistakes <= log2 |C|)",
                  &cost_from<HalvingParams, &halving_cost>, kHalvingCostNote});
  rows.push_back({randomized_halving_schema(), &make_randomized_halving,
                  "001 §4 (Randomized Halving, E[mistakes] <= H_|C|, Claim 4.1)",
                  &cost_from<HalvingParams, &halving_cost>, kHalvingCostNote});
  rows.push_back({make_schema<AveragingParams>("averaging", "Averaging", false), &make<Averaging>,
                  "Servedio; 003 §1.3 (averaging algorithm)"});
  rows.push_back(
      {make_schema<PcaOutlierRemovalParams>("pca_outlier_removal", "PCA outlier removal + averaging (A_mu)", false),
       &make<PcaOutlierRemoval>, "003 §2.1 (A_mu: PCA outlier removal + averaging, Lemma 1, Thm 1)"});
  rows.push_back({SmoothBoost::mlc_schema(), &make_smooth_boost,
                  "003 §3 (A_mlc: A_mlcw weak learner, Thm 2); SmoothBoost: Servedio, JMLR 4 (2003) Fig. 1"});
  rows.push_back({SmoothBoost::averaging_schema(), &make_smooth_boost_averaging,
                  "003 Thm 3 (adversarial label noise: SmoothBoost with the averaging weak learner); Servedio, JMLR 4 "
                  "(2003) Fig. 1"});
  rows.push_back({make_schema<BylanderParams>("bylander", "Bylander (Cnoise perceptron)", false),
                  &make<BylanderPerceptron>, "Bylander 1998; 000 §3.1 Alg. 2 (Cnoise-update), Thm 3, footnote 2"});
  rows.push_back(
      {make_schema<RpClassifierParams>("rp", "RP-classifier (projection + Cnoise perceptron)", false),
       &make<RpClassifier>,
       "000 Alg. 1, §3.2, §5 (RP-classifier: random span / KPCA / kernel Gram-Schmidt projection + Cnoise perceptron)",
       &cost_from<RpClassifierParams, &RpClassifier::cost>, RpClassifier::kCostNote, &kRpSelection});
  rows.push_back({make_schema<CoresetSvmParams>("coreset_svm", "Coreset SVM", false), &make<CoresetSvm>,
                  "002 §3 Fig. 1, Lemma 3.1 (CORESET SVM); SVM black box: Wolfe 1976"});
  rows.push_back({make_schema<ActiveCoresetSvmParams>("active_coreset_svm", "Active coreset SVM", false),
                  &make<ActiveCoresetSvm>,
                  "002 §4 Fig. 2, Lemmas 4.1-4.2 (ACTIVE CORESET SVM with VERIFY, counting oracle)"});
  rows.push_back({OutlierSvm::simple_schema(), &make_simple_outlier_svm,
                  "002 §5 Fig. 4b (SIMPLE OUTLIER SVM), Lemma 5.2; sampled subsets after Kearns-Li"});
  rows.push_back({OutlierSvm::schema(), &make_outlier_svm,
                  "002 §5 Fig. 4a (OUTLIER SVM), Lemma 5.2; sampled subsets after Kearns-Li"});
  rows.push_back(
      {make_schema<UltraconservativeParams>("ultraconservative", "Ultraconservative multiclass perceptron", true),
       &make<Ultraconservative>,
       "Crammer & Singer, JMLR 3 (2003); 004 §3.1 Alg. 1, Thm 1 (ultraconservative additive, 2/theta^2)"});
  rows.push_back({make_schema<UmaParams>("uma", "UMA (confusion-aware multiclass)", true), &make<Uma>,
                  "004 Alg. 2, §3.2-3.6 (UMA: unconfused ultraconservative multiclass), §4 protocols",
                  &cost_from<UmaParams, &Uma::cost>, "a UMA step passes over the sample once per class (2 n (D + 1) Q)",
                  nullptr, &Uma::max_condition});
  return rows;
}

// The built-in rows, then the registered ones. A deque, so registering never moves a row.
struct Rows {
  std::deque<LearnerEntry> all;
  size_t builtin = 0;  // how many of `all` are built in (never removed)
};

Rows& table() {
  static Rows t = [] {
    std::vector<LearnerEntry> built_in = build_registry();
    Rows r{std::deque<LearnerEntry>(std::make_move_iterator(built_in.begin()), std::make_move_iterator(built_in.end())),
           0};
    r.builtin = r.all.size();
    return r;
  }();
  return t;
}

std::deque<LearnerEntry>& rows() { return table().all; }

// Changes with every registration and removal (learner_schemas() rebuilds its copy then).
int& registry_version() {
  static int version = 0;
  return version;
}

}  // namespace

LearnerCost online_pass_cost_of(const ProblemShape& shape, const ParamValues& values, CostSum& sum) {
  (void)values;
  return online_pass_cost(shape, sum);
}

const std::deque<LearnerEntry>& learner_registry() { return rows(); }

const std::vector<LearnerSchema>& learner_schemas() {
  static std::vector<LearnerSchema> schemas;
  static int built_at = -1;
  if (built_at != registry_version()) {
    schemas.clear();
    for (const LearnerEntry& e : rows()) schemas.push_back(e.schema);
    built_at = registry_version();
  }
  return schemas;
}

const LearnerEntry* find_learner(std::string_view id) {
  for (const LearnerEntry& e : rows()) {
    if (e.schema.id == id) return &e;
  }
  return nullptr;
}

const LearnerSchema* find_learner_schema(std::string_view id) {
  const LearnerEntry* row = find_learner(id);
  return row ? &row->schema : nullptr;
}

void register_learner(LearnerEntry row) {
  assert(find_learner(row.schema.id) == nullptr && "a learner id is registered once");
  rows().push_back(std::move(row));
  ++registry_version();
}

void unregister_learner(std::string_view id) {
  assert(!rows().empty() && rows().back().schema.id == id && "only the row registered last can be removed");
  assert(rows().size() > table().builtin && "a built-in row is never removed");
  (void)id;
  rows().pop_back();
  ++registry_version();
}

std::string_view default_learner_id() { return "perceptron"; }

ToolLearner rough_labeller(int64_t updates) {
  UmaParams params;
  params.tol = 0;
  params.max_updates = updates;
  params.confusion = UmaConfusionSource::identity;
  return {std::make_unique<Uma>(), UmaParams::table().encode(params)};
}

}  // namespace ml
