/*
 * The base room's files. mk_read_file (src/base/read_file.c): a whole file
 * through the library's allocator; no path, a missing file, a file that
 * cannot be read (a directory), with and without an error buffer; a file
 * larger than the first buffer, with each allocation failing in turn.
 * mk_list_json_files (src/base/platform_posix.c): a directory with more
 * names than its first allocation holds, names that are not profiles, a
 * subdirectory, a FIFO, a device and a dangling link, each allocation
 * failing; an empty directory. mk_getenv (src/base/platform_posix.c): a
 * set variable, one set empty, an unset one, and names that are a prefix of
 * another's or extend it.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <sys/stat.h>
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

/* The fixtures of the rows below: the control API as a new process has it,
 * and no allocation failing after each. */
static int reset_setup(void **state)
{
    (void)state;
    mockd3d12_reset();
    return 0;
}

static int reset_teardown(void **state)
{
    (void)state;
    mk_alloc_fail_after(-1);
    mockd3d12_reset();
    return 0;
}

/* ---- mk_list_json_files ---- */

/* What the callback saw, one "name: problem" line each (the directory part
 * cut off), in order. */
struct listing
{
    char text[4096];
    size_t dir_length;
    unsigned calls;
};

static void collect(void *ctx, const char *path, const char *problem)
{
    struct listing *l = ctx;
    size_t used = strlen(l->text);
    const char *name = strlen(path) > l->dir_length ? path + l->dir_length : path;

    ++l->calls;
    snprintf(l->text + used, sizeof(l->text) - used, "%s: %s\n", name, problem ? problem : "ok");
}

static char directory[256];

static void make_file(const char *name)
{
    char path[sizeof(directory) + 64];
    FILE *f;

    snprintf(path, sizeof(path), "%s/%s", directory, name);
    assert_non_null(f = fopen(path, "w"));
    fputs("{}", f);
    fclose(f);
}

/* A directory of 18 profiles (more than the 16 names the first allocation
 * holds), a name that is only ".json", one that is not JSON, a subdirectory,
 * a FIFO, a link to /dev/null and a dangling link, all named *.json. */
static void make_directory(void)
{
    const char *tmp = getenv("TMPDIR");
    char path[512], name[16];
    unsigned i;

    snprintf(directory, sizeof(directory), "%s/mockd3d12-list-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(directory));
    for (i = 0; i < 18; ++i)
    {
        snprintf(name, sizeof(name), "p%02u.json", i % 100);
        make_file(name);
    }
    make_file(".json");
    make_file("notes.txt");
    snprintf(path, sizeof(path), "%s/sub.json", directory);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof(path), "%s/pipe.json", directory);
    assert_int_equal(mkfifo(path, 0600), 0);
    snprintf(path, sizeof(path), "%s/null.json", directory);
    assert_int_equal(symlink("/dev/null", path), 0);
    snprintf(path, sizeof(path), "%s/dangling.json", directory);
    assert_int_equal(symlink("no-such-target", path), 0);
}

static void remove_directory(void)
{
    static const char *const others[] = {".json", "notes.txt", "pipe.json", "null.json", "dangling.json"};
    char path[512];
    unsigned i;

    for (i = 0; i < 18; ++i)
    {
        snprintf(path, sizeof(path), "%s/p%02u.json", directory, i);
        unlink(path);
    }
    for (i = 0; i < ARRAY_SIZE(others); ++i)
    {
        snprintf(path, sizeof(path), "%s/%s", directory, others[i]);
        unlink(path);
    }
    snprintf(path, sizeof(path), "%s/sub.json", directory);
    rmdir(path);
    rmdir(directory);
}

static void test_list_json_files(void **state)
{
    struct listing l;
    char expected[4096] = "", dir_slash[300], line[64];
    unsigned i;

    (void)state;
    make_directory();

    /* Sorted by name; every *.json name longer than ".json" is reported. */
    strcat(expected, "/dangling.json: cannot read it: No such file or directory\n");
    strcat(expected, "/null.json: not a regular file\n");
    for (i = 0; i < 18; ++i)
    {
        snprintf(line, sizeof(line), "/p%02u.json: ok\n", i);
        strcat(expected, line);
    }
    strcat(expected, "/pipe.json: not a file: a FIFO\n");
    strcat(expected, "/sub.json: not a file: a directory\n");

    memset(&l, 0, sizeof(l));
    l.dir_length = strlen(directory);
    mk_list_json_files(directory, collect, &l);
    assert_string_equal(l.text, expected);
    assert_int_equal(l.calls, 22);

    /* A trailing slash is not doubled. */
    snprintf(dir_slash, sizeof(dir_slash), "%s/", directory);
    memset(&l, 0, sizeof(l));
    l.dir_length = strlen(directory);
    mk_list_json_files(dir_slash, collect, &l);
    assert_string_equal(l.text, expected);

    /* No directory, an empty name, no callback: nothing happens. */
    memset(&l, 0, sizeof(l));
    mk_list_json_files(NULL, collect, &l);
    mk_list_json_files("", collect, &l);
    mk_list_json_files(directory, NULL, &l);
    assert_int_equal(l.calls, 0);

    /* The first allocation (the name list) failing: nothing is listed. The
     * second (the first name's copy): likewise, the list is freed. */
    for (i = 0; i < 2; ++i)
    {
        memset(&l, 0, sizeof(l));
        mk_alloc_fail_after(i);
        mk_list_json_files(directory, collect, &l);
        assert_true(mk_alloc_fail_triggered());
        assert_int_equal(l.calls, 0);
    }
    /* The list growing past 16 names failing (allocation 17: the list and
     * 16 copies before it): the 16 names read so far are still listed. */
    memset(&l, 0, sizeof(l));
    mk_alloc_fail_after(17);
    mk_list_json_files(directory, collect, &l);
    assert_true(mk_alloc_fail_triggered());
    assert_int_equal(l.calls, 16);
    mk_alloc_fail_after(-1);

    /* A path failing once the names are read: that entry alone is left
     * out. The first path is allocation 24 (the list, 22 copies, its one
     * growth); later ones follow each freed path. */
    memset(&l, 0, sizeof(l));
    l.dir_length = strlen(directory);
    mk_alloc_fail_after(24);
    mk_list_json_files(directory, collect, &l);
    assert_true(mk_alloc_fail_triggered());
    mk_alloc_fail_after(-1);
    assert_int_equal(l.calls, 21);
    assert_null(strstr(l.text, "dangling.json"));
    assert_string_equal(l.text, strstr(expected, "\n") + 1);
    remove_directory();
}

