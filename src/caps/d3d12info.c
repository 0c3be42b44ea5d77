/*
 * A D3d12info JSON report -> profile JSON text (d3d12info.h,
 * docs/d3d12info.md).
 *
 * Every layout D3d12info has written is read: 2.x with one "Adapter", 3.x
 * with an "Adapters" array; enums and flags as numbers (or names); 64-bit
 * values as numbers or, from 3.13 on, as strings; "Formats" present or not.
 * Keys this file does not know are ignored (D3d12info adds sections every
 * release) and listed in the profile's metadata. Every value it does read is
 * checked here, where the report's text can name its line and column, so the
 * profile text it writes only fails to load for reasons the profile loader
 * alone knows (an id or LUID already taken).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "caps/adapter.h"
#include "caps/caps_handlers.h"
#include "caps/d3d12info.h"
#include "caps/json_locate.h"

static bool oom(struct caps_json_reader *ctx)
{
    if (!ctx->failed)
        snprintf(ctx->error, ctx->error_size, "%s: %s", ctx->origin, CAPS_OUT_OF_MEMORY);
    ctx->failed = true;
    return false;
}

/* Records a key the import does not read (the metadata's "ignoredKeys"). */
static void ignore_key(struct caps_json_reader *ctx, const char *key)
{
    char path[512];
    size_t o;

    if (!ctx->ignored)
        return;
    caps_json_path_text(&ctx->path, path, sizeof(path));
    o = strlen(path);
    snprintf(path + o, sizeof(path) - o, "%s%s", o ? "." : "", key);
    /* A list that lost an entry would say less than the report: out of memory instead. */
    if (json_array_append_new(ctx->ignored, json_string(path)))
        oom(ctx);
}

static const char *kind(const json_t *v)
{
    switch (json_typeof(v))
    {
        case JSON_OBJECT: return "an object";
        case JSON_ARRAY: return "an array";
        case JSON_STRING: return "a string";
        case JSON_INTEGER: return "an integer";
        case JSON_REAL: return "a real number";
        case JSON_TRUE: case JSON_FALSE: return "a boolean";
        case JSON_NULL: return "null";
    }
    return "a value";
}

static bool expect_object(struct caps_json_reader *ctx, const json_t *v)
{
    return json_is_object(v) || caps_json_fail(ctx, "expected an object, got %s", kind(v));
}

static bool text_uint(const char *s, uint64_t *out)
{
    char *end;

    if (!*s || *s == '-' || *s == '+' || isspace((unsigned char)*s))
        return false;
    errno = 0;
    *out = strtoull(s, &end, 0);
    return !errno && !*end;
}

/* strncasecmp is POSIX, not C11: ASCII only, which is all the marks need. */
static bool prefix_nocase(const char *s, const char *prefix)
{
    for (; *prefix; ++s, ++prefix)
        if (tolower((unsigned char)*s) != tolower((unsigned char)*prefix))
            return false;
    return true;
}

/* "a.b.c.d" (a driver or compiler version): four 16-bit parts. */
static bool text_version(const char *s, uint64_t *out)
{
    unsigned long parts[4];
    char *end;
    int i;

    for (i = 0; i < 4; ++i)
    {
        if (!isdigit((unsigned char)*s))
            return false;
        parts[i] = strtoul(s, &end, 10);
        if (parts[i] > 0xffff || (i < 3 && *end != '.') || (i == 3 && *end))
            return false;
        s = end + 1;
    }
    *out = ((uint64_t)parts[0] << 48) | ((uint64_t)parts[1] << 32) | ((uint64_t)parts[2] << 16) | parts[3];
    return true;
}

/* An unsigned integer of `bits` bits: a JSON integer, or a decimal or 0x
 * string (D3d12info writes 64-bit values as strings from 3.13 on). */
static bool read_uint(struct caps_json_reader *ctx, const json_t *v, unsigned bits, uint64_t *out)
{
    uint64_t max = bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;

    if (json_is_integer(v) && json_integer_value(v) >= 0)
        *out = (uint64_t)json_integer_value(v);
    else if (!(json_is_string(v) && text_uint(json_string_value(v), out)))
        return caps_json_fail(ctx, "expected an unsigned %u-bit integer, got %s", bits, kind(v));
    if (*out > max)
        return caps_json_fail(ctx, "expected an unsigned %u-bit integer, got %" PRIu64 " (too large)", bits, *out);
    return true;
}

static bool read_bool(struct caps_json_reader *ctx, const json_t *v, bool *out)
{
    if (json_is_boolean(v))
        *out = json_is_true(v);
    else if (json_is_integer(v) && (json_integer_value(v) == 0 || json_integer_value(v) == 1))
        *out = json_integer_value(v) == 1;
    else
        return caps_json_fail(ctx, "expected a boolean, got %s", kind(v));
    return true;
}

static bool set_new(struct caps_json_reader *ctx, json_t *obj, const char *key, json_t *value)
{
    return (value && !json_object_set_new(obj, key, value)) || oom(ctx);
}

/* An object member of `parent`, made on first use. */
static json_t *child(struct caps_json_reader *ctx, json_t *parent, const char *key)
{
    json_t *c = json_object_get(parent, key);

    if (c)
        return c;
    if (!(c = json_object()) || json_object_set_new(parent, key, c))
    {
        oom(ctx);
        return NULL;
    }
    return c;
}

/* ---- Feature sections ---- */

static int struct_by_name(const char *name)
{
    size_t i;

    for (i = 0; i < mk_struct_count; ++i)
        if (!strcmp(mk_struct_name(&mk_structs[i]), name))
            return (int)i;
    return -1;
}

static int feature_of_struct(unsigned struct_index)
{
    size_t i;

    for (i = 0; i < mk_feature_count; ++i)
        if (mk_features[i].struct_index == struct_index)
            return (int)i;
    return -1;
}

