/*
 * Table-driven tests in the style of Wine's conformance tests: every row runs,
 * each failing row is reported by its index and name ("Test 3 (R8_UNORM): ..."),
 * and the test fails once at the end, so one run lists every broken row.
 *
 *     struct row_failures failures = {0};
 *     for (i = 0; i < ARRAY_SIZE(rows); ++i)
 *         if (got != rows[i].expected)
 *             row_fail(&failures, i, rows[i].name, "got %u, expected %u", got, rows[i].expected);
 *     rows_done(&failures);
 *
 * Include after <cmocka.h>.
 */
#ifndef MOCKD3D12_TESTS_ROW_FAILURES_H
#define MOCKD3D12_TESTS_ROW_FAILURES_H

#include <stdarg.h>
#include <stdio.h>

struct row_failures
{
    unsigned count; /* rows reported so far */
};

#if defined(__MINGW32__)
/* The Windows build formats with mingw-w64's C99 stdio (__USE_MINGW_ANSI_STDIO,
 * cmake/toolchain-mingw64.cmake): %zu, as on Linux, not msvcrt's formats. */
__attribute__((format(gnu_printf, 4, 5)))
#elif defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static inline void row_fail(struct row_failures *f, unsigned index, const char *name, const char *format, ...)
{
    char text[1024];
    va_list args;

    va_start(args, format);
    vsnprintf(text, sizeof(text), format, args);
    va_end(args);
    print_error("Test %u (%s): %s\n", index, name ? name : "?", text);
    ++f->count;
}

/* A macro so the failure points at the test, not at this header. */
#define rows_done(f) \
    do \
    { \
        if ((f)->count) \
            fail_msg("%u failure(s) in the rows above", (f)->count); \
    } while (0)

#endif
