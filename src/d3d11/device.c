/*
 * The D3D11 device, its immediate context and ID3D11On12Device.
 *
 * Reference counting follows what Wine's dlls/d3d11/tests/d3d11.c records on
 * Windows (test_create_device, test_get_immediate_context): the immediate
 * context has its own count and holds one device reference while that count
 * is nonzero, so a caller that keeps only the context keeps the device alive.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11_private.h"
#include "d3d11_methods.h"

static inline struct d3d11_device *impl_from_ID3D11On12Device2(ID3D11On12Device2 *iface)
{
    return (struct d3d11_device *)((char *)iface - offsetof(struct d3d11_device, ID3D11On12Device2_iface));
}

static struct mk_private_data *device_private_data(ID3D11Device5 *iface)
{
    return &d3d11_device_from_iface(iface)->obj.private_data;
}

static struct mk_private_data *context_private_data(ID3D11DeviceContext4 *iface)
{
    return &d3d11_context_from_iface(iface)->private_data;
}

/* IUnknown of ID3D11Device5 and ID3D11On12Device (whose names
 * d3d11_methods.h declares, so not static): the device's object IMPL(iface). */
#define D3D11_DEVICE_IUNKNOWN_METHODS(prefix, IFACE, IMPL) \
    HRESULT STDMETHODCALLTYPE prefix##_QueryInterface(IFACE *iface, REFIID riid, void **out) \
    { \
        return mk_object_query(&IMPL(iface)->obj, riid, out); \
    } \
    ULONG STDMETHODCALLTYPE prefix##_AddRef(IFACE *iface) \
    { \
        return mk_object_addref(&IMPL(iface)->obj); \
    } \
    ULONG STDMETHODCALLTYPE prefix##_Release(IFACE *iface) \
    { \
        return mk_object_release(&IMPL(iface)->obj); \
    }

/* The private-data methods of the device and the contexts (their names
 * declared alike), over STORE(iface). */
#define D3D11_PRIVATE_DATA_METHODS(prefix, IFACE, STORE) \
    HRESULT STDMETHODCALLTYPE prefix##_GetPrivateData(IFACE *iface, REFGUID guid, UINT *size, void *data) \
    { \
        return mk_private_data_get(STORE(iface), guid, size, data); \
    } \
    HRESULT STDMETHODCALLTYPE prefix##_SetPrivateData(IFACE *iface, REFGUID guid, UINT size, const void *data) \
    { \
        return mk_private_data_set(STORE(iface), guid, size, data); \
    } \
    HRESULT STDMETHODCALLTYPE prefix##_SetPrivateDataInterface(IFACE *iface, REFGUID guid, const IUnknown *object) \
    { \
        return mk_private_data_set_interface(STORE(iface), guid, object); \
    }

/* ---- The D3D12 answers the rules read ---- */

D3D_FEATURE_LEVEL d3d11_d3d12_max_level(ID3D12Device *device)
{
    static const D3D_FEATURE_LEVEL levels[] =
    {
        D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_12_0,
        D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_2,
    };
    D3D12_FEATURE_DATA_FEATURE_LEVELS data;

    data.NumFeatureLevels = sizeof(levels) / sizeof(levels[0]);
    data.pFeatureLevelsRequested = levels;
    data.MaxSupportedFeatureLevel = (D3D_FEATURE_LEVEL)0;
    if (FAILED(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FEATURE_LEVELS, &data, sizeof(data))))
        return (D3D_FEATURE_LEVEL)0;
    return data.MaxSupportedFeatureLevel;
}

/* Sizes of the D3D12 structs the table reads (the D3D12 call needs them). */
static UINT d3d12_struct_size(D3D12_FEATURE feature)
{
    switch (feature)
    {
        case D3D12_FEATURE_D3D12_OPTIONS: return sizeof(D3D12_FEATURE_DATA_D3D12_OPTIONS);
        case D3D12_FEATURE_D3D12_OPTIONS4: return sizeof(D3D12_FEATURE_DATA_D3D12_OPTIONS4);
        case D3D12_FEATURE_ARCHITECTURE: return sizeof(D3D12_FEATURE_DATA_ARCHITECTURE);
        case D3D12_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT: return sizeof(D3D12_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT);
        case D3D12_FEATURE_SHADER_CACHE: return sizeof(D3D12_FEATURE_DATA_SHADER_CACHE);
        case D3D12_FEATURE_DISPLAYABLE: return sizeof(D3D12_FEATURE_DATA_DISPLAYABLE);
        default: return 0;
    }
}