/* One field's report value as the profile writes it. */
static json_t *field_json(struct caps_json_reader *ctx, const struct mk_field *f, const json_t *v)
{
    uint64_t n;
    bool b;

    switch (f->kind)
    {
        case MK_FIELD_BOOL:
            return read_bool(ctx, v, &b) ? json_boolean(b) : NULL;
        case MK_FIELD_UINT:
            return read_uint(ctx, v, f->size * 8u, &n) ? caps_json_uint(n) : NULL;
        case MK_FIELD_ENUM:
            if (json_is_integer(v) && json_integer_value(v) < 0)
            {
                json_int_t i = json_integer_value(v);

                /* Only a member's value (D3D12_TRI_STATE_UNKNOWN, -1). */
                if (i < INT32_MIN || !mk_enum_value_name((unsigned)f->enum_index, (uint32_t)(int32_t)i))
                {
                    caps_json_fail(ctx, "%" PRId64 " is no %s value", (int64_t)i,
                            mk_enum_name(&mk_enums[f->enum_index]));
                    return NULL;
                }
                return json_integer(i);
            }
            if (json_is_string(v) && !text_uint(json_string_value(v), &n))
            {
                const char *s = json_string_value(v);

                /* A name, or "A | B" flags (checked by the profile loader). */
                if (!strchr(s, '|') && mk_enum_value_find((unsigned)f->enum_index, s) < 0)
                {
                    caps_json_fail(ctx, "'%s' is no %s member", s, mk_enum_name(&mk_enums[f->enum_index]));
                    return NULL;
                }
                return json_string(s);
            }
            return read_uint(ctx, v, 32, &n) ? json_integer((json_int_t)n) : NULL;
        default:
            break;
    }
    if (!strcmp(mk_field_type(f), "D3D12_VERSION_NUMBER"))
    {
        if (json_is_string(v) && text_version(json_string_value(v), &n))
            return caps_json_uint(n);
        return read_uint(ctx, v, 64, &n) ? caps_json_uint(n) : NULL;
    }
    /* WCHAR[N] */
    if (!json_is_string(v))
    {
        caps_json_fail(ctx, "expected a string, got %s", kind(v));
        return NULL;
    }
    if (strlen(json_string_value(v)) >= f->size / sizeof(WCHAR))
    {
        caps_json_fail(ctx, "longer than the field's %u characters", (unsigned)(f->size / sizeof(WCHAR)) - 1);
        return NULL;
    }
    return json_string(json_string_value(v));
}

/* "TYPE_DIRECT.PRIORITY_HIGH.PriorityForTypeIsSupported": true, ... */
static bool read_queue_priorities(struct caps_json_reader *ctx, const json_t *section, json_t *identity)
{
    const caps_name *types = caps_queue_type_keys, *priorities = caps_priority_names;
    unsigned seen = 0, bits[7] = {0}, t, p;
    const char *key;
    json_t *v, *out;

    json_object_foreach((json_t *)section, key, v)
    {
        const char *rest;
        bool supported;

        if (strncmp(key, "TYPE_", 5))
        {
            ignore_key(ctx, key);
            continue;
        }
        for (t = 0; types[t][0]; ++t)
            if (!strncmp(key + 5, types[t], strlen(types[t])) && key[5 + strlen(types[t])] == '.')
                break;
        rest = types[t][0] ? key + 5 + strlen(types[t]) + 1 : NULL;
        for (p = 0; rest && priorities[p][0]; ++p)
            if (!strncmp(rest, "PRIORITY_", 9) && !strncmp(rest + 9, priorities[p], strlen(priorities[p]))
                    && !strcmp(rest + 9 + strlen(priorities[p]), ".PriorityForTypeIsSupported"))
                break;
        if (!rest || !priorities[p][0] || t == D3D12_COMMAND_LIST_TYPE_BUNDLE)
        {
            ignore_key(ctx, key);
            continue;
        }
        caps_json_push_key(ctx, key);
        if (!read_bool(ctx, v, &supported))
            return false;
        caps_json_pop(ctx);
        seen |= 1u << t;
        if (supported)
            bits[t] |= 1u << p;
    }
    if (!seen)
        return true;
    if (!(out = child(ctx, identity, "queuePriorities")))
        return false;
    for (t = 0; types[t][0]; ++t)
    {
        json_t *list;

        if (!(seen & (1u << t)))
            continue;
        if (!(list = json_array()) || json_object_set_new(out, types[t], list))
            return oom(ctx);
        for (p = 0; priorities[p][0]; ++p)
            if ((bits[t] & (1u << p)) && json_array_append_new(list, json_string(priorities[p])))
                return oom(ctx);
    }
    return true;
}

/* A field of another layout the section's struct had at some previews
 * (mk_layouts[]: preview 711's D3D12_OPTIONS_EXPERIMENTAL.WorkGraphsTier),
 * or NULL. */
static const struct mk_layout_field *layout_field(const char *section_name, const char *key)
{
    size_t i;
    unsigned k;

    for (i = 0; i < mk_layout_count; ++i)
        for (k = 0; !strcmp(mk_layout_struct_name(&mk_layouts[i]), section_name) && k < mk_layouts[i].field_count; ++k)
            if (!strcmp(mk_layout_field_name(&mk_layout_fields[mk_layouts[i].first_field + k]), key))
                return &mk_layout_fields[mk_layouts[i].first_field + k];
    return NULL;
}

/* A report of a preview with another layout (D3d12info 1.5.0 to 3.5.1's
 * preview builds, 711: OPTIONS_EXPERIMENTAL's WorkGraphsTier and no
 * OPTIONS21) states the value of the layout field's source field, unless the
 * report has the source's own section, which wins. Returns false on failure;
 * *taken tells whether the value was read. */
static bool read_layout_field(struct caps_json_reader *ctx, const json_t *adapter, const struct mk_layout_field *lf,
        const char *key, const json_t *v, json_t *features, bool *taken)
{
    const struct mk_field *source = &mk_fields[lf->source];
    json_t *value, *fields;
    int fi = feature_of_struct(source->struct_index);

    *taken = false;
    if (fi < 0 || json_object_get(adapter, mk_struct_name(&mk_structs[source->struct_index]))
            || !caps_profile_field(lf->source))
        return true;
    caps_json_push_key(ctx, key);
    if (!(value = field_json(ctx, source, v)))
        return ctx->failed ? false : oom(ctx);
    if (!(fields = child(ctx, features, mk_feature_name(&mk_features[fi]))))
    {
        json_decref(value);
        return false;
    }
    if (!set_new(ctx, fields, mk_field_name(source), value))
        return false;
    caps_json_pop(ctx);
    *taken = true;
    return true;
}

