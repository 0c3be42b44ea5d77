/*
 * The adapter registry: the built-in adapters (baked into C tables at build
 * time, so none is parsed here), the MOCKD3D12_PROFILE_PATH directories,
 * profiles registered at run time, and the choice of the default adapter
 * (docs/adapters.md, docs/profiles.md).
 *
 * One mutex guards the registry; it is never taken on the CheckFeatureSupport
 * hot path, which only reads an adapter that never changes once registered.
 * Entry i is baked adapter i below `baked_count`, else a loaded one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "caps/adapter.h"
#include "caps/caps_handlers.h"
#include "caps/d3d12info.h"
#include "caps/format_rules.h"
#include "caps/vulkan.h"
#include "platform.h"

/* The registry sits below the machine (machine.c): nothing here asks it. */

/* The adapter D3D12CreateDevice(NULL) uses when nothing is chosen: a complete
 * D3d12info dump of a current GPU captured with a *retail* Agility SDK
 * (1.619), so none of its values depends on a preview runtime (the RTX 4090
 * dump ran preview SDK 1.717 on a developer driver). See docs/adapters.md.
 * Its baked values, values_nvidia_rtx_5070_ti (tools/bake/bake_adapters.c
 * names each block after its adapter), lie with the start-up data
 * (src/lib/startup.list): change both with it. */
#define CAPS_DEFAULT_ADAPTER_ID "nvidia-rtx-5070-ti"

static mk_mutex registry_lock = MK_MUTEX_INIT;
static unsigned baked_count;                /* caps_baked_adapters[] in use */
static struct caps_adapter **registry;      /* the adapters loaded in this process */
static unsigned registry_count, registry_capacity;
/* Profile files named explicitly whose id (or LUID) another adapter has: used
 * where they are named, found by path only, never enumerated. */
static struct caps_adapter **named_files;
static unsigned named_file_count, named_file_capacity;
static bool registry_ready;
static const struct caps_adapter *selected; /* mockd3d12_select_adapter's choice */
static char path_errors[2048];               /* MOCKD3D12_PROFILE_PATH files that failed */

/* ---- Under the lock ---- */

static unsigned count_locked(void)
{
    return baked_count + registry_count;
}

/* The first baked adapter a process uses (most use one) has its slot here,
 * among the few variables device creation writes anyway, not in
 * caps_baked_adapters, whose pages nothing else touches (src/lib/startup.list
 * keeps it out of the aside ones: process start-up, docs/performance.md). */
static struct caps_adapter first_slot;
static unsigned first_slot_owner; /* its index + 1; 0: none yet */

/* A baked adapter's slot is filled at its first use (adapter.h). */
static struct caps_adapter *entry_locked(unsigned i)
{
    struct caps_adapter *a;

    if (i >= baked_count)
        return registry[i - baked_count];
    if (!first_slot_owner)
        first_slot_owner = i + 1;
    a = i + 1 == first_slot_owner ? &first_slot : &caps_baked_adapters[i];
    if (!a->id)
        caps_baked_adapter_fill(i, a);
    return a;
}

/* Compared in place: device creation looks the default adapter up among
 * some twenty ids, and a call of libc's strcmp would touch a page of libc's
 * code no other start-up step does (docs/performance.md, "Start-up"). */
static bool same_id(const char *a, const char *b)
{
    while (*a && *a == *b)
        ++a, ++b;
    return *a == *b;
}

static const struct caps_adapter *find_locked(const char *id)
{
    unsigned i;

    for (i = 0; i < count_locked(); ++i)
        if (same_id(i < baked_count ? caps_baked_adapter_id(i) : registry[i - baked_count]->id, id))
            return entry_locked(i);
    return NULL;
}

static const struct caps_adapter *find_origin_locked(const char *origin)
{
    unsigned i;

    for (i = 0; i < count_locked(); ++i)
        if (!strcmp(entry_locked(i)->origin, origin))
            return entry_locked(i);
    for (i = 0; i < named_file_count; ++i)
        if (!strcmp(named_files[i]->origin, origin))
            return named_files[i];
    return NULL;
}

