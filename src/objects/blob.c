/*
 * ID3DBlob. The blob answers IUnknown and ID3D10Blob (ID3DBlob is the same
 * interface); its bytes never change, so nothing is locked.
 */
#include <stdatomic.h>
#include <string.h>

#include "alloc.h"
#include "blob.h"
#include "private_data.h"

struct obj_blob
{
    ID3D10Blob ID3D10Blob_iface;
    atomic_ulong refcount;
    void *data;
    size_t size;
};

static inline struct obj_blob *impl_from_ID3D10Blob(ID3D10Blob *iface)
{
    return (struct obj_blob *)((char *)iface - offsetof(struct obj_blob, ID3D10Blob_iface));
}

static HRESULT STDMETHODCALLTYPE d3d10_blob_QueryInterface(ID3D10Blob *iface, REFIID riid, void **out)
{
    static const IID *const interfaces[] = {&IID_IUnknown, &IID_ID3D10Blob};
    HRESULT hr = mk_object_query(riid, out, interfaces, sizeof(interfaces) / sizeof(interfaces[0]));

    if (hr == S_OK)
    {
        iface->lpVtbl->AddRef(iface);
        *out = iface;
    }
    return hr;
}

static ULONG STDMETHODCALLTYPE d3d10_blob_AddRef(ID3D10Blob *iface)
{
    return (ULONG)atomic_fetch_add(&impl_from_ID3D10Blob(iface)->refcount, 1) + 1;
}

static ULONG STDMETHODCALLTYPE d3d10_blob_Release(ID3D10Blob *iface)
{
    struct obj_blob *blob = impl_from_ID3D10Blob(iface);
    ULONG refcount = (ULONG)atomic_fetch_sub(&blob->refcount, 1) - 1;

    if (!refcount)
    {
        mk_free(blob->data);
        mk_free(blob);
    }
    return refcount;
}

static LPVOID STDMETHODCALLTYPE d3d10_blob_GetBufferPointer(ID3D10Blob *iface)
{
    return impl_from_ID3D10Blob(iface)->data;
}

static SIZE_T STDMETHODCALLTYPE d3d10_blob_GetBufferSize(ID3D10Blob *iface)
{
    return impl_from_ID3D10Blob(iface)->size;
}

static const ID3D10BlobVtbl d3d10_blob_vtbl =
{
    /* IUnknown methods */
    d3d10_blob_QueryInterface,
    d3d10_blob_AddRef,
    d3d10_blob_Release,
    /* ID3D10Blob methods */
    d3d10_blob_GetBufferPointer,
    d3d10_blob_GetBufferSize,
};

HRESULT obj_blob_create_owned(void *data, size_t size, ID3DBlob **out)
{
    struct obj_blob *blob;

    *out = NULL;
    if (!(blob = mk_calloc(1, sizeof(*blob))))
    {
        mk_free(data);
        return E_OUTOFMEMORY;
    }
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    blob->ID3D10Blob_iface.lpVtbl = (ID3D10BlobVtbl *)&d3d10_blob_vtbl;
    atomic_init(&blob->refcount, 1);
    blob->data = data;
    blob->size = size;
    *out = &blob->ID3D10Blob_iface;
    return S_OK;
}

HRESULT obj_blob_create_text(const char *text, ID3DBlob **out)
{
    size_t size = strlen(text) + 1;
    char *copy;

    *out = NULL;
    if (!(copy = mk_alloc(size)))
        return E_OUTOFMEMORY;
    memcpy(copy, text, size);
    return obj_blob_create_owned(copy, size, out);
}
