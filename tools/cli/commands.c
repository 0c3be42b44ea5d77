/*
 * The commands: adapters, caps, diff, explain, clamp-table.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"

static const char *level_name(D3D_FEATURE_LEVEL level)
{
    const char *name = cli_enum_value_name("D3D_FEATURE_LEVEL", (uint32_t)level);

    return name ? name + strlen("D3D_FEATURE_LEVEL_") : "?";
}

/* The registered adapter at `index`: its identity and maximum feature level. */
static bool adapter_at(unsigned index, mockd3d12_adapter_info *info, D3D_FEATURE_LEVEL *level)
{
    const char *id = mockd3d12_adapter_id(index);

    if (!id || FAILED(mockd3d12_get_adapter_info(id, info)) || FAILED(mockd3d12_get_adapter_feature_level(id, level)))
    {
        fprintf(stderr, "mockd3d12: %s\n", mockd3d12_last_error());
        return false;
    }
    return true;
}

/* Where an adapter's values come from: the profile's "metadata.confidence"
 * (the built-ins' provenance: dump, partial-dump, partial-observation,
 * inferred, synthetic), "vulkan" for a profile derived from a Vulkan report
 * (its metadata keeps the "vulkanReport"), else "unstated". */
/* Where an adapter's values come from: the profile's "metadata.confidence"
 * (the built-ins' provenance: dump, partial-dump, partial-observation,
 * inferred, synthetic), "vulkan" for a profile derived from a Vulkan report
 * (its metadata keeps the "vulkanReport"), else "unstated". The one list of
 * them, as messages print it. */
const char cli_confidence_names[] = "dump, partial-dump, partial-observation, inferred, synthetic, vulkan, unstated";

/* Is `item` (`length` bytes) one of the `separator`-separated items of `list`? */
static bool in_list(const char *list, const char *separator, const char *item, size_t length)
{
    const char *p = list, *end;

    do
    {
        end = strstr(p, separator);
        if ((end ? (size_t)(end - p) : strlen(p)) == length && !strncmp(p, item, length))
            return true;
        p = end + strlen(separator);
    } while (end);
    return false;
}

bool cli_confidence_list_valid(const char *list)
{
    const char *p = list, *comma;

    do
    {
        comma = strchr(p, ',');
        if (!in_list(cli_confidence_names, ", ", p, comma ? (size_t)(comma - p) : strlen(p)))
            return false;
        p = comma + 1;
    } while (comma);
    return true;
}

static bool confidence_listed(const char *list, const char *confidence)
{
    return in_list(list, ",", confidence, strlen(confidence));
}

/* The adapter's confidence, from its profile as the library dumps it. A
 * confidence the list above does not know is shown as the profile says it. */
bool cli_adapter_confidence(const char *id, char *buffer, size_t size)
{
    json_t *root, *metadata, *value;
    char *text = NULL;

    if (FAILED(mockd3d12_adapter_to_json(id, &text)))
    {
        fprintf(stderr, "mockd3d12: %s\n", mockd3d12_last_error());
        return false;
    }
    root = json_loads(text, 0, NULL);
    mockd3d12_free(text);
    if (!root)
    {
        fprintf(stderr, "mockd3d12: the dump of '%s' is not JSON\n", id);
        return false;
    }
    metadata = json_object_get(root, "metadata");
    if ((value = json_object_get(metadata, "confidence")) && json_is_string(value))
        snprintf(buffer, size, "%s", json_string_value(value));
    else if (json_object_get(metadata, "vulkanReport"))
        snprintf(buffer, size, "vulkan");
    else
        snprintf(buffer, size, "unstated");
    json_decref(root);
    return true;
}

/* ---- caps --summary, adapters --summary ---- */

/* What the summary shows, in order: a label for one screen, a column for the
 * cross-adapter table, and the field it reads (NULL feature: special). */
