/*
 * ID3D12Object private data (GetPrivateData / SetPrivateData /
 * SetPrivateDataInterface / SetName), shared by every object that has it.
 * Thread-safe: a spin lock, held for a list operation and a copy (every
 * object has a store, so a mutex's set-up and tear-down were part of every
 * creation).
 */
#ifndef MOCKD3D12_PRIVATE_DATA_H
#define MOCKD3D12_PRIVATE_DATA_H

#include <mockd3d12/d3d12.h>

#include "platform.h"

struct mk_private_entry;

struct mk_private_data
{
    mk_spinlock lock;
    struct mk_private_entry *entries;
};

void mk_private_data_init(struct mk_private_data *store);
/* Releases stored interfaces and frees everything. */
void mk_private_data_destroy(struct mk_private_data *store);

HRESULT mk_private_data_get(struct mk_private_data *store, REFGUID guid, UINT *size, void *data);
HRESULT mk_private_data_set(struct mk_private_data *store, REFGUID guid, UINT size, const void *data);
HRESULT mk_private_data_set_interface(struct mk_private_data *store, REFGUID guid, const IUnknown *object);
HRESULT mk_private_data_set_name(struct mk_private_data *store, const WCHAR *name);

/* The name set by SetName (a copy the caller frees), or NULL. */
WCHAR *mk_private_data_name(struct mk_private_data *store);

/* The four ID3D12Object methods of an object: PREFIX_GetPrivateData,
 * PREFIX_SetPrivateData, PREFIX_SetPrivateDataInterface and PREFIX_SetName on
 * interface IFACE, reaching its `private_data` member through IMPL(iface)
 * (a struct mk_object, object.h). */
#define MK_PRIVATE_DATA_METHODS(prefix, IFACE, IMPL) \
    static HRESULT STDMETHODCALLTYPE prefix##_GetPrivateData(IFACE *iface, REFGUID guid, UINT *size, void *data) \
    { \
        return mk_private_data_get(&IMPL(iface)->private_data, guid, size, data); \
    } \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateData(IFACE *iface, REFGUID guid, UINT size, const void *data) \
    { \
        return mk_private_data_set(&IMPL(iface)->private_data, guid, size, data); \
    } \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateDataInterface(IFACE *iface, REFGUID guid, \
            const IUnknown *object) \
    { \
        return mk_private_data_set_interface(&IMPL(iface)->private_data, guid, object); \
    } \
    static HRESULT STDMETHODCALLTYPE prefix##_SetName(IFACE *iface, const WCHAR *name) \
    { \
        return mk_private_data_set_name(&IMPL(iface)->private_data, name); \
    }

#endif
