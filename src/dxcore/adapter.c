/*
 * IDXCoreAdapter and IDXCoreAdapter1 over one simulated adapter profile.
 *
 * Properties come from the profile through mockd3d12_get_adapter_info and
 * mockd3d12_get_adapter_details (the facts libdxgi's descriptions use), with
 * the sizes and errors of Microsoft's DXCoreAdapterProperty and GetProperty
 * pages: an unknown property is DXGI_ERROR_INVALID_CALL, one the adapter does
 * not have DXGI_ERROR_UNSUPPORTED, a NULL buffer E_POINTER, a buffer smaller
 * than the property E_INVALIDARG; on success the whole buffer is zeroed, then
 * filled. States: the memory budget (as DXGI's QueryVideoMemoryInfo answers
 * it), memory usage (none) and "driver update in progress" (never); nothing
 * can be set.
 */
#include <stdio.h>

#include "dxcore_private.h"

/* D3DKMDT_GRAPHICS/COMPUTE_PREEMPTION_GRANULARITY (d3dkmdt.h) are DXGI's
 * DXGI_*_PREEMPTION_GRANULARITY values plus one, times 100 (NONE is 0; the
 * WDK's d3dkmdt.h: DMA_BUFFER_BOUNDARY 100 ... SHADER_BOUNDARY 500, for
 * both enums; DXGI's run DMA_BUFFER_BOUNDARY 0 ... INSTRUCTION_BOUNDARY 4). */
#define DXCORE_KMDT_PREEMPTION(dxgi_value) ((uint16_t)(((dxgi_value) + 1) * 100))
/* KMT_DRIVERVERSION_WDDM_3_1 (d3dkmthk.h): profiles do not record the kernel
 * driver's WDDM version; Windows 11 22H2's is given to every adapter. */
#define DXCORE_KMD_MODEL_VERSION 3100u
/* DXGI_ADAPTER_FLAG3_ACG_COMPATIBLE (dxgi1_6.h). */
#define DXCORE_DXGI_FLAG3_ACG_COMPATIBLE 4u

static const IDXCoreAdapter1Vtbl dxcore_adapter_vtbl;

MK_OBJECT_HELPERS(struct dxcore_adapter, IDXCoreAdapter1, IDXCoreAdapter1_iface,
        impl_from_IDXCoreAdapter1, adapter_object)

struct dxcore_adapter *dxcore_adapter_from_unknown(IUnknown *object)
{
    IDXCoreAdapter1 *iface = dxcore_own_iface(object, &IID_IDXCoreAdapter1, &dxcore_adapter_vtbl);

    return iface ? impl_from_IDXCoreAdapter1(iface) : NULL;
}

static void dxcore_adapter_destroy(struct mk_object *object)
{
    struct dxcore_adapter *adapter = MK_OBJECT_IMPL(struct dxcore_adapter, obj, object);

    if (adapter->d3d12_adapter)
        adapter->d3d12_adapter->lpVtbl->Release(adapter->d3d12_adapter);
}

/* libd3d12's private adapter interface (and nothing else it knows):
 * D3D12CreateDevice(this adapter) creates the device of this profile. */
static HRESULT adapter_query_d3d12(struct mk_object *object, REFIID riid, void **out)
{
    IUnknown *d3d12_adapter = MK_OBJECT_IMPL(struct dxcore_adapter, obj, object)->d3d12_adapter;

    return d3d12_adapter ? d3d12_adapter->lpVtbl->QueryInterface(d3d12_adapter, riid, out) : E_NOINTERFACE;
}

static const struct mk_interface adapter_interfaces[] =
{
    MK_INTERFACE_AT(struct dxcore_adapter, obj, IDXCoreAdapter1_iface, IID_IUnknown),
    MK_INTERFACE_AT(struct dxcore_adapter, obj, IDXCoreAdapter1_iface, IID_IDXCoreAdapter),
    MK_INTERFACE_AT(struct dxcore_adapter, obj, IDXCoreAdapter1_iface, IID_IDXCoreAdapter1),
};

static const struct mk_object_class adapter_class = MK_OBJECT_CLASS(struct dxcore_adapter, adapter_interfaces,
        .name = "IDXCoreAdapter", .destroy = dxcore_adapter_destroy, .query_more = adapter_query_d3d12);

