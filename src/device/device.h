/*
 * The device object: one struct embedding ID3D12Device17 (whose vtable covers
 * ID3D12Device ... ID3D12Device15 as prefixes), with the adapter and runtime
 * it was created with.
 */
#ifndef MOCKD3D12_DEVICE_H
#define MOCKD3D12_DEVICE_H

#include <stdatomic.h>
#include <stdbool.h>

#include <mockd3d12/mockd3d12.h>

#include "command_list.h"
#include "command_signature.h"
#include "descriptor_heap.h"
#include "faults.h"
#include "fence.h"
#include "pipeline_state.h"
#include "heap.h"
#include "platform.h"
#include "obj_device.h"
#include "query_heap.h"
#include "root_signature.h"
#include "shader_cache_session.h"
#include "state_object.h"

struct caps_adapter;
struct dbg_device;
struct mk_command_queue;
struct mk_sheet;
struct mk_sheet_set;

struct mk_device
{
    ID3D12Device17 ID3D12Device17_iface;
    /* DRED (dred.h): answered whatever the settings. */
    ID3D12DeviceRemovedExtendedData2 ID3D12DeviceRemovedExtendedData2_iface;
    struct mk_object obj;

    const struct caps_adapter *adapter;
    mockd3d12_runtime runtime;
    bool has_device17;      /* the runtime is at or past the CheckFeatureSupport1 cutoff */
    /* ID3D12DeviceApiExtensions (device_api_extensions.c): the same object's
     * interface, answered where has_api_extensions says. */
    ID3D12DeviceApiExtensions ID3D12DeviceApiExtensions_iface;
    bool has_api_extensions;
    bool global;            /* returned by D3D12CreateDevice (cached per adapter) */
    struct mk_device *cache_next; /* the per-adapter cache's list (device_cache.c), while global */
    bool traced;            /* MOCKD3D12_TRACE was on when it was created: its queries are recorded */
    bool plain;             /* neither traced nor debug: a query's answer may be a copy and nothing more */
    /* GPU_VIRTUAL_ADDRESS_SUPPORT's MaxGPUVirtualAddressBitsPerResource and
     * PerProcess (0: not known to the runtime), read once: every resource
     * with an address checks them. */
    uint64_t va_bits_per_resource, va_bits_per_process;

    struct dbg_device *debug; /* NULL when the debug layer is off */
    struct mk_sheet_set *sheets;         /* the answer sheets of (adapter, runtime), shared */
    const struct mk_sheet *legacy_sheet; /* the legacy entry point's */

    /* What its objects know of it (src/objects/obj_device.h): its COM
     * pointer, the registry of its live objects (queues included), the
     * callbacks they report and build through. */
    struct obj_device objects;
    /* The capability gates its command lists pass per list type, computed
     * at the first list of each type (src/device/device_lists.c). */
#define MK_LIST_TYPE_SLOTS 8
    _Atomic uint64_t list_gates[MK_LIST_TYPE_SLOTS];
    atomic_uint list_gates_ready; /* bit t: list_gates[t] is computed */
    /* The highest root signature version it takes (device_root_signature.c),
     * 0 until the first creation computes it. */
    atomic_uint root_signature_highest;
    /* Removed (mk_device_remove): nothing more is created, and
     * GetDeviceRemovedReason answers `removed_reason`. */
    atomic_bool removed;
    _Atomic HRESULT removed_reason;
    /* The process's live devices (device_cache.c), for a removal of every
     * device of an adapter. */
    struct mk_device *live_next;
    /* DRED (dred.h): what it keeps, NULL when the settings turned nothing on
     * at creation; the D3D12_DRED_DEVICE_STATE of GetDeviceState. */
    struct mk_dred *dred;
    atomic_int dred_state;
};

/* Removes the device, once: `reason` is what GetDeviceRemovedReason answers
 * from then on — DXGI_ERROR_DEVICE_REMOVED for ID3D12Device5::RemoveDevice,
 * DXGI_ERROR_INVALID_CALL for a submission the runtime removes the device
 * for. Every fence goes to UINT64_MAX. */
