/*
 * The runner and checks of tests/windows/cmocka_compat.h (Windows build
 * only). Each fixture and test runs under its own setjmp(); a failed check
 * prints "file:line: what failed" and longjmp()s back here, so the test ends
 * and the group goes on. Everything is written to stdout, flushed line by
 * line, so that the failure lines sit under the test they belong to.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmocka_compat.h"

enum mkt_outcome { MKT_PASSED, MKT_FAILED, MKT_SKIPPED };

static jmp_buf *mkt_escape; /* where a failed check returns to; NULL outside a test */
/* The running test's state: static, so that what the test or its fixtures
 * stored in it is still there after a longjmp(). */
static void *mkt_state;

static MKT_NORETURN void mkt_leave(enum mkt_outcome outcome)
{
    fflush(stdout);
    if (!mkt_escape)
    {
        printf("a check failed outside a test: giving up\n");
        fflush(stdout);
        exit(EXIT_FAILURE);
    }
    longjmp(*mkt_escape, outcome == MKT_SKIPPED ? 2 : 1);
}

static void mkt_where(const char *file, int line)
{
    const char *base = strrchr(file, '/');

    printf("%s:%d: ", base ? base + 1 : file, line);
}

void mkt_check(int ok, const char *file, int line, const char *expression)
{
    if (ok)
        return;
    mkt_where(file, line);
    printf("%s does not hold\n", expression);
    mkt_leave(MKT_FAILED);
}

void mkt_check_int(uintmax_t a, uintmax_t b, int equal, const char *file, int line, const char *expression)
{
    if ((a == b) == !!equal)
        return;
    mkt_where(file, line);
    printf("%s: %#" PRIxMAX " %s %#" PRIxMAX " (%" PRIdMAX " %s %" PRIdMAX ")\n", expression, a,
            equal ? "!=" : "==", b, (intmax_t)a, equal ? "!=" : "==", (intmax_t)b);
    mkt_leave(MKT_FAILED);
}

void mkt_check_ptr(const void *a, const void *b, int equal, const char *file, int line, const char *expression)
{
    if ((a == b) == !!equal)
        return;
    mkt_where(file, line);
    printf("%s: %p %s %p\n", expression, a, equal ? "!=" : "==", b);
    mkt_leave(MKT_FAILED);
}

void mkt_check_string(const char *a, const char *b, int equal, const char *file, int line, const char *expression)
{
    /* A NULL string never equals anything, not even another NULL: the
     * assertion is about text. */
    int same = a && b && !strcmp(a, b);

    if (same == !!equal)
        return;
    mkt_where(file, line);
    printf("%s: \"%s\" %s \"%s\"\n", expression, a ? a : "(null)", equal ? "!=" : "==", b ? b : "(null)");
    mkt_leave(MKT_FAILED);
}

void mkt_check_memory(const void *a, const void *b, size_t size, int equal, const char *file, int line,
        const char *expression)
{
    const unsigned char *pa = a, *pb = b;
    size_t i;

    if (!pa || !pb)
    {
        mkt_where(file, line);
        printf("%s: a NULL buffer\n", expression);
        mkt_leave(MKT_FAILED);
    }
    for (i = 0; i < size && pa[i] == pb[i]; ++i)
        ;
    if ((i == size) == !!equal)
        return;
    mkt_where(file, line);
    if (equal)
        printf("%s: byte %zu of %zu differs: %#x != %#x\n", expression, i, size, pa[i], pb[i]);
    else
        printf("%s: the %zu bytes are the same\n", expression, size);
    mkt_leave(MKT_FAILED);
}

void mkt_check_range(uintmax_t value, uintmax_t min, uintmax_t max, int inside, const char *file, int line,
        const char *expression)
{
    if ((value >= min && value <= max) == !!inside)
        return;
    mkt_where(file, line);
    printf("%s: %" PRIuMAX " is %s [%" PRIuMAX ", %" PRIuMAX "]\n", expression, value, inside ? "outside" : "inside",
            min, max);
    mkt_leave(MKT_FAILED);
}

void mkt_fail(const char *file, int line, const char *format, ...)
{
    va_list ap;

    mkt_where(file, line);
    va_start(ap, format);
    vprintf(format, ap);
    va_end(ap);
    printf("\n");
    mkt_leave(MKT_FAILED);
}

