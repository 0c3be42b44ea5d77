/*
 * The Vulkan rule language (docs/vulkan.md) evaluated over rule tables that
 * data/vulkan-rules.tsv does not contain: every error a malformed rule
 * raises, with its exact message, and the operators and values the real
 * table never uses (+, >, <, flags values without one name, enum values
 * without a name). src/caps/vulkan_derive.c is compiled into this program
 * with rule_table.c, whose rows each test row writes (CMakeLists.txt here).
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <jansson.h>

#include "caps/vulkan.h"
#include "mk_tables.h"
#include "rule_table.h"

#define ORIGIN "rules.json"
#define AT(line, target) ORIGIN ": data/vulkan-rules.tsv:" #line " (" target "): "
#define WAVE "D3D12_OPTIONS1.WaveLaneCountMin"
#define DOUBLES "D3D12_OPTIONS.DoublePrecisionFloatShaderOps"
#define MIN_PRECISION "D3D12_OPTIONS.MinPrecisionSupport"
#define BINDING "D3D12_OPTIONS.ResourceBindingTier"
#define TILE "D3D12_OPTIONS6.ShadingRateImageTileSize"
#define A10 "aaaaaaaaaa"
#define A170 A10 A10 A10 A10 A10 A10 A10 A10 A10 A10 A10 A10 A10 A10 A10 A10 A10
#define TEST_PROPS "VkPhysicalDeviceTestPropertiesEXT"
#define STAGE "VK_SHADER_STAGE_VERTEX_BIT"
#define STAGE_COUNT 40

/* The report every row reads unless it names another: one line, with a test
 * properties struct holding an object, a null, a string and a list of
 * STAGE_COUNT strings (too long to be traced whole). */
static char default_report[4096];

static void make_default_report(void)
{
    size_t o;
    int i;

    o = (size_t)snprintf(default_report, sizeof(default_report),
            "{\"capabilities\": {\"device\": {\"extensions\": {\"VK_KHR_x\": 1}, "
            "\"features\": {\"VkPhysicalDeviceFeatures\": {\"robustBufferAccess\": true}}, "
            "\"properties\": {\"VkPhysicalDeviceProperties\": {\"deviceName\": \"Rule Test GPU\", "
            "\"vendorID\": 4318, \"deviceID\": 1, \"apiVersion\": 4206592, "
            "\"deviceType\": \"VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU\", "
            "\"limits\": {\"maxComputeWorkGroupCount\": [65535, 1024, 64]}, \"sparseProperties\": {}}, "
            "\"" TEST_PROPS "\": {\"object\": {}, \"nothing\": null, \"name\": \"FOO\", \"stages\": [");
    for (i = 0; i < STAGE_COUNT; ++i)
        o += (size_t)snprintf(default_report + o, sizeof(default_report) - o, "%s\"" STAGE "\"", i ? ", " : "");
    snprintf(default_report + o, sizeof(default_report) - o, "]}}}}}");
}

/* A report with a format: the format rules then run, and their conditions
 * name helper variables this table lacks. */
static const char report_with_formats[] =
        "{\"capabilities\": {\"device\": {\"features\": {\"VkPhysicalDeviceFeatures\": {\"robustBufferAccess\": true}}, "
        "\"formats\": {\"VK_FORMAT_R8_UNORM\": {\"VkFormatProperties\": {\"linearTilingFeatures\": [], "
        "\"optimalTilingFeatures\": [], \"bufferFeatures\": []}}}}}}";

/* Shading-rate attachment texel sizes (min, max) that no tile size fits
 * (8 is too narrow, 16 and 32 too tall), and that 16 fits first. */
#define FSR_REPORT(min_w, min_h, max_w, max_h) \
    "{\"capabilities\": {\"device\": {\"properties\": {\"VkPhysicalDeviceFragmentShadingRatePropertiesKHR\": {" \
    "\"minFragmentShadingRateAttachmentTexelSize\": {\"width\": " #min_w ", \"height\": " #min_h "}, " \
    "\"maxFragmentShadingRateAttachmentTexelSize\": {\"width\": " #max_w ", \"height\": " #max_h "}}}}}}"
static const char fsr_report_none[] = FSR_REPORT(16, 8, 32, 8);
static const char fsr_report_16[] = FSR_REPORT(8, 16, 32, 16);

struct rule
{
    const char *target, *value, *when, *kind; /* when, kind: NULL for "" and "vulkan-derived" */
};

