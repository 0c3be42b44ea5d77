/*
 * The reflection half of the control API (include/mockd3d12/mockd3d12.h,
 * docs/api.md "Reflection"): the reference tables, one adapter's values and
 * their origins, the clamp table, Vulkan import. Everything the mockd3d12
 * command prints goes through these, so a harness can print it too and the
 * CLI needs no room's headers.
 *
 * The tables and adapters are immutable and live as long as the process, so
 * the strings handed out here are theirs; allocated text comes from mk_alloc
 * and goes back through mockd3d12_free.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "caps/caps.h"
#include "caps/d3d12info.h"
#include "caps/vulkan.h"
#include "clamp/clamp.h"
#include "control.h"
#include "mk_tables.h"
#include "platform.h"

/* Fails with `hr`: "function: message" in mockd3d12_last_error(). */
static HRESULT MK_PRINTF_FORMAT(3, 4) fail(HRESULT hr, const char *function, const char *format, ...)
{
    char message[1024];
    va_list args;

    va_start(args, format);
    vsnprintf(message, sizeof(message), format, args);
    va_end(args);
    mk_set_last_error("%s: %s", function, message);
    return hr;
}

/* As fail(), and the message alone into the caller's buffer: what a tool
 * prints after its own prefix (the CLI's "mockd3d12: ..."). */
static HRESULT fail_to(HRESULT hr, const char *function, const char *message, char *error, size_t error_size)
{
    if (error && error_size)
        snprintf(error, error_size, "%s", message);
    return fail(hr, function, "%s", message);
}

static void copy_value(mockd3d12_enum_value_desc *out, const char *name, const struct mk_enum_value *v)
{
    out->name = name;
    out->value = v->value;
    out->is_alias = v->is_alias ? TRUE : FALSE;
    out->first_retail_sdk = v->first_retail;
    out->first_preview_sdk = v->first_preview;
    out->last_preview_sdk = v->last_preview;
}

/* An id or a profile path, NULL meaning the default adapter as
 * D3D12CreateDevice(NULL) chooses it. */
static const struct caps_adapter *adapter_of(const char *function, const char *id_or_path, char *error,
        size_t error_size)
{
    const struct caps_adapter *a;
    char message[1536];

    a = id_or_path ? caps_adapter_lookup(id_or_path, message, sizeof(message))
            : caps_adapter_default(message, sizeof(message));
    if (!a)
        fail_to(E_INVALIDARG, function, message, error, error_size);
    return a;
}

static bool field_ok(const char *function, UINT field_index)
{
    if (field_index < mk_field_count)
        return true;
    fail(E_INVALIDARG, function, "no field at index %u (there are %u)", field_index, (unsigned)mk_field_count);
    return false;
}

MOCKD3D12_API void mockd3d12_free(void *memory)
{
    mk_free(memory);
}

MOCKD3D12_API BOOL mockd3d12_runtime_knows_until(const mockd3d12_runtime *runtime, UINT first_retail_sdk,
        UINT first_preview_sdk, UINT last_preview_sdk)
{
    mockd3d12_runtime current;

    if (!runtime)
    {
        clamp_runtime_current(&current);
        runtime = &current;
    }
    /* Versions beyond the tables' 16 bits are never reached by a runtime. */
    if (first_retail_sdk > MK_NEVER)
        first_retail_sdk = MK_NEVER;
    if (first_preview_sdk > MK_NEVER)
        first_preview_sdk = MK_NEVER;
    if (last_preview_sdk > MK_NEVER)
        last_preview_sdk = 0;
    return caps_runtime_knows_until(runtime, (uint16_t)first_retail_sdk, (uint16_t)first_preview_sdk,
            (uint16_t)last_preview_sdk) ? TRUE : FALSE;
}

MOCKD3D12_API BOOL mockd3d12_runtime_knows(const mockd3d12_runtime *runtime, UINT first_retail_sdk,
        UINT first_preview_sdk)
{
    return mockd3d12_runtime_knows_until(runtime, first_retail_sdk, first_preview_sdk, 0);
}

