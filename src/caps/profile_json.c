/*
 * struct caps_adapter -> profile JSON (`mockd3d12 caps --json`): every
 * profile value of every feature, explicitly, so the text loads back as a
 * profile with the same values and needs no `inherits` or rules.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "caps/adapter.h"

static json_t *hex32(UINT value)
{
    char buf[16];

    snprintf(buf, sizeof(buf), "0x%X", value);
    return json_string(buf);
}

json_t *caps_json_uint(uint64_t value)
{
    char buf[32];

    if (value <= (uint64_t)INT64_MAX)
        return json_integer((json_int_t)value);
    snprintf(buf, sizeof(buf), "0x%" PRIX64, value);
    return json_string(buf);
}

/* A 64-bit value as a decimal string: exact whatever reads it. */
static json_t *uint_text(uint64_t value)
{
    char buf[32];

    snprintf(buf, sizeof(buf), "%" PRIu64, value);
    return json_string(buf);
}

/* Flags as "A | B | 0x40": members in declaration order whose bits are all
 * still set, then what no member names as a number. */
static json_t *flags_value(const struct caps_adapter *a, unsigned field_index, int enum_index, uint32_t value)
{
    const struct mk_enum *e = enum_index >= 0 ? &mk_enums[enum_index] : NULL;
    const struct mk_declared_value *extra = NULL;
    unsigned extra_count = 0, i;
    uint32_t left = value;
    char text[2048];
    size_t o = 0;

    if (a)
        extra_count = caps_adapter_new_values(a, field_index, &extra);
    if (!value)
    {
        for (i = 0; e && i < e->value_count; ++i)
            if (!mk_enum_values[e->first_value + i].value && !mk_enum_values[e->first_value + i].is_alias)
                return json_string(mk_enum_value_name_at(e->first_value + i));
        return json_integer(0);
    }
    text[0] = 0;
    for (i = 0; i < (e ? e->value_count : 0u) + extra_count && left; ++i)
    {
        bool reference = e && i < e->value_count;
        const struct mk_declared_value *declared = reference ? NULL : &extra[i - (e ? e->value_count : 0u)];
        const struct mk_enum_value *v = reference ? &mk_enum_values[e->first_value + i] : &declared->value;
        int w;

        if (v->is_alias || !v->value || (v->value & left) != v->value)
            continue;
        w = snprintf(text + o, sizeof(text) - o, "%s%s", o ? " | " : "",
                reference ? mk_enum_value_name_at(e->first_value + i) : declared->name);
        if (w < 0 || (size_t)w >= sizeof(text) - o)
            return json_integer(value);
        o += (size_t)w;
        left &= ~v->value;
    }
    if (!o)
        return json_integer(value);
    if (left)
    {
        int w = snprintf(text + o, sizeof(text) - o, " | 0x%X", left);
        if (w < 0 || (size_t)w >= sizeof(text) - o)
            return json_integer(value);
    }
    return json_string(text);
}

static json_t *wchar_value(const unsigned char *p, size_t size)
{
    size_t count = size / sizeof(WCHAR), i, o = 0;
    char text[1024];

    for (i = 0; i < count; ++i)
    {
        WCHAR unit, next;
        uint32_t cp;

        memcpy(&unit, p + i * sizeof(WCHAR), sizeof(WCHAR));
        if (!(cp = (uint32_t)unit))
            break;
        if (sizeof(WCHAR) == 2 && cp >= 0xD800 && cp < 0xDC00 && i + 1 < count)
        {
            memcpy(&next, p + (i + 1) * sizeof(WCHAR), sizeof(WCHAR));
            if ((uint32_t)next >= 0xDC00 && (uint32_t)next < 0xE000)
            {
                cp = 0x10000 + ((cp - 0xD800) << 10) + ((uint32_t)next - 0xDC00);
                ++i;
            }
        }
        if ((cp >= 0xD800 && cp < 0xE000) || cp > 0x10FFFF)
            cp = 0xFFFD; /* no UTF-8 form */
        if (o + 5 > sizeof(text))
            break;
        if (cp < 0x80)
            text[o++] = (char)cp;
        else if (cp < 0x800)
            text[o++] = (char)(0xC0 | cp >> 6), text[o++] = (char)(0x80 | (cp & 0x3F));
        else if (cp < 0x10000)
            text[o++] = (char)(0xE0 | cp >> 12), text[o++] = (char)(0x80 | ((cp >> 6) & 0x3F)),
            text[o++] = (char)(0x80 | (cp & 0x3F));
        else
            text[o++] = (char)(0xF0 | cp >> 18), text[o++] = (char)(0x80 | ((cp >> 12) & 0x3F)),
            text[o++] = (char)(0x80 | ((cp >> 6) & 0x3F)), text[o++] = (char)(0x80 | (cp & 0x3F));
    }
    return json_stringn(text, o);
}