int dxcore_adapter_match(struct mk_object *object, void *key)
{
    const struct dxcore_adapter *adapter = MK_OBJECT_IMPL(struct dxcore_adapter, obj, object);
    const struct dxcore_adapter_key *k = key;

    return !strcmp(adapter->info.id, k->id) && adapter->generation == k->generation && mk_object_try_addref(object);
}

bool dxcore_adapter_is_valid(const struct dxcore_adapter *adapter)
{
    const char *ids[DXCORE_MAX_ADAPTERS];
    UINT count = mockd3d12_machine_adapters(ids, DXCORE_MAX_ADAPTERS);
    UINT64 generation;

    /* Valid while the machine has it: an adapter the machine no longer
     * lists is a removed one, and one replaced since (a new generation) is
     * another instance. */
    for (UINT i = 0; i < count && i < DXCORE_MAX_ADAPTERS; ++i)
    {
        if (!strcmp(ids[i], adapter->info.id))
            return SUCCEEDED(mockd3d12_get_adapter_generation(ids[i], &generation))
                    && generation == adapter->generation;
    }
    return false;
}

/* IUnknown methods */
MK_IUNKNOWN_METHODS(dxcore_adapter, IDXCoreAdapter1, adapter_object)

/* IDXCoreAdapter methods */

static bool STDMETHODCALLTYPE dxcore_adapter_IsValid(IDXCoreAdapter1 *iface)
{
    return dxcore_adapter_is_valid(impl_from_IDXCoreAdapter1(iface));
}

static bool STDMETHODCALLTYPE dxcore_adapter_IsAttributeSupported(IDXCoreAdapter1 *iface, REFGUID guid)
{
    uint32_t bit;

    if (!guid)
        return false;
    bit = dxcore_attribute_bit(guid);
    return bit && (impl_from_IDXCoreAdapter1(iface)->attributes & bit);
}

/* One property's value: `size` bytes at `data`; the values computed for the
 * call are kept in `own`. */
struct property_value
{
    const void *data;
    size_t size;
    unsigned char own[sizeof(DXCoreHardwareIDParts)];
};

static void value_at(struct property_value *value, const void *data, size_t size)
{
    value->data = data;
    value->size = size;
}

static void value_of(struct property_value *value, const void *data, size_t size)
{
    memcpy(value->own, data, size);
    value_at(value, value->own, size);
}

static UINT dxcore_adapter_nodes(const struct dxcore_adapter *adapter)
{
    return adapter->info.node_count ? adapter->info.node_count : 1;
}

/* The property's value: DXGI_ERROR_INVALID_CALL for a property DXCore does
 * not define, DXGI_ERROR_UNSUPPORTED for one the adapter does not have. */
static HRESULT dxcore_property(const struct dxcore_adapter *adapter, DXCoreAdapterProperty property,
        struct property_value *value)
{
    const mockd3d12_adapter_info *info = &adapter->info;