/* Reads one field of a D3D12 answer as a UINT (0 when the query fails). The
 * inputs of the structs the table uses are all zero (ARCHITECTURE: node 0). */
static UINT d3d12_field(ID3D12Device *device, D3D12_FEATURE feature, size_t offset, size_t size)
{
    unsigned char buffer[256];
    UINT struct_size = d3d12_struct_size(feature), value = 0;

    if (!struct_size || struct_size > sizeof(buffer) || offset + size > struct_size)
        return 0;
    memset(buffer, 0, struct_size);
    if (FAILED(ID3D12Device_CheckFeatureSupport(device, feature, buffer, struct_size)))
        return 0;
    if (size == sizeof(UINT))
        memcpy(&value, buffer + offset, sizeof(value));
    else if (size == sizeof(UINT64))
    {
        UINT64 v;
        memcpy(&v, buffer + offset, sizeof(v));
        value = v > UINT_MAX ? UINT_MAX : (UINT)v;
    }
    else if (size == 1)
        value = buffer[offset];
    return value;
}

const struct d3d11_feature_rule *d3d11_find_feature(D3D11_FEATURE feature)
{
    unsigned i;

    for (i = 0; i < d3d11_feature_rule_count; ++i)
    {
        if (d3d11_feature_rules[i].feature == feature)
            return &d3d11_feature_rules[i];
    }
    return NULL;
}

MOCKD3D12_D3D11_API UINT mockd3d12_d3d11_fields(mockd3d12_d3d11_field *fields, UINT capacity)
{
    unsigned i, j;
    UINT count = 0;

    for (i = 0; i < d3d11_field_rule_count; ++i)
    {
        const struct d3d11_field_rule *rule = &d3d11_field_rules[i];
        const struct d3d11_feature_rule *feature = d3d11_find_feature(rule->feature);
        bool seen = false;

        /* Several rows of one member are OR'ed bit masks: list the member once. */
        for (j = 0; j < i && !seen; ++j)
            seen = d3d11_field_rules[j].feature == rule->feature && !strcmp(d3d11_field_rules[j].member, rule->member);
        if (seen || !feature)
            continue;
        if (fields && count < capacity)
        {
            mockd3d12_d3d11_field *f = &fields[count];

            f->feature = feature->name;
            f->feature_value = feature->feature;
            f->struct_size = (UINT)feature->size;
            f->runtime = feature->runtime;
            f->member = rule->member;
            f->offset = (UINT)rule->offset;
            f->size = (UINT)rule->size;
        }
        ++count;
    }
    return count;
}

static UINT field_rule_value(const struct d3d11_field_rule *rule, ID3D12Device *d3d12, D3D_FEATURE_LEVEL level)
{
    UINT v;

    if (rule->min_level && level < rule->min_level)
        return 0;
    if (rule->source == D3D11_SOURCE_CONST)
        v = rule->constant;
    else
        v = d3d12_field(d3d12, rule->d3d12_feature, rule->d3d12_offset, rule->d3d12_size);
    if (rule->op == D3D11_OP_GE)
        v = v >= rule->operand;
    else if (rule->op == D3D11_OP_AND)
        v = !!(v & rule->operand);
    if (v > rule->cap)
        v = rule->cap;
    if (v && rule->value)
        v = rule->value;
    return v;
}

/* D3D11_FORMAT_SUPPORT2 bits (the D3D12 enumeration continues past them). */
#define D3D11_FORMAT_SUPPORT2_ALL 0x1ffffu

/* The row of data/d3d11-format-levels.tsv a device of `level` uses for
 * `format`: the highest level listed <= its own. */
static const UINT *format_level_mask(D3D_FEATURE_LEVEL level, DXGI_FORMAT format)
{
    static const UINT none[2];
    const struct d3d11_format_level *row = NULL;
    unsigned i;

    for (i = 0; i < d3d11_format_level_count; ++i)
    {
        if (d3d11_format_levels[i].level <= level)
            row = &d3d11_format_levels[i];
    }
    if (!row || (unsigned)format >= D3D11_FORMAT_VALUES)
        return none;
    return row->support[format];
}

/* What a device of `level` reports for `format`: the adapter's D3D12
 * FORMAT_SUPPORT masked by the level's row. E_INVALIDARG: not a format. */
