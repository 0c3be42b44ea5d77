/*
 * The capabilities room: the simulated adapter database and the production
 * of every feature's true values.
 *
 * An adapter (struct caps_adapter) is immutable once registered and lives as
 * long as the process, so devices, the CLI and other threads may hold plain
 * pointers to it without reference counting.
 */
#ifndef MOCKD3D12_CAPS_H
#define MOCKD3D12_CAPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mockd3d12/mockd3d12.h>

#include "mk_tables.h"

struct caps_adapter;

/* D3D12_COMMAND_QUEUE_PRIORITY classes, one bit each, per queue type. */
#define CAPS_PRIORITY_NORMAL 1u
#define CAPS_PRIORITY_HIGH 2u
#define CAPS_PRIORITY_GLOBAL_REALTIME 4u
#define CAPS_QUEUE_TYPE_SLOTS 7 /* D3D12_COMMAND_LIST_TYPE 0 .. VIDEO_ENCODE (6) */

/* The user-mode driver version of a profile that states none (synthetic
 * profiles, Vulkan-derived ones, reports without CheckInterfaceSupport):
 * 32.0.0.1, a WDDM 3.2-era major with the vendor's fields zero, which no
 * vendor's driver carries. Every D3D10+ adapter of Windows answers
 * CheckInterfaceSupport(IDXGIDevice) with a version (docs/profiles.md). */
#define CAPS_SYNTHETIC_UMD_VERSION (((UINT64)32 << 48) | 1u)

/* What DXGI and the device report beyond the feature structs (the profile's
 * "adapter" keys of docs/profiles.md; mockd3d12_get_adapter_details). */
struct caps_adapter_extra
{
    UINT dxgi_flags;                    /* DXGI_ADAPTER_DESC3.Flags (DXGI_ADAPTER_FLAG3) */
    UINT graphics_preemption, compute_preemption; /* DXGI_ADAPTER_DESC2/3 granularities */
    bool has_umd_version;               /* CheckInterfaceSupport answers */
    UINT64 umd_version;
    bool has_video_memory;              /* QueryVideoMemoryInfo from the profile */
    UINT64 budget[2], available_for_reservation[2]; /* [DXGI_MEMORY_SEGMENT_GROUP] */
    bool allow_tearing;                 /* IDXGIFactory5::CheckFeatureSupport */
    UINT descriptor_sizes[4];           /* GetDescriptorHandleIncrementSize per heap type */
    uint8_t queue_priorities[CAPS_QUEUE_TYPE_SLOTS]; /* CAPS_PRIORITY_* bits */
    UINT64 timestamp_frequency;         /* GetTimestampFrequency; 0: the vendor's rate (docs/objects.md) */
    bool api_extensions;                /* the driver implements D3D12 API extensions (ID3D12DeviceApiExtensions) */
};

/* ---- The registry ---- */

/* Built-in profiles are registered on first use; MOCKD3D12_PROFILE_PATH
 * directories are scanned then too. */
unsigned caps_adapter_count(void);
const struct caps_adapter *caps_adapter_at(unsigned index);

/* A registered id, or a path to a JSON profile (loaded and registered on
 * first use). On failure returns NULL and writes a message to `error`. */
const struct caps_adapter *caps_adapter_lookup(const char *id_or_path, char *error, size_t error_size);

/* As caps_adapter_lookup, but a D3d12info report's path gives every adapter
 * of the report, in its order (at most `capacity`); returns how many, 0 with
 * `error` set when nothing loads. */
unsigned caps_adapter_lookup_all(const char *id_or_path, const struct caps_adapter **out, unsigned capacity,
        char *error, size_t error_size);

/* The adapter D3D12CreateDevice(NULL) uses (machine.c): the control-API
 * choice, else MOCKD3D12_ADAPTER, else the configured machine's first adapter
 * in enumeration order (first hardware one; WARP if only software), else the
 * built-in default. NULL with `error` set when the choice names nothing
 * loadable (never a silent fallback). */
const struct caps_adapter *caps_adapter_default(char *error, size_t error_size);
/* The registry's part of it: mockd3d12_select_adapter()'s choice, else
 * MOCKD3D12_ADAPTER's (E_INVALIDARG when it names nothing loadable); S_FALSE
 * when neither chose. */
HRESULT caps_adapter_chosen(const struct caps_adapter **out, char *error, size_t error_size);
/* The built-in default adapter (NULL with `error` set if it is missing). */
const struct caps_adapter *caps_adapter_builtin_default(char *error, size_t error_size);
/* Forgets mockd3d12_select_adapter()'s choice (mockd3d12_reset). */
void caps_reset_selection(void);

