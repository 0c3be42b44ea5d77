/*
 * Where a value is in JSON text (json_locate.h): jansson keeps no positions
 * for values, so the profile loader and the Vulkan import walk the text,
 * already known to be valid JSON, along the key path of the value an error
 * is about, to name its line and column.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caps/caps.h"
#include "caps/json_locate.h"


static size_t skip_ws(const char *t, size_t n, size_t p)
{
    while (p < n && (t[p] == ' ' || t[p] == '\t' || t[p] == '\n' || t[p] == '\r'))
        ++p;
    return p;
}

/* Reads a string starting at t[p] == '"' into `out` (decoding the simple
 * escapes and ASCII \u escapes, enough for our keys); returns the position
 * after the closing quote. */
static size_t read_string(const char *t, size_t n, size_t p, char *out, size_t out_size)
{
    size_t o = 0;

    ++p;
    while (p < n && t[p] != '"')
    {
        char c = t[p++];
        if (c == '\\' && p < n)
        {
            char e = t[p++];
            switch (e)
            {
                case 'n': c = '\n'; break;
                case 't': c = '\t'; break;
                case 'r': c = '\r'; break;
                case 'b': c = '\b'; break;
                case 'f': c = '\f'; break;
                case 'u':
                {
                    unsigned v = 0, i;
                    for (i = 0; i < 4 && p < n; ++i, ++p)
                        v = v * 16 + (unsigned)(isdigit((unsigned char)t[p]) ? t[p] - '0' : (tolower((unsigned char)t[p]) - 'a' + 10));
                    c = v < 0x80 ? (char)v : '?';
                    break;
                }
                default: c = e; break;
            }
        }
        if (out && o + 1 < out_size)
            out[o++] = c;
    }
    if (out && out_size)
        out[o] = 0;
    return p < n ? p + 1 : p;
}

static size_t skip_value(const char *t, size_t n, size_t p)
{
    unsigned depth = 0;

    p = skip_ws(t, n, p);
    do
    {
        if (p >= n)
            return p;
        if (t[p] == '"')
            p = read_string(t, n, p, NULL, 0);
        else if (t[p] == '{' || t[p] == '[')
            ++depth, ++p;
        else if (t[p] == '}' || t[p] == ']')
            --depth, ++p;
        else if (depth && (t[p] == ',' || t[p] == ':' || t[p] == ' ' || t[p] == '\n' || t[p] == '\r' || t[p] == '\t'))
            ++p;
        else
        {
            /* memchr, not strchr: a NUL byte (jansson lets one through as
             * whitespace) must not match the terminator and stall the walk. */
            size_t start = p;
            while (p < n && !memchr(",}] \t\r\n", t[p], 7))
                ++p;
            if (p == start)
                ++p;
        }
    } while (depth);
    return p;
}

size_t caps_json_locate(const char *t, size_t n, const struct caps_json_seg *path, unsigned depth)
{
    size_t p = skip_ws(t, n, 0);
    unsigned d;

    for (d = 0; d < depth; ++d)
    {
        bool found = false;

        if (p >= n || (t[p] != '{' && t[p] != '['))
            return p;
        if (t[p] == '{')
        {
            p = skip_ws(t, n, p + 1);
            while (p < n && t[p] == '"')
            {
                char key[256];
                p = read_string(t, n, p, key, sizeof(key));
                p = skip_ws(t, n, p);
                if (p < n && t[p] == ':')
                    p = skip_ws(t, n, p + 1);
                if (path[d].key && !strcmp(key, path[d].key))
                {
                    found = true;
                    break;
                }
                p = skip_ws(t, n, skip_value(t, n, p));
                if (p < n && t[p] == ',')
                    p = skip_ws(t, n, p + 1);
            }
        }
        else
        {
            size_t i = 0;
            p = skip_ws(t, n, p + 1);
            while (p < n && t[p] != ']')
            {
                if (!path[d].key && i == path[d].index)
                {
                    found = true;
                    break;
                }
                p = skip_ws(t, n, skip_value(t, n, p));
                if (p < n && t[p] == ',')
                    p = skip_ws(t, n, p + 1);
                ++i;
            }
        }
        if (!found)
            return p;
    }
    return p;
}