HRESULT d3d11_format_support(ID3D12Device *d3d12, D3D_FEATURE_LEVEL level, DXGI_FORMAT format,
        UINT *support1, UINT *support2)
{
    D3D12_FEATURE_DATA_FORMAT_SUPPORT data;
    const UINT *mask;
    HRESULT hr;

    *support1 = *support2 = 0;
    memset(&data, 0, sizeof(data));
    data.Format = format;
    hr = ID3D12Device_CheckFeatureSupport(d3d12, D3D12_FEATURE_FORMAT_SUPPORT, &data, sizeof(data));
    if (hr == E_INVALIDARG)
        return E_INVALIDARG;
    if (FAILED(hr))
        return S_OK; /* a format the adapter does not support at all */
    mask = format_level_mask(level, format);
    *support1 = (UINT)data.Support1 & mask[0];
    *support2 = (UINT)data.Support2 & D3D11_FORMAT_SUPPORT2_ALL & mask[1];
    return S_OK;
}

HRESULT d3d11_check_feature(ID3D12Device *d3d12, mockd3d12_d3d11_runtime runtime, D3D_FEATURE_LEVEL level,
        D3D11_FEATURE feature, void *data, UINT size)
{
    const struct d3d11_feature_rule *rule;
    unsigned char result[256];
    unsigned i;

    if (!(rule = d3d11_find_feature(feature)) || runtime < rule->runtime || !data || size != rule->size
            || rule->size > sizeof(result))
        return E_INVALIDARG;

    memcpy(result, data, rule->size);
    if (feature == D3D11_FEATURE_FORMAT_SUPPORT || feature == D3D11_FEATURE_FORMAT_SUPPORT2)
    {
        /* Struct FORMAT_SUPPORT2 has the same layout: InFormat, then a UINT. */
        D3D11_FEATURE_DATA_FORMAT_SUPPORT *in = (D3D11_FEATURE_DATA_FORMAT_SUPPORT *)result;
        UINT support1, support2;

        if (FAILED(d3d11_format_support(d3d12, level, in->InFormat, &support1, &support2)))
        {
            /* Not a format (~0u): E_FAIL with 0, as Wine's test_format_support
             * records on Windows for FORMAT_SUPPORT; FORMAT_SUPPORT2 alike. */
            ((D3D11_FEATURE_DATA_FORMAT_SUPPORT *)data)->OutFormatSupport = 0;
            return E_FAIL;
        }
        if (feature == D3D11_FEATURE_FORMAT_SUPPORT)
        {
            /* As CheckFormatSupport: a format the device does not support at
             * all (R1_UNORM, NV11, AI44, IA44, ...) is E_FAIL with 0. */
            ((D3D11_FEATURE_DATA_FORMAT_SUPPORT *)data)->OutFormatSupport = support1;
            if (!support1)
                return E_FAIL;
        }
        in->OutFormatSupport = feature == D3D11_FEATURE_FORMAT_SUPPORT ? support1 : support2;
    }
    else
    {
        memset(result, 0, rule->size);
        for (i = 0; i < d3d11_field_rule_count; ++i)
        {
            const struct d3d11_field_rule *f = &d3d11_field_rules[i];
            UINT v, old = 0;

            if (f->feature != feature)
                continue;
            v = field_rule_value(f, d3d12, level);
            memcpy(&old, result + f->offset, f->size < sizeof(old) ? f->size : sizeof(old));
            v |= old;
            memcpy(result + f->offset, &v, f->size < sizeof(v) ? f->size : sizeof(v));
        }
    }
    memcpy(data, result, rule->size);
    return S_OK;
}

/* ---- Creation and destruction ---- */

static struct d3d11_device *device_of_object(const struct mk_object *object)
{
    return MK_OBJECT_IMPL(struct d3d11_device, obj, object);
}

/* The kinds of the device's interface conditions (D3D11_CONDITION). */
enum device_condition
{
    DEVICE_FROM_RUNTIME,    /* the runtime only */
    DEVICE_DEBUG,           /* ID3D11Debug, ID3D11InfoQueue: a device with the debug layer */
    DEVICE_ON12,            /* ID3D11On12Device, 1 and 2: a device D3D11On12CreateDevice made */
};

static bool device_available(const struct mk_object *object, uint32_t condition)
{
    const struct d3d11_device *device = device_of_object(object);

    switch (d3d11_condition_kind(condition))
    {
        case DEVICE_DEBUG:
            return device->debug != NULL;
        case DEVICE_ON12:
            return device->on12;
        default:
            return device->runtime >= d3d11_condition_runtime(condition);
    }
}

#define DEVICE_INTERFACE(member, iid, kind, runtime) \
    MK_INTERFACE_IF(struct d3d11_device, obj, member, iid, D3D11_CONDITION(kind, runtime))
