/*
 * Shader cache sessions (docs/objects.md, "Shader cache sessions"):
 * ID3D12Device9::CreateShaderCacheSession, ShaderCacheControl and
 * ID3D12ShaderCacheSession. The expectations are Windows' as vkd3d's
 * conformance test records it (tests/d3d12.c test_shader_cache, run on
 * Windows: the defaults, the refusals that leave the output untouched, the
 * probe, the shared caches and their Version conflict, the separate IUnknown
 * pointer, FindValue's sizes, eviction of a MEMORY cache) and the D3D12
 * documentation (DirectX-Specs d3d/ShaderCache.md: DISK caches, SetDeleteOnDestroy,
 * ShaderCacheControl); what neither says is marked (mockd3d12) in the docs.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <limits.h>

#include "alloc.h"

/* DXGI_ERROR_CACHE_FULL and the others winerror.h has and not every build's headers. */
#include "shader_cache_session.h"

static const GUID cache_a = {0xfdb37466, 0x428f, 0x4edf, {0xa3, 0x7f, 0x9b, 0x1d, 0xf4, 0x88, 0xc5, 0xfc}};
static const GUID cache_b = {0x2c4a9e10, 0x77d1, 0x4b0e, {0x8f, 0x21, 0x3a, 0x5b, 0x6c, 0x7d, 0x8e, 0x9f}};
static const GUID data_guid = {0x5e1a7c21, 0x3b4d, 0x4f6a, {0x81, 0x92, 0xa3, 0xb4, 0xc5, 0xd6, 0xe7, 0xf8}};

#define INVALIDARGS D3D12_MESSAGE_ID_CREATESHADERCACHESESSION_INVALIDARGS
#define SESSION_INVALIDARGS D3D12_MESSAGE_ID_MOCKD3D12_SHADERCACHESESSION_INVALIDARGS
#define KIB 1024u

/* A device on the default adapter with the debug layer, as ID3D12Device9. */
static ID3D12Device9 *create_device9(const char *adapter_id, ID3D12InfoQueue **info)
{
    ID3D12Device *device;
    ID3D12Device9 *device9;

    enable_debug_layer();
    device = create_device_on(adapter_id);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device9, (void **)&device9), S_OK);
    ID3D12Device_Release(device);
    *info = info_queue((ID3D12Device *)device9);
    ID3D12InfoQueue_ClearStoredMessages(*info);
    return device9;
}

static D3D12_SHADER_CACHE_SESSION_DESC cache_desc(const GUID *id, D3D12_SHADER_CACHE_MODE mode, UINT64 version)
{
    D3D12_SHADER_CACHE_SESSION_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.Identifier = *id;
    desc.Mode = mode;
    desc.Version = version;
    return desc;
}

static ID3D12ShaderCacheSession *open_session(ID3D12Device9 *device, const D3D12_SHADER_CACHE_SESSION_DESC *desc)
{
    ID3D12ShaderCacheSession *session = NULL;
    HRESULT hr;

    hr = ID3D12Device9_CreateShaderCacheSession(device, desc, &IID_ID3D12ShaderCacheSession, (void **)&session);
    if (hr != S_OK)
        fail_msg("CreateShaderCacheSession: %#x", (unsigned)hr);
    return session;
}

/* GetDesc: by value on Linux, through a RetVal pointer on Windows (the
 * DirectX-Headers' C ABI, src/base/platform.h). */
static D3D12_SHADER_CACHE_SESSION_DESC session_desc(ID3D12ShaderCacheSession *session)
{
#ifdef _WIN32
    D3D12_SHADER_CACHE_SESSION_DESC result, *ret;

    ret = session->lpVtbl->GetDesc(session, &result);
    assert_ptr_equal(ret, &result);
    return result;
#else
    return session->lpVtbl->GetDesc(session);
#endif
}

/* No stored message when `expected` is 0, else exactly one, with that id;
 * the queue is cleared after. */
static void check_message(struct row_failures *failures, unsigned i, const char *name, ID3D12InfoQueue *info,
        D3D12_MESSAGE_ID expected)
{
    UINT64 count = ID3D12InfoQueue_GetNumStoredMessages(info);
    D3D12_MESSAGE_ID id = 0;
    const char *text = "";

    if (count)
        text = message_text(info, 0, &id);
    if (!expected && count)
        row_fail(failures, i, name, "%llu message(s), expected none (%d \"%s\")", (unsigned long long)count, (int)id,
                text);
    else if (expected && (count != 1 || id != expected))
        row_fail(failures, i, name, "%llu message(s), the first %d \"%s\", expected one of id %d",
                (unsigned long long)count, (int)id, text, (int)expected);
    ID3D12InfoQueue_ClearStoredMessages(info);
}

/* ---- Creation ---- */

enum out_kind
{
    OUT_GIVEN,   /* a pointer to a sentinel */
    OUT_NONE,    /* NULL: a probe */
};

enum iid_kind
{
    IID_SESSION,
    IID_UNKNOWN,
    IID_NONE,
    IID_HEAP,
};

struct create_row
{
    const char *name;
    bool no_desc;
    const GUID *identifier; /* NULL: zero */
    UINT mode, flags, file_bytes;
    enum iid_kind iid;
    enum out_kind out;
    HRESULT hr;
    bool cleared;             /* on failure: the output is NULL (else untouched) */
    D3D12_MESSAGE_ID message; /* 0: none */
};

