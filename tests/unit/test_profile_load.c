/*
 * The profile loader's every check (src/caps/profile_load.c, docs/profiles.md),
 * row by row: each malformed key of each section fails with its exact message
 * and registers nothing; the accepted spellings (0x and decimal strings for
 * ids, numbers inside flag combinations, UTF-8 beyond the BMP in WCHAR
 * strings) give the values they spell; a child inherits its parent's formats
 * and newValues; and every allocation of a rich profile failing in turn is
 * E_OUTOFMEMORY and registers nothing. Then what they dump
 * (caps_adapter_to_json), and the rows of the branches the others leave.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <jansson.h>

#include "alloc.h"
#include "caps/adapter.h"
#include "caps/caps.h"
#include "mk_tables.h"

/* ---- Every malformed value: E_INVALIDARG, the message, nothing registered ---- */

#define NV "{\"id\": \"nv\", \"newValues\": [{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_3\", "
#define FEAT(feature, field, value) \
    "{\"id\": \"f\", \"features\": {\"" feature "\": {\"" field "\": " value "}}}"
#define ADAPTER(body) "{\"id\": \"a\", \"adapter\": {" body "}}"

static const struct
{
    const char *name;
    const char *json;
    const char *error; /* the whole message */
}
bad_rows[] =
{
    {"an id that is null", "{\"id\": null}", "bad.json:1:8: key 'id': expected a string, got null"},
    {"a description that is a number", "{\"id\": \"d\", \"description\": 5}",
        "bad.json:1:28: key 'description': expected a string, got 5"},
    {"an inherits that is true", "{\"id\": \"i\", \"inherits\": true}",
        "bad.json:1:25: key 'inherits': expected a string, got true"},
    {"features that are an array", "{\"id\": \"f\", \"features\": []}",
        "bad.json:1:25: key 'features': expected an object, got an array"},
    {"a BOOL that is a real number", FEAT("D3D12_OPTIONS", "ROVsSupported", "1.5"),
        "bad.json:1:61: key 'features.D3D12_OPTIONS.ROVsSupported': expected true or false, got 1.5"},
    {"a UINT that is false", FEAT("D3D12_OPTIONS1", "TotalLaneCount", "false"),
        "bad.json:1:63: key 'features.D3D12_OPTIONS1.TotalLaneCount': expected an unsigned 32-bit integer, got false"},
    {"an enum past 32 bits", FEAT("D3D12_OPTIONS5", "RaytracingTier", "4294967296"),
        "bad.json:1:63: key 'features.D3D12_OPTIONS5.RaytracingTier': expected a D3D12_RAYTRACING_TIER name or "
        "integer, got 4294967296 (out of range)"},
    {"an enum that is an array", FEAT("D3D12_OPTIONS5", "RaytracingTier", "[]"),
        "bad.json:1:63: key 'features.D3D12_OPTIONS5.RaytracingTier': expected a D3D12_RAYTRACING_TIER name or "
        "integer, got an array"},
    {"an enum that is an empty string", FEAT("D3D12_OPTIONS5", "RaytracingTier", "\"\""),
        "bad.json:1:63: key 'features.D3D12_OPTIONS5.RaytracingTier': expected a D3D12_RAYTRACING_TIER name or "
        "integer, got \"\""},
    {"flags ending with a bar", FEAT("SHADER_CACHE", "SupportFlags", "\"D3D12_SHADER_CACHE_SUPPORT_LIBRARY |\""),
        "bad.json:1:59: key 'features.SHADER_CACHE.SupportFlags': expected a D3D12_SHADER_CACHE_SUPPORT_FLAGS flag "
        "combination or integer, got \"D3D12_SHADER_CACHE_SUPPORT_LIBRARY |\""},
    {"a number in flags past 32 bits", FEAT("SHADER_CACHE", "SupportFlags", "\"0x100000000\""),
        "bad.json:1:59: key 'features.SHADER_CACHE.SupportFlags': expected a D3D12_SHADER_CACHE_SUPPORT_FLAGS flag "
        "combination or integer, got \"0x100000000\" (unknown name '0x100000000')"},
    {"a flag name of 128 characters", FEAT("SHADER_CACHE", "SupportFlags",
        "\"D3D12_SHADER_CACHE_SUPPORT_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"
        "XXXXXXXXXXXXXXX\""),
        "bad.json:1:59: key 'features.SHADER_CACHE.SupportFlags': expected a D3D12_SHADER_CACHE_SUPPORT_FLAGS flag "
        "combination or integer, got \"D3D12_SHADER_CACHE_SUPPORT_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"
        "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\"..."},
    {"a WCHAR string that is a number", FEAT("SHADER_CACHE_ABI_SUPPORT", "szAdapterFamily", "5"),
        "bad.json:1:74: key 'features.SHADER_CACHE_ABI_SUPPORT.szAdapterFamily': expected a string, got 5"},
    {"a version number that is a string of letters", FEAT("SHADER_CACHE_ABI_SUPPORT", "CompilerVersion", "\"v1\""),
        "bad.json:1:74: key 'features.SHADER_CACHE_ABI_SUPPORT.CompilerVersion': expected an unsigned 64-bit integer, "
        "got \"v1\""},
    {"a version number that is negative", FEAT("SHADER_CACHE_ABI_SUPPORT", "CompilerVersion", "\"-1\""),
        "bad.json:1:74: key 'features.SHADER_CACHE_ABI_SUPPORT.CompilerVersion': expected an unsigned 64-bit integer, "
        "got \"-1\""},
    {"a version number with a leading space", FEAT("SHADER_CACHE_ABI_SUPPORT", "CompilerVersion", "\" 1\""),
        "bad.json:1:74: key 'features.SHADER_CACHE_ABI_SUPPORT.CompilerVersion': expected an unsigned 64-bit integer, "
        "got \" 1\""},
    {"a version number that is empty", FEAT("SHADER_CACHE_ABI_SUPPORT", "CompilerVersion", "\"\""),
        "bad.json:1:74: key 'features.SHADER_CACHE_ABI_SUPPORT.CompilerVersion': expected an unsigned 64-bit integer, "
        "got \"\""},
    /* newValues entries */
    {"a newValues entry that is a number", "{\"id\": \"nv\", \"newValues\": [5]}",
        "bad.json:1:28: key 'newValues[0]': expected an object, got 5"},
    {"a newValues entry without a field", "{\"id\": \"nv\", \"newValues\": [{\"name\": \"X\", \"value\": 1}]}",
        "bad.json:1:28: key 'newValues[0]': missing \"field\""},
    {"a newValues field that is a number", "{\"id\": \"nv\", \"newValues\": [{\"field\": 5}]}",
        "bad.json:1:38: key 'newValues[0].field': expected a string, got 5"},
    {"a newValues field without a dot", "{\"id\": \"nv\", \"newValues\": [{\"field\": \"RaytracingTier\"}]}",
        "bad.json:1:38: key 'newValues[0].field': expected \"FEATURE.Field\" (e.g. \"D3D12_OPTIONS5.RaytracingTier\"), "
        "got \"RaytracingTier\""},
    {"a newValues field of an unknown feature", "{\"id\": \"nv\", \"newValues\": [{\"field\": \"OPTIONS5.RaytracingTier\"}]}",
        "bad.json:1:38: key 'newValues[0].field': unknown feature 'OPTIONS5' (D3D12_FEATURE_ names without the prefix)"},
    {"a newValues field that is an input", "{\"id\": \"nv\", \"newValues\": [{\"field\": \"ARCHITECTURE1.NodeIndex\"}]}",
        "bad.json:1:38: key 'newValues[0].field': ARCHITECTURE1.NodeIndex is not a profile value (an input field or "
        "answered per query)"},
    {"a newValues entry without a name", "{\"id\": \"nv\", \"newValues\": [{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", "
        "\"value\": 13}]}", "bad.json:1:28: key 'newValues[0]': missing \"name\""},
    {"a newValues name that is an array", "{\"id\": \"nv\", \"newValues\": [{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", "
        "\"name\": [], \"value\": 13}]}", "bad.json:1:79: key 'newValues[0].name': expected a string, got an array"},
    {"a newValues name starting with a digit", "{\"id\": \"nv\", \"newValues\": [{\"field\": "
        "\"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"13TIER\", \"value\": 13}]}",
        "bad.json:1:79: key 'newValues[0].name': expected a C identifier, got \"13TIER\""},
    {"a newValues name with a dash", "{\"id\": \"nv\", \"newValues\": [{\"field\": "
        "\"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"TIER-13\", \"value\": 13}]}",
        "bad.json:1:79: key 'newValues[0].name': expected a C identifier, got \"TIER-13\""},
    {"a newValues value that is a string", NV "\"value\": \"13\"}]}",
        "bad.json:1:117: key 'newValues[0].value': expected an unsigned 32-bit integer, got \"13\""},
    {"a firstRetail of 0", NV "\"value\": 13, \"firstRetail\": 0}]}",
        "bad.json:1:136: key 'newValues[0].firstRetail': expected an SDK version between 1 and 65534, got 0"},
    {"a firstRetail that is a string", NV "\"value\": 13, \"firstRetail\": \"622\"}]}",
        "bad.json:1:136: key 'newValues[0].firstRetail': expected an unsigned 16-bit integer, got \"622\""},
    {"a firstPreview below 700", NV "\"value\": 13, \"firstPreview\": 622}]}",
        "bad.json:1:137: key 'newValues[0].firstPreview': preview SDK versions are 700 or above, got 622"},
    /* adapter */
    {"an adapter that is a string", "{\"id\": \"a\", \"adapter\": \"nvidia\"}",
        "bad.json:1:24: key 'adapter': expected an object, got \"nvidia\""},
    {"a vendor id string with letters after", ADAPTER("\"vendorId\": \"0x10dez\""),
        "bad.json:1:37: key 'adapter.vendorId': expected an unsigned 32-bit integer, got \"0x10dez\""},
    {"a vendor id string past 32 bits", ADAPTER("\"vendorId\": \"0x100000000\""),
        "bad.json:1:37: key 'adapter.vendorId': expected an unsigned 32-bit integer, got \"0x100000000\" (too large)"},
    {"a node count of 33", ADAPTER("\"nodeCount\": 33"),
        "bad.json:1:38: key 'adapter.nodeCount': expected a node count from 1 to 32, got 33"},
    {"a video memory that is true", ADAPTER("\"dedicatedVideoMemory\": true"),
        "bad.json:1:49: key 'adapter.dedicatedVideoMemory': expected an unsigned 64-bit integer, got true"},
    {"software that is 1", ADAPTER("\"software\": 1"),
        "bad.json:1:37: key 'adapter.software': expected true or false, got 1"},
    {"uma that is a string", ADAPTER("\"uma\": \"yes\""),
        "bad.json:1:32: key 'adapter.uma': expected true or false, got \"yes\""},
    {"cacheCoherentUma that is null", ADAPTER("\"cacheCoherentUma\": null"),
        "bad.json:1:45: key 'adapter.cacheCoherentUma': expected true or false, got null"},
    {"cacheCoherentUma contradicting the features", "{\"id\": \"a\", \"adapter\": {\"cacheCoherentUma\": true}, "
        "\"features\": {\"ARCHITECTURE1\": {\"CacheCoherentUMA\": false}}}",
        "bad.json:1:45: key 'adapter.cacheCoherentUma': contradicts features.ARCHITECTURE1 / ARCHITECTURE"},
    {"a luid that is a number", ADAPTER("\"luid\": 5"), "bad.json:1:33: key 'adapter.luid': expected an object, got 5"},
    {"a luid with an unknown key", ADAPTER("\"luid\": {\"Low\": 1}"),
        "bad.json:1:41: key 'adapter.luid.Low': unknown key in \"luid\""},
    {"a luid without a HighPart", ADAPTER("\"luid\": {\"LowPart\": 1}"),
        "bad.json:1:33: key 'adapter.luid': expected {\"LowPart\": unsigned, \"HighPart\": signed}"},
    {"a luid LowPart that is negative", ADAPTER("\"luid\": {\"LowPart\": -1, \"HighPart\": 0}"),
        "bad.json:1:45: key 'adapter.luid.LowPart': expected an unsigned 32-bit integer, got -1"},
    {"a luid HighPart that is a string", ADAPTER("\"luid\": {\"LowPart\": 1, \"HighPart\": \"0\"}"),
        "bad.json:1:60: key 'adapter.luid.HighPart': expected a signed 32-bit integer, got \"0\""},
    {"a luid HighPart past 31 bits", ADAPTER("\"luid\": {\"LowPart\": 1, \"HighPart\": 2147483648}"),
        "bad.json:1:60: key 'adapter.luid.HighPart': expected a signed 32-bit integer, got 2147483648"},
    {"a luid HighPart below -2^31", ADAPTER("\"luid\": {\"LowPart\": 1, \"HighPart\": -2147483649}"),
        "bad.json:1:60: key 'adapter.luid.HighPart': expected a signed 32-bit integer, got -2147483649"},
    /* formats */
    {"formats that are an array", "{\"id\": \"fm\", \"formats\": []}",
        "bad.json:1:25: key 'formats': expected an object, got an array"},
    {"a formats entry that is a number", "{\"id\": \"fm\", \"formats\": {\"DXGI_FORMAT_R8_UNORM\": 7}}",
        "bad.json:1:50: key 'formats.DXGI_FORMAT_R8_UNORM': expected an object, got 7"},
    {"a formats entry with an unknown key", "{\"id\": \"fm\", \"formats\": {\"DXGI_FORMAT_R8_UNORM\": {\"Support3\": 1}}}",
        "bad.json:1:63: key 'formats.DXGI_FORMAT_R8_UNORM.Support3': unknown key in a formats entry"},
    {"DXGI_FORMAT_UNKNOWN", "{\"id\": \"fm\", \"formats\": {\"DXGI_FORMAT_UNKNOWN\": {}}}",
        "bad.json:1:49: key 'formats.DXGI_FORMAT_UNKNOWN': unknown format 'DXGI_FORMAT_UNKNOWN' (expected a DXGI_FORMAT "
        "name)"},
    {"a Support1 that is negative", "{\"id\": \"fm\", \"formats\": {\"DXGI_FORMAT_R8_UNORM\": {\"Support1\": -1}}}",
        "bad.json:1:63: key 'formats.DXGI_FORMAT_R8_UNORM.Support1': expected a D3D12_FORMAT_SUPPORT1 flag combination "
        "or integer, got -1 (no D3D12_FORMAT_SUPPORT1 member is negative)"},
    {"a Support2 naming a Support1 bit", "{\"id\": \"fm\", \"formats\": {\"DXGI_FORMAT_R8_UNORM\": {\"Support2\": "
        "\"D3D12_FORMAT_SUPPORT1_BUFFER\"}}}",
        "bad.json:1:63: key 'formats.DXGI_FORMAT_R8_UNORM.Support2': expected a D3D12_FORMAT_SUPPORT2 flag combination "
        "or integer, got \"D3D12_FORMAT_SUPPORT1_BUFFER\" (unknown name 'D3D12_FORMAT_SUPPORT1_BUFFER')"},
    /* lowerBounds */
    {"lowerBounds that are an array", "{\"id\": \"lb\", \"lowerBounds\": []}",
        "bad.json:1:29: key 'lowerBounds': expected an object, got an array"},
    {"a lower bound without a dot", "{\"id\": \"lb\", \"lowerBounds\": {\"WaveLaneCountMin\": 4}}",
        "bad.json:1:50: key 'lowerBounds.WaveLaneCountMin': expected \"FEATURE.Field\" (e.g. "
        "\"D3D12_OPTIONS5.RaytracingTier\"), got \"WaveLaneCountMin\""},
    {"a lower bound of a string field", "{\"id\": \"lb\", \"lowerBounds\": {\"SHADER_CACHE_ABI_SUPPORT.szAdapterFamily\": "
        "\"x\"}}", "bad.json:1:74: key 'lowerBounds.SHADER_CACHE_ABI_SUPPORT.szAdapterFamily': "
        "SHADER_CACHE_ABI_SUPPORT.szAdapterFamily is not a number, so it has no lower bound"},
    {"a lower bound that is a string", "{\"id\": \"lb\", \"lowerBounds\": {\"D3D12_OPTIONS1.WaveLaneCountMin\": \"4\"}}",
        "bad.json:1:65: key 'lowerBounds.D3D12_OPTIONS1.WaveLaneCountMin': expected an unsigned 32-bit integer, got \"4\""},
};

