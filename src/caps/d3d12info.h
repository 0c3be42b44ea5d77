/*
 * D3d12info JSON reports as profiles (docs/d3d12info.md): a report is turned
 * into native profile text, one adapter at a time, and that text is what the
 * loader parses, so a report and the profile printed from it give the same
 * answers. Private to src/caps/ (and its tests).
 */
#ifndef MOCKD3D12_CAPS_D3D12INFO_H
#define MOCKD3D12_CAPS_D3D12INFO_H

#include <stdbool.h>
#include <stddef.h>

/* Is this text a D3d12info report (an object whose Header.Program is
 * "D3d12info", or with an "Adapter" object or an "Adapters" array of objects
 * holding a DXGI_ADAPTER_DESC section)? Detection is by content only. */
bool caps_d3d12info_is_report(const char *json, size_t length);

/* Adapter `index` of a report as profile JSON text (malloc'd, free() it),
 * with `id` (NULL: derived from the description, caps_d3d12info_make_id).
 * `*adapter_count` (may be NULL) gets the number of adapters the report
 * holds whenever its shape is readable. NULL on failure, with a message in
 * `error`: "origin:line:column: key 'path': what is wrong" (ending in
 * CAPS_OUT_OF_MEMORY when memory ran out). */
char *caps_d3d12info_import(const char *json, size_t length, const char *origin, unsigned index, const char *id,
        unsigned *adapter_count, char *error, size_t error_size);

/* The id derived from an adapter description: "(R)", "(TM)" and "(C)" marks
 * dropped, ASCII letters and digits lowercased, every other run of
 * characters one '-', no '-' at either end, at most 64 characters (cut at a
 * '-' when one is near the end); "adapter" when nothing is left. */
void caps_d3d12info_make_id(const char *description, char *id, size_t size);

#endif