static void test_create(void **state)
{
    static const struct create_row rows[] =
    {
        /* test_shader_cache: "the description needs to be non-NULL and have at least the identifier set". */
        {"NULL desc", true, NULL, 0, 0, 0, IID_UNKNOWN, OUT_GIVEN, E_INVALIDARG, false, INVALIDARGS},
        {"NULL desc, no output", true, NULL, 0, 0, 0, IID_UNKNOWN, OUT_NONE, E_INVALIDARG, false, INVALIDARGS},
        {"zero Identifier", false, NULL, 0, 0, 0, IID_UNKNOWN, OUT_GIVEN, E_INVALIDARG, false, INVALIDARGS},
        {"zero Identifier, no output", false, NULL, 0, 0, 0, IID_UNKNOWN, OUT_NONE, E_INVALIDARG, false, INVALIDARGS},
        {"zero Identifier, NULL riid", false, NULL, 0, 0, 0, IID_NONE, OUT_GIVEN, E_INVALIDARG, false, INVALIDARGS},
        /* A probe, whatever the IID. */
        {"no output", false, &cache_a, 0, 0, 0, IID_UNKNOWN, OUT_NONE, S_FALSE, false, 0},
        {"no output, NULL riid", false, &cache_a, 0, 0, 0, IID_NONE, OUT_NONE, S_FALSE, false, 0},
        /* A crash on Windows. */
        {"NULL riid", false, &cache_a, 0, 0, 0, IID_NONE, OUT_GIVEN, E_INVALIDARG, false, INVALIDARGS},
        {"as IUnknown", false, &cache_a, 0, 0, 0, IID_UNKNOWN, OUT_GIVEN, S_OK, false, 0},
        {"as ID3D12ShaderCacheSession", false, &cache_a, 0, 0, 0, IID_SESSION, OUT_GIVEN, S_OK, false, 0},
        {"as ID3D12Heap", false, &cache_a, 0, 0, 0, IID_HEAP, OUT_GIVEN, E_NOINTERFACE, true, 0},
        {"DISK", false, &cache_a, D3D12_SHADER_CACHE_MODE_DISK, 0, 0, IID_SESSION, OUT_GIVEN, S_OK, false, 0},
        {"Mode 2", false, &cache_a, 2, 0, 0, IID_SESSION, OUT_GIVEN, E_INVALIDARG, false, INVALIDARGS},
        {"Mode 9876", false, &cache_a, 9876, 0, 0, IID_SESSION, OUT_GIVEN, E_INVALIDARG, false, INVALIDARGS},
        {"Mode 9876, no output", false, &cache_a, 9876, 0, 0, IID_SESSION, OUT_NONE, E_INVALIDARG, false, INVALIDARGS},
        {"Flags DRIVER_VERSIONED | USE_WORKING_DIR", false, &cache_a, 0, 3, 0, IID_SESSION, OUT_GIVEN, S_OK, false, 0},
        {"Flags 0x1245670", false, &cache_a, 0, 0x1245670, 0, IID_SESSION, OUT_GIVEN, E_INVALIDARG, false, INVALIDARGS},
        {"Flags 0x4", false, &cache_a, 0, 0x4, 0, IID_SESSION, OUT_GIVEN, E_INVALIDARG, false, INVALIDARGS},
        /* "MaximumValueFileSizeBytes is limited to 1 GiB regardless of cache type". */
        {"MaximumValueFileSizeBytes 1 GiB", false, &cache_a, 0, 0, 1024u * 1024u * 1024u, IID_SESSION, OUT_GIVEN,
                S_OK, false, 0},
        {"MaximumValueFileSizeBytes 1 GiB + 1", false, &cache_a, 0, 0, 1024u * 1024u * 1024u + 1, IID_SESSION,
                OUT_GIVEN, E_INVALIDARG, false, INVALIDARGS},
        {"DISK, MaximumValueFileSizeBytes 1 GiB + 1", false, &cache_a, D3D12_SHADER_CACHE_MODE_DISK, 0,
                1024u * 1024u * 1024u + 1, IID_SESSION, OUT_GIVEN, E_INVALIDARG, false, INVALIDARGS},
    };
    static const IID *const iids[] = {&IID_ID3D12ShaderCacheSession, &IID_IUnknown, NULL, &IID_ID3D12Heap};
    static const GUID zero;
    struct row_failures failures = {0};
    D3D12_SHADER_CACHE_SESSION_DESC desc;
    ID3D12Device9 *device;
    ID3D12InfoQueue *info;
    ULONG base;
    void *out;
    unsigned i;
    HRESULT hr;

    (void)state;
    device = create_device9(NULL, &info);
    base = get_refcount(device);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        const struct create_row *r = &rows[i];

        desc = cache_desc(r->identifier ? r->identifier : &zero, (D3D12_SHADER_CACHE_MODE)r->mode, 0);
        desc.Flags = (D3D12_SHADER_CACHE_FLAGS)r->flags;
        desc.MaximumValueFileSizeBytes = r->file_bytes;
        out = SENTINEL;
        hr = ID3D12Device9_CreateShaderCacheSession(device, r->no_desc ? NULL : &desc, iids[r->iid],
                r->out == OUT_GIVEN ? &out : NULL);
        if (hr != r->hr)
            row_fail(&failures, i, r->name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)r->hr);
        if (hr == S_OK)
        {
            if (!out || out == SENTINEL || get_refcount(device) != base + 1)
                row_fail(&failures, i, r->name, "output %p, device refcount %u", out, (unsigned)get_refcount(device));
            else if (IUnknown_Release((IUnknown *)out))
                row_fail(&failures, i, r->name, "session references left");
        }
        else if (out != (r->cleared ? NULL : SENTINEL))
        {
            row_fail(&failures, i, r->name, "output %p, expected %s", out, r->cleared ? "NULL" : "untouched");
        }
        if (get_refcount(device) != base)
            row_fail(&failures, i, r->name, "device refcount %u after, expected %u", (unsigned)get_refcount(device),
                    (unsigned)base);
        check_message(&failures, i, r->name, info, r->message);
    }
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device9_Release(device), 0);
    rows_done(&failures);
}

