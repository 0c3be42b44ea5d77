# test_alloc_failure_dxcore (tests/unit/, built and labelled like every unit
# test, linked with mk_core): libdxcore keeps a private copy of
# src/base/alloc.c, so its allocations can only be made to fail where its
# sources share mk_core's allocator. The test compiles them in (without the
# private allocator and platform layer, which mk_core has).
if(TARGET test_alloc_failure_dxcore AND TARGET dxcore)
  file(GLOB MK_ALLOC_DXCORE_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/dxcore/*.c)
  target_sources(test_alloc_failure_dxcore PRIVATE ${MK_ALLOC_DXCORE_SOURCES})
  set_property(TEST test_alloc_failure_dxcore APPEND PROPERTY ENVIRONMENT_MODIFICATION "MOCKD3D12_ADAPTERS=unset:")
endif()