static const struct summary_item
{
    const char *label, *column, *feature, *field;
}
summary_items[] =
{
    {"Feature level", "FL", NULL, "feature level"},
    {"Shader model", "SM", "SHADER_MODEL", "HighestShaderModel"},
    {"Root signature", "RS", "ROOT_SIGNATURE", "HighestVersion"},
    {"Resource binding tier", "BIND", "D3D12_OPTIONS", "ResourceBindingTier"},
    {"Resource heap tier", "HEAP", "D3D12_OPTIONS", "ResourceHeapTier"},
    {"Raytracing (DXR)", "DXR", "D3D12_OPTIONS5", "RaytracingTier"},
    {"Mesh shaders", "MESH", "D3D12_OPTIONS7", "MeshShaderTier"},
    {"Variable-rate shading", "VRS", "D3D12_OPTIONS6", "VariableShadingRateTier"},
    {"Sampler feedback", "SFB", "D3D12_OPTIONS7", "SamplerFeedbackTier"},
    {"Work graphs", "WG", "D3D12_OPTIONS21", "WorkGraphsTier"},
    {"Enhanced barriers", "EB", "D3D12_OPTIONS12", "EnhancedBarriersSupported"},
    {"Wave operations", "WAVE", NULL, "wave lanes"},
    {"Confidence", "CONFIDENCE", NULL, "confidence"},
};

/* A field's value in the report as text: the enum name's tail after TIER_,
 * SHADER_MODEL_, VERSION_ or FEATURE_LEVEL_ ("1_1"), NOT_SUPPORTED as "-",
 * booleans yes/no, "?" when the runtime has no such field. */
static void summary_field(const struct cli_report *report, const char *feature, const char *field, bool *found,
        uint64_t *raw, char *buffer, size_t size)
{
    size_t i;
    unsigned f;

    *found = false;
    snprintf(buffer, size, "?");
    for (i = 0; i < report->count; ++i)
    {
        const struct cli_feature_report *r = &report->features[i];

        if (strcmp(r->feature.name, feature) || !r->answered)
            continue;
        for (f = r->feature.first_field; f < r->feature.first_field + r->feature.field_count; ++f)
        {
            char text[512];
            const char *tail = NULL;

            if (strcmp(cli_field(f)->name, field))
                continue;
            *found = true;
            *raw = cli_field_get(f, r->seen);
            cli_format_field(report->adapter, f, r->seen, text, sizeof(text));
            if (cli_field(f)->kind == MOCKD3D12_FIELD_BOOL)
            {
                snprintf(buffer, size, "%s", *raw ? "yes" : "no");
                return;
            }
            if (strstr(text, "NOT_SUPPORTED"))
            {
                snprintf(buffer, size, "-");
                return;
            }
            if ((tail = cli_enum_tail(text)) == text)
                tail = NULL;
            /* D3D_ROOT_SIGNATURE_VERSION_1 is version 1_0. A value longer than
             * the column is cut (the return value says so; nothing to do). */
            if (snprintf(buffer, size, "%s%s", tail ? tail : text, tail && !strchr(tail, '_') && !strcmp(field,
                    "HighestVersion") ? "_0" : "") < 0)
                buffer[0] = 0;
            return;
        }
    }
}

static void summary_value(const struct cli_report *report, const struct summary_item *item, const char *confidence,
        char *buffer, size_t size)
{
    uint64_t ops = 0, lo = 0, hi = 0;
    bool found, found_lo, found_hi;
    char ignored[64];

    if (item->feature)
    {
        summary_field(report, item->feature, item->field, &found, &ops, buffer, size);
        return;
    }
    if (!strcmp(item->field, "feature level"))
        snprintf(buffer, size, "%s", level_name(report->max_feature_level));
    else if (!strcmp(item->field, "confidence"))
        snprintf(buffer, size, "%s", confidence);
    else
    {
        summary_field(report, "D3D12_OPTIONS1", "WaveOps", &found, &ops, ignored, sizeof(ignored));
        summary_field(report, "D3D12_OPTIONS1", "WaveLaneCountMin", &found_lo, &lo, ignored, sizeof(ignored));
        summary_field(report, "D3D12_OPTIONS1", "WaveLaneCountMax", &found_hi, &hi, ignored, sizeof(ignored));
        if (!found)
            snprintf(buffer, size, "?");
        else if (!ops)
            snprintf(buffer, size, "-");
        else if (lo == hi)
            snprintf(buffer, size, "%llu", (unsigned long long)lo);
        else
            snprintf(buffer, size, "%llu-%llu", (unsigned long long)lo, (unsigned long long)hi);
    }
}

