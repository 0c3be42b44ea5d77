/*
 * The capability trace's records (src/base/trace.h, docs/trace.md): each is
 * built in its caller's stack buffer, no allocation, and handed whole to
 * mk_trace_emit. Compiled into libd3d12 and, for their own records, into
 * libdxgi and libd3d11, whose mk_trace_emit passes the line to libd3d12's
 * file (mockd3d12_trace_write).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "platform.h"
#include "trace.h"

/* Room kept for the closing of every open object, "truncated" and the newline. */
#define RESERVE 64

static void put(struct mk_trace_record *r, const char *text, size_t length)
{
    if (r->truncated || r->length + length + RESERVE > sizeof(r->text))
    {
        r->truncated = true;
        return;
    }
    memcpy(r->text + r->length, text, length);
    r->length += length;
}

static void put_string(struct mk_trace_record *r, const char *s)
{
    char escaped[8];
    const char *run = s;

    put(r, "\"", 1);
    for (; *s; ++s)
    {
        unsigned char c = (unsigned char)*s;

        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        put(r, run, (size_t)(s - run));
        snprintf(escaped, sizeof(escaped), "\\u%04x", c);
        put(r, escaped, 6);
        run = s + 1;
    }
    put(r, run, (size_t)(s - run));
    put(r, "\"", 1);
}

/* A member is written whole or not at all: one that does not fit is taken
 * back, so the record stays valid JSON. */
struct member
{
    size_t length;
    bool first;
};

static struct member member_start(const struct mk_trace_record *r)
{
    struct member m = {r->length, r->first};

    return m;
}

static bool member_done(struct mk_trace_record *r, struct member m)
{
    if (!r->truncated)
        return true;
    r->length = m.length;
    r->first = m.first;
    return false;
}

static void put_key(struct mk_trace_record *r, const char *key)
{
    if (!r->first)
        put(r, ", ", 2);
    r->first = false;
    put_string(r, key);
    put(r, ": ", 2);
}

void mk_trace_begin(struct mk_trace_record *r, const char *entry)
{
    r->length = 0;
    r->depth = 1;
    r->first = true;
    r->truncated = false;
    put(r, "{", 1);
    mk_trace_uint(r, "pid", mk_process_id());
    mk_trace_string(r, "entry", entry);
}

void mk_trace_string(struct mk_trace_record *r, const char *key, const char *value)
{
    struct member m = member_start(r);

    put_key(r, key);
    put_string(r, value);
    member_done(r, m);
}

void mk_trace_uint(struct mk_trace_record *r, const char *key, uint64_t value)
{
    struct member m = member_start(r);
    char text[24];

    /* Past 2^53 a JSON number loses digits in many readers: a string then. */
    put_key(r, key);
    put(r, text, (size_t)snprintf(text, sizeof(text), value > 9007199254740991ull ? "\"%" PRIu64 "\"" : "%" PRIu64,
            value));
    member_done(r, m);
}

void mk_trace_hex(struct mk_trace_record *r, const char *key, uint64_t value)
{
    struct member m = member_start(r);
    char text[24];

    put_key(r, key);
    put(r, text, (size_t)snprintf(text, sizeof(text), "\"0x%08" PRIX64 "\"", value));
    member_done(r, m);
}

void mk_trace_bool(struct mk_trace_record *r, const char *key, bool value)
{
    struct member m = member_start(r);

    put_key(r, key);
    put(r, value ? "true" : "false", value ? 4 : 5);
    member_done(r, m);
}

void mk_trace_object(struct mk_trace_record *r, const char *key)
{
    struct member m = member_start(r);

    put_key(r, key);
    put(r, "{", 1);
    if (member_done(r, m))
    {
        ++r->depth;
        r->first = true;
    }
}

void mk_trace_close(struct mk_trace_record *r)
{
    if (r->depth <= 1)
        return;
    /* Closing is always possible: RESERVE keeps room for it. */
    r->text[r->length++] = '}';
    --r->depth;
    r->first = false;
}

void mk_trace_end(struct mk_trace_record *r)
{
    /* RESERVE keeps room for this whatever happened before. */
    while (r->depth > 1)
    {
        r->text[r->length++] = '}';
        --r->depth;
    }
    if (r->truncated)
    {
        memcpy(r->text + r->length, ", \"truncated\": true", 19);
        r->length += 19;
    }
    memcpy(r->text + r->length, "}\n", 2);
    r->length += 2;
    mk_trace_emit(r->text, r->length);
}

void mk_trace_hr(struct mk_trace_record *r, const char *key, int32_t hr)
{
    const char *name = mk_trace_hresult_name(hr);

    if (name)
        mk_trace_string(r, key, name);
    else
        mk_trace_hex(r, key, (uint32_t)hr);
}

const char *mk_trace_hresult_name(int32_t hr)
{
    static const struct { int32_t hr; char name[36]; } names[] =
    {
        {0, "S_OK"}, {1, "S_FALSE"},
        {(int32_t)0x80004001, "E_NOTIMPL"}, {(int32_t)0x80004002, "E_NOINTERFACE"},
        {(int32_t)0x80004003, "E_POINTER"}, {(int32_t)0x80004005, "E_FAIL"},
        {(int32_t)0x8007000E, "E_OUTOFMEMORY"}, {(int32_t)0x80070057, "E_INVALIDARG"},
        {(int32_t)0x887A0004, "DXGI_ERROR_UNSUPPORTED"}, {(int32_t)0x887A0005, "DXGI_ERROR_DEVICE_REMOVED"},
        {(int32_t)0x887A0002, "DXGI_ERROR_NOT_FOUND"}, {(int32_t)0x887A0001, "DXGI_ERROR_INVALID_CALL"},
        {(int32_t)0x887A0006, "DXGI_ERROR_DEVICE_HUNG"}, {(int32_t)0x887A0007, "DXGI_ERROR_DEVICE_RESET"},
        {(int32_t)0x887A0020, "DXGI_ERROR_DRIVER_INTERNAL_ERROR"},
    };
    size_t i;

    for (i = 0; i < sizeof(names) / sizeof(names[0]); ++i)
    {
        if (names[i].hr == hr)
            return names[i].name;
    }
    return NULL;
}
