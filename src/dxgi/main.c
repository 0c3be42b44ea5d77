/*
 * The entry points of libdxgi.so / dxgi.dll.
 */
#include "dxgi_private.h"

MK_EXPORT HRESULT WINAPI CreateDXGIFactory2(UINT flags, REFIID riid, void **factory)
{
    if (flags & ~(UINT)DXGI_CREATE_FACTORY_DEBUG)
    {
        if (factory)
            *factory = NULL;
        return E_INVALIDARG;
    }
    return dxgi_factory_create(1, flags, riid, factory);
}

MK_EXPORT HRESULT WINAPI CreateDXGIFactory1(REFIID riid, void **factory)
{
    return dxgi_factory_create(1, 0, riid, factory);
}

/* A DXGI 1.0 factory: IDXGIFactory only, so asking it for IDXGIFactory1 (or
 * later) fails with E_NOINTERFACE and a NULL pointer (Wine's
 * test_create_factory, recorded on Windows). */
MK_EXPORT HRESULT WINAPI CreateDXGIFactory(REFIID riid, void **factory)
{
    return dxgi_factory_create(0, 0, riid, factory);
}

/* The DXGI debug interfaces come with the Graphics Tools optional feature,
 * which the simulated machine has, as it has the D3D12 debug layer:
 * IDXGIInfoQueue is answered (src/dxgi/debug.c); IDXGIDebug and IDXGIDebug1
 * (live-object reports of DXGI objects) are not modelled: E_NOINTERFACE. */
MK_EXPORT HRESULT WINAPI DXGIGetDebugInterface1(UINT flags, REFIID riid, void **debug)
{
    if (!debug)
        return E_INVALIDARG;
    *debug = NULL;
    if (flags || !riid)
        return E_INVALIDARG;
    return dxgi_debug_interface(riid, debug);
}
