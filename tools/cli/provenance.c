/*
 * Where values come from: `mockd3d12 caps --explain` (why each field has its
 * value) and `mockd3d12 import-vulkan` (a profile derived from a Vulkan report).
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"

static bool list_contains(json_t *list, const char *text)
{
    size_t i;
    json_t *item;

    json_array_foreach(list, i, item)
        if (json_is_string(item) && !strcmp(json_string_value(item), text))
            return true;
    return false;
}

static void join_strings(json_t *value, char *buffer, size_t size)
{
    size_t i, used = 0;
    json_t *item;

    buffer[0] = 0;
    if (json_is_string(value))
    {
        snprintf(buffer, size, "%s", json_string_value(value));
        return;
    }
    json_array_foreach(value, i, item)
        if (json_is_string(item) && used < size)
            used += snprintf(buffer + used, size - used, "%s%s", used ? ", " : "", json_string_value(item));
}

void cli_field_provenance(const char *adapter, json_t *profile, const mockd3d12_feature_desc *feature,
        unsigned field_index, char *buffer, size_t size)
{
    json_t *metadata = json_object_get(profile, "metadata");
    json_t *derived = json_object_get(metadata, "derivedFrom");
    json_t *sources = json_object_get(metadata, "fieldSources");
    char key[160], list[256] = "";
    mockd3d12_value_origin origin = MOCKD3D12_VALUE_DEFAULT;
    const char *parent, *rule_field, *rule_min, *rule_source;
    json_t *value;

    snprintf(key, sizeof(key), "%s.%s", feature->name, cli_field(field_index)->name);
    mockd3d12_adapter_value_origin(adapter, field_index, &origin);
    switch (origin)
    {
        case MOCKD3D12_VALUE_EXPLICIT:
            if ((value = json_object_get(derived, key)))
            {
                join_strings(value, list, sizeof(list));
                snprintf(buffer, size, "derived from the Vulkan report: %s", list);
            }
            else if ((value = json_object_get(json_object_get(metadata, "defaults"), key)))
            {
                join_strings(json_object_get(json_object_get(metadata, "fieldRules"), key), list, sizeof(list));
                snprintf(buffer, size, "a Vulkan report cannot decide it: %s default (%s)",
                        json_is_string(value) ? json_string_value(value) : "documented", list);
            }
            else if (list_contains(json_object_get(metadata, "inferred"), key))
            {
                join_strings(json_object_get(sources, key), list, sizeof(list));
                snprintf(buffer, size, "stated by the profile, inferred%s%s", list[0] ? " from " : "", list);
            }
            else
            {
                if (!(value = json_object_get(sources, key)))
                    value = json_object_get(sources, "*");
                join_strings(value, list, sizeof(list));
                snprintf(buffer, size, "stated by the profile%s%s", list[0] ? ", source " : "", list);
            }
            break;
        case MOCKD3D12_VALUE_INHERITED:
            /* The profile it names; that one's value may be inherited in turn. */
            if (mockd3d12_adapter_parent(adapter, &parent) != S_OK)
                parent = NULL;
            snprintf(buffer, size, "inherited from '%s'", parent ? parent : "?");
            break;
        case MOCKD3D12_VALUE_RULE:
            /* The profile's own floor, with its sources, when it is what the value is; else a rule's. */
            value = json_object_get(json_object_get(profile, "lowerBounds"), key);
            if (value && json_equal(value, json_object_get(json_object_get(json_object_get(profile, "features"),
                    feature->name), cli_field(field_index)->name)))
            {
                join_strings(json_object_get(json_object_get(metadata, "lowerBoundSources"), key), list, sizeof(list));
                snprintf(buffer, size, "raised to the profile's lowerBounds minimum%s%s", list[0] ? ", source " : "",
                        list);
            }
            else if (mockd3d12_adapter_value_rule(adapter, field_index, &rule_field, &rule_min, &rule_source) == S_OK)
            {
                if (rule_field)
                    snprintf(buffer, size, "raised by a rule: %s >= %s implies it (%s)", rule_field, rule_min,
                            rule_source);
                else
                    snprintf(buffer, size, "raised by a rule that always applies (%s)", rule_source);
            }
            else
                snprintf(buffer, size, "raised to a minimum by a profile rule (docs/profiles.md)");
            break;
        default:
            snprintf(buffer, size, "not stated: the \"not supported\" value");
            break;
    }
}

int cli_cmd_import_vulkan(const struct cli_options *options)
{
    char error[512], *report, *profile;
    size_t size;

    HRESULT hr;

    if (FAILED(mockd3d12_read_file(options->adapter, &report, &size, error, sizeof(error))))
    {
        fprintf(stderr, "mockd3d12 import-vulkan: %s\n", error);
        return CLI_NO_ADAPTER;
    }
    hr = mockd3d12_import_vulkan(report, size, options->adapter, options->rules, options->id, &profile, error,
            sizeof(error));
    mockd3d12_free(report);
    if (FAILED(hr))
    {
        fprintf(stderr, "mockd3d12 import-vulkan: %s\n", error);
        return CLI_NO_ADAPTER;
    }
    printf("%s\n", profile);
    mockd3d12_free(profile);
    return CLI_OK;
}
