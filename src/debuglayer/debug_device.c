/*
 * The debug state of one device: ID3D12InfoQueue1 (info_queue.c),
 * ID3D12DebugDevice2 and ID3D12DebugDevice1, all sharing the device's
 * identity and reference count, and dbg_report(), through which the runtime
 * logs catalog messages.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "debuglayer/dbg_catalog.h"
#include "debuglayer/dbg_private.h"
#include "text.h"

/* Documented default of D3D12_DEBUG_DEVICE_GPU_BASED_VALIDATION_SETTINGS. */
#define DBG_DEFAULT_GBV_MAX_MESSAGES_PER_COMMAND_LIST 256

static inline struct dbg_device *impl_from_ID3D12DebugDevice2(ID3D12DebugDevice2 *iface)
{
    return (struct dbg_device *)((char *)iface - offsetof(struct dbg_device, ID3D12DebugDevice2_iface));
}

static inline struct dbg_device *impl_from_ID3D12DebugDevice1(ID3D12DebugDevice1 *iface)
{
    return (struct dbg_device *)((char *)iface - offsetof(struct dbg_device, ID3D12DebugDevice1_iface));
}

/* ---- Catalog messages ---- */
static void report_va(struct dbg_device *dbg, D3D12_MESSAGE_ID id, va_list args, bool global)
{
    const struct dbg_catalog_entry *entry = dbg_catalog_find((uint32_t)id);
    char stack_text[512], *text = stack_text;
    D3D12_MESSAGE_CATEGORY category;
    D3D12_MESSAGE_SEVERITY severity;
    va_list copy;
    int length;

    if (!entry)
    {
        /* A runtime bug, not the caller's: say so rather than format blindly. */
        snprintf(stack_text, sizeof(stack_text), "mockd3d12: message %u has no catalog entry.", (unsigned)id);
        category = D3D12_MESSAGE_CATEGORY_MISCELLANEOUS;
        severity = D3D12_MESSAGE_SEVERITY_ERROR;
    }
    else
    {
        category = (D3D12_MESSAGE_CATEGORY)entry->category;
        severity = (D3D12_MESSAGE_SEVERITY)entry->severity;
        va_copy(copy, args);
        length = vsnprintf(stack_text, sizeof(stack_text), dbg_entry_format(entry), copy);
        va_end(copy);
        if (length < 0)
            return;
        if ((size_t)length >= sizeof(stack_text))
        {
            if (!(text = mk_alloc((size_t)length + 1)))
                return;
            vsnprintf(text, (size_t)length + 1, dbg_entry_format(entry), args);
        }
    }
    if (global)
        dbg_output_message(category, severity, id, text);
    else
        dbg_queue_add(&dbg->queue, category, severity, id, text);
    if (text != stack_text)
        mk_free(text);
}

void dbg_report(struct dbg_device *dbg, D3D12_MESSAGE_ID id, ...)
{
    va_list args;

    if (!dbg)
        return;
    va_start(args, id);
    report_va(dbg, id, args, false);
    va_end(args);
}

void dbg_report_global(D3D12_MESSAGE_ID id, ...)
{
    va_list args;

    va_start(args, id);
    report_va(NULL, id, args, true);
    va_end(args);
}

/* ---- ReportLiveDeviceObjects ---- */
struct live_report
{
    struct dbg_device *dbg;
    bool detail;
    bool ignore_internal; /* D3D12_RLDO_IGNORE_INTERNAL: not the objects only internal references keep */
};

/* "ID3D12CommandQueue" -> the catalog's LIVE_COMMANDQUEUE; types without a
 * row of their own use LIVE_OBJECT_SUMMARY's wording. */
static D3D12_MESSAGE_ID live_message_id(const char *type)
{
    const struct dbg_catalog_entry *entry;
    char name[64] = "LIVE_";
    size_t n = strlen(name);

    if (!strncmp(type, "ID3D12", 6))
        type += 6;
    for (; *type && n + 1 < sizeof(name); ++type)
        name[n++] = (char)(*type >= 'a' && *type <= 'z' ? *type - 'a' + 'A' : *type);
    /* ID3D12Device17 is an ID3D12Device. */
    while (n > 5 && name[n - 1] >= '0' && name[n - 1] <= '9')
        --n;
    name[n] = 0;
    if ((entry = dbg_catalog_find_name(name)))
        return (D3D12_MESSAGE_ID)entry->id;
    return D3D12_MESSAGE_ID_LIVE_OBJECT_SUMMARY;
}

