/*
 * vkd3d through dlopen(): libvkd3d-utils.so.1 exports D3D12CreateDevice, and
 * vkd3d's COM methods use the Windows x64 calling convention even on Linux
 * (its D3D12CreateDevice saves rdi/rsi/xmm6 and reads the shadow space), so
 * every call into it goes through an ms_abi function pointer. The vtable
 * slots are the same as the DirectX headers' (offsetof into ID3D12DeviceVtbl).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_vkd3d.h"
#include "objects.h"

#if defined(__x86_64__)
#define VKD3D_ABI __attribute__((ms_abi))
#else
#define VKD3D_ABI
#endif

typedef HRESULT (VKD3D_ABI *vkd3d_create_device_fn)(IUnknown *adapter, D3D_FEATURE_LEVEL level, REFIID riid,
        void **device);
typedef ULONG (VKD3D_ABI *vkd3d_release_fn)(void *iface);
typedef HRESULT (VKD3D_ABI *vkd3d_check_feature_support_fn)(void *iface, D3D12_FEATURE feature, void *data,
        UINT size);

#define VTBL_SLOT(member) (offsetof(ID3D12DeviceVtbl, member) / sizeof(void *))

static void *vtbl_entry(void *iface, size_t slot)
{
    void **vtbl = *(void ***)iface;

    return vtbl[slot];
}

static ULONG vkd3d_release(void *iface)
{
    vkd3d_release_fn release = (vkd3d_release_fn)vtbl_entry(iface, VTBL_SLOT(Release));

    return release(iface);
}

bool bench_vkd3d_open(struct bench_vkd3d *vk, const char *icd)
{
    vkd3d_create_device_fn create;
    HRESULT hr;

    memset(vk, 0, sizeof(*vk));
    if (icd && access(icd, R_OK))
    {
        snprintf(vk->status, sizeof(vk->status), "lavapipe ICD %s not found", icd);
        return false;
    }
    /* Before the Vulkan loader is loaded: it reads the variable once. */
    if (icd)
        setenv("VK_ICD_FILENAMES", icd, 1);
    if (!(vk->library = dlopen("libvkd3d-utils.so.1", RTLD_NOW | RTLD_LOCAL)))
    {
        snprintf(vk->status, sizeof(vk->status), "libvkd3d-utils.so.1 not loadable: %s", dlerror());
        return false;
    }
    if (!(vk->create_fn = dlsym(vk->library, "D3D12CreateDevice")))
    {
        snprintf(vk->status, sizeof(vk->status), "libvkd3d-utils.so.1 has no D3D12CreateDevice");
        bench_vkd3d_close(vk);
        return false;
    }
    create = (vkd3d_create_device_fn)vk->create_fn;
    hr = create(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, &vk->device);
    vk->create_hr = hr;
    if (FAILED(hr) || !vk->device)
    {
        snprintf(vk->status, sizeof(vk->status),
                "vkd3d-utils D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0) on %s failed: HRESULT 0x%08x",
                icd ? icd : "the default Vulkan driver", (unsigned)hr);
        vk->device = NULL;
        return false;
    }
    snprintf(vk->status, sizeof(vk->status), "vkd3d-utils (libvkd3d-utils.so.1) on %s",
            icd ? icd : "the default Vulkan driver");
    return true;
}

void bench_vkd3d_close(struct bench_vkd3d *vk)
{
    if (vk->device)
        vkd3d_release(vk->device);
    vk->device = NULL;
    /* Never dlclose(): the Vulkan driver may keep threads and atexit handlers. */
}

HRESULT bench_vkd3d_create_release(struct bench_vkd3d *vk)
{
    vkd3d_create_device_fn create = (vkd3d_create_device_fn)vk->create_fn;
    void *device = NULL;
    HRESULT hr;

    if (SUCCEEDED(hr = create(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, &device)))
        vkd3d_release(device);
    return hr;
}

/* The same loop as bench.c's loop_cfs(): the vtable entry is read through the
 * device on every call, as a client's code does. */
void bench_vkd3d_cfs_loop(struct bench_vkd3d *vk, D3D12_FEATURE feature, void *data, UINT size, size_t n)
{
    size_t i;

    for (i = 0; i < n; ++i)
    {
        vkd3d_check_feature_support_fn check = (vkd3d_check_feature_support_fn)vtbl_entry(vk->device,
                VTBL_SLOT(CheckFeatureSupport));

        if (FAILED(check(vk->device, feature, data, size)))
            abort();
    }
}

void bench_vkd3d_mix_loop(struct bench_vkd3d *vk, const struct bench_query *queries, unsigned count, size_t n)
{
    size_t i;
    unsigned q;

    for (i = 0; i < n; ++i)
    {
        for (q = 0; q < count; ++q)
        {
            vkd3d_check_feature_support_fn check = (vkd3d_check_feature_support_fn)vtbl_entry(vk->device,
                    VTBL_SLOT(CheckFeatureSupport));

            if (FAILED(check(vk->device, queries[q].feature, queries[q].data, queries[q].size)))
                abort();
        }
    }
}

HRESULT bench_vkd3d_query(struct bench_vkd3d *vk, const struct bench_query *query)
{
    vkd3d_check_feature_support_fn check = (vkd3d_check_feature_support_fn)vtbl_entry(vk->device,
            VTBL_SLOT(CheckFeatureSupport));

    return check(vk->device, query->feature, query->data, query->size);
}

void bench_vkd3d_exports(struct bench_vkd3d *vk, struct bench_exports *out)
{
    out->serialize_root_signature = dlsym(vk->library, "D3D12SerializeRootSignature");
    out->create_root_signature_deserializer = dlsym(vk->library, "D3D12CreateRootSignatureDeserializer");
}
