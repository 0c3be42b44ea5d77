/*
 * The Windows build's CMocka stand-in (cmocka_compat.c) can fail: every check
 * is run once holding and once not, fixtures fail, skip() skips. The suites'
 * "0 failed" means something only if this program reports exactly the
 * failures below; tests/windows/run-wine.sh compares its summary line and
 * exit status (the number of failed tests) with the expected ones.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

static int setup_runs, teardown_runs;

/* Every check holding, with the values the suites compare (a negative
 * HRESULT against itself through different types). */
static void test_holds(void **state)
{
    static const unsigned char a[4] = {1, 2, 3, 4}, b[4] = {1, 2, 3, 4};
    long hr = (long)0x80070057;

    (void)state;
    assert_true(1);
    assert_false(0);
    assert_null(NULL);
    assert_non_null(a);
    assert_int_equal(hr, (int)0x80070057);
    assert_int_not_equal(1, 2);
    assert_ptr_equal(a, a);
    assert_ptr_not_equal(a, b);
    assert_string_equal("text", "text");
    assert_string_not_equal("text", "other");
    assert_memory_equal(a, b, sizeof(a));
    assert_in_range(5, 1, 10);
}

/* One failing check per test; the line after it must never run. */
static int reached_after_failure;
#define FAILING(name, check) \
    static void name(void **state) { (void)state; check; reached_after_failure = 1; }
FAILING(test_fails_true, assert_true(0))
FAILING(test_fails_false, assert_false(1))
FAILING(test_fails_null, assert_null("x"))
FAILING(test_fails_non_null, assert_non_null(NULL))
FAILING(test_fails_int_equal, assert_int_equal(0x80070057u, 0))
FAILING(test_fails_int_not_equal, assert_int_not_equal(3, 3))
FAILING(test_fails_ptr_equal, assert_ptr_equal("a", NULL))
FAILING(test_fails_string_equal, assert_string_equal("text", "texT"))
FAILING(test_fails_string_null, assert_string_equal(NULL, "text"))
FAILING(test_fails_memory_equal, assert_memory_equal("abcd", "abce", 4))
FAILING(test_fails_in_range, assert_in_range(11, 1, 10))
FAILING(test_fails_fail, fail())
FAILING(test_fails_fail_msg, fail_msg("row \"%s\": hr %#x", "named row", 0x80004005u))

static void test_skips(void **state)
{
    (void)state;
    skip();
    reached_after_failure = 1;
}

static int setup_ok(void **state)
{
    ++setup_runs;
    *state = &setup_runs;
    return 0;
}

static int setup_fails(void **state)
{
    (void)state;
    ++setup_runs;
    return -1;
}

static int teardown_counts(void **state)
{
    assert_ptr_equal(*state, &setup_runs);
    ++teardown_runs;
    return 0;
}

static int teardown_fails(void **state)
{
    (void)state;
    ++teardown_runs;
    return 1;
}

static void test_state_from_setup(void **state)
{
    assert_ptr_equal(*state, &setup_runs);
}

static void test_not_run(void **state)
{
    (void)state;
    reached_after_failure = 1;
}

/* Runs last: what the failing tests must not have done, and the fixtures'
 * counts (the teardown of a failed test runs too, not that of a failed
 * setup). */
static void test_afterwards(void **state)
{
    (void)state;
    assert_int_equal(reached_after_failure, 0);
    assert_int_equal(setup_runs, 3);
    assert_int_equal(teardown_runs, 3);
}

/* Blocks of the test allocator: freed, the test passes; one left, it fails. */
static void test_frees(void **state)
{
    void *a = test_malloc(8), *b = test_calloc(2, 8);

    (void)state;
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(((unsigned char *)b)[15], 0);
    test_free(a);
    test_free(b);
    test_free(NULL);
}

static void test_leaks(void **state)
{
    (void)state;
    assert_non_null(test_calloc(1, 4));
}

static void test_failing_with_teardown(void **state)
{
    (void)state;
    fail_msg("fails, its teardown still runs");
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_holds),
        cmocka_unit_test(test_fails_true),
        cmocka_unit_test(test_fails_false),
        cmocka_unit_test(test_fails_null),
        cmocka_unit_test(test_fails_non_null),
        cmocka_unit_test(test_fails_int_equal),
        cmocka_unit_test(test_fails_int_not_equal),
        cmocka_unit_test(test_fails_ptr_equal),
        cmocka_unit_test(test_fails_string_equal),
        cmocka_unit_test(test_fails_string_null),
        cmocka_unit_test(test_fails_memory_equal),
        cmocka_unit_test(test_fails_in_range),
        cmocka_unit_test(test_fails_fail),
        cmocka_unit_test(test_fails_fail_msg),
        cmocka_unit_test(test_skips),
        cmocka_unit_test(test_frees),
        cmocka_unit_test(test_leaks),
        cmocka_unit_test_setup_teardown(test_state_from_setup, setup_ok, teardown_counts),
        cmocka_unit_test_setup_teardown(test_failing_with_teardown, setup_ok, teardown_counts),
        cmocka_unit_test_setup_teardown(test_not_run, setup_fails, teardown_counts),
        cmocka_unit_test_setup_teardown(test_holds, NULL, teardown_fails),
        cmocka_unit_test(test_afterwards),
    };

    /* Expected: 4 passed (test_holds, test_frees, test_state_from_setup,
     * test_afterwards), 17 failed (13 failing checks, the leak, the failing
     * test with a teardown, the failed setup, the failed teardown), 1
     * skipped. */
    return cmocka_run_group_tests(tests, NULL, NULL);
}