/* ---- The tables ---- */

MOCKD3D12_API UINT mockd3d12_feature_count(void)
{
    return (UINT)mk_feature_count;
}

MOCKD3D12_API HRESULT mockd3d12_get_feature_desc(UINT index, mockd3d12_feature_desc *desc)
{
    const struct mk_feature *f;
    const struct mk_struct *s;

    if (!desc)
        return fail(E_POINTER, "mockd3d12_get_feature_desc", "desc is NULL");
    if (index >= mk_feature_count)
        return fail(E_INVALIDARG, "mockd3d12_get_feature_desc", "no feature at index %u (there are %u)", index,
                (unsigned)mk_feature_count);
    f = &mk_features[index];
    s = &mk_structs[f->struct_index];
    desc->name = mk_feature_name(f);
    desc->value = (D3D12_FEATURE)f->value;
    desc->struct_name = mk_struct_name(s);
    desc->size = s->size;
    desc->first_retail_sdk = f->first_retail;
    desc->first_preview_sdk = f->first_preview;
    desc->first_field = s->first_field;
    desc->field_count = s->field_count;
    desc->last_preview_sdk = f->last_preview;
    return S_OK;
}

static int feature_named(const char *name)
{
    if (!strncmp(name, "D3D12_FEATURE_", 14) && mk_feature_find(name) < 0)
        name += 14;
    return mk_feature_find(name);
}

MOCKD3D12_API HRESULT mockd3d12_find_feature(const char *name, UINT *index)
{
    int f;

    if (!name || !index)
        return fail(E_POINTER, "mockd3d12_find_feature", "%s is NULL", !name ? "name" : "index");
    if ((f = feature_named(name)) < 0)
        return fail(E_INVALIDARG, "mockd3d12_find_feature", "no feature is named '%s'", name);
    *index = (UINT)f;
    return S_OK;
}

MOCKD3D12_API UINT mockd3d12_field_count(void)
{
    return (UINT)mk_field_count;
}

