/*
 * The entry point of libdxcore.so / dxcore.dll.
 */
#include "dxcore_private.h"

MK_EXPORT HRESULT STDAPICALLTYPE DXCoreCreateAdapterFactory(REFIID riid, void **factory)
{
    if (!factory)
        return E_POINTER;
    *factory = NULL;
    if (!riid)
        return E_INVALIDARG;
    return dxcore_factory_create(riid, factory);
}
