/*
 * Storage for the DXGI interface IDs (IID_IDXGIFactory4, DXGI_DEBUG_ALL, ...)
 * so that C clients link with the mock DXGI library alone: DirectX-Headers'
 * libDirectX-Guids has none of them. Every DEFINE_GUID of mingw-w64's DXGI
 * headers becomes a weak, exported definition here, so a client that also
 * links a dxguid library gets its (identical) strong ones and no clash. The
 * values come from the headers, never retyped.
 *
 * Windows (dxgi.dll): PE has no weak definitions, so they are selectany
 * (COMDAT) and not exported: the real dxgi.dll exports no IIDs, a Windows
 * client takes them from the SDK's dxguid library or <initguid.h>, and GNU ld
 * would give unlisted exports the real runtime's private ordinals
 * (src/dxgi/dxgi.def).
 */
#include <mockd3d12/d3d12.h>

#include "platform.h"

/* Everything included so far (IUnknown, D3D12) keeps plain declarations. */
#if defined(_WIN32)
#define MK_DXGI_IID_STORAGE __declspec(selectany)
#else
#define MK_DXGI_IID_STORAGE MK_EXPORT __attribute__((weak))
#endif
#undef DEFINE_GUID
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
    MK_DXGI_IID_STORAGE const GUID name = {l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}}

#include <mockd3d12/dxgi.h>