struct rule_row
{
    const char *name;
    struct rule rules[RULE_ROWS]; /* rows without a target: "$unused<i>" = 0 */
    const char *ruleset;          /* NULL: vkd3d-proton */
    const char *report;           /* NULL: default_report */
    const char *error;            /* the whole error message, or NULL: the import succeeds */
    const char *field;            /* FEATURE.Field to read from the derived profile */
    const char *json;             /* its value, as compact JSON */
    const char *metadata;         /* "key=text": metadata.<key> holds text (a string or array element) */
};

static void write_rules(const struct rule *rules)
{
    size_t i;

    for (i = 0; i < RULE_ROWS; ++i)
    {
        if (rules[i].target)
        {
            snprintf(rule_targets[i], RULE_TEXT, "%s", rules[i].target);
            snprintf(rule_values[i], RULE_TEXT, "%s", rules[i].value);
            snprintf(rule_whens[i], RULE_TEXT, "%s", rules[i].when ? rules[i].when : "");
            snprintf(rule_kinds[i], RULE_TEXT, "%s", rules[i].kind ? rules[i].kind : "vulkan-derived");
        }
        else
        {
            snprintf(rule_targets[i], RULE_TEXT, "$unused%zu", i);
            snprintf(rule_values[i], RULE_TEXT, "0");
            rule_whens[i][0] = 0;
            snprintf(rule_kinds[i], RULE_TEXT, "constant");
        }
    }
}

/* Does metadata.<key> (a string, an array of strings, or an object of them)
 * hold `text`? */
static bool metadata_has(const json_t *metadata, const char *expectation, char *shown, size_t shown_size)
{
    char key[128];
    const char *eq = strchr(expectation, '='), *text = eq + 1, *k;
    const json_t *v, *e;
    size_t i;

    snprintf(key, sizeof(key), "%.*s", (int)(eq - expectation), expectation);
    v = json_object_get(metadata, key);
    shown[0] = 0;
    if (v)
    {
        char *dump = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
        snprintf(shown, shown_size, "%s", dump ? dump : "?");
        free(dump);
    }
    if (json_is_string(v))
        return strstr(json_string_value(v), text) != NULL;
    if (json_is_array(v))
        json_array_foreach(v, i, e)
            if (json_is_string(e) && !strcmp(json_string_value(e), text))
                return true;
    if (json_is_object(v))
        json_object_foreach((json_t *)v, k, e)
            if (json_is_string(e) && strstr(json_string_value(e), text))
                return true;
    return false;
}

