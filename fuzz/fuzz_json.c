/*
 * libFuzzer target: src/win32/json.c (the Windows build's JSON parser)
 * against Debian's jansson, on arbitrary bytes.
 *
 * The first two bytes choose the loader's flags and the dump's; the rest is
 * the document. Invariant: both parsers describe it alike: the same error
 * (text, line, column, position) or the same dump, byte for byte
 * (fuzz/json_describe.c). docs/windows.md, "The JSON parser's errors".
 */
#include "fuzz_common.h"
#include "json_describe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char reference[4096], ours[4096];
    size_t load_flags, dump_flags;

    if (size < 2)
        return 0;
    load_flags = data[0] & FUZZ_JSON_LOAD_FLAGS;
    dump_flags = ((size_t)data[1] << 3 | data[0] >> 5) & FUZZ_JSON_DUMP_FLAGS;
    describe_with_jansson(data + 2, size - 2, load_flags, dump_flags, reference, sizeof(reference));
    describe_with_win32_json(data + 2, size - 2, load_flags, dump_flags, ours, sizeof(ours));
    FUZZ_CHECK(!strcmp(reference, ours), "load flags %#zx, dump flags %#zx:\n  jansson:          %s\n"
            "  src/win32/json.c: %s", load_flags, dump_flags, reference, ours);
    return 0;
}
