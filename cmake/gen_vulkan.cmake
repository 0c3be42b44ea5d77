# Vulkan report import (src/caps/vulkan_*.c): the rule table of
# data/vulkan-rules.tsv, the 55 VkPhysicalDeviceFeatures members and the
# reports built in as adapter profiles (data/reference/vulkaninfo-lavapipe.json).
add_custom_command(
  OUTPUT ${MK_GEN_DIR}/caps_vulkan_rules_gen.c
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_vulkan_rules.py ${MK_DATA_DIR}
          ${MK_GEN_DIR}/caps_vulkan_rules_gen.c
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_vulkan_rules.py ${CMAKE_CURRENT_SOURCE_DIR}/tools/refdata.py
          ${MK_DATA_DIR}/vulkan-rules.tsv ${MK_DATA_DIR}/reference/d3d12-enum-values.tsv
          ${MK_DATA_DIR}/reference/vulkan-features.tsv ${MK_DATA_DIR}/reference/d3d12-feature-structs.tsv
          ${MK_DATA_DIR}/reference/vulkaninfo-lavapipe.json
  COMMENT "Generating the Vulkan import rules")
list(APPEND MK_GENERATED_SOURCES ${MK_GEN_DIR}/caps_vulkan_rules_gen.c)

# FORMAT_SUPPORT from the report's format properties: data/vulkan-formats.tsv
# (DXGI -> VkFormat) and data/vulkan-format-rules.tsv (the bit rules).
add_custom_command(
  OUTPUT ${MK_GEN_DIR}/caps_vulkan_formats_gen.c
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_vulkan_formats.py ${MK_DATA_DIR}
          ${MK_GEN_DIR}/caps_vulkan_formats_gen.c
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_vulkan_formats.py ${CMAKE_CURRENT_SOURCE_DIR}/tools/refdata.py
          ${MK_DATA_DIR}/vulkan-formats.tsv
          ${MK_DATA_DIR}/vulkan-format-rules.tsv ${MK_DATA_DIR}/format-support.tsv
          ${MK_DATA_DIR}/reference/d3d12-enum-values.tsv
  COMMENT "Generating the Vulkan format rules")
list(APPEND MK_GENERATED_SOURCES ${MK_GEN_DIR}/caps_vulkan_formats_gen.c)