static bool read_feature(struct caps_json_reader *ctx, const json_t *adapter, const char *section_name,
        const json_t *section, json_t *features, json_t *identity, unsigned char *seen_features)
{
    const char *key;
    json_t *v, *fields = NULL;
    int si, fi;

    caps_json_push_key(ctx, section_name);
    if (!expect_object(ctx, section))
        return false;
    if (!strcmp(section_name, "D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY"))
    {
        if (!read_queue_priorities(ctx, section, identity))
            return false;
        caps_json_pop(ctx);
        if ((fi = mk_feature_find("COMMAND_QUEUE_PRIORITY")) >= 0)
            seen_features[fi] = 1;
        return true;
    }
    caps_json_pop(ctx);
    if ((si = struct_by_name(section_name)) < 0 || (fi = feature_of_struct((unsigned)si)) < 0)
    {
        ignore_key(ctx, section_name);
        return true;
    }
    seen_features[fi] = 1;
    caps_json_push_key(ctx, section_name);
    json_object_foreach((json_t *)section, key, v)
    {
        int fld = mk_field_find((unsigned)si, key);
        const struct mk_layout_field *lf;
        json_t *value;
        bool taken;

        if (fld < 0 && (lf = layout_field(section_name, key)))
        {
            if (!read_layout_field(ctx, adapter, lf, key, v, features, &taken))
                return false;
            if (!taken)
                ignore_key(ctx, key);
            continue;
        }
        /* Inputs (NodeIndex), caller buffers and per-query sections (the
         * BARRIER_LAYOUT table): answered by the runtime's own rules. */
        if (fld < 0 || !caps_profile_field((unsigned)fld))
        {
            ignore_key(ctx, key);
            continue;
        }
        caps_json_push_key(ctx, key);
        if (!(value = field_json(ctx, &mk_fields[fld], v)))
            return ctx->failed ? false : oom(ctx);
        if (!fields && !(fields = child(ctx, features, mk_feature_name(&mk_features[fi]))))
        {
            json_decref(value);
            return false;
        }
        if (!set_new(ctx, fields, mk_field_name(&mk_fields[fld]), value))
            return false;
        caps_json_pop(ctx);
    }
    caps_json_pop(ctx);
    return true;
}

/* ---- DXGI and device sections ---- */

static const json_t *adapter_desc(const json_t *adapter, const char **name)
{
    static const caps_name names[] = {"DXGI_ADAPTER_DESC3", "DXGI_ADAPTER_DESC2", "DXGI_ADAPTER_DESC1",
            "DXGI_ADAPTER_DESC", ""};
    const caps_name *n;
    const json_t *v;

    for (n = names; (*n)[0]; ++n)
        if ((v = json_object_get(adapter, *n)))
        {
            *name = *n;
            return v;
        }
    return NULL;
}

/* "00000000-00014B6F" (HighPart-LowPart, as D3d12info prints it), or an
 * object {"LowPart", "HighPart"}. */
static bool read_luid(struct caps_json_reader *ctx, const json_t *v, json_t *identity)
{
    unsigned long high, low;
    json_t *luid;
    char *end;

    if (json_is_object(v) && json_object_size(v) == 2 && json_object_get(v, "LowPart") && json_object_get(v, "HighPart"))
    {
        luid = json_deep_copy(v);
        return set_new(ctx, identity, "luid", luid);
    }
    if (!json_is_string(v))
        return caps_json_fail(ctx, "expected a LUID \"HHHHHHHH-LLLLLLLL\", got %s", kind(v));
    high = strtoul(json_string_value(v), &end, 16);
    if (end != json_string_value(v) + 8 || *end != '-' || !isxdigit((unsigned char)end[1]))
        return caps_json_fail(ctx, "expected a LUID \"HHHHHHHH-LLLLLLLL\", got \"%s\"", json_string_value(v));
    low = strtoul(end + 1, &end, 16);
    if (*end || end != json_string_value(v) + 17)
        return caps_json_fail(ctx, "expected a LUID \"HHHHHHHH-LLLLLLLL\", got \"%s\"", json_string_value(v));
    if (!(luid = json_object()))
        return oom(ctx);
    if (json_object_set_new(luid, "LowPart", json_integer((json_int_t)low))
            || json_object_set_new(luid, "HighPart", json_integer((json_int_t)(int32_t)(uint32_t)high)))
    {
        json_decref(luid);
        return oom(ctx);
    }
    return set_new(ctx, identity, "luid", luid);
}

static bool read_desc(struct caps_json_reader *ctx, const char *name, const json_t *desc, json_t *root, json_t *identity)
{
    static const struct { char report[32], profile[32]; unsigned bits; bool hex; } numbers[] = {
        {"VendorId", "vendorId", 32, true}, {"DeviceId", "deviceId", 32, true}, {"SubSysId", "subSysId", 32, true},
        {"Revision", "revision", 32, false}, {"DedicatedVideoMemory", "dedicatedVideoMemory", 64, false},
        {"DedicatedSystemMemory", "dedicatedSystemMemory", 64, false},
        {"SharedSystemMemory", "sharedSystemMemory", 64, false}, {"Flags", "dxgiFlags", 32, true},
        {"GraphicsPreemptionGranularity", "graphicsPreemptionGranularity", 32, false},
        {"ComputePreemptionGranularity", "computePreemptionGranularity", 32, false},
    };
    const json_t *v;
    size_t i;

    caps_json_push_key(ctx, name);
    if (!expect_object(ctx, desc))
        return false;
    if (!(v = json_object_get(desc, "Description")))
        return caps_json_fail(ctx, "missing \"Description\"");
    caps_json_push_key(ctx, "Description");
    if (!json_is_string(v))
        return caps_json_fail(ctx, "expected a string, got %s", kind(v));
    if (!set_new(ctx, root, "description", json_string(json_string_value(v))))
        return false;
    caps_json_pop(ctx);
    for (i = 0; i < sizeof(numbers) / sizeof(numbers[0]); ++i)
    {
        uint64_t n;
        char hex[16];

        if (!(v = json_object_get(desc, numbers[i].report)))
            continue;
        caps_json_push_key(ctx, numbers[i].report);
        if (!read_uint(ctx, v, numbers[i].bits, &n))
            return false;
        if (numbers[i].profile[0] == 'g' || numbers[i].profile[0] == 'c')
        {
            if (n > 4)
                return caps_json_fail(ctx, "expected a preemption granularity from 0 to 4, got %" PRIu64, n);
        }
        snprintf(hex, sizeof(hex), "0x%X", (unsigned)n);
        if (!set_new(ctx, identity, numbers[i].profile, numbers[i].hex ? json_string(hex) : caps_json_uint(n)))
            return false;
        caps_json_pop(ctx);
    }
    if ((v = json_object_get(desc, "AdapterLuid")))
    {
        caps_json_push_key(ctx, "AdapterLuid");
        if (!read_luid(ctx, v, identity))
            return false;
        caps_json_pop(ctx);
    }
    caps_json_pop(ctx);
    return true;
}