static void test_bad_rows(void **state)
{
    struct row_failures failures = {0};
    unsigned before = caps_adapter_count(), i;
    (void)state;

    for (i = 0; i < ARRAY_SIZE(bad_rows); ++i)
    {
        const struct caps_adapter *out = (const struct caps_adapter *)&out;
        char error[1024];
        HRESULT hr;

        hr = caps_profile_load(bad_rows[i].json, strlen(bad_rows[i].json), "bad.json", true, &out, error,
                sizeof(error));
        if (hr != E_INVALIDARG)
            row_fail(&failures, i, bad_rows[i].name, "hr %#x, expected E_INVALIDARG", (unsigned)hr);
        if (out)
            row_fail(&failures, i, bad_rows[i].name, "an adapter was returned");
        if (strcmp(error, bad_rows[i].error))
            row_fail(&failures, i, bad_rows[i].name, "error\n  \"%s\"\nexpected\n  \"%s\"", error, bad_rows[i].error);
        if (caps_adapter_count() != before)
        {
            row_fail(&failures, i, bad_rows[i].name, "something was registered");
            before = caps_adapter_count();
        }
    }
    rows_done(&failures);
}

/* ---- The "adapter" keys beyond the identity, formats' quality levels and
 * planes, meta commands: every check, the whole message ---- */

