/*
 * ID3D12Device::CreateRootSignature (src/device/device_root_signature.c): a
 * serialized root signature, or shader bytecode with an RTS0 part, checked
 * against the adapter and the runtime.
 */
#ifndef MOCKD3D12_DEVICE_ROOT_SIGNATURE_H
#define MOCKD3D12_DEVICE_ROOT_SIGNATURE_H

#include "device.h"

HRESULT STDMETHODCALLTYPE d3d12_device_CreateRootSignature(ID3D12Device17 *iface, UINT node_mask, const void *data,
        SIZE_T size, REFIID riid, void **out);
/* ID3D12Device14::CreateRootSignatureFromSubobjectInLibrary. */
HRESULT STDMETHODCALLTYPE d3d12_device_CreateRootSignatureFromSubobjectInLibrary(ID3D12Device17 *iface,
        UINT node_mask, const void *data, SIZE_T size, LPCWSTR name, REFIID riid, void **out);

#endif
