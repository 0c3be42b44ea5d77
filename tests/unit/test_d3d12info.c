/*
 * D3d12info reports as profiles (src/caps/d3d12info.c, docs/d3d12info.md):
 * detection by content, both layouts, what each section becomes, the
 * import's round trip through the profile loader, a report as a whole
 * machine, the id rule, every located error, nothing half-registered, and
 * allocation failures.
 *
 * Reports: the built-ins' own (data/adapters/reports, through the embedded
 * built-in texts: one "Adapter", D3d12info 2.2 to 3.18) and
 * tests/data/d3d12info/machine-3x.json (an "Adapters" array of three of them).
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "portable.h"

#include "alloc.h"
#include "caps/adapter.h"
#include "caps/d3d12info.h"
#include "device.h"
#include "mk_tables.h"

static char machine_path[1024];
static char *machine_text;
static size_t machine_length;

/* The embedded report of built-in `id` (data/adapters/reports). */
static const struct caps_builtin_profile *builtin_report(const char *id)
{
    size_t i;

    for (i = 0; i < caps_builtin_profile_count; ++i)
        if (!strcmp(caps_builtin_profiles[i].id, id) && caps_builtin_profiles[i].report)
            return &caps_builtin_profiles[i];
    fail_msg("no built-in report for %s", id);
    return NULL;
}

static json_t *parse(const char *text)
{
    json_t *root = json_loads(text, 0, NULL);

    assert_non_null(root);
    return root;
}

static json_t *import(const char *text, size_t length, unsigned index, const char *id)
{
    char error[1024], *profile;
    json_t *root;

    profile = caps_d3d12info_import(text, length, "r.json", index, id, NULL, error, sizeof(error));
    if (!profile)
        fail_msg("%s", error);
    root = parse(profile);
    free(profile);
    return root;
}

static json_t *at(json_t *root, const char *a, const char *b, const char *c)
{
    json_t *v = json_object_get(root, a);

    if (b)
        v = json_object_get(v, b);
    if (c)
        v = json_object_get(v, c);
    return v;
}

static void test_detection(void **state)
{
    static const struct
    {
        const char *text;
        bool report;
    }
    rows[] =
    {
        {"{\"Header\": {\"Program\": \"D3d12info\"}}", true},
        {"{\"Header\": {\"Program\": \"D3d12info\"}, \"Adapters\": []}", true},
        {"{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\"}}]}", true},
        {"{\"Adapter\": {\"DXGI_ADAPTER_DESC1\": {\"Description\": \"x\"}}}", true},
        /* Detection is by content: a profile, a Vulkan report, other JSON are not reports. */
        {"{\"id\": \"x\", \"features\": {}}", false},
        {"{\"capabilities\": {\"device\": {}}}", false},
        {"{\"Header\": {\"Program\": \"vulkaninfo\"}}", false},
        {"{\"Adapters\": [{\"id\": 1}]}", false},
        {"{\"Adapters\": []}", false},
        {"[1, 2]", false},
        {"{not json", false},
    };
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
        if (caps_d3d12info_is_report(rows[i].text, strlen(rows[i].text)) != rows[i].report)
            row_fail(&failures, i, rows[i].text, "detected as %s", rows[i].report ? "no report" : "a report");
    assert_true(caps_d3d12info_is_report(machine_text, machine_length));
    rows_done(&failures);
}

/* What each section of a report becomes (RTX 5070 Ti, D3d12info 3.18: 64-bit
 * values as strings; RTX 3080 Ti, 3.4: as numbers). */
