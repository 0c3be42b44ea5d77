/*
 * The root signature deserializers. What Windows does, as vkd3d-proton's
 * tests/d3d12_root_signature.c (test_root_signature_byte_code, run on
 * Windows) records it: each answers its own IID only — not IUnknown, not the
 * other deserializer's; GetRootSignatureDescAtVersion of the blob's own
 * version returns GetUnconvertedRootSignatureDesc's pointer; the legacy one
 * answers a 1.1 blob as 1.0. Converted versions are made on first request
 * and kept until the deserializer goes ("Versioned Root Signature Data
 * Structure Serialization / Deserialization" in the resource binding
 * specification).
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "object.h"
#include "rdat.h"
#include "root_signature_codec.h"
#include "root_signature_deserializer.h"

/* ---- ID3D12RootSignatureDeserializer ---- */

struct obj_rs_deserializer
{
    ID3D12RootSignatureDeserializer ID3D12RootSignatureDeserializer_iface;
    struct mk_object obj;
    struct obj_rs *rs; /* version 1.0 */
    bool rs_inline;    /* rs shares the object's allocation */
};

static inline struct obj_rs_deserializer *impl_from_ID3D12RootSignatureDeserializer(
        ID3D12RootSignatureDeserializer *iface)
{
    return (struct obj_rs_deserializer *)((char *)iface
            - offsetof(struct obj_rs_deserializer, ID3D12RootSignatureDeserializer_iface));
}

static inline struct mk_object *deserializer_object(ID3D12RootSignatureDeserializer *iface)
{
    return &impl_from_ID3D12RootSignatureDeserializer(iface)->obj;
}

/* Where a deserializer's description is when it shares the object's
 * allocation (a 1.0 blob: no conversion). */
#define DESERIALIZER_HEAD OBJ_RS_HEAD(sizeof(struct obj_rs_deserializer))

static void deserializer_destroy(struct mk_object *object)
{
    struct obj_rs_deserializer *deserializer = MK_OBJECT_IMPL(struct obj_rs_deserializer, obj, object);

    if (!deserializer->rs_inline)
        mk_free(deserializer->rs);
}

/* Its own IID only: not IUnknown. */
static const struct mk_interface deserializer_interfaces[] =
{
    MK_INTERFACE_AT(struct obj_rs_deserializer, obj, ID3D12RootSignatureDeserializer_iface,
            IID_ID3D12RootSignatureDeserializer),
};

static const struct mk_object_class deserializer_class =
        MK_OBJECT_CLASS(struct obj_rs_deserializer, deserializer_interfaces,
        .name = "ID3D12RootSignatureDeserializer", .destroy = deserializer_destroy);

MK_IUNKNOWN_METHODS(d3d12_rs_deserializer, ID3D12RootSignatureDeserializer, deserializer_object)

static const D3D12_ROOT_SIGNATURE_DESC *STDMETHODCALLTYPE d3d12_rs_deserializer_GetRootSignatureDesc(
        ID3D12RootSignatureDeserializer *iface)
{
    return &impl_from_ID3D12RootSignatureDeserializer(iface)->rs->desc.Desc_1_0;
}

static const ID3D12RootSignatureDeserializerVtbl d3d12_rs_deserializer_vtbl =
{
    /* IUnknown methods */
    d3d12_rs_deserializer_QueryInterface,
    d3d12_rs_deserializer_AddRef,
    d3d12_rs_deserializer_Release,
    /* ID3D12RootSignatureDeserializer methods */
    d3d12_rs_deserializer_GetRootSignatureDesc,
};

static bool iid_is(REFIID riid, const IID *iid)
{
    return riid && !memcmp(riid, iid, sizeof(*iid));
}