#define DEVICE_FROM(iid, runtime) DEVICE_INTERFACE(ID3D11Device5_iface, iid, DEVICE_FROM_RUNTIME, runtime)
#define DXGI_DEVICE_FROM(iid, runtime) DEVICE_INTERFACE(IDXGIDevice4_iface, iid, DEVICE_FROM_RUNTIME, runtime)
static const struct mk_interface device_interfaces[] =
{
    MK_INTERFACE_AT(struct d3d11_device, obj, ID3D11Device5_iface, IID_IUnknown),
    MK_INTERFACE_AT(struct d3d11_device, obj, ID3D11Device5_iface, IID_ID3D11Device),
    DEVICE_FROM(IID_ID3D11Device1, MOCKD3D12_D3D11_RUNTIME_11_1),
    DEVICE_FROM(IID_ID3D11Device2, MOCKD3D12_D3D11_RUNTIME_11_2),
    DEVICE_FROM(IID_ID3D11Device3, MOCKD3D12_D3D11_RUNTIME_11_3),
    DEVICE_FROM(IID_ID3D11Device4, MOCKD3D12_D3D11_RUNTIME_11_4),
    DEVICE_FROM(IID_ID3D11Device5, MOCKD3D12_D3D11_RUNTIME_11_4),
    /* IDXGIDevice1 came with Windows 7, 2 with Windows 8 (11.1), 3 with
     * Windows 8.1 (11.2), 4 with Windows 10 (11.3). */
    MK_INTERFACE_AT(struct d3d11_device, obj, IDXGIDevice4_iface, IID_IDXGIObject),
    MK_INTERFACE_AT(struct d3d11_device, obj, IDXGIDevice4_iface, IID_IDXGIDevice),
    MK_INTERFACE_AT(struct d3d11_device, obj, IDXGIDevice4_iface, IID_IDXGIDevice1),
    DXGI_DEVICE_FROM(IID_IDXGIDevice2, MOCKD3D12_D3D11_RUNTIME_11_1),
    DXGI_DEVICE_FROM(IID_IDXGIDevice3, MOCKD3D12_D3D11_RUNTIME_11_2),
    DXGI_DEVICE_FROM(IID_IDXGIDevice4, MOCKD3D12_D3D11_RUNTIME_11_3),
    DEVICE_INTERFACE(ID3D11Debug_iface, IID_ID3D11Debug, DEVICE_DEBUG, 0),
    DEVICE_INTERFACE(ID3D11InfoQueue_iface, IID_ID3D11InfoQueue, DEVICE_DEBUG, 0),
    DEVICE_INTERFACE(ID3D11On12Device2_iface, IID_ID3D11On12Device, DEVICE_ON12, 0),
    DEVICE_INTERFACE(ID3D11On12Device2_iface, IID_ID3D11On12Device1, DEVICE_ON12, 0),
    DEVICE_INTERFACE(ID3D11On12Device2_iface, IID_ID3D11On12Device2, DEVICE_ON12, 0),
};
#undef DXGI_DEVICE_FROM
#undef DEVICE_FROM
#undef DEVICE_INTERFACE

static void d3d11_device_destroy(struct mk_object *object);

/* The device's parent is its adapter (IDXGIObject::GetParent), held for its
 * whole life. */
static const struct mk_object_class device_class = MK_OBJECT_CLASS(struct d3d11_device, device_interfaces,
        .name = "ID3D11Device", .destroy = d3d11_device_destroy, .available = device_available);

LUID d3d11_adapter_luid(ID3D12Device *d3d12)
{
    LUID luid;

    /* mingw-w64's C declaration returns the struct through a pointer,
     * DirectX-Headers' (the WSL stubs) by value. */
#if defined(_WIN32)
    d3d12->lpVtbl->GetAdapterLuid(d3d12, &luid);
#else
    luid = d3d12->lpVtbl->GetAdapterLuid(d3d12);
#endif
    return luid;
}

HRESULT d3d11_dxgi_adapter(IUnknown *given, ID3D12Device *d3d12, IDXGIAdapter **out)
{
    *out = NULL;
    if (given && SUCCEEDED(IUnknown_QueryInterface(given, &IID_IDXGIAdapter, (void **)out)))
        return S_OK;
    return mockd3d12_dxgi_adapter_for_luid(d3d11_adapter_luid(d3d12), &IID_IDXGIAdapter, (void **)out);
}

