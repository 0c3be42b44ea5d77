/*
 * Where a value is in JSON text (src/caps/json_locate.c), for the line:column
 * of the loaders' errors: keys with escapes, every kind of whitespace, arrays,
 * paths that stop early, text that ends early, and the dotted paths of the
 * Vulkan import, row by row.
 * And the path helpers past their depth and in a short buffer.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "caps/json_locate.h"

static const struct
{
    const char *name;
    const char *text;
    const char *path;      /* dotted, as caps_json_locate_dotted reads it */
    bool readable;         /* the path can be read */
    unsigned line, column; /* of the value, or of where the walk stopped */
}
rows[] =
{
    {"the root", "  {\"a\": 1}", "$", true, 1, 3},
    {"a key after $.", "{\"a\": 1}", "$.a", true, 1, 7},
    {"tabs, CR and LF", "{\r\n\t\"a\":\t\r\n\t1}", "a", true, 3, 2},
    {"a key with escaped quote and backslash", "{\"x\\\"y\\\\\": 1, \"b\": 2}", "b", true, 1, 20},
    {"escaped keys match their text", "{\"a\\n\\t\\r\\b\\f\\/\": 0, \"\\u0041\\u00e9\": 5}", "A?", true, 1, 38},
    {"a key past another object and array", "{\"a\": {\"x\": [1, {\"y\": \"}\"}]}, \"b\": [true, null]}",
        "b[1]", true, 1, 43},
    {"an index in an array of arrays", "[[1, 2], [3, [4, 5]]]", "[1][1][0]", true, 1, 15},
    {"a missing key stops at the object's end", "{\"a\": 1}", "b", true, 1, 8},
    {"a missing index stops at the array's end", "[1, 2]", "[5]", true, 1, 6},
    {"a path deeper than the value", "{\"a\": 1}", "a.b", true, 1, 7},
    {"a key asked of an array stops at its end", "[{\"a\": 1}]", "a", true, 1, 10},
    {"an index asked of an object stops at its end", "{\"a\": 1}", "[0]", true, 1, 8},
    {"text that ends inside a string", "{\"a\": \"abc", "b", true, 1, 11},
    {"text that ends inside an object", "{\"a\": {\"b\": 1", "c", true, 1, 14},
    {"empty text", "", "a", true, 1, 1},
    {"a bracket without its end", "[1, [2]]", "[1", true, 1, 5},
    {"a key of 256 characters cannot be read", "{}",
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", false, 0, 0},
    {"a path of 17 steps cannot be read", "{}", "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q", false, 0, 0},
};

static void test_rows(void **state)
{
    struct row_failures failures = {0};
    unsigned i, line, column;
    (void)state;

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        bool readable;

        line = column = 0;
        readable = caps_json_locate_dotted(rows[i].text, strlen(rows[i].text), rows[i].path, &line, &column);
        if (readable != rows[i].readable)
            row_fail(&failures, i, rows[i].name, "readable %d", readable);
        else if (readable && (line != rows[i].line || column != rows[i].column))
            row_fail(&failures, i, rows[i].name, "%u:%u, expected %u:%u", line, column, rows[i].line, rows[i].column);
        else if (!readable && (line || column))
            row_fail(&failures, i, rows[i].name, "%u:%u written for an unreadable path", line, column);
    }
    rows_done(&failures);
}

/* A NUL byte inside the text (jansson reads it as whitespace) does not stall
 * the walk, and a length shorter than the text is where the text ends. */
static void test_lengths(void **state)
{
    static const char with_nul[] = "{\"a\": 1\0, \"b\": 2}";
    static const struct caps_json_seg b = {"b", 0};
    unsigned line, column;
    (void)state;

    assert_int_equal(caps_json_locate(with_nul, sizeof(with_nul) - 1, &b, 1), 15); /* the 2 */
    assert_int_equal(caps_json_locate("{\"a\": 1, \"b\": 2}", 8, &b, 1), 8);
    caps_json_position("ab\ncd", 5, 100, &line, &column);
    assert_int_equal(line, 2);
    assert_int_equal(column, 3);
}

/* Text no loader passes (they locate only in text jansson accepted), which
 * the walk must still end on: a key cut inside an escape or a \u escape, a
 * key longer than the 256 bytes it compares, a key without its colon, an
 * array that ends before the index; and the path helpers given no room. */
static void test_truncated_text(void **state)
{
    static const struct caps_json_seg a = {"a", 0}, b = {"b", 0}, third = {NULL, 3};
    char long_key[400], out[8] = "x";
    struct caps_json_path path = {{{"a", 0}}, 1};
    size_t n;

    (void)state;
    assert_int_equal(caps_json_locate("{\"a\\", 4, &b, 1), 4);
    assert_int_equal(caps_json_locate("{\"\\u00", 6, &b, 1), 6);
    /* The 300-byte key is compared by its first 255 bytes: not "b". */
    n = (size_t)snprintf(long_key, sizeof(long_key), "{\"%0300d\": 1, \"b\": 2}", 0);
    assert_int_equal(caps_json_locate(long_key, n, &b, 1), n - 2);
    /* No colon after the key: the value is where the colon would be. */
    assert_int_equal(caps_json_locate("{\"a\"}", 5, &a, 1), 4);
    /* [1, 2 holds no index 3: the end of the text. */
    assert_int_equal(caps_json_locate("[1, 2", 5, &third, 1), 5);
    assert_int_equal(caps_json_locate("[1 2]", 5, &third, 1), 4); /* no comma: at the closing bracket */

    caps_json_path_text(&path, out, 0);
    assert_string_equal(out, "x");
    caps_json_path_message(&path, "{\"a\": 1}", 8, "t.json", "bad", NULL, 0);
    caps_json_path_message(&path, "{\"a\": 1}", 8, "t.json", "bad", out, 0);
    assert_string_equal(out, "x");
}

/* A skipped value with carriage returns and tabs between its tokens; a
 * path text cut by a buffer shorter than its first step; a path deeper than
 * the CAPS_JSON_PATH_DEPTH steps it keeps (counted, and named by the part
 * kept). */
static void test_whitespace_and_deep_paths(void **state)
{
    static const char text[] = "{\"a\": {\"x\":\r\t[1,\t2]\r},\t\"b\": 7}";
    static const struct caps_json_seg b = {"b", 0};
    struct caps_json_path path = {{{NULL, 0}}, 0};
    char out[128];
    unsigned i;

    (void)state;
    assert_int_equal(caps_json_locate(text, sizeof(text) - 1, &b, 1), (size_t)(strchr(text, '7') - text));

    caps_json_path_push_key(&path, "abcdef");
    caps_json_path_push_key(&path, "ghi");
    caps_json_path_text(&path, out, 4);
    assert_string_equal(out, "abc");
    caps_json_path_text(&path, out, 8);
    assert_string_equal(out, "abcdef.");

    for (i = 0; i < 4; ++i)
    {
        caps_json_path_push_index(&path, i);
        caps_json_path_push_key(&path, "k");
    }
    assert_int_equal(path.depth, 10);
    caps_json_path_text(&path, out, sizeof(out));
    assert_string_equal(out, "abcdef.ghi[0].k[1].k[2].k");
    for (i = 0; i < 10; ++i)
        caps_json_path_pop(&path);
    assert_int_equal(path.depth, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_rows),
        cmocka_unit_test(test_lengths),
        cmocka_unit_test(test_truncated_text),
        cmocka_unit_test(test_whitespace_and_deep_paths),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
