/*
 * IDXCoreAdapterFactory and IDXCoreAdapterFactory1.
 *
 * One factory per process while anything of DXCore's is alive: further
 * DXCoreCreateAdapterFactory calls and every GetFactory return the same
 * object, as Microsoft's DXCoreCreateAdapterFactory page describes. Unlike a
 * DXGI factory it takes no snapshot; each CreateAdapterList does. The factory
 * keeps the live adapter objects (without holding them) so that one adapter
 * is always the same interface pointer, whichever list it comes from.
 */
#include <stdio.h>

#include "dxcore_private.h"

static mk_mutex dxcore_global_lock = MK_MUTEX_INIT;
static struct dxcore_factory *dxcore_global; /* under dxcore_global_lock */

MK_OBJECT_HELPERS(struct dxcore_factory, IDXCoreAdapterFactory1, IDXCoreAdapterFactory1_iface,
        impl_from_IDXCoreAdapterFactory1, factory_object)

/* DXCoreCreateAdapterFactory never revives a factory at 0 (it only AddRefs a
 * live count), so this one is gone for good. */
static void dxcore_factory_destroy(struct mk_object *object)
{
    struct dxcore_factory *factory = MK_OBJECT_IMPL(struct dxcore_factory, obj, object);

    mk_mutex_lock(&dxcore_global_lock);
    if (dxcore_global == factory)
        dxcore_global = NULL;
    mk_mutex_unlock(&dxcore_global_lock);
    mk_free(factory->registrations);
    mk_mutex_destroy(&factory->lock);
    mk_registry_destroy(&factory->adapters);
}

static const struct mk_interface factory_interfaces[] =
{
    MK_INTERFACE_AT(struct dxcore_factory, obj, IDXCoreAdapterFactory1_iface, IID_IUnknown),
    MK_INTERFACE_AT(struct dxcore_factory, obj, IDXCoreAdapterFactory1_iface, IID_IDXCoreAdapterFactory),
    MK_INTERFACE_AT(struct dxcore_factory, obj, IDXCoreAdapterFactory1_iface, IID_IDXCoreAdapterFactory1),
};

static const struct mk_object_class factory_class = MK_OBJECT_CLASS(struct dxcore_factory, factory_interfaces,
        .name = "IDXCoreAdapterFactory", .destroy = dxcore_factory_destroy);

/* IUnknown methods */
MK_IUNKNOWN_METHODS(dxcore_factory, IDXCoreAdapterFactory1, factory_object)

/* IDXCoreAdapterFactory methods */

static HRESULT dxcore_factory_list(struct dxcore_factory *factory, const struct dxcore_filter *filter, REFIID riid,
        void **out)
{
    if (!out)
        return E_POINTER;
    *out = NULL;
    return dxcore_list_create(factory, filter, riid, out);
}

static HRESULT STDMETHODCALLTYPE dxcore_factory_CreateAdapterList(IDXCoreAdapterFactory1 *iface,
        uint32_t attribute_count, const GUID *attributes, REFIID riid, void **out)
{
    struct dxcore_filter filter = {0};

    if (out)
        *out = NULL;
    if (!attribute_count || !attributes)
        return E_INVALIDARG;
    for (uint32_t i = 0; i < attribute_count; ++i)
    {
        uint32_t bit = dxcore_attribute_bit(&attributes[i]);

        /* An attribute this DXCore does not know: no adapter has it. */
        if (!bit)
            filter.none = true;
        filter.all_of |= bit;
    }
    return dxcore_factory_list(impl_from_IDXCoreAdapterFactory1(iface), &filter, riid, out);
}

static HRESULT STDMETHODCALLTYPE dxcore_factory_GetAdapterByLuid(IDXCoreAdapterFactory1 *iface, const LUID *luid,
        REFIID riid, void **out)
{
    struct dxcore_factory *factory = impl_from_IDXCoreAdapterFactory1(iface);
    const char *ids[DXCORE_MAX_ADAPTERS];
    struct dxcore_adapter *adapter;
    mockd3d12_adapter_info info;
    unsigned count;
    HRESULT hr;

    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!luid)
        return E_INVALIDARG;
    if (FAILED(hr = dxcore_machine_ids(ids, &count)))
        return hr;
    for (unsigned i = 0; i < count; ++i)
    {
        if (FAILED(mockd3d12_get_adapter_info(ids[i], &info)))
            continue;
        if (info.luid.LowPart != luid->LowPart || info.luid.HighPart != luid->HighPart)
            continue;
        if (FAILED(hr = dxcore_factory_adapter(factory, ids[i], &adapter)))
            return hr;
        hr = adapter->IDXCoreAdapter1_iface.lpVtbl->QueryInterface(&adapter->IDXCoreAdapter1_iface, riid, out);
        dxcore_adapter_release(adapter);
        return hr;
    }
    /* No adapter of the machine has that LUID (also: a registered profile
     * outside the machine). */
    return E_INVALIDARG;
}

