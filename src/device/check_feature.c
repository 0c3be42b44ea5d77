/*
 * The one walk every CheckFeatureSupport query takes, ID3D12Device::
 * CheckFeatureSupport (the legacy entry point) and ID3D12Device17::
 * CheckFeatureSupport1 alike, with the debug layer on or off:
 *   1. the SDK-version policy (clamp room: remap, too new);
 *   2. the feature descriptor, from the device's answer sheet for that
 *      entry point and version (src/answer_sheet.c): known, data, exact size;
 *   3. the adapter's true values with the clamp applied: on the sheet
 *      (copied, or a row of a table indexed by the input), or the feature's
 *      fill and the clamp (clamp_apply) on a private copy;
 *   4. the clamp's events, reported to the debug layer;
 *   5. the caller's buffer, written once.
 * Every error returns before step 5, so it leaves the buffer as it was.
 * The hot path takes no lock and allocates nothing: a sheet is built once
 * per (adapter, runtime, version bucket), at its first query.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "answer_sheet.h"
#include "caps/caps.h"
#include "clamp/clamp.h"
#include "debuglayer/debuglayer.h"
#include "device.h"
#include "trace_query.h"
#include "trace.h"
#include "mk_tables.h"

/* The largest feature-data struct (SHADERCACHE_ABI_SUPPORT with its
 * WCHAR[128]); checked against the tables in the tests. */
#define MK_MAX_FEATURE_DATA_SIZE 1024

/* ---- Debug-layer messages ---- */

static const char *entry_name(enum mk_entry entry)
{
    return entry == MK_ENTRY_LEGACY ? "CheckFeatureSupport" : "CheckFeatureSupport1";
}

static __attribute__((noinline)) void report_events(struct mk_device *device, enum mk_entry entry, UINT version,
        const struct clamp_event *events, unsigned count)
{
    char knows[96];
    unsigned i;

    if (entry == MK_ENTRY_LEGACY)
        snprintf(knows, sizeof(knows), "the legacy entry point (pinned below SDK %u / preview %u)",
                device->runtime.cutoff_sdk_version, device->runtime.cutoff_preview_sdk_version);
    else
        snprintf(knows, sizeof(knows), "SDKVersion %u", version);
    for (i = 0; i < count && i < CLAMP_MAX_EVENTS; ++i)
    {
        const struct mk_field *field = &mk_fields[events[i].field_index];
        const char *before = caps_value_name(device->adapter, events[i].field_index, events[i].before);
        const char *after = caps_value_name(device->adapter, events[i].field_index, events[i].after);

        dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT1_CAP_CLAMPED, entry_name(entry),
                mk_struct_name(&mk_structs[field->struct_index]), mk_field_name(field), before ? before : "-",
                events[i].before, after ? after : "-", events[i].after, knows);
    }
}

static __attribute__((noinline)) HRESULT report_too_new(struct mk_device *device, UINT sdk_version,
        const struct clamp_version *version)
{
    char remap[48] = "";

    if (device->debug)
    {
        if (version->remapped)
            snprintf(remap, sizeof(remap), " (remapped to %u)", version->effective);
        dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT1_UNSUPPORTED_SDK_VERSION, sdk_version,
                remap, clamp_runtime_effective_version(&device->runtime),
                device->runtime.kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail",
                device->runtime.sdk_version, device->runtime.preview_sdk_version);
    }
    return E_INVALIDARG;
}

