/*
 * A C11 program written only against the official D3D12 API and the
 * mockd3d12 control API, built against the installed package. Exits non-zero
 * (naming the check) on the first wrong answer.
 */
#define COBJMACROS
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include <mockd3d12/d3d12.h>
#include <mockd3d12/mockd3d12.h>

#define CHECK(cond) do { if (!(cond)) { fprintf(stderr, "client_c: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
        exit(1); } } while (0)

static ULONG refcount(void *iface)
{
    IUnknown *unknown = iface;

    IUnknown_AddRef(unknown);
    return IUnknown_Release(unknown);
}

int main(void)
{
    static const GUID guid = {0x1c4f9e3a, 0x7d52, 0x4a8b, {0x9e, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77}};
    static const D3D_FEATURE_LEVEL bad_levels[] =
    {
        D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_3, D3D_FEATURE_LEVEL_10_0, D3D_FEATURE_LEVEL_10_1,
        (D3D_FEATURE_LEVEL)0, (D3D_FEATURE_LEVEL)0xb001,
    };
    D3D12_FEATURE_DATA_FEATURE_LEVELS levels;
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_COMPUTE, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5;
    ID3D12Device *device, *same, *from_queue;
    ID3D12Device5 *device5;
    ID3D12CommandQueue *queue;
    D3D_FEATURE_LEVEL requested[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_12_2};
    IUnknown *unknown;
    DWORD value = 0x12345678, out = 0;
    UINT size;
    unsigned i;

    CHECK(!strcmp(mockd3d12_version(), MOCKD3D12_VERSION_STRING));
    CHECK(mockd3d12_select_adapter("nvidia-rtx-4090") == S_OK);

    /* Creation, probing, feature-level errors. */
    CHECK(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, NULL) == S_FALSE);
    for (i = 0; i < sizeof(bad_levels) / sizeof(*bad_levels); ++i)
    {
        device = (ID3D12Device *)&value;
        CHECK(D3D12CreateDevice(NULL, bad_levels[i], &IID_ID3D12Device, (void **)&device) == E_INVALIDARG);
        CHECK(!device);
    }
    CHECK(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_12_2, &IID_ID3D12Device, (void **)&device) == S_OK);
    CHECK(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&same) == S_OK);
    CHECK(same == device);
    CHECK(ID3D12Device_Release(same) == 1);

    /* The RTX 4090's answers. */
    levels.NumFeatureLevels = 3;
    levels.pFeatureLevelsRequested = requested;
    CHECK(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FEATURE_LEVELS, &levels, sizeof(levels)) == S_OK);
    CHECK(levels.MaxSupportedFeatureLevel == D3D_FEATURE_LEVEL_12_2);
    CHECK(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS5, &options5, sizeof(options5)) == S_OK);
    CHECK(options5.RaytracingTier >= D3D12_RAYTRACING_TIER_1_1);
    CHECK(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS5, &options5, 3) == E_INVALIDARG);
    CHECK(ID3D12Device_GetNodeCount(device) == 1);

    /* COM identity and reference counts. */
    CHECK(ID3D12Device_QueryInterface(device, &IID_ID3D12Device5, (void **)&device5) == S_OK);
    CHECK((void *)device5 == (void *)device);
    CHECK(refcount(device) == 2);
    ID3D12Device5_Release(device5);
    CHECK(ID3D12Device_QueryInterface(device, &IID_ID3D12DeviceChild, (void **)&unknown) == E_NOINTERFACE);
    CHECK(!unknown);
    CHECK(ID3D12Device_QueryInterface(device, &IID_ID3D12Pageable, (void **)&unknown) == E_NOINTERFACE);
    CHECK(ID3D12Device_QueryInterface(device, &IID_ID3D12Device, NULL) == E_POINTER);

    /* Private data. */
    CHECK(ID3D12Device_SetPrivateData(device, &guid, 0, NULL) == S_FALSE);
    CHECK(ID3D12Device_SetPrivateData(device, &guid, sizeof(value), &value) == S_OK);
    size = 1;
    CHECK(ID3D12Device_GetPrivateData(device, &guid, &size, &out) == DXGI_ERROR_MORE_DATA);
    CHECK(size == sizeof(value) && out == 0);
    size = sizeof(out);
    CHECK(ID3D12Device_GetPrivateData(device, &guid, &size, &out) == S_OK);
    CHECK(out == value);
    CHECK(ID3D12Device_SetPrivateData(device, &guid, 0, NULL) == S_OK);
    size = 4;
    CHECK(ID3D12Device_GetPrivateData(device, &guid, &size, &out) == DXGI_ERROR_NOT_FOUND);
    CHECK(size == 0);
    CHECK(ID3D12Device_SetName(device, L"client device") == S_OK);

    /* A queue. */
    CHECK(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue) == S_OK);
    CHECK(refcount(device) == 2);
    desc = ID3D12CommandQueue_GetDesc(queue);
    CHECK(desc.Type == D3D12_COMMAND_LIST_TYPE_COMPUTE && desc.NodeMask == 1);
    CHECK(ID3D12CommandQueue_GetDevice(queue, &IID_ID3D12Device, (void **)&from_queue) == S_OK);
    CHECK(from_queue == device);
    ID3D12Device_Release(from_queue);
    CHECK(ID3D12CommandQueue_Release(queue) == 0);

    CHECK(ID3D12Device_Release(device) == 0);
    printf("client_c: ok\n");
    return 0;
}