static void test_sections(void **state)
{
    const struct caps_builtin_profile *b = builtin_report("nvidia-rtx-5070-ti");
    const struct caps_builtin_profile *old = builtin_report("nvidia-rtx-3080-ti");
    json_t *p = import(b->json, b->length, 0, NULL), *q = import(old->json, old->length, 0, NULL), *v;

    (void)state;
    assert_string_equal(json_string_value(json_object_get(p, "id")), "nvidia-geforce-rtx-5070-ti");
    assert_string_equal(json_string_value(json_object_get(p, "description")), "NVIDIA GeForce RTX 5070 Ti");
    assert_string_equal(json_string_value(at(p, "adapter", "vendorId", NULL)), "0x10DE");
    assert_string_equal(json_string_value(at(p, "adapter", "deviceId", NULL)), "0x2C05");
    assert_int_equal(json_integer_value(at(p, "adapter", "dedicatedVideoMemory", NULL)), 16771973120ll);
    assert_int_equal(json_integer_value(at(p, "adapter", "luid", "LowPart")), 0x14B6F);
    assert_int_equal(json_integer_value(at(p, "adapter", "luid", "HighPart")), 0);
    assert_string_equal(json_string_value(at(p, "adapter", "dxgiFlags", NULL)), "0x2C");
    assert_int_equal(json_integer_value(at(p, "adapter", "graphicsPreemptionGranularity", NULL)), 3);
    assert_int_equal(json_integer_value(at(p, "adapter", "computePreemptionGranularity", NULL)), 1);
    assert_string_equal(json_string_value(at(p, "adapter", "umdVersion", NULL)), "9007199255733668");
    assert_int_equal(json_integer_value(at(at(p, "adapter", "videoMemory", "local"), "budget", NULL, NULL)),
            15966666752ll);
    assert_int_equal(json_integer_value(at(p, "adapter", "descriptorSizes", "DSV")), 8);
    assert_true(json_is_true(at(p, "adapter", "allowTearing", NULL)));
    v = at(p, "adapter", "queuePriorities", "DIRECT");
    assert_int_equal(json_array_size(v), 3);
    assert_string_equal(json_string_value(json_array_get(v, 2)), "GLOBAL_REALTIME");
    /* Feature sections: enums as the report's numbers, inputs left out. */
    assert_int_equal(json_integer_value(at(p, "features", "D3D12_OPTIONS", "TiledResourcesTier")), 4);
    assert_true(json_is_true(at(p, "features", "PREDICATION", "Supported")));
    assert_null(at(p, "features", "ARCHITECTURE1", "NodeIndex"));
    assert_true(json_is_false(at(p, "features", "ARCHITECTURE1", "UMA")));
    /* Formats keyed by name, every listed one with both supports. */
    assert_int_equal(json_integer_value(at(p, "formats", "DXGI_FORMAT_R8G8B8A8_UNORM", "Support1")), 872207347);
    assert_int_equal(json_integer_value(at(at(p, "formats", "DXGI_FORMAT_R8G8B8A8_UNORM", "MultisampleQualityLevels"),
            "8", NULL, NULL)), 1);
    assert_null(at(at(p, "formats", "DXGI_FORMAT_R8G8B8A8_UNORM", "MultisampleQualityLevels"), "16", NULL, NULL));
    assert_int_equal(json_integer_value(at(p, "formats", "DXGI_FORMAT_NV12", "PlaneCount")), 2);
    /* Metadata: where it came from, what the report lacked, what was not read. */
    assert_string_equal(json_string_value(at(p, "metadata", "confidence", NULL)), "dump");
    assert_string_equal(json_string_value(at(p, "metadata", "source", "d3d12infoVersion")), "3.18.0");
    assert_int_equal(json_integer_value(at(p, "metadata", "source", "sdkVersion")), 619);
    assert_string_equal(json_string_value(at(p, "metadata", "fieldSources", "*")),
            "D3d12info 3.18.0 report r.json, adapter 0, SDK 619");
    assert_true(json_array_size(at(p, "metadata", "ignoredKeys", NULL)) > 0);
    assert_string_equal(json_string_value(json_array_get(at(p, "metadata", "ignoredKeys", NULL), 0)),
            "Adapter.NvPhysicalGpuHandle");

    /* 3.4: 64-bit values as numbers, no Formats, a LUID as printed then. */
    assert_int_equal(json_integer_value(at(q, "adapter", "dedicatedVideoMemory", NULL)), 12673089536ll);
    assert_string_equal(json_string_value(at(q, "adapter", "umdVersion", NULL)), "8725724279018562");
    assert_null(json_object_get(q, "formats"));
    assert_int_equal(json_integer_value(at(q, "adapter", "luid", "LowPart")), 0x1220B);
    json_decref(p);
    json_decref(q);
}

/* Loading a report and loading the profile printed from it give the same adapter. */
static void test_round_trip(void **state)
{
    static const char *const ids[] = {"nvidia-rtx-5070-ti", "nvidia-rtx-4090", "amd-radeon-680m",
            "amd-radeon-granite-ridge", "intel-arc-a770", "warp", "warp-22621"};
    struct row_failures failures = {0};
    char error[1024];
    unsigned i, s;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(ids); ++i)
    {
        const struct caps_builtin_profile *b = builtin_report(ids[i]);
        char *text = caps_d3d12info_import(b->json, b->length, "r.json", 0, "round-trip", NULL, error, sizeof(error));
        struct caps_adapter *from_text = text ? caps_profile_parse(text, strlen(text), "text", NULL, error,
                sizeof(error)) : NULL;
        const struct caps_adapter *builtin = caps_adapter_lookup(ids[i], NULL, 0);

        if (!from_text || !builtin)
        {
            row_fail(&failures, i, ids[i], "%s", error);
            free(text);
            continue;
        }
        for (s = 0; s < mk_struct_count; ++s)
            if (memcmp(caps_adapter_values(from_text, s), caps_adapter_values(builtin, s), mk_structs[s].size))
                row_fail(&failures, i, ids[i], "%s differs", mk_structs[s].name);
        if (memcmp(caps_adapter_extra(from_text), caps_adapter_extra(builtin), sizeof(struct caps_adapter_extra)))
            row_fail(&failures, i, ids[i], "the \"adapter\" answers differ");
        if (from_text->format_count != builtin->format_count)
            row_fail(&failures, i, ids[i], "%u formats, the built-in %u", from_text->format_count,
                    builtin->format_count);
        caps_adapter_free(from_text);
        free(text);
    }
    rows_done(&failures);
}

