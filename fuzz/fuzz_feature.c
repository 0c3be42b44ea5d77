/*
 * libFuzzer target: the feature-data walk (CheckFeatureSupport and
 * CheckFeatureSupport1) as a client drives it. The bytes choose the adapter,
 * the runtime configuration (through mockd3d12_set_runtime), the debug layer,
 * the entry point, the feature, the SDKVersion, the declared size and the
 * struct's bytes.
 *
 * Invariants checked on every input:
 *   - no crash, no sanitizer report;
 *   - an error leaves the caller's buffer (and the arrays its pointers name)
 *     byte-identical, except the count MULTISAMPLE_QUALITY_LEVELS writes back;
 *   - a success never reports a BOOL/tier/flags output above the adapter's
 *     true value (caps_adapter_values); a feature the runtime answers in
 *     another layout (caps_runtime_layout) gives exactly the values it answers;
 *   - a clamped value is never a post-cutoff value unknown to the SDKVersion;
 *   - the same query twice gives the same bytes.
 *
 * Input layout: flags u8, adapter u8, feature u32, SDKVersion u32, runtime
 * (kind u8, 4 x u16, retroactive u8), size u16, null-pointer mask u8, then the
 * struct's bytes and the arrays its pointers name.
 */
#define COBJMACROS
#include <stdbool.h>

#include "fuzz_common.h"

#include "caps/caps.h"
#include "clamp/clamp.h"
#include "debuglayer/dbg_private.h"
#include "debuglayer/debuglayer.h"
#include "device.h"
#include "mk_tables.h"

#define ARENA_SLICE 8192
#define ARENA_SLICES 4
#define MAX_COUNT (ARENA_SLICE / 16) /* the largest array element is a GUID */

enum
{
    FLAG_CFS1 = 0x01,
    FLAG_DEBUG = 0x02,
    FLAG_SET_RUNTIME = 0x04,
    FLAG_ANY_SIZE = 0x08,
    FLAG_NULL_DATA = 0x10,
    FLAG_RAW_FEATURE = 0x20,
    FLAG_RAW_SDK = 0x40,
};

static const UINT interesting_sdk[] = {0, 1, 4, 600, 606, 608, 610, 611, 612, 613, 614, 615, 616, 617, 618, 619,
        620, 621, 699, 700, 706, 710, 711, 714, 716, 717, 718, 719, 720, 721, 722, 799, 999, ~0u};

static void discard_output(void *context, const char *line)
{
    (void)context;
    (void)line;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    dbg_set_output_hook(discard_output, NULL);
    return 0;
}

static bool is_pointer(const struct mk_field *f)
{
    return strchr(mk_field_type(f), '*') != NULL;
}

static bool is_count(const struct mk_field *f)
{
    return !is_pointer(f) && f->kind == MK_FIELD_UINT
            && (strstr(mk_field_name(f), "Num") || strstr(mk_field_name(f), "Count")
                    || strstr(mk_field_name(f), "SizeInBytes"));
}

/* Points every pointer field at a slice of `arena` (or NULL when the mask
 * says so) and keeps every count and byte size within the slices. */
static void place_pointers(const struct mk_struct *desc, unsigned char *data, size_t size, unsigned char *arena,
        uint8_t null_mask)
{
    unsigned i, slice = 0;

    for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
    {
        const struct mk_field *f = &mk_fields[i];
        void *p = NULL;

        if (f->offset + f->size > size)
            continue;
        if (is_pointer(f))
        {
            if (!(null_mask & (1u << (slice & 7))))
                p = arena + (slice % ARENA_SLICES) * ARENA_SLICE;
            if (p && !strcmp(mk_field_type(f), "SIZE_T*"))
            {
                SIZE_T v;
                memcpy(&v, p, sizeof(v));
                v %= ARENA_SLICE + 1;
                memcpy(p, &v, sizeof(v));
            }
            memcpy(data + f->offset, &p, sizeof(p));
            ++slice;
        }
        else if (is_count(f))
        {
            uint64_t v = mk_field_get(data, f);
            mk_field_set(data, f,
                    strstr(mk_field_name(f), "SizeInBytes") ? v % (ARENA_SLICE + 1) : v % (MAX_COUNT + 1));
        }
    }
}

/* Is `value` of an enum field named by a fact the clamp must have removed
 * (post-cutoff and unknown to the caller)? Written from the spec, apart from
 * the engine: an oracle, not a copy. */