static void emit_live(void *emit_ctx, const char *type, const void *object, const WCHAR *name, ULONG refcount,
        ULONG internal)
{
    const struct live_report *report = emit_ctx;
    D3D12_MESSAGE_ID id = live_message_id(type);
    char utf8[256], name_part[280] = "";

    if (!report->detail && id != D3D12_MESSAGE_ID_LIVE_DEVICE)
        return;
    if (report->ignore_internal && !refcount && id != D3D12_MESSAGE_ID_LIVE_DEVICE)
        return;
    if (name && *name)
    {
        mk_wide_to_utf8(name, utf8, sizeof(utf8));
        snprintf(name_part, sizeof(name_part), ", Name: %s", utf8);
    }
    dbg_report(report->dbg, id, type, (unsigned long long)(uintptr_t)object, name_part, (unsigned)refcount,
            (unsigned)internal);
}

static HRESULT report_live_objects(struct dbg_device *dbg, D3D12_RLDO_FLAGS flags)
{
    struct live_report report = {dbg, true, (flags & D3D12_RLDO_IGNORE_INTERNAL) != 0};

    if (flags & ~(D3D12_RLDO_SUMMARY | D3D12_RLDO_DETAIL | D3D12_RLDO_IGNORE_INTERNAL))
        return E_INVALIDARG;
    /* SUMMARY alone: the device line (its refcount sums up the rest). */
    report.detail = (flags & D3D12_RLDO_DETAIL) || !(flags & D3D12_RLDO_SUMMARY);
    if (dbg->enum_live)
        dbg->enum_live(dbg->device_ctx, emit_live, &report);
    return S_OK;
}

/* ---- Debug parameters (ID3D12DebugDevice1/2) ---- */

/* Where a parameter is kept and its exact size; NULL for an unknown type. */
static void *debug_parameter(struct dbg_device *dbg, D3D12_DEBUG_DEVICE_PARAMETER_TYPE type, UINT *size)
{
    switch (type)
    {
        case D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS:
            *size = sizeof(dbg->feature_mask);
            return &dbg->feature_mask;
        case D3D12_DEBUG_DEVICE_PARAMETER_GPU_BASED_VALIDATION_SETTINGS:
            *size = sizeof(dbg->gbv_settings);
            return &dbg->gbv_settings;
        case D3D12_DEBUG_DEVICE_PARAMETER_GPU_SLOWDOWN_PERFORMANCE_FACTOR:
            *size = sizeof(dbg->slowdown);
            return &dbg->slowdown;
        default:
            return NULL;
    }
}

/* Whether a value of the parameter is one the layer accepts (the feature
 * flags it knows, the GPU-based validation modes and flags). */
static bool debug_parameter_valid(D3D12_DEBUG_DEVICE_PARAMETER_TYPE type, const void *data)
{
    D3D12_DEBUG_DEVICE_GPU_BASED_VALIDATION_SETTINGS gbv;
    D3D12_DEBUG_FEATURE mask;

    if (type == D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS)
    {
        memcpy(&mask, data, sizeof(mask));
        return !((UINT)mask & ~0xfu);
    }
    if (type == D3D12_DEBUG_DEVICE_PARAMETER_GPU_BASED_VALIDATION_SETTINGS)
    {
        memcpy(&gbv, data, sizeof(gbv));
        return (UINT)gbv.DefaultShaderPatchMode < NUM_D3D12_GPU_BASED_VALIDATION_SHADER_PATCH_MODES
                && !((UINT)gbv.PipelineStateCreateFlags
                    & ~(UINT)D3D12_GPU_BASED_VALIDATION_PIPELINE_STATE_CREATE_FLAGS_VALID_MASK);
    }
    return true;
}

