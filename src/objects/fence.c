/*
 * ID3D12Fence1. What Windows does, as the public conformance tests record it
 * (vkd3d's tests/d3d12.c, run on Windows: test_create_fence, test_fence_values,
 * test_cpu_signal_fence, test_fence_wait_multiple, test_object_interface_null_cases):
 * the fence answers ID3D12Object, ID3D12DeviceChild, ID3D12Pageable and
 * holds a device reference; Signal may lower the value; an event registered
 * for a value already reached is set at once; an event is set once per
 * registration, when the value is first reached; several events may wait for
 * one value, and one event for several values.
 *
 * No lost wake-ups: a value is compared and a waiter registered under the
 * fence's lock, and a signal changes the value and detaches the waiters it
 * reaches under the same lock. GetCompletedValue reads the value without it.
 * Waiters fire after the lock is released, so a waiter may signal other
 * fences (a queue behind a Wait runs its later Signals) without lock-order
 * cycles, and the lock is held only for a few list operations: a spin lock.
 */
#include <string.h>

#include "alloc.h"
#include "fence.h"

static const ID3D12Fence1Vtbl d3d12_fence_vtbl;

MK_OBJECT_HELPERS(struct obj_fence, ID3D12Fence1, ID3D12Fence1_iface, impl_from_ID3D12Fence1, fence_object)

struct obj_fence *obj_fence_from_iface(ID3D12Fence *iface)
{
    if (!iface || iface->lpVtbl != (const void *)&d3d12_fence_vtbl)
        return NULL;
    return impl_from_ID3D12Fence1((ID3D12Fence1 *)iface);
}

/* ---- Waiters ---- */

/* Detaches, under the lock, every waiter `value` reaches; the caller fires them. */
static struct obj_fence_waiter *fence_take_reached(struct obj_fence *fence, UINT64 value)
{
    struct obj_fence_waiter **link = &fence->waiters, *w, *reached = NULL;

    while ((w = *link))
    {
        if (w->value <= value)
        {
            *link = w->next;
            w->next = reached;
            reached = w;
        }
        else
        {
            link = &w->next;
        }
    }
    return reached;
}

void obj_fence_fire(struct obj_fence_waiter *w)
{
    struct obj_fence_waiter *next;

    for (; w; w = next)
    {
        next = w->next; /* fire() may free w */
        w->fire(w);
    }
}

bool obj_fence_add_waiter(struct obj_fence *fence, struct obj_fence_waiter *waiter)
{
    bool added = false;

    mk_spin_lock(&fence->lock);
    if (atomic_load_explicit(&fence->value, memory_order_relaxed) < waiter->value)
    {
        waiter->next = fence->waiters;
        fence->waiters = waiter;
        added = true;
    }
    mk_spin_unlock(&fence->lock);
    return added;
}

bool obj_fence_remove_waiter(struct obj_fence *fence, struct obj_fence_waiter *waiter)
{
    struct obj_fence_waiter **link;
    bool removed = false;

    mk_spin_lock(&fence->lock);
    for (link = &fence->waiters; *link; link = &(*link)->next)
    {
        if (*link == waiter)
        {
            *link = waiter->next;
            removed = true;
            break;
        }
    }
    mk_spin_unlock(&fence->lock);
    return removed;
}

UINT64 obj_fence_value(struct obj_fence *fence)
{
    /* No lock: a value is stored whole, and what it reached is seen with
     * what the signaller wrote before (a release store under the lock). */
    return atomic_load_explicit(&fence->value, memory_order_acquire);
}

HRESULT obj_fence_set(struct obj_fence *fence, UINT64 value, struct obj_fence_waiter **reached)
{
    *reached = NULL;
    mk_spin_lock(&fence->lock);
    if (fence->removed)
    {
        mk_spin_unlock(&fence->lock);
        return DXGI_ERROR_DEVICE_REMOVED;
    }
    atomic_store_explicit(&fence->value, value, memory_order_release);
    *reached = fence_take_reached(fence, value);
    mk_spin_unlock(&fence->lock);
    return S_OK;
}

HRESULT obj_fence_signal(struct obj_fence *fence, UINT64 value)
{
    struct obj_fence_waiter *reached;
    HRESULT hr = obj_fence_set(fence, value, &reached);

    obj_fence_fire(reached);
    return hr;
}

/* An application's event: set when the value is reached. */
struct event_waiter
{
    struct obj_fence_waiter waiter;
    HANDLE event;
};

static void event_waiter_fire(struct obj_fence_waiter *w)
{
    struct event_waiter *e = (struct event_waiter *)w;

    mk_event_set(e->event);
    mk_free(e);
}

static void event_waiter_cancel(struct obj_fence_waiter *w)
{
    mk_free(w);
}