#define FORMAT(body) "{\"id\": \"fm\", \"formats\": {\"DXGI_FORMAT_R8_UNORM\": {" body "}}}"
#define META(body) "{\"id\": \"m\", \"metaCommands\": [{\"Id\": \"{11111111-2222-3333-4444-555555555555}\", " \
        "\"Name\": \"a\"" body "}]}"
#define STAGE(body) META(", \"D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION\": {\"TotalStructureSizeInBytes\": 8" body "}")
#define GUID_ROW(id) "{\"id\": \"m\", \"metaCommands\": [{\"Id\": \"" id "\", \"Name\": \"a\"}]}"

static const struct
{
    const char *name;
    const char *json;
    const char *error; /* the whole message */
}
bad_extra_rows[] =
{
    {"dxgiFlags that are a name", ADAPTER("\"dxgiFlags\": \"SOFTWARE\""),
        "bad.json:1:38: key 'adapter.dxgiFlags': expected an unsigned 32-bit integer, got \"SOFTWARE\""},
    {"dxgiFlags contradicting software", ADAPTER("\"software\": false, \"dxgiFlags\": 2"),
        "bad.json:1:57: key 'adapter.dxgiFlags': the CAPS_DXGI_FLAG3_SOFTWARE bit (0x2) contradicts \"software\": false"},
    {"a graphics preemption of 5", ADAPTER("\"graphicsPreemptionGranularity\": 5"),
        "bad.json:1:58: key 'adapter.graphicsPreemptionGranularity': expected a DXGI_GRAPHICS_PREEMPTION_GRANULARITY "
        "from 0 to 4, got 5"},
    {"a compute preemption that is a string", ADAPTER("\"computePreemptionGranularity\": \"1\""),
        "bad.json:1:57: key 'adapter.computePreemptionGranularity': expected an unsigned 32-bit integer, got \"1\""},
    {"a umdVersion that is a real number", ADAPTER("\"umdVersion\": 1.5"),
        "bad.json:1:39: key 'adapter.umdVersion': expected an unsigned 64-bit integer, got 1.5"},
    {"videoMemory that is a number", ADAPTER("\"videoMemory\": 8"),
        "bad.json:1:40: key 'adapter.videoMemory': expected an object, got 8"},
    {"videoMemory with an unknown key", ADAPTER("\"videoMemory\": {\"shared\": {}}"),
        "bad.json:1:51: key 'adapter.videoMemory.shared': unknown key in \"videoMemory\""},
    {"videoMemory without nonLocal", ADAPTER("\"videoMemory\": {\"local\": {\"budget\": 8}}"),
        "bad.json:1:40: key 'adapter.videoMemory': missing \"nonLocal\""},
    {"a segment that is an array", ADAPTER("\"videoMemory\": {\"local\": [], \"nonLocal\": {\"budget\": 8}}"),
        "bad.json:1:50: key 'adapter.videoMemory.local': expected an object, got an array"},
    {"a segment with an unknown key", ADAPTER("\"videoMemory\": {\"local\": {\"budget\": 8, \"usage\": 1}, "
        "\"nonLocal\": {\"budget\": 8}}"),
        "bad.json:1:73: key 'adapter.videoMemory.local.usage': unknown key in a video memory segment group"},
    {"a segment without a budget", ADAPTER("\"videoMemory\": {\"local\": {\"budget\": 8}, \"nonLocal\": {}}"),
        "bad.json:1:77: key 'adapter.videoMemory.nonLocal': missing \"budget\""},
    {"a budget that is negative", ADAPTER("\"videoMemory\": {\"local\": {\"budget\": -8}, \"nonLocal\": {\"budget\": 8}}"),
        "bad.json:1:61: key 'adapter.videoMemory.local.budget': expected an unsigned 64-bit integer, got -8"},
    {"an availableForReservation that is false", ADAPTER("\"videoMemory\": {\"local\": {\"budget\": 8, "
        "\"availableForReservation\": false}, \"nonLocal\": {\"budget\": 8}}"),
        "bad.json:1:91: key 'adapter.videoMemory.local.availableForReservation': expected an unsigned 64-bit integer, "
        "got false"},
    {"an availableForReservation past the budget", ADAPTER("\"videoMemory\": {\"local\": {\"budget\": 8}, "
        "\"nonLocal\": {\"budget\": 8, \"availableForReservation\": 9}}"),
        "bad.json:1:118: key 'adapter.videoMemory.nonLocal.availableForReservation': 9 is more than the budget, 8"},
    {"allowTearing that is 1", ADAPTER("\"allowTearing\": 1"),
        "bad.json:1:41: key 'adapter.allowTearing': expected true or false, got 1"},
    {"descriptorSizes that are an array", ADAPTER("\"descriptorSizes\": [32]"),
        "bad.json:1:44: key 'adapter.descriptorSizes': expected an object, got an array"},
    {"descriptorSizes with an unknown key", ADAPTER("\"descriptorSizes\": {\"NUM_TYPES\": 4}"),
        "bad.json:1:58: key 'adapter.descriptorSizes.NUM_TYPES': unknown key in \"descriptorSizes\""},
    {"a descriptor size that is a string", ADAPTER("\"descriptorSizes\": {\"RTV\": \"32\"}"),
        "bad.json:1:52: key 'adapter.descriptorSizes.RTV': expected an unsigned 32-bit integer, got \"32\""},
    {"a timestamp frequency of 0", ADAPTER("\"timestampFrequency\": 0"),
        "bad.json:1:47: key 'adapter.timestampFrequency': a GPU timestamp frequency is never 0 (ticks per second)"},
    {"a negative timestamp frequency", ADAPTER("\"timestampFrequency\": -1"),
        "bad.json:1:47: key 'adapter.timestampFrequency': expected an unsigned 64-bit integer, got -1"},
    {"a descriptor size of 0", ADAPTER("\"descriptorSizes\": {\"SAMPLER\": 0}"),
        "bad.json:1:56: key 'adapter.descriptorSizes.SAMPLER': a descriptor handle increment is never 0"},
    {"queuePriorities that are a string", ADAPTER("\"queuePriorities\": \"all\""),
        "bad.json:1:44: key 'adapter.queuePriorities': expected an object, got \"all\""},
    {"queuePriorities with an unknown key", ADAPTER("\"queuePriorities\": {\"GRAPHICS\": []}"),
        "bad.json:1:57: key 'adapter.queuePriorities.GRAPHICS': unknown key in \"queuePriorities\""},
    {"queuePriorities of a bundle", ADAPTER("\"queuePriorities\": {\"BUNDLE\": [\"NORMAL\"]}"),
        "bad.json:1:55: key 'adapter.queuePriorities.BUNDLE': a bundle is no command queue type"},
    {"queuePriorities that are not an array", ADAPTER("\"queuePriorities\": {\"COPY\": \"NORMAL\"}"),
        "bad.json:1:53: key 'adapter.queuePriorities.COPY': expected an array of priorities (\"NORMAL\", \"HIGH\", "
        "\"GLOBAL_REALTIME\")"},
    {"a priority that is a number", ADAPTER("\"queuePriorities\": {\"COMPUTE\": [\"NORMAL\", 100]}"),
        "bad.json:1:67: key 'adapter.queuePriorities.COMPUTE[1]': expected a string, got 100"},
    {"an unknown priority", ADAPTER("\"queuePriorities\": {\"DIRECT\": [\"LOW\"]}"),
        "bad.json:1:56: key 'adapter.queuePriorities.DIRECT[0]': unknown priority \"LOW\" (expected NORMAL, HIGH or "
        "GLOBAL_REALTIME)"},
    /* formats: quality levels and planes */
    {"quality levels that are an array", FORMAT("\"MultisampleQualityLevels\": [1]"),
        "bad.json:1:79: key 'formats.DXGI_FORMAT_R8_UNORM.MultisampleQualityLevels': expected an object, got an array"},
    {"a sample count of 3", FORMAT("\"MultisampleQualityLevels\": {\"3\": 1}"),
        "bad.json:1:85: key 'formats.DXGI_FORMAT_R8_UNORM.MultisampleQualityLevels.3': expected a sample count (1, 2, "
        "4, ... 64) as the key"},
    {"a sample count of 0", FORMAT("\"MultisampleQualityLevels\": {\"0\": 1}"),
        "bad.json:1:85: key 'formats.DXGI_FORMAT_R8_UNORM.MultisampleQualityLevels.0': expected a sample count (1, 2, "
        "4, ... 64) as the key"},
    {"a sample count of 128", FORMAT("\"MultisampleQualityLevels\": {\"128\": 1}"),
        "bad.json:1:87: key 'formats.DXGI_FORMAT_R8_UNORM.MultisampleQualityLevels.128': expected a sample count (1, "
        "2, 4, ... 64) as the key"},
    {"a sample count that is a word", FORMAT("\"MultisampleQualityLevels\": {\"four\": 1}"),
        "bad.json:1:88: key 'formats.DXGI_FORMAT_R8_UNORM.MultisampleQualityLevels.four': expected a sample count (1, "
        "2, 4, ... 64) as the key"},
    {"quality levels that are a string", FORMAT("\"MultisampleQualityLevels\": {\"4\": \"1\"}"),
        "bad.json:1:85: key 'formats.DXGI_FORMAT_R8_UNORM.MultisampleQualityLevels.4': expected an unsigned 32-bit "
        "integer, got \"1\""},
    {"a plane count that is a string", FORMAT("\"PlaneCount\": \"2\""),
        "bad.json:1:65: key 'formats.DXGI_FORMAT_R8_UNORM.PlaneCount': expected an unsigned 8-bit integer, got \"2\""},
    {"a plane count of 0", FORMAT("\"PlaneCount\": 0"),
        "bad.json:1:65: key 'formats.DXGI_FORMAT_R8_UNORM.PlaneCount': expected a plane count from 1 to 4, got 0"},
    {"a plane count of 5", FORMAT("\"PlaneCount\": 5"),
        "bad.json:1:65: key 'formats.DXGI_FORMAT_R8_UNORM.PlaneCount': expected a plane count from 1 to 4, got 5"},
    /* metaCommands */
    {"a meta command that is a string", "{\"id\": \"m\", \"metaCommands\": [\"x\"]}",
        "bad.json:1:30: key 'metaCommands[0]': expected an object, got \"x\""},
    {"a meta command id that is a number", "{\"id\": \"m\", \"metaCommands\": [{\"Id\": 1, \"Name\": \"a\"}]}",
        "bad.json:1:37: key 'metaCommands[0].Id': expected a string, got 1"},
    {"a meta command name that is a number", "{\"id\": \"m\", \"metaCommands\": [{\"Id\": "
        "\"{11111111-2222-3333-4444-555555555555}\", \"Name\": 5}]}",
        "bad.json:1:87: key 'metaCommands[0].Name': expected a string, got 5"},
    {"an InitializationDirtyState that is negative", META(", \"InitializationDirtyState\": -1"),
        "bad.json:1:120: key 'metaCommands[0].InitializationDirtyState': expected an unsigned 32-bit integer, got -1"},
    {"an ExecutionDirtyState that is true", META(", \"ExecutionDirtyState\": true"),
        "bad.json:1:115: key 'metaCommands[0].ExecutionDirtyState': expected an unsigned 32-bit integer, got true"},
    {"a stage that is an array", META(", \"D3D12_META_COMMAND_PARAMETER_STAGE_CREATION\": []"),
        "bad.json:1:139: key 'metaCommands[0].D3D12_META_COMMAND_PARAMETER_STAGE_CREATION': expected an object, got "
        "an array"},
    {"a stage with an unknown key", META(", \"D3D12_META_COMMAND_PARAMETER_STAGE_CREATION\": {\"Size\": 1}"),
        "bad.json:1:148: key 'metaCommands[0].D3D12_META_COMMAND_PARAMETER_STAGE_CREATION.Size': unknown key in a meta "
        "command stage"},
    {"a stage size that is negative", META(", \"D3D12_META_COMMAND_PARAMETER_STAGE_CREATION\": "
        "{\"TotalStructureSizeInBytes\": -1}"),
        "bad.json:1:169: key 'metaCommands[0].D3D12_META_COMMAND_PARAMETER_STAGE_CREATION.TotalStructureSizeInBytes': "
        "expected an unsigned 32-bit integer, got -1"},
    {"parameters that are an object", STAGE(", \"Parameters\": {}"),
        "bad.json:1:187: key 'metaCommands[0].D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION.Parameters': expected an "
        "array of parameters"},
    {"a parameter that is a number", STAGE(", \"Parameters\": [1]"),
        "bad.json:1:188: key 'metaCommands[0].D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION.Parameters[0]': expected an "
        "object, got 1"},
    {"a parameter with an unknown key", STAGE(", \"Parameters\": [{\"Name\": \"p\", \"Type\": 1, \"StructureOffset\": 0, "
        "\"Size\": 4}]"),
        "bad.json:1:243: key 'metaCommands[0].D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION.Parameters[0].Size': unknown "
        "key in a meta command parameter"},
    {"a parameter without a name", STAGE(", \"Parameters\": [{\"Type\": 1, \"StructureOffset\": 0}]"),
        "bad.json:1:188: key 'metaCommands[0].D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION.Parameters[0]': missing "
        "\"Name\""},
    {"a parameter without a type", STAGE(", \"Parameters\": [{\"Name\": \"p\", \"StructureOffset\": 0}]"),
        "bad.json:1:188: key 'metaCommands[0].D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION.Parameters[0]': missing "
        "\"Type\""},
    {"a parameter without an offset", STAGE(", \"Parameters\": [{\"Name\": \"p\", \"Type\": 1}]"),
        "bad.json:1:188: key 'metaCommands[0].D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION.Parameters[0]': missing "
        "\"StructureOffset\""},
    {"a parameter's flags that are a real number", STAGE(", \"Parameters\": [{\"Name\": \"p\", \"Type\": 1, "
        "\"Flags\": 0.5, \"StructureOffset\": 0}]"),
        "bad.json:1:222: key 'metaCommands[0].D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION.Parameters[0].Flags': "
        "expected an unsigned 32-bit integer, got 0.5"},
    {"a parameter's state that is a string", STAGE(", \"Parameters\": [{\"Name\": \"p\", \"Type\": 1, "
        "\"RequiredResourceState\": \"x\", \"StructureOffset\": 0}]"),
        "bad.json:1:238: key 'metaCommands[0].D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION.Parameters[0]."
        "RequiredResourceState': expected an unsigned 32-bit integer, got \"x\""},
    /* GUIDs: 36 characters, dashes in place, nothing after but a closing brace */
    {"a GUID with something after it", GUID_ROW("11111111-2222-3333-4444-555555555555}}"),
        "bad.json:1:37: key 'metaCommands[0].Id': expected a GUID \"{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}\", got "
        "\"11111111-2222-3333-4444-555555555555}}\""},
    {"a GUID with a closing brace only", GUID_ROW("11111111-2222-3333-4444-555555555555x"),
        "bad.json:1:37: key 'metaCommands[0].Id': expected a GUID \"{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}\", got "
        "\"11111111-2222-3333-4444-555555555555x\""},
    {"a GUID with short groups", GUID_ROW("1111111-22222-3333-4444-555555555555"),
        "bad.json:1:37: key 'metaCommands[0].Id': expected a GUID \"{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}\", got "
        "\"1111111-22222-3333-4444-555555555555\""},
    {"a GUID with a sign", GUID_ROW("11111111-+222-3333-4444-555555555555"),
        "bad.json:1:37: key 'metaCommands[0].Id': expected a GUID \"{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}\", got "
        "\"11111111-+222-3333-4444-555555555555\""},
};

