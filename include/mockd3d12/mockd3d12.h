/*
 * mockd3d12 control API: what a test harness calls, besides the D3D12 entry
 * points, to choose the simulated adapter and the simulated runtime version.
 *
 * Every function is thread-safe. Settings made here apply to devices created
 * afterwards; existing devices keep the adapter and runtime they were created
 * with. See docs/control-api.md.
 */
#ifndef MOCKD3D12_MOCKD3D12_H
#define MOCKD3D12_MOCKD3D12_H

#include <stddef.h>

#include <mockd3d12/d3d12.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(MOCKD3D12_BUILDING) && defined(_WIN32)
#define MOCKD3D12_API __declspec(dllexport)
#elif defined(MOCKD3D12_BUILDING)
#define MOCKD3D12_API __attribute__((visibility("default")))
#elif defined(_WIN32) && !defined(MOCKD3D12_STATIC)
#define MOCKD3D12_API __declspec(dllimport)
#else
#define MOCKD3D12_API
#endif

/* MOCKD3D12_VERSION_MAJOR, _MINOR, _PATCH and _STRING (generated from VERSION). */
#include <mockd3d12/version.h>

/* The version of the library actually loaded ("MAJOR.MINOR.PATCH", MOCKD3D12_VERSION_STRING of the
 * headers it was built with): compare it with the headers' MOCKD3D12_VERSION_STRING. */
MOCKD3D12_API const char *mockd3d12_version(void);

/* ---- Runtime versions ------------------------------------------------- */

typedef enum mockd3d12_runtime_kind
{
    MOCKD3D12_RUNTIME_RETAIL = 0,
    MOCKD3D12_RUNTIME_PREVIEW = 1,
} mockd3d12_runtime_kind;

/* A simulated D3D12 runtime. The defaults are retail, 620 and 721 with the
 * CheckFeatureSupport1 cutoff at retail 620 / preview 721. */
typedef struct mockd3d12_runtime
{
    mockd3d12_runtime_kind kind;
    UINT sdk_version;                /* the runtime's D3D12_SDK_VERSION */
    UINT preview_sdk_version;        /* the runtime's D3D12_PREVIEW_SDK_VERSION */
    UINT cutoff_sdk_version;         /* retail SDK that introduced CheckFeatureSupport1 */
    UINT cutoff_preview_sdk_version; /* preview SDK that introduced CheckFeatureSupport1 */
    BOOL retroactive;                /* beyond the spec: clamp values older than the cutoff too */
} mockd3d12_runtime;

/* The runtime new devices get: control API > environment > the main program's
 * exported D3D12SDKVersion > defaults. */
MOCKD3D12_API HRESULT mockd3d12_get_runtime(mockd3d12_runtime *runtime);
/* Validates and sets the runtime for new devices; NULL forgets it again. */
MOCKD3D12_API HRESULT mockd3d12_set_runtime(const mockd3d12_runtime *runtime);
/* The SDK version on the runtime's own track (sdk_version or preview_sdk_version). */
MOCKD3D12_API UINT mockd3d12_runtime_effective_version(const mockd3d12_runtime *runtime);

/* ---- Simulated adapters ----------------------------------------------- */

/* Registered adapters (built-in ones first), by index; NULL past the end. The
 * strings live as long as the process. */
MOCKD3D12_API UINT mockd3d12_adapter_count(void);
MOCKD3D12_API const char *mockd3d12_adapter_id(UINT index);
MOCKD3D12_API const char *mockd3d12_adapter_description(UINT index);

/* Registers a profile given as JSON text (docs/profiles.md). On failure
 * nothing is registered and `error` (if not NULL) receives a message naming
 * line, column and key. */
MOCKD3D12_API HRESULT mockd3d12_register_profile(const char *json, char *error, size_t error_size);
/* Same, from a file. */
MOCKD3D12_API HRESULT mockd3d12_register_profile_file(const char *path, char *error, size_t error_size);

/* Chooses the adapter D3D12CreateDevice(NULL, ...) uses: a profile id or a
 * path to a JSON profile. NULL forgets the choice (MOCKD3D12_ADAPTER, then a
 * configured machine's first adapter, then the built-in default, apply
 * again). */
