/*
 * D3D12CreateDevice's per-adapter device cache: one live device per adapter
 * is shared by every D3D12CreateDevice(adapter) call, as on Windows; a device
 * leaves the cache when its last reference goes (mk_device_cache_forget).
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "caps/caps.h"
#include "device.h"
#include "platform.h"
#include "trace.h"

/* The cached devices, linked through their cache_next. */
static mk_mutex device_cache_lock = MK_MUTEX_INIT;
static struct mk_device *device_cache;

void mk_device_cache_forget(struct mk_device *device)
{
    struct mk_device **link;

    mk_mutex_lock(&device_cache_lock);
    for (link = &device_cache; *link; link = &(*link)->cache_next)
    {
        if (*link == device)
        {
            *link = device->cache_next;
            break;
        }
    }
    mk_mutex_unlock(&device_cache_lock);
}

/* The live global device of `adapter` (AddRef'd), or a new one. */
HRESULT mk_device_get_global(const struct caps_adapter *adapter, D3D_FEATURE_LEVEL level, struct mk_device **out)
{
    struct mk_device *device = NULL, *cached;
    HRESULT hr = S_OK;

    mk_mutex_lock(&device_cache_lock);
    for (cached = device_cache; cached; cached = cached->cache_next)
    {
        if (cached->adapter == adapter && mk_object_try_addref(&cached->obj))
        {
            device = cached;
            break;
        }
    }
    if (!device && SUCCEEDED(hr = mk_device_create(adapter, NULL, level, &device)))
    {
        device->global = true;
        device->cache_next = device_cache;
        device_cache = device;
    }
    mk_mutex_unlock(&device_cache_lock);
    *out = device;
    return hr;
}

/* ---- The process's live devices, for a removal of an adapter's ---- */

static mk_mutex live_lock = MK_MUTEX_INIT;
static struct mk_device *live_devices;

static int count_object(struct mk_object *object, void *ctx)
{
    (void)object;
    ++*(uint64_t *)ctx;
    return 0;
}

/* MOCKD3D12_TRACE_LIVE_OBJECTS=1: at exit, one LiveObjects record per traced
 * device still alive (the device and the objects of its registry), which
 * `mockd3d12 fault-check --leaks` reads. Nothing is freed: the process ends. */
static void trace_live_objects(void)
{
    struct mk_device *device;

    mk_mutex_lock(&live_lock);
    for (device = live_devices; device; device = device->live_next)
    {
        struct mk_trace_record r;
        uint64_t objects = 1;

        if (!device->traced || !mk_trace_recording())
            continue;
        mk_registry_walk(&device->objects.registry, MK_REGISTRY_ALL, count_object, &objects);
        mk_trace_begin(&r, "LiveObjects");
        mk_trace_string(&r, "adapter", caps_adapter_id(device->adapter));
        mk_trace_uint(&r, "objects", objects);
        mk_trace_end(&r);
    }
    mk_mutex_unlock(&live_lock);
}

void mk_device_track(struct mk_device *device)
{
    static atomic_bool registered;
    const char *live = mk_getenv("MOCKD3D12_TRACE_LIVE_OBJECTS");

    if (device->traced && live && live[0] == '1' && !atomic_exchange(&registered, true))
        atexit(trace_live_objects);
    mk_mutex_lock(&live_lock);
    device->live_next = live_devices;
    live_devices = device;
    mk_mutex_unlock(&live_lock);
}

void mk_device_untrack(struct mk_device *device)
{
    struct mk_device **link;

    mk_mutex_lock(&live_lock);
    for (link = &live_devices; *link; link = &(*link)->live_next)
    {
        if (*link == device)
        {
            *link = device->live_next;
            break;
        }
    }
    mk_mutex_unlock(&live_lock);
}

/* One device of `adapter` not removed yet, AddRef'd, or NULL. */
static struct mk_device *live_unremoved(const struct caps_adapter *adapter)
{
    struct mk_device *device;

    mk_mutex_lock(&live_lock);
    for (device = live_devices; device; device = device->live_next)
    {
        if (device->adapter == adapter && !atomic_load(&device->removed) && mk_object_try_addref(&device->obj))
            break;
    }
    mk_mutex_unlock(&live_lock);
    return device;
}

/* Each device is removed outside the lock (its fences' waiters run then),
 * one at a time: a removal is rare, and this allocates nothing. */
void mk_device_remove_adapter_fault(const struct caps_adapter *adapter, HRESULT reason, const char *method,
        const char *rule, const struct mk_removal_fault *fault)
{
    struct mk_device *device;

    /* DXGI_ERROR_DEVICE_REMOVED of the whole adapter: the GPU went away (an
     * unplug, a driver upgrade) and came back as a new instance, so the
     * factories and DXCore adapters taken before see it (docs/faults.md);
     * the other reasons reset an adapter that stays. First, so that a
     * thread woken by the removal finds the machine already changed. */
    if (reason == DXGI_ERROR_DEVICE_REMOVED)
        caps_machine_replace_adapter(adapter);
    while ((device = live_unremoved(adapter)))
    {
        mk_device_remove_fault(device, reason, method, rule, fault);
        mk_object_release(&device->obj);
    }
}

void mk_device_remove_adapter(const struct caps_adapter *adapter, HRESULT reason, const char *method,
        const char *rule)
{
    mk_device_remove_adapter_fault(adapter, reason, method, rule, NULL);
}
