/*
 * The commands: adapters, caps, diff, explain, clamp-table.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "clamp/clamp.h"
#include "cli.h"

static const char *level_name(D3D_FEATURE_LEVEL level)
{
    int e = mk_enum_find("D3D_FEATURE_LEVEL");
    const char *name = e >= 0 ? mk_enum_value_name((unsigned)e, (uint32_t)level) : NULL;

    return name ? name + strlen("D3D_FEATURE_LEVEL_") : "?";
}

int cli_cmd_adapters(const struct cli_options *options)
{
    const char *default_id = mockd3d12_default_adapter_id();
    unsigned i, count = caps_adapter_count();

    if (options->json)
    {
        json_t *list = json_array();
        char *text;

        for (i = 0; i < count; ++i)
        {
            const struct caps_adapter *a = caps_adapter_at(i);
            char vendor[16], device[16];

            snprintf(vendor, sizeof(vendor), "0x%04X", caps_adapter_vendor_id(a));
            snprintf(device, sizeof(device), "0x%04X", caps_adapter_device_id(a));
            json_array_append_new(list, json_pack("{s:s, s:s, s:s, s:s, s:s, s:b, s:b}",
                    "id", caps_adapter_id(a), "description", caps_adapter_description(a),
                    "vendorId", vendor, "deviceId", device,
                    "maxFeatureLevel", level_name(caps_adapter_max_feature_level(a)),
                    "software", caps_adapter_is_software(a),
                    "default", default_id && !strcmp(default_id, caps_adapter_id(a))));
        }
        text = json_dumps(list, JSON_INDENT(2));
        printf("%s\n", text);
        free(text);
        json_decref(list);
        return CLI_OK;
    }

    printf("  %-28s %-10s %-10s %-5s %s\n", "ID", "VENDOR", "DEVICE", "FL", "DESCRIPTION");
    for (i = 0; i < count; ++i)
    {
        const struct caps_adapter *a = caps_adapter_at(i);

        char vendor[16], device[16];

        snprintf(vendor, sizeof(vendor), "0x%04X", caps_adapter_vendor_id(a));
        snprintf(device, sizeof(device), "0x%04X", caps_adapter_device_id(a));
        printf("%c %-28s %-10s %-10s %-5s %s%s\n",
                default_id && !strcmp(default_id, caps_adapter_id(a)) ? '*' : ' ', caps_adapter_id(a),
                vendor, device,
                level_name(caps_adapter_max_feature_level(a)), caps_adapter_description(a),
                caps_adapter_is_software(a) ? " (software)" : "");
    }
    return CLI_OK;
}

static void print_header(const struct cli_report *report)
{
    const struct caps_adapter *a = report->adapter;

    printf("Adapter   %s: %s\n", caps_adapter_id(a), caps_adapter_description(a));
    printf("          vendor 0x%04X, device 0x%04X, max feature level %s, %u node(s)%s\n",
            caps_adapter_vendor_id(a), caps_adapter_device_id(a), level_name(caps_adapter_max_feature_level(a)),
            caps_adapter_node_count(a), caps_adapter_is_software(a) ? ", software" : "");
    printf("Runtime   %s, D3D12_SDK_VERSION %u, D3D12_PREVIEW_SDK_VERSION %u (CheckFeatureSupport1 from %u / %u%s)\n",
            report->runtime.kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail", report->runtime.sdk_version,
            report->runtime.preview_sdk_version, report->runtime.cutoff_sdk_version,
            report->runtime.cutoff_preview_sdk_version, report->runtime.retroactive ? ", retroactive" : "");
    if (report->clamped_view)
        printf("Caller    CheckFeatureSupport1 with SDKVersion %u (clamped fields marked '<', with the true value)\n",
                report->sdk_version);
    else
        printf("Caller    the adapter's true values (no SDK version given)\n");
}

/* Applies the seen values of `report` to the "features" object of a profile. */
static void json_apply_seen(json_t *profile, const struct cli_report *report)
{
    json_t *features = json_object_get(profile, "features");
    size_t i;

    for (i = 0; i < report->count && features; ++i)
    {
        const struct cli_feature_report *r = &report->features[i];
        const struct mk_struct *s = &mk_structs[r->feature->struct_index];
        json_t *object = json_object_get(features, r->feature->name);
        unsigned f;

        if (!r->answered || !object)
            continue;
        for (f = s->first_field; f < s->first_field + s->field_count; ++f)
        {
            const struct mk_field *field = &mk_fields[f];
            char text[512];

            if (field->dir != MK_DIR_OUT || !mk_field_is_scalar(field)
                    || mk_field_get(r->seen, field) == mk_field_get(r->truth, field))
                continue;
            if (field->kind == MK_FIELD_BOOL)
                json_object_set_new(object, field->name, json_boolean(mk_field_get(r->seen, field)));
            else if (field->kind == MK_FIELD_UINT)
                json_object_set_new(object, field->name, json_integer((json_int_t)mk_field_get(r->seen, field)));
            else
            {
                cli_format_field(report->adapter, field, r->seen, text, sizeof(text));
                json_object_set_new(object, field->name, json_string(text));
            }
        }
    }
}

