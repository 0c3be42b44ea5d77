/*
 * ID3D12PipelineLibrary1. What Windows does, as the public conformance tests
 * record it (vkd3d-proton's tests/d3d12_pso_blob.c test_pipeline_library, run
 * on Windows) and the D3D12 documentation says:
 *   - CreatePipelineLibrary(NULL, 0) is an empty library; a NULL output a
 *     probe (S_FALSE);
 *   - Load* of a name not stored is E_INVALIDARG, and so is a description
 *     that differs from the stored one, or a compute load of a graphics name;
 *   - StorePipeline of a name already stored is E_INVALIDARG ("Overwriting is
 *     not supported", the documentation: "E_INVALIDARG if the name already
 *     exists");
 *   - a load hands out the one pipeline state of its name (the same pointer,
 *     one more reference), which the library keeps alive;
 *   - Serialize into fewer than GetSerializedSize bytes is E_INVALIDARG.
 */
#include <stdio.h>
#include <string.h>

#include "bytes.h"
#include "alloc.h"
#include "pipeline_library.h"

#define LIBRARY_MAGIC 0x4c504b4du /* "MKPL" */
#define LIBRARY_FORMAT 2u /* 2: digests a word at a time */
#define LIBRARY_HEADER_SIZE 32u
#define ENTRY_HEADER_SIZE (8u + OBJ_PIPELINE_DIGEST_SIZE)

static const ID3D12PipelineLibrary1Vtbl d3d12_pipeline_library_vtbl;

MK_OBJECT_HELPERS(struct obj_pipeline_library, ID3D12PipelineLibrary1, ID3D12PipelineLibrary1_iface,
        impl_from_ID3D12PipelineLibrary1, pipeline_library_object)

static size_t name_length(const WCHAR *name)
{
    size_t n = 0;

    while (name[n])
        ++n;
    return n;
}

static size_t entry_size(size_t length)
{
    return ENTRY_HEADER_SIZE + length * 4;
}

static void report(struct obj_pipeline_library *library, D3D12_MESSAGE_ID id, const char *method, const char *why)
{
    obj_report(&library->obj, id, method, why, "E_INVALIDARG");
}

/* The entry named `name` (under the lock), or NULL. */
static struct obj_pipeline_entry *find_entry(struct obj_pipeline_library *library, const WCHAR *name, size_t length)
{
    size_t i;

    for (i = 0; i < library->count; ++i)
    {
        if (library->entries[i].name_length == length
                && !memcmp(library->names + library->entries[i].name_at, name, length * sizeof(WCHAR)))
            return &library->entries[i];
    }
    return NULL;
}

/* `array` (now *capacity items of `size` bytes long, first in the object's
 * own `inline_array`) with room for `needed` items: itself, or doubled and
 * moved out of the object the first time. NULL when out of memory (nothing
 * changed); the caller stores the result in its typed member. */
static void *reserve(void *array, size_t *capacity, size_t needed, size_t size, const void *inline_array)
{
    size_t grown = *capacity;
    void *moved;

    if (needed <= *capacity)
        return array;
    while (grown < needed)
        grown *= 2;
    if (array == inline_array)
    {
        if (!(moved = mk_alloc(grown * size)))
            return NULL;
        memcpy(moved, array, *capacity * size);
    }
    else if (!(moved = mk_realloc(array, grown * size)))
        return NULL;
    *capacity = grown;
    return moved;
}

/* Appends an entry (under the lock), taking a copy of the name. */
static HRESULT add_entry(struct obj_pipeline_library *library, const WCHAR *name, size_t length, uint32_t type,
        const uint8_t *digest, struct obj_pipeline_state *state)
{
    struct obj_pipeline_entry *entry, *entries;
    WCHAR *names;

    if (length >= UINT32_MAX - library->names_used
            || !(entries = reserve(library->entries, &library->capacity, library->count + 1, sizeof(*entry),
                    library->first_entries)))
        return E_OUTOFMEMORY;
    library->entries = entries;
    if (!(names = reserve(library->names, &library->names_capacity, library->names_used + length + 1,
                    sizeof(WCHAR), library->first_names)))
        return E_OUTOFMEMORY;
    library->names = names;
    entry = &library->entries[library->count++];
    entry->name_at = (uint32_t)library->names_used;
    memcpy(library->names + library->names_used, name, length * sizeof(WCHAR));
    library->names[library->names_used + length] = 0;
    library->names_used += length + 1;
    entry->name_length = (uint32_t)length;
    entry->type = type;
    memcpy(entry->digest, digest, OBJ_PIPELINE_DIGEST_SIZE);
    entry->state = state;
    if (state)
        mk_object_retain(&state->obj);
    return S_OK;
}