static bool luid_used_locked(LUID luid, const struct caps_adapter **by)
{
    unsigned i;

    for (i = 0; i < count_locked(); ++i)
    {
        const struct caps_adapter *a = entry_locked(i);
        if (a->luid.LowPart == luid.LowPart && a->luid.HighPart == luid.HighPart)
        {
            *by = a;
            return true;
        }
    }
    return false;
}

/* A LUID derived from the id (FNV-1a), so an adapter keeps its LUID from run
 * to run whatever else is registered; bumped on the rare collision. */
static LUID derive_luid_locked(const char *id)
{
    const struct caps_adapter *by;
    uint32_t h = 2166136261u;
    LUID luid;

    for (; *id; ++id)
        h = (h ^ (unsigned char)*id) * 16777619u;
    luid.LowPart = h ? h : 1;
    luid.HighPart = 0;
    while (luid_used_locked(luid, &by))
        luid.LowPart = luid.LowPart + 1 ? luid.LowPart + 1 : 1;
    return luid;
}

static HRESULT register_locked(struct caps_adapter *a, char *error, size_t error_size)
{
    const struct caps_adapter *other;
    struct caps_adapter **grown;

    if ((other = find_locked(a->id)))
    {
        snprintf(error, error_size, "%s: duplicate adapter id '%s' (already registered from %s)", a->origin, a->id,
                other->origin);
        return E_INVALIDARG;
    }
    if (a->luid_explicit && luid_used_locked(a->luid, &other))
    {
        snprintf(error, error_size, "%s: luid {%#x, %d} is already used by adapter '%s'", a->origin,
                (unsigned)a->luid.LowPart, (int)a->luid.HighPart, other->id);
        return E_INVALIDARG;
    }
    if (registry_count == registry_capacity)
    {
        unsigned capacity = registry_capacity ? registry_capacity * 2 : 32;
        if (!(grown = mk_realloc(registry, capacity * sizeof(*registry))))
        {
            snprintf(error, error_size, "out of memory");
            return E_OUTOFMEMORY;
        }
        registry = grown;
        registry_capacity = capacity;
    }
    if (!a->luid_explicit)
        a->luid = derive_luid_locked(a->id);
    registry[registry_count++] = a;
    return S_OK;
}

static HRESULT load_named_locked(const void *bytes, size_t length, const char *origin, bool do_register,
        bool named, const struct caps_adapter **out, char *error, size_t error_size);

/* A file the user names (MOCKD3D12_ADAPTER=file, --adapter file, ...) whose
 * id or LUID another adapter has: what the user asked for, so it is kept
 * beside the registry (a LUID of its own, derived from its path) and used
 * where it is named, with a note. A dump of a built-in loads back this way. */
static HRESULT keep_named_file_locked(struct caps_adapter *a, const char *why)
{
    const struct caps_adapter *other;
    struct caps_adapter **grown;

    if (named_file_count == named_file_capacity)
    {
        unsigned capacity = named_file_capacity ? named_file_capacity * 2 : 8;
        if (!(grown = mk_realloc(named_files, capacity * sizeof(*named_files))))
            return E_OUTOFMEMORY;
        named_files = grown;
        named_file_capacity = capacity;
    }
    if (a->luid_explicit && luid_used_locked(a->luid, &other))
        a->luid_explicit = false;
    if (!a->luid_explicit)
        a->luid = derive_luid_locked(a->origin);
    fprintf(stderr, "mockd3d12: note: %s; the file is used where it is named, not registered under its id\n", why);
    named_files[named_file_count++] = a;
    return S_OK;
}

static HRESULT load_locked(const void *bytes, size_t length, const char *origin, bool do_register,
        const struct caps_adapter **out, char *error, size_t error_size)
{
    return load_named_locked(bytes, length, origin, do_register, false, out, error, error_size);
}

