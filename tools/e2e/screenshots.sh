#!/usr/bin/env bash
# Regenerates the README's pictures docs/img/screenshot_{desktop,web}_{default,confusion,compare,sweep}.png
# and docs/img/newcomer_*_{1280x800,1024x640}.png (the page only)
# at 1280x800. Each run is paused at a fixed step count, so the pictures are the same every time (up to
# the renderer). Needs both builds. Usage: tools/e2e/screenshots.sh [newcomer]
#   newcomer   only the newcomer pictures (needs only the web build)
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD="${BUILD_NATIVE:-build/native}"
mkdir -p docs/img
# The welcome experiment (kWelcomeLink in app/models/gallery.cpp) and a confusion-matrix experiment: 4 classes,
# asymmetric noise (class q goes to q+1 with probability 0.3), UMA given the true C.
DEFAULT_LINK=''  # the welcome experiment
CONFUSION_LINK='#v=1&data=classes&n=1200&margin=0.02&q=4&noise=confusion&cm=0.7,0,0,0.3,0.3,0.7,0,0,0,0.3,0.7,0,0,0,0.3,0.7&learner=uma&seed=4&steps=150'
# Compare: perceptron, Bylander and averaging on the same data and noisy labels; Sweep: the same three at
# eta 0..0.4 over 5 seeds (issue 11).
COMPARE_LINK='#v=1&data=separable&n=400&noise=uniform&eta=0.1&seed=3&steps=400&x.learner=perceptron,bylander,averaging'
SWEEP_LINK='#v=1&data=separable&n=400&noise=uniform&steps=200&x.learner=perceptron,bylander,averaging&x.eta=0:0.4:0.1&x.seed=1..5'
ONLY="${1:-all}"
shot() {  # name link steps
  xvfb-run -a -s "-screen 0 1280x800x24" "$BUILD/marginlab-app" --url "$2" --steps "$3" --frames 12 \
    --screenshot "docs/img/screenshot_desktop_$1.png" >/dev/null
  echo "docs/img/screenshot_desktop_$1.png"
}
if [ "$ONLY" != newcomer ]; then
  shot default "$DEFAULT_LINK" 1000
  shot confusion "$CONFUSION_LINK" 150
  shot compare "$COMPARE_LINK" 400
  shot sweep "$SWEEP_LINK" 0  # --steps on a sweep link runs every cell first
  node tools/e2e/screenshots_web.mjs "$DEFAULT_LINK" docs/img/screenshot_web_default.png
  node tools/e2e/screenshots_web.mjs "$CONFUSION_LINK" docs/img/screenshot_web_confusion.png
  node tools/e2e/screenshots_web.mjs "$COMPARE_LINK" docs/img/screenshot_web_compare.png
  node tools/e2e/screenshots_web.mjs "$SWEEP_LINK" docs/img/screenshot_web_sweep.png
  DPR=3 node tools/e2e/screenshots_web.mjs '#v=1&data=separable&noise=uniform&eta=0.05&learner=perceptron&seed=1&steps=1000' docs/img/screenshot_web_phone.png 390x844 --touch
  DPR=2 node tools/e2e/screenshots_web.mjs '#v=1&data=separable&noise=uniform&eta=0.05&learner=perceptron&seed=1&steps=1000' docs/img/screenshot_web_tablet.png 820x1180 --touch
  DPR=3 node tools/e2e/screenshots_web.mjs "$COMPARE_LINK" docs/img/touch_phone_compare.png 390x844 --touch
  DPR=3 node tools/e2e/screenshots_web.mjs "$SWEEP_LINK" docs/img/touch_phone_sweep.png 390x844 --touch
  TEXT_SIZE=200 DPR=3 node tools/e2e/screenshots_web.mjs "$COMPARE_LINK" docs/img/touch_phone_text200.png 390x844 --touch
fi

# Issue 12 (a newcomer's first look): the first screen, the gallery, a confusion-matrix experiment on a CSV
# with class names (iris) and digits with 10 classes, each at 1280x800 and 1024x640. The CSVs are exported
# from Debian's python3-sklearn (header, label column last).
DATA_DIR="$(mktemp -d)"
trap 'rm -rf "$DATA_DIR"' EXIT
/usr/bin/python3 - "$DATA_DIR" <<'PY'
import sys, csv
from sklearn import datasets
out = sys.argv[1]
for name, loader in (("iris", datasets.load_iris), ("digits", datasets.load_digits)):
    d = loader()
    features = list(d.feature_names) if hasattr(d, "feature_names") else [f"x{i}" for i in range(d.data.shape[1])]
    with open(f"{out}/{name}.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow([c.replace(" (cm)", "").replace(" ", "_") for c in features] + ["label"])
        for row, t in zip(d.data, d.target):
            w.writerow([f"{v:g}" for v in row] + [str(d.target_names[t])])
PY
IRIS_LINK='#v=1&data=csv&csv=iris.csv&norm=standardize&bias=1&noise=uniform&eta=0.1&learner=uma&seed=1&steps=1000'
DIGITS_LINK='#v=1&data=csv&csv=digits.csv&norm=standardize&bias=1&learner=ultraconservative&seed=1&steps=5000'
for size in 1280x800 1024x640; do
  node tools/e2e/screenshots_web.mjs '' "docs/img/newcomer_first_screen_$size.png" "$size" --first
  node tools/e2e/screenshots_web.mjs '' "docs/img/newcomer_gallery_$size.png" "$size" --first --gallery
  node tools/e2e/screenshots_web.mjs "$IRIS_LINK" "docs/img/newcomer_iris_confusion_$size.png" "$size" --csv "$DATA_DIR/iris.csv"
  node tools/e2e/screenshots_web.mjs "$DIGITS_LINK" "docs/img/newcomer_digits_$size.png" "$size" --csv "$DATA_DIR/digits.csv"
done
