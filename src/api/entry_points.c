/*
 * The exported D3D12 entry points: D3D12CreateDevice (one cached device per
 * adapter), D3D12GetDebugInterface, D3D12GetInterface with its
 * ID3D12SDKConfiguration1 and ID3D12DeviceFactory objects,
 * D3D12EnableExperimentalFeatures, and the root-signature (de)serializers
 * (the codec is src/objects/root_signature_codec.c; the one from a DXIL
 * library's subobject is not implemented).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "adapter_object.h"
#include "blob.h"
#include "caps/caps.h"
#include "clamp/clamp.h"
#include "control.h"
#include "debuglayer/debuglayer.h"
#include "device.h"
#include "faults.h"
#include "trace.h"
#include "trace_query.h"
#include "platform.h"
#include "root_signature_codec.h"
#include "root_signature_deserializer.h"

static bool guid_eq(REFGUID a, REFGUID b)
{
    return !memcmp(a, b, sizeof(GUID));
}

/* ---- Adapter resolution ---- */

/* pAdapter NULL -> the default adapter (never a silent fallback when the
 * chosen one cannot load); otherwise the adapter behind IMockD3D12Adapter. */
static HRESULT resolve_adapter(const char *entry, IUnknown *unknown, const struct caps_adapter **out)
{
    char error[512];

    if (unknown)
    {
        if (!(*out = mk_adapter_from_iunknown(unknown)))
        {
            fprintf(stderr, "mockd3d12: %s: pAdapter is not a mockd3d12 adapter (see mockd3d12_get_adapter()).\n",
                    entry);
            return E_NOINTERFACE;
        }
        return S_OK;
    }
    error[0] = 0;
    if (!(*out = caps_adapter_default(error, sizeof(error))))
    {
        fprintf(stderr, "mockd3d12: %s: no simulated adapter: %s\n", entry, error[0] ? error : "unknown error");
        dbg_report_global(D3D12_MESSAGE_ID_MOCKD3D12_PROFILE_LOAD_FAILED, error[0] ? error : "unknown error");
        mk_set_last_error("%s: %s", entry, error[0] ? error : "no simulated adapter");
        return DXGI_ERROR_UNSUPPORTED;
    }
    return S_OK;
}

/* What every CreateDevice does before creating: adapter, feature level, the
 * ppDevice == NULL probe. S_FALSE means "would succeed", stop here. */
static HRESULT create_device_checks(const char *entry, IUnknown *unknown, D3D_FEATURE_LEVEL level,
        void **device, const struct caps_adapter **adapter)
{
    HRESULT hr;

    if (device)
        *device = NULL;
    if (FAILED(hr = resolve_adapter(entry, unknown, adapter)))
        return hr;
    if (FAILED(hr = mk_device_check_feature_level(*adapter, level)))
        return hr;
    /* A probe: S_FALSE without looking at the IID (vkd3d test_create_device()). */
    if (!device)
        return S_FALSE;
    return S_OK;
}

/* Hands out `device` as riid and drops the reference the caller held. */
static HRESULT device_query_and_release(struct mk_device *device, REFIID riid, void **out)
{
    ID3D12Device17 *iface = &device->ID3D12Device17_iface;
    HRESULT hr;

    hr = riid ? iface->lpVtbl->QueryInterface(iface, riid, out) : E_INVALIDARG;
    iface->lpVtbl->Release(iface);
    return hr;
}