bool caps_error_is_oom(const char *error)
{
    size_t n = error ? strlen(error) : 0, k = strlen(CAPS_OUT_OF_MEMORY);

    return n >= k && !strcmp(error + n - k, CAPS_OUT_OF_MEMORY);
}

static bool looks_like_path(const char *s);

/* At most this many adapters from one D3d12info report. */
#define CAPS_REPORT_MAX_ADAPTERS CAPS_MACHINE_MAX

/* An id of the report's adapters not yet taken: the derived one, else with
 * "-2", "-3", ... (the base cut so the whole stays within 64 characters). */
static bool unique_report_id_locked(struct caps_adapter **batch, unsigned n, struct caps_adapter *a)
{
    char candidate[80], base[72];
    unsigned k, suffix;

    snprintf(base, sizeof(base), "%s", a->id);
    for (suffix = 1; suffix < 1000; ++suffix)
    {
        bool taken;

        if (suffix == 1)
            snprintf(candidate, sizeof(candidate), "%s", base);
        else
        {
            int room = 64 - snprintf(NULL, 0, "-%u", suffix);

            snprintf(candidate, sizeof(candidate), "%.*s-%u", room, base, suffix);
        }
        taken = find_locked(candidate) != NULL;
        for (k = 0; k < n && !taken; ++k)
            taken = !strcmp(batch[k]->id, candidate);
        if (taken)
            continue;
        if (strcmp(candidate, a->id))
        {
            char *copy = caps_strdup(candidate);

            if (!copy)
                return false;
            mk_free(a->id);
            a->id = copy;
        }
        return true;
    }
    return false;
}

/* Every adapter of a D3d12info report, checked first and then registered
 * together (in the report's order), so a bad adapter registers none. An id
 * already taken gets a suffix; a LUID is replaced only where the report
 * itself repeats it (docs/d3d12info.md). */
static HRESULT load_report_locked(const void *bytes, size_t length, const char *origin, bool do_register,
        const struct caps_adapter **out, char *error, size_t error_size)
{
    struct caps_adapter *batch[CAPS_REPORT_MAX_ADAPTERS];
    const struct caps_adapter *loaded;
    unsigned count = 0, n = 0, i;
    HRESULT hr = S_OK;

    /* A report file is registered once: registering it again gives its adapters. */
    if (do_register && looks_like_path(origin) && (loaded = find_origin_locked(origin)) && loaded->report_index >= 0)
    {
        if (out)
            *out = loaded;
        return S_OK;
    }
    do
    {
        char *text = caps_d3d12info_import(bytes, length, origin, n, NULL, &count, error, error_size);
        struct caps_adapter *a;

        if (!text)
        {
            hr = caps_error_is_oom(error) ? E_OUTOFMEMORY : E_INVALIDARG;
            break;
        }
        if (count > CAPS_REPORT_MAX_ADAPTERS)
        {
            free(text);
            snprintf(error, error_size, "%s: %u adapters, at most %u", origin, count, CAPS_REPORT_MAX_ADAPTERS);
            hr = E_INVALIDARG;
            break;
        }
        a = caps_profile_parse(text, strlen(text), origin, find_locked, error, error_size);
        free(text);
        if (!a)
        {
            hr = caps_error_is_oom(error) ? E_OUTOFMEMORY : E_INVALIDARG;
            break;
        }
        a->report_index = (int)n;
        batch[n++] = a;
    } while (n < count);
    if (SUCCEEDED(hr) && !count)
    {
        snprintf(error, error_size, "%s: the report holds no adapter", origin);
        hr = E_INVALIDARG;
    }
    if (SUCCEEDED(hr) && do_register)
    {
        /* Room for all first: registering cannot then fail half-way. */
        if (registry_count + n > registry_capacity)
        {
            unsigned capacity = registry_capacity ? registry_capacity : 32;
            struct caps_adapter **grown;

            while (capacity < registry_count + n)
                capacity *= 2;
            if (!(grown = mk_realloc(registry, capacity * sizeof(*registry))))
                hr = E_OUTOFMEMORY;
            else
                registry = grown, registry_capacity = capacity;
        }
        for (i = 0; SUCCEEDED(hr) && i < n; ++i)
            if (!unique_report_id_locked(batch, i, batch[i]))
                hr = E_OUTOFMEMORY;
        if (FAILED(hr))
            snprintf(error, error_size, "%s: %s", origin, CAPS_OUT_OF_MEMORY);
    }
    if (FAILED(hr) || !do_register)
    {
        for (i = 0; i < n; ++i)
            caps_adapter_free(batch[i]);
        return hr;
    }
    for (i = 0; i < n; ++i)
    {
        unsigned k;
        bool taken = false;

        /* The report's LUIDs are kept even where another registered adapter
         * has one (a built-in taken from the same report): LUIDs only need to
         * differ within a machine, and a report is one machine. */
        for (k = 0; k < i && !taken; ++k)
            taken = batch[i]->luid_explicit && batch[k]->luid.LowPart == batch[i]->luid.LowPart
                    && batch[k]->luid.HighPart == batch[i]->luid.HighPart;
        if (taken)
            batch[i]->luid_explicit = false;
        if (!batch[i]->luid_explicit)
            batch[i]->luid = derive_luid_locked(batch[i]->id);
        registry[registry_count++] = batch[i];
    }
    if (out)
        *out = batch[0];
    return S_OK;
}

