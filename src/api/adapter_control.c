/*
 * The adapter half of the control API (include/mockd3d12/mockd3d12.h): thin
 * wrappers over the registry that report failures through
 * mockd3d12_last_error().
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "caps/adapter.h"
#include "control.h"
#include "platform.h"

MOCKD3D12_API UINT mockd3d12_adapter_count(void)
{
    return caps_adapter_count();
}

MOCKD3D12_API const char *mockd3d12_adapter_id(UINT index)
{
    const struct caps_adapter *a = caps_adapter_at(index);

    if (!a)
        mk_set_last_error("mockd3d12_adapter_id: no adapter at index %u", index);
    return a ? caps_adapter_id(a) : NULL;
}

MOCKD3D12_API const char *mockd3d12_adapter_description(UINT index)
{
    const struct caps_adapter *a = caps_adapter_at(index);

    if (!a)
        mk_set_last_error("mockd3d12_adapter_description: no adapter at index %u", index);
    return a ? caps_adapter_description(a) : NULL;
}

static HRESULT report(HRESULT hr, const char *function, const char *message, char *error, size_t error_size)
{
    if (SUCCEEDED(hr))
        return hr;
    mk_set_last_error("%s: %s", function, message);
    if (error && error_size)
    {
        size_t n = strlen(message);
        if (n >= error_size)
            n = error_size - 1;
        memcpy(error, message, n);
        error[n] = 0;
    }
    return hr;
}

MOCKD3D12_API HRESULT mockd3d12_register_profile(const char *json, char *error, size_t error_size)
{
    char message[1024];

    if (!json)
        return report(E_INVALIDARG, "mockd3d12_register_profile", "json is NULL", error, error_size);
    return report(caps_register_profile(json, "<string>", NULL, message, sizeof(message)),
            "mockd3d12_register_profile", message, error, error_size);
}

MOCKD3D12_API HRESULT mockd3d12_register_profile_file(const char *path, char *error, size_t error_size)
{
    char message[1024];
    size_t size;
    char *text;
    HRESULT hr;

    if (!path)
        return report(E_INVALIDARG, "mockd3d12_register_profile_file", "path is NULL", error, error_size);
    if (!(text = mk_read_file(path, &size, message, sizeof(message))))
        return report(E_INVALIDARG, "mockd3d12_register_profile_file", message, error, error_size);
    hr = caps_profile_load(text, size, path, true, NULL, message, sizeof(message));
    mk_free(text);
    return report(hr, "mockd3d12_register_profile_file", message, error, error_size);
}

MOCKD3D12_API HRESULT mockd3d12_select_adapter(const char *id_or_path)
{
    char message[1024];

    return report(caps_select_adapter(id_or_path, message, sizeof(message)), "mockd3d12_select_adapter", message,
            NULL, 0);
}

MOCKD3D12_API const char *mockd3d12_default_adapter_id(void)
{
    const struct caps_adapter *a;
    char message[1536];

    if (!(a = caps_adapter_default(message, sizeof(message))))
    {
        mk_set_last_error("mockd3d12_default_adapter_id: %s", message);
        return NULL;
    }
    return caps_adapter_id(a);
}

MOCKD3D12_API HRESULT mockd3d12_set_machine_adapters(const char *const *ids, UINT count)
{
    char message[1024];

    return report(caps_machine_set(ids, count, message, sizeof(message)), "mockd3d12_set_machine_adapters", message,
            NULL, 0);
}

MOCKD3D12_API UINT mockd3d12_machine_adapters(const char **ids, UINT capacity)
{
    struct caps_machine machine;
    char error[1536];

    if (capacity && !ids)
    {
        mk_set_last_error("mockd3d12_machine_adapters: ids is NULL with capacity %u", capacity);
        return 0;
    }
    if (FAILED(caps_machine_resolve(&machine, error, sizeof(error))))
    {
        mk_set_last_error("mockd3d12_machine_adapters: %s", error);
        return 0;
    }
    for (unsigned i = 0; i < machine.count && i < capacity; ++i)
        ids[i] = caps_adapter_id(machine.adapters[i]);
    return machine.count;
}
