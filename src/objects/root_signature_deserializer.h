/*
 * ID3D12RootSignatureDeserializer and ID3D12VersionedRootSignatureDeserializer:
 * a parsed root signature (root_signature_codec.h) and the versions it was
 * asked for, which live as long as the deserializer.
 */
#ifndef MOCKD3D12_ROOT_SIGNATURE_DESERIALIZER_H
#define MOCKD3D12_ROOT_SIGNATURE_DESERIALIZER_H

#include <stddef.h>

#include <mockd3d12/d3d12.h>

/* D3D12CreateRootSignatureDeserializer: E_NOINTERFACE unless `riid` is
 * IID_ID3D12RootSignatureDeserializer (Windows answers IUnknown so too:
 * vkd3d-proton's test_root_signature_byte_code); then obj_rs_parse's
 * errors, and E_INVALIDARG for a 1.2 root signature 1.0 cannot express.
 * `why` says why parsing failed. */
HRESULT obj_rs_deserializer_create(const void *data, size_t size, REFIID riid, void **out, char *why,
        size_t why_size);

/* D3D12CreateVersionedRootSignatureDeserializer, the same way for
 * IID_ID3D12VersionedRootSignatureDeserializer. */
HRESULT obj_versioned_rs_deserializer_create(const void *data, size_t size, REFIID riid, void **out, char *why,
        size_t why_size);

/* The root signature subobject `name` of a DXIL library (rdat.h): its
 * serialized bytes, a DXBC container or a bare RTS0 part, parsed and checked
 * as obj_rs_parse does. S_OK with a new struct obj_rs; E_INVALIDARG (no such
 * subobject, or malformed) with `why`; E_OUTOFMEMORY. */
HRESULT obj_rs_parse_library_subobject(const void *data, size_t size, const WCHAR *name, struct obj_rs **out,
        char *why, size_t why_size);

/* D3D12CreateVersionedRootSignatureDeserializerFromSubobjectInLibrary: the
 * versioned deserializer of that subobject. E_NOINTERFACE for another riid,
 * then obj_rs_parse_library_subobject's errors. */
HRESULT obj_versioned_rs_deserializer_create_from_library(const void *data, size_t size, const WCHAR *name,
        REFIID riid, void **out, char *why, size_t why_size);

#endif