static HRESULT set_debug_parameter(struct dbg_device *dbg, D3D12_DEBUG_DEVICE_PARAMETER_TYPE type,
        const void *data, UINT size)
{
    UINT expected;
    void *target;

    if (!data || !(target = debug_parameter(dbg, type, &expected)) || size != expected
            || !debug_parameter_valid(type, data))
        return E_INVALIDARG;
    mk_mutex_lock(&dbg->parameters_lock);
    memcpy(target, data, expected);
    mk_mutex_unlock(&dbg->parameters_lock);
    return S_OK;
}

static HRESULT get_debug_parameter(struct dbg_device *dbg, D3D12_DEBUG_DEVICE_PARAMETER_TYPE type,
        void *data, UINT size)
{
    const void *source;
    UINT expected;

    if (!(source = debug_parameter(dbg, type, &expected)) || !data || size != expected)
        return E_INVALIDARG;
    mk_mutex_lock(&dbg->parameters_lock);
    memcpy(data, source, expected);
    mk_mutex_unlock(&dbg->parameters_lock);
    return S_OK;
}

/* ---- ID3D12DebugDevice2 (and ID3D12DebugDevice) and ID3D12DebugDevice1 ---- */

/* What both interfaces have: IUnknown (the device's identity and reference
 * count), the debug parameters and ReportLiveDeviceObjects. */
#define DEBUG_DEVICE_METHODS(prefix, IFACE, IMPL) \
    static inline IUnknown *prefix##_outer(IFACE *iface) \
    { \
        return IMPL(iface)->outer; \
    } \
    MK_DELEGATING_METHODS(prefix, IFACE, prefix##_outer) \
    static HRESULT STDMETHODCALLTYPE prefix##_SetDebugParameter(IFACE *iface, D3D12_DEBUG_DEVICE_PARAMETER_TYPE type, \
            const void *data, UINT size) \
    { \
        return set_debug_parameter(IMPL(iface), type, data, size); \
    } \
    static HRESULT STDMETHODCALLTYPE prefix##_GetDebugParameter(IFACE *iface, D3D12_DEBUG_DEVICE_PARAMETER_TYPE type, \
            void *data, UINT size) \
    { \
        return get_debug_parameter(IMPL(iface), type, data, size); \
    } \
    static HRESULT STDMETHODCALLTYPE prefix##_ReportLiveDeviceObjects(IFACE *iface, D3D12_RLDO_FLAGS flags) \
    { \
        return report_live_objects(IMPL(iface), flags); \
    }
DEBUG_DEVICE_METHODS(dbg_debug_device, ID3D12DebugDevice2, impl_from_ID3D12DebugDevice2)
DEBUG_DEVICE_METHODS(dbg_debug_device1, ID3D12DebugDevice1, impl_from_ID3D12DebugDevice1)
#undef DEBUG_DEVICE_METHODS

/* ID3D12DebugDevice's feature mask: the FEATURE_FLAGS parameter. */
static HRESULT STDMETHODCALLTYPE dbg_debug_device_SetFeatureMask(ID3D12DebugDevice2 *iface, D3D12_DEBUG_FEATURE mask)
{
    return set_debug_parameter(impl_from_ID3D12DebugDevice2(iface), D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS,
            &mask, sizeof(mask));
}

static D3D12_DEBUG_FEATURE STDMETHODCALLTYPE dbg_debug_device_GetFeatureMask(ID3D12DebugDevice2 *iface)
{
    D3D12_DEBUG_FEATURE mask = D3D12_DEBUG_FEATURE_NONE;

    get_debug_parameter(impl_from_ID3D12DebugDevice2(iface), D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS,
            &mask, sizeof(mask));
    return mask;
}

static const struct ID3D12DebugDevice2Vtbl dbg_debug_device_vtbl =
{
    /* IUnknown methods */
    dbg_debug_device_QueryInterface,
    dbg_debug_device_AddRef,
    dbg_debug_device_Release,
    /* ID3D12DebugDevice methods */
    dbg_debug_device_SetFeatureMask,
    dbg_debug_device_GetFeatureMask,
    dbg_debug_device_ReportLiveDeviceObjects,
    /* ID3D12DebugDevice2 methods */
    dbg_debug_device_SetDebugParameter,
    dbg_debug_device_GetDebugParameter,
};