/* GetDesc: the description, a zero limit read back as Windows' default. */
static void test_desc(void **state)
{
    static const struct
    {
        const char *name;
        UINT mode, flags, memory, entries, file;
        UINT64 version;
        UINT expected_memory, expected_entries, expected_file;
    }
    rows[] =
    {
        {"defaults", 0, 0, 0, 0, 0, 0, 1024 * KIB, 128, 128 * 1024 * KIB},
        {"memory UINT_MAX (larger than the file)", 0, 0, UINT_MAX, 0, 0, 0, UINT_MAX, 128, 128 * 1024 * KIB},
        {"1 byte each", 0, 0, 1, 1, 1, 0, 1, 1, 1},
        {"DISK, versioned, flags", D3D12_SHADER_CACHE_MODE_DISK, 1, 32 * KIB, 7, 64 * KIB, 12344, 32 * KIB, 7,
                64 * KIB},
    };
    struct row_failures failures = {0};
    D3D12_SHADER_CACHE_SESSION_DESC desc, got;
    ID3D12ShaderCacheSession *session;
    ID3D12Device9 *device;
    ID3D12InfoQueue *info;
    unsigned i;

    (void)state;
    device = create_device9(NULL, &info);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        desc = cache_desc(&cache_b, (D3D12_SHADER_CACHE_MODE)rows[i].mode, rows[i].version);
        desc.Flags = (D3D12_SHADER_CACHE_FLAGS)rows[i].flags;
        desc.MaximumInMemoryCacheSizeBytes = rows[i].memory;
        desc.MaximumInMemoryCacheEntries = rows[i].entries;
        desc.MaximumValueFileSizeBytes = rows[i].file;
        session = open_session(device, &desc);
        got = session_desc(session);
        if (memcmp(&got.Identifier, &cache_b, sizeof(GUID)) || got.Mode != desc.Mode || got.Flags != desc.Flags
                || got.Version != rows[i].version)
            row_fail(&failures, i, rows[i].name, "Identifier, Mode %u, Flags %#x or Version %llu changed",
                    (unsigned)got.Mode, (unsigned)got.Flags, (unsigned long long)got.Version);
        if (got.MaximumInMemoryCacheSizeBytes != rows[i].expected_memory
                || got.MaximumInMemoryCacheEntries != rows[i].expected_entries
                || got.MaximumValueFileSizeBytes != rows[i].expected_file)
            row_fail(&failures, i, rows[i].name, "limits %u %u %u", got.MaximumInMemoryCacheSizeBytes,
                    got.MaximumInMemoryCacheEntries, got.MaximumValueFileSizeBytes);
        /* The DISK cache would outlive the session: asked not to. */
        ID3D12ShaderCacheSession_SetDeleteOnDestroy(session);
        ID3D12ShaderCacheSession_Release(session);
    }
    check_message(&failures, 0, "no messages", info, 0);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device9_Release(device), 0);
    rows_done(&failures);
}

/* ---- COM identity, references, private data ---- */

static void test_identity(void **state)
{
    D3D12_SHADER_CACHE_SESSION_DESC desc = cache_desc(&cache_a, D3D12_SHADER_CACHE_MODE_MEMORY, 12344);
    ID3D12ShaderCacheSession *session, *other;
    IUnknown *unk, *unk2;
    ID3D12Device9 *device;
    ID3D12InfoQueue *info;
    ID3D12Device *got;
    UINT value, size;
    ULONG base;
    void *out;

    (void)state;
    device = create_device9(NULL, &info);
    base = get_refcount(device);
    assert_int_equal(ID3D12Device9_CreateShaderCacheSession(device, &desc, &IID_IUnknown, (void **)&unk), S_OK);
    /* The session holds its device. */
    assert_int_equal(get_refcount(device), base + 1);
    assert_int_equal(get_refcount(unk), 1);

    /* IUnknown is a pointer of its own (test_shader_cache); one count for both. */
    assert_int_equal(IUnknown_QueryInterface(unk, &IID_ID3D12ShaderCacheSession, (void **)&session), S_OK);
    assert_ptr_not_equal((void *)session, (void *)unk);
    assert_int_equal(ID3D12ShaderCacheSession_QueryInterface(session, &IID_IUnknown, (void **)&unk2), S_OK);
    assert_ptr_equal(unk2, unk);
    assert_int_equal(ID3D12ShaderCacheSession_QueryInterface(session, &IID_IUnknown, NULL), E_POINTER);
    assert_int_equal(get_refcount(unk), 3);
    assert_int_equal(get_refcount(session), 3);
    IUnknown_Release(unk2);
    /* ID3D12Object and ID3D12DeviceChild are the session pointer; ID3D12Pageable is not an interface of it. */
    assert_int_equal(IUnknown_QueryInterface(unk, &IID_ID3D12DeviceChild, &out), S_OK);
    assert_ptr_equal(out, session);
    IUnknown_Release((IUnknown *)out);
    assert_int_equal(ID3D12ShaderCacheSession_QueryInterface(session, &IID_ID3D12Object, &out), S_OK);
    assert_ptr_equal(out, session);
    IUnknown_Release((IUnknown *)out);
    out = SENTINEL;
    assert_int_equal(ID3D12ShaderCacheSession_QueryInterface(session, &IID_ID3D12Pageable, &out), E_NOINTERFACE);
    assert_null(out);
    out = SENTINEL;
    assert_int_equal(ID3D12ShaderCacheSession_QueryInterface(session, NULL, &out), E_INVALIDARG);
    assert_null(out);

    /* GetDevice: the device's QueryInterface. */
    assert_int_equal(ID3D12ShaderCacheSession_GetDevice(session, &IID_ID3D12Device, (void **)&got), S_OK);
    assert_ptr_equal((void *)got, (void *)device);
    ID3D12Device_Release(got);
    out = SENTINEL;
    assert_int_equal(ID3D12ShaderCacheSession_GetDevice(session, &IID_ID3D12Fence, &out), E_NOINTERFACE);
    assert_null(out);

    /* Private data: per session, an interface AddRef'd until the session goes. */
    other = open_session(device, &desc);
    assert_ptr_not_equal(other, session);
    value = 0x1234;
    assert_int_equal(ID3D12ShaderCacheSession_SetPrivateData(session, &data_guid, sizeof(value), &value), S_OK);
    value = 0;
    size = sizeof(value);
    assert_int_equal(ID3D12ShaderCacheSession_GetPrivateData(session, &data_guid, &size, &value), S_OK);
    assert_int_equal(value, 0x1234);
    size = sizeof(value);
    assert_int_equal(ID3D12ShaderCacheSession_GetPrivateData(other, &data_guid, &size, &value), DXGI_ERROR_NOT_FOUND);
    assert_int_equal(ID3D12ShaderCacheSession_SetPrivateDataInterface(other, &data_guid, unk), S_OK);
    assert_int_equal(get_refcount(unk), 3);
    assert_int_equal(ID3D12ShaderCacheSession_SetName(session, L"shaders"), S_OK);
    size = 0;
    assert_int_equal(ID3D12ShaderCacheSession_GetPrivateData(session, &WKPDID_D3DDebugObjectNameW, &size, NULL), S_OK);
    assert_int_equal(size, sizeof(L"shaders"));
    assert_int_equal(ID3D12ShaderCacheSession_Release(other), 0);
    assert_int_equal(get_refcount(unk), 2);

    /* The last Release gives the device back. */
    assert_int_equal(ID3D12ShaderCacheSession_Release(session), 1);
    assert_int_equal(IUnknown_Release(unk), 0);
    assert_int_equal(get_refcount(device), base);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device9_Release(device), 0);
}

