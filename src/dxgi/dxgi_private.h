/*
 * The mock DXGI library (libdxgi.so): factories and adapters over the adapter
 * registry of libd3d12.so, which it reaches only through the exported
 * mockd3d12_* control API.
 */
#ifndef MOCKD3D12_DXGI_PRIVATE_H
#define MOCKD3D12_DXGI_PRIVATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>

#ifndef COBJMACROS
#define COBJMACROS
#endif
#include <mockd3d12/dxgi.h>

#include "alloc.h"
#include "platform.h"
#include "object.h"
#include "printf_format.h"

/* Hardware adapters plus the one WARP; more than any real machine has. */
#define DXGI_MAX_ADAPTERS 16
/* Nodes whose video-memory reservations an adapter remembers. */
#define DXGI_MAX_NODES 4

/* A snapshot of the machine: hardware adapters in configured order, then WARP.
 * One slot more holds, never enumerated, the registered adapter outside the
 * machine a D3D11 device was made on (mockd3d12_dxgi_adapter_for_luid). */
struct dxgi_machine
{
    unsigned count;
    mockd3d12_adapter_info adapters[DXGI_MAX_ADAPTERS + 1];
    mockd3d12_adapter_details details[DXGI_MAX_ADAPTERS + 1];
    /* Each adapter's generation (mockd3d12_get_adapter_generation): a fault
     * plan's remove:removed replaces an adapter with a new instance. */
    UINT64 generations[DXGI_MAX_ADAPTERS];
};

/* The machine now, as libd3d12 resolves it (mockd3d12_machine_adapters), with
 * each adapter's description. On failure writes a reason to `error`. */
HRESULT dxgi_machine_snapshot(struct dxgi_machine *machine, char *error, size_t error_size);
/* Whether the machine still is the snapshot (IsCurrent): the same adapters,
 * in the same order, none of them replaced since. */
bool dxgi_machine_is_current(const struct dxgi_machine *machine);

/* Adapter order for a DXGI_GPU_PREFERENCE: writes machine indices to `order`.
 * Returns false for an unknown preference. */
bool dxgi_machine_order(const struct dxgi_machine *machine, DXGI_GPU_PREFERENCE preference, unsigned *order);

struct dxgi_factory
{
    IDXGIFactory6 IDXGIFactory6_iface;
    struct mk_object obj;
    UINT version;                   /* 0: CreateDXGIFactory (IDXGIFactory only); 1: CreateDXGIFactory1/2 */
    UINT flags;
    bool traced;                    /* MOCKD3D12_TRACE was on at creation (docs/trace.md) */
    struct dxgi_machine machine;
};

/* version 0: CreateDXGIFactory's factory (IDXGIFactory only); 1: the others. */
HRESULT dxgi_factory_create(UINT version, UINT flags, REFIID riid, void **out);

struct dxgi_adapter
{
    IDXGIAdapter4 IDXGIAdapter4_iface;
    struct mk_object obj;           /* its parent: the factory */
    struct dxgi_factory *factory;   /* the parent, as a factory */
    unsigned index;                 /* its slot in factory->machine */
    mockd3d12_adapter_info info;
    mockd3d12_adapter_details details;
    /* libd3d12's adapter object for this profile: D3D12CreateDevice finds the
     * profile through its private interface, which QueryInterface forwards to. */
    IUnknown *d3d12_adapter;
    mk_mutex lock;
    UINT64 reservation[DXGI_MAX_NODES][2]; /* SetVideoMemoryReservation, per segment group */
    /* RegisterVideoMemoryBudgetChangeNotificationEvent's cookies (libd3d12's
     * mockd3d12_watch_video_memory), ended with the adapter. */
    UINT *budget_cookies;
    size_t budget_cookie_count, budget_cookie_capacity;
};

/* ---- The capability trace's records (src/dxgi/trace.c) ---- */