static bool STDMETHODCALLTYPE dxcore_factory_IsNotificationTypeSupported(IDXCoreAdapterFactory1 *iface,
        DXCoreNotificationType type)
{
    (void)iface;
    return (UINT)type <= (UINT)DXCoreNotificationType_AdapterHardwareContentProtectionTeardown;
}

/* An AdapterBudgetChange registration: libd3d12 calls back each time the
 * usage the budget is measured against changes (the D3D12 null device's
 * heaps and committed resources on the adapter), on the thread that changed
 * it. It holds a reference to the adapter it passes to the callback, until
 * UnregisterEventNotification. */
struct dxcore_budget_watch
{
    struct dxcore_adapter *adapter;
    PFN_DXCORE_NOTIFICATION_CALLBACK callback;
    void *context;
    UINT watch;
};

static void dxcore_budget_changed(void *context)
{
    struct dxcore_budget_watch *budget = context;

    budget->callback(DXCoreNotificationType_AdapterBudgetChange, (IUnknown *)&budget->adapter->IDXCoreAdapter1_iface,
            budget->context);
}

static HRESULT dxcore_budget_watch_create(struct dxcore_adapter *adapter, PFN_DXCORE_NOTIFICATION_CALLBACK callback,
        void *context, struct dxcore_budget_watch **out)
{
    struct dxcore_budget_watch *budget;
    HRESULT hr;

    *out = NULL;
    if (!(budget = mk_calloc(1, sizeof(*budget))))
        return E_OUTOFMEMORY;
    budget->adapter = adapter;
    budget->callback = callback;
    budget->context = context;
    if (FAILED(hr = mockd3d12_watch_video_memory(adapter->info.id, dxcore_budget_changed, budget, &budget->watch)))
    {
        mk_free(budget);
        return hr;
    }
    adapter->IDXCoreAdapter1_iface.lpVtbl->AddRef(&adapter->IDXCoreAdapter1_iface);
    *out = budget;
    return S_OK;
}

/* Outside the factory's lock: the watch's lock is taken first where libd3d12
 * calls back into a callback that unregisters. */
static void dxcore_budget_watch_destroy(struct dxcore_budget_watch *budget)
{
    if (!budget)
        return;
    mockd3d12_unwatch_video_memory(budget->watch);
    dxcore_adapter_release(budget->adapter);
    mk_free(budget);
}

static HRESULT STDMETHODCALLTYPE dxcore_factory_RegisterEventNotification(IDXCoreAdapterFactory1 *iface,
        IUnknown *object, DXCoreNotificationType type, PFN_DXCORE_NOTIFICATION_CALLBACK callback, void *context,
        uint32_t *cookie)
{
    struct dxcore_factory *factory = impl_from_IDXCoreAdapterFactory1(iface);
    struct dxcore_budget_watch *budget = NULL;
    struct dxcore_registration *registration;
    const void *identity;
    HRESULT hr = S_OK;

    if (cookie)
        *cookie = 0; /* the invalid cookie, on every failure */
    if ((UINT)type > (UINT)DXCoreNotificationType_AdapterHardwareContentProtectionTeardown)
        return DXGI_ERROR_INVALID_CALL;
    if (!object)
        return E_INVALIDARG;
    if (!callback || !cookie)
        return E_POINTER;
    /* List staleness is a list's notification, the others an adapter's. */
    if (type == DXCoreNotificationType_AdapterListStale)
    {
        if (!dxcore_is_list(object))
            return E_INVALIDARG;
        identity = object;
    }
    else if (!(identity = dxcore_adapter_from_unknown(object)))
        return E_INVALIDARG;
    if (type == DXCoreNotificationType_AdapterBudgetChange
            && FAILED(hr = dxcore_budget_watch_create(dxcore_adapter_from_unknown(object), callback, context, &budget)))
        return hr;

    mk_mutex_lock(&factory->lock);
    if (factory->registration_count == factory->registration_capacity)
    {
        size_t capacity = factory->registration_capacity ? 2 * factory->registration_capacity : 4;
        struct dxcore_registration *grown = mk_realloc(factory->registrations, capacity * sizeof(*grown));

        if (!grown)
            hr = E_OUTOFMEMORY;
        else
        {
            factory->registrations = grown;
            factory->registration_capacity = capacity;
        }
    }
    if (SUCCEEDED(hr))
    {
        registration = &factory->registrations[factory->registration_count++];
        if (!++factory->next_cookie)
            ++factory->next_cookie; /* 0 is never a cookie */
        registration->cookie = factory->next_cookie;
        registration->type = type;
        registration->object = identity;
        registration->callback = callback;
        registration->context = context;
        registration->budget = budget;
        *cookie = registration->cookie;
    }
    mk_mutex_unlock(&factory->lock);
    if (FAILED(hr))
        dxcore_budget_watch_destroy(budget);
    return hr;
}

