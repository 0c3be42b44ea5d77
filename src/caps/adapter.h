/*
 * The definition of struct caps_adapter, private to src/caps/: everything a
 * profile (docs/profiles.md) describes, resolved to plain C values.
 *
 * Built by profile_load.c privately (explicit values, then `inherits`, then
 * the rules of profile_rules.c), then handed to adapter_db.c, which makes it
 * visible; from then on it never changes.
 */
#ifndef MOCKD3D12_CAPS_ADAPTER_H
#define MOCKD3D12_CAPS_ADAPTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "alloc.h"
#include "caps/caps.h"
#include "platform.h"

/* Sample counts a "formats" entry can give quality levels for: 1, 2, 4, ... 64. */
#define CAPS_SAMPLE_COUNT_SLOTS 7

/* One "formats" entry: the adapter's answer for that format. */
struct caps_format_override
{
    DXGI_FORMAT format;
    UINT support1, support2;
    /* MULTISAMPLE_QUALITY_LEVELS: NumQualityLevels per sample count 1 << i,
     * when `has_quality_levels` (else derived from the support bits). */
    bool has_quality_levels;
    UINT quality_levels[CAPS_SAMPLE_COUNT_SLOTS];
    /* FORMAT_INFO PlaneCount when non-zero (else the format rule's). */
    uint8_t planes;
};


/* A "lowerBounds" entry: a floor applied like a rule. */
struct caps_lower_bound
{
    unsigned field_index;
    uint64_t value;
};

/* What a profile that says nothing gets: the flags a current WDDM driver
 * (and WARP, with the software bit) reports; the coarsest preemption; no UMD
 * version; budgets from the memory sizes; tearing (every real report, Windows
 * 10 1607+: docs/profiles.md "allowTearing"); 32-byte descriptors;
 * NORMAL and HIGH priorities on every queue type. */
#define CAPS_DXGI_FLAG3_SOFTWARE 0x2u  /* DXGI_ADAPTER_FLAG3_SOFTWARE (the caps room sees no dxgi headers) */
#define CAPS_DEFAULT_DXGI_FLAGS 0x2cu  /* ACG_COMPATIBLE | SUPPORT_MONITORED_FENCES | KEYED_MUTEX_CONFORMANCE */
#define CAPS_DEFAULT_DESCRIPTOR_SIZE 32u
#define CAPS_COOP_VECTOR_ARRAYS 3     /* "cooperativeVector"'s arrays */
static inline void caps_adapter_extra_defaults(struct caps_adapter_extra *x)
{
    unsigned i;

    memset(x, 0, sizeof(*x));
    x->dxgi_flags = CAPS_DEFAULT_DXGI_FLAGS;
    x->allow_tearing = true;
    for (i = 0; i < 4; ++i)
        x->descriptor_sizes[i] = CAPS_DEFAULT_DESCRIPTOR_SIZE;
    for (i = 0; i < CAPS_QUEUE_TYPE_SLOTS; ++i)
        x->queue_priorities[i] = i == D3D12_COMMAND_LIST_TYPE_BUNDLE ? 0u : CAPS_PRIORITY_NORMAL | CAPS_PRIORITY_HIGH;
}

/* A name of a table of names or keys, held in place: such a table holds no
 * pointer for the loader to relocate when the library loads (RELRO's pages,
 * docs/performance.md "Start-up"). "" ends a list. */
typedef char caps_name[64];

/* The DXGI enums an "outputs" entry names (dxgitype.h / dxgicommon.h values
 * are the indices; the caps room sees no dxgi headers): defined once, in
 * profile_load.c, which reads them, and written back by profile_json.c. */
extern MK_HIDDEN const caps_name caps_rotation_names[];
extern MK_HIDDEN const caps_name caps_scanline_names[];
extern MK_HIDDEN const caps_name caps_scaling_names[];
/* The colour spaces an output is in: Advanced Color off (SDR) or on (HDR10). */
#define CAPS_COLOR_SPACE_SDR 0u     /* DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709 */
#define CAPS_COLOR_SPACE_HDR 12u    /* DXGI_COLOR_SPACE_RGB_FULL_G2084_NONE_P2020 */
extern MK_HIDDEN const caps_name caps_output_color_space_names[];
extern MK_HIDDEN const UINT caps_output_color_space_values[];
extern MK_HIDDEN const caps_name caps_output_primary_keys[];
extern MK_HIDDEN const caps_name caps_output_luminance_keys[];
/* An output without colour keys: an SDR sRGB monitor (docs/profiles.md):
 * 8 bits, BT.709 primaries and D65 white (IEC 61966-2-1), 0.5 to 270 nits. */