void mk_device_remove(struct mk_device *device, HRESULT reason);
/* The same, saying which call removed it (`method`, e.g.
 * "ID3D12CommandQueue::ExecuteCommandLists") and, for a fault plan's
 * removal, the rule: the debug layer's DEVICE_REMOVAL_PROCESS_* message and
 * the trace's "DeviceRemoved" record cite both. */
void mk_device_remove_because(struct mk_device *device, HRESULT reason, const char *method, const char *rule);
/* A fault of the GPU (the fault plan's remove rules): every live device of
 * `adapter` in the process is removed with `reason`, as a TDR removes them
 * on Windows. D3D12CreateDevice makes new ones afterwards. With
 * DXGI_ERROR_DEVICE_REMOVED the adapter itself is replaced first
 * (caps_machine_replace_adapter): DXGI's and DXCore's snapshots go stale. */
void mk_device_remove_adapter(const struct caps_adapter *adapter, HRESULT reason, const char *method,
        const char *rule);
/* The same with what DRED records of a plan's fault (faults.h); `fault` may
 * be NULL. */
void mk_device_remove_adapter_fault(const struct caps_adapter *adapter, HRESULT reason, const char *method,
        const char *rule, const struct mk_removal_fault *fault);
void mk_device_remove_fault(struct mk_device *device, HRESULT reason, const char *method, const char *rule,
        const struct mk_removal_fault *fault);
/* The live-device list (device_cache.c): a device joins at creation and
 * leaves at destruction. */
void mk_device_track(struct mk_device *device);
void mk_device_untrack(struct mk_device *device);

/* What every call that can fail for the device's state checks first: a
 * removed device answers DXGI_ERROR_DEVICE_REMOVED; with a fault plan in
 * force, the call is counted (src/device/faults.h) and may fail. Without a
 * plan: one load and one predictable branch more than the removed check. */
static inline HRESULT mk_device_enter(struct mk_device *device, const char *method)
{
    if (atomic_load_explicit(&device->removed, memory_order_acquire))
        return DXGI_ERROR_DEVICE_REMOVED;
    if (mk_faults_on())
        return mk_faults_call(device, method);
    return S_OK;
}

/* mk_device_enter for a method of a queue (faults.h, struct mk_fault_call:
 * its number, a fence value, a submission). */
static inline HRESULT mk_device_enter_queue(struct mk_device *device, const char *method,
        const struct mk_fault_call *call)
{
    if (atomic_load_explicit(&device->removed, memory_order_acquire))
        return DXGI_ERROR_DEVICE_REMOVED;
    if (mk_faults_on())
        return mk_faults_call_queue(device, method, call);
    return S_OK;
}

/* What the device answers its objects (src/objects/obj_device.h): the
 * debug layer's reports (device.c), the command lists' gates and runtime
 * (device_lists.c), the pipeline libraries' builds (device_pipelines.c). */
extern const struct obj_device_ops mk_device_object_ops;
uint64_t mk_device_list_gates(void *ctx, D3D12_COMMAND_LIST_TYPE type);
void mk_device_list_refused(void *ctx, unsigned gate, D3D12_COMMAND_LIST_TYPE type, const char *method);
bool mk_device_runtime_knows(void *ctx, uint16_t first_retail, uint16_t first_preview);
HRESULT mk_device_build_pipeline(void *ctx, enum obj_pipeline_request_kind kind, const void *desc,
        const char *method, struct obj_pipeline_state **out);
/* The simulated "driver": the adapter's profile, by its id (a cached blob of
 * another profile is another driver's). */
uint64_t mk_device_driver_version(const struct mk_device *device);

/* The device of `object`, an ID3D12Device or ID3D12CommandQueue of
 * libd3d12 (any of their interfaces), and in `queue` the queue's ordinal
 * (0 for a device); NULL for anything else. No reference is taken: the
 * caller's `object` keeps the device alive. */
struct mk_device *mk_device_of_object(IUnknown *object, unsigned *queue);

static inline struct mk_device *mk_device_from_iface(ID3D12Device *iface)
{
    return (struct mk_device *)((char *)iface - offsetof(struct mk_device, ID3D12Device17_iface));
}

