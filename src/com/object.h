/*
 * The one COM object base of every room (D3D12's null device, the debug
 * layer, DXGI, DXCore, Direct3D 11): an object embeds a `struct mk_object`
 * and its interfaces, describes itself once in a `struct mk_object_class`
 * (the interfaces QueryInterface answers, the name ReportLiveDeviceObjects
 * gives it, what its destruction releases), and takes its IUnknown,
 * ID3D12Object/DeviceChild, IDXGIObject or ID3D11DeviceChild methods from
 * the MK_*_METHODS macros below. Its own file then holds only what is
 * particular to it.
 *
 * Two counts, as on Windows: `refcount`, the application's, and `internal`,
 * 1 while refcount > 0 plus one per internal holder (a heap its placed
 * resources hold, a resource a recorded command names, a state a context
 * binds). The object dies when `internal` reaches 0. An AddRef that brings
 * refcount back from 0 takes back the internal reference the Release to 0
 * gave up (vkd3d's test_create_placed_resource: Windows lets an application
 * reach a heap its placed resources keep alive).
 *
 * The parent (the device of a device child, the factory of an adapter, the
 * adapter of an output) is referenced by the object: for its whole life by
 * default (D3D12, DXGI), or only while the application holds the object
 * (MK_OBJECT_PARENT_WHILE_PUBLIC: Direct3D 11, Wine's test_state_refcounting).
 *
 * A registry (one per device) lists the live objects by kind: it serves
 * ReportLiveDeviceObjects, the live-object checks, and lookups that may
 * revive an object whose application count is 0 — an object's last internal
 * reference is given back under the registry's lock, so a lookup holding it
 * never finds a dying object.
 *
 * A registry with an owner (a D3D12 device) counts the owner's references
 * from its children: a listed object whose parent is the owner, held for
 * its whole life, is counted in `children` under the lock it takes anyway,
 * and the registry holds one reference on the owner while `children` > 0.
 * A child's creation and death then cost no atomic operation on the owner's
 * count; the owner's AddRef and Release answer its count with each child in
 * it (mk_owner_addref, mk_owner_release), as Windows' device counts do.
 */
#ifndef MOCKD3D12_COM_OBJECT_H
#define MOCKD3D12_COM_OBJECT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mockd3d12/d3d12.h>

#include "platform.h"
#include "private_data.h"

struct mk_object;
struct mk_registry;

/* One interface an object answers: its IID, by value, and where its
 * interface pointer is, from the object's struct mk_object. A conditional
 * entry is answered only when the class's `available` says so for the
 * entry's `arg` (an interface its runtime has, a state object of a kind).
 * The tables hold no pointer: they are read-only data the dynamic loader
 * never relocates (docs/performance.md, "Process start-up"). */
struct mk_interface
{
    GUID iid;
    int32_t offset;
    uint32_t arg;
    bool conditional;
};

/* An IID's value, from the headers' DEFINE_GUID (tools/gen_iid_values.py
 * writes MK_IID_VALUE_<name> for every IID the headers define). */
#include "mk_iid_values_gen.h"
#define MK_IID_VALUE(iid) MK_IID_VALUE_##iid

/* An entry for interface `iid` (an IID_ name) at member `member` of `type`,
 * whose struct mk_object member is `base`; _IF: answered when the class's
 * `available(object, arg)` is true. */
#define MK_INTERFACE_AT(type, base, member, iid) \
    {MK_IID_VALUE(iid), (int32_t)((ptrdiff_t)offsetof(type, member) - (ptrdiff_t)offsetof(type, base)), 0, false}
#define MK_INTERFACE_IF(type, base, member, iid, arg) \
    {MK_IID_VALUE(iid), (int32_t)((ptrdiff_t)offsetof(type, member) - (ptrdiff_t)offsetof(type, base)), (arg), true}

#define MK_COUNT(array) (sizeof(array) / sizeof((array)[0]))

enum mk_object_flags
{
    /* The parent is referenced only while refcount > 0 (Direct3D 11). */
    MK_OBJECT_PARENT_WHILE_PUBLIC = 1u << 0,
};

/* The registry lists of a device: one per kind, walked in this order. */
#define MK_REGISTRY_KINDS 24

/* Packed (the small members together): every class is relocated data the
 * loader writes at start-up (docs/performance.md, "Process start-up"). */
