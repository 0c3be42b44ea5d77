/*
 * ID3D12ShaderCacheSession and the process-wide caches behind it. What
 * Windows does, as vkd3d's conformance test records it (tests/d3d12.c
 * test_shader_cache, run on Windows), and the D3D12 documentation and
 * DirectX-Specs d3d/ShaderCache.md say:
 *   - sessions with the same identifier share one cache; one with another
 *     Version while the cache is open is DXGI_ERROR_ALREADY_EXISTS; a closed
 *     cache opened with another Version is emptied;
 *   - StoreValue of a key already stored is DXGI_ERROR_ALREADY_EXISTS; a
 *     NULL or empty key or value is E_INVALIDARG;
 *   - a MEMORY cache counts each entry's key and value against
 *     MaximumInMemoryCacheSizeBytes and evicts its least recently stored or
 *     found entries to make room (an entry larger than the whole cache still
 *     goes in, and goes at the next store); MaximumInMemoryCacheEntries
 *     bounds the count the same way;
 *   - FindValue needs pValueSize (E_INVALIDARG); a key not stored is
 *     DXGI_ERROR_NOT_FOUND with *pValueSize untouched; a NULL pValue asks for
 *     the size; a buffer too small is DXGI_ERROR_MORE_DATA with the size set
 *     and nothing written; keys match exactly (never truncated).
 * A DISK cache (mockd3d12) keeps every entry in the process and never
 * evicts; its values are bounded by MaximumValueFileSizeBytes
 * (DXGI_ERROR_CACHE_FULL, as the documentation says).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "shader_cache_session.h"

struct cache_entry
{
    struct cache_entry *older, *newer;
    uint64_t hash;
    UINT key_size, value_size;
    unsigned char data[]; /* the key, then the value */
};

struct obj_shader_cache
{
    struct obj_shader_cache *next; /* in `caches` */
    /* What tells caches apart. */
    GUID identifier;
    D3D12_SHADER_CACHE_MODE mode;
    bool working_dir;
    LUID luid; /* the adapter's for a DRIVER_VERSIONED cache, else zero */

    UINT64 version;
    unsigned sessions;      /* open on it */
    bool delete_on_destroy; /* SetDeleteOnDestroy: forgotten with the last session */
    /* The limits of the session that opened it. */
    UINT max_bytes, max_entries, max_file_bytes;

    struct cache_entry *oldest, *newest;
    size_t count;
    uint64_t bytes;       /* keys and values: the MEMORY budget */
    uint64_t value_bytes; /* values: the DISK value file */
};

/* One lock for the registry and every cache: no hot path goes through it. */
static mk_mutex cache_lock = MK_MUTEX_INIT;
static struct obj_shader_cache *caches;
static bool caches_disabled;

static const ID3D12ShaderCacheSessionVtbl d3d12_shader_cache_session_vtbl;
static const IUnknownVtbl shader_cache_identity_vtbl;

MK_OBJECT_HELPERS(struct obj_shader_cache_session, ID3D12ShaderCacheSession, ID3D12ShaderCacheSession_iface,
        impl_from_ID3D12ShaderCacheSession, session_object)

MK_OBJECT_HELPERS(struct obj_shader_cache_session, IUnknown, IUnknown_iface, impl_from_IUnknown, identity_object)

static bool guid_is_zero(const GUID *guid)
{
    static const GUID zero;

    return !memcmp(guid, &zero, sizeof(zero));
}

