/*
 * Where a value is in JSON text (src/caps/json_locate.c), for error messages
 * that name a line and column: jansson keeps no positions for values.
 */
#ifndef MOCKD3D12_CAPS_JSON_LOCATE_H
#define MOCKD3D12_CAPS_JSON_LOCATE_H

#include <stdbool.h>
#include <stddef.h>

#define CAPS_JSON_MAX_DEPTH 16

/* One step of a path: a key, or (key NULL) an array index. */
struct caps_json_seg
{
    const char *key;
    size_t index;
};

/* Offset of the value at path[0..depth) in valid JSON text (of the deepest
 * part of the path that exists, if not all of it does). */
size_t caps_json_locate(const char *text, size_t length, const struct caps_json_seg *path, unsigned depth);

/* 1-based line and column of an offset. */
void caps_json_position(const char *text, size_t length, size_t offset, unsigned *line, unsigned *column);

/* The same for a dotted path as the Vulkan import writes them ("a.b[2].c",
 * "$" for the root). False (nothing written) when the path cannot be read. */
bool caps_json_locate_dotted(const char *text, size_t length, const char *path, unsigned *line, unsigned *column);

#endif