static HRESULT create_device(IUnknown *adapter_unknown, D3D_FEATURE_LEVEL minimum_level, REFIID riid,
        void **device_out, const struct caps_adapter **used, UINT *sdk_version)
{
    const struct caps_adapter *adapter = NULL;
    mockd3d12_runtime runtime;
    struct mk_device *device;
    char why[512];
    bool debug;
    HRESULT hr;

    /* A malformed MOCKD3D12_* runtime variable or fault plan fails the call
     * (the reason on stderr, once, and in mockd3d12_last_error()), never a
     * silent default. */
    if (FAILED(hr = clamp_runtime_current_checked(&runtime, why, sizeof(why)))
            || FAILED(hr = dbg_layer_requested(&debug, why, sizeof(why)))
            || FAILED(hr = mk_faults_init(why, sizeof(why))))
    {
        if (device_out)
            *device_out = NULL;
        mk_set_last_error("D3D12CreateDevice: %s", why);
        return hr;
    }
    *sdk_version = mockd3d12_runtime_effective_version(&runtime);
    hr = create_device_checks("D3D12CreateDevice", adapter_unknown, minimum_level, device_out, &adapter);
    *used = adapter;
    if (hr != S_OK)
        return hr;
    if (!riid)
        return E_INVALIDARG;
    if (FAILED(hr = mk_device_get_global(adapter, minimum_level, &device)))
        return hr;
    return device_query_and_release(device, riid, device_out);
}

MK_EXPORT HRESULT WINAPI D3D12CreateDevice(IUnknown *adapter_unknown, D3D_FEATURE_LEVEL minimum_level,
        REFIID riid, void **device_out)
{
    const struct caps_adapter *adapter = NULL;
    UINT sdk_version = 0;
    HRESULT hr;

    mk_trace_init();
    hr = create_device(adapter_unknown, minimum_level, riid, device_out, &adapter, &sdk_version);
    if (mk_trace_recording())
        mk_trace_create_device(adapter ? caps_adapter_id(adapter) : NULL, minimum_level, sdk_version, hr);
    return hr;
}

/* ---- D3D12GetDebugInterface ---- */

/* DRED's settings come from here too (the DRED documentation's
 * D3D12GetDebugInterface(IID_PPV_ARGS(&pDredSettings))), as a settings object. */
MK_EXPORT HRESULT WINAPI D3D12GetDebugInterface(REFIID riid, void **debug)
{
    if (dbg_is_dred_settings_iid(riid))
        return dbg_get_dred_settings_interface(riid, debug);
    return dbg_get_debug_interface(riid, debug);
}

/* ---- D3D12EnableExperimentalFeatures ---- */

#define MK_MAX_EXPERIMENTAL 16

struct experimental_state
{
    UINT count;
    GUID features[MK_MAX_EXPERIMENTAL];
};

static mk_mutex experimental_lock = MK_MUTEX_INIT;
static struct experimental_state experimental_global;

/* d3d12.h: "returns E_NOINTERFACE if an unrecognized feature is passed in",
 * E_INVALIDARG for a bad configuration. Both known features take none. */
static HRESULT enable_experimental(struct experimental_state *state, UINT count, const IID *iids,
        void *configs, UINT *config_sizes)
{
    UINT i;

    if (count && !iids)
        return E_INVALIDARG;
    if (count > MK_MAX_EXPERIMENTAL)
        return E_INVALIDARG;
    for (i = 0; i < count; ++i)
    {
        if (!guid_eq(&iids[i], &D3D12ExperimentalShaderModels) && !guid_eq(&iids[i], &D3D12TiledResourceTier4))
            return E_NOINTERFACE;
        if (config_sizes && config_sizes[i])
            return E_INVALIDARG;
    }
    (void)configs;
    mk_mutex_lock(&experimental_lock);
    state->count = count;
    if (count)
        memcpy(state->features, iids, count * sizeof(*iids));
    mk_mutex_unlock(&experimental_lock);
    return S_OK;
}

MK_EXPORT HRESULT WINAPI D3D12EnableExperimentalFeatures(UINT count, const IID *iids, void *configs,
        UINT *config_sizes)
{
    return enable_experimental(&experimental_global, count, iids, configs, config_sizes);
}

/* ---- ID3D12DeviceFactory ---- */

struct mk_device_factory
{
    ID3D12DeviceFactory ID3D12DeviceFactory_iface;
    struct mk_object obj;
    mockd3d12_runtime runtime;
    D3D12_DEVICE_FACTORY_FLAGS flags;
    struct experimental_state experimental;
};

