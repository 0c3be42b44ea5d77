/*
 * Setting and clearing an environment variable from a test, on Linux and in
 * the Windows build (tests/windows): POSIX setenv/unsetenv there, the process
 * environment block here. On Windows the runtime reads the block
 * (GetEnvironmentVariableA in src/platform_win32.c), not a C runtime's copy,
 * so SetEnvironmentVariableA is what it must see; it is also what a harness
 * built with another CRT ends up calling.
 */
#ifndef MOCKD3D12_TESTS_TEST_ENV_H
#define MOCKD3D12_TESTS_TEST_ENV_H

#ifdef _WIN32
#include <windows.h>

static inline void test_setenv(const char *name, const char *value)
{
    SetEnvironmentVariableA(name, value);
}

static inline void test_unsetenv(const char *name)
{
    SetEnvironmentVariableA(name, NULL);
}
#else
#include <stdlib.h>

static inline void test_setenv(const char *name, const char *value)
{
    setenv(name, value, 1);
}

static inline void test_unsetenv(const char *name)
{
    unsetenv(name);
}
#endif

#endif