static bool fact_forbidden(const mockd3d12_runtime *rt, const struct mk_enum_value *v, UINT s, bool legacy)
{
    bool post;

    if (v->is_alias)
        return false;
    if (v->first_preview != MK_NEVER)
        post = v->first_preview >= rt->cutoff_preview_sdk_version;
    else if (v->first_retail != MK_NEVER)
        post = v->first_retail >= rt->cutoff_sdk_version;
    else
        post = true;
    if (legacy)
        return post;
    if (mk_version_knows(s, v->first_retail, v->first_preview))
        return false;
    return post || rt->retroactive;
}

/* Does some fact allow `value` (or, for flags, the bit)? Unnamed values
 * have no facts and are allowed. */
static bool value_allowed(const struct caps_adapter *a, unsigned field_index, const struct mk_enum *e,
        uint32_t value, const mockd3d12_runtime *rt, UINT s, bool legacy)
{
    const struct mk_declared_value *extra;
    unsigned i, n;
    bool named = false;

    for (i = 0; i < e->value_count; ++i)
    {
        const struct mk_enum_value *v = &mk_enum_values[e->first_value + i];
        if (v->value != value || v->is_alias)
            continue;
        named = true;
        if (!fact_forbidden(rt, v, s, legacy))
            return true;
    }
    n = caps_adapter_new_values(a, field_index, &extra);
    for (i = 0; i < n; ++i)
    {
        if (extra[i].value.value != value || extra[i].value.is_alias)
            continue;
        named = true;
        if (!fact_forbidden(rt, &extra[i].value, s, legacy))
            return true;
    }
    return !named;
}

static void check_success(const struct mk_device *device, const struct mk_feature *feature, const void *result,
        bool legacy, UINT sdk_version)
{
    const struct mk_struct *desc = &mk_structs[feature->struct_index];
    const void *truth = caps_adapter_values(device->adapter, feature->struct_index);
    const mockd3d12_runtime *rt = &device->runtime;
    const struct mk_layout *layout;
    struct clamp_version version = {0};
    unsigned i;

    if (!legacy && FAILED(clamp_resolve_sdk_version(rt, sdk_version, &version)))
        FUZZ_CHECK(0, "%s succeeded for SDKVersion %u, which the runtime rejects", mk_feature_name(feature),
                sdk_version);
    if ((layout = caps_runtime_layout(rt, feature->value)))
    {
        /* The runtime answers another layout of the struct (preview 711's
         * OPTIONS_EXPERIMENTAL: WorkGraphsTier where later previews put
         * CooperativeVectorTier): each of its fields against the adapter's
         * value it answers. */
        for (i = layout->first_field; i < (unsigned)layout->first_field + layout->field_count; ++i)
        {
            const struct mk_layout_field *lf = &mk_layout_fields[i];
            const struct mk_field *source = &mk_fields[lf->source];
            const void *values = caps_adapter_values(device->adapter, source->struct_index);
            const struct mk_field at = {lf->name, lf->type, lf->offset, lf->size, source->kind, MK_DIR_OUT,
                    source->enum_index, source->struct_index, 0, 0, 0};
            uint64_t got = mk_field_get(result, &at), max = values ? mk_field_get(values, source) : 0;

            FUZZ_CHECK(got == max, "%s.%s = %llu at preview %u, the adapter's %s is %llu", mk_layout_struct_name(layout),
                    mk_layout_field_name(lf), (unsigned long long)got, (unsigned)rt->preview_sdk_version,
                    mk_field_name(source), (unsigned long long)max);
        }
        return;
    }
    /* Outputs computed from the caller's inputs (COMMAND_QUEUE_PRIORITY,
     * FORMAT_SUPPORT...) have no single true value to compare with; a
     * NodeIndex only selects one of identical nodes. */
    for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
        if (mk_fields[i].dir != MK_DIR_OUT && strcmp(mk_field_name(&mk_fields[i]), "NodeIndex"))
            return;
    for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
    {
        const struct mk_field *f = &mk_fields[i];
        const struct mk_enum *e = f->enum_index >= 0 ? &mk_enums[f->enum_index] : NULL;
        uint64_t got, max;

        if (f->dir != MK_DIR_OUT || !mk_field_is_scalar(f) || !caps_profile_field(i))
            continue;
        if (f->kind != MK_FIELD_BOOL && !(e && (e->category == MK_ENUM_TIER || e->category == MK_ENUM_FLAGS)))
            continue;
        got = mk_field_get(result, f);
        max = truth ? mk_field_get(truth, f) : 0;
        if (e && e->category == MK_ENUM_FLAGS)
            FUZZ_CHECK(!(got & ~max), "%s.%s = %#llx has bits the adapter's %#llx lacks", mk_struct_name(desc),
                    mk_field_name(f), (unsigned long long)got, (unsigned long long)max);
        else
            FUZZ_CHECK(got <= max, "%s.%s = %llu is above the adapter's %llu", mk_struct_name(desc), mk_field_name(f),
                    (unsigned long long)got, (unsigned long long)max);
        /* 0 (NOT_SUPPORTED, no flags) is what a clamped field or struct becomes. */
        if (got == max || !got || !e || feature->never_clamped)
            continue;
        /* Clamped: what is left must be known to the caller. */
        if (e->category == MK_ENUM_FLAGS)
        {
            uint32_t bit;
            for (bit = 1; bit; bit <<= 1)
                if ((got & bit) && !value_allowed(device->adapter, i, e, bit, rt, version.effective, legacy))
                    FUZZ_CHECK(0, "%s.%s kept flag %#x unknown to SDK %u", mk_struct_name(desc), mk_field_name(f), bit,
                            version.effective);
        }
        else
        {
            FUZZ_CHECK(value_allowed(device->adapter, i, e, (uint32_t)got, rt, version.effective, legacy),
                    "%s.%s clamped to %llu, unknown to SDK %u%s", mk_struct_name(desc), mk_field_name(f),
                    (unsigned long long)got, version.effective, legacy ? " (legacy)" : "");
        }
    }
}

