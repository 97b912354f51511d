// libFuzzer's documented entry point for programs that keep their own main
// (https://llvm.org/docs/LibFuzzer.html#using-libfuzzer-as-a-library).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