/* Field `field_index` of `blob` (its struct's values), named as adapter `a`
 * names its enums' values. */
static json_t *blob_field_value(const struct caps_adapter *a, const unsigned char *blob, unsigned field_index)
{
    const struct mk_field *f = &mk_fields[field_index];
    const char *name;
    uint64_t v;

    if (!strncmp(mk_field_type(f), "WCHAR[", 6))
        return wchar_value(blob + f->offset, f->size);
    if (f->kind == MK_FIELD_OPAQUE)
    {
        memcpy(&v, blob + f->offset, sizeof(v)); /* D3D12_VERSION_NUMBER */
        return caps_json_uint(v);
    }
    v = mk_field_get(blob, f);
    switch (f->kind)
    {
        case MK_FIELD_BOOL:
            return json_boolean(v != 0);
        case MK_FIELD_ENUM:
            if (f->enum_index >= 0 && mk_enums[f->enum_index].category == MK_ENUM_FLAGS)
                return flags_value(a, field_index, f->enum_index, (uint32_t)v);
            if ((name = caps_value_name(a, field_index, (uint32_t)v)))
                return json_string(name);
            return json_integer((json_int_t)(uint32_t)v);
        default:
            return caps_json_uint(v);
    }
}

static json_t *field_value(const struct caps_adapter *a, unsigned field_index)
{
    return blob_field_value(a, caps_adapter_struct(a, mk_fields[field_index].struct_index), field_index);
}

static int find_enum_by_name(const char *name)
{
    size_t i;

    for (i = 0; i < mk_enum_count; ++i)
        if (!strcmp(mk_enum_name(&mk_enums[i]), name))
            return (int)i;
    return -1;
}

static const char *format_name(int enum_index, uint32_t value, char *buf, size_t size)
{
    unsigned i;

    if (enum_index >= 0)
    {
        const struct mk_enum *e = &mk_enums[enum_index];
        for (i = e->first_value; i < (unsigned)e->first_value + e->value_count; ++i)
            if (!mk_enum_values[i].is_alias && mk_enum_values[i].value == value)
                return mk_enum_value_name_at(i);
    }
    snprintf(buf, size, "%u", value);
    return buf;
}

/* The "adapter" keys beyond the identity, every one explicit. */
static void put_extra(json_t *identity, const struct caps_adapter_extra *x)
{
    json_t *sizes = json_object(), *queues = json_object();
    unsigned i, p;

    json_object_set_new(identity, "dxgiFlags", hex32(x->dxgi_flags));
    json_object_set_new(identity, "graphicsPreemptionGranularity", json_integer(x->graphics_preemption));
    json_object_set_new(identity, "computePreemptionGranularity", json_integer(x->compute_preemption));
    if (x->has_umd_version)
        json_object_set_new(identity, "umdVersion", uint_text(x->umd_version));
    if (x->timestamp_frequency)
        json_object_set_new(identity, "timestampFrequency", uint_text(x->timestamp_frequency));
    if (x->api_extensions)
        json_object_set_new(identity, "apiExtensions", json_true());
    if (x->has_video_memory)
    {
        json_t *memory = json_object();

        for (i = 0; i < 2; ++i)
        {
            json_t *group = json_object();

            json_object_set_new(group, "budget", caps_json_uint(x->budget[i]));
            json_object_set_new(group, "availableForReservation", caps_json_uint(x->available_for_reservation[i]));
            json_object_set_new(memory, i ? "nonLocal" : "local", group);
        }
        json_object_set_new(identity, "videoMemory", memory);
    }
    json_object_set_new(identity, "allowTearing", json_boolean(x->allow_tearing));
    for (i = 0; caps_heap_type_keys[i][0]; ++i)
        json_object_set_new(sizes, caps_heap_type_keys[i], json_integer(x->descriptor_sizes[i]));
    json_object_set_new(identity, "descriptorSizes", sizes);
    for (i = 0; i < CAPS_QUEUE_TYPE_SLOTS; ++i)
    {
        json_t *list;

        if (i == D3D12_COMMAND_LIST_TYPE_BUNDLE) /* a bundle has no queue */
            continue;
        list = json_array();
        for (p = 0; caps_priority_names[p][0]; ++p)
            if (x->queue_priorities[i] & (1u << p))
                json_array_append_new(list, json_string(caps_priority_names[p]));
        json_object_set_new(queues, caps_queue_type_keys[i], list);
    }
    json_object_set_new(identity, "queuePriorities", queues);
}