/* ---- Caches shared by identifier ---- */

static void test_same_identifier(void **state)
{
    D3D12_SHADER_CACHE_SESSION_DESC desc = cache_desc(&cache_a, D3D12_SHADER_CACHE_MODE_MEMORY, 12344);
    ID3D12ShaderCacheSession *session, *session2, *other;
    char value[8];
    ID3D12Device9 *device;
    ID3D12InfoQueue *info;
    UINT size;
    void *out;

    (void)state;
    device = create_device9(NULL, &info);
    session = open_session(device, &desc);

    /* Another Version while the cache is open: DXGI_ERROR_ALREADY_EXISTS, the output cleared; a probe still S_FALSE. */
    desc.Version = 12345;
    out = SENTINEL;
    assert_int_equal(ID3D12Device9_CreateShaderCacheSession(device, &desc, &IID_ID3D12ShaderCacheSession, &out),
            DXGI_ERROR_ALREADY_EXISTS);
    assert_null(out);
    {
        D3D12_MESSAGE_ID id;
        const char *text = message_text(info, 0, &id);

        assert_int_equal(id, D3D12_MESSAGE_ID_CREATESHADERCACHESESSION_ALREADYOPEN);
        assert_string_equal(text, "ID3D12Device9::CreateShaderCacheSession: the cache of that Identifier is open in 1 "
                "session(s) with Version 12344, not 12345; returning DXGI_ERROR_ALREADY_EXISTS.");
    }
    ID3D12InfoQueue_ClearStoredMessages(info);
    assert_int_equal(ID3D12Device9_CreateShaderCacheSession(device, &desc, &IID_IUnknown, NULL), S_FALSE);
    /* Another identifier, or another mode, is another cache. */
    desc.Identifier = cache_b;
    other = open_session(device, &desc);
    ID3D12ShaderCacheSession_Release(other);
    desc = cache_desc(&cache_a, D3D12_SHADER_CACHE_MODE_DISK, 12345);
    other = open_session(device, &desc);
    size = sizeof(value);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "k", 1, "memory", 7), S_OK);
    assert_int_equal(ID3D12ShaderCacheSession_FindValue(other, "k", 1, value, &size), DXGI_ERROR_NOT_FOUND);
    ID3D12ShaderCacheSession_SetDeleteOnDestroy(other);
    ID3D12ShaderCacheSession_Release(other);
    ID3D12ShaderCacheSession_Release(session);

    /* Closed, the MEMORY cache is gone: the new Version opens, twice, one cache for both sessions. */
    desc = cache_desc(&cache_a, D3D12_SHADER_CACHE_MODE_MEMORY, 12345);
    session = open_session(device, &desc);
    session2 = open_session(device, &desc);
    assert_ptr_not_equal(session, session2);
    size = sizeof(value);
    assert_int_equal(ID3D12ShaderCacheSession_FindValue(session, "k", 1, value, &size), DXGI_ERROR_NOT_FOUND);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "k", 1, "shared", 7), S_OK);
    size = sizeof(value);
    assert_int_equal(ID3D12ShaderCacheSession_FindValue(session2, "k", 1, value, &size), S_OK);
    assert_string_equal(value, "shared");
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session2, "k", 1, "again", 6), DXGI_ERROR_ALREADY_EXISTS);
    ID3D12ShaderCacheSession_Release(session2);
    size = sizeof(value);
    assert_int_equal(ID3D12ShaderCacheSession_FindValue(session, "k", 1, value, &size), S_OK);
    ID3D12ShaderCacheSession_Release(session);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device9_Release(device), 0);
}

/* ---- StoreValue and FindValue ---- */

enum call { STORE, FIND };