    value_at(value, NULL, 0);
    switch (property)
    {
        case DXCoreAdapterProperty_InstanceLuid:
            value_at(value, &info->luid, sizeof(info->luid));
            break;
        case DXCoreAdapterProperty_DriverVersion:
            /* The user-mode driver's version (a report's UMD version), as
             * DXGI's CheckInterfaceSupport answers; profiles without one have none. */
            if (adapter->details.has_umd_version)
                value_of(value, &(uint64_t){adapter->details.umd_version}, sizeof(uint64_t));
            break;
        case DXCoreAdapterProperty_DriverDescription:
            value_at(value, info->description, strlen(info->description) + 1);
            break;
        case DXCoreAdapterProperty_HardwareID:
            value_of(value, &(DXCoreHardwareID){info->vendor_id, info->device_id, info->subsys_id, info->revision},
                    sizeof(DXCoreHardwareID));
            break;
        case DXCoreAdapterProperty_KmdModelVersion:
            value_of(value, &(uint32_t){DXCORE_KMD_MODEL_VERSION}, sizeof(uint32_t)); /* D3DKMT_DRIVERVERSION */
            break;
        case DXCoreAdapterProperty_ComputePreemptionGranularity:
            value_of(value, &(uint16_t){DXCORE_KMDT_PREEMPTION(adapter->details.compute_preemption_granularity)},
                    sizeof(uint16_t));
            break;
        case DXCoreAdapterProperty_GraphicsPreemptionGranularity:
            value_of(value, &(uint16_t){DXCORE_KMDT_PREEMPTION(adapter->details.graphics_preemption_granularity)},
                    sizeof(uint16_t));
            break;
        case DXCoreAdapterProperty_DedicatedAdapterMemory:
            value_at(value, &info->dedicated_video_memory, sizeof(uint64_t));
            break;
        case DXCoreAdapterProperty_DedicatedSystemMemory:
            value_at(value, &info->dedicated_system_memory, sizeof(uint64_t));
            break;
        case DXCoreAdapterProperty_SharedSystemMemory:
            value_at(value, &info->shared_system_memory, sizeof(uint64_t));
            break;
        case DXCoreAdapterProperty_AcgCompatible:
            value_of(value, &(bool){adapter->details.dxgi_flags & DXCORE_DXGI_FLAG3_ACG_COMPATIBLE}, sizeof(bool));
            break;
        case DXCoreAdapterProperty_IsHardware:
            value_of(value, &(bool){!info->software}, sizeof(bool));
            break;
        case DXCoreAdapterProperty_IsIntegrated:
            /* An integrated GPU: a hardware adapter with UMA (WARP is UMA but software). */
            value_of(value, &(bool){!info->software && info->uma}, sizeof(bool));
            break;
        case DXCoreAdapterProperty_IsDetachable:
            /* External (detachable) GPUs are not simulated. */
            value_of(value, &(bool){false}, sizeof(bool));
            break;
        case DXCoreAdapterProperty_HardwareIDParts:
            /* The PCI subsystem id is SUBSYS_ssssvvvv: subsystem in the high
             * half, subsystem vendor in the low half. */
            value_of(value, &(DXCoreHardwareIDParts){info->vendor_id, info->device_id, info->subsys_id >> 16,
                    info->subsys_id & 0xffffu, info->revision}, sizeof(DXCoreHardwareIDParts));
            break;
        case DXCoreAdapterProperty_PhysicalAdapterCount:
            value_of(value, &(uint32_t){dxcore_adapter_nodes(adapter)}, sizeof(uint32_t));
            break;
        case DXCoreAdapterProperty_AdapterEngineCount:
        case DXCoreAdapterProperty_AdapterEngineName:
            break; /* engines are not simulated */
        default:
            return DXGI_ERROR_INVALID_CALL;
    }
    return value->size ? S_OK : DXGI_ERROR_UNSUPPORTED;
}

static bool STDMETHODCALLTYPE dxcore_adapter_IsPropertySupported(IDXCoreAdapter1 *iface,
        DXCoreAdapterProperty property)
{
    struct property_value value;

    return SUCCEEDED(dxcore_property(impl_from_IDXCoreAdapter1(iface), property, &value));
}

/* The property for a method that writes to `out`: E_POINTER without it. */
static HRESULT dxcore_property_to(IDXCoreAdapter1 *iface, DXCoreAdapterProperty property, const void *out,
        struct property_value *value)
{
    HRESULT hr = dxcore_property(impl_from_IDXCoreAdapter1(iface), property, value);

    return SUCCEEDED(hr) && !out ? E_POINTER : hr;
}

