/*
 * What a device gives the objects of this room (obj_device.h).
 */
#include <string.h>

#include "alloc.h"
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
    mk_spinlock_init(&owner->buffers_lock);
    atomic_init(&owner->serial, 1u);
    atomic_init(&owner->removed, false);
}

void obj_device_destroy(struct obj_device *owner)
{
    mk_mutex_destroy(&owner->list_lock);
    mk_registry_destroy(&owner->registry);
    mk_free(owner->buffers);
}

/* ---- The buffers' ranges ---- */

/* The first range whose start is above `va` (buffers_lock held). Without
 * branches on the comparisons (a conditional move each halving): a CBV of
 * another buffer than the last one searches here, and a search that
 * branches mispredicts half its steps. */
static size_t buffer_upper_bound(const struct obj_device *owner, D3D12_GPU_VIRTUAL_ADDRESS va)
{
    const struct obj_buffer_range *base = owner->buffers;
    size_t n = owner->buffer_count;

    if (!n)
        return 0;
    while (n > 1)
    {
        size_t half = n / 2;

        base = base[half].start <= va ? base + half : base;
        n -= half;
    }
    return (size_t)(base - owner->buffers) + (base->start <= va);
}

/* Each range's reach from `from` on (buffers_lock held). */
static void buffer_reach_from(struct obj_device *owner, size_t from)
{
    D3D12_GPU_VIRTUAL_ADDRESS reach = from ? owner->buffers[from - 1].reach : 0;
    size_t i;

    for (i = from; i < owner->buffer_count; ++i)
    {
        struct obj_buffer_range *r = &owner->buffers[i];

        reach = r->end > reach ? r->end : reach;
        r->reach = reach;
    }
}

HRESULT obj_device_buffer_add(struct obj_device *owner, D3D12_GPU_VIRTUAL_ADDRESS va, UINT64 width)
{
    struct obj_buffer_range *grown = NULL, *old = NULL;
    size_t at, capacity;

    mk_spin_lock(&owner->buffers_lock);
    if (owner->buffer_count == owner->buffer_capacity)
    {
        /* Grown outside the lock; another thread may have grown it meanwhile. */
        capacity = owner->buffer_capacity ? owner->buffer_capacity * 2 : 64;
        mk_spin_unlock(&owner->buffers_lock);
        if (!(grown = mk_alloc(capacity * sizeof(*grown))))
            return E_OUTOFMEMORY;
        mk_spin_lock(&owner->buffers_lock);
        if (owner->buffer_count < owner->buffer_capacity || capacity <= owner->buffer_capacity)
        {
            mk_spin_unlock(&owner->buffers_lock);
            mk_free(grown);
            return obj_device_buffer_add(owner, va, width);
        }
        if (owner->buffer_count) /* no list yet: nothing to copy (memcpy takes no NULL) */
            memcpy(grown, owner->buffers, owner->buffer_count * sizeof(*grown));
        old = owner->buffers; /* freed after the lock */
        owner->buffers = grown;
        owner->buffer_capacity = capacity;
    }
    at = buffer_upper_bound(owner, va);
    memmove(&owner->buffers[at + 1], &owner->buffers[at], (owner->buffer_count - at) * sizeof(*owner->buffers));
    owner->buffers[at].start = va;
    owner->buffers[at].end = va + width;
    ++owner->buffer_count;
    buffer_reach_from(owner, at);
    mk_spin_unlock(&owner->buffers_lock);
    mk_free(old);
    return S_OK;
}

void obj_device_buffer_remove(struct obj_device *owner, D3D12_GPU_VIRTUAL_ADDRESS va, UINT64 width)
{
    size_t at;

    mk_spin_lock(&owner->buffers_lock);
    /* The last range starting at va with that end (ranges of equal start
     * and end are alike: any one of them goes). */
    for (at = buffer_upper_bound(owner, va); at-- && owner->buffers[at].start == va;)
    {
        if (owner->buffers[at].end != va + width)
            continue;
        memmove(&owner->buffers[at], &owner->buffers[at + 1],
                (owner->buffer_count - at - 1) * sizeof(*owner->buffers));
        --owner->buffer_count;
        buffer_reach_from(owner, at);
        break;
    }
    mk_spin_unlock(&owner->buffers_lock);
}

bool obj_device_buffer_find(struct obj_device *owner, D3D12_GPU_VIRTUAL_ADDRESS location, UINT64 size,
        D3D12_GPU_VIRTUAL_ADDRESS *va, UINT64 *width)
{
    bool found = false;
    size_t at;

    mk_spin_lock(&owner->buffers_lock);
    /* Every range before `at` starts at or below the location; walk back
     * while one of them still reaches past it far enough. */
    for (at = buffer_upper_bound(owner, location); at--;)
    {
        const struct obj_buffer_range *r = &owner->buffers[at];

        if (r->reach <= location || r->reach - location < size)
            break;
        if (r->end > location && r->end - location >= size)
        {
            *va = r->start;
            *width = r->end - r->start;
            found = true;
            break;
        }
    }
    mk_spin_unlock(&owner->buffers_lock);
    return found;
}