static void test_store_find(void **state)
{
    static const char key1[] = "1234567890", key2[] = "ABCDEFGHIJ", longer[] = "1234567890X";
    static const char value1[] = "the first value";
    static const struct
    {
        const char *name;
        enum call call;
        const char *key;
        UINT key_size;
        bool value;     /* pass a buffer (FIND) or value1 (STORE) */
        bool size_ptr;  /* FIND: pass pValueSize */
        UINT size;      /* STORE: ValueSize; FIND: *pValueSize before */
        HRESULT hr;
        UINT size_after; /* FIND: *pValueSize after */
        bool written;    /* FIND: the buffer holds value1 */
        D3D12_MESSAGE_ID message;
    }
    rows[] =
    {
        {"store", STORE, key1, sizeof(key1), true, false, sizeof(value1), S_OK, 0, false, 0},
        {"store again", STORE, key1, sizeof(key1), true, false, sizeof(value1), DXGI_ERROR_ALREADY_EXISTS, 0, false,
                D3D12_MESSAGE_ID_SHADERCACHESESSION_STOREVALUE_ALREADYPRESENT},
        {"store again, another size", STORE, key1, sizeof(key1), true, false, 3, DXGI_ERROR_ALREADY_EXISTS, 0, false,
                D3D12_MESSAGE_ID_SHADERCACHESESSION_STOREVALUE_ALREADYPRESENT},
        {"store NULL value, 0", STORE, key2, sizeof(key2), false, false, 0, E_INVALIDARG, 0, false, SESSION_INVALIDARGS},
        {"store ValueSize 0", STORE, key2, sizeof(key2), true, false, 0, E_INVALIDARG, 0, false, SESSION_INVALIDARGS},
        {"store NULL value", STORE, key2, sizeof(key2), false, false, 4, E_INVALIDARG, 0, false, SESSION_INVALIDARGS},
        {"store NULL key", STORE, NULL, sizeof(key2), true, false, 4, E_INVALIDARG, 0, false, SESSION_INVALIDARGS},
        {"store KeySize 0", STORE, key2, 0, true, false, 1, E_INVALIDARG, 0, false, SESSION_INVALIDARGS},
        {"find", FIND, key1, sizeof(key1), true, true, 64, S_OK, sizeof(value1), true, 0},
        {"find into the exact size", FIND, key1, sizeof(key1), true, true, sizeof(value1), S_OK, sizeof(value1), true, 0},
        {"find, no pValueSize", FIND, key1, sizeof(key1), true, false, 0, E_INVALIDARG, 0, false, SESSION_INVALIDARGS},
        {"find, nothing", FIND, key1, sizeof(key1), false, false, 0, E_INVALIDARG, 0, false, SESSION_INVALIDARGS},
        {"find a missing key, nothing", FIND, key2, sizeof(key2), false, false, 0, E_INVALIDARG, 0, false,
                SESSION_INVALIDARGS},
        {"find, NULL key", FIND, NULL, sizeof(key1), true, true, 64, E_INVALIDARG, 64, false, SESSION_INVALIDARGS},
        {"find, KeySize 0", FIND, key1, 0, true, true, 64, E_INVALIDARG, 64, false, SESSION_INVALIDARGS},
        /* "A NULL data ptr returns S_OK and sets *value_size to the required size." */
        {"size, from 0", FIND, key1, sizeof(key1), false, true, 0, S_OK, sizeof(value1), false, 0},
        {"size, from more", FIND, key1, sizeof(key1), false, true, sizeof(value1) + 1, S_OK, sizeof(value1), false, 0},
        /* "It remains untouched if the item was not found." */
        {"missing key", FIND, key2, sizeof(key2), false, true, 0xdeadbeef, DXGI_ERROR_NOT_FOUND, 0xdeadbeef, false,
                D3D12_MESSAGE_ID_SHADERCACHESESSION_FINDVALUE_NOTFOUND},
        {"missing key, a buffer", FIND, key2, sizeof(key2), true, true, 64, DXGI_ERROR_NOT_FOUND, 64, false,
                D3D12_MESSAGE_ID_SHADERCACHESESSION_FINDVALUE_NOTFOUND},
        /* "If a too small data pointer is passed, *value_size is set, but no data is written." */
        {"buffer one byte short", FIND, key1, sizeof(key1), true, true, sizeof(value1) - 1, DXGI_ERROR_MORE_DATA,
                sizeof(value1), false, 0},
        /* "Keys are not truncated." */
        {"a longer key", FIND, longer, sizeof(longer), false, true, 0, DXGI_ERROR_NOT_FOUND, 0, false,
                D3D12_MESSAGE_ID_SHADERCACHESESSION_FINDVALUE_NOTFOUND},
        {"a shorter key", FIND, key1, sizeof(key1) - 1, false, true, 0, DXGI_ERROR_NOT_FOUND, 0, false,
                D3D12_MESSAGE_ID_SHADERCACHESESSION_FINDVALUE_NOTFOUND},
    };
    D3D12_SHADER_CACHE_SESSION_DESC desc = cache_desc(&cache_a, D3D12_SHADER_CACHE_MODE_MEMORY, 0);
    struct row_failures failures = {0};
    ID3D12ShaderCacheSession *session;
    ID3D12Device9 *device;
    ID3D12InfoQueue *info;
    char buffer[64];
    unsigned i;
    HRESULT hr;
    UINT size;

    (void)state;
    device = create_device9(NULL, &info);
    session = open_session(device, &desc);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        if (rows[i].call == STORE)
        {
            hr = ID3D12ShaderCacheSession_StoreValue(session, rows[i].key, rows[i].key_size,
                    rows[i].value ? value1 : NULL, rows[i].size);
        }
        else
        {
            memset(buffer, 'C', sizeof(buffer));
            size = rows[i].size;
            hr = ID3D12ShaderCacheSession_FindValue(session, rows[i].key, rows[i].key_size,
                    rows[i].value ? buffer : NULL, rows[i].size_ptr ? &size : NULL);
            if (rows[i].size_ptr && size != rows[i].size_after)
                row_fail(&failures, i, rows[i].name, "*pValueSize %#x, expected %#x", size, rows[i].size_after);
            if (rows[i].written ? memcmp(buffer, value1, sizeof(value1)) || buffer[sizeof(value1)] != 'C'
                    : buffer[0] != 'C')
                row_fail(&failures, i, rows[i].name, "the buffer was %s", rows[i].written ? "not written as expected"
                        : "written");
        }
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        check_message(&failures, i, rows[i].name, info, rows[i].message);
    }
    ID3D12ShaderCacheSession_Release(session);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device9_Release(device), 0);
    rows_done(&failures);
}

/* ---- Eviction of a MEMORY cache ---- */

static bool has(ID3D12ShaderCacheSession *session, const void *key, UINT key_size)
{
    UINT size = 0;

    return ID3D12ShaderCacheSession_FindValue(session, key, key_size, NULL, &size) == S_OK;
}

/* test_shader_cache's sequence on a 32 KiB cache: keys count, the least
 * recently used goes, an entry larger than the cache goes in and goes next. */
static void test_eviction_by_size(void **state)
{
    static const char key1[] = "1234567890", key2[] = "ABCDEFGHIJ";
    D3D12_SHADER_CACHE_SESSION_DESC desc = cache_desc(&cache_a, D3D12_SHADER_CACHE_MODE_MEMORY, 12345);
    static char blob1[20 * 1024], blob2[20 * 1024], blob4[40 * 1024];
    ID3D12ShaderCacheSession *session;
    ID3D12Device9 *device;
    ID3D12InfoQueue *info;

    (void)state;
    memset(blob1, '1', sizeof(blob1));
    memset(blob2, '2', sizeof(blob2));
    memset(blob4, '4', sizeof(blob4));
    desc.MaximumInMemoryCacheSizeBytes = 32 * KIB;
    device = create_device9(NULL, &info);
    session = open_session(device, &desc);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, key1, sizeof(key1), blob1, sizeof(blob1)), S_OK);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, key2, sizeof(key2), blob2, sizeof(blob2)), S_OK);
    assert_true(has(session, key2, sizeof(key2)));
    assert_false(has(session, key1, sizeof(key1)));
    /* A 20 KiB key with a small value evicts key2. */
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, blob1, sizeof(blob1), &desc, sizeof(desc)), S_OK);
    assert_true(has(session, blob1, sizeof(blob1)));
    assert_false(has(session, key2, sizeof(key2)));
    ID3D12ShaderCacheSession_Release(session);

    session = open_session(device, &desc);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, key1, sizeof(key1), blob4, sizeof(blob4)), S_OK);
    assert_true(has(session, key1, sizeof(key1)));
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, key2, sizeof(key2), &desc, sizeof(desc)), S_OK);
    assert_false(has(session, key1, sizeof(key1)));
    assert_true(has(session, key2, sizeof(key2)));
    ID3D12ShaderCacheSession_Release(session);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device9_Release(device), 0);
}

