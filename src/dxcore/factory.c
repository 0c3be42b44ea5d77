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

static inline struct dxcore_factory *impl_from_IDXCoreAdapterFactory1(IDXCoreAdapterFactory1 *iface)
{
    return (struct dxcore_factory *)((char *)iface - offsetof(struct dxcore_factory, IDXCoreAdapterFactory1_iface));
}

/* IUnknown methods */

static HRESULT STDMETHODCALLTYPE dxcore_factory_QueryInterface(IDXCoreAdapterFactory1 *iface, REFIID riid,
        void **out)
{
    if (!out)
        return E_POINTER;
    if (dxcore_iid_equal(riid, &IID_IUnknown) || dxcore_iid_equal(riid, &IID_IDXCoreAdapterFactory)
            || dxcore_iid_equal(riid, &IID_IDXCoreAdapterFactory1))
    {
        dxcore_factory_addref(impl_from_IDXCoreAdapterFactory1(iface));
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE dxcore_factory_AddRef(IDXCoreAdapterFactory1 *iface)
{
    return (ULONG)(atomic_fetch_add(&impl_from_IDXCoreAdapterFactory1(iface)->refcount, 1) + 1);
}

void dxcore_factory_release(struct dxcore_factory *factory)
{
    factory->IDXCoreAdapterFactory1_iface.lpVtbl->Release(&factory->IDXCoreAdapterFactory1_iface);
}

static ULONG STDMETHODCALLTYPE dxcore_factory_Release(IDXCoreAdapterFactory1 *iface)
{
    struct dxcore_factory *factory = impl_from_IDXCoreAdapterFactory1(iface);
    ULONG refcount = (ULONG)(atomic_fetch_sub(&factory->refcount, 1) - 1);

    if (!refcount)
    {
        /* DXCoreCreateAdapterFactory never revives a factory at 0 (it only
         * AddRefs a live count), so this one is gone for good. */
        mk_mutex_lock(&dxcore_global_lock);
        if (dxcore_global == factory)
            dxcore_global = NULL;
        mk_mutex_unlock(&dxcore_global_lock);
        mk_free(factory->registrations);
        mk_mutex_destroy(&factory->lock);
        mk_free(factory);
    }
    return refcount;
}

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
    struct dxcore_adapter *adapter;
    HRESULT hr;

    mk_mutex_lock(&factory->lock);
    for (adapter = factory->adapters; adapter; adapter = adapter->next)
    {
        /* An adapter whose count reached 0 is leaving the list: make another. */
        if (!strcmp(adapter->info.id, id) && dxcore_adapter_try_addref(adapter))
        {
            mk_mutex_unlock(&factory->lock);
            *out = adapter;
            return S_OK;
        }
    }
    if (SUCCEEDED(hr = dxcore_adapter_create(factory, id, &adapter)))
    {
        adapter->next = factory->adapters;
        factory->adapters = adapter;
        *out = adapter;
    }
    mk_mutex_unlock(&factory->lock);
    return hr;
}

HRESULT dxcore_factory_create(REFIID riid, void **out)
{
    struct dxcore_factory *factory;
    HRESULT hr;

    mk_mutex_lock(&dxcore_global_lock);
    factory = dxcore_global;
    if (factory)
    {
        /* AddRef only a live count: one at 0 is being destroyed. */
        unsigned long count = atomic_load(&factory->refcount);

        while (count && !atomic_compare_exchange_weak(&factory->refcount, &count, count + 1))
            ;
        if (!count)
            factory = NULL;
    }
    if (!factory)
    {
        if (!(factory = mk_calloc(1, sizeof(*factory))))
        {
            mk_mutex_unlock(&dxcore_global_lock);
            return E_OUTOFMEMORY;
        }
        factory->IDXCoreAdapterFactory1_iface.lpVtbl = &dxcore_factory_vtbl;
        atomic_init(&factory->refcount, 1);
        mk_mutex_init(&factory->lock);
        dxcore_global = factory;
    }
    mk_mutex_unlock(&dxcore_global_lock);

    hr = dxcore_factory_QueryInterface(&factory->IDXCoreAdapterFactory1_iface, riid, out);
    dxcore_factory_release(factory);
    return hr;
}