/* Step 2's refusals. */
static __attribute__((noinline)) HRESULT report_descriptor(struct mk_device *device, enum mk_entry entry,
        D3D12_FEATURE value, const struct mk_feature *feature, const void *data, UINT data_size)
{
    char text[96];

    const struct mk_layout *layout = caps_runtime_layout(&device->runtime, (uint32_t)value);

    if (!device->debug)
        return E_INVALIDARG;
    if (layout && !data)
        dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_INVALID_INPUT, entry_name(entry),
                feature ? mk_feature_name(feature) : mk_layout_struct_name(layout), "pFeatureSupportData is NULL.");
    else if (layout)
        dbg_report(device->debug, D3D12_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_MISMATCHED_DATA_SIZE,
                entry_name(entry), data_size, feature ? mk_feature_name(feature) : mk_layout_struct_name(layout),
                mk_layout_struct_name(layout), (unsigned)layout->size);
    else if (!feature || !caps_runtime_knows_until(&device->runtime, feature->first_retail, feature->first_preview,
            feature->last_preview))
    {
        if (feature)
            snprintf(text, sizeof(text), "D3D12_FEATURE_%s (%u)", mk_feature_name(feature), (unsigned)value);
        else
            snprintf(text, sizeof(text), "Feature %u", (unsigned)value);
        dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_UNKNOWN_FEATURE, entry_name(entry), text,
                device->runtime.kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail",
                clamp_runtime_effective_version(&device->runtime));
    }
    else if (!data)
        dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_INVALID_INPUT, entry_name(entry),
                mk_feature_name(feature), "pFeatureSupportData is NULL.");
    else
    {
        const struct mk_struct *desc = &mk_structs[feature->struct_index];

        dbg_report(device->debug, D3D12_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_MISMATCHED_DATA_SIZE,
                entry_name(entry), data_size, mk_feature_name(feature), mk_struct_name(desc),
                (unsigned)desc->size);
    }
    return E_INVALIDARG;
}

/* A fill's failure, for the debug layer: its reason, or "not implemented". */
static void report_fill_failure(struct mk_device *device, enum mk_entry entry, const struct mk_feature *feature,
        HRESULT hr, const char *why)
{
    if (!device->debug)
        return;
    if (hr == E_NOTIMPL)
        dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_NOT_IMPLEMENTED, entry_name(entry),
                mk_feature_name(feature));
    else if (why[0])
        dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_INVALID_INPUT, entry_name(entry),
                mk_feature_name(feature), why);
}

/* ---- Steps 3 to 5 without a sheet's answer ---- */

/* The feature's fill, on the caller's buffer (`in_place`: an atomic fill,
 * nothing to clamp) or on a private copy followed by the clamp. */
static __attribute__((noinline)) HRESULT walk(struct mk_device *device, enum mk_entry entry,
        const struct mk_feature *feature, void *data, UINT version, bool in_place)
{
    _Alignas(16) unsigned char scratch[MK_MAX_FEATURE_DATA_SIZE]; /* every struct's alignment */
    const struct mk_struct *desc = &mk_structs[feature->struct_index];
    struct clamp_query query = device->sheets->query;
    struct clamp_event events[CLAMP_MAX_EVENTS];
    bool write_back = false;
    struct caps_fill fill;
    unsigned count = 0;
    char why[256];
    HRESULT hr;

    fill.adapter = device->adapter;
    fill.feature = feature;
    fill.runtime = &device->runtime;
    fill.write_back = &write_back;
    /* The reason of a failure is only ever shown by the debug layer. */
    why[0] = 0;
    fill.why = device->debug ? why : NULL;
    fill.why_size = device->debug ? sizeof(why) : 0;
    query.legacy = entry == MK_ENTRY_LEGACY;
    query.sdk_version = query.legacy ? 0 : version;

    if (in_place)
    {
        fill.data = data;
        if (FAILED(hr = caps_fill_feature(&fill)))
            report_fill_failure(device, entry, feature, hr, why);
        return hr;
    }
    memcpy(scratch, data, desc->size);
    fill.data = scratch;
    if (FAILED(hr = caps_fill_feature(&fill)))
    {
        report_fill_failure(device, entry, feature, hr, why);
        if (write_back)
            memcpy(data, scratch, desc->size);
        return hr;
    }
    if (clamp_may_change(&query, feature))
        count = clamp_apply(&query, feature, scratch, events, CLAMP_MAX_EVENTS);
    if (count && device->debug)
        report_events(device, entry, version, events, count);
    memcpy(data, scratch, desc->size);
    return S_OK;
}

