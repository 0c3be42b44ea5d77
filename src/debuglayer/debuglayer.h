/*
 * The debug-layer room: ID3D12Debug*, the per-device ID3D12InfoQueue1 and
 * ID3D12DebugDevice2, and the message catalog (data/messages.tsv).
 */
#ifndef MOCKD3D12_DEBUGLAYER_H
#define MOCKD3D12_DEBUGLAYER_H

#include <stdbool.h>

#include <mockd3d12/d3d12.h>

struct dbg_device;

/* D3D12GetDebugInterface / D3D12GetInterface(CLSID_D3D12Debug). */
HRESULT dbg_get_debug_interface(REFIID riid, void **out);
/* CLSID_D3D12Tools (src/debuglayer/tools.c): an ID3D12Tools; with a NULL
 * `out`, a probe: S_FALSE. */
HRESULT dbg_get_tools_interface(REFIID riid, void **out);

/* Should a device created now get the layer (EnableDebugLayer was called, or
 * MOCKD3D12_DEBUG=1)? */
bool dbg_layer_enabled(void);
/* The same, with MOCKD3D12_DEBUG checked: exactly "0" or "1", else
 * E_INVALIDARG with the reason in `why` (device creation then fails). */
HRESULT dbg_layer_requested(bool *enabled, char *why, size_t why_size);

/* Live objects of a device, for ReportLiveDeviceObjects: the device calls
 * emit() once per live object, with the application's count and the
 * runtime's own references (IntRef). */
typedef void (*dbg_emit_live_fn)(void *emit_ctx, const char *type, const void *object,
        const WCHAR *name, ULONG refcount, ULONG internal);
typedef void (*dbg_enum_live_fn)(void *device_ctx, dbg_emit_live_fn emit, void *emit_ctx);

/* The debug state of one device. `outer` is the device's IUnknown: the debug
 * interfaces share its identity and reference count. */
HRESULT dbg_device_create(IUnknown *outer, dbg_enum_live_fn enum_live, void *device_ctx,
        struct dbg_device **out);
void dbg_device_destroy(struct dbg_device *dbg);

/* QueryInterface for ID3D12InfoQueue, ID3D12InfoQueue1, ID3D12DebugDevice,
 * ID3D12DebugDevice1, ID3D12DebugDevice2: S_OK (AddRef'd through `outer`) or
 * E_NOINTERFACE. */
HRESULT dbg_device_query_interface(struct dbg_device *dbg, REFIID riid, void **out);

/* Logs message `id` with the catalog's format and these arguments. `dbg` may
 * be NULL (no layer): then nothing happens. */
void dbg_report(struct dbg_device *dbg, D3D12_MESSAGE_ID id, ...);

/* A message with no device to hold it (e.g. a profile that failed to load
 * during D3D12CreateDevice): written to stderr in the debug layer's format. */
void dbg_report_global(D3D12_MESSAGE_ID id, ...);

/* Forget EnableDebugLayer and the other ID3D12Debug settings, and DRED's
 * (for tests, mockd3d12_reset). */
void dbg_reset(void);

/* DRED's process-wide settings (src/debuglayer/dred_settings.c), as the
 * ID3D12DeviceRemovedExtendedDataSettings* methods set them: a device takes
 * them when it is created. */
struct dbg_dred_settings
{
    D3D12_DRED_ENABLEMENT auto_breadcrumbs, page_faults, watson_dump, breadcrumb_context;
    bool markers_only; /* UseMarkersOnlyAutoBreadcrumbs */
};
void dbg_dred_settings(struct dbg_dred_settings *out);
void dbg_dred_reset(void);
/* Whether an enablement turns its part on (FORCED_ON; SYSTEM_CONTROLLED is
 * the system's default, off). */
bool dbg_dred_on(D3D12_DRED_ENABLEMENT enablement);
/* The IIDs of ID3D12DeviceRemovedExtendedDataSettings, …1 and …2. */
bool dbg_is_dred_settings_iid(REFIID riid);
/* A settings object answering `riid` (D3D12GetDebugInterface with a settings
 * IID, D3D12GetInterface(CLSID_D3D12DeviceRemovedExtendedData)). */
HRESULT dbg_get_dred_settings_interface(REFIID riid, void **out);

#endif
