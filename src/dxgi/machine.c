/*
 * "The machine": which simulated adapters DXGI enumerates, and in which order
 * for each GPU preference.
 *
 * Configuration, first that is set: mockd3d12_set_machine_adapters(), then
 * MOCKD3D12_ADAPTERS=id1,id2,..., then the default adapter of
 * D3D12CreateDevice(NULL) plus WARP. Hardware adapters keep the configured
 * order; exactly one software adapter (WARP) comes last: a software id in the
 * list chooses which one (the last such id wins), "warp" otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dxgi_private.h"

#define DXGI_DEFAULT_WARP "warp"

static mk_mutex machine_lock = MK_MUTEX_INIT;
static char **machine_ids;          /* control-API setting, or NULL */
static unsigned machine_id_count;
static atomic_uint machine_generation;

unsigned dxgi_machine_generation(void)
{
    return atomic_load(&machine_generation);
}

/* strdup is POSIX, not C11. */
static char *dxgi_strdup(const char *s)
{
    size_t size = strlen(s) + 1;
    char *copy = malloc(size);

    return copy ? memcpy(copy, s, size) : NULL;
}

static void free_ids(char **ids, unsigned count)
{
    for (unsigned i = 0; i < count; ++i)
        free(ids[i]);
    free(ids);
}

/* Adds one configured id: hardware adapters append, software ones replace WARP. */
static HRESULT machine_add(struct dxgi_machine *machine, mockd3d12_adapter_info *warp, bool *have_warp,
        const char *id, char *error, size_t error_size)
{
    mockd3d12_adapter_info info;

    if (FAILED(mockd3d12_get_adapter_info(id, &info)))
    {
        snprintf(error, error_size, "unknown adapter \"%s\"", id);
        return E_INVALIDARG;
    }
    if (info.software)
    {
        *warp = info;
        *have_warp = true;
        return S_OK;
    }
    if (machine->count >= DXGI_MAX_ADAPTERS - 1)
    {
        snprintf(error, error_size, "more than %u hardware adapters", DXGI_MAX_ADAPTERS - 1);
        return E_INVALIDARG;
    }
    machine->adapters[machine->count++] = info;
    return S_OK;
}

/* Splits a MOCKD3D12_ADAPTERS value at commas (spaces around ids ignored). */
static HRESULT machine_add_list(struct dxgi_machine *machine, mockd3d12_adapter_info *warp, bool *have_warp,
        const char *list, char *error, size_t error_size)
{
    const char *p = list;
    char id[1024];
    HRESULT hr;

    while (*p)
    {
        size_t len = strcspn(p, ",");
        const char *start = p, *end = p + len;

        while (start < end && *start == ' ')
            ++start;
        while (end > start && end[-1] == ' ')
            --end;
        if (end > start)
        {
            if ((size_t)(end - start) >= sizeof(id))
            {
                snprintf(error, error_size, "MOCKD3D12_ADAPTERS: id too long");
                return E_INVALIDARG;
            }
            memcpy(id, start, end - start);
            id[end - start] = 0;
            if (FAILED(hr = machine_add(machine, warp, have_warp, id, error, error_size)))
                return hr;
        }
        p += len;
        if (*p == ',')
            ++p;
    }
    return S_OK;
}

HRESULT dxgi_machine_snapshot(struct dxgi_machine *machine, unsigned *generation, char *error, size_t error_size)
{
    mockd3d12_adapter_info warp;
    bool have_warp = false;
    const char *list;
    HRESULT hr = S_OK;

    machine->count = 0;
    mk_mutex_lock(&machine_lock);
    *generation = dxgi_machine_generation();
    if (machine_ids)
    {
        for (unsigned i = 0; i < machine_id_count && SUCCEEDED(hr); ++i)
            hr = machine_add(machine, &warp, &have_warp, machine_ids[i], error, error_size);
    }
    else if ((list = mk_getenv("MOCKD3D12_ADAPTERS")))
    {
        hr = machine_add_list(machine, &warp, &have_warp, list, error, error_size);
    }
    else
    {
        const char *id = mockd3d12_default_adapter_id();

        if (!id)
        {
            snprintf(error, error_size, "no default adapter: %s", mockd3d12_last_error());
            hr = E_INVALIDARG;
        }
        else
        {
            hr = machine_add(machine, &warp, &have_warp, id, error, error_size);
        }
    }
    mk_mutex_unlock(&machine_lock);
    if (FAILED(hr))
        return hr;

    if (!have_warp && FAILED(mockd3d12_get_adapter_info(DXGI_DEFAULT_WARP, &warp)))
    {
        snprintf(error, error_size, "the \"%s\" profile is not registered", DXGI_DEFAULT_WARP);
        return E_FAIL;
    }
    machine->adapters[machine->count++] = warp;
    return S_OK;
}

MOCKD3D12_DXGI_API HRESULT mockd3d12_set_machine_adapters(const char *const *ids, UINT count)
{
    mockd3d12_adapter_info info;
    char **copy = NULL;

    if (count && !ids)
        return E_INVALIDARG;
    if (count > DXGI_MAX_ADAPTERS)
        return E_INVALIDARG;
    /* Validate everything first: a failed call changes nothing. */
    for (UINT i = 0; i < count; ++i)
    {
        if (!ids[i] || FAILED(mockd3d12_get_adapter_info(ids[i], &info)))
            return E_INVALIDARG;
    }
    if (count)
    {
        if (!(copy = calloc(count, sizeof(*copy))))
            return E_OUTOFMEMORY;
        for (UINT i = 0; i < count; ++i)
        {
            if (!(copy[i] = dxgi_strdup(ids[i])))
            {
                free_ids(copy, count);
                return E_OUTOFMEMORY;
            }
        }
    }

    mk_mutex_lock(&machine_lock);
    free_ids(machine_ids, machine_id_count);
    machine_ids = copy;
    machine_id_count = count;
    atomic_fetch_add(&machine_generation, 1);
    mk_mutex_unlock(&machine_lock);
    return S_OK;
}

MOCKD3D12_DXGI_API UINT mockd3d12_machine_adapters(const char **ids, UINT capacity)
{
    struct dxgi_machine machine;
    unsigned generation;
    char error[256];

    if (capacity && !ids)
        return 0;
    if (FAILED(dxgi_machine_snapshot(&machine, &generation, error, sizeof(error))))
        return 0;
    for (unsigned i = 0; i < machine.count && i < capacity; ++i)
        ids[i] = machine.adapters[i].id;
    return machine.count;
}

/* Minimum power: integrated (UMA) adapters, then discrete ones. High
 * performance: discrete, then integrated. Configured order within each group;
 * WARP last in both. Unspecified: the enumeration order. */
bool dxgi_machine_order(const struct dxgi_machine *machine, DXGI_GPU_PREFERENCE preference, unsigned *order)
{
    unsigned n = 0, hardware = machine->count - 1;
    bool first_uma;

    switch (preference)
    {
        case DXGI_GPU_PREFERENCE_UNSPECIFIED:
            for (unsigned i = 0; i < machine->count; ++i)
                order[i] = i;
            return true;
        case DXGI_GPU_PREFERENCE_MINIMUM_POWER:
            first_uma = true;
            break;
        case DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE:
            first_uma = false;
            break;
        default:
            return false;
    }
    for (int pass = 0; pass < 2; ++pass)
    {
        bool want_uma = pass == 0 ? first_uma : !first_uma;

        for (unsigned i = 0; i < hardware; ++i)
        {
            if (!!machine->adapters[i].uma == want_uma)
                order[n++] = i;
        }
    }
    order[n] = hardware;
    return true;
}
