#!/usr/bin/env bash
# Unpacks a gallerygen .deb into a scratch root (dpkg -x, no root needed) and uses the installed
# binary from an unrelated folder: `new site`, `build` and `check` there, then the sample site.
# Usage: scripts/deb-test.sh PACKAGE SITE
set -euo pipefail
package=$(readlink -f "$1") site=$(readlink -f "$2")
scratch=$(mktemp -d "${TMPDIR:-/tmp}/gallerygen-deb-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
dpkg -x "$package" "$scratch/root"
bin=$scratch/root/usr/bin/gallerygen
if ldd "$bin" | grep -q 'libswift\|libFoundation'; then echo "deb-test: the binary needs the Swift runtime"; exit 1; fi
mkdir "$scratch/work" && cd "$scratch/work"
"$bin" --version
"$bin" new site bar
(cd bar && "$bin" build && "$bin" check)
cp -r "$site" sample && rm -rf sample/public sample/.gallerygen-cache
"$bin" build --quiet --site sample --output "$scratch/work/sample-out"
test -f sample-out/index.html
zcat "$scratch/root/usr/share/man/man1/gallerygen.1.gz" | grep -q '^.TH GALLERYGEN 1'
echo "deb-test: the packaged gallerygen works from $scratch/work"