int cli_cmd_caps(const struct cli_options *options)
{
    struct cli_report *report = malloc(sizeof(*report));
    json_t *profile = NULL;
    size_t i;
    int ret;

    if (!report)
        return CLI_FAILED;
    if ((ret = cli_report_build(options, options->adapter, report)))
        goto done;

    if (options->json)
    {
        char *text = caps_adapter_to_json(report->adapter);
        json_t *profile;

        if (text && report->clamped_view && (profile = json_loads(text, 0, NULL)))
        {
            free(text);
            json_apply_seen(profile, report);
            text = json_dumps(profile, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
            json_decref(profile);
        }
        if (!text)
        {
            fprintf(stderr, "mockd3d12 caps: out of memory\n");
            ret = CLI_FAILED;
            goto done;
        }
        printf("%s\n", text);
        free(text);
        goto done;
    }

    if (options->explain)
    {
        char *text = caps_adapter_to_json(report->adapter);

        profile = text ? json_loads(text, 0, NULL) : NULL;
        free(text);
        if (!profile)
        {
            fprintf(stderr, "mockd3d12 caps: out of memory\n");
            ret = CLI_FAILED;
            goto done;
        }
    }
    print_header(report);
    for (i = 0; i < report->count; ++i)
    {
        const struct cli_feature_report *r = &report->features[i];
        const struct mk_struct *s = &mk_structs[r->feature->struct_index];
        unsigned f;

        printf("\n%s\n", r->feature->name);
        if (!r->answered)
        {
            if (r->hr == E_NOTIMPL)
                printf("    (E_NOTIMPL: the runtime does not answer this feature)\n");
            else if (FAILED(r->hr))
                printf("    (failed: 0x%08x)\n", (unsigned)r->hr);
            else
                printf("    (answers depend on inputs; query it with your own %s)\n", s->name);
            continue;
        }
        for (f = s->first_field; f < s->first_field + s->field_count; ++f)
        {
            const struct mk_field *field = &mk_fields[f];
            char seen[512], truth[512];

            if (field->dir == MK_DIR_IN || !mk_field_is_scalar(field))
                continue;
            cli_format_field(report->adapter, field, r->seen, seen, sizeof(seen));
            if (mk_field_get(r->seen, field) != mk_field_get(r->truth, field))
            {
                cli_format_field(report->adapter, field, r->truth, truth, sizeof(truth));
                printf("    %-48s %s  < clamped, true: %s\n", field->name, seen, truth);
            }
            else
                printf("    %-48s %s\n", field->name, seen);
            if (profile && caps_profile_field(f))
            {
                cli_field_provenance(report->adapter, profile, r->feature, field, truth, sizeof(truth));
                printf("        why: %s\n", truth);
            }
        }
    }

done:
    json_decref(profile);
    free(report);
    return ret;
}

int cli_cmd_diff(const struct cli_options *options)
{
    struct cli_report *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));
    unsigned differences = 0;
    size_t i;
    int ret;

    if (!a || !b)
    {
        free(a);
        free(b);
        return CLI_FAILED;
    }
    if ((ret = cli_report_build(options, options->adapter, a)) || (ret = cli_report_build(options, options->adapter_b, b)))
        goto done;

    printf("%-60s %-36s %s\n", "FIELD", caps_adapter_id(a->adapter), caps_adapter_id(b->adapter));
    for (i = 0; i < a->count && i < b->count; ++i)
    {
        const struct mk_struct *s = &mk_structs[a->features[i].feature->struct_index];
        unsigned f;

        if (!a->features[i].answered || !b->features[i].answered)
            continue;
        for (f = s->first_field; f < s->first_field + s->field_count; ++f)
        {
            const struct mk_field *field = &mk_fields[f];
            char name[128], va[512], vb[512];

            if (field->dir == MK_DIR_IN || !mk_field_is_scalar(field)
                    || mk_field_get(a->features[i].seen, field) == mk_field_get(b->features[i].seen, field))
                continue;
            snprintf(name, sizeof(name), "%s.%s", a->features[i].feature->name, field->name);
            cli_format_field(a->adapter, field, a->features[i].seen, va, sizeof(va));
            cli_format_field(b->adapter, field, b->features[i].seen, vb, sizeof(vb));
            printf("%-60s %-36s %s\n", name, va, vb);
            ++differences;
        }
    }
    printf("%u field(s) differ\n", differences);
    ret = differences ? CLI_DIFFERENT : CLI_OK;