/* EnumAdapters, EnumAdapters1, EnumAdapterByGpuPreference (index and
 * preference), EnumAdapterByLuid, EnumWarpAdapter (neither). */
void dxgi_trace_enum(const char *entry, const UINT *index, const DXGI_GPU_PREFERENCE *preference,
        const char *adapter_id, HRESULT hr);
/* GetDesc (flags NULL) ... GetDesc3. */
void dxgi_trace_desc(const struct dxgi_adapter *adapter, const char *entry, const UINT *flags, HRESULT hr);
void dxgi_trace_interface(const struct dxgi_adapter *adapter, const GUID *guid, const LARGE_INTEGER *umd_version,
        HRESULT hr);
void dxgi_trace_memory(const struct dxgi_adapter *adapter, UINT node, DXGI_MEMORY_SEGMENT_GROUP group,
        const DXGI_QUERY_VIDEO_MEMORY_INFO *info, HRESULT hr);
void dxgi_trace_feature(DXGI_FEATURE feature, UINT size, const void *data, HRESULT hr);

/* The adapter object for machine slot `index` (the one alive, or a new one),
 * queried for `riid`. */
HRESULT dxgi_adapter_create(struct dxgi_factory *factory, unsigned index, REFIID riid, void **out);

/* Output `index` of the adapter's profile ("outputs"), a new object holding a
 * reference to the adapter; DXGI_ERROR_NOT_FOUND past the last (src/dxgi/output.c). */
HRESULT dxgi_output_create(struct dxgi_adapter *adapter, UINT index, IDXGIOutput **out);

/* The DXGI_Message_Id values the swap chains report (their names and
 * numbers: the Windows SDK's dxgimessages.h, docs/dxgi.md "Debug output"). */
