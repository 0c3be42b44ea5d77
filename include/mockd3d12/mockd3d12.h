/*
 * mockd3d12 control API: what a test harness calls, besides the D3D12 entry
 * points, to choose the simulated adapter and the simulated runtime version.
 *
 * Every function is thread-safe. Settings made here apply to devices created
 * afterwards; existing devices keep the adapter and runtime they were created
 * with. See docs/control-api.md.
 */
#ifndef MOCKD3D12_MOCKD3D12_H
#define MOCKD3D12_MOCKD3D12_H

#include <stddef.h>

#include <mockd3d12/d3d12.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(MOCKD3D12_BUILDING) && defined(_WIN32)
#define MOCKD3D12_API __declspec(dllexport)
#elif defined(MOCKD3D12_BUILDING)
#define MOCKD3D12_API __attribute__((visibility("default")))
#elif defined(_WIN32) && !defined(MOCKD3D12_STATIC)
#define MOCKD3D12_API __declspec(dllimport)
#else
#define MOCKD3D12_API
#endif

#define MOCKD3D12_VERSION_MAJOR 0
#define MOCKD3D12_VERSION_MINOR 1
#define MOCKD3D12_VERSION_PATCH 0

/* "0.1.0": the version of the library actually loaded. */
MOCKD3D12_API const char *mockd3d12_version(void);

/* ---- Runtime versions ------------------------------------------------- */

typedef enum mockd3d12_runtime_kind
{
    MOCKD3D12_RUNTIME_RETAIL = 0,
    MOCKD3D12_RUNTIME_PREVIEW = 1,
} mockd3d12_runtime_kind;

/* A simulated D3D12 runtime. The defaults are retail, 620 and 721 with the
 * CheckFeatureSupport1 cutoff at retail 620 / preview 721. */
typedef struct mockd3d12_runtime
{
    mockd3d12_runtime_kind kind;
    UINT sdk_version;                /* the runtime's D3D12_SDK_VERSION */
    UINT preview_sdk_version;        /* the runtime's D3D12_PREVIEW_SDK_VERSION */
    UINT cutoff_sdk_version;         /* retail SDK that introduced CheckFeatureSupport1 */
    UINT cutoff_preview_sdk_version; /* preview SDK that introduced CheckFeatureSupport1 */
    BOOL retroactive;                /* beyond the spec: clamp values older than the cutoff too */
} mockd3d12_runtime;

/* The runtime new devices get: control API > environment > the main program's
 * exported D3D12SDKVersion > defaults. */
MOCKD3D12_API HRESULT mockd3d12_get_runtime(mockd3d12_runtime *runtime);
/* Validates and sets the runtime for new devices; NULL forgets it again. */
MOCKD3D12_API HRESULT mockd3d12_set_runtime(const mockd3d12_runtime *runtime);
/* The SDK version on the runtime's own track (sdk_version or preview_sdk_version). */
MOCKD3D12_API UINT mockd3d12_runtime_effective_version(const mockd3d12_runtime *runtime);

/* ---- Simulated adapters ----------------------------------------------- */

/* Registered adapters (built-in ones first), by index; NULL past the end. The
 * strings live as long as the process. */
MOCKD3D12_API UINT mockd3d12_adapter_count(void);
MOCKD3D12_API const char *mockd3d12_adapter_id(UINT index);
MOCKD3D12_API const char *mockd3d12_adapter_description(UINT index);

/* Registers a profile given as JSON text (docs/profiles.md). On failure
 * nothing is registered and `error` (if not NULL) receives a message naming
 * line, column and key. */
MOCKD3D12_API HRESULT mockd3d12_register_profile(const char *json, char *error, size_t error_size);
/* Same, from a file. */
MOCKD3D12_API HRESULT mockd3d12_register_profile_file(const char *path, char *error, size_t error_size);

