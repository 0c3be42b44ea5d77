# Committed docs that a generator writes must equal its output: docs/vulkan.md
# (tools/gen_vulkan_doc.py, from the data/vulkan-*.tsv tables).
add_test(NAME vulkan_doc
  COMMAND ${CMAKE_COMMAND} -DPYTHON=${Python3_EXECUTABLE}
          -DGENERATOR=${PROJECT_SOURCE_DIR}/tools/gen_vulkan_doc.py -DDATA=${PROJECT_SOURCE_DIR}/data
          -DOUT=${CMAKE_CURRENT_BINARY_DIR}/docs/vulkan.md -DCOMMITTED=${PROJECT_SOURCE_DIR}/docs/vulkan.md
          -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/docs/check_generated.cmake)
