/*
 * Storage for DXCore's interface IDs and attribute GUIDs (IID_IDXCoreAdapter,
 * DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS, ...) so that C clients link with
 * libdxcore alone: libDirectX-Guids has only the first six, not the ones of
 * newer DirectX-Headers. Every DEFINE_GUID of <mockd3d12/dxcore.h> becomes a
 * weak, exported definition here (a client that also links libDirectX-Guids
 * gets its identical strong ones and no clash), as src/dxgi/iids.c does.
 *
 * Windows (dxcore.dll): PE has no weak definitions, so they are selectany and
 * not exported; the real dxcore.dll exports no GUIDs (src/dxcore/dxcore.def).
 */
#include <mockd3d12/d3d12.h>

#include "platform.h"

#if defined(_WIN32)
#define MK_DXCORE_GUID_STORAGE __declspec(selectany)
#else
#define MK_DXCORE_GUID_STORAGE MK_EXPORT __attribute__((weak))
#endif
#undef DEFINE_GUID
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
    MK_DXCORE_GUID_STORAGE const GUID name = {l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}}

#include <mockd3d12/dxcore.h>