static void run_rows(const struct rule_row *rows, size_t count)
{
    struct row_failures failures = {0};
    size_t i;

    make_default_report();
    for (i = 0; i < count; ++i)
    {
        const struct rule_row *row = &rows[i];
        const char *report = row->report ? row->report : default_report;
        char error[2048] = "untouched", shown[4096];
        char *text;

        write_rules(row->rules);
        text = caps_vulkan_import(report, strlen(report), ORIGIN, row->ruleset, NULL, error, sizeof(error));
        if (row->error)
        {
            if (text)
                row_fail(&failures, (unsigned)i, row->name, "imported, expected \"%s\"", row->error);
            else if (strcmp(error, row->error))
                row_fail(&failures, (unsigned)i, row->name, "error \"%s\", expected \"%s\"", error, row->error);
        }
        else if (!text)
            row_fail(&failures, (unsigned)i, row->name, "failed: %s", error);
        else
        {
            json_t *profile = json_loads(text, 0, NULL), *value;
            char feature[96];
            const char *dot = strchr(row->field, '.');
            char *got;

            snprintf(feature, sizeof(feature), "%.*s", (int)(dot - row->field), row->field);
            value = json_object_get(json_object_get(json_object_get(profile, "features"), feature), dot + 1);
            got = value ? json_dumps(value, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
            if (!got || strcmp(got, row->json))
                row_fail(&failures, (unsigned)i, row->name, "%s = %s, expected %s", row->field, got ? got : "(none)",
                        row->json);
            if (row->metadata && !metadata_has(json_object_get(profile, "metadata"), row->metadata, shown,
                    sizeof(shown)))
                row_fail(&failures, (unsigned)i, row->name, "metadata lacks %s: %s", row->metadata, shown);
            free(got);
            json_decref(profile);
        }
        free(text);
    }
    rows_done(&failures);
}

/* Each malformed rule, with the message that names its row and the text. */
static void test_syntax_errors(void **state)
{
    static const struct rule_row rows[] = {
        {"group missing ')'", {{WAVE, "(1"}}, NULL, NULL, AT(100, WAVE) "expected ')' at '' in '(1'"},
        {"no name", {{WAVE, "-1"}}, NULL, NULL, AT(100, WAVE) "expected a name at '-1' in '-1'"},
        {"name too long", {{WAVE, A170}}, NULL, NULL,
                AT(100, WAVE) "expected a name at '" A10 A10 "' in '" A170 "'"},
        {"trailing text", {{WAVE, "1 2"}}, NULL, NULL, AT(100, WAVE) "unexpected '2' in '1 2'"},
        {"index missing ']'", {{WAVE, "VkPhysicalDeviceLimits.maxComputeWorkGroupCount[0"}}, NULL, NULL,
                AT(100, WAVE) "expected ']' at '' in 'VkPhysicalDeviceLimits.maxComputeWorkGroupCount[0'"},
        {"img without bits", {{DOUBLES, "img(R8_UNORM)"}}, NULL, NULL,
                AT(100, DOUBLES) "img() takes bits(...) first, in 'img(R8_UNORM)'"},
        {"bits without '('", {{DOUBLES, "img(bits R8_UNORM)"}}, NULL, NULL,
                AT(100, DOUBLES) "expected '(' at 'R8_UNORM)' in 'img(bits R8_UNORM)'"},
        {"nine bits", {{DOUBLES, "img(bits(A, B, C, D, E, F, G, H, I), R8_UNORM)"}}, NULL, NULL,
                AT(100, DOUBLES) "too many bits in 'img(bits(A, B, C, D, E, F, G, H, I), R8_UNORM)'"},
        {"bit without a name", {{DOUBLES, "img1(bits(A, ), R8_UNORM)"}}, NULL, NULL,
                AT(100, DOUBLES) "expected a name at '), R8_UNORM)' in 'img1(bits(A, ), R8_UNORM)'"},
        {"bits missing ')'", {{DOUBLES, "buf1(bits(A B), R8_UNORM)"}}, NULL, NULL,
                AT(100, DOUBLES) "expected ')' at 'B), R8_UNORM)' in 'buf1(bits(A B), R8_UNORM)'"},
        {"format without a name", {{DOUBLES, "img(bits(A), -)"}}, NULL, NULL,
                AT(100, DOUBLES) "expected a name at '-)' in 'img(bits(A), -)'"},
        {"img missing ')'", {{DOUBLES, "img(bits(A), R8_UNORM"}}, NULL, NULL,
                AT(100, DOUBLES) "expected ')' at '' in 'img(bits(A), R8_UNORM'"},
        {"img without a format", {{DOUBLES, "img(bits(A))"}}, NULL, NULL,
                AT(100, DOUBLES) "img() names no format in 'img(bits(A))'"},
        {"sparse_queue with an argument", {{DOUBLES, "sparse_queue(1)"}}, NULL, NULL,
                AT(100, DOUBLES) "expected ')' at '1)' in 'sparse_queue(1)'"},
        {"fsr_tile_size with an argument", {{TILE, "fsr_tile_size(1)"}}, NULL, NULL,
                AT(100, TILE) "expected ')' at '1)' in 'fsr_tile_size(1)'"},
        {"ext without a name", {{DOUBLES, "ext()"}}, NULL, NULL, AT(100, DOUBLES) "expected a name at ')' in 'ext()'"},
        {"ext missing ')'", {{DOUBLES, "ext(VK_KHR_x"}}, NULL, NULL,
                AT(100, DOUBLES) "expected ')' at '' in 'ext(VK_KHR_x'"},
        {"has of a bad operand", {{DOUBLES, "has(-, A)"}}, NULL, NULL,
                AT(100, DOUBLES) "expected a name at '-, A)' in 'has(-, A)'"},
        {"has without a flag name", {{DOUBLES, "has(" TEST_PROPS ".stages, -)"}}, NULL, NULL,
                AT(100, DOUBLES) "expected a name at '-)' in 'has(" TEST_PROPS ".stages, -)'"},
        {"has missing ')'", {{DOUBLES, "has(" TEST_PROPS ".stages, " STAGE}}, NULL, NULL,
                AT(100, DOUBLES) "expected ')' at '' in 'has(" TEST_PROPS ".stages, " STAGE "'"},
        {"a single '&'", {{WAVE, "1 & 2"}}, NULL, NULL, AT(100, WAVE) "unexpected '& 2' in '1 & 2'"},
        {"'!=' without a left operand", {{WAVE, "!= 1"}}, NULL, NULL, AT(100, WAVE) "expected a name at '!= 1' in '!= 1'"},
        {"a negative index", {{WAVE, "VkPhysicalDeviceLimits.maxComputeWorkGroupCount[-1]"}}, NULL, NULL,
                AT(100, WAVE) "VkPhysicalDeviceLimits.maxComputeWorkGroupCount[-1] is not an integer element of an array"},
        {"unknown function", {{DOUBLES, "nosuch(1)"}}, NULL, NULL,
                AT(100, DOUBLES) "unknown function nosuch() in 'nosuch(1)'"},
    };

    (void)state;
    run_rows(rows, ARRAY_SIZE(rows));
}

/* Errors of a well-formed table that does not hold together, and of values
 * of the wrong kind. */
static void test_table_errors(void **state)
{
    static const struct rule_row rows[] = {
        {"reference without a rule", {{WAVE, "$nope"}}, NULL, NULL,
                AT(100, WAVE) "'$nope' has no rule under this rule set"},
        {"field reference without a rule", {{WAVE, "D3D12_OPTIONS.MaxGPUVirtualAddressBitsPerResource"}}, NULL,
                NULL, AT(100, WAVE) "'D3D12_OPTIONS.MaxGPUVirtualAddressBitsPerResource' has no rule under this rule set"},
        {"rule of the other rule set", {{WAVE, "$vkd3d_only"}, [7] = {"$vkd3d_only", "1"}}, NULL, NULL,
                AT(100, WAVE) "'$vkd3d_only' has no rule under this rule set"},
        {"cycle", {{WAVE, "$a"}, {"$a", "$b"}, {"$b", "$a + 1"}}, NULL, NULL, AT(102, "$b") "'$a' depends on itself"},
        {"no final row", {{WAVE, "1", "false"}}, NULL, NULL,
                AT(100, WAVE) "no row of '" WAVE "' applies (the table needs a final unconditional row)"},
        {"no such field", {{"D3D12_OPTIONS1.NoSuchField", "1"}}, NULL, NULL,
                AT(100, "D3D12_OPTIONS1.NoSuchField") "D3D12_OPTIONS1.NoSuchField is not a field of the generated tables"},
        {"no such feature", {{"NO_SUCH_FEATURE.Field", "1"}}, NULL, NULL,
                AT(100, "NO_SUCH_FEATURE.Field") "NO_SUCH_FEATURE.Field is not a field of the generated tables"},
        {"a name for a value", {{WAVE, "SOME_NAME"}}, NULL, NULL,
                AT(100, WAVE) "the value SOME_NAME is not a number or a known D3D12 enum value"},
        {"a list for a value", {{WAVE, TEST_PROPS ".stages"}}, NULL, NULL,
                AT(100, WAVE) "the value (a list) is not a number or a known D3D12 enum value"},
        {"a name for a boolean", {{DOUBLES, "FOO && true"}}, NULL, NULL,
                AT(100, DOUBLES) "expected a boolean in 'FOO && true', got FOO"},
        {"a list for a boolean", {{DOUBLES, "true || " TEST_PROPS ".stages || false"}}, NULL, NULL, NULL, DOUBLES,
                "true"},
        {"a list for a boolean, evaluated", {{DOUBLES, TEST_PROPS ".stages || false"}}, NULL, NULL,
                AT(100, DOUBLES) "expected a boolean in '" TEST_PROPS ".stages || false', got a list"},
        {"an enum name for has()", {{DOUBLES, "has(" TEST_PROPS ".name, FOO)"}}, NULL, NULL,
                AT(100, DOUBLES) "has() expects a flag list first in 'has(" TEST_PROPS ".name, FOO)'"},
        {"a number for in()", {{DOUBLES, "in(1, FOO)"}}, NULL, NULL,
                AT(100, DOUBLES) "in() expects an enum name first in 'in(1, FOO)'"},
        /* A format rule's condition is no row: its error names none. */
        {"format rules without their variables", {{WAVE, "1"}}, NULL, report_with_formats,
                ORIGIN ": 'D3D12_OPTIONS.TypedUAVLoadAdditionalFormats' has no rule under this rule set"},
    };

    (void)state;
    run_rows(rows, ARRAY_SIZE(rows));
}

/* Inputs of a kind no rule can use: the error names the report's JSON path
 * and where it is in the file (the report is one line). */
static void test_input_errors(void **state)
{
    char object_error[512], null_error[512];
    const char *at;
    struct rule_row rows[2] = {
        {"an object input", {{WAVE, TEST_PROPS ".object"}}, NULL, NULL, object_error},
        {"a null input", {{WAVE, TEST_PROPS ".nothing"}}, NULL, NULL, null_error},
    };

    (void)state;
    make_default_report();
    at = strstr(default_report, "\"object\": ") + strlen("\"object\": ");
    snprintf(object_error, sizeof(object_error), ORIGIN ":1:%d: capabilities.device.properties." TEST_PROPS
            ".object: expected a boolean, number, string or array, got an object", (int)(at - default_report) + 1);
    at = strstr(default_report, "\"nothing\": ") + strlen("\"nothing\": ");
    snprintf(null_error, sizeof(null_error), ORIGIN ":1:%d: capabilities.device.properties." TEST_PROPS
            ".nothing: expected a boolean, number, string or array, got null", (int)(at - default_report) + 1);
    run_rows(rows, ARRAY_SIZE(rows));
}

/* Operators and values the real table does not use, and what they become. */
static void test_values(void **state)
{
    static const struct rule_row rows[] = {
        {"sum and product", {{WAVE, "1 + 2 * 3"}}, NULL, NULL, NULL, WAVE, "7"},
        {"sum of a helper", {{WAVE, "$x + 0x10"}, {"$x", "VkPhysicalDeviceLimits.maxComputeWorkGroupCount[2]"}}, NULL,
                NULL, NULL, WAVE, "80", "derivedFrom=VkPhysicalDeviceLimits.maxComputeWorkGroupCount = [?, ?, ?]"},
        {"greater, true", {{DOUBLES, "2 > 1"}}, NULL, NULL, NULL, DOUBLES, "true"},
        {"greater, false", {{DOUBLES, "1 > 2"}}, NULL, NULL, NULL, DOUBLES, "false"},
        {"less, true", {{DOUBLES, "VkPhysicalDeviceLimits.maxComputeWorkGroupCount[2] < 65"}}, NULL, NULL, NULL,
                DOUBLES, "true"},
        {"less, false", {{DOUBLES, "2 < 1"}}, NULL, NULL, NULL, DOUBLES, "false"},
        {"name against a number", {{DOUBLES, TEST_PROPS ".name == 1"}}, NULL, NULL, NULL, DOUBLES, "false"},
        {"number against a name", {{DOUBLES, "1 != " TEST_PROPS ".name"}}, NULL, NULL, NULL, DOUBLES, "true"},
        {"names of one length", {{DOUBLES, TEST_PROPS ".name == BAR"}}, NULL, NULL, NULL, DOUBLES, "false"},
        {"names equal", {{DOUBLES, TEST_PROPS ".name == FOO"}}, NULL, NULL, NULL, DOUBLES, "true"},
        {"index of a skipped constant", {{DOUBLES, "false && true[0]"}}, NULL, NULL, NULL, DOUBLES, "false"},
        {"index of a skipped input", {{DOUBLES, "false && VkPhysicalDeviceLimits.maxComputeWorkGroupCount[0] == 1"}},
                NULL, NULL, NULL, DOUBLES, "false"},
        {"flags without one name", {{MIN_PRECISION, "3"}}, NULL, NULL, NULL, MIN_PRECISION,
                "\"D3D12_SHADER_MIN_PRECISION_SUPPORT_10_BIT | D3D12_SHADER_MIN_PRECISION_SUPPORT_16_BIT\""},
        {"flags no member covers", {{MIN_PRECISION, "6"}}, NULL, NULL, NULL, MIN_PRECISION, "6"},
        {"an enum value without a name", {{BINDING, "7"}}, NULL, NULL, NULL, BINDING, "7"},
        {"fsr_tile_size without its struct", {{TILE, "fsr_tile_size()"}}, NULL, NULL, NULL, TILE, "0",
                "absentInputs=capabilities.device.properties.VkPhysicalDeviceFragmentShadingRatePropertiesKHR"},
        {"a long list, traced cut", {{DOUBLES, "has(" TEST_PROPS ".stages, " STAGE ")"}}, NULL, NULL, NULL, DOUBLES,
                "true", "derivedFrom=" TEST_PROPS ".stages = [" STAGE ", " STAGE ", "},
        {"the vkd3d rule set", {{WAVE, "$vkd3d_only"}, [6] = {"$vkd3d_only", "1"}, [7] = {"$vkd3d_only", "2"}},
                "vkd3d", NULL, NULL, WAVE, "2", "rules=vkd3d"},
        {"the vkd3d-proton rule set", {{WAVE, "$vkd3d_only"}, [6] = {"$vkd3d_only", "1"}, [7] = {"$vkd3d_only", "2"}},
                "vkd3d-proton", NULL, NULL, WAVE, "1", "rules=vkd3d-proton"},
        {"fsr_tile_size, no size tall enough", {{TILE, "fsr_tile_size()"}}, NULL, fsr_report_none, NULL, TILE, "0"},
        {"fsr_tile_size, 16 the first", {{TILE, "fsr_tile_size()"}}, NULL, fsr_report_16, NULL, TILE, "16"},
        {"a target that is no field", {{WAVE, "5"}, {"NODOT", "1"}}, NULL, NULL, NULL, WAVE, "5"},
        {"a constant's kind", {{WAVE, "4", NULL, "constant"}}, NULL, NULL, NULL, WAVE, "4",
                "defaults=constant"},
    };

    (void)state;
    run_rows(rows, ARRAY_SIZE(rows));
}

/* The profile id made from the device name, and the driver identity
 * copied from VkPhysicalDeviceDriverProperties when Vulkan 1.2's
 * properties are absent. */
static void test_ids(void **state)
{
    static const struct
    {
        const char *device_name, *driver, *id, *identity;
    }
    rows[] = {
        {"Rule GPU (tm)!", "", "vulkan-rule-gpu-tm", "{\"deviceName\":\"Rule GPU (tm)!\"}"},
        {"!!!", "\"driverID\": \"VK_DRIVER_ID_MESA_LLVMPIPE\"", "vulkan",
                "{\"deviceName\":\"!!!\",\"driverID\":\"VK_DRIVER_ID_MESA_LLVMPIPE\"}"},
        {"GPU", "\"driverInfo\": \"1.0\"", "vulkan-gpu", "{\"deviceName\":\"GPU\",\"driverInfo\":\"1.0\"}"},
    };
    struct row_failures failures = {0};
    char report[1024], error[512];
    size_t i;

    (void)state;
    write_rules((const struct rule[RULE_ROWS]){{WAVE, "1"}});
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        json_t *profile, *identity;
        char *text, *got;

        snprintf(report, sizeof(report), "{\"capabilities\": {\"device\": {\"properties\": {"
                "\"VkPhysicalDeviceProperties\": {\"deviceName\": \"%s\", \"vendorID\": 1, \"deviceID\": 2, "
                "\"apiVersion\": 0, \"deviceType\": \"VK_PHYSICAL_DEVICE_TYPE_OTHER\", \"limits\": {}, "
                "\"sparseProperties\": {}}, \"VkPhysicalDeviceDriverProperties\": {%s}}}}}", rows[i].device_name,
                rows[i].driver);
        if (!(text = caps_vulkan_import(report, strlen(report), ORIGIN, NULL, NULL, error, sizeof(error))))
        {
            row_fail(&failures, (unsigned)i, rows[i].device_name, "failed: %s", error);
            continue;
        }
        profile = json_loads(text, 0, NULL);
        if (strcmp(json_string_value(json_object_get(profile, "id")), rows[i].id))
            row_fail(&failures, (unsigned)i, rows[i].device_name, "id %s, expected %s",
                    json_string_value(json_object_get(profile, "id")), rows[i].id);
        identity = json_object_get(json_object_get(profile, "metadata"), "vulkanReport");
        json_object_del(identity, "apiVersion");
        json_object_del(identity, "deviceType");
        json_object_del(identity, "vendorID");
        json_object_del(identity, "deviceID");
        got = json_dumps(identity, JSON_COMPACT | JSON_SORT_KEYS);
        if (!got || strcmp(got, rows[i].identity))
            row_fail(&failures, (unsigned)i, rows[i].device_name, "vulkanReport %s, expected %s", got ? got : "?",
                    rows[i].identity);
        free(got);
        json_decref(profile);
        free(text);
    }
    rows_done(&failures);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_syntax_errors),
        cmocka_unit_test(test_table_errors),
        cmocka_unit_test(test_input_errors),
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_ids),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
