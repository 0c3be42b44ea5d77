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

static inline struct dxcore_adapter *impl_from_IDXCoreAdapter1(IDXCoreAdapter1 *iface)
{
    return (struct dxcore_adapter *)((char *)iface - offsetof(struct dxcore_adapter, IDXCoreAdapter1_iface));
}

struct dxcore_adapter *dxcore_adapter_from_unknown(IUnknown *object)
{
    IDXCoreAdapter1 *iface;
    struct dxcore_adapter *adapter = NULL;

    if (!object || FAILED(object->lpVtbl->QueryInterface(object, &IID_IDXCoreAdapter1, (void **)&iface)))
        return NULL;
    if (iface->lpVtbl == &dxcore_adapter_vtbl)
        adapter = impl_from_IDXCoreAdapter1(iface);
    iface->lpVtbl->Release(iface);
    return adapter;
}

static inline struct mk_object *adapter_object(IDXCoreAdapter1 *iface)
{
    return &impl_from_IDXCoreAdapter1(iface)->obj;
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

int dxcore_adapter_match(struct mk_object *object, void *id)
{
    return !strcmp(MK_OBJECT_IMPL(struct dxcore_adapter, obj, object)->info.id, id) && mk_object_try_addref(object);
}

/* IUnknown methods */
MK_IUNKNOWN_METHODS(dxcore_adapter, IDXCoreAdapter1, adapter_object)

/* IDXCoreAdapter methods */

static bool STDMETHODCALLTYPE dxcore_adapter_IsValid(IDXCoreAdapter1 *iface)
{
    struct dxcore_adapter *adapter = impl_from_IDXCoreAdapter1(iface);
    const char *ids[DXCORE_MAX_ADAPTERS];
    UINT count = mockd3d12_machine_adapters(ids, DXCORE_MAX_ADAPTERS);

    /* Valid while the machine has it: an adapter the machine no longer
     * lists is a removed one. */
    for (UINT i = 0; i < count && i < DXCORE_MAX_ADAPTERS; ++i)
    {
        if (!strcmp(ids[i], adapter->info.id))
            return true;
    }
    return false;
}

static bool STDMETHODCALLTYPE dxcore_adapter_IsAttributeSupported(IDXCoreAdapter1 *iface, REFGUID guid)
{
    uint32_t bit;

    if (!guid)
        return false;
    bit = dxcore_attribute_bit(guid);
    return bit && (impl_from_IDXCoreAdapter1(iface)->attributes & bit);
}

/* A property's size, or 0 when the adapter does not have it; *known: whether
 * DXCore defines the property at all. */
static size_t dxcore_property_size(const struct dxcore_adapter *adapter, DXCoreAdapterProperty property, bool *known)
{
    *known = true;
    switch (property)
    {
        case DXCoreAdapterProperty_InstanceLuid:
            return sizeof(LUID);
        case DXCoreAdapterProperty_DriverVersion:
            /* The user-mode driver's version (a report's UMD version), as
             * DXGI's CheckInterfaceSupport answers; profiles without one have none. */
            return adapter->details.has_umd_version ? sizeof(uint64_t) : 0;
        case DXCoreAdapterProperty_DriverDescription:
            return strlen(adapter->info.description) + 1;
        case DXCoreAdapterProperty_HardwareID:
            return sizeof(DXCoreHardwareID);
        case DXCoreAdapterProperty_KmdModelVersion:
            return sizeof(uint32_t); /* D3DKMT_DRIVERVERSION */
        case DXCoreAdapterProperty_ComputePreemptionGranularity:
        case DXCoreAdapterProperty_GraphicsPreemptionGranularity:
            return sizeof(uint16_t);
        case DXCoreAdapterProperty_DedicatedAdapterMemory:
        case DXCoreAdapterProperty_DedicatedSystemMemory:
        case DXCoreAdapterProperty_SharedSystemMemory:
            return sizeof(uint64_t);
        case DXCoreAdapterProperty_AcgCompatible:
        case DXCoreAdapterProperty_IsHardware:
        case DXCoreAdapterProperty_IsIntegrated:
        case DXCoreAdapterProperty_IsDetachable:
            return sizeof(bool);
        case DXCoreAdapterProperty_HardwareIDParts:
            return sizeof(DXCoreHardwareIDParts);
        case DXCoreAdapterProperty_PhysicalAdapterCount:
            return sizeof(uint32_t);
        case DXCoreAdapterProperty_AdapterEngineCount:
        case DXCoreAdapterProperty_AdapterEngineName:
            /* Engines are not simulated. */
            return 0;
    }
    *known = false;
    return 0;
}

/* Writes the property (its size checked) into the zeroed `data`. */
static void dxcore_property_fill(const struct dxcore_adapter *adapter, DXCoreAdapterProperty property, void *data)
{
    const mockd3d12_adapter_info *info = &adapter->info;
    uint64_t u64;
    uint32_t u32;
    uint16_t u16;
    bool b;

    switch (property)
    {
        case DXCoreAdapterProperty_InstanceLuid:
            memcpy(data, &info->luid, sizeof(info->luid));
            return;
        case DXCoreAdapterProperty_DriverVersion:
            u64 = adapter->details.umd_version;
            memcpy(data, &u64, sizeof(u64));
            return;
        case DXCoreAdapterProperty_DriverDescription:
            memcpy(data, info->description, strlen(info->description) + 1);
            return;
        case DXCoreAdapterProperty_HardwareID:
        {
            DXCoreHardwareID id = {info->vendor_id, info->device_id, info->subsys_id, info->revision};

            memcpy(data, &id, sizeof(id));
            return;
        }
        case DXCoreAdapterProperty_KmdModelVersion:
            u32 = DXCORE_KMD_MODEL_VERSION;
            memcpy(data, &u32, sizeof(u32));
            return;
        case DXCoreAdapterProperty_ComputePreemptionGranularity:
            u16 = DXCORE_KMDT_PREEMPTION(adapter->details.compute_preemption_granularity);
            memcpy(data, &u16, sizeof(u16));
            return;
        case DXCoreAdapterProperty_GraphicsPreemptionGranularity:
            u16 = DXCORE_KMDT_PREEMPTION(adapter->details.graphics_preemption_granularity);
            memcpy(data, &u16, sizeof(u16));
            return;
        case DXCoreAdapterProperty_DedicatedAdapterMemory:
            memcpy(data, &info->dedicated_video_memory, sizeof(uint64_t));
            return;
        case DXCoreAdapterProperty_DedicatedSystemMemory:
            memcpy(data, &info->dedicated_system_memory, sizeof(uint64_t));
            return;
        case DXCoreAdapterProperty_SharedSystemMemory:
            memcpy(data, &info->shared_system_memory, sizeof(uint64_t));
            return;
        case DXCoreAdapterProperty_AcgCompatible:
            b = !!(adapter->details.dxgi_flags & DXCORE_DXGI_FLAG3_ACG_COMPATIBLE);
            memcpy(data, &b, sizeof(b));
            return;
        case DXCoreAdapterProperty_IsHardware:
            b = !info->software;
            memcpy(data, &b, sizeof(b));
            return;
        case DXCoreAdapterProperty_IsIntegrated:
            /* An integrated GPU: a hardware adapter with UMA (WARP is UMA but
             * software). */
            b = !info->software && info->uma;
            memcpy(data, &b, sizeof(b));
            return;
        case DXCoreAdapterProperty_IsDetachable:
            /* External (detachable) GPUs are not simulated. */
            b = false;
            memcpy(data, &b, sizeof(b));
            return;
        case DXCoreAdapterProperty_HardwareIDParts:
        {
            /* The PCI subsystem id is SUBSYS_ssssvvvv: subsystem in the high
             * half, subsystem vendor in the low half. */
            DXCoreHardwareIDParts parts = {info->vendor_id, info->device_id, info->subsys_id >> 16,
                    info->subsys_id & 0xffffu, info->revision};

            memcpy(data, &parts, sizeof(parts));
            return;
        }
        case DXCoreAdapterProperty_PhysicalAdapterCount:
            u32 = info->node_count ? info->node_count : 1;
            memcpy(data, &u32, sizeof(u32));
            return;
        case DXCoreAdapterProperty_AdapterEngineCount:
        case DXCoreAdapterProperty_AdapterEngineName:
            return;
    }
}

static bool STDMETHODCALLTYPE dxcore_adapter_IsPropertySupported(IDXCoreAdapter1 *iface,
        DXCoreAdapterProperty property)
{
    bool known;

    return dxcore_property_size(impl_from_IDXCoreAdapter1(iface), property, &known) != 0;
}

static HRESULT STDMETHODCALLTYPE dxcore_adapter_GetProperty(IDXCoreAdapter1 *iface, DXCoreAdapterProperty property,
        size_t buffer_size, void *data)
{
    struct dxcore_adapter *adapter = impl_from_IDXCoreAdapter1(iface);
    bool known;
    size_t size = dxcore_property_size(adapter, property, &known);

    if (!known)
        return DXGI_ERROR_INVALID_CALL;
    if (!size)
        return DXGI_ERROR_UNSUPPORTED;
    if (!data)
        return E_POINTER;
    if (buffer_size < size)
        return E_INVALIDARG;
    memset(data, 0, buffer_size);
    dxcore_property_fill(adapter, property, data);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxcore_adapter_GetPropertySize(IDXCoreAdapter1 *iface,
        DXCoreAdapterProperty property, size_t *buffer_size)
{
    bool known;
    size_t size = dxcore_property_size(impl_from_IDXCoreAdapter1(iface), property, &known);

    if (!known)
        return DXGI_ERROR_INVALID_CALL;
    if (!size)
        return DXGI_ERROR_UNSUPPORTED;
    if (!buffer_size)
        return E_POINTER;
    *buffer_size = size;
    return S_OK;
}

static bool STDMETHODCALLTYPE dxcore_adapter_IsQueryStateSupported(IDXCoreAdapter1 *iface, DXCoreAdapterState state)
{
    (void)iface;
    return state == DXCoreAdapterState_IsDriverUpdateInProgress || state == DXCoreAdapterState_AdapterMemoryBudget
            || state == DXCoreAdapterState_AdapterMemoryUsageBytes;
}

static UINT dxcore_adapter_nodes(const struct dxcore_adapter *adapter)
{
    return adapter->info.node_count ? adapter->info.node_count : 1;
}

static HRESULT STDMETHODCALLTYPE dxcore_adapter_QueryState(IDXCoreAdapter1 *iface, DXCoreAdapterState state,
        size_t input_size, const void *input, size_t output_size, void *output)
{
    struct dxcore_adapter *adapter = impl_from_IDXCoreAdapter1(iface);

    if ((UINT)state > (UINT)DXCoreAdapterState_AdapterMemoryFrequencyHertz)
        return DXGI_ERROR_INVALID_CALL;
    if (!dxcore_adapter_IsQueryStateSupported(iface, state))
        return DXGI_ERROR_UNSUPPORTED;
    if (!output)
        return E_POINTER;
    switch (state)
    {
        case DXCoreAdapterState_IsDriverUpdateInProgress:
        {
            uint8_t updating = 0; /* drivers are never updated */

            if (input_size || output_size != sizeof(updating))
                return E_INVALIDARG;
            memcpy(output, &updating, sizeof(updating));
            return S_OK;
        }
        case DXCoreAdapterState_AdapterMemoryBudget:
        {
            DXCoreAdapterMemoryBudgetNodeSegmentGroup which;
            DXCoreAdapterMemoryBudget budget;
            mockd3d12_video_memory memory;
            bool local;

            if (!input || input_size != sizeof(which) || output_size != sizeof(budget))
                return E_INVALIDARG;
            memcpy(&which, input, sizeof(which));
            if (which.nodeIndex >= dxcore_adapter_nodes(adapter)
                    || (which.segmentGroup != DXCoreSegmentGroup_Local
                    && which.segmentGroup != DXCoreSegmentGroup_NonLocal))
                return E_INVALIDARG;
            /* libd3d12's accounting, which DXGI's QueryVideoMemoryInfo reads too. */
            local = which.segmentGroup == DXCoreSegmentGroup_Local;
            if (FAILED(mockd3d12_get_video_memory(adapter->info.id, which.nodeIndex, local ? 0 : 1, &memory)))
                return E_INVALIDARG;
            budget.budget = memory.budget;
            budget.currentUsage = memory.current_usage;
            budget.availableForReservation = memory.available_for_reservation;
            budget.currentReservation = 0; /* DXCore reserves nothing (SetState cannot) */
            memcpy(output, &budget, sizeof(budget));
            return S_OK;
        }
        case DXCoreAdapterState_AdapterMemoryUsageBytes:
        {
            DXCoreMemoryQueryInput which;
            DXCoreMemoryUsage usage;
            mockd3d12_video_memory memory;

            if (!input || input_size != sizeof(which) || output_size != sizeof(usage))
                return E_INVALIDARG;
            memcpy(&which, input, sizeof(which));
            if (which.physicalAdapterIndex >= dxcore_adapter_nodes(adapter)
                    || (which.memoryType != DXCoreMemoryType_Dedicated && which.memoryType != DXCoreMemoryType_Shared))
                return E_INVALIDARG;
            /* Dedicated: the local segment group's usage, shared: the non-local one's
             * (libd3d12's accounting); everything committed is resident. */
            if (FAILED(mockd3d12_get_video_memory(adapter->info.id, which.physicalAdapterIndex,
                    which.memoryType == DXCoreMemoryType_Dedicated ? 0 : 1, &memory)))
                return E_INVALIDARG;
            usage.committed = usage.resident = memory.current_usage;
            memcpy(output, &usage, sizeof(usage));
            return S_OK;
        }
        default:
            return DXGI_ERROR_UNSUPPORTED;
    }
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
    struct dxcore_factory *factory = impl_from_IDXCoreAdapter1(iface)->factory;

    if (!out)
        return E_POINTER;
    return factory->IDXCoreAdapterFactory1_iface.lpVtbl->QueryInterface(&factory->IDXCoreAdapterFactory1_iface,
            riid, out);
}

/* IDXCoreAdapter1 methods */

static HRESULT STDMETHODCALLTYPE dxcore_adapter_GetPropertyWithInput(IDXCoreAdapter1 *iface,
        DXCoreAdapterProperty property, size_t input_size, const void *input, size_t output_size, void *output)
{
    bool known;
    size_t size = dxcore_property_size(impl_from_IDXCoreAdapter1(iface), property, &known);

    if (!known)
        return DXGI_ERROR_INVALID_CALL;
    if (!size)
        return DXGI_ERROR_UNSUPPORTED;
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

HRESULT dxcore_adapter_create(struct dxcore_factory *factory, const char *id, struct dxcore_adapter **out)
{
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
    *out = adapter;
    return S_OK;
}