MOCKD3D12_API HRESULT mockd3d12_select_adapter(const char *id_or_path);
/* The id D3D12CreateDevice(NULL, ...) would use now. */
MOCKD3D12_API const char *mockd3d12_default_adapter_id(void);

/* An adapter object (IUnknown) that D3D12CreateDevice accepts as pAdapter,
 * so one process can hold devices of several adapters. */
MOCKD3D12_API HRESULT mockd3d12_get_adapter(const char *id_or_path, IUnknown **adapter);

/* ---- "The machine": which adapters DXGI enumerates ---------------------
 *
 * Hardware adapters in the given order, then exactly one software adapter
 * (WARP) last. An id naming a software profile (e.g. "warp-22621") does not
 * add an adapter: it chooses which WARP the machine has ("warp" otherwise).
 * Ids are registered profile ids or paths to JSON profiles.
 *
 * Priority: this call > MOCKD3D12_ADAPTERS=id1,id2,... > the default adapter
 * (mockd3d12_default_adapter_id()) plus WARP. A configured machine (this call
 * or the variable) also decides D3D12CreateDevice(NULL)'s adapter when neither
 * mockd3d12_select_adapter() nor MOCKD3D12_ADAPTER chose one: its first
 * adapter, as Windows uses DXGI's first (docs/dxgi.md). The mock DXGI library
 * (libdxgi, <mockd3d12/dxgi.h>) enumerates this list.
 */

/* Sets the machine; `ids` NULL (count 0) forgets the setting. On an unknown id
 * nothing changes and E_INVALIDARG is returned (mockd3d12_last_error says why). */
MOCKD3D12_API HRESULT mockd3d12_set_machine_adapters(const char *const *ids, UINT count);

/* The machine as DXGI enumerates it now (WARP last): writes up to `capacity`
 * ids and returns the adapter count, or 0 when the configuration names an
 * unknown profile (mockd3d12_last_error says why). */
MOCKD3D12_API UINT mockd3d12_machine_adapters(const char **ids, UINT capacity);

/* What DXGI reports about a registered adapter (libdxgi builds its adapter
 * descriptions from this, so both libraries read the one registry). */
typedef struct mockd3d12_adapter_info
{
    const char *id;          /* lives as long as the process */
    const char *description; /* UTF-8; lives as long as the process */
    UINT vendor_id, device_id, subsys_id, revision;
    LUID luid;
    UINT64 dedicated_video_memory, dedicated_system_memory, shared_system_memory;
    UINT node_count;
    BOOL software;           /* WARP-like: DXGI_ADAPTER_FLAG_SOFTWARE */
    BOOL uma;                /* D3D12_FEATURE_DATA_ARCHITECTURE.UMA of node 0 */
} mockd3d12_adapter_info;

/* Fills `info` for a registered id or a JSON profile path (as
 * mockd3d12_get_adapter takes); E_INVALIDARG with `info` untouched when it
 * names nothing loadable, or when `info` is NULL (mockd3d12_last_error says
 * why). */
MOCKD3D12_API HRESULT mockd3d12_get_adapter_info(const char *id_or_path, mockd3d12_adapter_info *info);

/* What DXGI and the device report about an adapter beyond its identity and
 * its feature structs: the profile's "adapter" keys of docs/profiles.md (a
 * D3d12info report's DXGI_ADAPTER_DESC3, CheckInterfaceSupport,
 * DXGI_QUERY_VIDEO_MEMORY_INFO, DXGI_FEATURE_PRESENT_ALLOW_TEARING and
 * GetDescriptorHandleIncrementSize sections). libdxgi answers from it. */
typedef struct mockd3d12_adapter_details
{
    UINT dxgi_flags;                      /* DXGI_ADAPTER_DESC3.Flags (DXGI_ADAPTER_FLAG3) */
    UINT graphics_preemption_granularity; /* DXGI_GRAPHICS_PREEMPTION_GRANULARITY */
    UINT compute_preemption_granularity;  /* DXGI_COMPUTE_PREEMPTION_GRANULARITY */
    BOOL has_umd_version;                 /* CheckInterfaceSupport(IDXGIDevice) answers S_OK with it */
    UINT64 umd_version;
    BOOL has_video_memory_info;           /* the two below are the profile's, else 0 */
    UINT64 budget[2];                     /* [DXGI_MEMORY_SEGMENT_GROUP]: LOCAL, NON_LOCAL */
    UINT64 available_for_reservation[2];
    BOOL allow_tearing;                   /* DXGI_FEATURE_PRESENT_ALLOW_TEARING */
    UINT descriptor_handle_increment_size[4]; /* [D3D12_DESCRIPTOR_HEAP_TYPE] */
} mockd3d12_adapter_details;