void mkt_skip(const char *file, int line)
{
    mkt_where(file, line);
    printf("skipped\n");
    mkt_leave(MKT_SKIPPED);
}

void print_message(const char *format, ...)
{
    va_list ap;

    va_start(ap, format);
    vprintf(format, ap);
    va_end(ap);
    fflush(stdout);
}

void print_error(const char *format, ...)
{
    va_list ap;

    va_start(ap, format);
    vprintf(format, ap);
    va_end(ap);
    fflush(stdout);
}

/* The test allocator: a count of the blocks not yet freed, and where the
 * last of them was allocated (for the report). */
static long mkt_blocks;
static const char *mkt_block_file;
static int mkt_block_line;

void *mkt_test_malloc(size_t size, const char *file, int line)
{
    void *block = malloc(size ? size : 1);

    if (block)
    {
        ++mkt_blocks;
        mkt_block_file = file;
        mkt_block_line = line;
    }
    return block;
}

void *mkt_test_calloc(size_t count, size_t size, const char *file, int line)
{
    void *block = calloc(count ? count : 1, size ? size : 1);

    if (block)
    {
        ++mkt_blocks;
        mkt_block_file = file;
        mkt_block_line = line;
    }
    return block;
}

void mkt_test_free(void *block, const char *file, int line)
{
    (void)file;
    (void)line;
    if (!block)
        return;
    free(block);
    --mkt_blocks;
}

/* A fixture: its return value, or -1 when one of its checks failed. */
static int mkt_fixture(CMFixtureFunction fixture, void **state)
{
    jmp_buf escape;
    volatile int result = -1;

    if (!fixture)
        return 0;
    mkt_escape = &escape;
    if (!setjmp(escape))
        result = fixture(state);
    mkt_escape = NULL;
    return result;
}

static enum mkt_outcome mkt_run_one(const struct CMUnitTest *test)
{
    volatile enum mkt_outcome outcome = MKT_PASSED;
    jmp_buf escape;
    int jumped;

    mkt_state = test->initial_state;
    if (mkt_fixture(test->setup_func, &mkt_state))
    {
        printf("%s: its setup failed\n", test->name);
        return MKT_FAILED;
    }
    mkt_escape = &escape;
    if (!(jumped = setjmp(escape)))
        test->test_func(&mkt_state);
    else
        outcome = jumped == 2 ? MKT_SKIPPED : MKT_FAILED;
    mkt_escape = NULL;
    if (mkt_fixture(test->teardown_func, &mkt_state))
    {
        printf("%s: its teardown failed\n", test->name);
        outcome = MKT_FAILED;
    }
    if (mkt_blocks)
    {
        mkt_where(mkt_block_file, mkt_block_line);
        printf("%s: %ld block(s) from test_malloc/test_calloc not freed (the last allocated here)\n", test->name,
                (long)mkt_blocks);
        mkt_blocks = 0;
        outcome = MKT_FAILED;
    }
    return outcome;
}

int mkt_run_group(const char *group, const struct CMUnitTest *tests, size_t count,
        CMFixtureFunction group_setup, CMFixtureFunction group_teardown)
{
    static const char *const words[] = {"ok", "FAILED", "skipped"};
    unsigned passed = 0, failed = 0, skipped = 0;
    static void *group_state; /* static: see mkt_state */
    size_t i;

    group_state = NULL;
    setvbuf(stdout, NULL, _IONBF, 0);
    printf("%s: %zu test(s)\n", group, count);
    if (mkt_fixture(group_setup, &group_state))
    {
        printf("%s: the group setup failed\n", group);
        failed = (unsigned)count;
    }
    else
    {
        for (i = 0; i < count; ++i)
        {
            struct CMUnitTest test = tests[i];
            enum mkt_outcome outcome;

            /* The group's state is each test's, unless the test brings its own. */
            if (!test.initial_state)
                test.initial_state = group_state;
            outcome = mkt_run_one(&test);
            printf("%s: %s\n", test.name, words[outcome]);
            passed += outcome == MKT_PASSED;
            failed += outcome == MKT_FAILED;
            skipped += outcome == MKT_SKIPPED;
        }
        if (mkt_fixture(group_teardown, &group_state))
        {
            printf("%s: the group teardown failed\n", group);
            ++failed;
        }
    }
    if (skipped)
        printf("%u skipped\n", skipped);
    printf("%u passed, %u failed\n", passed, failed);
    return (int)failed;
}
