# The Vulkan rule language's own errors (tests/vulkan_rules/): a test program
# that compiles src/caps/vulkan_derive.c with a rule table of its own instead
# of data/vulkan-rules.tsv's, so that malformed rules, operators and values
# the real table never uses can be evaluated (docs/coverage.md).
add_subdirectory(${CMAKE_CURRENT_SOURCE_DIR}/vulkan_rules ${PROJECT_BINARY_DIR}/vulkan-rule-language)
