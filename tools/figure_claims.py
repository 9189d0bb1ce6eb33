#!/usr/bin/env python3
"""004 Fig. 1's sentence-level claims tested as stated, from the committed per-seed rows of tools/reproduce.sh
uma_toy (the figure has no published numbers: each claim relates our own points), with the exact two-sided sign
test over the seeds (ties left out) and a generated sentence per claim.
    python3 tools/figure_claims.py every-level --title T --rows DIR --part PART --axis KEY --arm KEY=A,B [--names]
    python3 tools/figure_claims.py best-and-sides --title T --rows DIR --part PART --axis KEY --truth J
every-level: "A beats B at every noise level" (Fig. 1(a)): A against B paired over seeds at each distinct level.
best-and-sides: "the best at the true matrix J" and "underestimates (axis < J) and overestimates (axis > J) differ"
(Fig. 1(b)): every other level against J, then per seed the mean over the levels below J against the mean over
the levels above J (the reference level 0, C = I, is neither: the paper's rho ranges over 1..20).
Levels whose rows are identical seed for seed (the family's saturated matrices, one and the same C) are one
level: counting them apart would count one matrix several times."""
import argparse
import os
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from paired_relations import read_rows  # noqa: E402
from table_verdict import p_text, sign_test_p, sign_test_reach  # noqa: E402

ALPHA = 0.05
METRIC = "confusion_rate"  # the figure's y axis: counters.confusion_rate
FINGERPRINT = ("test_error", "achieved_noise", "train_error_noisy")


def cell_keys(cell):
    return dict(urllib.parse.parse_qsl(cell.lstrip("#"), keep_blank_values=True))


def axes_of(part):
    """[(key, [value text, ...]), ...]: the experiment link's axes (docs/reproductions/PART.url) in link order:
    `x.KEY=a..b` (integers), `x.KEY=a,b,...`."""
    with open("docs/reproductions/%s.url" % part, encoding="utf-8") as f:
        link = f.read().strip()
    axes = []
    for key, value in urllib.parse.parse_qsl(link.lstrip("#"), keep_blank_values=True):
        if not key.startswith("x.") or key == "x.select":
            continue
        if ".." in value:
            lo, hi = value.split("..")
            axes.append((key[2:], [str(v) for v in range(int(lo), int(hi) + 1)]))
        else:
            axes.append((key[2:], value.split(",")))
    return axes


def cell_values(index, axes):
    """The axis values of cell `index` (docs/experiments.md: the first axis outermost, the last fastest)."""
    out = {}
    for key, values in reversed(axes):
        index, at = divmod(index, len(values))
        out[key] = values[at]
    return out


def same_value(a, b):
    try:
        return float(a) == float(b)
    except ValueError:
        return a == b


def table_of(rows_dir, part, axis, arm_key=None):
    """{(level, arm): {seed: row}} of PART's rows (arm None without arm_key). A cell's values come from its index
    and the link's axes, because a canonical cell link leaves out a value equal to the parameter's default; where
    the cell does state a value, it must be the decoded one."""
    path = os.path.join(rows_dir, part + ".jsonl")
    if not os.path.exists(path):
        sys.exit("figure_claims.py: no rows file %s" % path)
    axes = axes_of(part)
    out = {}
    for row in read_rows(path):
        if "error" in row:
            sys.exit("figure_claims.py: %s: cell %s is an error row: %s" % (path, row["index"], row["error"]))
        values, stated = cell_values(row["index"], axes), cell_keys(row["cell"])
        for key, value in values.items():
            if key in stated and not same_value(stated[key], value):
                sys.exit("figure_claims.py: %s: cell %s states %s=%s, its index gives %s" % (
                    path, row["index"], key, stated[key], value))
        if axis not in values or (arm_key and arm_key not in values):
            sys.exit("figure_claims.py: %s has no axis %s" % (part, axis if axis not in values else arm_key))
        out.setdefault((int(values[axis]), values.get(arm_key)), {})[values.get("seed", "")] = row
    return out


