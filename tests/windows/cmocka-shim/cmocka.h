/*
 * <cmocka.h> for the Windows (mingw-w64) build, where Debian has no CMocka:
 * tests/windows/CMakeLists.txt puts this directory first on the include path
 * of the suites it cross-builds, so that their unchanged #include <cmocka.h>
 * finds our own implementation of the subset they use.
 */
#include "../cmocka_compat.h"