/* DXGI_QUERY_VIDEO_MEMORY_INFO[...]: both groups, or nothing. */
static bool read_video_memory(struct caps_json_reader *ctx, const json_t *adapter, json_t *identity)
{
    static const char sections[][66] = {"DXGI_QUERY_VIDEO_MEMORY_INFO[DXGI_MEMORY_SEGMENT_GROUP_LOCAL]",
            "DXGI_QUERY_VIDEO_MEMORY_INFO[DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL]"};
    uint64_t budget[2], available[2];
    json_t *memory;
    unsigned i;

    if (!json_object_get(adapter, sections[0]) || !json_object_get(adapter, sections[1]))
        return true;
    for (i = 0; i < 2; ++i)
    {
        const json_t *s = json_object_get(adapter, sections[i]), *v;

        caps_json_push_key(ctx, sections[i]);
        if (!expect_object(ctx, s))
            return false;
        if (!(v = json_object_get(s, "Budget")))
            return caps_json_fail(ctx, "missing \"Budget\"");
        caps_json_push_key(ctx, "Budget");
        if (!read_uint(ctx, v, 64, &budget[i]))
            return false;
        caps_json_pop(ctx);
        available[i] = budget[i] / 2;
        if ((v = json_object_get(s, "AvailableForReservation")))
        {
            caps_json_push_key(ctx, "AvailableForReservation");
            if (!read_uint(ctx, v, 64, &available[i]))
                return false;
            if (available[i] > budget[i])
                return caps_json_fail(ctx, "%" PRIu64 " is more than the Budget, %" PRIu64, available[i], budget[i]);
            caps_json_pop(ctx);
        }
        caps_json_pop(ctx);
    }
    if (!(memory = child(ctx, identity, "videoMemory")))
        return false;
    for (i = 0; i < 2; ++i)
    {
        json_t *group = child(ctx, memory, i ? "nonLocal" : "local");

        if (!group || !set_new(ctx, group, "budget", caps_json_uint(budget[i]))
                || !set_new(ctx, group, "availableForReservation", caps_json_uint(available[i])))
            return false;
    }
    return true;
}

static bool read_umd_version(struct caps_json_reader *ctx, const json_t *section, json_t *identity)
{
    const json_t *v;
    uint64_t n;

    caps_json_push_key(ctx, "CheckInterfaceSupport");
    if (!expect_object(ctx, section))
        return false;
    if ((v = json_object_get(section, "UMDVersion")))
    {
        caps_json_push_key(ctx, "UMDVersion");
        if (!(json_is_string(v) && text_version(json_string_value(v), &n)) && !read_uint(ctx, v, 64, &n))
            return false;
        if (!set_new(ctx, identity, "umdVersion", json_sprintf("%" PRIu64, n)))
            return false;
        caps_json_pop(ctx);
    }
    caps_json_pop(ctx);
    return true;
}

static bool read_descriptor_sizes(struct caps_json_reader *ctx, const json_t *section, json_t *identity)
{
    const caps_name *types = caps_heap_type_keys;
    const char *key;
    json_t *v, *sizes = NULL;

    caps_json_push_key(ctx, "GetDescriptorHandleIncrementSize");
    if (!expect_object(ctx, section))
        return false;
    json_object_foreach((json_t *)section, key, v)
    {
        const char *type = !strncmp(key, "D3D12_DESCRIPTOR_HEAP_TYPE_", 27) ? key + 27 : key;
        uint64_t n;
        unsigned t;

        for (t = 0; types[t][0] && strcmp(types[t], type); ++t)
            ;
        if (!types[t][0])
        {
            ignore_key(ctx, key);
            continue;
        }
        caps_json_push_key(ctx, key);
        if (!read_uint(ctx, v, 32, &n))
            return false;
        if (!n)
            return caps_json_fail(ctx, "a descriptor handle increment is never 0");
        if ((!sizes && !(sizes = child(ctx, identity, "descriptorSizes"))) || !set_new(ctx, sizes, types[t], caps_json_uint(n)))
            return false;
        caps_json_pop(ctx);
    }
    caps_json_pop(ctx);
    return true;
}

/* "Formats": {"28": {"Support1", "Support2", "MultisampleQualityLevels":
 * {"4": {"NumQualityLevels", "Flags"}}, "PlaneCount"}}; keys numbers or
 * DXGI_FORMAT names. Every listed format gets an entry (no Support1: the
 * format is unsupported), so the report's table replaces the rules. */