MK_OBJECT_HELPERS(struct mk_device_factory, ID3D12DeviceFactory, ID3D12DeviceFactory_iface,
        impl_from_ID3D12DeviceFactory, device_factory_object)

static const struct mk_interface device_factory_interfaces[] =
{
    MK_INTERFACE_AT(struct mk_device_factory, obj, ID3D12DeviceFactory_iface, IID_IUnknown),
    MK_INTERFACE_AT(struct mk_device_factory, obj, ID3D12DeviceFactory_iface, IID_ID3D12DeviceFactory),
};

static const struct mk_object_class device_factory_class = MK_OBJECT_CLASS(struct mk_device_factory,
        device_factory_interfaces, .name = "ID3D12DeviceFactory");

/* IUnknown methods */
MK_IUNKNOWN_METHODS(device_factory, ID3D12DeviceFactory, device_factory_object)

/* ID3D12DeviceFactory methods */

/* Global state is the control API's runtime; the factory keeps its own. */
static HRESULT STDMETHODCALLTYPE device_factory_InitializeFromGlobalState(ID3D12DeviceFactory *iface)
{
    struct mk_device_factory *factory = impl_from_ID3D12DeviceFactory(iface);

    factory->flags = D3D12_DEVICE_FACTORY_FLAG_NONE;
    mk_mutex_lock(&experimental_lock);
    factory->experimental = experimental_global;
    mk_mutex_unlock(&experimental_lock);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE device_factory_ApplyToGlobalState(ID3D12DeviceFactory *iface)
{
    (void)iface;
    fprintf(stderr, "mockd3d12: ID3D12DeviceFactory::ApplyToGlobalState is not implemented; "
            "use mockd3d12_set_runtime(). Returning E_NOTIMPL.\n");
    return E_NOTIMPL;
}

static HRESULT STDMETHODCALLTYPE device_factory_SetFlags(ID3D12DeviceFactory *iface, D3D12_DEVICE_FACTORY_FLAGS flags)
{
    const D3D12_DEVICE_FACTORY_FLAGS valid = D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE
            | D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_INCOMPATIBLE_EXISTING_DEVICE
            | D3D12_DEVICE_FACTORY_FLAG_DISALLOW_STORING_NEW_DEVICE_AS_SINGLETON;

    if (flags & ~valid)
        return E_INVALIDARG;
    impl_from_ID3D12DeviceFactory(iface)->flags = flags;
    return S_OK;
}

static D3D12_DEVICE_FACTORY_FLAGS STDMETHODCALLTYPE device_factory_GetFlags(ID3D12DeviceFactory *iface)
{
    return impl_from_ID3D12DeviceFactory(iface)->flags;
}

/* CLSID_D3D12DeviceRemovedExtendedData: DRED's settings object (docs/faults.md,
 * "DRED"), process-wide whoever asks; a NULL output is a probe. */
static HRESULT dred_settings_interface(REFIID riid, void **out)
{
    if (!riid || (!dbg_is_dred_settings_iid(riid) && !guid_eq(riid, &IID_IUnknown)))
        return E_NOINTERFACE;
    return out ? dbg_get_dred_settings_interface(riid, out) : S_FALSE;
}

static HRESULT STDMETHODCALLTYPE device_factory_GetConfigurationInterface(ID3D12DeviceFactory *iface,
        REFCLSID clsid, REFIID riid, void **out)
{
    (void)iface;
    if (out)
        *out = NULL;
    if (clsid && guid_eq(clsid, &CLSID_D3D12Tools))
        return dbg_get_tools_interface(riid, out);
    if (clsid && guid_eq(clsid, &CLSID_D3D12Debug))
        return out ? dbg_get_debug_interface(riid, out) : S_FALSE; /* NULL: a probe */
    if (clsid && guid_eq(clsid, &CLSID_D3D12DeviceRemovedExtendedData))
        return dred_settings_interface(riid, out);
    return out ? E_NOINTERFACE : E_POINTER;
}

static HRESULT STDMETHODCALLTYPE device_factory_EnableExperimentalFeatures(ID3D12DeviceFactory *iface,
        UINT count, const IID *iids, void *configs, UINT *config_sizes)
{
    return enable_experimental(&impl_from_ID3D12DeviceFactory(iface)->experimental, count, iids, configs,
            config_sizes);
}

/* Independent devices: never cached, never shared with D3D12CreateDevice. */
static HRESULT STDMETHODCALLTYPE device_factory_CreateDevice(ID3D12DeviceFactory *iface, IUnknown *adapter_unknown,
        D3D_FEATURE_LEVEL level, REFIID riid, void **device_out)
{
    struct mk_device_factory *factory = impl_from_ID3D12DeviceFactory(iface);
    const struct caps_adapter *adapter;
    struct mk_device *device;
    HRESULT hr;

    if ((hr = create_device_checks("ID3D12DeviceFactory::CreateDevice", adapter_unknown, level, device_out,
            &adapter)) != S_OK)
        return hr;
    if (!riid)
        return E_INVALIDARG;
    if (FAILED(hr = mk_device_create(adapter, &factory->runtime, level, &device)))
        return hr;
    return device_query_and_release(device, riid, device_out);
}

static const ID3D12DeviceFactoryVtbl device_factory_vtbl =
{
    /* IUnknown methods */
    device_factory_QueryInterface,
    device_factory_AddRef,
    device_factory_Release,
    /* ID3D12DeviceFactory methods */
    device_factory_InitializeFromGlobalState,
    device_factory_ApplyToGlobalState,
    device_factory_SetFlags,
    device_factory_GetFlags,
    device_factory_GetConfigurationInterface,
    device_factory_EnableExperimentalFeatures,
    device_factory_CreateDevice,
};

static HRESULT device_factory_create(const mockd3d12_runtime *runtime, REFIID riid, void **out)
{
    struct mk_device_factory *factory;

    if (!(factory = mk_calloc(1, sizeof(*factory))))
        return E_OUTOFMEMORY;
    factory->ID3D12DeviceFactory_iface.lpVtbl = (ID3D12DeviceFactoryVtbl *)&device_factory_vtbl;
    factory->runtime = *runtime;
    mk_object_init(&factory->obj, &device_factory_class, NULL, NULL);
    return mk_object_hand_out(&factory->obj, riid, out);
}

/* ---- ID3D12SDKConfiguration1 ---- */

struct mk_sdk_configuration
{
    ID3D12SDKConfiguration1 ID3D12SDKConfiguration1_iface;
    struct mk_object obj;
};

MK_OBJECT_HELPERS(struct mk_sdk_configuration, ID3D12SDKConfiguration1, ID3D12SDKConfiguration1_iface,
        impl_from_ID3D12SDKConfiguration1, sdk_configuration_object)

#define CONFIGURATION_INTERFACE(iid) \
    MK_INTERFACE_AT(struct mk_sdk_configuration, obj, ID3D12SDKConfiguration1_iface, iid)
static const struct mk_interface sdk_configuration_interfaces[] =
{
    CONFIGURATION_INTERFACE(IID_IUnknown), CONFIGURATION_INTERFACE(IID_ID3D12SDKConfiguration),
    CONFIGURATION_INTERFACE(IID_ID3D12SDKConfiguration1),
};
#undef CONFIGURATION_INTERFACE

static const struct mk_object_class sdk_configuration_class = MK_OBJECT_CLASS(struct mk_sdk_configuration,
        sdk_configuration_interfaces, .name = "ID3D12SDKConfiguration");

/* IUnknown methods */
MK_IUNKNOWN_METHODS(sdk_configuration, ID3D12SDKConfiguration1, sdk_configuration_object)

/* ID3D12SDKConfiguration methods */

/* Windows accepts any version and path here (S_OK even for nonsense); the
 * choice is used, and fails, when the next device is created. There is no
 * D3D12Core.dll to load: the version picks the runtime new devices run at,
 * as the main program's D3D12SDKVersion does (docs/clamping.md). */
static HRESULT STDMETHODCALLTYPE sdk_configuration_SetSDKVersion(ID3D12SDKConfiguration1 *iface, UINT version,
        LPCSTR path)
{
    (void)iface;
    (void)path;
    clamp_runtime_set_sdk_configuration(version);
    return S_OK;
}

/* ID3D12SDKConfiguration1 methods */

static HRESULT STDMETHODCALLTYPE sdk_configuration_CreateDeviceFactory(ID3D12SDKConfiguration1 *iface,
        UINT version, LPCSTR path, REFIID riid, void **out)
{
    mockd3d12_runtime runtime;
    HRESULT hr;

    (void)iface;
    (void)path;
    if (!out)
        return E_POINTER;
    *out = NULL;
    if (FAILED(hr = clamp_runtime_for_sdk_version(version, &runtime)))
        return hr;
    return device_factory_create(&runtime, riid, out);
}

static void STDMETHODCALLTYPE sdk_configuration_FreeUnusedSDKs(ID3D12SDKConfiguration1 *iface)
{
    (void)iface;
}

static const ID3D12SDKConfiguration1Vtbl sdk_configuration_vtbl =
{
    /* IUnknown methods */
    sdk_configuration_QueryInterface,
    sdk_configuration_AddRef,
    sdk_configuration_Release,
    /* ID3D12SDKConfiguration methods */
    sdk_configuration_SetSDKVersion,
    /* ID3D12SDKConfiguration1 methods */
    sdk_configuration_CreateDeviceFactory,
    sdk_configuration_FreeUnusedSDKs,
};

static HRESULT sdk_configuration_create(REFIID riid, void **out)
{
    struct mk_sdk_configuration *config;

    if (!(config = mk_calloc(1, sizeof(*config))))
        return E_OUTOFMEMORY;
    config->ID3D12SDKConfiguration1_iface.lpVtbl = (ID3D12SDKConfiguration1Vtbl *)&sdk_configuration_vtbl;
    mk_object_init(&config->obj, &sdk_configuration_class, NULL, NULL);
    return mk_object_hand_out(&config->obj, riid, out);
}

/* ---- D3D12GetInterface ---- */

MK_EXPORT HRESULT WINAPI D3D12GetInterface(REFCLSID clsid, REFIID riid, void **out)
{
    mockd3d12_runtime runtime;
    char why[256];
    HRESULT hr;

    if (out)
        *out = NULL;
    if (!clsid || !riid)
        return E_INVALIDARG;
    if (guid_eq(clsid, &CLSID_D3D12Debug))
        return dbg_get_debug_interface(riid, out);
    if (guid_eq(clsid, &CLSID_D3D12Tools))
        return dbg_get_tools_interface(riid, out);
    if (guid_eq(clsid, &CLSID_D3D12DeviceRemovedExtendedData))
        return dred_settings_interface(riid, out);
    if (!guid_eq(clsid, &CLSID_D3D12SDKConfiguration) && !guid_eq(clsid, &CLSID_D3D12DeviceFactory))
        return E_NOINTERFACE;
    if (!out)
        return E_POINTER;
    if (guid_eq(clsid, &CLSID_D3D12SDKConfiguration))
        return sdk_configuration_create(riid, out);
    if (FAILED(hr = clamp_runtime_current_checked(&runtime, why, sizeof(why))))
        return hr;
    return device_factory_create(&runtime, riid, out);
}

/* ---- Root signatures (src/objects/root_signature_codec.h) ---- */

/* The serializers' common end: the blob on success (untouched on failure);
 * the error blob always written, NULL on success, the reason otherwise (no
 * error blob when even that cannot be had). */
static HRESULT serialize(const char *entry, const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, ID3DBlob **blob,
        ID3DBlob **error_blob)
{
    char why[512], text[600];
    size_t size;
    void *data;
    HRESULT hr;

    if (error_blob)
        *error_blob = NULL;
    if (!desc)
        snprintf(why, sizeof(why), "pRootSignature is NULL");
    else if (!blob)
        snprintf(why, sizeof(why), "ppBlob is NULL");
    else if (SUCCEEDED(hr = obj_rs_serialize(desc, obj_blob_head(), &data, &size, why, sizeof(why))))
    {
        /* One allocation: the blob's object, then the container. */
        *blob = obj_blob_create_at(data, size);
        return hr;
    }
    else if (hr == E_OUTOFMEMORY)
        return hr;
    if (error_blob)
    {
        snprintf(text, sizeof(text), "%s: %s.", entry, why);
        obj_blob_create_text(text, error_blob);
    }
    return E_INVALIDARG;
}

MK_EXPORT HRESULT WINAPI D3D12SerializeRootSignature(const D3D12_ROOT_SIGNATURE_DESC *desc,
        D3D_ROOT_SIGNATURE_VERSION version, ID3DBlob **blob, ID3DBlob **error_blob)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC versioned;
    char text[160];

    /* Only 1.0 (vkd3d-proton's test_root_signature_byte_code: 1.1 is
     * E_INVALIDARG, the blob untouched). */
    if (version != D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        if (error_blob)
        {
            *error_blob = NULL;
            snprintf(text, sizeof(text), "D3D12SerializeRootSignature: Version %#x is not D3D_ROOT_SIGNATURE_VERSION_1_0 "
                    "(D3D12SerializeVersionedRootSignature takes the others).", (unsigned)version);
            obj_blob_create_text(text, error_blob);
        }
        return E_INVALIDARG;
    }
    memset(&versioned, 0, sizeof(versioned));
    versioned.Version = D3D_ROOT_SIGNATURE_VERSION_1_0;
    if (desc)
        versioned.Desc_1_0 = *desc;
    return serialize("D3D12SerializeRootSignature", desc ? &versioned : NULL, blob, error_blob);
}

