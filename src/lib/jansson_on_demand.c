/*
 * libjansson, opened when the library first reads or writes JSON (a profile
 * file, a Vulkan or D3d12info report, a dump) instead of at every process
 * start (docs/performance.md, "Process start-up"): the built-in adapters are
 * baked C tables, so most processes never parse JSON at all.
 *
 * Linked into libd3d12.so only (Linux; the Windows DLL links a static
 * jansson): each function the library calls is defined here and forwards to
 * the one dlsym finds in libjansson.so.4, so the linker, told --as-needed,
 * records no NEEDED entry for it (tests/build.cmake checks). The static rooms
 * the tests link call libjansson directly. A function the library starts to
 * call without a line here brings the NEEDED entry back, and that check
 * fails.
 *
 * When libjansson cannot be opened, json_loadb/json_loads fail with a message
 * naming it (the profile loader reports it as any parse error), the
 * constructors return NULL (out of memory, to their callers) and the rest
 * answer as for a NULL value.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

/* The functions, as X(return type, name, parameters, arguments, the answer
 * without libjansson). json_pack and json_sprintf are variadic: they forward
 * to json_vpack_ex and json_vsprintf. */
#define MK_JANSSON_FUNCTIONS(X) \
    X(json_t *, json_array, (void), (), NULL) \
    X(int, json_array_append_new, (json_t *array, json_t *value), (array, value), -1) \
    X(json_t *, json_array_get, (const json_t *array, size_t index), (array, index), NULL) \
    X(size_t, json_array_size, (const json_t *array), (array), 0) \
    X(json_t *, json_deep_copy, (const json_t *value), (value), NULL) \
    X(char *, json_dumps, (const json_t *json, size_t flags), (json, flags), NULL) \
    X(json_t *, json_false, (void), (), NULL) \
    X(json_t *, json_integer, (json_int_t value), (value), NULL) \
    X(json_int_t, json_integer_value, (const json_t *integer), (integer), 0) \
    X(double, json_number_value, (const json_t *json), (json), 0.0) \
    X(json_t *, json_object, (void), (), NULL) \
    X(json_t *, json_object_get, (const json_t *object, const char *key), (object, key), NULL) \
    X(void *, json_object_iter, (json_t *object), (object), NULL) \
    X(const char *, json_object_iter_key, (void *iter), (iter), NULL) \
    X(void *, json_object_iter_next, (json_t *object, void *iter), (object, iter), NULL) \
    X(json_t *, json_object_iter_value, (void *iter), (iter), NULL) \
    X(void *, json_object_key_to_iter, (const char *key), (key), NULL) \
    X(int, json_object_set_new, (json_t *object, const char *key, json_t *value), (object, key, value), -1) \
    X(size_t, json_object_size, (const json_t *object), (object), 0) \
    X(int, json_object_update_missing, (json_t *object, json_t *other), (object, other), -1) \
    X(json_t *, json_real, (double value), (value), NULL) \
    X(double, json_real_value, (const json_t *real), (real), 0.0) \
    X(json_t *, json_string, (const char *value), (value), NULL) \
    X(size_t, json_string_length, (const json_t *string), (string), 0) \
    X(const char *, json_string_value, (const json_t *string), (string), NULL) \
    X(json_t *, json_stringn, (const char *value, size_t len), (value, len), NULL) \
    X(json_t *, json_true, (void), (), NULL)

struct jansson
{
    void *library;
    char error[160];
#define MK_JANSSON_POINTER(type, name, params, args, absent) type (*name) params;
    MK_JANSSON_FUNCTIONS(MK_JANSSON_POINTER)
#undef MK_JANSSON_POINTER
    void (*json_delete)(json_t *json);
    json_t *(*json_loadb)(const char *buffer, size_t length, size_t flags, json_error_t *error);
    json_t *(*json_loads)(const char *input, size_t flags, json_error_t *error);
    void (*json_set_alloc_funcs)(json_malloc_t malloc_fn, json_free_t free_fn);
    json_t *(*json_vpack_ex)(json_error_t *error, size_t flags, const char *fmt, va_list ap);
    json_t *(*json_vsprintf)(const char *fmt, va_list ap);
};

static struct jansson jansson;
static pthread_once_t jansson_once = PTHREAD_ONCE_INIT;

