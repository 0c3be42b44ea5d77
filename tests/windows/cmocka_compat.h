/*
 * The part of the CMocka API our table-driven suites use, for the Windows
 * (mingw-w64) build only: Debian ships no mingw-w64 CMocka. Written from the
 * API's documented behaviour, not from CMocka's sources: a test is a
 * function void f(void **state); a failed assertion prints where and why and
 * ends that test (longjmp back to the runner), the group goes on with the
 * next test, and the runner returns the number of failed tests.
 *
 * The test sources include <cmocka.h> unchanged; on Windows
 * tests/windows/cmocka-shim/cmocka.h (first on the include path) brings this
 * header instead. The runner ends with the line "N passed, N failed" that
 * tests/windows/run-wine.sh checks.
 *
 * Not provided: mocking (will_return, expect_*), test_malloc/test_free
 * leak checks, crash recovery (a crash ends the program, without the summary
 * line, which the stage reports as a failure).
 */
#ifndef MOCKD3D12_TESTS_CMOCKA_COMPAT_H
#define MOCKD3D12_TESTS_CMOCKA_COMPAT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __MINGW_PRINTF_FORMAT
#define MKT_PRINTF(f, a) __attribute__((format(__MINGW_PRINTF_FORMAT, f, a)))
#else
#define MKT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#endif
#define MKT_NORETURN __attribute__((noreturn))

typedef void (*CMUnitTestFunction)(void **state);
typedef int (*CMFixtureFunction)(void **state);

struct CMUnitTest
{
    const char *name;
    CMUnitTestFunction test_func;
    CMFixtureFunction setup_func;
    CMFixtureFunction teardown_func;
    void *initial_state;
};

#define cmocka_unit_test(f) {#f, f, NULL, NULL, NULL}
#define cmocka_unit_test_setup(f, setup) {#f, f, setup, NULL, NULL}
#define cmocka_unit_test_teardown(f, teardown) {#f, f, NULL, teardown, NULL}
#define cmocka_unit_test_setup_teardown(f, setup, teardown) {#f, f, setup, teardown, NULL}
#define cmocka_unit_test_prestate(f, state) {#f, f, NULL, NULL, state}

int mkt_run_group(const char *group, const struct CMUnitTest *tests, size_t count,
        CMFixtureFunction group_setup, CMFixtureFunction group_teardown);

#define cmocka_run_group_tests(tests, setup, teardown) \
    mkt_run_group(#tests, tests, sizeof(tests) / sizeof((tests)[0]), setup, teardown)
#define cmocka_run_group_tests_name(name, tests, setup, teardown) \
    mkt_run_group(name, tests, sizeof(tests) / sizeof((tests)[0]), setup, teardown)

/* The checks: each returns when it holds, else reports and leaves the test. */
void mkt_check(int ok, const char *file, int line, const char *expression);
void mkt_check_int(uintmax_t a, uintmax_t b, int equal, const char *file, int line, const char *expression);
void mkt_check_ptr(const void *a, const void *b, int equal, const char *file, int line, const char *expression);
void mkt_check_string(const char *a, const char *b, int equal, const char *file, int line, const char *expression);
void mkt_check_memory(const void *a, const void *b, size_t size, int equal, const char *file, int line,
        const char *expression);
void mkt_check_range(uintmax_t value, uintmax_t min, uintmax_t max, int inside, const char *file, int line,
        const char *expression);
MKT_NORETURN void mkt_fail(const char *file, int line, const char *format, ...) MKT_PRINTF(3, 4);
MKT_NORETURN void mkt_skip(const char *file, int line);
void print_message(const char *format, ...) MKT_PRINTF(1, 2);
void print_error(const char *format, ...) MKT_PRINTF(1, 2);

/* CMocka's test allocator: a block still allocated when its test ends (after
 * the teardown) fails the test, as in CMocka. For the test's own thread, as
 * CMocka's. */
void *mkt_test_malloc(size_t size, const char *file, int line);
void *mkt_test_calloc(size_t count, size_t size, const char *file, int line);
void mkt_test_free(void *block, const char *file, int line);
#define test_malloc(size) mkt_test_malloc(size, __FILE__, __LINE__)
#define test_calloc(count, size) mkt_test_calloc(count, size, __FILE__, __LINE__)
#define test_free(block) mkt_test_free(block, __FILE__, __LINE__)

/* Integers compare as the widest unsigned type (as CMocka's documented
 * LargestIntegralType): a negative HRESULT equals itself whatever the types. */
#define assert_true(c) mkt_check(!!(c), __FILE__, __LINE__, "assert_true(" #c ")")
#define assert_false(c) mkt_check(!(c), __FILE__, __LINE__, "assert_false(" #c ")")
#define assert_null(p) mkt_check_ptr((const void *)(p), NULL, 1, __FILE__, __LINE__, "assert_null(" #p ")")
#define assert_non_null(p) mkt_check_ptr((const void *)(p), NULL, 0, __FILE__, __LINE__, "assert_non_null(" #p ")")
#define assert_int_equal(a, b) \
    mkt_check_int((uintmax_t)(a), (uintmax_t)(b), 1, __FILE__, __LINE__, "assert_int_equal(" #a ", " #b ")")
#define assert_int_not_equal(a, b) \
    mkt_check_int((uintmax_t)(a), (uintmax_t)(b), 0, __FILE__, __LINE__, "assert_int_not_equal(" #a ", " #b ")")
#define assert_ptr_equal(a, b) \
    mkt_check_ptr((const void *)(a), (const void *)(b), 1, __FILE__, __LINE__, "assert_ptr_equal(" #a ", " #b ")")
#define assert_ptr_not_equal(a, b) \
    mkt_check_ptr((const void *)(a), (const void *)(b), 0, __FILE__, __LINE__, "assert_ptr_not_equal(" #a ", " #b ")")
#define assert_string_equal(a, b) \
    mkt_check_string((a), (b), 1, __FILE__, __LINE__, "assert_string_equal(" #a ", " #b ")")
#define assert_string_not_equal(a, b) \
    mkt_check_string((a), (b), 0, __FILE__, __LINE__, "assert_string_not_equal(" #a ", " #b ")")
#define assert_memory_equal(a, b, size) \
    mkt_check_memory((a), (b), (size), 1, __FILE__, __LINE__, "assert_memory_equal(" #a ", " #b ", " #size ")")
#define assert_memory_not_equal(a, b, size) \
    mkt_check_memory((a), (b), (size), 0, __FILE__, __LINE__, "assert_memory_not_equal(" #a ", " #b ", " #size ")")
#define assert_in_range(v, min, max) mkt_check_range((uintmax_t)(v), (uintmax_t)(min), (uintmax_t)(max), 1, \
        __FILE__, __LINE__, "assert_in_range(" #v ", " #min ", " #max ")")
#define assert_not_in_range(v, min, max) mkt_check_range((uintmax_t)(v), (uintmax_t)(min), (uintmax_t)(max), 0, \
        __FILE__, __LINE__, "assert_not_in_range(" #v ", " #min ", " #max ")")
#define fail() mkt_fail(__FILE__, __LINE__, "fail()")
#define fail_msg(...) mkt_fail(__FILE__, __LINE__, __VA_ARGS__)
#define skip() mkt_skip(__FILE__, __LINE__)

#endif