/* FNV-1a: entries are told apart by hash first, then by the whole key. */
static uint64_t key_hash(const void *key, UINT size)
{
    const unsigned char *p = key;
    uint64_t h = 0xcbf29ce484222325ull;
    UINT i;

    for (i = 0; i < size; ++i)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

/* ---- The caches (under cache_lock) ---- */

static LUID cache_luid(const struct obj_device *owner, const D3D12_SHADER_CACHE_SESSION_DESC *desc)
{
    LUID none = {0, 0};

    return (desc->Flags & D3D12_SHADER_CACHE_FLAG_DRIVER_VERSIONED) ? owner->adapter_luid : none;
}

static struct obj_shader_cache *find_cache(const struct obj_device *owner,
        const D3D12_SHADER_CACHE_SESSION_DESC *desc)
{
    bool working_dir = !!(desc->Flags & D3D12_SHADER_CACHE_FLAG_USE_WORKING_DIR);
    LUID luid = cache_luid(owner, desc);
    struct obj_shader_cache *cache;

    for (cache = caches; cache; cache = cache->next)
    {
        if (!memcmp(&cache->identifier, &desc->Identifier, sizeof(GUID)) && cache->mode == desc->Mode
                && cache->working_dir == working_dir && cache->luid.LowPart == luid.LowPart
                && cache->luid.HighPart == luid.HighPart)
            return cache;
    }
    return NULL;
}

static void unlink_entry(struct obj_shader_cache *cache, struct cache_entry *entry)
{
    if (entry->older)
        entry->older->newer = entry->newer;
    else
        cache->oldest = entry->newer;
    if (entry->newer)
        entry->newer->older = entry->older;
    else
        cache->newest = entry->older;
    cache->count--;
    cache->bytes -= (uint64_t)entry->key_size + entry->value_size;
    cache->value_bytes -= entry->value_size;
}

static void link_newest(struct obj_shader_cache *cache, struct cache_entry *entry)
{
    entry->older = cache->newest;
    entry->newer = NULL;
    if (cache->newest)
        cache->newest->newer = entry;
    else
        cache->oldest = entry;
    cache->newest = entry;
    cache->count++;
    cache->bytes += (uint64_t)entry->key_size + entry->value_size;
    cache->value_bytes += entry->value_size;
}

static void empty_cache(struct obj_shader_cache *cache)
{
    struct cache_entry *entry;

    while ((entry = cache->oldest))
    {
        unlink_entry(cache, entry);
        mk_free(entry);
    }
}

static void forget_cache(struct obj_shader_cache *cache)
{
    struct obj_shader_cache **link;

    for (link = &caches; *link != cache; link = &(*link)->next)
        ;
    *link = cache->next;
    empty_cache(cache);
    mk_free(cache);
}

static struct cache_entry *find_entry(struct obj_shader_cache *cache, const void *key, UINT key_size, uint64_t hash)
{
    struct cache_entry *entry;

    for (entry = cache->newest; entry; entry = entry->older)
    {
        if (entry->hash == hash && entry->key_size == key_size && !memcmp(entry->data, key, key_size))
            return entry;
    }
    return NULL;
}

static void take_limits(struct obj_shader_cache *cache, const D3D12_SHADER_CACHE_SESSION_DESC *desc)
{
    cache->version = desc->Version;
    cache->max_bytes = desc->MaximumInMemoryCacheSizeBytes;
    cache->max_entries = desc->MaximumInMemoryCacheEntries;
    cache->max_file_bytes = desc->MaximumValueFileSizeBytes;
}

static HRESULT can_open(const struct obj_device *owner, const D3D12_SHADER_CACHE_SESSION_DESC *desc,
        char *why, size_t why_size)
{
    struct obj_shader_cache *cache;

    if (caches_disabled)
    {
        snprintf(why, why_size, "application shader caches are disabled "
                "(ShaderCacheControl(D3D12_SHADER_CACHE_KIND_FLAG_APPLICATION_MANAGED, DISABLE))");
        return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
    }
    if ((cache = find_cache(owner, desc)) && cache->sessions && cache->version != desc->Version)
    {
        snprintf(why, why_size, "the cache of that Identifier is open in %u session(s) with Version %llu, not %llu",
                cache->sessions, (unsigned long long)cache->version, (unsigned long long)desc->Version);
        return DXGI_ERROR_ALREADY_EXISTS;
    }
    return S_OK;
}

/* ---- The description ---- */

HRESULT obj_shader_cache_check_desc(const D3D12_SHADER_CACHE_SESSION_DESC *desc, char *why, size_t why_size)
{
    const unsigned flags = D3D12_SHADER_CACHE_FLAG_DRIVER_VERSIONED | D3D12_SHADER_CACHE_FLAG_USE_WORKING_DIR;

    if (guid_is_zero(&desc->Identifier))
        snprintf(why, why_size, "Identifier is zero (GUID_NULL)");
    else if ((unsigned)desc->Mode > D3D12_SHADER_CACHE_MODE_DISK)
        snprintf(why, why_size, "Mode %u is no D3D12_SHADER_CACHE_MODE", (unsigned)desc->Mode);
    else if ((unsigned)desc->Flags & ~flags)
        snprintf(why, why_size, "Flags %#x has bits (%#x) that are no D3D12_SHADER_CACHE_FLAGS", (unsigned)desc->Flags,
                (unsigned)desc->Flags & ~flags);
    else if (desc->MaximumValueFileSizeBytes > OBJ_SHADER_CACHE_MAX_FILE_BYTES)
        snprintf(why, why_size, "MaximumValueFileSizeBytes %u is above the limit of 1 GiB (%u)",
                desc->MaximumValueFileSizeBytes, OBJ_SHADER_CACHE_MAX_FILE_BYTES);
    else
        return S_OK;
    return E_INVALIDARG;
}

HRESULT obj_shader_cache_can_open(const struct obj_device *owner,
        const D3D12_SHADER_CACHE_SESSION_DESC *desc, char *why, size_t why_size)
{
    HRESULT hr;

    mk_mutex_lock(&cache_lock);
    hr = can_open(owner, desc, why, why_size);
    mk_mutex_unlock(&cache_lock);
    return hr;
}

/* ---- Control (ShaderCacheControl, mockd3d12_reset) ---- */

bool obj_shader_cache_set_disabled(bool disabled)
{
    bool before;

    mk_mutex_lock(&cache_lock);
    before = caches_disabled;
    caches_disabled = disabled;
    mk_mutex_unlock(&cache_lock);
    return before;
}

bool obj_shader_cache_disabled(void)
{
    bool disabled;

    mk_mutex_lock(&cache_lock);
    disabled = caches_disabled;
    mk_mutex_unlock(&cache_lock);
    return disabled;
}

/* Every closed cache for which `keep` is false is forgotten, every open one
 * emptied when `empty_open`. */
static void sweep(bool empty_open, bool keep_working_dir)
{
    struct obj_shader_cache *cache, *next;

    for (cache = caches; cache; cache = next)
    {
        next = cache->next;
        if (cache->sessions)
        {
            if (empty_open)
                empty_cache(cache);
        }
        else if (!(keep_working_dir && cache->working_dir))
        {
            forget_cache(cache);
        }
    }
}

void obj_shader_cache_clear_all(void)
{
    mk_mutex_lock(&cache_lock);
    /* The specification: CLEAR applies to the open sessions and to the disk
     * caches not made with USE_WORKING_DIR. */
    sweep(true, true);
    mk_mutex_unlock(&cache_lock);
}

void obj_shader_cache_reset(void)
{
    mk_mutex_lock(&cache_lock);
    caches_disabled = false;
    sweep(false, false);
    mk_mutex_unlock(&cache_lock);
}

static void report(struct obj_shader_cache_session *session, D3D12_MESSAGE_ID id, const char *method,
        const char *why, const char *result)
{
    obj_report(&session->obj, id, method, why, result);
}

/* ---- The object ---- */

static void session_destroy(struct mk_object *object)
{
    struct obj_shader_cache *cache = MK_OBJECT_IMPL(struct obj_shader_cache_session, obj, object)->cache;

    /* A MEMORY cache goes with its last session ("all stores are discarded
     * when the session object is destroyed"); a DISK one stays unless asked. */
    mk_mutex_lock(&cache_lock);
    if (!--cache->sessions && (cache->mode == D3D12_SHADER_CACHE_MODE_MEMORY || cache->delete_on_destroy))
        forget_cache(cache);
    mk_mutex_unlock(&cache_lock);
}

/* Windows hands out a pointer of its own for IUnknown. */
#define SESSION_INTERFACE(iid) \
    MK_INTERFACE_AT(struct obj_shader_cache_session, obj, ID3D12ShaderCacheSession_iface, iid)
static const struct mk_interface session_interfaces[] =
{
    MK_INTERFACE_AT(struct obj_shader_cache_session, obj, IUnknown_iface, IID_IUnknown),
    SESSION_INTERFACE(IID_ID3D12Object),
    SESSION_INTERFACE(IID_ID3D12DeviceChild),
    SESSION_INTERFACE(IID_ID3D12ShaderCacheSession),
};
#undef SESSION_INTERFACE

static const struct mk_object_class session_class = MK_OBJECT_CLASS(struct obj_shader_cache_session, session_interfaces,
        .name = "ID3D12ShaderCacheSession", .kind = OBJ_KIND_SHADER_CACHE_SESSION, .destroy = session_destroy);

MK_IUNKNOWN_METHODS(shader_cache_identity, IUnknown, identity_object)

static const IUnknownVtbl shader_cache_identity_vtbl =
{
    shader_cache_identity_QueryInterface,
    shader_cache_identity_AddRef,
    shader_cache_identity_Release,
};

MK_D3D12_CHILD_METHODS(d3d12_shader_cache_session, ID3D12ShaderCacheSession, session_object)

/* ---- ID3D12ShaderCacheSession ---- */

static HRESULT STDMETHODCALLTYPE d3d12_shader_cache_session_FindValue(ID3D12ShaderCacheSession *iface,
        const void *key, UINT key_size, void *value, UINT *value_size)
{
    static const char method[] = "ID3D12ShaderCacheSession::FindValue";
    struct obj_shader_cache_session *session = impl_from_ID3D12ShaderCacheSession(iface);
    struct obj_shader_cache *cache = session->cache;
    struct cache_entry *entry;
    uint64_t hash;
    HRESULT hr = S_OK;

    if (!value_size || !key || !key_size)
    {
        report(session, D3D12_MESSAGE_ID_MOCKD3D12_SHADERCACHESESSION_INVALIDARGS, method,
                !value_size ? "pValueSize is NULL" : !key ? "pKey is NULL" : "KeySize is 0", "E_INVALIDARG");
        return E_INVALIDARG;
    }
    hash = key_hash(key, key_size);
    mk_mutex_lock(&cache_lock);
    if (caches_disabled)
        hr = DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
    else if (!(entry = find_entry(cache, key, key_size, hash)))
        hr = DXGI_ERROR_NOT_FOUND;
    else
    {
        if (value && *value_size < entry->value_size)
            hr = DXGI_ERROR_MORE_DATA;
        else if (value)
            memcpy(value, entry->data + entry->key_size, entry->value_size);
        *value_size = entry->value_size;
        /* Found: the most recently used (what a MEMORY cache evicts last). */
        if (SUCCEEDED(hr) && cache->mode == D3D12_SHADER_CACHE_MODE_MEMORY)
        {
            unlink_entry(cache, entry);
            link_newest(cache, entry);
        }
    }
    mk_mutex_unlock(&cache_lock);
    if (hr == DXGI_ERROR_NOT_CURRENTLY_AVAILABLE)
        report(session, D3D12_MESSAGE_ID_SHADERCACHESESSION_DISABLED, method,
                "application shader caches are disabled", "DXGI_ERROR_NOT_CURRENTLY_AVAILABLE");
    else if (hr == DXGI_ERROR_NOT_FOUND)
        report(session, D3D12_MESSAGE_ID_SHADERCACHESESSION_FINDVALUE_NOTFOUND, method,
                "the cache holds no value of that key", "DXGI_ERROR_NOT_FOUND");
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d12_shader_cache_session_StoreValue(ID3D12ShaderCacheSession *iface,
        const void *key, UINT key_size, const void *value, UINT value_size)
{
    static const char method[] = "ID3D12ShaderCacheSession::StoreValue";
    struct obj_shader_cache_session *session = impl_from_ID3D12ShaderCacheSession(iface);
    struct obj_shader_cache *cache = session->cache;
    struct cache_entry *entry, *old;
    uint64_t need;
    char why[160];
    HRESULT hr = S_OK;

    if (!key || !key_size || !value || !value_size)
    {
        report(session, D3D12_MESSAGE_ID_MOCKD3D12_SHADERCACHESESSION_INVALIDARGS, method,
                !key ? "pKey is NULL" : !key_size ? "KeySize is 0" : !value ? "pValue is NULL" : "ValueSize is 0",
                "E_INVALIDARG");
        return E_INVALIDARG;
    }
    need = (uint64_t)key_size + value_size;
    if (need > SIZE_MAX - sizeof(*entry) || !(entry = mk_alloc(sizeof(*entry) + (size_t)need)))
        return E_OUTOFMEMORY;
    entry->hash = key_hash(key, key_size);
    entry->key_size = key_size;
    entry->value_size = value_size;
    memcpy(entry->data, key, key_size);
    memcpy(entry->data + key_size, value, value_size);

    mk_mutex_lock(&cache_lock);
    if (caches_disabled)
        hr = DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
    else if (find_entry(cache, key, key_size, entry->hash))
        hr = DXGI_ERROR_ALREADY_EXISTS;
    else if (cache->mode == D3D12_SHADER_CACHE_MODE_DISK)
    {
        if (cache->value_bytes + value_size > cache->max_file_bytes)
        {
            snprintf(why, sizeof(why), "the cache's values take %llu bytes; %u more pass MaximumValueFileSizeBytes %u",
                    (unsigned long long)cache->value_bytes, value_size, cache->max_file_bytes);
            hr = DXGI_ERROR_CACHE_FULL;
        }
    }
    else
    {
        while ((old = cache->oldest) && (cache->count >= cache->max_entries || cache->bytes + need > cache->max_bytes))
        {
            unlink_entry(cache, old);
            mk_free(old);
        }
    }
    if (SUCCEEDED(hr))
        link_newest(cache, entry);
    mk_mutex_unlock(&cache_lock);
    if (SUCCEEDED(hr))
        return hr;
    mk_free(entry);
    if (hr == DXGI_ERROR_NOT_CURRENTLY_AVAILABLE)
        report(session, D3D12_MESSAGE_ID_SHADERCACHESESSION_DISABLED, method,
                "application shader caches are disabled", "DXGI_ERROR_NOT_CURRENTLY_AVAILABLE");
    else if (hr == DXGI_ERROR_ALREADY_EXISTS)
        report(session, D3D12_MESSAGE_ID_SHADERCACHESESSION_STOREVALUE_ALREADYPRESENT, method,
                "the cache already holds a value of that key (overwriting is not supported)",
                "DXGI_ERROR_ALREADY_EXISTS");
    else
        report(session, D3D12_MESSAGE_ID_SHADERCACHESESSION_STOREVALUE_CACHEFULL, method, why, "DXGI_ERROR_CACHE_FULL");
    return hr;
}

static void STDMETHODCALLTYPE d3d12_shader_cache_session_SetDeleteOnDestroy(ID3D12ShaderCacheSession *iface)
{
    struct obj_shader_cache_session *session = impl_from_ID3D12ShaderCacheSession(iface);

    mk_mutex_lock(&cache_lock);
    session->cache->delete_on_destroy = true;
    mk_mutex_unlock(&cache_lock);
}

static MK_STRUCT_RET(D3D12_SHADER_CACHE_SESSION_DESC) STDMETHODCALLTYPE d3d12_shader_cache_session_GetDesc(
        ID3D12ShaderCacheSession *iface MK_STRUCT_RET_PARAM(D3D12_SHADER_CACHE_SESSION_DESC))
{
    MK_STRUCT_RETURN(impl_from_ID3D12ShaderCacheSession(iface)->desc);
}

static const ID3D12ShaderCacheSessionVtbl d3d12_shader_cache_session_vtbl =
{
    MK_D3D12_CHILD_VTBL(d3d12_shader_cache_session),
    /* ID3D12ShaderCacheSession methods */
    d3d12_shader_cache_session_FindValue,
    d3d12_shader_cache_session_StoreValue,
    d3d12_shader_cache_session_SetDeleteOnDestroy,
    d3d12_shader_cache_session_GetDesc,
};

/* ---- Creation ---- */

HRESULT obj_shader_cache_session_create(struct obj_device *owner,
        const D3D12_SHADER_CACHE_SESSION_DESC *desc, struct obj_shader_cache_session **out, char *why,
        size_t why_size)
{
    struct obj_shader_cache_session *session;
    struct obj_shader_cache *cache;
    HRESULT hr;

    *out = NULL;
    if (!(session = mk_calloc(1, sizeof(*session))))
        return E_OUTOFMEMORY;
    session->IUnknown_iface.lpVtbl = (IUnknownVtbl *)&shader_cache_identity_vtbl;
    session->ID3D12ShaderCacheSession_iface.lpVtbl = (ID3D12ShaderCacheSessionVtbl *)&d3d12_shader_cache_session_vtbl;
    session->desc = *desc;
    if (!session->desc.MaximumInMemoryCacheSizeBytes)
        session->desc.MaximumInMemoryCacheSizeBytes = OBJ_SHADER_CACHE_DEFAULT_MEMORY_BYTES;
    if (!session->desc.MaximumInMemoryCacheEntries)
        session->desc.MaximumInMemoryCacheEntries = OBJ_SHADER_CACHE_DEFAULT_ENTRIES;
    if (!session->desc.MaximumValueFileSizeBytes)
        session->desc.MaximumValueFileSizeBytes = OBJ_SHADER_CACHE_DEFAULT_FILE_BYTES;

    mk_mutex_lock(&cache_lock);
    if (FAILED(hr = can_open(owner, desc, why, why_size)))
    {
        mk_mutex_unlock(&cache_lock);
        mk_free(session);
        return hr;
    }
    if (!(cache = find_cache(owner, desc)))
    {
        if (!(cache = mk_calloc(1, sizeof(*cache))))
        {
            mk_mutex_unlock(&cache_lock);
            mk_free(session);
            return E_OUTOFMEMORY;
        }
        cache->identifier = desc->Identifier;
        cache->mode = desc->Mode;
        cache->working_dir = !!(desc->Flags & D3D12_SHADER_CACHE_FLAG_USE_WORKING_DIR);
        cache->luid = cache_luid(owner, desc);
        cache->next = caches;
        caches = cache;
        take_limits(cache, &session->desc);
    }
    else if (!cache->sessions)
    {
        /* A closed DISK cache: another Version wipes it ("it is cleared and
         * re-created"); the opening session's limits apply. */
        if (cache->version != desc->Version)
            empty_cache(cache);
        take_limits(cache, &session->desc);
    }
    cache->sessions++;
    mk_mutex_unlock(&cache_lock);
    session->cache = cache;
    mk_object_init(&session->obj, &session_class, (IUnknown *)owner->device, &owner->registry);
    *out = session;
    return S_OK;
}