HRESULT obj_rs_deserializer_create(const void *data, size_t size, REFIID riid, void **out, char *why,
        size_t why_size)
{
    struct obj_rs_deserializer *deserializer;
    struct obj_rs *rs, *rs_1_0;
    HRESULT hr;

    *out = NULL;
    why[0] = 0;
    if (!iid_is(riid, &IID_ID3D12RootSignatureDeserializer))
        return E_NOINTERFACE;
    /* One allocation: the object, then the description it parsed. */
    if (FAILED(hr = obj_rs_parse(data, size, DESERIALIZER_HEAD, &rs, why, why_size)))
        return hr;
    deserializer = (struct obj_rs_deserializer *)((char *)rs - DESERIALIZER_HEAD);
    deserializer->rs_inline = true;
    if (rs->desc.Version != D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        hr = obj_rs_convert(&rs->desc, D3D_ROOT_SIGNATURE_VERSION_1_0, &rs_1_0);
        mk_free(deserializer);
        if (FAILED(hr))
        {
            if (hr == E_INVALIDARG)
                snprintf(why, why_size, "a static sampler has flags root signature 1.0 cannot express");
            return hr;
        }
        rs = rs_1_0;
        if (!(deserializer = mk_calloc(1, sizeof(*deserializer))))
        {
            mk_free(rs);
            return E_OUTOFMEMORY;
        }
    }
    deserializer->ID3D12RootSignatureDeserializer_iface.lpVtbl
            = (ID3D12RootSignatureDeserializerVtbl *)&d3d12_rs_deserializer_vtbl;
    deserializer->rs = rs;
    mk_object_init(&deserializer->obj, &deserializer_class, NULL, NULL);
    *out = &deserializer->ID3D12RootSignatureDeserializer_iface;
    return S_OK;
}

/* ---- ID3D12VersionedRootSignatureDeserializer ---- */

struct obj_versioned_rs_deserializer
{
    ID3D12VersionedRootSignatureDeserializer ID3D12VersionedRootSignatureDeserializer_iface;
    struct mk_object obj;
    struct obj_rs *rs;                  /* as parsed */
    struct obj_rs *_Atomic versions[3]; /* 1.0, 1.1, 1.2 made from it, on demand */
};

static inline struct obj_versioned_rs_deserializer *impl_from_ID3D12VersionedRootSignatureDeserializer(
        ID3D12VersionedRootSignatureDeserializer *iface)
{
    return (struct obj_versioned_rs_deserializer *)((char *)iface
            - offsetof(struct obj_versioned_rs_deserializer, ID3D12VersionedRootSignatureDeserializer_iface));
}

static inline struct mk_object *versioned_object(ID3D12VersionedRootSignatureDeserializer *iface)
{
    return &impl_from_ID3D12VersionedRootSignatureDeserializer(iface)->obj;
}

static void versioned_destroy(struct mk_object *object)
{
    struct obj_versioned_rs_deserializer *deserializer
            = MK_OBJECT_IMPL(struct obj_versioned_rs_deserializer, obj, object);
    unsigned i;

    for (i = 0; i < 3; ++i)
        mk_free(atomic_load(&deserializer->versions[i]));
    mk_free(deserializer->rs);
}

/* Its own IID only: not IUnknown. */
static const struct mk_interface versioned_interfaces[] =
{
    MK_INTERFACE_AT(struct obj_versioned_rs_deserializer, obj, ID3D12VersionedRootSignatureDeserializer_iface,
            IID_ID3D12VersionedRootSignatureDeserializer),
};

static const struct mk_object_class versioned_class =
        MK_OBJECT_CLASS(struct obj_versioned_rs_deserializer, versioned_interfaces,
        .name = "ID3D12VersionedRootSignatureDeserializer", .destroy = versioned_destroy);

MK_IUNKNOWN_METHODS(d3d12_versioned_rs_deserializer, ID3D12VersionedRootSignatureDeserializer, versioned_object)

/* E_INVALIDARG for no output or an unknown version (output untouched), or a
 * 1.2 static sampler flag the older version cannot express (output NULL);
 * E_OUTOFMEMORY. */
static HRESULT STDMETHODCALLTYPE d3d12_versioned_rs_deserializer_GetRootSignatureDescAtVersion(
        ID3D12VersionedRootSignatureDeserializer *iface, D3D_ROOT_SIGNATURE_VERSION version,
        const D3D12_VERSIONED_ROOT_SIGNATURE_DESC **desc)
{
    struct obj_versioned_rs_deserializer *deserializer = impl_from_ID3D12VersionedRootSignatureDeserializer(iface);
    struct obj_rs *converted, *expected = NULL;
    HRESULT hr;

    if (!desc || (unsigned)version - 1 >= 3)
        return E_INVALIDARG;
    if (version == deserializer->rs->desc.Version)
    {
        *desc = &deserializer->rs->desc;
        return S_OK;
    }
    if (!(converted = atomic_load(&deserializer->versions[version - 1])))
    {
        if (FAILED(hr = obj_rs_convert(&deserializer->rs->desc, version, &converted)))
        {
            *desc = NULL;
            return hr;
        }
        /* Two threads may convert at once: the first one's stays. */
        if (!atomic_compare_exchange_strong(&deserializer->versions[version - 1], &expected, converted))
        {
            mk_free(converted);
            converted = expected;
        }
    }
    *desc = &converted->desc;
    return S_OK;
}