/* Fills `details` for a registered id or a profile path, as
 * mockd3d12_get_adapter_info does (same errors). */
MOCKD3D12_API HRESULT mockd3d12_get_adapter_details(const char *id_or_path, mockd3d12_adapter_details *details);

/* The adapter's generation: 0, and one more each time a fault plan's
 * remove:removed takes the adapter away and brings it back as a new instance
 * (docs/faults.md). libdxgi and libdxcore keep it in their snapshots of the
 * machine: a factory, DXCore adapter or adapter list taken at an older
 * generation is no longer current. Same errors as mockd3d12_get_adapter_info
 * (NULL `generation` included). */
MOCKD3D12_API HRESULT mockd3d12_get_adapter_generation(const char *id_or_path, UINT64 *generation);

/* The video memory of one segment group (0: DXGI_MEMORY_SEGMENT_GROUP_LOCAL,
 * 1: NON_LOCAL) of one node of an adapter, as IDXGIAdapter3::
 * QueryVideoMemoryInfo reports it: the budget and what may be reserved (the
 * profile's "videoMemory", else from the memory sizes) and what the
 * process's devices of the adapter hold now — their heaps and committed
 * resources (docs/objects.md, "Video memory"). */
typedef struct mockd3d12_video_memory
{
    UINT64 budget;
    UINT64 current_usage;
    UINT64 available_for_reservation;
} mockd3d12_video_memory;

/* Fills `memory` for a registered id or a profile path; E_INVALIDARG for an
 * unknown adapter, a NULL argument, a node past the adapter's or a group
 * other than 0 and 1, `memory` untouched. */
MOCKD3D12_API HRESULT mockd3d12_get_video_memory(const char *id_or_path, UINT node, UINT group,
        mockd3d12_video_memory *memory);

/* Calls `callback(context)` each time the video memory the process's devices
 * hold on the adapter changes — a heap or committed resource created or
 * destroyed, on any node and segment group — as DXGI's budget-change events
 * are signalled (IDXGIAdapter3::RegisterVideoMemoryBudgetChangeNotificationEvent
 * is built on it). The callback runs on the thread whose call changed the
 * usage, under a lock that other threads' watch and unwatch calls wait for;
 * it may itself watch and unwatch, and a change it causes calls nobody.
 * S_OK and a nonzero `*cookie`;
 * E_INVALIDARG (cookie 0) for an unknown adapter or a NULL argument;
 * E_OUTOFMEMORY. */
typedef void (*mockd3d12_video_memory_callback)(void *context);
MOCKD3D12_API HRESULT mockd3d12_watch_video_memory(const char *id_or_path, mockd3d12_video_memory_callback callback,
        void *context, UINT *cookie);
/* Ends a watch: once it returns, the callback is not running and is never
 * called again. S_OK, or E_INVALIDARG for a cookie no watch has. */
MOCKD3D12_API HRESULT mockd3d12_unwatch_video_memory(UINT cookie);

/* One display mode of an output (the profile's "outputs", docs/profiles.md):
 * a DXGI_MODE_DESC1's fields, enum values as integers. */
typedef struct mockd3d12_output_mode
{
    UINT width, height;
    UINT refresh_numerator, refresh_denominator;
    UINT format;                /* DXGI_FORMAT */
    UINT scanline_ordering;     /* DXGI_MODE_SCANLINE_ORDER */
    UINT scaling;               /* DXGI_MODE_SCALING */
    BOOL stereo;
} mockd3d12_output_mode;

