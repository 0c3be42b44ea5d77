/*
 * `mockd3d12 caps --api d3d11`: what ID3D11Device::CheckFeatureSupport reports
 * on a D3D11 device of the adapter, through libd3d11's real entry point.
 *
 * The CLI links libd3d11.so; the D3D12 runtime libd3d11 calls resolves to the
 * copy linked into this program (mk_core), so both APIs see one adapter
 * registry and the runtime options given on the command line.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#include <mockd3d12/d3d11.h>

static const char *level_text(D3D_FEATURE_LEVEL level)
{
    int e = mk_enum_find("D3D_FEATURE_LEVEL");
    const char *name = e >= 0 ? mk_enum_value_name((unsigned)e, (uint32_t)level) : NULL;

    return name ? name : "?";
}

int cli_cmd_caps_d3d11(const struct cli_options *options)
{
    mockd3d12_d3d11_field *fields = NULL;
    const struct caps_adapter *adapter;
    ID3D11DeviceContext *context = NULL;
    D3D_FEATURE_LEVEL level = 0;
    ID3D11Device *device = NULL;
    IUnknown *adapter_object = NULL;
    UINT count, i, runtime;
    char error[512];
    int ret = CLI_OK;
    HRESULT hr;

    adapter = options->adapter ? caps_adapter_lookup(options->adapter, error, sizeof(error))
            : caps_adapter_default(error, sizeof(error));
    if (!adapter)
    {
        fprintf(stderr, "mockd3d12: %s\n", error);
        return CLI_NO_ADAPTER;
    }
    if (FAILED(hr = mockd3d12_get_adapter(caps_adapter_id(adapter), &adapter_object)))
    {
        fprintf(stderr, "mockd3d12: adapter '%s': 0x%08x\n", caps_adapter_id(adapter), (unsigned)hr);
        return CLI_NO_ADAPTER;
    }
    hr = D3D11CreateDevice((IDXGIAdapter *)adapter_object, D3D_DRIVER_TYPE_UNKNOWN, NULL, 0,
            options->level_count ? options->levels : NULL, options->level_count, D3D11_SDK_VERSION, &device,
            &level, &context);
    if (FAILED(hr))
    {
        fprintf(stderr, "mockd3d12: D3D11CreateDevice on '%s' failed: 0x%08x (no requested feature level is "
                "supported, or the D3D11 runtime does not know one of them)\n", caps_adapter_id(adapter), (unsigned)hr);
        ret = CLI_FAILED;
        goto done;
    }

    runtime = (UINT)mockd3d12_get_d3d11_runtime();
    printf("Adapter   %s: %s\n", caps_adapter_id(adapter), caps_adapter_description(adapter));
    printf("Runtime   Direct3D %u.%u\n", runtime >> 8, runtime & 0xff);
    printf("Device    feature level %s\n", level_text(level));

    count = mockd3d12_d3d11_fields(NULL, 0);
    if (!(fields = calloc(count ? count : 1, sizeof(*fields))))
    {
        ret = CLI_FAILED;
        goto done;
    }
    mockd3d12_d3d11_fields(fields, count);
    for (i = 0; i < count; ++i)
    {
        unsigned char data[256] = {0};
        uint64_t value = 0;

        if (!i || strcmp(fields[i].feature, fields[i - 1].feature))
            printf("\n%s\n", fields[i].feature);
        if (fields[i].struct_size > sizeof(data) || fields[i].size > sizeof(value))
            continue;
        hr = ID3D11Device_CheckFeatureSupport(device, fields[i].feature_value, data, fields[i].struct_size);
        if (FAILED(hr))
        {
            if (!i || strcmp(fields[i].feature, fields[i - 1].feature))
                printf("    (E_INVALIDARG: this D3D11 runtime does not know the feature)\n");
            continue;
        }
        memcpy(&value, data + fields[i].offset, fields[i].size);
        printf("    %-60s %llu\n", fields[i].member, (unsigned long long)value);
    }

done:
    free(fields);
    if (context)
        ID3D11DeviceContext_Release(context);
    if (device)
        ID3D11Device_Release(device);
    IUnknown_Release(adapter_object);
    return ret;
}
