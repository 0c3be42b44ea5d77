/*
 * What a JSON parser makes of some bytes, as one line of text: built twice
 * into fuzz_json (fuzz/CMakeLists.txt), once with Debian's jansson and once
 * with src/win32/json.c (the Windows build's own implementation of the part
 * of jansson it uses), each under its own JSON_DESCRIBE name, so that the
 * target can compare the two.
 *
 * The loader's flags and the dump's flags come from the caller; a document
 * is described by its dump, an error by "line:column:position: text".
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

#include "json_describe.h"

void JSON_DESCRIBE(const uint8_t *data, size_t size, size_t load_flags, size_t dump_flags, char *out,
        size_t out_size)
{
    json_error_t error;
    json_t *root;
    char *dump;

    if (!(root = json_loadb((const char *)data, size, load_flags, &error)))
    {
        snprintf(out, out_size, "%d:%d:%d: %s", error.line, error.column, error.position, error.text);
        return;
    }
    dump = json_dumps(root, dump_flags);
    snprintf(out, out_size, "OK %s", dump ? dump : "(no dump)");
    /* Both parsers' default allocators are malloc-compatible. */
    free(dump);
    json_decref(root);
}