/* One output (monitor) attached to an adapter, as the profile declares it. */
typedef struct mockd3d12_output_desc
{
    char name[32];              /* DXGI_OUTPUT_DESC.DeviceName, ASCII, e.g. "\\\\.\\DISPLAY1" */
    LONG left, top, right, bottom; /* DesktopCoordinates */
    UINT rotation;              /* DXGI_MODE_ROTATION */
    UINT mode_count;            /* 1 to 256 */
    /* DXGI_OUTPUT_DESC1's colour fields (an SDR sRGB monitor's unless the
     * profile says otherwise, docs/profiles.md). */
    UINT color_space;           /* DXGI_COLOR_SPACE_TYPE: RGB_FULL_G22_NONE_P709 or RGB_FULL_G2084_NONE_P2020 (HDR) */
    UINT bits_per_color;
    float red_primary[2], green_primary[2], blue_primary[2], white_point[2]; /* CIE 1931 x, y */
    float min_luminance, max_luminance, max_full_frame_luminance; /* nits */
} mockd3d12_output_desc;

/* Output `index` of an adapter (a registered id or a profile path), in the
 * profile's order: S_OK with `output` filled and, when `modes` is not NULL,
 * min(mode_count, mode_capacity) modes written to it; S_FALSE with nothing
 * written when the adapter has no output `index` (every built-in adapter but
 * desktop-hdr and desktop-sdr is headless: none); E_INVALIDARG for an unknown adapter or a NULL
 * `id_or_path` or `output` (mockd3d12_last_error says why). */
MOCKD3D12_API HRESULT mockd3d12_get_adapter_output(const char *id_or_path, UINT index, mockd3d12_output_desc *output,
        mockd3d12_output_mode *modes, UINT mode_capacity);

/* ---- Reflection: the reference tables, adapters' values, the clamp table ----
 *
 * What the mockd3d12 command prints, for a harness to use too (docs/api.md,
 * "Reflection"). Strings returned through `const char *` live as long as the
 * process; text returned through `char **` is allocated and freed with
 * mockd3d12_free(). Failures return an HRESULT, leave the outputs untouched
 * and set mockd3d12_last_error(). */

/* An SDK version that never declared an item on that track. */
#define MOCKD3D12_SDK_NEVER 0xFFFFu

/* Frees text the reflection functions allocated (NULL does nothing). */
MOCKD3D12_API void mockd3d12_free(void *memory);

/* Whether a runtime (NULL: the current one, mockd3d12_get_runtime) knows an
 * item first declared in these SDK versions (the runtime's effective version
 * against the item's version on its track). */
MOCKD3D12_API BOOL mockd3d12_runtime_knows(const mockd3d12_runtime *runtime, UINT first_retail_sdk,
        UINT first_preview_sdk);
/* The same for an item later previews withdrew: known up to `last_preview_sdk`
 * as well (the descs' last_preview_sdk; 0: never withdrawn). */
MOCKD3D12_API BOOL mockd3d12_runtime_knows_until(const mockd3d12_runtime *runtime, UINT first_retail_sdk,
        UINT first_preview_sdk, UINT last_preview_sdk);

/* One D3D12_FEATURE, as the reference tables know it. */
typedef struct mockd3d12_feature_desc
{
    const char *name;        /* without the D3D12_FEATURE_ prefix: "D3D12_OPTIONS5" */
    D3D12_FEATURE value;     /* 27 for D3D12_OPTIONS5 */
    const char *struct_name; /* "D3D12_FEATURE_DATA_D3D12_OPTIONS5" */
    UINT size;               /* sizeof the struct */
    UINT first_retail_sdk, first_preview_sdk; /* or MOCKD3D12_SDK_NEVER */
    UINT first_field, field_count; /* its fields: mockd3d12_get_field_desc(first_field + i) */
    UINT last_preview_sdk;   /* 0, or the last preview that declared it (withdrawn: COOPERATIVE_VECTOR's 719) */
} mockd3d12_feature_desc;

MOCKD3D12_API UINT mockd3d12_feature_count(void);
/* The feature at `index` (0 .. mockd3d12_feature_count() - 1, ascending D3D12_FEATURE order). */
MOCKD3D12_API HRESULT mockd3d12_get_feature_desc(UINT index, mockd3d12_feature_desc *desc);
/* The index of a feature by name ("D3D12_OPTIONS5", with or without "D3D12_FEATURE_"). */
MOCKD3D12_API HRESULT mockd3d12_find_feature(const char *name, UINT *index);