/* The entries' and names' own arrays, when they moved out of the object. */
static void free_arrays(struct obj_pipeline_library *library)
{
    if (library->entries != library->first_entries)
        mk_free(library->entries);
    if (library->names != library->first_names)
        mk_free(library->names);
}

/* ---- The object ---- */

static void pipeline_library_destroy(struct mk_object *object)
{
    struct obj_pipeline_library *library = MK_OBJECT_IMPL(struct obj_pipeline_library, obj, object);
    size_t i;

    for (i = 0; i < library->count; ++i)
    {
        if (library->entries[i].state)
            mk_object_unretain(&library->entries[i].state->obj);
    }
    free_arrays(library);
    mk_mutex_destroy(&library->lock);
}

static const struct mk_interface pipeline_library_interfaces[] =
{
    MK_INTERFACE_AT(struct obj_pipeline_library, obj, ID3D12PipelineLibrary1_iface, IID_ID3D12PipelineLibrary),
    MK_INTERFACE_AT(struct obj_pipeline_library, obj, ID3D12PipelineLibrary1_iface, IID_ID3D12PipelineLibrary1),
    OBJ_CHILD_INTERFACES(struct obj_pipeline_library, ID3D12PipelineLibrary1_iface),
};

static const struct mk_object_class pipeline_library_class =
        MK_OBJECT_CLASS(struct obj_pipeline_library, pipeline_library_interfaces,
        .name = "ID3D12PipelineLibrary", .kind = OBJ_KIND_PIPELINE_LIBRARY, .destroy = pipeline_library_destroy);

MK_D3D12_CHILD_METHODS(d3d12_pipeline_library, ID3D12PipelineLibrary1, pipeline_library_object)

/* ---- ID3D12PipelineLibrary ---- */

static HRESULT STDMETHODCALLTYPE d3d12_pipeline_library_StorePipeline(ID3D12PipelineLibrary1 *iface,
        const WCHAR *name, ID3D12PipelineState *pipeline)
{
    static const char method[] = "ID3D12PipelineLibrary::StorePipeline";
    struct obj_pipeline_library *library = impl_from_ID3D12PipelineLibrary1(iface);
    struct obj_pipeline_state *state = obj_pipeline_state_from_iface(pipeline);
    size_t length;
    HRESULT hr;

    if (!name)
    {
        report(library, D3D12_MESSAGE_ID_STOREPIPELINE_NONAME, method, "pName is NULL");
        return E_INVALIDARG;
    }
    if (!state || obj_device_of(&state->obj) != obj_device_of(&library->obj))
    {
        report(library, D3D12_MESSAGE_ID_STOREPIPELINE_NONAME, method,
                "pPipeline is not a pipeline state of this library's device");
        return E_INVALIDARG;
    }
    length = name_length(name);
    mk_mutex_lock(&library->lock);
    if (find_entry(library, name, length))
    {
        mk_mutex_unlock(&library->lock);
        report(library, D3D12_MESSAGE_ID_STOREPIPELINE_DUPLICATENAME, method,
                "the library already holds a pipeline of that name (overwriting is not supported)");
        return E_INVALIDARG;
    }
    hr = add_entry(library, name, length, state->type, state->digest, state);
    mk_mutex_unlock(&library->lock);
    return hr;
}

/* Load*: the entry's pipeline state, built from `desc` by the device and
 * compared with what the library holds. */