static void jansson_open(void)
{
    struct jansson j = {0};
    const char *error;

    /* The soname the build linked against: the same ABI. */
    if (!(j.library = dlopen("libjansson.so.4", RTLD_NOW | RTLD_LOCAL)))
    {
        error = dlerror();
        snprintf(jansson.error, sizeof(jansson.error), "libjansson.so.4 is needed to read JSON and could not be "
                "opened (%s)", error ? error : "no reason given");
        return;
    }
    /* dlsym's void * to a function pointer: POSIX guarantees it works. */
#define MK_JANSSON_RESOLVE(type, name, params, args, absent) \
    { \
        void *symbol = dlsym(j.library, #name); \
        memcpy(&j.name, &symbol, sizeof(symbol)); \
    }
    MK_JANSSON_FUNCTIONS(MK_JANSSON_RESOLVE)
    MK_JANSSON_RESOLVE(, json_delete, , , )
    MK_JANSSON_RESOLVE(, json_loadb, , , )
    MK_JANSSON_RESOLVE(, json_loads, , , )
    MK_JANSSON_RESOLVE(, json_set_alloc_funcs, , , )
    MK_JANSSON_RESOLVE(, json_vpack_ex, , , )
    MK_JANSSON_RESOLVE(, json_vsprintf, , , )
#undef MK_JANSSON_RESOLVE
#define MK_JANSSON_CHECK(type, name, params, args, absent) && j.name
    if (!(1 MK_JANSSON_FUNCTIONS(MK_JANSSON_CHECK) && j.json_delete && j.json_loadb && j.json_loads
            && j.json_set_alloc_funcs && j.json_vpack_ex && j.json_vsprintf))
#undef MK_JANSSON_CHECK
    {
        snprintf(jansson.error, sizeof(jansson.error), "libjansson.so.4 lacks a function mockd3d12 calls");
        dlclose(j.library);
        return;
    }
    jansson = j;
}

/* The library's functions, or NULL (jansson.error says why). */
static const struct jansson *jansson_get(void)
{
    pthread_once(&jansson_once, jansson_open);
    return jansson.library ? &jansson : NULL;
}

#define MK_JANSSON_FORWARD(type, name, params, args, absent) \
    type name params \
    { \
        const struct jansson *j = jansson_get(); \
        return j ? j->name args : absent; \
    }
MK_JANSSON_FUNCTIONS(MK_JANSSON_FORWARD)
#undef MK_JANSSON_FORWARD

void json_delete(json_t *json)
{
    const struct jansson *j = jansson_get();

    if (j)
        j->json_delete(json);
}

void json_set_alloc_funcs(json_malloc_t malloc_fn, json_free_t free_fn)
{
    const struct jansson *j = jansson_get();

    if (j)
        j->json_set_alloc_funcs(malloc_fn, free_fn);
}

/* Without libjansson: the error a parse reports, naming what is missing. */
static json_t *no_jansson(json_error_t *error)
{
    if (error)
    {
        error->line = error->column = -1;
        error->position = 0;
        snprintf(error->source, sizeof(error->source), "<mockd3d12>");
        snprintf(error->text, sizeof(error->text), "%s", jansson.error);
    }
    return NULL;
}

json_t *json_loadb(const char *buffer, size_t length, size_t flags, json_error_t *error)
{
    const struct jansson *j = jansson_get();

    return j ? j->json_loadb(buffer, length, flags, error) : no_jansson(error);
}

json_t *json_loads(const char *input, size_t flags, json_error_t *error)
{
    const struct jansson *j = jansson_get();

    return j ? j->json_loads(input, flags, error) : no_jansson(error);
}

json_t *json_pack(const char *fmt, ...)
{
    const struct jansson *j = jansson_get();
    json_t *value;
    va_list ap;

    if (!j)
        return NULL;
    va_start(ap, fmt);
    value = j->json_vpack_ex(NULL, 0, fmt, ap);
    va_end(ap);
    return value;
}

json_t *json_sprintf(const char *fmt, ...)
{
    const struct jansson *j = jansson_get();
    json_t *value;
    va_list ap;

    if (!j)
        return NULL;
    va_start(ap, fmt);
    value = j->json_vsprintf(fmt, ap);
    va_end(ap);
    return value;
}