/* Chooses the adapter D3D12CreateDevice(NULL, ...) uses: a profile id or a
 * path to a JSON profile. NULL forgets the choice (MOCKD3D12_ADAPTER, then a
 * configured machine's first adapter, then the built-in default, apply
 * again). */
MOCKD3D12_API HRESULT mockd3d12_select_adapter(const char *id_or_path);
/* The id D3D12CreateDevice(NULL, ...) would use now. */
MOCKD3D12_API const char *mockd3d12_default_adapter_id(void);

/* An adapter object (IUnknown) that D3D12CreateDevice accepts as pAdapter,
 * so one process can hold devices of several adapters. */
MOCKD3D12_API HRESULT mockd3d12_get_adapter(const char *id_or_path, IUnknown **adapter);

/* ---- "The machine": which adapters DXGI enumerates ---------------------
 *
 * Hardware adapters in the given order, then exactly one software adapter
 * (WARP) last. An id naming a software profile (e.g. "warp-22621") does not
 * add an adapter: it chooses which WARP the machine has ("warp" otherwise).
 * Ids are registered profile ids or paths to JSON profiles.
 *
 * Priority: this call > MOCKD3D12_ADAPTERS=id1,id2,... > the default adapter
 * (mockd3d12_default_adapter_id()) plus WARP. A configured machine (this call
 * or the variable) also decides D3D12CreateDevice(NULL)'s adapter when neither
 * mockd3d12_select_adapter() nor MOCKD3D12_ADAPTER chose one: its first
 * adapter, as Windows uses DXGI's first (docs/dxgi.md). The mock DXGI library
 * (libdxgi, <mockd3d12/dxgi.h>) enumerates this list.
 */

/* Sets the machine; `ids` NULL (count 0) forgets the setting. On an unknown id
 * nothing changes and E_INVALIDARG is returned (mockd3d12_last_error says why). */
MOCKD3D12_API HRESULT mockd3d12_set_machine_adapters(const char *const *ids, UINT count);

/* The machine as DXGI enumerates it now (WARP last): writes up to `capacity`
 * ids and returns the adapter count, or 0 when the configuration names an
 * unknown profile (mockd3d12_last_error says why). */
MOCKD3D12_API UINT mockd3d12_machine_adapters(const char **ids, UINT capacity);

/* What DXGI reports about a registered adapter (libdxgi builds its adapter
 * descriptions from this, so both libraries read the one registry). */
typedef struct mockd3d12_adapter_info
{
    const char *id;          /* lives as long as the process */
    const char *description; /* UTF-8; lives as long as the process */
    UINT vendor_id, device_id, subsys_id, revision;
    LUID luid;
    UINT64 dedicated_video_memory, dedicated_system_memory, shared_system_memory;
    UINT node_count;
    BOOL software;           /* WARP-like: DXGI_ADAPTER_FLAG_SOFTWARE */
    BOOL uma;                /* D3D12_FEATURE_DATA_ARCHITECTURE.UMA of node 0 */
} mockd3d12_adapter_info;

/* Fills `info` for a registered id or a JSON profile path (as
 * mockd3d12_get_adapter takes); E_INVALIDARG with `info` untouched when it
 * names nothing loadable, or when `info` is NULL (mockd3d12_last_error says
 * why). */
MOCKD3D12_API HRESULT mockd3d12_get_adapter_info(const char *id_or_path, mockd3d12_adapter_info *info);

/* The message of the last failure of a mockd3d12_* call on this thread. */
MOCKD3D12_API const char *mockd3d12_last_error(void);

/* Forgets every control-API setting of libd3d12 (runtime, adapter choice,
 * machine, debug layer requests); profiles registered at run time stay
 * registered. For tests. libd3d11's settings (mockd3d12_set_d3d11_runtime,
 * mockd3d12_set_d3d11_sdk_layers) are not libd3d12's: reset them with their
 * own setters (docs/d3d11.md). */
MOCKD3D12_API void mockd3d12_reset(void);

#ifdef __cplusplus
}
#endif

#endif