static HRESULT load(struct obj_pipeline_library *library, const WCHAR *name, enum obj_pipeline_request_kind kind,
        const void *desc, const char *method, REFIID riid, void **out)
{
    struct obj_device *owner = obj_device_of(&library->obj);
    struct obj_pipeline_state *built, *state;
    struct obj_pipeline_entry *entry;
    ID3D12PipelineState *iface;
    char why[256];
    size_t length;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (!name || !desc || !riid || !out)
    {
        report(library, D3D12_MESSAGE_ID_LOADPIPELINE_INVALIDDESC, method, "pName, pDesc, riid or the output is NULL");
        return E_INVALIDARG;
    }
    length = name_length(name);
    mk_mutex_lock(&library->lock);
    entry = find_entry(library, name, length);
    mk_mutex_unlock(&library->lock);
    if (!entry)
    {
        report(library, D3D12_MESSAGE_ID_LOADPIPELINE_NAMENOTFOUND, method, "the library holds no pipeline of that name");
        return E_INVALIDARG;
    }
    if (FAILED(hr = owner->ops->build_pipeline(owner->ctx, kind, desc, method, &built)))
        return hr;

    mk_mutex_lock(&library->lock);
    /* Entries only grow: the one found is still there, perhaps moved. */
    entry = find_entry(library, name, length);
    if (entry->type != built->type || memcmp(entry->digest, built->digest, OBJ_PIPELINE_DIGEST_SIZE))
    {
        /* Read under the lock: another thread's StorePipeline may move the entries. */
        bool compute = entry->type == OBJ_PIPELINE_COMPUTE;

        mk_mutex_unlock(&library->lock);
        snprintf(why, sizeof(why), "the description differs from the one the %s pipeline of that name was stored with",
                compute ? "compute" : "graphics");
        report(library, D3D12_MESSAGE_ID_LOADPIPELINE_INVALIDDESC, method, why);
        iface = obj_pipeline_state_iface(built);
        iface->lpVtbl->Release(iface);
        return E_INVALIDARG;
    }
    if ((state = entry->state))
    {
        mk_object_addref(&state->obj);
    }
    else
    {
        state = entry->state = built;
        mk_object_retain(&state->obj);
        built = NULL;
    }
    mk_mutex_unlock(&library->lock);
    if (built)
    {
        iface = obj_pipeline_state_iface(built);
        iface->lpVtbl->Release(iface);
    }
    return mk_object_hand_out(&state->obj, riid, out);
}

static HRESULT STDMETHODCALLTYPE d3d12_pipeline_library_LoadGraphicsPipeline(ID3D12PipelineLibrary1 *iface,
        const WCHAR *name, const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc, REFIID riid, void **out)
{
    return load(impl_from_ID3D12PipelineLibrary1(iface), name, OBJ_PIPELINE_REQUEST_GRAPHICS, desc,
            "ID3D12PipelineLibrary::LoadGraphicsPipeline", riid, out);
}

static HRESULT STDMETHODCALLTYPE d3d12_pipeline_library_LoadComputePipeline(ID3D12PipelineLibrary1 *iface,
        const WCHAR *name, const D3D12_COMPUTE_PIPELINE_STATE_DESC *desc, REFIID riid, void **out)
{
    return load(impl_from_ID3D12PipelineLibrary1(iface), name, OBJ_PIPELINE_REQUEST_COMPUTE, desc,
            "ID3D12PipelineLibrary::LoadComputePipeline", riid, out);
}

static size_t serialized_size(struct obj_pipeline_library *library)
{
    size_t size = LIBRARY_HEADER_SIZE, i;

    for (i = 0; i < library->count; ++i)
        size += entry_size(library->entries[i].name_length);
    return size;
}

static SIZE_T STDMETHODCALLTYPE d3d12_pipeline_library_GetSerializedSize(ID3D12PipelineLibrary1 *iface)
{
    struct obj_pipeline_library *library = impl_from_ID3D12PipelineLibrary1(iface);
    size_t size;

    mk_mutex_lock(&library->lock);
    size = serialized_size(library);
    mk_mutex_unlock(&library->lock);
    return size;
}

