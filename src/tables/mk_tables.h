/*
 * The reference facts as C tables: every D3D12 feature, feature-data struct,
 * struct field and enum value with the SDK versions that introduced it.
 *
 * The tables themselves are generated at build time by tools/gen_tables.py
 * from the data/reference TSVs and data/feature-handlers.tsv; this header is the
 * stable shape every room reads them through.
 */
#ifndef MOCKD3D12_MK_TABLES_H
#define MOCKD3D12_MK_TABLES_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <mockd3d12/d3d12.h>

#include "string_pool.h"

/* enum mk_field_id: MK_FIELD_<feature>_<field>, e.g.
 * MK_FIELD_D3D12_OPTIONS5_RaytracingTier, the index of that field in
 * mk_fields[] — how validation code names a capability. */
#include "mk_field_ids_gen.h"

/* A version that never happened on a track (the TSV's "-"). */
#define MK_NEVER 0xFFFFu

enum mk_enum_category
{
    MK_ENUM_OTHER = 0,
    MK_ENUM_TIER,
    MK_ENUM_FLAGS,
    MK_ENUM_VERSION,
};

enum mk_field_kind
{
    MK_FIELD_BOOL = 0,  /* BOOL */
    MK_FIELD_UINT,      /* UINT, UINT8, UINT64, SIZE_T: an unsigned integer of `size` bytes */
    MK_FIELD_ENUM,      /* an enum listed in the enum table (enum_index >= 0) */
    MK_FIELD_OPAQUE,    /* GUID, WCHAR[], D3D12_VERSION_NUMBER, nested structs, pointers */
};

enum mk_field_dir
{
    MK_DIR_OUT = 0,
    MK_DIR_IN,
    MK_DIR_INOUT,
};

/* The strings of the tables below: their names and types are offsets into
 * it (string_pool.h; every row has them, never NULL), read through mk_field_name() and the other
 * accessors below, so that the tables hold no pointer the dynamic loader
 * would relocate at every process start (docs/performance.md). */
extern const char mk_strings[];

/* An enum value, without its name, which is where it comes from: a
 * reference value's (mk_enum_values[i]) is mk_enum_value_name_at(i), a
 * profile's declared value owns its own (mk_declared_value.name). What reads
 * both (the clamp engine, the printers) takes the name beside this. */
struct mk_enum_value
{
    uint32_t value;
    uint16_t first_retail, first_preview;
    uint8_t is_alias; /* e.g. D3D_HIGHEST_SHADER_MODEL: never printed as a value's name */
    uint16_t last_preview; /* 0, or the last preview that declared it (a withdrawn preview item) */
};

/* An enum value an adapter profile declares beyond the reference data (its
 * "newValues"): the caps room holds them, the clamp engine receives them. */
struct mk_declared_value
{
    unsigned field_index;       /* mk_fields[] */
    const char *name;           /* owned by the adapter */
    struct mk_enum_value value;
};

struct mk_enum
{
    uint32_t name;      /* in mk_strings: mk_enum_name() */
    uint8_t category;   /* enum mk_enum_category */
    uint16_t first_value, value_count; /* range in mk_enum_values[] */
};

struct mk_field
{
    uint32_t name;      /* in mk_strings: mk_field_name() */
    uint32_t type;      /* in mk_strings: mk_field_type(), the declared C type, as in the headers */
    uint16_t offset, size;
    uint8_t kind;       /* enum mk_field_kind */
    uint8_t dir;        /* enum mk_field_dir */
    int16_t enum_index; /* into mk_enums[], or -1 */
    uint16_t struct_index;
    uint16_t first_retail, first_preview;
    uint16_t last_preview; /* 0, or the last preview that declared it (a withdrawn preview item) */
};

struct mk_struct
{
    uint32_t name;      /* in mk_strings: mk_struct_name(), D3D12_FEATURE_DATA_... */
    uint16_t size;
    uint16_t first_field, field_count; /* range in mk_fields[] */
    uint16_t first_retail, first_preview;
    uint16_t align;     /* _Alignof the struct */
    uint8_t feature;    /* the D3D12_FEATURE it answers (one per struct) */
    uint32_t value_offset; /* where an adapter's block of values holds it (a multiple of 16) */
};


struct mk_feature
{
    uint32_t name;      /* in mk_strings: mk_feature_name(), without the D3D12_FEATURE_ prefix ("D3D12_OPTIONS5") */
    uint32_t value;     /* D3D12_FEATURE */
    uint16_t struct_index;
    uint16_t first_retail, first_preview;
    uint8_t fill;          /* how its outputs are produced: an index into the caps room's caps_fills[] (0: the generic copy) */
    uint8_t never_clamped; /* format queries: the spec never clamps them */
    uint8_t atomic_fill;   /* its fill writes nothing when it fails (data/feature-handlers.tsv) */
    uint16_t last_preview; /* 0, or the last preview that answered it: a feature later previews
                            * withdrew (data/withdrawn-preview-features.tsv); no retail had one */
};

