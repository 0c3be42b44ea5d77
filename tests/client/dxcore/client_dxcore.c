/*
 * A C11 DXCore client built against the installed package: lists the
 * machine's D3D12 graphics adapters and creates a device on each. Exits
 * non-zero (naming the check) on the first wrong answer.
 */
#define COBJMACROS
#include <stdio.h>
#include <stdlib.h>

#include <mockd3d12/dxcore.h>

#define CHECK(cond) do { if (!(cond)) { fprintf(stderr, "client_dxcore: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
        exit(1); } } while (0)

int main(void)
{
    static const char *const machine[] = {"intel-iris-xe", "nvidia-rtx-4090"};
    IDXCoreAdapterFactory *factory = NULL;
    IDXCoreAdapterList *list = NULL;
    uint32_t count;

    CHECK(mockd3d12_set_machine_adapters(machine, 2) == S_OK);
    CHECK(DXCoreCreateAdapterFactory(&IID_IDXCoreAdapterFactory, (void **)&factory) == S_OK);
    CHECK(IDXCoreAdapterFactory_CreateAdapterList(factory, 1, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS,
            &IID_IDXCoreAdapterList, (void **)&list) == S_OK);
    count = IDXCoreAdapterList_GetAdapterCount(list);
    CHECK(count == 3); /* the two, then WARP */
    for (uint32_t i = 0; i < count; ++i)
    {
        IDXCoreAdapter *adapter = NULL;
        ID3D12Device *device = NULL;
        char name[128];

        CHECK(IDXCoreAdapterList_GetAdapter(list, i, &IID_IDXCoreAdapter, (void **)&adapter) == S_OK);
        CHECK(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_DriverDescription, sizeof(name), name) == S_OK);
        CHECK(D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device)
                == S_OK);
        printf("client_dxcore: %s\n", name);
        ID3D12Device_Release(device);
        IDXCoreAdapter_Release(adapter);
    }
    IDXCoreAdapterList_Release(list);
    IDXCoreAdapterFactory_Release(factory);
    return 0;
}