static HRESULT STDMETHODCALLTYPE d3d12_pipeline_library_Serialize(ID3D12PipelineLibrary1 *iface, void *data,
        SIZE_T size)
{
    struct obj_pipeline_library *library = impl_from_ID3D12PipelineLibrary1(iface);
    const struct obj_device *owner = obj_device_of(&library->obj);
    uint8_t *p = data;
    size_t i, j, at;
    char why[128];

    mk_mutex_lock(&library->lock);
    if (!data || size < serialized_size(library))
    {
        snprintf(why, sizeof(why), "%zu bytes are fewer than the library's serialized size, %zu",
                data ? (size_t)size : (size_t)0, serialized_size(library));
        mk_mutex_unlock(&library->lock);
        report(library, D3D12_MESSAGE_ID_PIPELINELIBRARY_SERIALIZE_NOTENOUGHMEMORY,
                "ID3D12PipelineLibrary::Serialize", why);
        return E_INVALIDARG;
    }
    memset(p, 0, serialized_size(library));
    obj_cached_header_write(p, LIBRARY_MAGIC, LIBRARY_FORMAT, owner);
    mk_write_u32(p + 24, (uint32_t)library->count);
    at = LIBRARY_HEADER_SIZE;
    for (i = 0; i < library->count; ++i)
    {
        const struct obj_pipeline_entry *e = &library->entries[i];

        mk_write_u32(p + at, e->name_length);
        mk_write_u32(p + at + 4, e->type);
        memcpy(p + at + 8, e->digest, OBJ_PIPELINE_DIGEST_SIZE);
        for (j = 0; j < e->name_length; ++j)
            mk_write_u32(p + at + ENTRY_HEADER_SIZE + 4 * j, (uint32_t)library->names[e->name_at + j]);
        at += entry_size(e->name_length);
    }
    mk_mutex_unlock(&library->lock);
    return S_OK;
}

/* ---- ID3D12PipelineLibrary1 ---- */

static HRESULT STDMETHODCALLTYPE d3d12_pipeline_library_LoadPipeline(ID3D12PipelineLibrary1 *iface,
        const WCHAR *name, const D3D12_PIPELINE_STATE_STREAM_DESC *desc, REFIID riid, void **out)
{
    return load(impl_from_ID3D12PipelineLibrary1(iface), name, OBJ_PIPELINE_REQUEST_STREAM, desc,
            "ID3D12PipelineLibrary1::LoadPipeline", riid, out);
}

static const ID3D12PipelineLibrary1Vtbl d3d12_pipeline_library_vtbl =
{
    MK_D3D12_CHILD_VTBL(d3d12_pipeline_library),
    /* ID3D12PipelineLibrary methods */
    d3d12_pipeline_library_StorePipeline,
    d3d12_pipeline_library_LoadGraphicsPipeline,
    d3d12_pipeline_library_LoadComputePipeline,
    d3d12_pipeline_library_GetSerializedSize,
    d3d12_pipeline_library_Serialize,
    /* ID3D12PipelineLibrary1 methods */
    d3d12_pipeline_library_LoadPipeline,
};

/* ---- The serialized form ---- */

static HRESULT invalid(char *why, size_t why_size, const char *text)
{
    snprintf(why, why_size, "%s", text);
    return E_INVALIDARG;
}

