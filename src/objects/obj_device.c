/*
 * What a device gives the objects of this room (obj_device.h).
 */
#include <string.h>

#include "obj_device.h"

void obj_device_init(struct obj_device *owner, ID3D12Device *device, const struct obj_device_ops *ops, void *ctx,
        LUID adapter_luid, uint64_t driver_version)
{
    static atomic_ullong next_uid = 1;

    memset(owner, 0, sizeof(*owner));
    owner->uid = atomic_fetch_add_explicit(&next_uid, 1, memory_order_relaxed);
    atomic_init(&owner->buffer_frees, 0u);
    owner->device = device;
    owner->ops = ops;
    owner->ctx = ctx;
    mk_registry_init(&owner->registry);
    owner->adapter_luid = adapter_luid;
    owner->driver_version = driver_version;
    mk_mutex_init(&owner->list_lock);
    mk_spinlock_init(&owner->descriptor_lock);
    atomic_init(&owner->serial, 1u);
    atomic_init(&owner->removed, false);
}

void obj_device_destroy(struct obj_device *owner)
{
    mk_mutex_destroy(&owner->list_lock);
    mk_registry_destroy(&owner->registry);
}
