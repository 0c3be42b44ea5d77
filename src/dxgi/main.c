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
    return dxgi_factory_create(flags, riid, factory);
}

MK_EXPORT HRESULT WINAPI CreateDXGIFactory1(REFIID riid, void **factory)
{
    return dxgi_factory_create(0, riid, factory);
}

/* Every factory here implements IDXGIFactory1 and later; on Windows,
 * CreateDXGIFactory too hands out such a factory when asked for one. */
MK_EXPORT HRESULT WINAPI CreateDXGIFactory(REFIID riid, void **factory)
{
    return dxgi_factory_create(0, riid, factory);
}

/* The DXGI debug interfaces (IDXGIDebug, IDXGIInfoQueue) come with the Graphics
 * Tools optional feature; the mock behaves like a machine without it. */
MK_EXPORT HRESULT WINAPI DXGIGetDebugInterface1(UINT flags, REFIID riid, void **debug)
{
    (void)riid;
    if (!debug)
        return E_INVALIDARG;
    *debug = NULL;
    if (flags)
        return E_INVALIDARG;
    return E_NOINTERFACE;
}
