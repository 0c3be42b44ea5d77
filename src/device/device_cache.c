/*
 * D3D12CreateDevice's per-adapter device cache: one live device per adapter
 * is shared by every D3D12CreateDevice(adapter) call, as on Windows; a device
 * leaves the cache when its last reference goes (mk_device_cache_forget).
 */
#include <stdatomic.h>

#include "alloc.h"
#include "device.h"
#include "platform.h"


struct device_cache_entry
{
    struct device_cache_entry *next;
    const struct caps_adapter *adapter;
    struct mk_device *device;
};

static mk_mutex device_cache_lock = MK_MUTEX_INIT;
static struct device_cache_entry *device_cache;

void mk_device_cache_forget(struct mk_device *device)
{
    struct device_cache_entry **link, *entry;

    mk_mutex_lock(&device_cache_lock);
    for (link = &device_cache; (entry = *link); link = &entry->next)
    {
        if (entry->device == device)
        {
            *link = entry->next;
            mk_free(entry);
            break;
        }
    }
    mk_mutex_unlock(&device_cache_lock);
}

/* The live global device of `adapter` (AddRef'd), or a new one. */
HRESULT mk_device_get_global(const struct caps_adapter *adapter, D3D_FEATURE_LEVEL level, struct mk_device **out)
{
    struct device_cache_entry *entry;
    struct mk_device *device = NULL;
    HRESULT hr = S_OK;

    mk_mutex_lock(&device_cache_lock);
    for (entry = device_cache; entry; entry = entry->next)
    {
        if (entry->adapter == adapter && mk_object_try_addref(&entry->device->obj))
        {
            device = entry->device;
            break;
        }
    }
    if (!device)
    {
        if (!(entry = mk_alloc(sizeof(*entry))))
            hr = E_OUTOFMEMORY;
        else if (FAILED(hr = mk_device_create(adapter, NULL, level, &device)))
            mk_free(entry);
        else
        {
            device->global = true;
            entry->adapter = adapter;
            entry->device = device;
            entry->next = device_cache;
            device_cache = entry;
        }
    }
    mk_mutex_unlock(&device_cache_lock);
    *out = device;
    return hr;
}