def fingerprint(seed_rows):
    return tuple((s, tuple(r.get(k) for k in FINGERPRINT), r["counters"].get(METRIC))
                 for s, r in sorted(seed_rows.items()))


def distinct_levels(table, arms):
    """[[level, ...], ...]: levels in order, merged when every arm's rows are identical seed for seed."""
    groups, seen = [], {}
    for level in sorted({lv for lv, _ in table}):
        key = tuple(fingerprint(table[(level, arm)]) for arm in arms)
        if key in seen:
            groups[seen[key]].append(level)
        else:
            seen[key] = len(groups)
            groups.append([level])
    return groups


def level_text(levels):
    """A distinct level: its one value, or the values that are one matrix ("13–20", or a list when not a run)."""
    if len(levels) == 1:
        return str(levels[0])
    run = levels == list(range(levels[0], levels[-1] + 1))
    return ("%d–%d" % (levels[0], levels[-1]) if run else ", ".join(map(str, levels))) + " (one matrix)"


def paired(a, b):
    """(seeds, a lower, b lower, p, mean a - b) of two {seed: value}."""
    seeds = sorted(set(a) & set(b))
    diffs = [a[s] - b[s] for s in seeds]
    a_lower, b_lower = sum(d < 0 for d in diffs), sum(d > 0 for d in diffs)
    return len(seeds), a_lower, b_lower, sign_test_p(a_lower, b_lower), sum(diffs) / max(len(diffs), 1)


def verdict(a, b, a_lower, b_lower, p):
    if sign_test_reach(a_lower + b_lower) >= ALPHA:
        return "%d untied seeds cannot show a direction at 5 %%" % (a_lower + b_lower)
    if p >= ALPHA:
        return "no significant difference"
    return "%s significantly lower" % (a if a_lower > b_lower else b)


def metric(seed_rows):
    return {s: r["counters"][METRIC] for s, r in seed_rows.items()}


def every_level(args):
    arm_key, _, arms = args.arm.partition("=")
    arm_a, arm_b = arms.split(",")
    table = table_of(args.rows, args.part, args.axis, arm_key)
    groups = distinct_levels(table, (arm_a, arm_b))
    a, b = args.names.split(",") if args.names else (arm_a, arm_b)
    out = ["### " + args.title, "", "| %s | seeds | %s lower | %s lower | mean %s − %s | sign test p | verdict |" % (
        args.axis, a, b, a, b), "|---|---|---|---|---|---|---|"]
    tally = {"a": [], "b": [], "none": []}
    for levels in groups:
        n, a_lower, b_lower, p, mean = paired(metric(table[(levels[0], arm_a)]), metric(table[(levels[0], arm_b)]))
        said = verdict(a, b, a_lower, b_lower, p)
        tally["a" if said.startswith(a + " sig") else "b" if said.startswith(b + " sig") else "none"].append(levels)
        out.append("| %s | %d | %d | %d | %+.4f | %s | %s |" % (level_text(levels), n, a_lower, b_lower, mean,
                                                               p_text(p), said))
    names = lambda groups: ", ".join(level_text(g).replace(" (one matrix)", "") for g in groups) or "none"
    out += ["", "- The claim \"%s beats %s at every noise level\", over the %d distinct levels of %d (%s): %s is "
            "significantly lower at %d (%s), %s at %d (%s), neither at %d. The claim %s." % (
                a, b, len(groups), sum(map(len, groups)), args.axis, a, len(tally["a"]), names(tally["a"]), b,
                len(tally["b"]), names(tally["b"]), len(tally["none"]),
                "holds" if len(tally["a"]) == len(groups) else "does not hold at every level"), ""]
    print("\n".join(out))