typedef enum mockd3d12_field_kind
{
    MOCKD3D12_FIELD_BOOL = 0,  /* BOOL */
    MOCKD3D12_FIELD_UINT = 1,  /* an unsigned integer of `size` bytes */
    MOCKD3D12_FIELD_ENUM = 2,  /* an enum of the tables: `enum_name` */
    MOCKD3D12_FIELD_OPAQUE = 3, /* GUID, WCHAR[], versions, nested structs, pointers */
} mockd3d12_field_kind;

typedef enum mockd3d12_field_direction
{
    MOCKD3D12_FIELD_OUT = 0,   /* the runtime writes it */
    MOCKD3D12_FIELD_IN = 1,    /* the caller's input */
    MOCKD3D12_FIELD_INOUT = 2,
} mockd3d12_field_direction;

/* One field of a feature-data struct. */
typedef struct mockd3d12_field_desc
{
    const char *name;        /* "RaytracingTier" */
    const char *type;        /* the declared C type: "D3D12_RAYTRACING_TIER" */
    const char *struct_name; /* "D3D12_FEATURE_DATA_D3D12_OPTIONS5" */
    UINT feature_index;      /* the feature whose struct holds it, or ~0u (a struct of no feature) */
    UINT offset, size;
    mockd3d12_field_kind kind;
    mockd3d12_field_direction direction;
    const char *enum_name;   /* MOCKD3D12_FIELD_ENUM: the enum; NULL otherwise */
    BOOL enum_is_flags;      /* the enum is a set of flags ("A | B") */
    BOOL scalar;             /* BOOL, integer or enum of 1, 2, 4 or 8 bytes: mockd3d12_field_value reads it */
    BOOL profile_field;      /* a profile states it (docs/profiles.md) */
    UINT first_retail_sdk, first_preview_sdk; /* or MOCKD3D12_SDK_NEVER */
    UINT last_preview_sdk;   /* 0, or the last preview that declared it */
} mockd3d12_field_desc;

MOCKD3D12_API UINT mockd3d12_field_count(void);
MOCKD3D12_API HRESULT mockd3d12_get_field_desc(UINT index, mockd3d12_field_desc *desc);
/* The index of field `field` of feature `feature` (a feature name as
 * mockd3d12_find_feature takes). */
MOCKD3D12_API HRESULT mockd3d12_find_field(const char *feature, const char *field, UINT *index);
/* A scalar field's value in a whole struct `data` (little-endian, as stored). */
MOCKD3D12_API HRESULT mockd3d12_field_value(UINT field_index, const void *data, UINT64 *value);

/* Another layout a feature's struct had at some previews (docs/features.md,
 * "Another layout of the same struct"): D3D12_OPTIONS_EXPERIMENTAL at preview
 * 711 is D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL { WorkGraphsTier }. */
typedef struct mockd3d12_layout_field_desc
{
    const char *name;        /* "WorkGraphsTier" */
    const char *type;        /* the declared C type then: "D3D12_WORK_GRAPHS_TIER" */
    UINT offset, size;
    mockd3d12_field_kind kind;
    const char *enum_name;   /* MOCKD3D12_FIELD_ENUM: the enum; NULL otherwise */
    UINT source_field;       /* the field whose value it answers (mockd3d12_get_field_desc) */
} mockd3d12_layout_field_desc;

typedef struct mockd3d12_feature_layout
{
    D3D12_FEATURE value;
    const char *struct_name; /* the struct's name then */
    UINT size;               /* the size the runtime accepts, and no other */
    UINT first_preview_sdk, last_preview_sdk; /* the previews that had it */
    UINT field_count;        /* all its fields (also when `capacity` is smaller) */
} mockd3d12_feature_layout;

/* The layout feature `feature` has on a runtime (NULL: the current one) when
 * it is another than its struct's (mockd3d12_get_feature_desc): S_OK with
 * *layout and its first `capacity` fields in `fields` (may be NULL when
 * `capacity` is 0); S_FALSE, outputs untouched, when the runtime answers the
 * feature by its struct's layout or not at all. At such a runtime
 * mockd3d12_get_adapter_feature and CheckFeatureSupport take layout->size. */
