/*
 * ID3D12ShaderCacheSession: a session on an application shader cache, a
 * key/value store (ID3D12Device9::CreateShaderCacheSession).
 *
 * The caches are process-wide, as on Windows ("caches with the same
 * identifier are shared across all sessions in the same process"): one
 * registry, keyed by the identifier, the mode, USE_WORKING_DIR and (for
 * DRIVER_VERSIONED caches) the adapter's LUID. A session holds its cache
 * open. A MEMORY cache goes with its last session; a DISK cache stays in the
 * registry for the life of the process (nothing touches the disk: it is the
 * in-process image of the files Windows would keep) until SetDeleteOnDestroy
 * and its last session, ShaderCacheControl(APPLICATION_MANAGED, CLEAR) or
 * mockd3d12_reset().
 *
 * The device validates the description (obj_shader_cache_check_desc) and
 * reports the refusals; the session reports its own through obj_report.
 */
#ifndef MOCKD3D12_SHADER_CACHE_SESSION_H
#define MOCKD3D12_SHADER_CACHE_SESSION_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include <mockd3d12/d3d12.h>

#include "platform.h"
#include "obj_device.h"

/* winerror.h's; not in every build's headers (the WSL stubs of
 * DirectX-Headers stop at DXGI_ERROR_DRIVER_INTERNAL_ERROR). */
#ifndef DXGI_ERROR_NOT_CURRENTLY_AVAILABLE
#define DXGI_ERROR_NOT_CURRENTLY_AVAILABLE ((HRESULT)0x887A0022L)
#endif
#ifndef DXGI_ERROR_CACHE_FULL
#define DXGI_ERROR_CACHE_FULL ((HRESULT)0x887A0034L)
#endif
#ifndef DXGI_ERROR_ALREADY_EXISTS
#define DXGI_ERROR_ALREADY_EXISTS ((HRESULT)0x887A0036L)
#endif

/* Windows' limits and defaults (vkd3d's tests/d3d12.c test_shader_cache, run
 * on Windows: a zero field reads back as the default; the documentation's
 * "1KB" for the memory size is 1 MiB on Windows). */
#define OBJ_SHADER_CACHE_DEFAULT_MEMORY_BYTES (1024u * 1024u)
#define OBJ_SHADER_CACHE_DEFAULT_ENTRIES 128u
#define OBJ_SHADER_CACHE_DEFAULT_FILE_BYTES (128u * 1024u * 1024u)
#define OBJ_SHADER_CACHE_MAX_FILE_BYTES (1024u * 1024u * 1024u)

struct obj_shader_cache;
struct obj_shader_cache_session;

struct obj_shader_cache_session
{
    /* Windows hands out a pointer of its own for IUnknown (test_shader_cache:
     * "Expected different interface pointers"): the object's identity. */
    IUnknown IUnknown_iface;
    ID3D12ShaderCacheSession ID3D12ShaderCacheSession_iface;
    struct mk_object obj;  /* one count for both pointers */
    D3D12_SHADER_CACHE_SESSION_DESC desc; /* the zero limits replaced by the defaults */
    struct obj_shader_cache *cache;       /* held open */
};

/* Is `desc` (not NULL) a description Windows takes? S_OK or E_INVALIDARG
 * (`why` says what is wrong): a zero Identifier, a Mode or Flags no enum
 * names, MaximumValueFileSizeBytes above 1 GiB. */
HRESULT obj_shader_cache_check_desc(const D3D12_SHADER_CACHE_SESSION_DESC *desc, char *why, size_t why_size);

/* Could a session on `desc` (checked) be opened now? S_OK;
 * DXGI_ERROR_NOT_CURRENTLY_AVAILABLE (application caches are disabled);
 * DXGI_ERROR_ALREADY_EXISTS (the cache is open with another Version). `why`
 * says why not. */
HRESULT obj_shader_cache_can_open(const struct obj_device *owner,
        const D3D12_SHADER_CACHE_SESSION_DESC *desc, char *why, size_t why_size);

/* A session (refcount 1) on the cache of `desc` (checked), opened or made,
 * holding a device reference. The refusals of obj_shader_cache_can_open
 * (`why` set), E_OUTOFMEMORY (nothing changed). */
HRESULT obj_shader_cache_session_create(struct obj_device *owner,
        const D3D12_SHADER_CACHE_SESSION_DESC *desc, struct obj_shader_cache_session **out, char *why,
        size_t why_size);

/* ShaderCacheControl for D3D12_SHADER_CACHE_KIND_FLAG_APPLICATION_MANAGED
 * (the one kind mockd3d12 has caches of): disable or enable every
 * application cache (process-wide); returns whether they were disabled
 * before. */
bool obj_shader_cache_set_disabled(bool disabled);
bool obj_shader_cache_disabled(void);
/* ...and CLEAR: every open cache emptied, every closed DISK cache not in the
 * working directory forgotten. */
void obj_shader_cache_clear_all(void);

/* mockd3d12_reset(): caches enabled again, every closed DISK cache
 * forgotten (open ones stay with their sessions). */
void obj_shader_cache_reset(void);

static inline IUnknown *obj_shader_cache_session_iunknown(struct obj_shader_cache_session *session)
{
    return &session->IUnknown_iface;
}

#endif
