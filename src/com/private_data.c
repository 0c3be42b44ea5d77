/*
 * ID3D12Object private data, with the real runtime's results as recorded by
 * vkd3d's conformance test test_object_interface() (tests/d3d12.c, run on
 * Windows): see tests/unit/test_device.c for the rows.
 *
 * A store is a small linked list under one spin lock: objects carry a
 * handful of entries at most, and a replaced entry is released after the
 * lock is let go (its interface's Release may call anything).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "alloc.h"
#include "private_data.h"

struct mk_private_entry
{
    struct mk_private_entry *next;
    GUID guid;
    bool is_interface;
    IUnknown *object;   /* when is_interface (may be NULL) */
    UINT size;
    unsigned char data[]; /* size bytes when !is_interface */
};

void mk_private_data_init(struct mk_private_data *store)
{
    mk_spinlock_init(&store->lock);
    store->entries = NULL;
}

static void entry_free(struct mk_private_entry *entry)
{
    if (entry->is_interface && entry->object)
        entry->object->lpVtbl->Release(entry->object);
    mk_free(entry);
}

void mk_private_data_destroy(struct mk_private_data *store)
{
    struct mk_private_entry *entry, *next;

    for (entry = store->entries; entry; entry = next)
    {
        next = entry->next;
        entry_free(entry);
    }
    store->entries = NULL;
}

static struct mk_private_entry **find_entry(struct mk_private_data *store, REFGUID guid)
{
    struct mk_private_entry **link;

    for (link = &store->entries; *link; link = &(*link)->next)
    {
        if (!memcmp(&(*link)->guid, guid, sizeof(GUID)))
            return link;
    }
    return NULL;
}

/* Inserts `entry` in place of any entry of the same GUID, which it returns
 * for the caller to free once the lock is let go. */
static struct mk_private_entry *replace_entry(struct mk_private_data *store, struct mk_private_entry *entry)
{
    struct mk_private_entry **link, *old = NULL;

    if ((link = find_entry(store, &entry->guid)))
    {
        old = *link;
        entry->next = old->next;
        *link = entry;
    }
    else
    {
        entry->next = store->entries;
        store->entries = entry;
    }
    return old;
}

HRESULT mk_private_data_get(struct mk_private_data *store, REFGUID guid, UINT *size, void *data)
{
    const struct mk_private_entry *entry;
    struct mk_private_entry **link;
    UINT stored;

    if (!guid || !size)
        return E_INVALIDARG;

    mk_spin_lock(&store->lock);
    if (!(link = find_entry(store, guid)))
    {
        /* The size is reset, the buffer untouched. */
        mk_spin_unlock(&store->lock);
        *size = 0;
        return DXGI_ERROR_NOT_FOUND;
    }
    entry = *link;
    stored = entry->is_interface ? (UINT)sizeof(IUnknown *) : entry->size;
    if (!data)
    {
        /* A size query succeeds whatever *size held. */
        mk_spin_unlock(&store->lock);
        *size = stored;
        return S_OK;
    }
    if (*size < stored)
    {
        mk_spin_unlock(&store->lock);
        *size = stored;
        return DXGI_ERROR_MORE_DATA;
    }
    if (entry->is_interface)
    {
        /* The caller gets its own reference. */
        if (entry->object)
            entry->object->lpVtbl->AddRef(entry->object);
        memcpy(data, &entry->object, sizeof(entry->object));
    }
    else
    {
        memcpy(data, entry->data, stored);
    }
    mk_spin_unlock(&store->lock);
    *size = stored;
    return S_OK;
}

HRESULT mk_private_data_set(struct mk_private_data *store, REFGUID guid, UINT size, const void *data)
{
    struct mk_private_entry **link, *entry, *old;

    if (!guid)
        return E_INVALIDARG;

    if (!data)
    {
        /* NULL data deletes, whatever the size: S_FALSE when there was nothing. */
        mk_spin_lock(&store->lock);
        if (!(link = find_entry(store, guid)))
        {
            mk_spin_unlock(&store->lock);
            return S_FALSE;
        }
        entry = *link;
        *link = entry->next;
        mk_spin_unlock(&store->lock);
        entry_free(entry);
        return S_OK;
    }

    if (!(entry = mk_alloc(offsetof(struct mk_private_entry, data) + (size ? size : 1))))
        return E_OUTOFMEMORY;
    memcpy(&entry->guid, guid, sizeof(GUID));
    entry->is_interface = false;
    entry->object = NULL;
    entry->size = size;
    memcpy(entry->data, data, size);

    mk_spin_lock(&store->lock);
    old = replace_entry(store, entry);
    mk_spin_unlock(&store->lock);
    if (old)
        entry_free(old);
    return S_OK;
}

HRESULT mk_private_data_set_interface(struct mk_private_data *store, REFGUID guid, const IUnknown *object)
{
    struct mk_private_entry *entry, *old;
    IUnknown *unknown = (IUnknown *)object;

    if (!guid)
        return E_INVALIDARG;
    if (!(entry = mk_alloc(sizeof(*entry))))
        return E_OUTOFMEMORY;
    memcpy(&entry->guid, guid, sizeof(GUID));
    entry->is_interface = true;
    entry->size = sizeof(IUnknown *);
    /* A NULL interface is stored too (GetPrivateData then returns NULL). */
    if ((entry->object = unknown))
        unknown->lpVtbl->AddRef(unknown);

    mk_spin_lock(&store->lock);
    old = replace_entry(store, entry);
    mk_spin_unlock(&store->lock);
    if (old)
        entry_free(old);
    return S_OK;
}

HRESULT mk_private_data_set_name(struct mk_private_data *store, const WCHAR *name)
{
    size_t length;

    if (!name)
        return E_INVALIDARG;
    length = wcslen(name) + 1;
    if (length > UINT32_MAX / sizeof(WCHAR))
        return E_INVALIDARG;
    return mk_private_data_set(store, &WKPDID_D3DDebugObjectNameW, (UINT)(length * sizeof(WCHAR)), name);
}

WCHAR *mk_private_data_name(struct mk_private_data *store)
{
    struct mk_private_entry **link;
    const struct mk_private_entry *entry;
    WCHAR *name = NULL;
    size_t count;

    mk_spin_lock(&store->lock);
    if ((link = find_entry(store, &WKPDID_D3DDebugObjectNameW)) && !(entry = *link)->is_interface)
    {
        /* Whatever was stored under the GUID, return a terminated string. */
        count = entry->size / sizeof(WCHAR);
        if ((name = mk_alloc((count + 1) * sizeof(WCHAR))))
        {
            memcpy(name, entry->data, count * sizeof(WCHAR));
            name[count] = 0;
        }
    }
    mk_spin_unlock(&store->lock);
    return name;
}
