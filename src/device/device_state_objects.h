/*
 * The device's state objects (src/device/device_state_objects.c):
 * ID3D12Device5::CreateStateObject and ID3D12Device7::AddToStateObject, a
 * D3D12_STATE_OBJECT_DESC (raytracing pipelines and collections: the types
 * the installed headers declare) checked against the adapter, never
 * compiled; the owner of their objects (src/objects/state_object.h).
 */
#ifndef MOCKD3D12_DEVICE_STATE_OBJECTS_H
#define MOCKD3D12_DEVICE_STATE_OBJECTS_H

#include <mockd3d12/mockd3d12.h>

#include "debuglayer/debuglayer.h"

struct mk_device;

/* The vtable's entries (src/device/device.c). */
HRESULT STDMETHODCALLTYPE d3d12_device_CreateStateObject(ID3D12Device17 *iface, const D3D12_STATE_OBJECT_DESC *desc,
        REFIID riid, void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_AddToStateObject(ID3D12Device17 *iface, const D3D12_STATE_OBJECT_DESC *addition,
        ID3D12StateObject *parent, REFIID riid, void **out);

#endif