static HRESULT load_named_locked(const void *bytes, size_t length, const char *origin, bool do_register,
        bool named, const struct caps_adapter **out, char *error, size_t error_size)
{
    struct caps_adapter *a;
    char *derived = NULL;
    HRESULT hr;

    if (out)
        *out = NULL;
    /* A D3d12info report stands for its adapters (docs/d3d12info.md). */
    if (caps_d3d12info_is_report(bytes, length))
        return load_report_locked(bytes, length, origin, do_register, out, error, error_size);
    /* A Vulkan device report stands for the profile derived from it by the
     * default rules (docs/vulkan.md). */
    if (caps_vulkan_is_report(bytes, length))
    {
        if (!(derived = caps_vulkan_import(bytes, length, origin, NULL, NULL, error, error_size)))
            return caps_error_is_oom(error) ? E_OUTOFMEMORY : E_INVALIDARG;
        bytes = derived;
        length = strlen(derived);
    }
    a = caps_profile_parse(bytes, length, origin, find_locked, error, error_size);
    mk_free(derived);
    if (!a)
        return caps_error_is_oom(error) ? E_OUTOFMEMORY : E_INVALIDARG;
    if (!do_register)
    {
        caps_adapter_free(a);
        return S_OK;
    }
    if (FAILED(hr = register_locked(a, error, error_size)))
    {
        if (hr == E_INVALIDARG && named && SUCCEEDED(hr = keep_named_file_locked(a, error)))
        {
            error[0] = 0;
            if (out)
                *out = a;
            return S_OK;
        }
        /* The duplicate's message no longer says why: memory ran out keeping it. */
        if (hr == E_OUTOFMEMORY)
            snprintf(error, error_size, "%s: %s", origin, CAPS_OUT_OF_MEMORY);
        caps_adapter_free(a);
        return hr;
    }
    if (out)
        *out = a;
    return S_OK;
}

struct path_list
{
    char **paths;
    char **errors;          /* why each path failed (last attempt), or NULL */
    size_t count, capacity;
    unsigned failed;        /* files skipped, for the "unknown adapter" message */
};

/* One skipped file: its own line on stderr, and the first one kept for the
 * "unknown adapter" message (the others are counted). */
static void path_skipped(struct path_list *list, const char *message)
{
    fprintf(stderr, "mockd3d12: MOCKD3D12_PROFILE_PATH: %s\n", message);
    if (!list->failed++)
        snprintf(path_errors, sizeof(path_errors), "%s", message);
}