/* "outputs" as the loader reads it: every key explicit, enum values by name. */
/* "cooperativeVector" as the loader reads it (and D3d12info writes it). */
static json_t *coop_vector_json(const struct caps_adapter *a)
{
    const uint32_t *v = a->coop_vector;
    json_t *root = json_object();
    unsigned k, f;
    uint32_t i;

    for (k = 0; root && k < CAPS_COOP_VECTOR_ARRAYS; ++k)
    {
        json_t *list = json_array();

        for (i = 0; list && i < a->coop_vector_counts[k]; ++i)
        {
            json_t *entry = json_object();

            for (f = 0; entry && f < caps_coop_vector_width[k]; ++f, ++v)
                json_object_set_new(entry, caps_coop_vector_fields[k][f],
                        !strcmp(caps_coop_vector_fields[k][f], "TransposeSupported") ? json_boolean(*v)
                        : json_integer(*v));
            json_array_append_new(list, entry);
        }
        json_object_set_new(root, caps_coop_vector_keys[k], list);
    }
    return root;
}

static json_t *outputs_json(const struct caps_adapter *a, int dxgi_format)
{
    json_t *list = json_array();
    unsigned i, k;
    char buf[96];

    for (i = 0; i < a->output_count; ++i)
    {
        const struct caps_output *o = &a->outputs[i];
        json_t *item = json_object(), *modes = json_array();

        json_object_set_new(item, "name", json_string(o->name));
        json_object_set_new(item, "desktopCoordinates", json_pack("[IIII]", (json_int_t)o->left, (json_int_t)o->top,
                (json_int_t)o->right, (json_int_t)o->bottom));
        json_object_set_new(item, "rotation", json_string(caps_rotation_names[o->rotation]));
        json_object_set_new(item, "colorSpace", json_string(caps_output_color_space_names[o->color_space
                == CAPS_COLOR_SPACE_HDR]));
        json_object_set_new(item, "bitsPerColor", json_integer(o->bits_per_color));
        for (k = 0; caps_output_primary_keys[k][0]; ++k)
            json_object_set_new(item, caps_output_primary_keys[k], json_pack("[ff]", o->primaries[k][0],
                    o->primaries[k][1]));
        for (k = 0; caps_output_luminance_keys[k][0]; ++k)
            json_object_set_new(item, caps_output_luminance_keys[k], json_real(o->luminance[k]));
        for (k = 0; k < o->mode_count; ++k)
        {
            const struct caps_output_mode *m = &o->modes[k];
            json_t *mode = json_object();

            json_object_set_new(mode, "width", json_integer(m->width));
            json_object_set_new(mode, "height", json_integer(m->height));
            json_object_set_new(mode, "refreshRate", json_pack("[II]", (json_int_t)m->refresh_numerator,
                    (json_int_t)m->refresh_denominator));
            json_object_set_new(mode, "format", json_string(format_name(dxgi_format, m->format, buf, sizeof(buf))));
            json_object_set_new(mode, "scanlineOrdering", json_string(caps_scanline_names[m->scanline_ordering]));
            json_object_set_new(mode, "scaling", json_string(caps_scaling_names[m->scaling]));
            json_object_set_new(mode, "stereo", json_boolean(m->stereo));
            json_array_append_new(modes, mode);
        }
        json_object_set_new(item, "modes", modes);
        json_array_append_new(list, item);
    }
    return list;
}

