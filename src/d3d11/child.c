/*
 * The two counts of the objects a context binds (d3d11_private.h,
 * struct d3d11_child), over src/objects/refs.h.
 */
#include "d3d11_private.h"
#include "d3d11_methods.h"
#include "refs.h"

/* {6d6b6433-6431-3163-6869-6c6400000001}: "mkd3d11child". */
const GUID mk_d3d11_child_iid = {0x6d6b6433, 0x6431, 0x3163, {0x68, 0x69, 0x6c, 0x64, 0x00, 0x00, 0x00, 0x01}};

void d3d11_child_init(struct d3d11_child *child, struct d3d11_device *device,
        void (*destroy)(struct d3d11_child *child))
{
    d3d11_child_init_shared(child, device, destroy, NULL, NULL);
}

void d3d11_child_init_shared(struct d3d11_child *child, struct d3d11_device *device,
        void (*destroy)(struct d3d11_child *child), mk_mutex *lock, void (*unlink)(struct d3d11_child *child))
{
    atomic_init(&child->refcount, 1);
    atomic_init(&child->internal, 1);
    child->device = device;
    child->destroy = destroy;
    child->lock = lock;
    child->unlink = unlink;
}

ULONG d3d11_child_addref(struct d3d11_child *child)
{
    ULONG refcount = obj_refs_addref(&child->refcount, &child->internal);

    /* Back from 0 (a getter's reference to a bound object): the device again. */
    if (refcount == 1)
        d3d11_device_AddRef(&child->device->ID3D11Device5_iface);
    return refcount;
}

ULONG d3d11_child_release(struct d3d11_child *child)
{
    unsigned long count = atomic_load(&child->refcount);
    struct d3d11_device *device = child->device;
    ULONG refcount;
    bool dead;

    if (!child->lock)
        refcount = obj_refs_release(&child->refcount, &child->internal, &dead);
    else
    {
        /* Above 1 nothing can die; the last reference goes under the lock. */
        while (count > 1)
        {
            if (atomic_compare_exchange_weak(&child->refcount, &count, count - 1))
                return (ULONG)(count - 1);
        }
        mk_mutex_lock(child->lock);
        refcount = obj_refs_release(&child->refcount, &child->internal, &dead);
        if (dead)
            child->unlink(child);
        mk_mutex_unlock(child->lock);
    }
    if (dead)
        child->destroy(child);
    if (!refcount)
        d3d11_device_Release(&device->ID3D11Device5_iface);
    return refcount;
}

void d3d11_child_retain(struct d3d11_child *child)
{
    obj_refs_retain(&child->internal);
}

void d3d11_child_unretain(struct d3d11_child *child)
{
    bool dead;

    if (!child->lock)
    {
        if (obj_refs_unretain(&child->internal))
            child->destroy(child);
        return;
    }
    mk_mutex_lock(child->lock);
    if ((dead = obj_refs_unretain(&child->internal)))
        child->unlink(child);
    mk_mutex_unlock(child->lock);
    if (dead)
        child->destroy(child);
}

struct d3d11_child *d3d11_child_of(void *iface)
{
    IUnknown *unknown = iface;
    void *child = NULL;

    if (!unknown || FAILED(unknown->lpVtbl->QueryInterface(unknown, &mk_d3d11_child_iid, &child)))
        return NULL;
    return child;
}
