/*
 * ID3D12StateObject and ID3D12StateObjectProperties (state_object.h). What
 * Windows does, from the D3D12 raytracing specification (DirectX-Specs
 * d3d/Raytracing.md: GetShaderIdentifier, GetShaderStackSize,
 * GetPipelineStackSize, SetPipelineStackSize) and vkd3d-proton's
 * tests/d3d12_raytracing.c run on Windows (one ID3D12StateObjectProperties
 * per state object, the same pointer on every QueryInterface; identifiers
 * shared with the parent and the included collections).
 */
#include <string.h>
#include <wchar.h>

#include "alloc.h"
#include "state_object.h"

static const ID3D12StateObjectVtbl d3d12_state_object_vtbl;
static const ID3D12StateObjectPropertiesVtbl d3d12_state_object_properties_vtbl;

static inline struct obj_state_object *impl_from_ID3D12StateObject(ID3D12StateObject *iface)
{
    return (struct obj_state_object *)((char *)iface - offsetof(struct obj_state_object, ID3D12StateObject_iface));
}

static inline struct obj_state_object *impl_from_ID3D12StateObjectProperties(ID3D12StateObjectProperties *iface)
{
    return (struct obj_state_object *)((char *)iface
            - offsetof(struct obj_state_object, ID3D12StateObjectProperties_iface));
}

/* ---- The owner ---- */

void obj_state_object_owner_init(struct obj_state_object_owner *owner, ID3D12Device *device)
{
    owner->device = device;
    mk_mutex_init(&owner->lock);
    owner->objects = NULL;
    atomic_init(&owner->serial, 1u);
}

void obj_state_object_owner_destroy(struct obj_state_object_owner *owner)
{
    mk_mutex_destroy(&owner->lock);
}

/* ---- IUnknown ---- */

static HRESULT STDMETHODCALLTYPE d3d12_state_object_QueryInterface(ID3D12StateObject *iface, REFIID riid, void **out)
{
    static const IID *const interfaces[] =
    {
        &IID_IUnknown, &IID_ID3D12Object, &IID_ID3D12DeviceChild, &IID_ID3D12Pageable, &IID_ID3D12StateObject,
    };
    static const IID *const properties[] = {&IID_ID3D12StateObjectProperties};
    struct obj_state_object *object = impl_from_ID3D12StateObject(iface);
    HRESULT hr = mk_object_query(riid, out, interfaces, sizeof(interfaces) / sizeof(interfaces[0]));

    if (hr == S_OK)
    {
        iface->lpVtbl->AddRef(iface);
        *out = iface;
    }
    else if (hr == E_NOINTERFACE && mk_object_query(riid, out, properties, 1) == S_OK)
    {
        iface->lpVtbl->AddRef(iface);
        *out = &object->ID3D12StateObjectProperties_iface;
        hr = S_OK;
    }
    return hr;
}

static ULONG STDMETHODCALLTYPE d3d12_state_object_AddRef(ID3D12StateObject *iface)
{
    return (ULONG)atomic_fetch_add(&impl_from_ID3D12StateObject(iface)->refcount, 1) + 1;
}

static void state_object_destroy(struct obj_state_object *object)
{
    struct obj_state_object_owner *owner = object->owner;
    ID3D12Device *device = owner->device;
    struct obj_state_object **link;
    size_t i;

    mk_mutex_lock(&owner->lock);
    for (link = &owner->objects; *link != object; link = &(*link)->next)
        ;
    *link = object->next;
    mk_mutex_unlock(&owner->lock);

    for (i = 0; i < object->held_count; ++i)
        object->held[i]->lpVtbl->Release(object->held[i]);
    for (i = 0; i < object->own_count; ++i)
        mk_free(object->own[i].name);
    mk_free(object->own);
    mk_free((void *)object->exports);
    mk_free(object->held);
    mk_private_data_destroy(&object->private_data);
    mk_free(object);
    device->lpVtbl->Release(device);
}