/* A thread blocked in SetEventOnCompletion(value, NULL): on its stack. */
struct block_waiter
{
    struct obj_fence_waiter waiter;
    mk_mutex lock;
    mk_cond cond;
    bool done;
};

static void block_waiter_fire(struct obj_fence_waiter *w)
{
    struct block_waiter *b = (struct block_waiter *)w;

    mk_mutex_lock(&b->lock);
    b->done = true;
    mk_cond_broadcast(&b->cond);
    mk_mutex_unlock(&b->lock);
}

static void block_until(struct block_waiter *b)
{
    mk_mutex_lock(&b->lock);
    while (!b->done)
        mk_cond_wait(&b->cond, &b->lock);
    mk_mutex_unlock(&b->lock);
}

static void block_waiter_init(struct block_waiter *b, UINT64 value)
{
    memset(b, 0, sizeof(*b));
    b->waiter.value = value;
    b->waiter.fire = block_waiter_fire;
    b->waiter.cancel = block_waiter_fire; /* a destroyed fence wakes its waiters */
    mk_mutex_init(&b->lock);
    mk_cond_init(&b->cond);
}

static void block_waiter_destroy(struct block_waiter *b)
{
    mk_cond_destroy(&b->cond);
    mk_mutex_destroy(&b->lock);
}

/* ---- SetEventOnMultipleFenceCompletion ---- */

struct multi_wait;

struct multi_node
{
    struct obj_fence_waiter waiter;
    struct multi_wait *wait;
};

struct multi_wait
{
    atomic_uint refs;        /* the caller's + one per node not yet fired or cancelled */
    atomic_uint remaining;   /* ALL: nodes still to fire */
    atomic_bool done;
    bool any;
    HANDLE event;            /* NULL: the caller blocks on `block` */
    struct block_waiter block;
    struct multi_node nodes[];
};

static void multi_wait_release(struct multi_wait *m)
{
    if (atomic_fetch_sub(&m->refs, 1) == 1)
    {
        block_waiter_destroy(&m->block);
        mk_free(m);
    }
}

static void multi_node_fire(struct obj_fence_waiter *w)
{
    struct multi_wait *m = ((struct multi_node *)w)->wait;

    if ((m->any || atomic_fetch_sub(&m->remaining, 1) == 1) && !atomic_exchange(&m->done, true))
    {
        if (m->event)
            mk_event_set(m->event);
        else
            block_waiter_fire(&m->block.waiter);
    }
    multi_wait_release(m);
}

static void multi_node_cancel(struct obj_fence_waiter *w)
{
    multi_wait_release(((struct multi_node *)w)->wait);
}

HRESULT obj_fence_wait_multiple(struct obj_fence *const *fences, const UINT64 *values, UINT count, bool any,
        HANDLE event)
{
    struct multi_wait *m;
    UINT i;

    if (!(m = mk_calloc(1, sizeof(*m) + count * sizeof(m->nodes[0]))))
        return E_OUTOFMEMORY;
    atomic_init(&m->refs, count + 1);
    atomic_init(&m->remaining, count);
    atomic_init(&m->done, false);
    m->any = any;
    m->event = event;
    block_waiter_init(&m->block, 0);
    for (i = 0; i < count; ++i)
    {
        m->nodes[i].waiter.value = values[i];
        m->nodes[i].waiter.fire = multi_node_fire;
        m->nodes[i].waiter.cancel = multi_node_cancel;
        m->nodes[i].wait = m;
    }
    /* Each node fires at once when its fence is already there. */
    for (i = 0; i < count; ++i)
    {
        if (!obj_fence_add_waiter(fences[i], &m->nodes[i].waiter))
            multi_node_fire(&m->nodes[i].waiter);
    }
    if (!event)
        block_until(&m->block);
    multi_wait_release(m);
    return S_OK;
}

/* ---- Device removal ---- */

static int fence_remove(struct mk_object *object, void *ctx)
{
    struct obj_fence *fence = MK_OBJECT_IMPL(struct obj_fence, obj, object);
    struct obj_fence_waiter **reached = ctx, *w, *next;

    mk_spin_lock(&fence->lock);
    atomic_store_explicit(&fence->value, UINT64_MAX, memory_order_release);
    fence->removed = true;
    for (w = fence_take_reached(fence, UINT64_MAX); w; w = next)
    {
        next = w->next;
        w->next = *reached;
        *reached = w;
    }
    mk_spin_unlock(&fence->lock);
    return 0;
}