static bool read_formats(struct caps_json_reader *ctx, const json_t *section, json_t *root)
{
    int dxgi_format = mk_enum_find("DXGI_FORMAT");
    const char *key;
    json_t *v, *formats;

    caps_json_push_key(ctx, "Formats");
    if (!expect_object(ctx, section))
        return false;
    if (dxgi_format < 0)
        return caps_json_fail(ctx, "the generated tables lack DXGI_FORMAT");
    if (!(formats = child(ctx, root, "formats")))
        return false;
    json_object_foreach((json_t *)section, key, v)
    {
        const char *name = NULL;
        json_t *entry, *levels, *count_v;
        const char *count_key;
        uint64_t format, n;
        int member;

        if (text_uint(key, &format) && format <= UINT32_MAX)
            name = mk_enum_value_name((unsigned)dxgi_format, (uint32_t)format);
        else if ((member = mk_enum_value_find((unsigned)dxgi_format, key)) >= 0)
            name = key;
        if (!name || !strcmp(name, "DXGI_FORMAT_UNKNOWN"))
        {
            /* A format this build's tables do not name. */
            ignore_key(ctx, key);
            continue;
        }
        caps_json_push_key(ctx, key);
        if (!expect_object(ctx, v))
            return false;
        if (!(entry = child(ctx, formats, name)))
            return false;
        for (member = 0; member < 2; ++member)
        {
            const char *k = member ? "Support2" : "Support1";
            const json_t *s = json_object_get(v, k);

            n = 0;
            if (s)
            {
                caps_json_push_key(ctx, k);
                if (!read_uint(ctx, s, 32, &n))
                    return false;
                caps_json_pop(ctx);
            }
            if (!set_new(ctx, entry, k, json_integer((json_int_t)n)))
                return false;
        }
        if (!(levels = child(ctx, entry, "MultisampleQualityLevels")))
            return false;
        if ((count_v = json_object_get(v, "MultisampleQualityLevels")))
        {
            json_t *item;

            caps_json_push_key(ctx, "MultisampleQualityLevels");
            if (!expect_object(ctx, count_v))
                return false;
            json_object_foreach(count_v, count_key, item)
            {
                uint64_t count;
                const json_t *num = json_is_object(item) ? json_object_get(item, "NumQualityLevels") : item;

                caps_json_push_key(ctx, count_key);
                if (!text_uint(count_key, &count) || !count || (count & (count - 1))
                        || count > (1u << (CAPS_SAMPLE_COUNT_SLOTS - 1)))
                    return caps_json_fail(ctx, "expected a sample count (1, 2, 4, ... %u) as the key",
                            1u << (CAPS_SAMPLE_COUNT_SLOTS - 1));
                if (!num)
                    return caps_json_fail(ctx, "missing \"NumQualityLevels\"");
                if (json_is_object(item))
                    caps_json_push_key(ctx, "NumQualityLevels");
                if (!read_uint(ctx, num, 32, &n))
                    return false;
                if (json_is_object(item))
                    caps_json_pop(ctx);
                if (n && !set_new(ctx, levels, count_key, json_integer((json_int_t)n)))
                    return false;
                caps_json_pop(ctx);
            }
            caps_json_pop(ctx);
        }
        if ((count_v = json_object_get(v, "PlaneCount")))
        {
            caps_json_push_key(ctx, "PlaneCount");
            if (!read_uint(ctx, count_v, 8, &n))
                return false;
            if (n < 1 || n > 4)
                return caps_json_fail(ctx, "expected a plane count from 1 to 4, got %" PRIu64, n);
            if (!set_new(ctx, entry, "PlaneCount", json_integer((json_int_t)n)))
                return false;
            caps_json_pop(ctx);
        }
        caps_json_pop(ctx);
    }
    caps_json_pop(ctx);
    return true;
}

/* "EnumerateMetaCommands" (D3d12info --MetaCommands): the profile's
 * "metaCommands" has the same shape; checked here to name the report's lines. */
static bool check_u32(struct caps_json_reader *ctx, const json_t *obj, const char *key, bool required)
{
    const json_t *v = json_object_get(obj, key);
    uint64_t n = 0;

    if (!v)
        return !required || caps_json_fail(ctx, "missing \"%s\"", key);
    caps_json_push_key(ctx, key);
    if (!read_uint(ctx, v, 32, &n))
        return false;
    caps_json_pop(ctx);
    return true;
}

static bool check_name(struct caps_json_reader *ctx, const json_t *obj)
{
    const json_t *v = json_object_get(obj, "Name");

    if (!v)
        return caps_json_fail(ctx, "missing \"Name\"");
    caps_json_push_key(ctx, "Name");
    if (!json_is_string(v))
        return caps_json_fail(ctx, "expected a string, got %s", kind(v));
    caps_json_pop(ctx);
    return true;
}

/* "D3D12_FEATURE_DATA_COOPERATIVE_VECTOR" (a report taken with preview SDK
 * 717-719): its three property arrays become the profile's "cooperativeVector"
 * (the same keys and entries); the counts are the arrays' lengths. Checked
 * here to name the report's lines. */
static bool read_coop_vector(struct caps_json_reader *ctx, const json_t *section, json_t *root)
{
    json_t *out, *list, *entry, *v;
    const char *key, *field;
    size_t i;

    caps_json_push_key(ctx, "D3D12_FEATURE_DATA_COOPERATIVE_VECTOR");
    if (!expect_object(ctx, section))
        return false;
    if (!(out = json_object()) || json_object_set_new(root, "cooperativeVector", out))
        return oom(ctx);
    json_object_foreach((json_t *)section, key, list)
    {
        unsigned k;

        for (k = 0; k < CAPS_COOP_VECTOR_ARRAYS && strcmp(key, caps_coop_vector_keys[k]); ++k)
            ;
        if (k == CAPS_COOP_VECTOR_ARRAYS)
        {
            ignore_key(ctx, key); /* the counts: the arrays' lengths */
            continue;
        }
        caps_json_push_key(ctx, key);
        if (!json_is_array(list))
            return caps_json_fail(ctx, "expected an array, got %s", kind(list));
        json_array_foreach(list, i, entry)
        {
            unsigned f;

            caps_json_push_index(ctx, i);
            if (!expect_object(ctx, entry))
                return false;
            for (f = 0; f < caps_coop_vector_width[k]; ++f)
            {
                uint64_t n;
                bool b;

                field = caps_coop_vector_fields[k][f];
                if (!(v = json_object_get(entry, field)))
                    return caps_json_fail(ctx, "missing \"%s\"", field);
                caps_json_push_key(ctx, field);
                if (!strcmp(field, "TransposeSupported") ? !read_bool(ctx, v, &b) : !read_uint(ctx, v, 32, &n))
                    return false;
                caps_json_pop(ctx);
            }
            caps_json_pop(ctx);
        }
        if (json_object_set(out, key, list))
            return oom(ctx);
        caps_json_pop(ctx);
    }
    caps_json_pop(ctx);
    return true;
}