/* A whole-machine report: every adapter registered at once, in order; the
 * machine of MOCKD3D12_ADAPTERS is the report's (its WARP last). */
static void test_machine(void **state)
{
    const struct caps_adapter *found[8], *again[8];
    struct caps_machine machine;
    char error[1024];
    unsigned count, before = caps_adapter_count();

    (void)state;
    count = caps_adapter_lookup_all(machine_path, found, 8, error, sizeof(error));
    if (!count)
        fail_msg("%s", error);
    assert_int_equal(count, 3);
    assert_int_equal(caps_adapter_count(), before + 3);
    assert_string_equal(caps_adapter_description(found[0]), "NVIDIA GeForce RTX 5070 Ti");
    assert_string_equal(caps_adapter_description(found[1]), "AMD Radeon(TM) Graphics");
    assert_string_equal(caps_adapter_id(found[2]), "microsoft-basic-render-driver");
    assert_true(caps_adapter_is_software(found[2]));
    /* The report's LUIDs, also where a built-in from the same report has one. */
    assert_int_equal(caps_adapter_luid(found[0]).LowPart, 0x14B6F);
    assert_int_equal(caps_adapter_luid(found[1]).LowPart, 0x160C7);
    /* Loaded once: the same adapters again; the file's first for a single lookup. */
    assert_int_equal(caps_adapter_lookup_all(machine_path, again, 8, error, sizeof(error)), 3);
    assert_ptr_equal(again[1], found[1]);
    assert_ptr_equal(caps_adapter_lookup(machine_path, NULL, 0), found[0]);
    assert_int_equal(caps_adapter_count(), before + 3);
    /* An id stays one adapter. */
    assert_int_equal(caps_adapter_lookup_all(caps_adapter_id(found[1]), again, 8, error, sizeof(error)), 1);

    setenv("MOCKD3D12_ADAPTERS", machine_path, 1);
    assert_int_equal(caps_machine_resolve(&machine, error, sizeof(error)), S_OK);
    assert_int_equal(machine.count, 3);
    assert_ptr_equal(machine.adapters[0], found[0]);
    assert_ptr_equal(machine.adapters[1], found[1]);
    assert_ptr_equal(machine.adapters[2], found[2]);
    /* Mixed with an id: the id's adapter, then the report's, its WARP last. */
        {
        char list[1200];

        snprintf(list, sizeof(list), "intel-arc-a770,%s", machine_path);
        setenv("MOCKD3D12_ADAPTERS", list, 1);
    }
    assert_int_equal(caps_machine_resolve(&machine, error, sizeof(error)), S_OK);
    assert_int_equal(machine.count, 4);
    assert_string_equal(caps_adapter_id(machine.adapters[0]), "intel-arc-a770");
    assert_ptr_equal(machine.adapters[3], found[2]);
    unsetenv("MOCKD3D12_ADAPTERS");

    /* The control API takes a report where it takes a profile file: its first adapter. */
    {
        const struct caps_adapter *chosen = NULL;

        assert_int_equal(mockd3d12_register_profile_file(machine_path, error, sizeof(error)), S_OK);
        assert_int_equal(caps_adapter_count(), before + 3);
        assert_int_equal(mockd3d12_select_adapter(machine_path), S_OK);
        assert_int_equal(caps_adapter_chosen(&chosen, error, sizeof(error)), S_OK);
        assert_ptr_equal(chosen, found[0]);
        assert_int_equal(mockd3d12_select_adapter(NULL), S_OK);
    }
}

static void test_ids(void **state)
{
    static const struct
    {
        const char *description, *id;
    }
    rows[] =
    {
        {"NVIDIA GeForce RTX 5070 Ti", "nvidia-geforce-rtx-5070-ti"},
        {"Intel(R) Arc(TM) A770 Graphics", "intel-arc-a770-graphics"},
        {"AMD Radeon(TM) Graphics", "amd-radeon-graphics"},
        {"  --Weird__Name!!  ", "weird-name"},
        {"(R)(TM)", "adapter"},
        {"", "adapter"},
        {"GPU \xc3\xa9t\xc3\xa9 2", "gpu-t-2"},
        /* Past 64 characters: cut at a '-' near the end. */
        {"Very Long Adapter Description That Goes On And On Beyond Sixty Four Characters Total",
                "very-long-adapter-description-that-goes-on-and-on-beyond-sixty"},
        {"A123456789B123456789C123456789D123456789E123456789F123456789G123456789",
                "a123456789b123456789c123456789d123456789e123456789f123456789g123"},
    };
    struct row_failures failures = {0};
    char id[72];
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        caps_d3d12info_make_id(rows[i].description, id, sizeof(id));
        if (strcmp(id, rows[i].id) || !caps_profile_id_valid(id))
            row_fail(&failures, i, rows[i].description, "id \"%s\", expected \"%s\"", id, rows[i].id);
    }
    rows_done(&failures);
}

