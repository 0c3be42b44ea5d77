/*
 * Root signatures as data: the rules, the DXBC/RTS0 writer and parser, the
 * version conversions (root_signature_codec.h).
 *
 * The format (what Windows writes, as the blobs recorded by vkd3d-proton's
 * tests/d3d12_root_signature.c test_root_signature_byte_code and
 * test_root_signature_byte_code2 show): the DXBC header ("DXBC", the
 * checksum, version 1, the total size, the part count, the part offsets),
 * then the part ("RTS0", its size, its bytes). RTS0 starts with six DWORDs —
 * version (1, 2, 3 for 1.0, 1.1, 1.2), parameter count, parameters' offset,
 * static sampler count, samplers' offset, flags — then one {type,
 * visibility, payload offset} per parameter, then each parameter's payload
 * in order (a table's {range count, ranges' offset} followed by its
 * ranges), then the static samplers. Offsets count from the part's start.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bytes.h"
#include "alloc.h"
#include "printf_format.h"
#include "dxbc_checksum.h"
#include "root_signature_codec.h"

#define DXBC_MAGIC 0x43425844u /* "DXBC" */
#define DXBC_HEADER_SIZE 32u   /* magic, checksum, version, total size, part count */
#define RTS0_HEADER_SIZE 24u
#define RESERVED_SPACE_FIRST 0xfffffff0u
#define MAX_ROOT_COST 64u
#define UNBOUNDED UINT32_MAX
#define ROOT_SIGNATURE_FLAGS_ALL 0xfffu
#define RANGE_DATA_FLAGS (D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE \
        | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC)
#define RANGE_FLAGS_ALL (D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE | RANGE_DATA_FLAGS \
        | D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS)
#define ROOT_DESCRIPTOR_FLAGS_ALL (D3D12_ROOT_DESCRIPTOR_FLAG_DATA_VOLATILE \
        | D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE | D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC)
#define SAMPLER_FLAGS_ALL (OBJ_SAMPLER_FLAG_UINT_BORDER_COLOR | OBJ_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES)

static const char range_type_names[][8] = {"SRV", "UAV", "CBV", "SAMPLER"};

const char *obj_rs_visibility_name(uint32_t visibility)
{
    static const char names[][16] = {"ALL", "VERTEX", "HULL", "DOMAIN", "GEOMETRY", "PIXEL", "AMPLIFICATION", "MESH"};

    return visibility < sizeof(names) / sizeof(names[0]) ? names[visibility] : "?";
}


/* ---- A description of any version, read field by field ---- */

struct rs_view
{
    D3D_ROOT_SIGNATURE_VERSION version;
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc;
    UINT num_parameters, num_samplers, flags;
};

/* One parameter whatever the version (descriptor flags 0 in 1.0). */
struct rs_param
{
    UINT type, visibility;
    UINT num_ranges;
    const void *ranges; /* D3D12_DESCRIPTOR_RANGE or D3D12_DESCRIPTOR_RANGE1 */
    UINT reg, space, count, flags; /* constants: count = Num32BitValues */
};

static void view_init(struct rs_view *v, const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc)
{
    v->version = desc->Version;
    v->desc = desc;
    /* Desc_1_0, Desc_1_1 (and 1.2's Desc_1_2) share the counts' and flags' places. */
    if (desc->Version == D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        v->num_parameters = desc->Desc_1_0.NumParameters;
        v->num_samplers = desc->Desc_1_0.NumStaticSamplers;
        v->flags = (UINT)desc->Desc_1_0.Flags;
    }
    else
    {
        v->num_parameters = desc->Desc_1_1.NumParameters;
        v->num_samplers = desc->Desc_1_1.NumStaticSamplers;
        v->flags = (UINT)desc->Desc_1_1.Flags;
    }
}

static bool view_has_parameters(const struct rs_view *v)
{
    return v->version == D3D_ROOT_SIGNATURE_VERSION_1_0 ? !!v->desc->Desc_1_0.pParameters
            : !!v->desc->Desc_1_1.pParameters;
}

static bool view_has_samplers(const struct rs_view *v)
{
    return v->version == D3D_ROOT_SIGNATURE_VERSION_1_0 ? !!v->desc->Desc_1_0.pStaticSamplers
            : !!v->desc->Desc_1_1.pStaticSamplers;
}

/* The members D3D12_ROOT_PARAMETER and D3D12_ROOT_PARAMETER1 share, from
 * either. */
#define RS_VIEW_PARAM(p, src) \
    do \
    { \
        (p)->type = (UINT)(src)->ParameterType; \
        (p)->visibility = (UINT)(src)->ShaderVisibility; \
        if ((src)->ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE) \
        { \
            (p)->num_ranges = (src)->DescriptorTable.NumDescriptorRanges; \
            (p)->ranges = (src)->DescriptorTable.pDescriptorRanges; \
        } \
        else if ((src)->ParameterType == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS) \
        { \
            (p)->reg = (src)->Constants.ShaderRegister; \
            (p)->space = (src)->Constants.RegisterSpace; \
            (p)->count = (src)->Constants.Num32BitValues; \
        } \
        else \
        { \
            (p)->reg = (src)->Descriptor.ShaderRegister; \
            (p)->space = (src)->Descriptor.RegisterSpace; \
        } \
    } while (0)