done:
    free(a);
    free(b);
    return ret;
}

/* The SDK versions that introduced `value` of `field` (reference data or the
 * profile's newValues). */
static bool value_versions(const struct caps_adapter *adapter, const struct mk_field *field, uint32_t value,
        unsigned *first_retail, unsigned *first_preview)
{
    const struct mk_enum_value *extra;
    unsigned i, n;

    if (field->enum_index >= 0)
    {
        const struct mk_enum *en = &mk_enums[field->enum_index];

        for (i = en->first_value; i < en->first_value + en->value_count; ++i)
            if (mk_enum_values[i].value == value && !mk_enum_values[i].is_alias)
            {
                *first_retail = mk_enum_values[i].first_retail;
                *first_preview = mk_enum_values[i].first_preview;
                return true;
            }
    }
    n = caps_adapter_new_values(adapter, (unsigned)(field - mk_fields), &extra);
    for (i = 0; i < n; ++i)
        if (extra[i].value == value)
        {
            *first_retail = extra[i].first_retail;
            *first_preview = extra[i].first_preview;
            return true;
        }
    *first_retail = field->first_retail;
    *first_preview = field->first_preview;
    return false;
}

static void version_text(unsigned v, char *buffer, size_t size)
{
    if (v == MK_NEVER)
        snprintf(buffer, size, "never");
    else
        snprintf(buffer, size, "%u", v);
}

int cli_cmd_explain(const struct cli_options *options)
{
    struct cli_report *report = malloc(sizeof(*report));
    unsigned clamped = 0;
    size_t i;
    int ret;

    if (!report)
        return CLI_FAILED;
    if ((ret = cli_report_build(options, options->adapter, report)))
        goto done;

    print_header(report);
    printf("\n");
    for (i = 0; i < report->count; ++i)
    {
        const struct cli_feature_report *r = &report->features[i];
        const struct mk_struct *s = &mk_structs[r->feature->struct_index];
        unsigned f;

        if (!r->answered)
            continue;
        for (f = s->first_field; f < s->first_field + s->field_count; ++f)
        {
            const struct mk_field *field = &mk_fields[f];
            unsigned first_retail, first_preview;
            char seen[512], truth[512], retail[16], preview[16];
            uint64_t t;

            if (field->dir == MK_DIR_IN || !mk_field_is_scalar(field)
                    || mk_field_get(r->seen, field) == (t = mk_field_get(r->truth, field)))
                continue;
            cli_format_field(report->adapter, field, r->seen, seen, sizeof(seen));
            cli_format_field(report->adapter, field, r->truth, truth, sizeof(truth));
            value_versions(report->adapter, field, (uint32_t)t, &first_retail, &first_preview);
            version_text(first_retail, retail, sizeof(retail));
            version_text(first_preview, preview, sizeof(preview));
            printf("%s.%s\n    true     %s\n    reported %s\n    because  the true value first appeared in retail SDK %s"
                    " / preview SDK %s, after SDKVersion %u\n",
                    r->feature->name, field->name, truth, seen, retail, preview, report->sdk_version);
            ++clamped;
        }
    }
    printf("%u field(s) reported lower than the adapter's true values\n", clamped);

done:
    free(report);
    return ret;
}

static bool contains_nocase(const char *text, const char *part)
{
    size_t n = strlen(part);

    for (; *text; ++text)
        if (!strncasecmp(text, part, n))
            return true;
    return !n;
}

int cli_cmd_clamp_table(const struct cli_options *options)
{
    size_t i;

    if (options->field)
    {
        for (i = 0; i < mk_field_count; ++i)
        {
            char item[160];

            snprintf(item, sizeof(item), "%s.%s", mk_structs[mk_fields[i].struct_index].name, mk_fields[i].name);
            if (contains_nocase(item, options->field))
                break;
        }
        if (i == mk_field_count)
        {
            fprintf(stderr, "mockd3d12 clamp-table: no field matches '%s' (use STRUCT.FIELD, e.g. "
                    "D3D12_OPTIONS5.RaytracingTier)\n", options->field);
            return CLI_USAGE;
        }
    }
    clamp_table_print(stdout, options->field);
    return CLI_OK;
}
