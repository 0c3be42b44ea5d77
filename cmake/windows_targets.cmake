# The Windows (mingw-w64) side of the build, part 2, after the targets
# (part 1: cmake/windows.cmake).

# d3d12.dll: the real runtime's exports with their ordinals (src/d3d12.def,
# docs/windows.md), and an import library under both names a Windows build
# looks for: libd3d12.dll.a (mingw's -ld3d12) and d3d12.lib.
set_target_properties(d3d12 PROPERTIES
  PREFIX "" OUTPUT_NAME d3d12 IMPORT_PREFIX "lib" IMPORT_SUFFIX ".dll.a"
  LINK_FLAGS "${CMAKE_CURRENT_SOURCE_DIR}/src/d3d12.def -Wl,--no-undefined")
set_property(TARGET d3d12 APPEND PROPERTY LINK_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/d3d12.def)
add_custom_command(TARGET d3d12 POST_BUILD
  COMMAND ${CMAKE_COMMAND} -E copy_if_different $<TARGET_LINKER_FILE:d3d12>
          $<TARGET_LINKER_FILE_DIR:d3d12>/d3d12.lib
  COMMENT "d3d12.lib (a copy of the import library)")

# The Windows test program (tests/windows), run under Wine by tests/windows.cmake
# of the Linux build; not in a build without tests (the zip's: scripts/package.sh).
if(MOCKD3D12_BUILD_TESTS)
  add_subdirectory(${CMAKE_CURRENT_SOURCE_DIR}/tests/windows ${CMAKE_CURRENT_BINARY_DIR}/tests/windows)
endif()
