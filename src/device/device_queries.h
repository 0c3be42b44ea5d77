/*
 * The device's query heaps and command signatures (src/device/device_queries.c):
 * the methods that create them, checked against the adapter, and what the
 * device does with their owners (src/objects/query_heap.h,
 * src/objects/command_signature.h).
 */
#ifndef MOCKD3D12_DEVICE_QUERIES_H
#define MOCKD3D12_DEVICE_QUERIES_H

#include <mockd3d12/mockd3d12.h>

#include "debuglayer/debuglayer.h"

struct mk_device;

/* The vtable's entries (src/device/device.c). */
HRESULT STDMETHODCALLTYPE d3d12_device_CreateQueryHeap(ID3D12Device17 *iface, const D3D12_QUERY_HEAP_DESC *desc,
        REFIID riid, void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommandSignature(ID3D12Device17 *iface,
        const D3D12_COMMAND_SIGNATURE_DESC *desc, ID3D12RootSignature *root_signature, REFIID riid, void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_ResolveQueryData(ID3D12Device17 *iface, ID3D12QueryHeap *heap,
        D3D12_QUERY_TYPE type, UINT start, UINT count, void *out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreateQueryHeap1(ID3D12Device17 *iface, const D3D12_QUERY_HEAP_DESC *desc,
        D3D12_QUERY_HEAP_FLAGS flags, REFIID riid, void **out);

#endif
