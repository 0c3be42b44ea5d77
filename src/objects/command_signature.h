/*
 * ID3D12CommandSignature: the stride and a copy of the argument list (what
 * ExecuteIndirect will read, once command lists exist), nothing else.
 *
 * Built as the heaps are: the objects room cannot see the device
 * (tests/rooms.cmake), so a signature knows its device only through a struct
 * obj_command_signature_owner the device embeds — the device's COM pointer
 * (GetDevice, the reference every signature holds) and the list of its live
 * signatures (ReportLiveDeviceObjects). The description is the device's to
 * validate against the adapter (src/device/device_queries.c), and so are the
 * refusals' debug messages.
 */
#ifndef MOCKD3D12_COMMAND_SIGNATURE_H
#define MOCKD3D12_COMMAND_SIGNATURE_H

#include <stdatomic.h>

#include <mockd3d12/d3d12.h>

#include "platform.h"
#include "private_data.h"

struct obj_command_signature;

/* What a device gives its command signatures. Lives in the device, which
 * outlives them (each signature holds a reference on `device`). */
struct obj_command_signature_owner
{
    ID3D12Device *device;
    mk_mutex lock;                             /* guards `signatures` */
    struct obj_command_signature *signatures;  /* live signatures */
};

void obj_command_signature_owner_init(struct obj_command_signature_owner *owner, ID3D12Device *device);
void obj_command_signature_owner_destroy(struct obj_command_signature_owner *owner);

struct obj_command_signature
{
    ID3D12CommandSignature ID3D12CommandSignature_iface;
    atomic_ulong refcount;

    struct obj_command_signature_owner *owner;
    /* The description given, NodeMask normalised (0 -> 1); pArgumentDescs
     * points at the signature's own copy of the arguments. */
    D3D12_COMMAND_SIGNATURE_DESC desc;
    D3D12_INDIRECT_ARGUMENT_DESC *arguments; /* that copy, NumArgumentDescs of them */
    struct mk_private_data private_data;

    struct obj_command_signature *next; /* in owner->signatures, under owner->lock */
};

/* A signature (refcount 1) holding a reference on owner->device, with a copy
 * of desc->pArgumentDescs. `desc` is the caller's to validate (at least one
 * argument). E_OUTOFMEMORY when the signature or its copy cannot be had. */
HRESULT obj_command_signature_create(struct obj_command_signature_owner *owner,
        const D3D12_COMMAND_SIGNATURE_DESC *desc, struct obj_command_signature **out);

static inline ID3D12CommandSignature *obj_command_signature_iface(struct obj_command_signature *signature)
{
    return &signature->ID3D12CommandSignature_iface;
}

static inline ULONG obj_command_signature_refcount(struct obj_command_signature *signature)
{
    return (ULONG)atomic_load(&signature->refcount);
}

#endif