static void test_bad_extra_rows(void **state)
{
    struct row_failures failures = {0};
    unsigned before = caps_adapter_count(), i;
    (void)state;

    for (i = 0; i < ARRAY_SIZE(bad_extra_rows); ++i)
    {
        const struct caps_adapter *out = (const struct caps_adapter *)&out;
        char error[1024];
        HRESULT hr;

        hr = caps_profile_load(bad_extra_rows[i].json, strlen(bad_extra_rows[i].json), "bad.json", true, &out, error,
                sizeof(error));
        if (hr != E_INVALIDARG)
            row_fail(&failures, i, bad_extra_rows[i].name, "hr %#x, expected E_INVALIDARG", (unsigned)hr);
        if (out)
            row_fail(&failures, i, bad_extra_rows[i].name, "an adapter was returned");
        if (strcmp(error, bad_extra_rows[i].error))
            row_fail(&failures, i, bad_extra_rows[i].name, "error\n  \"%s\"\nexpected\n  \"%s\"", error,
                    bad_extra_rows[i].error);
        if (caps_adapter_count() != before)
        {
            row_fail(&failures, i, bad_extra_rows[i].name, "something was registered");
            before = caps_adapter_count();
        }
    }
    rows_done(&failures);
}

/* ---- Accepted spellings: the value they spell ---- */

static uint64_t value_of(const struct caps_adapter *a, const char *feature, const char *field)
{
    int fi = mk_feature_find(feature), f;

    assert_true(fi >= 0);
    f = mk_field_find(mk_features[fi].struct_index, field);
    assert_true(f >= 0);
    return mk_field_get(caps_adapter_values(a, mk_fields[f].struct_index), &mk_fields[f]);
}

