/*
 * `mockd3d12 caps --api d3d11`: what ID3D11Device::CheckFeatureSupport reports
 * on a D3D11 device of the adapter, through the D3D11 library's real entry
 * point.
 *
 * On Linux the CLI links libd3d11.so; the D3D12 runtime libd3d11 calls
 * resolves to the copy linked into this program (mk_core), so both APIs see
 * one adapter registry and the runtime options given on the command line.
 * On Windows a DLL's imports are its own: d3d11.dll calls d3d12.dll, not
 * this program. The CLI then loads d3d11.dll (which loads d3d12.dll) from
 * its own directory and gives d3d12.dll the adapter (its id, or the profile
 * file as named on the command line) and the runtime options through
 * d3d12.dll's exported control API.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#include <mockd3d12/d3d11.h>

/* The functions this command calls in the D3D11 and D3D12 libraries. */
struct d3d11_api
{
    PFN_D3D11_CREATE_DEVICE create_device;
    __typeof__(&mockd3d12_get_d3d11_runtime) get_d3d11_runtime;
    __typeof__(&mockd3d12_d3d11_fields) fields;
    __typeof__(&mockd3d12_get_adapter) get_adapter;
    __typeof__(&mockd3d12_set_runtime) set_runtime;
};

#ifdef _WIN32
/* A library next to this program (the install puts them all in bin/). */
static HMODULE load_beside(const char *name)
{
    char path[MAX_PATH];
    DWORD length = GetModuleFileNameA(NULL, path, sizeof(path));
    char *slash;

    if (!length || length >= sizeof(path) || !(slash = strrchr(path, '\\'))
            || (size_t)(slash + 1 - path) + strlen(name) >= sizeof(path))
        return NULL;
    strcpy(slash + 1, name);
    return LoadLibraryA(path);
}

static bool load_api(struct d3d11_api *api)
{
    HMODULE d3d11 = load_beside("d3d11.dll"), d3d12 = load_beside("d3d12.dll");

    if (!d3d11 || !d3d12)
    {
        fprintf(stderr, "mockd3d12: --api d3d11 needs mockd3d12's d3d11.dll and d3d12.dll next to mockd3d12.exe\n");
        return false;
    }
    api->create_device = (PFN_D3D11_CREATE_DEVICE)(void (*)(void))GetProcAddress(d3d11, "D3D11CreateDevice");
    api->get_d3d11_runtime = (__typeof__(api->get_d3d11_runtime))(void (*)(void))GetProcAddress(d3d11,
            "mockd3d12_get_d3d11_runtime");
    api->fields = (__typeof__(api->fields))(void (*)(void))GetProcAddress(d3d11, "mockd3d12_d3d11_fields");
    api->get_adapter = (__typeof__(api->get_adapter))(void (*)(void))GetProcAddress(d3d12, "mockd3d12_get_adapter");
    api->set_runtime = (__typeof__(api->set_runtime))(void (*)(void))GetProcAddress(d3d12, "mockd3d12_set_runtime");
    if (!api->create_device || !api->get_d3d11_runtime || !api->fields || !api->get_adapter || !api->set_runtime)
    {
        fprintf(stderr, "mockd3d12: the d3d11.dll or d3d12.dll next to mockd3d12.exe is not mockd3d12's\n");
        return false;
    }
    return true;
}
#else
static bool load_api(struct d3d11_api *api)
{
    *api = (struct d3d11_api){D3D11CreateDevice, mockd3d12_get_d3d11_runtime, mockd3d12_d3d11_fields,
            mockd3d12_get_adapter, mockd3d12_set_runtime};
    return true;
}
#endif

static const char *level_text(D3D_FEATURE_LEVEL level)
{
    const char *name = cli_enum_value_name("D3D_FEATURE_LEVEL", (uint32_t)level);

    return name ? name : "?";
}

int cli_cmd_caps_d3d11(const struct cli_options *options)
{
    mockd3d12_d3d11_field *fields = NULL;
    mockd3d12_adapter_info adapter;
    struct d3d11_api api;
    ID3D11DeviceContext *context = NULL;
    D3D_FEATURE_LEVEL level = 0;
    ID3D11Device *device = NULL;
    IUnknown *adapter_object = NULL;
    UINT count, i, runtime;
    char error[512];
    int ret = CLI_OK;
    HRESULT hr;

    const char *id;

    if (FAILED(mockd3d12_resolve_adapter(options->adapter, &id, error, sizeof(error))))
    {
        fprintf(stderr, "mockd3d12: %s\n", error);
        return CLI_NO_ADAPTER;
    }
    mockd3d12_get_adapter_info(options->adapter ? options->adapter : id, &adapter);
    if (!load_api(&api))
        return CLI_FAILED;
    /* The runtime options, for the D3D12 runtime the D3D11 library calls (on
     * Linux this program's own, set already). */
    if (options->has_runtime && FAILED(hr = api.set_runtime(&options->runtime)))
    {
        fprintf(stderr, "mockd3d12: the D3D12 runtime refuses the runtime options: 0x%08x\n", (unsigned)hr);
        return CLI_FAILED;
    }
    /* A profile file by its name (the D3D12 runtime loads it), else the id. */
    if (FAILED(hr = api.get_adapter(options->adapter ? options->adapter : adapter.id, &adapter_object)))
    {
        fprintf(stderr, "mockd3d12: adapter '%s': 0x%08x\n", adapter.id, (unsigned)hr);
        return CLI_NO_ADAPTER;
    }
    hr = api.create_device((IDXGIAdapter *)adapter_object, D3D_DRIVER_TYPE_UNKNOWN, NULL, 0,
            options->level_count ? options->levels : NULL, options->level_count, D3D11_SDK_VERSION, &device,
            &level, &context);
    if (FAILED(hr))
    {
        fprintf(stderr, "mockd3d12: D3D11CreateDevice on '%s' failed: 0x%08x (no requested feature level is "
                "supported, or the D3D11 runtime does not know one of them)\n", adapter.id, (unsigned)hr);
        ret = CLI_FAILED;
        goto done;
    }

    runtime = (UINT)api.get_d3d11_runtime();
    printf("Adapter   %s: %s\n", adapter.id, adapter.description);
    printf("Runtime   Direct3D %u.%u\n", runtime >> 8, runtime & 0xff);
    printf("Device    feature level %s\n", level_text(level));

    count = api.fields(NULL, 0);
    if (!(fields = calloc(count ? count : 1, sizeof(*fields))))
    {
        ret = CLI_FAILED;
        goto done;
    }
    api.fields(fields, count);
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