MOCKD3D12_API HRESULT mockd3d12_get_feature_layout(const mockd3d12_runtime *runtime, D3D12_FEATURE feature,
        mockd3d12_feature_layout *layout, mockd3d12_layout_field_desc *fields, UINT capacity);

/* One enum member (the reference tables' or an adapter's "newValues"). */
typedef struct mockd3d12_enum_value_desc
{
    const char *name;        /* "D3D12_RAYTRACING_TIER_1_1" */
    UINT value;
    BOOL is_alias;           /* a second name of a value (D3D_HIGHEST_SHADER_MODEL): never a value's name */
    UINT first_retail_sdk, first_preview_sdk; /* or MOCKD3D12_SDK_NEVER */
    UINT last_preview_sdk;   /* 0, or the last preview that declared it */
} mockd3d12_enum_value_desc;

/* The members of enum `enum_name` in the headers' order: writes up to
 * `capacity` of them and sets *count to how many there are. */
MOCKD3D12_API HRESULT mockd3d12_get_enum_values(const char *enum_name, mockd3d12_enum_value_desc *values,
        UINT capacity, UINT *count);

/* ---- Reflection: one adapter (an id or a profile path; NULL: the default adapter) ---- */

/* The registered id of an adapter. On failure E_INVALIDARG, and `error` (if
 * not NULL) receives the registry's message alone (a profile's
 * file:line:column), mockd3d12_last_error() the same prefixed with the
 * function's name. */
MOCKD3D12_API HRESULT mockd3d12_resolve_adapter(const char *id_or_path, const char **id, char *error,
        size_t error_size);
/* The adapter's maximum feature level (what D3D12CreateDevice accepts at most). */
MOCKD3D12_API HRESULT mockd3d12_get_adapter_feature_level(const char *id_or_path, D3D_FEATURE_LEVEL *level);
/* The adapter's true answer to `feature` on the current runtime: `data`
 * holds the inputs (as for CheckFeatureSupport), its outputs are written.
 * No clamp applies: that is CheckFeatureSupport1's. Fails as the feature's
 * query would (E_INVALIDARG for a wrong size or bad inputs, E_NOTIMPL, ...).
 * Where the runtime has another layout of the feature
 * (mockd3d12_get_feature_layout), `size` is that layout's and `data` gets it. */
MOCKD3D12_API HRESULT mockd3d12_get_adapter_feature(const char *id_or_path, D3D12_FEATURE feature, void *data,
        UINT size);
/* The name of `value` of field `field_index` on the adapter: the tables'
 * enum names, then the profile's "newValues"; S_FALSE with *name NULL when
 * neither names it. */
MOCKD3D12_API HRESULT mockd3d12_adapter_value_name(const char *id_or_path, UINT field_index, UINT value,
        const char **name);
/* The profile's "newValues" of field `field_index`: up to `capacity`, *count all. */
MOCKD3D12_API HRESULT mockd3d12_adapter_declared_values(const char *id_or_path, UINT field_index,
        mockd3d12_enum_value_desc *values, UINT capacity, UINT *count);

/* How an adapter's value of a profile field was obtained (docs/profiles.md, "Fill order"). */
typedef enum mockd3d12_value_origin
{
    MOCKD3D12_VALUE_DEFAULT = 0,   /* nothing stated it: the "not supported" value */
    MOCKD3D12_VALUE_EXPLICIT = 1,  /* stated by the profile (or derived from its Vulkan report) */
    MOCKD3D12_VALUE_INHERITED = 2, /* from the "inherits" profile */
    MOCKD3D12_VALUE_RULE = 3,      /* raised by a profile rule or "lowerBounds" */
} mockd3d12_value_origin;

/* E_INVALIDARG for a field that is no profile field (mockd3d12_field_desc.profile_field). */
MOCKD3D12_API HRESULT mockd3d12_adapter_value_origin(const char *id_or_path, UINT field_index,
        mockd3d12_value_origin *origin);
/* For a value of origin MOCKD3D12_VALUE_RULE: the rule of the feature-level
 * table that raised it (docs/profiles.md "Rules"). S_OK with its condition,
 * *condition_field ("FEATURE.Field") >= *condition_min (a value as profiles
 * write it; both NULL for a rule that always applies), and *source (where the
 * rule is published); S_FALSE with all three NULL when no rule explains the
 * value (the profile's lowerBounds raised it, or its origin is another).
 * Strings live as long as the process. */
