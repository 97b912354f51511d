# gallerygen — the two commands of the README, and their helpers.
SWIFT ?= swift
SITE ?= Site
BUILD_DEPS := pkg-config libcmark-dev libyaml-dev
TEST_DEPS := $(BUILD_DEPS)

.PHONY: site test deps test-deps build release clean

## site: install what is missing, build gallerygen in release mode, build the sample site
site: deps release
	.build/release/gallerygen build --site $(SITE)

## test: install what the tests need and run every test
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

deps:
	@scripts/install-deps.sh $(BUILD_DEPS)

test-deps:
	@scripts/install-deps.sh $(TEST_DEPS)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product gallerygen

clean:
	rm -rf .build $(SITE)/public
