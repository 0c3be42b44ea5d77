/*
 * The device's application shader caches (src/device/device_shader_cache.c):
 * ID3D12Device9::CreateShaderCacheSession and ShaderCacheControl, and the
 * owner of their sessions (src/objects/shader_cache_session.h).
 */
#ifndef MOCKD3D12_DEVICE_SHADER_CACHE_H
#define MOCKD3D12_DEVICE_SHADER_CACHE_H

#include <mockd3d12/mockd3d12.h>

#include "debuglayer/debuglayer.h"

struct mk_device;

/* The vtable's entries (src/device/device.c). */
HRESULT STDMETHODCALLTYPE d3d12_device_CreateShaderCacheSession(ID3D12Device17 *iface,
        const D3D12_SHADER_CACHE_SESSION_DESC *desc, REFIID riid, void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_ShaderCacheControl(ID3D12Device17 *iface, D3D12_SHADER_CACHE_KIND_FLAGS kinds,
        D3D12_SHADER_CACHE_CONTROL_FLAGS control);

#endif