static void collect_path(void *ctx, const char *path, const char *problem)
{
    struct path_list *list = ctx;
    char message[1024];
    char **grown;

    if (problem)
    {
        snprintf(message, sizeof(message), "%s: %s (skipped)", path, problem);
        path_skipped(list, message);
        return;
    }
    if (list->count == list->capacity)
    {
        size_t capacity = list->capacity ? list->capacity * 2 : 16;
        if (!(grown = mk_realloc(list->paths, capacity * sizeof(*grown))))
            return;
        list->paths = grown;
        if (!(grown = mk_realloc(list->errors, capacity * sizeof(*grown))))
            return;
        list->errors = grown;
        list->capacity = capacity;
    }
    list->errors[list->count] = NULL;
    if ((list->paths[list->count] = caps_strdup(path)))
        ++list->count;
}

/* Loads every *.json of the MOCKD3D12_PROFILE_PATH directories; a file whose
 * `inherits` names a later file is retried until no more progress is made.
 * Every file that does not load is named on stderr with its reason. */
static void load_profile_path_locked(const char *value)
{
    struct path_list list = {0};
    char dir[4096], error[1024];
    const char *p = value;
    bool progress = true;
    size_t i;

    path_errors[0] = 0;
    while (*p)
    {
        size_t len = strcspn(p, (char[]){MK_PATH_LIST_SEPARATOR, 0});
        if (len && len < sizeof(dir))
        {
            memcpy(dir, p, len);
            dir[len] = 0;
            mk_list_json_files(dir, collect_path, &list);
        }
        p += len;
        if (*p)
            ++p;
    }
    while (progress)
    {
        progress = false;
        for (i = 0; i < list.count; ++i)
        {
            char *text;
            size_t size;

            if (!list.paths[i])
                continue;
            error[0] = 0;
            if ((text = mk_read_file(list.paths[i], &size, error, sizeof(error)))
                    && SUCCEEDED(load_locked(text, size, list.paths[i], true, NULL, error, sizeof(error))))
            {
                mk_free(list.paths[i]);
                list.paths[i] = NULL;
                progress = true;
            }
            else
            {
                /* The reason of the last attempt (a parent may load later). */
                mk_free(list.errors[i]);
                list.errors[i] = caps_strdup(error[0] ? error : "cannot be read");
            }
            mk_free(text);
        }
    }
    for (i = 0; i < list.count; ++i)
    {
        if (list.paths[i])
            path_skipped(&list, list.errors[i] ? list.errors[i] : list.paths[i]);
        mk_free(list.paths[i]);
        mk_free(list.errors[i]);
    }
    if (list.failed > 1)
    {
        size_t o = strlen(path_errors);
        snprintf(path_errors + o, sizeof(path_errors) - o, "; and %u more, each named on stderr", list.failed - 1);
    }
    mk_free(list.paths);
    mk_free(list.errors);
}

static void init_locked(void)
{
    const char *path;

    if (registry_ready)
        return;
    registry_ready = true;
    if (caps_baked_struct_count == mk_struct_count && caps_baked_field_count == mk_field_count)
        baked_count = caps_baked_adapter_count;
    else if (caps_baked_adapter_count)
        fprintf(stderr, "mockd3d12: the built-in adapters were baked against other tables (a build defect)\n");
    if ((path = mk_getenv("MOCKD3D12_PROFILE_PATH")))
        load_profile_path_locked(path);
}

/* An id, or with a '/' or a ".json" ending, a file (loaded once per path). */
static bool looks_like_path(const char *s)
{
    size_t n = strlen(s);

    return strchr(s, '/') || strchr(s, '\\') || (n > 5 && !strcmp(s + n - 5, ".json"));
}

