/*
 * The argument checks of the D3D12 entry points and of the device factory
 * and SDK configuration objects (src/api/entry_points.c) that the other
 * suites do not reach, one row each: the HRESULT, and the out-pointer
 * cleared or left alone as the entry point does.
 * And a malformed runtime variable, and out of memory for the factory, the
 * SDK configuration and the factory's devices.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"

enum call
{
    GET_INTERFACE_NO_CLSID,
    GET_INTERFACE_NO_IID,
    GET_INTERFACE_DEBUG,
    GET_INTERFACE_FACTORY_NULL_OUT,
    GET_INTERFACE_CONFIGURATION_NULL_OUT,
    FACTORY_QI_NULL_OUT,
    FACTORY_QI_NO_IID,
    FACTORY_CREATE_DEVICE_NO_IID,
    FACTORY_EXPERIMENTAL_TOO_MANY,
    FACTORY_EXPERIMENTAL_CONFIG_SIZE,
    FACTORY_EXPERIMENTAL_CONFIG_SIZE_0,
    CONFIGURATION_QI_NULL_OUT,
    CONFIGURATION_QI_1,
    CONFIGURATION_QI_NO_IID,
    CONFIGURATION_QI_IUNKNOWN,
    CONFIGURATION_CREATE_FACTORY_NULL_OUT,
    SERIALIZE_NULL_BLOBS,
    SERIALIZE_VERSIONED_NULL_BLOBS,
    DESERIALIZER_NULL_OUT,
    VERSIONED_DESERIALIZER_NULL_OUT,
    LIBRARY_DESERIALIZER_NULL_OUT,
};

static const struct
{
    const char *name;
    enum call call;
    HRESULT hr;
    int out_state; /* 0: untouched, 1: NULL, 2: an object (released) */
}
rows[] = {
    {"D3D12GetInterface, no CLSID", GET_INTERFACE_NO_CLSID, E_INVALIDARG, 1},
    {"D3D12GetInterface, no IID", GET_INTERFACE_NO_IID, E_INVALIDARG, 1},
    {"D3D12GetInterface, CLSID_D3D12Debug", GET_INTERFACE_DEBUG, S_OK, 2},
    {"D3D12GetInterface, device factory, NULL out", GET_INTERFACE_FACTORY_NULL_OUT, E_POINTER, 0},
    {"D3D12GetInterface, SDK configuration, NULL out", GET_INTERFACE_CONFIGURATION_NULL_OUT, E_POINTER, 0},
    {"device factory QueryInterface, NULL out", FACTORY_QI_NULL_OUT, E_POINTER, 0},
    {"device factory QueryInterface, no IID", FACTORY_QI_NO_IID, E_INVALIDARG, 1},
    {"device factory CreateDevice, no IID", FACTORY_CREATE_DEVICE_NO_IID, E_INVALIDARG, 1},
    {"device factory, 17 experimental features", FACTORY_EXPERIMENTAL_TOO_MANY, E_INVALIDARG, 0},
    {"device factory, an experimental feature's config size", FACTORY_EXPERIMENTAL_CONFIG_SIZE, E_INVALIDARG, 0},
    {"device factory, a config size of 0", FACTORY_EXPERIMENTAL_CONFIG_SIZE_0, S_OK, 0},
    {"SDK configuration QueryInterface, NULL out", CONFIGURATION_QI_NULL_OUT, E_POINTER, 0},
    {"SDK configuration QueryInterface, no IID", CONFIGURATION_QI_NO_IID, E_INVALIDARG, 1},
    {"SDK configuration QueryInterface, IUnknown", CONFIGURATION_QI_IUNKNOWN, S_OK, 2},
    {"SDK configuration QueryInterface, ID3D12SDKConfiguration1", CONFIGURATION_QI_1, S_OK, 2},
    {"SDK configuration CreateDeviceFactory, NULL out", CONFIGURATION_CREATE_FACTORY_NULL_OUT, E_POINTER, 0},
    {"D3D12SerializeRootSignature, no blobs", SERIALIZE_NULL_BLOBS, E_INVALIDARG, 0},
    {"D3D12SerializeVersionedRootSignature, no blobs", SERIALIZE_VERSIONED_NULL_BLOBS, E_INVALIDARG, 0},
    {"D3D12CreateRootSignatureDeserializer, NULL out", DESERIALIZER_NULL_OUT, E_POINTER, 0},
    {"D3D12CreateVersionedRootSignatureDeserializer, NULL out", VERSIONED_DESERIALIZER_NULL_OUT, E_POINTER, 0},
    {"...DeserializerFromSubobjectInLibrary, NULL out", LIBRARY_DESERIALIZER_NULL_OUT, E_POINTER, 0},
};

