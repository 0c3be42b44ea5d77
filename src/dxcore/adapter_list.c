/*
 * IDXCoreAdapterList: the machine's adapters that meet a filter, in the
 * machine's order (hardware adapters as configured, WARP last: DXGI's
 * enumeration order), until Sort reorders them.
 *
 * A list is a snapshot: its adapters never change. It is stale once the
 * machine's matching adapters differ from it as a set (one left the machine,
 * or a new one that meets the filter arrived, or one was replaced by a
 * fault plan's remove:removed), as Microsoft's CreateAdapterList page
 * describes.
 */
#include "dxcore_private.h"

static const IDXCoreAdapterListVtbl dxcore_list_vtbl;

MK_OBJECT_HELPERS(struct dxcore_list, IDXCoreAdapterList, IDXCoreAdapterList_iface,
        impl_from_IDXCoreAdapterList, list_object)

bool dxcore_is_list(IUnknown *object)
{
    return dxcore_own_iface(object, &IID_IDXCoreAdapterList, &dxcore_list_vtbl) != NULL;
}

static void dxcore_list_destroy(struct mk_object *object)
{
    struct dxcore_list *list = MK_OBJECT_IMPL(struct dxcore_list, obj, object);

    for (unsigned i = 0; i < list->count; ++i)
        dxcore_adapter_release(list->adapters[i]);
    mk_mutex_destroy(&list->lock);
}

static const struct mk_interface list_interfaces[] =
{
    MK_INTERFACE_AT(struct dxcore_list, obj, IDXCoreAdapterList_iface, IID_IUnknown),
    MK_INTERFACE_AT(struct dxcore_list, obj, IDXCoreAdapterList_iface, IID_IDXCoreAdapterList),
};

static const struct mk_object_class list_class = MK_OBJECT_CLASS(struct dxcore_list, list_interfaces,
        .name = "IDXCoreAdapterList", .destroy = dxcore_list_destroy);

/* IUnknown methods */
MK_IUNKNOWN_METHODS(dxcore_list, IDXCoreAdapterList, list_object)

/* IDXCoreAdapterList methods */

static HRESULT STDMETHODCALLTYPE dxcore_list_GetAdapter(IDXCoreAdapterList *iface, uint32_t index, REFIID riid,
        void **out)
{
    struct dxcore_list *list = impl_from_IDXCoreAdapterList(iface);
    struct dxcore_adapter *adapter = NULL;

    if (!out)
        return E_POINTER;
    *out = NULL;
    mk_mutex_lock(&list->lock);
    if (index < list->count)
        adapter = list->adapters[index];
    mk_mutex_unlock(&list->lock);
    if (!adapter)
        return E_INVALIDARG;
    /* GetAdapter's documentation: a valid index whose adapter is no longer
     * valid (replaced, or gone from the machine). */
    if (!dxcore_adapter_is_valid(adapter))
        return DXGI_ERROR_DEVICE_REMOVED;
    /* The list holds the adapter, so its count is not 0 here. */
    return adapter->IDXCoreAdapter1_iface.lpVtbl->QueryInterface(&adapter->IDXCoreAdapter1_iface, riid, out);
}

static uint32_t STDMETHODCALLTYPE dxcore_list_GetAdapterCount(IDXCoreAdapterList *iface)
{
    return impl_from_IDXCoreAdapterList(iface)->count;
}

static bool STDMETHODCALLTYPE dxcore_list_IsStale(IDXCoreAdapterList *iface)
{
    struct dxcore_list *list = impl_from_IDXCoreAdapterList(iface);
    const char *ids[DXCORE_MAX_ADAPTERS];
    unsigned count, matching = 0;
    mockd3d12_adapter_info info;
    D3D_FEATURE_LEVEL level;
    bool stale;

    if (FAILED(dxcore_machine_ids(ids, &count)))
        return true;
    mk_mutex_lock(&list->lock);
    /* Stale for the rest of the list's life, even when the machine comes
     * back to what the list holds (IsStale's documentation). */
    stale = list->stale;
    for (unsigned i = 0; i < count && !stale; ++i)
    {
        bool listed = false;

        /* A listed adapter replaced since (remove:removed) left the machine,
         * and its new instance is outside the list. */
        for (unsigned j = 0; j < list->count; ++j)
            listed |= !strcmp(list->adapters[j]->info.id, ids[i]) && dxcore_adapter_is_valid(list->adapters[j]);
        if (listed)
            ++matching;
        /* A machine adapter outside the list: stale if it meets the filter. */
        else if (SUCCEEDED(mockd3d12_get_adapter_info(ids[i], &info))
                && SUCCEEDED(mockd3d12_get_adapter_feature_level(ids[i], &level)))
            stale = dxcore_filter_matches(&list->filter, dxcore_attributes_for(level));
    }
    /* Fewer listed adapters on the machine: one of them left. */
    stale |= matching != list->count;
    list->stale = stale;
    mk_mutex_unlock(&list->lock);
    return stale;
}

