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

#define ROW(i, set) {rule_targets[i], set, rule_kinds[i], rule_values[i], rule_whens[i], 100 + i}

const struct caps_vulkan_rule caps_vulkan_rules[RULE_ROWS] = {
    ROW(0, CAPS_VULKAN_RULES_ANY), ROW(1, CAPS_VULKAN_RULES_ANY), ROW(2, CAPS_VULKAN_RULES_ANY),
    ROW(3, CAPS_VULKAN_RULES_ANY), ROW(4, CAPS_VULKAN_RULES_ANY), ROW(5, CAPS_VULKAN_RULES_ANY),
    ROW(6, CAPS_VULKAN_RULES_VKD3D_PROTON), ROW(7, CAPS_VULKAN_RULES_VKD3D),
};
const size_t caps_vulkan_rule_count = RULE_ROWS;

/* The reports of these tests list one core feature. */
const char *const caps_vulkan_core_features[] = {"robustBufferAccess"};
const size_t caps_vulkan_core_feature_count = 1;

const struct caps_vulkan_embedded caps_vulkan_embedded_reports[1] = {{NULL, NULL, NULL, 0}};
const size_t caps_vulkan_embedded_report_count = 0;