struct mk_object_class
{
    const char *name;  /* the interface that names the object, e.g. "ID3D12Fence" */
    const struct mk_interface *interfaces;
    int32_t base;      /* offsetof(its struct, its struct mk_object): the block the base frees */
    uint16_t interface_count;
    uint8_t kind;      /* its list in a registry (< MK_REGISTRY_KINDS) */
    uint8_t flags;     /* enum mk_object_flags */
    /* What the object holds of its own, released once when it dies: after
     * it left its registry, before its private data, its memory and its
     * parent reference go. NULL: nothing. */
    void (*destroy)(struct mk_object *object);
    /* Whether the object answers a conditional interface entry now, given
     * the entry's arg. NULL: the class has no conditional entry. */
    bool (*available)(const struct mk_object *object, uint32_t arg);
    /* A library's private way back from an interface pointer to its object:
     * QueryInterface(self_iid) gives the struct mk_object itself, without a
     * reference (a context binding an object, even one only internal
     * references keep). NULL: none. */
    const IID *self_iid;
    /* The interfaces the object answers beyond its table, through another
     * object (the debug layer's of a device, libd3d12's adapter behind a
     * DXGI adapter): called with *out NULL when no entry matched; its answer
     * is QueryInterface's. NULL: E_NOINTERFACE. */
    HRESULT (*query_more)(struct mk_object *object, REFIID riid, void **out);
    /* What the application's last Release does before the internal
     * reference it held goes (the object may live on). NULL: nothing. */
    void (*last_release)(struct mk_object *object);
    /* What joins its owner's lists and leaves them with the object, under
     * the registry's lock, so that the lock is taken once for both (a
     * buffer's address range, in its device's ranges: obj_device.h): `join`
     * as mk_object_init lists the object — it may drop the lock and take it
     * again (to grow a list), and its failure leaves the object unlisted and
     * is mk_object_init's — and `leave` as the object is unlisted (its last
     * internal reference went, or mk_object_abandon). NULL: nothing. Only
     * for objects mk_object_init lists in a registry. */
    HRESULT (*join)(struct mk_object *object);
    void (*leave)(struct mk_object *object);
};

/* The class of objects of `type`, whose struct mk_object member is `obj`,
 * answering `interfaces` (an array); then .name, .kind, .flags, .destroy,
 * .last_release as designated initializers. */
#define MK_OBJECT_CLASS(type, interfaces_, ...) \
    {.base = (int32_t)offsetof(type, obj), .interfaces = (interfaces_), \
        .interface_count = (uint16_t)MK_COUNT(interfaces_), __VA_ARGS__}

struct mk_object
{
    const struct mk_object_class *cls;
    atomic_ulong refcount;
    atomic_ulong internal;
    IUnknown *parent;                /* or NULL */
    struct mk_registry *registry;    /* or NULL */
    struct mk_object *prev, *next;   /* in registry->lists[cls->kind] */
    struct mk_private_data private_data;
};

/* An object's life links and unlinks it: two short critical sections per
 * object, so the lock is a spin lock (a waiter yields: platform.h). A walk
 * holds it while it visits (a report of live objects, a lookup). */
struct mk_registry
{
    mk_spinlock lock;
    IUnknown *owner;                 /* or NULL: children reference their parent themselves */
    _Atomic unsigned long children;  /* the owner's counted children; written under the lock */
    struct mk_object *lists[MK_REGISTRY_KINDS];
};

/* `owner`: whose children the registry counts (above), or NULL. */
void mk_registry_init(struct mk_registry *registry, IUnknown *owner);
void mk_registry_destroy(struct mk_registry *registry);
/* Calls `visit` for every live object of `kind` (every kind, in kind order,
 * when kind is MK_REGISTRY_ALL) with the registry's lock held: `visit` may
 * AddRef what it finds (a lookup), never Release. A non-zero return stops
 * the walk and is returned. */
#define MK_REGISTRY_ALL (~0u)
int mk_registry_walk(struct mk_registry *registry, unsigned kind,
        int (*visit)(struct mk_object *object, void *ctx), void *ctx);

/* The first live object of `kind` that `match` accepts (it returns non-zero,
 * having taken the reference it hands out), or NULL; with the lock held. */
struct mk_object *mk_registry_find(struct mk_registry *registry, unsigned kind,
        int (*match)(struct mk_object *candidate, void *ctx), void *ctx);

/* Lists `object` (made by mk_object_init without a registry) in `registry`,
 * unless a live object of its kind equal to it is there: `match` is asked of
 * each (with the registry's lock held) and returns non-zero when it took a
 * reference on the one it was asked of. That one is returned (the caller
 * abandons `object`: mk_object_abandon), or NULL when `object` was listed. */
struct mk_object *mk_registry_add_unique(struct mk_registry *registry, struct mk_object *object,
        int (*match)(struct mk_object *candidate, void *ctx), void *ctx);

