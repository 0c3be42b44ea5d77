/*
 * Outputs (src/dxgi/output.c, docs/dxgi.md "Outputs"): the built-in machines
 * are headless; a profile's "outputs" (tests/data/profiles/outputs.json, two
 * monitors) answer EnumOutputs, GetDesc/GetDesc1, GetDisplayModeList/1 and
 * FindClosestMatchingMode/1 as Windows does (Wine's dxgi conformance tests
 * record the Windows behaviour of the count protocol, the sorting and the
 * matching rules); the profile loader's "outputs" errors; the control API
 * mockd3d12_get_adapter_output.
 */
#define MK_TEST_DXGI
#include "mk_test.h"

#include "outputs_profile.h" /* tests/data/profiles/outputs.json as `outputs_profile` (tests/dxgi.cmake) */

#ifndef DXGI_ERROR_NOT_CURRENTLY_AVAILABLE
#define DXGI_ERROR_NOT_CURRENTLY_AVAILABLE ((HRESULT)0x887A0022L)
#endif

static IDXGIFactory6 *create_factory(void)
{
    IDXGIFactory6 *factory = NULL;

    assert_int_equal(CreateDXGIFactory1(&IID_IDXGIFactory6, (void **)&factory), S_OK);
    assert_non_null(factory);
    return factory;
}

static int setup(void **state)
{
    (void)state;
    test_unsetenv("MOCKD3D12_ADAPTERS");
    test_unsetenv("MOCKD3D12_ADAPTER");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
    return 0;
}