/* An empty directory: no call. */
static void test_list_empty_directory(void **state)
{
    struct listing l;
    const char *tmp = getenv("TMPDIR");

    (void)state;
    snprintf(directory, sizeof(directory), "%s/mockd3d12-empty-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(directory));
    memset(&l, 0, sizeof(l));
    mk_list_json_files(directory, collect, &l);
    assert_int_equal(l.calls, 0);
    assert_string_equal(l.text, "");
    rmdir(directory);
}

/* ---- mk_read_file without an error buffer: coverage rows ---- */

static void test_environment(void **state)
{
    (void)state;
    assert_int_equal(setenv("MK_TEST_ENV_NAME", "value=with=equals", 1), 0);
    assert_int_equal(setenv("MK_TEST_ENV_NAME_LONGER", "longer", 1), 0);
    assert_int_equal(setenv("MK_TEST_ENV_EMPTY", "", 1), 0);
    assert_string_equal(mk_getenv("MK_TEST_ENV_NAME"), "value=with=equals");
    assert_string_equal(mk_getenv("MK_TEST_ENV_NAME_LONGER"), "longer");
    assert_null(mk_getenv("MK_TEST_ENV_NAM"));
    assert_null(mk_getenv("MK_TEST_ENV_NAME_LONGE"));
    assert_null(mk_getenv("MK_TEST_ENV_NAME_LONGER_STILL"));
    assert_null(mk_getenv("MK_TEST_ENV_EMPTY"));
    assert_int_equal(unsetenv("MK_TEST_ENV_NAME"), 0);
    assert_null(mk_getenv("MK_TEST_ENV_NAME"));
    assert_string_equal(mk_getenv("MK_TEST_ENV_NAME_LONGER"), "longer");
    unsetenv("MK_TEST_ENV_NAME_LONGER");
    unsetenv("MK_TEST_ENV_EMPTY");
}

static void test_read_file_no_error_buffer(void **state)
{
    const char *tmp = getenv("TMPDIR");
    char path[300], *text;
    size_t size = 77;
    FILE *f;
    unsigned i;

    (void)state;
    assert_null(mk_read_file(NULL, &size, NULL, 0));
    assert_int_equal(size, 0);
    assert_null(mk_read_file("/no/such/file.json", NULL, NULL, 0));
    /* A directory opens, and its read fails. */
    assert_null(mk_read_file("/", NULL, NULL, 0));

    snprintf(path, sizeof(path), "%s/mockd3d12-read-%ld.txt", tmp && *tmp ? tmp : "/tmp", (long)getpid());
    assert_non_null(f = fopen(path, "w"));
    for (i = 0; i < 5000; ++i)
        fputc('a' + (int)(i % 26), f);
    fclose(f);
    /* Allocation 0: the buffer; 1: its growth past 4095 bytes. */
    mk_alloc_fail_after(0);
    assert_null(mk_read_file(path, &size, NULL, 0));
    mk_alloc_fail_after(1);
    assert_null(mk_read_file(path, &size, NULL, 0));
    assert_true(mk_alloc_fail_triggered());
    mk_alloc_fail_after(-1);
    /* No size wanted. */
    assert_non_null(text = mk_read_file(path, NULL, NULL, 0));
    assert_int_equal(strlen(text), 5000);
    assert_int_equal(text[4999], 'a' + 4999 % 26);
    mk_free(text);
    unlink(path);
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
        cmocka_unit_test(test_environment),
        cmocka_unit_test_setup_teardown(test_read_file_no_error_buffer, reset_setup, reset_teardown),
        cmocka_unit_test_setup_teardown(test_list_json_files, reset_setup, reset_teardown),
        cmocka_unit_test_setup_teardown(test_list_empty_directory, reset_setup, reset_teardown),
    };

    return cmocka_run_group_tests(tests, setup, teardown);
}
