// marginlab experiment — reproduction experiments, one subcommand each (a table below: rp-toy, rp-ida;
// the UMA reproductions are experiment links now: tools/reproduce.sh uma_toy|uma_real).
// Each writes Markdown with the exact command at the top and a CSV
// beside it (same name, .csv), prints progress on stderr and one summary line on stdout.
//
//   rp-toy  RP-classifier (KGS and random span) on the five 2-D toys of 000 §5.2 beside 000 Table 3/4.
//   rp-ida  RP-classifier (random, KPCA, KGS) on the IDA splits of 000 §5.1 beside 000 Table 1/2.
//
// Protocol (both, after 000 §5): one model selection per (problem, noise, projection) — the learner's
// own k-fold cross-validation (cv = 1, rp_classifier.h) on the noisy training sample of run/split 1
// chooses D and the Gaussian width — then every run/split trains with that pair (cv = 0) and is scored
// on its clean test part. The Cnoise perceptron is given the actual noise rate eta (000 §5.1).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/config/fields.h"
#include "core/config/url.h"
#include "core/data/csv.h"
#include "core/learners/registry.h"
#include "core/learners/rp_classifier.h"
#include "core/noise/noise.h"
#include "core/session/pipeline.h"
#include "core/util/format.h"
#include "native/cli/cli.h"
#include "native/cli/experiment_util.h"