/* The owner of `registry` (its struct mk_object `owner`): its AddRef, its
 * Release and its count as they answer them — its own count (which holds
 * the registry's one reference while it has children) with each child
 * counted. Under concurrent creations the children are those of a moment;
 * a count above 0 is never answered as 0. */
ULONG mk_owner_addref(struct mk_object *owner, const struct mk_registry *registry);
ULONG mk_owner_release(struct mk_object *owner, const struct mk_registry *registry);
ULONG mk_owner_refcount(struct mk_object *owner, const struct mk_registry *registry);

/* Counts of 1; a reference on `parent` (may be NULL) and, with a registry,
 * the object listed in it: S_OK, or the failure of the class's `join`, when
 * nothing is referenced or listed (the caller frees the object). The caller
 * has zeroed the object's memory (or set what it owns) first: a creation
 * that fails later calls mk_object_abandon. */
HRESULT mk_object_init(struct mk_object *object, const struct mk_object_class *cls, IUnknown *parent,
        struct mk_registry *registry);
/* mk_object_init's effects undone and the object's memory freed, without
 * calling the class's destroy (a creation that failed half-way). */
void mk_object_abandon(struct mk_object *object);

/* The first interface of the object's class (what ReportLiveDeviceObjects
 * and the CLI show as its address). */
static inline void *mk_object_iface(struct mk_object *object)
{
    return (char *)object + object->cls->interfaces[0].offset;
}
static inline struct mk_object *mk_object_from_iface(void *iface, const struct mk_object_class *cls)
{
    return (struct mk_object *)((char *)iface - cls->interfaces[0].offset);
}
/* IMPL(iface), the struct `type` behind interface IFACE (its member
 * `member`), and OBJ(iface), its struct mk_object (member `obj`): what an
 * object's methods start from. */
#define MK_OBJECT_HELPERS(type, IFACE, member, IMPL, OBJ) \
    static inline type *IMPL(IFACE *iface) \
    { \
        return (type *)((char *)iface - offsetof(type, member)); \
    } \
    static inline struct mk_object *OBJ(IFACE *iface) \
    { \
        return &IMPL(iface)->obj; \
    }

/* The struct that embeds `object` as its member `base`. */
#define MK_OBJECT_IMPL(type, base, object) ((type *)((char *)(object) - offsetof(type, base)))

/* IUnknown: E_POINTER for no output, E_INVALIDARG for no IID (the output
 * cleared), else the interface (AddRef'd) or E_NOINTERFACE. */
HRESULT mk_object_query(struct mk_object *object, REFIID riid, void **out);
ULONG mk_object_addref(struct mk_object *object);
ULONG mk_object_release(struct mk_object *object);
static inline ULONG mk_object_refcount(struct mk_object *object)
{
    return (ULONG)atomic_load(&object->refcount);
}
/* An AddRef only while the application holds the object (refcount > 0):
 * false, and nothing changes, when it does not. */
bool mk_object_try_addref(struct mk_object *object);
/* An internal reference: the object stays alive, whatever the application does. */
void mk_object_retain(struct mk_object *object);
void mk_object_unretain(struct mk_object *object);

/* A new object's `riid` in *out, and the creation reference dropped (the
 * object dies when the IID is refused): what Create* methods return. */
HRESULT mk_object_hand_out(struct mk_object *object, REFIID riid, void **out);
/* The same from any interface of the new object (its QueryInterface, then
 * its Release). */
HRESULT mk_hand_out(IUnknown *iface, REFIID riid, void **out);

/* IDXGIObject::GetParent: E_INVALIDARG for no output; the parent's
 * QueryInterface, or E_NOINTERFACE (*out NULL) for an object without one. */
HRESULT mk_object_get_parent(struct mk_object *object, REFIID riid, void **out);

/* ID3D12DeviceChild::GetDevice: the parent's QueryInterface. */
HRESULT mk_object_get_device(struct mk_object *object, REFIID riid, void **out);

/* ---- Method sets: OBJ(iface) is the struct mk_object of the object behind
 * `iface`, of type IFACE. ---- */

/* AddRef and Release (an object whose QueryInterface is its own). */
#define MK_REFCOUNT_METHODS(prefix, IFACE, OBJ) \
    static ULONG STDMETHODCALLTYPE prefix##_AddRef(IFACE *iface) \
    { \
        return mk_object_addref(OBJ(iface)); \
    } \
    static ULONG STDMETHODCALLTYPE prefix##_Release(IFACE *iface) \
    { \
        return mk_object_release(OBJ(iface)); \
    }

/* QueryInterface from the class's table (an object whose AddRef and
 * Release are its own: a device, whose count holds its children). */