static ULONG STDMETHODCALLTYPE d3d12_state_object_Release(ID3D12StateObject *iface)
{
    struct obj_state_object *object = impl_from_ID3D12StateObject(iface);
    ULONG refcount = (ULONG)atomic_fetch_sub(&object->refcount, 1) - 1;

    if (!refcount)
        state_object_destroy(object);
    return refcount;
}

/* ---- ID3D12Object, ID3D12DeviceChild ---- */

static HRESULT STDMETHODCALLTYPE d3d12_state_object_GetPrivateData(ID3D12StateObject *iface, REFGUID guid, UINT *size,
        void *data)
{
    return mk_private_data_get(&impl_from_ID3D12StateObject(iface)->private_data, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE d3d12_state_object_SetPrivateData(ID3D12StateObject *iface, REFGUID guid, UINT size,
        const void *data)
{
    return mk_private_data_set(&impl_from_ID3D12StateObject(iface)->private_data, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE d3d12_state_object_SetPrivateDataInterface(ID3D12StateObject *iface, REFGUID guid,
        const IUnknown *data)
{
    return mk_private_data_set_interface(&impl_from_ID3D12StateObject(iface)->private_data, guid, data);
}

static HRESULT STDMETHODCALLTYPE d3d12_state_object_SetName(ID3D12StateObject *iface, const WCHAR *name)
{
    return mk_private_data_set_name(&impl_from_ID3D12StateObject(iface)->private_data, name);
}

static HRESULT STDMETHODCALLTYPE d3d12_state_object_GetDevice(ID3D12StateObject *iface, REFIID riid, void **device)
{
    ID3D12Device *d = impl_from_ID3D12StateObject(iface)->owner->device;

    return d->lpVtbl->QueryInterface(d, riid, device);
}

static const ID3D12StateObjectVtbl d3d12_state_object_vtbl =
{
    /* IUnknown methods */
    d3d12_state_object_QueryInterface,
    d3d12_state_object_AddRef,
    d3d12_state_object_Release,
    /* ID3D12Object methods */
    d3d12_state_object_GetPrivateData,
    d3d12_state_object_SetPrivateData,
    d3d12_state_object_SetPrivateDataInterface,
    d3d12_state_object_SetName,
    /* ID3D12DeviceChild methods */
    d3d12_state_object_GetDevice,
    /* ID3D12Pageable and ID3D12StateObject have no methods. */
};

/* ---- ID3D12StateObjectProperties ---- */

static HRESULT STDMETHODCALLTYPE d3d12_state_object_properties_QueryInterface(ID3D12StateObjectProperties *iface,
        REFIID riid, void **out)
{
    ID3D12StateObject *object = &impl_from_ID3D12StateObjectProperties(iface)->ID3D12StateObject_iface;

    return object->lpVtbl->QueryInterface(object, riid, out);
}

static ULONG STDMETHODCALLTYPE d3d12_state_object_properties_AddRef(ID3D12StateObjectProperties *iface)
{
    return d3d12_state_object_AddRef(&impl_from_ID3D12StateObjectProperties(iface)->ID3D12StateObject_iface);
}

static ULONG STDMETHODCALLTYPE d3d12_state_object_properties_Release(ID3D12StateObjectProperties *iface)
{
    return d3d12_state_object_Release(&impl_from_ID3D12StateObjectProperties(iface)->ID3D12StateObject_iface);
}

const struct obj_state_export *obj_state_object_find(const struct obj_state_object *object, const WCHAR *name)
{
    size_t i;

    if (!name)
        return NULL;
    for (i = 0; i < object->export_count; ++i)
        if (!wcscmp(object->exports[i]->name, name))
            return object->exports[i];
    return NULL;
}

/* The specification: only ray generation, miss and callable shaders and hit
 * groups have identifiers; the mock cannot tell a library function from a
 * shader (it reads no bitcode), so every export has one. */
static void *STDMETHODCALLTYPE d3d12_state_object_properties_GetShaderIdentifier(ID3D12StateObjectProperties *iface,
        const WCHAR *name)
{
    const struct obj_state_export *e = obj_state_object_find(impl_from_ID3D12StateObjectProperties(iface), name);

    return e ? (void *)e->identifier : NULL;
}

/* "group::intersection", "group::anyhit", "group::closesthit" (case
 * sensitive), or a shader's own name; every known shader needs no stack on
 * a null device (0), anything else is 0xffffffff. */
static UINT64 STDMETHODCALLTYPE d3d12_state_object_properties_GetShaderStackSize(ID3D12StateObjectProperties *iface,
        const WCHAR *name)
{
    static const struct { const WCHAR *suffix; uint32_t part; } parts[] =
    {
        {L"intersection", OBJ_HIT_INTERSECTION}, {L"anyhit", OBJ_HIT_ANY}, {L"closesthit", OBJ_HIT_CLOSEST},
    };
    struct obj_state_object *object = impl_from_ID3D12StateObjectProperties(iface);
    const struct obj_state_export *e;
    const WCHAR *colon;
    size_t i, j, length;

    if (!name)
        return OBJ_STACK_SIZE_INVALID;
    if ((e = obj_state_object_find(object, name)))
        return e->kind == OBJ_EXPORT_HIT_GROUP ? OBJ_STACK_SIZE_INVALID : 0;
    if (!(colon = wcsstr(name, L"::")))
        return OBJ_STACK_SIZE_INVALID;
    length = (size_t)(colon - name);
    for (i = 0; i < object->export_count; ++i)
    {
        e = object->exports[i];
        if (e->kind != OBJ_EXPORT_HIT_GROUP || wcslen(e->name) != length || wcsncmp(e->name, name, length))
            continue;
        for (j = 0; j < sizeof(parts) / sizeof(parts[0]); ++j)
            if (!wcscmp(colon + 2, parts[j].suffix))
                return e->hit_parts & parts[j].part ? 0 : OBJ_STACK_SIZE_INVALID;
        return OBJ_STACK_SIZE_INVALID;
    }
    return OBJ_STACK_SIZE_INVALID;
}

static UINT64 STDMETHODCALLTYPE d3d12_state_object_properties_GetPipelineStackSize(ID3D12StateObjectProperties *iface)
{
    return (UINT64)atomic_load(&impl_from_ID3D12StateObjectProperties(iface)->stack_size);
}

/* Dropped on a collection, and for a size of 0xffffffff or more (the
 * specification: likely a sum of invalid GetShaderStackSize answers). */
static void STDMETHODCALLTYPE d3d12_state_object_properties_SetPipelineStackSize(ID3D12StateObjectProperties *iface,
        UINT64 size)
{
    struct obj_state_object *object = impl_from_ID3D12StateObjectProperties(iface);

    if (object->config.type != D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE || size >= OBJ_STACK_SIZE_INVALID)
        return;
    atomic_store(&object->stack_size, size);
}

static const ID3D12StateObjectPropertiesVtbl d3d12_state_object_properties_vtbl =
{
    /* IUnknown methods */
    d3d12_state_object_properties_QueryInterface,
    d3d12_state_object_properties_AddRef,
    d3d12_state_object_properties_Release,
    /* ID3D12StateObjectProperties methods */
    d3d12_state_object_properties_GetShaderIdentifier,
    d3d12_state_object_properties_GetShaderStackSize,
    d3d12_state_object_properties_GetPipelineStackSize,
    d3d12_state_object_properties_SetPipelineStackSize,
};

/* ---- Creation ---- */

static uint64_t name_hash(const WCHAR *name, uint64_t seed)
{
    uint64_t h = 0xcbf29ce484222325ull ^ seed;

    for (; *name; ++name)
        h = (h ^ (uint32_t)*name) * 0x100000001b3ull;
    return h;
}

static void put_u64(uint8_t *p, uint64_t v)
{
    unsigned i;

    for (i = 0; i < 8; ++i)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* 32 bytes: the device-wide serial number (unique), then hashes of the name. */
static void make_identifier(uint8_t out[OBJ_SHADER_IDENTIFIER_SIZE], uint64_t serial, const WCHAR *name)
{
    put_u64(out, serial);
    put_u64(out + 8, name_hash(name, 0));
    put_u64(out + 16, name_hash(name, serial));
    put_u64(out + 24, 0x4449524f4b434f4dull ^ serial); /* "MOCKROID" */
}

static WCHAR *copy_name(const WCHAR *name)
{
    size_t size = (wcslen(name) + 1) * sizeof(WCHAR);
    WCHAR *copy = mk_alloc(size);

    if (copy)
        memcpy(copy, name, size);
    return copy;
}

HRESULT obj_state_object_create(struct obj_state_object_owner *owner, const struct obj_state_object_config *config,
        const struct obj_state_export_spec *own, size_t own_count, const struct obj_state_export *const *inherited,
        size_t inherited_count, ID3D12StateObject *const *held, size_t held_count, uint64_t stack_size,
        struct obj_state_object **out)
{
    struct obj_state_object *object;
    size_t i;

    *out = NULL;
    if (!(object = mk_calloc(1, sizeof(*object))))
        return E_OUTOFMEMORY;
    if ((own_count && !(object->own = mk_calloc(own_count, sizeof(*object->own))))
            || (own_count + inherited_count
            && !(object->exports = mk_calloc(own_count + inherited_count, sizeof(*object->exports))))
            || (held_count && !(object->held = mk_calloc(held_count, sizeof(*object->held)))))
        goto fail;
    for (i = 0; i < own_count; ++i)
    {
        if (!(object->own[i].name = copy_name(own[i].name)))
            goto fail;
        ++object->own_count;
        object->own[i].kind = own[i].kind;
        object->own[i].hit_parts = own[i].hit_parts;
        make_identifier(object->own[i].identifier, atomic_fetch_add(&owner->serial, 1), own[i].name);
        object->exports[i] = &object->own[i];
    }
    for (i = 0; i < inherited_count; ++i)
        object->exports[own_count + i] = inherited[i];
    object->export_count = own_count + inherited_count;
    for (i = 0; i < held_count; ++i)
    {
        object->held[i] = held[i];
        held[i]->lpVtbl->AddRef(held[i]);
    }
    object->held_count = held_count;

    /* CONST_VTBL is empty in the WSL stubs: the pointers are not const-qualified. */
    object->ID3D12StateObject_iface.lpVtbl = (ID3D12StateObjectVtbl *)&d3d12_state_object_vtbl;
    object->ID3D12StateObjectProperties_iface.lpVtbl
            = (ID3D12StateObjectPropertiesVtbl *)&d3d12_state_object_properties_vtbl;
    atomic_init(&object->refcount, 1);
    atomic_init(&object->stack_size, stack_size);
    object->owner = owner;
    object->config = *config;
    mk_private_data_init(&object->private_data);

    mk_mutex_lock(&owner->lock);
    object->next = owner->objects;
    owner->objects = object;
    mk_mutex_unlock(&owner->lock);
    owner->device->lpVtbl->AddRef(owner->device);
    *out = object;
    return S_OK;

fail:
    for (i = 0; i < object->own_count; ++i)
        mk_free(object->own[i].name);
    mk_free(object->own);
    mk_free((void *)object->exports);
    mk_free(object->held);
    mk_free(object);
    return E_OUTOFMEMORY;
}

struct obj_state_object *obj_state_object_from_iface(ID3D12StateObject *iface)
{
    if (!iface || iface->lpVtbl != (ID3D12StateObjectVtbl *)&d3d12_state_object_vtbl)
        return NULL;
    return impl_from_ID3D12StateObject(iface);
}
