/*
 * The JSON API of the Windows build (cmake/windows.cmake): Debian ships no
 * mingw-w64 jansson, so this is mockd3d12's own implementation (src/win32/
 * json.c) of the part of jansson's documented API that src/caps and the CLI
 * use. The declarations, flags and behaviour follow jansson's documentation
 * (reference counts with the *_new functions stealing one, objects keeping
 * insertion order, JSON_REJECT_DUPLICATES, JSON_DECODE_INT_AS_REAL, the dump
 * flags, UTF-8 validation), so the same sources build against either.
 * Only the Windows build sees this directory; Linux uses the real jansson.
 */
#ifndef MOCKD3D12_WIN32_JANSSON_H
#define MOCKD3D12_WIN32_JANSSON_H

#include <stdarg.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum
{
    JSON_OBJECT,
    JSON_ARRAY,
    JSON_STRING,
    JSON_INTEGER,
    JSON_REAL,
    JSON_TRUE,
    JSON_FALSE,
    JSON_NULL,
} json_type;

typedef struct json_t
{
    json_type type;
    volatile size_t refcount;
} json_t;

typedef long long json_int_t;
#define JSON_INTEGER_FORMAT "lld"

#define JSON_ERROR_TEXT_LENGTH 160
#define JSON_ERROR_SOURCE_LENGTH 80
typedef struct json_error_t
{
    int line;
    int column;
    int position;
    char source[JSON_ERROR_SOURCE_LENGTH];
    char text[JSON_ERROR_TEXT_LENGTH];
} json_error_t;

#define json_typeof(json) ((json)->type)
#define json_is_object(json) ((json) && json_typeof(json) == JSON_OBJECT)
#define json_is_array(json) ((json) && json_typeof(json) == JSON_ARRAY)
#define json_is_string(json) ((json) && json_typeof(json) == JSON_STRING)
#define json_is_integer(json) ((json) && json_typeof(json) == JSON_INTEGER)
#define json_is_real(json) ((json) && json_typeof(json) == JSON_REAL)
#define json_is_number(json) (json_is_integer(json) || json_is_real(json))
#define json_is_true(json) ((json) && json_typeof(json) == JSON_TRUE)
#define json_is_false(json) ((json) && json_typeof(json) == JSON_FALSE)
#define json_boolean_value json_is_true
#define json_is_boolean(json) (json_is_true(json) || json_is_false(json))
#define json_is_null(json) ((json) && json_typeof(json) == JSON_NULL)

/* Values */
json_t *json_object(void);
json_t *json_array(void);
json_t *json_string(const char *value);
json_t *json_stringn(const char *value, size_t len);
json_t *json_integer(json_int_t value);
json_t *json_real(double value);
json_t *json_true(void);
json_t *json_false(void);
#define json_boolean(val) ((val) ? json_true() : json_false())
json_t *json_null(void);

json_t *json_incref(json_t *json);
void json_delete(json_t *json);
void json_decref(json_t *json);

/* Objects, in insertion order. */
size_t json_object_size(const json_t *object);
json_t *json_object_get(const json_t *object, const char *key);
int json_object_set_new(json_t *object, const char *key, json_t *value);
int json_object_set(json_t *object, const char *key, json_t *value);
int json_object_del(json_t *object, const char *key);
/* The i-th member (jansson iterates with json_object_iter*; this file's
 * loop macro uses an index instead, with the same use). */
int mk_json_object_member(const json_t *object, size_t index, const char **key, json_t **value);
#define json_object_foreach(object, key, value) \
    for (size_t mk_json_index_ = 0; mk_json_object_member((object), mk_json_index_, &(key), &(value)); \
            ++mk_json_index_)

/* Arrays */
size_t json_array_size(const json_t *array);
json_t *json_array_get(const json_t *array, size_t index);
int json_array_append_new(json_t *array, json_t *value);
int json_array_append(json_t *array, json_t *value);
#define json_array_foreach(array, index, value) \
    for (index = 0; index < json_array_size(array) && ((value) = json_array_get(array, index)); index++)

/* Scalars */
const char *json_string_value(const json_t *string);
size_t json_string_length(const json_t *string);
json_int_t json_integer_value(const json_t *integer);
double json_real_value(const json_t *real);
double json_number_value(const json_t *json);

json_t *json_deep_copy(const json_t *json);
int json_equal(const json_t *a, const json_t *b);

/* Decoding */
#define JSON_REJECT_DUPLICATES 0x1
#define JSON_DISABLE_EOF_CHECK 0x2
#define JSON_DECODE_ANY 0x4
#define JSON_DECODE_INT_AS_REAL 0x8
#define JSON_ALLOW_NUL 0x10
json_t *json_loads(const char *input, size_t flags, json_error_t *error);
json_t *json_loadb(const char *buffer, size_t buflen, size_t flags, json_error_t *error);

/* Encoding */
#define JSON_MAX_INDENT 0x1F
#define JSON_INDENT(n) ((n) & JSON_MAX_INDENT)
#define JSON_COMPACT 0x20
#define JSON_ENSURE_ASCII 0x40
#define JSON_SORT_KEYS 0x80
#define JSON_PRESERVE_ORDER 0x100 /* always on, as in jansson >= 2.8 */
#define JSON_ENCODE_ANY 0x200
#define JSON_ESCAPE_SLASH 0x400
#define JSON_REAL_PRECISION(n) (((n) & 0x1F) << 11)
char *json_dumps(const json_t *json, size_t flags);

/* Allocation: every value, key and string goes through these (malloc and
 * free by default); json_dumps' result is plain malloc memory, for free(). */
typedef void *(*json_malloc_t)(size_t);
typedef void (*json_free_t)(void *);
void json_set_alloc_funcs(json_malloc_t malloc_fn, json_free_t free_fn);
void json_get_alloc_funcs(json_malloc_t *malloc_fn, json_free_t *free_fn);

/* Building: the format letters { } [ ] s b i I f n o O (jansson's meaning). */
json_t *json_pack(const char *fmt, ...);
json_t *json_vpack_ex(json_error_t *error, size_t flags, const char *fmt, va_list ap);

#ifdef __cplusplus
}
#endif

#endif