#define DXGI_MESSAGES(X) \
    X(IDXGISwapChain_Creation_MaxBufferCountExceeded, 4) \
    X(IDXGISwapChain_Creation_TooFewBuffers, 5) \
    X(IDXGISwapChain_GetBuffer_iBufferMustBeZero, 11) \
    X(IDXGISwapChain_GetBuffer_iBufferOOB, 12) \
    X(IDXGISwapChain_GetContainingOutput_ppOutputIsNULL, 13) \
    X(IDXGISwapChain_Present_SyncIntervalOOB, 14) \
    X(IDXGISwapChain_Present_NoAllocatedBuffers, 16) \
    X(IDXGISwapChain_ResizeBuffers_BufferCountOOB, 18) \
    X(IDXGISwapChain_ResizeBuffers_UnreleasedReferences, 19) \
    X(IDXGISwapChain_ResizeBuffers_InvalidSwapChainFlag, 20) \
    X(IDXGISwapChain_SetFullscreenState_InvalidTarget, 23) \
    X(IDXGISwapChain_GetFrameStatistics_pStatsIsNULL, 24) \
    X(IDXGISwapChain_GetLastPresentCount_pLastPresentCountIsNULL, 25) \
    X(IDXGIFactory_CreateSwapChain_ppSwapChainIsNULL, 30) \
    X(IDXGIFactory_CreateSwapChain_pDescIsNULL, 31) \
    X(IDXGIFactory_CreateSwapChain_UnknownSwapEffect, 32) \
    X(IDXGIFactory_CreateSwapChain_InvalidFlags, 33) \
    X(IDXGIFactory_CreateSwapChain_NullDeviceInterface, 35) \
    X(IDXGISwapChain_Creation_InvalidOutputWindow, 65) \
    X(IDXGIFactory_CreateSwapChain_BufferCountOOBForFlipSequential, 100) \
    X(IDXGIFactory_CreateSwapChain_InvalidFormatForFlipSequential, 101) \
    X(IDXGIFactory_CreateSwapChain_MultiSamplingNotSupportedForFlipSequential, 102) \
    X(IDXGISwapChain_ResizeBuffers_BufferCountOOBForFlipSequential, 103) \
    X(IDXGISwapChain_ResizeBuffers_InvalidFormatForFlipSequential, 104) \
    X(IDXGISwapChain_Present_UnsupportedFlags, 116) \
    X(IDXGISwapChain_CreationOrSetFullscreenState_StereoDisabled, 128) \
    X(IDXGIFactory_CreateSwapChainForComposition_WidthOrHeightIsZero, 134) \
    X(IDXGIFactory_CreateSwapChainForComposition_OnlyFlipSequentialSupported, 135) \
    X(IDXGISwapChain_SetFullscreenState_FSTransitionWithCompositionSwapChain, 138) \
    X(IDXGISwapChain1_SetRotation_InvalidRotation, 157) \
    X(IDXGISwapChain_GetHwnd_WrongType, 159) \
    X(IDXGISwapChain_GetCoreWindow_WrongType, 161) \
    X(IDXGISwapChain_GetFullscreenDesc_NonHwnd, 162) \
    X(IDXGISwapChain_ResizeTarget_InvalidWithCompositionSwapChain, 139) \
    X(IDXGIFactory_CreateSwapChain_ScalingNoneIsFlipModelOnly, 141) \
    X(IDXGISwapChain_ResizeTarget_pNewTargetParametersIsNULL, 169) \
    X(IDXGIFactory_CreateSwapChain_AlphaIsWindowlessOnly, 183) \
    X(IDXGIFactory_CreateSwapChain_AlphaIsFlipModelOnly, 184) \
    X(IDXGIFactory_CreateSwapChainForComposition_InvalidScaling, 189) \
    X(IDXGIFactory_CreateSwapChainForComposition_InvalidAlphaMode, 196) \
    X(IDXGIFactory_CreateSwapChain_WaitableSwapChainsAreFlipModelOnly, 210) \
    X(IDXGISwapChain_ResizeBuffers_CannotAddOrRemoveWaitableFlag, 213) \
    X(IDXGISwapChain_GetMaximumFrameLatency_OnlyWaitable, 215) \
    X(IDXGISwapChain_GetMaximumFrameLatency_pMaxLatencyIsNULL, 216) \
    X(IDXGISwapChain_SetMaximumFrameLatency_OnlyWaitable, 217) \
    X(IDXGISwapChain_SetMaximumFrameLatency_MaxLatencyIsOutOfBounds, 218) \
    X(IDXGISwapChain_SetMatrixTransform_RequiresCompositionSwapChain, 225) \
    X(IDXGISwapChain_GetMatrixTransform_RequiresCompositionSwapChain, 229) \
    X(IDXGISwapChain_SetSourceSize_WidthHeight, 236) \
    X(IDXGISwapChain3_CheckColorSpaceSupport_NullPointers, 261) \
    X(IDXGISwapChain3_SetColorSpace1_InvalidColorSpace, 262) \
    X(IDXGISwapChain_ResizeBuffers1_D3D12Only, 267) \
    X(IDXGISwapChain_ResizeBuffers1_NodeMaskAndQueueRequired, 269) \
    X(IDXGIFactory_CreateSwapChain_FlipSwapEffectRequired, 273) \
    X(IDXGIFactory_CreateSwapChain_InvalidDevice, 274) \
    X(IDXGIFactory_CreateSwapChain_InvalidQueue, 276) \
    X(IDXGISwapChain3_ResizeBuffers1_InvalidQueue, 277) \
    X(IDXGIFactory_CreateSwapChainForHwnd_InvalidScaling, 278) \
    X(IDXGISwapChain3_SetHDRMetaData_InvalidSize, 279) \
    X(IDXGISwapChain3_SetHDRMetaData_InvalidPointer, 280) \
    X(IDXGISwapChain3_SetHDRMetaData_InvalidType, 281) \
    X(IDXGISwapChain_Present_FullscreenAllowTearingIsInvalid, 282) \
    X(IDXGISwapChain_Present_AllowTearingRequiresPresentIntervalZero, 283) \
    X(IDXGISwapChain_Present_AllowTearingRequiresCreationFlag, 284) \
    X(IDXGISwapChain_ResizeBuffers_CannotAddOrRemoveAllowTearingFlag, 285) \
    X(IDXGIFactory_CreateSwapChain_AllowTearingFlagIsFlipModelOnly, 286)

