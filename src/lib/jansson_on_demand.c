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
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

/* The functions, as X(return type, name, parameters, arguments, the answer
 * without libjansson). json_pack and json_sprintf are variadic: they forward
 * to json_vpack_ex and json_vsprintf, which the library does not call. */
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

/* The same, resolved but not defined here (the variadic ones' targets), and
 * those whose answer without libjansson is written out below. */
#define MK_JANSSON_OTHERS(X) \
    X(json_t *, json_vpack_ex, (json_error_t *error, size_t flags, const char *fmt, va_list ap), \
            (error, flags, fmt, ap), NULL) \
    X(json_t *, json_vsprintf, (const char *fmt, va_list ap), (fmt, ap), NULL) \
    X(void, json_delete, (json_t *json), (json), ) \
    X(void, json_set_alloc_funcs, (json_malloc_t malloc_fn, json_free_t free_fn), (malloc_fn, free_fn), ) \
    X(json_t *, json_loadb, (const char *buffer, size_t length, size_t flags, json_error_t *error), \
            (buffer, length, flags, error), no_jansson(error)) \
    X(json_t *, json_loads, (const char *input, size_t flags, json_error_t *error), (input, flags, error), \
            no_jansson(error))

struct jansson
{
#define MK_JANSSON_POINTER(type, name, params, args, absent) type (*name) params;
    MK_JANSSON_FUNCTIONS(MK_JANSSON_POINTER)
    MK_JANSSON_OTHERS(MK_JANSSON_POINTER)
#undef MK_JANSSON_POINTER
};

/* Why libjansson could not be used ("" while it can). */
static char jansson_error[160];

/* Without libjansson: the error a parse reports, naming what is missing. */
static json_t *no_jansson(json_error_t *error)
{
    if (error)
    {
        error->line = error->column = -1;
        error->position = 0;
        snprintf(error->source, sizeof(error->source), "<mockd3d12>");
        snprintf(error->text, sizeof(error->text), "%s", jansson_error);
    }
    return NULL;
}

/* The answers without libjansson: each function's own, its arguments unused. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#define MK_JANSSON_ABSENT(type, name, params, args, absent) \
    static type absent_##name params \
    { \
        return absent; \
    }
MK_JANSSON_FUNCTIONS(MK_JANSSON_ABSENT)
MK_JANSSON_OTHERS(MK_JANSSON_ABSENT)
#undef MK_JANSSON_ABSENT
#pragma GCC diagnostic pop

/* The answers without libjansson, stored by code (a table of their
 * addresses would be one more thing for the loader to relocate at start-up). */
static void set_absent(struct jansson *j)
{
#define MK_JANSSON_SET_ABSENT(type, name, params, args, absent) j->name = absent_##name;
    MK_JANSSON_FUNCTIONS(MK_JANSSON_SET_ABSENT)
    MK_JANSSON_OTHERS(MK_JANSSON_SET_ABSENT)
#undef MK_JANSSON_SET_ABSENT
}

/* Each pointer's name, one after the other (no pointers: nothing to
 * relocate), and its place, for the one loop that resolves them. */
static const char jansson_names[] =
#define MK_JANSSON_NAME(type, name, params, args, absent) #name "\0"
    MK_JANSSON_FUNCTIONS(MK_JANSSON_NAME)
    MK_JANSSON_OTHERS(MK_JANSSON_NAME)
#undef MK_JANSSON_NAME
    ;
static const uint16_t jansson_offsets[] =
{
#define MK_JANSSON_OFFSET(type, name, params, args, absent) offsetof(struct jansson, name),
    MK_JANSSON_FUNCTIONS(MK_JANSSON_OFFSET)
    MK_JANSSON_OTHERS(MK_JANSSON_OFFSET)
#undef MK_JANSSON_OFFSET
};

static struct jansson jansson;
static pthread_once_t jansson_once = PTHREAD_ONCE_INIT;

static void jansson_open(void)
{
    const char *error, *name = jansson_names;
    void *library;
    size_t i;

    set_absent(&jansson);
    /* The soname the build linked against: the same ABI. */
    if (!(library = dlopen("libjansson.so.4", RTLD_NOW | RTLD_LOCAL)))
    {
        error = dlerror();
        snprintf(jansson_error, sizeof(jansson_error), "libjansson.so.4 is needed to read JSON and could not be "
                "opened (%s)", error ? error : "no reason given");
        return;
    }
    for (i = 0; i < sizeof(jansson_offsets) / sizeof(*jansson_offsets); ++i, name += strlen(name) + 1)
    {
        /* dlsym's void * as a function pointer: POSIX guarantees it works. */
        void *symbol = dlsym(library, name);

        if (!symbol)
        {
            snprintf(jansson_error, sizeof(jansson_error), "libjansson.so.4 lacks %s, which mockd3d12 calls", name);
            set_absent(&jansson);
            dlclose(library);
            return;
        }
        memcpy((char *)&jansson + jansson_offsets[i], &symbol, sizeof(symbol));
    }
}

/* The library's functions, or their answers without it (jansson_error says why). */
static const struct jansson *jansson_get(void)
{
    pthread_once(&jansson_once, jansson_open);
    return &jansson;
}

#define MK_JANSSON_FORWARD(type, name, params, args, absent) \
    type name params \
    { \
        return jansson_get()->name args; \
    }
MK_JANSSON_FUNCTIONS(MK_JANSSON_FORWARD)
#undef MK_JANSSON_FORWARD

void json_delete(json_t *json)
{
    jansson_get()->json_delete(json);
}

void json_set_alloc_funcs(json_malloc_t malloc_fn, json_free_t free_fn)
{
    jansson_get()->json_set_alloc_funcs(malloc_fn, free_fn);
}

json_t *json_loadb(const char *buffer, size_t length, size_t flags, json_error_t *error)
{
    return jansson_get()->json_loadb(buffer, length, flags, error);
}

json_t *json_loads(const char *input, size_t flags, json_error_t *error)
{
    return jansson_get()->json_loads(input, flags, error);
}

json_t *json_pack(const char *fmt, ...)
{
    json_t *value;
    va_list ap;

    va_start(ap, fmt);
    value = jansson_get()->json_vpack_ex(NULL, 0, fmt, ap);
    va_end(ap);
    return value;
}

json_t *json_sprintf(const char *fmt, ...)
{
    json_t *value;
    va_list ap;

    va_start(ap, fmt);
    value = jansson_get()->json_vsprintf(fmt, ap);
    va_end(ap);
    return value;
}