#define MK_QUERY_METHOD(prefix, IFACE, OBJ) \
    static HRESULT STDMETHODCALLTYPE prefix##_QueryInterface(IFACE *iface, REFIID riid, void **out) \
    { \
        return mk_object_query(OBJ(iface), riid, out); \
    }

#define MK_IUNKNOWN_METHODS(prefix, IFACE, OBJ) \
    MK_QUERY_METHOD(prefix, IFACE, OBJ) \
    MK_REFCOUNT_METHODS(prefix, IFACE, OBJ)

/* IUnknown of an interface that shares another object's identity and count
 * (the debug layer's interfaces of a device): OUTER(iface) is that object's
 * IUnknown. */
#define MK_DELEGATING_METHODS(prefix, IFACE, OUTER) \
    static HRESULT STDMETHODCALLTYPE prefix##_QueryInterface(IFACE *iface, REFIID riid, void **out) \
    { \
        IUnknown *outer = OUTER(iface); \
        return outer->lpVtbl->QueryInterface(outer, riid, out); \
    } \
    static ULONG STDMETHODCALLTYPE prefix##_AddRef(IFACE *iface) \
    { \
        IUnknown *outer = OUTER(iface); \
        return outer->lpVtbl->AddRef(outer); \
    } \
    static ULONG STDMETHODCALLTYPE prefix##_Release(IFACE *iface) \
    { \
        IUnknown *outer = OUTER(iface); \
        return outer->lpVtbl->Release(outer); \
    }

/* GetPrivateData, SetPrivateData and SetPrivateDataInterface, which
 * IDXGIObject and ID3D11DeviceChild have (ID3D12Object adds SetName:
 * MK_PRIVATE_DATA_METHODS, private_data.h). */
#define MK_PRIVATE_DATA_GET_SET_METHODS(prefix, IFACE, OBJ) \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateData(IFACE *iface, REFGUID guid, UINT size, const void *data) \
    { \
        return mk_private_data_set(&OBJ(iface)->private_data, guid, size, data); \
    } \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateDataInterface(IFACE *iface, REFGUID guid, \
            const IUnknown *object) \
    { \
        return mk_private_data_set_interface(&OBJ(iface)->private_data, guid, object); \
    } \
    static HRESULT STDMETHODCALLTYPE prefix##_GetPrivateData(IFACE *iface, REFGUID guid, UINT *size, void *data) \
    { \
        return mk_private_data_get(&OBJ(iface)->private_data, guid, size, data); \
    }

/* IUnknown and IDXGIObject (private data; GetParent: the parent's
 * QueryInterface, E_NOINTERFACE at the root). */
#define MK_DXGI_OBJECT_METHODS(prefix, IFACE, OBJ) \
    static HRESULT STDMETHODCALLTYPE prefix##_GetParent(IFACE *iface, REFIID riid, void **parent) \
    { \
        return mk_object_get_parent(OBJ(iface), riid, parent); \
    } \
    MK_IUNKNOWN_METHODS(prefix, IFACE, OBJ) \
    MK_PRIVATE_DATA_GET_SET_METHODS(prefix, IFACE, OBJ)

/* The vtable entries MK_DXGI_OBJECT_METHODS defines, in declaration order. */
#define MK_DXGI_OBJECT_VTBL(prefix) \
    /* IUnknown methods */ \
    prefix##_QueryInterface, prefix##_AddRef, prefix##_Release, \
    /* IDXGIObject methods */ \
    prefix##_SetPrivateData, prefix##_SetPrivateDataInterface, prefix##_GetPrivateData, prefix##_GetParent

/* IUnknown, ID3D12Object and ID3D12DeviceChild. */
#define MK_D3D12_CHILD_METHODS(prefix, IFACE, OBJ) \
    MK_IUNKNOWN_METHODS(prefix, IFACE, OBJ) \
    MK_PRIVATE_DATA_METHODS(prefix, IFACE, OBJ) \
    static HRESULT STDMETHODCALLTYPE prefix##_GetDevice(IFACE *iface, REFIID riid, void **device) \
    { \
        return mk_object_get_device(OBJ(iface), riid, device); \
    }

/* The vtable entries MK_D3D12_CHILD_METHODS defines, in declaration order. */
#define MK_D3D12_CHILD_VTBL(prefix) \
    /* IUnknown methods */ \
    prefix##_QueryInterface, prefix##_AddRef, prefix##_Release, \
    /* ID3D12Object methods */ \
    prefix##_GetPrivateData, prefix##_SetPrivateData, prefix##_SetPrivateDataInterface, prefix##_SetName, \
    /* ID3D12DeviceChild methods */ \
    prefix##_GetDevice

#endif