enum dxgi_message
{
#define DXGI_MESSAGE_ENUM(name, value) DXGI_MSG_##name = value,
    DXGI_MESSAGES(DXGI_MESSAGE_ENUM)
#undef DXGI_MESSAGE_ENUM
};

/* With a factory made with DXGI_CREATE_FACTORY_DEBUG (NULL: none), the
 * debug layer's line for a call `method` refused with message `id`, the
 * reason formatted from `format` (src/dxgi/debug.c). */
void dxgi_report(const struct dxgi_factory *factory, enum dxgi_message id, const char *method,
        const char *format, ...) MK_PRINTF_FORMAT(4, 5);
/* IDXGIInfoQueue (src/dxgi/debug.c): a refused call's text stored in the
 * DXGI producer's queue; whether that producer's debug output is muted; the
 * process's info queue for DXGIGetDebugInterface1 (IDXGIInfoQueue or
 * IUnknown; E_NOINTERFACE for any other interface). */
void dxgi_debug_store(enum dxgi_message id, const char *text);
bool dxgi_debug_muted(void);
HRESULT dxgi_debug_interface(REFIID riid, void **out);

/* The client area of `window` (an empty one: 8 x 8), false when it is no
 * window: the real window on Windows; on Linux a simulated window of the
 * control API, or the default 1280 x 720 for any other non-zero HWND
 * (src/dxgi/window.c). */
bool dxgi_window_client_size(HWND window, UINT *width, UINT *height);
/* Where `window`'s client area is on the desktop (the real window's on
 * Windows; on Linux a simulated window's place, any other HWND at 0, 0),
 * false when it is no window. */
bool dxgi_window_rect(HWND window, RECT *rect);
/* Whether `window` is minimised (IsIconic on Windows; the control API's
 * state of a simulated window on Linux). */
bool dxgi_window_minimised(HWND window);
/* ResizeTarget's window change: a client area of `width` x `height` (0: the
 * current one), for a real window (Windows) or a simulated one (Linux; any
 * other HWND has the default size and keeps it). */
void dxgi_window_resize(HWND window, UINT width, UINT height);

/* The output of the machine adapter with `luid` that `window` is on (a new
 * object), as MonitorFromWindow(MONITOR_DEFAULTTONEAREST) picks a monitor:
 * the one whose desktop coordinates hold most of the window's client area,
 * else the nearest (the first output for no window); DXGI_ERROR_NOT_FOUND
 * for no such adapter or a headless one. */
HRESULT dxgi_factory_output_for_window(struct dxgi_factory *factory, LUID luid, HWND window, IDXGIOutput **output);

/* A swap chain on `device`, which must be a direct ID3D12CommandQueue, for
 * `window` (0: CreateSwapChainForComposition), with the rules of
 * src/dxgi/swapchain.c (a refusal reported for `method`); `fullscreen_desc`
 * NULL: windowed. The caller has checked the NULL arguments. S_OK or DXGI_STATUS_OCCLUDED with *out set. */
HRESULT dxgi_swapchain_create(struct dxgi_factory *factory, const char *method, IUnknown *device, HWND window,
        const DXGI_SWAP_CHAIN_DESC1 *desc, const DXGI_SWAP_CHAIN_FULLSCREEN_DESC *fullscreen_desc,
        IDXGISwapChain1 **out);

static inline bool dxgi_iid_equal(REFIID a, REFIID b)
{
    return !memcmp(a, b, sizeof(GUID));
}

#endif
