/*
 * Where a value is in JSON text (src/caps/json_locate.c), for error messages
 * that name a line and column: jansson keeps no positions for values.
 */
#ifndef MOCKD3D12_CAPS_JSON_LOCATE_H
#define MOCKD3D12_CAPS_JSON_LOCATE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "printf_format.h"

#define CAPS_JSON_MAX_DEPTH 16

/* One step of a path: a key, or (key NULL) an array index. */
struct caps_json_seg
{
    const char *key;
    size_t index;
};

/* The key path of the value being read (the profile loader, the D3d12info
 * import): located messages name it. Deeper than CAPS_JSON_PATH_DEPTH, steps
 * are counted but not kept (the message names the part kept). */
#define CAPS_JSON_PATH_DEPTH 8

struct caps_json_path
{
    struct caps_json_seg seg[CAPS_JSON_PATH_DEPTH];
    unsigned depth;
};

static inline void caps_json_path_push_key(struct caps_json_path *path, const char *key)
{
    if (path->depth < CAPS_JSON_PATH_DEPTH)
        path->seg[path->depth].key = key, path->seg[path->depth].index = 0;
    ++path->depth;
}

static inline void caps_json_path_push_index(struct caps_json_path *path, size_t index)
{
    if (path->depth < CAPS_JSON_PATH_DEPTH)
        path->seg[path->depth].key = NULL, path->seg[path->depth].index = index;
    ++path->depth;
}

static inline void caps_json_path_pop(struct caps_json_path *path)
{
    --path->depth;
}

/* A reader of JSON text already parsed by jansson (the profile loader, the
 * D3d12info import): where its messages go and the path of the value it
 * reads. */
struct caps_json_reader
{
    const char *text;
    size_t length;
    const char *origin;
    char *error;
    size_t error_size;
    bool failed; /* the first failure's message is kept */
    struct caps_json_path path;
    json_t *ignored; /* key paths the text has and the reader does not read, or NULL */
};

static inline void caps_json_push_key(struct caps_json_reader *reader, const char *key)
{
    caps_json_path_push_key(&reader->path, key);
}

static inline void caps_json_push_index(struct caps_json_reader *reader, size_t index)
{
    caps_json_path_push_index(&reader->path, index);
}

static inline void caps_json_pop(struct caps_json_reader *reader)
{
    caps_json_path_pop(&reader->path);
}

/* Writes "origin:line:column: key 'a.b': message" for the value at the
 * reader's path, unless a failure is already written; returns false. */
bool caps_json_fail(struct caps_json_reader *reader, const char *fmt, ...) MK_PRINTF_FORMAT(2, 3);

/* What json_loadb's failure `jerr` says of text from `origin`: "origin:
 * line:column: text" for a place in it, "origin: text" for none (line < 1:
 * jansson's own failures, no libjansson to read it), "origin: out of memory"
 * for an allocation failure (jansson sets no text on some of them: `jerr`
 * must start zeroed). */
void caps_json_load_error(const json_error_t *jerr, const char *origin, char *out, size_t size);

/* "a.b[2].c" */
void caps_json_path_text(const struct caps_json_path *path, char *out, size_t size);

/* "origin:line:column: key 'a.b[2].c': message" ("origin:line:column:
 * message" at the root), the line and column those of the path's value in
 * `text` (valid JSON). */
void caps_json_path_message(const struct caps_json_path *path, const char *text, size_t length, const char *origin,
        const char *message, char *out, size_t size);

/* Offset of the value at path[0..depth) in valid JSON text (of the deepest
 * part of the path that exists, if not all of it does). */
size_t caps_json_locate(const char *text, size_t length, const struct caps_json_seg *path, unsigned depth);

/* 1-based line and column of an offset. */
void caps_json_position(const char *text, size_t length, size_t offset, unsigned *line, unsigned *column);

/* The same for a dotted path as the Vulkan import writes them ("a.b[2].c",
 * "$" for the root). False (nothing written) when the path cannot be read. */
bool caps_json_locate_dotted(const char *text, size_t length, const char *path, unsigned *line, unsigned *column);

#endif
