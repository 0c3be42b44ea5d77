/*
 * The device the D3D11 object suites (test_d3d11_copy.c, _views.c,
 * _shaders.c, _pipeline.c, _clear.c) create: the nvidia-rtx-4090 profile's
 * adapter at one feature level, the newest runtime, after mockd3d12_reset().
 * Include after <cmocka.h> and <mockd3d12/d3d11.h>.
 */
#ifndef MOCKD3D12_TESTS_D3D11_TEST_DEVICE_H
#define MOCKD3D12_TESTS_D3D11_TEST_DEVICE_H

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define FL(a, b) D3D_FEATURE_LEVEL_##a##_##b

/* A device of `level` made with `flags`; its immediate context in *context when not NULL. */
static inline ID3D11Device *test_device(D3D_FEATURE_LEVEL level, UINT flags, ID3D11DeviceContext **context)
{
    IUnknown *adapter = NULL;
    ID3D11Device *device = NULL;
    HRESULT hr;

    mockd3d12_reset();
    assert_int_equal(mockd3d12_set_d3d11_runtime(0), S_OK);
    assert_int_equal(mockd3d12_get_adapter("nvidia-rtx-4090", &adapter), S_OK);
    hr = D3D11CreateDevice((IDXGIAdapter *)adapter, D3D_DRIVER_TYPE_UNKNOWN, NULL, flags, &level, 1,
            D3D11_SDK_VERSION, &device, NULL, context);
    IUnknown_Release(adapter);
    assert_int_equal(hr, S_OK);
    return device;
}

#endif