static void view_param(const struct rs_view *v, UINT i, struct rs_param *p)
{
    memset(p, 0, sizeof(*p));
    if (v->version == D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        RS_VIEW_PARAM(p, &v->desc->Desc_1_0.pParameters[i]);
    }
    else
    {
        const D3D12_ROOT_PARAMETER1 *src = &v->desc->Desc_1_1.pParameters[i];

        RS_VIEW_PARAM(p, src);
        if (src->ParameterType != D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE
                && src->ParameterType != D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
            p->flags = (UINT)src->Descriptor.Flags;
    }
}

/* Range `j` of table `p` as a 1.1 range (flags 0 in 1.0). */
static void view_range(const struct rs_view *v, const struct rs_param *p, UINT j, D3D12_DESCRIPTOR_RANGE1 *r)
{
    if (v->version == D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        const D3D12_DESCRIPTOR_RANGE *src = &((const D3D12_DESCRIPTOR_RANGE *)p->ranges)[j];

        r->RangeType = src->RangeType;
        r->NumDescriptors = src->NumDescriptors;
        r->BaseShaderRegister = src->BaseShaderRegister;
        r->RegisterSpace = src->RegisterSpace;
        r->Flags = D3D12_DESCRIPTOR_RANGE_FLAG_NONE;
        r->OffsetInDescriptorsFromTableStart = src->OffsetInDescriptorsFromTableStart;
    }
    else
    {
        *r = ((const D3D12_DESCRIPTOR_RANGE1 *)p->ranges)[j];
    }
}

/* Static sampler `i` as a 1.2 one (flags 0 before 1.2). */
static void view_sampler(const struct rs_view *v, UINT i, struct obj_sampler1 *s)
{
    if (v->version == D3D_ROOT_SIGNATURE_VERSION_1_2)
    {
        *s = ((const struct obj_sampler1 *)v->desc->Desc_1_1.pStaticSamplers)[i];
        return;
    }
    /* Desc_1_0 and Desc_1_1 share the samplers' type and place. */
    memcpy(s, &v->desc->Desc_1_0.pStaticSamplers[i], sizeof(D3D12_STATIC_SAMPLER_DESC));
    s->Flags = 0;
}

/* ---- The rules ---- */

static HRESULT invalid(char *why, size_t why_size, const char *format, ...) MK_PRINTF_FORMAT(3, 4);

static HRESULT invalid(char *why, size_t why_size, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    vsnprintf(why, why_size, format, args);
    va_end(args);
    return E_INVALIDARG;
}

/* One register range a shader sees, for the overlap rule. */
struct binding
{
    uint8_t kind;       /* D3D12_DESCRIPTOR_RANGE_TYPE: SRV, UAV, CBV, SAMPLER */
    uint8_t visibility;
    UINT space, first, last;
    UINT parameter;     /* or the static sampler's index */
    UINT range;         /* UINT32_MAX: a root parameter or a static sampler */
    bool sampler;       /* a static sampler */
};

static void describe_binding(const struct binding *b, char *text, size_t size)
{
    if (b->sampler)
        snprintf(text, size, "static sampler [%u]", b->parameter);
    else if (b->range == UINT32_MAX)
        snprintf(text, size, "root parameter [%u]", b->parameter);
    else
        snprintf(text, size, "root parameter [%u], descriptor range [%u]", b->parameter, b->range);
}

static bool visibilities_meet(unsigned a, unsigned b)
{
    return a == D3D12_SHADER_VISIBILITY_ALL || b == D3D12_SHADER_VISIBILITY_ALL || a == b;
}

static HRESULT check_overlaps(const struct binding *bindings, size_t count, char *why, size_t why_size)
{
    static const char register_letters[] = "tubs";
    char first[96], second[96];
    size_t i, j;

    for (i = 0; i < count; ++i)
    {
        for (j = 0; j < i; ++j)
        {
            const struct binding *a = &bindings[j], *b = &bindings[i];

            if (a->kind != b->kind || a->space != b->space || !visibilities_meet(a->visibility, b->visibility)
                    || a->last < b->first || b->last < a->first)
                continue;
            describe_binding(b, first, sizeof(first));
            describe_binding(a, second, sizeof(second));
            return invalid(why, why_size, "the %s registers %c%u..%c%u (space %u, visibility %s) of %s overlap "
                    "those of %s (visibility %s)", range_type_names[b->kind], register_letters[b->kind], b->first,
                    register_letters[b->kind], b->last, b->space, obj_rs_visibility_name(b->visibility), first, second,
                    obj_rs_visibility_name(a->visibility));
        }
    }
    return S_OK;
}

static HRESULT check_range(const struct rs_view *v, UINT i, UINT j, const D3D12_DESCRIPTOR_RANGE1 *r, char *why,
        size_t why_size)
{
    UINT flags = (UINT)r->Flags;

    if ((unsigned)r->RangeType > D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER)
        return invalid(why, why_size, "root parameter [%u], descriptor range [%u]: RangeType %#x is no "
                "D3D12_DESCRIPTOR_RANGE_TYPE", i, j, (unsigned)r->RangeType);
    if (!r->NumDescriptors)
        return invalid(why, why_size, "root parameter [%u], descriptor range [%u]: NumDescriptors is 0", i, j);
    if (r->NumDescriptors != UNBOUNDED && r->BaseShaderRegister > UINT32_MAX - (r->NumDescriptors - 1))
        return invalid(why, why_size, "root parameter [%u], descriptor range [%u]: BaseShaderRegister %u + "
                "NumDescriptors %u runs past the last register", i, j, r->BaseShaderRegister, r->NumDescriptors);
    if (r->RegisterSpace >= RESERVED_SPACE_FIRST)
        return invalid(why, why_size, "root parameter [%u], descriptor range [%u]: RegisterSpace %#x is reserved "
                "(0xfffffff0 and above)", i, j, r->RegisterSpace);
    if (v->version == D3D_ROOT_SIGNATURE_VERSION_1_0)
        return S_OK;
    /* Root signature 1.1's flags ("Descriptor Range Flags" in the resource
     * binding specification): at most one DATA_* flag, none on samplers,
     * DESCRIPTORS_VOLATILE never with DATA_STATIC. */
    if (flags & ~(UINT)RANGE_FLAGS_ALL)
        return invalid(why, why_size, "root parameter [%u], descriptor range [%u]: Flags %#x has bits (%#x) that are "
                "no D3D12_DESCRIPTOR_RANGE_FLAGS", i, j, flags, flags & ~(UINT)RANGE_FLAGS_ALL);
    if ((flags & RANGE_DATA_FLAGS) & ((flags & RANGE_DATA_FLAGS) - 1))
        return invalid(why, why_size, "root parameter [%u], descriptor range [%u]: Flags %#x has more than one "
                "DATA_* flag", i, j, flags);
    if (r->RangeType == D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER && (flags & RANGE_DATA_FLAGS))
        return invalid(why, why_size, "root parameter [%u], descriptor range [%u]: a SAMPLER range cannot have "
                "DATA_* flags (Flags %#x)", i, j, flags);
    if ((flags & D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE) && (flags & D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC))
        return invalid(why, why_size, "root parameter [%u], descriptor range [%u]: DESCRIPTORS_VOLATILE cannot be "
                "combined with DATA_STATIC", i, j);
    return S_OK;
}

static HRESULT check_sampler(UINT i, const struct obj_sampler1 *s, char *why, size_t why_size)
{
    const UINT filter = (UINT)s->Filter, basic = filter & 0x7fu, reduction = (filter >> 7) & 3u;
    const bool anisotropic = filter & 0x40u;

    /* D3D12_ENCODE_BASIC_FILTER / D3D12_ENCODE_ANISOTROPIC_FILTER: min, mag,
     * mip bits, a reduction, and anisotropy only with linear min and mag. */
    if ((filter & ~0x1d5u) || (anisotropic && basic != 0x55u && basic != 0x54u))
        return invalid(why, why_size, "static sampler [%u]: Filter %#x is no D3D12_FILTER", i, filter);
    if ((unsigned)s->AddressU - 1 >= 5 || (unsigned)s->AddressV - 1 >= 5 || (unsigned)s->AddressW - 1 >= 5)
        return invalid(why, why_size, "static sampler [%u]: an address mode (%u, %u, %u) is no "
                "D3D12_TEXTURE_ADDRESS_MODE", i, (unsigned)s->AddressU, (unsigned)s->AddressV, (unsigned)s->AddressW);
    if (anisotropic && s->MaxAnisotropy > 16)
        return invalid(why, why_size, "static sampler [%u]: MaxAnisotropy %u is more than 16", i, s->MaxAnisotropy);
    if ((unsigned)s->ComparisonFunc > D3D12_COMPARISON_FUNC_ALWAYS
            || (reduction == 1 && s->ComparisonFunc == D3D12_COMPARISON_FUNC_NONE))
        return invalid(why, why_size, "static sampler [%u]: ComparisonFunc %u is no D3D12_COMPARISON_FUNC%s", i,
                (unsigned)s->ComparisonFunc, reduction == 1 ? " a comparison filter can use" : "");
    if ((unsigned)s->BorderColor > D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE_UINT)
        return invalid(why, why_size, "static sampler [%u]: BorderColor %u is no D3D12_STATIC_BORDER_COLOR", i,
                (unsigned)s->BorderColor);
    if (isnan(s->MipLODBias) || isnan(s->MinLOD) || isnan(s->MaxLOD) || s->MinLOD > s->MaxLOD)
        return invalid(why, why_size, "static sampler [%u]: MipLODBias %g, MinLOD %g, MaxLOD %g: each must be a "
                "number and MinLOD at most MaxLOD", i, s->MipLODBias, s->MinLOD, s->MaxLOD);
    if (s->RegisterSpace >= RESERVED_SPACE_FIRST)
        return invalid(why, why_size, "static sampler [%u]: RegisterSpace %#x is reserved (0xfffffff0 and above)", i,
                s->RegisterSpace);
    if ((unsigned)s->ShaderVisibility > D3D12_SHADER_VISIBILITY_MESH)
        return invalid(why, why_size, "static sampler [%u]: ShaderVisibility %u is no D3D12_SHADER_VISIBILITY", i,
                (unsigned)s->ShaderVisibility);
    if (s->Flags & ~SAMPLER_FLAGS_ALL)
        return invalid(why, why_size, "static sampler [%u]: Flags %#x has bits (%#x) that are no D3D12_SAMPLER_FLAGS",
                i, s->Flags, s->Flags & ~SAMPLER_FLAGS_ALL);
    /* VulkanOn12.md: UINT_BORDER_COLOR is refused with a float border
     * colour (redundant with a UINT one); non-normalized coordinates take
     * point or min/mag-linear, mip-point filters without comparison or
     * anisotropy, and MinLOD = MaxLOD = 0. */
    if ((s->Flags & OBJ_SAMPLER_FLAG_UINT_BORDER_COLOR) && s->BorderColor < D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK_UINT)
        return invalid(why, why_size, "static sampler [%u]: D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR with the float "
                "BorderColor %u", i, (unsigned)s->BorderColor);
    if ((s->Flags & OBJ_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES)
            && ((basic != 0x00u && basic != 0x14u) || reduction == 1 || s->MinLOD != 0.0f
                || s->MaxLOD != 0.0f))
        return invalid(why, why_size, "static sampler [%u]: D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES needs a "
                "MIN_MAG_MIP_POINT or MIN_MAG_LINEAR_MIP_POINT filter without comparison and MinLOD = MaxLOD = 0 "
                "(Filter %#x, MinLOD %g, MaxLOD %g)", i, filter, s->MinLOD, s->MaxLOD);
    return S_OK;
}

static HRESULT check_parameter(const struct rs_view *v, UINT i, const struct rs_param *p, char *why, size_t why_size)
{
    if (p->type > D3D12_ROOT_PARAMETER_TYPE_UAV)
        return invalid(why, why_size, "root parameter [%u]: ParameterType %#x is no D3D12_ROOT_PARAMETER_TYPE", i,
                p->type);
    if (p->visibility > D3D12_SHADER_VISIBILITY_MESH)
        return invalid(why, why_size, "root parameter [%u]: ShaderVisibility %#x is no D3D12_SHADER_VISIBILITY", i,
                p->visibility);
    if (p->type == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
        return p->num_ranges && !p->ranges
                ? invalid(why, why_size, "root parameter [%u]: pDescriptorRanges is NULL but NumDescriptorRanges is "
                    "%u", i, p->num_ranges) : S_OK;
    if (p->space >= RESERVED_SPACE_FIRST)
        return invalid(why, why_size, "root parameter [%u]: RegisterSpace %#x is reserved (0xfffffff0 and above)", i,
                p->space);
    if (v->version != D3D_ROOT_SIGNATURE_VERSION_1_0 && p->type != D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS
            && ((p->flags & ~(UINT)ROOT_DESCRIPTOR_FLAGS_ALL) || (p->flags & (p->flags - 1))))
        return invalid(why, why_size, "root parameter [%u]: Flags %#x is not one D3D12_ROOT_DESCRIPTOR_FLAGS value", i,
                p->flags);
    return S_OK;
}

/* The bindings of descriptor table `i` (`p`), after *count of them. */
static HRESULT bind_table(const struct rs_view *v, UINT i, const struct rs_param *p, struct binding *bindings,
        size_t *count, char *why, size_t why_size)
{
    bool samplers = false, views = false;
    uint64_t offset = 0;
    D3D12_DESCRIPTOR_RANGE1 r;
    struct binding *b;
    HRESULT hr = S_OK;
    UINT j;

    for (j = 0; j < p->num_ranges; ++j)
    {
        view_range(v, p, j, &r);
        if (FAILED(hr = check_range(v, i, j, &r, why, why_size)))
            break;
        if (r.RangeType == D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER)
            samplers = true;
        else
            views = true;
        if (samplers && views)
        {
            hr = invalid(why, why_size, "root parameter [%u]: a descriptor table cannot mix SAMPLER ranges with "
                    "CBV, SRV or UAV ranges", i);
            break;
        }
        /* An append after an unbounded range has no place in the table. */
        if (r.OffsetInDescriptorsFromTableStart == D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND && offset > UINT32_MAX)
        {
            hr = invalid(why, why_size, "root parameter [%u], descriptor range [%u]: "
                    "D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND after an unbounded range", i, j);
            break;
        }
        if (r.OffsetInDescriptorsFromTableStart != D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND)
            offset = r.OffsetInDescriptorsFromTableStart;
        /* A range ending past 2^32 descriptors (vkd3d's test_root_signature_limits:
         * Windows refuses it; one ending exactly there varies, and passes here). */
        if (r.NumDescriptors != UNBOUNDED && offset + r.NumDescriptors > (uint64_t)UINT32_MAX + 1)
        {
            hr = invalid(why, why_size, "root parameter [%u], descriptor range [%u]: %u descriptors from offset "
                    "%llu end past the 2^32 a table can index", i, j, r.NumDescriptors, (unsigned long long)offset);
            break;
        }
        offset = r.NumDescriptors == UNBOUNDED ? (uint64_t)UINT32_MAX + 1 : offset + r.NumDescriptors;
        b = &bindings[(*count)++];
        b->kind = (uint8_t)r.RangeType;
        b->visibility = (uint8_t)p->visibility;
        b->space = r.RegisterSpace;
        b->first = r.BaseShaderRegister;
        b->last = r.NumDescriptors == UNBOUNDED ? UINT32_MAX : r.BaseShaderRegister + (r.NumDescriptors - 1);
        b->parameter = i;
        b->range = j;
        b->sampler = false;
    }
    return hr;
}

HRESULT obj_rs_validate(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, char *why, size_t why_size)
{
    static const uint8_t root_kinds[] =
    {
        0, D3D12_DESCRIPTOR_RANGE_TYPE_CBV, D3D12_DESCRIPTOR_RANGE_TYPE_CBV, D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
        D3D12_DESCRIPTOR_RANGE_TYPE_UAV,
    };
    struct binding stack[32], *bindings = stack, *b;
    size_t count = 0, capacity;
    struct obj_sampler1 s;
    struct rs_param p;
    struct rs_view v;
    uint64_t cost = 0;
    UINT i;
    HRESULT hr = S_OK;

    if ((unsigned)desc->Version - 1 >= 3)
        return invalid(why, why_size, "Version %#x is no D3D_ROOT_SIGNATURE_VERSION", (unsigned)desc->Version);
    view_init(&v, desc);
    if (v.num_parameters && !view_has_parameters(&v))
        return invalid(why, why_size, "pParameters is NULL but NumParameters is %u", v.num_parameters);
    if (v.num_samplers && !view_has_samplers(&v))
        return invalid(why, why_size, "pStaticSamplers is NULL but NumStaticSamplers is %u", v.num_samplers);
    if (v.flags & ~ROOT_SIGNATURE_FLAGS_ALL)
        return invalid(why, why_size, "Flags %#x has bits (%#x) that are no D3D12_ROOT_SIGNATURE_FLAGS", v.flags,
                v.flags & ~ROOT_SIGNATURE_FLAGS_ALL);

    capacity = v.num_samplers;
    for (i = 0; i < v.num_parameters; ++i)
    {
        view_param(&v, i, &p);
        if (FAILED(hr = check_parameter(&v, i, &p, why, why_size)))
            return hr;
        capacity += p.type == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE ? p.num_ranges : 1;
        /* The cost in DWORDs: a table 1, root constants 1 per value, a root descriptor 2. */
        cost += p.type == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE ? 1
                : p.type == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS ? p.count : 2;
    }
    /* Local root signatures (DXR shader records) are not bound by the 64 DWORDs. */
    if (!(v.flags & D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE) && cost > MAX_ROOT_COST)
        return invalid(why, why_size, "the root signature costs %llu DWORDs, more than the %u it may have (a table "
                "costs 1, a root constant 1 per value, a root descriptor 2)", (unsigned long long)cost, MAX_ROOT_COST);
    /* Most root signatures bind a few dozen ranges at most: no allocation
     * (each binding's every member is set where it is added). */
    if (capacity > sizeof(stack) / sizeof(stack[0]) && !(bindings = mk_calloc(capacity, sizeof(*bindings))))
        return E_OUTOFMEMORY;

    for (i = 0; i < v.num_parameters && SUCCEEDED(hr); ++i)
    {
        view_param(&v, i, &p);
        if (p.type == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
        {
            hr = bind_table(&v, i, &p, bindings, &count, why, why_size);
            continue;
        }
        b = &bindings[count++];
        b->kind = root_kinds[p.type];
        b->visibility = (uint8_t)p.visibility;
        b->space = p.space;
        b->first = b->last = p.reg;
        b->parameter = i;
        b->range = UINT32_MAX;
        b->sampler = false;
    }
    for (i = 0; i < v.num_samplers && SUCCEEDED(hr); ++i)
    {
        view_sampler(&v, i, &s);
        if (FAILED(hr = check_sampler(i, &s, why, why_size)))
            break;
        b = &bindings[count++];
        b->kind = D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER;
        b->visibility = (uint8_t)s.ShaderVisibility;
        b->space = s.RegisterSpace;
        b->first = b->last = s.ShaderRegister;
        b->parameter = i;
        b->range = UINT32_MAX;
        b->sampler = true;
    }
    if (SUCCEEDED(hr))
        hr = check_overlaps(bindings, count, why, why_size);
    if (bindings != stack)
        mk_free(bindings);
    return hr;
}

/* ---- The writer ---- */

struct writer
{
    uint8_t *data;
    size_t pos;
};

static void put(struct writer *w, uint32_t value)
{
    mk_write_u32(w->data + w->pos, value);
    w->pos += 4;
}

static void put_float(struct writer *w, float value)
{
    uint32_t bits;

    memcpy(&bits, &value, sizeof(bits));
    put(w, bits);
}

static size_t payload_size(const struct rs_view *v, const struct rs_param *p)
{
    const size_t flags = v->version != D3D_ROOT_SIGNATURE_VERSION_1_0;

    if (p->type == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
        return 8 + (size_t)p->num_ranges * (5 + flags) * 4;
    if (p->type == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
        return 12;
    return (2 + flags) * 4;
}

static size_t sampler_size(D3D_ROOT_SIGNATURE_VERSION version)
{
    return version == D3D_ROOT_SIGNATURE_VERSION_1_2 ? 14 * 4 : 13 * 4;
}

/* Parameter `p`'s payload: a table's ranges, root constants or a root descriptor. */
static void write_payload(struct writer *w, const struct rs_view *v, const struct rs_param *p)
{
    D3D12_DESCRIPTOR_RANGE1 r;
    UINT j;

    if (p->type == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
    {
        put(w, p->num_ranges);
        put(w, (uint32_t)(w->pos + 4));
        for (j = 0; j < p->num_ranges; ++j)
        {
            view_range(v, p, j, &r);
            put(w, (uint32_t)r.RangeType);
            put(w, r.NumDescriptors);
            put(w, r.BaseShaderRegister);
            put(w, r.RegisterSpace);
            if (v->version != D3D_ROOT_SIGNATURE_VERSION_1_0)
                put(w, (uint32_t)r.Flags);
            put(w, r.OffsetInDescriptorsFromTableStart);
        }
    }
    else if (p->type == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
    {
        put(w, p->reg);
        put(w, p->space);
        put(w, p->count);
    }
    else
    {
        put(w, p->reg);
        put(w, p->space);
        if (v->version != D3D_ROOT_SIGNATURE_VERSION_1_0)
            put(w, p->flags);
    }
}

static void write_sampler(struct writer *w, const struct rs_view *v, const struct obj_sampler1 *s)
{
    put(w, (uint32_t)s->Filter);
    put(w, (uint32_t)s->AddressU);
    put(w, (uint32_t)s->AddressV);
    put(w, (uint32_t)s->AddressW);
    put_float(w, s->MipLODBias);
    put(w, s->MaxAnisotropy);
    put(w, (uint32_t)s->ComparisonFunc);
    put(w, (uint32_t)s->BorderColor);
    put_float(w, s->MinLOD);
    put_float(w, s->MaxLOD);
    put(w, s->ShaderRegister);
    put(w, s->RegisterSpace);
    put(w, (uint32_t)s->ShaderVisibility);
    if (v->version == D3D_ROOT_SIGNATURE_VERSION_1_2)
        put(w, s->Flags);
}

/* The RTS0 part: its header, the parameters' headers, their payloads in
 * order, the static samplers. Offsets count from the part's first byte. */
static void write_part(struct writer *w, const struct rs_view *v)
{
    size_t payload, samplers_at = RTS0_HEADER_SIZE + (size_t)v->num_parameters * 12;
    struct obj_sampler1 s;
    struct rs_param p;
    UINT i;

    for (i = 0; i < v->num_parameters; ++i)
    {
        view_param(v, i, &p);
        samplers_at += payload_size(v, &p);
    }
    put(w, (uint32_t)v->version);
    put(w, v->num_parameters);
    put(w, RTS0_HEADER_SIZE);
    put(w, v->num_samplers);
    put(w, (uint32_t)samplers_at);
    put(w, v->flags);

    payload = RTS0_HEADER_SIZE + (size_t)v->num_parameters * 12;
    for (i = 0; i < v->num_parameters; ++i)
    {
        view_param(v, i, &p);
        put(w, p.type);
        put(w, p.visibility);
        put(w, (uint32_t)payload);
        payload += payload_size(v, &p);
    }
    for (i = 0; i < v->num_parameters; ++i)
    {
        view_param(v, i, &p);
        write_payload(w, v, &p);
    }
    for (i = 0; i < v->num_samplers; ++i)
    {
        view_sampler(v, i, &s);
        write_sampler(w, v, &s);
    }
}

HRESULT obj_rs_serialize(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, size_t head, void **data, size_t *size,
        char *why, size_t why_size)
{
    const size_t part_start = DXBC_HEADER_SIZE + 4 + 8;
    size_t part_size, total;
    uint32_t checksum[4];
    struct rs_param p;
    struct rs_view v;
    struct writer w;
    HRESULT hr;
    UINT i;

    *data = NULL;
    *size = 0;
    if (FAILED(hr = obj_rs_validate(desc, why, why_size)))
        return hr;
    view_init(&v, desc);
    part_size = RTS0_HEADER_SIZE + (size_t)v.num_parameters * 12;
    for (i = 0; i < v.num_parameters; ++i)
    {
        view_param(&v, i, &p);
        part_size += payload_size(&v, &p);
    }
    part_size += (size_t)v.num_samplers * sampler_size(v.version);
    total = part_start + part_size;
    if (total > SIZE_MAX - head || !(w.data = mk_calloc(1, head + total)))
        return E_OUTOFMEMORY;
    w.data += head;

    w.pos = 0;
    put(&w, DXBC_MAGIC);
    w.pos += 16; /* the checksum, last */
    put(&w, 1);
    put(&w, (uint32_t)total);
    put(&w, 1);
    put(&w, DXBC_HEADER_SIZE + 4);
    put(&w, OBJ_RS_TAG_RTS0);
    put(&w, (uint32_t)part_size);
    w.data += part_start;
    w.pos = 0;
    write_part(&w, &v);
    w.data -= part_start;

    obj_dxbc_checksum(w.data, total, checksum);
    for (i = 0; i < 4; ++i)
        mk_write_u32(w.data + 4 + 4 * i, checksum[i]);
    *data = w.data - head;
    *size = total;
    return S_OK;
}

/* ---- The container ---- */

HRESULT obj_dxbc_find_part(const void *data, size_t size, uint32_t tag, const void **part, size_t *part_size,
        char *why, size_t why_size)
{
    const uint8_t *bytes = data;
    uint32_t total, count, offset, length, i;

    *part = NULL;
    *part_size = 0;
    if (!data || size < DXBC_HEADER_SIZE)
        return invalid(why, why_size, "%zu bytes are too few for a DXBC container (%u at least)", data ? size : 0,
                DXBC_HEADER_SIZE);
    if (mk_read_u32(bytes) != DXBC_MAGIC)
        return invalid(why, why_size, "the data does not start with \"DXBC\"");
    if (mk_read_u32(bytes + 20) != 1)
        return invalid(why, why_size, "the DXBC container's version is %u, not 1", mk_read_u32(bytes + 20));
    total = mk_read_u32(bytes + 24);
    count = mk_read_u32(bytes + 28);
    if (total < DXBC_HEADER_SIZE || total > size || count > (total - DXBC_HEADER_SIZE) / 4)
        return invalid(why, why_size, "the DXBC container's size %u or part count %u does not fit its %zu bytes",
                total, count, size);
    if (!obj_dxbc_checksum_valid(bytes, total))
        return invalid(why, why_size, "the DXBC container's checksum is wrong");
    for (i = 0; i < count; ++i)
    {
        offset = mk_read_u32(bytes + DXBC_HEADER_SIZE + 4 * i);
        if (offset < DXBC_HEADER_SIZE + 4 * count || offset > total - 8 || (offset & 3)
                || mk_read_u32(bytes + offset + 4) > total - 8 - offset)
            return invalid(why, why_size, "part [%u] of the DXBC container lies outside it", i);
        length = mk_read_u32(bytes + offset + 4);
        if (!*part && mk_read_u32(bytes + offset) == tag)
        {
            *part = bytes + offset + 8;
            *part_size = length;
        }
    }
    if (*part)
        return S_OK;
    snprintf(why, why_size, "the DXBC container has no %c%c%c%c part", (char)tag, (char)(tag >> 8),
            (char)(tag >> 16), (char)(tag >> 24));
    return E_FAIL;
}

/* ---- The parser ---- */

/* One allocation: the struct, the parameters, the ranges, the samplers. */
static struct obj_rs *rs_alloc(size_t head, D3D_ROOT_SIGNATURE_VERSION version, UINT num_parameters,
        size_t num_ranges, UINT num_samplers, void **parameters, void **ranges, void **samplers)
{
    const size_t parameter_size = version == D3D_ROOT_SIGNATURE_VERSION_1_0 ? sizeof(D3D12_ROOT_PARAMETER)
            : sizeof(D3D12_ROOT_PARAMETER1);
    const size_t range_size = version == D3D_ROOT_SIGNATURE_VERSION_1_0 ? sizeof(D3D12_DESCRIPTOR_RANGE)
            : sizeof(D3D12_DESCRIPTOR_RANGE1);
    const size_t one_sampler = version == D3D_ROOT_SIGNATURE_VERSION_1_2 ? sizeof(struct obj_sampler1)
            : sizeof(D3D12_STATIC_SAMPLER_DESC);
    size_t at_parameters = sizeof(struct obj_rs), at_ranges, at_samplers, size;
    uint8_t *block;

    at_ranges = at_parameters + (size_t)num_parameters * parameter_size;
    at_samplers = at_ranges + num_ranges * range_size;
    size = at_samplers + (size_t)num_samplers * one_sampler;
    if (size > SIZE_MAX - head || !(block = mk_calloc(1, head + size)))
        return NULL;
    block += head;
    *parameters = num_parameters ? block + at_parameters : NULL;
    *ranges = num_ranges ? block + at_ranges : NULL;
    *samplers = num_samplers ? block + at_samplers : NULL;
    ((struct obj_rs *)block)->desc.Version = version;
    return (struct obj_rs *)block;
}

/* Whether `count` items of `item` bytes at `offset` lie within `size`. */
static bool fits(size_t size, uint32_t offset, uint64_t count, size_t item)
{
    return offset <= size && count * item <= size - offset;
}

static void fill_desc(struct obj_rs *rs, UINT num_parameters, void *parameters, UINT num_samplers, void *samplers,
        UINT flags)
{
    if (rs->desc.Version == D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        rs->desc.Desc_1_0.NumParameters = num_parameters;
        rs->desc.Desc_1_0.pParameters = parameters;
        rs->desc.Desc_1_0.NumStaticSamplers = num_samplers;
        rs->desc.Desc_1_0.pStaticSamplers = samplers;
        rs->desc.Desc_1_0.Flags = (D3D12_ROOT_SIGNATURE_FLAGS)flags;
    }
    else
    {
        rs->desc.Desc_1_1.NumParameters = num_parameters;
        rs->desc.Desc_1_1.pParameters = parameters;
        rs->desc.Desc_1_1.NumStaticSamplers = num_samplers;
        rs->desc.Desc_1_1.pStaticSamplers = samplers;
        rs->desc.Desc_1_1.Flags = (D3D12_ROOT_SIGNATURE_FLAGS)flags;
    }
}

static void read_sampler(const uint8_t *at, struct obj_sampler1 *s, bool flags)
{
    uint32_t bits;

    s->Filter = (D3D12_FILTER)mk_read_u32(at);
    s->AddressU = (D3D12_TEXTURE_ADDRESS_MODE)mk_read_u32(at + 4);
    s->AddressV = (D3D12_TEXTURE_ADDRESS_MODE)mk_read_u32(at + 8);
    s->AddressW = (D3D12_TEXTURE_ADDRESS_MODE)mk_read_u32(at + 12);
    bits = mk_read_u32(at + 16);
    memcpy(&s->MipLODBias, &bits, 4);
    s->MaxAnisotropy = mk_read_u32(at + 20);
    s->ComparisonFunc = (D3D12_COMPARISON_FUNC)mk_read_u32(at + 24);
    s->BorderColor = (D3D12_STATIC_BORDER_COLOR)mk_read_u32(at + 28);
    bits = mk_read_u32(at + 32);
    memcpy(&s->MinLOD, &bits, 4);
    bits = mk_read_u32(at + 36);
    memcpy(&s->MaxLOD, &bits, 4);
    s->ShaderRegister = mk_read_u32(at + 40);
    s->RegisterSpace = mk_read_u32(at + 44);
    s->ShaderVisibility = (D3D12_SHADER_VISIBILITY)mk_read_u32(at + 48);
    s->Flags = flags ? mk_read_u32(at + 52) : 0;
}

HRESULT obj_rs_parse_unchecked(const void *data, size_t size, size_t head, struct obj_rs **out, char *why,
        size_t why_size)
{
    size_t part_size;
    const void *found;
    HRESULT hr;

    *out = NULL;
    if (FAILED(hr = obj_dxbc_find_part(data, size, OBJ_RS_TAG_RTS0, &found, &part_size, why, why_size)))
        return hr;
    return obj_rs_parse_part(found, part_size, head, out, why, why_size);
}

/* First pass over a part's parameters: their payloads and ranges lie within
 * it; *num_ranges counts the ranges. */
static HRESULT check_parameters(const uint8_t *part, size_t part_size, uint32_t version, uint32_t num_parameters,
        uint32_t parameters_at, size_t range_bytes, size_t *num_ranges, char *why, size_t why_size)
{
    uint32_t type, at, count, i;

    *num_ranges = 0;
    for (i = 0; i < num_parameters; ++i)
    {
        type = mk_read_u32(part + parameters_at + 12 * i);
        at = mk_read_u32(part + parameters_at + 12 * i + 8);
        if (type > D3D12_ROOT_PARAMETER_TYPE_UAV)
            return invalid(why, why_size, "RTS0 parameter [%u]: type %#x is no D3D12_ROOT_PARAMETER_TYPE", i, type);
        if (!fits(part_size, at, 1, type == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE ? 8
                : type == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS || version > 1 ? 12 : 8))
            return invalid(why, why_size, "RTS0 parameter [%u]: its payload lies outside the part", i);
        if (type != D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
            continue;
        count = mk_read_u32(part + at);
        if (!fits(part_size, mk_read_u32(part + at + 4), count, range_bytes))
            return invalid(why, why_size, "RTS0 parameter [%u]: its %u descriptor ranges lie outside the part", i,
                    count);
        *num_ranges += count;
    }
    return S_OK;
}

/* A range written at *range_out in the version's layout
 * (D3D12_DESCRIPTOR_RANGE for 1.0, D3D12_DESCRIPTOR_RANGE1 after). */
static void put_range(uint8_t **range_out, uint32_t version, const D3D12_DESCRIPTOR_RANGE1 *r1)
{
    if (version == D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        D3D12_DESCRIPTOR_RANGE r0 = {r1->RangeType, r1->NumDescriptors, r1->BaseShaderRegister,
                r1->RegisterSpace, r1->OffsetInDescriptorsFromTableStart};

        memcpy(*range_out, &r0, sizeof(r0));
        *range_out += sizeof(r0);
    }
    else
    {
        memcpy(*range_out, r1, sizeof(*r1));
        *range_out += sizeof(*r1);
    }
}

/* A descriptor table's ranges, written at *range_out in the version's layout. */
static void read_table(const uint8_t *part, const uint8_t *payload, uint32_t version, size_t range_bytes,
        uint8_t **range_out, D3D12_ROOT_PARAMETER1 *p)
{
    const uint8_t *range = part + mk_read_u32(payload + 4);
    uint32_t count = mk_read_u32(payload), j;

    p->DescriptorTable.NumDescriptorRanges = count;
    p->DescriptorTable.pDescriptorRanges = count ? (const D3D12_DESCRIPTOR_RANGE1 *)*range_out : NULL;
    for (j = 0; j < count; ++j, range += range_bytes)
    {
        D3D12_DESCRIPTOR_RANGE1 r1;

        r1.RangeType = (D3D12_DESCRIPTOR_RANGE_TYPE)mk_read_u32(range);
        r1.NumDescriptors = mk_read_u32(range + 4);
        r1.BaseShaderRegister = mk_read_u32(range + 8);
        r1.RegisterSpace = mk_read_u32(range + 12);
        r1.Flags = version > 1 ? (D3D12_DESCRIPTOR_RANGE_FLAGS)mk_read_u32(range + 16) : D3D12_DESCRIPTOR_RANGE_FLAG_NONE;
        r1.OffsetInDescriptorsFromTableStart = mk_read_u32(range + range_bytes - 4);
        put_range(range_out, version, &r1);
    }
}

/* Parameter `i` stored in the version's layout: D3D12_ROOT_PARAMETER (the
 * same places, 1.0's types, no flags) or D3D12_ROOT_PARAMETER1. */
static void store_parameter(void *parameters, uint32_t i, uint32_t version, const D3D12_ROOT_PARAMETER1 *p)
{
    D3D12_ROOT_PARAMETER *p0 = &((D3D12_ROOT_PARAMETER *)parameters)[i];

    if (version != 1)
    {
        ((D3D12_ROOT_PARAMETER1 *)parameters)[i] = *p;
        return;
    }
    p0->ParameterType = p->ParameterType;
    p0->ShaderVisibility = p->ShaderVisibility;
    if (p->ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
    {
        p0->DescriptorTable.NumDescriptorRanges = p->DescriptorTable.NumDescriptorRanges;
        p0->DescriptorTable.pDescriptorRanges = (const D3D12_DESCRIPTOR_RANGE *)p->DescriptorTable.pDescriptorRanges;
    }
    else if (p->ParameterType == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
    {
        p0->Constants = p->Constants;
    }
    else
    {
        p0->Descriptor.ShaderRegister = p->Descriptor.ShaderRegister;
        p0->Descriptor.RegisterSpace = p->Descriptor.RegisterSpace;
    }
}

/* Parameter `i` of a part the first pass checked. */
static void read_parameter(const uint8_t *part, uint32_t parameters_at, uint32_t i, uint32_t version,
        size_t range_bytes, uint8_t **range_out, void *parameters)
{
    const uint8_t *header = part + parameters_at + 12 * i, *payload = part + mk_read_u32(header + 8);
    D3D12_ROOT_PARAMETER1 p;

    memset(&p, 0, sizeof(p));
    p.ParameterType = (D3D12_ROOT_PARAMETER_TYPE)mk_read_u32(header);
    p.ShaderVisibility = (D3D12_SHADER_VISIBILITY)mk_read_u32(header + 4);
    if (p.ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
        read_table(part, payload, version, range_bytes, range_out, &p);
    else if (p.ParameterType == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
    {
        p.Constants.ShaderRegister = mk_read_u32(payload);
        p.Constants.RegisterSpace = mk_read_u32(payload + 4);
        p.Constants.Num32BitValues = mk_read_u32(payload + 8);
    }
    else
    {
        p.Descriptor.ShaderRegister = mk_read_u32(payload);
        p.Descriptor.RegisterSpace = mk_read_u32(payload + 4);
        p.Descriptor.Flags = version > 1 ? (D3D12_ROOT_DESCRIPTOR_FLAGS)mk_read_u32(payload + 8)
                : D3D12_ROOT_DESCRIPTOR_FLAG_NONE;
    }
    store_parameter(parameters, i, version, &p);
}

HRESULT obj_rs_parse_part(const void *found, size_t part_size, size_t head, struct obj_rs **out, char *why,
        size_t why_size)
{
    uint32_t version, num_parameters, parameters_at, num_samplers, samplers_at, flags, i;
    const size_t sampler_bytes_12 = 14 * 4, sampler_bytes = 13 * 4;
    void *parameters, *ranges, *samplers;
    const uint8_t *part;
    size_t num_ranges, range_bytes, stride;
    uint8_t *range_out;
    struct obj_rs *rs;
    HRESULT hr;

    *out = NULL;
    part = found;
    if (part_size < RTS0_HEADER_SIZE)
        return invalid(why, why_size, "the RTS0 part has %zu bytes, fewer than its header's %u", part_size,
                RTS0_HEADER_SIZE);
    version = mk_read_u32(part);
    num_parameters = mk_read_u32(part + 4);
    parameters_at = mk_read_u32(part + 8);
    num_samplers = mk_read_u32(part + 12);
    samplers_at = mk_read_u32(part + 16);
    flags = mk_read_u32(part + 20);
    if (version - 1 >= 3)
        return invalid(why, why_size, "the RTS0 part's version %#x is no D3D_ROOT_SIGNATURE_VERSION", version);
    range_bytes = version == 1 ? 20 : 24;
    stride = version == 3 ? sampler_bytes_12 : sampler_bytes;
    if (!fits(part_size, parameters_at, num_parameters, 12) || !fits(part_size, samplers_at, num_samplers, stride))
        return invalid(why, why_size, "the RTS0 part's %u parameters or %u static samplers lie outside it",
                num_parameters, num_samplers);
    if (FAILED(hr = check_parameters(part, part_size, version, num_parameters, parameters_at, range_bytes,
            &num_ranges, why, why_size)))
        return hr;

    if (!(rs = rs_alloc(head, (D3D_ROOT_SIGNATURE_VERSION)version, num_parameters, num_ranges, num_samplers, &parameters,
            &ranges, &samplers)))
        return E_OUTOFMEMORY;
    fill_desc(rs, num_parameters, parameters, num_samplers, samplers, flags);
    range_out = ranges;
    for (i = 0; i < num_parameters; ++i)
        read_parameter(part, parameters_at, i, version, range_bytes, &range_out, parameters);
    for (i = 0; i < num_samplers; ++i)
    {
        struct obj_sampler1 s;

        read_sampler(part + samplers_at + stride * i, &s, version == 3);
        if (version == 3)
            ((struct obj_sampler1 *)samplers)[i] = s;
        else
            memcpy(&((D3D12_STATIC_SAMPLER_DESC *)samplers)[i], &s, sizeof(D3D12_STATIC_SAMPLER_DESC));
    }
    *out = rs;
    return S_OK;
}

HRESULT obj_rs_parse(const void *data, size_t size, size_t head, struct obj_rs **out, char *why, size_t why_size)
{
    HRESULT hr;

    if (FAILED(hr = obj_rs_parse_unchecked(data, size, head, out, why, why_size)))
        return hr;
    if (FAILED(hr = obj_rs_validate(&(*out)->desc, why, why_size)))
    {
        mk_free((char *)*out - head);
        *out = NULL;
    }
    return hr;
}

/* ---- Conversions ---- */

/* Parameter `i` (`p`) of `v` in `version`, its ranges written at *range_out.
 * 1.0's meaning in 1.1 ("Root Signature Version 1.1" in the resource binding
 * specification; vkd3d-proton's test_root_signature_byte_code records it on
 * Windows): volatile descriptors and data; samplers have no data, so no
 * DATA_* flag. */
static void convert_parameter(const struct rs_view *v, UINT i, const struct rs_param *p,
        D3D_ROOT_SIGNATURE_VERSION version, uint8_t **range_out, void *parameters)
{
    D3D12_ROOT_PARAMETER1 p1;
    D3D12_DESCRIPTOR_RANGE1 r;
    UINT j;

    memset(&p1, 0, sizeof(p1));
    p1.ParameterType = (D3D12_ROOT_PARAMETER_TYPE)p->type;
    p1.ShaderVisibility = (D3D12_SHADER_VISIBILITY)p->visibility;
    if (p->type == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
    {
        p1.DescriptorTable.NumDescriptorRanges = p->num_ranges;
        p1.DescriptorTable.pDescriptorRanges = p->num_ranges ? (const D3D12_DESCRIPTOR_RANGE1 *)*range_out : NULL;
        for (j = 0; j < p->num_ranges; ++j)
        {
            view_range(v, p, j, &r);
            if (v->version == D3D_ROOT_SIGNATURE_VERSION_1_0)
                r.Flags = r.RangeType == D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER
                        ? D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE
                        : D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE;
            put_range(range_out, version, &r);
        }
    }
    else if (p->type == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS)
    {
        p1.Constants.ShaderRegister = p->reg;
        p1.Constants.RegisterSpace = p->space;
        p1.Constants.Num32BitValues = p->count;
    }
    else
    {
        p1.Descriptor.ShaderRegister = p->reg;
        p1.Descriptor.RegisterSpace = p->space;
        p1.Descriptor.Flags = v->version == D3D_ROOT_SIGNATURE_VERSION_1_0
                ? D3D12_ROOT_DESCRIPTOR_FLAG_DATA_VOLATILE : (D3D12_ROOT_DESCRIPTOR_FLAGS)p->flags;
    }
    store_parameter(parameters, i, version, &p1);
}

HRESULT obj_rs_convert(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, D3D_ROOT_SIGNATURE_VERSION version,
        struct obj_rs **out)
{
    void *parameters, *ranges, *samplers;
    struct obj_sampler1 s;
    size_t num_ranges = 0;
    uint8_t *range_out;
    struct rs_param p;
    struct rs_view v;
    struct obj_rs *rs;
    UINT i;

    *out = NULL;
    view_init(&v, desc);
    for (i = 0; i < v.num_parameters; ++i)
    {
        view_param(&v, i, &p);
        if (p.type == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
            num_ranges += p.num_ranges;
    }
    /* d3dx12's D3DX12SerializeVersionedRootSignature refuses the same when it
     * converts 1.2 down (d3dx12_root_signature.h). */
    if (v.version == D3D_ROOT_SIGNATURE_VERSION_1_2 && version != D3D_ROOT_SIGNATURE_VERSION_1_2)
    {
        for (i = 0; i < v.num_samplers; ++i)
        {
            view_sampler(&v, i, &s);
            if (s.Flags & ~OBJ_SAMPLER_FLAG_UINT_BORDER_COLOR)
                return E_INVALIDARG;
        }
    }
    if (!(rs = rs_alloc(0, version, v.num_parameters, num_ranges, v.num_samplers, &parameters, &ranges, &samplers)))
        return E_OUTOFMEMORY;
    fill_desc(rs, v.num_parameters, parameters, v.num_samplers, samplers, v.flags);
    range_out = ranges;
    for (i = 0; i < v.num_parameters; ++i)
    {
        view_param(&v, i, &p);
        convert_parameter(&v, i, &p, version, &range_out, parameters);
    }
    for (i = 0; i < v.num_samplers; ++i)
    {
        view_sampler(&v, i, &s);
        if (version == D3D_ROOT_SIGNATURE_VERSION_1_2)
            ((struct obj_sampler1 *)samplers)[i] = s;
        else
            memcpy(&((D3D12_STATIC_SAMPLER_DESC *)samplers)[i], &s, sizeof(D3D12_STATIC_SAMPLER_DESC));
    }
    *out = rs;
    return S_OK;
}