#define SUMMARY_ITEMS (sizeof(summary_items) / sizeof(summary_items[0]))

static void print_summary(const struct cli_report *report, const char *confidence)
{
    size_t i;

    for (i = 0; i < SUMMARY_ITEMS; ++i)
    {
        char value[128];

        summary_value(report, &summary_items[i], confidence, value, sizeof(value));
        if (!strcmp(summary_items[i].field, "wave lanes") && strcmp(value, "-") && strcmp(value, "?"))
            printf("  %-24s yes, %s lanes\n", summary_items[i].label, value);
        else
            printf("  %-24s %s\n", summary_items[i].label, value);
    }
}

/* adapters --summary: one row per adapter (the --confidence filter applies). */
static int adapters_summary(const struct cli_options *options)
{
    static const int widths[SUMMARY_ITEMS] = {5, 5, 4, 5, 5, 4, 5, 5, 5, 4, 4, 6, 0};
    struct cli_report *report = malloc(sizeof(*report));
    unsigned i, count = mockd3d12_adapter_count();
    size_t k;
    int ret = CLI_OK;

    if (!report)
        return CLI_FAILED;
    printf("%-28s", "ID");
    for (k = 0; k < SUMMARY_ITEMS; ++k)
        printf(" %-*s", widths[k], summary_items[k].column);
    printf("\n");
    for (i = 0; i < count && ret == CLI_OK; ++i)
    {
        const char *id = mockd3d12_adapter_id(i);
        char confidence[64];

        if (!id || !cli_adapter_confidence(id, confidence, sizeof(confidence)))
        {
            ret = CLI_NO_ADAPTER;
            break;
        }
        if (options->confidence && !confidence_listed(options->confidence, confidence))
            continue;
        if ((ret = cli_report_build(options, id, report)))
            break;
        printf("%-28s", id);
        for (k = 0; k < SUMMARY_ITEMS; ++k)
        {
            char value[128];

            summary_value(report, &summary_items[k], confidence, value, sizeof(value));
            printf(" %-*s", widths[k], value);
        }
        printf("\n");
    }
    free(report);
    return ret;
}

int cli_cmd_adapters(const struct cli_options *options)
{
    const char *default_id = mockd3d12_default_adapter_id();
    unsigned i, count = mockd3d12_adapter_count();
    json_t *list;
    char *text;

    if (options->summary)
        return adapters_summary(options);
    list = options->json ? json_array() : NULL;
    if (!list)
        printf("  %-28s %-10s %-10s %-5s %-19s %s\n", "ID", "VENDOR", "DEVICE", "FL", "CONFIDENCE", "DESCRIPTION");
    for (i = 0; i < count; ++i)
    {
        mockd3d12_adapter_info a;
        D3D_FEATURE_LEVEL level;
        char vendor[16], device[16], confidence[64];

        if (!adapter_at(i, &a, &level) || !cli_adapter_confidence(a.id, confidence, sizeof(confidence)))
        {
            json_decref(list);
            return CLI_NO_ADAPTER;
        }
        if (options->confidence && !confidence_listed(options->confidence, confidence))
            continue;
        snprintf(vendor, sizeof(vendor), "0x%04X", a.vendor_id);
        snprintf(device, sizeof(device), "0x%04X", a.device_id);
        if (list)
            json_array_append_new(list, json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:b, s:b}",
                    "id", a.id, "description", a.description,
                    "vendorId", vendor, "deviceId", device,
                    "maxFeatureLevel", level_name(level),
                    "confidence", confidence,
                    "software", (int)a.software,
                    "default", default_id && !strcmp(default_id, a.id)));
        else
            printf("%c %-28s %-10s %-10s %-5s %-19s %s%s\n",
                    default_id && !strcmp(default_id, a.id) ? '*' : ' ', a.id,
                    vendor, device, level_name(level), confidence, a.description,
                    a.software ? " (software)" : "");
    }
    if (list)
    {
        text = json_dumps(list, JSON_INDENT(2));
        printf("%s\n", text);
        free(text);
        json_decref(list);
    }
    return CLI_OK;
}

