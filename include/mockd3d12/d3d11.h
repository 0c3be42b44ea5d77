/*
 * mockd3d12's Direct3D 11: the one include a D3D11 / D3D11On12 client needs
 * (link with `pkg-config mockd3d12-d3d11` or the CMake target
 * mockd3d12::d3d11). See docs/d3d11.md.
 *
 * The D3D11 declarations are mingw-w64's d3d11.h ... d3d11_4.h and
 * d3d11on12.h (Debian package mingw-w64-common), never retyped here. They are
 * compiled over DirectX-Headers' WSL stubs the way <mockd3d12/dxgi.h>
 * compiles the DXGI ones (mingw-w64's directory searched with -idirafter, so
 * d3dcommon.h and d3d12.h still come from DirectX-Headers); they need, on top
 * of what the stubs and <mockd3d12/dxgi.h> define:
 *   - SIZE (used by the D3D10 effect declarations d3d11.h pulls in);
 *   - mingw-w64's nameless-union markers (__C89_NAMELESS and the member
 *     names), which its _mingw.h would define: empty here, so the unions are
 *     anonymous as in the Windows SDK (C11 and C++).
 */
#ifndef MOCKD3D12_D3D11_H
#define MOCKD3D12_D3D11_H

#include <mockd3d12/dxgi.h>

#ifndef _WIN32
typedef struct tagSIZE
{
    LONG cx;
    LONG cy;
} SIZE, *PSIZE, *LPSIZE;

#ifndef __C89_NAMELESS
#define __C89_NAMELESS __extension__
#endif
#ifndef __C89_NAMELESSUNIONNAME
#define __C89_NAMELESSUNIONNAME
#endif
#ifndef __C89_NAMELESSUNIONNAME1
#define __C89_NAMELESSUNIONNAME1
#endif
#ifndef __C89_NAMELESSUNIONNAME2
#define __C89_NAMELESSUNIONNAME2
#endif
#endif /* _WIN32 */

#include <d3d11_4.h>
#include <d3d11on12.h>

/* ID3D11On12Device1 (Windows 10 1809 SDK) and ID3D11On12Device2 (2004 SDK),
 * which mingw-w64's d3d11on12.h may lack: declared here in its form (C++
 * interfaces with __uuidof, C vtables with COBJMACROS helpers), each behind
 * the guard MIDL output uses, so a d3d11on12.h that has them wins. Their
 * interface IDs are Microsoft's (the Windows SDK's d3d11on12.h). */
#ifndef __ID3D11On12Device1_INTERFACE_DEFINED__
#define __ID3D11On12Device1_INTERFACE_DEFINED__
typedef interface ID3D11On12Device1 ID3D11On12Device1;
DEFINE_GUID(IID_ID3D11On12Device1, 0xbdb64df4, 0xea2f, 0x4c70, 0xb8, 0x61, 0xaa, 0xab, 0x12, 0x58, 0xbb, 0x5d);
#if defined(__cplusplus) && !defined(CINTERFACE)
interface ID3D11On12Device1 : public ID3D11On12Device
{
    virtual HRESULT STDMETHODCALLTYPE GetD3D12Device(REFIID riid, void **device) = 0;
};
#ifdef __CRT_UUID_DECL
__CRT_UUID_DECL(ID3D11On12Device1, 0xbdb64df4, 0xea2f, 0x4c70, 0xb8, 0x61, 0xaa, 0xab, 0x12, 0x58, 0xbb, 0x5d)
#endif
#else
typedef struct ID3D11On12Device1Vtbl {
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(ID3D11On12Device1 *This, REFIID riid, void **object);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11On12Device1 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11On12Device1 *This);
    HRESULT (STDMETHODCALLTYPE *CreateWrappedResource)(ID3D11On12Device1 *This, IUnknown *d3d12_resource,
            const D3D11_RESOURCE_FLAGS *flags, D3D12_RESOURCE_STATES input_state, D3D12_RESOURCE_STATES output_state,
            REFIID iid, void **d3d11_resource);
    void (STDMETHODCALLTYPE *ReleaseWrappedResources)(ID3D11On12Device1 *This, ID3D11Resource *const *resources,
            UINT count);
    void (STDMETHODCALLTYPE *AcquireWrappedResources)(ID3D11On12Device1 *This, ID3D11Resource *const *resources,
            UINT count);
    HRESULT (STDMETHODCALLTYPE *GetD3D12Device)(ID3D11On12Device1 *This, REFIID riid, void **device);
} ID3D11On12Device1Vtbl;
interface ID3D11On12Device1
{
    CONST_VTBL ID3D11On12Device1Vtbl *lpVtbl;
};
#ifdef COBJMACROS
#define ID3D11On12Device1_QueryInterface(This, riid, object) (This)->lpVtbl->QueryInterface(This, riid, object)
#define ID3D11On12Device1_AddRef(This) (This)->lpVtbl->AddRef(This)
#define ID3D11On12Device1_Release(This) (This)->lpVtbl->Release(This)
#define ID3D11On12Device1_CreateWrappedResource(This, resource, flags, in_state, out_state, iid, out) \
    (This)->lpVtbl->CreateWrappedResource(This, resource, flags, in_state, out_state, iid, out)