/* A report with garbage in a field: refused with the report's line:column and
 * key path, and none of its adapters registered. */
static void test_errors(void **state)
{
    static const struct
    {
        const char *name, *text, *message;
    }
    rows[] =
    {
        {"syntax", "{\"Adapters\": [", "r.json:1:14: "},
        {"no adapters", "{\"Header\": {\"Program\": \"D3d12info\"}}",
                "r.json:1:1: a D3d12info report has an \"Adapters\" array"},
        {"empty array", "{\"Header\": {\"Program\": \"D3d12info\"}, \"Adapters\": []}",
                "key 'Adapters': no adapter 0: the report has 0"},
        {"no desc", "{\"Header\": {\"Program\": \"D3d12info\"}, \"Adapters\": [{\"D3D12_FEATURE_DATA_D3D12_OPTIONS\": {}}]}",
                "r.json:1:51: key 'Adapters[0]': missing DXGI_ADAPTER_DESC3"},
        {"description", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": 7}}]}",
                "r.json:1:54: key 'Adapters[0].DXGI_ADAPTER_DESC3.Description': expected a string, got an integer"},
        {"vendor", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\", \"VendorId\": -1}}]}",
                "key 'Adapters[0].DXGI_ADAPTER_DESC3.VendorId': expected an unsigned 32-bit integer, got an integer"},
        {"memory", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\", \"DedicatedVideoMemory\": \"lots\"}}]}",
                "key 'Adapters[0].DXGI_ADAPTER_DESC3.DedicatedVideoMemory': expected an unsigned 64-bit integer, got a string"},
        {"luid", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\", \"AdapterLuid\": \"12-34\"}}]}",
                "key 'Adapters[0].DXGI_ADAPTER_DESC3.AdapterLuid': expected a LUID \"HHHHHHHH-LLLLLLLL\", got \"12-34\""},
        {"preemption", "{\"Adapter\": {\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\", \"GraphicsPreemptionGranularity\": 9}}}",
                "key 'Adapter.DXGI_ADAPTER_DESC3.GraphicsPreemptionGranularity': expected a preemption granularity from 0 to 4, got 9"},
        {"bool field", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\"}, "
                "\"D3D12_FEATURE_DATA_D3D12_OPTIONS\": {\"ROVsSupported\": \"yes\"}}]}",
                "r.json:1:114: key 'Adapters[0].D3D12_FEATURE_DATA_D3D12_OPTIONS.ROVsSupported': expected a boolean, got a string"},
        {"enum name", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\"}, "
                "\"D3D12_FEATURE_DATA_D3D12_OPTIONS5\": {\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_9\"}}]}",
                "'D3D12_RAYTRACING_TIER_9' is no D3D12_RAYTRACING_TIER member"},
        {"negative enum", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\"}, "
                "\"D3D12_FEATURE_DATA_D3D12_OPTIONS5\": {\"RaytracingTier\": -3}}]}",
                "-3 is no D3D12_RAYTRACING_TIER value"},
        {"section", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\"}, "
                "\"D3D12_FEATURE_DATA_D3D12_OPTIONS\": 5}]}",
                "key 'Adapters[0].D3D12_FEATURE_DATA_D3D12_OPTIONS': expected an object, got an integer"},
        {"priority", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\"}, "
                "\"D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY\": {\"TYPE_COPY.PRIORITY_HIGH.PriorityForTypeIsSupported\": 3}}]}",
                "key 'Adapters[0].D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY.TYPE_COPY.PRIORITY_HIGH.PriorityForTypeIsSupported': "
                "expected a boolean, got an integer"},
        {"descriptor size", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\"}, "
                "\"GetDescriptorHandleIncrementSize\": {\"D3D12_DESCRIPTOR_HEAP_TYPE_DSV\": 0}}]}",
                "key 'Adapters[0].GetDescriptorHandleIncrementSize.D3D12_DESCRIPTOR_HEAP_TYPE_DSV': a descriptor handle increment is never 0"},
        {"umd", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\"}, \"CheckInterfaceSupport\": {\"UMDVersion\": true}}]}",
                "key 'Adapters[0].CheckInterfaceSupport.UMDVersion': expected an unsigned 64-bit integer, got a boolean"},
        {"budget", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\"}, "
                "\"DXGI_QUERY_VIDEO_MEMORY_INFO[DXGI_MEMORY_SEGMENT_GROUP_LOCAL]\": {\"Budget\": 4, \"AvailableForReservation\": 5}, "
                "\"DXGI_QUERY_VIDEO_MEMORY_INFO[DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL]\": {\"Budget\": 0}}]}",
                "AvailableForReservation': 5 is more than the Budget, 4"},
        {"format", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\"}, "
                "\"Formats\": {\"28\": {\"Support1\": \"all\"}}}]}",
                "key 'Adapters[0].Formats.28.Support1': expected an unsigned 32-bit integer, got a string"},
        {"sample count", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\"}, "
                "\"Formats\": {\"28\": {\"MultisampleQualityLevels\": {\"3\": {\"NumQualityLevels\": 1}}}}}]}",
                "key 'Adapters[0].Formats.28.MultisampleQualityLevels.3': expected a sample count"},
        {"plane count", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\"}, "
                "\"Formats\": {\"28\": {\"PlaneCount\": 9}}}]}",
                "expected a plane count from 1 to 4, got 9"},
        {"tearing", "{\"SystemInfo\": {\"DXGI_FEATURE\": {\"DXGI_FEATURE_PRESENT_ALLOW_TEARING\": \"no\"}}, "
                "\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\"}}]}",
                "key 'SystemInfo.DXGI_FEATURE.DXGI_FEATURE_PRESENT_ALLOW_TEARING': expected a boolean, got a string"},
        /* The second adapter is bad: the first is not registered either. */
        {"second adapter", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"good one\"}}, "
                "{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"bad\", \"Revision\": 1.5}}]}",
                "key 'Adapters[1].DXGI_ADAPTER_DESC3.Revision': expected an unsigned 32-bit integer, got a real number"},
    };
    struct row_failures failures = {0};
    char error[1024];
    unsigned i, before = caps_adapter_count();

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        const struct caps_adapter *out = (const struct caps_adapter *)(uintptr_t)1;
        HRESULT hr;

        error[0] = 0;
        hr = caps_profile_load(rows[i].text, strlen(rows[i].text), "r.json", true, &out, error, sizeof(error));
        if (rows[i].name[0] == 's' && rows[i].name[1] == 'y') /* syntax: not detected as a report at all */
        {
            if (hr != E_INVALIDARG || !strstr(error, rows[i].message))
                row_fail(&failures, i, rows[i].name, "%#x: %s", (unsigned)hr, error);
            continue;
        }
        if (hr != E_INVALIDARG || !strstr(error, rows[i].message) || out)
            row_fail(&failures, i, rows[i].name, "%#x: \"%s\", expected \"%s\"", (unsigned)hr, error, rows[i].message);
        if (!strstr(error, "r.json:"))
            row_fail(&failures, i, rows[i].name, "not located: %s", error);
    }
    if (caps_adapter_count() != before)
        row_fail(&failures, 0, "registry", "%u adapters registered by failed loads", caps_adapter_count() - before);
    rows_done(&failures);
}