MOCKD3D12_API HRESULT mockd3d12_adapter_value_rule(const char *id_or_path, UINT field_index,
        const char **condition_field, const char **condition_min, const char **source);
/* The profile the adapter's "inherits" names: S_OK with its id in *parent
 * (lives as long as the process), S_FALSE with *parent NULL when it inherits
 * nothing. */
MOCKD3D12_API HRESULT mockd3d12_adapter_parent(const char *id_or_path, const char **parent);
/* The adapter as profile JSON (docs/profiles.md; loads back with identical
 * values), in *json; free it with mockd3d12_free. */
MOCKD3D12_API HRESULT mockd3d12_adapter_to_json(const char *id_or_path, char **json);

/* ---- Reflection: the clamp table, files, Vulkan reports ---- */

/* The clamp table as `mockd3d12 clamp-table` prints it, for the current
 * runtime; `field_filter` (NULL: all) keeps the rows whose "STRUCT.field"
 * contains it, case-insensitively (E_INVALIDARG when no field matches). */
MOCKD3D12_API HRESULT mockd3d12_clamp_table(const char *field_filter, char **text);
/* A whole file (NUL-terminated; *size without the NUL, may be NULL). On
 * failure E_INVALIDARG and `error` (if not NULL) gets the reason alone. */
MOCKD3D12_API HRESULT mockd3d12_read_file(const char *path, char **text, size_t *size, char *error,
        size_t error_size);
/* A profile derived from a Vulkan report (vulkaninfo --json text, `length`
 * bytes) by the rules "vkd3d-proton" (NULL: the default) or "vkd3d"; `origin`
 * names the report in messages and metadata, `id` (NULL: from the device
 * name) the profile. On failure E_INVALIDARG and `error` (if not NULL) gets
 * the reason alone (the JSON path, or line:column). */
MOCKD3D12_API HRESULT mockd3d12_import_vulkan(const char *report, size_t length, const char *origin,
        const char *rules, const char *id, char **profile_json, char *error, size_t error_size);

/* `mockd3d12 import-d3d12info`: adapter `adapter_index` of a D3d12info JSON
 * report (docs/d3d12info.md) as profile JSON text, freed with
 * mockd3d12_free; the text loads back with the answers the report gives.
 * `origin` names the report in messages and metadata, `id` (NULL: from the
 * description) the profile. `*adapter_count` (may be NULL) gets the number
 * of adapters in the report. E_INVALIDARG with the located reason in `error`
 * for a malformed report or an index past its adapters; E_OUTOFMEMORY. */
MOCKD3D12_API HRESULT mockd3d12_import_d3d12info(const char *report, size_t length, const char *origin,
        UINT adapter_index, const char *id, char **profile_json, UINT *adapter_count, char *error, size_t error_size);

/* `mockd3d12 validate`: checks a profile file (or a Vulkan report) without
 * registering it (an id or LUID already registered is no problem). S_OK: it
 * loads and breaks no rule; S_FALSE: it loads, and *report lists each problem
 * on its own line (an explicit value below what the feature level guarantees,
 * a capability whose requirement another field breaks: data/profile-
 * consistency.tsv); E_INVALIDARG: it does not load (or cannot be read), and
 * *report is the reason with its file:line:column. *report (never NULL on
 * S_OK/S_FALSE/E_INVALIDARG; "" when clean) is freed with mockd3d12_free. */
MOCKD3D12_API HRESULT mockd3d12_validate_profile_file(const char *path, char **report);

/* The capability trace (docs/trace.md). mockd3d12_trace_enabled: TRUE when
 * MOCKD3D12_TRACE names a file that is open for this process (it is read at
 * the first call, device or factory). mockd3d12_trace_write appends one
 * record: a JSON object on one line, "{...}\n", at most 8192 bytes with its
 * newline; S_FALSE (nothing written) when the trace is off or this thread's
 * recording is suspended; E_INVALIDARG for anything else (mockd3d12_last_error
 * says why). libdxgi and libd3d11 write their records through it, and a
 * harness may add its own. mockd3d12_trace_suspend(TRUE) stops the recording
 * of this thread's calls until the matching mockd3d12_trace_suspend(FALSE)
 * (they nest); it returns the depth after the call. libd3d11 suspends it
 * around the D3D12 calls it makes to compute its own answers. */