static const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *STDMETHODCALLTYPE
        d3d12_versioned_rs_deserializer_GetUnconvertedRootSignatureDesc(ID3D12VersionedRootSignatureDeserializer *iface)
{
    return &impl_from_ID3D12VersionedRootSignatureDeserializer(iface)->rs->desc;
}

static const ID3D12VersionedRootSignatureDeserializerVtbl d3d12_versioned_rs_deserializer_vtbl =
{
    /* IUnknown methods */
    d3d12_versioned_rs_deserializer_QueryInterface,
    d3d12_versioned_rs_deserializer_AddRef,
    d3d12_versioned_rs_deserializer_Release,
    /* ID3D12VersionedRootSignatureDeserializer methods */
    d3d12_versioned_rs_deserializer_GetRootSignatureDescAtVersion,
    d3d12_versioned_rs_deserializer_GetUnconvertedRootSignatureDesc,
};

/* Takes `rs`. */
static HRESULT versioned_deserializer_wrap(struct obj_rs *rs, void **out)
{
    struct obj_versioned_rs_deserializer *deserializer;

    if (!(deserializer = mk_calloc(1, sizeof(*deserializer))))
    {
        mk_free(rs);
        return E_OUTOFMEMORY;
    }
    deserializer->ID3D12VersionedRootSignatureDeserializer_iface.lpVtbl
            = (ID3D12VersionedRootSignatureDeserializerVtbl *)&d3d12_versioned_rs_deserializer_vtbl;
    deserializer->rs = rs;
    mk_object_init(&deserializer->obj, &versioned_class, NULL, NULL);
    *out = &deserializer->ID3D12VersionedRootSignatureDeserializer_iface;
    return S_OK;
}

HRESULT obj_versioned_rs_deserializer_create(const void *data, size_t size, REFIID riid, void **out, char *why,
        size_t why_size)
{
    struct obj_rs *rs;
    HRESULT hr;

    *out = NULL;
    why[0] = 0;
    if (!iid_is(riid, &IID_ID3D12VersionedRootSignatureDeserializer))
        return E_NOINTERFACE;
    if (FAILED(hr = obj_rs_parse(data, size, 0, &rs, why, why_size)))
        return hr;
    return versioned_deserializer_wrap(rs, out);
}

HRESULT obj_rs_parse_library_subobject(const void *data, size_t size, const WCHAR *name, struct obj_rs **out,
        char *why, size_t why_size)
{
    const void *bytes;
    size_t bytes_size;
    HRESULT hr;

    *out = NULL;
    if (FAILED(hr = obj_rdat_root_signature(data, size, name, &bytes, &bytes_size, why, why_size)))
        return hr;
    /* A serialized root signature (a container) or the RTS0 part alone. */
    if (bytes_size >= 4 && !memcmp(bytes, "DXBC", 4))
        return obj_rs_parse(bytes, bytes_size, 0, out, why, why_size);
    if (FAILED(hr = obj_rs_parse_part(bytes, bytes_size, 0, out, why, why_size)))
        return hr;
    if (FAILED(hr = obj_rs_validate(&(*out)->desc, why, why_size)))
    {
        mk_free(*out);
        *out = NULL;
    }
    return hr;
}

HRESULT obj_versioned_rs_deserializer_create_from_library(const void *data, size_t size, const WCHAR *name,
        REFIID riid, void **out, char *why, size_t why_size)
{
    struct obj_rs *rs;
    HRESULT hr;

    *out = NULL;
    why[0] = 0;
    if (!iid_is(riid, &IID_ID3D12VersionedRootSignatureDeserializer))
        return E_NOINTERFACE;
    if (FAILED(hr = obj_rs_parse_library_subobject(data, size, name, &rs, why, why_size)))
        return hr;
    return versioned_deserializer_wrap(rs, out);
}