HRESULT d3d11_device_create(const struct d3d11_device_desc *desc, struct d3d11_device **out)
{
    struct d3d11_device *device;
    UINT i;

    if (!(device = mk_calloc(1, sizeof(*device))))
        return E_OUTOFMEMORY;
    if (desc->queue_count && !(device->queues = mk_calloc(desc->queue_count, sizeof(*device->queues))))
    {
        mk_free(device);
        return E_OUTOFMEMORY;
    }
    /* mingw-w64 declares lpVtbl without const; the tables are never written. */
    device->ID3D11Device5_iface.lpVtbl = (ID3D11Device5Vtbl *)&d3d11_device_vtbl;
    device->ID3D11On12Device2_iface.lpVtbl = (ID3D11On12Device2Vtbl *)&d3d11on12_device_vtbl;
    device->d3d12 = desc->d3d12;
    ID3D12Device_AddRef(device->d3d12);
    device->adapter = desc->adapter;
    d3d11_dxgi_device_init(device);
    device->feature_level = desc->feature_level;
    device->flags = desc->flags;
    device->runtime = desc->runtime;
    device->on12 = desc->on12;
    if ((device->traced = mockd3d12_trace_enabled()))
        device->adapter_id = d3d11_trace_adapter_id(desc->d3d12);
    device->node_mask = desc->node_mask;
    for (i = 0; i < desc->queue_count; ++i)
    {
        device->queues[i] = desc->queues[i];
        ID3D12CommandQueue_AddRef(device->queues[i]);
    }
    device->queue_count = desc->queue_count;
    mk_object_init(&device->obj, &device_class, (IUnknown *)desc->adapter, NULL);
    mk_registry_init(&device->children, NULL);
    mk_mutex_init(&device->flush_lock);

    d3d11_context_init(&device->context, device, D3D11_DEVICE_CONTEXT_IMMEDIATE, 0);
    atomic_init(&device->context.refcount, 0);
    d3d11_multithread_init(&device->context);
    {
        const char *id = d3d11_trace_adapter_id(desc->d3d12);

        snprintf(device->adapter_name, sizeof(device->adapter_name), "%s", id ? id : "");
    }
    if ((desc->flags & D3D11_CREATE_DEVICE_DEBUG) && FAILED(d3d11_debug_create(device)))
    {
        mk_object_release(&device->obj);
        return E_OUTOFMEMORY;
    }

    *out = device;
    return S_OK;
}

static void d3d11_device_destroy(struct mk_object *object)
{
    struct d3d11_device *device = MK_OBJECT_IMPL(struct d3d11_device, obj, object);
    UINT i;

    /* The objects bound to the immediate context go first: their last
     * internal reference may be the binding, and they unlink from the
     * device's state list. */
    d3d11_pipeline_clear(&device->context.pipeline);
    d3d11_debug_destroy(device);
    d3d11_multithread_cleanup(&device->context);
    mk_private_data_destroy(&device->context.private_data);
    mk_registry_destroy(&device->children);
    if (device->flush_fence)
        ID3D12Fence_Release(device->flush_fence);
    mk_mutex_destroy(&device->flush_lock);
    for (i = 0; i < device->queue_count; ++i)
        ID3D12CommandQueue_Release(device->queues[i]);
    mk_free(device->queues);
    ID3D12Device_Release(device->d3d12);
}

void d3d11_device_hand_out(struct d3d11_device *device, ID3D11Device **device_out,
        ID3D11DeviceContext **context_out)
{
    if (context_out)
        d3d11_device_GetImmediateContext(&device->ID3D11Device5_iface, context_out);
    if (device_out)
        *device_out = (ID3D11Device *)&device->ID3D11Device5_iface;
    else
        d3d11_device_Release(&device->ID3D11Device5_iface);
}

/* ---- ID3D11Device5 ---- */

/* IUnknown methods */

D3D11_DEVICE_IUNKNOWN_METHODS(d3d11_device, ID3D11Device5, d3d11_device_from_iface)

/* ID3D11Device methods */

static HRESULT check_format_support(struct d3d11_device *device, DXGI_FORMAT format, UINT *support)
{
    UINT support1, support2;

    if (!support)
        return E_INVALIDARG;
    /* Not a format (~0u too), or not supported at the device's level: E_FAIL
     * with 0 (Wine's test_format_support records both on Windows). */
    if (FAILED(d3d11_format_support(device->d3d12, device->feature_level, format, &support1, &support2))
            || !support1)
    {
        *support = 0;
        d3d11_report(device, D3D11_MSG_FORMAT_NOT_SUPPORTED, (unsigned)format, (unsigned)device->feature_level,
                d3d11_device_adapter_name(device));
        return E_FAIL;
    }
    *support = support1;
    return S_OK;
}

