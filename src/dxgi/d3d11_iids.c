/*
 * The D3D11 interface IDs libdxgi uses for swap chains on D3D11 devices
 * (IID_ID3D11Device, IID_ID3D11Texture2D: src/dxgi/swapchain.c). libdxgi does
 * not link libd3d11 (which links it), so it keeps copies of its own: every
 * DEFINE_GUID of mingw-w64's D3D11 headers becomes a hidden weak definition
 * here (selectany on Windows), never exported, so libd3d11's exported ones
 * and a client's dxguid stay the only public definitions. The values come
 * from the headers, never retyped.
 */
#include <mockd3d12/dxgi.h>

#include "platform.h"

/* Everything included so far (IUnknown, D3D12, DXGI) keeps plain declarations. */
#if defined(_WIN32)
#define MK_DXGI_D3D11_IID_STORAGE __declspec(selectany)
#else
#define MK_DXGI_D3D11_IID_STORAGE __attribute__((weak, visibility("hidden")))
#endif
#undef DEFINE_GUID
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
    MK_DXGI_D3D11_IID_STORAGE const GUID name = {l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}}

#include <mockd3d12/d3d11.h>