MOCKD3D12_API HRESULT mockd3d12_get_field_desc(UINT index, mockd3d12_field_desc *desc)
{
    const struct mk_field *f;
    size_t i;

    if (!desc)
        return fail(E_POINTER, "mockd3d12_get_field_desc", "desc is NULL");
    if (!field_ok("mockd3d12_get_field_desc", index))
        return E_INVALIDARG;
    f = &mk_fields[index];
    desc->name = mk_field_name(f);
    desc->type = mk_field_type(f);
    desc->struct_name = mk_struct_name(&mk_structs[f->struct_index]);
    desc->feature_index = ~0u;
    for (i = 0; i < mk_feature_count; ++i)
        if (mk_features[i].struct_index == f->struct_index)
        {
            desc->feature_index = (UINT)i;
            break;
        }
    desc->offset = f->offset;
    desc->size = f->size;
    desc->kind = (mockd3d12_field_kind)f->kind;
    desc->direction = (mockd3d12_field_direction)f->dir;
    desc->enum_name = f->enum_index >= 0 ? mk_enum_name(&mk_enums[f->enum_index]) : NULL;
    desc->enum_is_flags = f->enum_index >= 0 && mk_enums[f->enum_index].category == MK_ENUM_FLAGS;
    desc->scalar = mk_field_is_scalar(f) ? TRUE : FALSE;
    desc->profile_field = caps_profile_field(index) ? TRUE : FALSE;
    desc->first_retail_sdk = f->first_retail;
    desc->first_preview_sdk = f->first_preview;
    desc->last_preview_sdk = f->last_preview;
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_find_field(const char *feature, const char *field, UINT *index)
{
    int fe, fi;

    if (!feature || !field || !index)
        return fail(E_POINTER, "mockd3d12_find_field", "%s is NULL", !feature ? "feature" : !field ? "field" : "index");
    if ((fe = feature_named(feature)) < 0)
        return fail(E_INVALIDARG, "mockd3d12_find_field", "no feature is named '%s'", feature);
    if ((fi = mk_field_find(mk_features[fe].struct_index, field)) < 0)
        return fail(E_INVALIDARG, "mockd3d12_find_field", "%s has no field '%s'",
                mk_feature_name(&mk_features[fe]), field);
    *index = (UINT)fi;
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_field_value(UINT field_index, const void *data, UINT64 *value)
{
    if (!data || !value)
        return fail(E_POINTER, "mockd3d12_field_value", "%s is NULL", !data ? "data" : "value");
    if (!field_ok("mockd3d12_field_value", field_index))
        return E_INVALIDARG;
    if (!mk_field_is_scalar(&mk_fields[field_index]))
        return fail(E_INVALIDARG, "mockd3d12_field_value", "%s.%s is not a number (%s)",
                mk_struct_name(&mk_structs[mk_fields[field_index].struct_index]),
                mk_field_name(&mk_fields[field_index]),
                mk_field_type(&mk_fields[field_index]));
    *value = mk_field_get(data, &mk_fields[field_index]);
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_get_feature_layout(const mockd3d12_runtime *runtime, D3D12_FEATURE feature,
        mockd3d12_feature_layout *layout, mockd3d12_layout_field_desc *fields, UINT capacity)
{
    const struct mk_layout *l;
    mockd3d12_runtime current;
    unsigned i;

    if (!layout || (capacity && !fields))
        return fail(E_POINTER, "mockd3d12_get_feature_layout", "%s is NULL", !layout ? "layout" : "fields");
    if (!runtime)
    {
        clamp_runtime_current(&current);
        runtime = &current;
    }
    if (!(l = caps_runtime_layout(runtime, (uint32_t)feature)))
        return S_FALSE;
    layout->value = (D3D12_FEATURE)l->feature;
    layout->struct_name = mk_layout_struct_name(l);
    layout->size = l->size;
    layout->first_preview_sdk = l->first_preview;
    layout->last_preview_sdk = l->last_preview;
    layout->field_count = l->field_count;
    for (i = 0; i < l->field_count && i < capacity; ++i)
    {
        const struct mk_layout_field *f = &mk_layout_fields[l->first_field + i];
        const struct mk_field *source = &mk_fields[f->source];

        fields[i].name = mk_layout_field_name(f);
        fields[i].type = mk_layout_field_type(f);
        fields[i].offset = f->offset;
        fields[i].size = f->size;
        fields[i].kind = (mockd3d12_field_kind)source->kind;
        fields[i].enum_name = source->enum_index >= 0 ? mk_enum_name(&mk_enums[source->enum_index]) : NULL;
        fields[i].source_field = f->source;
    }
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_get_enum_values(const char *enum_name, mockd3d12_enum_value_desc *values,
        UINT capacity, UINT *count)
{
    const struct mk_enum *en;
    unsigned i;
    int e;

    if (!enum_name || !count || (capacity && !values))
        return fail(E_POINTER, "mockd3d12_get_enum_values", "%s is NULL",
                !enum_name ? "enum_name" : !count ? "count" : "values");
    if ((e = mk_enum_find(enum_name)) < 0)
        return fail(E_INVALIDARG, "mockd3d12_get_enum_values", "no enum is named '%s'", enum_name);
    en = &mk_enums[e];
    for (i = 0; i < en->value_count && i < capacity; ++i)
        copy_value(&values[i], mk_enum_value_name_at(en->first_value + i), &mk_enum_values[en->first_value + i]);
    *count = en->value_count;
    return S_OK;
}

/* ---- One adapter ---- */

MOCKD3D12_API HRESULT mockd3d12_resolve_adapter(const char *id_or_path, const char **id, char *error,
        size_t error_size)
{
    const struct caps_adapter *a;

    if (!id)
        return fail_to(E_POINTER, "mockd3d12_resolve_adapter", "id is NULL", error, error_size);
    if (!(a = adapter_of("mockd3d12_resolve_adapter", id_or_path, error, error_size)))
        return E_INVALIDARG;
    *id = caps_adapter_id(a);
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_get_adapter_feature_level(const char *id_or_path, D3D_FEATURE_LEVEL *level)
{
    const struct caps_adapter *a;

    if (!level)
        return fail(E_POINTER, "mockd3d12_get_adapter_feature_level", "level is NULL");
    if (!(a = adapter_of("mockd3d12_get_adapter_feature_level", id_or_path, NULL, 0)))
        return E_INVALIDARG;
    *level = caps_adapter_max_feature_level(a);
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_get_adapter_feature(const char *id_or_path, D3D12_FEATURE feature, void *data,
        UINT size)
{
    static const char function[] = "mockd3d12_get_adapter_feature";
    const struct mk_feature *f = mk_feature_from_value((uint32_t)feature);
    const struct mk_layout *layout;
    const struct caps_adapter *a;
    mockd3d12_runtime runtime;
    struct caps_fill fill;
    bool write_back = false;
    char why[512] = "";
    HRESULT hr;

    if (!data)
        return fail(E_POINTER, function, "data is NULL");
    clamp_runtime_current(&runtime);
    if ((layout = caps_runtime_layout(&runtime, (uint32_t)feature)))
    {
        /* Another layout at this runtime (preview 711's OPTIONS_EXPERIMENTAL):
         * its size, its answer, as CheckFeatureSupport gives it. */
        if (size != layout->size)
            return fail(E_INVALIDARG, function, "%s needs %u bytes at this runtime, got %u",
                    mk_layout_struct_name(layout), (unsigned)layout->size, size);
        if (!(a = adapter_of(function, id_or_path, NULL, 0)))
            return E_INVALIDARG;
        caps_fill_layout(a, layout, data);
        return S_OK;
    }
    if (!f || !caps_runtime_knows_until(&runtime, f->first_retail, f->first_preview, f->last_preview))
        return fail(E_INVALIDARG, function, "the runtime knows no D3D12_FEATURE %u", (unsigned)feature);
    if (size != mk_structs[f->struct_index].size)
        return fail(E_INVALIDARG, function, "D3D12_FEATURE_%s needs %u bytes, got %u", mk_feature_name(f),
                (unsigned)mk_structs[f->struct_index].size, size);
    if (!(a = adapter_of(function, id_or_path, NULL, 0)))
        return E_INVALIDARG;
    fill.adapter = a;
    fill.feature = f;
    fill.runtime = &runtime;
    fill.data = data;
    fill.why = why;
    fill.why_size = sizeof(why);
    fill.write_back = &write_back;
    if (FAILED(hr = caps_fill_feature(&fill)))
        return fail(hr, function, "D3D12_FEATURE_%s: %s", mk_feature_name(f), why[0] ? why : "the query fails");
    return hr;
}

MOCKD3D12_API HRESULT mockd3d12_adapter_value_name(const char *id_or_path, UINT field_index, UINT value,
        const char **name)
{
    const struct caps_adapter *a;

    if (!name)
        return fail(E_POINTER, "mockd3d12_adapter_value_name", "name is NULL");
    if (!field_ok("mockd3d12_adapter_value_name", field_index)
            || !(a = adapter_of("mockd3d12_adapter_value_name", id_or_path, NULL, 0)))
        return E_INVALIDARG;
    *name = caps_value_name(a, field_index, value);
    return *name ? S_OK : S_FALSE;
}

MOCKD3D12_API HRESULT mockd3d12_adapter_declared_values(const char *id_or_path, UINT field_index,
        mockd3d12_enum_value_desc *values, UINT capacity, UINT *count)
{
    const struct mk_declared_value *extra;
    const struct caps_adapter *a;
    unsigned i, n;

    if (!count || (capacity && !values))
        return fail(E_POINTER, "mockd3d12_adapter_declared_values", "%s is NULL", !count ? "count" : "values");
    if (!field_ok("mockd3d12_adapter_declared_values", field_index)
            || !(a = adapter_of("mockd3d12_adapter_declared_values", id_or_path, NULL, 0)))
        return E_INVALIDARG;
    n = caps_adapter_new_values(a, field_index, &extra);
    for (i = 0; i < n && i < capacity; ++i)
        copy_value(&values[i], extra[i].name, &extra[i].value);
    *count = n;
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_adapter_value_origin(const char *id_or_path, UINT field_index,
        mockd3d12_value_origin *origin)
{
    const struct caps_adapter *a;

    if (!origin)
        return fail(E_POINTER, "mockd3d12_adapter_value_origin", "origin is NULL");
    if (!field_ok("mockd3d12_adapter_value_origin", field_index)
            || !(a = adapter_of("mockd3d12_adapter_value_origin", id_or_path, NULL, 0)))
        return E_INVALIDARG;
    if (!caps_profile_field(field_index))
        return fail(E_INVALIDARG, "mockd3d12_adapter_value_origin", "%s.%s is not a profile field",
                mk_struct_name(&mk_structs[mk_fields[field_index].struct_index]),
                mk_field_name(&mk_fields[field_index]));
    *origin = (mockd3d12_value_origin)caps_adapter_value_origin(a, field_index);
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_adapter_value_rule(const char *id_or_path, UINT field_index,
        const char **condition_field, const char **condition_min, const char **source)
{
    const struct caps_adapter *a;
    const char *cf, *cm, *src;

    if (!condition_field || !condition_min || !source)
        return fail(E_POINTER, "mockd3d12_adapter_value_rule", "%s is NULL",
                !condition_field ? "condition_field" : !condition_min ? "condition_min" : "source");
    if (!field_ok("mockd3d12_adapter_value_rule", field_index)
            || !(a = adapter_of("mockd3d12_adapter_value_rule", id_or_path, NULL, 0)))
        return E_INVALIDARG;
    if (!caps_profile_field(field_index))
        return fail(E_INVALIDARG, "mockd3d12_adapter_value_rule", "%s.%s is not a profile field",
                mk_struct_name(&mk_structs[mk_fields[field_index].struct_index]),
                mk_field_name(&mk_fields[field_index]));
    if (!caps_adapter_value_rule(a, field_index, &cf, &cm, &src))
    {
        *condition_field = *condition_min = *source = NULL;
        return S_FALSE;
    }
    *condition_field = cf;
    *condition_min = cm;
    *source = src;
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_adapter_parent(const char *id_or_path, const char **parent)
{
    const struct caps_adapter *a;

    if (!parent)
        return fail(E_POINTER, "mockd3d12_adapter_parent", "parent is NULL");
    if (!(a = adapter_of("mockd3d12_adapter_parent", id_or_path, NULL, 0)))
        return E_INVALIDARG;
    *parent = caps_adapter_parent_id(a);
    return *parent ? S_OK : S_FALSE;
}

MOCKD3D12_API HRESULT mockd3d12_adapter_to_json(const char *id_or_path, char **json)
{
    const struct caps_adapter *a;
    char *text;

    if (!json)
        return fail(E_POINTER, "mockd3d12_adapter_to_json", "json is NULL");
    if (!(a = adapter_of("mockd3d12_adapter_to_json", id_or_path, NULL, 0)))
        return E_INVALIDARG;
    if (!(text = caps_adapter_to_json(a)))
        return fail(E_OUTOFMEMORY, "mockd3d12_adapter_to_json", "out of memory");
    *json = text;
    return S_OK;
}

/* ---- The clamp table, files, Vulkan reports ---- */

MOCKD3D12_API HRESULT mockd3d12_clamp_table(const char *field_filter, char **text)
{
    char *table;

    if (!text)
        return fail(E_POINTER, "mockd3d12_clamp_table", "text is NULL");
    if (field_filter && !clamp_table_matches(field_filter))
        return fail(E_INVALIDARG, "mockd3d12_clamp_table", "no field matches '%s'", field_filter);
    if (!(table = clamp_table_text(field_filter)))
        return fail(E_OUTOFMEMORY, "mockd3d12_clamp_table", "out of memory");
    *text = table;
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_read_file(const char *path, char **text, size_t *size, char *error,
        size_t error_size)
{
    char message[1024];
    size_t length;
    char *bytes;

    if (!path || !text)
        return fail_to(E_POINTER, "mockd3d12_read_file", !path ? "path is NULL" : "text is NULL", error, error_size);
    if (!(bytes = mk_read_file(path, &length, message, sizeof(message))))
        return fail_to(E_INVALIDARG, "mockd3d12_read_file", message, error, error_size);
    *text = bytes;
    if (size)
        *size = length;
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_validate_profile_file(const char *path, char **report)
{
    char message[8192];
    unsigned problems;
    size_t length;
    char *bytes, *copy;
    HRESULT hr;

    if (!path || !report)
        return fail(E_POINTER, "mockd3d12_validate_profile_file", "%s", !path ? "path is NULL" : "report is NULL");
    if (!(bytes = mk_read_file(path, &length, message, sizeof(message))))
        hr = E_INVALIDARG;
    else
    {
        hr = caps_profile_validate(bytes, length, path, message, sizeof(message), &problems);
        mk_free(bytes);
    }
    if (!(copy = mk_strdup(message)))
        return fail(E_OUTOFMEMORY, "mockd3d12_validate_profile_file", "out of memory");
    *report = copy;
    if (hr == E_INVALIDARG)
        mk_set_last_error("mockd3d12_validate_profile_file: %s", message);
    return hr;
}

MOCKD3D12_API HRESULT mockd3d12_import_vulkan(const char *report, size_t length, const char *origin,
        const char *rules, const char *id, char **profile_json, char *error, size_t error_size)
{
    char message[1024];
    char *profile;

    if (!report || !profile_json)
        return fail_to(E_POINTER, "mockd3d12_import_vulkan", !report ? "report is NULL" : "profile_json is NULL",
                error, error_size);
    if (!(profile = caps_vulkan_import(report, length, origin ? origin : "<report>", rules, id, message,
            sizeof(message))))
        return fail_to(caps_error_is_oom(message) ? E_OUTOFMEMORY : E_INVALIDARG, "mockd3d12_import_vulkan", message,
                error, error_size);
    *profile_json = profile;
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_import_d3d12info(const char *report, size_t length, const char *origin,
        UINT adapter_index, const char *id, char **profile_json, UINT *adapter_count, char *error, size_t error_size)
{
    char message[1024];
    unsigned count = 0;
    char *profile;

    if (!report || !profile_json)
        return fail_to(E_POINTER, "mockd3d12_import_d3d12info", !report ? "report is NULL" : "profile_json is NULL",
                error, error_size);
    if (id && !caps_profile_id_valid(id))
    {
        snprintf(message, sizeof(message), "id \"%s\": expected %s", id, CAPS_PROFILE_ID_RULE);
        return fail_to(E_INVALIDARG, "mockd3d12_import_d3d12info", message, error, error_size);
    }
    profile = caps_d3d12info_import(report, length, origin ? origin : "<report>", adapter_index, id, &count, message,
            sizeof(message));
    if (adapter_count)
        *adapter_count = count;
    if (!profile)
        return fail_to(caps_error_is_oom(message) ? E_OUTOFMEMORY : E_INVALIDARG, "mockd3d12_import_d3d12info",
                message, error, error_size);
    *profile_json = profile;
    return S_OK;
}
