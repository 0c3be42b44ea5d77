/*
 * ID3D12Device9::CreateShaderCacheSession and ShaderCacheControl: the
 * description checked, the session made in src/objects/ (docs/objects.md,
 * "Shader cache sessions").
 *
 * What Windows does, as vkd3d's conformance test records it (tests/d3d12.c
 * test_shader_cache, run on Windows): a NULL description, a zero Identifier,
 * a Mode or Flags no enum names and MaximumValueFileSizeBytes above 1 GiB are
 * E_INVALIDARG whatever the IID and output, which stay untouched; a valid
 * description with no output is a probe (S_FALSE), even when the cache is
 * open with another Version; that conflict is DXGI_ERROR_ALREADY_EXISTS with
 * the output cleared. A NULL IID with an output crashes on Windows; here it
 * is E_INVALIDARG, the output untouched. ShaderCacheControl follows the
 * documentation: at least one control flag, never DISABLE with ENABLE.
 */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "caps/caps.h"
#include "device.h"
#include "device_shader_cache.h"
#include "shader_cache_session.h"

static inline struct mk_device *impl_from_ID3D12Device17(ID3D12Device17 *iface)
{
    return (struct mk_device *)((char *)iface - offsetof(struct mk_device, ID3D12Device17_iface));
}

static const char *hr_name(HRESULT hr)
{
    switch (hr)
    {
        case DXGI_ERROR_ALREADY_EXISTS: return "DXGI_ERROR_ALREADY_EXISTS";
        case DXGI_ERROR_NOT_CURRENTLY_AVAILABLE: return "DXGI_ERROR_NOT_CURRENTLY_AVAILABLE";
        default: return "E_INVALIDARG";
    }
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateShaderCacheSession(ID3D12Device17 *iface,
        const D3D12_SHADER_CACHE_SESSION_DESC *desc, REFIID riid, void **out)
{
    static const char method[] = "ID3D12Device9::CreateShaderCacheSession";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_shader_cache_session *session;
    char why[256];
    HRESULT hr;

    /* An invalid call leaves *ppvSession as it was (test_shader_cache). */
    if (!desc)
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATESHADERCACHESESSION_INVALIDARGS, method, "pDesc is NULL",
                "E_INVALIDARG");
        return E_INVALIDARG;
    }
    if (FAILED(hr = obj_shader_cache_check_desc(desc, why, sizeof(why))))
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATESHADERCACHESESSION_INVALIDARGS, method, why, "E_INVALIDARG");
        return hr;
    }
    if (FAILED(hr = mk_device_enter(device, method)))
    {
        if (out)
            *out = NULL;
        return hr;
    }
    if (!out)
        return S_FALSE;
    if (!riid)
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATESHADERCACHESESSION_INVALIDARGS, method, "riid is NULL",
                "E_INVALIDARG");
        return E_INVALIDARG;
    }
    if (FAILED(hr = obj_shader_cache_session_create(&device->objects, desc, &session, why, sizeof(why))))
    {
        *out = NULL;
        if (hr != E_OUTOFMEMORY)
            dbg_report(device->debug, hr == DXGI_ERROR_ALREADY_EXISTS
                    ? D3D12_MESSAGE_ID_CREATESHADERCACHESESSION_ALREADYOPEN
                    : D3D12_MESSAGE_ID_CREATESHADERCACHESESSION_DISABLED, method, why, hr_name(hr));
        return hr;
    }
    return mk_hand_out((IUnknown *)obj_shader_cache_session_iunknown(session), riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_ShaderCacheControl(ID3D12Device17 *iface, D3D12_SHADER_CACHE_KIND_FLAGS kinds,
        D3D12_SHADER_CACHE_CONTROL_FLAGS control)
{
    static const char method[] = "ID3D12Device9::ShaderCacheControl";
    const unsigned all_kinds = D3D12_SHADER_CACHE_KIND_FLAG_IMPLICIT_D3D_CACHE_FOR_DRIVER
            | D3D12_SHADER_CACHE_KIND_FLAG_IMPLICIT_D3D_CONVERSIONS | D3D12_SHADER_CACHE_KIND_FLAG_IMPLICIT_DRIVER_MANAGED
            | D3D12_SHADER_CACHE_KIND_FLAG_APPLICATION_MANAGED;
    const unsigned all_controls = D3D12_SHADER_CACHE_CONTROL_FLAG_DISABLE | D3D12_SHADER_CACHE_CONTROL_FLAG_ENABLE
            | D3D12_SHADER_CACHE_CONTROL_FLAG_CLEAR;
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    bool disable = control & D3D12_SHADER_CACHE_CONTROL_FLAG_DISABLE;
    bool enable = control & D3D12_SHADER_CACHE_CONTROL_FLAG_ENABLE;
    char why[160];

    if (!kinds || ((unsigned)kinds & ~all_kinds))
        snprintf(why, sizeof(why), "Kinds %#x is not a set of D3D12_SHADER_CACHE_KIND_FLAGS", (unsigned)kinds);
    else if (!control || ((unsigned)control & ~all_controls))
        snprintf(why, sizeof(why), "Control %#x is not a set of D3D12_SHADER_CACHE_CONTROL_FLAGS", (unsigned)control);
    else if (disable && enable)
        snprintf(why, sizeof(why), "Control %#x has both DISABLE and ENABLE", (unsigned)control);
    else
        why[0] = 0;
    if (why[0])
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_SHADERCACHECONTROL_INVALIDFLAGS, method, why, "E_INVALIDARG");
        return E_INVALIDARG;
    }
    /* The implicit caches (D3D's for the driver, its conversions, the
     * driver's own) do not exist in mockd3d12, which compiles nothing: the
     * documentation's "any one of these caches may or may not exist". */
    if (!(kinds & D3D12_SHADER_CACHE_KIND_FLAG_APPLICATION_MANAGED))
        return S_OK;
    if ((disable || enable) && obj_shader_cache_set_disabled(disable) == disable)
        dbg_report(device->debug, D3D12_MESSAGE_ID_SHADERCACHECONTROL_STATEALREADYSET, method, disable
                ? "application shader caches are already disabled" : "application shader caches are already enabled",
                "S_OK");
    if (control & D3D12_SHADER_CACHE_CONTROL_FLAG_CLEAR)
        obj_shader_cache_clear_all();
    return S_OK;
}
