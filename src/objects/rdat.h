/*
 * The runtime data (RDAT) part of a DXIL library: the subobjects an HLSL
 * library declares (GlobalRootSignature, LocalRootSignature, ...), which
 * D3D12CreateVersionedRootSignatureDeserializerFromSubobjectInLibrary and
 * ID3D12Device14::CreateRootSignatureFromSubobjectInLibrary look up by name.
 *
 * The layout (DirectXShaderCompiler's DxilRuntimeReflection.h, public): a
 * header {Version 0x10, PartCount}, PartCount offsets from the header's
 * start, each part {Type, Size} and its data. Part 1 is the string buffer
 * (NUL-terminated UTF-8), 5 the raw bytes, 6 the subobject table: a
 * {RecordCount, RecordStride} header and records whose first words are
 * Kind, Name (an offset into the strings) and, for root signatures (kinds 1
 * and 2), Data (an offset into the raw bytes) and its size.
 */
#ifndef MOCKD3D12_RDAT_H
#define MOCKD3D12_RDAT_H

#include <stddef.h>

#include <mockd3d12/d3d12.h>

#define OBJ_RDAT_PART_STRINGS 1u
#define OBJ_RDAT_PART_RAW_BYTES 5u
#define OBJ_RDAT_PART_SUBOBJECTS 6u
#define OBJ_RDAT_VERSION 0x10u
#define OBJ_RDAT_GLOBAL_ROOT_SIGNATURE 1u
#define OBJ_RDAT_LOCAL_ROOT_SIGNATURE 2u

/* The serialized root signature of the root signature subobject `name` in
 * the DXIL library `data` (a DXBC container with an RDAT part): S_OK and its
 * bytes (inside `data`); E_INVALIDARG with the reason in `why` — no
 * container, no RDAT part, a malformed one, no root signature subobject of
 * that name. */
HRESULT obj_rdat_root_signature(const void *data, size_t size, const WCHAR *name, const void **bytes,
        size_t *bytes_size, char *why, size_t why_size);

#endif