#define CAPS_OUTPUT_SDR_BITS 8u
extern MK_HIDDEN const double caps_output_sdr_primaries[4][2];
extern MK_HIDDEN const double caps_output_sdr_luminance[3];
/* The keys D3d12info and the profiles name an adapter's parts by, "" ending
 * each list, defined once in profile_load.c: "descriptorSizes"
 * (D3D12_DESCRIPTOR_HEAP_TYPE order), "queuePriorities" (D3D12_COMMAND_LIST_TYPE
 * order) and their priorities (bit i of a queue's set), a meta command's
 * stages (CAPS_META_STAGES of them) and the keys of its parameters. */
extern MK_HIDDEN const caps_name caps_heap_type_keys[];
extern MK_HIDDEN const caps_name caps_queue_type_keys[];
extern MK_HIDDEN const caps_name caps_priority_names[];
extern MK_HIDDEN const caps_name caps_meta_stage_keys[];
extern MK_HIDDEN const caps_name caps_meta_parameter_keys[];
#define CAPS_ROTATION_IDENTITY 1u
#define CAPS_SCANLINE_PROGRESSIVE 1u

struct caps_adapter
{
    char *id;
    char *description;
    char *origin;               /* "built-in:ID", a file path or "<string>" */
    char *inherits;             /* as written in the profile, or NULL */

    UINT vendor_id, device_id, subsys_id, revision;
    LUID luid;
    bool luid_explicit;
    UINT64 dedicated_video_memory, dedicated_system_memory, shared_system_memory;
    UINT node_count;
    bool software;
    struct caps_adapter_extra extra;
    int report_index;           /* its index in the D3d12info report it came from; -1 for a profile */

    /* Cached from the values when the profile is finished. */
    bool uma, cache_coherent_uma;
    D3D_FEATURE_LEVEL max_feature_level;

    /* One zero-initialised blob per mk_structs[] entry, laid out exactly as
     * the C struct, all in one block (caps_adapter_struct). */
    unsigned char *value_block; /* mk_value_block_size bytes: struct s at mk_structs[s].value_offset */

    /* How each mk_fields[] value was obtained (enum caps_value_origin). */
    uint8_t *origins;

    struct caps_format_override *formats; /* sorted by format */
    unsigned format_count;

    struct mk_declared_value *new_values; /* "newValues", sorted by field, then value; names owned */
    unsigned new_value_count;

    struct caps_lower_bound *lower_bounds;
    unsigned lower_bound_count;

    struct caps_meta_command *meta_commands; /* "metaCommands"; the parent's when inherited */
    unsigned meta_command_count;
    bool owns_meta_commands;

    /* "cooperativeVector" (previews 717-719's D3D12_FEATURE_COOPERATIVE_VECTOR): the
     * three property arrays, flattened (caps_coop_vector_width[] values per entry), the
     * parent's when inherited, NULL when the profile states none. */
    const uint32_t *coop_vector;
    uint32_t coop_vector_counts[CAPS_COOP_VECTOR_ARRAYS];
    bool owns_coop_vector;

    struct caps_output *outputs; /* "outputs"; the parent's when inherited */
    unsigned output_count;
    bool owns_outputs;

    json_t *metadata;           /* free-form object, kept for the dump; may be NULL */
    const char *metadata_json;  /* a baked adapter's metadata, as JSON text (caps_adapter_metadata) */
};

/* Adapter `a`'s values of mk_structs[struct_index], laid out as the C struct. */
static inline unsigned char *caps_adapter_struct(const struct caps_adapter *a, unsigned struct_index)
{
    return a->value_block + mk_structs[struct_index].value_offset;
}

/* The arrays of "cooperativeVector", in the struct's order, their keys, and the values of one
 * entry: D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL's six, _ACCUMULATE's two. */
extern MK_HIDDEN const caps_name caps_coop_vector_keys[CAPS_COOP_VECTOR_ARRAYS];
extern MK_HIDDEN const caps_name *const caps_coop_vector_fields[CAPS_COOP_VECTOR_ARRAYS];
extern MK_HIDDEN const unsigned caps_coop_vector_width[CAPS_COOP_VECTOR_ARRAYS];

