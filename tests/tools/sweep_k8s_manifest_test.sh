#!/usr/bin/env bash
# The Kubernetes Indexed Job of docs/sharding.md (tools/sharding/sweep-job.yaml), checked without a
# cluster: the manifest is an Indexed Job whose completions equal SHARDS, and its container command, run
# with the manifest's environment and JOB_COMPLETION_INDEX = 0 .. completions-1 (OUT_DIR pointed at a
# temporary folder, marginlab on PATH), gives shards whose merge equals the same sweep in one process.
#   bash tests/tools/sweep_k8s_manifest_test.sh [MARGINLAB]     (default build/native/marginlab)
# Needs Debian's python3-yaml (tools/setup.sh). Exits non-zero when a check fails.
set -uo pipefail
cd "$(dirname "$0")/../.."
ml=$(realpath "${1:-build/native/marginlab}")
manifest=tools/sharding/sweep-job.yaml
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
mkdir "$t/bin" "$t/results"
ln -s "$ml" "$t/bin/marginlab"

# The fields that matter, as shell assignments (values quoted by Python's shlex).
if ! /usr/bin/python3 - "$manifest" > "$t/fields.sh" <<'EOF'
import shlex, sys, yaml
job = yaml.safe_load(open(sys.argv[1]))
spec = job["spec"]
container = spec["template"]["spec"]["containers"][0]
env = {e["name"]: e["value"] for e in container["env"]}
assert job["kind"] == "Job" and job["apiVersion"] == "batch/v1", "not a batch/v1 Job"
assert spec["completionMode"] == "Indexed", "completionMode is not Indexed"
assert spec["template"]["spec"]["restartPolicy"] in ("Never", "OnFailure"), "a Job's pods need restartPolicy Never or OnFailure"
assert str(spec["completions"]) == env["SHARDS"], "completions (%s) != SHARDS (%s)" % (spec["completions"], env["SHARDS"])
mount = container["volumeMounts"][0]["mountPath"]
assert env["OUT_DIR"] == mount, "OUT_DIR is not the volume's mountPath"
print("completions=%d" % spec["completions"])
print("url=" + shlex.quote(env["SWEEP_URL"]))
print("shards=" + shlex.quote(env["SHARDS"]))
print("command=(" + " ".join(shlex.quote(w) for w in container["command"]) + ")")
EOF
then echo "FAIL $manifest: not the Indexed Job this test expects"; exit 1; fi
# shellcheck disable=SC1091
source "$t/fields.sh"
echo "ok   $manifest: an Indexed Job of $completions completions = SHARDS"

failed=0
for ((i = 0; i < completions; i++)); do
  if ! env -i PATH="$t/bin:/usr/bin:/bin" HOME="$t" SWEEP_URL="$url" SHARDS="$shards" OUT_DIR="$t/results" \
       JOB_COMPLETION_INDEX="$i" "${command[@]}" >/dev/null 2>"$t/err_$i"; then
    echo "FAIL pod $i: its command failed"; sed 's/^/     /' "$t/err_$i" | tail -5; failed=1
  fi
done
[ "$failed" = 0 ] && echo "ok   the container command ran for JOB_COMPLETION_INDEX 0..$((completions - 1))"
"$ml" sweep --url "$url" --out "$t/single.jsonl" >/dev/null 2>&1 || { echo "FAIL the single-process sweep"; exit 1; }
if "$ml" merge "$t"/results/shard_*.jsonl --out "$t/merged.jsonl" >/dev/null 2>"$t/err" &&
   cmp -s "$t/single.jsonl" "$t/merged.jsonl"; then
  echo "ok   merged pods' shards = one process ($(wc -l < "$t/merged.jsonl") rows)"
else
  echo "FAIL merged pods' shards differ from one process"; cat "$t/err"; failed=1
fi
[ "$failed" = 0 ]