static void print_header(const struct cli_report *report)
{
    const mockd3d12_adapter_info *a = &report->info;

    printf("Adapter   %s: %s\n", a->id, a->description);
    printf("          vendor 0x%04X, device 0x%04X, max feature level %s, %u node(s)%s\n",
            a->vendor_id, a->device_id, level_name(report->max_feature_level),
            a->node_count, a->software ? ", software" : "");
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
        json_t *object = json_object_get(features, r->feature.name);
        unsigned f;

        if (!r->answered || !object)
            continue;
        for (f = r->feature.first_field; f < r->feature.first_field + r->feature.field_count; ++f)
        {
            const mockd3d12_field_desc *field = cli_field(f);
            char text[512];

            if (field->direction != MOCKD3D12_FIELD_OUT || !field->scalar
                    || cli_field_get(f, r->seen) == cli_field_get(f, r->truth))
                continue;
            if (field->kind == MOCKD3D12_FIELD_BOOL)
                json_object_set_new(object, field->name, json_boolean(cli_field_get(f, r->seen)));
            else if (field->kind == MOCKD3D12_FIELD_UINT)
                json_object_set_new(object, field->name, json_integer((json_int_t)cli_field_get(f, r->seen)));
            else
            {
                cli_format_field(report->adapter, f, r->seen, text, sizeof(text));
                json_object_set_new(object, field->name, json_string(text));
            }
        }
    }
}

/* The bits of `bits` by their short names ("TILED | UAV_TYPED_LOAD"), "-" for none. */
static void flag_names(const char *enum_name, UINT bits, char *buffer, size_t size)
{
    mockd3d12_enum_value_desc *values;
    size_t used = 0, prefix = strlen(enum_name) + 1;
    UINT count, i, rest = bits;

    buffer[0] = 0;
    values = cli_enum_values(enum_name, &count);
    for (i = 0; i < count && used < size; ++i)
        if (!values[i].is_alias && values[i].value && (rest & values[i].value) == values[i].value)
        {
            used += (size_t)snprintf(buffer + used, size - used, "%s%s", used ? " | " : "",
                    strlen(values[i].name) > prefix ? values[i].name + prefix : values[i].name);
            rest &= ~values[i].value;
        }
    if (rest && used < size)
        used += (size_t)snprintf(buffer + used, size - used, "%s%#x", used ? " | " : "", rest);
    if (!used)
        snprintf(buffer, size, "-");
    free(values);
}

static bool same_text_nocase(const char *a, const char *b)
{
    for (; *a && *b; ++a, ++b)
        if ((*a >= 'a' && *a <= 'z' ? *a - 32 : *a) != (*b >= 'a' && *b <= 'z' ? *b - 32 : *b))
            return false;
    return !*a && !*b;
}

/* The DXGI_FORMAT values the tables name, aliases and DXGI_FORMAT_FORCE_UINT
 * (which only sizes the enum) left out; allocated (free()). */
static mockd3d12_enum_value_desc *format_values(UINT *count)
{
    mockd3d12_enum_value_desc *values = cli_enum_values("DXGI_FORMAT", count);
    UINT i, kept = 0;

    for (i = 0; i < *count; ++i)
        if (!values[i].is_alias && values[i].value != (UINT)DXGI_FORMAT_FORCE_UINT)
            values[kept++] = values[i];
    *count = kept;
    return values;
}

