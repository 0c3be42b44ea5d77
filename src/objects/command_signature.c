/*
 * ID3D12CommandSignature. What Windows does, as the public conformance tests
 * record it (vkd3d's tests/d3d12.c and vkd3d-proton's tests/d3d12_device.c,
 * run on Windows: test_create_command_signature, test_object_interface): the
 * signature answers ID3D12Object, ID3D12DeviceChild, ID3D12Pageable and
 * holds a device reference. It has no method of its own.
 */
#include <string.h>

#include "alloc.h"
#include "command_signature.h"

static const ID3D12CommandSignatureVtbl d3d12_command_signature_vtbl;

MK_OBJECT_HELPERS(struct obj_command_signature, ID3D12CommandSignature, ID3D12CommandSignature_iface,
        impl_from_ID3D12CommandSignature, command_signature_object)

/* ---- The object ---- */

static void command_signature_destroy(struct mk_object *object)
{
    mk_free(MK_OBJECT_IMPL(struct obj_command_signature, obj, object)->arguments);
}

static const struct mk_interface command_signature_interfaces[] =
{
    MK_INTERFACE_AT(struct obj_command_signature, obj, ID3D12CommandSignature_iface, IID_ID3D12CommandSignature),
    OBJ_PAGEABLE_INTERFACES(struct obj_command_signature, ID3D12CommandSignature_iface),
};

static const struct mk_object_class command_signature_class =
        MK_OBJECT_CLASS(struct obj_command_signature, command_signature_interfaces,
        .name = "ID3D12CommandSignature", .kind = OBJ_KIND_COMMAND_SIGNATURE, .destroy = command_signature_destroy);

MK_D3D12_CHILD_METHODS(d3d12_command_signature, ID3D12CommandSignature, command_signature_object)

static const ID3D12CommandSignatureVtbl d3d12_command_signature_vtbl =
{
    MK_D3D12_CHILD_VTBL(d3d12_command_signature),
    /* ID3D12Pageable and ID3D12CommandSignature have no methods. */
};

HRESULT obj_command_signature_create(struct obj_device *owner,
        const D3D12_COMMAND_SIGNATURE_DESC *desc, struct obj_command_signature **out)
{
    struct obj_command_signature *signature;
    D3D12_INDIRECT_ARGUMENT_DESC *arguments;

    *out = NULL;
    if (!(signature = mk_calloc(1, sizeof(*signature))))
        return E_OUTOFMEMORY;
    if (!(arguments = mk_calloc(desc->NumArgumentDescs, sizeof(*arguments))))
    {
        mk_free(signature);
        return E_OUTOFMEMORY;
    }
    memcpy(arguments, desc->pArgumentDescs, desc->NumArgumentDescs * sizeof(*arguments));
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    signature->ID3D12CommandSignature_iface.lpVtbl = (ID3D12CommandSignatureVtbl *)&d3d12_command_signature_vtbl;
    signature->desc = *desc;
    signature->arguments = arguments;
    signature->desc.pArgumentDescs = arguments;
    signature->desc.NodeMask = desc->NodeMask ? desc->NodeMask : 1;
    mk_object_init(&signature->obj, &command_signature_class, (IUnknown *)owner->device, &owner->registry);

    *out = signature;
    return S_OK;
}