namespace ml::cli {

namespace {

// ---------------------------------------------------------------- helpers

// Parses a comma list of noise rates in [0, 0.5).
bool parse_rates(const std::string& text, std::vector<double>* out) {
  out->clear();
  size_t start = 0;
  while (start <= text.size()) {
    const size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    double v = 0;
    if (!parse_double(item, &v) || v < 0 || v >= 0.5) return false;
    out->push_back(v);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return !out->empty();
}

// ---------------------------------------------------------------- RP runs

// What the experiments vary; everything else is the learner's default.
struct RpSetup {
  ProjectionKind projection = ProjectionKind::kgs;
  int dims = 50;
  double sigma = 1.0;
  double eta = 0.0;
  int updates = 500;
  bool cv = false;
  int cv_folds = 3;
  int cv_widths = 3;
};

RpClassifierParams rp_params(const RpSetup& s) {
  RpClassifierParams p;
  p.projection = s.projection;
  p.dims = s.dims;
  p.kernel.kernel = KernelKind::gaussian;
  p.kernel.sigma = s.sigma;
  p.cnoise.eta = s.eta;
  p.cnoise.updates = s.updates;
  p.cv = s.cv;
  p.cv_folds = s.cv_folds;
  p.cv_widths = s.cv_widths;
  return p;
}

// The model selection: the learner's cross-validation steps only.
struct Selection {
  int dims = 0;
  double sigma = 0;
  double cv_error = 0;
};

Result<Selection> select_rp(const Dataset& train, RpSetup setup, uint64_t seed) {
  setup.cv = true;
  RpClassifier rp;
  Problem problem;
  problem.train = &train;
  problem.seed = seed;
  Status s = rp.reset(problem, rp_params(setup));
  if (!s.ok()) return s.error();
  while (std::isnan(rp.cv_error())) rp.step();
  return Selection{rp.chosen_dims(), rp.chosen_sigma(), rp.cv_error()};
}

// Trains with cv = 0 and returns the test error against the test part's true labels.
Result<double> test_error_rp(const Dataset& train, const Dataset& test, const RpSetup& setup, uint64_t seed) {
  RpClassifier rp;
  Problem problem;
  problem.train = &train;
  problem.seed = seed;
  Status s = rp.reset(problem, rp_params(setup));
  if (!s.ok()) return s.error();
  while (!rp.done()) rp.step();
  std::vector<int> pred;
  rp.predict_batch(test.X, &pred);
  int wrong = 0;
  for (int i = 0; i < test.rows(); ++i) wrong += pred[static_cast<size_t>(i)] != test.true_label[static_cast<size_t>(i)] ? 1 : 0;
  return test.rows() > 0 ? static_cast<double>(wrong) / test.rows() : 0.0;
}

// One table cell of ours beside the paper's.
struct Cell {
  std::string problem;
  double noise = 0;
  ProjectionKind projection = ProjectionKind::kgs;
  Selection chosen;
  std::vector<double> errors_pct;
  Stats ours;
  bool has_paper = false;
  Stats paper;
  int paper_dims = 0;
  double paper_width = 0;  // toys only
  std::string url;         // toys: run 1 as a `marginlab run` URL
};

bool gap(const Cell& c) { return c.has_paper && std::fabs(c.ours.mean - c.paper.mean) > 2.0 * c.paper.sd; }

std::string csv_text(const std::string& experiment, const std::vector<Cell>& cells) {
  std::string out =
      "experiment,problem,noise,projection,runs,mean_error_pct,sd_error_pct,dims,sigma,cv_error_pct,paper_mean,"
      "paper_sd,paper_dims,paper_width,gap_over_2sd,errors_pct,url_run1\n";
  for (const Cell& c : cells) {
    std::string errs;
    for (size_t i = 0; i < c.errors_pct.size(); ++i) errs += (i ? ";" : "") + strf("%.2f", c.errors_pct[i]);
    out += experiment + "," + c.problem + "," + strf("%.2f", c.noise) + "," + std::string(projection_name(c.projection)) +
           "," + std::to_string(c.errors_pct.size()) + "," + strf("%.4f", c.ours.mean) + "," + strf("%.4f", c.ours.sd) + "," +
           std::to_string(c.chosen.dims) + "," + format_double(c.chosen.sigma) + "," + strf("%.4f", 100 * c.chosen.cv_error) +
           "," + (c.has_paper ? strf("%.2f", c.paper.mean) : "") + "," + (c.has_paper ? strf("%.2f", c.paper.sd) : "") + "," +
           (c.paper_dims ? std::to_string(c.paper_dims) : "") + "," + (c.paper_width > 0 ? format_double(c.paper_width) : "") +
           "," + (gap(c) ? "1" : "0") + "," + errs + ",\"" + c.url + "\"\n";
  }
  return out;
}

Status write_outputs(const std::string& md_path, const std::string& md, const std::string& csv) {
  Status s = write_file(md_path, md);
  if (!s.ok()) return s;
  return write_file(with_extension(md_path, ".csv"), csv);
}

// The end of both RP reports: the gaps of more than 2 paper sd (noise printed with `noise_format`), the
// notes, the Markdown and CSV files, the JSON summary line. Returns the exit code.
int finish_rp_report(const char* experiment, std::string md, const std::vector<Cell>& cells, const char* noise_format,
                     const char* notes, const std::string& out_path, double t0) {
  const std::string line = std::string("- %s, noise ") + noise_format +
                           ", %s: ours %s vs paper %s (Δ = %+.2f points, %.1f paper sd)\n";
  std::string gaps;
  for (const Cell& c : cells) {
    if (gap(c)) {
      gaps += strf(line.c_str(), c.problem.c_str(), c.noise, std::string(projection_name(c.projection)).c_str(),
                   mean_pm_sd(c.ours, "%.2f").c_str(), mean_pm_sd(c.paper, "%.2f").c_str(), c.ours.mean - c.paper.mean,
                   std::fabs(c.ours.mean - c.paper.mean) / c.paper.sd);
    }
  }
  md += "## Gaps of more than 2 sd\n\n" + (gaps.empty() ? std::string("None.\n") : gaps) + "\n";
  md += notes;
  Status w = write_outputs(out_path, md, csv_text(experiment, cells));
  if (!w.ok()) {
    print_error(w.error());
    return 1;
  }
  std::printf("{\"experiment\":\"%s\",\"cells\":%zu,\"out\":\"%s\",\"csv\":\"%s\"}\n", experiment, cells.size(),
              out_path.c_str(), with_extension(out_path, ".csv").c_str());
  std::fprintf(stderr, "%s: done in %.0f s\n", experiment, now_seconds() - t0);
  return 0;
}

// ---------------------------------------------------------------- rp-toy

// 000 Table 3 (error % mean ± sd over 50 runs, KGS) and Table 4 (chosen D and width), by noise.
struct ToyPaperRow {
  double noise;
  double mean[5], sd[5];
  int dims[5];
  double width[5];
};
const ToyPaperRow kToyPaper[] = {
    {0.0, {0.49, 0.59, 0.74, 1.74, 2.99}, {0.16, 0.2, 0.21, 0.42, 0.44}, {50, 30, 50, 200, 200}, {3.0, 4.0, 2.5, 2.5, 1.5}},
    {0.1, {2.1, 2.85, 3.61, 4.72, 6.26}, {0.51, 0.65, 0.71, 0.88, 0.78}, {100, 150, 150, 200, 200}, {1.5, 4.0, 2.0, 1.5, 1.5}},
    {0.2, {3.38, 4.67, 5.88, 7.88, 8.12}, {0.9, 0.87, 1.52, 1.12, 1.16}, {75, 50, 100, 150, 200}, {2.0, 2.5, 1.5, 1.5, 2.5}},
    {0.3, {6.3, 7.75, 10.87, 13.42, 11.77}, {2.03, 1.74, 2.6, 2.24, 1.72}, {75, 40, 75, 150, 25}, {3.0, 3.0, 2.0, 2.0, 2.5}},
    {0.4, {13.51, 18.48, 16.19, 28.47, 18.14}, {4.86, 4.42, 4.54, 4.85, 5.39}, {25, 15, 5, 100, 5}, {2.5, 4.0, 4.0, 1.5, 4.0}},
};
const Generator kToys[5] = {Generator::double_ellipse, Generator::ring, Generator::chess_board, Generator::dart_board,
                            Generator::hyper};

const ToyPaperRow* toy_paper(double noise) {
  for (const ToyPaperRow& r : kToyPaper) {
    if (std::fabs(r.noise - noise) < 1e-9) return &r;
  }
  return nullptr;
}

Config toy_config(Generator g, double noise, const RpClassifierParams& params, uint64_t seed) {
  Config c;
  c.generator.kind = g;
  c.generator.n = 4000;  // 2000 train + 2000 test (000 §5.2)
  c.test_fraction = 0.5;
  c.noise.model = noise > 0 ? NoiseModel::uniform : NoiseModel::none;
  c.noise.rate = noise > 0 ? noise : c.noise.rate;
  c.learner = "rp";
  c.params = RpClassifierParams::table().encode(params);  // non-default values, sorted by name
  c.seed = seed;
  c.steps = params.cnoise.updates + 1;
  return c;
}

const char* kToyNotes = R"(## Why the gaps (cells marked †)

1. **Our toys are not the paper's.** 000 only pictures its five concepts (Fig. 3); ours are
   re-creations with the same names on the same square (`docs/generators.md`). The paper's own Table 4
   shows that its versions are simpler: at noise 0.4 it selects D = 5 and σ = 4 for Chess Board and Hyper
   and reports 16.19 % and 18.14 %. With exactly that D and σ (KGS, runs 1-10, everything else as here)
   our chess board gives 47.14 ± 1.83 % and our hyper 46.29 ± 4.26 % — chance level: five Gaussian
   directions cannot draw our 4×4 board of 5×5 squares or our bands of x₁x₂, so the paper's concepts
   must be coarser. Our dart board (4 rings × 8 sectors, all eight wedges meeting at the centre, about
   200 length units of boundary against 120 for the chess board) is our hardest problem even without
   noise (7.17 % against the paper's 1.74 %). This is the main cause of every dart-board gap and of the
   chess-board and hyper gaps.
2. **The update budget at noise 0.** 500 Cnoise updates with γ = 0.1 do not finish the job on clean
   data (the best iterate is among the last ones). Run 1 of each noise-0 KGS cell, same D and σ, with
   5000 updates and γ = 0.01 (`marginlab run --url '<url_run1 from the CSV>&l.updates=5000&l.gamma=0.01'
   --steps 5001`): double ellipse 1.55 → 1.00 %, ring 1.95 → 1.10 %, chess board 2.55 → 1.30 %, dart
   board 7.45 → 5.40 %, hyper 3.15 → 2.40 %. The paper states neither its number of updates nor its γ;
   ten times the budget would take this command from tens of minutes to hours on a 2-core machine. With
   noise the budget is not the limit: double ellipse at 0.2, D = 65, σ = 2.5 gives 5.95 ± 1.19 % with
   5000 updates (5.89 ± 1.19 % with 500; 6.07 ± 1.37 % with 5000 and γ = 0.01), and 6.23 ± 1.23 % with
   the paper's own choice D = 75, σ = 2 — neither budget nor selection explains that gap; what remains
   is the concept (1) and what the paper does not state (γ, its stopping rule).
3. **Selection and sample size.** One 3-fold cross-validation on run 1 (1333-point folds, noisy
   validation labels, 5 widths) against the paper's 12 widths × 12 sizes; at noise 0.4 the candidates'
   validation errors differ by about a point above the 40 % floor, so the choice is noisy (KGS and random
   picked very different D and σ for the same cells). And 10 runs against the paper's 50.

## Reading the table

- **Setting.** 2000 training and 2000 test points per run, as in 000 §5.2. Test error is measured
  against the true labels; the training labels are flipped independently with probability η.
- **Model selection.** Once per (problem, noise, projection): the learner's own 3-fold cross-validation
  (`l.cv=1`) on the noisy training sample of run 1 over D ∈ {2, 5, 10, 15, …, 100, 125, 150, 200} and
  σ ∈ 2.5·√2^k, k = -2..2 (1.25, 1.77, 2.5, 3.54, 5; the paper's Table 4 widths lie in 1.5–4). The
  paper tried 12 widths (10 to 0.25) and 12 sizes, selecting on other noisy training samples
  ("proceeding as above", 000 §5.1). The grid is cut to keep the command at minutes of CPU on 2 cores.
- **Cnoise perceptron.** η = the true noise rate (000 §5.1 gives the algorithm the actual η),
  ε' = 0.5, assumed margin γ = 0.1 in the projected space (ν = ε'(1-2η)γ/4), a fixed budget of updates
  per training run (see the command line), the iterate with the best sample accuracy (000 Thm 3).
- **Runs.** Mean ± sample sd over the runs (seed = run number: data, split, noise and the learner's
  draws); the paper averages 50.
- **Random vs KGS.** The paper reports KGS only (it notes the random span gives the same results on
  these uniform toys); both are shown here, on the same data.
)";

int rp_toy(const Args& args) {
  const std::string sub = args.positional[0];
  long long runs = 0, updates = 0, folds = 0, widths = 0;
  if (!parse_count(args, "runs", 10, 1, 1000, &runs) || !parse_count(args, "updates", 500, 1, 1000000, &updates) ||
      !parse_count(args, "folds", 3, 2, 10, &folds) || !parse_count(args, "widths", 5, 1, 9, &widths)) {
    return 2;
  }
  std::vector<double> rates = {0.0, 0.2, 0.4};
  if (args.has("noise") && !parse_rates(args.get("noise"), &rates)) {
    std::fprintf(stderr, "error: --noise '%s' is not a comma list of rates in [0, 0.5)\n", args.get("noise").c_str());
    return 2;
  }
  const std::string out_path = args.get("out", "docs/rp_toy.md");
  const double t0 = now_seconds();
  std::vector<Cell> cells;
  for (int t = 0; t < 5; ++t) {
    const Generator g = kToys[t];
    for (double noise : rates) {
      // The runs' data, shared by both projections (paired comparison).
      std::vector<PreparedData> data;
      for (long long r = 1; r <= runs; ++r) {
        RpSetup base;
        Result<PreparedData> d = prepare_data(toy_config(g, noise, rp_params(base), static_cast<uint64_t>(r)), nullptr);
        if (!d.ok()) {
          print_error(d.error());
          return 1;
        }
        data.push_back(std::move(d.value()));
      }
      for (ProjectionKind proj : {ProjectionKind::kgs, ProjectionKind::random}) {
        const double t_cell = now_seconds();
        RpSetup setup;
        setup.projection = proj;
        setup.sigma = 2.5;
        setup.eta = noise;
        setup.updates = static_cast<int>(updates);
        setup.cv_folds = static_cast<int>(folds);
        setup.cv_widths = static_cast<int>(widths);
        Result<Selection> sel = select_rp(data[0].train, setup, 1);
        if (!sel.ok()) {
          print_error(sel.error());
          return 1;
        }
        Cell cell;
        cell.problem = std::string(generator_name(g));
        cell.noise = noise;
        cell.projection = proj;
        cell.chosen = sel.value();
        setup.dims = cell.chosen.dims;
        setup.sigma = cell.chosen.sigma;
        std::fprintf(stderr, "rp-toy: %s noise %.2f %s: CV chose D = %d, sigma = %.3g (CV error %.1f%%)\n",
                     cell.problem.c_str(), noise, std::string(projection_name(proj)).c_str(), cell.chosen.dims,
                     cell.chosen.sigma, 100 * cell.chosen.cv_error);
        for (long long r = 1; r <= runs; ++r) {
          Result<double> e = test_error_rp(data[static_cast<size_t>(r - 1)].train, data[static_cast<size_t>(r - 1)].test,
                                           setup, static_cast<uint64_t>(r));
          if (!e.ok()) {
            print_error(e.error());
            return 1;
          }
          cell.errors_pct.push_back(100 * e.value());
        }
        cell.ours = stats_of(cell.errors_pct);
        Config c1 = toy_config(g, noise, rp_params(setup), 1);
        validate(c1, learner_schemas());
        cell.url = encode_url(c1, learner_schemas());
        if (const ToyPaperRow* p = toy_paper(noise)) {
          cell.has_paper = true;
          cell.paper = Stats{p->mean[t], p->sd[t]};
          cell.paper_dims = p->dims[t];
          cell.paper_width = p->width[t];
        }
        std::fprintf(stderr, "rp-toy: %s noise %.2f %s: %s %% over %lld runs (%.1f s, %.0f s so far)\n",
                     cell.problem.c_str(), noise, std::string(projection_name(proj)).c_str(), mean_pm_sd(cell.ours, "%.2f").c_str(), runs,
                     now_seconds() - t_cell, now_seconds() - t0);
        cells.push_back(std::move(cell));
      }
    }
  }

  std::string md = "# RP-classifier on the toy problems of 000 §5.2, beside the paper's Table 3\n\n";
  md += "Produced by\n\n```\n" + command_line(sub, args) + "\n```\n\n";
  md += strf("(%lld runs per cell, %lld Cnoise updates per training run, %lld-fold CV over %lld widths; the CSV "
             "beside this file has every run's error and a `marginlab run` URL reproducing run 1 of each cell.)\n\n",
             runs, updates, folds, widths);
  md += "Test error in % (mean ± sd over runs). *Chosen* = D and Gaussian width σ picked by the learner's "
        "cross-validation; the paper's Table 4 gives its choices for KGS.\n\n";
  md += "| problem | noise | ours KGS | chosen D, σ | ours random | chosen D, σ | paper KGS (Table 3) | paper D, width "
        "(Table 4) |\n|---|---|---|---|---|---|---|---|\n";
  for (size_t i = 0; i + 1 < cells.size(); i += 2) {
    const Cell& k = cells[i];
    const Cell& r = cells[i + 1];
    md += "| " + k.problem + " | " + strf("%.1f", k.noise) + " | " + mean_pm_sd(k.ours, "%.2f") + (gap(k) ? " †" : "") + " | " +
          strf("%d, %.3g", k.chosen.dims, k.chosen.sigma) + " | " + mean_pm_sd(r.ours, "%.2f") + (gap(r) ? " †" : "") + " | " +
          strf("%d, %.3g", r.chosen.dims, r.chosen.sigma) + " | " + (k.has_paper ? mean_pm_sd(k.paper, "%.2f") : "—") + " | " +
          (k.has_paper ? strf("%d, %.3g", k.paper_dims, k.paper_width) : "—") + " |\n";
  }
  md += "\n† our mean differs from the paper's KGS mean by more than 2 of the paper's sd.\n\n";
  return finish_rp_report("rp-toy", std::move(md), cells, "%.1f", kToyNotes, out_path, t0);
}

// ---------------------------------------------------------------- rp-ida

// The IDA problems of 000 Table 1 that ../shared/data has, with the Gaussian widths of Rätsch's
// benchmark page (quoted as c in exp(-||x-x'||²/c), 000 §5.1 "set to the best value for SVM").
struct IdaProblem {
  const char* name;
  const char* label;
  double width_c;
};
const IdaProblem kIda[4] = {{"banana", "Banana", 1.0}, {"breast_cancer", "Breast Cancer", 50.0},
                            {"german", "German", 55.0}, {"heart", "Heart", 120.0}};

// 000 Table 1 (error %, mean ± sd over 100 splits) and Table 2 (chosen D), columns banana, breast
// cancer, german, heart (Diabetis left out: its splits are not in ../shared/data).
struct IdaPaperRow {
  double noise;
  ProjectionKind projection;
  double mean[4], sd[4];
  int dims[4];
};
const IdaPaperRow kIdaPaper[] = {
    {0.00, ProjectionKind::kpca, {11.13, 27.29, 24.08, 16.63}, {0.65, 4.25, 2.34, 3.62}, {20, 10, 20, 15}},
    {0.00, ProjectionKind::kgs, {10.95, 27.25, 24.0, 16.51}, {0.64, 4.19, 2.49, 3.78}, {125, 45, 125, 50}},
    {0.00, ProjectionKind::random, {11.01, 27.14, 24.21, 16.49}, {0.59, 4.39, 2.38, 3.73}, {30, 15, 20, 40}},
    {0.05, ProjectionKind::kpca, {11.92, 26.62, 24.33, 17.15}, {0.92, 4.77, 2.29, 3.92}, {20, 2, 20, 15}},
    {0.05, ProjectionKind::kgs, {11.81, 27.73, 24.44, 16.86}, {0.82, 4.56, 2.22, 4.12}, {150, 150, 15, 45}},
    {0.05, ProjectionKind::random, {11.84, 27.25, 24.27, 16.79}, {0.91, 4.42, 2.51, 3.8}, {40, 50, 100, 40}},
    {0.10, ProjectionKind::kpca, {12.55, 27.57, 24.73, 17.45}, {1.39, 4.9, 2.66, 4.15}, {15, 10, 15, 10}},
    {0.10, ProjectionKind::kgs, {12.69, 28.06, 24.67, 17.03}, {1.2, 4.87, 2.16, 3.78}, {15, 50, 100, 50}},
    {0.10, ProjectionKind::random, {12.73, 28.34, 24.53, 16.93}, {1.36, 4.38, 2.54, 4.17}, {30, 40, 125, 75}},
    {0.15, ProjectionKind::kpca, {13.54, 28.01, 24.89, 17.33}, {1.41, 4.92, 2.67, 3.98}, {15, 10, 20, 15}},
    {0.15, ProjectionKind::kgs, {13.63, 27.96, 25.37, 17.5}, {1.63, 4.81, 2.3, 4.09}, {25, 35, 40, 100}},
    {0.15, ProjectionKind::random, {13.65, 27.88, 25.23, 17.62}, {1.63, 4.74, 2.56, 3.73}, {75, 30, 20, 50}},
    {0.20, ProjectionKind::kpca, {15.06, 27.34, 25.46, 18.71}, {2.05, 4.59, 2.47, 5.16}, {25, 2, 20, 10}},
    {0.20, ProjectionKind::kgs, {15.09, 28.84, 25.59, 18.08}, {1.97, 5.07, 2.56, 3.71}, {75, 45, 75, 150}},
    {0.20, ProjectionKind::random, {14.85, 29.23, 25.74, 17.6}, {2.22, 5.35, 2.58, 4.37}, {150, 125, 100, 50}},
    {0.25, ProjectionKind::kpca, {16.45, 27.6, 30.62, 19.16}, {2.53, 4.67, 2.21, 4.79}, {20, 2, 2, 10}},
    {0.25, ProjectionKind::kgs, {16.87, 30.08, 26.42, 20.24}, {3.0, 5.56, 2.81, 4.75}, {30, 5, 75, 45}},
    {0.25, ProjectionKind::random, {17.4, 29.81, 26.53, 19.18}, {3.16, 7.3, 2.56, 4.4}, {125, 10, 30, 15}},
    {0.30, ProjectionKind::kpca, {19.69, 31.08, 30.53, 21.78}, {3.72, 6.85, 2.52, 5.62}, {15, 5, 2, 2}},
    {0.30, ProjectionKind::kgs, {20.31, 31.27, 27.84, 20.64}, {3.37, 7.61, 2.75, 5.62}, {75, 50, 25, 30}},
    {0.30, ProjectionKind::random, {19.61, 31.13, 27.73, 20.97}, {3.57, 6.46, 3.21, 5.04}, {20, 150, 25, 125}},
};

const IdaPaperRow* ida_paper(double noise, ProjectionKind p) {
  for (const IdaPaperRow& r : kIdaPaper) {
    if (std::fabs(r.noise - noise) < 1e-9 && r.projection == p) return &r;
  }
  return nullptr;
}

Result<Dataset> load_ida(const std::string& path) {
  Result<std::string> text = read_file(path);
  if (!text.ok()) return text.error();
  CsvOptions o;
  o.source_name = path;
  o.label_column = "label";
  Result<CsvTable> t = parse_csv(text.value(), o);
  if (!t.ok()) return t.error();
  if (t->data.num_classes() != 2) {
    return make_error("experiment.not_binary", path + ": expected labels -1/+1, found " +
                                                   std::to_string(t->data.num_classes()) + " classes");
  }
  return std::move(t->data);
}

const char* kIdaNotes = R"(## Comparison

No cell is more than 2 of the paper's sd away from the paper's mean (list above); most are within one.
The largest differences: Heart is above the paper in every cell, by 0.7 to 6.2 points (10 splits of 170
training points; at noise 0.3 the random span and KGS chose D = 5, the paper 125 and 30); Banana KPCA
at 0.2 (18.06 vs 15.06) chose the narrow width c = 0.5 and D = 10 on split 1; Breast Cancer KGS at 0.2
(33.90 vs 28.84) has the largest sd of the table. With 10 splits the standard error of our means is
about a third of the sd shown, so differences of 1-2 points are within what the split sample allows.

## Reading the tables

- **Data.** Rätsch's IDA splits 1-10 as found in `../shared/data/ida` (read at run time, never copied);
  the paper averages 100 splits. Diabetis is absent (its splits are not available), so the paper's
  Diabetis column is left out. Features as distributed (already standardized by Rätsch).
- **Noise.** Uniform label noise on the training split only, drawn with seed = split number (all three
  projections see the same noisy labels); test error against the split's clean test labels.
- **Kernel.** Gaussian with Rätsch's SVM widths (c in exp(-‖x-x'‖²/c): banana 1, breast cancer 50,
  german 55, heart 120, as used by 000 §5.1); we could not re-check these numbers against the original
  page (it is offline), so the cross-validation also tries c/2 and 2c (σ·√2^±1), see *σ (c)*.
- **Model selection.** Once per (problem, noise, projection), as the paper does (it selects on the
  first five noisy training splits): the learner's 3-fold cross-validation (`l.cv=1`) on the noisy
  training split 1 over D ∈ {2, 5, 10, 15, …, 100, 125, 150, 200} (the paper's grid) and the three
  widths. For KPCA the paper used a reconstruction-error rule instead; we cross-validate it like the
  others.
- **Cnoise perceptron.** Given the actual η (as in 000 §5.1), ε' = 0.5, assumed margin γ = 0.1 in the
  projected space, a fixed budget of updates per training run (see the command line), output the iterate
  with the best sample accuracy (000 Thm 3). The paper states neither its update count nor γ.
- **KPCA** is the uncentred kernel PCA (core/kernels/projection.h explains why); exact eigendecomposition
  at these sizes.
)";

int rp_ida(const Args& args) {
  const std::string sub = args.positional[0];
  long long splits = 0, updates = 0, folds = 0, widths = 0;
  if (!parse_count(args, "splits", 10, 1, 10, &splits) || !parse_count(args, "updates", 500, 1, 1000000, &updates) ||
      !parse_count(args, "folds", 3, 2, 10, &folds) || !parse_count(args, "widths", 3, 1, 9, &widths)) {
    return 2;
  }
  std::vector<double> rates = {0.0, 0.1, 0.2, 0.3};
  if (args.has("noise") && !parse_rates(args.get("noise"), &rates)) {
    std::fprintf(stderr, "error: --noise '%s' is not a comma list of rates in [0, 0.5)\n", args.get("noise").c_str());
    return 2;
  }
  const std::string dir = args.get("data", "../shared/data");
  const std::string out_path = args.get("out", "docs/rp_ida.md");
  const double t0 = now_seconds();
  std::vector<Cell> cells;
  for (int pi = 0; pi < 4; ++pi) {
    const IdaProblem& prob = kIda[pi];
    std::vector<Dataset> train, test;
    for (long long k = 1; k <= splits; ++k) {
      const std::string base = dir + "/ida/" + prob.name + "/" + prob.name;
      Result<Dataset> tr = load_ida(base + "_train_" + std::to_string(k) + ".csv");
      Result<Dataset> te = load_ida(base + "_test_" + std::to_string(k) + ".csv");
      if (!tr.ok() || !te.ok()) {
        print_error(!tr.ok() ? tr.error() : te.error());
        return 1;
      }
      train.push_back(std::move(tr.value()));
      test.push_back(std::move(te.value()));
    }
    const double sigma = std::sqrt(prob.width_c / 2.0);
    for (double noise : rates) {
      std::vector<Dataset> noisy = train;
      for (size_t k = 0; k < noisy.size(); ++k) {
        if (noise <= 0) continue;
        NoiseSpec spec;
        spec.model = NoiseModel::uniform;
        spec.rate = noise;
        Result<NoiseReport> rep = apply_noise(spec, noisy[k], static_cast<uint64_t>(k + 1));
        if (!rep.ok()) {
          print_error(rep.error());
          return 1;
        }
      }
      for (ProjectionKind proj : {ProjectionKind::random, ProjectionKind::kpca, ProjectionKind::kgs}) {
        const double t_cell = now_seconds();
        RpSetup setup;
        setup.projection = proj;
        setup.sigma = sigma;
        setup.eta = noise;
        setup.updates = static_cast<int>(updates);
        setup.cv_folds = static_cast<int>(folds);
        setup.cv_widths = static_cast<int>(widths);
        Result<Selection> sel = select_rp(noisy[0], setup, 1);
        if (!sel.ok()) {
          print_error(sel.error());
          return 1;
        }
        Cell cell;
        cell.problem = prob.name;
        cell.noise = noise;
        cell.projection = proj;
        cell.chosen = sel.value();
        setup.dims = cell.chosen.dims;
        setup.sigma = cell.chosen.sigma;
        std::fprintf(stderr, "rp-ida: %s noise %.2f %s: CV chose D = %d, sigma = %.3g (CV error %.1f%%)\n", prob.name,
                     noise, std::string(projection_name(proj)).c_str(), cell.chosen.dims, cell.chosen.sigma,
                     100 * cell.chosen.cv_error);
        for (long long k = 1; k <= splits; ++k) {
          Result<double> e = test_error_rp(noisy[static_cast<size_t>(k - 1)], test[static_cast<size_t>(k - 1)], setup,
                                           static_cast<uint64_t>(k));
          if (!e.ok()) {
            print_error(e.error());
            return 1;
          }
          cell.errors_pct.push_back(100 * e.value());
        }
        cell.ours = stats_of(cell.errors_pct);
        if (const IdaPaperRow* p = ida_paper(noise, proj)) {
          cell.has_paper = true;
          cell.paper = Stats{p->mean[pi], p->sd[pi]};
          cell.paper_dims = p->dims[pi];
        }
        std::fprintf(stderr, "rp-ida: %s noise %.2f %s: %s %% over %lld splits (%.1f s, %.0f s so far)\n", prob.name,
                     noise, std::string(projection_name(proj)).c_str(), mean_pm_sd(cell.ours, "%.2f").c_str(), splits,
                     now_seconds() - t_cell, now_seconds() - t0);
        cells.push_back(std::move(cell));
      }
    }
  }

  std::string md = "# RP-classifier on the IDA benchmarks of 000 §5.1, beside the paper's Table 1\n\n";
  md += "Produced by\n\n```\n" + command_line(sub, args) + "\n```\n\n";
  md += strf("(%lld splits per cell, %lld Cnoise updates per training run, %lld-fold CV over %lld widths; the CSV "
             "beside this file has every split's error.)\n\n",
             splits, updates, folds, widths);
  md += "Test error in % (mean ± sd over splits). *D* and *σ (c)* are the values the learner's cross-validation "
        "picked (c = 2σ², Rätsch's spelling); the paper's D is its Table 2.\n\n";
  for (int pi = 0; pi < 4; ++pi) {
    md += std::string("## ") + kIda[pi].label + "\n\n";
    md += "| noise | projection | ours | D | σ (c) | CV error | paper (Table 1) | paper D (Table 2) |\n"
          "|---|---|---|---|---|---|---|---|\n";
    for (const Cell& c : cells) {
      if (c.problem != kIda[pi].name) continue;
      md += "| " + strf("%.2f", c.noise) + " | " + std::string(projection_name(c.projection)) + " | " + mean_pm_sd(c.ours, "%.2f") +
            (gap(c) ? " †" : "") + " | " + std::to_string(c.chosen.dims) + " | " +
            strf("%.3g (%.3g)", c.chosen.sigma, 2 * c.chosen.sigma * c.chosen.sigma) + " | " +
            strf("%.1f", 100 * c.chosen.cv_error) + " | " + (c.has_paper ? mean_pm_sd(c.paper, "%.2f") : "—") + " | " +
            (c.has_paper ? std::to_string(c.paper_dims) : "—") + " |\n";
    }
    md += "\n";
  }
  md += "† our mean differs from the paper's by more than 2 of the paper's sd.\n\n";
  return finish_rp_report("rp-ida", std::move(md), cells, "%.2f", kIdaNotes, out_path, t0);
}

// ---------------------------------------------------------------- the subcommand table

struct Experiment {
  const char* name;                                     // first argument after `experiment`
  int (*run)(const Args& args);                         // args.positional[0] is the name; returns the exit code
  const char* usage;                                    // options
  const char* help;                                     // one sentence
};

const Experiment kExperiments[] = {
    {"rp-toy", rp_toy, "[--runs 10] [--noise 0,0.2,0.4] [--updates 500] [--folds 3] [--widths 5] [--out docs/rp_toy.md]",
     "RP-classifier (KGS, random) on the five toys of 000 §5.2 beside the paper's Table 3"},
    {"rp-ida", rp_ida,
     "[--data ../shared/data] [--splits 10] [--noise 0,0.1,0.2,0.3] [--updates 500] [--folds 3] [--widths 3] "
     "[--out docs/rp_ida.md]",
     "RP-classifier (random, KPCA, KGS) on IDA splits 1-10 beside the paper's Table 1"},
};

void print_experiments(FILE* out) {
  std::fprintf(out, "usage: marginlab experiment <name> [options]\n\n");
  for (const Experiment& e : kExperiments) std::fprintf(out, "  %s %s\n      %s\n", e.name, e.usage, e.help);
}

}  // namespace

int cmd_experiment(const Args& args) {
  if (args.positional.empty()) {
    print_experiments(stderr);
    return 2;
  }
  const std::string name = args.positional[0];
  for (const Experiment& e : kExperiments) {
    if (name != e.name) continue;
    if (args.has("help")) {
      std::printf("usage: marginlab experiment %s %s\n  %s\n", e.name, e.usage, e.help);
      return 0;
    }
    // An option the experiment does not read would otherwise be ignored without a word.
    const std::string usage = e.usage;
    for (const auto& option : args.options) {
      const std::string spelled = "--" + option.first;
      const size_t at = usage.find(spelled);
      const bool whole = at != std::string::npos && (at + spelled.size() == usage.size() ||
                                                     usage[at + spelled.size()] == ' ' || usage[at + spelled.size()] == ']');
      if (!whole) {
        std::fprintf(stderr, "error: experiment %s has no option %s\nusage: marginlab experiment %s %s\n", e.name,
                     spelled.c_str(), e.name, e.usage);
        return 2;
      }
    }
    return e.run(args);
  }
  std::fprintf(stderr, "error: unknown experiment '%s'\n\n", name.c_str());
  print_experiments(stderr);
  return 2;
}

}  // namespace ml::cli