bool cli_parse_format(const char *text, UINT *format)
{
    mockd3d12_enum_value_desc *formats;
    UINT count, i;
    bool found = false;
    char *end;
    unsigned long number = strtoul(text, &end, 0);

    formats = format_values(&count);
    for (i = 0; i < count && !found; ++i)
    {
        if ((*text && !*end && number == formats[i].value) || same_text_nocase(text, formats[i].name)
                || same_text_nocase(text, formats[i].name + strlen("DXGI_FORMAT_")))
        {
            *format = formats[i].value;
            found = true;
        }
    }
    free(formats);
    return found;
}

/* One format as the adapter answers it on the current runtime: FORMAT_SUPPORT,
 * FORMAT_INFO's plane count, and the sample counts with a quality level. */
static void print_format(const char *adapter, UINT value, const char *name)
{
    D3D12_FEATURE_DATA_FORMAT_SUPPORT support = {(DXGI_FORMAT)value, 0, 0};
    D3D12_FEATURE_DATA_FORMAT_INFO info = {(DXGI_FORMAT)value, 0};
    char text[1024];
    size_t used = 0;
    HRESULT hr;
    UINT count;

    printf("\n%s (%u)\n", name, value);
    hr = mockd3d12_get_adapter_feature(adapter, D3D12_FEATURE_FORMAT_SUPPORT, &support, sizeof(support));
    if (hr == E_INVALIDARG)
    {
        printf("    (not a format of this runtime)\n");
        return;
    }
    if (FAILED(hr))
    {
        if (hr == E_FAIL)
            printf("    unsupported (FORMAT_SUPPORT answers E_FAIL)\n");
        else
            printf("    unsupported (FORMAT_SUPPORT fails: 0x%08x)\n", (unsigned)hr);
        return;
    }
    flag_names("D3D12_FORMAT_SUPPORT1", support.Support1, text, sizeof(text));
    printf("    %-16s %s\n", "Support1", text);
    flag_names("D3D12_FORMAT_SUPPORT2", support.Support2, text, sizeof(text));
    printf("    %-16s %s\n", "Support2", text);
    if (SUCCEEDED(mockd3d12_get_adapter_feature(adapter, D3D12_FEATURE_FORMAT_INFO, &info, sizeof(info))))
        printf("    %-16s %u\n", "PlaneCount", (unsigned)info.PlaneCount);
    else
        printf("    %-16s -\n", "PlaneCount");
    text[0] = 0;
    for (count = 1; count <= D3D12_MAX_MULTISAMPLE_SAMPLE_COUNT; count *= 2)
    {
        D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS levels = {(DXGI_FORMAT)value, count,
                D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE, 0};

        if (SUCCEEDED(mockd3d12_get_adapter_feature(adapter, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &levels,
                sizeof(levels))) && levels.NumQualityLevels)
            used += (size_t)snprintf(text + used, sizeof(text) - used, "%s%u", used ? ", " : "", count);
    }
    printf("    %-16s %s\n", "SampleCounts", used ? text : "-");
}