HRESULT WINAPI D3D12CreateVersionedRootSignatureDeserializerFromSubobjectInLibrary(LPCVOID data, SIZE_T size,
        LPCWSTR subobject_name, REFIID riid, void **deserializer);

static HRESULT run(ID3D12DeviceFactory *factory, ID3D12SDKConfiguration1 *configuration, enum call call, void **out)
{
    IID iids[17];
    UINT sizes[1] = {4}, no_sizes[1] = {0};
    unsigned i;

    for (i = 0; i < ARRAY_SIZE(iids); ++i)
        iids[i] = D3D12ExperimentalShaderModels;
    switch (call)
    {
        case GET_INTERFACE_NO_CLSID: return D3D12GetInterface(NULL, &IID_ID3D12Debug, out);
        case GET_INTERFACE_NO_IID: return D3D12GetInterface(&CLSID_D3D12Debug, NULL, out);
        case GET_INTERFACE_DEBUG: return D3D12GetInterface(&CLSID_D3D12Debug, &IID_ID3D12Debug, out);
        case GET_INTERFACE_FACTORY_NULL_OUT:
            return D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, NULL);
        case GET_INTERFACE_CONFIGURATION_NULL_OUT:
            return D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration, NULL);
        case FACTORY_QI_NULL_OUT: return ID3D12DeviceFactory_QueryInterface(factory, &IID_IUnknown, NULL);
        case FACTORY_QI_NO_IID: return ID3D12DeviceFactory_QueryInterface(factory, NULL, out);
        case FACTORY_CREATE_DEVICE_NO_IID:
            return ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, NULL, out);
        case FACTORY_EXPERIMENTAL_TOO_MANY:
            return ID3D12DeviceFactory_EnableExperimentalFeatures(factory, 17, iids, NULL, NULL);
        case FACTORY_EXPERIMENTAL_CONFIG_SIZE:
            return ID3D12DeviceFactory_EnableExperimentalFeatures(factory, 1, iids, NULL, sizes);
        case FACTORY_EXPERIMENTAL_CONFIG_SIZE_0:
            return ID3D12DeviceFactory_EnableExperimentalFeatures(factory, 1, iids, NULL, no_sizes);
        case CONFIGURATION_QI_NO_IID:
            return ID3D12SDKConfiguration1_QueryInterface(configuration, NULL, out);
        case CONFIGURATION_QI_IUNKNOWN:
            return ID3D12SDKConfiguration1_QueryInterface(configuration, &IID_IUnknown, out);
        case CONFIGURATION_QI_NULL_OUT:
            return ID3D12SDKConfiguration1_QueryInterface(configuration, &IID_IUnknown, NULL);
        case CONFIGURATION_QI_1:
            return ID3D12SDKConfiguration1_QueryInterface(configuration, &IID_ID3D12SDKConfiguration1, out);
        case CONFIGURATION_CREATE_FACTORY_NULL_OUT:
            return ID3D12SDKConfiguration1_CreateDeviceFactory(configuration, 620, ".", &IID_ID3D12DeviceFactory, NULL);
        case SERIALIZE_NULL_BLOBS: return D3D12SerializeRootSignature(NULL, D3D_ROOT_SIGNATURE_VERSION_1_0, NULL, NULL);
        case SERIALIZE_VERSIONED_NULL_BLOBS: return D3D12SerializeVersionedRootSignature(NULL, NULL, NULL);
        case DESERIALIZER_NULL_OUT:
            return D3D12CreateRootSignatureDeserializer(NULL, 0, &IID_ID3D12RootSignatureDeserializer, NULL);
        case VERSIONED_DESERIALIZER_NULL_OUT:
            return D3D12CreateVersionedRootSignatureDeserializer(NULL, 0,
                    &IID_ID3D12VersionedRootSignatureDeserializer, NULL);
        case LIBRARY_DESERIALIZER_NULL_OUT:
            return D3D12CreateVersionedRootSignatureDeserializerFromSubobjectInLibrary(NULL, 0, L"x",
                    &IID_ID3D12VersionedRootSignatureDeserializer, NULL);
    }
    return E_FAIL;
}

