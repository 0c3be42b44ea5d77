/* The writable rule table of test_vulkan_rule_language (rule_table.c). */
#ifndef MOCKD3D12_TESTS_RULE_TABLE_H
#define MOCKD3D12_TESTS_RULE_TABLE_H

#define RULE_ROWS 8
#define RULE_TEXT 512

extern char rule_targets[RULE_ROWS][RULE_TEXT];
extern char rule_kinds[RULE_ROWS][RULE_TEXT];
extern char rule_values[RULE_ROWS][RULE_TEXT];
extern char rule_whens[RULE_ROWS][RULE_TEXT];

#endif
