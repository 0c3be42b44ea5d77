/*
 * The base room's file helpers and the control API's argument checks, past
 * what test_read_file.c and test_api_reflect.c take: mk_list_json_files over
 * a directory with more names than its first allocation holds, names that
 * are not profiles, a subdirectory, a FIFO, a device and a dangling link,
 * each allocation failing; mk_read_file without an error buffer; the
 * eventfd setter on descriptors that cannot be written; and the NULL and
 * unknown arguments of mockd3d12_get_adapter_info, mockd3d12_machine_adapters,
 * mockd3d12_adapter_value_rule and the adapter object's QueryInterface; the
 * simulated machine's adapter list past its size, with a NULL id, out of
 * memory, and a MOCKD3D12_ADAPTERS id too long.
 * The allocator given zero sizes, zero-sized error buffers, short id lists,
 * and out of memory in the reflection functions that copy their answers.
 */
#ifndef _WIN32
#define _DEFAULT_SOURCE
#endif
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"
#include "platform.h"

#ifndef _WIN32
#include <fcntl.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

static int setup(void **state)
{
    (void)state;
    mockd3d12_reset();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    mk_alloc_fail_after(-1);
    mockd3d12_reset();
    return 0;
}

#ifndef _WIN32

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

/* ---- mk_event_set ---- */

/* Descriptors that are no eventfd: a negative one and one past INT32_MAX
 * are refused before any write, a closed one fails the write; an eventfd
 * at its maximum count is already set (EAGAIN counts as success). */
static void test_event_set_descriptors(void **state)
{
    const uint64_t almost_max = UINT64_C(0xfffffffffffffffe);
    int fd, closed;

    (void)state;
    assert_int_equal(mk_event_set((HANDLE)(intptr_t)-1), 0);
    assert_int_equal(mk_event_set((HANDLE)(intptr_t)((intptr_t)INT32_MAX + 1)), 0);
    assert_true((closed = eventfd(0, EFD_CLOEXEC)) >= 0);
    close(closed);
    assert_int_equal(mk_event_set((HANDLE)(intptr_t)closed), 0);

    assert_true((fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) >= 0);
    assert_int_equal(write(fd, &almost_max, sizeof(almost_max)), (ssize_t)sizeof(almost_max));
    assert_int_equal(mk_event_set((HANDLE)(intptr_t)fd), 1);
    close(fd);
}

/* ---- mk_read_file without an error buffer ---- */

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

#endif /* !_WIN32 */

/* ---- The control API's arguments ---- */

static void test_control_arguments(void **state)
{
    mockd3d12_adapter_info info;
    const char *cf = SENTINEL, *cm = SENTINEL, *src = SENTINEL, *ids[2] = {SENTINEL, SENTINEL};
    IUnknown *adapter;
    void *out;
    UINT field;

    (void)state;
    memset(&info, 0xa5, sizeof(info));
    assert_int_equal(mockd3d12_get_adapter_info(NULL, &info), E_INVALIDARG);
    assert_string_equal(mockd3d12_last_error(), "mockd3d12_get_adapter_info: id_or_path is NULL");
    assert_int_equal(mockd3d12_get_adapter_info("warp", NULL), E_INVALIDARG);
    assert_string_equal(mockd3d12_last_error(), "mockd3d12_get_adapter_info: info is NULL");
    assert_int_equal(mockd3d12_get_adapter_info("no-such-adapter-id", &info), E_INVALIDARG);
    assert_non_null(strstr(mockd3d12_last_error(), "no-such-adapter-id"));

    assert_int_equal(mockd3d12_machine_adapters(NULL, 3), 0);
    assert_string_equal(mockd3d12_last_error(), "mockd3d12_machine_adapters: ids is NULL with capacity 3");
    assert_ptr_equal(ids[0], SENTINEL);

    assert_int_equal(mockd3d12_find_field("D3D12_OPTIONS", "TiledResourcesTier", &field), S_OK);
    assert_int_equal(mockd3d12_adapter_value_rule("warp", field, NULL, &cm, &src), E_POINTER);
    assert_non_null(strstr(mockd3d12_last_error(), "condition_field is NULL"));
    assert_int_equal(mockd3d12_adapter_value_rule("warp", field, &cf, NULL, &src), E_POINTER);
    assert_non_null(strstr(mockd3d12_last_error(), "condition_min is NULL"));
    assert_int_equal(mockd3d12_adapter_value_rule("warp", field, &cf, &cm, NULL), E_POINTER);
    assert_non_null(strstr(mockd3d12_last_error(), "source is NULL"));
    assert_ptr_equal(cf, SENTINEL);
    assert_ptr_equal(cm, SENTINEL);
    assert_ptr_equal(src, SENTINEL);

    /* The adapter object's IUnknown. */
    assert_int_equal(mockd3d12_get_adapter("warp", &adapter), S_OK);
    assert_int_equal(IUnknown_QueryInterface(adapter, &IID_IUnknown, NULL), E_POINTER);
    out = SENTINEL;
    assert_int_equal(IUnknown_QueryInterface(adapter, NULL, &out), E_INVALIDARG);
    assert_null(out);
    assert_int_equal(IUnknown_Release(adapter), 0);
}