/* With MOCKD3D12_TRACE: the call without the D3D12 queries it makes, then its record. */
#define D3D11_TRACED(device, call, record) \
    do \
    { \
        HRESULT hr_; \
        if (!(device)->traced) \
            return (call); \
        mockd3d12_trace_suspend(TRUE); \
        hr_ = (call); \
        mockd3d12_trace_suspend(FALSE); \
        record; \
        return hr_; \
    } while (0)

HRESULT STDMETHODCALLTYPE d3d11_device_CheckFormatSupport(ID3D11Device5 *iface, DXGI_FORMAT format, UINT *support)
{
    struct d3d11_device *device = d3d11_device_from_iface(iface);

    D3D11_TRACED(device, check_format_support(device, format, support),
            d3d11_trace_format(device, "ID3D11Device::CheckFormatSupport", format, 0, 0, support ? *support : 0, hr_));
}

HRESULT d3d11_quality_levels(struct d3d11_device *device, DXGI_FORMAT format, UINT count, UINT flags,
        UINT *levels)
{
    D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS data;
    UINT support1, support2;

    if (!levels)
        return E_INVALIDARG;
    /* DXGI_FORMAT_UNKNOWN: S_OK with no levels; a value that is no format
     * (65536): E_INVALIDARG, output untouched (issue 21, from Wine's
     * test_multisample_quality_levels on Windows). */
    if (format == DXGI_FORMAT_UNKNOWN)
    {
        *levels = 0;
        return S_OK;
    }
    if (FAILED(d3d11_format_support(device->d3d12, device->feature_level, format, &support1, &support2)))
    {
        d3d11_report(device, D3D11_MSG_QUALITY_LEVELS_FORMAT, (unsigned)format, d3d11_device_adapter_name(device));
        return E_INVALIDARG;
    }
    if (!count || count > D3D11_MAX_MULTISAMPLE_SAMPLE_COUNT)
    {
        *levels = 0;
        return E_FAIL;
    }
    if (flags & ~(UINT)D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_RESOURCE)
    {
        *levels = 0;
        return E_INVALIDARG;
    }
    /* Multisampling the level's table does not give this format: none. */
    if (count > 1 && !(support1 & (D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET | D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD)))
    {
        *levels = 0;
        return S_OK;
    }
    memset(&data, 0, sizeof(data));
    data.Format = format;
    data.SampleCount = count;
    data.Flags = (flags & D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_RESOURCE)
            ? D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE : D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE;
    if (FAILED(ID3D12Device_CheckFeatureSupport(device->d3d12, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &data,
            sizeof(data))))
        data.NumQualityLevels = 0;
    *levels = data.NumQualityLevels;
    return S_OK;
}

HRESULT STDMETHODCALLTYPE d3d11_device_CheckMultisampleQualityLevels(ID3D11Device5 *iface, DXGI_FORMAT format,
        UINT count, UINT *levels)
{
    struct d3d11_device *device = d3d11_device_from_iface(iface);

    D3D11_TRACED(device, d3d11_quality_levels(device, format, count, 0, levels),
            d3d11_trace_format(device, "ID3D11Device::CheckMultisampleQualityLevels", format, count, 0,
                    levels ? *levels : 0, hr_));
}

HRESULT STDMETHODCALLTYPE d3d11_device_CheckMultisampleQualityLevels1(ID3D11Device5 *iface, DXGI_FORMAT format,
        UINT count, UINT flags, UINT *levels)
{
    struct d3d11_device *device = d3d11_device_from_iface(iface);

    D3D11_TRACED(device, d3d11_quality_levels(device, format, count, flags, levels),
            d3d11_trace_format(device, "ID3D11Device2::CheckMultisampleQualityLevels1", format, count, flags,
                    levels ? *levels : 0, hr_));
}

static const char *runtime_name(mockd3d12_d3d11_runtime runtime)
{
    static const char names[][5] = {"11.0", "11.1", "11.2", "11.3", "11.4"};
    unsigned index = (unsigned)runtime - MOCKD3D12_D3D11_RUNTIME_11_0;

    return index < sizeof(names) / sizeof(names[0]) ? names[index] : "?";
}

/* The walk, and with the debug layer the message naming why it refused. */
static HRESULT device_check_feature(struct d3d11_device *device, D3D11_FEATURE feature, void *data, UINT size)
{
    HRESULT hr = d3d11_check_feature(device->d3d12, device->runtime, device->feature_level, feature, data, size);
    const struct d3d11_feature_rule *rule;
    const char *adapter = d3d11_device_adapter_name(device);

    if (hr != E_INVALIDARG || !device->debug)
        return hr;
    if (!(rule = d3d11_find_feature(feature)))
        d3d11_report(device, D3D11_MSG_FEATURE_UNKNOWN, (unsigned)feature, adapter);
    else if (device->runtime < rule->runtime)
        d3d11_report(device, D3D11_MSG_FEATURE_TOO_NEW, rule->name, runtime_name(rule->runtime),
                runtime_name(device->runtime), adapter);
    else if (!data)
        d3d11_report(device, D3D11_MSG_FEATURE_NULL, rule->name, adapter);
    else
        d3d11_report(device, D3D11_MSG_FEATURE_SIZE, rule->name, (unsigned)rule->size, size, adapter);
    return hr;
}