/* A query whose sheet could not be built (out of memory): the walk alone. */
static __attribute__((noinline)) HRESULT answer_without_sheet(struct mk_device *device, enum mk_entry entry,
        D3D12_FEATURE value, void *data, UINT data_size, UINT version)
{
    const struct mk_feature *feature = mk_feature_from_value((uint32_t)value);
    const struct mk_layout *layout = caps_runtime_layout(&device->runtime, (uint32_t)value);
    enum mk_answer_kind kind = feature ? mk_sheet_plain_kind(device->sheets, feature, entry == MK_ENTRY_LEGACY,
            version) : MK_ANSWER_UNKNOWN;
    const struct mk_struct *desc;

    if (layout)
    {
        /* Another layout at this runtime (mk_layouts[]): its size, its answer. */
        if (!data || data_size != layout->size)
            return report_descriptor(device, entry, value, feature, data, data_size);
        caps_fill_layout(device->adapter, layout, data);
        return S_OK;
    }
    if (kind == MK_ANSWER_UNKNOWN || !data || data_size != mk_structs[feature->struct_index].size)
        return report_descriptor(device, entry, value, feature, data, data_size);
    desc = &mk_structs[feature->struct_index];
    return walk(device, entry, feature, data, version, kind == MK_ANSWER_FILL
            && (caps_fill_is_copy(feature) || !((uintptr_t)data & (desc->align - 1u))));
}

/* ---- The walk ---- */

/* Step 5 of an answer on the sheet, up to 64 bytes (every feature-data
 * struct but a few): two overlapping moves of the largest power of two not
 * above the size (four of 16 bytes above 32), instead of a call to memcpy
 * with a variable size. */
static inline void copy_small(void *data, const void *answer, UINT size)
{
    unsigned char *d = data;
    const unsigned char *s = answer;

    if (size > 16)
    {
        memcpy(d, s, 16);
        memcpy(d + size - 16, s + size - 16, 16);
        if (size > 32)
        {
            memcpy(d + 16, s + 16, 16);
            memcpy(d + size - 32, s + size - 32, 16);
        }
    }
    else if (size >= 8)
    {
        memcpy(d, s, 8);
        memcpy(d + size - 8, s + size - 8, 8);
    }
    else if (size >= 4)
    {
        memcpy(d, s, 4);
        memcpy(d + size - 4, s + size - 4, 4);
    }
    else
        while (size--)
            *d++ = *s++;
}

/* Step 5 of a copied answer already made on the sheet, of up to 64 bytes
 * (without the debug layer: there are no events to report); false for any
 * other answer. */
static inline bool copy_made(const struct mk_sheet_entry *e, void *data, UINT data_size)
{
    const unsigned char *answer;

    if (e->kind != MK_ANSWER_COPY || data_size > 64 || !(answer = mk_sheet_answer_made(e)))
        return false;
    copy_small(data, answer, data_size);
    return true;
}

/* Steps 3 to 5 of a copied answer larger than 64 bytes, with events to
 * report, or asked for the first time on this sheet (a tail call, so that
 * the common answer needs no stack frame). */
static __attribute__((noinline)) HRESULT copy_answer(struct mk_device *device, enum mk_entry entry,
        const struct mk_sheet *sheet, D3D12_FEATURE value, void *data, UINT data_size, UINT version)
{
    const struct mk_sheet_entry *e = &sheet->entries[value];
    const unsigned char *answer = mk_sheet_answer(device->sheets, sheet, value);
    const struct mk_sheet_events *events;

    if (!answer) /* out of memory */
        return answer_without_sheet(device, entry, value, data, data_size, version);
    memcpy(data, answer, e->size);
    if (device->debug && (events = mk_sheet_copy_events(e, answer))->count)
        report_events(device, entry, version, events->events, events->count);
    return S_OK;
}