/* MaximumInMemoryCacheEntries bounds the count; a found entry is used again. */
static void test_eviction_by_count(void **state)
{
    D3D12_SHADER_CACHE_SESSION_DESC desc = cache_desc(&cache_a, D3D12_SHADER_CACHE_MODE_MEMORY, 0);
    ID3D12ShaderCacheSession *session;
    ID3D12Device9 *device;
    ID3D12InfoQueue *info;

    (void)state;
    desc.MaximumInMemoryCacheEntries = 2;
    device = create_device9(NULL, &info);
    session = open_session(device, &desc);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "a", 1, "1", 1), S_OK);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "b", 1, "2", 1), S_OK);
    assert_true(has(session, "a", 1)); /* b is now the least recently used */
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "c", 1, "3", 1), S_OK);
    assert_true(has(session, "a", 1));
    assert_false(has(session, "b", 1));
    assert_true(has(session, "c", 1));
    /* An evicted key may be stored again. */
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "b", 1, "2", 1), S_OK);
    assert_false(has(session, "a", 1));
    ID3D12ShaderCacheSession_Release(session);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device9_Release(device), 0);
}

/* ---- DISK caches: in the process, never on disk ---- */

static void test_disk(void **state)
{
    D3D12_SHADER_CACHE_SESSION_DESC desc = cache_desc(&cache_b, D3D12_SHADER_CACHE_MODE_DISK, 1);
    struct row_failures failures = {0};
    ID3D12ShaderCacheSession *session, *other;
    ID3D12Device9 *device, *device2;
    ID3D12InfoQueue *info, *info2;
    char value[8] = "";
    UINT size;

    (void)state;
    desc.MaximumInMemoryCacheSizeBytes = 4;
    desc.MaximumValueFileSizeBytes = 16;
    device = create_device9(NULL, &info);
    session = open_session(device, &desc);
    /* The in-memory size does not bound a DISK cache; its value file does. */
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "a", 1, "12345678", 8), S_OK);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "b", 1, "1234567", 7), S_OK);
    assert_true(has(session, "a", 1));
    ID3D12InfoQueue_ClearStoredMessages(info);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "c", 1, "12", 2), DXGI_ERROR_CACHE_FULL);
    check_message(&failures, 0, "cache full", info, D3D12_MESSAGE_ID_SHADERCACHESESSION_STOREVALUE_CACHEFULL);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "c", 1, "1", 1), S_OK);
    ID3D12ShaderCacheSession_Release(session);

    /* Closed, it stays: the same Version finds the values. */
    session = open_session(device, &desc);
    size = sizeof(value);
    assert_int_equal(ID3D12ShaderCacheSession_FindValue(session, "b", 1, value, &size), S_OK);
    assert_string_equal(value, "1234567");
    ID3D12ShaderCacheSession_Release(session);

    /* Another Version of a closed cache: emptied. */
    desc.Version = 2;
    session = open_session(device, &desc);
    assert_false(has(session, "b", 1));
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "d", 1, "4", 1), S_OK);
    /* SetDeleteOnDestroy: gone with the last session, not before. */
    other = open_session(device, &desc);
    ID3D12ShaderCacheSession_SetDeleteOnDestroy(session);
    ID3D12ShaderCacheSession_Release(session);
    assert_true(has(other, "d", 1));
    ID3D12ShaderCacheSession_Release(other);
    session = open_session(device, &desc);
    assert_false(has(session, "d", 1));

    /* DRIVER_VERSIONED: one cache per adapter. */
    desc.Flags = D3D12_SHADER_CACHE_FLAG_DRIVER_VERSIONED;
    other = open_session(device, &desc);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(other, "e", 1, "5", 1), S_OK);
    assert_false(has(session, "e", 1));
    device2 = create_device9("warp", &info2);
    ID3D12ShaderCacheSession_Release(session);
    session = open_session(device2, &desc);
    assert_false(has(session, "e", 1));
    ID3D12ShaderCacheSession_SetDeleteOnDestroy(session);
    ID3D12ShaderCacheSession_Release(session);
    ID3D12ShaderCacheSession_SetDeleteOnDestroy(other);
    ID3D12ShaderCacheSession_Release(other);
    ID3D12InfoQueue_Release(info2);
    assert_int_equal(ID3D12Device9_Release(device2), 0);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device9_Release(device), 0);
    rows_done(&failures);
}

/* mockd3d12_reset() forgets the closed DISK caches. */
static void test_reset(void **state)
{
    D3D12_SHADER_CACHE_SESSION_DESC desc = cache_desc(&cache_b, D3D12_SHADER_CACHE_MODE_DISK, 0);
    ID3D12ShaderCacheSession *session;
    ID3D12Device9 *device;
    ID3D12InfoQueue *info;

    (void)state;
    device = create_device9(NULL, &info);
    session = open_session(device, &desc);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "a", 1, "1", 1), S_OK);
    ID3D12ShaderCacheSession_Release(session);
    mockd3d12_reset();
    session = open_session(device, &desc);
    assert_false(has(session, "a", 1));
    ID3D12ShaderCacheSession_Release(session);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device9_Release(device), 0);
}

/* ---- ShaderCacheControl ---- */