/* "metaCommands" as the loader reads it (and D3d12info writes it). */
static json_t *meta_commands_json(const struct caps_adapter *a)
{
    json_t *list = json_array();
    unsigned i, st, p;

    for (i = 0; i < a->meta_command_count; ++i)
    {
        const struct caps_meta_command *m = &a->meta_commands[i];
        const GUID *g = &m->id;
        json_t *item = json_object();

        json_object_set_new(item, "Id", json_sprintf("{%08X-%04X-%04X-%02X%02X-%02X%02X%02X%02X%02X%02X}",
                (unsigned)g->Data1, g->Data2, g->Data3, g->Data4[0], g->Data4[1], g->Data4[2], g->Data4[3],
                g->Data4[4], g->Data4[5], g->Data4[6], g->Data4[7]));
        json_object_set_new(item, "Name", json_string(m->utf8_name));
        json_object_set_new(item, "InitializationDirtyState", json_integer(m->initialization_dirty));
        json_object_set_new(item, "ExecutionDirtyState", json_integer(m->execution_dirty));
        for (st = 0; st < CAPS_META_STAGES; ++st)
        {
            const struct caps_meta_stage *stage = &m->stages[st];
            json_t *obj, *params;

            if (!stage->present)
                continue;
            obj = json_object();
            params = json_array();
            json_object_set_new(obj, "TotalStructureSizeInBytes", json_integer(stage->total_size));
            for (p = 0; p < stage->parameter_count; ++p)
            {
                const struct caps_meta_parameter *param = &stage->parameters[p];
                json_t *po = json_object();

                json_object_set_new(po, "Name", json_string(param->utf8_name));
                json_object_set_new(po, "Type", json_integer(param->type));
                json_object_set_new(po, "Flags", json_integer(param->flags));
                json_object_set_new(po, "RequiredResourceState", json_integer(param->required_state));
                json_object_set_new(po, "StructureOffset", json_integer(param->offset));
                json_array_append_new(params, po);
            }
            json_object_set_new(obj, "Parameters", params);
            json_object_set_new(item, caps_meta_stage_keys[st], obj);
        }
        json_array_append_new(list, item);
    }
    return list;
}

/* "FEATURE.Field": a field as profiles name it. */
static const char *field_path(const struct mk_field *f, char *path, size_t size)
{
    snprintf(path, size, "%s.%s", mk_feature_name(mk_feature_from_value(mk_structs[f->struct_index].feature)),
            mk_field_name(f));
    return path;
}

static json_t *identity_json(const struct caps_adapter *a)
{
    json_t *identity, *luid;

    identity = json_object();
    json_object_set_new(identity, "vendorId", hex32(a->vendor_id));
    json_object_set_new(identity, "deviceId", hex32(a->device_id));
    json_object_set_new(identity, "subSysId", hex32(a->subsys_id));
    json_object_set_new(identity, "revision", json_integer(a->revision));
    luid = json_object();
    json_object_set_new(luid, "LowPart", json_integer(a->luid.LowPart));
    json_object_set_new(luid, "HighPart", json_integer(a->luid.HighPart));
    json_object_set_new(identity, "luid", luid);
    json_object_set_new(identity, "dedicatedVideoMemory", caps_json_uint(a->dedicated_video_memory));
    json_object_set_new(identity, "dedicatedSystemMemory", caps_json_uint(a->dedicated_system_memory));
    json_object_set_new(identity, "sharedSystemMemory", caps_json_uint(a->shared_system_memory));
    json_object_set_new(identity, "nodeCount", json_integer(a->node_count));
    json_object_set_new(identity, "uma", json_boolean(a->uma));
    json_object_set_new(identity, "cacheCoherentUma", json_boolean(a->cache_coherent_uma));
    json_object_set_new(identity, "software", json_boolean(a->software));
    put_extra(identity, &a->extra);

    return identity;
}

static json_t *features_json(const struct caps_adapter *a)
{
    json_t *features;
    size_t i;

    features = json_object();
    for (i = 0; i < mk_feature_count; ++i)
    {
        const struct mk_struct *s = &mk_structs[mk_features[i].struct_index];
        json_t *fields = NULL;
        unsigned f;

        /* A feature the driver does not answer has no values to give. */
        if (!caps_adapter_answers(a, &mk_features[i]))
            continue;
        for (f = s->first_field; f < (unsigned)s->first_field + s->field_count; ++f)
        {
            if (!caps_profile_field(f))
                continue;
            if (!fields)
                fields = json_object();
            json_object_set_new(fields, mk_field_name(&mk_fields[f]), field_value(a, f));
        }
        if (fields && !json_object_get(features, mk_feature_name(&mk_features[i])))
            json_object_set_new(features, mk_feature_name(&mk_features[i]), fields);
        else if (fields)
            json_decref(fields);
    }

    return features;
}