static bool read_meta_commands(struct caps_json_reader *ctx, const json_t *list, json_t *root)
{
    const caps_name *stages = caps_meta_stage_keys, *parameter_keys = caps_meta_parameter_keys;
    const json_t *item, *v, *param;
    json_t *out;
    size_t i, k, p;

    caps_json_push_key(ctx, "EnumerateMetaCommands");
    if (!json_is_array(list))
        return caps_json_fail(ctx, "expected an array, got %s", kind(list));
    if (!(out = json_array()) || json_object_set_new(root, "metaCommands", out))
        return oom(ctx);
    json_array_foreach(list, i, item)
    {
        json_t *copy;
        const char *key;
        GUID id;

        caps_json_push_index(ctx, i);
        if (!expect_object(ctx, item))
            return false;
        if (!(v = json_object_get(item, "Id")))
            return caps_json_fail(ctx, "missing \"Id\"");
        caps_json_push_key(ctx, "Id");
        if (!json_is_string(v) || !caps_guid_parse(json_string_value(v), &id))
            return caps_json_fail(ctx, "expected a GUID \"{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}\"");
        caps_json_pop(ctx);
        if (!check_name(ctx, item) || !check_u32(ctx, item, "InitializationDirtyState", false)
                || !check_u32(ctx, item, "ExecutionDirtyState", false))
            return false;
        if (!(copy = json_object()) || json_array_append_new(out, copy))
            return oom(ctx);
        json_object_foreach((json_t *)item, key, v)
        {
            for (k = 0; k < CAPS_META_STAGES && strcmp(stages[k], key); ++k)
                ;
            if (k == CAPS_META_STAGES && strcmp(key, "Id") && strcmp(key, "Name") && strcmp(key, "InitializationDirtyState")
                    && strcmp(key, "ExecutionDirtyState"))
            {
                ignore_key(ctx, key);
                continue;
            }
            if (k < CAPS_META_STAGES)
            {
                const json_t *params = json_object_get(v, "Parameters");
                json_t *stage, *plist = NULL;

                caps_json_push_key(ctx, key);
                if (!expect_object(ctx, v) || !check_u32(ctx, v, "TotalStructureSizeInBytes", true))
                    return false;
                if (!(stage = json_object()) || json_object_set_new(copy, key, stage)
                        || json_object_set(stage, "TotalStructureSizeInBytes",
                                json_object_get(v, "TotalStructureSizeInBytes")))
                    return oom(ctx);
                if (params)
                {
                    caps_json_push_key(ctx, "Parameters");
                    if (!json_is_array(params))
                        return caps_json_fail(ctx, "expected an array, got %s", kind(params));
                    if (!(plist = json_array()) || json_object_set_new(stage, "Parameters", plist))
                        return oom(ctx);
                    json_array_foreach(params, p, param)
                    {
                        json_t *pcopy;
                        size_t f;

                        caps_json_push_index(ctx, p);
                        if (!expect_object(ctx, param) || !check_name(ctx, param))
                            return false;
                        for (f = 1; parameter_keys[f][0]; ++f)
                            if (!check_u32(ctx, param, parameter_keys[f], f == 1 || f == 4))
                                return false;
                        if (!(pcopy = json_object()) || json_array_append_new(plist, pcopy))
                            return oom(ctx);
                        for (f = 0; parameter_keys[f][0]; ++f)
                            if (json_object_get(param, parameter_keys[f])
                                    && json_object_set(pcopy, parameter_keys[f], json_object_get(param, parameter_keys[f])))
                                return oom(ctx);
                        caps_json_pop(ctx);
                    }
                    caps_json_pop(ctx);
                }
                caps_json_pop(ctx);
            }
            else if (json_object_set(copy, key, (json_t *)v))
                return oom(ctx);
        }
        caps_json_pop(ctx);
    }
    caps_json_pop(ctx);
    return true;
}

/* ---- The report ---- */

void caps_d3d12info_make_id(const char *description, char *id, size_t size)
{
    static const caps_name marks[] = {"(R)", "(TM)", "(C)", ""};
    size_t o = 0, last_dash = 0;
    const char *p = description ? description : "";
    bool dash = false;

    if (!size)
        return;
    while (*p && o + 1 < size && o < 64)
    {
        const caps_name *m;
        bool skipped = false;

        for (m = marks; (*m)[0]; ++m)
            if (prefix_nocase(p, *m))
            {
                p += strlen(*m);
                skipped = true;
                break;
            }
        if (skipped)
            continue;
        if (isalnum((unsigned char)*p) && !((unsigned char)*p & 0x80))
        {
            if (dash && o)
            {
                last_dash = o;
                id[o++] = '-';
                if (o + 1 >= size || o >= 64)
                    break;
            }
            dash = false;
            id[o++] = (char)tolower((unsigned char)*p);
        }
        else
            dash = true;
        ++p;
    }
    /* Cut mid-word at the limit: back to the last '-' when it is near. */
    if (*p && isalnum((unsigned char)*p) && last_dash && o - last_dash < 12)
        o = last_dash;
    while (o && id[o - 1] == '-')
        --o;
    id[o] = 0;
    if (!o)
        snprintf(id, size, "adapter");
}

static const json_t *report_adapters(const json_t *root, size_t *count, bool *array)
{
    const json_t *v;

    if ((v = json_object_get(root, "Adapters")) && json_is_array(v))
    {
        *count = json_array_size(v);
        *array = true;
        return v;
    }
    if ((v = json_object_get(root, "Adapter")) && json_is_object(v))
    {
        *count = 1;
        *array = false;
        return v;
    }
    return NULL;
}

bool caps_d3d12info_is_report(const char *json, size_t length)
{
    const json_t *header, *adapters, *first;
    const char *desc_name;
    json_t *root;
    size_t count;
    bool is = false, array;

    caps_json_init();
    if (!json || !(root = json_loadb(json, length, 0, NULL)))
        return false;
    header = json_object_get(root, "Header");
    if (json_is_object(header) && json_is_string(json_object_get(header, "Program"))
            && !strcmp(json_string_value(json_object_get(header, "Program")), "D3d12info"))
        is = true;
    else if ((adapters = report_adapters(root, &count, &array)) && count)
    {
        first = array ? json_array_get(adapters, 0) : adapters;
        is = json_is_object(first) && adapter_desc(first, &desc_name);
    }
    json_decref(root);
    return is;
}

