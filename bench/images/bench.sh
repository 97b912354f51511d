#!/usr/bin/env bash
# `make bench-images`: times gallerygen cold (empty cache), gallerygen warm (second build) and
# sigal on the same generated photos, side by side: wall time and peak memory (GNU time).
# Environment: BENCH_DIR (default /tmp/gallerygen-bench-images), COUNT (200), GALLERYGEN (binary).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${BENCH_DIR:-/tmp/gallerygen-bench-images}
count=${COUNT:-200}
gallerygen=${GALLERYGEN:-$root/.build/release/gallerygen}
jobs=$(nproc)

python3 -c "import PIL" 2>/dev/null || pip install --quiet Pillow
command -v sigal >/dev/null || pip install --quiet sigal
[ -x /usr/bin/time ] || "$root/scripts/install-deps.sh" time

echo "Generating $count photos in $work/site (cached between runs)…"
python3 "$root/bench/images/generate.py" "$work/site" "$count"
# The same photos with gallerygen's default settings (WebP + JPEG, crops, up to 1600 px), hard-linked.
rm -rf "$work/site-default"
mkdir -p "$work/site-default"
cp -al "$work/site/images" "$work/site/recipes" "$work/site-default/"
sed '/^images:/,$d' "$work/site/site.yml" > "$work/site-default/site.yml"

cat > "$work/sigal.conf.py" <<CONF
source = '$work/site/images'
destination = '$work/sigal-out'
img_size = (1280, 1280)      # the large image, fitted inside 1280 x 1280
thumb_size = (320, 320)      # the thumbnail, fitted inside 320 x 320
thumb_fit = False
jpg_options = {'quality': 82, 'optimize': True, 'progressive': False}
keep_orig = False
CONF

results="$work/results.tsv"
: > "$results"
measure() { # label, command...
  local label=$1; shift
  /usr/bin/time -f "%e\t%M" -o "$work/time.out" "$@" > "$work/last.log" 2>&1 || { cat "$work/last.log"; exit 1; }
  printf '%s\t%s\n' "$label" "$(cat "$work/time.out")" >> "$results"
}

for site in site site-default; do rm -rf "$work/$site/.gallerygen-cache" "$work/$site/public"; done
rm -rf "$work/sigal-out"
sync
measure "gallerygen cold (JPEG 1280/320)" "$gallerygen" build --site "$work/site" --theme "$root/Templates" --jobs "$jobs" --quiet
measure "gallerygen warm (same, 2nd build)" "$gallerygen" build --site "$work/site" --theme "$root/Templates" --jobs "$jobs" --quiet
measure "sigal (JPEG 1280/320), -n $jobs" sigal build -c "$work/sigal.conf.py" -n "$jobs"
measure "gallerygen cold, defaults (WebP+JPEG, crops)" "$gallerygen" build --site "$work/site-default" --theme "$root/Templates" --jobs "$jobs" --quiet
measure "gallerygen warm, defaults" "$gallerygen" build --site "$work/site-default" --theme "$root/Templates" --jobs "$jobs" --quiet

python3 - "$results" "$count" "$jobs" <<'PY'
import sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
sigal = next(float(r[1]) for r in rows if r[0].startswith("sigal"))
print(f"\n{sys.argv[2]} photos of 2000x1500, {sys.argv[3]} parallel jobs\n")
print(f"{'run':<46} {'wall s':>8} {'peak MB':>8} {'vs sigal':>9}")
for label, wall, rss in rows:
    wall = float(wall)
    print(f"{label:<46} {wall:>8.2f} {int(rss) / 1024:>8.0f} {sigal / wall:>8.2f}x")
PY