def best_and_sides(args):
    table = table_of(args.rows, args.part, args.axis)
    groups = distinct_levels(table, (None,))
    values = {g[0]: metric(table[(g[0], None)]) for g in groups}
    truth = next((g[0] for g in groups if args.truth in g), None)
    if truth is None:
        sys.exit("figure_claims.py: %s has no level %s=%d" % (args.part, args.axis, args.truth))
    out = ["### " + args.title, "", "| %s | seeds | this level lower | %s=%d lower | mean difference | sign test p "
           "| verdict |" % (args.axis, args.axis, args.truth), "|---|---|---|---|---|---|---|"]
    beaten = []
    for levels in groups:
        if levels[0] == truth:
            continue
        n, a_lower, b_lower, p, mean = paired(values[levels[0]], values[truth])
        said = verdict("this level", "%s=%d" % (args.axis, args.truth), a_lower, b_lower, p)
        if said.startswith(args.axis):
            beaten.append(levels)
        out.append("| %s | %d | %d | %d | %+.4f | %s | %s |" % (level_text(levels), n, a_lower, b_lower, mean,
                                                               p_text(p), said))
    others = len(groups) - 1
    out += ["", "- \"The best at the true matrix\" (%s=%d), against each of the %d other distinct levels: the true "
            "matrix is significantly lower than %d of them. The claim %s." % (
                args.axis, args.truth, others, len(beaten),
                "holds" if len(beaten) == others else "does not hold against every level")]
    out.append("- " + sides_sentence(args, groups, values))
    out.append("- " + chance_sentence(table))
    print("\n".join(out + [""]))


def chance_sentence(table):
    """The range of the mean test errors over the levels against chance, 1 - 1/Q (Q: the cells' `q`)."""
    q = {int(cell_keys(r["cell"]).get("q", 2)) for rows in table.values() for r in rows.values()}
    if len(q) != 1:
        sys.exit("figure_claims.py: the part's cells have %d class counts, not one" % len(q))
    chance = 1 - 1 / q.pop()
    means = [sum(r["test_error"] for r in rows.values()) / len(rows) for rows in table.values()]
    return ("Test error, mean over the seeds, from %.3f to %.3f across the levels; chance (1 − 1/Q) is %.3f." % (
        min(means), max(means), chance))


def sides_sentence(args, groups, values):
    under = [g[0] for g in groups if 0 < g[0] < args.truth]
    over = [g[0] for g in groups if g[0] > args.truth]
    if not under or not over:
        return "Under- against overestimates: the part has no level on %s side of the truth." % (
            "one" if under or over else "either")
    seeds = sorted(set.intersection(*(set(values[lv]) for lv in under + over)))
    mean = lambda levels, s: sum(values[lv][s] for lv in levels) / len(levels)
    n, u_lower, o_lower, p, diff = paired({s: mean(under, s) for s in seeds}, {s: mean(over, s) for s in seeds})
    said = verdict("underestimates", "overestimates", u_lower, o_lower, p)
    agree = ("agreeing with the paper" if said.startswith("overestimates") else "against the paper's direction"
             if said.startswith("underestimates") else "so the paper's direction is not shown")
    return ("Under- against overestimates (per seed, the mean over the %d distinct levels below %d against the mean "
            "over the %d above; the paper has overestimates lower: about 2.15 against 2.6 on its scale): "
            "underestimates lower in %d of %d seeds, mean difference %+.4f, sign test p = %s: %s, %s." % (
                len(under), args.truth, len(over), u_lower, n, diff, p_text(p), said, agree))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("claim", choices=("every-level", "best-and-sides"))
    parser.add_argument("--title", required=True)
    parser.add_argument("--rows", required=True, help="folder of PART.jsonl rows files")
    parser.add_argument("--part", required=True)
    parser.add_argument("--axis", required=True, help="the cell key of the figure's x axis")
    parser.add_argument("--arm", help="every-level: KEY=A,B, the two arms compared at each level")
    parser.add_argument("--names", help="every-level: A_NAME,B_NAME, the arms' names in the table and sentence")
    parser.add_argument("--truth", type=int, help="best-and-sides: the level of the true matrix")
    args = parser.parse_args()
    if args.claim == "every-level" and not args.arm:
        parser.error("every-level needs --arm KEY=A,B")
    if args.claim == "best-and-sides" and args.truth is None:
        parser.error("best-and-sides needs --truth J")
    (every_level if args.claim == "every-level" else best_and_sides)(args)


if __name__ == "__main__":
    main()
