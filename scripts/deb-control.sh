#!/usr/bin/env bash
# Prints the DEBIAN/control file of the gallerygen package: Depends names the Debian packages of
# every library the binary links (found with ldd and dpkg -S: libmimalloc2.0 among them, the allocator
# that serves malloc) or needs and opens on first use;
# libvips and libcurl (import's photo downloads), which it opens on first use and can do without,
# are Recommends.
# Usage: scripts/deb-control.sh BINARY VERSION INSTALLED_KB
set -euo pipefail
binary=$1 version=$2 size=$3
# dpkg knows a file by the path its package installed it at: with merged /usr that may be the
# /lib or the /usr/lib form, of the link or of its target.
owner() {
  local real; real=$(readlink -f "$1")
  for path in "$1" "$real" "${1#/usr}" "${real#/usr}" "/usr$1" "/usr$real"; do
    dpkg -S "$path" 2>/dev/null | head -1 | cut -d: -f1 && return 0
  done
  echo "deb-control: no package owns $1" >&2
  return 1
}
# libcrypto (pictures' hashes), libarchive (import's archives) and libmicrohttpd (serve) are opened
# on first use rather than linked, so ldd does not list them; the commands need them, so they are
# Depends all the same.
opened="/usr/lib/x86_64-linux-gnu/libcrypto.so.3 /usr/lib/x86_64-linux-gnu/libarchive.so.13 /usr/lib/x86_64-linux-gnu/libmicrohttpd.so.12"
packages=$( { ldd "$binary" | awk '/=> \// { print $3 }'; for lib in $opened; do echo "$lib"; done; } | while read -r lib; do owner "$lib"; done | sort -u | grep -v '^libc6$' || true)
depends="libc6"
for package in $packages; do
  depends="$depends, $package"
done
vips=$(dpkg -S "$(readlink -f /usr/lib/x86_64-linux-gnu/libvips.so.42)" 2>/dev/null | head -1 | cut -d: -f1 || echo libvips42)
curl=$(dpkg -S "$(readlink -f /usr/lib/x86_64-linux-gnu/libcurl.so.4)" 2>/dev/null | head -1 | cut -d: -f1 || echo libcurl4)
cat <<CONTROL
Package: gallerygen
Version: $version
Architecture: $(dpkg --print-architecture)
Maintainer: The gallerygen authors <gallerygen@example.com>
Installed-Size: $size
Depends: $depends
Recommends: ${vips:-libvips42}, ${curl:-libcurl4}
Section: web
Priority: optional
Homepage: https://github.com/gallerygen/gallerygen
Description: static recipe gallery generator
 gallerygen builds a static website from a folder of recipes (Markdown with YAML
 front matter) and photos. Its gallery arranges the recipe cards the way iOS
 collection views do (grid, fan, scatter, deck, masonry, justified rows...),
 computed at build time and switched without JavaScript.
CONTROL