HRESULT STDMETHODCALLTYPE d3d11_device_CheckFeatureSupport(ID3D11Device5 *iface, D3D11_FEATURE feature,
        void *data, UINT size)
{
    struct d3d11_device *device = d3d11_device_from_iface(iface);

    D3D11_TRACED(device, device_check_feature(device, feature, data, size),
            d3d11_trace_feature(device, feature, data, size, hr_));
}

D3D11_PRIVATE_DATA_METHODS(d3d11_device, ID3D11Device5, device_private_data)

D3D_FEATURE_LEVEL STDMETHODCALLTYPE d3d11_device_GetFeatureLevel(ID3D11Device5 *iface)
{
    return d3d11_device_from_iface(iface)->feature_level;
}

UINT STDMETHODCALLTYPE d3d11_device_GetCreationFlags(ID3D11Device5 *iface)
{
    return d3d11_device_from_iface(iface)->flags;
}

/* The D3D12 device behind it is one of the adapter's: a removal of the
 * adapter's devices (a fault plan's TDR, docs/faults.md) is this device's
 * too, with the same reason. */
HRESULT STDMETHODCALLTYPE d3d11_device_GetDeviceRemovedReason(ID3D11Device5 *iface)
{
    return ID3D12Device_GetDeviceRemovedReason(d3d11_device_from_iface(iface)->d3d12);
}

/* The creations of a removed device answer DXGI_ERROR_DEVICE_REMOVED,
 * whatever the reason (CreateDeferredContext's documentation lists it; the
 * reason is GetDeviceRemovedReason's), as libd3d12's creations do. */
HRESULT d3d11_device_removed(struct d3d11_device *device)
{
    return FAILED(ID3D12Device_GetDeviceRemovedReason(device->d3d12)) ? DXGI_ERROR_DEVICE_REMOVED : S_OK;
}

HRESULT STDMETHODCALLTYPE d3d11_device_SetExceptionMode(ID3D11Device5 *iface, UINT flags)
{
    (void)iface;
    return flags & ~(UINT)D3D11_RAISE_FLAG_DRIVER_INTERNAL_ERROR ? E_INVALIDARG : S_OK;
}

UINT STDMETHODCALLTYPE d3d11_device_GetExceptionMode(ID3D11Device5 *iface)
{
    (void)iface;
    return 0;
}

void STDMETHODCALLTYPE d3d11_device_GetImmediateContext(ID3D11Device5 *iface, ID3D11DeviceContext **out)
{
    struct d3d11_device *device = d3d11_device_from_iface(iface);

    if (!out)
        return;
    d3d11_context_AddRef(&device->context.ID3D11DeviceContext4_iface);
    *out = (ID3D11DeviceContext *)&device->context.ID3D11DeviceContext4_iface;
}

void STDMETHODCALLTYPE d3d11_device_GetImmediateContext1(ID3D11Device5 *iface, ID3D11DeviceContext1 **out)
{
    d3d11_device_GetImmediateContext(iface, (ID3D11DeviceContext **)out);
}

void STDMETHODCALLTYPE d3d11_device_GetImmediateContext2(ID3D11Device5 *iface, ID3D11DeviceContext2 **out)
{
    d3d11_device_GetImmediateContext(iface, (ID3D11DeviceContext **)out);
}

void STDMETHODCALLTYPE d3d11_device_GetImmediateContext3(ID3D11Device5 *iface, ID3D11DeviceContext3 **out)
{
    d3d11_device_GetImmediateContext(iface, (ID3D11DeviceContext **)out);
}

/* ---- ID3D11DeviceContext4 (the immediate context and deferred ones) ---- */

void d3d11_context_init(struct d3d11_context *context, struct d3d11_device *device, D3D11_DEVICE_CONTEXT_TYPE type,
        UINT flags)
{
    /* mingw-w64 declares lpVtbl without const; the table is never written. */
    context->ID3D11DeviceContext4_iface.lpVtbl = (ID3D11DeviceContext4Vtbl *)&d3d11_context_vtbl;
    context->device = device;
    context->type = type;
    context->flags = flags;
    mk_private_data_init(&context->private_data);
    d3d11_pipeline_clear(&context->pipeline);
}