static const struct caps_adapter *lookup_locked(const char *id_or_path, char *error, size_t error_size)
{
    const struct caps_adapter *a;
    char read_error[512];
    size_t size;
    char *text;

    if (!id_or_path || !*id_or_path)
    {
        snprintf(error, error_size, "no adapter id or profile path given");
        return NULL;
    }
    if ((a = find_locked(id_or_path)))
        return a;
    if (!looks_like_path(id_or_path))
    {
        snprintf(error, error_size, "unknown adapter '%s': no registered profile has this id "
                "(`mockd3d12 adapters` lists them; a profile file needs a '/' or a .json ending)%s%s", id_or_path,
                path_errors[0] ? "; MOCKD3D12_PROFILE_PATH profiles that failed to load: " : "", path_errors);
        return NULL;
    }
    if ((a = find_origin_locked(id_or_path)))
        return a;
    if (!(text = mk_read_file(id_or_path, &size, read_error, sizeof(read_error))))
    {
        snprintf(error, error_size, "cannot read adapter profile %s", read_error);
        return NULL;
    }
    load_named_locked(text, size, id_or_path, true, true, &a, error, error_size);
    mk_free(text);
    return a;
}

/* ---- The registry ---- */

unsigned caps_adapter_count(void)
{
    unsigned count;

    mk_mutex_lock(&registry_lock);
    init_locked();
    count = count_locked();
    mk_mutex_unlock(&registry_lock);
    return count;
}

const struct caps_adapter *caps_adapter_at(unsigned index)
{
    const struct caps_adapter *a = NULL;

    mk_mutex_lock(&registry_lock);
    init_locked();
    if (index < count_locked())
        a = entry_locked(index);
    mk_mutex_unlock(&registry_lock);
    return a;
}

const struct caps_adapter *caps_adapter_lookup(const char *id_or_path, char *error, size_t error_size)
{
    const struct caps_adapter *a;
    char local[16];

    if (!error || !error_size)
        error = local, error_size = sizeof(local);
    error[0] = 0;
    mk_mutex_lock(&registry_lock);
    init_locked();
    a = lookup_locked(id_or_path, error, error_size);
    mk_mutex_unlock(&registry_lock);
    return a;
}

unsigned caps_adapter_lookup_all(const char *id_or_path, const struct caps_adapter **out, unsigned capacity,
        char *error, size_t error_size)
{
    const struct caps_adapter *a;
    unsigned count = 0, i;
    char local[16];

    if (!error || !error_size)
        error = local, error_size = sizeof(local);
    error[0] = 0;
    mk_mutex_lock(&registry_lock);
    init_locked();
    if ((a = lookup_locked(id_or_path, error, error_size)))
    {
        if (a->report_index < 0 || !looks_like_path(id_or_path))
            out[count++] = a;
        else
        {
            /* A report's adapters were registered together, in its order. */
            for (i = 0; i < count_locked(); ++i)
            {
                const struct caps_adapter *e = entry_locked(i);

                if (e->report_index >= 0 && !strcmp(e->origin, a->origin) && count < capacity)
                    out[count++] = e;
            }
        }
    }
    mk_mutex_unlock(&registry_lock);
    return count;
}

HRESULT caps_adapter_chosen(const struct caps_adapter **out, char *error, size_t error_size)
{
    char local[16], inner[1536];
    const char *env;
    HRESULT hr = S_OK;

    if (!error || !error_size)
        error = local, error_size = sizeof(local);
    error[0] = 0;
    mk_mutex_lock(&registry_lock);
    init_locked();
    if (!(*out = selected))
    {
        if ((env = mk_getenv("MOCKD3D12_ADAPTER")))
        {
            if (!(*out = lookup_locked(env, inner, sizeof(inner))))
            {
                snprintf(error, error_size, "MOCKD3D12_ADAPTER=%s: %s", env, inner);
                hr = E_INVALIDARG;
            }
        }
        else
            hr = S_FALSE;
    }
    mk_mutex_unlock(&registry_lock);
    return hr;
}

const struct caps_adapter *caps_adapter_builtin_default(char *error, size_t error_size)
{
    const struct caps_adapter *a;

    mk_mutex_lock(&registry_lock);
    init_locked();
    if (!(a = find_locked(CAPS_DEFAULT_ADAPTER_ID)) && error && error_size)
        snprintf(error, error_size, "the built-in default adapter '%s' is not registered", CAPS_DEFAULT_ADAPTER_ID);
    mk_mutex_unlock(&registry_lock);
    return a;
}

