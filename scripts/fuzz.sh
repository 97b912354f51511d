#!/usr/bin/env bash
# Runs each libFuzzer target of fuzz/ in turn, for FUZZ_SECONDS each (default 60), one at a time.
# Usage: scripts/fuzz.sh BUILD_DIR [FUZZER...]   (BUILD_DIR holds the fuzzers `make fuzz` built)
# Each fuzzer starts from the sample site's files of its kind, the saved regression inputs and the
# corpus it grew on earlier runs (.build/fuzz-corpus/<fuzzer>). A crash, hang or sanitizer report
# stops the run and leaves the input in .build/fuzz-artifacts/<fuzzer>/. Leak checking is off: the
# Swift runtime's lazily initialised globals and metadata caches read as leaks to LeakSanitizer.
set -euo pipefail
build=$1; shift
seconds=${FUZZ_SECONDS:-60}
fuzzers=("$@")
[ ${#fuzzers[@]} -eq 0 ] && fuzzers=(FuzzFrontMatter FuzzSiteConfig FuzzTemplate FuzzPlistImport FuzzSVGSanitizer FuzzJSONLD FuzzPaprika FuzzCooklang)
regressions=Tests/Fixtures/fuzz-regressions

for fuzzer in "${fuzzers[@]}"; do
  case $fuzzer in
    FuzzFrontMatter) name=front-matter dict=yaml max=16384 seeds=(Site/recipes Tests/Fixtures/basic/recipes) ;;
    FuzzSiteConfig) name=site-config dict=yaml max=16384 seeds=(Site/site.yml Tests/Fixtures/basic/site.yml) ;;
    # Short templates run many times faster than the theme's, and nest and recurse as well.
    FuzzTemplate) name=template dict=mustache max=4096 seeds=(Templates) ;;
    FuzzPlistImport) name=plist-import dict=plist max=16384 seeds=(Tests/Fixtures/seed-plist) ;;
    FuzzSVGSanitizer) name=svg-sanitizer dict=svg max=16384 seeds=(Site/images) ;;
    FuzzJSONLD) name=json-ld dict=jsonld max=16384 seeds=(Tests/Fixtures/import/schema Tests/Fixtures/import/mealie) ;;
    FuzzPaprika) name=paprika dict=jsonld max=16384 seeds=(Tests/Fixtures/import/paprika Tests/Fixtures/import/mealie) ;;
    FuzzCooklang) name=cooklang dict=cooklang max=8192 seeds=(Tests/Fixtures/import/cooklang) ;;
    *) echo "error: unknown fuzzer '$fuzzer'" >&2; exit 2 ;;
  esac
  corpus=.build/fuzz-corpus/$fuzzer
  artifacts=.build/fuzz-artifacts/$fuzzer
  mkdir -p "$corpus" "$artifacts" "$regressions/$name"
  # libFuzzer reads seed folders, not single files: single-file seeds are copied into the corpus.
  dirs=()
  for seed in "${seeds[@]}"; do
    if [ -d "$seed" ]; then dirs+=("$seed"); else cp "$seed" "$corpus/seed-$(basename "$seed")"; fi
  done
  if [ "$fuzzer" = FuzzPlistImport ]; then
    # The binary form of the seed plist too, so both of Foundation's readers are exercised.
    python3 -c 'import plistlib,sys; plistlib.dump(plistlib.load(open(sys.argv[1],"rb")), open(sys.argv[2],"wb"), fmt=plistlib.FMT_BINARY)' \
      Tests/Fixtures/seed-plist/DrinkList.plist "$corpus/seed-DrinkList.bplist"
  fi
  echo "== $fuzzer: $seconds s (log in $artifacts.log)"
  status=0
  ASAN_OPTIONS=detect_leaks=0 "$build/$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 -max_len="$max" \
    -dict="fuzz/dictionaries/$dict.dict" -artifact_prefix="$artifacts/" -print_final_stats=1 \
    "$corpus" "${dirs[@]}" "$regressions/$name" >"$artifacts.log" 2>&1 || status=$?
  grep -E '^(Done|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)' "$artifacts.log" || true
  if [ $status -ne 0 ]; then
    tail -n 40 "$artifacts.log" >&2
    echo "error: $fuzzer found a problem (exit $status): the input is in $artifacts/;" \
      "fix it, then keep the input in $regressions/$name/ (FuzzRegressionTests runs it)" >&2
    exit 1
  fi
done