static HRESULT STDMETHODCALLTYPE dxcore_list_GetFactory(IDXCoreAdapterList *iface, REFIID riid, void **out)
{
    return dxcore_get_factory(list_object(iface), riid, out);
}

/* An adapter's rank for one preference (lower first). Software adapters come
 * last in every order, as WARP is last in DXGI's. Power: UMA hardware
 * adapters are the integrated, low-power ones (DXGI's rule too). */
static unsigned dxcore_rank(const struct dxcore_adapter *adapter, DXCoreAdapterPreference preference)
{
    if (adapter->info.software)
        return preference == DXCoreAdapterPreference_Hardware ? 1 : 2;
    switch (preference)
    {
        case DXCoreAdapterPreference_MinimumPower:
            return adapter->info.uma ? 0 : 1;
        case DXCoreAdapterPreference_HighPerformance:
            return adapter->info.uma ? 1 : 0;
        default:
            return 0;
    }
}

static bool dxcore_is_preference(DXCoreAdapterPreference preference)
{
    return (UINT)preference <= (UINT)DXCoreAdapterPreference_HighPerformance;
}

/* Whether `a` goes before `b`: the first preference that tells them apart. */
static bool dxcore_before(const struct dxcore_adapter *a, const struct dxcore_adapter *b, uint32_t count,
        const DXCoreAdapterPreference *preferences)
{
    for (uint32_t i = 0; i < count; ++i)
    {
        unsigned ra, rb;

        if (!dxcore_is_preference(preferences[i]))
            continue; /* unknown preferences are ignored, not an error */
        ra = dxcore_rank(a, preferences[i]);
        rb = dxcore_rank(b, preferences[i]);
        if (ra != rb)
            return ra < rb;
    }
    return false;
}

static HRESULT STDMETHODCALLTYPE dxcore_list_Sort(IDXCoreAdapterList *iface, uint32_t count,
        const DXCoreAdapterPreference *preferences)
{
    struct dxcore_list *list = impl_from_IDXCoreAdapterList(iface);

    if (!count || !preferences)
        return E_INVALIDARG;
    mk_mutex_lock(&list->lock);
    /* Insertion sort: stable, so equal adapters keep the order they had. */
    for (unsigned i = 1; i < list->count; ++i)
    {
        struct dxcore_adapter *adapter = list->adapters[i];
        unsigned j = i;

        while (j && dxcore_before(adapter, list->adapters[j - 1], count, preferences))
        {
            list->adapters[j] = list->adapters[j - 1];
            --j;
        }
        list->adapters[j] = adapter;
    }
    mk_mutex_unlock(&list->lock);
    return S_OK;
}

static bool STDMETHODCALLTYPE dxcore_list_IsAdapterPreferenceSupported(IDXCoreAdapterList *iface,
        DXCoreAdapterPreference preference)
{
    (void)iface;
    return dxcore_is_preference(preference);
}

static const IDXCoreAdapterListVtbl dxcore_list_vtbl =
{
    /* IUnknown methods */
    dxcore_list_QueryInterface,
    dxcore_list_AddRef,
    dxcore_list_Release,
    /* IDXCoreAdapterList methods */
    dxcore_list_GetAdapter,
    dxcore_list_GetAdapterCount,
    dxcore_list_IsStale,
    dxcore_list_GetFactory,
    dxcore_list_Sort,
    dxcore_list_IsAdapterPreferenceSupported,
};

HRESULT dxcore_list_create(struct dxcore_factory *factory, const struct dxcore_filter *filter, REFIID riid,
        void **out)
{
    const char *ids[DXCORE_MAX_ADAPTERS];
    struct dxcore_list *list;
    unsigned count;
    HRESULT hr;

    if (FAILED(hr = dxcore_machine_ids(ids, &count)))
        return hr;
    if (!(list = mk_calloc(1, sizeof(*list))))
        return E_OUTOFMEMORY;
    list->IDXCoreAdapterList_iface.lpVtbl = &dxcore_list_vtbl;
    list->factory = factory;
    list->filter = *filter;
    mk_mutex_init(&list->lock);
    mk_object_init(&list->obj, &list_class, (IUnknown *)&factory->IDXCoreAdapterFactory1_iface, NULL);
    for (unsigned i = 0; i < count; ++i)
    {
        struct dxcore_adapter *adapter;

        if (FAILED(hr = dxcore_factory_adapter(factory, ids[i], &adapter)))
        {
            mk_object_release(&list->obj);
            return hr;
        }
        if (dxcore_filter_matches(filter, adapter->attributes))
            list->adapters[list->count++] = adapter;
        else
            dxcore_adapter_release(adapter);
    }
    return mk_object_hand_out(&list->obj, riid, out);
}
