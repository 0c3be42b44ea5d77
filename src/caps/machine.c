/*
 * "The machine": which simulated adapters the process's DXGI enumerates, in
 * enumeration order, and so which adapter D3D12CreateDevice(NULL) uses when
 * nothing more specific is chosen (on Windows the default adapter is DXGI's
 * first). libdxgi reads it through mockd3d12_machine_adapters() and orders it
 * by GPU preference itself (src/dxgi/machine.c).
 *
 * Configuration, first that is set: mockd3d12_set_machine_adapters(), then
 * MOCKD3D12_ADAPTERS=id1,id2,..., then (not "configured") the default adapter
 * plus WARP. Hardware adapters keep the configured order; exactly one
 * software adapter (WARP) comes last: a software id in the list chooses
 * which one (the last such id wins), "warp" otherwise.
 */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "caps/caps.h"
#include "platform.h"

#define CAPS_MACHINE_DEFAULT_WARP "warp"

static mk_mutex machine_lock = MK_MUTEX_INIT;
static char **machine_ids; /* control-API setting, or NULL */
static unsigned machine_id_count;
/* Under machine_lock: the adapters replaced at least once, with their
 * generations (caps_machine_replace_adapter); few, so a list. */
static struct machine_generation
{
    const struct caps_adapter *adapter;
    UINT64 generation;
} *machine_generations;
static unsigned machine_generation_count, machine_generation_capacity;

static void free_ids(char **ids, unsigned count)
{
    for (unsigned i = 0; i < count; ++i)
        mk_free(ids[i]);
    mk_free(ids);
}

/* Adds one configured id: hardware adapters append, software ones choose WARP. */
static HRESULT machine_add(struct caps_machine *machine, const struct caps_adapter **warp, const char *origin,
        const char *id, char *error, size_t error_size)
{
    const struct caps_adapter *found[CAPS_MACHINE_MAX];
    unsigned count, i;
    char inner[1024];

    /* A D3d12info report stands for the machine it was taken on: all its adapters. */
    if (!(count = caps_adapter_lookup_all(id, found, CAPS_MACHINE_MAX, inner, sizeof(inner))))
    {
        snprintf(error, error_size, "%s: %s", origin, inner);
        return E_INVALIDARG;
    }
    for (i = 0; i < count; ++i)
    {
        if (caps_adapter_is_software(found[i]))
        {
            *warp = found[i];
            continue;
        }
        if (machine->count >= CAPS_MACHINE_MAX - 1)
        {
            snprintf(error, error_size, "%s: more than %u hardware adapters", origin, CAPS_MACHINE_MAX - 1);
            return E_INVALIDARG;
        }
        machine->adapters[machine->count++] = found[i];
    }
    return S_OK;
}

/* Splits a MOCKD3D12_ADAPTERS value at commas (spaces around ids ignored). */
static HRESULT machine_add_list(struct caps_machine *machine, const struct caps_adapter **warp, const char *list,
        char *error, size_t error_size)
{
    const char *p = list;
    unsigned named = 0;
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
            if (FAILED(hr = machine_add(machine, warp, "MOCKD3D12_ADAPTERS", id, error, error_size)))
                return hr;
            ++named;
        }
        p += len;
        if (*p == ',')
            ++p;
    }
    /* An empty list is a mistake, not a WARP-only machine. */
    if (!named)
    {
        snprintf(error, error_size, "MOCKD3D12_ADAPTERS=\"%s\" names no adapter: give a comma-separated list of "
                "adapter ids or profile files, or unset it for the default machine", list);
        return E_INVALIDARG;
    }
    return S_OK;
}

HRESULT caps_machine_resolve(struct caps_machine *machine, char *error, size_t error_size)
{
    const struct caps_adapter *warp = NULL, *a;
    char local[16], inner[1536];
    const char *list;
    HRESULT hr = S_OK;

    if (!error || !error_size)
        error = local, error_size = sizeof(local);
    error[0] = 0;
    machine->count = 0;
    machine->configured = true;
    mk_mutex_lock(&machine_lock);
    if (machine_ids)
    {
        for (unsigned i = 0; i < machine_id_count && SUCCEEDED(hr); ++i)
            hr = machine_add(machine, &warp, "mockd3d12_set_machine_adapters", machine_ids[i], error, error_size);
        mk_mutex_unlock(&machine_lock);
    }
    else
    {
        mk_mutex_unlock(&machine_lock);
        if ((list = mk_getenv("MOCKD3D12_ADAPTERS")))
        {
            hr = machine_add_list(machine, &warp, list, error, error_size);
        }
        else
        {
            /* Not configured: the default adapter (which then never comes
             * from the machine) plus WARP. */
            machine->configured = false;
            if (!(a = caps_adapter_default(inner, sizeof(inner))))
            {
                snprintf(error, error_size, "no default adapter: %s", inner);
                hr = E_INVALIDARG;
            }
            else if (caps_adapter_is_software(a))
                warp = a;
            else
                machine->adapters[machine->count++] = a;
        }
    }
    if (FAILED(hr))
        return hr;

    if (!warp && !(warp = caps_adapter_lookup(CAPS_MACHINE_DEFAULT_WARP, NULL, 0)))
    {
        snprintf(error, error_size, "the \"%s\" profile is not registered", CAPS_MACHINE_DEFAULT_WARP);
        return E_FAIL;
    }
    machine->adapters[machine->count++] = warp;
    return S_OK;
}

