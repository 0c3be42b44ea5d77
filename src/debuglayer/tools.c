/*
 * ID3D12Tools (D3D12GetInterface / ID3D12DeviceFactory::
 * GetConfigurationInterface with CLSID_D3D12Tools): the switch for shader
 * instrumentation that tools such as PIX turn on before creating devices.
 * mockd3d12 runs no shader, so the switch is recorded and reported, as the
 * process-wide state it is on Windows (mockd3d12_reset clears it).
 */
#include <stdatomic.h>

#include "alloc.h"
#include "debuglayer/dbg_private.h"

static atomic_bool shader_instrumentation;

struct dbg_tools
{
    ID3D12Tools ID3D12Tools_iface;
    atomic_ulong refcount;
};

static inline struct dbg_tools *impl_from_ID3D12Tools(ID3D12Tools *iface)
{
    return (struct dbg_tools *)((char *)iface - offsetof(struct dbg_tools, ID3D12Tools_iface));
}

static HRESULT STDMETHODCALLTYPE dbg_tools_QueryInterface(ID3D12Tools *iface, REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;
    if (!memcmp(riid, &IID_IUnknown, sizeof(*riid)) || !memcmp(riid, &IID_ID3D12Tools, sizeof(*riid)))
    {
        iface->lpVtbl->AddRef(iface);
        *out = iface;
        return S_OK;
    }
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE dbg_tools_AddRef(ID3D12Tools *iface)
{
    return (ULONG)atomic_fetch_add(&impl_from_ID3D12Tools(iface)->refcount, 1) + 1;
}

static ULONG STDMETHODCALLTYPE dbg_tools_Release(ID3D12Tools *iface)
{
    struct dbg_tools *tools = impl_from_ID3D12Tools(iface);
    ULONG count = (ULONG)atomic_fetch_sub(&tools->refcount, 1) - 1;

    if (!count)
        mk_free(tools);
    return count;
}

static void STDMETHODCALLTYPE dbg_tools_EnableShaderInstrumentation(ID3D12Tools *iface, BOOL enable)
{
    (void)iface;
    atomic_store(&shader_instrumentation, !!enable);
}

static BOOL STDMETHODCALLTYPE dbg_tools_ShaderInstrumentationEnabled(ID3D12Tools *iface)
{
    (void)iface;
    return atomic_load(&shader_instrumentation);
}

static const ID3D12ToolsVtbl dbg_tools_vtbl =
{
    /* IUnknown methods */
    dbg_tools_QueryInterface,
    dbg_tools_AddRef,
    dbg_tools_Release,
    /* ID3D12Tools methods */
    dbg_tools_EnableShaderInstrumentation,
    dbg_tools_ShaderInstrumentationEnabled,
};

HRESULT dbg_get_tools_interface(REFIID riid, void **out)
{
    struct dbg_tools *tools;
    HRESULT hr;

    if (!out)
        return S_FALSE; /* a probe: the interface exists */
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;
    if (!(tools = mk_calloc(1, sizeof(*tools))))
        return E_OUTOFMEMORY;
    tools->ID3D12Tools_iface.lpVtbl = (ID3D12ToolsVtbl *)&dbg_tools_vtbl;
    atomic_init(&tools->refcount, 1);
    hr = dbg_tools_QueryInterface(&tools->ID3D12Tools_iface, riid, out);
    dbg_tools_Release(&tools->ID3D12Tools_iface);
    return hr;
}

void dbg_tools_reset(void)
{
    atomic_store(&shader_instrumentation, false);
}
