/*
 * The mock DXCore library (libdxcore.so / dxcore.dll): the adapter factory,
 * adapter lists and adapters over the machine of libd3d12.so, which it
 * reaches only through the exported mockd3d12_* control API (as libdxgi).
 */
#ifndef MOCKD3D12_DXCORE_PRIVATE_H
#define MOCKD3D12_DXCORE_PRIVATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>

#include <mockd3d12/dxcore.h>

#include "alloc.h"
#include "object.h"
#include "platform.h"

/* Hardware adapters plus the one WARP, as libdxgi's DXGI_MAX_ADAPTERS. */
#define DXCORE_MAX_ADAPTERS 16

/* The attributes an adapter has (bits; dxcore_attribute_bit maps the GUIDs). */
enum dxcore_attribute
{
    DXCORE_ATTR_D3D11_GRAPHICS = 1u << 0,
    DXCORE_ATTR_D3D12_GRAPHICS = 1u << 1,
    DXCORE_ATTR_D3D12_CORE_COMPUTE = 1u << 2,
    DXCORE_ATTR_D3D12_GENERIC_ML = 1u << 3,
    DXCORE_ATTR_D3D12_GENERIC_MEDIA = 1u << 4,
    DXCORE_ATTR_TYPE_GPU = 1u << 5,
    DXCORE_ATTR_TYPE_COMPUTE_ACCELERATOR = 1u << 6,
    DXCORE_ATTR_TYPE_NPU = 1u << 7,
    DXCORE_ATTR_TYPE_MEDIA_ACCELERATOR = 1u << 8,
};

/* The bit of an attribute GUID; 0 for a GUID DXCore does not define. */
uint32_t dxcore_attribute_bit(REFGUID guid);
/* The attributes of an adapter of this maximum feature level (src/dxcore/attributes.c). */
uint32_t dxcore_attributes_for(D3D_FEATURE_LEVEL level);

/* Which adapters a list keeps: every bit of all_of, and at least one bit of
 * each non-zero any_of mask; `none` when a filter names an attribute no
 * adapter can have (an unknown GUID). */
struct dxcore_filter
{
    uint32_t all_of;
    uint32_t any_of[2];
    bool none;
};

static inline bool dxcore_filter_matches(const struct dxcore_filter *filter, uint32_t attributes)
{
    if (filter->none || (attributes & filter->all_of) != filter->all_of)
        return false;
    for (unsigned i = 0; i < 2; ++i)
    {
        if (filter->any_of[i] && !(attributes & filter->any_of[i]))
            return false;
    }
    return true;
}

/* CreateAdapterListByWorkload's filter; false for an invalid combination. */
bool dxcore_workload_filter(DXCoreWorkload workload, DXCoreRuntimeFilterFlags runtimes,
        DXCoreHardwareTypeFilterFlags types, struct dxcore_filter *filter);

struct dxcore_adapter;

struct dxcore_registration
{
    uint32_t cookie;
    DXCoreNotificationType type;
    const void *object;             /* identity only: never called */
    PFN_DXCORE_NOTIFICATION_CALLBACK callback;
    void *context;
    /* AdapterBudgetChange: libd3d12's watch of the adapter's video memory
     * (mockd3d12_watch_video_memory), which holds the adapter; else NULL. */
    struct dxcore_budget_watch *budget;
};

/* One per process while any reference to it, a list or an adapter exists
 * (DXCoreCreateAdapterFactory and every GetFactory return it). */
struct dxcore_factory
{
    IDXCoreAdapterFactory1 IDXCoreAdapterFactory1_iface;
    struct mk_object obj;
    struct mk_registry adapters;        /* live adapter objects, one per profile (identity) */
    mk_mutex lock;                      /* registrations */
    struct dxcore_registration *registrations;
    size_t registration_count, registration_capacity;
    uint32_t next_cookie;
};

HRESULT dxcore_factory_create(REFIID riid, void **out);

/* The machine now (mockd3d12_machine_adapters: hardware in configured order,
 * WARP last): up to DXCORE_MAX_ADAPTERS ids. On failure E_INVALIDARG with the
 * reason printed to stderr. */
