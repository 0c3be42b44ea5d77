/*
 * What a device gives the objects of this room (obj_device.h).
 */
#include <string.h>

#include "alloc.h"
#include "obj_device.h"

void obj_device_init(struct obj_device *owner, ID3D12Device *device, const struct obj_device_ops *ops, void *ctx,
        LUID adapter_luid, uint64_t driver_version)
{
    memset(owner, 0, sizeof(*owner));
    owner->device = device;
    owner->ops = ops;
    owner->ctx = ctx;
    mk_registry_init(&owner->registry, (IUnknown *)device);
    owner->adapter_luid = adapter_luid;
    owner->driver_version = driver_version;
    mk_spinlock_init(&owner->list_lock);
    mk_spinlock_init(&owner->descriptor_lock);
    atomic_init(&owner->buffers_seq, 0u);
    atomic_init(&owner->buffers, NULL);
    atomic_init(&owner->buffer_count, 0);
    atomic_init(&owner->serial, 1u);
    atomic_init(&owner->removed, false);
}

void obj_device_destroy(struct obj_device *owner)
{
    struct obj_buffer_block *block = atomic_load(&owner->buffers), *retired;

    mk_registry_destroy(&owner->registry);
    for (; block; block = retired)
    {
        retired = block->retired;
        mk_free(block);
    }
}

/* ---- The buffers' ranges ---- */

#define LOAD(field) atomic_load_explicit(&(field), memory_order_relaxed)
#define STORE(field, value) atomic_store_explicit(&(field), (value), memory_order_relaxed)

/* The first of `count` ranges whose start is above `va`. Without branches on
 * the comparisons (a conditional move each halving): a CBV of another buffer
 * than the last one searches here, and a search that branches mispredicts
 * half its steps. */
static size_t buffer_upper_bound(const struct obj_buffer_range *ranges, size_t count, D3D12_GPU_VIRTUAL_ADDRESS va)
{
    const struct obj_buffer_range *base = ranges;
    size_t n = count;

    if (!n)
        return 0;
    while (n > 1)
    {
        size_t half = n / 2;

        base = LOAD(base[half].start) <= va ? base + half : base;
        n -= half;
    }
    return (size_t)(base - ranges) + (LOAD(base->start) <= va);
}

/* Each range's reach from `from` on (the registry's lock held). */
static void buffer_reach_from(struct obj_buffer_range *ranges, size_t count, size_t from)
{
    D3D12_GPU_VIRTUAL_ADDRESS reach = from ? LOAD(ranges[from - 1].reach) : 0, end;
    size_t i;

    for (i = from; i < count; ++i)
    {
        end = LOAD(ranges[i].end);
        reach = end > reach ? end : reach;
        STORE(ranges[i].reach, reach);
    }
}

/* A change of the ranges begins and ends (the registry's lock held): a reader that
 * saw the count odd, or saw it change, reads again. */
static unsigned buffers_change_begin(struct obj_device *owner)
{
    unsigned seq = LOAD(owner->buffers_seq);

    STORE(owner->buffers_seq, seq + 1);
    atomic_thread_fence(memory_order_release);
    return seq;
}

static void buffers_change_end(struct obj_device *owner, unsigned seq)
{
    atomic_store_explicit(&owner->buffers_seq, seq + 2, memory_order_release);
}

/* A block with room for one range more than `block` holds (the registry's
 * lock held, and dropped while it is allocated: another thread may grow it
 * meanwhile); NULL when it cannot be had. */
static struct obj_buffer_block *buffers_grow(struct obj_device *owner)
{
    struct obj_buffer_block *block = LOAD(owner->buffers), *grown;
    size_t capacity = block ? block->capacity * 2 : 64, count, i;

    mk_spin_unlock(&owner->registry.lock);
    grown = mk_alloc(sizeof(*grown) + capacity * sizeof(*grown->ranges));
    mk_spin_lock(&owner->registry.lock);
    block = LOAD(owner->buffers);
    count = LOAD(owner->buffer_count);
    if (block && (count < block->capacity || capacity <= block->capacity))
    {
        mk_free(grown);
        return block;
    }
    if (!grown)
        return NULL;
    grown->capacity = capacity;
    grown->retired = block;
    for (i = 0; i < OBJ_BUFFER_HINTS; ++i)
        atomic_init(&grown->hints[i], 0u);
    for (i = 0; i < count; ++i)
    {
        atomic_init(&grown->ranges[i].start, LOAD(block->ranges[i].start));
        atomic_init(&grown->ranges[i].end, LOAD(block->ranges[i].end));
        atomic_init(&grown->ranges[i].reach, LOAD(block->ranges[i].reach));
    }
    /* The same ranges as the old block: published outside a change. */
    atomic_store_explicit(&owner->buffers, grown, memory_order_release);
    return grown;
}