/* "Header": the D3d12info version and SDK the report was taken with. */
static json_t *source_metadata(const json_t *root, const char *origin, unsigned index, char *summary, size_t size)
{
    const json_t *header = json_object_get(root, "Header");
    const json_t *version = json_object_get(header, "Version"), *sdk = json_object_get(header, "D3D12_SDK_VERSION");
    const json_t *preview_sdk = json_object_get(header, "D3D12_PREVIEW_SDK_VERSION");
    const json_t *generated = json_object_get(header, "Generated on");
    json_t *source = json_object();
    char sdk_text[64] = "an unknown SDK";
    int bad = 0;

    if (!source)
        return NULL;
    bad |= json_object_set_new(source, "kind", json_string("D3d12info report"));
    bad |= json_object_set_new(source, "file", json_string(origin));
    bad |= json_object_set_new(source, "adapterIndex", json_integer(index));
    if (json_is_string(version))
        bad |= json_object_set_new(source, "d3d12infoVersion", json_string(json_string_value(version)));
    if (json_is_integer(preview_sdk))
    {
        bad |= json_object_set_new(source, "previewSdkVersion", json_integer(json_integer_value(preview_sdk)));
        snprintf(sdk_text, sizeof(sdk_text), "preview SDK %lld", (long long)json_integer_value(preview_sdk));
    }
    else if (json_is_integer(sdk))
    {
        bad |= json_object_set_new(source, "sdkVersion", json_integer(json_integer_value(sdk)));
        snprintf(sdk_text, sizeof(sdk_text), "SDK %lld", (long long)json_integer_value(sdk));
    }
    if (json_is_string(generated))
        bad |= json_object_set_new(source, "generatedOn", json_string(json_string_value(generated)));
    snprintf(summary, size, "D3d12info %s report %s, adapter %u, %s", json_is_string(version)
            ? json_string_value(version) : "(unknown version)", origin, index, sdk_text);
    if (bad)
    {
        json_decref(source);
        return NULL;
    }
    return source;
}

/* Does a feature answer from the adapter alone (no input but a node index)? */
static bool answered_alone(const struct mk_feature *f)
{
    HRESULT (*fill)(const struct caps_fill *) = caps_fills[f->fill];

    return fill == caps_fill_copy || fill == caps_fill_driver_optional || fill == caps_fill_node_indexed;
}

static bool seen_feature(const unsigned char *seen, const char *name)
{
    int fi = mk_feature_find(name);

    return fi >= 0 && seen[fi];
}

/* The SDK the report ran with (0: unknown): which absent features it knew. */
static unsigned report_sdk(const json_t *root, bool *preview)
{
    const json_t *header = json_object_get(root, "Header");
    const json_t *preview_sdk = json_object_get(header, "D3D12_PREVIEW_SDK_VERSION");
    const json_t *sdk = json_object_get(header, "D3D12_SDK_VERSION");

    *preview = json_is_integer(preview_sdk);
    if (*preview)
        return (unsigned)json_integer_value(preview_sdk);
    return json_is_integer(sdk) ? (unsigned)json_integer_value(sdk) : 0;
}

static bool read_adapter(struct caps_json_reader *ctx, const json_t *report_root, const json_t *adapter, unsigned index,
        const char *id, json_t *root)
{
    json_t *identity, *features, *metadata, *absent, *source, *tearing;
    unsigned char *seen = NULL;
    const char *key, *desc_name = NULL;
    const json_t *v, *desc;
    char derived[72], summary[512];
    unsigned sdk;
    bool preview, ok = false;
    size_t i;

    if (!expect_object(ctx, adapter))
        return false;
    if (!(desc = adapter_desc(adapter, &desc_name)))
        return caps_json_fail(ctx, "missing DXGI_ADAPTER_DESC3 (or DXGI_ADAPTER_DESC2, DESC1, DESC): not a D3d12info adapter");
    /* Keys in the order a profile reads best: id, description, adapter, features, formats, metadata. */
    if (!set_new(ctx, root, "id", json_string("")) || !set_new(ctx, root, "description", json_string(""))
            || !(identity = child(ctx, root, "adapter")) || !(features = child(ctx, root, "features")))
        return false;
    if (!read_desc(ctx, desc_name, desc, root, identity))
        return false;
    caps_d3d12info_make_id(json_string_value(json_object_get(root, "description")), derived, sizeof(derived));
    if (!set_new(ctx, root, "id", json_string(id ? id : derived)))
        return false;
    if (!read_video_memory(ctx, adapter, identity))
        return false;
    if ((v = json_object_get(adapter, "CheckInterfaceSupport")) && !read_umd_version(ctx, v, identity))
        return false;
    if ((v = json_object_get(adapter, "GetDescriptorHandleIncrementSize")) && !read_descriptor_sizes(ctx, v, identity))
        return false;
    /* Machine-wide in the report, every adapter's here. */
    tearing = json_object_get(json_object_get(json_object_get(report_root, "SystemInfo"), "DXGI_FEATURE"),
            "DXGI_FEATURE_PRESENT_ALLOW_TEARING");
    if (tearing)
    {
        struct caps_json_path saved = ctx->path;
        bool allow;

        ctx->path.depth = 0;
        caps_json_push_key(ctx, "SystemInfo");
        caps_json_push_key(ctx, "DXGI_FEATURE");
        caps_json_push_key(ctx, "DXGI_FEATURE_PRESENT_ALLOW_TEARING");
        if (!read_bool(ctx, tearing, &allow))
            return false;
        ctx->path = saved;
        if (!set_new(ctx, identity, "allowTearing", json_boolean(allow)))
            return false;
    }
    if (!(seen = mk_calloc(mk_feature_count ? mk_feature_count : 1, 1)))
        return oom(ctx);
    json_object_foreach((json_t *)adapter, key, v)
    {
        if (!strcmp(key, "D3D12_FEATURE_DATA_COOPERATIVE_VECTOR"))
        {
            int fi = mk_feature_find("COOPERATIVE_VECTOR");

            if (fi >= 0)
                seen[fi] = 1;
            if (!read_coop_vector(ctx, v, root))
                goto done;
        }
        else if (!strncmp(key, "D3D12_FEATURE_DATA_", 19))
        {
            if (!read_feature(ctx, adapter, key, v, features, identity, seen))
                goto done;
        }
        else if (!strcmp(key, "Formats"))
        {
            if (!read_formats(ctx, v, root))
                goto done;
        }
        else if (!strcmp(key, "EnumerateMetaCommands"))
        {
            if (!read_meta_commands(ctx, v, root))
                goto done;
        }
        else if (strncmp(key, "DXGI_ADAPTER_DESC", 17) && strncmp(key, "DXGI_QUERY_VIDEO_MEMORY_INFO", 28)
                && strcmp(key, "CheckInterfaceSupport") && strcmp(key, "GetDescriptorHandleIncrementSize")
                && strcmp(key, "AdapterIndex"))
            ignore_key(ctx, key);
    }

    /* Features the report's SDK knew that the driver did not answer: the
     * runtime fills them as for an old driver (docs/d3d12info.md). */
    if (!(metadata = child(ctx, root, "metadata")) || !set_new(ctx, metadata, "confidence", json_string("dump")))
        goto done;
    if (!(source = source_metadata(report_root, ctx->origin, index, summary, sizeof(summary)))
            || json_object_set_new(metadata, "source", source))
    {
        oom(ctx);
        goto done;
    }
    {
        json_t *sources = child(ctx, metadata, "fieldSources");

        if (!sources || !set_new(ctx, sources, "*", json_string(summary)))
            goto done;
    }
    sdk = report_sdk(report_root, &preview);
    if (!(absent = json_array()) || json_object_set_new(metadata, "absentFeatures", absent))
    {
        oom(ctx);
        goto done;
    }
    for (i = 0; sdk && i < mk_feature_count; ++i)
    {
        const struct mk_feature *f = &mk_features[i];
        unsigned first = preview ? f->first_preview : f->first_retail;

        /* Features D3d12info prints when the driver answers: those without
         * inputs (ARCHITECTURE1 stands for ARCHITECTURE). */
        if (seen[i] || first == MK_NEVER || first > sdk || !answered_alone(f)
                || (!strcmp(mk_feature_name(f), "ARCHITECTURE") && seen_feature(seen, "ARCHITECTURE1")))
            continue;
        if (json_array_append_new(absent, json_string(mk_feature_name(f))))
        {
            oom(ctx);
            goto done;
        }
    }
    ok = true;
done:
    mk_free(seen);
    return ok;
}