static void test_control_flags(void **state)
{
    static const struct
    {
        const char *name;
        UINT kinds, control;
        HRESULT hr;
        D3D12_MESSAGE_ID message;
    }
    rows[] =
    {
        {"no kind", 0, D3D12_SHADER_CACHE_CONTROL_FLAG_CLEAR, E_INVALIDARG,
                D3D12_MESSAGE_ID_SHADERCACHECONTROL_INVALIDFLAGS},
        {"kind 0x10", 0x10, D3D12_SHADER_CACHE_CONTROL_FLAG_CLEAR, E_INVALIDARG,
                D3D12_MESSAGE_ID_SHADERCACHECONTROL_INVALIDFLAGS},
        {"no control", D3D12_SHADER_CACHE_KIND_FLAG_APPLICATION_MANAGED, 0, E_INVALIDARG,
                D3D12_MESSAGE_ID_SHADERCACHECONTROL_INVALIDFLAGS},
        {"control 0x8", D3D12_SHADER_CACHE_KIND_FLAG_APPLICATION_MANAGED, 0x8, E_INVALIDARG,
                D3D12_MESSAGE_ID_SHADERCACHECONTROL_INVALIDFLAGS},
        {"DISABLE | ENABLE", D3D12_SHADER_CACHE_KIND_FLAG_APPLICATION_MANAGED,
                D3D12_SHADER_CACHE_CONTROL_FLAG_DISABLE | D3D12_SHADER_CACHE_CONTROL_FLAG_ENABLE, E_INVALIDARG,
                D3D12_MESSAGE_ID_SHADERCACHECONTROL_INVALIDFLAGS},
        {"the implicit caches, every kind", 0x7, D3D12_SHADER_CACHE_CONTROL_FLAG_DISABLE, S_OK, 0},
        {"CLEAR", 0xf, D3D12_SHADER_CACHE_CONTROL_FLAG_CLEAR, S_OK, 0},
        {"ENABLE, already enabled", D3D12_SHADER_CACHE_KIND_FLAG_APPLICATION_MANAGED,
                D3D12_SHADER_CACHE_CONTROL_FLAG_ENABLE, S_OK, D3D12_MESSAGE_ID_SHADERCACHECONTROL_STATEALREADYSET},
        {"DISABLE", D3D12_SHADER_CACHE_KIND_FLAG_APPLICATION_MANAGED, D3D12_SHADER_CACHE_CONTROL_FLAG_DISABLE, S_OK, 0},
        {"DISABLE, already disabled", D3D12_SHADER_CACHE_KIND_FLAG_APPLICATION_MANAGED,
                D3D12_SHADER_CACHE_CONTROL_FLAG_DISABLE, S_OK, D3D12_MESSAGE_ID_SHADERCACHECONTROL_STATEALREADYSET},
        {"ENABLE | CLEAR", D3D12_SHADER_CACHE_KIND_FLAG_APPLICATION_MANAGED,
                D3D12_SHADER_CACHE_CONTROL_FLAG_ENABLE | D3D12_SHADER_CACHE_CONTROL_FLAG_CLEAR, S_OK, 0},
    };
    struct row_failures failures = {0};
    ID3D12Device9 *device;
    ID3D12InfoQueue *info;
    unsigned i;
    HRESULT hr;

    (void)state;
    device = create_device9(NULL, &info);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        hr = ID3D12Device9_ShaderCacheControl(device, (D3D12_SHADER_CACHE_KIND_FLAGS)rows[i].kinds,
                (D3D12_SHADER_CACHE_CONTROL_FLAGS)rows[i].control);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        check_message(&failures, i, rows[i].name, info, rows[i].message);
    }
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device9_Release(device), 0);
    rows_done(&failures);
}

/* DISABLE: no session opens, the open ones neither find nor store;
 * ENABLE resumes. CLEAR empties the open caches and forgets the closed DISK
 * ones, except those in the working directory. */
static void test_control_effects(void **state)
{
    const D3D12_SHADER_CACHE_KIND_FLAGS app = D3D12_SHADER_CACHE_KIND_FLAG_APPLICATION_MANAGED;
    D3D12_SHADER_CACHE_SESSION_DESC desc = cache_desc(&cache_a, D3D12_SHADER_CACHE_MODE_MEMORY, 0);
    D3D12_SHADER_CACHE_SESSION_DESC disk = cache_desc(&cache_b, D3D12_SHADER_CACHE_MODE_DISK, 0);
    D3D12_SHADER_CACHE_SESSION_DESC local = disk;
    ID3D12ShaderCacheSession *session, *closed;
    ID3D12Device9 *device;
    ID3D12InfoQueue *info;
    D3D12_MESSAGE_ID id;
    UINT size = 0;
    void *out;

    (void)state;
    local.Flags = D3D12_SHADER_CACHE_FLAG_USE_WORKING_DIR;
    device = create_device9(NULL, &info);
    session = open_session(device, &desc);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "a", 1, "1", 1), S_OK);

    assert_int_equal(ID3D12Device9_ShaderCacheControl(device, app, D3D12_SHADER_CACHE_CONTROL_FLAG_DISABLE), S_OK);
    out = SENTINEL;
    assert_int_equal(ID3D12Device9_CreateShaderCacheSession(device, &disk, &IID_ID3D12ShaderCacheSession, &out),
            DXGI_ERROR_NOT_CURRENTLY_AVAILABLE);
    assert_null(out);
    message_text(info, 0, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATESHADERCACHESESSION_DISABLED);
    ID3D12InfoQueue_ClearStoredMessages(info);
    assert_int_equal(ID3D12ShaderCacheSession_FindValue(session, "a", 1, NULL, &size), DXGI_ERROR_NOT_CURRENTLY_AVAILABLE);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "b", 1, "2", 1), DXGI_ERROR_NOT_CURRENTLY_AVAILABLE);
    message_text(info, 1, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_SHADERCACHESESSION_DISABLED);
    assert_int_equal(ID3D12Device9_ShaderCacheControl(device, app, D3D12_SHADER_CACHE_CONTROL_FLAG_ENABLE), S_OK);
    assert_true(has(session, "a", 1));
    assert_false(has(session, "b", 1));

    /* Two closed DISK caches, one in the working directory. */
    closed = open_session(device, &disk);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(closed, "d", 1, "4", 1), S_OK);
    ID3D12ShaderCacheSession_Release(closed);
    closed = open_session(device, &local);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(closed, "w", 1, "5", 1), S_OK);
    ID3D12ShaderCacheSession_Release(closed);

    assert_int_equal(ID3D12Device9_ShaderCacheControl(device, app, D3D12_SHADER_CACHE_CONTROL_FLAG_CLEAR), S_OK);
    assert_false(has(session, "a", 1));
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "a", 1, "1", 1), S_OK);
    closed = open_session(device, &disk);
    assert_false(has(closed, "d", 1));
    ID3D12ShaderCacheSession_Release(closed);
    closed = open_session(device, &local);
    assert_true(has(closed, "w", 1));
    ID3D12ShaderCacheSession_SetDeleteOnDestroy(closed);
    ID3D12ShaderCacheSession_Release(closed);

    /* mockd3d12_reset() enables them again. */
    assert_int_equal(ID3D12Device9_ShaderCacheControl(device, app, D3D12_SHADER_CACHE_CONTROL_FLAG_DISABLE), S_OK);
    mockd3d12_reset();
    assert_true(has(session, "a", 1));
    ID3D12ShaderCacheSession_Release(session);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device9_Release(device), 0);
}

