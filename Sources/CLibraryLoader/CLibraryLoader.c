#include "CLibraryLoader.h"
#include <dlfcn.h>
#include <stdio.h>

const char *gg_open_library(const char *library, const char *package, const char *const *names, void **functions, size_t count,
                            char *failure, size_t size) {
    void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
        snprintf(failure, size, "cannot load %s (%s; Debian's package %s)", library, dlerror(), package);
        return failure;
    }
    for (size_t index = 0; index < count; index++) {
        if (!(functions[index] = dlsym(handle, names[index]))) {
            snprintf(failure, size, "%s has no function %s", library, names[index]);
            return failure;
        }
    }
    return NULL;
}