/* Unknown sections and keys are no error (D3d12info adds some every release). */
static void test_unknown_keys(void **state)
{
    static const char text[] = "{\"Header\": {\"Program\": \"D3d12info\", \"Version\": \"9.0.0\", \"New\": 1},"
            " \"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"Future GPU\", \"NewField\": 2},"
            " \"D3D12_FEATURE_DATA_D3D12_OPTIONS99\": {\"X\": 1},"
            " \"D3D12_FEATURE_DATA_D3D12_OPTIONS\": {\"ROVsSupported\": true, \"FutureField\": 3},"
            " \"SomethingNew\": [1, 2]}]}";
    const struct caps_adapter *a = NULL;
    json_t *p = import(text, sizeof(text) - 1, 0, "future");
    json_t *ignored = at(p, "metadata", "ignoredKeys", NULL);
    char error[1024];

    (void)state;
    assert_int_equal(json_array_size(ignored), 3);
    assert_string_equal(json_string_value(json_array_get(ignored, 0)), "Adapters[0].D3D12_FEATURE_DATA_D3D12_OPTIONS99");
    assert_string_equal(json_string_value(json_array_get(ignored, 1)),
            "Adapters[0].D3D12_FEATURE_DATA_D3D12_OPTIONS.FutureField");
    assert_string_equal(json_string_value(json_array_get(ignored, 2)), "Adapters[0].SomethingNew");
    assert_true(json_is_true(at(p, "features", "D3D12_OPTIONS", "ROVsSupported")));
    json_decref(p);
    assert_int_equal(caps_profile_load(text, sizeof(text) - 1, "future.json", true, &a, error, sizeof(error)), S_OK);
    assert_string_equal(caps_adapter_id(a), "future-gpu");
    /* A report's index past its adapters. */
    assert_null(caps_d3d12info_import(text, sizeof(text) - 1, "r.json", 1, NULL, NULL, error, sizeof(error)));
    assert_non_null(strstr(error, "no adapter 1: the report has 1"));
}