/* ---- The device ---- */

static void test_removed_device(void **state)
{
    D3D12_SHADER_CACHE_SESSION_DESC desc = cache_desc(&cache_a, D3D12_SHADER_CACHE_MODE_MEMORY, 0);
    ID3D12ShaderCacheSession *before;
    ID3D12Device9 *device;
    ID3D12InfoQueue *info;
    void *out;

    (void)state;
    device = create_device9("warp", &info);
    before = open_session(device, &desc);
    ID3D12Device9_RemoveDevice(device);
    out = SENTINEL;
    assert_int_equal(ID3D12Device9_CreateShaderCacheSession(device, &desc, &IID_ID3D12ShaderCacheSession, &out),
            DXGI_ERROR_DEVICE_REMOVED);
    assert_null(out);
    assert_int_equal(ID3D12Device9_CreateShaderCacheSession(device, &desc, &IID_IUnknown, NULL),
            DXGI_ERROR_DEVICE_REMOVED);
    /* The one made before still works. */
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(before, "a", 1, "1", 1), S_OK);
    ID3D12ShaderCacheSession_Release(before);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device9_Release(device), 0);
}

static void test_live_objects(void **state)
{
    D3D12_SHADER_CACHE_SESSION_DESC desc = cache_desc(&cache_a, D3D12_SHADER_CACHE_MODE_MEMORY, 0);
    ID3D12ShaderCacheSession *sessions[2];
    ID3D12DebugDevice *debug_device;
    ID3D12Device9 *device;
    ID3D12InfoQueue *info;
    char expected[256];
    D3D12_MESSAGE_ID id;
    const char *text;
    unsigned j, found;
    UINT64 i, count;

    (void)state;
    device = create_device9(NULL, &info);
    sessions[0] = open_session(device, &desc);
    sessions[1] = open_session(device, &desc);
    assert_int_equal(ID3D12ShaderCacheSession_SetName(sessions[1], L"shaders"), S_OK);
    assert_int_equal(ID3D12Device9_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug_device), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info);
    assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug_device, D3D12_RLDO_DETAIL), S_OK);
    count = ID3D12InfoQueue_GetNumStoredMessages(info);
    for (j = 0; j < 2; ++j)
    {
        /* The object's address: its identity, the IUnknown pointer. */
        IUnknown *identity;

        assert_int_equal(ID3D12ShaderCacheSession_QueryInterface(sessions[j], &IID_IUnknown, (void **)&identity), S_OK);
        IUnknown_Release(identity);
        snprintf(expected, sizeof(expected), "\tLive ID3D12ShaderCacheSession at 0x%016llX%s, Refcount: 1, IntRef: 0",
                (unsigned long long)(uintptr_t)identity, j ? ", Name: shaders" : "");
        for (i = 0, found = 0; i < count; ++i)
        {
            text = message_text(info, i, &id);
            found += !strcmp(text, expected) && id == D3D12_MESSAGE_ID_LIVE_SHADERCACHESESSION;
        }
        if (found != 1)
            fail_msg("session %u found %u times as \"%s\"", j, found, expected);
    }
    ID3D12DebugDevice_Release(debug_device);
    ID3D12ShaderCacheSession_Release(sessions[0]);
    ID3D12ShaderCacheSession_Release(sessions[1]);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device9_Release(device), 0);
}

/* Creation allocates the session and, for a new cache, the cache; a store
 * its entry. A failing one: E_OUTOFMEMORY, nothing made, nothing changed. */
static void test_out_of_memory(void **state)
{
    D3D12_SHADER_CACHE_SESSION_DESC desc = cache_desc(&cache_a, D3D12_SHADER_CACHE_MODE_MEMORY, 0);
    struct row_failures failures = {0};
    ID3D12ShaderCacheSession *session, *keep;
    ID3D12Device9 *device;
    ID3D12InfoQueue *info;
    unsigned n;
    ULONG base;
    HRESULT hr;
    void *out;

    (void)state;
    device = create_device9(NULL, &info);
    base = get_refcount(device);
    for (n = 0; n <= 2; ++n)
    {
        out = SENTINEL;
        mk_alloc_fail_after(n);
        hr = ID3D12Device9_CreateShaderCacheSession(device, &desc, &IID_ID3D12ShaderCacheSession, &out);
        mk_alloc_fail_after(-1);
        if (hr != (n < 2 ? E_OUTOFMEMORY : S_OK))
            row_fail(&failures, n, "create", "allocation %u failing: hr %#x", n, (unsigned)hr);
        if (FAILED(hr) && (out || get_refcount(device) != base))
            row_fail(&failures, n, "create", "allocation %u failing: left something", n);
        if (SUCCEEDED(hr))
            IUnknown_Release((IUnknown *)out);
    }
    /* A cache already open: only the session is allocated. */
    keep = open_session(device, &desc);
    out = SENTINEL;
    mk_alloc_fail_after(0);
    hr = ID3D12Device9_CreateShaderCacheSession(device, &desc, &IID_ID3D12ShaderCacheSession, &out);
    mk_alloc_fail_after(-1);
    if (hr != E_OUTOFMEMORY || out)
        row_fail(&failures, 3, "create on an open cache", "hr %#x, output %p", (unsigned)hr, out);
    session = open_session(device, &desc);
    assert_int_equal(ID3D12ShaderCacheSession_StoreValue(session, "a", 1, "1", 1), S_OK);
    mk_alloc_fail_after(0);
    hr = ID3D12ShaderCacheSession_StoreValue(keep, "b", 1, "2", 1);
    mk_alloc_fail_after(-1);
    if (hr != E_OUTOFMEMORY || has(session, "b", 1) || !has(session, "a", 1))
        row_fail(&failures, 4, "store", "hr %#x, or the cache changed", (unsigned)hr);
    ID3D12ShaderCacheSession_Release(session);
    ID3D12ShaderCacheSession_Release(keep);
    if (get_refcount(device) != base)
        row_fail(&failures, 5, "references", "device refcount %u", (unsigned)get_refcount(device));
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device9_Release(device), 0);
    rows_done(&failures);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_create, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_desc, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_identity, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_same_identifier, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_store_find, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_eviction_by_size, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_eviction_by_count, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_disk, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_reset, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_control_flags, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_control_effects, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_removed_device, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_live_objects, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_out_of_memory, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