/* The row of a table's answer (`rows`, made) for the input in `data`, when
 * the fill answered it (S_OK); NULL for an input without a row or refused. */
static inline const struct mk_sheet_row *table_row(const struct mk_sheet_entry *e, const unsigned char *rows,
        const void *data)
{
    const struct mk_sheet_row *row;
    uint32_t input;

    memcpy(&input, (const unsigned char *)data + e->input_offset, sizeof(input));
    if (input - e->first_input >= e->rows)
        return NULL;
    row = (const struct mk_sheet_row *)(rows + (size_t)(input - e->first_input) * e->row_size);
    return row->hr == S_OK ? row : NULL;
}

/* Steps 3 to 5 of a feature with an input: its row on the sheet (with its
 * events, or made now), or the walk (an input without a row, one the fill
 * refuses, or no table). */
static __attribute__((noinline)) HRESULT answer_with_input(struct mk_device *device, enum mk_entry entry,
        const struct mk_sheet *sheet, D3D12_FEATURE value, void *data, UINT version)
{
    const struct mk_sheet_entry *e = &sheet->entries[value];
    const struct mk_sheet_row *row;
    const unsigned char *rows;

    if (e->kind == MK_ANSWER_TABLE)
    {
        if ((rows = mk_sheet_answer(device->sheets, sheet, value)) && (row = table_row(e, rows, data)))
        {
            memcpy((unsigned char *)data + e->answer_offset, row + 1, e->answer_size);
            if (row->event_count && device->debug)
                report_events(device, entry, version, mk_sheet_table_events(e, rows) + row->event_first,
                        row->event_count);
            return S_OK;
        }
        /* An input without a row, one the fill refuses, or no memory for the rows: the walk says why. */
    }
    return walk(device, entry, &mk_features[mk_feature_by_value[value]], data, version,
            e->kind == MK_ANSWER_FILL && !((uintptr_t)data & e->align_mask));
}

/* Steps 3 and 5 at once, without the debug layer (no reason to format): the
 * feature's atomic fill on the caller's buffer, nothing to clamp. */
static __attribute__((noinline)) HRESULT fill_in_place(struct mk_device *device, D3D12_FEATURE value, void *data)
{
    const struct caps_fill fill = {device->adapter, &mk_features[mk_feature_by_value[value]], &device->runtime, data,
            NULL, 0, NULL};

    return caps_fill_feature(&fill);
}

/* Steps 2 to 5 on the sheet of the query's entry point and version; `debug`:
 * the device's debug layer is on (a constant where the caller knows it). */
static inline HRESULT answer(struct mk_device *device, enum mk_entry entry, const struct mk_sheet *sheet,
        D3D12_FEATURE value, void *data, UINT data_size, UINT version, bool debug)
{
    const struct mk_sheet_entry *e;

    /* 2. The descriptor: known to this runtime, data, exact size. */
    if ((uint32_t)value >= MK_FEATURE_VALUE_LIMIT || !data || !(e = &sheet->entries[value])->size
            || data_size != e->size)
        return report_descriptor(device, entry, value, mk_feature_from_value((uint32_t)value), data, data_size);
    /* 3 to 5: a copy of the answer on the sheet, and its events. The debug
     * flag first: the answer's acquire load would make it read again. */
    if (e->kind == MK_ANSWER_COPY)
        return !debug && copy_made(e, data, data_size) ? S_OK
                : copy_answer(device, entry, sheet, value, data, data_size, version);
    if (!debug)
    {
        const struct mk_sheet_row *row;
        const unsigned char *rows;

        if (e->kind == MK_ANSWER_FILL && !((uintptr_t)data & e->align_mask))
            return fill_in_place(device, value, data);
        /* A row of a table already made, without events to report. */
        if (e->kind == MK_ANSWER_TABLE && (rows = mk_sheet_answer_made(e)) && (row = table_row(e, rows, data)))
        {
            copy_small((unsigned char *)data + e->answer_offset, row + 1, e->answer_size);
            return S_OK;
        }
    }
    return answer_with_input(device, entry, sheet, value, data, version);
}