static HRESULT query(struct mk_device *device, bool cfs1, D3D12_FEATURE feature, void *data, UINT size,
        UINT sdk_version)
{
    ID3D12Device17 *device17 = NULL;
    ID3D12Device *iface = (ID3D12Device *)&device->ID3D12Device17_iface;
    HRESULT hr;

    if (cfs1 && SUCCEEDED(ID3D12Device_QueryInterface(iface, &IID_ID3D12Device17, (void **)&device17)))
    {
        hr = ID3D12Device17_CheckFeatureSupport1(device17, feature, data, size, sdk_version);
        ID3D12Device17_Release(device17);
        return hr;
    }
    return ID3D12Device_CheckFeatureSupport(iface, feature, data, size);
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t length)
{
    static unsigned char arena[2][ARENA_SLICES * ARENA_SLICE] __attribute__((aligned(16)));
    static unsigned char before_arena[ARENA_SLICES * ARENA_SLICE];
    struct fuzz_input in = {bytes, length, 0};
    const struct mk_feature *desc_feature;
    const struct caps_adapter *adapter;
    mockd3d12_runtime runtime;
    struct mk_device *device;
    unsigned char *data[2] = {NULL, NULL}, *before = NULL;
    uint8_t flags, null_mask;
    UINT feature, sdk_version, size, declared;
    bool cfs1, legacy;
    HRESULT hr[2];
    unsigned k;

    flags = fuzz_u8(&in);
    adapter = caps_adapter_at(fuzz_u8(&in) % caps_adapter_count());
    feature = fuzz_u32(&in);
    if (!(flags & FLAG_RAW_FEATURE))
        feature %= MK_FEATURE_VALUE_LIMIT;
    sdk_version = fuzz_u32(&in);
    if (!(flags & FLAG_RAW_SDK))
        sdk_version = interesting_sdk[sdk_version % (sizeof(interesting_sdk) / sizeof(*interesting_sdk))];
    runtime.kind = (mockd3d12_runtime_kind)(fuzz_u8(&in) % 3);
    runtime.sdk_version = fuzz_u16(&in);
    runtime.preview_sdk_version = fuzz_u16(&in);
    runtime.cutoff_sdk_version = fuzz_u16(&in);
    runtime.cutoff_preview_sdk_version = fuzz_u16(&in);
    runtime.retroactive = fuzz_u8(&in) & 1;
    size = fuzz_u16(&in);
    null_mask = fuzz_u8(&in);
    if (!adapter)
        return 0;

    /* The runtime through the control API (a rejected one leaves the defaults). */
    mockd3d12_set_runtime(NULL);
    if ((flags & FLAG_SET_RUNTIME) && FAILED(mockd3d12_set_runtime(&runtime)))
        mockd3d12_set_runtime(NULL);
    if (flags & FLAG_DEBUG)
    {
        ID3D12Debug *debug;
        if (SUCCEEDED(dbg_get_debug_interface(&IID_ID3D12Debug, (void **)&debug)))
        {
            ID3D12Debug_EnableDebugLayer(debug);
            ID3D12Debug_Release(debug);
        }
    }
    hr[0] = mk_device_create(adapter, NULL, D3D_FEATURE_LEVEL_11_0, &device);
    dbg_reset();
    mockd3d12_set_runtime(NULL);
    if (FAILED(hr[0]))
        return 0;

    desc_feature = mk_feature_from_value(feature);
    declared = desc_feature ? mk_structs[desc_feature->struct_index].size : 0;
    if (!(flags & FLAG_ANY_SIZE) && declared)
        size = declared;
    else
        size %= 1100;
    cfs1 = flags & FLAG_CFS1;

    /* The caller's buffer, exactly `size` bytes so ASan sees any overrun. */
    if (!(flags & FLAG_NULL_DATA))
    {
        for (k = 0; k < 2; ++k)
            data[k] = malloc(size ? size : 1);
        before = malloc(size ? size : 1);
        fuzz_bytes(&in, data[0], size);
    }
    fuzz_bytes(&in, arena[0], sizeof(arena[0]) < fuzz_left(&in) ? sizeof(arena[0]) : fuzz_left(&in));
    if (data[0] && desc_feature)
        place_pointers(&mk_structs[desc_feature->struct_index], data[0], size, arena[0], null_mask);
    if (data[0])
    {
        memcpy(before, data[0], size);
        memcpy(data[1], data[0], size);
    }
    memcpy(before_arena, arena[0], sizeof(before_arena));

    hr[0] = query(device, cfs1, (D3D12_FEATURE)feature, data[0], size, sdk_version);
    legacy = !cfs1 || !device->has_device17;

    if (FAILED(hr[0]))
    {
        bool multisample = desc_feature && desc_feature->value == D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS;

        if (data[0] && multisample && size == declared)
        {
            /* The real runtime writes NumQualityLevels = 0 on failure. */
            D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS *ms = (void *)data[0];
            FUZZ_CHECK(ms->NumQualityLevels == 0 || !memcmp(before, data[0], size),
                    "MULTISAMPLE_QUALITY_LEVELS failed with NumQualityLevels %u", ms->NumQualityLevels);
            memcpy(&ms->NumQualityLevels, before + offsetof(D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS,
                    NumQualityLevels), sizeof(ms->NumQualityLevels));
        }
        FUZZ_CHECK(!data[0] || !memcmp(before, data[0], size), "feature %u failed (%#x) but wrote the buffer",
                feature, (unsigned)hr[0]);
        FUZZ_CHECK(!memcmp(before_arena, arena[0], sizeof(before_arena)),
                "feature %u failed (%#x) but wrote through a pointer", feature, (unsigned)hr[0]);
    }
    else
    {
        FUZZ_CHECK(data[0] && desc_feature, "feature %u succeeded without data or descriptor", feature);
        check_success(device, desc_feature, data[0], legacy, sdk_version);
    }

    /* The same query again: the same answer, byte for byte. The second call
     * uses its own arena so its pointers differ; compare the rest. */
    memcpy(arena[1], before_arena, sizeof(before_arena));
    if (data[1] && desc_feature)
        place_pointers(&mk_structs[desc_feature->struct_index], data[1], size, arena[1], null_mask);
    hr[1] = query(device, cfs1, (D3D12_FEATURE)feature, data[1], size, sdk_version);
    if (FAILED(hr[1]) && data[1] && desc_feature && size == declared
            && desc_feature->value == D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS)
        memcpy(data[1] + offsetof(D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS, NumQualityLevels),
                data[0] + offsetof(D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS, NumQualityLevels), sizeof(UINT));
    FUZZ_CHECK(hr[0] == hr[1], "feature %u: %#x then %#x", feature, (unsigned)hr[0], (unsigned)hr[1]);
    if (data[0] && desc_feature && size >= declared)
    {
        const struct mk_struct *desc = &mk_structs[desc_feature->struct_index];
        for (k = desc->first_field; k < (unsigned)desc->first_field + desc->field_count; ++k)
        {
            const struct mk_field *f = &mk_fields[k];
            if (!is_pointer(f))
                FUZZ_CHECK(!memcmp(data[0] + f->offset, data[1] + f->offset, f->size),
                        "%s.%s differs between two identical queries", mk_struct_name(desc), mk_field_name(f));
        }
        FUZZ_CHECK(!memcmp(arena[0], arena[1], sizeof(arena[0])), "%s: pointed-to data differs between two "
                "identical queries", mk_struct_name(desc));
    }

    ID3D12Device_Release((ID3D12Device *)&device->ID3D12Device17_iface);
    free(data[0]);
    free(data[1]);
    free(before);
    return 0;
}