/* Every DXGI_FORMAT the runtime knows, or only `only` when has_only. */
static void print_formats(const char *adapter, bool has_only, UINT only)
{
    mockd3d12_enum_value_desc *formats;
    UINT count, i;

    formats = format_values(&count);
    if (!has_only)
        printf("\nFormats (FORMAT_SUPPORT, FORMAT_INFO, MULTISAMPLE_QUALITY_LEVELS)\n");
    for (i = 0; i < count; ++i)
    {
        D3D12_FEATURE_DATA_FORMAT_SUPPORT probe = {(DXGI_FORMAT)formats[i].value, 0, 0};

        if (has_only && formats[i].value != only)
            continue;
        /* A format this runtime does not know is left out of the list. */
        if (!has_only && mockd3d12_get_adapter_feature(adapter, D3D12_FEATURE_FORMAT_SUPPORT, &probe, sizeof(probe))
                == E_INVALIDARG)
            continue;
        print_format(adapter, formats[i].value, formats[i].name);
    }
    free(formats);
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
        char *text = NULL;
        json_t *profile;

        mockd3d12_adapter_to_json(report->adapter, &text);
        if (text && report->clamped_view && (profile = json_loads(text, 0, NULL)))
        {
            mockd3d12_free(text);
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
        if (report->clamped_view)
            free(text); /* json_dumps' */
        else
            mockd3d12_free(text);
        goto done;
    }

    if (options->explain)
    {
        char *text = NULL;

        mockd3d12_adapter_to_json(report->adapter, &text);
        profile = text ? json_loads(text, 0, NULL) : NULL;
        mockd3d12_free(text);
        if (!profile)
        {
            fprintf(stderr, "mockd3d12 caps: out of memory\n");
            ret = CLI_FAILED;
            goto done;
        }
    }
    print_header(report);
    if (options->summary)
    {
        char confidence[64];

        if (!cli_adapter_confidence(report->adapter, confidence, sizeof(confidence)))
        {
            ret = CLI_NO_ADAPTER;
            goto done;
        }
        printf("\n");
        print_summary(report, confidence);
        goto done;
    }
    if (options->has_format)
    {
        print_formats(report->adapter, true, options->format);
        goto done;
    }
    for (i = 0; i < report->count; ++i)
    {
        const struct cli_feature_report *r = &report->features[i];
        unsigned f;

        printf("\n%s\n", r->feature.name);
        if (!r->answered)
        {
            if (r->hr == E_NOTIMPL)
                printf("    (E_NOTIMPL: the runtime does not answer this feature)\n");
            else if (FAILED(r->hr))
                printf("    (failed: 0x%08x)\n", (unsigned)r->hr);
            else
                printf("    (answers depend on inputs; query it with your own %s)\n", r->feature.struct_name);
            continue;
        }
        for (f = r->feature.first_field; f < r->feature.first_field + r->feature.field_count; ++f)
        {
            const mockd3d12_field_desc *field = cli_field(f);
            char seen[512], truth[512];

            if (field->direction == MOCKD3D12_FIELD_IN || !field->scalar)
                continue;
            cli_format_field(report->adapter, f, r->seen, seen, sizeof(seen));
            if (cli_field_get(f, r->seen) != cli_field_get(f, r->truth))
            {
                cli_format_field(report->adapter, f, r->truth, truth, sizeof(truth));
                printf("    %-48s %s  < clamped, true: %s\n", field->name, seen, truth);
            }
            else
                printf("    %-48s %s\n", field->name, seen);
            if (profile && field->profile_field)
            {
                cli_field_provenance(report->adapter, profile, &r->feature, f, truth, sizeof(truth));
                printf("        why: %s\n", truth);
            }
        }
    }
    if (options->formats)
        print_formats(report->adapter, false, 0);

done:
    json_decref(profile);
    free(report);
    return ret;
}

/* FORMAT_SUPPORT of every DXGI_FORMAT the runtime knows, on both adapters:
 * one line per Support1/Support2 that differs, each column the bits only that
 * adapter has ("unsupported" when its query fails). Returns the line count. */
