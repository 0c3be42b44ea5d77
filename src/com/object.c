/*
 * The COM object base (object.h): counts, the parent reference, the
 * registry, QueryInterface from the class's interface table.
 */
#include <string.h>

#include "alloc.h"
#include "object.h"

void mk_registry_init(struct mk_registry *registry, IUnknown *owner)
{
    mk_spinlock_init(&registry->lock);
    registry->owner = owner;
    atomic_init(&registry->children, 0);
    memset(registry->lists, 0, sizeof(registry->lists));
}

/* Whether `object`, listed or about to be in `registry`, is one of the
 * owner's counted children (object.h). */
static bool registry_counts(const struct mk_registry *registry, const struct mk_object *object)
{
    return registry->owner && object->parent == registry->owner
            && !(object->cls->flags & MK_OBJECT_PARENT_WHILE_PUBLIC);
}

/* A counted child joins (the lock held): the first takes the registry's
 * reference on the owner. */
static void registry_count_child(struct mk_registry *registry)
{
    unsigned long children = atomic_load_explicit(&registry->children, memory_order_relaxed);

    atomic_store_explicit(&registry->children, children + 1, memory_order_relaxed);
    if (!children)
        registry->owner->lpVtbl->AddRef(registry->owner);
}

/* A counted child leaves (the lock held): true when it was the last, whose
 * death then gives back the registry's reference on the owner (after the
 * child's memory, which the owner may hold, is freed). */
static bool registry_uncount_child(struct mk_registry *registry)
{
    unsigned long children = atomic_load_explicit(&registry->children, memory_order_relaxed) - 1;

    atomic_store_explicit(&registry->children, children, memory_order_relaxed);
    return !children;
}

static ULONG owner_count(ULONG count, unsigned long children)
{
    return count && children ? count - 1 + (ULONG)children : count;
}

ULONG mk_owner_addref(struct mk_object *owner, const struct mk_registry *registry)
{
    ULONG count = mk_object_addref(owner);

    return owner_count(count, atomic_load_explicit(&registry->children, memory_order_relaxed));
}

ULONG mk_owner_release(struct mk_object *owner, const struct mk_registry *registry)
{
    /* Read first: the release may free the registry with its owner. */
    unsigned long children = atomic_load_explicit(&registry->children, memory_order_relaxed);

    return owner_count(mk_object_release(owner), children);
}

ULONG mk_owner_refcount(struct mk_object *owner, const struct mk_registry *registry)
{
    return owner_count(mk_object_refcount(owner), atomic_load_explicit(&registry->children, memory_order_relaxed));
}

void mk_registry_destroy(struct mk_registry *registry)
{
    (void)registry; /* a spin lock holds nothing */
}

int mk_registry_walk(struct mk_registry *registry, unsigned kind,
        int (*visit)(struct mk_object *object, void *ctx), void *ctx)
{
    unsigned k, first = kind == MK_REGISTRY_ALL ? 0 : kind, last = kind == MK_REGISTRY_ALL ? MK_REGISTRY_KINDS : kind + 1;
    struct mk_object *object;
    int stop = 0;

    mk_spin_lock(&registry->lock);
    for (k = first; k < last && !stop; ++k)
    {
        for (object = registry->lists[k]; object && !stop; object = object->next)
            stop = visit(object, ctx);
    }
    mk_spin_unlock(&registry->lock);
    return stop;
}

static void registry_link(struct mk_registry *registry, struct mk_object *object)
{
    struct mk_object **head = &registry->lists[object->cls->kind];

    object->prev = NULL;
    object->next = *head;
    if (*head)
        (*head)->prev = object;
    *head = object;
}

/* Under the registry's lock: false when the object's parent reference
 * must not be given back (a counted child not the last). */
static bool registry_unlink(struct mk_registry *registry, struct mk_object *object)
{
    if (object->cls->leave)
        object->cls->leave(object);
    if (object->prev)
        object->prev->next = object->next;
    else
        registry->lists[object->cls->kind] = object->next;
    if (object->next)
        object->next->prev = object->prev;
    return !registry_counts(registry, object) || registry_uncount_child(registry);
}

static struct mk_object *registry_search(struct mk_registry *registry, unsigned kind,
        int (*match)(struct mk_object *candidate, void *ctx), void *ctx)
{
    struct mk_object *candidate;

    for (candidate = registry->lists[kind]; candidate; candidate = candidate->next)
    {
        if (match(candidate, ctx))
            return candidate;
    }
    return NULL;
}

struct mk_object *mk_registry_find(struct mk_registry *registry, unsigned kind,
        int (*match)(struct mk_object *candidate, void *ctx), void *ctx)
{
    struct mk_object *found;

    mk_spin_lock(&registry->lock);
    found = registry_search(registry, kind, match, ctx);
    mk_spin_unlock(&registry->lock);
    return found;
}

