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
# mimalloc serves malloc for the whole process (Package.swift, CMimalloc): --version names the
# allocator the binary found serving malloc at start.
"$bin" --version | tee "$scratch/version"
grep -q '(malloc: mimalloc ' "$scratch/version" || { echo "deb-test: the binary does not run on mimalloc"; exit 1; }
"$bin" new site bar
(cd bar && "$bin" build && "$bin" check)
cp -r "$site" sample && rm -rf sample/public sample/.gallerygen-cache
# The sample's photo opens libvips: with every symbol bound at once, the dynamic linker's account
# shows each library's malloc, calloc, realloc and free bound to mimalloc, none to glibc's.
LD_DEBUG=bindings LD_BIND_NOW=1 LD_DEBUG_OUTPUT="$scratch/bindings" "$bin" build --quiet --site sample --output "$scratch/work/sample-out"
test -f sample-out/index.html
allocations=$(cat "$scratch"/bindings.* | grep -E "normal symbol \`(malloc|calloc|realloc|free)'")
if grep -E ' to [^ ]*/libc\.so\.6 ' <<<"$allocations"; then echo "deb-test: those allocate from glibc, not mimalloc"; exit 1; fi
for library in gallerygen libvips libglib libcmark libyaml libc.so.6; do
  grep -q "file [^ ]*$library[^ ]* \[0\] to [^ ]*/libmimalloc" <<<"$allocations" || { echo "deb-test: $library does not allocate from mimalloc"; exit 1; }
done
zcat "$scratch/root/usr/share/man/man1/gallerygen.1.gz" | grep -q '^.TH GALLERYGEN 1'
echo "deb-test: the packaged gallerygen works from $scratch/work"