/* The built-in adapters, made at build time by tools/bake/bake_adapters.c
 * (generated caps_baked_gen.c; the baker itself links an empty set,
 * src/caps/baked_none.c). Registered first, in this order, never freed. The
 * baked values are laid out against the generated tables of the same build:
 * the registry checks the two counts. Nothing of them is for the dynamic
 * loader to relocate (process start-up, docs/performance.md): slot i of
 * caps_baked_adapters is zero until caps_baked_adapter_fill(i, slot) fills
 * it from read-only constants and addresses computed by code, at its first
 * use under the registry's lock; caps_baked_adapter_id(i) reads an id
 * without filling anything (a lookup by id fills only what it finds). */
extern struct caps_adapter caps_baked_adapters[];
extern const unsigned caps_baked_adapter_count;
const char *caps_baked_adapter_id(unsigned i);
void caps_baked_adapter_fill(unsigned i, struct caps_adapter *a);
extern const unsigned caps_baked_struct_count, caps_baked_field_count;

/* The adapter's "metadata" object as a new reference (json_decref it), or
 * NULL when it has none or, for a baked adapter, when memory runs out. */
json_t *caps_adapter_metadata(const struct caps_adapter *a);

/* The built-in profiles' texts (generated by tools/gen_profiles.py): the
 * baker's input, linked into the baker and the tests, not the runtime. */
struct caps_builtin_profile
{
    const char *origin;
    const char *id;
    const char *json;     /* a profile, or with `report` a D3d12info report */
    size_t length;
    const char *report;   /* the report's path in the source tree, or NULL */
    const char *metadata; /* JSON object text added to the report's metadata, or NULL */
};
extern const struct caps_builtin_profile caps_builtin_profiles[];
extern const size_t caps_builtin_profile_count;

/* A built-in's profile text (malloc'd, free() it): the profile itself, or its
 * report's first adapter imported under the built-in's id with the extra
 * metadata (d3d12info.c). NULL with `error` set on failure. */
char *caps_builtin_profile_text(const struct caps_builtin_profile *b, char *error, size_t error_size);

/* strdup is POSIX, not C11. */
static inline char *caps_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *copy = mk_alloc(n);

    return copy ? memcpy(copy, s, n) : NULL;
}

/* ---- profile_load.c ---- */

/* Hands jansson the library's allocator (mk_alloc/mk_free, src/alloc.h), so
 * that its allocations count and allocation-failure injection reaches them.
 * Called by every function of src/caps that calls jansson first (parsing a
 * profile or a Vulkan report, dumping a profile); the first call sets it,
 * once, under a lock, and later ones return at once. jansson's default is
 * malloc/free, the same memory, so values made before it are freed alike. */
void caps_json_init(void);

/* Parses one profile into a private adapter (not registered). `find_parent`
 * resolves `inherits` to an already registered adapter. */
struct caps_adapter *caps_profile_parse(const char *bytes, size_t length, const char *origin,
        const struct caps_adapter *(*find_parent)(const char *id), char *error, size_t error_size);

void caps_adapter_free(struct caps_adapter *a);

/* An unsigned value as a profile writes it: a JSON integer, or a "0x..."
 * string beyond what JSON integers hold (profile_json.c). */
json_t *caps_json_uint(uint64_t value);

/* "{01234567-89AB-CDEF-0123-456789ABCDEF}" (braces optional) -> a GUID. */
bool caps_guid_parse(const char *text, GUID *out);

/* (Name lookups over the generated tables: mk_feature_find & co. in mk_tables.h.) */
/* Value of member `name` of the field's enum or of the adapter's newValues. */
bool caps_find_enum_value(const struct caps_adapter *a, unsigned field_index, const char *name, uint32_t *value);

/* ---- profile_rules.c ---- */

/* Applies the rule table and the profile's lowerBounds to every value that
 * was not given explicitly. Fails only on a rule table that names something
 * the generated tables lack (a build problem, reported in `error`). */
bool caps_apply_rules(struct caps_adapter *a, char *error, size_t error_size);

/* What `mockd3d12 validate` reports about a loaded adapter: every explicit
 * value below what a rule of data/feature-level-rules.tsv implies (values the
 * profile does not state were raised, so only stated ones can fall short),
 * one "\n"-terminated line each in `out` (cut to out_size). Returns the
 * number of problems. Real dumps must have none (test_profiles). */
unsigned caps_profile_problems(const struct caps_adapter *a, char *out, size_t out_size);

/* ---- adapter_db.c ---- */

/* mockd3d12_select_adapter(): an id or profile path; NULL forgets the choice. */
HRESULT caps_select_adapter(const char *id_or_path, char *error, size_t error_size);

#endif