/* ---- The machine (src/caps/machine.c): the adapters DXGI enumerates ---- */

#define CAPS_MACHINE_MAX 16 /* hardware adapters plus the one WARP */

/* Enumeration order: hardware adapters as configured, then exactly one WARP. */
struct caps_machine
{
    unsigned count;
    bool configured; /* by mockd3d12_set_machine_adapters or MOCKD3D12_ADAPTERS */
    const struct caps_adapter *adapters[CAPS_MACHINE_MAX];
};

/* The machine now: mockd3d12_set_machine_adapters() > MOCKD3D12_ADAPTERS >
 * (not configured) the default adapter plus WARP. E_INVALIDARG with `error`
 * set when the configuration names an unknown profile. */
HRESULT caps_machine_resolve(struct caps_machine *machine, char *error, size_t error_size);
/* Whether the control API or MOCKD3D12_ADAPTERS configures the machine. */
bool caps_machine_configured(void);
/* mockd3d12_set_machine_adapters(): validates every id first, so a failed
 * call changes nothing (the reason in `error`). */
HRESULT caps_machine_set(const char *const *ids, UINT count, char *error, size_t error_size);
/* Forgets mockd3d12_set_machine_adapters()'s setting (mockd3d12_reset). */
void caps_machine_reset(void);
/* An adapter went away and came back as a new instance of itself (a fault
 * plan's remove:removed: an unplugged GPU, a driver upgrade): its generation
 * grows by one. DXGI's and DXCore's snapshots of the machine compare the
 * generations they took (IsCurrent, IsValid, IsStale). Generations only grow:
 * mockd3d12_reset() keeps them. */
void caps_machine_replace_adapter(const struct caps_adapter *adapter);
/* How many times `adapter` was replaced: 0 until it is. */
UINT64 caps_machine_generation(const struct caps_adapter *adapter);

/* Registers JSON profile text; `origin` names it in error messages. */
HRESULT caps_register_profile(const char *json, const char *origin, const struct caps_adapter **out,
        char *error, size_t error_size);

/* ---- One adapter ---- */

const char *caps_adapter_id(const struct caps_adapter *a);
const char *caps_adapter_description(const struct caps_adapter *a);
/* The id the profile's "inherits" names, or NULL. */
const char *caps_adapter_parent_id(const struct caps_adapter *a);
LUID caps_adapter_luid(const struct caps_adapter *a);
UINT caps_adapter_node_count(const struct caps_adapter *a);
UINT caps_adapter_vendor_id(const struct caps_adapter *a);
UINT caps_adapter_device_id(const struct caps_adapter *a);
UINT caps_adapter_subsys_id(const struct caps_adapter *a);
UINT caps_adapter_revision(const struct caps_adapter *a);
UINT64 caps_adapter_dedicated_video_memory(const struct caps_adapter *a);
UINT64 caps_adapter_dedicated_system_memory(const struct caps_adapter *a);
UINT64 caps_adapter_shared_system_memory(const struct caps_adapter *a);
bool caps_adapter_is_software(const struct caps_adapter *a);
D3D_FEATURE_LEVEL caps_adapter_max_feature_level(const struct caps_adapter *a);
/* D3D12_FEATURE_DATA_ARCHITECTURE(1) UMA / CacheCoherentUMA of node 0
 * (GetCustomHeapProperties answers from them). */
bool caps_adapter_uma(const struct caps_adapter *a);
bool caps_adapter_cache_coherent_uma(const struct caps_adapter *a);

/* The adapter's true values for every field of struct `struct_index`
 * (mk_structs[] order); input fields read as zero. */
const void *caps_adapter_values(const struct caps_adapter *a, unsigned struct_index);

/* Values the profile declares under "newValues" for field `field_index`
 * (mk_fields[] order): names and SDK versions newer than any published SDK;
 * the field's run of caps_adapter_declared_values(), its count returned. */
unsigned caps_adapter_new_values(const struct caps_adapter *a, unsigned field_index,
        const struct mk_declared_value **values);

/* The profile's "newValues", sorted by field, as the clamp engine takes them. */
const struct mk_declared_value *caps_adapter_declared_values(const struct caps_adapter *a, unsigned *count);

/* Name of `value` for field `field_index`: the reference enum names first,
 * then the profile's newValues; NULL if neither names it. */
const char *caps_value_name(const struct caps_adapter *a, unsigned field_index, uint32_t value);

/* ---- Profiles (src/caps/profile_*.c, adapter_db.c) ---- */