/* ---- The simulated machine's adapter list ---- */

/* mockd3d12_set_machine_adapters refuses more ids than the machine holds
 * and a NULL id, and fails whole when a copy cannot be made; a machine of
 * 16 hardware adapters (one more than the 15 beside WARP) and a
 * MOCKD3D12_ADAPTERS id of 1024 characters do not resolve. Each refusal
 * leaves the machine as it was. */
static void test_machine_lists(void **state)
{
    const char *ids[17], *got[4] = {NULL}, *two[2] = {"nvidia-rtx-4090", "warp"};
    static char long_id[1100];
    unsigned i;

    (void)state;
    test_unsetenv("MOCKD3D12_ADAPTERS");
    assert_int_equal(mockd3d12_set_machine_adapters(two, 2), S_OK);
    assert_int_equal(mockd3d12_machine_adapters(got, 4), 2);
    for (i = 0; i < 17; ++i)
        ids[i] = "nvidia-rtx-4090";

    assert_int_equal(mockd3d12_set_machine_adapters(ids, 17), E_INVALIDARG);
    assert_non_null(strstr(mockd3d12_last_error(), "17 ids, at most 16"));
    ids[1] = NULL;
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 2), E_INVALIDARG);
    assert_non_null(strstr(mockd3d12_last_error(), "ids[1] is NULL"));
    ids[1] = "nvidia-rtx-4090";
    for (i = 0; i < 2; ++i)
    {
        mk_alloc_fail_after(i); /* the list, then the first copy */
        assert_int_equal(mockd3d12_set_machine_adapters(ids, 2), E_OUTOFMEMORY);
        mk_alloc_fail_after(-1);
        assert_non_null(strstr(mockd3d12_last_error(), "out of memory"));
    }
    assert_int_equal(mockd3d12_machine_adapters(got, 4), 2);
    assert_string_equal(got[0], "nvidia-rtx-4090");

    /* Sixteen hardware adapters are accepted as a list, and do not resolve. */
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 16), S_OK);
    assert_int_equal(mockd3d12_machine_adapters(got, 4), 0);
    assert_non_null(strstr(mockd3d12_last_error(), "more than 15 hardware adapters"));
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);

    memset(long_id, 'a', 1024);
    long_id[1024] = 0;
    test_setenv("MOCKD3D12_ADAPTERS", long_id);
    assert_int_equal(mockd3d12_machine_adapters(got, 4), 0);
    assert_non_null(strstr(mockd3d12_last_error(), "MOCKD3D12_ADAPTERS: id too long"));
    test_unsetenv("MOCKD3D12_ADAPTERS");
    assert_true(mockd3d12_machine_adapters(got, 4) > 0);
}

/* ---- Zero sizes, zero-sized error buffers, short id lists ---- */

/* The allocator given zero sizes (one byte, never NULL); mk_read_file and
 * mockd3d12_register_profile with an error buffer of size 0 (left alone);
 * the machine's ids read with no room and with less room than it has
 * adapters; the adapter object asked for its IUnknown. */
