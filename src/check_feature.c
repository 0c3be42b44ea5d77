/*
 * The one walk every CheckFeatureSupport* query takes:
 *   SDK-version policy (clamp room) -> feature descriptor (generated tables)
 *   -> the adapter's true values (caps room) -> the clamp engine (clamp room)
 *   -> one debug-layer message per clamp -> the caller's buffer, written once.
 *
 * The caller's buffer is never written before every check has passed, so
 * every error leaves it byte-for-byte as it was.
 */
#include <stdio.h>
#include <string.h>

#include "caps/caps.h"
#include "clamp/clamp.h"
#include "debuglayer/debuglayer.h"
#include "device.h"
#include "mk_tables.h"

/* The largest feature-data struct (SHADERCACHE_ABI_SUPPORT with its
 * WCHAR[128]); checked against the tables in the tests. */
#define MK_MAX_FEATURE_DATA_SIZE 1024

static const char *entry_name(enum mk_entry entry)
{
    return entry == MK_ENTRY_LEGACY ? "CheckFeatureSupport" : "CheckFeatureSupport1";
}

struct clamp_report_ctx
{
    struct mk_device *device;
    const struct mk_feature *feature;
    enum mk_entry entry;
    UINT sdk_version;
};

static void report_clamp(void *ctx, const struct mk_field *field, uint32_t before, uint32_t after)
{
    const struct clamp_report_ctx *c = ctx;
    const char *before_name, *after_name;
    char knows[96];
    unsigned field_index = (unsigned)(field - mk_fields);

    before_name = caps_value_name(c->device->adapter, field_index, before);
    after_name = caps_value_name(c->device->adapter, field_index, after);
    if (c->entry == MK_ENTRY_LEGACY)
        snprintf(knows, sizeof(knows), "the legacy entry point (pinned below SDK %u / preview %u)",
                c->device->runtime.cutoff_sdk_version, c->device->runtime.cutoff_preview_sdk_version);
    else
        snprintf(knows, sizeof(knows), "SDKVersion %u", c->sdk_version);
    dbg_report(c->device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT1_CAP_CLAMPED, entry_name(c->entry),
            mk_structs[field->struct_index].name, field->name, before_name ? before_name : "-", before,
            after_name ? after_name : "-", after, knows);
}

static void report_unknown_feature(struct mk_device *device, enum mk_entry entry, D3D12_FEATURE value,
        const struct mk_feature *feature)
{
    char text[96];

    if (!device->debug)
        return;
    if (feature)
        snprintf(text, sizeof(text), "D3D12_FEATURE_%s (%u)", feature->name, (unsigned)value);
    else
        snprintf(text, sizeof(text), "Feature %u", (unsigned)value);
    dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_UNKNOWN_FEATURE, entry_name(entry), text,
            device->runtime.kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail",
            mockd3d12_runtime_effective_version(&device->runtime));
}

HRESULT mk_check_feature_support(struct mk_device *device, enum mk_entry entry, D3D12_FEATURE value,
        void *data, UINT data_size, UINT sdk_version)
{
    unsigned char scratch[MK_MAX_FEATURE_DATA_SIZE];
    const struct mk_feature *feature;
    const struct mk_struct *desc;
    struct clamp_version version = {0};
    struct caps_fill fill;
    bool write_back = false;
    char why[256];
    HRESULT hr;

    /* 1. SDK-version policy: a too-new version touches nothing. */
    if (entry == MK_ENTRY_CFS1)
    {
        if (FAILED(hr = clamp_resolve_sdk_version(&device->runtime, sdk_version, &version)))
        {
            if (device->debug)
            {
                char remap[48] = "";
                if (version.remapped)
                    snprintf(remap, sizeof(remap), " (remapped to %u)", version.effective);
                dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT1_UNSUPPORTED_SDK_VERSION,
                        sdk_version, remap, mockd3d12_runtime_effective_version(&device->runtime),
                        device->runtime.kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail",
                        device->runtime.sdk_version, device->runtime.preview_sdk_version);
            }
            return hr;
        }
    }
    else if (device->debug)
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_DEPRECATED,
                device->runtime.cutoff_sdk_version, device->runtime.cutoff_preview_sdk_version);
    }

    /* 2. The feature descriptor: known to this runtime, exact size, data. */
    feature = mk_feature_from_value((uint32_t)value);
    if (!feature || !caps_runtime_knows(&device->runtime, feature->first_retail, feature->first_preview))
    {
        report_unknown_feature(device, entry, value, feature);
        return E_INVALIDARG;
    }
    desc = &mk_structs[feature->struct_index];
    if (!data)
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_INVALID_INPUT, entry_name(entry),
                feature->name, "pFeatureSupportData is NULL.");
        return E_INVALIDARG;
    }
    if (data_size != desc->size)
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_MISMATCHED_DATA_SIZE,
                entry_name(entry), data_size, feature->name, desc->name, (unsigned)desc->size);
        return E_INVALIDARG;
    }

    fill.adapter = device->adapter;
    fill.feature = feature;
    fill.runtime = &device->runtime;
    fill.write_back = &write_back;
    /* The reason of a failure is only ever shown by the debug layer. */
    why[0] = 0;
    fill.why = device->debug ? why : NULL;
    fill.why_size = device->debug ? sizeof(why) : 0;

    /* 3a. The common case: the generic copy (which cannot fail and writes only
     * output fields) and nothing to clamp. The true values are the answer, so
     * they go straight to the caller's buffer, written once as at step 5. */
    if (!feature->fill && !clamp_may_change(&device->runtime, device->adapter, feature, version.effective,
            entry == MK_ENTRY_LEGACY))
    {
        fill.data = data;
        return caps_fill_feature(&fill);
    }

    /* 3. The adapter's true values, from the caller's inputs. */
    memcpy(scratch, data, desc->size);
    fill.data = scratch;
    if (FAILED(hr = caps_fill_feature(&fill)))
    {
        if (device->debug)
        {
            if (hr == E_NOTIMPL)
                dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_NOT_IMPLEMENTED,
                        entry_name(entry), feature->name);
            else if (why[0])
                dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_INVALID_INPUT,
                        entry_name(entry), feature->name, why);
        }
        if (write_back)
            memcpy(data, scratch, desc->size);
        return hr;
    }

    /* 4. Lower what the caller's SDK version does not know. */
    if (!feature->never_clamped)
    {
        struct clamp_report_ctx ctx = {device, feature, entry, version.effective};

        clamp_apply(&device->runtime, device->adapter, feature, version.effective,
                entry == MK_ENTRY_LEGACY, scratch, device->debug ? report_clamp : NULL, &ctx);
    }

    /* 5. The caller's buffer, written once. */
    memcpy(data, scratch, desc->size);
    return hr;
}