static void test_spellings(void **state)
{
    static const char json[] = "{\"id\": \"cov-spellings\", \"adapter\": {\"vendorId\": \"0x10DE\", \"deviceId\": \"1234\", "
            "\"dedicatedVideoMemory\": \"0x200000000\", \"luid\": {\"LowPart\": 7, \"HighPart\": -2147483648}}, "
            "\"features\": {\"SHADER_CACHE\": {\"SupportFlags\": \" D3D12_SHADER_CACHE_SUPPORT_LIBRARY  | 0x10 \"}, "
            "\"SHADER_CACHE_ABI_SUPPORT\": {\"szAdapterFamily\": \"\\u00e9\\u20ac\\ud83d\\ude00\", "
            "\"CompilerVersion\": \"0x0001000200030004\", \"ApplicationProfileVersion\": 42}}}";
    const struct caps_adapter *a;
    char error[1024];
    const WCHAR *family;
    int fi, f;
    (void)state;

    if (FAILED(caps_profile_load(json, strlen(json), NULL, true, &a, error, sizeof(error))))
        fail_msg("%s", error);
    assert_string_equal(caps_adapter_origin(a), "<string>");
    assert_int_equal(caps_adapter_vendor_id(a), 0x10de);
    assert_int_equal(value_of(a, "SHADER_CACHE", "SupportFlags"), D3D12_SHADER_CACHE_SUPPORT_LIBRARY | 0x10);
    assert_true(value_of(a, "SHADER_CACHE_ABI_SUPPORT", "CompilerVersion") == UINT64_C(0x0001000200030004));
    assert_int_equal(value_of(a, "SHADER_CACHE_ABI_SUPPORT", "ApplicationProfileVersion"), 42);
    /* Two-, three- and four-byte UTF-8: one WCHAR each with Linux's 4-byte wchar_t. */
    fi = mk_feature_find("SHADER_CACHE_ABI_SUPPORT");
    f = mk_field_find(mk_features[fi].struct_index, "szAdapterFamily");
    family = (const WCHAR *)(caps_adapter_values(a, mk_fields[f].struct_index) + mk_fields[f].offset);
    if (sizeof(WCHAR) == 4)
    {
        assert_int_equal(family[0], 0xe9);
        assert_int_equal(family[1], 0x20ac);
        assert_int_equal(family[2], 0x1f600);
        assert_int_equal(family[3], 0);
    }
}

/* ---- Inheritance of formats and newValues ---- */

static const char parent_json[] = "{\"id\": \"cov-parent\", "
        "\"newValues\": [{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_3\", "
        "\"value\": 13, \"firstRetail\": 622, \"firstPreview\": 723}], "
        "\"features\": {\"D3D12_OPTIONS5\": {\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_3\"}}, "
        "\"formats\": {\"DXGI_FORMAT_R8_UNORM\": {\"Support1\": \"D3D12_FORMAT_SUPPORT1_BUFFER\"}, "
        "\"DXGI_FORMAT_R16_UNORM\": {\"Support1\": \"D3D12_FORMAT_SUPPORT1_TEXTURE2D\", \"Support2\": 1}}}";
/* The child repeats its parent's declaration (allowed: the same one), lists
 * one of its formats again and adds a lower bound. */
static const char child_json[] = "{\"id\": \"cov-child\", \"inherits\": \"cov-parent\", "
        "\"description\": \"a child\", \"adapter\": {\"uma\": true, \"cacheCoherentUma\": true}, "
        "\"newValues\": [{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_3\", "
        "\"value\": 13, \"firstRetail\": 622, \"firstPreview\": 723}], "
        "\"formats\": {\"DXGI_FORMAT_R16_UNORM\": {\"Support2\": 2}}, "
        "\"lowerBounds\": {\"D3D12_OPTIONS1.WaveLaneCountMin\": 4}, \"metadata\": {\"source\": \"test\"}}";

static void test_inherited_formats_and_values(void **state)
{
    const struct caps_adapter *parent, *child;
    UINT s1 = 0, s2 = 0;
    char error[1024];
    (void)state;

    if (FAILED(caps_profile_load(parent_json, strlen(parent_json), "parent.json", true, &parent, error, sizeof(error))))
        fail_msg("%s", error);
    if (FAILED(caps_profile_load(child_json, strlen(child_json), "child.json", true, &child, error, sizeof(error))))
        fail_msg("%s", error);
    assert_int_equal(value_of(child, "D3D12_OPTIONS5", "RaytracingTier"), 13);
    assert_true(caps_adapter_format_override(child, DXGI_FORMAT_R8_UNORM, &s1, &s2));
    assert_int_equal(s1, D3D12_FORMAT_SUPPORT1_BUFFER);
    assert_int_equal(s2, 0);
    /* The child's own entry wins over its parent's. */
    assert_true(caps_adapter_format_override(child, DXGI_FORMAT_R16_UNORM, &s1, &s2));
    assert_int_equal(s1, 0);
    assert_int_equal(s2, 2);
    assert_false(caps_adapter_format_override(child, DXGI_FORMAT_R32_FLOAT, &s1, &s2));
    assert_int_equal(value_of(child, "ARCHITECTURE1", "UMA"), 1);
    assert_int_equal(value_of(child, "ARCHITECTURE", "CacheCoherentUMA"), 1);
}

/* ---- Allocation failures ---- */

/* Every allocation of loading a child (newValues copied from the parent,
 * formats merged, lower bounds, the rules) failing in turn: E_OUTOFMEMORY
 * and a message ending "out of memory"; then it registers. jansson's own allocations are
 * left out (mk_alloc_fail_skip_jansson: akheron/jansson#362).
 * (It found two defects, since fixed: an unchecked copy of the "inherits"
 * name, and without a "description" a failed copy of the id handed to
 * caps_strdup; test_allocation_failures_no_description covers the second.) */
/* A profile without "description" copies its id twice: each copy failing
 * is out of memory, never a crash. */
static void test_allocation_failures_no_description(void **state)
{
    static const char json[] = "{\"id\": \"cov-oom-bare\"}";
    struct row_failures failures = {0};
    char error[1024];
    HRESULT hr = E_FAIL;
    long n;

    (void)state;
    mk_alloc_fail_skip_jansson(1);
    for (n = 0; n < 1000; ++n)
    {
        error[0] = 0;
        mk_alloc_fail_after(n);
        hr = caps_profile_load(json, strlen(json), "bare.json", false, NULL, error, sizeof(error));
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
            break;
        if (hr != E_OUTOFMEMORY || !caps_error_is_oom(error))
            row_fail(&failures, (unsigned)n, "allocation", "%#x: %s", (unsigned)hr, error);
    }
    mk_alloc_fail_skip_jansson(0);
    rows_done(&failures);
    assert_int_equal(hr, S_OK);
    assert_true(n > 4);
}

static void test_allocation_failures(void **state)
{
    static const char json[] = "{\"id\": \"cov-oom-child\", \"description\": \"d\", \"inherits\": \"cov-parent\", "
            "\"newValues\": [{\"field\": \"D3D12_OPTIONS7.MeshShaderTier\", \"name\": \"D3D12_MESH_SHADER_TIER_2\", "
            "\"value\": 20}], \"adapter\": {\"vendorId\": \"0x1002\"}, "
            "\"formats\": {\"DXGI_FORMAT_R16_UNORM\": {\"Support2\": 2}, \"DXGI_FORMAT_R32_FLOAT\": {}}, "
            "\"lowerBounds\": {\"D3D12_OPTIONS1.WaveLaneCountMin\": 4, \"D3D12_OPTIONS1.WaveLaneCountMax\": 8}}";
    struct row_failures failures = {0};
    unsigned count, steps = 0;
    const struct caps_adapter *out;
    char error[1024];
    HRESULT hr = E_FAIL;
    long n;
    (void)state;

    if (!caps_adapter_lookup("cov-parent", NULL, 0))
        assert_int_equal(caps_profile_load(parent_json, strlen(parent_json), "parent.json", true, NULL, NULL, 0), S_OK);
    count = (unsigned)caps_adapter_count();
    mk_alloc_fail_skip_jansson(1);
    for (n = 0; n < 10000; ++n)
    {
        error[0] = 0;
        mk_alloc_fail_after(n);
        hr = caps_profile_load(json, strlen(json), "oom.json", false, NULL, error, sizeof(error));
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
            break;
        ++steps;
        if (hr != E_OUTOFMEMORY || strncmp(error, "oom.json:", 9) || !caps_error_is_oom(error))
            row_fail(&failures, (unsigned)n, "allocation", "%#x: %s", (unsigned)hr, error);
    }
    for (n = 0; n < 10000; ++n)
    {
        mk_alloc_fail_after(n);
        hr = caps_profile_load(json, strlen(json), "oom.json", true, &out, error, sizeof(error));
        mk_alloc_fail_after(-1);
        if (hr == S_OK)
            break;
        if (hr != E_OUTOFMEMORY || out || caps_adapter_count() != count)
            row_fail(&failures, (unsigned)n, "registering", "%#x, %u adapters: %s", (unsigned)hr,
                    (unsigned)caps_adapter_count(), error);
    }
    mk_alloc_fail_skip_jansson(0);
    rows_done(&failures);
    assert_int_equal(hr, S_OK);
    assert_true(steps > 5);
    assert_int_equal(caps_adapter_count(), count + 1);
}