#define ID3D11On12Device1_ReleaseWrappedResources(This, resources, count) \
    (This)->lpVtbl->ReleaseWrappedResources(This, resources, count)
#define ID3D11On12Device1_AcquireWrappedResources(This, resources, count) \
    (This)->lpVtbl->AcquireWrappedResources(This, resources, count)
#define ID3D11On12Device1_GetD3D12Device(This, riid, device) (This)->lpVtbl->GetD3D12Device(This, riid, device)
#endif
#endif
#endif /* __ID3D11On12Device1_INTERFACE_DEFINED__ */

#ifndef __ID3D11On12Device2_INTERFACE_DEFINED__
#define __ID3D11On12Device2_INTERFACE_DEFINED__
typedef interface ID3D11On12Device2 ID3D11On12Device2;
DEFINE_GUID(IID_ID3D11On12Device2, 0xdc90f331, 0x4740, 0x43fa, 0x86, 0x6e, 0x67, 0xf1, 0x2c, 0xb5, 0x82, 0x23);
#if defined(__cplusplus) && !defined(CINTERFACE)
interface ID3D11On12Device2 : public ID3D11On12Device1
{
    virtual HRESULT STDMETHODCALLTYPE UnwrapUnderlyingResource(ID3D11Resource *resource11,
            ID3D12CommandQueue *command_queue, REFIID riid, void **resource12) = 0;
    virtual HRESULT STDMETHODCALLTYPE ReturnUnderlyingResource(ID3D11Resource *resource11, UINT sync_count,
            UINT64 *signal_values, ID3D12Fence **fences) = 0;
};
#ifdef __CRT_UUID_DECL
__CRT_UUID_DECL(ID3D11On12Device2, 0xdc90f331, 0x4740, 0x43fa, 0x86, 0x6e, 0x67, 0xf1, 0x2c, 0xb5, 0x82, 0x23)
#endif
#else
typedef struct ID3D11On12Device2Vtbl {
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(ID3D11On12Device2 *This, REFIID riid, void **object);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11On12Device2 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11On12Device2 *This);
    HRESULT (STDMETHODCALLTYPE *CreateWrappedResource)(ID3D11On12Device2 *This, IUnknown *d3d12_resource,
            const D3D11_RESOURCE_FLAGS *flags, D3D12_RESOURCE_STATES input_state, D3D12_RESOURCE_STATES output_state,
            REFIID iid, void **d3d11_resource);
    void (STDMETHODCALLTYPE *ReleaseWrappedResources)(ID3D11On12Device2 *This, ID3D11Resource *const *resources,
            UINT count);
    void (STDMETHODCALLTYPE *AcquireWrappedResources)(ID3D11On12Device2 *This, ID3D11Resource *const *resources,
            UINT count);
    HRESULT (STDMETHODCALLTYPE *GetD3D12Device)(ID3D11On12Device2 *This, REFIID riid, void **device);
    HRESULT (STDMETHODCALLTYPE *UnwrapUnderlyingResource)(ID3D11On12Device2 *This, ID3D11Resource *resource11,
            ID3D12CommandQueue *command_queue, REFIID riid, void **resource12);
    HRESULT (STDMETHODCALLTYPE *ReturnUnderlyingResource)(ID3D11On12Device2 *This, ID3D11Resource *resource11,
            UINT sync_count, UINT64 *signal_values, ID3D12Fence **fences);
} ID3D11On12Device2Vtbl;
interface ID3D11On12Device2
{
    CONST_VTBL ID3D11On12Device2Vtbl *lpVtbl;
};
#ifdef COBJMACROS
#define ID3D11On12Device2_QueryInterface(This, riid, object) (This)->lpVtbl->QueryInterface(This, riid, object)
#define ID3D11On12Device2_AddRef(This) (This)->lpVtbl->AddRef(This)
#define ID3D11On12Device2_Release(This) (This)->lpVtbl->Release(This)
#define ID3D11On12Device2_CreateWrappedResource(This, resource, flags, in_state, out_state, iid, out) \
    (This)->lpVtbl->CreateWrappedResource(This, resource, flags, in_state, out_state, iid, out)
#define ID3D11On12Device2_ReleaseWrappedResources(This, resources, count) \
    (This)->lpVtbl->ReleaseWrappedResources(This, resources, count)
#define ID3D11On12Device2_AcquireWrappedResources(This, resources, count) \
    (This)->lpVtbl->AcquireWrappedResources(This, resources, count)
#define ID3D11On12Device2_GetD3D12Device(This, riid, device) (This)->lpVtbl->GetD3D12Device(This, riid, device)
#define ID3D11On12Device2_UnwrapUnderlyingResource(This, resource11, queue, riid, resource12) \
    (This)->lpVtbl->UnwrapUnderlyingResource(This, resource11, queue, riid, resource12)
