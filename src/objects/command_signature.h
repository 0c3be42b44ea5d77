/*
 * ID3D12CommandSignature: the stride and a copy of the argument list (what
 * ExecuteIndirect will read, once command lists exist), nothing else.
 *
 * The description is the device's to validate against the adapter
 * (src/device/device_queries.c), and so are the refusals' debug messages.
 */
#ifndef MOCKD3D12_COMMAND_SIGNATURE_H
#define MOCKD3D12_COMMAND_SIGNATURE_H

#include <stdatomic.h>

#include <mockd3d12/d3d12.h>

#include "platform.h"
#include "obj_device.h"

struct obj_command_signature;

struct obj_command_signature
{
    ID3D12CommandSignature ID3D12CommandSignature_iface;
    struct mk_object obj;
    /* The description given, NodeMask normalised (0 -> 1); pArgumentDescs
     * points at the signature's own copy of the arguments. */
    D3D12_COMMAND_SIGNATURE_DESC desc;
    D3D12_INDIRECT_ARGUMENT_DESC *arguments; /* that copy, NumArgumentDescs of them */
};

/* A signature (refcount 1) holding a reference on owner->device, with a copy
 * of desc->pArgumentDescs. `desc` is the caller's to validate (at least one
 * argument). E_OUTOFMEMORY when the signature or its copy cannot be had. */
HRESULT obj_command_signature_create(struct obj_device *owner,
        const D3D12_COMMAND_SIGNATURE_DESC *desc, struct obj_command_signature **out);

static inline ID3D12CommandSignature *obj_command_signature_iface(struct obj_command_signature *signature)
{
    return &signature->ID3D12CommandSignature_iface;
}

#endif