struct mk_object *mk_registry_add_unique(struct mk_registry *registry, struct mk_object *object,
        int (*match)(struct mk_object *candidate, void *ctx), void *ctx)
{
    struct mk_object *candidate;
    bool drop_parent = false;

    mk_spin_lock(&registry->lock);
    if (!(candidate = registry_search(registry, object->cls->kind, match, ctx)))
    {
        object->registry = registry;
        registry_link(registry, object);
        /* Counted now: its own reference on the owner goes. */
        if ((drop_parent = registry_counts(registry, object)))
            registry_count_child(registry);
    }
    mk_spin_unlock(&registry->lock);
    if (drop_parent)
        object->parent->lpVtbl->Release(object->parent);
    return candidate;
}

HRESULT mk_object_init(struct mk_object *object, const struct mk_object_class *cls, IUnknown *parent,
        struct mk_registry *registry)
{
    bool counted;
    HRESULT hr;

    object->cls = cls;
    atomic_init(&object->refcount, 1);
    atomic_init(&object->internal, 1);
    object->parent = parent;
    object->registry = registry;
    mk_private_data_init(&object->private_data);
    /* A counted child takes no reference on its parent: it is counted
     * under the lock instead. */
    counted = registry && registry_counts(registry, object);
    if (parent && !counted)
        parent->lpVtbl->AddRef(parent);
    if (registry)
    {
        mk_spin_lock(&registry->lock);
        if (cls->join && FAILED(hr = cls->join(object)))
        {
            mk_spin_unlock(&registry->lock);
            mk_private_data_destroy(&object->private_data);
            if (parent && !counted)
                parent->lpVtbl->Release(parent);
            return hr;
        }
        registry_link(registry, object);
        if (counted)
            registry_count_child(registry);
        mk_spin_unlock(&registry->lock);
    }
    return S_OK;
}

/* Frees what the base holds and the object's memory; the parent reference
 * last (the parent may be what keeps the registry alive). */
static void object_free(struct mk_object *object, bool release_parent)
{
    IUnknown *parent = object->parent;

    mk_private_data_destroy(&object->private_data);
    mk_free((char *)object - object->cls->base);
    if (parent && release_parent)
        parent->lpVtbl->Release(parent);
}

void mk_object_abandon(struct mk_object *object)
{
    bool release_parent = true;

    if (object->registry)
    {
        mk_spin_lock(&object->registry->lock);
        release_parent = registry_unlink(object->registry, object);
        mk_spin_unlock(&object->registry->lock);
    }
    object_free(object, release_parent);
}

/* The object's last reference of either count goes (the registry's lock,
 * when there is one, held): its internal count is 0 and it leaves the
 * registry. Whether its parent reference is to be given back. */
static bool object_unlist(struct mk_object *object)
{
    atomic_store_explicit(&object->internal, 0, memory_order_relaxed);
    return !object->registry || registry_unlink(object->registry, object);
}

/* The last internal reference went (the registry's lock, when there is one,
 * was held and the object unlinked under it: `release_parent` is its answer). */
static void object_die(struct mk_object *object, bool release_parent)
{
    if (object->cls->destroy)
        object->cls->destroy(object);
    /* A parent held while public was given back when refcount reached 0. */
    object_free(object, release_parent && !(object->cls->flags & MK_OBJECT_PARENT_WHILE_PUBLIC));
}

ULONG mk_object_addref(struct mk_object *object)
{
    unsigned long before = atomic_fetch_add(&object->refcount, 1);

    if (!before)
    {
        atomic_fetch_add(&object->internal, 1);
        if (object->parent && (object->cls->flags & MK_OBJECT_PARENT_WHILE_PUBLIC))
            object->parent->lpVtbl->AddRef(object->parent);
    }
    return (ULONG)before + 1;
}

/* The application's count reaches 0 without a lock; the internal reference
 * it held goes through mk_object_unretain, whose last decrement is made
 * under the registry's lock, where the object is unlinked: a lookup holding
 * the lock never finds a dying object, and may revive one whose internal
 * count is above 0 (its AddRef from 0 takes an internal reference again).
 * A listed object whose counts are both 1 (the caller's reference alone)
 * dies under that lock directly: one atomic operation, the lock's, not
 * three (the count's, the lock's, and the internal count's). */