/* Which entry point a query came through. */
enum mk_entry
{
    MK_ENTRY_LEGACY,  /* ID3D12Device::CheckFeatureSupport: pinned below the cutoff */
    MK_ENTRY_CFS1,    /* ID3D12Device17::CheckFeatureSupport1 */
};

/* The one walk every query takes (src/check_feature.c): SDK-version policy ->
 * feature descriptor -> the adapter's true values, clamped (the device's
 * answer sheets, src/answer_sheet.h) -> the clamp's events to the debug layer
 * -> the caller's buffer, written once at the end. The legacy entry point
 * passes MK_ENTRY_LEGACY (its sdk_version is ignored). */
HRESULT mk_check_feature_support_legacy(struct mk_device *device, D3D12_FEATURE feature, void *data,
        UINT data_size);
HRESULT mk_check_feature_support1(struct mk_device *device, D3D12_FEATURE feature, void *data, UINT data_size,
        UINT sdk_version);

/* The two entry points' step 1 are functions of their own (each common case
 * then needs no stack frame); steps 2 to 5 are one code. */
static inline HRESULT mk_check_feature_support(struct mk_device *device, enum mk_entry entry,
        D3D12_FEATURE feature, void *data, UINT data_size, UINT sdk_version)
{
    if (entry == MK_ENTRY_LEGACY)
        return mk_check_feature_support_legacy(device, feature, data, data_size);
    return mk_check_feature_support1(device, feature, data, data_size, sdk_version);
}

/* Creates a device (refcount 1). `runtime` NULL means the current one. */
HRESULT mk_device_create(const struct caps_adapter *adapter, const mockd3d12_runtime *runtime,
        D3D_FEATURE_LEVEL minimum_level, struct mk_device **out);

/* S_OK when `level` is a known D3D12 minimum feature level the adapter
 * reaches; E_INVALIDARG otherwise (below 11_0, unknown, above the maximum). */
HRESULT mk_device_check_feature_level(const struct caps_adapter *adapter, D3D_FEATURE_LEVEL level);

/* The device's ID3D12Device17 pointer as IUnknown (for the debug layer's `outer`). */
static inline IUnknown *mk_device_iunknown(struct mk_device *device)
{
    return (IUnknown *)&device->ID3D12Device17_iface;
}

/* Is `node_mask` one node of the device's adapter? 0 means node 0; otherwise
 * exactly one bit of an existing node (queues, descriptor heaps, command
 * lists, query heaps: docs/objects.md). */
bool mk_device_node_mask_valid(const struct mk_device *device, UINT node_mask);

/* mockd3d12 models no video engine: no simulated adapter has one, so what
 * needs one (the video command list types, video decode statistics) is
 * refused everywhere (docs/objects.md). The reason, for `what`:
 * "<what> needs a video engine, which <adapter> does not have". */
void mk_device_video_refusal(const struct mk_device *device, const char *what, char *why, size_t why_size);

/* Reports a method mockd3d12 does not implement (MOCKD3D12_UNIMPLEMENTED_METHOD)
 * through the device's debug layer, if any. `result` names what is returned. */
void mk_device_report_unimplemented(struct mk_device *device, const char *method, const char *result);

/* D3D12CreateDevice's device of `adapter` (src/device/device_cache.c): the
 * live one, AddRef'd, or a new one (marked global) that later calls share. */
HRESULT mk_device_get_global(const struct caps_adapter *adapter, D3D_FEATURE_LEVEL minimum_level,
        struct mk_device **out);

/* Called by the device when a cached (global) device reaches refcount 0:
 * drops it from D3D12CreateDevice's per-adapter cache. */
void mk_device_cache_forget(struct mk_device *device);

/* Does a device of this runtime and adapter answer ID3D12DeviceApiExtensions?
 * (device_api_extensions.c: preview 719 on, a driver with extensions.) */
bool mk_device_has_api_extensions(const mockd3d12_runtime *runtime, const struct caps_adapter *adapter);
extern const ID3D12DeviceApiExtensionsVtbl mk_device_api_extensions_vtbl;

#endif
