/*
 * libFuzzer target: the profile loader on arbitrary bytes.
 *
 * Invariants:
 *   - the raw loader (caps_profile_load) gives a profile or a clean error,
 *     never both: S_OK with no message, or a failure with a message;
 *   - nothing is registered unless asked, and a registration changes the
 *     registry count by exactly 1 on success (a D3d12info report: by its
 *     number of adapters) and 0 on failure;
 *   - the parser (caps_profile_parse) agrees with the loader; for a D3d12info
 *     report, on the profile text its first adapter imports to
 *     (caps_d3d12info_import), which the loader parses too;
 *   - a parsed profile dumped as JSON (caps_adapter_to_json) and parsed again
 *     has the same identity and the same values, byte for byte, for every
 *     feature-data struct.
 * Parsed profiles are private (not registered), so ids never collide across
 * iterations; a few inputs (the first byte's low bits) are also registered
 * for real, under a cap, to drive the registry path.
 */
#define COBJMACROS
#include <stdbool.h>

#include "fuzz_common.h"

#include "caps/adapter.h"
#include "caps/caps.h"
#include "caps/d3d12info.h"
#include "caps/vulkan.h"
#include "mk_tables.h"

#define MAX_REGISTRATIONS 500

static unsigned registrations;

/* `inherits` resolves to built-in and registered adapters only (never a file). */
static const struct caps_adapter *find_registered(const char *id)
{
    unsigned i, n = caps_adapter_count();

    for (i = 0; i < n; ++i)
        if (!strcmp(caps_adapter_id(caps_adapter_at(i)), id))
            return caps_adapter_at(i);
    return NULL;
}

static void check_same(const struct caps_adapter *a, const struct caps_adapter *b, const char *json)
{
    unsigned i;

    FUZZ_CHECK(!strcmp(caps_adapter_id(a), caps_adapter_id(b)), "id %s became %s", caps_adapter_id(a),
            caps_adapter_id(b));
    FUZZ_CHECK(!strcmp(caps_adapter_description(a), caps_adapter_description(b)), "description changed");
    FUZZ_CHECK(caps_adapter_vendor_id(a) == caps_adapter_vendor_id(b)
            && caps_adapter_device_id(a) == caps_adapter_device_id(b)
            && caps_adapter_node_count(a) == caps_adapter_node_count(b)
            && caps_adapter_is_software(a) == caps_adapter_is_software(b)
            && caps_adapter_max_feature_level(a) == caps_adapter_max_feature_level(b)
            && caps_adapter_uma(a) == caps_adapter_uma(b)
            && caps_adapter_dedicated_video_memory(a) == caps_adapter_dedicated_video_memory(b),
            "identity of %s changed through the dump:\n%s", caps_adapter_id(a), json);
    for (i = 0; i < mk_struct_count; ++i)
        FUZZ_CHECK(!memcmp(caps_adapter_values(a, i), caps_adapter_values(b, i), mk_structs[i].size),
                "%s of %s changed through the dump:\n%s", mk_struct_name(&mk_structs[i]), caps_adapter_id(a), json);
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t length)
{
    const struct caps_adapter *registered;
    struct caps_adapter *a, *b;
    char error[512], error2[512], *imported;
    unsigned count, adapters = 0;
    bool report;
    HRESULT hr;
    char *json;

    count = caps_adapter_count();

    /* The raw loader, checking only. */
    hr = caps_profile_load(bytes, length, "fuzz", false, NULL, error, sizeof(error));
    FUZZ_CHECK(caps_adapter_count() == count, "a check-only load registered something");
    FUZZ_CHECK(SUCCEEDED(hr) ? !error[0] : !!error[0], "hr %#x with message '%s'", (unsigned)hr, error);

    /* The parser alone must agree (for a report: on its first adapter's profile text). */
    report = caps_d3d12info_is_report((const char *)bytes, length);
    if (report)
    {
        imported = caps_d3d12info_import((const char *)bytes, length, "fuzz", 0, NULL, &adapters, error2,
                sizeof(error2));
        a = imported ? caps_profile_parse(imported, strlen(imported), "fuzz", find_registered, error2,
                sizeof(error2)) : NULL;
        free(imported);
        /* A report loads when every adapter does: the first one's failing fails it. */
        FUZZ_CHECK(a || FAILED(hr), "the loader says %#x, the first adapter's import %s", (unsigned)hr, error2);
    }
    else if (caps_vulkan_is_report((const char *)bytes, length))
    {
        /* A Vulkan report stands for the profile the default rules derive. */
        imported = caps_vulkan_import((const char *)bytes, length, "fuzz", NULL, NULL, error2, sizeof(error2));
        a = imported ? caps_profile_parse(imported, strlen(imported), "fuzz", find_registered, error2,
                sizeof(error2)) : NULL;
        free(imported);
        FUZZ_CHECK(!a == FAILED(hr), "the loader says %#x, the derived profile %s", (unsigned)hr,
                a ? "loads" : error2);
    }
    else
    {
        a = caps_profile_parse((const char *)bytes, length, "fuzz", find_registered, error2, sizeof(error2));
        FUZZ_CHECK(!a == FAILED(hr), "the loader says %#x, the parser %s", (unsigned)hr, a ? "a profile" : error2);
    }
    if (!a)
        return 0;

    /* The dump loads back to the same adapter. */
    json = caps_adapter_to_json(a);
    FUZZ_CHECK(json != NULL, "no dump for %s", caps_adapter_id(a));
    b = caps_profile_parse(json, strlen(json), "fuzz-dump", find_registered, error2, sizeof(error2));
    FUZZ_CHECK(b != NULL, "the dump of %s does not load: %s\n%s", caps_adapter_id(a), error2, json);
    check_same(a, b, json);
    caps_adapter_free(b);
    free(json);

    /* Sometimes register for real: exactly one more adapter, or none. */
    if (length && (bytes[0] & 7) == 7 && registrations < MAX_REGISTRATIONS)
    {
        hr = caps_profile_load(bytes, length, "fuzz", true, &registered, error, sizeof(error));
        if (SUCCEEDED(hr))
        {
            ++registrations;
            /* A report registers its adapters, or none when its file was registered before. */
            FUZZ_CHECK(registered && (report ? caps_adapter_count() == count + adapters
                    || caps_adapter_count() == count : caps_adapter_count() == count + 1),
                    "registration added %u adapters", caps_adapter_count() - count);
        }
        else
        {
            FUZZ_CHECK(caps_adapter_count() == count && !registered && error[0],
                    "a failed registration (%#x) changed the registry", (unsigned)hr);
        }
    }
    caps_adapter_free(a);
    return 0;
}