/* The legacy entry point with the debug layer on, on a runtime that has
 * CheckFeatureSupport1 (ID3D12Device17): its deprecation message first
 * (step 1 of a query without a version). */
static __attribute__((noinline)) HRESULT answer_legacy_reported(struct mk_device *device, D3D12_FEATURE value,
        void *data, UINT data_size)
{
    dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_DEPRECATED, device->runtime.cutoff_sdk_version,
            device->runtime.cutoff_preview_sdk_version);
    return answer(device, MK_ENTRY_LEGACY, device->legacy_sheet, value, data, data_size, 0, device->debug);
}

/* Step 1 of each entry point, each a function of its own (so that the
 * common case of each needs no stack frame), then the same steps 2 to 5. */
static inline HRESULT legacy_query(struct mk_device *device, D3D12_FEATURE value, void *data, UINT data_size)
{
    /* No version: pinned below the cutoff; the debug layer says it is
     * deprecated, where its successor exists (issue 32 item 5). */
    if (device->debug && device->has_device17)
        return answer_legacy_reported(device, value, data, data_size);
    return answer(device, MK_ENTRY_LEGACY, device->legacy_sheet, value, data, data_size, 0, device->debug);
}

static inline HRESULT cfs1_query(struct mk_device *device, D3D12_FEATURE value, void *data, UINT data_size,
        UINT sdk_version)
{
    struct clamp_version version;
    const struct mk_sheet *sheet;

    /* A version newer than the runtime touches nothing. */
    if (FAILED(clamp_sdk_policy_resolve(&device->sheets->policy, sdk_version, &version)))
        return report_too_new(device, sdk_version, &version);
    if (!(sheet = mk_sheet_for_version(device->sheets, version.effective)))
        return answer_without_sheet(device, MK_ENTRY_CFS1, value, data, data_size, version.effective);
    return answer(device, MK_ENTRY_CFS1, sheet, value, data, data_size, version.effective, device->debug);
}

/* With MOCKD3D12_TRACE: the query, then its record (docs/trace.md). */
static __attribute__((noinline)) HRESULT traced_query(struct mk_device *device, bool legacy, D3D12_FEATURE value,
        void *data, UINT data_size, UINT sdk_version)
{
    HRESULT hr = legacy ? legacy_query(device, value, data, data_size)
            : cfs1_query(device, value, data, data_size, sdk_version);

    if (!mk_trace_suspension)
        mk_trace_feature_query(device, legacy, value, data, data_size, sdk_version, hr);
    return hr;
}

/* Any legacy query but the common one (below). */
static __attribute__((noinline)) HRESULT legacy_query_any(struct mk_device *device, D3D12_FEATURE value, void *data,
        UINT data_size)
{
    if (device->traced)
        return traced_query(device, true, value, data, data_size, 0);
    return legacy_query(device, value, data, data_size);
}

HRESULT mk_check_feature_support_legacy(struct mk_device *device, D3D12_FEATURE value, void *data, UINT data_size)
{
    /* The common query: no trace, no debug layer (one flag tested). */
    if (__builtin_expect(device->plain, 1))
        return answer(device, MK_ENTRY_LEGACY, device->legacy_sheet, value, data, data_size, 0, false);
    return legacy_query_any(device, value, data, data_size);
}

HRESULT mk_check_feature_support1(struct mk_device *device, D3D12_FEATURE value, void *data, UINT data_size,
        UINT sdk_version)
{
    if (__builtin_expect(device->traced, 0))
        return traced_query(device, false, value, data, data_size, sdk_version);
    return cfs1_query(device, value, data, data_size, sdk_version);
}