/* D3d12info --MetaCommands output: the report's meta commands are what
 * EnumerateMetaCommands and EnumerateMetaCommandParameters answer, and the
 * profile's dump keeps them. */
static const char meta_report[] =
    "{\"Header\": {\"Program\": \"D3d12info\", \"Version\": \"3.18.0\", \"D3D12_SDK_VERSION\": 619},\n"
    " \"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"Meta GPU\", \"VendorId\": 4318},\n"
    "  \"EnumerateMetaCommands\": [\n"
    "   {\"Id\": \"{0C9FD0D2-BD49-4E53-B21C-C0A01B32EE76}\", \"Name\": \"Conv \xc3\xa9\", \"InitializationDirtyState\": 0,\n"
    "    \"ExecutionDirtyState\": 16,\n"
    "    \"D3D12_META_COMMAND_PARAMETER_STAGE_CREATION\": {\"TotalStructureSizeInBytes\": 16, \"Parameters\": [\n"
    "      {\"Name\": \"Width\", \"Type\": 1, \"Flags\": 0, \"RequiredResourceState\": 0, \"StructureOffset\": 0},\n"
    "      {\"Name\": \"Height\", \"Type\": 1, \"Flags\": 0, \"RequiredResourceState\": 0, \"StructureOffset\": 8, \"New\": 1}]},\n"
    "    \"D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION\": {\"TotalStructureSizeInBytes\": 8, \"Parameters\": [\n"
    "      {\"Name\": \"Output\", \"Type\": 3, \"Flags\": 1, \"RequiredResourceState\": 8, \"StructureOffset\": 0}]}},\n"
    "   {\"Id\": \"{11111111-2222-3333-4444-555555555555}\", \"Name\": \"Second\"}]}]}";

