/*
 * Storage for the D3D11 interface IDs (IID_ID3D11Device5, IID_ID3D11On12Device,
 * ...) so that C clients link with the mock D3D11 library alone, as libdxgi
 * does for the DXGI ones: every DEFINE_GUID of mingw-w64's D3D11 headers
 * becomes a weak definition here (exported for IID_ID3D11*, see exports.map),
 * so a client that also links a dxguid library gets no clash. The values come
 * from the headers, never retyped.
 *
 * Windows (d3d11.dll): selectany (PE has no weak definitions) and not
 * exported, as the real d3d11.dll exports no IIDs (src/d3d11/d3d11.def).
 */
#include <mockd3d12/dxgi.h>

#include "platform.h"

/* Everything included so far (IUnknown, D3D12, DXGI) keeps plain declarations. */
#if defined(_WIN32)
#define MK_D3D11_IID_STORAGE __declspec(selectany)
#else
#define MK_D3D11_IID_STORAGE MK_EXPORT __attribute__((weak))
#endif
#undef DEFINE_GUID
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
    MK_D3D11_IID_STORAGE const GUID name = {l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}}

#include <mockd3d12/d3d11.h>