/* ---- The registry's entry points without their usual arguments ---- */

static void test_entry_points(void **state)
{
    static const char profile[] = "{\"id\": \"cov-entry\"}";
    char error[256], report[256];
    unsigned problems = 99;
    (void)state;

    assert_int_equal(caps_profile_load(NULL, 0, NULL, false, NULL, error, sizeof(error)), E_INVALIDARG);
    assert_string_equal(error, "<string>: no profile text");
    assert_int_equal(caps_profile_load(NULL, 0, "x.json", false, NULL, NULL, 0), E_INVALIDARG);
    assert_int_equal(caps_profile_load(profile, strlen(profile), "x.json", false, NULL, NULL, 0), S_OK);
    assert_int_equal(caps_profile_validate(NULL, 0, NULL, report, sizeof(report), &problems), E_INVALIDARG);
    assert_string_equal(report, "<string>: no profile text");
    assert_int_equal(problems, 0);
    assert_int_equal(caps_profile_validate(profile, strlen(profile), "x.json", NULL, 0, &problems), S_OK);
    /* A Vulkan report that does not import: its error, E_INVALIDARG. */
    {
        static const char report_json[] = "{\"capabilities\": {\"device\": {}}}";

        assert_int_equal(caps_profile_validate(report_json, strlen(report_json), "r.json", report, sizeof(report),
                &problems), E_INVALIDARG);
        assert_string_equal(report, "r.json:1:29: capabilities.device: has neither features nor properties: nothing "
                "to derive from");
    }
    assert_null(caps_adapter_lookup("", error, sizeof(error)));
    assert_string_equal(error, "no adapter id or profile path given");
    assert_null(caps_adapter_lookup(NULL, error, sizeof(error)));
    assert_string_equal(error, "no adapter id or profile path given");
    assert_null(caps_adapter_lookup("no-such-adapter", error, 0));
}

/* ---- Dumps of what the loader accepted ---- */

static void test_dumps(void **state)
{
    static const char json[] = "{\"id\": \"cov-dump\", \"adapter\": {\"dedicatedVideoMemory\": \"0xFFFFFFFFFFFFFFFF\"}, "
            "\"features\": {\"SHADER_CACHE\": {\"SupportFlags\": 256}, "
            "\"SHADER_CACHE_ABI_SUPPORT\": {\"szAdapterFamily\": \"\\u00e9\\u20ac\\ud83d\\ude00\"}}}";
    const struct caps_adapter *a;
    char error[1024], *text;
    json_t *dump, *v;
    (void)state;

    if (FAILED(caps_profile_load(json, strlen(json), "dump.json", true, &a, error, sizeof(error))))
        fail_msg("%s", error);
    assert_non_null(text = caps_adapter_to_json(a));
    assert_non_null(dump = json_loads(text, 0, NULL));
    /* Past INT64_MAX: a hexadecimal string (JSON integers stop at 2^63). */
    v = json_object_get(json_object_get(dump, "adapter"), "dedicatedVideoMemory");
    assert_string_equal(json_string_value(v), "0xFFFFFFFFFFFFFFFF");
    /* Flags no member names: the number. */
    v = json_object_get(json_object_get(json_object_get(dump, "features"), "SHADER_CACHE"), "SupportFlags");
    assert_true(json_is_integer(v));
    assert_int_equal(json_integer_value(v), 256);
    /* WCHAR strings back to UTF-8, beyond the BMP too. */
    v = json_object_get(json_object_get(json_object_get(dump, "features"), "SHADER_CACHE_ABI_SUPPORT"),
            "szAdapterFamily");
    assert_string_equal(json_string_value(v), "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
    json_decref(dump);
    /* And the dump loads (checked, not registered: its LUID is cov-dump's). */
    assert_int_equal(caps_profile_load(text, strlen(text), "dump2.json", false, NULL, error, sizeof(error)), S_OK);
    free(text);
}

/* ---- Coverage rows: newValues declared twice, integers past their types, GUIDs, no report ---- */

/*
 * More of the profile loader's checks (src/caps/profile_load.c), beside
 * the rows above: newValues declared twice in every way that
 * differs, the SDK versions and names of newValues, integers past their
 * types, a LUID with half its parts, a lower bound's feature name longer
 * than any, meta command ids that are no GUID. Each row fails with its
 * exact message (file, line and column of the key) and registers nothing.
 * Then validation without a report buffer and out of memory.
 */

/* One newValues entry of RaytracingTier: TIER_1_3 = 13 followed by `tail`. */
#define NVX(tail) "{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_3\", " \
        "\"value\": 13" tail
#define NVY(name, value, tail) "{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"" name "\", " \
        "\"value\": " value tail
#define NV_LIST "{\"id\": \"nv\", \"newValues\": ["
#define LONG64 "FEATURE_NAME_OF_SIXTY_FOUR_CHARACTERS_OR_MORE_XXXXXXXXXXXXXXXXXXXXXX"

static const struct
{
    const char *name;
    const char *json;
    const char *error; /* the whole message */
}
declaration_rows[] =
{
    {"newValues twice, firstRetail differs", NV_LIST NVX(", \"firstRetail\": 622}, ") NVX(", \"firstRetail\": 623}]}"),
        "edge.json:1:142: key 'newValues[1]': newValues declares"
        " D3D12_FEATURE_DATA_D3D12_OPTIONS5.RaytracingTier twice (D3D12_RAYTRACING_TIER_1_3 = 13 and"
        " D3D12_RAYTRACING_TIER_1_3 = 13)"},
    {"newValues twice, firstPreview differs", NV_LIST NVX(", \"firstPreview\": 730}, ")
            NVX(", \"firstPreview\": 731}]}"),
        "edge.json:1:143: key 'newValues[1]': newValues declares"
        " D3D12_FEATURE_DATA_D3D12_OPTIONS5.RaytracingTier twice (D3D12_RAYTRACING_TIER_1_3 = 13 and"
        " D3D12_RAYTRACING_TIER_1_3 = 13)"},
    {"newValues twice, the value differs", NV_LIST NVX("}, ") NVY("D3D12_RAYTRACING_TIER_1_3", "14", "}]}"),
        "edge.json:1:122: key 'newValues[1]': newValues declares"
        " D3D12_FEATURE_DATA_D3D12_OPTIONS5.RaytracingTier twice (D3D12_RAYTRACING_TIER_1_3 = 13 and"
        " D3D12_RAYTRACING_TIER_1_3 = 14)"},
    {"newValues twice, the name differs", NV_LIST NVX("}, ") NVY("D3D12_RAYTRACING_TIER_1_4", "13", "}]}"),
        "edge.json:1:122: key 'newValues[1]': newValues declares"
        " D3D12_FEATURE_DATA_D3D12_OPTIONS5.RaytracingTier twice (D3D12_RAYTRACING_TIER_1_3 = 13 and"
        " D3D12_RAYTRACING_TIER_1_4 = 13)"},
    {"a newValues name that is empty", NV_LIST NVY("", "13", "}]}"),
        "edge.json:1:79: key 'newValues[0].name': expected a C identifier, got \"\""},
    {"a firstRetail past 16 bits", NV_LIST NVX(", \"firstRetail\": 70000}]}"),
        "edge.json:1:136: key 'newValues[0].firstRetail': expected an unsigned 16-bit integer, got 70000"
        " (too large)"},
    {"a firstRetail of 65535 (never)", NV_LIST NVX(", \"firstRetail\": 65535}]}"),
        "edge.json:1:136: key 'newValues[0].firstRetail': expected an SDK version between 1 and 65534, got 65535"},
    {"a firstPreview that is a string", NV_LIST NVX(", \"firstPreview\": \"x\"}]}"),
        "edge.json:1:137: key 'newValues[0].firstPreview': expected an unsigned 16-bit integer, got \"x\""},
    {"an enum below -2^31", FEAT("D3D12_OPTIONS5", "RaytracingTier", "-2147483649"),
        "edge.json:1:63: key 'features.D3D12_OPTIONS5.RaytracingTier': expected a D3D12_RAYTRACING_TIER name"
        " or integer, got -2147483649 (out of range)"},
    {"a vendorId string past 64 bits", ADAPTER("\"vendorId\": \"0x1ffffffffffffffffff\""),
        "edge.json:1:37: key 'adapter.vendorId': expected an unsigned 32-bit integer, got"
        " \"0x1ffffffffffffffffff\""},
    {"a luid without HighPart", ADAPTER("\"luid\": {\"LowPart\": 1}"),
        "edge.json:1:33: key 'adapter.luid': expected {\"LowPart\": unsigned, \"HighPart\": signed}"},
    {"a computePreemptionGranularity of 5", ADAPTER("\"computePreemptionGranularity\": 5"),
        "edge.json:1:57: key 'adapter.computePreemptionGranularity': expected a"
        " DXGI_COMPUTE_PREEMPTION_GRANULARITY from 0 to 4, got 5"},
    {"a lower bound whose feature name has 138 characters", 
            "{\"id\": \"lb\", \"lowerBounds\": {\"" LONG64 LONG64 ".Y\": 1}}",
        "edge.json:1:172: key"
        " 'lowerBounds.FEATURE_NAME_OF_SIXTY_FOUR_CHARACTERS_OR_MORE_XXXXXXXXXXXXXXXXXXXXXXFEATURE_NAME_OF_SI"
        "XTY_FOUR_CHARACTERS_OR_MORE_XXXXXXXXXXXXXXXXXXXXXX.Y': expected \"FEATURE.Field\" (e.g."
        " \"D3D12_OPTIONS5.RaytracingTier\"), got"
        " \"FEATURE_NAME_OF_SIXTY_FOUR_CHARACTERS_OR_MORE_XXXXXXXXXXXXXXXXXXXXXXFEATURE_NAME_OF_SIXTY_FOUR_CH"
        "ARACTERS_OR_MORE_XXXXXXXXXXXXXXXXXXXXXX.Y\""},
    {"a meta command id that is no GUID", GUID_ROW("zzzzzzzz-2222-3333-4444-555555555555"),
        "edge.json:1:37: key 'metaCommands[0].Id': expected a GUID"
        " \"{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}\", got \"zzzzzzzz-2222-3333-4444-555555555555\""},
    {"a meta command id with text after the brace", GUID_ROW("{11111111-2222-3333-4444-555555555555}x"),
        "edge.json:1:37: key 'metaCommands[0].Id': expected a GUID"
        " \"{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}\", got \"{11111111-2222-3333-4444-555555555555}x\""},
};

static void test_declaration_rows(void **state)
{
    struct row_failures failures = {0};
    unsigned before = caps_adapter_count(), i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(declaration_rows); ++i)
    {
        const struct caps_adapter *out = (const struct caps_adapter *)&out;
        char error[1024] = "";
        HRESULT hr;

        hr = caps_profile_load(declaration_rows[i].json, strlen(declaration_rows[i].json), "edge.json", true, &out, error, sizeof(error));
        if (hr != E_INVALIDARG)
            row_fail(&failures, i, declaration_rows[i].name, "hr %#x, expected E_INVALIDARG", (unsigned)hr);
        if (out)
            row_fail(&failures, i, declaration_rows[i].name, "an adapter was returned");
        if (strcmp(error, declaration_rows[i].error))
            row_fail(&failures, i, declaration_rows[i].name, "error\n  \"%s\"\nexpected\n  \"%s\"", error, declaration_rows[i].error);
        if (caps_adapter_count() != before)
        {
            row_fail(&failures, i, declaration_rows[i].name, "something was registered");
            before = caps_adapter_count();
        }
    }
    rows_done(&failures);
}

