/*
 * ID3D12Debug ... ID3D12Debug6 (D3D12GetDebugInterface) and the process-wide
 * settings they record. Every object shares one set of settings, as on
 * Windows; a device copies them when it is created.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "debuglayer/dbg_private.h"

/* One lock for the settings: they are written rarely and read at device
 * creation, never on the CheckFeatureSupport path. */
static mk_mutex settings_lock = MK_MUTEX_INIT;
static struct dbg_settings settings = {.synchronized_command_queue_validation = true};

static const struct dbg_settings default_settings = {.synchronized_command_queue_validation = true};

void dbg_get_settings(struct dbg_settings *out)
{
    mk_mutex_lock(&settings_lock);
    *out = settings;
    mk_mutex_unlock(&settings_lock);
}

static void set_bool(bool *field, BOOL value)
{
    mk_mutex_lock(&settings_lock);
    *field = !!value;
    mk_mutex_unlock(&settings_lock);
}

HRESULT dbg_layer_requested(bool *enabled, char *why, size_t why_size)
{
    const char *forced = mk_getenv("MOCKD3D12_DEBUG");

    /* Exactly 0 or 1: anything else is a mistake, never a guess. */
    if (forced && strcmp(forced, "0") && strcmp(forced, "1"))
    {
        if (why && why_size)
            snprintf(why, why_size, "MOCKD3D12_DEBUG=\"%s\" is neither 0 nor 1", forced);
        *enabled = false;
        return E_INVALIDARG;
    }
    if (forced && !strcmp(forced, "1"))
    {
        *enabled = true;
        return S_OK;
    }
    mk_mutex_lock(&settings_lock);
    *enabled = settings.layer_enabled;
    mk_mutex_unlock(&settings_lock);
    return S_OK;
}

bool dbg_layer_enabled(void)
{
    bool enabled;

    return SUCCEEDED(dbg_layer_requested(&enabled, NULL, 0)) && enabled;
}

void dbg_reset(void)
{
    mk_mutex_lock(&settings_lock);
    settings = default_settings;
    mk_mutex_unlock(&settings_lock);
    dbg_tools_reset();
    dbg_dred_reset();
}

/* ---- The ID3D12Debug object ----
 * Three vtable shapes: ID3D12Debug6 (whose prefixes are ID3D12Debug, 3, 4
 * and 5), and ID3D12Debug1 and ID3D12Debug2, which derive from IUnknown. */
struct dbg_debug
{
    ID3D12Debug6 ID3D12Debug6_iface;
    ID3D12Debug1 ID3D12Debug1_iface;
    ID3D12Debug2 ID3D12Debug2_iface;
    struct mk_object obj;
};

#define DEBUG_INTERFACE(member, iid) MK_INTERFACE_AT(struct dbg_debug, obj, member, iid)
static const struct mk_interface debug_interfaces[] =
{
    DEBUG_INTERFACE(ID3D12Debug6_iface, IID_IUnknown), DEBUG_INTERFACE(ID3D12Debug6_iface, IID_ID3D12Debug),
    DEBUG_INTERFACE(ID3D12Debug6_iface, IID_ID3D12Debug3), DEBUG_INTERFACE(ID3D12Debug6_iface, IID_ID3D12Debug4),
    DEBUG_INTERFACE(ID3D12Debug6_iface, IID_ID3D12Debug5), DEBUG_INTERFACE(ID3D12Debug6_iface, IID_ID3D12Debug6),
    DEBUG_INTERFACE(ID3D12Debug1_iface, IID_ID3D12Debug1), DEBUG_INTERFACE(ID3D12Debug2_iface, IID_ID3D12Debug2),
};
#undef DEBUG_INTERFACE

static const struct mk_object_class debug_class = MK_OBJECT_CLASS(struct dbg_debug, debug_interfaces,
        .name = "ID3D12Debug");