void obj_fence_remove_device(struct obj_device *owner)
{
    struct obj_fence_waiter *reached = NULL;

    /* Fence locks nest inside the registry's (nothing takes them the other
     * way round). The waiters are detached here and fire after both locks. */
    mk_spin_lock(&owner->registry.lock);
    atomic_store(&owner->removed, true);
    mk_spin_unlock(&owner->registry.lock);
    mk_registry_walk(&owner->registry, OBJ_KIND_FENCE, fence_remove, &reached);
    obj_fence_fire(reached);
}

/* ---- The object ---- */

static void fence_destroy(struct mk_object *object)
{
    struct obj_fence *fence = MK_OBJECT_IMPL(struct obj_fence, obj, object);
    struct obj_fence_waiter *w, *next;

    /* Waiters left behind (events for values never reached, the other
     * fences' share of an ANY wait) are dropped; nothing holds the lock now. */
    for (w = fence->waiters; w; w = next)
    {
        next = w->next;
        w->cancel(w);
    }
}

static const struct mk_interface fence_interfaces[] =
{
    MK_INTERFACE_AT(struct obj_fence, obj, ID3D12Fence1_iface, IID_ID3D12Fence),
    MK_INTERFACE_AT(struct obj_fence, obj, ID3D12Fence1_iface, IID_ID3D12Fence1),
    OBJ_PAGEABLE_INTERFACES(struct obj_fence, ID3D12Fence1_iface),
};

static const struct mk_object_class fence_class = MK_OBJECT_CLASS(struct obj_fence, fence_interfaces,
        .name = "ID3D12Fence", .kind = OBJ_KIND_FENCE, .destroy = fence_destroy);

MK_D3D12_CHILD_METHODS(d3d12_fence, ID3D12Fence1, fence_object)

/* ---- ID3D12Fence ---- */

static UINT64 STDMETHODCALLTYPE d3d12_fence_GetCompletedValue(ID3D12Fence1 *iface)
{
    return obj_fence_value(impl_from_ID3D12Fence1(iface));
}

static HRESULT STDMETHODCALLTYPE d3d12_fence_SetEventOnCompletion(ID3D12Fence1 *iface, UINT64 value, HANDLE event)
{
    struct obj_fence *fence = impl_from_ID3D12Fence1(iface);
    struct event_waiter *e;
    struct block_waiter b;

    if (!event)
    {
        /* NULL: the caller blocks until the value is reached. */
        block_waiter_init(&b, value);
        if (obj_fence_add_waiter(fence, &b.waiter))
            block_until(&b);
        block_waiter_destroy(&b);
        return S_OK;
    }
    if (!(e = mk_calloc(1, sizeof(*e))))
        return E_OUTOFMEMORY;
    e->waiter.value = value;
    e->waiter.fire = event_waiter_fire;
    e->waiter.cancel = event_waiter_cancel;
    e->event = event;
    if (!obj_fence_add_waiter(fence, &e->waiter))
        event_waiter_fire(&e->waiter);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE d3d12_fence_Signal(ID3D12Fence1 *iface, UINT64 value)
{
    return obj_fence_signal(impl_from_ID3D12Fence1(iface), value);
}

/* ---- ID3D12Fence1 ---- */

static D3D12_FENCE_FLAGS STDMETHODCALLTYPE d3d12_fence_GetCreationFlags(ID3D12Fence1 *iface)
{
    return impl_from_ID3D12Fence1(iface)->flags;
}

static const ID3D12Fence1Vtbl d3d12_fence_vtbl =
{
    MK_D3D12_CHILD_VTBL(d3d12_fence),
    /* ID3D12Fence methods */
    d3d12_fence_GetCompletedValue,
    d3d12_fence_SetEventOnCompletion,
    d3d12_fence_Signal,
    /* ID3D12Fence1 methods */
    d3d12_fence_GetCreationFlags,
};

HRESULT obj_fence_create(struct obj_device *owner, UINT64 initial_value, D3D12_FENCE_FLAGS flags,
        struct obj_fence **out)
{
    struct obj_fence *fence;
    bool removed;

    *out = NULL;
    if (!(fence = mk_calloc(1, sizeof(*fence))))
        return E_OUTOFMEMORY;
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    fence->ID3D12Fence1_iface.lpVtbl = (ID3D12Fence1Vtbl *)&d3d12_fence_vtbl;
    fence->flags = flags;
    atomic_init(&fence->value, initial_value);
    mk_spinlock_init(&fence->lock);
    mk_object_init(&fence->obj, &fence_class, (IUnknown *)owner->device, &owner->registry);
    /* Listed (under the registry's lock) before the check: a removal whose
     * flag this load misses takes that lock after setting it, so its walk
     * reaches this fence; one that came first is seen here. */
    removed = atomic_load(&owner->removed);
    if (removed)
    {
        mk_object_release(&fence->obj);
        return DXGI_ERROR_DEVICE_REMOVED;
    }
    *out = fence;
    return S_OK;
}
