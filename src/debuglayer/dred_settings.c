/*
 * ID3D12DeviceRemovedExtendedDataSettings, …Settings1, …Settings2 (DRED,
 * docs/faults.md): one object, one vtable (Settings2's, whose prefixes are
 * the other two), from D3D12GetDebugInterface or
 * D3D12GetInterface(CLSID_D3D12DeviceRemovedExtendedData). Each method sets
 * a process-wide setting that devices created afterwards take (the DRED
 * documentation: "modifications ... have no effect on devices already
 * created"); a device reads them once, with dbg_dred_settings.
 */
#include <string.h>

#include "alloc.h"
#include "debuglayer/dbg_private.h"
#include "debuglayer/debuglayer.h"
#include "object.h"
#include "platform.h"

static mk_mutex dred_lock = MK_MUTEX_INIT;
static struct dbg_dred_settings dred_settings; /* zero: every part SYSTEM_CONTROLLED, markers-only off */

void dbg_dred_settings(struct dbg_dred_settings *out)
{
    mk_mutex_lock(&dred_lock);
    *out = dred_settings;
    mk_mutex_unlock(&dred_lock);
}

void dbg_dred_reset(void)
{
    mk_mutex_lock(&dred_lock);
    memset(&dred_settings, 0, sizeof(dred_settings));
    mk_mutex_unlock(&dred_lock);
}

bool dbg_dred_on(D3D12_DRED_ENABLEMENT enablement)
{
    /* SYSTEM_CONTROLLED follows the system's setting (the DirectX control
     * panel's): mockd3d12's system has DRED off. */
    return enablement == D3D12_DRED_ENABLEMENT_FORCED_ON;
}

struct dbg_dred_settings_object
{
    ID3D12DeviceRemovedExtendedDataSettings2 ID3D12DeviceRemovedExtendedDataSettings2_iface;
    struct mk_object obj;
};

#define SETTINGS_INTERFACE(iid) MK_INTERFACE_AT(struct dbg_dred_settings_object, obj, \
        ID3D12DeviceRemovedExtendedDataSettings2_iface, iid)
static const struct mk_interface dred_settings_interfaces[] =
{
    SETTINGS_INTERFACE(IID_IUnknown),
    SETTINGS_INTERFACE(IID_ID3D12DeviceRemovedExtendedDataSettings),
    SETTINGS_INTERFACE(IID_ID3D12DeviceRemovedExtendedDataSettings1),
    SETTINGS_INTERFACE(IID_ID3D12DeviceRemovedExtendedDataSettings2),
};
#undef SETTINGS_INTERFACE

static const struct mk_object_class dred_settings_class = MK_OBJECT_CLASS(struct dbg_dred_settings_object,
        dred_settings_interfaces, .name = "ID3D12DeviceRemovedExtendedDataSettings");

MK_OBJECT_HELPERS(struct dbg_dred_settings_object, ID3D12DeviceRemovedExtendedDataSettings2,
        ID3D12DeviceRemovedExtendedDataSettings2_iface, impl_from_iface, settings_object)
MK_IUNKNOWN_METHODS(dbg_dred_settings, ID3D12DeviceRemovedExtendedDataSettings2, settings_object)

/* An enablement outside D3D12_DRED_ENABLEMENT is taken as SYSTEM_CONTROLLED. */
static void set_enablement(D3D12_DRED_ENABLEMENT *field, D3D12_DRED_ENABLEMENT enablement)
{
    mk_mutex_lock(&dred_lock);
    *field = enablement == D3D12_DRED_ENABLEMENT_FORCED_ON || enablement == D3D12_DRED_ENABLEMENT_FORCED_OFF
            ? enablement : D3D12_DRED_ENABLEMENT_SYSTEM_CONTROLLED;
    mk_mutex_unlock(&dred_lock);
}

#define DRED_SETTING(method, field) \
    static void STDMETHODCALLTYPE dbg_dred_settings_##method(ID3D12DeviceRemovedExtendedDataSettings2 *iface, \
            D3D12_DRED_ENABLEMENT enablement) \
    { \
        (void)iface; \
        set_enablement(&dred_settings.field, enablement); \
    }
DRED_SETTING(SetAutoBreadcrumbsEnablement, auto_breadcrumbs)
DRED_SETTING(SetPageFaultEnablement, page_faults)
DRED_SETTING(SetWatsonDumpEnablement, watson_dump)
DRED_SETTING(SetBreadcrumbContextEnablement, breadcrumb_context)
#undef DRED_SETTING

static void STDMETHODCALLTYPE dbg_dred_settings_UseMarkersOnlyAutoBreadcrumbs(
        ID3D12DeviceRemovedExtendedDataSettings2 *iface, BOOL markers_only)
{
    (void)iface;
    mk_mutex_lock(&dred_lock);
    dred_settings.markers_only = !!markers_only;
    mk_mutex_unlock(&dred_lock);
}

static const struct ID3D12DeviceRemovedExtendedDataSettings2Vtbl dred_settings_vtbl =
{
    /* IUnknown methods */
    dbg_dred_settings_QueryInterface,
    dbg_dred_settings_AddRef,
    dbg_dred_settings_Release,
    /* ID3D12DeviceRemovedExtendedDataSettings methods */
    dbg_dred_settings_SetAutoBreadcrumbsEnablement,
    dbg_dred_settings_SetPageFaultEnablement,
    dbg_dred_settings_SetWatsonDumpEnablement,
    /* ID3D12DeviceRemovedExtendedDataSettings1 methods */
    dbg_dred_settings_SetBreadcrumbContextEnablement,
    /* ID3D12DeviceRemovedExtendedDataSettings2 methods */
    dbg_dred_settings_UseMarkersOnlyAutoBreadcrumbs,
};

bool dbg_is_dred_settings_iid(REFIID riid)
{
    return riid && (!memcmp(riid, &IID_ID3D12DeviceRemovedExtendedDataSettings, sizeof(GUID))
            || !memcmp(riid, &IID_ID3D12DeviceRemovedExtendedDataSettings1, sizeof(GUID))
            || !memcmp(riid, &IID_ID3D12DeviceRemovedExtendedDataSettings2, sizeof(GUID)));
}

HRESULT dbg_get_dred_settings_interface(REFIID riid, void **out)
{
    struct dbg_dred_settings_object *settings;

    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;
    if (!(settings = mk_calloc(1, sizeof(*settings))))
        return E_OUTOFMEMORY;
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    settings->ID3D12DeviceRemovedExtendedDataSettings2_iface.lpVtbl =
            (ID3D12DeviceRemovedExtendedDataSettings2Vtbl *)&dred_settings_vtbl;
    mk_object_init(&settings->obj, &dred_settings_class, NULL, NULL);
    return mk_object_hand_out(&settings->obj, riid, out);
}