static unsigned diff_formats(const char *a, const char *b)
{
    static const char *const fields[2] = {"Support1", "Support2"};
    static const char *const flags[2] = {"D3D12_FORMAT_SUPPORT1", "D3D12_FORMAT_SUPPORT2"};
    mockd3d12_enum_value_desc *formats;
    unsigned differences = 0, k;
    UINT count, i;

    formats = format_values(&count);
    for (i = 0; i < count; ++i)
    {
        D3D12_FEATURE_DATA_FORMAT_SUPPORT da = {(DXGI_FORMAT)formats[i].value, 0, 0}, db = da;
        HRESULT hra, hrb;

        hra = mockd3d12_get_adapter_feature(a, D3D12_FEATURE_FORMAT_SUPPORT, &da, sizeof(da));
        hrb = mockd3d12_get_adapter_feature(b, D3D12_FEATURE_FORMAT_SUPPORT, &db, sizeof(db));
        if (hra == E_INVALIDARG && hrb == E_INVALIDARG)
            continue; /* not a format of this runtime */
        for (k = 0; k < 2; ++k)
        {
            UINT va = FAILED(hra) ? 0 : (k ? da.Support2 : da.Support1);
            UINT vb = FAILED(hrb) ? 0 : (k ? db.Support2 : db.Support1);
            char name[128], ta[512], tb[512];

            if (SUCCEEDED(hra) == SUCCEEDED(hrb) && va == vb)
                continue;
            if (FAILED(hrb) && SUCCEEDED(hra) && !va)
                continue; /* supported without Support2 bits vs unsupported: Support1 says it */
            if (FAILED(hra) && SUCCEEDED(hrb) && !vb)
                continue;
            snprintf(name, sizeof(name), "FORMAT_SUPPORT[%s].%s", formats[i].name + strlen("DXGI_FORMAT_"), fields[k]);
            if (FAILED(hra))
                snprintf(ta, sizeof(ta), "unsupported");
            else
                flag_names(flags[k], va & ~vb, ta, sizeof(ta));
            if (FAILED(hrb))
                snprintf(tb, sizeof(tb), "unsupported");
            else
                flag_names(flags[k], vb & ~va, tb, sizeof(tb));
            printf("%-60s %-36s %s\n", name, ta, tb);
            ++differences;
        }
    }
    free(formats);
    return differences;
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

    printf("%-60s %-36s %s\n", "FIELD", a->info.id, b->info.id);
    for (i = 0; i < a->count && i < b->count; ++i)
    {
        const mockd3d12_feature_desc *feature = &a->features[i].feature;
        unsigned f;

        if (!a->features[i].answered || !b->features[i].answered)
            continue;
        for (f = feature->first_field; f < feature->first_field + feature->field_count; ++f)
        {
            const mockd3d12_field_desc *field = cli_field(f);
            char name[128], va[512], vb[512];

            if (field->direction == MOCKD3D12_FIELD_IN || !field->scalar
                    || cli_field_get(f, a->features[i].seen) == cli_field_get(f, b->features[i].seen))
                continue;
            snprintf(name, sizeof(name), "%s.%s", feature->name, field->name);
            cli_format_field(a->adapter, f, a->features[i].seen, va, sizeof(va));
            cli_format_field(b->adapter, f, b->features[i].seen, vb, sizeof(vb));
            printf("%-60s %-36s %s\n", name, va, vb);
            ++differences;
        }
    }
    differences += diff_formats(a->adapter, b->adapter);
    printf("%u field(s) differ\n", differences);
    ret = differences ? CLI_DIFFERENT : CLI_OK;

done:
    free(a);
    free(b);
    return ret;
}

/* The SDK versions that introduced `value` of field `f` (reference data or the
 * profile's newValues). */
static bool value_versions(const char *adapter, unsigned f, uint32_t value, unsigned *first_retail,
        unsigned *first_preview)
{
    const mockd3d12_field_desc *field = cli_field(f);
    mockd3d12_enum_value_desc values[256];
    UINT i, n;

    if (field->enum_name && SUCCEEDED(mockd3d12_get_enum_values(field->enum_name, values, 256, &n)))
        for (i = 0; i < n && i < 256; ++i)
            if (values[i].value == value && !values[i].is_alias)
            {
                *first_retail = values[i].first_retail_sdk;
                *first_preview = values[i].first_preview_sdk;
                return true;
            }
    if (SUCCEEDED(mockd3d12_adapter_declared_values(adapter, f, values, 256, &n)))
        for (i = 0; i < n && i < 256; ++i)
            if (values[i].value == value)
            {
                *first_retail = values[i].first_retail_sdk;
                *first_preview = values[i].first_preview_sdk;
                return true;
            }
    *first_retail = field->first_retail_sdk;
    *first_preview = field->first_preview_sdk;
    return false;
}