static HRESULT STDMETHODCALLTYPE dxcore_factory_UnregisterEventNotification(IDXCoreAdapterFactory1 *iface,
        uint32_t cookie)
{
    struct dxcore_factory *factory = impl_from_IDXCoreAdapterFactory1(iface);
    struct dxcore_budget_watch *budget = NULL;
    HRESULT hr = E_INVALIDARG;

    mk_mutex_lock(&factory->lock);
    for (size_t i = 0; i < factory->registration_count; ++i)
    {
        if (factory->registrations[i].cookie == cookie)
        {
            budget = factory->registrations[i].budget;
            factory->registrations[i] = factory->registrations[--factory->registration_count];
            hr = S_OK;
            break;
        }
    }
    mk_mutex_unlock(&factory->lock);
    dxcore_budget_watch_destroy(budget);
    return hr;
}

/* IDXCoreAdapterFactory1 methods */

static HRESULT STDMETHODCALLTYPE dxcore_factory_CreateAdapterListByWorkload(IDXCoreAdapterFactory1 *iface,
        DXCoreWorkload workload, DXCoreRuntimeFilterFlags runtimes, DXCoreHardwareTypeFilterFlags types,
        REFIID riid, void **out)
{
    struct dxcore_filter filter;

    if (out)
        *out = NULL;
    if (!dxcore_workload_filter(workload, runtimes, types, &filter))
        return E_INVALIDARG;
    return dxcore_factory_list(impl_from_IDXCoreAdapterFactory1(iface), &filter, riid, out);
}

static const IDXCoreAdapterFactory1Vtbl dxcore_factory_vtbl =
{
    /* IUnknown methods */
    dxcore_factory_QueryInterface,
    dxcore_factory_AddRef,
    dxcore_factory_Release,
    /* IDXCoreAdapterFactory methods */
    dxcore_factory_CreateAdapterList,
    dxcore_factory_GetAdapterByLuid,
    dxcore_factory_IsNotificationTypeSupported,
    dxcore_factory_RegisterEventNotification,
    dxcore_factory_UnregisterEventNotification,
    /* IDXCoreAdapterFactory1 methods */
    dxcore_factory_CreateAdapterListByWorkload,
};

HRESULT dxcore_factory_adapter(struct dxcore_factory *factory, const char *id, struct dxcore_adapter **out)
{
    struct dxcore_adapter_key key = {id, 0};
    struct dxcore_adapter *adapter;
    struct mk_object *existing;
    HRESULT hr;

    /* A replaced adapter (a fault plan's remove:removed) is a new object:
     * the old one stays what it was, no longer valid. */
    if (FAILED(hr = mockd3d12_get_adapter_generation(id, &key.generation)))
        return hr;
    /* An adapter whose count reached 0 is leaving the registry: make another. */
    if ((existing = mk_registry_find(&factory->adapters, 0, dxcore_adapter_match, &key)))
    {
        *out = MK_OBJECT_IMPL(struct dxcore_adapter, obj, existing);
        return S_OK;
    }
    if (FAILED(hr = dxcore_adapter_create(factory, &key, &adapter)))
        return hr;
    /* Another thread may have made it meanwhile: the first one stays. */
    if ((existing = mk_registry_add_unique(&factory->adapters, &adapter->obj, dxcore_adapter_match, &key)))
    {
        mk_object_release(&adapter->obj);
        adapter = MK_OBJECT_IMPL(struct dxcore_adapter, obj, existing);
    }
    *out = adapter;
    return S_OK;
}

HRESULT dxcore_factory_create(REFIID riid, void **out)
{
    struct dxcore_factory *factory;

    mk_mutex_lock(&dxcore_global_lock);
    /* AddRef only a live count: one at 0 is being destroyed. */
    if ((factory = dxcore_global) && !mk_object_try_addref(&factory->obj))
        factory = NULL;
    if (!factory)
    {
        if (!(factory = mk_calloc(1, sizeof(*factory))))
        {
            mk_mutex_unlock(&dxcore_global_lock);
            return E_OUTOFMEMORY;
        }
        factory->IDXCoreAdapterFactory1_iface.lpVtbl = &dxcore_factory_vtbl;
        mk_registry_init(&factory->adapters, NULL);
        mk_mutex_init(&factory->lock);
        mk_object_init(&factory->obj, &factory_class, NULL, NULL);
        dxcore_global = factory;
    }
    mk_mutex_unlock(&dxcore_global_lock);
    return mk_object_hand_out(&factory->obj, riid, out);
}
