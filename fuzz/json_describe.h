/*
 * fuzz/json_describe.c, built once per JSON parser (fuzz/CMakeLists.txt).
 */
#ifndef MOCKD3D12_FUZZ_JSON_DESCRIBE_H
#define MOCKD3D12_FUZZ_JSON_DESCRIBE_H

#include <stddef.h>
#include <stdint.h>

/* The flags of jansson's API that src/win32/json.c implements. */
#define FUZZ_JSON_LOAD_FLAGS 0x1f   /* REJECT_DUPLICATES, DISABLE_EOF_CHECK, DECODE_ANY, DECODE_INT_AS_REAL, ALLOW_NUL */
#define FUZZ_JSON_DUMP_FLAGS 0x7ff  /* INDENT(0..31), COMPACT, ENSURE_ASCII, SORT_KEYS, PRESERVE_ORDER, ENCODE_ANY, ESCAPE_SLASH */

void describe_with_jansson(const uint8_t *data, size_t size, size_t load_flags, size_t dump_flags, char *out,
        size_t out_size);
void describe_with_win32_json(const uint8_t *data, size_t size, size_t load_flags, size_t dump_flags, char *out,
        size_t out_size);

#endif
