/*
 * "The machine" as DXGI enumerates it, and its order for each GPU preference.
 *
 * Which adapters form the machine is libd3d12's (src/caps/machine.c:
 * mockd3d12_set_machine_adapters() > MOCKD3D12_ADAPTERS > the default adapter
 * plus WARP), since it also decides D3D12CreateDevice(NULL)'s adapter; libdxgi
 * reads it through mockd3d12_machine_adapters() (hardware adapters in
 * configured order, WARP last) and orders it by GPU preference here. A
 * snapshot also keeps each adapter's generation, which a fault plan's
 * remove:removed moves on (docs/faults.md): IsCurrent compares both.
 */
#include <stdio.h>
#include <string.h>

#include "dxgi_private.h"

HRESULT dxgi_machine_snapshot(struct dxgi_machine *machine, char *error, size_t error_size)
{
    const char *ids[DXGI_MAX_ADAPTERS];
    UINT count;
    HRESULT hr;

    machine->count = 0;
    if (!(count = mockd3d12_machine_adapters(ids, DXGI_MAX_ADAPTERS)))
    {
        snprintf(error, error_size, "%s", mockd3d12_last_error());
        return E_INVALIDARG;
    }
    if (count > DXGI_MAX_ADAPTERS)
    {
        snprintf(error, error_size, "%u adapters, at most %u", count, DXGI_MAX_ADAPTERS);
        return E_INVALIDARG;
    }
    for (UINT i = 0; i < count; ++i)
    {
        if (FAILED(hr = mockd3d12_get_adapter_info(ids[i], &machine->adapters[i]))
                || FAILED(hr = mockd3d12_get_adapter_details(ids[i], &machine->details[i]))
                || FAILED(hr = mockd3d12_get_adapter_generation(ids[i], &machine->generations[i])))
        {
            snprintf(error, error_size, "%s", mockd3d12_last_error());
            return hr;
        }
    }
    machine->count = count;
    return S_OK;
}

bool dxgi_machine_is_current(const struct dxgi_machine *machine)
{
    const char *ids[DXGI_MAX_ADAPTERS];
    UINT count = mockd3d12_machine_adapters(ids, DXGI_MAX_ADAPTERS);

    if (count != machine->count || count > DXGI_MAX_ADAPTERS)
        return false;
    for (UINT i = 0; i < count; ++i)
    {
        UINT64 generation;

        if (strcmp(ids[i], machine->adapters[i].id)
                || FAILED(mockd3d12_get_adapter_generation(ids[i], &generation))
                || generation != machine->generations[i])
            return false;
    }
    return true;
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
