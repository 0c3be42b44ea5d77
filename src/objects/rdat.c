/*
 * Root signature subobjects of a DXIL library's RDAT part (rdat.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bytes.h"
#include "rdat.h"
#include "root_signature_codec.h"
#include "text.h"

#define TAG(a, b, c, d) ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(d) << 24)

struct rdat_part
{
    const unsigned char *data;
    size_t size;
};

static HRESULT invalid(char *why, size_t why_size, const char *what)
{
    snprintf(why, why_size, "%s", what);
    return E_INVALIDARG;
}

HRESULT obj_rdat_root_signature(const void *data, size_t size, const WCHAR *name, const void **bytes,
        size_t *bytes_size, char *why, size_t why_size)
{
    struct rdat_part strings = {NULL, 0}, raw = {NULL, 0}, subobjects = {NULL, 0};
    const unsigned char *rdat;
    const void *part;
    size_t rdat_size, part_size;
    uint32_t count, i, stride;
    char wanted[512];
    HRESULT hr;

    *bytes = NULL;
    *bytes_size = 0;
    if (!name)
        return invalid(why, why_size, "the subobject name is NULL");
    if (FAILED(hr = obj_dxbc_find_part(data, size, TAG('R', 'D', 'A', 'T'), &part, &part_size, why, why_size)))
    {
        if (hr == E_FAIL)
            snprintf(why, why_size, "the container has no RDAT part: it is not a DXIL library");
        return E_INVALIDARG;
    }
    rdat = part;
    rdat_size = part_size;
    if (rdat_size < 8 || mk_read_u32(rdat) != OBJ_RDAT_VERSION)
        return invalid(why, why_size, "the RDAT part has no version 0x10 header");
    count = mk_read_u32(rdat + 4);
    if (count > (rdat_size - 8) / 4)
        return invalid(why, why_size, "the RDAT part's part offsets run past its end");
    for (i = 0; i < count; ++i)
    {
        uint32_t offset = mk_read_u32(rdat + 8 + 4 * i), type, length;

        if (offset % 4 || offset > rdat_size || rdat_size - offset < 8)
            return invalid(why, why_size, "an RDAT part's offset is misaligned or past the end");
        type = mk_read_u32(rdat + offset);
        length = mk_read_u32(rdat + offset + 4);
        if (length > rdat_size - offset - 8)
            return invalid(why, why_size, "an RDAT part runs past the end");
        if (type == OBJ_RDAT_PART_STRINGS)
            strings = (struct rdat_part){rdat + offset + 8, length};
        else if (type == OBJ_RDAT_PART_RAW_BYTES)
            raw = (struct rdat_part){rdat + offset + 8, length};
        else if (type == OBJ_RDAT_PART_SUBOBJECTS)
            subobjects = (struct rdat_part){rdat + offset + 8, length};
    }
    mk_wide_to_utf8(name, wanted, sizeof(wanted));
    if (subobjects.size < 8)
    {
        snprintf(why, why_size, "the library declares no subobjects, so no root signature \"%s\"", wanted);
        return E_INVALIDARG;
    }
    count = mk_read_u32(subobjects.data);
    stride = mk_read_u32(subobjects.data + 4);
    if (stride < 16 || stride % 4 || count > (subobjects.size - 8) / stride)
        return invalid(why, why_size, "the RDAT subobject table's records run past its end or are too short");
    for (i = 0; i < count; ++i)
    {
        const unsigned char *record = subobjects.data + 8 + (size_t)i * stride;
        uint32_t kind = mk_read_u32(record), name_at = mk_read_u32(record + 4), at, length;
        const char *subobject_name;

        if (kind != OBJ_RDAT_GLOBAL_ROOT_SIGNATURE && kind != OBJ_RDAT_LOCAL_ROOT_SIGNATURE)
            continue;
        if (name_at >= strings.size || !memchr(strings.data + name_at, 0, strings.size - name_at))
            return invalid(why, why_size, "a subobject's name is outside the RDAT string buffer");
        subobject_name = (const char *)strings.data + name_at;
        if (strcmp(subobject_name, wanted))
            continue;
        at = mk_read_u32(record + 8);
        length = mk_read_u32(record + 12);
        if (at > raw.size || length > raw.size - at || !length)
        {
            snprintf(why, why_size, "root signature subobject \"%s\" has no bytes inside the RDAT raw bytes", wanted);
            return E_INVALIDARG;
        }
        *bytes = raw.data + at;
        *bytes_size = length;
        return S_OK;
    }
    snprintf(why, why_size, "the library has no root signature subobject named \"%s\"", wanted);
    return E_INVALIDARG;
}
