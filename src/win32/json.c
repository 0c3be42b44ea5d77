/*
 * The JSON values, parser and printer of the Windows build (src/win32/
 * jansson.h says why and what). Written for mockd3d12's profile files: small
 * documents, objects of at most a few hundred members (looked up linearly).
 */
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jansson.h"

#include "alloc.h"
#include "printf_format.h"

#define JSON_STATIC_REFCOUNT ((size_t)-1)

struct json_member
{
    char *key;
    json_t *value;
};

struct json_object_impl
{
    json_t json;
    struct json_member *members;
    size_t count, capacity;
};

struct json_array_impl
{
    json_t json;
    json_t **items;
    size_t count, capacity;
};

struct json_string_impl
{
    json_t json;
    char *value;
    size_t length;
};

struct json_integer_impl
{
    json_t json;
    json_int_t value;
};

struct json_real_impl
{
    json_t json;
    double value;
};

/* The defaults are the library's allocator (src/alloc.h: malloc and free
 * behind the failure-injection counter), where jansson's are malloc and free:
 * the same memory, so values made before and after a json_set_alloc_funcs()
 * may be freed either way. */
static json_malloc_t json_malloc_fn = mk_alloc;
static json_free_t json_free_fn = mk_free;

void json_set_alloc_funcs(json_malloc_t malloc_fn, json_free_t free_fn)
{
    json_malloc_fn = malloc_fn ? malloc_fn : mk_alloc;
    json_free_fn = free_fn ? free_fn : mk_free;
}

void json_get_alloc_funcs(json_malloc_t *malloc_fn, json_free_t *free_fn)
{
    if (malloc_fn)
        *malloc_fn = json_malloc_fn;
    if (free_fn)
        *free_fn = json_free_fn;
}

static void *jmalloc(size_t size)
{
    return json_malloc_fn(size ? size : 1);
}

static void jfree(void *p)
{
    if (p)
        json_free_fn(p);
}

/* realloc through the malloc/free pair (jansson's interface has no realloc). */
static void *jrealloc(void *p, size_t old_size, size_t new_size)
{
    void *q = jmalloc(new_size);

    if (q && p)
        memcpy(q, p, old_size < new_size ? old_size : new_size);
    if (q)
        jfree(p);
    return q;
}

static json_t json_true_value = {JSON_TRUE, JSON_STATIC_REFCOUNT};
static json_t json_false_value = {JSON_FALSE, JSON_STATIC_REFCOUNT};
static json_t json_null_value = {JSON_NULL, JSON_STATIC_REFCOUNT};

static struct json_object_impl *as_object(const json_t *json)
{
    return json_is_object(json) ? (struct json_object_impl *)json : NULL;
}

static struct json_array_impl *as_array(const json_t *json)
{
    return json_is_array(json) ? (struct json_array_impl *)json : NULL;
}

/* ---- Values ---- */

static void *new_value(size_t size, json_type type)
{
    json_t *json = jmalloc(size);

    if (json)
    {
        memset(json, 0, size);
        json->type = type;
        json->refcount = 1;
    }
    return json;
}

json_t *json_object(void)
{
    return new_value(sizeof(struct json_object_impl), JSON_OBJECT);
}