/* caps_profile_validate with no report buffer answers as with one; every
 * allocation of it failing in turn (jansson's not counted: see
 * docs/coverage.md) is E_OUTOFMEMORY, until the sweep passes them all. */
static void test_validate_without_report_and_out_of_memory(void **state)
{
    static const char text[] = "{\"id\": \"validate-oom\", \"inherits\": \"nvidia-rtx-4090\","
            " \"features\": {\"D3D12_OPTIONS5\": {\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_1\"}}}";
    unsigned problems = 99, with_report, i;
    char report[1024];
    HRESULT expected, hr;

    (void)state;
    expected = caps_profile_validate(text, strlen(text), "v.json", report, sizeof(report), &with_report);
    assert_true(expected == S_OK || expected == S_FALSE);
    assert_int_equal(caps_profile_validate(text, strlen(text), "v.json", NULL, 0, &problems), expected);
    assert_int_equal(problems, with_report);

    mk_alloc_fail_skip_jansson(1);
    for (i = 0;; ++i)
    {
        mk_alloc_fail_after(i);
        hr = caps_profile_validate(text, strlen(text), "v.json", report, sizeof(report), &problems);
        mk_alloc_fail_after(-1);
        if (hr != E_OUTOFMEMORY)
            break;
        assert_non_null(strstr(report, "out of memory"));
        assert_true(i < 200);
    }
    mk_alloc_fail_skip_jansson(0);
    assert_true(i > 0);
    assert_int_equal(hr, expected);
    assert_int_equal(problems, with_report);
}

/* ---- Coverage rows: newValues of one field, malformed values, meta commands, short reports ---- */

/*
 * The profile loader's branches (src/caps/profile_load.c) that the rows
 * above leave: two newValues of one field (sorted, looked up by name and by
 * value, dumped), a feature level below 11_0 without a name, a LUID without
 * LowPart, a flags value out of range, "software": true contradicted
 * by dxgiFlags, meta-command parameters without their optional keys, an
 * empty parameter list, a stage of size 0, and every allocation of a
 * meta-command profile failing in turn; a flags field's new value dumped, a
 * dump with lower bounds out of memory, problems into a short report.
 */

/* Three new RaytracingTier values out of order, the field set to the first by name. */
static const char two_new_values[] =
    "{\"id\": \"more-two-new-values\", \"newValues\": ["
    "{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_4\", \"value\": 14},"
    "{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_3\", \"value\": 13},"
    "{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_5\", \"value\": 15}],"
    " \"features\": {\"D3D12_OPTIONS5\": {\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_4\"}}}";

static void test_new_values_of_one_field(void **state)
{
    const struct caps_adapter *a = NULL;
    char error[512] = "", *json;

    (void)state;
    assert_int_equal(caps_profile_load(two_new_values, strlen(two_new_values), "two.json", true, &a, error,
            sizeof(error)), S_OK);
    assert_non_null(a);
    assert_int_equal(a->new_value_count, 3);
    /* Sorted by value within the field. */
    assert_int_equal(a->new_values[0].value.value, 13);
    assert_int_equal(a->new_values[1].value.value, 14);
    assert_int_equal(a->new_values[2].value.value, 15);
    json = caps_adapter_to_json(a);
    assert_non_null(json);
    assert_non_null(strstr(json, "\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_4\""));
    mk_free(json);
}

static const struct
{
    const char *name;
    const char *json;
    const char *error; /* a part of the message */
}
malformed_rows[] =
{
    {"a luid without LowPart", "{\"id\": \"m1\", \"adapter\": {\"luid\": {\"HighPart\": 1}}}",
        "key 'adapter.luid': expected {\"LowPart\": unsigned, \"HighPart\": signed}"},
    {"a flags value past 32 bits",
        "{\"id\": \"m2\", \"features\": {\"SHADER_CACHE\": {\"SupportFlags\": 4294967296}}}",
        "expected a D3D12_SHADER_CACHE_SUPPORT_FLAGS flag combination or integer, got 4294967296 (out of range)"},
    {"software contradicted by dxgiFlags", "{\"id\": \"m3\", \"adapter\": {\"software\": true, \"dxgiFlags\": 0}}",
        "contradicts \"software\": true"},
    {"a feature level below 11_0 that has no name",
        "{\"id\": \"m4\", \"features\": {\"FEATURE_LEVELS\": {\"MaxSupportedFeatureLevel\": 4097}}}",
        "at least D3D_FEATURE_LEVEL_11_0, got an unnamed level (0x1001)"},
    {"a meta command id with a group of 7 digits",
        "{\"id\": \"m5\", \"metaCommands\": [{\"Id\": \"1111111-2222-3333-4444-555555555555x\", \"Name\": \"a\"}]}",
        "key 'metaCommands[0].Id': expected a GUID"},
};

static void test_malformed_rows(void **state)
{
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(malformed_rows); ++i)
    {
        char error[1024] = "";
        HRESULT hr = caps_profile_load(malformed_rows[i].json, strlen(malformed_rows[i].json), "more.json", false, NULL, error,
                sizeof(error));

        if (hr != E_INVALIDARG)
            row_fail(&failures, i, malformed_rows[i].name, "hr %#x, expected E_INVALIDARG", (unsigned)hr);
        if (!strstr(error, malformed_rows[i].error))
            row_fail(&failures, i, malformed_rows[i].name, "error\n  \"%s\"\nexpected a part\n  \"%s\"", error, malformed_rows[i].error);
    }
    rows_done(&failures);
}

/* Parameters without Flags and RequiredResourceState, an empty list, a
 * stage of size 0 whose parameter has any offset. */