static json_t *formats_json(const struct caps_adapter *a)
{
    int dxgi_format = find_enum_by_name("DXGI_FORMAT");
    int support1 = find_enum_by_name("D3D12_FORMAT_SUPPORT1"), support2 = find_enum_by_name("D3D12_FORMAT_SUPPORT2");
    json_t *formats;
    size_t i;

    formats = json_object();
    for (i = 0; i < a->format_count; ++i)
    {
        json_t *entry = json_object();
        char buf[16];

        json_object_set_new(entry, "Support1", flags_value(NULL, 0, support1, a->formats[i].support1));
        json_object_set_new(entry, "Support2", flags_value(NULL, 0, support2, a->formats[i].support2));
        if (a->formats[i].has_quality_levels)
        {
            json_t *levels = json_object();
            unsigned slot;

            for (slot = 0; slot < CAPS_SAMPLE_COUNT_SLOTS; ++slot)
            {
                char count[8];

                if (!a->formats[i].quality_levels[slot])
                    continue;
                snprintf(count, sizeof(count), "%u", 1u << slot);
                json_object_set_new(levels, count, json_integer(a->formats[i].quality_levels[slot]));
            }
            json_object_set_new(entry, "MultisampleQualityLevels", levels);
        }
        if (a->formats[i].planes)
            json_object_set_new(entry, "PlaneCount", json_integer(a->formats[i].planes));
        json_object_set_new(formats, format_name(dxgi_format, a->formats[i].format, buf, sizeof(buf)), entry);
    }

    return formats;
}

static json_t *new_values_json(const struct caps_adapter *a)
{
    json_t *new_values;
    size_t i;

    new_values = json_array();
    for (i = 0; i < a->new_value_count; ++i)
    {
        const struct mk_declared_value *nv = &a->new_values[i];
        const struct mk_field *f = &mk_fields[nv->field_index];
        json_t *entry = json_object();
        char path[256];

        json_object_set_new(entry, "field", json_string(field_path(f, path, sizeof(path))));
        json_object_set_new(entry, "name", json_string(nv->name));
        json_object_set_new(entry, "value", json_integer(nv->value.value));
        if (nv->value.first_retail != MK_NEVER)
            json_object_set_new(entry, "firstRetail", json_integer(nv->value.first_retail));
        if (nv->value.first_preview != MK_NEVER)
            json_object_set_new(entry, "firstPreview", json_integer(nv->value.first_preview));
        json_array_append_new(new_values, entry);
    }

    return new_values;
}

/* NULL when out of memory: no dump rather than one that says less. */
static json_t *lower_bounds_json(const struct caps_adapter *a)
{
    json_t *bounds;
    size_t i;

    bounds = json_object();
    for (i = 0; i < a->lower_bound_count; ++i)
    {
        const struct mk_field *f = &mk_fields[a->lower_bounds[i].field_index];
        unsigned char scratch[1024] = {0};
        char path[256];
        json_t *value;

        field_path(f, path, sizeof(path));
        /* Format the bound as the field would be: through a scratch struct. */
        if (f->offset + f->size <= sizeof(scratch))
        {
            mk_field_set(scratch, f, a->lower_bounds[i].value);
            value = blob_field_value(a, scratch, a->lower_bounds[i].field_index);
            json_object_set_new(bounds, path, value);
        }
    }
    return bounds;
}

char *caps_adapter_to_json(const struct caps_adapter *a)
{
    json_t *root, *bounds, *metadata;
    char *text;

    caps_json_init();
    if (!a || !(root = json_object()))
        return NULL;
    json_object_set_new(root, "id", json_string(a->id));
    json_object_set_new(root, "description", json_string(a->description));
    json_object_set_new(root, "adapter", identity_json(a));
    json_object_set_new(root, "features", features_json(a));
    json_object_set_new(root, "formats", formats_json(a));
    json_object_set_new(root, "newValues", new_values_json(a));
    if (a->lower_bound_count)
    {
        if (!(bounds = lower_bounds_json(a)))
        {
            json_decref(root);
            return NULL;
        }
        json_object_set_new(root, "lowerBounds", bounds);
    }
    if (a->meta_command_count)
        json_object_set_new(root, "metaCommands", meta_commands_json(a));
    if (a->output_count)
        json_object_set_new(root, "outputs", outputs_json(a, find_enum_by_name("DXGI_FORMAT")));
    if (a->coop_vector)
        json_object_set_new(root, "cooperativeVector", coop_vector_json(a));

    if ((metadata = caps_adapter_metadata(a)))
    {
        json_object_set_new(root, "metadata", json_deep_copy(metadata));
        json_decref(metadata);
    }

    text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII);
    json_decref(root);
    return text;
}