/* IUnknown methods */

HRESULT STDMETHODCALLTYPE d3d11_context_QueryInterface(ID3D11DeviceContext4 *iface, REFIID riid, void **out)
{
    struct d3d11_context *context = d3d11_context_from_iface(iface);
    static const struct
    {
        const IID *iid;
        mockd3d12_d3d11_runtime runtime;
    }
    context_iids[] =
    {
        {&IID_IUnknown, MOCKD3D12_D3D11_RUNTIME_11_0},
        {&IID_ID3D11DeviceChild, MOCKD3D12_D3D11_RUNTIME_11_0},
        {&IID_ID3D11DeviceContext, MOCKD3D12_D3D11_RUNTIME_11_0},
        {&IID_ID3D11DeviceContext1, MOCKD3D12_D3D11_RUNTIME_11_1},
        {&IID_ID3D11DeviceContext2, MOCKD3D12_D3D11_RUNTIME_11_2},
        {&IID_ID3D11DeviceContext3, MOCKD3D12_D3D11_RUNTIME_11_3},
        {&IID_ID3D11DeviceContext4, MOCKD3D12_D3D11_RUNTIME_11_4},
    };
    unsigned i;

    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;
    for (i = 0; i < sizeof(context_iids) / sizeof(context_iids[0]); ++i)
    {
        if (d3d11_iid_equal(riid, context_iids[i].iid) && context->device->runtime >= context_iids[i].runtime)
        {
            d3d11_context_AddRef(iface);
            *out = iface;
            return S_OK;
        }
    }
    /* ID3D11Multithread (d3d11_4.h, the 11.4 runtime's header; Windows 10
     * has it on every immediate context): not on deferred ones. */
    if (context->type == D3D11_DEVICE_CONTEXT_IMMEDIATE && d3d11_iid_equal(riid, &IID_ID3D11Multithread))
    {
        d3d11_context_AddRef(iface);
        *out = &context->ID3D11Multithread_iface;
        return S_OK;
    }
    return E_NOINTERFACE;
}

ULONG STDMETHODCALLTYPE d3d11_context_AddRef(ID3D11DeviceContext4 *iface)
{
    struct d3d11_context *context = d3d11_context_from_iface(iface);
    ULONG refcount = (ULONG)atomic_fetch_add(&context->refcount, 1) + 1;

    if (refcount == 1 && context->type == D3D11_DEVICE_CONTEXT_IMMEDIATE)
        d3d11_device_AddRef(&context->device->ID3D11Device5_iface);
    return refcount;
}

ULONG STDMETHODCALLTYPE d3d11_context_Release(ID3D11DeviceContext4 *iface)
{
    struct d3d11_context *context = d3d11_context_from_iface(iface);
    ULONG refcount = (ULONG)atomic_fetch_sub(&context->refcount, 1) - 1;
    struct d3d11_device *device = context->device;

    if (refcount)
        return refcount;
    if (context->type == D3D11_DEVICE_CONTEXT_DEFERRED)
    {
        d3d11_pipeline_clear(&context->pipeline);
        mk_private_data_destroy(&context->private_data);
        mk_free(context);
    }
    d3d11_device_Release(&device->ID3D11Device5_iface);
    return 0;
}

/* ID3D11DeviceChild methods */

void STDMETHODCALLTYPE d3d11_context_GetDevice(ID3D11DeviceContext4 *iface, ID3D11Device **out)
{
    struct d3d11_context *context = d3d11_context_from_iface(iface);

    if (!out)
        return;
    d3d11_device_AddRef(&context->device->ID3D11Device5_iface);
    *out = (ID3D11Device *)&context->device->ID3D11Device5_iface;
}

D3D11_PRIVATE_DATA_METHODS(d3d11_context, ID3D11DeviceContext4, context_private_data)

/* ID3D11DeviceContext methods */

D3D11_DEVICE_CONTEXT_TYPE STDMETHODCALLTYPE d3d11_context_GetType(ID3D11DeviceContext4 *iface)
{
    return d3d11_context_from_iface(iface)->type;
}

UINT STDMETHODCALLTYPE d3d11_context_GetContextFlags(ID3D11DeviceContext4 *iface)
{
    return d3d11_context_from_iface(iface)->flags;
}

/* ---- ID3D11On12Device ---- */

/* IUnknown methods */

D3D11_DEVICE_IUNKNOWN_METHODS(d3d11on12_device, ID3D11On12Device2, impl_from_ID3D11On12Device2)
