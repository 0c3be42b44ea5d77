/*
 * ID3D12PipelineState. What Windows does, as the public conformance tests
 * record it (vkd3d-proton's tests/d3d12_pso_blob.c, run on Windows):
 * GetCachedBlob returns a non-empty blob that the same description takes back
 * as CachedPSO; another shader or another root signature with that blob is
 * E_INVALIDARG (test_get_cached_blob). A blob of another adapter is
 * D3D12_ERROR_ADAPTER_NOT_FOUND and of another driver
 * D3D12_ERROR_DRIVER_VERSION_MISMATCH (D3D12_CACHED_PIPELINE_STATE, the D3D12
 * documentation).
 *
 * The cached blob (mockd3d12's own layout, 48 bytes): "MKPS", format 1, the
 * adapter's LUID, the driver version, the pipeline type, 4 reserved bytes,
 * the description's digest.
 */
#include <string.h>

#include "bytes.h"
#include "alloc.h"
#include "blob.h"
#include "pipeline_state.h"
#include "root_signature.h"

#define BLOB_MAGIC 0x53504b4du /* "MKPS" */
#define BLOB_FORMAT 2u /* 2: digests a word at a time */

static const ID3D12PipelineStateVtbl d3d12_pipeline_state_vtbl;

MK_OBJECT_HELPERS(struct obj_pipeline_state, ID3D12PipelineState, ID3D12PipelineState_iface,
        impl_from_ID3D12PipelineState, pipeline_state_object)

/* ---- Bytes and digests ---- */

void obj_cached_header_write(uint8_t *p, uint32_t magic, uint32_t format, const struct obj_device *owner)
{
    mk_write_u32(p, magic);
    mk_write_u32(p + 4, format);
    mk_write_u32(p + 8, (uint32_t)owner->adapter_luid.LowPart);
    mk_write_u32(p + 12, (uint32_t)owner->adapter_luid.HighPart);
    mk_write_u32(p + 16, (uint32_t)owner->driver_version);
    mk_write_u32(p + 20, (uint32_t)(owner->driver_version >> 32));
}

HRESULT obj_cached_header_check(const uint8_t *p, uint32_t magic, uint32_t format, const struct obj_device *owner)
{
    uint64_t driver = (uint64_t)mk_read_u32(p + 16) | (uint64_t)mk_read_u32(p + 20) << 32;

    if (mk_read_u32(p) != magic)
        return E_INVALIDARG;
    if (mk_read_u32(p + 8) != (uint32_t)owner->adapter_luid.LowPart
            || mk_read_u32(p + 12) != (uint32_t)owner->adapter_luid.HighPart)
        return D3D12_ERROR_ADAPTER_NOT_FOUND;
    if (mk_read_u32(p + 4) != format || driver != owner->driver_version)
        return D3D12_ERROR_DRIVER_VERSION_MISMATCH;
    return S_OK;
}

/* Two 64-bit lanes fed a 64-bit word at a time (FNV-1a's prime; the second
 * lane rotated after each word, so high bits reach the low ones): a
 * description digest, not a cryptographic one. Cached blobs and libraries
 * of format 1 were digested a byte at a time. */
void obj_digest_init(struct obj_digest *d)
{
    d->a = 0xcbf29ce484222325ull;
    d->b = 0x84222325cbf29ce4ull;
}

void obj_digest_bytes(struct obj_digest *d, const void *data, size_t size)
{
    const uint8_t *p = data;
    uint64_t word;
    size_t i;

    for (i = 0; i + 8 <= size; i += 8)
        obj_digest_word(d, (uint64_t)mk_read_u32(p + i) | (uint64_t)mk_read_u32(p + i + 4) << 32);
    /* The tail's bytes, and its length (so "ab" and "ab\0" differ). */
    for (word = size - i; i < size; ++i)
        word = word << 8 | p[i];
    obj_digest_word(d, word);
}

void obj_digest_final(const struct obj_digest *d, uint8_t out[OBJ_PIPELINE_DIGEST_SIZE])
{
    mk_write_u32(out, (uint32_t)d->a);
    mk_write_u32(out + 4, (uint32_t)(d->a >> 32));
    mk_write_u32(out + 8, (uint32_t)d->b);
    mk_write_u32(out + 12, (uint32_t)(d->b >> 32));
}

/* ---- The object ---- */

static void pipeline_state_destroy(struct mk_object *object)
{
    struct obj_pipeline_state *state = MK_OBJECT_IMPL(struct obj_pipeline_state, obj, object);

    if (state->root_signature)
        mk_object_unretain(&obj_root_signature_from_iface(state->root_signature)->obj);
}

