/*
 * The rule table test_vulkan_rule_language.c evaluates, in place of the
 * generated caps_vulkan_rules_gen.c: RULE_ROWS rows whose texts live in
 * writable buffers, so that each test row writes its own rules. Rows
 * 0..RULE_ROWS-3 apply under both rule sets, the last two under one each.
 */
#include <stddef.h>

#include "caps/vulkan.h"
#include "rule_table.h"

char rule_targets[RULE_ROWS][RULE_TEXT];
char rule_kinds[RULE_ROWS][RULE_TEXT];
char rule_values[RULE_ROWS][RULE_TEXT];
char rule_whens[RULE_ROWS][RULE_TEXT];

/* The generated table's strings are offsets into its pool; here offset
 * 1 + column * RULE_ROWS + row names the buffer of that row's column, and
 * the one after them the core feature. */
enum {TARGET, KIND, VALUE, WHEN, CORE_FEATURE = 4 * RULE_ROWS + 1};

#define AT(column, i) (1 + (column) * RULE_ROWS + (i))
#define ROW(i, set) {AT(TARGET, i), set, AT(KIND, i), AT(VALUE, i), AT(WHEN, i), 100 + i}

const struct caps_vulkan_rule caps_vulkan_rules[RULE_ROWS] = {
    ROW(0, CAPS_VULKAN_RULES_ANY), ROW(1, CAPS_VULKAN_RULES_ANY), ROW(2, CAPS_VULKAN_RULES_ANY),
    ROW(3, CAPS_VULKAN_RULES_ANY), ROW(4, CAPS_VULKAN_RULES_ANY), ROW(5, CAPS_VULKAN_RULES_ANY),
    ROW(6, CAPS_VULKAN_RULES_VKD3D_PROTON), ROW(7, CAPS_VULKAN_RULES_VKD3D),
};
const size_t caps_vulkan_rule_count = RULE_ROWS;

/* The reports of these tests list one core feature. */
const uint32_t caps_vulkan_core_features[] = {CORE_FEATURE};
const size_t caps_vulkan_core_feature_count = 1;

const struct caps_vulkan_embedded caps_vulkan_embedded_reports[1] = {{NULL, NULL, NULL, 0}};
const size_t caps_vulkan_embedded_report_count = 0;

const char *caps_vulkan_rule_string(uint32_t at)
{
    static char (*const columns[])[RULE_TEXT] = {rule_targets, rule_kinds, rule_values, rule_whens};

    if (at == CORE_FEATURE)
        return "robustBufferAccess";
    return at && at < CORE_FEATURE ? columns[(at - 1) / RULE_ROWS][(at - 1) % RULE_ROWS] : NULL;
}