HRESULT obj_pipeline_library_check(const struct obj_device *owner, const void *data, size_t size,
        char *why, size_t why_size)
{
    const uint8_t *p = data;
    uint32_t count, length, i, k;
    size_t at, a, b;
    HRESULT hr;

    if (!size)
        return S_OK;
    if (!data || size < LIBRARY_HEADER_SIZE
            || (hr = obj_cached_header_check(p, LIBRARY_MAGIC, LIBRARY_FORMAT, owner)) == E_INVALIDARG)
        return invalid(why, why_size, "the blob is not a serialized pipeline library");
    if (hr == D3D12_ERROR_ADAPTER_NOT_FOUND)
    {
        snprintf(why, why_size, "the library was serialized on another adapter (LUID %08x:%08x)",
                (unsigned)mk_read_u32(p + 12), (unsigned)mk_read_u32(p + 8));
        return hr;
    }
    if (FAILED(hr))
    {
        snprintf(why, why_size, "the library was serialized by another driver version");
        return hr;
    }
    count = mk_read_u32(p + 24);
    at = LIBRARY_HEADER_SIZE;
    for (i = 0; i < count; ++i)
    {
        if (size - at < ENTRY_HEADER_SIZE)
            return invalid(why, why_size, "an entry of the serialized library lies outside it");
        length = mk_read_u32(p + at);
        if (mk_read_u32(p + at + 4) > OBJ_PIPELINE_COMPUTE || !length
                || length > (size - at - ENTRY_HEADER_SIZE) / 4)
            return invalid(why, why_size, "an entry of the serialized library is malformed");
        for (k = 0; k < length; ++k)
        {
            if (!mk_read_u32(p + at + ENTRY_HEADER_SIZE + 4 * k)
                    || (sizeof(WCHAR) == 2 && mk_read_u32(p + at + ENTRY_HEADER_SIZE + 4 * k) > 0xffff))
                return invalid(why, why_size, "an entry's name of the serialized library holds a NUL");
        }
        at += entry_size(length);
    }
    if (at != size)
        return invalid(why, why_size, "the serialized library has bytes past its entries");
    /* Names are unique (StorePipeline kept them so). */
    for (a = LIBRARY_HEADER_SIZE, i = 0; i < count; ++i, a += entry_size(mk_read_u32(p + a)))
    {
        for (b = a + entry_size(mk_read_u32(p + a)), k = i + 1; k < count; ++k, b += entry_size(mk_read_u32(p + b)))
        {
            if (mk_read_u32(p + a) == mk_read_u32(p + b)
                    && !memcmp(p + a + ENTRY_HEADER_SIZE, p + b + ENTRY_HEADER_SIZE, 4 * (size_t)mk_read_u32(p + a)))
                return invalid(why, why_size, "the serialized library holds a name twice");
        }
    }
    return S_OK;
}

HRESULT obj_pipeline_library_create(struct obj_device *owner, const void *data, size_t size,
        struct obj_pipeline_library **out)
{
    struct obj_pipeline_library *library;
    const uint8_t *p = data;
    uint32_t count, length, i, k;
    WCHAR name[256], *buffer;
    size_t at;
    HRESULT hr = S_OK;

    *out = NULL;
    if (!(library = mk_calloc(1, sizeof(*library))))
        return E_OUTOFMEMORY;
    library->ID3D12PipelineLibrary1_iface.lpVtbl = (ID3D12PipelineLibrary1Vtbl *)&d3d12_pipeline_library_vtbl;
    mk_mutex_init(&library->lock);
    library->entries = library->first_entries;
    library->capacity = OBJ_LIBRARY_FIRST_ENTRIES;
    library->names = library->first_names;
    library->names_capacity = OBJ_LIBRARY_FIRST_NAMES;

    count = size ? mk_read_u32(p + 24) : 0;
    at = LIBRARY_HEADER_SIZE;
    for (i = 0; i < count && SUCCEEDED(hr); ++i)
    {
        length = mk_read_u32(p + at);
        buffer = length <= 256 ? name : mk_alloc(length * sizeof(WCHAR));
        if (!buffer)
        {
            hr = E_OUTOFMEMORY;
            break;
        }
        for (k = 0; k < length; ++k)
            buffer[k] = (WCHAR)mk_read_u32(p + at + ENTRY_HEADER_SIZE + 4 * k);
        hr = add_entry(library, buffer, length, mk_read_u32(p + at + 4), p + at + 8, NULL);
        if (buffer != name)
            mk_free(buffer);
        at += entry_size(length);
    }
    if (FAILED(hr))
    {
        free_arrays(library);
        mk_mutex_destroy(&library->lock);
        mk_free(library);
        return hr;
    }
    mk_object_init(&library->obj, &pipeline_library_class, (IUnknown *)owner->device, &owner->registry);
    *out = library;
    return S_OK;
}