/* The machine: the two-output adapter first, then WARP. */
static IDXGIAdapter1 *two_output_adapter(IDXGIFactory6 **factory)
{
    static const char *const ids[] = {"dxgi-two-outputs"};
    IDXGIAdapter1 *adapter = NULL;
    mockd3d12_adapter_info info;
    char error[512] = "";

    if (FAILED(mockd3d12_get_adapter_info("dxgi-two-outputs", &info))
            && FAILED(mockd3d12_register_profile(outputs_profile, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 1), S_OK);
    *factory = create_factory();
    assert_int_equal(IDXGIFactory6_EnumAdapters1(*factory, 0, &adapter), S_OK);
    return adapter;
}

static IDXGIOutput6 *output_at(IDXGIAdapter1 *adapter, UINT index)
{
    IDXGIOutput6 *output6 = NULL;
    IDXGIOutput *output = NULL;

    assert_int_equal(IDXGIAdapter1_EnumOutputs(adapter, index, &output), S_OK);
    assert_int_equal(IDXGIOutput_QueryInterface(output, &IID_IDXGIOutput6, (void **)&output6), S_OK);
    IDXGIOutput_Release(output);
    return output6;
}

/* Every built-in adapter of the default machine (and WARP) has no output. */
static void test_headless_builtins(void **state)
{
    IDXGIFactory6 *factory;
    IDXGIAdapter1 *adapter;
    IDXGIOutput *output;
    mockd3d12_output_desc desc;
    unsigned count = 0;
    UINT i;

    (void)state;
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
    factory = create_factory();
    for (i = 0; IDXGIFactory6_EnumAdapters1(factory, i, &adapter) == S_OK; ++i)
    {
        output = POISON;
        assert_int_equal(IDXGIAdapter1_EnumOutputs(adapter, 0, &output), DXGI_ERROR_NOT_FOUND);
        assert_null(output);
        assert_int_equal(IDXGIAdapter1_EnumOutputs(adapter, 0, NULL), E_INVALIDARG);
        IDXGIAdapter1_Release(adapter);
        ++count;
    }
    assert_true(count >= 2);
    IDXGIFactory6_Release(factory);
    assert_int_equal(mockd3d12_get_adapter_output("warp", 0, &desc, NULL, 0), S_FALSE);
    assert_int_equal(mockd3d12_get_adapter_output("nvidia-rtx-4090", 0, &desc, NULL, 0), S_FALSE);
}

static void test_enum_outputs(void **state)
{
    static const GUID *const iids[] = {&IID_IUnknown, &IID_IDXGIObject, &IID_IDXGIOutput, &IID_IDXGIOutput1,
            &IID_IDXGIOutput2, &IID_IDXGIOutput3, &IID_IDXGIOutput4, &IID_IDXGIOutput5, &IID_IDXGIOutput6};
    IDXGIFactory6 *factory;
    IDXGIAdapter1 *adapter = two_output_adapter(&factory);
    IDXGIAdapter *parent = NULL;
    IDXGIOutput *output = POISON;
    IDXGIOutput6 *first, *second;
    IUnknown *unknown;
    unsigned i;

    (void)state;
    first = output_at(adapter, 0);
    second = output_at(adapter, 1); /* (the COBJMACROS name their argument twice) */
    IDXGIOutput6_Release(second);
    assert_int_equal(IDXGIAdapter1_EnumOutputs(adapter, 2, &output), DXGI_ERROR_NOT_FOUND);
    assert_null(output);
    assert_int_equal(IDXGIAdapter1_EnumOutputs(adapter, 100, &output), DXGI_ERROR_NOT_FOUND);
    for (i = 0; i < ARRAY_SIZE(iids); ++i)
    {
        unknown = NULL;
        assert_int_equal(IDXGIOutput6_QueryInterface(first, iids[i], (void **)&unknown), S_OK);
        assert_ptr_equal(unknown, first);
        IUnknown_Release(unknown);
    }
    unknown = POISON;
    assert_int_equal(IDXGIOutput6_QueryInterface(first, &IID_IDXGIAdapter, (void **)&unknown), E_NOINTERFACE);
    assert_null(unknown);
    assert_int_equal(IDXGIOutput6_QueryInterface(first, &IID_IDXGIAdapter, NULL), E_POINTER);
    /* GetParent is the adapter, the very object EnumAdapters returns. */
    assert_int_equal(IDXGIOutput6_GetParent(first, &IID_IDXGIAdapter, (void **)&parent), S_OK);
    assert_ptr_equal(parent, adapter);
    IDXGIAdapter_Release(parent);
    assert_int_equal(IDXGIOutput6_GetParent(first, &IID_IDXGIAdapter, NULL), E_INVALIDARG);
    /* The output keeps its adapter: released last here. */
    IDXGIAdapter1_Release(adapter);
    IDXGIFactory6_Release(factory);
    assert_int_equal(IDXGIOutput6_AddRef(first), 2);
    assert_int_equal(IDXGIOutput6_Release(first), 1);
    assert_int_equal(IDXGIOutput6_Release(first), 0);
}

static void test_output_desc(void **state)
{
    static const WCHAR display1[] = {'\\', '\\', '.', '\\', 'D', 'I', 'S', 'P', 'L', 'A', 'Y', '1', 0};
    static const WCHAR display2[] = {'\\', '\\', '.', '\\', 'D', 'I', 'S', 'P', 'L', 'A', 'Y', '2', 0};
    IDXGIFactory6 *factory;
    IDXGIAdapter1 *adapter = two_output_adapter(&factory);
    IDXGIOutput6 *one = output_at(adapter, 0), *two = output_at(adapter, 1), *again = output_at(adapter, 0);
    DXGI_OUTPUT_DESC desc, desc_again;
    DXGI_OUTPUT_DESC1 desc1;

    (void)state;
    assert_int_equal(IDXGIOutput6_GetDesc(one, NULL), E_INVALIDARG);
    assert_int_equal(IDXGIOutput6_GetDesc1(one, NULL), E_INVALIDARG);
    memset(&desc, 0x5a, sizeof(desc));
    assert_int_equal(IDXGIOutput6_GetDesc(one, &desc), S_OK);
    assert_memory_equal(desc.DeviceName, display1, sizeof(display1));
    assert_int_equal(desc.DesktopCoordinates.left, 0);
    assert_int_equal(desc.DesktopCoordinates.top, 0);
    assert_int_equal(desc.DesktopCoordinates.right, 1920);
    assert_int_equal(desc.DesktopCoordinates.bottom, 1080);
    assert_int_equal(desc.AttachedToDesktop, TRUE);
    assert_int_equal(desc.Rotation, DXGI_MODE_ROTATION_IDENTITY);
    assert_non_null(desc.Monitor);
    /* The same monitor handle on every call and every enumeration. */
    assert_int_equal(IDXGIOutput6_GetDesc(again, &desc_again), S_OK);
    assert_ptr_equal(desc_again.Monitor, desc.Monitor);

    memset(&desc1, 0x5a, sizeof(desc1));
    assert_int_equal(IDXGIOutput6_GetDesc1(two, &desc1), S_OK);
    assert_memory_equal(desc1.DeviceName, display2, sizeof(display2));
    assert_int_equal(desc1.DesktopCoordinates.left, 1920);
    assert_int_equal(desc1.DesktopCoordinates.top, -360);
    assert_int_equal(desc1.DesktopCoordinates.right, 3360);
    assert_int_equal(desc1.DesktopCoordinates.bottom, 2200);
    assert_int_equal(desc1.AttachedToDesktop, TRUE);
    assert_int_equal(desc1.Rotation, DXGI_MODE_ROTATION_ROTATE90);
    assert_non_null(desc1.Monitor);
    assert_true(desc1.Monitor != desc.Monitor);
    /* The documented defaults: an SDR sRGB monitor. */
    assert_int_equal(desc1.BitsPerColor, 8);
    assert_int_equal(desc1.ColorSpace, DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709);
    assert_true(desc1.RedPrimary[0] == 0.64f && desc1.RedPrimary[1] == 0.33f);
    assert_true(desc1.GreenPrimary[0] == 0.30f && desc1.GreenPrimary[1] == 0.60f);
    assert_true(desc1.BluePrimary[0] == 0.15f && desc1.BluePrimary[1] == 0.06f);
    assert_true(desc1.WhitePoint[0] == 0.3127f && desc1.WhitePoint[1] == 0.3290f);
    assert_true(desc1.MinLuminance == 0.5f && desc1.MaxLuminance == 270.0f && desc1.MaxFullFrameLuminance == 270.0f);
    assert_int_equal(IDXGIOutput6_GetDesc1(one, &desc1), S_OK);
    assert_ptr_equal(desc1.Monitor, desc.Monitor);

    IDXGIOutput6_Release(again);
    IDXGIOutput6_Release(two);
    IDXGIOutput6_Release(one);
    IDXGIAdapter1_Release(adapter);
    IDXGIFactory6_Release(factory);
}

/* GetDisplayModeList(1) rows: the format, the DXGI_ENUM_MODES flags, which
 * entry point, and the modes listed (width, height, refresh numerator,
 * denominator, scanline ordering, scaling, stereo), in Windows' order. */
struct mode { UINT w, h, num, den, scanline, scaling; BOOL stereo; };
static const struct
{
    const char *name;
    UINT output;
    DXGI_FORMAT format;
    UINT flags;
    bool list1;
    UINT count;
    struct mode modes[8];
} mode_list_rows[] =
{
    {"unknown format", 0, DXGI_FORMAT_UNKNOWN, 0, false, 0, {{0}}},
    {"unlisted format", 0, DXGI_FORMAT_R16G16B16A16_FLOAT, 0, false, 0, {{0}}},
    {"RGBA, no flags: progressive, unscaled, sorted", 0, DXGI_FORMAT_R8G8B8A8_UNORM, 0, false, 4,
        {{800, 600, 60, 1, 1, 0, 0}, {1280, 720, 60, 1, 1, 0, 0}, {1920, 1080, 60, 1, 1, 0, 0},
         {1920, 1080, 144000, 1000, 1, 0, 0}}},
    {"RGBA, SCALING adds the stretched mode", 0, DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_ENUM_MODES_SCALING, false, 5,
        {{800, 600, 60, 1, 1, 0, 0}, {1280, 720, 60, 1, 1, 0, 0}, {1280, 720, 60, 1, 1, 2, 0},
         {1920, 1080, 60, 1, 1, 0, 0}, {1920, 1080, 144000, 1000, 1, 0, 0}}},
    {"RGBA, INTERLACED adds the interlaced mode", 0, DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_ENUM_MODES_INTERLACED, false, 5,
        {{800, 600, 60, 1, 1, 0, 0}, {1280, 720, 60, 1, 1, 0, 0}, {1920, 1080, 30, 1, 2, 0, 0},
         {1920, 1080, 60, 1, 1, 0, 0}, {1920, 1080, 144000, 1000, 1, 0, 0}}},
    {"RGBA, STEREO through GetDisplayModeList: no stereo mode", 0, DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_ENUM_MODES_STEREO,
        false, 4, {{800, 600, 60, 1, 1, 0, 0}, {1280, 720, 60, 1, 1, 0, 0}, {1920, 1080, 60, 1, 1, 0, 0},
         {1920, 1080, 144000, 1000, 1, 0, 0}}},
    {"RGBA, GetDisplayModeList1 without STEREO", 0, DXGI_FORMAT_R8G8B8A8_UNORM, 0, true, 4,
        {{800, 600, 60, 1, 1, 0, 0}, {1280, 720, 60, 1, 1, 0, 0}, {1920, 1080, 60, 1, 1, 0, 0},
         {1920, 1080, 144000, 1000, 1, 0, 0}}},
    {"RGBA, GetDisplayModeList1 with STEREO", 0, DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_ENUM_MODES_STEREO, true, 5,
        {{800, 600, 60, 1, 1, 0, 0}, {1280, 720, 60, 1, 1, 0, 0}, {1920, 1080, 60, 1, 1, 0, 0},
         {1920, 1080, 60, 1, 1, 0, 1}, {1920, 1080, 144000, 1000, 1, 0, 0}}},
    {"BGRA", 0, DXGI_FORMAT_B8G8R8A8_UNORM, 0, false, 1, {{1920, 1080, 60, 1, 1, 0, 0}}},
    {"second output, RGBA", 1, DXGI_FORMAT_R8G8B8A8_UNORM, 0, true, 1, {{2560, 1440, 60000, 1001, 1, 0, 0}}},
    {"second output, R10G10B10A2", 1, DXGI_FORMAT_R10G10B10A2_UNORM, 0, false, 1, {{2560, 1440, 60, 1, 1, 0, 0}}},
};

static void test_display_mode_list(void **state)
{
    IDXGIFactory6 *factory;
    IDXGIAdapter1 *adapter = two_output_adapter(&factory);
    IDXGIOutput6 *outputs[2] = {output_at(adapter, 0), output_at(adapter, 1)};
    struct row_failures failures = {0};
    DXGI_MODE_DESC modes[12];
    DXGI_MODE_DESC1 modes1[12];
    unsigned r, i;

    (void)state;
    for (r = 0; r < ARRAY_SIZE(mode_list_rows); ++r)
    {
        const char *name = mode_list_rows[r].name;
        IDXGIOutput6 *output = outputs[mode_list_rows[r].output];
        UINT count = 77, expected = mode_list_rows[r].count;
        HRESULT hr;

        /* The count first (NULL descriptions), then the list. */
        hr = mode_list_rows[r].list1
                ? IDXGIOutput6_GetDisplayModeList1(output, mode_list_rows[r].format, mode_list_rows[r].flags, &count, NULL)
                : IDXGIOutput6_GetDisplayModeList(output, mode_list_rows[r].format, mode_list_rows[r].flags, &count, NULL);
        if (hr != S_OK || count != expected)
        {
            row_fail(&failures, r, name, "count: hr %#x, %u modes, expected %u", (unsigned)hr, count, expected);
            continue;
        }
        count = ARRAY_SIZE(modes);
        memset(modes, 0x5a, sizeof(modes));
        memset(modes1, 0x5a, sizeof(modes1));
        hr = mode_list_rows[r].list1
                ? IDXGIOutput6_GetDisplayModeList1(output, mode_list_rows[r].format, mode_list_rows[r].flags, &count, modes1)
                : IDXGIOutput6_GetDisplayModeList(output, mode_list_rows[r].format, mode_list_rows[r].flags, &count, modes);
        if (hr != S_OK || count != expected)
        {
            row_fail(&failures, r, name, "list: hr %#x, %u modes, expected %u", (unsigned)hr, count, expected);
            continue;
        }
        for (i = 0; i < expected; ++i)
        {
            const struct mode *m = &mode_list_rows[r].modes[i];
            DXGI_MODE_DESC1 got;

            if (mode_list_rows[r].list1)
                got = modes1[i];
            else
            {
                memcpy(&got, &modes[i], sizeof(modes[i]));
                got.Stereo = FALSE;
            }
            if (got.Width != m->w || got.Height != m->h || got.RefreshRate.Numerator != m->num
                    || got.RefreshRate.Denominator != m->den || got.Format != mode_list_rows[r].format
                    || (UINT)got.ScanlineOrdering != m->scanline || (UINT)got.Scaling != m->scaling
                    || got.Stereo != m->stereo)
                row_fail(&failures, r, name, "mode %u: %ux%u@%u/%u format %u scanline %u scaling %u stereo %d", i,
                        got.Width, got.Height, got.RefreshRate.Numerator, got.RefreshRate.Denominator, got.Format,
                        got.ScanlineOrdering, got.Scaling, got.Stereo);
        }
        /* The list was not written past the count. */
        if (!mode_list_rows[r].list1 && modes[expected].Width != 0x5a5a5a5au)
            row_fail(&failures, r, name, "written past the count");
    }
    rows_done(&failures);

    IDXGIOutput6_Release(outputs[1]);
    IDXGIOutput6_Release(outputs[0]);
    IDXGIAdapter1_Release(adapter);
    IDXGIFactory6_Release(factory);
}

/* The count protocol: NULL count; too small a buffer (the first modes, the
 * count unchanged, DXGI_ERROR_MORE_DATA); a larger one (the real count). */
static void test_display_mode_list_count(void **state)
{
    IDXGIFactory6 *factory;
    IDXGIAdapter1 *adapter = two_output_adapter(&factory);
    IDXGIOutput6 *output = output_at(adapter, 0);
    DXGI_MODE_DESC modes[8];
    DXGI_MODE_DESC1 modes1[8];
    UINT count;

    (void)state;
    assert_int_equal(IDXGIOutput6_GetDisplayModeList(output, DXGI_FORMAT_R8G8B8A8_UNORM, 0, NULL, NULL),
            DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIOutput6_GetDisplayModeList(output, DXGI_FORMAT_R8G8B8A8_UNORM, 0, NULL, modes),
            DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIOutput6_GetDisplayModeList1(output, DXGI_FORMAT_R8G8B8A8_UNORM, 0, NULL, NULL),
            DXGI_ERROR_INVALID_CALL);
    memset(modes, 0x5a, sizeof(modes));
    count = 2;
    assert_int_equal(IDXGIOutput6_GetDisplayModeList(output, DXGI_FORMAT_R8G8B8A8_UNORM, 0, &count, modes),
            DXGI_ERROR_MORE_DATA);
    assert_int_equal(count, 2);
    assert_int_equal(modes[0].Width, 800);
    assert_int_equal(modes[1].Width, 1280);
    assert_int_equal(modes[2].Width, 0x5a5a5a5au);
    count = 0;
    assert_int_equal(IDXGIOutput6_GetDisplayModeList1(output, DXGI_FORMAT_R8G8B8A8_UNORM, 0, &count, modes1),
            DXGI_ERROR_MORE_DATA);
    assert_int_equal(count, 0);
    count = 9;
    assert_int_equal(IDXGIOutput6_GetDisplayModeList(output, DXGI_FORMAT_R8G8B8A8_UNORM, 0, &count, modes), S_OK);
    assert_int_equal(count, 4);
    count = 0;
    assert_int_equal(IDXGIOutput6_GetDisplayModeList(output, DXGI_FORMAT_UNKNOWN, 0, &count, modes), S_OK);
    assert_int_equal(count, 0);
    IDXGIOutput6_Release(output);
    IDXGIAdapter1_Release(adapter);
    IDXGIFactory6_Release(factory);
}

/* FindClosestMatchingMode(1) rows on the first output: the wish (width,
 * height, refresh, format, scanline ordering, scaling, stereo), the device
 * given or not, the HRESULT and the match. */
static const struct
{
    const char *name;
    DXGI_MODE_DESC1 want;
    bool device, list1;
    HRESULT hr;
    struct mode match;
    DXGI_FORMAT match_format;
} closest_rows[] =
{
    {"nothing given, no device", {0}, false, false, DXGI_ERROR_INVALID_CALL, {0}, 0},
    {"nothing given, a device: the desktop's size, the first refresh", {0}, true, false, S_OK,
        {1920, 1080, 60, 1, 1, 0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM},
    {"width without height", {1280, 0, {60, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, 0}, false, false,
        DXGI_ERROR_INVALID_CALL, {0}, 0},
    {"height without width", {0, 720, {60, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, 0}, false, false,
        DXGI_ERROR_INVALID_CALL, {0}, 0},
    {"a zero denominator: the refresh unspecified", {1920, 1080, {144, 0}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, 0}, false,
        false, S_OK, {1920, 1080, 60, 1, 1, 0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM},
    {"0 Hz: the lowest refresh, before the ordering", {1920, 1080, {0, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 0, 0}, false,
        false, S_OK, {1920, 1080, 30, 1, 2, 0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM},
    {"format unknown, no device", {1280, 720, {60, 1}, DXGI_FORMAT_UNKNOWN, 0, 0, 0}, false, false,
        DXGI_ERROR_INVALID_CALL, {0}, 0},
    {"an exact mode", {1280, 720, {60, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 0, 0}, false, false, S_OK,
        {1280, 720, 60, 1, 1, 0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM},
    {"one pixel less: the closest resolution", {1279, 719, {0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, 0}, false, false,
        S_OK, {1280, 720, 60, 1, 1, 0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM},
    {"10x10: the lowest resolution", {10, 10, {0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, 0}, false, false, S_OK,
        {800, 600, 60, 1, 1, 0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM},
    {"refresh unspecified: the first progressive", {1920, 1080, {0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, 0}, false,
        false, S_OK, {1920, 1080, 60, 1, 1, 0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM},
    {"30 Hz interlaced", {1920, 1080, {30, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 2, 0, 0}, false, false, S_OK,
        {1920, 1080, 30, 1, 2, 0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM},
    {"30 Hz, ordering unspecified: the refresh first", {1920, 1080, {30, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, 0},
        false, false, S_OK, {1920, 1080, 30, 1, 2, 0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM},
    {"720p, scaling unspecified: the unscaled mode", {1280, 720, {60, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, 0}, false,
        false, S_OK, {1280, 720, 60, 1, 1, 0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM},
    {"120 Hz: the closest refresh, 144", {1920, 1080, {120, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, 0}, false, false,
        S_OK, {1920, 1080, 144000, 1000, 1, 0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM},
    {"61 Hz progressive", {1920, 1080, {61, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 0, 0}, false, false, S_OK,
        {1920, 1080, 60, 1, 1, 0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM},
    {"interlaced asked, none at 800x600: the resolution wins", {800, 600, {0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM, 2, 0, 0},
        false, false, S_OK, {800, 600, 60, 1, 1, 0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM},
    {"stretched asked", {1280, 720, {60, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 2, 0}, false, false, S_OK,
        {1280, 720, 60, 1, 1, 2, 0}, DXGI_FORMAT_R8G8B8A8_UNORM},
    {"BGRA", {1280, 720, {60, 1}, DXGI_FORMAT_B8G8R8A8_UNORM, 0, 0, 0}, false, false, S_OK,
        {1920, 1080, 60, 1, 1, 0, 0}, DXGI_FORMAT_B8G8R8A8_UNORM},
    {"a format no mode has", {1280, 720, {60, 1}, DXGI_FORMAT_R16G16B16A16_FLOAT, 0, 0, 0}, false, false,
        DXGI_ERROR_NOT_FOUND, {0}, 0},
    {"stereo, FindClosestMatchingMode1", {1920, 1080, {60, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, TRUE}, false, true,
        S_OK, {1920, 1080, 60, 1, 1, 0, 1}, DXGI_FORMAT_R8G8B8A8_UNORM},
    {"mono, FindClosestMatchingMode1", {1920, 1080, {60, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 0, FALSE}, false, true,
        S_OK, {1920, 1080, 60, 1, 1, 0, 0}, DXGI_FORMAT_R8G8B8A8_UNORM},
};

static void test_find_closest_matching_mode(void **state)
{
    IDXGIFactory6 *factory;
    IDXGIAdapter1 *adapter = two_output_adapter(&factory);
    IDXGIOutput6 *output = output_at(adapter, 0);
    struct row_failures failures = {0};
    DXGI_MODE_DESC closest, want;
    DXGI_MODE_DESC1 closest1;
    unsigned r;

    (void)state;
    for (r = 0; r < ARRAY_SIZE(closest_rows); ++r)
    {
        IUnknown *device = closest_rows[r].device ? (IUnknown *)adapter : NULL;
        const struct mode *m = &closest_rows[r].match;
        HRESULT hr;

        memset(&closest1, 0x5a, sizeof(closest1));
        if (closest_rows[r].list1)
            hr = IDXGIOutput6_FindClosestMatchingMode1(output, &closest_rows[r].want, &closest1, device);
        else
        {
            memcpy(&want, &closest_rows[r].want, sizeof(want));
            memset(&closest, 0x5a, sizeof(closest));
            hr = IDXGIOutput6_FindClosestMatchingMode(output, &want, &closest, device);
            memcpy(&closest1, &closest, sizeof(closest));
            closest1.Stereo = FALSE;
        }
        if (hr != closest_rows[r].hr)
        {
            row_fail(&failures, r, closest_rows[r].name, "hr %#x, expected %#x", (unsigned)hr,
                    (unsigned)closest_rows[r].hr);
            continue;
        }
        if (hr != S_OK)
            continue;
        if (closest1.Width != m->w || closest1.Height != m->h || closest1.RefreshRate.Numerator != m->num
                || closest1.RefreshRate.Denominator != m->den || closest1.Format != closest_rows[r].match_format
                || (UINT)closest1.ScanlineOrdering != m->scanline || (UINT)closest1.Scaling != m->scaling
                || closest1.Stereo != m->stereo)
            row_fail(&failures, r, closest_rows[r].name, "got %ux%u@%u/%u format %u scanline %u scaling %u stereo %d",
                    closest1.Width, closest1.Height, closest1.RefreshRate.Numerator, closest1.RefreshRate.Denominator,
                    closest1.Format, closest1.ScanlineOrdering, closest1.Scaling, closest1.Stereo);
    }
    rows_done(&failures);
    memset(&want, 0, sizeof(want));
    assert_int_equal(IDXGIOutput6_FindClosestMatchingMode(output, NULL, &closest, (IUnknown *)adapter),
            DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIOutput6_FindClosestMatchingMode(output, &want, NULL, (IUnknown *)adapter),
            DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIOutput6_FindClosestMatchingMode1(output, NULL, &closest1, (IUnknown *)adapter),
            DXGI_ERROR_INVALID_CALL);
    IDXGIOutput6_Release(output);
    IDXGIAdapter1_Release(adapter);
    IDXGIFactory6_Release(factory);
}

/* What a mock with no display can answer: no vertical blank to wait for, no
 * full-screen swap chain owning the output (gamma, display surfaces, frame
 * statistics), no desktop duplication, no overlays, private data. */
static void test_other_methods(void **state)
{
    static const GUID guid = {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};
    IDXGIFactory6 *factory;
    IDXGIAdapter1 *adapter = two_output_adapter(&factory);
    IDXGIOutput6 *output = output_at(adapter, 0);
    IUnknown *device = (IUnknown *)adapter;
    DXGI_GAMMA_CONTROL_CAPABILITIES caps;
    IDXGIOutputDuplication *dup = POISON;
    DXGI_FORMAT format = DXGI_FORMAT_B8G8R8A8_UNORM;
    DXGI_FRAME_STATISTICS stats;
    DXGI_GAMMA_CONTROL gamma;
    UINT flags = 7, size = sizeof(UINT), value = 42, got = 0;

    (void)state;
    assert_int_equal(IDXGIOutput6_WaitForVBlank(output), S_OK);
    assert_int_equal(IDXGIOutput6_TakeOwnership(output, NULL, TRUE), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIOutput6_TakeOwnership(output, device, TRUE), S_OK);
    IDXGIOutput6_ReleaseOwnership(output);
    assert_int_equal(IDXGIOutput6_GetGammaControlCapabilities(output, &caps), DXGI_ERROR_NOT_CURRENTLY_AVAILABLE);
    assert_int_equal(IDXGIOutput6_GetGammaControlCapabilities(output, NULL), E_INVALIDARG);
    memset(&gamma, 0, sizeof(gamma));
    assert_int_equal(IDXGIOutput6_SetGammaControl(output, &gamma), DXGI_ERROR_NOT_CURRENTLY_AVAILABLE);
    assert_int_equal(IDXGIOutput6_SetGammaControl(output, NULL), E_INVALIDARG);
    assert_int_equal(IDXGIOutput6_GetGammaControl(output, &gamma), DXGI_ERROR_NOT_CURRENTLY_AVAILABLE);
    assert_int_equal(IDXGIOutput6_GetGammaControl(output, NULL), E_INVALIDARG);
    assert_int_equal(IDXGIOutput6_SetDisplaySurface(output, NULL), E_INVALIDARG);
    assert_int_equal(IDXGIOutput6_SetDisplaySurface(output, (IDXGISurface *)device), DXGI_ERROR_NOT_CURRENTLY_AVAILABLE);
    assert_int_equal(IDXGIOutput6_GetDisplaySurfaceData(output, NULL), E_INVALIDARG);
    assert_int_equal(IDXGIOutput6_GetDisplaySurfaceData(output, (IDXGISurface *)device),
            DXGI_ERROR_NOT_CURRENTLY_AVAILABLE);
    assert_int_equal(IDXGIOutput6_GetDisplaySurfaceData1(output, NULL), E_INVALIDARG);
    assert_int_equal(IDXGIOutput6_GetDisplaySurfaceData1(output, (IDXGIResource *)device),
            DXGI_ERROR_NOT_CURRENTLY_AVAILABLE);
    assert_int_equal(IDXGIOutput6_GetFrameStatistics(output, &stats), DXGI_ERROR_NOT_CURRENTLY_AVAILABLE);
    assert_int_equal(IDXGIOutput6_GetFrameStatistics(output, NULL), E_INVALIDARG);
    assert_int_equal(IDXGIOutput6_DuplicateOutput(output, device, &dup), DXGI_ERROR_UNSUPPORTED);
    assert_null(dup);
    assert_int_equal(IDXGIOutput6_DuplicateOutput(output, NULL, &dup), E_INVALIDARG);
    assert_int_equal(IDXGIOutput6_DuplicateOutput(output, device, NULL), E_INVALIDARG);
    dup = POISON;
    assert_int_equal(IDXGIOutput6_DuplicateOutput1(output, device, 0, 1, &format, &dup), DXGI_ERROR_UNSUPPORTED);
    assert_null(dup);
    assert_int_equal(IDXGIOutput6_DuplicateOutput1(output, device, 0, 0, &format, &dup), E_INVALIDARG);
    assert_int_equal(IDXGIOutput6_DuplicateOutput1(output, device, 0, 1, NULL, &dup), E_INVALIDARG);
    assert_int_equal(IDXGIOutput6_DuplicateOutput1(output, NULL, 0, 1, &format, &dup), E_INVALIDARG);
    assert_int_equal(IDXGIOutput6_DuplicateOutput1(output, device, 0, 1, &format, NULL), E_INVALIDARG);
    assert_int_equal(IDXGIOutput6_SupportsOverlays(output), FALSE);
    assert_int_equal(IDXGIOutput6_CheckOverlaySupport(output, format, device, &flags), S_OK);
    assert_int_equal(flags, 0);
    assert_int_equal(IDXGIOutput6_CheckOverlaySupport(output, format, NULL, &flags), E_INVALIDARG);
    assert_int_equal(IDXGIOutput6_CheckOverlaySupport(output, format, device, NULL), E_INVALIDARG);
    flags = 7;
    assert_int_equal(IDXGIOutput6_CheckOverlayColorSpaceSupport(output, format, DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709,
            device, &flags), S_OK);
    assert_int_equal(flags, 0);
    assert_int_equal(IDXGIOutput6_CheckOverlayColorSpaceSupport(output, format, DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709,
            NULL, &flags), E_INVALIDARG);
    assert_int_equal(IDXGIOutput6_CheckOverlayColorSpaceSupport(output, format, DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709,
            device, NULL), E_INVALIDARG);
    flags = 7;
    assert_int_equal(IDXGIOutput6_CheckHardwareCompositionSupport(output, &flags), S_OK);
    assert_int_equal(flags, 0);
    assert_int_equal(IDXGIOutput6_CheckHardwareCompositionSupport(output, NULL), E_INVALIDARG);
    /* Private data, as on every DXGI object. */
    assert_int_equal(IDXGIOutput6_SetPrivateData(output, &guid, sizeof(value), &value), S_OK);
    assert_int_equal(IDXGIOutput6_GetPrivateData(output, &guid, &size, &got), S_OK);
    assert_int_equal(got, 42);
    assert_int_equal(IDXGIOutput6_SetPrivateDataInterface(output, &guid, device), S_OK);
    assert_int_equal(IDXGIOutput6_SetPrivateDataInterface(output, &guid, NULL), S_OK);
    IDXGIOutput6_Release(output);
    IDXGIAdapter1_Release(adapter);
    IDXGIFactory6_Release(factory);
}

/* The control API libdxgi reads the outputs through. */
static void test_control_api(void **state)
{
    mockd3d12_output_mode modes[3];
    mockd3d12_output_desc desc;
    IDXGIFactory6 *factory;

    (void)state;
    {
        IDXGIAdapter1 *made = two_output_adapter(&factory); /* (the COBJMACROS name their argument twice) */

        IDXGIAdapter1_Release(made);
    }
    IDXGIFactory6_Release(factory);
    memset(modes, 0, sizeof(modes));
    assert_int_equal(mockd3d12_get_adapter_output("dxgi-two-outputs", 1, &desc, modes, 1), S_OK);
    assert_string_equal(desc.name, "\\\\.\\DISPLAY2");
    assert_int_equal(desc.left, 1920);
    assert_int_equal(desc.top, -360);
    assert_int_equal(desc.right, 3360);
    assert_int_equal(desc.bottom, 2200);
    assert_int_equal(desc.rotation, DXGI_MODE_ROTATION_ROTATE90);
    assert_int_equal(desc.mode_count, 2);
    /* In the profile's order, as many as the capacity. */
    assert_int_equal(modes[0].width, 2560);
    assert_int_equal(modes[0].refresh_numerator, 60000);
    assert_int_equal(modes[0].refresh_denominator, 1001);
    assert_int_equal(modes[0].format, DXGI_FORMAT_R8G8B8A8_UNORM);
    assert_int_equal(modes[0].scanline_ordering, DXGI_MODE_SCANLINE_ORDER_PROGRESSIVE);
    assert_int_equal(modes[1].width, 0);
    assert_int_equal(mockd3d12_get_adapter_output("dxgi-two-outputs", 0, &desc, NULL, 0), S_OK);
    assert_int_equal(desc.mode_count, 8);
    assert_int_equal(desc.rotation, DXGI_MODE_ROTATION_IDENTITY);
    assert_int_equal(mockd3d12_get_adapter_output("dxgi-two-outputs", 2, &desc, NULL, 0), S_FALSE);
    assert_int_equal(mockd3d12_get_adapter_output("no-such-adapter", 0, &desc, NULL, 0), E_INVALIDARG);
    assert_int_equal(mockd3d12_get_adapter_output(NULL, 0, &desc, NULL, 0), E_INVALIDARG);
    assert_int_equal(mockd3d12_get_adapter_output("dxgi-two-outputs", 0, NULL, NULL, 0), E_INVALIDARG);
}

/* A child inherits the parent's outputs; "outputs": [] makes it headless. */
static void test_inherited_outputs(void **state)
{
    static const char child[] = "{\"id\": \"dxgi-outputs-child\", \"inherits\": \"dxgi-two-outputs\"}";
    static const char headless[] = "{\"id\": \"dxgi-outputs-none\", \"inherits\": \"dxgi-two-outputs\", \"outputs\": []}";
    mockd3d12_output_desc desc;
    IDXGIFactory6 *factory;
    char error[512] = "";

    (void)state;
    {
        IDXGIAdapter1 *made = two_output_adapter(&factory); /* (the COBJMACROS name their argument twice) */

        IDXGIAdapter1_Release(made);
    }
    IDXGIFactory6_Release(factory);
    if (FAILED(mockd3d12_get_adapter_output("dxgi-outputs-child", 0, &desc, NULL, 0))
            && FAILED(mockd3d12_register_profile(child, error, sizeof(error))))
        fail_msg("register: %s", error);
    if (FAILED(mockd3d12_get_adapter_output("dxgi-outputs-none", 0, &desc, NULL, 0))
            && FAILED(mockd3d12_register_profile(headless, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_get_adapter_output("dxgi-outputs-child", 1, &desc, NULL, 0), S_OK);
    assert_string_equal(desc.name, "\\\\.\\DISPLAY2");
    assert_int_equal(mockd3d12_get_adapter_output("dxgi-outputs-none", 0, &desc, NULL, 0), S_FALSE);
}

/* The loader's "outputs" errors: each names the place (line:column and key
 * path) and the problem; nothing is registered. */
static const struct
{
    const char *outputs;
    const char *message;
} bad_outputs[] =
{
#define ONE_MODE "\"name\": \"D\", \"desktopCoordinates\": [0, 0, 1, 1], \"modes\": [{\"width\": 1, \"height\": 1, " \
        "\"refreshRate\": [60, 1], \"format\": \"DXGI_FORMAT_R8G8B8A8_UNORM\"}]"
    /* The colour keys (docs/profiles.md): one refusal per rule. */
    {"[{" ONE_MODE ", \"colorSpace\": \"DXGI_COLOR_SPACE_RGB_FULL_G10_NONE_P709\"}]",
        "expected one of DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709"},
    {"[{" ONE_MODE ", \"colorSpace\": 12}]", "expected DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709 or"},
    {"[{" ONE_MODE ", \"bitsPerColor\": 7}]", "6, 8, 10, 12 or 16 bits per colour, not 7"},
    {"[{" ONE_MODE ", \"bitsPerColor\": -8}]", "bitsPerColor"},
    {"[{" ONE_MODE ", \"redPrimary\": 0.64}]", "expected [x, y]"},
    {"[{" ONE_MODE ", \"greenPrimary\": [0.3, 0.6, 0.1]}]", "expected [x, y]"},
    {"[{" ONE_MODE ", \"bluePrimary\": [0.15, \"0.06\"]}]", "expected a chromaticity coordinate from 0 to 1"},
    {"[{" ONE_MODE ", \"whitePoint\": [1.5, 0.3]}]", "expected a chromaticity coordinate from 0 to 1, got 1.5"},
    {"[{" ONE_MODE ", \"whitePoint\": [0.7, 0.4]}]", "x + y of a chromaticity is at most 1"},
    {"[{" ONE_MODE ", \"minLuminance\": -1}]", "expected a luminance in nits from 0 to 10000, got -1"},
    {"[{" ONE_MODE ", \"maxLuminance\": 20000}]", "expected a luminance in nits from 0 to 10000"},
    {"[{" ONE_MODE ", \"maxLuminance\": 200}]", "maxFullFrameLuminance <= maxLuminance, not 0.5, 270, 200"},
    {"[{" ONE_MODE ", \"minLuminance\": 300, \"maxLuminance\": 400, \"maxFullFrameLuminance\": 300}]",
        "minLuminance < maxFullFrameLuminance"},
    {"[{" ONE_MODE ", \"maxLuminence\": 400}]", "maxLuminence"},
    {"{}", "expected an array of outputs"},
    {"[1]", "expected an object"},
    {"[{\"desktopCoordinates\": [0, 0, 1, 1], \"modes\": []}]", "missing \"name\""},
    {"[{\"name\": \"\", \"desktopCoordinates\": [0, 0, 1, 1], \"modes\": []}]", "1 to 31 characters"},
    {"[{\"name\": \"0123456789012345678901234567890123\", \"desktopCoordinates\": [0, 0, 1, 1], \"modes\": []}]",
        "1 to 31 characters"},
    {"[{\"name\": \"D\", \"desktopCoordinates\": [0, 0, 1], \"modes\": []}]", "expected [left, top, right, bottom]"},
    {"[{\"name\": \"D\", \"desktopCoordinates\": [0, 0, \"1\", 1], \"modes\": []}]", "signed 32-bit integer"},
    {"[{\"name\": \"D\", \"desktopCoordinates\": [10, 0, 5, 1], \"modes\": []}]", "right must exceed left"},
    {"[{\"name\": \"D\", \"desktopCoordinates\": [0, 0, 1, 1]}]", "missing \"modes\""},
    {"[{\"name\": \"D\", \"desktopCoordinates\": [0, 0, 1, 1], \"modes\": []}]", "at least one mode"},
    {"[{\"name\": \"D\", \"desktopCoordinates\": [0, 0, 1, 1], \"rotation\": \"SIDEWAYS\", \"modes\": []}]",
        "DXGI_MODE_ROTATION_UNSPECIFIED"},
    {"[{\"name\": \"D\", \"desktopCoordinates\": [0, 0, 1, 1], \"colour\": 1, \"modes\": []}]", "colour"},
    {"[{\"name\": \"D\", \"desktopCoordinates\": [0, 0, 1, 1], \"modes\": [{\"width\": 1, \"height\": 1, "
        "\"refreshRate\": [60, 0], \"format\": \"DXGI_FORMAT_R8G8B8A8_UNORM\"}]}]", "denominator"},
    {"[{\"name\": \"D\", \"desktopCoordinates\": [0, 0, 1, 1], \"modes\": [{\"width\": 1, \"height\": 1, "
        "\"refreshRate\": [60, 1], \"format\": \"DXGI_FORMAT_UNKNOWN\"}]}]", "unknown format"},
    {"[{\"name\": \"D\", \"desktopCoordinates\": [0, 0, 1, 1], \"modes\": [{\"width\": 0, \"height\": 1, "
        "\"refreshRate\": [60, 1], \"format\": \"DXGI_FORMAT_R8G8B8A8_UNORM\"}]}]", "at least 1x1"},
    {"[{\"name\": \"D\", \"desktopCoordinates\": [0, 0, 1, 1], \"modes\": [{\"width\": 1, \"height\": 1, "
        "\"format\": \"DXGI_FORMAT_R8G8B8A8_UNORM\"}]}]", "missing \"refreshRate\""},
    {"[{\"name\": \"D\", \"desktopCoordinates\": [0, 0, 1, 1], \"modes\": [{\"width\": 1, \"height\": 1, "
        "\"refreshRate\": [60, 1], \"format\": \"DXGI_FORMAT_R8G8B8A8_UNORM\", \"scaling\": 3}]}]",
        "DXGI_MODE_SCALING_UNSPECIFIED"},
    {"[{\"name\": \"D\", \"desktopCoordinates\": [0, 0, 1, 1], \"modes\": [{\"width\": 1, \"height\": 1, "
        "\"refreshRate\": [60, 1], \"format\": \"DXGI_FORMAT_R8G8B8A8_UNORM\", \"stereo\": 1}]}]", "true or false"},
    {"[{\"name\": \"D\", \"desktopCoordinates\": [0, 0, 1, 1], \"modes\": [{\"width\": 1, \"height\": 1, "
        "\"refreshRate\": [60, 1], \"format\": \"DXGI_FORMAT_R8G8B8A8_UNORM\"}]}, {\"name\": \"D\", "
        "\"desktopCoordinates\": [0, 0, 1, 1], \"modes\": [{\"width\": 1, \"height\": 1, "
        "\"refreshRate\": [60, 1], \"format\": \"DXGI_FORMAT_R8G8B8A8_UNORM\"}]}]", "declared twice"},
};

static void test_profile_errors(void **state)
{
    struct row_failures failures = {0};
    char json[1024], error[512];
    unsigned r;

    (void)state;
    for (r = 0; r < ARRAY_SIZE(bad_outputs); ++r)
    {
        mockd3d12_adapter_info info;
        HRESULT hr;

        snprintf(json, sizeof(json), "{\"id\": \"dxgi-bad-outputs\", \"inherits\": \"warp\",\n \"outputs\": %s}",
                bad_outputs[r].outputs);
        error[0] = 0;
        hr = mockd3d12_register_profile(json, error, sizeof(error));
        if (SUCCEEDED(hr))
            row_fail(&failures, r, bad_outputs[r].outputs, "registered");
        else if (!strstr(error, bad_outputs[r].message) || !strstr(error, "<string>:2:") || !strstr(error, "outputs"))
            row_fail(&failures, r, bad_outputs[r].outputs, "message \"%s\", expected \"%s\" at line 2", error,
                    bad_outputs[r].message);
        if (SUCCEEDED(mockd3d12_get_adapter_info("dxgi-bad-outputs", &info)))
            row_fail(&failures, r, bad_outputs[r].outputs, "the adapter exists");
    }
    rows_done(&failures);
}

/* The colour keys a profile may give (docs/profiles.md): GetDesc1 answers
 * each as written, the rest keep the SDR defaults. */
static const struct
{
    const char *name;
    const char *keys;
    DXGI_COLOR_SPACE_TYPE space;
    UINT bits;
    float red_x, white_y, min, max, full;
}
colour_rows[] =
{
    {"no colour key: SDR defaults", "", DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709, 8, 0.64f, 0.3290f, 0.5f, 270.0f,
        270.0f},
    {"HDR10 colour space and 10 bits", ", \"colorSpace\": \"DXGI_COLOR_SPACE_RGB_FULL_G2084_NONE_P2020\", "
        "\"bitsPerColor\": 10", DXGI_COLOR_SPACE_RGB_FULL_G2084_NONE_P2020, 10, 0.64f, 0.3290f, 0.5f, 270.0f, 270.0f},
    {"SDR named, 6 bits", ", \"colorSpace\": \"DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709\", \"bitsPerColor\": 6",
        DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709, 6, 0.64f, 0.3290f, 0.5f, 270.0f, 270.0f},
    {"primaries, integers and reals", ", \"redPrimary\": [0.708, 0.292], \"whitePoint\": [0.314, 0.351]",
        DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709, 8, 0.708f, 0.351f, 0.5f, 270.0f, 270.0f},
    {"luminances", ", \"minLuminance\": 0, \"maxLuminance\": 1000, \"maxFullFrameLuminance\": 1000",
        DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709, 8, 0.64f, 0.3290f, 0.0f, 1000.0f, 1000.0f},
};

static void test_colour_keys(void **state)
{
    struct row_failures failures = {0};
    char json[1024], error[512], id[64];
    unsigned r;

    (void)state;
    for (r = 0; r < ARRAY_SIZE(colour_rows); ++r)
    {
        mockd3d12_output_desc desc;

        snprintf(id, sizeof(id), "dxgi-colour-%u", r);
        snprintf(json, sizeof(json), "{\"id\": \"%s\", \"inherits\": \"warp\", \"outputs\": [{" ONE_MODE "%s}]}", id,
                colour_rows[r].keys);
        error[0] = 0;
        if (FAILED(mockd3d12_register_profile(json, error, sizeof(error))))
        {
            row_fail(&failures, r, colour_rows[r].name, "refused: %s", error);
            continue;
        }
        assert_int_equal(mockd3d12_get_adapter_output(id, 0, &desc, NULL, 0), S_OK);
        if (desc.color_space != (UINT)colour_rows[r].space || desc.bits_per_color != colour_rows[r].bits
                || desc.red_primary[0] != colour_rows[r].red_x || desc.white_point[1] != colour_rows[r].white_y
                || desc.min_luminance != colour_rows[r].min || desc.max_luminance != colour_rows[r].max
                || desc.max_full_frame_luminance != colour_rows[r].full)
            row_fail(&failures, r, colour_rows[r].name, "space %u, %u bits, red x %g, white y %g, luminance %g %g %g",
                    desc.color_space, desc.bits_per_color, desc.red_primary[0], desc.white_point[1],
                    desc.min_luminance, desc.max_luminance, desc.max_full_frame_luminance);
    }
    rows_done(&failures);
}

/* The built-in machines with displays (docs/dxgi.md "Displays"): desktop-hdr's
 * DISPLAY1 in HDR10 and DISPLAY2 in SDR, desktop-sdr's one SDR monitor. */
static void test_builtin_displays(void **state)
{
    static const struct
    {
        const char *machine;
        UINT output;
        DXGI_COLOR_SPACE_TYPE space;
        UINT bits;
        float red[2], max, full, min;
    }
    rows[] =
    {
        {"desktop-hdr", 0, DXGI_COLOR_SPACE_RGB_FULL_G2084_NONE_P2020, 10, {0.680f, 0.320f}, 600.0f, 350.0f, 0.1f},
        {"desktop-hdr", 1, DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709, 8, {0.64f, 0.33f}, 270.0f, 270.0f, 0.5f},
        {"desktop-sdr", 0, DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709, 8, {0.64f, 0.33f}, 270.0f, 270.0f, 0.5f},
    };
    struct row_failures failures = {0};
    unsigned r;

    (void)state;
    for (r = 0; r < ARRAY_SIZE(rows); ++r)
    {
        IDXGIFactory6 *factory = NULL;
        IDXGIAdapter1 *adapter = NULL;
        IDXGIOutput6 *output;
        DXGI_OUTPUT_DESC1 desc;

        assert_int_equal(mockd3d12_set_machine_adapters(&rows[r].machine, 1), S_OK);
        factory = create_factory();
        assert_int_equal(IDXGIFactory6_EnumAdapters1(factory, 0, &adapter), S_OK);
        output = output_at(adapter, rows[r].output);
        assert_int_equal(IDXGIOutput6_GetDesc1(output, &desc), S_OK);
        if (desc.ColorSpace != rows[r].space || desc.BitsPerColor != rows[r].bits || desc.RedPrimary[0] != rows[r].red[0]
                || desc.RedPrimary[1] != rows[r].red[1] || desc.MaxLuminance != rows[r].max
                || desc.MaxFullFrameLuminance != rows[r].full || desc.MinLuminance != rows[r].min)
            row_fail(&failures, r, rows[r].machine, "output %u: space %u, %u bits, red %g %g, luminance %g %g %g",
                    rows[r].output, desc.ColorSpace, desc.BitsPerColor, desc.RedPrimary[0], desc.RedPrimary[1],
                    desc.MinLuminance, desc.MaxLuminance, desc.MaxFullFrameLuminance);
        IDXGIOutput6_Release(output);
        IDXGIAdapter1_Release(adapter);
        IDXGIFactory6_Release(factory);
    }
    rows_done(&failures);
}

/* desktop-hdr's dump, loaded back under another id, gives the same outputs
 * (the colour keys round-trip through `mockd3d12 caps --json`). */
static void test_colour_round_trip(void **state)
{
    mockd3d12_output_desc da, db;
    mockd3d12_adapter_info info;
    char *json = NULL, *id, *luid, *end, error[512] = "";
    UINT i;

    (void)state;
    assert_int_equal(mockd3d12_adapter_to_json("desktop-hdr", &json), S_OK);
    assert_non_null(strstr(json, "\"DXGI_COLOR_SPACE_RGB_FULL_G2084_NONE_P2020\""));
    assert_non_null(strstr(json, "\"maxFullFrameLuminance\""));
    assert_non_null(id = strstr(json, "\"desktop-hdr\""));
    memcpy(id + 1, "desktop-hd2", 11);
    if (FAILED(mockd3d12_get_adapter_info("desktop-hd2", &info)))
    {
        if ((luid = strstr(json, "\"luid\""))) /* another adapter must not have the dump's LUID */
        {
            assert_non_null(end = strchr(luid, '}'));
            memset(luid, ' ', (size_t)(end - luid + 1));
            for (end = end + 1; *end == ' ' || *end == '\n' || *end == '\r'; ++end)
                ;
            if (*end == ',')
                *end = ' ';
        }
        if (FAILED(mockd3d12_register_profile(json, error, sizeof(error))))
            fail_msg("register the dump: %s", error);
    }
    mockd3d12_free(json);
    for (i = 0; i < 2; ++i)
    {
        assert_int_equal(mockd3d12_get_adapter_output("desktop-hdr", i, &da, NULL, 0), S_OK);
        assert_int_equal(mockd3d12_get_adapter_output("desktop-hd2", i, &db, NULL, 0), S_OK);
        assert_memory_equal(&da, &db, sizeof(da));
    }
}

/* The dump (mockd3d12_adapter_to_json, `mockd3d12 caps --json`) writes the
 * outputs with every key; loaded back under another id it gives the same. */
static void test_dump_round_trip(void **state)
{
    mockd3d12_output_mode a[8], b[8];
    mockd3d12_output_desc da, db;
    IDXGIFactory6 *factory;
    char *json = NULL, *id, error[512] = "";
    mockd3d12_adapter_info info;
    UINT i;

    (void)state;
    {
        IDXGIAdapter1 *made = two_output_adapter(&factory); /* (the COBJMACROS name their argument twice) */

        IDXGIAdapter1_Release(made);
    }
    IDXGIFactory6_Release(factory);
    assert_int_equal(mockd3d12_adapter_to_json("dxgi-two-outputs", &json), S_OK);
    assert_non_null(strstr(json, "\"outputs\""));
    assert_non_null(strstr(json, "\"DXGI_MODE_ROTATION_ROTATE90\""));
    assert_non_null(strstr(json, "\"DXGI_MODE_SCANLINE_ORDER_UPPER_FIELD_FIRST\""));
    /* Same length as the original id, so the text stays valid. */
    assert_non_null(id = strstr(json, "\"dxgi-two-outputs\""));
    memcpy(id + 1, "dxgi-two-0utputs", 16);
    if (FAILED(mockd3d12_get_adapter_info("dxgi-two-0utputs", &info)))
    {
        char *luid = strstr(json, "\"luid\"");

        /* A dump keeps its LUID; another adapter must not have it. */
        if (luid)
        {
            char *end = strchr(luid, '}');

            assert_non_null(end);
            memset(luid, ' ', (size_t)(end - luid + 1));
            /* the comma after the removed key stays: drop it too */
            for (end = end + 1; *end == ' ' || *end == '\n' || *end == '\r'; ++end)
                ;
            if (*end == ',')
                *end = ' ';
        }
        if (FAILED(mockd3d12_register_profile(json, error, sizeof(error))))
            fail_msg("register the dump: %s", error);
    }
    mockd3d12_free(json);
    for (i = 0; i < 2; ++i)
    {
        memset(a, 0, sizeof(a));
        memset(b, 0, sizeof(b));
        assert_int_equal(mockd3d12_get_adapter_output("dxgi-two-outputs", i, &da, a, 8), S_OK);
        assert_int_equal(mockd3d12_get_adapter_output("dxgi-two-0utputs", i, &db, b, 8), S_OK);
        assert_memory_equal(&da, &db, sizeof(da));
        assert_memory_equal(a, b, sizeof(a));
    }
    assert_int_equal(mockd3d12_get_adapter_output("dxgi-two-0utputs", 2, &db, NULL, 0), S_FALSE);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_headless_builtins, setup, teardown),
        cmocka_unit_test_setup_teardown(test_enum_outputs, setup, teardown),
        cmocka_unit_test_setup_teardown(test_output_desc, setup, teardown),
        cmocka_unit_test_setup_teardown(test_display_mode_list, setup, teardown),
        cmocka_unit_test_setup_teardown(test_display_mode_list_count, setup, teardown),
        cmocka_unit_test_setup_teardown(test_find_closest_matching_mode, setup, teardown),
        cmocka_unit_test_setup_teardown(test_other_methods, setup, teardown),
        cmocka_unit_test_setup_teardown(test_control_api, setup, teardown),
        cmocka_unit_test_setup_teardown(test_inherited_outputs, setup, teardown),
        cmocka_unit_test_setup_teardown(test_profile_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_dump_round_trip, setup, teardown),
        cmocka_unit_test_setup_teardown(test_colour_keys, setup, teardown),
        cmocka_unit_test_setup_teardown(test_builtin_displays, setup, teardown),
        cmocka_unit_test_setup_teardown(test_colour_round_trip, setup, teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