static void test_meta_commands(void **state)
{
    static const GUID conv = {0x0c9fd0d2, 0xbd49, 0x4e53, {0xb2, 0x1c, 0xc0, 0xa0, 0x1b, 0x32, 0xee, 0x76}};
    static const GUID unknown = {0x0c9fd0d2, 0xbd49, 0x4e53, {0xb2, 0x1c, 0xc0, 0xa0, 0x1b, 0x32, 0xee, 0x77}};
    static const mockd3d12_runtime runtime = {MOCKD3D12_RUNTIME_RETAIL, 620, 721, 620, 721, FALSE};
    D3D12_META_COMMAND_PARAMETER_DESC params[4];
    D3D12_META_COMMAND_DESC descs[3];
    const struct caps_adapter *a = NULL;
    struct caps_adapter *reloaded;
    struct mk_device *device;
    ID3D12Device5 *device5;
    char error[1024], *dump;
    UINT count, size;

    (void)state;
    assert_int_equal(caps_profile_load(meta_report, sizeof(meta_report) - 1, "meta.json", true, &a, error,
            sizeof(error)), S_OK);
    assert_int_equal(mk_device_create(a, &runtime, D3D_FEATURE_LEVEL_11_0, &device), S_OK);
    device5 = (ID3D12Device5 *)&device->ID3D12Device17_iface;

    assert_int_equal(ID3D12Device5_EnumerateMetaCommands(device5, &count, NULL), S_OK);
    assert_int_equal(count, 2);
    count = 1;
    memset(descs, 0, sizeof(descs));
    assert_int_equal(ID3D12Device5_EnumerateMetaCommands(device5, &count, descs), S_OK);
    assert_int_equal(count, 1);
    assert_null(descs[1].Name);
    count = 3;
    assert_int_equal(ID3D12Device5_EnumerateMetaCommands(device5, &count, descs), S_OK);
    assert_int_equal(count, 2);
    assert_memory_equal(&descs[0].Id, &conv, sizeof(GUID));
    assert_true(descs[0].Name[0] == 'C' && descs[0].Name[4] == ' ' && descs[0].Name[5] == 0xe9 && !descs[0].Name[6]);
    assert_int_equal(descs[0].ExecutionDirtyState, 16);
    assert_true(descs[1].Name[0] == 'S');
    assert_int_equal(ID3D12Device5_EnumerateMetaCommands(device5, NULL, descs), E_INVALIDARG);

    assert_int_equal(ID3D12Device5_EnumerateMetaCommandParameters(device5, &conv,
            D3D12_META_COMMAND_PARAMETER_STAGE_CREATION, &size, &count, NULL), S_OK);
    assert_int_equal(size, 16);
    assert_int_equal(count, 2);
    assert_int_equal(ID3D12Device5_EnumerateMetaCommandParameters(device5, &conv,
            D3D12_META_COMMAND_PARAMETER_STAGE_CREATION, NULL, &count, params), S_OK);
    assert_int_equal(count, 2);
    assert_true(params[1].Name[0] == 'H' && params[1].StructureOffset == 8 && params[1].Type == 1);
    count = 4;
    assert_int_equal(ID3D12Device5_EnumerateMetaCommandParameters(device5, &conv,
            D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION, &size, &count, params), S_OK);
    assert_int_equal(count, 1);
    assert_int_equal(size, 8);
    assert_int_equal(params[0].RequiredResourceState, 8);
    assert_int_equal(params[0].Flags, 1);
    /* A stage the command does not have, an unknown id, a bad stage, a NULL count. */
    assert_int_equal(ID3D12Device5_EnumerateMetaCommandParameters(device5, &conv,
            D3D12_META_COMMAND_PARAMETER_STAGE_INITIALIZATION, &size, &count, NULL), E_INVALIDARG);
    assert_int_equal(ID3D12Device5_EnumerateMetaCommandParameters(device5, &unknown,
            D3D12_META_COMMAND_PARAMETER_STAGE_CREATION, &size, &count, NULL), E_INVALIDARG);
    assert_int_equal(ID3D12Device5_EnumerateMetaCommandParameters(device5, &conv,
            (D3D12_META_COMMAND_PARAMETER_STAGE)3, &size, &count, NULL), E_INVALIDARG);
    assert_int_equal(ID3D12Device5_EnumerateMetaCommandParameters(device5, &conv,
            D3D12_META_COMMAND_PARAMETER_STAGE_CREATION, &size, NULL, NULL), E_INVALIDARG);
    ID3D12Device5_Release(device5);

    /* The dump keeps them (the unknown parameter key is not carried over). */
    assert_non_null(dump = caps_adapter_to_json(a));
    assert_non_null(strstr(dump, "\"Id\": \"{0C9FD0D2-BD49-4E53-B21C-C0A01B32EE76}\""));
    reloaded = caps_profile_parse(dump, strlen(dump), "dump", NULL, error, sizeof(error));
    if (!reloaded)
        fail_msg("%s", error);
    assert_int_equal(reloaded->meta_command_count, 2);
    assert_int_equal(reloaded->meta_commands[0].stages[2].parameters[0].required_state, 8);
    assert_string_equal(reloaded->meta_commands[0].utf8_name, "Conv \xc3\xa9");
    caps_adapter_free(reloaded);
    free(dump);
}