/* On success the whole buffer is zeroed, then the property written. */
static HRESULT STDMETHODCALLTYPE dxcore_adapter_GetProperty(IDXCoreAdapter1 *iface, DXCoreAdapterProperty property,
        size_t buffer_size, void *data)
{
    struct property_value value;
    HRESULT hr;

    if (FAILED(hr = dxcore_property_to(iface, property, data, &value)))
        return hr;
    if (buffer_size < value.size)
        return E_INVALIDARG;
    memset(data, 0, buffer_size);
    memcpy(data, value.data, value.size);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxcore_adapter_GetPropertySize(IDXCoreAdapter1 *iface,
        DXCoreAdapterProperty property, size_t *buffer_size)
{
    struct property_value value;
    HRESULT hr = dxcore_property_to(iface, property, buffer_size, &value);

    if (SUCCEEDED(hr))
        *buffer_size = value.size;
    return hr;
}

/* ---- States ---- */

/* The video memory of `node`'s local or non-local segment group (libd3d12's
 * accounting, which DXGI's QueryVideoMemoryInfo reads too); false for a node
 * the adapter does not have. */
static bool node_memory(const struct dxcore_adapter *adapter, uint32_t node, bool local,
        mockd3d12_video_memory *memory)
{
    return node < dxcore_adapter_nodes(adapter)
            && SUCCEEDED(mockd3d12_get_video_memory(adapter->info.id, node, local ? 0 : 1, memory));
}

static HRESULT query_driver_update(const struct dxcore_adapter *adapter, DXCoreAdapterState state,
        const void *input, void *output)
{
    (void)adapter;
    (void)state;
    (void)input;
    *(uint8_t *)output = 0; /* drivers are never updated */
    return S_OK;
}

/* Both memory states name a node and a segment group, in one layout: the
 * usage's memory types are the groups (dedicated memory is the local group,
 * shared memory the non-local one). */
_Static_assert(sizeof(DXCoreMemoryQueryInput) == sizeof(DXCoreAdapterMemoryBudgetNodeSegmentGroup)
        && offsetof(DXCoreMemoryQueryInput, memoryType) == offsetof(DXCoreAdapterMemoryBudgetNodeSegmentGroup, segmentGroup)
        && (int)DXCoreMemoryType_Dedicated == (int)DXCoreSegmentGroup_Local
        && (int)DXCoreMemoryType_Shared == (int)DXCoreSegmentGroup_NonLocal, "the memory states' inputs differ");

static HRESULT query_memory(const struct dxcore_adapter *adapter, DXCoreAdapterState state, const void *input,
        void *output)
{
    DXCoreAdapterMemoryBudgetNodeSegmentGroup which;
    mockd3d12_video_memory memory;

    memcpy(&which, input, sizeof(which));
    if ((which.segmentGroup != DXCoreSegmentGroup_Local && which.segmentGroup != DXCoreSegmentGroup_NonLocal)
            || !node_memory(adapter, which.nodeIndex, which.segmentGroup == DXCoreSegmentGroup_Local, &memory))
        return E_INVALIDARG;
    if (state == DXCoreAdapterState_AdapterMemoryBudget)
    {
        /* DXCore reserves nothing (SetState cannot). */
        DXCoreAdapterMemoryBudget budget = {.budget = memory.budget, .currentUsage = memory.current_usage,
                .availableForReservation = memory.available_for_reservation, .currentReservation = 0};

        memcpy(output, &budget, sizeof(budget));
    }
    else
    {
        /* Everything committed is resident. */
        DXCoreMemoryUsage usage = {.committed = memory.current_usage, .resident = memory.current_usage};

        memcpy(output, &usage, sizeof(usage));
    }
    return S_OK;
}

/* The states QueryState answers, with the exact sizes of their input (0:
 * none) and output. */
static const struct dxcore_state
{
    DXCoreAdapterState state;
    size_t input_size, output_size;
    HRESULT (*query)(const struct dxcore_adapter *adapter, DXCoreAdapterState state, const void *input, void *output);
}
dxcore_states[] =
{
    {DXCoreAdapterState_IsDriverUpdateInProgress, 0, sizeof(uint8_t), query_driver_update},
    {DXCoreAdapterState_AdapterMemoryBudget, sizeof(DXCoreAdapterMemoryBudgetNodeSegmentGroup),
            sizeof(DXCoreAdapterMemoryBudget), query_memory},
    {DXCoreAdapterState_AdapterMemoryUsageBytes, sizeof(DXCoreMemoryQueryInput), sizeof(DXCoreMemoryUsage),
            query_memory},
};

static const struct dxcore_state *dxcore_state(DXCoreAdapterState state)
{
    size_t i;

    for (i = 0; i < sizeof(dxcore_states) / sizeof(dxcore_states[0]); ++i)
    {
        if (dxcore_states[i].state == state)
            return &dxcore_states[i];
    }
    return NULL;
}

static bool STDMETHODCALLTYPE dxcore_adapter_IsQueryStateSupported(IDXCoreAdapter1 *iface, DXCoreAdapterState state)
{
    (void)iface;
    return dxcore_state(state) != NULL;
}

static HRESULT STDMETHODCALLTYPE dxcore_adapter_QueryState(IDXCoreAdapter1 *iface, DXCoreAdapterState state,
        size_t input_size, const void *input, size_t output_size, void *output)
{
    const struct dxcore_state *row = dxcore_state(state);

    if ((UINT)state > (UINT)DXCoreAdapterState_AdapterMemoryFrequencyHertz)
        return DXGI_ERROR_INVALID_CALL;
    if (!row)
        return DXGI_ERROR_UNSUPPORTED;
    if (!output)
        return E_POINTER;
    if ((row->input_size && !input) || input_size != row->input_size || output_size != row->output_size)
        return E_INVALIDARG;
    return row->query(impl_from_IDXCoreAdapter1(iface), state, input, output);
}

static bool STDMETHODCALLTYPE dxcore_adapter_IsSetStateSupported(IDXCoreAdapter1 *iface, DXCoreAdapterState state)
{
    (void)iface;
    (void)state;
    return false;
}

static HRESULT STDMETHODCALLTYPE dxcore_adapter_SetState(IDXCoreAdapter1 *iface, DXCoreAdapterState state,
        size_t input_size, const void *input, size_t data_size, const void *data)
{
    (void)iface;
    (void)input_size;
    (void)input;
    (void)data_size;
    (void)data;
    /* No state can be set (DXCoreAdapterState: SetState supports neither
     * the driver-update flag nor the budget, nor any later state). */
    if ((UINT)state > (UINT)DXCoreAdapterState_AdapterMemoryFrequencyHertz)
        return DXGI_ERROR_INVALID_CALL;
    return DXGI_ERROR_UNSUPPORTED;
}

static HRESULT STDMETHODCALLTYPE dxcore_adapter_GetFactory(IDXCoreAdapter1 *iface, REFIID riid, void **out)
{
    return dxcore_get_factory(adapter_object(iface), riid, out);
}

/* IDXCoreAdapter1 methods */

static HRESULT STDMETHODCALLTYPE dxcore_adapter_GetPropertyWithInput(IDXCoreAdapter1 *iface,
        DXCoreAdapterProperty property, size_t input_size, const void *input, size_t output_size, void *output)
{
    struct property_value value;
    HRESULT hr;

    if (FAILED(hr = dxcore_property(impl_from_IDXCoreAdapter1(iface), property, &value)))
        return hr;
    /* Only the engine properties take input, and they are not simulated. */
    if (input_size || input)
        return E_INVALIDARG;
    return dxcore_adapter_GetProperty(iface, property, output_size, output);
}

static const IDXCoreAdapter1Vtbl dxcore_adapter_vtbl =
{
    /* IUnknown methods */
    dxcore_adapter_QueryInterface,
    dxcore_adapter_AddRef,
    dxcore_adapter_Release,
    /* IDXCoreAdapter methods */
    dxcore_adapter_IsValid,
    dxcore_adapter_IsAttributeSupported,
    dxcore_adapter_IsPropertySupported,
    dxcore_adapter_GetProperty,
    dxcore_adapter_GetPropertySize,
    dxcore_adapter_IsQueryStateSupported,
    dxcore_adapter_QueryState,
    dxcore_adapter_IsSetStateSupported,
    dxcore_adapter_SetState,
    dxcore_adapter_GetFactory,
    /* IDXCoreAdapter1 methods */
    dxcore_adapter_GetPropertyWithInput,
};

HRESULT dxcore_adapter_create(struct dxcore_factory *factory, const struct dxcore_adapter_key *key,
        struct dxcore_adapter **out)
{
    const char *id = key->id;
    struct dxcore_adapter *adapter;
    HRESULT hr;

    *out = NULL;
    if (!(adapter = mk_calloc(1, sizeof(*adapter))))
        return E_OUTOFMEMORY;
    adapter->IDXCoreAdapter1_iface.lpVtbl = &dxcore_adapter_vtbl;
    adapter->factory = factory;
    mk_object_init(&adapter->obj, &adapter_class, (IUnknown *)&factory->IDXCoreAdapterFactory1_iface, NULL);
    if (FAILED(hr = mockd3d12_get_adapter_info(id, &adapter->info))
            || FAILED(hr = mockd3d12_get_adapter_details(id, &adapter->details))
            || FAILED(hr = mockd3d12_get_adapter_feature_level(id, &adapter->feature_level))
            || FAILED(hr = mockd3d12_get_adapter(id, &adapter->d3d12_adapter)))
    {
        adapter->d3d12_adapter = NULL;
        mk_object_release(&adapter->obj); /* not in the factory's registry yet */
        return hr;
    }
    adapter->attributes = dxcore_attributes_for(adapter->feature_level);
    adapter->generation = key->generation;
    *out = adapter;
    return S_OK;
}