void caps_json_position(const char *t, size_t n, size_t p, unsigned *line, unsigned *column)
{
    size_t i;

    *line = 1;
    *column = 1;
    for (i = 0; i < p && i < n; ++i)
    {
        if (t[i] == '\n')
            ++*line, *column = 1;
        else
            ++*column;
    }
}


bool caps_json_locate_dotted(const char *t, size_t n, const char *path, unsigned *line, unsigned *column)
{
    struct caps_json_seg segs[CAPS_JSON_MAX_DEPTH];
    char keys[CAPS_JSON_MAX_DEPTH][256];
    unsigned depth = 0;
    const char *p = path;

    /* "a.b[2].c": keys between dots, indices in brackets; "$" is the root. */
    if (!strcmp(p, "$"))
        p = "";
    else if (!strncmp(p, "$.", 2))
        p += 2;
    while (*p && depth < CAPS_JSON_MAX_DEPTH)
    {
        if (*p == '[')
        {
            segs[depth].key = NULL;
            segs[depth].index = strtoul(p + 1, (char **)&p, 10);
            ++depth;
            if (*p == ']')
                ++p;
        }
        else
        {
            size_t len = strcspn(p, ".[");
            if (len >= sizeof(keys[0]))
                return false;
            memcpy(keys[depth], p, len);
            keys[depth][len] = 0;
            segs[depth].key = keys[depth];
            ++depth;
            p += len;
        }
        if (*p == '.')
            ++p;
    }
    if (*p)
        return false;
    caps_json_position(t, n, caps_json_locate(t, n, segs, depth), line, column);
    return true;
}

void caps_json_load_error(const json_error_t *jerr, const char *origin, char *out, size_t size)
{
    if (!size)
        return;
    if (json_error_code(jerr) == json_error_out_of_memory || !jerr->text[0])
        snprintf(out, size, "%s: %s", origin, CAPS_OUT_OF_MEMORY);
    else if (jerr->line < 1)
        snprintf(out, size, "%s: %s", origin, jerr->text);
    else
        snprintf(out, size, "%s:%d:%d: %s", origin, jerr->line, jerr->column, jerr->text);
}

void caps_json_path_text(const struct caps_json_path *path, char *out, size_t size)
{
    unsigned depth = path->depth < CAPS_JSON_PATH_DEPTH ? path->depth : CAPS_JSON_PATH_DEPTH, d;
    size_t o = 0;

    if (!size)
        return;
    out[0] = 0;
    for (d = 0; d < depth && o < size; ++d)
    {
        int w = path->seg[d].key ? snprintf(out + o, size - o, "%s%s", d ? "." : "", path->seg[d].key)
                : snprintf(out + o, size - o, "[%zu]", path->seg[d].index);
        if (w < 0)
            break;
        o += (size_t)w;
    }
}

void caps_json_path_message(const struct caps_json_path *path, const char *text, size_t length, const char *origin,
        const char *message, char *out, size_t size)
{
    unsigned depth = path->depth < CAPS_JSON_PATH_DEPTH ? path->depth : CAPS_JSON_PATH_DEPTH, line, column;
    char where[512];

    if (!out || !size)
        return;
    caps_json_position(text, length, caps_json_locate(text, length, path->seg, depth), &line, &column);
    caps_json_path_text(path, where, sizeof(where));
    if (depth)
        snprintf(out, size, "%s:%u:%u: key '%s': %s", origin, line, column, where, message);
    else
        snprintf(out, size, "%s:%u:%u: %s", origin, line, column, message);
}

bool caps_json_fail(struct caps_json_reader *reader, const char *fmt, ...)
{
    char message[512];
    va_list args;

    if (reader->failed)
        return false;
    reader->failed = true;
    va_start(args, fmt);
    vsnprintf(message, sizeof(message), fmt, args);
    va_end(args);
    caps_json_path_message(&reader->path, reader->text, reader->length, reader->origin, message, reader->error,
            reader->error_size);
    return false;
}