HRESULT obj_device_buffer_add(struct obj_device *owner, D3D12_GPU_VIRTUAL_ADDRESS va, UINT64 width)
{
    struct obj_buffer_block *block;
    size_t at, count, i;
    unsigned seq;

    block = LOAD(owner->buffers);
    while (!block || LOAD(owner->buffer_count) == block->capacity)
    {
        if (!(block = buffers_grow(owner)))
            return E_OUTOFMEMORY;
    }
    count = LOAD(owner->buffer_count);
    seq = buffers_change_begin(owner);
    /* Addresses mostly come from the top of the address space: the end of the list. */
    at = !count || LOAD(block->ranges[count - 1].start) <= va ? count : buffer_upper_bound(block->ranges, count, va);
    for (i = count; i > at; --i)
    {
        STORE(block->ranges[i].start, LOAD(block->ranges[i - 1].start));
        STORE(block->ranges[i].end, LOAD(block->ranges[i - 1].end));
    }
    STORE(block->ranges[at].start, va);
    STORE(block->ranges[at].end, va + width);
    STORE(owner->buffer_count, count + 1);
    buffer_reach_from(block->ranges, count + 1, at);
    buffers_change_end(owner, seq);
    return S_OK;
}

void obj_device_buffer_remove(struct obj_device *owner, D3D12_GPU_VIRTUAL_ADDRESS va, UINT64 width)
{
    struct obj_buffer_block *block;
    size_t at, count, i;
    unsigned seq;

    block = LOAD(owner->buffers);
    count = block ? LOAD(owner->buffer_count) : 0;
    /* The last range starting at va with that end (ranges of equal start
     * and end are alike: any one of them goes); the last of all, mostly (a
     * buffer made and released in turn). */
    at = count && LOAD(block->ranges[count - 1].start) <= va ? count : buffer_upper_bound(block ? block->ranges : NULL,
            count, va);
    while (at-- && LOAD(block->ranges[at].start) == va)
    {
        if (LOAD(block->ranges[at].end) != va + width)
            continue;
        seq = buffers_change_begin(owner);
        for (i = at; i + 1 < count; ++i)
        {
            STORE(block->ranges[i].start, LOAD(block->ranges[i + 1].start));
            STORE(block->ranges[i].end, LOAD(block->ranges[i + 1].end));
        }
        STORE(owner->buffer_count, count - 1);
        buffer_reach_from(block->ranges, count - 1, at);
        buffers_change_end(owner, seq);
        break;
    }
}

/* The hint slot of the page of `location` (a multiplicative hash: buffers
 * two pages apart must not share slots). */
static inline size_t buffer_hint_slot(D3D12_GPU_VIRTUAL_ADDRESS location)
{
    return (size_t)(((location >> 16) * 0x9e3779b97f4a7c15ull) >> 54) % OBJ_BUFFER_HINTS;
}

/* Does range `at` of `count` hold [location, location + size)? */
static inline bool buffer_holds(const struct obj_buffer_block *block, size_t count, size_t at,
        D3D12_GPU_VIRTUAL_ADDRESS location, UINT64 size)
{
    D3D12_GPU_VIRTUAL_ADDRESS end;

    if (at >= count || LOAD(block->ranges[at].start) > location)
        return false;
    end = LOAD(block->ranges[at].end);
    return end > location && end - location >= size;
}

/* A range of `count` holding [location, location + size), found by a search
 * and made the hint of the location's page. Every range before the upper
 * bound starts at or below the location; the walk goes back while one of
 * them still reaches past it far enough. */
static bool buffer_search(struct obj_buffer_block *block, size_t count, size_t hint,
        D3D12_GPU_VIRTUAL_ADDRESS location, UINT64 size)
{
    D3D12_GPU_VIRTUAL_ADDRESS reach;
    size_t at;

    for (at = buffer_upper_bound(block->ranges, count, location); at--;)
    {
        reach = LOAD(block->ranges[at].reach);
        if (reach <= location || reach - location < size)
            break;
        if (buffer_holds(block, count, at, location, size))
        {
            STORE(block->hints[hint], (uint32_t)at);
            return true;
        }
    }
    return false;
}

bool obj_device_buffer_find(struct obj_device *owner, D3D12_GPU_VIRTUAL_ADDRESS location, UINT64 size)
{
    size_t count, hint = buffer_hint_slot(location);
    struct obj_buffer_block *block;
    unsigned seq;
    bool found;

    for (;;)
    {
        if ((seq = atomic_load_explicit(&owner->buffers_seq, memory_order_acquire)) & 1)
        {
            mk_spinlock_wait(&owner->registry.lock); /* a change under way */
            continue;
        }
        block = atomic_load_explicit(&owner->buffers, memory_order_acquire);
        count = block ? LOAD(owner->buffer_count) : 0;
        count = block && count > block->capacity ? block->capacity : count; /* a count read mid-change */
        found = count && (buffer_holds(block, count, LOAD(block->hints[hint]), location, size)
                || buffer_search(block, count, hint, location, size));
        /* What was read holds if no change began meanwhile. */
        atomic_thread_fence(memory_order_acquire);
        if (LOAD(owner->buffers_seq) == seq)
            return found;
    }
}