ULONG mk_object_release(struct mk_object *object)
{
    IUnknown *parent = object->parent;
    bool public_parent = parent && (object->cls->flags & MK_OBJECT_PARENT_WHILE_PUBLIC);
    struct mk_registry *registry = object->registry;
    unsigned long refcount;
    bool release_parent;

    /* The caller's reference the only one of either count: nobody else can
     * take one but a lookup, which holds the registry's lock — under it the
     * object dies with stores, not a read-modify-write of its count. */
    if (registry && !object->cls->last_release
            && atomic_load_explicit(&object->refcount, memory_order_acquire) == 1)
    {
        mk_spin_lock(&registry->lock);
        if (atomic_load_explicit(&object->refcount, memory_order_acquire) == 1
                && atomic_load_explicit(&object->internal, memory_order_acquire) == 1)
        {
            atomic_store_explicit(&object->refcount, 0, memory_order_relaxed);
            release_parent = object_unlist(object);
            mk_spin_unlock(&registry->lock);
            object_die(object, release_parent);
            if (public_parent)
                parent->lpVtbl->Release(parent);
            return 0;
        }
        mk_spin_unlock(&registry->lock);
    }
    refcount = atomic_fetch_sub(&object->refcount, 1) - 1;

    if (refcount)
        return (ULONG)refcount;
    if (object->cls->last_release)
        object->cls->last_release(object);
    mk_object_unretain(object);
    if (public_parent)
        parent->lpVtbl->Release(parent);
    return 0;
}

bool mk_object_try_addref(struct mk_object *object)
{
    unsigned long count = atomic_load(&object->refcount);

    while (count && !atomic_compare_exchange_weak(&object->refcount, &count, count + 1))
        ;
    return count != 0;
}

void mk_object_retain(struct mk_object *object)
{
    atomic_fetch_add(&object->internal, 1);
}

void mk_object_unretain(struct mk_object *object)
{
    unsigned long value = atomic_load(&object->internal);
    bool dead, release_parent = true;

    /* Above 1 nothing can die: no lock. */
    while (value > 1)
    {
        if (atomic_compare_exchange_weak(&object->internal, &value, value - 1))
            return;
    }
    /* A count of 1 is this caller's reference alone: no other holder can
     * take one but a lookup, which holds the registry's lock. Without a
     * registry nothing can, and under its lock neither, so the last
     * decrement is a store, not a read-modify-write (the acquire load sees
     * what the other holders did before they let go). */
    if (object->registry)
        mk_spin_lock(&object->registry->lock);
    if ((dead = atomic_load_explicit(&object->internal, memory_order_acquire) == 1))
        release_parent = object_unlist(object);
    else
        atomic_fetch_sub(&object->internal, 1); /* a lookup revived it meanwhile */
    if (object->registry)
        mk_spin_unlock(&object->registry->lock);
    if (dead)
        object_die(object, release_parent);
}

/* The interface of `object` that `riid` names and that it answers now, or
 * NULL (query_more's interfaces and the class's own IID are not looked at). */
static void *object_find(struct mk_object *object, REFIID riid)
{
    const struct mk_object_class *cls = object->cls;
    unsigned i;

    for (i = 0; i < cls->interface_count; ++i)
    {
        const struct mk_interface *entry = &cls->interfaces[i];

        if (memcmp(riid, &entry->iid, sizeof(GUID)))
            continue;
        if (entry->conditional && !cls->available(object, entry->arg))
            continue;
        return (char *)object + entry->offset;
    }
    return NULL;
}

HRESULT mk_object_query(struct mk_object *object, REFIID riid, void **out)
{
    const struct mk_object_class *cls = object->cls;
    void *found;

    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;
    if (cls->self_iid && !memcmp(riid, cls->self_iid, sizeof(GUID)))
    {
        *out = object;
        return S_OK;
    }
    if ((found = object_find(object, riid)))
    {
        mk_object_addref(object);
        *out = found;
        return S_OK;
    }
    return cls->query_more ? cls->query_more(object, riid, out) : E_NOINTERFACE;
}

HRESULT mk_object_hand_out(struct mk_object *object, REFIID riid, void **out)
{
    HRESULT hr;
    void *found;

    /* An interface of the class's table: the caller's reference becomes the
     * application's (what a QueryInterface and a Release would leave, without
     * the two atomic operations). */
    if (out && riid && (found = object_find(object, riid)))
    {
        *out = found;
        return S_OK;
    }
    hr = mk_object_query(object, riid, out);
    mk_object_release(object);
    return hr;
}

HRESULT mk_hand_out(IUnknown *iface, REFIID riid, void **out)
{
    HRESULT hr = iface->lpVtbl->QueryInterface(iface, riid, out);

    iface->lpVtbl->Release(iface);
    return hr;
}

HRESULT mk_object_get_parent(struct mk_object *object, REFIID riid, void **out)
{
    if (!out)
        return E_INVALIDARG;
    if (!object->parent)
    {
        *out = NULL;
        return E_NOINTERFACE;
    }
    return object->parent->lpVtbl->QueryInterface(object->parent, riid, out);
}

HRESULT mk_object_get_device(struct mk_object *object, REFIID riid, void **out)
{
    IUnknown *device = object->parent;

    return device->lpVtbl->QueryInterface(device, riid, out);
}