static void version_text(unsigned v, char *buffer, size_t size)
{
    if (v == MOCKD3D12_SDK_NEVER)
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
        unsigned f;

        if (!r->answered)
            continue;
        for (f = r->feature.first_field; f < r->feature.first_field + r->feature.field_count; ++f)
        {
            const mockd3d12_field_desc *field = cli_field(f);
            unsigned first_retail, first_preview;
            char seen[512], truth[512], retail[16], preview[16];
            uint64_t t;

            if (field->direction == MOCKD3D12_FIELD_IN || !field->scalar
                    || cli_field_get(f, r->seen) == (t = cli_field_get(f, r->truth)))
                continue;
            cli_format_field(report->adapter, f, r->seen, seen, sizeof(seen));
            cli_format_field(report->adapter, f, r->truth, truth, sizeof(truth));
            value_versions(report->adapter, f, (uint32_t)t, &first_retail, &first_preview);
            version_text(first_retail, retail, sizeof(retail));
            version_text(first_preview, preview, sizeof(preview));
            printf("%s.%s\n    true     %s\n    reported %s\n    because  the true value first appeared in retail SDK %s"
                    " / preview SDK %s, after SDKVersion %u\n",
                    r->feature.name, field->name, truth, seen, retail, preview, report->sdk_version);
            ++clamped;
        }
    }
    printf("%u field(s) reported lower than the adapter's true values\n", clamped);

done:
    free(report);
    return ret;
}

int cli_cmd_clamp_table(const struct cli_options *options)
{
    char *text = NULL;
    HRESULT hr;

    if (FAILED(hr = mockd3d12_clamp_table(options->field, &text)))
    {
        if (hr == E_INVALIDARG)
        {
            fprintf(stderr, "mockd3d12 clamp-table: no field matches '%s' (use STRUCT.FIELD, e.g. "
                    "D3D12_OPTIONS5.RaytracingTier)\n", options->field);
            return CLI_USAGE;
        }
        fprintf(stderr, "mockd3d12 clamp-table: %s\n", mockd3d12_last_error());
        return CLI_FAILED;
    }
    fputs(text, stdout);
    mockd3d12_free(text);
    return CLI_OK;
}

/* validate FILE...: one verdict per file; the worst decides the exit status. */
int cli_cmd_validate(const struct cli_options *options)
{
    int ret = CLI_OK;
    unsigned i;

    for (i = 0; i < options->file_count; ++i)
    {
        const char *path = options->files[i];
        char *report = NULL;
        HRESULT hr = mockd3d12_validate_profile_file(path, &report);

        if (hr == S_OK)
            printf("%s: ok\n", path);
        else if (hr == S_FALSE)
        {
            const char *line = report, *end;
            unsigned count = 0;

            for (end = report; *end; ++end)
                count += *end == '\n';
            printf("%s: loads, but breaks %u rule(s)\n", path, count);
            for (; line && *line; line = end + 1)
            {
                end = strchr(line, '\n');
                if (!end)
                    end = line + strlen(line) - 1;
                printf("    %.*s\n", (int)(end - line + (*end != '\n')), line);
            }
            if (ret == CLI_OK)
                ret = CLI_DIFFERENT;
        }
        else if (report)
        {
            printf("%s: does not load: %s\n", path, report);
            ret = CLI_NO_ADAPTER;
        }
        else
        {
            fprintf(stderr, "mockd3d12 validate: %s\n", mockd3d12_last_error());
            ret = CLI_FAILED;
        }
        mockd3d12_free(report);
    }
    return ret;
}