#define ID3D11On12Device2_ReturnUnderlyingResource(This, resource11, count, values, fences) \
    (This)->lpVtbl->ReturnUnderlyingResource(This, resource11, count, values, fences)
#endif
#endif
#endif /* __ID3D11On12Device2_INTERFACE_DEFINED__ */

#ifdef __cplusplus
extern "C" {
#endif

#if defined(MOCKD3D12_D3D11_BUILDING) && defined(_WIN32)
#define MOCKD3D12_D3D11_API __declspec(dllexport)
#elif defined(MOCKD3D12_D3D11_BUILDING)
#define MOCKD3D12_D3D11_API __attribute__((visibility("default")))
#elif defined(_WIN32) && !defined(MOCKD3D12_STATIC)
#define MOCKD3D12_D3D11_API __declspec(dllimport)
#else
#define MOCKD3D12_D3D11_API
#endif

/* Returned for D3D11_CREATE_DEVICE_DEBUG without the SDK layers (winerror.h,
 * which the WSL stubs do not have). */
#ifndef DXGI_ERROR_SDK_COMPONENT_MISSING
#define DXGI_ERROR_SDK_COMPONENT_MISSING ((HRESULT)0x887A002DL)
#endif

/* D3D11_FEATURE values newer than mingw-w64's enumeration (Windows SDK
 * 10.0.17134 and later). The mock answers them; the structs are those of the
 * Windows SDK. */
#define MOCKD3D12_D3D11_FEATURE_DISPLAYABLE ((D3D11_FEATURE)20)

typedef struct MOCKD3D12_D3D11_FEATURE_DATA_DISPLAYABLE
{
    BOOL DisplayableTexture;
    D3D11_SHARED_RESOURCE_TIER SharedResourceTier;
} MOCKD3D12_D3D11_FEATURE_DATA_DISPLAYABLE;

/* ---- The simulated Direct3D 11 runtime ---------------------------------
 *
 * Which D3D11 runtime the machine has decides which interfaces
 * (ID3D11Device1..5) and which CheckFeatureSupport features exist, and whether
 * D3D_FEATURE_LEVEL_11_1 is known (docs/d3d11.md). Priority: the control API
 * > MOCKD3D12_D3D11_RUNTIME=11.0|11.1|11.2|11.3|11.4 > 11.4.
 */
typedef enum mockd3d12_d3d11_runtime
{
    MOCKD3D12_D3D11_RUNTIME_11_0 = 0x0b00,
    MOCKD3D12_D3D11_RUNTIME_11_1 = 0x0b01,
    MOCKD3D12_D3D11_RUNTIME_11_2 = 0x0b02,
    MOCKD3D12_D3D11_RUNTIME_11_3 = 0x0b03,
    MOCKD3D12_D3D11_RUNTIME_11_4 = 0x0b04,
} mockd3d12_d3d11_runtime;

/* Sets the runtime for devices created afterwards; 0 forgets the setting.
 * E_INVALIDARG (nothing changes) for any other value. */
MOCKD3D12_D3D11_API HRESULT mockd3d12_set_d3d11_runtime(mockd3d12_d3d11_runtime runtime);
/* The runtime new devices get now. A malformed MOCKD3D12_D3D11_RUNTIME makes
 * this return 0 and device creation fail with E_INVALIDARG (the reason goes to
 * stderr). */
MOCKD3D12_D3D11_API mockd3d12_d3d11_runtime mockd3d12_get_d3d11_runtime(void);

/* Whether the D3D11 SDK layers (d3d11sdklayers / D3D11_1SDKLayers.dll) are
 * installed: without them D3D11_CREATE_DEVICE_DEBUG fails with
 * DXGI_ERROR_SDK_COMPONENT_MISSING. Priority: the control API (-1 forgets it)
 * > MOCKD3D12_D3D11_SDK_LAYERS=0|1 > present. */
MOCKD3D12_D3D11_API HRESULT mockd3d12_set_d3d11_sdk_layers(int present);
MOCKD3D12_D3D11_API BOOL mockd3d12_d3d11_sdk_layers_present(void);

/* One member of a D3D11_FEATURE_DATA_* struct that ID3D11Device::
 * CheckFeatureSupport answers from the adapter (data/d3d11-mapping.tsv). */
typedef struct mockd3d12_d3d11_field
{
    const char *feature;         /* the D3D11_FEATURE name without its prefix, e.g. "D3D11_OPTIONS" */
    D3D11_FEATURE feature_value;
    UINT struct_size;            /* the exact FeatureSupportDataSize */
    mockd3d12_d3d11_runtime runtime; /* the D3D11 runtime that introduced the feature */
    const char *member;          /* the struct member */
    UINT offset, size;
} mockd3d12_d3d11_field;

/* The answered members, each once, in table order (features without inputs
 * only). Writes at most `capacity` entries and returns how many exist. For
 * tools such as `mockd3d12 caps --api d3d11`. */
MOCKD3D12_D3D11_API UINT mockd3d12_d3d11_fields(mockd3d12_d3d11_field *fields, UINT capacity);

#ifdef __cplusplus
}
#endif

#endif