MK_EXPORT HRESULT WINAPI D3D12SerializeVersionedRootSignature(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc,
        ID3DBlob **blob, ID3DBlob **error_blob)
{
    return serialize("D3D12SerializeVersionedRootSignature", desc, blob, error_blob);
}

MK_EXPORT HRESULT WINAPI D3D12CreateRootSignatureDeserializer(LPCVOID data, SIZE_T size, REFIID riid,
        void **deserializer)
{
    char why[256];

    if (!deserializer)
        return E_POINTER;
    return obj_rs_deserializer_create(data, size, riid, deserializer, why, sizeof(why));
}

MK_EXPORT HRESULT WINAPI D3D12CreateVersionedRootSignatureDeserializer(LPCVOID data, SIZE_T size, REFIID riid,
        void **deserializer)
{
    char why[256];

    if (!deserializer)
        return E_POINTER;
    return obj_versioned_rs_deserializer_create(data, size, riid, deserializer, why, sizeof(why));
}

/* Agility SDK 1.613+; not declared by DirectX-Headers 1.606. */
MK_EXPORT HRESULT WINAPI D3D12CreateVersionedRootSignatureDeserializerFromSubobjectInLibrary(LPCVOID data,
        SIZE_T size, LPCWSTR subobject_name, REFIID riid, void **deserializer)
{
    char why[256];
    HRESULT hr;

    if (!deserializer)
        return E_POINTER;
    if (FAILED(hr = obj_versioned_rs_deserializer_create_from_library(data, size, subobject_name, riid, deserializer,
            why, sizeof(why))) && why[0])
        mk_set_last_error("D3D12CreateVersionedRootSignatureDeserializerFromSubobjectInLibrary: %s", why);
    return hr;
}

void mk_entry_points_reset(void)
{
    mk_mutex_lock(&experimental_lock);
    experimental_global.count = 0;
    mk_mutex_unlock(&experimental_lock);
}