static void test_zero_sizes_and_short_lists(void **state)
{
    const char *got[2] = {SENTINEL, SENTINEL};
    char error[16] = "untouched";
    IUnknown *adapter;
    void *p, *out;
    UINT count;

    (void)state;
    test_unsetenv("MOCKD3D12_ADAPTERS");
    assert_non_null(p = mk_alloc(0));
    mk_free(p);
    assert_non_null(p = mk_calloc(0, 8));
    mk_free(p);
    assert_non_null(p = mk_calloc(8, 0));
    assert_non_null(p = mk_realloc(p, 0));
    mk_free(p);
    mk_alloc_fail_skip_jansson(1);
    assert_non_null(p = mk_jansson_alloc(0));
    mk_alloc_fail_skip_jansson(0);
    free(p);

#ifndef _WIN32
    {
        const char *tmp = getenv("TMPDIR");
        char path[300];
        size_t size;
        FILE *f;
        unsigned i;

        assert_null(mk_read_file("/no/such/file.json", &size, error, 0));
        assert_null(mk_read_file("/", &size, error, 0)); /* opens, and its read fails */
        snprintf(path, sizeof(path), "%s/mockd3d12-read0-%ld.txt", tmp && *tmp ? tmp : "/tmp", (long)getpid());
        assert_non_null(f = fopen(path, "w"));
        for (i = 0; i < 5000; ++i)
            fputc('x', f);
        fclose(f);
        for (i = 0; i < 2; ++i)
        {
            mk_alloc_fail_after(i); /* the buffer, then its growth */
            assert_null(mk_read_file(path, &size, error, 0));
            mk_alloc_fail_after(-1);
        }
        unlink(path);
        assert_string_equal(error, "untouched");
    }
#endif
    assert_int_equal(mockd3d12_register_profile("{", error, 0), E_INVALIDARG);
    assert_string_equal(error, "untouched");
    assert_non_null(strstr(mockd3d12_last_error(), "mockd3d12_register_profile: "));

    /* The default machine: the default adapter and WARP. */
    count = mockd3d12_machine_adapters(NULL, 0);
    assert_int_equal(count, 2);
    assert_int_equal(mockd3d12_machine_adapters(got, 1), 2);
    assert_string_equal(got[0], mockd3d12_default_adapter_id());
    assert_ptr_equal(got[1], SENTINEL);

    assert_int_equal(mockd3d12_get_adapter("warp", &adapter), S_OK);
    out = SENTINEL;
    assert_int_equal(IUnknown_QueryInterface(adapter, &IID_IUnknown, &out), S_OK);
    assert_ptr_equal(out, adapter);
    assert_int_equal(IUnknown_Release((IUnknown *)out), 1);
    assert_int_equal(IUnknown_Release(adapter), 0);
}

/* ---- Out of memory in the reflection functions that copy their answers ---- */

/* mockd3d12_validate_profile_file's copy of its report and
 * mockd3d12_import_d3d12info's import, with each of mockd3d12's own
 * allocations failing in turn (jansson's are not failed: see alloc.h):
 * E_OUTOFMEMORY with nothing handed out, never a half answer. */
static void test_reflection_out_of_memory(void **state)
{
    const char *dir = getenv("MOCKD3D12_TEST_DATA");
    char path[1200], error[512], *report, *text = NULL, *profile;
    bool copy_failed = false, import_failed = false;
    size_t size = 0;
    HRESULT hr;
    long n;

    (void)state;
    snprintf(path, sizeof(path), "%s/profiles/good.json", dir ? dir : "tests/data");
    mk_alloc_fail_skip_jansson(1);
    for (n = 0; n < 200; ++n)
    {
        report = SENTINEL;
        mk_alloc_fail_after(n);
        hr = mockd3d12_validate_profile_file(path, &report);
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
        {
            assert_int_equal(hr, S_OK);
            mockd3d12_free(report);
            break;
        }
        if (hr == E_OUTOFMEMORY && report == SENTINEL
                && !strcmp(mockd3d12_last_error(), "mockd3d12_validate_profile_file: out of memory"))
            copy_failed = true;
        else if (report == SENTINEL)
            fail_msg("step %ld: hr %#x, no report", n, (unsigned)hr);
        else
            mockd3d12_free(report);
    }
    mk_alloc_fail_skip_jansson(0);
    assert_true(n < 200);
    assert_true(copy_failed);

    snprintf(path, sizeof(path), "%s/../../data/adapters/reports/intel-arc-a770.json", dir ? dir : "tests/data");
    assert_int_equal(mockd3d12_read_file(path, &text, &size, error, sizeof(error)), S_OK);
    mk_alloc_fail_skip_jansson(1);
    for (n = 0; n < 2000; ++n)
    {
        profile = SENTINEL;
        mk_alloc_fail_after(n);
        hr = mockd3d12_import_d3d12info(text, size, "arc.json", 0, NULL, &profile, NULL, error, sizeof(error));
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
        {
            assert_int_equal(hr, S_OK);
            mockd3d12_free(profile);
            break;
        }
        if (hr != E_OUTOFMEMORY || profile != SENTINEL)
            fail_msg("step %ld: hr %#x (%s)", n, (unsigned)hr, error);
        import_failed = true;
    }
    mk_alloc_fail_skip_jansson(0);
    assert_true(n < 2000);
    assert_true(import_failed);
    mockd3d12_free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
#ifndef _WIN32
        cmocka_unit_test_setup_teardown(test_list_json_files, setup, teardown),
        cmocka_unit_test_setup_teardown(test_list_empty_directory, setup, teardown),
        cmocka_unit_test_setup_teardown(test_event_set_descriptors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_read_file_no_error_buffer, setup, teardown),
#endif
        cmocka_unit_test_setup_teardown(test_control_arguments, setup, teardown),
        cmocka_unit_test_setup_teardown(test_machine_lists, setup, teardown),
        cmocka_unit_test_setup_teardown(test_zero_sizes_and_short_lists, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reflection_out_of_memory, setup, teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
