/*
 * Inside the debug-layer room: the per-device state behind ID3D12InfoQueue1
 * and ID3D12DebugDevice2, the process-wide ID3D12Debug settings, and the
 * debug-output sink (stderr, or a hook for tests).
 */
#ifndef MOCKD3D12_DBG_PRIVATE_H
#define MOCKD3D12_DBG_PRIVATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "debuglayer/debuglayer.h"
#include "object.h"
#include "platform.h"

/* The WSL headers have no IsEqualGUID for C. */
static inline bool dbg_iid_equal(REFIID a, const IID *b)
{
    return !memcmp(a, b, sizeof(*b));
}

/* ---- Process-wide ID3D12Debug settings ---- */
struct dbg_settings
{
    bool layer_enabled;                          /* EnableDebugLayer (minus DisableDebugLayer) */
    bool gpu_based_validation;                   /* SetEnableGPUBasedValidation */
    bool synchronized_command_queue_validation;  /* SetEnableSynchronizedCommandQueueValidation (default TRUE) */
    UINT gpu_based_validation_flags;             /* SetGPUBasedValidationFlags */
    bool auto_name;                              /* SetEnableAutoName */
    bool force_legacy_barrier_validation;        /* SetForceLegacyBarrierValidation */
};

void dbg_get_settings(struct dbg_settings *out);
/* Clears ID3D12Tools' shader-instrumentation switch (dbg_reset). */
void dbg_tools_reset(void);

#include "dbg_queue.h"

extern const struct ID3D12InfoQueue1Vtbl dbg_info_queue_vtbl;

/* ---- The per-device object ---- */
struct dbg_device
{
    ID3D12InfoQueue1 ID3D12InfoQueue1_iface;       /* also ID3D12InfoQueue */
    ID3D12DebugDevice2 ID3D12DebugDevice2_iface;   /* also ID3D12DebugDevice */
    ID3D12DebugDevice1 ID3D12DebugDevice1_iface;   /* a separate IUnknown-derived interface */

    IUnknown *outer;
    dbg_enum_live_fn enum_live;
    void *device_ctx;

    struct dbg_settings settings; /* as they were when the device was created */

    mk_mutex parameters_lock;
    D3D12_DEBUG_FEATURE feature_mask;
    D3D12_DEBUG_DEVICE_GPU_BASED_VALIDATION_SETTINGS gbv_settings;
    D3D12_DEBUG_DEVICE_GPU_SLOWDOWN_PERFORMANCE_FACTOR slowdown;

    struct dbg_queue queue;
};

static inline struct dbg_device *dbg_device_from_ID3D12InfoQueue1(ID3D12InfoQueue1 *iface)
{
    return (struct dbg_device *)((char *)iface - offsetof(struct dbg_device, ID3D12InfoQueue1_iface));
}

/* ---- Debug output ---- */
/* The debug layer's line for one message (with a trailing newline):
 *   D3D12 WARNING: <text> [ <CATEGORY> WARNING #<id>: <NAME>]
 * Returns the length it needed, as snprintf. */
int dbg_format_line(char *buffer, size_t size, D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
        D3D12_MESSAGE_ID id, const char *text);

/* Writes one line to the debug output (stderr unless a hook is set). */
void dbg_output_message(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id,
        const char *text);

/* For tests: receive each debug-output line instead of stderr; NULL restores stderr. */
typedef void (*dbg_output_hook_fn)(void *context, const char *line);
void dbg_set_output_hook(dbg_output_hook_fn hook, void *context);

#endif