HRESULT dxcore_machine_ids(const char **ids, unsigned *count);

/* The factory's adapter object of profile `id` at the adapter's generation
 * now (AddRef'd; created if none is alive). */
HRESULT dxcore_factory_adapter(struct dxcore_factory *factory, const char *id, struct dxcore_adapter **out);

struct dxcore_adapter
{
    IDXCoreAdapter1 IDXCoreAdapter1_iface;
    struct mk_object obj;               /* its parent: the factory (GetFactory); in its registry */
    struct dxcore_factory *factory;     /* the parent, as a factory */
    mockd3d12_adapter_info info;
    mockd3d12_adapter_details details;
    D3D_FEATURE_LEVEL feature_level;
    uint32_t attributes;                /* enum dxcore_attribute */
    /* The adapter's generation when the object was made
     * (mockd3d12_get_adapter_generation): a fault plan's remove:removed
     * replaces the adapter, and this object is no longer valid. */
    UINT64 generation;
    /* libd3d12's adapter object for this profile: D3D12CreateDevice finds the
     * profile through its private interface, which QueryInterface forwards to. */
    IUnknown *d3d12_adapter;
};

/* Which adapter object: a profile at one generation. */
struct dxcore_adapter_key
{
    const char *id;
    UINT64 generation;
};

/* A new adapter object for `key` (refcount 1, not yet in the factory's registry). */
HRESULT dxcore_adapter_create(struct dxcore_factory *factory, const struct dxcore_adapter_key *key,
        struct dxcore_adapter **out);
/* Is `object` (one of the factory's adapters) the adapter of `key` (a struct
 * dxcore_adapter_key)? Then it is AddRef'd, unless it is being destroyed
 * (mk_registry_add_unique). */
int dxcore_adapter_match(struct mk_object *object, void *key);
/* IsValid: the machine still has the adapter, and it was not replaced since
 * the object was made. */
bool dxcore_adapter_is_valid(const struct dxcore_adapter *adapter);
/* The adapter behind an interface pointer of ours, else NULL. */
struct dxcore_adapter *dxcore_adapter_from_unknown(IUnknown *object);
static inline void dxcore_adapter_release(struct dxcore_adapter *adapter)
{
    mk_object_release(&adapter->obj);
}

struct dxcore_list
{
    IDXCoreAdapterList IDXCoreAdapterList_iface;
    struct mk_object obj;               /* its parent: the factory (GetFactory) */
    struct dxcore_factory *factory;     /* the parent, as a factory */
    struct dxcore_filter filter;        /* IsStale recomputes the machine's matches */
    mk_mutex lock;                      /* the order (Sort), and `stale` */
    bool stale;                         /* IsStale answered true once: it answers true for good */
    unsigned count;
    struct dxcore_adapter *adapters[DXCORE_MAX_ADAPTERS]; /* held references */
};

HRESULT dxcore_list_create(struct dxcore_factory *factory, const struct dxcore_filter *filter, REFIID riid,
        void **out);
bool dxcore_is_list(IUnknown *object);

static inline bool dxcore_iid_equal(REFIID a, REFIID b)
{
    return !memcmp(a, b, sizeof(GUID));
}

/* GetFactory of an adapter or a list: its parent, the factory, queried. */
static inline HRESULT dxcore_get_factory(struct mk_object *object, REFIID riid, void **out)
{
    return out ? mk_object_get_parent(object, riid, out) : E_POINTER;
}

/* `object`'s interface `iid` when it is one of this library's (its vtable is
 * `vtbl`), without a reference (the caller holds the object); else NULL. */
static inline void *dxcore_own_iface(IUnknown *object, REFIID iid, const void *vtbl)
{
    IUnknown *iface;
    bool ours;

    if (!object || FAILED(object->lpVtbl->QueryInterface(object, iid, (void **)&iface)))
        return NULL;
    ours = (const void *)iface->lpVtbl == vtbl;
    iface->lpVtbl->Release(iface);
    return ours ? iface : NULL;
}

#endif