json_t *json_array(void)
{
    return new_value(sizeof(struct json_array_impl), JSON_ARRAY);
}

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 when invalid. */
static size_t utf8_sequence(const unsigned char *s, size_t n, uint32_t *cp)
{
    size_t len, i;
    uint32_t c;

    if (s[0] < 0x80)
        len = 1, c = s[0];
    else if (s[0] >= 0xC2 && s[0] <= 0xDF)
        len = 2, c = s[0] & 0x1F;
    else if (s[0] >= 0xE0 && s[0] <= 0xEF)
        len = 3, c = s[0] & 0x0F;
    else if (s[0] >= 0xF0 && s[0] <= 0xF4)
        len = 4, c = s[0] & 0x07;
    else
        return 0;
    if (len > n)
        return 0;
    for (i = 1; i < len; ++i)
    {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (s[i] & 0x3F);
    }
    if ((len == 3 && c < 0x800) || (len == 4 && (c < 0x10000 || c > 0x10FFFF)) || (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    if (cp)
        *cp = c;
    return len;
}

static bool utf8_valid(const char *s, size_t n)
{
    size_t i = 0, len;

    while (i < n)
    {
        if (!(len = utf8_sequence((const unsigned char *)s + i, n - i, NULL)))
            return false;
        i += len;
    }
    return true;
}

/* Takes ownership of value (length bytes + NUL). */
static json_t *string_own(char *value, size_t length)
{
    struct json_string_impl *string;

    if (!(string = new_value(sizeof(*string), JSON_STRING)))
    {
        jfree(value);
        return NULL;
    }
    string->value = value;
    string->length = length;
    return &string->json;
}

json_t *json_stringn(const char *value, size_t len)
{
    char *copy;

    if (!value || !utf8_valid(value, len) || !(copy = jmalloc(len + 1)))
        return NULL;
    memcpy(copy, value, len);
    copy[len] = 0;
    return string_own(copy, len);
}

json_t *json_string(const char *value)
{
    return value ? json_stringn(value, strlen(value)) : NULL;
}

json_t *json_integer(json_int_t value)
{
    struct json_integer_impl *integer = new_value(sizeof(*integer), JSON_INTEGER);

    if (integer)
        integer->value = value;
    return integer ? &integer->json : NULL;
}

json_t *json_real(double value)
{
    struct json_real_impl *real;

    if (isnan(value) || isinf(value) || !(real = new_value(sizeof(*real), JSON_REAL)))
        return NULL;
    real->value = value;
    return &real->json;
}

json_t *json_true(void)
{
    return &json_true_value;
}

json_t *json_false(void)
{
    return &json_false_value;
}

json_t *json_null(void)
{
    return &json_null_value;
}

json_t *json_incref(json_t *json)
{
    if (json && json->refcount != JSON_STATIC_REFCOUNT)
        __atomic_add_fetch(&json->refcount, 1, __ATOMIC_ACQUIRE);
    return json;
}

void json_delete(json_t *json)
{
    size_t i;

    switch (json->type)
    {
        case JSON_OBJECT:
        {
            struct json_object_impl *object = as_object(json);
            for (i = 0; i < object->count; ++i)
            {
                jfree(object->members[i].key);
                json_decref(object->members[i].value);
            }
            jfree(object->members);
            break;
        }
        case JSON_ARRAY:
        {
            struct json_array_impl *array = as_array(json);
            for (i = 0; i < array->count; ++i)
                json_decref(array->items[i]);
            jfree(array->items);
            break;
        }
        case JSON_STRING:
            jfree(((struct json_string_impl *)json)->value);
            break;
        default:
            break;
    }
    jfree(json);
}

void json_decref(json_t *json)
{
    if (json && json->refcount != JSON_STATIC_REFCOUNT
            && !__atomic_sub_fetch(&json->refcount, 1, __ATOMIC_RELEASE))
        json_delete(json);
}

/* ---- Objects ---- */

size_t json_object_size(const json_t *json)
{
    struct json_object_impl *object = as_object(json);

    return object ? object->count : 0;
}

static struct json_member *find_member(const struct json_object_impl *object, const char *key)
{
    size_t i;

    for (i = 0; i < object->count; ++i)
    {
        if (!strcmp(object->members[i].key, key))
            return &object->members[i];
    }
    return NULL;
}

json_t *json_object_get(const json_t *json, const char *key)
{
    struct json_object_impl *object = as_object(json);
    struct json_member *member;

    if (!object || !key || !(member = find_member(object, key)))
        return NULL;
    return member->value;
}

int json_object_set_new(json_t *json, const char *key, json_t *value)
{
    struct json_object_impl *object = as_object(json);
    struct json_member *member, *grown;
    size_t key_size;

    if (!value)
        return -1;
    if (!object || !key || object == (struct json_object_impl *)value || !utf8_valid(key, strlen(key)))
    {
        json_decref(value);
        return -1;
    }
    if ((member = find_member(object, key)))
    {
        json_decref(member->value);
        member->value = value;
        return 0;
    }
    if (object->count == object->capacity)
    {
        size_t capacity = object->capacity ? object->capacity * 2 : 8;
        if (!(grown = jrealloc(object->members, object->capacity * sizeof(*grown), capacity * sizeof(*grown))))
        {
            json_decref(value);
            return -1;
        }
        object->members = grown;
        object->capacity = capacity;
    }
    key_size = strlen(key) + 1;
    if (!(object->members[object->count].key = jmalloc(key_size)))
    {
        json_decref(value);
        return -1;
    }
    memcpy(object->members[object->count].key, key, key_size);
    object->members[object->count++].value = value;
    return 0;
}

int json_object_set(json_t *object, const char *key, json_t *value)
{
    if (!value)
        return -1;
    return json_object_set_new(object, key, json_incref(value));
}

int json_object_del(json_t *json, const char *key)
{
    struct json_object_impl *object = as_object(json);
    struct json_member *member;
    size_t index;

    if (!object || !key || !(member = find_member(object, key)))
        return -1;
    index = (size_t)(member - object->members);
    jfree(member->key);
    json_decref(member->value);
    memmove(member, member + 1, (object->count - index - 1) * sizeof(*member));
    --object->count;
    return 0;
}

int mk_json_object_member(const json_t *json, size_t index, const char **key, json_t **value)
{
    struct json_object_impl *object = as_object(json);

    if (!object || index >= object->count)
        return 0;
    *key = object->members[index].key;
    *value = object->members[index].value;
    return 1;
}

/* ---- Arrays ---- */

size_t json_array_size(const json_t *json)
{
    struct json_array_impl *array = as_array(json);

    return array ? array->count : 0;
}

json_t *json_array_get(const json_t *json, size_t index)
{
    struct json_array_impl *array = as_array(json);

    return array && index < array->count ? array->items[index] : NULL;
}

int json_array_append_new(json_t *json, json_t *value)
{
    struct json_array_impl *array = as_array(json);
    json_t **grown;

    if (!value)
        return -1;
    if (!array || json == value)
    {
        json_decref(value);
        return -1;
    }
    if (array->count == array->capacity)
    {
        size_t capacity = array->capacity ? array->capacity * 2 : 8;
        if (!(grown = jrealloc(array->items, array->capacity * sizeof(*grown), capacity * sizeof(*grown))))
        {
            json_decref(value);
            return -1;
        }
        array->items = grown;
        array->capacity = capacity;
    }
    array->items[array->count++] = value;
    return 0;
}

int json_array_append(json_t *array, json_t *value)
{
    if (!value)
        return -1;
    return json_array_append_new(array, json_incref(value));
}

/* ---- Scalars ---- */

const char *json_string_value(const json_t *json)
{
    return json_is_string(json) ? ((const struct json_string_impl *)json)->value : NULL;
}

size_t json_string_length(const json_t *json)
{
    return json_is_string(json) ? ((const struct json_string_impl *)json)->length : 0;
}

json_int_t json_integer_value(const json_t *json)
{
    return json_is_integer(json) ? ((const struct json_integer_impl *)json)->value : 0;
}

double json_real_value(const json_t *json)
{
    return json_is_real(json) ? ((const struct json_real_impl *)json)->value : 0.0;
}

double json_number_value(const json_t *json)
{
    if (json_is_integer(json))
        return (double)json_integer_value(json);
    return json_real_value(json);
}

json_t *json_deep_copy(const json_t *json)
{
    json_t *copy, *item;
    size_t i;

    if (!json)
        return NULL;
    switch (json->type)
    {
        case JSON_OBJECT:
        {
            const struct json_object_impl *object = as_object(json);
            if (!(copy = json_object()))
                return NULL;
            for (i = 0; i < object->count; ++i)
            {
                if (json_object_set_new(copy, object->members[i].key, json_deep_copy(object->members[i].value)))
                {
                    json_decref(copy);
                    return NULL;
                }
            }
            return copy;
        }
        case JSON_ARRAY:
            if (!(copy = json_array()))
                return NULL;
            for (i = 0; (item = json_array_get(json, i)); ++i)
            {
                if (json_array_append_new(copy, json_deep_copy(item)))
                {
                    json_decref(copy);
                    return NULL;
                }
            }
            return copy;
        case JSON_STRING:
            return json_stringn(json_string_value(json), json_string_length(json));
        case JSON_INTEGER:
            return json_integer(json_integer_value(json));
        case JSON_REAL:
            return json_real(json_real_value(json));
        default:
            return (json_t *)json; /* the static true/false/null */
    }
}

int json_equal(const json_t *a, const json_t *b)
{
    const char *key;
    json_t *value;
    size_t i;

    if (!a || !b || a->type != b->type)
        return 0;
    if (a == b)
        return 1;
    switch (a->type)
    {
        case JSON_OBJECT:
            if (json_object_size(a) != json_object_size(b))
                return 0;
            json_object_foreach(a, key, value)
            {
                if (!json_equal(value, json_object_get(b, key)))
                    return 0;
            }
            return 1;
        case JSON_ARRAY:
            if (json_array_size(a) != json_array_size(b))
                return 0;
            for (i = 0; i < json_array_size(a); ++i)
            {
                if (!json_equal(json_array_get(a, i), json_array_get(b, i)))
                    return 0;
            }
            return 1;
        case JSON_STRING:
            return json_string_length(a) == json_string_length(b)
                    && !memcmp(json_string_value(a), json_string_value(b), json_string_length(a));
        case JSON_INTEGER:
            return json_integer_value(a) == json_integer_value(b);
        case JSON_REAL:
            return json_real_value(a) == json_real_value(b);
        default:
            return 1;
    }
}

/* ---- Decoding ---- */

#define MAX_DEPTH 2048

struct parser
{
    const char *p, *end, *start;
    size_t flags;
    int line, column;
    json_error_t *error;
    unsigned depth;
    int dropped;    /* NUL bytes dropped after a token (drop_nul): not in the position */
};

static void set_error(json_error_t *error, int line, int column, int position, const char *fmt, ...)
{
    va_list ap;

    if (!error)
        return;
    error->line = line;
    error->column = column;
    error->position = position;
    va_start(ap, fmt);
    vsnprintf(error->text, sizeof(error->text), fmt, ap);
    va_end(ap);
}

/* Records the error at the parser's position; returns NULL for `return FAIL(...)`.
 * The first error recorded stands, as in jansson (see report()). */
static void *parse_error(struct parser *ps, const char *fmt, ...)
{
    va_list ap;

    if (ps->error && !ps->error->text[0])
    {
        ps->error->line = ps->line;
        ps->error->column = ps->column;
        ps->error->position = (int)(ps->p - ps->start) - ps->dropped;
        va_start(ap, fmt);
        vsnprintf(ps->error->text, sizeof(ps->error->text), fmt, ap);
        va_end(ap);
    }
    return NULL;
}
#define FAIL parse_error

static int peek(const struct parser *ps)
{
    return ps->p < ps->end ? (unsigned char)*ps->p : -1;
}

static void advance(struct parser *ps)
{
    if (*ps->p == '\n')
    {
        ++ps->line;
        ps->column = 0;
    }
    else if (((unsigned char)*ps->p & 0xC0) != 0x80)
    {
        ++ps->column; /* columns count characters, not bytes */
    }
    ++ps->p;
}

/* ---- Tokens, and their errors as jansson reports them ----
 *
 * jansson reads a whole token before the parser looks at it, so an error is
 * located after what was read of the token (line, column in characters,
 * position in bytes), and its text names the token as read so far, as a C
 * string (up to a NUL byte): "... near ','"; "... near end of file" when
 * nothing was read (the end of the input, or a NUL byte); no context when
 * the token is longer than 20 bytes. Every character is decoded as UTF-8 as
 * it is read, the one after a number or a word too: a byte that does not
 * decode is "unable to decode byte 0x.." near what was read of the token,
 * without context when nothing was. The first error recorded stands: one
 * found while reading a token (a string's bad escape) wins over what the
 * parser expected there, and a character after a number or a word that does
 * not decode is recorded as it is read, yet fails the document only if the
 * parser reads on (it does not after a lone value with
 * JSON_DISABLE_EOF_CHECK). */
#define TOKEN_CONTEXT_MAX 20

static void report(struct parser *ps, const char *token, size_t length, const struct parser *after, bool decoding,
        const char *message)
{
    size_t used, shown;
    const char *nul;
    char *text;

    if (!ps->error || ps->error->text[0])
        return;
    ps->error->line = after->line;
    ps->error->column = after->column;
    ps->error->position = (int)(after->p - ps->start) - after->dropped;
    text = ps->error->text;
    snprintf(text, sizeof(ps->error->text), "%s", message);
    used = strlen(text);
    /* jansson shows the token as a C string (up to a NUL byte), when all of
     * it, NUL bytes included, is short enough. */
    shown = token && (nul = memchr(token, 0, length)) ? (size_t)(nul - token) : length;
    if (token && shown)
    {
        if (length <= TOKEN_CONTEXT_MAX)
            snprintf(text + used, sizeof(ps->error->text) - used, " near '%.*s'", (int)shown, token);
    }
    else if (!decoding)
    {
        snprintf(text + used, sizeof(ps->error->text) - used, " near end of file");
    }
}

/* The error at `after` (the parser past what was read of the token that
 * starts at `token`, `length` bytes; NULL: nothing read). */
static void *fail_near(struct parser *ps, const char *token, size_t length, const struct parser *after,
        const char *fmt, ...) MK_PRINTF_FORMAT(5, 6);

static void *fail_near(struct parser *ps, const char *token, size_t length, const struct parser *after,
        const char *fmt, ...)
{
    char message[JSON_ERROR_TEXT_LENGTH];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(message, sizeof(message), fmt, ap);
    va_end(ap);
    report(ps, token, length, after, false, message);
    return NULL;
}

/* The byte at the parser's position does not decode, in the token that
 * starts at `token`. */
static void *fail_decode(struct parser *ps, const char *token)
{
    char message[40];

    snprintf(message, sizeof(message), "unable to decode byte 0x%x", (unsigned char)*ps->p);
    report(ps, token, (size_t)(ps->p - token), ps, true, message);
    return NULL;
}

/* The next character as jansson's reader gets it: -1 at the end, -2 when
 * its bytes are not UTF-8, else its first byte. */
#define BAD_UTF8 (-2)

static int look(const struct parser *ps)
{
    if (ps->p >= ps->end)
        return -1;
    if ((unsigned char)*ps->p < 0x80)
        return (unsigned char)*ps->p;
    return utf8_sequence((const unsigned char *)ps->p, (size_t)(ps->end - ps->p), NULL)
            ? (unsigned char)*ps->p : BAD_UTF8;
}

/* Past one character that look() found to decode (all its bytes). */
static void advance_char(struct parser *ps)
{
    size_t len = utf8_sequence((const unsigned char *)ps->p, (size_t)(ps->end - ps->p), NULL);

    if (!len)
        len = 1;
    while (len--)
        advance(ps);
}

/* jansson's reader puts back the character it read after a number or a
 * word, except a NUL byte, which is lost: not read again, not counted in
 * the column or the position. */
static void drop_nul(struct parser *ps)
{
    if (ps->p < ps->end && !*ps->p)
    {
        ++ps->p;
        ++ps->dropped;
    }
}

static bool is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static bool is_alpha(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static void skip_space(struct parser *ps)
{
    int c;

    while ((c = peek(ps)) == ' ' || c == '\t' || c == '\n' || c == '\r')
        advance(ps);
}

static int hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static size_t encode_utf8(uint32_t cp, char *out)
{
    if (cp < 0x80)
    {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800)
    {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000)
    {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* The 4 hex digits of a \u escape (`p` after the 'u', all of them read). */
static uint32_t hex4_value(const char *p)
{
    uint32_t v = 0;
    int i;

    for (i = 0; i < 4; ++i)
        v = v * 16 + (uint32_t)hex_digit((unsigned char)p[i]);
    return v;
}

/* Reads the string token at the parser's position (its opening quote) to
 * its closing quote, checking its characters and escapes; then decodes it.
 * Returns the decoded text (NUL-terminated, `*length` bytes), or NULL with
 * the error set. \u0000 is allowed with `allow_nul` (JSON_ALLOW_NUL, and
 * object keys, whose caller rejects it with its own message). */
static char *scan_string(struct parser *ps, bool allow_nul, size_t *length)
{
    const char *token = ps->p, *body;
    size_t capacity, n = 0;
    bool nul = false;
    char *buffer;
    uint32_t cp, low;
    int c, i;

#define TOKEN_SO_FAR token, (size_t)(ps->p - token), ps
    advance(ps);
    body = ps->p;
    /* 1. The token, as jansson's reader checks it. */
    for (;;)
    {
        if ((c = look(ps)) == -1)
            return fail_near(ps, TOKEN_SO_FAR, "premature end of input");
        if (c == BAD_UTF8)
            return fail_decode(ps, token);
        if (c == '"')
            break;
        if (c == '\n')
            return fail_near(ps, TOKEN_SO_FAR, "unexpected newline");
        if (c < 0x20)
            return fail_near(ps, TOKEN_SO_FAR, "control character 0x%x", c);
        advance_char(ps);
        if (c != '\\')
            continue;
        if ((c = look(ps)) == BAD_UTF8)
            return fail_decode(ps, token);
        if (c == -1)
            return fail_near(ps, TOKEN_SO_FAR, "invalid escape");
        /* Escapes are ASCII: of another character, the error has read
         * only its first byte, as jansson's has. */
        advance(ps);
        if (c == 'u')
        {
            for (i = 0; i < 4; ++i)
            {
                if ((c = look(ps)) == BAD_UTF8)
                    return fail_decode(ps, token);
                if (c == -1)
                    return fail_near(ps, TOKEN_SO_FAR, "invalid escape");
                advance(ps);
                if (hex_digit(c) < 0)
                    return fail_near(ps, TOKEN_SO_FAR, "invalid escape");
            }
        }
        else if (!c || !strchr("\"\\/bfnrt", c))
        {
            return fail_near(ps, TOKEN_SO_FAR, "invalid escape");
        }
    }
    advance(ps);

    /* 2. Its value: a decoded escape is never longer than its text. */
    capacity = (size_t)(ps->p - body);
    if (!(buffer = jmalloc(capacity)))
        return FAIL(ps, "out of memory");
    for (i = 0; body + i < ps->p - 1;)
    {
        if (body[i] != '\\')
        {
            buffer[n++] = body[i++];
            continue;
        }
        c = (unsigned char)body[i + 1];
        i += 2;
        switch (c)
        {
            case 'b': buffer[n++] = '\b'; continue;
            case 'f': buffer[n++] = '\f'; continue;
            case 'n': buffer[n++] = '\n'; continue;
            case 'r': buffer[n++] = '\r'; continue;
            case 't': buffer[n++] = '\t'; continue;
            case 'u': break;
            default: buffer[n++] = (char)c; continue;
        }
        cp = hex4_value(body + i);
        i += 4;
        if (cp >= 0xD800 && cp <= 0xDBFF)
        {
            if (body + i + 6 > ps->p - 1 || body[i] != '\\' || body[i + 1] != 'u')
            {
                jfree(buffer);
                return fail_near(ps, TOKEN_SO_FAR, "invalid Unicode '\\u%04X'", (unsigned)cp);
            }
            low = hex4_value(body + i + 2);
            i += 6;
            if (low < 0xDC00 || low > 0xDFFF)
            {
                jfree(buffer);
                return fail_near(ps, TOKEN_SO_FAR, "invalid Unicode '\\u%04X\\u%04X'", (unsigned)cp, (unsigned)low);
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        }
        else if (cp >= 0xDC00 && cp <= 0xDFFF)
        {
            jfree(buffer);
            return fail_near(ps, TOKEN_SO_FAR, "invalid Unicode '\\u%04X'", (unsigned)cp);
        }
        /* A \u0000 is checked after every surrogate pair, as jansson does. */
        nul |= !cp;
        n += encode_utf8(cp, buffer + n);
    }
    if (nul && !allow_nul)
    {
        jfree(buffer);
        return fail_near(ps, TOKEN_SO_FAR, "\\u0000 is not allowed without JSON_ALLOW_NUL");
    }
#undef TOKEN_SO_FAR
    buffer[n] = 0;
    *length = n;
    return buffer;
}

/* Reads a number token as jansson's reader does: a '-', then digits (no
 * leading zero before another digit), a fraction, an exponent; it stops
 * before the first character that does not fit, which it has read (and
 * decoded: when it does not decode, the error is recorded); `*length`
 * bytes. Returns whether the token is a whole number; `*is_real` says
 * whether it has a fraction or an exponent. */
static bool scan_number(struct parser *ps, bool *is_real, size_t *length)
{
    const char *token = ps->p;
    bool whole = false;
    int c;

    *is_real = false;
    if (look(ps) == '-')
        advance(ps);
    if ((c = look(ps)) == '0')
    {
        advance(ps);
        whole = !is_digit(look(ps));
    }
    else if (is_digit(c))
    {
        while (is_digit(look(ps)))
            advance(ps);
        whole = true;
    }
    if (whole && look(ps) == '.')
    {
        *is_real = true;
        advance(ps);
        whole = is_digit(look(ps));
        while (is_digit(look(ps)))
            advance(ps);
    }
    if (whole && (look(ps) == 'e' || look(ps) == 'E'))
    {
        *is_real = true;
        advance(ps);
        if (look(ps) == '+' || look(ps) == '-')
            advance(ps);
        whole = is_digit(look(ps));
        while (is_digit(look(ps)))
            advance(ps);
    }
    if (look(ps) == BAD_UTF8)
        fail_decode(ps, token);
    *length = (size_t)(ps->p - token);
    drop_nul(ps);
    return whole;
}

/* Reads the token at the parser's position that is not a string or a
 * number: a word (a run of letters, and the character after it: when it
 * does not decode, the error is recorded), or one character; `*length`
 * bytes. Returns false with the error set when that one character does not
 * decode. */
static bool scan_other(struct parser *ps, size_t *length)
{
    const char *token = ps->p;
    int c = look(ps);

    if (c == BAD_UTF8)
    {
        fail_decode(ps, token);
        return false;
    }
    advance_char(ps);
    if (is_alpha(c))
    {
        while (is_alpha(look(ps)))
            advance(ps);
        if (look(ps) == BAD_UTF8)
            fail_decode(ps, token);
    }
    *length = (size_t)(ps->p - token);
    if (is_alpha(c))
        drop_nul(ps);
    return true;
}

static json_t *number_value(struct parser *ps, const char *token, size_t len, bool is_real);

/* The parser expected something else at its position: the error names the
 * token found there (once read: an error in reading it wins). */
static void *fail_at_token(struct parser *ps, const char *message)
{
    struct parser t = *ps;
    json_t *value;
    bool is_real;
    size_t length;
    char *text;
    int c = look(&t);

    if (c == -1)
        return fail_near(ps, NULL, 0, &t, "%s", message);
    if (c == '"')
    {
        if (!(text = scan_string(&t, true, &length)))
            return NULL;
        jfree(text);
        length = (size_t)(t.p - ps->p);
    }
    else if (c == '-' || is_digit(c))
    {
        if (scan_number(&t, &is_real, &length))
        {
            if (!(value = number_value(&t, ps->p, length, is_real)))
                return NULL;
            json_decref(value);
        }
    }
    else if (!scan_other(&t, &length))
    {
        return NULL;
    }
    return fail_near(ps, ps->p, length, &t, "%s", message);
}

static json_t *parse_value(struct parser *ps);

/* The value of the number token of `len` bytes at `token` that
 * scan_number() read whole (jansson converts it as it reads it: its errors
 * are the reader's). */
static json_t *number_value(struct parser *ps, const char *token, size_t len, bool is_real)
{
    char small[64], *text = small, *end;
    json_t *value = NULL;

    if (len >= sizeof(small) && !(text = jmalloc(len + 1)))
        return FAIL(ps, "out of memory");
    memcpy(text, token, len);
    text[len] = 0;
    errno = 0;
    if (!is_real && !(ps->flags & JSON_DECODE_INT_AS_REAL))
    {
        long long integer = strtoll(text, &end, 10);

        if (errno == ERANGE)
            fail_near(ps, token, len, ps, integer < 0 ? "too big negative integer" : "too big integer");
        else if (!(value = json_integer(integer)))
            FAIL(ps, "out of memory");
    }
    else
    {
        double real = strtod(text, &end);

        if (errno == ERANGE && (real == HUGE_VAL || real == -HUGE_VAL))
            fail_near(ps, token, len, ps, "real number overflow");
        else if (!(value = json_real(real)))
            FAIL(ps, "out of memory");
    }
    if (text != small)
        jfree(text);
    return value;
}

static json_t *parse_number(struct parser *ps)
{
    const char *token = ps->p;
    bool is_real;
    size_t len;

    if (!scan_number(ps, &is_real, &len))
        return fail_near(ps, token, len, ps, "invalid token");
    return number_value(ps, token, len, is_real);
}

static json_t *parse_object(struct parser *ps)
{
    const char *key_token;
    json_t *object, *value;
    size_t length;
    char *key;

    if (!(object = json_object()))
        return FAIL(ps, "out of memory");
    skip_space(ps);
    if (peek(ps) == '}')
    {
        advance(ps);
        return object;
    }
    for (;;)
    {
        skip_space(ps);
        if (peek(ps) != '"')
        {
            json_decref(object);
            return fail_at_token(ps, "string or '}' expected");
        }
        key_token = ps->p;
        if (!(key = scan_string(ps, true, &length)))
        {
            json_decref(object);
            return NULL;
        }
        if (memchr(key, 0, length))
        {
            jfree(key);
            json_decref(object);
            return fail_near(ps, key_token, (size_t)(ps->p - key_token), ps, "NUL byte in object key not supported");
        }
        if ((ps->flags & JSON_REJECT_DUPLICATES) && json_object_get(object, key))
        {
            jfree(key);
            json_decref(object);
            return fail_near(ps, key_token, (size_t)(ps->p - key_token), ps, "duplicate object key");
        }
        skip_space(ps);
        if (peek(ps) != ':')
        {
            jfree(key);
            json_decref(object);
            return fail_at_token(ps, "':' expected");
        }
        advance(ps);
        if (!(value = parse_value(ps)) || json_object_set_new(object, key, value))
        {
            jfree(key);
            json_decref(object);
            return value ? FAIL(ps, "out of memory") : NULL;
        }
        jfree(key);
        skip_space(ps);
        if (peek(ps) == '}')
        {
            advance(ps);
            return object;
        }
        if (peek(ps) != ',')
        {
            json_decref(object);
            return fail_at_token(ps, "'}' expected");
        }
        advance(ps);
    }
}

static json_t *parse_array(struct parser *ps)
{
    json_t *array, *value;

    if (!(array = json_array()))
        return FAIL(ps, "out of memory");
    skip_space(ps);
    if (peek(ps) == ']')
    {
        advance(ps);
        return array;
    }
    for (;;)
    {
        /* The end of the input where an element belongs: the array's end is
         * missing. */
        skip_space(ps);
        if (peek(ps) < 0)
            break;
        if (!(value = parse_value(ps)) || json_array_append_new(array, value))
        {
            json_decref(array);
            return value ? FAIL(ps, "out of memory") : NULL;
        }
        skip_space(ps);
        if (peek(ps) == ']')
        {
            advance(ps);
            return array;
        }
        if (peek(ps) != ',')
            break;
        advance(ps);
    }
    json_decref(array);
    return fail_at_token(ps, "']' expected");
}

/* A value: an object, an array, a string, a number, true, false or null. */
static json_t *parse_token_value(struct parser *ps)
{
    const char *token = ps->p;
    json_t *value = NULL;
    size_t length;
    char *text;
    int c = look(ps);

    if (c == '{' || c == '[')
    {
        advance(ps);
        return c == '{' ? parse_object(ps) : parse_array(ps);
    }
    if (c == '"')
    {
        if ((text = scan_string(ps, ps->flags & JSON_ALLOW_NUL, &length)) && !(value = string_own(text, length)))
            FAIL(ps, "out of memory");
        return value;
    }
    if (c == '-' || is_digit(c))
        return parse_number(ps);
    if (c == -1)
        return fail_near(ps, NULL, 0, ps, "unexpected token");
    if (!scan_other(ps, &length))
        return NULL;
    if (length == 4 && !memcmp(token, "true", 4))
        return json_true();
    if (length == 5 && !memcmp(token, "false", 5))
        return json_false();
    if (length == 4 && !memcmp(token, "null", 4))
        return json_null();
    /* A structural character where a value belongs is a token, but not one
     * a value starts with. */
    return fail_near(ps, token, length, ps, c && strchr("}],:", c) ? "unexpected token" : "invalid token");
}

static json_t *parse_value(struct parser *ps)
{
    json_t *value;

    skip_space(ps);
    if (ps->depth >= MAX_DEPTH)
        return fail_at_token(ps, "maximum parsing depth reached");
    ++ps->depth;
    value = parse_token_value(ps);
    --ps->depth;
    return value;
}

json_t *json_loadb(const char *buffer, size_t buflen, size_t flags, json_error_t *error)
{
    struct parser ps = {buffer, buffer + buflen, buffer, flags, 1, 0, error, 0, 0};
    json_t *root;

    if (error)
    {
        memset(error, 0, sizeof(*error));
        error->line = -1;
        error->column = -1;
        snprintf(error->source, sizeof(error->source), "<buffer>");
    }
    if (!buffer)
        return FAIL(&ps, "wrong arguments");
    skip_space(&ps);
    if (!(flags & JSON_DECODE_ANY) && peek(&ps) != '[' && peek(&ps) != '{')
        return fail_at_token(&ps, "'[' or '{' expected");
    if (!(root = parse_value(&ps)))
        return NULL;
    if (!(flags & JSON_DISABLE_EOF_CHECK))
    {
        skip_space(&ps);
        if (peek(&ps) >= 0)
        {
            json_decref(root);
            return fail_at_token(&ps, "end of file expected");
        }
    }
    return root;
}

json_t *json_loads(const char *input, size_t flags, json_error_t *error)
{
    json_t *root = json_loadb(input, input ? strlen(input) : 0, flags, error);

    if (error && input)
        snprintf(error->source, sizeof(error->source), "<string>");
    return root;
}

/* ---- Encoding ---- */

struct out
{
    char *text;
    size_t length, capacity;
    bool failed;
};

static void put(struct out *out, const char *s, size_t n)
{
    char *grown;

    if (out->failed)
        return;
    if (out->length + n + 1 > out->capacity)
    {
        size_t capacity = out->capacity ? out->capacity : 256;
        while (out->length + n + 1 > capacity)
            capacity *= 2;
        if (!(grown = mk_realloc(out->text, capacity)))
        {
            out->failed = true;
            return;
        }
        out->text = grown;
        out->capacity = capacity;
    }
    memcpy(out->text + out->length, s, n);
    out->length += n;
    out->text[out->length] = 0;
}

static void puts_(struct out *out, const char *s)
{
    put(out, s, strlen(s));
}

static void newline_indent(struct out *out, size_t flags, unsigned depth)
{
    unsigned i, n = (unsigned)(flags & JSON_MAX_INDENT) * depth;

    if (!(flags & JSON_MAX_INDENT))
        return;
    put(out, "\n", 1);
    for (i = 0; i < n; ++i)
        put(out, " ", 1);
}

static void dump_string(struct out *out, const char *s, size_t n, size_t flags)
{
    size_t i = 0, len;
    char escape[16];
    uint32_t cp;

    put(out, "\"", 1);
    while (i < n)
    {
        unsigned char c = (unsigned char)s[i];
        len = utf8_sequence((const unsigned char *)s + i, n - i, &cp);
        if (!len)
        {
            out->failed = true;
            return;
        }
        if (c == '"' || c == '\\')
        {
            escape[0] = '\\';
            escape[1] = (char)c;
            put(out, escape, 2);
        }
        else if (c == '/' && (flags & JSON_ESCAPE_SLASH))
            put(out, "\\/", 2);
        else if (c == '\b')
            put(out, "\\b", 2);
        else if (c == '\f')
            put(out, "\\f", 2);
        else if (c == '\n')
            put(out, "\\n", 2);
        else if (c == '\r')
            put(out, "\\r", 2);
        else if (c == '\t')
            put(out, "\\t", 2);
        else if (c < 0x20 || (cp >= 0x80 && (flags & JSON_ENSURE_ASCII)))
        {
            if (cp >= 0x10000)
            {
                uint32_t v = cp - 0x10000;
                snprintf(escape, sizeof(escape), "\\u%04X\\u%04X", (unsigned)(0xD800 | (v >> 10)),
                        (unsigned)(0xDC00 | (v & 0x3FF)));
            }
            else
            {
                snprintf(escape, sizeof(escape), "\\u%04X", (unsigned)cp);
            }
            puts_(out, escape);
        }
        else
            put(out, s + i, len);
        i += len;
    }
    put(out, "\"", 1);
}

static void dump_real(struct out *out, double value, size_t flags)
{
    int precision = (int)((flags >> 11) & 0x1F);
    char text[64], *p;

    snprintf(text, sizeof(text), "%.*g", precision ? precision : 17, value);
    if (!strpbrk(text, ".eE"))
        strcat(text, ".0");
    /* "1e+20" -> "1e20", "1e-05" -> "1e-5", as jansson prints them. */
    if ((p = strpbrk(text, "eE")))
    {
        char *q = p + 1, *digits;
        if (*q == '+')
            memmove(q, q + 1, strlen(q));
        else if (*q == '-')
            ++q;
        digits = q;
        while (*digits == '0' && digits[1])
            ++digits;
        memmove(q, digits, strlen(digits) + 1);
    }
    puts_(out, text);
}

static int compare_members(const void *a, const void *b)
{
    return strcmp((*(const struct json_member *const *)a)->key, (*(const struct json_member *const *)b)->key);
}

static void dump(struct out *out, const json_t *json, size_t flags, unsigned depth)
{
    const char *comma = (flags & JSON_MAX_INDENT) ? "," : ((flags & JSON_COMPACT) ? "," : ", ");
    const char *colon = (flags & JSON_COMPACT) ? ":" : ": ";
    char text[32];
    size_t i;

    if (depth > MAX_DEPTH)
    {
        out->failed = true;
        return;
    }
    switch (json->type)
    {
        case JSON_OBJECT:
        {
            const struct json_object_impl *object = as_object(json);
            const struct json_member **order;

            if (!object->count)
            {
                puts_(out, "{}");
                return;
            }
            if (!(order = mk_alloc(object->count * sizeof(*order))))
            {
                out->failed = true;
                return;
            }
            for (i = 0; i < object->count; ++i)
                order[i] = &object->members[i];
            if (flags & JSON_SORT_KEYS)
                qsort(order, object->count, sizeof(*order), compare_members);
            put(out, "{", 1);
            for (i = 0; i < object->count; ++i)
            {
                if (i)
                    puts_(out, comma);
                newline_indent(out, flags, depth + 1);
                dump_string(out, order[i]->key, strlen(order[i]->key), flags);
                puts_(out, colon);
                dump(out, order[i]->value, flags, depth + 1);
            }
            mk_free(order);
            newline_indent(out, flags, depth);
            put(out, "}", 1);
            return;
        }
        case JSON_ARRAY:
        {
            const struct json_array_impl *array = as_array(json);

            if (!array->count)
            {
                puts_(out, "[]");
                return;
            }
            put(out, "[", 1);
            for (i = 0; i < array->count; ++i)
            {
                if (i)
                    puts_(out, comma);
                newline_indent(out, flags, depth + 1);
                dump(out, array->items[i], flags, depth + 1);
            }
            newline_indent(out, flags, depth);
            put(out, "]", 1);
            return;
        }
        case JSON_STRING:
            dump_string(out, json_string_value(json), json_string_length(json), flags);
            return;
        case JSON_INTEGER:
            snprintf(text, sizeof(text), "%" JSON_INTEGER_FORMAT, json_integer_value(json));
            puts_(out, text);
            return;
        case JSON_REAL:
            dump_real(out, json_real_value(json), flags);
            return;
        case JSON_TRUE:
            puts_(out, "true");
            return;
        case JSON_FALSE:
            puts_(out, "false");
            return;
        case JSON_NULL:
            puts_(out, "null");
            return;
    }
}

char *json_dumps(const json_t *json, size_t flags)
{
    struct out out = {NULL, 0, 0, false};

    if (!json || (!(flags & JSON_ENCODE_ANY) && !json_is_object(json) && !json_is_array(json)))
        return NULL;
    dump(&out, json, flags, 0);
    if (out.failed)
    {
        mk_free(out.text);
        return NULL;
    }
    return out.text;
}

/* ---- Building ---- */

struct packer
{
    const char *fmt;
    va_list *ap;
    json_error_t *error;
};

static void pack_skip(struct packer *pk)
{
    while (*pk->fmt == ' ' || *pk->fmt == '\t' || *pk->fmt == '\n' || *pk->fmt == ',' || *pk->fmt == ':')
        ++pk->fmt;
}

static json_t *pack_value(struct packer *pk)
{
    json_t *value, *item;
    const char *key;
    char c;

    pack_skip(pk);
    switch ((c = *pk->fmt++))
    {
        case '{':
            if (!(value = json_object()))
                return NULL;
            for (;;)
            {
                pack_skip(pk);
                if (*pk->fmt == '}')
                {
                    ++pk->fmt;
                    return value;
                }
                if (*pk->fmt++ != 's' || !(key = va_arg(*pk->ap, const char *)))
                    break;
                if (!(item = pack_value(pk)) || json_object_set_new(value, key, item))
                    break;
            }
            json_decref(value);
            set_error(pk->error, -1, -1, 0, "invalid object in format");
            return NULL;
        case '[':
            if (!(value = json_array()))
                return NULL;
            for (;;)
            {
                pack_skip(pk);
                if (*pk->fmt == ']')
                {
                    ++pk->fmt;
                    return value;
                }
                if (!(item = pack_value(pk)) || json_array_append_new(value, item))
                    break;
            }
            json_decref(value);
            set_error(pk->error, -1, -1, 0, "invalid array in format");
            return NULL;
        case 's':
            return json_string(va_arg(*pk->ap, const char *));
        case 'b':
            return json_boolean(va_arg(*pk->ap, int));
        case 'i':
            return json_integer(va_arg(*pk->ap, int));
        case 'I':
            return json_integer(va_arg(*pk->ap, json_int_t));
        case 'f':
            return json_real(va_arg(*pk->ap, double));
        case 'n':
            return json_null();
        case 'o':
            return va_arg(*pk->ap, json_t *);
        case 'O':
            return json_incref(va_arg(*pk->ap, json_t *));
        default:
            set_error(pk->error, -1, -1, 0, "unexpected format character '%c'", c);
            return NULL;
    }
}

json_t *json_vpack_ex(json_error_t *error, size_t flags, const char *fmt, va_list ap)
{
    struct packer pk;
    va_list copy;
    json_t *value;

    (void)flags;
    if (!fmt || !*fmt)
        return NULL;
    va_copy(copy, ap);
    pk.fmt = fmt;
    pk.ap = &copy;
    pk.error = error;
    value = pack_value(&pk);
    va_end(copy);
    pack_skip(&pk);
    if (value && *pk.fmt)
    {
        json_decref(value);
        set_error(error, -1, -1, 0, "garbage after format string");
        return NULL;
    }
    return value;
}

json_t *json_pack(const char *fmt, ...)
{
    va_list ap;
    json_t *value;

    va_start(ap, fmt);
    value = json_vpack_ex(NULL, 0, fmt, ap);
    va_end(ap);
    return value;
}
