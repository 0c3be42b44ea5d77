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
    struct mk_object obj;
};

static inline struct mk_object *tools_object(ID3D12Tools *iface)
{
    return &MK_OBJECT_IMPL(struct dbg_tools, ID3D12Tools_iface, iface)->obj;
}

static const struct mk_interface tools_interfaces[] =
{
    MK_INTERFACE_AT(struct dbg_tools, obj, ID3D12Tools_iface, IID_IUnknown),
    MK_INTERFACE_AT(struct dbg_tools, obj, ID3D12Tools_iface, IID_ID3D12Tools),
};

static const struct mk_object_class tools_class = MK_OBJECT_CLASS(struct dbg_tools, tools_interfaces,
        .name = "ID3D12Tools");

MK_IUNKNOWN_METHODS(dbg_tools, ID3D12Tools, tools_object)

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

    if (!out)
        return S_FALSE; /* a probe: the interface exists */
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;
    if (!(tools = mk_calloc(1, sizeof(*tools))))
        return E_OUTOFMEMORY;
    tools->ID3D12Tools_iface.lpVtbl = (ID3D12ToolsVtbl *)&dbg_tools_vtbl;
    mk_object_init(&tools->obj, &tools_class, NULL, NULL);
    return mk_object_hand_out(&tools->obj, riid, out);
}

void dbg_tools_reset(void)
{
    atomic_store(&shader_instrumentation, false);
}