static const struct ID3D12DebugDevice1Vtbl dbg_debug_device1_vtbl =
{
    /* IUnknown methods */
    dbg_debug_device1_QueryInterface,
    dbg_debug_device1_AddRef,
    dbg_debug_device1_Release,
    /* ID3D12DebugDevice1 methods */
    dbg_debug_device1_SetDebugParameter,
    dbg_debug_device1_GetDebugParameter,
    dbg_debug_device1_ReportLiveDeviceObjects,
};

/* ---- Creation and QueryInterface ---- */
HRESULT dbg_device_create(IUnknown *outer, dbg_enum_live_fn enum_live, void *device_ctx, struct dbg_device **out)
{
    struct dbg_device *dbg;
    HRESULT hr;

    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!outer)
        return E_INVALIDARG;
    if (!(dbg = mk_calloc(1, sizeof(*dbg))))
        return E_OUTOFMEMORY;
    if (FAILED(hr = dbg_queue_init(&dbg->queue, D3D12_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT, dbg_output_message,
            (UINT)dbg_category_name_count, (UINT)dbg_severity_name_count)))
    {
        mk_free(dbg);
        return hr;
    }
    dbg->ID3D12InfoQueue1_iface.lpVtbl = (ID3D12InfoQueue1Vtbl *)&dbg_info_queue_vtbl;
    dbg->ID3D12DebugDevice2_iface.lpVtbl = (ID3D12DebugDevice2Vtbl *)&dbg_debug_device_vtbl;
    dbg->ID3D12DebugDevice1_iface.lpVtbl = (ID3D12DebugDevice1Vtbl *)&dbg_debug_device1_vtbl;
    dbg->outer = outer;
    dbg->enum_live = enum_live;
    dbg->device_ctx = device_ctx;

    /* The ID3D12Debug settings apply to devices created after they are set. */
    dbg_get_settings(&dbg->settings);
    mk_mutex_init(&dbg->parameters_lock);
    dbg->feature_mask = D3D12_DEBUG_FEATURE_NONE;
    dbg->gbv_settings.MaxMessagesPerCommandList = DBG_DEFAULT_GBV_MAX_MESSAGES_PER_COMMAND_LIST;
    dbg->gbv_settings.DefaultShaderPatchMode = dbg->settings.gpu_based_validation
            ? D3D12_GPU_BASED_VALIDATION_SHADER_PATCH_MODE_GUARDED_VALIDATION
            : D3D12_GPU_BASED_VALIDATION_SHADER_PATCH_MODE_NONE;
    dbg->gbv_settings.PipelineStateCreateFlags = D3D12_GPU_BASED_VALIDATION_PIPELINE_STATE_CREATE_FLAG_NONE;
    dbg->slowdown.SlowdownFactor = 0.0f;

    *out = dbg;
    return S_OK;
}

void dbg_device_destroy(struct dbg_device *dbg)
{
    if (!dbg)
        return;
    dbg_queue_cleanup(&dbg->queue);
    mk_mutex_destroy(&dbg->parameters_lock);
    mk_free(dbg);
}

HRESULT dbg_device_query_interface(struct dbg_device *dbg, REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!dbg || !riid)
        return E_NOINTERFACE;
    if (dbg_iid_equal(riid, &IID_ID3D12InfoQueue) || dbg_iid_equal(riid, &IID_ID3D12InfoQueue1))
        *out = &dbg->ID3D12InfoQueue1_iface;
    else if (dbg_iid_equal(riid, &IID_ID3D12DebugDevice) || dbg_iid_equal(riid, &IID_ID3D12DebugDevice2))
        *out = &dbg->ID3D12DebugDevice2_iface;
    else if (dbg_iid_equal(riid, &IID_ID3D12DebugDevice1))
        *out = &dbg->ID3D12DebugDevice1_iface;
    else
        return E_NOINTERFACE;
    dbg->outer->lpVtbl->AddRef(dbg->outer);
    return S_OK;
}
