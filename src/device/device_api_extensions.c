/*
 * ID3D12DeviceApiExtensions (D3D12 API extensions; DirectX-Headers
 * v1.719.0-preview on, DirectX-Specs d3d/D3D12ApiExtensions.md): an interface
 * of the device itself (its identity and count), answered by QueryInterface
 * on a preview runtime of 719 or later whose adapter's driver implements
 * extensions (the profile's adapter.apiExtensions). A mock driver offers no
 * extension, so the schema and creation of one answer what the spec gives for
 * an unknown extension ID; an extended creation without extensions is the
 * creation method its operation mirrors (docs/objects.md, "API extensions").
 */
#include <string.h>

#include "caps/caps.h"
#include "device.h"

/* The runtimes that declare the interface: preview 719 and later (no retail
 * DirectX-Headers through 1.619.5 has it). */
#define MK_API_EXTENSIONS_FIRST_PREVIEW 719u

bool mk_device_has_api_extensions(const mockd3d12_runtime *runtime, const struct caps_adapter *adapter)
{
    return runtime->kind == MOCKD3D12_RUNTIME_PREVIEW && runtime->preview_sdk_version >= MK_API_EXTENSIONS_FIRST_PREVIEW
            && caps_adapter_extra(adapter)->api_extensions;
}

static inline struct mk_device *impl_from_ID3D12DeviceApiExtensions(ID3D12DeviceApiExtensions *iface)
{
    return (struct mk_device *)((char *)iface - offsetof(struct mk_device, ID3D12DeviceApiExtensions_iface));
}

static IUnknown *api_extensions_outer(ID3D12DeviceApiExtensions *iface)
{
    return (IUnknown *)&impl_from_ID3D12DeviceApiExtensions(iface)->ID3D12Device17_iface;
}

MK_DELEGATING_METHODS(d3d12_api_extensions, ID3D12DeviceApiExtensions, api_extensions_outer)

/* The spec: E_NOINTERFACE for an extension ID the driver does not know, and a
 * mock driver knows none. The outputs are left as they are. */
static HRESULT STDMETHODCALLTYPE d3d12_api_extensions_GetExtensionSchema(ID3D12DeviceApiExtensions *iface,
        REFIID extension_id, LPSTR *schema, UINT *schema_length)
{
    (void)iface;
    if (!extension_id || !schema || !schema_length)
        return E_INVALIDARG;
    return E_NOINTERFACE;
}

static HRESULT STDMETHODCALLTYPE d3d12_api_extensions_CreateExtension(ID3D12DeviceApiExtensions *iface,
        REFIID extension_id, const D3D12_EXTENSION_ARGUMENTS *arguments, REFIID riid, void **extension)
{
    (void)iface;
    (void)arguments;
    (void)riid;
    if (extension)
        *extension = NULL;
    if (!extension_id || !extension)
        return E_INVALIDARG;
    return E_NOINTERFACE;
}

/* The operation is the creation method it mirrors, called as the application
 * would (the same validation, refusals and debug messages). Extensions can
 * only come from CreateExtension, which makes none here: any listed one is
 * not this device's. */
static HRESULT STDMETHODCALLTYPE d3d12_api_extensions_ExecuteExtendedObjectCreation(ID3D12DeviceApiExtensions *iface,
        const D3D12_EXTENDED_OPERATION_DATA *data)
{
    ID3D12Device17 *device = &impl_from_ID3D12DeviceApiExtensions(iface)->ID3D12Device17_iface;

    /* Extensions listed, with or without ppExtensions: none is this device's. */
    if (!data || data->NumExtensions)
        return E_INVALIDARG;
    switch ((int)data->OperationType)
    {
        case D3D12_EXTENDED_OPERATION_TYPE_CREATE_COMMITTED_RESOURCE2:
        {
            const D3D12_EXTENDED_OPERATION_CREATE_COMMITTED_RESOURCE2 *op = &data->CreateCommittedResource2;

            return device->lpVtbl->CreateCommittedResource2(device, op->pHeapProperties, op->HeapFlags, op->pDesc,
                    op->InitialResourceState, op->pOptimizedClearValue, op->pProtectedSession, &op->iidResource,
                    op->ppvResource);
        }
        case D3D12_EXTENDED_OPERATION_TYPE_CREATE_COMMITTED_RESOURCE3:
        {
            const D3D12_EXTENDED_OPERATION_CREATE_COMMITTED_RESOURCE3 *op = &data->CreateCommittedResource3;

            return device->lpVtbl->CreateCommittedResource3(device, op->pHeapProperties, op->HeapFlags, op->pDesc,
                    op->InitialResourceLayout, op->pOptimizedClearValue, op->pProtectedSession, op->NumCastableFormats,
                    op->pCastableFormats, &op->iidResource, op->ppvResource);
        }
        case D3D12_EXTENDED_OPERATION_TYPE_CREATE_PLACED_RESOURCE1:
        {
            const D3D12_EXTENDED_OPERATION_CREATE_PLACED_RESOURCE1 *op = &data->CreatePlacedResource1;

            return device->lpVtbl->CreatePlacedResource1(device, op->pHeap, op->HeapOffset, op->pDesc,
                    op->InitialResourceState, op->pOptimizedClearValue, &op->iidResource, op->ppvResource);
        }
        case D3D12_EXTENDED_OPERATION_TYPE_CREATE_PLACED_RESOURCE2:
        {
            const D3D12_EXTENDED_OPERATION_CREATE_PLACED_RESOURCE2 *op = &data->CreatePlacedResource2;

            return device->lpVtbl->CreatePlacedResource2(device, op->pHeap, op->HeapOffset, op->pDesc,
                    op->InitialResourceLayout, op->pOptimizedClearValue, op->NumCastableFormats, op->pCastableFormats,
                    &op->iidResource, op->ppvResource);
        }
        case D3D12_EXTENDED_OPERATION_TYPE_CREATE_RESERVED_RESOURCE1:
        {
            const D3D12_EXTENDED_OPERATION_CREATE_RESERVED_RESOURCE1 *op = &data->CreateReservedResource1;

            return device->lpVtbl->CreateReservedResource1(device, op->pDesc, op->InitialResourceState,
                    op->pOptimizedClearValue, op->pProtectedSession, &op->iidResource, op->ppvResource);
        }
        case D3D12_EXTENDED_OPERATION_TYPE_CREATE_RESERVED_RESOURCE2:
        {
            const D3D12_EXTENDED_OPERATION_CREATE_RESERVED_RESOURCE2 *op = &data->CreateReservedResource2;

            return device->lpVtbl->CreateReservedResource2(device, op->pDesc, op->InitialResourceLayout,
                    op->pOptimizedClearValue, op->pProtectedSession, op->NumCastableFormats, op->pCastableFormats,
                    &op->iidResource, op->ppvResource);
        }
        default:
            /* The D3D12_RESOURCE_DESC2 operations of preview 721
             * (COMMITTED_RESOURCE4, PLACED_RESOURCE3) mirror creation methods
             * mockd3d12 does not have; any other value is no operation. */
            return E_INVALIDARG;
    }
}

const ID3D12DeviceApiExtensionsVtbl mk_device_api_extensions_vtbl =
{
    /* IUnknown methods */
    d3d12_api_extensions_QueryInterface,
    d3d12_api_extensions_AddRef,
    d3d12_api_extensions_Release,
    /* ID3D12DeviceApiExtensions methods */
    d3d12_api_extensions_GetExtensionSchema,
    d3d12_api_extensions_CreateExtension,
    d3d12_api_extensions_ExecuteExtendedObjectCreation,
};