/* Another layout a withdrawn preview feature's struct had over a span of
 * previews (data/withdrawn-preview-features.tsv, a row naming values_from):
 * a runtime of that span answers the feature with this layout instead of
 * its struct's (D3D12_OPTIONS_EXPERIMENTAL at 711: WorkGraphsTier). */
struct mk_layout_field
{
    uint32_t name;          /* in mk_strings: mk_layout_field_name() */
    uint32_t type;          /* in mk_strings: mk_layout_field_type(), the declared C type */
    uint16_t offset, size;
    uint16_t source;        /* mk_fields[]: the adapter's value it answers (values_from's same-named field) */
};

struct mk_layout
{
    uint32_t struct_name;    /* in mk_strings: mk_layout_struct_name(), the D3D12_FEATURE_DATA_... it was */
    uint32_t feature;        /* D3D12_FEATURE value */
    uint16_t first_preview, last_preview;
    uint16_t size, align;
    uint16_t first_field, field_count; /* range in mk_layout_fields[] */
};

extern const struct mk_enum_value mk_enum_values[];
/* Their names, in mk_strings (mk_enum_value_name_at). */
extern const uint32_t mk_enum_value_names[];
extern const size_t mk_enum_value_count;
/* Per enum (the ranges of mk_enums[]), indices into mk_enum_values[] sorted by value. */
extern const uint16_t mk_enum_value_order[];
/* Their values, in that order (mk_enum_sorted_values[i] == mk_enum_values[mk_enum_value_order[i]].value). */
extern const uint32_t mk_enum_sorted_values[];
extern const struct mk_enum mk_enums[];
extern const size_t mk_enum_count;
extern const struct mk_field mk_fields[];
extern const size_t mk_field_count;
extern const struct mk_struct mk_structs[];
extern const size_t mk_struct_count;
/* The newest reference fact of each struct of mk_structs[] (the struct, its
 * output fields and their enum values, aliases aside), made at build time
 * (tools/gen_tables.py): a struct with nothing to clamp for a caller costs
 * the clamp one comparison per track. */
struct mk_struct_summary
{
    uint16_t max_retail, max_preview;   /* MK_NEVER when some fact never had a release on that track */
    uint16_t max_preview_released;      /* newest first_preview among facts with one (0: none) */
    uint16_t max_retail_only;           /* newest first_retail among facts without a preview release */
    uint8_t unreleased;                 /* a fact with no release at all */
};
extern const struct mk_struct_summary mk_struct_summaries[];
/* The size of an adapter's values: every struct, each at its value_offset. */
extern const size_t mk_value_block_size;
extern const struct mk_feature mk_features[];
extern const size_t mk_feature_count;
extern const struct mk_layout_field mk_layout_fields[];
extern const struct mk_layout mk_layouts[];
extern const size_t mk_layout_count;

/* Every SDK version (both tracks) that declared an item of the tables above,
 * ascending: where a caller's knowledge changes (src/answer_sheet.c). */
extern const uint16_t mk_declaring_versions[];
extern const size_t mk_declaring_version_count;

/* The tables' strings (mk_strings). */
static inline const char *mk_enum_name(const struct mk_enum *e)
{
    return mk_pool_text(mk_strings, e->name);
}

static inline const char *mk_field_name(const struct mk_field *f)
{
    return mk_pool_text(mk_strings, f->name);
}

static inline const char *mk_field_type(const struct mk_field *f)
{
    return mk_pool_text(mk_strings, f->type);
}

static inline const char *mk_struct_name(const struct mk_struct *s)
{
    return mk_pool_text(mk_strings, s->name);
}

static inline const char *mk_feature_name(const struct mk_feature *f)
{
    return mk_pool_text(mk_strings, f->name);
}

static inline const char *mk_layout_field_name(const struct mk_layout_field *f)
{
    return mk_pool_text(mk_strings, f->name);
}

static inline const char *mk_layout_field_type(const struct mk_layout_field *f)
{
    return mk_pool_text(mk_strings, f->type);
}

static inline const char *mk_layout_struct_name(const struct mk_layout *l)
{
    return mk_pool_text(mk_strings, l->struct_name);
}

/* The name of reference value mk_enum_values[value_index] (a declared
 * value's is its mk_declared_value.name). */
