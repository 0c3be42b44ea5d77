# tests/unit/test_resource_layout.c includes the generator's list of every
# DXGI_FORMAT the build's dxgiformat.h declares (cmake/gen_objects.cmake),
# made with the objects room.
target_include_directories(test_resource_layout PRIVATE ${MK_GEN_DIR}/tests)
add_dependencies(test_resource_layout mk_objects)