static const char meta[] =
    "{\"id\": \"more-meta\", \"metaCommands\": [{\"Id\": \"{11111111-2222-3333-4444-555555555555}\","
    " \"Name\": \"mc\","
    " \"D3D12_META_COMMAND_PARAMETER_STAGE_CREATION\": {\"TotalStructureSizeInBytes\": 16, \"Parameters\": ["
    "{\"Name\": \"p\", \"Type\": 1, \"StructureOffset\": 8}]},"
    " \"D3D12_META_COMMAND_PARAMETER_STAGE_INITIALIZATION\": {\"TotalStructureSizeInBytes\": 8, \"Parameters\": []},"
    " \"D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION\": {\"TotalStructureSizeInBytes\": 0, \"Parameters\": ["
    "{\"Name\": \"q\", \"Type\": 0, \"StructureOffset\": 4}]}}]}";

static void test_meta_commands(void **state)
{
    unsigned problems = 0, i;
    char report[1024];
    HRESULT expected, hr;

    (void)state;
    expected = caps_profile_validate(meta, strlen(meta), "meta.json", report, sizeof(report), &problems);
    assert_true(expected == S_OK || expected == S_FALSE);

    mk_alloc_fail_skip_jansson(1);
    for (i = 0;; ++i)
    {
        mk_alloc_fail_after(i);
        hr = caps_profile_validate(meta, strlen(meta), "meta.json", report, sizeof(report), &problems);
        mk_alloc_fail_after(-1);
        if (hr != E_OUTOFMEMORY)
            break;
        assert_non_null(strstr(report, "out of memory"));
        assert_true(i < 400);
    }
    mk_alloc_fail_skip_jansson(0);
    assert_true(i > 0);
    assert_int_equal(hr, expected);
}

/* A flags field with two newValues, one of them set, dumped by name. */
static void test_flags_new_value_dumped(void **state)
{
    static const char text[] = "{\"id\": \"more-flags-new-value\", \"newValues\": [{\"field\": "
            "\"SHADER_CACHE.SupportFlags\", \"name\": \"D3D12_SHADER_CACHE_SUPPORT_MORE\", \"value\": 1048576}, {\"field\": "
            "\"SHADER_CACHE.SupportFlags\", \"name\": \"D3D12_SHADER_CACHE_SUPPORT_MOST\", \"value\": 2097152}],"
            " \"features\": {\"SHADER_CACHE\": {\"SupportFlags\": \"D3D12_SHADER_CACHE_SUPPORT_SINGLE_PSO | "
            "D3D12_SHADER_CACHE_SUPPORT_MORE\"}}}";
    const struct caps_adapter *a = NULL;
    char error[512] = "", *json;

    (void)state;
    assert_int_equal(caps_profile_load(text, strlen(text), "flags.json", true, &a, error, sizeof(error)), S_OK);
    json = caps_adapter_to_json(a);
    assert_non_null(json);
    assert_non_null(strstr(json, "D3D12_SHADER_CACHE_SUPPORT_SINGLE_PSO | D3D12_SHADER_CACHE_SUPPORT_MORE"));
    mk_free(json);
}

/* A dump of a profile with lower bounds formats each bound through a
 * scratch struct on the stack: no allocation of the library's own (jansson's
 * are not counted), so the first try succeeds and names the bound. */
static void test_lower_bounds_dump_out_of_memory(void **state)
{
    static const char text[] = "{\"id\": \"more-bounds-dump\", \"lowerBounds\": "
            "{\"D3D12_OPTIONS5.RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_0\"}}";
    const struct caps_adapter *a = NULL;
    char error[512] = "", *json;
    const char *bounds;
    unsigned i;

    (void)state;
    assert_int_equal(caps_profile_load(text, strlen(text), "bounds.json", true, &a, error, sizeof(error)), S_OK);
    mk_alloc_fail_skip_jansson(1);
    for (i = 0;; ++i)
    {
        mk_alloc_fail_after(i);
        json = caps_adapter_to_json(a);
        mk_alloc_fail_after(-1);
        if (json)
            break;
        assert_true(i < 100);
    }
    mk_alloc_fail_skip_jansson(0);
    assert_int_equal(i, 0);
    assert_non_null(bounds = strstr(json, "\"lowerBounds\""));
    assert_non_null(bounds = strstr(bounds, "\"D3D12_OPTIONS5.RaytracingTier\""));
    assert_non_null(strstr(bounds, "\"D3D12_RAYTRACING_TIER_1_0\""));
    mk_free(json);
}

/* Three problems into a report buffer that holds part of the first. */
static void test_problems_into_a_short_report(void **state)
{
    static const char text[] = "{\"id\": \"more-inconsistent\", \"features\": {"
            "\"FEATURE_LEVELS\": {\"MaxSupportedFeatureLevel\": \"D3D_FEATURE_LEVEL_12_2\"},"
            "\"SHADER_MODEL\": {\"HighestShaderModel\": \"D3D_SHADER_MODEL_6_4\"},"
            "\"D3D12_OPTIONS1\": {\"WaveOps\": true, \"WaveLaneCountMin\": 64, \"WaveLaneCountMax\": 32},"
            "\"ARCHITECTURE1\": {\"UMA\": false, \"CacheCoherentUMA\": true}}}";
    char report[12], full[2048];
    unsigned problems = 0, full_problems = 0;

    (void)state;
    assert_int_equal(caps_profile_validate(text, strlen(text), "p.json", full, sizeof(full), &full_problems), S_FALSE);
    assert_true(full_problems >= 2);
    assert_int_equal(caps_profile_validate(text, strlen(text), "p.json", report, sizeof(report), &problems), S_FALSE);
    assert_int_equal(problems, full_problems);
    assert_int_equal(strlen(report), sizeof(report) - 1);
    assert_memory_equal(report, full, sizeof(report) - 1);
}

/* ---- Coverage rows: newValues of one SDK track, dumped ---- */

/*
 * caps_adapter_to_json (mockd3d12_adapter_to_json) over what the built-in
 * profiles do not hold: newValues known only to retail SDKs or only to
 * preview SDKs (the dump writes the versions it has and no other), and no
 * adapter at all. (The clamp table cut to one struct: test_clamp_engine.c.)
 */

/* The control API's state as a new process has it. */
static int reset_setup(void **state)
{
    (void)state;
    mockd3d12_reset();
    return 0;
}

static const char profile_new_values[] =
        "{\"id\": \"dump-new-values\", \"description\": \"one-track new values\", \"inherits\": \"nvidia-rtx-4090\","
        " \"newValues\": ["
        " {\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_3\", \"value\": 13,"
        " \"firstRetail\": 622},"
        " {\"field\": \"D3D12_OPTIONS.ResourceBindingTier\", \"name\": \"D3D12_RESOURCE_BINDING_TIER_4\","
        " \"value\": 4, \"firstPreview\": 730}]}";

/* The text between `from` and the next '}' (one newValues entry). */
static void entry_of(const char *json, const char *from, char *out, size_t size)
{
    const char *start = strstr(json, from), *end;

    assert_non_null(start);
    assert_non_null(end = strchr(start, '}'));
    snprintf(out, size, "%.*s", (int)(end - start), start);
}

static void test_one_track_new_values(void **state)
{
    char error[512] = "", entry[512];
    char *json = NULL;

    (void)state;
    if (FAILED(mockd3d12_register_profile(profile_new_values, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_adapter_to_json("dump-new-values", &json), S_OK);
    entry_of(json, "\"field\": \"D3D12_OPTIONS5.RaytracingTier\"", entry, sizeof(entry));
    assert_non_null(strstr(entry, "\"firstRetail\": 622"));
    assert_null(strstr(entry, "firstPreview"));
    entry_of(json, "\"field\": \"D3D12_OPTIONS.ResourceBindingTier\"", entry, sizeof(entry));
    assert_non_null(strstr(entry, "\"firstPreview\": 730"));
    assert_non_null(strstr(entry, "\"value\": 4"));
    assert_null(strstr(entry, "firstRetail"));
    mockd3d12_free(json);
    assert_null(caps_adapter_to_json(NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_bad_rows),
        cmocka_unit_test(test_bad_extra_rows),
        cmocka_unit_test(test_spellings),
        cmocka_unit_test(test_inherited_formats_and_values),
        cmocka_unit_test(test_allocation_failures),
        cmocka_unit_test(test_allocation_failures_no_description),
        cmocka_unit_test(test_entry_points),
        cmocka_unit_test(test_dumps),
        cmocka_unit_test(test_declaration_rows),
        cmocka_unit_test(test_validate_without_report_and_out_of_memory),
        cmocka_unit_test(test_new_values_of_one_field),
        cmocka_unit_test(test_malformed_rows),
        cmocka_unit_test(test_meta_commands),
        cmocka_unit_test(test_flags_new_value_dumped),
        cmocka_unit_test(test_lower_bounds_dump_out_of_memory),
        cmocka_unit_test(test_problems_into_a_short_report),
        cmocka_unit_test_setup(test_one_track_new_values, reset_setup),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