static inline const char *mk_enum_value_name_at(size_t value_index)
{
    return mk_pool_text(mk_strings, mk_enum_value_names[value_index]);
}

/* D3D12_FEATURE value -> index in mk_features[], -1 where no live feature
 * (MK_FEATURE_VALUE_LIMIT: mk_field_ids_gen.h). */
extern const int16_t mk_feature_by_value[MK_FEATURE_VALUE_LIMIT];

/* Lookups by name (linear; not for hot paths). Return -1 when absent. Code
 * that names an enum uses its index, MK_ENUM_ID_<name> (mk_field_ids_gen.h). */
int mk_feature_find(const char *name_without_prefix);
int mk_field_find(unsigned struct_index, const char *field_name);
int mk_enum_find(const char *enum_name);
int mk_enum_value_find(unsigned enum_index, const char *member_name);

/* The members of enum `enum_index` whose value is `value` (aliases too): the
 * range [*begin, *end) of mk_enum_value_order[] (empty when none). A binary
 * search, for hot paths. */
void mk_enum_value_range(unsigned enum_index, uint32_t value, unsigned *begin, unsigned *end);

/* Name of `value` in enum `enum_index` (not an alias), or NULL. */
const char *mk_enum_value_name(unsigned enum_index, uint32_t value);

static inline const struct mk_feature *mk_feature_from_value(uint32_t value)
{
    if (value >= MK_FEATURE_VALUE_LIMIT || mk_feature_by_value[value] < 0)
        return NULL;
    return &mk_features[mk_feature_by_value[value]];
}

/* Reads / writes a BOOL, integer or enum field of a whole struct `data` as an
 * unsigned number (fields of 1, 2, 4 or 8 bytes). */
static inline uint64_t mk_field_get(const void *data, const struct mk_field *field)
{
    const unsigned char *p = (const unsigned char *)data + field->offset;
    uint8_t v8; uint16_t v16; uint32_t v32; uint64_t v64 = 0;

    switch (field->size)
    {
        case 1: memcpy(&v8, p, 1); return v8;
        case 2: memcpy(&v16, p, 2); return v16;
        case 4: memcpy(&v32, p, 4); return v32;
        case 8: memcpy(&v64, p, 8); return v64;
    }
    return 0;
}

static inline void mk_field_set(void *data, const struct mk_field *field, uint64_t value)
{
    unsigned char *p = (unsigned char *)data + field->offset;
    uint8_t v8 = (uint8_t)value; uint16_t v16 = (uint16_t)value; uint32_t v32 = (uint32_t)value;

    switch (field->size)
    {
        case 1: memcpy(p, &v8, 1); break;
        case 2: memcpy(p, &v16, 2); break;
        case 4: memcpy(p, &v32, 4); break;
        case 8: memcpy(p, &value, 8); break;
    }
}

/* Does a component built against SDK version `version` know an item (a
 * feature, struct, field or enum value) first declared in these versions?
 * Retail versions (< 700) read first_retail, preview versions first_preview.
 * The one predicate: the runtime's own knowledge is the same question asked
 * of its effective version (caps_runtime_knows), the clamp's of the caller's. */
static inline int mk_version_knows(uint32_t version, uint16_t first_retail, uint16_t first_preview)
{
    uint16_t first = version < 700 ? first_retail : first_preview;
    return first != MK_NEVER && first <= version;
}

/* The same for an item later previews withdrew: known from its first version
 * up to `last_preview` (0: never withdrawn). Only previews withdrew items
 * (data/withdrawn-preview-features.tsv); a retail version never had them. */
static inline int mk_version_knows_until(uint32_t version, uint16_t first_retail, uint16_t first_preview,
        uint16_t last_preview)
{
    return mk_version_knows(version, first_retail, first_preview) && (!last_preview || version <= last_preview);
}

/* The layout feature `value` has at preview version `preview` (another
 * layout than its struct's), or NULL. Only previews had them: a retail
 * runtime passes 0. Linear: there are few. */
static inline const struct mk_layout *mk_layout_at(uint32_t value, uint32_t preview)
{
    size_t i;

    for (i = 0; i < mk_layout_count; ++i)
        if (mk_layouts[i].feature == value && mk_layouts[i].first_preview <= preview
                && preview <= mk_layouts[i].last_preview)
            return &mk_layouts[i];
    return NULL;
}

/* Is the field a number the tables can read and write (BOOL, integer, enum)? */
static inline int mk_field_is_scalar(const struct mk_field *field)
{
    return field->kind != MK_FIELD_OPAQUE
            && (field->size == 1 || field->size == 2 || field->size == 4 || field->size == 8);
}

#endif