/* Meta commands a profile gets wrong. */
static void test_meta_command_errors(void **state)
{
    static const struct
    {
        const char *name, *text, *message;
    }
    rows[] =
    {
        {"not an array", "{\"id\": \"m1\", \"metaCommands\": {}}", "key 'metaCommands': expected an array of meta commands"},
        {"no id", "{\"id\": \"m2\", \"metaCommands\": [{\"Name\": \"x\"}]}", "key 'metaCommands[0]': missing \"Id\""},
        {"bad guid", "{\"id\": \"m3\", \"metaCommands\": [{\"Id\": \"{0C9FD0D2-BD49-4E53-B21C}\", \"Name\": \"x\"}]}",
                "key 'metaCommands[0].Id': expected a GUID"},
        {"one brace", "{\"id\": \"m3b\", \"metaCommands\": [{\"Id\": \"{0C9FD0D2-BD49-4E53-B21C-C0A01B32EE76\", \"Name\": \"x\"}]}",
                "key 'metaCommands[0].Id': expected a GUID"},
        {"other brace", "{\"id\": \"m3c\", \"metaCommands\": [{\"Id\": \"0C9FD0D2-BD49-4E53-B21C-C0A01B32EE76}\", \"Name\": \"x\"}]}",
                "key 'metaCommands[0].Id': expected a GUID"},
        {"twice", "{\"id\": \"m4\", \"metaCommands\": [{\"Id\": \"11111111-2222-3333-4444-555555555555\", \"Name\": \"a\"},"
                " {\"Id\": \"{11111111-2222-3333-4444-555555555555}\", \"Name\": \"b\"}]}", "is declared twice"},
        {"no name", "{\"id\": \"m5\", \"metaCommands\": [{\"Id\": \"11111111-2222-3333-4444-555555555555\"}]}",
                "missing \"Name\""},
        {"unknown key", "{\"id\": \"m6\", \"metaCommands\": [{\"Id\": \"11111111-2222-3333-4444-555555555555\", "
                "\"Name\": \"a\", \"Extra\": 1}]}", "key 'metaCommands[0].Extra': unknown key in a meta command"},
        {"type", "{\"id\": \"m7\", \"metaCommands\": [{\"Id\": \"11111111-2222-3333-4444-555555555555\", \"Name\": \"a\", "
                "\"D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION\": {\"TotalStructureSizeInBytes\": 8, \"Parameters\": "
                "[{\"Name\": \"p\", \"Type\": 9, \"StructureOffset\": 0}]}}]}", "Type 9 is no D3D12_META_COMMAND_PARAMETER_TYPE"},
        {"offset", "{\"id\": \"m8\", \"metaCommands\": [{\"Id\": \"11111111-2222-3333-4444-555555555555\", \"Name\": \"a\", "
                "\"D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION\": {\"TotalStructureSizeInBytes\": 8, \"Parameters\": "
                "[{\"Name\": \"p\", \"Type\": 1, \"StructureOffset\": 8}]}}]}", "StructureOffset 8 is past TotalStructureSizeInBytes, 8"},
        {"stage size", "{\"id\": \"m9\", \"metaCommands\": [{\"Id\": \"11111111-2222-3333-4444-555555555555\", \"Name\": \"a\", "
                "\"D3D12_META_COMMAND_PARAMETER_STAGE_CREATION\": {}}]}", "missing \"TotalStructureSizeInBytes\""},
        /* In a report: located there. */
        {"report guid", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\"}, "
                "\"EnumerateMetaCommands\": [{\"Id\": \"nope\", \"Name\": \"a\"}]}]}",
                "r.json:1:93: key 'Adapters[0].EnumerateMetaCommands[0].Id': expected a GUID"},
        {"report parameter", "{\"Adapters\": [{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"x\"}, "
                "\"EnumerateMetaCommands\": [{\"Id\": \"11111111-2222-3333-4444-555555555555\", \"Name\": \"a\", "
                "\"D3D12_META_COMMAND_PARAMETER_STAGE_CREATION\": {\"TotalStructureSizeInBytes\": 4, \"Parameters\": "
                "[{\"Name\": \"p\", \"Type\": \"one\", \"StructureOffset\": 0}]}}]}]}",
                "key 'Adapters[0].EnumerateMetaCommands[0].D3D12_META_COMMAND_PARAMETER_STAGE_CREATION.Parameters[0].Type': "
                "expected an unsigned 32-bit integer, got a string"},
    };
    struct row_failures failures = {0};
    char error[1024];
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        HRESULT hr = caps_profile_load(rows[i].text, strlen(rows[i].text), "r.json", false, NULL, error, sizeof(error));

        if (hr != E_INVALIDARG || !strstr(error, rows[i].message) || !strstr(error, "r.json:"))
            row_fail(&failures, i, rows[i].name, "%#x: \"%s\", expected \"%s\"", (unsigned)hr, error, rows[i].message);
    }
    rows_done(&failures);
}

/* Every allocation of an import can fail: out of memory, nothing leaked. */
static void test_allocation_failures(void **state)
{
    const struct caps_builtin_profile *b = builtin_report("intel-arc-a770");
    char error[1024];
    long n;

    (void)state;
    mk_alloc_fail_skip_jansson(1);
    for (n = 0; n < 100000; ++n)
    {
        char *text;

        mk_alloc_fail_after(n);
        text = caps_d3d12info_import(b->json, b->length, "r.json", 0, NULL, NULL, error, sizeof(error));
        if (!mk_alloc_fail_triggered())
        {
            mk_alloc_fail_after(-1);
            assert_non_null(text);
            free(text);
            break;
        }
        mk_alloc_fail_after(-1);
        if (text)
            free(text);
        else if (!caps_error_is_oom(error))
            fail_msg("allocation %ld: %s", n, error);
    }
    mk_alloc_fail_skip_jansson(0);
    assert_true(n > 0);
}

static int setup(void **state)
{
    const char *dir = getenv("MOCKD3D12_TEST_DATA");
    FILE *f;

    (void)state;
    snprintf(machine_path, sizeof(machine_path), "%s/d3d12info/machine-3x.json", dir ? dir : "tests/data");
    assert_non_null(f = fopen(machine_path, "rb"));
    fseek(f, 0, SEEK_END);
    machine_length = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    machine_text = malloc(machine_length + 1);
    assert_int_equal(fread(machine_text, 1, machine_length, f), machine_length);
    fclose(f);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(machine_text);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_detection),
        cmocka_unit_test(test_sections),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_machine),
        cmocka_unit_test(test_ids),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_unknown_keys),
        cmocka_unit_test(test_meta_commands),
        cmocka_unit_test(test_meta_command_errors),
        cmocka_unit_test(test_allocation_failures),
    };

    return cmocka_run_group_tests(tests, setup, teardown);
}