static void test_argument_checks(void **state)
{
    struct row_failures failures = {0};
    ID3D12DeviceFactory *factory = NULL;
    ID3D12SDKConfiguration1 *configuration = NULL;
    unsigned i;

    (void)state;
    assert_int_equal(D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, (void **)&factory), S_OK);
    assert_int_equal(D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1,
            (void **)&configuration), S_OK);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        void *out = POISON;
        HRESULT hr = run(factory, configuration, rows[i].call, &out);

        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (rows[i].out_state == 2 && out && out != POISON)
            IUnknown_Release((IUnknown *)out);
        else if (rows[i].out_state == 2 || (rows[i].out_state == 1 ? out != NULL : out != POISON))
            row_fail(&failures, i, rows[i].name, "out is %p", out);
    }
    assert_int_equal(ID3D12SDKConfiguration1_Release(configuration), 0);
    assert_int_equal(ID3D12DeviceFactory_Release(factory), 0);
    rows_done(&failures);
}

/* A malformed runtime variable fails D3D12CreateDevice (with no out pointer
 * to clear) and the device factory's creation; out of memory for the
 * factory, the SDK configuration and the factory's devices: E_OUTOFMEMORY,
 * nothing handed out. */
static void test_environment_and_memory(void **state)
{
    ID3D12DeviceFactory *factory;
    ID3D12Device *device;
    void *out;
    HRESULT hr;
    long n;

    (void)state;
    test_setenv("MOCKD3D12_SDK_VERSION", "six hundred");
    assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, NULL), E_INVALIDARG);
    if (!strstr(mockd3d12_last_error(), "D3D12CreateDevice: MOCKD3D12_SDK_VERSION"))
        fail_msg("last error \"%s\"", mockd3d12_last_error());
    out = POISON;
    assert_int_equal(D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, &out), E_INVALIDARG);
    assert_null(out);
    test_unsetenv("MOCKD3D12_SDK_VERSION");

    out = POISON;
    mk_alloc_fail_after(0);
    hr = D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, &out);
    mk_alloc_fail_after(-1);
    assert_int_equal(hr, E_OUTOFMEMORY);
    assert_null(out);
    out = POISON;
    mk_alloc_fail_after(0);
    hr = D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1, &out);
    mk_alloc_fail_after(-1);
    assert_int_equal(hr, E_OUTOFMEMORY);
    assert_null(out);

    assert_int_equal(D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, (void **)&factory), S_OK);
    for (n = 0;; ++n)
    {
        device = POISON;
        mk_alloc_fail_after(n);
        hr = ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
                (void **)&device);
        mk_alloc_fail_after(-1);
        if (SUCCEEDED(hr))
            break;
        if (hr != E_OUTOFMEMORY || device)
            fail_msg("allocation %ld failing: hr %#x, device %p", n, (unsigned)hr, (void *)device);
        assert_true(n < 200);
    }
    assert_true(n > 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
    assert_int_equal(ID3D12DeviceFactory_Release(factory), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_argument_checks),
        cmocka_unit_test(test_environment_and_memory),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