/* IUnknown of each interface: the object's. */
#define DEBUG_IUNKNOWN_METHODS(prefix, IFACE) \
    static inline struct mk_object *prefix##_object(IFACE *iface) \
    { \
        return &MK_OBJECT_IMPL(struct dbg_debug, IFACE##_iface, iface)->obj; \
    } \
    MK_IUNKNOWN_METHODS(prefix, IFACE, prefix##_object)
DEBUG_IUNKNOWN_METHODS(dbg_debug, ID3D12Debug6)
DEBUG_IUNKNOWN_METHODS(dbg_debug1, ID3D12Debug1)
DEBUG_IUNKNOWN_METHODS(dbg_debug2, ID3D12Debug2)
#undef DEBUG_IUNKNOWN_METHODS

/* Each method sets a process-wide setting: one definition per method,
 * instantiated for each interface that has it (ID3D12Debug1's three are
 * ID3D12Debug's and ID3D12Debug3's first, ID3D12Debug2's one is
 * ID3D12Debug3's last). */
#define DEBUG_ENABLE_LAYER(prefix, IFACE) \
    static void STDMETHODCALLTYPE prefix##_EnableDebugLayer(IFACE *iface) \
    { \
        (void)iface; \
        set_bool(&settings.layer_enabled, TRUE); \
    }
#define DEBUG_SET_BOOL(prefix, IFACE, method, setting) \
    static void STDMETHODCALLTYPE prefix##_##method(IFACE *iface, BOOL enable) \
    { \
        (void)iface; \
        set_bool(&settings.setting, enable); \
    }
#define DEBUG1_METHODS(prefix, IFACE) \
    DEBUG_ENABLE_LAYER(prefix, IFACE) \
    DEBUG_SET_BOOL(prefix, IFACE, SetEnableGPUBasedValidation, gpu_based_validation) \
    DEBUG_SET_BOOL(prefix, IFACE, SetEnableSynchronizedCommandQueueValidation, synchronized_command_queue_validation)
#define DEBUG2_METHODS(prefix, IFACE) \
    static void STDMETHODCALLTYPE prefix##_SetGPUBasedValidationFlags(IFACE *iface, \
            D3D12_GPU_BASED_VALIDATION_FLAGS flags) \
    { \
        (void)iface; \
        mk_mutex_lock(&settings_lock); \
        settings.gpu_based_validation_flags = (UINT)flags; \
        mk_mutex_unlock(&settings_lock); \
    }

/* ID3D12Debug ... ID3D12Debug6 */
DEBUG1_METHODS(dbg_debug, ID3D12Debug6)
DEBUG2_METHODS(dbg_debug, ID3D12Debug6)
DEBUG_SET_BOOL(dbg_debug, ID3D12Debug6, SetEnableAutoName, auto_name)
DEBUG_SET_BOOL(dbg_debug, ID3D12Debug6, SetForceLegacyBarrierValidation, force_legacy_barrier_validation)

static void STDMETHODCALLTYPE dbg_debug_DisableDebugLayer(ID3D12Debug6 *iface)
{
    (void)iface;
    set_bool(&settings.layer_enabled, FALSE);
}

static const struct ID3D12Debug6Vtbl dbg_debug_vtbl =
{
    /* IUnknown methods */
    dbg_debug_QueryInterface,
    dbg_debug_AddRef,
    dbg_debug_Release,
    /* ID3D12Debug methods */
    dbg_debug_EnableDebugLayer,
    /* ID3D12Debug3 methods */
    dbg_debug_SetEnableGPUBasedValidation,
    dbg_debug_SetEnableSynchronizedCommandQueueValidation,
    dbg_debug_SetGPUBasedValidationFlags,
    /* ID3D12Debug4 methods */
    dbg_debug_DisableDebugLayer,
    /* ID3D12Debug5 methods */
    dbg_debug_SetEnableAutoName,
    /* ID3D12Debug6 methods */
    dbg_debug_SetForceLegacyBarrierValidation,
};

/* ID3D12Debug1 and ID3D12Debug2 */
DEBUG1_METHODS(dbg_debug1, ID3D12Debug1)
DEBUG2_METHODS(dbg_debug2, ID3D12Debug2)

static const struct ID3D12Debug1Vtbl dbg_debug1_vtbl =
{
    /* IUnknown methods */
    dbg_debug1_QueryInterface, dbg_debug1_AddRef, dbg_debug1_Release,
    /* ID3D12Debug1 methods */
    dbg_debug1_EnableDebugLayer, dbg_debug1_SetEnableGPUBasedValidation,
    dbg_debug1_SetEnableSynchronizedCommandQueueValidation,
};

static const struct ID3D12Debug2Vtbl dbg_debug2_vtbl =
{
    /* IUnknown methods */
    dbg_debug2_QueryInterface, dbg_debug2_AddRef, dbg_debug2_Release,
    /* ID3D12Debug2 methods */
    dbg_debug2_SetGPUBasedValidationFlags,
};

HRESULT dbg_get_debug_interface(REFIID riid, void **out)
{
    struct dbg_debug *debug;

    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;
    if (!(debug = mk_calloc(1, sizeof(*debug))))
        return E_OUTOFMEMORY;
    debug->ID3D12Debug6_iface.lpVtbl = (ID3D12Debug6Vtbl *)&dbg_debug_vtbl;
    debug->ID3D12Debug1_iface.lpVtbl = (ID3D12Debug1Vtbl *)&dbg_debug1_vtbl;
    debug->ID3D12Debug2_iface.lpVtbl = (ID3D12Debug2Vtbl *)&dbg_debug2_vtbl;
    mk_object_init(&debug->obj, &debug_class, NULL, NULL);
    return mk_object_hand_out(&debug->obj, riid, out);
}
