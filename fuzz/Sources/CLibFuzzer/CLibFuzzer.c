// Only the header matters: LLVMFuzzerRunDriver comes from the libFuzzer runtime that
// `-sanitize=fuzzer` links in.
#include "CLibFuzzer.h"