/* Is the field a profile value: an output (or in/out) BOOL, integer, enum,
 * WCHAR[] or D3D12_VERSION_NUMBER field of a feature answered from the
 * adapter (not FORMAT_SUPPORT, MULTISAMPLE_QUALITY_LEVELS, FORMAT_INFO, which
 * come from "formats" and the feature-level format rules)? */
bool caps_profile_field(unsigned field_index);

/* How a value of the adapter was obtained (docs/profiles.md "Fill order"). */
enum caps_value_origin
{
    CAPS_VALUE_DEFAULT = 0, /* nothing said anything: zero, the "not supported" value */
    CAPS_VALUE_EXPLICIT,    /* the profile's "features" (or "adapter" for UMA) */
    CAPS_VALUE_INHERITED,   /* the "inherits" profile */
    CAPS_VALUE_RULE,        /* raised by a rule of profile_rules.c or a lowerBounds entry */
};
enum caps_value_origin caps_adapter_value_origin(const struct caps_adapter *a, unsigned field_index);

/* Does the adapter's driver answer the feature? Every feature does, except
 * those data/feature-handlers.tsv answers with caps_fill_driver_optional
 * (PREDICATION, HARDWARE_COPY, SHADER_CACHE_ABI_SUPPORT): those only where
 * the profile gives (or inherits) a value of them. */
bool caps_adapter_answers(const struct caps_adapter *a, const struct mk_feature *feature);

/* Meta commands a profile declares ("metaCommands", docs/profiles.md): what
 * ID3D12Device5::EnumerateMetaCommands and EnumerateMetaCommandParameters
 * answer. Names are NUL-terminated WCHAR strings the adapter owns. */
struct caps_meta_parameter
{
    WCHAR *name;
    char *utf8_name;
    UINT type, flags, required_state, offset; /* D3D12_META_COMMAND_PARAMETER_DESC */
};

struct caps_meta_stage
{
    bool present;           /* the stage answers (EnumerateMetaCommandParameters S_OK) */
    UINT total_size;        /* TotalStructureSizeInBytes */
    unsigned parameter_count;
    struct caps_meta_parameter *parameters;
};

#define CAPS_META_STAGES 3  /* D3D12_META_COMMAND_PARAMETER_STAGE_CREATION .. _EXECUTION */

struct caps_meta_command
{
    GUID id;
    WCHAR *name;
    char *utf8_name;
    UINT initialization_dirty, execution_dirty; /* D3D12_GRAPHICS_STATES */
    struct caps_meta_stage stages[CAPS_META_STAGES];
};

unsigned caps_adapter_meta_commands(const struct caps_adapter *a, const struct caps_meta_command **commands);

/* The profile's "outputs" (docs/profiles.md): the monitors attached to the
 * adapter, in enumeration order; none for a headless machine (every built-in). */
#define CAPS_OUTPUT_NAME_SIZE 32   /* DXGI_OUTPUT_DESC.DeviceName: WCHAR[32] with its terminator */
#define CAPS_MAX_OUTPUTS 16
#define CAPS_MAX_OUTPUT_MODES 256

struct caps_output_mode
{
    UINT width, height;
    UINT refresh_numerator, refresh_denominator;
    UINT format;                /* DXGI_FORMAT */
    UINT scanline_ordering;     /* DXGI_MODE_SCANLINE_ORDER */
    UINT scaling;               /* DXGI_MODE_SCALING */
    bool stereo;                /* DXGI_MODE_DESC1.Stereo */
};

struct caps_output
{
    char name[CAPS_OUTPUT_NAME_SIZE]; /* ASCII */
    int32_t left, top, right, bottom; /* DesktopCoordinates */
    UINT rotation;              /* DXGI_MODE_ROTATION */
    unsigned mode_count;
    struct caps_output_mode *modes;
    /* DXGI_OUTPUT_DESC1's colour fields (the keys of caps_output_colour_keys,
     * defaults an SDR sRGB monitor's: CAPS_OUTPUT_SDR_*). */
    UINT color_space;           /* DXGI_COLOR_SPACE_TYPE: G22 P709 (SDR) or G2084 P2020 (HDR) */
    UINT bits_per_color;
    double primaries[4][2];     /* red, green, blue, white point: CIE 1931 x, y */
    double luminance[3];        /* min, max, max full frame: nits */
};

unsigned caps_adapter_outputs(const struct caps_adapter *a, const struct caps_output **outputs);

/* The adapter's answers beyond the feature structs (docs/profiles.md). */
const struct caps_adapter_extra *caps_adapter_extra(const struct caps_adapter *a);

/* Where the profile came from: "built-in:ID", a file path, or "<string>". */
const char *caps_adapter_origin(const struct caps_adapter *a);

