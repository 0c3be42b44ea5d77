# The foundation room's generated sources: the stubs of the ID3D12Device*
# methods src/device/device.c does not implement (tools/gen_device_stubs.py).
# Keep MK_DEVICE_IMPLEMENTED in step with the methods written in device.c
# (and device_queries.c, device_descriptors.c, device_pipelines.c,
# device_resources.c, device_state_objects.c, device_shader_cache.c):
# the compiler complains either way when they disagree.
set(MK_DEVICE_IMPLEMENTED
  GetPrivateData SetPrivateData SetPrivateDataInterface SetName
  GetNodeCount CreateCommandQueue CheckFeatureSupport GetDescriptorHandleIncrementSize
  GetCustomHeapProperties GetDeviceRemovedReason GetAdapterLuid
  CheckDriverMatchingIdentifier EnumerateMetaCommands EnumerateMetaCommandParameters CreateCommandQueue1
  CreateFence CreateDescriptorHeap MakeResident Evict SetStablePowerState SetEventOnMultipleFenceCompletion SetResidencyPriority
  EnqueueMakeResident RemoveDevice SetBackgroundProcessingMode
  CreateCommandAllocator CreateCommandList CreateCommandList1
  CreateQueryHeap CreateQueryHeap1 ResolveQueryData CreateCommandSignature
  CreateConstantBufferView CreateShaderResourceView CreateUnorderedAccessView CreateRenderTargetView
  CreateDepthStencilView CreateSampler CopyDescriptors CopyDescriptorsSimple
  CreateSamplerFeedbackUnorderedAccessView CreateSampler2
  CreateRootSignature CreateRootSignatureFromSubobjectInLibrary
  GetCopyableFootprints GetCopyableFootprints1 GetResourceTiling
  CreateGraphicsPipelineState CreateComputePipelineState CreatePipelineState CreatePipelineLibrary
  CreateStateObject AddToStateObject
  CreateHeap CreateHeap1 CreateCommittedResource CreateCommittedResource1 CreateCommittedResource2
  CreateCommittedResource3 CreatePlacedResource CreatePlacedResource1 CreatePlacedResource2
  CreateReservedResource CreateReservedResource1 CreateReservedResource2 GetResourceAllocationInfo
  GetResourceAllocationInfo1 GetResourceAllocationInfo2 GetResourceAllocationInfo3
  CreateShaderCacheSession ShaderCacheControl)
list(JOIN MK_DEVICE_IMPLEMENTED "," MK_DEVICE_IMPLEMENTED_ARG)

add_custom_command(
  OUTPUT ${MK_GEN_DIR}/device_stubs_gen.inc
  COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_device_stubs.py ${MK_DATA_DIR}
          ${MK_GEN_DIR}/device_stubs_gen.inc "${MK_DEVICE_IMPLEMENTED_ARG}"
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen_device_stubs.py ${MK_GEN_COMMON}
          ${CMAKE_CURRENT_SOURCE_DIR}/cmake/gen_foundation.cmake
  COMMENT "Generating the unimplemented ID3D12Device methods")
# An .inc is not compiled on its own; listing it makes mk_core depend on it.
list(APPEND MK_GENERATED_SOURCES ${MK_GEN_DIR}/device_stubs_gen.inc)
set_source_files_properties(${MK_GEN_DIR}/device_stubs_gen.inc PROPERTIES HEADER_FILE_ONLY ON GENERATED ON)