MOCKD3D12_API BOOL mockd3d12_trace_enabled(void);
MOCKD3D12_API HRESULT mockd3d12_trace_write(const char *record, size_t length);
MOCKD3D12_API UINT mockd3d12_trace_suspend(BOOL suspend);

/* The fault plan (docs/faults.md): what fails and when, deterministically.
 * `plan` is rules joined by ';' (or new lines), each FAULT@METHOD#N: the
 * N-th call of METHOD in the process, counted from this call, fails —
 * "remove:hung@ExecuteCommandLists#3" removes every device of the adapter
 * with DXGI_ERROR_DEVICE_HUNG (remove:reset, :internal, :invalid, :removed
 * for the other reasons), "oom@CreateCommittedResource#2" fails that call
 * with E_OUTOFMEMORY; "budget:BYTES@METHOD#N" sets the adapter's local
 * video-memory budget to BYTES at that call (the budget-change events are
 * signalled); "pagefault:0xADDRESS@ExecuteCommandLists#N" is a GPU page
 * fault at that address (DRED reports it), and ":op=K" after a remove or
 * pagefault rule on ExecuteCommandLists says how many operations of the
 * submission completed (DRED's breadcrumbs); "occluded@Present#N" makes
 * that IDXGISwapChain::Present answer DXGI_STATUS_OCCLUDED, "removed@CreateX#N"
 * makes a creation answer DXGI_ERROR_DEVICE_REMOVED without a removal;
 * "any-creation#N" and "any-allocation#N" count a group of methods,
 * ":queue=K" the calls of the K-th queue created only, and "Signal=VALUE"
 * is the first queue Signal to VALUE. "@path" reads the plan from a file. The plan replaces
 * MOCKD3D12_FAULTS's and any earlier one, with every count at zero; "" sets
 * an empty plan, NULL forgets this setting (MOCKD3D12_FAULTS applies again
 * from the next device creation). A bad plan changes nothing: E_INVALIDARG,
 * and mockd3d12_last_error() (and stderr) say "<origin>:<line>:<column>:
 * <reason>", the origin being the file or "mockd3d12_set_faults". */
MOCKD3D12_API HRESULT mockd3d12_set_faults(const char *plan);

/* The fault plan's hook for the libraries built on libd3d12 (libdxgi's
 * IDXGISwapChain::Present): one call of `method` ("IDXGISwapChain::Present",
 * the plan naming what follows "::") made on the device of `device_or_queue`
 * (an ID3D12Device or ID3D12CommandQueue of libd3d12). Without a plan in
 * force: S_OK at the cost of one relaxed load, the arguments not looked at.
 * With one: DXGI_ERROR_DEVICE_REMOVED when the device was removed (the call
 * not counted); else the call is counted by every rule naming the method,
 * and the answer is the rule that fires: DXGI_ERROR_DEVICE_REMOVED after a
 * remove rule removed every device of the adapter, DXGI_STATUS_OCCLUDED for
 * occluded, E_OUTOFMEMORY for oom; S_OK when none fires. E_INVALIDARG (and
 * mockd3d12_last_error()) for a NULL method or an object of no libd3d12
 * device. docs/faults.md. */
MOCKD3D12_API HRESULT mockd3d12_fault_call(IUnknown *device_or_queue, const char *method);

/* The message of the last failure of a mockd3d12_* call on this thread. */
MOCKD3D12_API const char *mockd3d12_last_error(void);

/* Forgets every control-API setting of libd3d12 (runtime, adapter choice,
 * machine, debug layer requests, fault plan); profiles registered at run time stay
 * registered. For tests. libd3d11's settings (mockd3d12_set_d3d11_runtime,
 * mockd3d12_set_d3d11_sdk_layers) are not libd3d12's: reset them with their
 * own setters (docs/d3d11.md). */
MOCKD3D12_API void mockd3d12_reset(void);

#ifdef __cplusplus
}
#endif

#endif
