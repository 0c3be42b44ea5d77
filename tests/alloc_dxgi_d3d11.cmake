# test_alloc_failure_dxgi_d3d11 (tests/unit/, so it is built and labelled
# unit;memcheck like every unit test, linked with mk_core): libdxgi.so and
# libd3d11.so compile private copies of src/base/alloc.c, so their allocations can
# only be made to fail where their sources share mk_core's allocator. The test
# compiles those sources in (without the private copies of alloc.c,
# private_data.c and the platform layer, which mk_core has): one allocator,
# one hook, and nothing new exported from the shipped libraries.
if(TARGET test_alloc_failure_dxgi_d3d11 AND TARGET dxgi AND TARGET d3d11)
  file(GLOB MK_ALLOCX_SOURCES CONFIGURE_DEPENDS
    ${PROJECT_SOURCE_DIR}/src/dxgi/*.c ${PROJECT_SOURCE_DIR}/src/d3d11/*.c)
  target_sources(test_alloc_failure_dxgi_d3d11 PRIVATE ${MK_ALLOCX_SOURCES}
    ${MK_GEN_DIR}/d3d11/d3d11_stubs.c ${MK_GEN_DIR}/d3d11/d3d11_mapping.c ${MK_GEN_DIR}/d3d11/d3d11_format_levels.c
    ${MK_GEN_DIR}/d3d11/d3d11_messages.c ${MK_GEN_DIR}/d3d11/d3d11_resource_rules.c
    ${MK_GEN_DIR}/d3d11/d3d11_state_rules.c)
  target_include_directories(test_alloc_failure_dxgi_d3d11 PRIVATE
    ${PROJECT_SOURCE_DIR}/src/d3d11 ${PROJECT_SOURCE_DIR}/src/debuglayer ${MK_GEN_DIR}/d3d11)
  target_link_libraries(test_alloc_failure_dxgi_d3d11 PRIVATE mockd3d12_d3d11_headers)
  if(NOT WIN32)
    target_link_libraries(test_alloc_failure_dxgi_d3d11 PRIVATE m)  # src/d3d11/clear.c
  endif()
  # The generated D3D11 sources and header are made for the d3d11 target.
  add_dependencies(test_alloc_failure_dxgi_d3d11 d3d11)
  # The D3D11 and DXGI settings too (the unit-test loop resets libd3d12's).
  set_property(TEST test_alloc_failure_dxgi_d3d11 APPEND PROPERTY ENVIRONMENT_MODIFICATION
    "MOCKD3D12_ADAPTERS=unset:;MOCKD3D12_D3D11_RUNTIME=unset:;MOCKD3D12_D3D11_SDK_LAYERS=unset:")
endif()