static const struct mk_interface pipeline_state_interfaces[] =
{
    MK_INTERFACE_AT(struct obj_pipeline_state, obj, ID3D12PipelineState_iface, IID_ID3D12PipelineState),
    OBJ_PAGEABLE_INTERFACES(struct obj_pipeline_state, ID3D12PipelineState_iface),
};

/* A pipeline state holds its device while the application holds it (a
 * library may keep one the application let go). */
static const struct mk_object_class pipeline_state_class =
        MK_OBJECT_CLASS(struct obj_pipeline_state, pipeline_state_interfaces,
        .name = "ID3D12PipelineState", .kind = OBJ_KIND_PIPELINE_STATE, .flags = MK_OBJECT_PARENT_WHILE_PUBLIC,
        .destroy = pipeline_state_destroy);

MK_D3D12_CHILD_METHODS(d3d12_pipeline_state, ID3D12PipelineState, pipeline_state_object)

/* ---- ID3D12PipelineState ---- */

static HRESULT STDMETHODCALLTYPE d3d12_pipeline_state_GetCachedBlob(ID3D12PipelineState *iface, ID3DBlob **blob)
{
    struct obj_pipeline_state *state = impl_from_ID3D12PipelineState(iface);
    const struct obj_device *owner = obj_device_of(&state->obj);
    uint8_t *data;

    if (!blob)
        return E_INVALIDARG;
    *blob = NULL;
    if (!(data = mk_calloc(1, OBJ_PIPELINE_BLOB_SIZE)))
        return E_OUTOFMEMORY;
    obj_cached_header_write(data, BLOB_MAGIC, BLOB_FORMAT, owner);
    mk_write_u32(data + 24, state->type);
    memcpy(data + 32, state->digest, OBJ_PIPELINE_DIGEST_SIZE);
    return obj_blob_create_owned(data, OBJ_PIPELINE_BLOB_SIZE, blob);
}

static const ID3D12PipelineStateVtbl d3d12_pipeline_state_vtbl =
{
    MK_D3D12_CHILD_VTBL(d3d12_pipeline_state),
    /* ID3D12PipelineState methods */
    d3d12_pipeline_state_GetCachedBlob,
};

HRESULT obj_pipeline_state_create(struct obj_device *owner, uint32_t type,
        const uint8_t digest[OBJ_PIPELINE_DIGEST_SIZE], ID3D12RootSignature *root_signature,
        struct obj_pipeline_state **out)
{
    struct obj_pipeline_state *state;

    *out = NULL;
    if (!(state = mk_calloc(1, sizeof(*state))))
        return E_OUTOFMEMORY;
    state->ID3D12PipelineState_iface.lpVtbl = (ID3D12PipelineStateVtbl *)&d3d12_pipeline_state_vtbl;
    state->type = type;
    memcpy(state->digest, digest, OBJ_PIPELINE_DIGEST_SIZE);
    /* An internal reference: the root signature's refcount does not count it. */
    if ((state->root_signature = root_signature))
        mk_object_retain(&obj_root_signature_from_iface(root_signature)->obj);
    mk_object_init(&state->obj, &pipeline_state_class, (IUnknown *)owner->device, &owner->registry);

    *out = state;
    return S_OK;
}

struct obj_pipeline_state *obj_pipeline_state_from_iface(ID3D12PipelineState *iface)
{
    if (!iface || iface->lpVtbl != &d3d12_pipeline_state_vtbl)
        return NULL;
    return impl_from_ID3D12PipelineState(iface);
}

HRESULT obj_pipeline_blob_check(const struct obj_device *owner, const void *data, size_t size, uint32_t type,
        const uint8_t digest[OBJ_PIPELINE_DIGEST_SIZE], bool *desc_mismatch)
{
    const uint8_t *p = data;
    HRESULT hr;

    *desc_mismatch = false;
    if (!data || size != OBJ_PIPELINE_BLOB_SIZE)
        return E_INVALIDARG;
    if (FAILED(hr = obj_cached_header_check(p, BLOB_MAGIC, BLOB_FORMAT, owner)))
        return hr;
    if (mk_read_u32(p + 24) != type || memcmp(p + 32, digest, OBJ_PIPELINE_DIGEST_SIZE))
    {
        *desc_mismatch = true;
        return E_INVALIDARG;
    }
    return S_OK;
}