char *caps_d3d12info_import(const char *json, size_t length, const char *origin, unsigned index, const char *id,
        unsigned *adapter_count, char *error, size_t error_size)
{
    struct caps_json_reader ctx = {json, length, origin ? origin : "<string>", error, error_size, false, {{{0}}, 0}, NULL};
    json_error_t jerr = {0};
    json_t *report, *root = NULL;
    const json_t *adapters, *adapter;
    char *text = NULL, local[16];
    size_t count = 0;
    bool array = false;

    if (!error || !error_size)
        ctx.error = local, ctx.error_size = sizeof(local);
    ctx.error[0] = 0;
    if (adapter_count)
        *adapter_count = 0;
    caps_json_init();
    if (!(report = json_loadb(json, length, JSON_REJECT_DUPLICATES, &jerr)))
    {
        caps_json_load_error(&jerr, ctx.origin, ctx.error, ctx.error_size);
        return NULL;
    }
    if (!expect_object(&ctx, report))
        goto done;
    if (!(adapters = report_adapters(report, &count, &array)))
    {
        caps_json_fail(&ctx, "a D3d12info report has an \"Adapters\" array (D3d12info 3.x) or an \"Adapter\" object (2.x)");
        goto done;
    }
    if (adapter_count)
        *adapter_count = (unsigned)count;
    if (index >= count)
    {
        caps_json_push_key(&ctx, array ? "Adapters" : "Adapter");
        caps_json_fail(&ctx, "no adapter %u: the report has %zu", index, count);
        goto done;
    }
    adapter = array ? json_array_get(adapters, index) : adapters;
    if (!(root = json_object()) || !(ctx.ignored = json_array()))
    {
        oom(&ctx);
        goto done;
    }
    caps_json_push_key(&ctx, array ? "Adapters" : "Adapter");
    if (array)
        caps_json_push_index(&ctx, index);
    if (!read_adapter(&ctx, report, adapter, index, id, root) || ctx.failed)
        goto done;
    if (json_array_size(ctx.ignored) && json_object_set(json_object_get(root, "metadata"), "ignoredKeys", ctx.ignored))
    {
        oom(&ctx);
        goto done;
    }
    if (!(text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII)))
        oom(&ctx);
done:
    json_decref(ctx.ignored);
    json_decref(root);
    json_decref(report);
    return text; /* mk_alloc'd: free() releases it (alloc.h) */
}

char *caps_builtin_profile_text(const struct caps_builtin_profile *b, char *error, size_t error_size)
{
    json_t *root = NULL, *extra = NULL, *metadata;
    char *text, *merged = NULL;

    if (!b->report)
    {
        if ((text = mk_alloc(b->length + 1)))
        {
            memcpy(text, b->json, b->length);
            text[b->length] = 0;
        }
        else
            snprintf(error, error_size, "%s: %s", b->origin, CAPS_OUT_OF_MEMORY);
        return text;
    }
    if (!(text = caps_d3d12info_import(b->json, b->length, b->report, 0, b->id, NULL, error, error_size)))
        return NULL;
    if (!b->metadata)
        return text;
    /* The importer's metadata wins; the built-in's provenance fills in the rest. */
    if (!(root = json_loads(text, 0, NULL)) || !(extra = json_loads(b->metadata, 0, NULL))
            || !(metadata = json_object_get(root, "metadata")) || json_object_update_missing(metadata, extra)
            || !(merged = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII)))
        snprintf(error, error_size, "%s: %s", b->origin, CAPS_OUT_OF_MEMORY);
    json_decref(root);
    json_decref(extra);
    mk_free(text);
    return merged;
}
