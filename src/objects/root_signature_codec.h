/*
 * Root signatures as data (pure functions, no COM): the rules every root
 * signature description must follow whatever the adapter, the serialized
 * form (a DXBC container holding one RTS0 part, byte for byte what Windows'
 * D3D12SerializeVersionedRootSignature writes), its parser, and the
 * conversions between versions 1.0, 1.1 and 1.2.
 *
 * A parsed or converted root signature is one allocation (struct obj_rs):
 * the versioned description followed by every array it points to, so it is
 * freed with one mk_free() and never points outside itself. The parser and
 * the writer take a `head`: that many zeroed bytes (OBJ_RS_HEAD rounds a
 * size up to one) come first in the allocation — the object that keeps the
 * result, made with it in one allocation; mk_free takes the allocation's
 * start, `head` bytes before the struct obj_rs (or the container).
 */
#ifndef MOCKD3D12_ROOT_SIGNATURE_CODEC_H
#define MOCKD3D12_ROOT_SIGNATURE_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mockd3d12/d3d12.h>

#include "dxbc_checksum.h"

/* A head of `size` bytes, rounded so that what follows it is aligned. */
#define OBJ_RS_HEAD(size) (((size) + 15) & ~(size_t)15)

/* The DXBC container's part tag of a root signature ("RTS0"). */
#define OBJ_RS_TAG_RTS0 0x30535452u

/* Root signature 1.2 (Agility SDK 1.609+), which the installed DirectX-Headers
 * (1.606) do not declare: D3D12_STATIC_SAMPLER_DESC1 is a static sampler with
 * a D3D12_SAMPLER_FLAGS at the end, and D3D12_ROOT_SIGNATURE_DESC2 is
 * D3D12_ROOT_SIGNATURE_DESC1 whose pStaticSamplers points to those; a 1.2
 * description is read as Desc_1_1 with its samplers as struct obj_sampler1. */
#define OBJ_SAMPLER_FLAG_UINT_BORDER_COLOR 0x1u
#define OBJ_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES 0x2u

struct obj_sampler1
{
    D3D12_FILTER Filter;
    D3D12_TEXTURE_ADDRESS_MODE AddressU;
    D3D12_TEXTURE_ADDRESS_MODE AddressV;
    D3D12_TEXTURE_ADDRESS_MODE AddressW;
    FLOAT MipLODBias;
    UINT MaxAnisotropy;
    D3D12_COMPARISON_FUNC ComparisonFunc;
    D3D12_STATIC_BORDER_COLOR BorderColor;
    FLOAT MinLOD;
    FLOAT MaxLOD;
    UINT ShaderRegister;
    UINT RegisterSpace;
    D3D12_SHADER_VISIBILITY ShaderVisibility;
    UINT Flags; /* D3D12_SAMPLER_FLAGS */
};

struct obj_rs
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc; /* pointers into this allocation; NULL for empty arrays */
};


/* Finds part `tag` of the DXBC container `data` (`size` bytes): S_OK with
 * the part's bytes; E_INVALIDARG when `data` is no well-formed container
 * (magic, version, sizes, offsets, checksum), with the reason in `why`;
 * E_FAIL when the container is well-formed but has no such part. */
HRESULT obj_dxbc_find_part(const void *data, size_t size, uint32_t tag, const void **part, size_t *part_size,
        char *why, size_t why_size);

/* The root signature rules no adapter changes (docs/objects.md): S_OK, or
 * E_INVALIDARG with the reason in `why` (the error blob's text). */
HRESULT obj_rs_validate(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, char *why, size_t why_size);

/* Validates `desc` and writes its container into a new allocation (the
 * caller's to mk_free), `head` bytes into it: *data is the allocation,
 * *size the container's. E_INVALIDARG with `why`; E_OUTOFMEMORY. */
HRESULT obj_rs_serialize(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, size_t head, void **data, size_t *size,
        char *why, size_t why_size);

/* A D3D12_SHADER_VISIBILITY's name without its prefix ("ALL", "VERTEX", ...,
 * "MESH"), "?" past MESH. */
const char *obj_rs_visibility_name(uint32_t visibility);

/* Parses an RTS0 part's `part_size` bytes (one found in shader bytecode),
 * as obj_rs_parse_unchecked does once it has found the part. */
HRESULT obj_rs_parse_part(const void *part, size_t part_size, size_t head, struct obj_rs **out, char *why,
        size_t why_size);

/* Parses a serialized root signature or any DXBC container with an RTS0
 * part. S_OK with a new struct obj_rs (valid: obj_rs_validate passes);
 * E_INVALIDARG (malformed container or part, or an invalid root
 * signature), E_FAIL (no RTS0 part), E_OUTOFMEMORY; `why` says which. */
HRESULT obj_rs_parse(const void *data, size_t size, size_t head, struct obj_rs **out, char *why, size_t why_size);
/* The same without obj_rs_validate (its E_INVALIDARG is then only a
 * malformed container or part). */
HRESULT obj_rs_parse_unchecked(const void *data, size_t size, size_t head, struct obj_rs **out, char *why,
        size_t why_size);

/* `rs` as version `version` (a new allocation): 1.0 -> 1.1/1.2 adds the
 * flags that keep 1.0's meaning, 1.1/1.2 -> 1.0 drops flags, 1.2 -> 1.0/1.1
 * drops the static samplers' flags (E_INVALIDARG when one has a flag other
 * than UINT_BORDER_COLOR, which the older versions cannot express).
 * `version` is 1.0, 1.1 or 1.2 (the caller's to check); E_OUTOFMEMORY. */
HRESULT obj_rs_convert(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *rs, D3D_ROOT_SIGNATURE_VERSION version,
        struct obj_rs **out);

#endif
