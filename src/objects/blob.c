/*
 * ID3DBlob. The blob answers IUnknown and ID3D10Blob (ID3DBlob is the same
 * interface); its bytes never change, so nothing is locked.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>

#include "alloc.h"
#include "blob.h"
#include "object.h"

struct obj_blob
{
    ID3D10Blob ID3D10Blob_iface;
    struct mk_object obj;
    void *data;
    size_t size;
    bool data_inline;  /* the data shares the object's allocation */
};

MK_OBJECT_HELPERS(struct obj_blob, ID3D10Blob, ID3D10Blob_iface, impl_from_ID3D10Blob, blob_object)

static void blob_destroy(struct mk_object *object)
{
    struct obj_blob *blob = MK_OBJECT_IMPL(struct obj_blob, obj, object);

    if (!blob->data_inline)
        mk_free(blob->data);
}

static const struct mk_interface blob_interfaces[] =
{
    MK_INTERFACE_AT(struct obj_blob, obj, ID3D10Blob_iface, IID_IUnknown),
    MK_INTERFACE_AT(struct obj_blob, obj, ID3D10Blob_iface, IID_ID3D10Blob),
};

static const struct mk_object_class blob_class = MK_OBJECT_CLASS(struct obj_blob, blob_interfaces,
        .name = "ID3DBlob", .destroy = blob_destroy);

MK_IUNKNOWN_METHODS(d3d10_blob, ID3D10Blob, blob_object)

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

size_t obj_blob_head(void)
{
    return (sizeof(struct obj_blob) + 15) & ~(size_t)15;
}

static ID3DBlob *blob_init(struct obj_blob *blob, void *data, size_t size)
{
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    blob->ID3D10Blob_iface.lpVtbl = (ID3D10BlobVtbl *)&d3d10_blob_vtbl;
    blob->data = data;
    blob->size = size;
    mk_object_init(&blob->obj, &blob_class, NULL, NULL);
    return &blob->ID3D10Blob_iface;
}

HRESULT obj_blob_create_owned(void *data, size_t size, ID3DBlob **out)
{
    struct obj_blob *blob;

    *out = NULL;
    if (!(blob = mk_calloc(1, sizeof(*blob))))
    {
        mk_free(data);
        return E_OUTOFMEMORY;
    }
    *out = blob_init(blob, data, size);
    return S_OK;
}

ID3DBlob *obj_blob_create_at(void *block, size_t size)
{
    struct obj_blob *blob = block;

    blob->data_inline = true;
    return blob_init(blob, (char *)block + obj_blob_head(), size);
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