HRESULT caps_profile_load(const void *bytes, size_t length, const char *origin, bool do_register,
        const struct caps_adapter **out, char *error, size_t error_size)
{
    char local[16];
    HRESULT hr;

    if (!error || !error_size)
        error = local, error_size = sizeof(local);
    error[0] = 0;
    if (out)
        *out = NULL;
    if (!bytes)
    {
        snprintf(error, error_size, "%s: no profile text", origin ? origin : "<string>");
        return E_INVALIDARG;
    }
    mk_mutex_lock(&registry_lock);
    init_locked();
    hr = load_locked(bytes, length, origin ? origin : "<string>", do_register, out, error, error_size);
    mk_mutex_unlock(&registry_lock);
    return hr;
}

HRESULT caps_profile_validate(const void *bytes, size_t length, const char *origin, char *report, size_t report_size,
        unsigned *problems)
{
    struct caps_adapter *a;
    char *derived = NULL, local[16];
    unsigned count;

    if (!report || !report_size)
        report = local, report_size = sizeof(local);
    report[0] = 0;
    *problems = 0;
    origin = origin ? origin : "<string>";
    if (!bytes)
    {
        snprintf(report, report_size, "%s: no profile text", origin);
        return E_INVALIDARG;
    }
    mk_mutex_lock(&registry_lock);
    init_locked();
    if (caps_vulkan_is_report(bytes, length))
    {
        if (!(derived = caps_vulkan_import(bytes, length, origin, NULL, NULL, report, report_size)))
        {
            mk_mutex_unlock(&registry_lock);
            return caps_error_is_oom(report) ? E_OUTOFMEMORY : E_INVALIDARG;
        }
        bytes = derived;
        length = strlen(derived);
    }
    a = caps_profile_parse(bytes, length, origin, find_locked, report, report_size);
    mk_mutex_unlock(&registry_lock);
    mk_free(derived);
    if (!a)
        return caps_error_is_oom(report) ? E_OUTOFMEMORY : E_INVALIDARG;
    count = caps_profile_problems(a, report, report_size);
    caps_adapter_free(a);
    *problems = count;
    return count ? S_FALSE : S_OK;
}

HRESULT caps_register_profile(const char *json, const char *origin, const struct caps_adapter **out,
        char *error, size_t error_size)
{
    return caps_profile_load(json, json ? strlen(json) : 0, origin, true, out, error, error_size);
}

/* mockd3d12_select_adapter: NULL forgets the choice. */
HRESULT caps_select_adapter(const char *id_or_path, char *error, size_t error_size)
{
    const struct caps_adapter *a = NULL;
    char local[16];

    if (!error || !error_size)
        error = local, error_size = sizeof(local);
    error[0] = 0;
    mk_mutex_lock(&registry_lock);
    init_locked();
    if (id_or_path && !(a = lookup_locked(id_or_path, error, error_size)))
    {
        mk_mutex_unlock(&registry_lock);
        return E_INVALIDARG;
    }
    selected = a;
    mk_mutex_unlock(&registry_lock);
    return S_OK;
}

void caps_reset_selection(void)
{
    mk_mutex_lock(&registry_lock);
    selected = NULL;
    mk_mutex_unlock(&registry_lock);
}

/* Adapters live as long as the process; the loaded ones are freed here so
 * leak checkers stay quiet (the baked ones are static data). */
__attribute__((destructor)) static void registry_free(void)
{
    unsigned i;

    mk_mutex_lock(&registry_lock);
    for (i = 0; i < registry_count; ++i)
        caps_adapter_free(registry[i]);
    mk_free(registry);
    for (i = 0; i < named_file_count; ++i)
        caps_adapter_free(named_files[i]);
    mk_free(named_files);
    named_files = NULL;
    named_file_count = named_file_capacity = 0;
    registry = NULL;
    registry_count = registry_capacity = baked_count = 0;
    registry_ready = false;
    selected = NULL;
    mk_mutex_unlock(&registry_lock);
}

/* ---- One adapter ---- */