bool caps_machine_configured(void)
{
    bool configured;

    mk_mutex_lock(&machine_lock);
    configured = machine_ids != NULL;
    mk_mutex_unlock(&machine_lock);
    return configured || mk_getenv("MOCKD3D12_ADAPTERS");
}

void caps_machine_reset(void)
{
    mk_mutex_lock(&machine_lock);
    free_ids(machine_ids, machine_id_count);
    machine_ids = NULL;
    machine_id_count = 0;
    mk_mutex_unlock(&machine_lock);
}

void caps_machine_replace_adapter(const struct caps_adapter *adapter)
{
    struct machine_generation *grown;
    unsigned i, capacity;

    mk_mutex_lock(&machine_lock);
    for (i = 0; i < machine_generation_count && machine_generations[i].adapter != adapter; ++i)
        ;
    if (i == machine_generation_count && i == machine_generation_capacity)
    {
        capacity = machine_generation_capacity ? 2 * machine_generation_capacity : 4;
        /* Without memory the adapter stays the instance it was: the removal
         * of its devices goes on, only DXGI and DXCore do not see it. */
        if ((grown = mk_realloc(machine_generations, capacity * sizeof(*grown))))
        {
            machine_generations = grown;
            machine_generation_capacity = capacity;
        }
    }
    if (i < machine_generation_capacity)
    {
        if (i == machine_generation_count)
        {
            machine_generations[i].adapter = adapter;
            machine_generations[i].generation = 0;
            ++machine_generation_count;
        }
        ++machine_generations[i].generation;
    }
    mk_mutex_unlock(&machine_lock);
}

UINT64 caps_machine_generation(const struct caps_adapter *adapter)
{
    UINT64 generation = 0;

    mk_mutex_lock(&machine_lock);
    for (unsigned i = 0; i < machine_generation_count; ++i)
    {
        if (machine_generations[i].adapter == adapter)
            generation = machine_generations[i].generation;
    }
    mk_mutex_unlock(&machine_lock);
    return generation;
}

HRESULT caps_machine_set(const char *const *ids, UINT count, char *error, size_t error_size)
{
    char **copy = NULL;
    char message[1024];

    if (count && !ids)
    {
        snprintf(error, error_size, "ids is NULL with count %u", count);
        return E_INVALIDARG;
    }
    if (count > CAPS_MACHINE_MAX)
    {
        snprintf(error, error_size, "%u ids, at most %u", count, CAPS_MACHINE_MAX);
        return E_INVALIDARG;
    }
    /* Validate everything first: a failed call changes nothing. */
    for (UINT i = 0; i < count; ++i)
    {
        if (!ids[i])
        {
            snprintf(error, error_size, "ids[%u] is NULL", i);
            return E_INVALIDARG;
        }
        if (!caps_adapter_lookup(ids[i], message, sizeof(message)))
        {
            snprintf(error, error_size, "%s", message);
            return E_INVALIDARG;
        }
    }
    if (count)
    {
        if (!(copy = mk_calloc(count, sizeof(*copy))))
        {
            snprintf(error, error_size, "out of memory");
            return E_OUTOFMEMORY;
        }
        for (UINT i = 0; i < count; ++i)
        {
            if (!(copy[i] = mk_strdup(ids[i])))
            {
                free_ids(copy, count);
                snprintf(error, error_size, "out of memory");
                return E_OUTOFMEMORY;
            }
        }
    }

    mk_mutex_lock(&machine_lock);
    free_ids(machine_ids, machine_id_count);
    machine_ids = copy;
    machine_id_count = count;
    mk_mutex_unlock(&machine_lock);
    return S_OK;
}

/* Leak checkers: the setting is process state. */
__attribute__((destructor)) static void machine_free(void)
{
    caps_machine_reset();
}

/* Above the registry: its choice first, then the machine's, as on Windows,
 * where the default adapter is DXGI's first (hardware adapters first, WARP
 * last), then the built-in default. */
const struct caps_adapter *caps_adapter_default(char *error, size_t error_size)
{
    const struct caps_adapter *a = NULL;
    struct caps_machine machine;
    char local[16], inner[1536];
    HRESULT hr;

    if (!error || !error_size)
        error = local, error_size = sizeof(local);
    error[0] = 0;
    if ((hr = caps_adapter_chosen(&a, error, error_size)) != S_FALSE)
        return SUCCEEDED(hr) ? a : NULL;
    if (caps_machine_configured())
    {
        if (FAILED(caps_machine_resolve(&machine, inner, sizeof(inner))))
        {
            snprintf(error, error_size, "the machine's first adapter: %s", inner);
            return NULL;
        }
        if (machine.configured)
            return machine.adapters[0];
    }
    return caps_adapter_builtin_default(error, error_size);
}
