/*
 * Vulkan reports for tests: the embedded lavapipe report (the same bytes as
 * data/reference/vulkaninfo-lavapipe.json) with a list of edits applied, and
 * a '*' pattern match for the error messages they provoke.
 *
 *     struct edit edits[] = {{"capabilities/device/extensions/VK_EXT_x", "1"}, {"a/b", NULL}};
 *     char *text = edited_report(edits, 2);   (json_dumps: free() it)
 *
 * Include after mk_test.h and "caps/vulkan.h".
 */
#ifndef MOCKD3D12_TESTS_REPORT_EDITS_H
#define MOCKD3D12_TESTS_REPORT_EDITS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One edit: a '/'-separated path from the root (array indices as numbers) and
 * the JSON text to put there, or NULL to delete it. Missing objects on the
 * way are created; an index past the end of an array appends. */
struct edit
{
    const char *path;
    const char *json;
};

static inline json_t *lavapipe(void)
{
    const struct caps_vulkan_embedded *e = &caps_vulkan_embedded_reports[0];
    json_t *root = json_loadb(e->text, e->length, JSON_DECODE_INT_AS_REAL, NULL);

    assert_non_null(root);
    assert_string_equal(e->name, "lavapipe");
    return root;
}

/* The next '/'-separated token of *p into `out`; false at the end. */
static inline bool next_token(const char **p, char *out, size_t size)
{
    size_t n = strcspn(*p, "/");

    if (!**p)
        return false;
    snprintf(out, size, "%.*s", (int)n, *p);
    *p += n + ((*p)[n] == '/');
    return true;
}

static inline void apply_edit(json_t *root, const struct edit *edit)
{
    char token[256], next[256];
    const char *p = edit->path;
    json_t *parent = root, *child;

    assert_true(next_token(&p, token, sizeof(token)));
    while (next_token(&p, next, sizeof(next)))
    {
        child = json_is_array(parent) ? json_array_get(parent, strtoul(token, NULL, 10)) : json_object_get(parent, token);
        if (!child)
        {
            child = json_object();
            json_object_set_new(parent, token, child);
        }
        parent = child;
        memcpy(token, next, sizeof(token));
    }
    if (!edit->json)
    {
        if (json_is_array(parent))
            json_array_remove(parent, strtoul(token, NULL, 10));
        else if (json_object_del(parent, token))
            fail_msg("edit %s: nothing to delete", edit->path);
        return;
    }
    child = json_loads(edit->json, JSON_DECODE_ANY, NULL);
    if (!child)
        fail_msg("edit %s: bad JSON %s", edit->path, edit->json);
    if (json_is_array(parent))
    {
        size_t index = strtoul(token, NULL, 10);
        if (index < json_array_size(parent))
            json_array_set_new(parent, index, child);
        else
            json_array_append_new(parent, child);
    }
    else
        json_object_set_new(parent, token, child);
}

/* The edits of `edits` up to `count` or the first without a path. */
static inline void apply_edits(json_t *root, const struct edit *edits, size_t count)
{
    size_t i;

    for (i = 0; i < count && edits[i].path; ++i)
        apply_edit(root, &edits[i]);
}

static inline char *edited_report(const struct edit *edits, size_t count)
{
    json_t *root = lavapipe();
    char *text;

    apply_edits(root, edits, count);
    text = json_dumps(root, 0);
    json_decref(root);
    return text;
}

/* '*' in `pattern` matches any run of characters. */
static inline bool message_matches(const char *got, const char *pattern)
{
    if (!*pattern)
        return !*got;
    if (*pattern == '*')
    {
        for (;; ++got)
        {
            if (message_matches(got, pattern + 1))
                return true;
            if (!*got)
                return false;
        }
    }
    return *got == *pattern && message_matches(got + 1, pattern + 1);
}

#endif