/* The profile's "formats" entry for `format`: true, with the adapter's
 * D3D12_FORMAT_SUPPORT1/2 for it (these replace the feature-level rules), or
 * false when the profile says nothing about the format. */
bool caps_adapter_format_override(const struct caps_adapter *a, DXGI_FORMAT format, UINT *support1, UINT *support2);

/* For a value a rule of data/feature-level-rules.tsv raised (origin
 * CAPS_VALUE_RULE): the row that raised it to what it is — its condition
 * ("FEATURE.Field" and minimum; NULL for "always") and its source; the strings
 * are static. False when no row explains the value (the profile's lowerBounds
 * raised it, or it is not a rule's). */
bool caps_adapter_value_rule(const struct caps_adapter *a, unsigned field_index, const char **cond_field,
        const char **cond_min, const char **source);
/* The adapter as profile JSON (malloc'd, free with free()): identity, every
 * profile field of every feature (enum values by name, numbers where no name),
 * formats, newValues, lowerBounds and metadata. Loading it back gives the
 * same values. */
char *caps_adapter_to_json(const struct caps_adapter *a);

/* The whole profile loader on raw bytes (not NUL-terminated; the fuzz target
 * drives this). With `do_register` false the profile is checked and freed;
 * otherwise registered and returned in `out`. Nothing is registered on error. */
HRESULT caps_profile_load(const void *bytes, size_t length, const char *origin, bool do_register,
        const struct caps_adapter **out, char *error, size_t error_size);

/* A profile id: what the loader accepts, and how it says so. */
#define CAPS_PROFILE_ID_RULE "an id of 1 to 64 letters, digits, '.', '_' or '-'"
bool caps_profile_id_valid(const char *id);

/* Every loader message about an allocation failure ends with this, so that
 * the callers can answer E_OUTOFMEMORY (caps_error_is_oom). */
#define CAPS_OUT_OF_MEMORY "out of memory"
bool caps_error_is_oom(const char *error);

/* `mockd3d12 validate`: loads a profile (or a Vulkan report) without
 * registering it — an id or LUID already taken is no problem — and checks it.
 * E_INVALIDARG: it does not load, `report` gets the loader's located error.
 * S_FALSE: it loads with *problems problems, one line each in `report`
 * (caps_profile_problems). S_OK: no problem, `report` empty. */
HRESULT caps_profile_validate(const void *bytes, size_t length, const char *origin, char *report, size_t report_size,
        unsigned *problems);

/* ---- Answering a query ---- */

/* Does a runtime of this configuration know the item (a feature, struct,
 * field or value) first declared in these SDK versions? */
bool caps_runtime_knows(const mockd3d12_runtime *runtime, uint16_t first_retail, uint16_t first_preview);
/* The same for an item later previews withdrew (its last_preview; 0: none). */
bool caps_runtime_knows_until(const mockd3d12_runtime *runtime, uint16_t first_retail, uint16_t first_preview,
        uint16_t last_preview);

/* The layout feature `value` has at this runtime when it is another than its
 * struct's (a preview's, mk_layouts[]), or NULL: the runtime answers that
 * layout's size and fields (docs/features.md "Withdrawn preview features"). */
const struct mk_layout *caps_runtime_layout(const mockd3d12_runtime *runtime, uint32_t value);
/* Its answer: every field the adapter's value of its source field (the same
 * true value the source feature answers), in `data` of layout->size bytes. */
void caps_fill_layout(const struct caps_adapter *adapter, const struct mk_layout *layout, void *data);

/* One CheckFeatureSupport query after the size check: `data` holds a private
 * copy of the caller's struct (inputs as given); the fill validates inputs and
 * writes the true outputs into it. On failure it writes a one-line reason to
 * `why` (for the debug layer) and sets `write_back` when the real runtime
 * still writes some output (MULTISAMPLE_QUALITY_LEVELS' count of 0). */
struct caps_fill
{
    const struct caps_adapter *adapter;
    const struct mk_feature *feature;
    const mockd3d12_runtime *runtime;
    void *data;
    char *why;
    size_t why_size;
    bool *write_back;
};

HRESULT caps_fill_feature(const struct caps_fill *fill);

/* The fill functions data/feature-handlers.tsv names, indexed by
 * mk_features[].fill (generated with the tables; 0: caps_fill_copy). */
typedef HRESULT (*mk_fill_fn)(const struct caps_fill *fill);
extern const mk_fill_fn caps_fills[];
extern const size_t caps_fill_count;

/* Is the feature answered by the generic copy of the adapter's true values? */
static inline bool caps_fill_is_copy(const struct mk_feature *feature)
{
    return feature->fill == 0;
}

#endif
