/*
 * ID3D12RootSignature. What Windows does, as vkd3d-proton's
 * tests/d3d12_root_signature.c (test_create_root_signature, run on Windows)
 * records it: the root signature answers ID3D12Object and ID3D12DeviceChild
 * — not ID3D12Pageable — and holds a device reference.
 */
#include <string.h>

#include "alloc.h"
#include "root_signature.h"

static const ID3D12RootSignatureVtbl d3d12_root_signature_vtbl;

MK_OBJECT_HELPERS(struct obj_root_signature, ID3D12RootSignature, ID3D12RootSignature_iface,
        impl_from_ID3D12RootSignature, root_signature_object)

/* ---- The object ---- */

static void root_signature_destroy(struct mk_object *object)
{
    mk_free(atomic_load(&MK_OBJECT_IMPL(struct obj_root_signature, obj, object)->canonical));
}

static const struct mk_interface root_signature_interfaces[] =
{
    MK_INTERFACE_AT(struct obj_root_signature, obj, ID3D12RootSignature_iface, IID_ID3D12RootSignature),
    OBJ_CHILD_INTERFACES(struct obj_root_signature, ID3D12RootSignature_iface),
};

static const struct mk_object_class root_signature_class =
        MK_OBJECT_CLASS(struct obj_root_signature, root_signature_interfaces,
        .name = "ID3D12RootSignature", .kind = OBJ_KIND_ROOT_SIGNATURE, .destroy = root_signature_destroy);

MK_D3D12_CHILD_METHODS(d3d12_root_signature, ID3D12RootSignature, root_signature_object)

static const ID3D12RootSignatureVtbl d3d12_root_signature_vtbl =
{
    MK_D3D12_CHILD_VTBL(d3d12_root_signature),
};

/* Is `candidate` made from the same bytes and mask as `ctx`? Then it is the
 * one to return, with one more application reference — unless the
 * application released it (alive only inside a pipeline): a new one is made. */
static int root_signature_match(struct mk_object *candidate, void *ctx)
{
    const struct obj_root_signature *other = MK_OBJECT_IMPL(struct obj_root_signature, obj, candidate), *wanted = ctx;

    return other->node_mask == wanted->node_mask && other->blob_size == wanted->blob_size
            && !memcmp(other->blob, wanted->blob, wanted->blob_size) && mk_object_try_addref(candidate);
}

size_t obj_root_signature_head(size_t size)
{
    /* A size no allocation can hold makes the parser's allocation fail. */
    return size > SIZE_MAX / 2 ? SIZE_MAX : OBJ_RS_HEAD(sizeof(struct obj_root_signature) + size);
}

void obj_root_signature_discard(struct obj_rs *rs, size_t size)
{
    if (rs)
        mk_free((char *)rs - obj_root_signature_head(size));
}

HRESULT obj_root_signature_create(struct obj_device *owner, struct obj_rs *rs, UINT node_mask,
        const void *blob, size_t size, struct obj_root_signature **out)
{
    /* One allocation (the parser's): the object, the bytes, the description. */
    struct obj_root_signature *root_signature
            = (struct obj_root_signature *)((char *)rs - obj_root_signature_head(size));
    struct mk_object *existing;

    root_signature->blob = root_signature + 1;
    memcpy(root_signature->blob, blob, size);
    root_signature->blob_size = size;
    root_signature->ID3D12RootSignature_iface.lpVtbl = (ID3D12RootSignatureVtbl *)&d3d12_root_signature_vtbl;
    root_signature->rs = rs;
    root_signature->node_mask = node_mask ? node_mask : 1;
    atomic_init(&root_signature->canonical, NULL);
    mk_object_init(&root_signature->obj, &root_signature_class, (IUnknown *)owner->device, NULL);
    if ((existing = mk_registry_add_unique(&owner->registry, &root_signature->obj, root_signature_match,
            root_signature)))
    {
        mk_object_abandon(&root_signature->obj);
        *out = MK_OBJECT_IMPL(struct obj_root_signature, obj, existing);
        return S_OK;
    }
    *out = root_signature;
    return S_OK;
}

const struct obj_rs_canonical *obj_root_signature_canonical(struct obj_root_signature *root_signature)
{
    const size_t head = OBJ_RS_HEAD(sizeof(struct obj_rs_canonical));
    struct obj_rs_canonical *made, *expected = NULL;
    char why[64];
    size_t size;
    void *block;

    if ((made = atomic_load(&root_signature->canonical)))
        return made;
    /* Its description was valid when it was created: only memory can fail. */
    if (FAILED(obj_rs_serialize(&root_signature->rs->desc, head, &block, &size, why, sizeof(why))))
        return NULL;
    made = block;
    made->size = size;
    made->bytes = (char *)block + head;
    /* Two threads may make it at once: the first one's is kept. */
    if (!atomic_compare_exchange_strong(&root_signature->canonical, &expected, made))
    {
        mk_free(made);
        return expected;
    }
    return made;
}

struct obj_root_signature *obj_root_signature_from_iface(ID3D12RootSignature *iface)
{
    if (!iface || iface->lpVtbl != &d3d12_root_signature_vtbl)
        return NULL;
    return impl_from_ID3D12RootSignature(iface);
}

bool obj_root_signature_parameter(const struct obj_root_signature *root_signature, UINT index,
        D3D12_ROOT_PARAMETER_TYPE *type, UINT *constants)
{
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc = &root_signature->rs->desc;

    /* 1.0 has D3D12_ROOT_PARAMETERs; 1.1 and 1.2 (read as 1.1) D3D12_ROOT_PARAMETER1s. */
    if (desc->Version == D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        if (index >= desc->Desc_1_0.NumParameters)
            return false;
        *type = desc->Desc_1_0.pParameters[index].ParameterType;
        *constants = desc->Desc_1_0.pParameters[index].Constants.Num32BitValues;
        return true;
    }
    if (index >= desc->Desc_1_1.NumParameters)
        return false;
    *type = desc->Desc_1_1.pParameters[index].ParameterType;
    *constants = desc->Desc_1_1.pParameters[index].Constants.Num32BitValues;
    return true;
}