const char *caps_adapter_id(const struct caps_adapter *a) { return a->id; }
const char *caps_adapter_description(const struct caps_adapter *a) { return a->description; }
const char *caps_adapter_parent_id(const struct caps_adapter *a) { return a->inherits; }
const char *caps_adapter_origin(const struct caps_adapter *a) { return a->origin; }
LUID caps_adapter_luid(const struct caps_adapter *a) { return a->luid; }
UINT caps_adapter_node_count(const struct caps_adapter *a) { return a->node_count; }
UINT caps_adapter_vendor_id(const struct caps_adapter *a) { return a->vendor_id; }
UINT caps_adapter_device_id(const struct caps_adapter *a) { return a->device_id; }
UINT caps_adapter_subsys_id(const struct caps_adapter *a) { return a->subsys_id; }
UINT caps_adapter_revision(const struct caps_adapter *a) { return a->revision; }
UINT64 caps_adapter_dedicated_video_memory(const struct caps_adapter *a) { return a->dedicated_video_memory; }
UINT64 caps_adapter_dedicated_system_memory(const struct caps_adapter *a) { return a->dedicated_system_memory; }
UINT64 caps_adapter_shared_system_memory(const struct caps_adapter *a) { return a->shared_system_memory; }
bool caps_adapter_is_software(const struct caps_adapter *a) { return a->software; }
D3D_FEATURE_LEVEL caps_adapter_max_feature_level(const struct caps_adapter *a) { return a->max_feature_level; }
bool caps_adapter_uma(const struct caps_adapter *a) { return a->uma; }
bool caps_adapter_cache_coherent_uma(const struct caps_adapter *a) { return a->cache_coherent_uma; }

const void *caps_adapter_values(const struct caps_adapter *a, unsigned struct_index)
{
    return struct_index < mk_struct_count ? caps_adapter_struct(a, struct_index) : NULL;
}

enum caps_value_origin caps_adapter_value_origin(const struct caps_adapter *a, unsigned field_index)
{
    return field_index < mk_field_count ? (enum caps_value_origin)a->origins[field_index] : CAPS_VALUE_DEFAULT;
}

unsigned caps_adapter_new_values(const struct caps_adapter *a, unsigned field_index,
        const struct mk_declared_value **values)
{
    unsigned i = 0, count = 0;

    /* Sorted by field: the field's values are one run. */
    while (i < a->new_value_count && a->new_values[i].field_index < field_index)
        ++i;
    while (i + count < a->new_value_count && a->new_values[i + count].field_index == field_index)
        ++count;
    *values = count ? &a->new_values[i] : NULL;
    return count;
}

bool caps_adapter_answers(const struct caps_adapter *a, const struct mk_feature *feature)
{
    const struct mk_struct *s;
    unsigned f;

    if (caps_fills[feature->fill] != caps_fill_driver_optional)
        return true;
    s = &mk_structs[feature->struct_index];
    for (f = s->first_field; f < (unsigned)s->first_field + s->field_count; ++f)
        if (a->origins[f] == CAPS_VALUE_EXPLICIT || a->origins[f] == CAPS_VALUE_INHERITED)
            return true;
    return false;
}

unsigned caps_adapter_outputs(const struct caps_adapter *a, const struct caps_output **outputs)
{
    *outputs = a->outputs;
    return a->output_count;
}

unsigned caps_adapter_meta_commands(const struct caps_adapter *a, const struct caps_meta_command **commands)
{
    *commands = a->meta_commands;
    return a->meta_command_count;
}

const struct caps_adapter_extra *caps_adapter_extra(const struct caps_adapter *a)
{
    return &a->extra;
}

bool caps_adapter_format_override(const struct caps_adapter *a, DXGI_FORMAT format, UINT *support1, UINT *support2)
{
    const struct caps_format_override *entry = caps_format_entry(a, (uint32_t)format);

    if (entry && support1)
        *support1 = entry->support1;
    if (entry && support2)
        *support2 = entry->support2;
    return entry != NULL;
}
