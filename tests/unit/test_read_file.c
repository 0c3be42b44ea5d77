/*
 * mk_read_file (src/base/read_file.c): a whole file through the library's
 * allocator; no path, a missing file, a file that cannot be read (a
 * directory), with and without an error buffer; a file larger than the first
 * buffer, with each allocation failing in turn.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <unistd.h>

#include "alloc.h"
#include "platform.h"

static char dir[] = "/tmp/mk-read-file-XXXXXX";
static char big[256];

static void test_errors(void **state)
{
    char error[512], missing[300];
    size_t size = 99;

    (void)state;
    assert_null(mk_read_file(NULL, &size, error, sizeof(error)));
    assert_string_equal(error, "no path given");
    assert_int_equal(size, 0);
    error[0] = 'k';
    assert_null(mk_read_file(NULL, NULL, error, 0));
    assert_int_equal(error[0], 'k');

    snprintf(missing, sizeof(missing), "%s/missing.json", dir);
    assert_null(mk_read_file(missing, NULL, error, sizeof(error)));
    assert_non_null(strstr(error, "missing.json: No such file or directory"));
    assert_null(mk_read_file(missing, NULL, NULL, 0));

    /* A directory opens with stdio on Linux; reading it fails. */
    assert_null(mk_read_file(dir, &size, error, sizeof(error)));
    assert_non_null(strstr(error, ": Is a directory"));
    assert_null(mk_read_file(dir, NULL, NULL, 0));
}

static void test_large_file(void **state)
{
    char error[512], *text;
    size_t size = 0, i;
    long n;

    (void)state;
    assert_non_null(text = mk_read_file(big, &size, error, sizeof(error)));
    assert_int_equal(size, 10000);
    for (i = 0; i < size; ++i)
        if (text[i] != (char)('a' + i % 26))
            fail_msg("byte %zu is %#x", i, (unsigned)(unsigned char)text[i]);
    assert_int_equal(text[size], 0);
    free(text);
    /* Each allocation failing: NULL, "out of memory", the size left 0. */
    for (n = 0; n < 10; ++n)
    {
        size = 99;
        mk_alloc_fail_after(n);
        text = mk_read_file(big, &size, error, sizeof(error));
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
            break;
        assert_null(text);
        assert_int_equal(size, 0);
        assert_non_null(strstr(error, "big.json: out of memory"));
        mk_alloc_fail_after(n);
        assert_null(mk_read_file(big, NULL, NULL, 0));
        mk_alloc_fail_after(-1);
    }
    assert_non_null(text);
    free(text);
    assert_int_equal(n, 3); /* 4096, 8192, 16384 bytes */
}

static int setup(void **state)
{
    FILE *f;
    int i;

    (void)state;
    assert_non_null(mkdtemp(dir));
    snprintf(big, sizeof(big), "%s/big.json", dir);
    assert_non_null(f = fopen(big, "wb"));
    for (i = 0; i < 10000; ++i)
        fputc('a' + i % 26, f);
    fclose(f);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    remove(big);
    rmdir(dir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_large_file),
    };

    return cmocka_run_group_tests(tests, setup, teardown);
}
