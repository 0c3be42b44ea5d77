/*
 * IDXGIOutput ... IDXGIOutput6 over one output the adapter's profile declares
 * ("outputs", docs/profiles.md; none on a headless machine, every built-in).
 *
 * The descriptions and display modes are the profile's; nothing is ever
 * presented: there is no swap chain, so ownership, gamma, display surfaces,
 * frame statistics and duplication answer as an output no full-screen swap
 * chain owns (docs/dxgi.md, "Outputs").
 */
#include <stdlib.h>

#include "dxgi_private.h"

#ifndef DXGI_ERROR_NOT_CURRENTLY_AVAILABLE
#define DXGI_ERROR_NOT_CURRENTLY_AVAILABLE ((HRESULT)0x887A0022L) /* winerror.h */
#endif

struct dxgi_output
{
    IDXGIOutput6 IDXGIOutput6_iface;
    struct mk_object obj;           /* its parent: the adapter */
    struct dxgi_adapter *adapter;   /* the parent, as an adapter */
    unsigned index;
    mockd3d12_output_desc desc;
    mockd3d12_output_mode *modes;   /* sorted as Windows lists them */
};

MK_OBJECT_HELPERS(struct dxgi_output, IDXGIOutput6, IDXGIOutput6_iface, impl_from_IDXGIOutput6, output_object)

/* Refresh rates compared exactly: a/b against c/d. */
static int compare_rate(UINT an, UINT ad, UINT bn, UINT bd)
{
    UINT64 l = (UINT64)an * bd, r = (UINT64)bn * ad;

    return l < r ? -1 : l > r;
}

/* Windows lists modes by format, then resolution, then refresh rate, each
 * ascending (then scanline ordering and scaling). */
static int compare_modes(const void *a, const void *b)
{
    const mockd3d12_output_mode *x = a, *y = b;
    int c;

    if (x->format != y->format)
        return x->format < y->format ? -1 : 1;
    if (x->width != y->width)
        return x->width < y->width ? -1 : 1;
    if (x->height != y->height)
        return x->height < y->height ? -1 : 1;
    if ((c = compare_rate(x->refresh_numerator, x->refresh_denominator, y->refresh_numerator, y->refresh_denominator)))
        return c;
    if (x->scanline_ordering != y->scanline_ordering)
        return x->scanline_ordering < y->scanline_ordering ? -1 : 1;
    if (x->scaling != y->scaling)
        return x->scaling < y->scaling ? -1 : 1;
    return (int)x->stereo - (int)y->stereo;
}

static void fill_mode1(DXGI_MODE_DESC1 *d, const mockd3d12_output_mode *m)
{
    d->Width = m->width;
    d->Height = m->height;
    d->RefreshRate.Numerator = m->refresh_numerator;
    d->RefreshRate.Denominator = m->refresh_denominator;
    d->Format = (DXGI_FORMAT)m->format;
    d->ScanlineOrdering = (DXGI_MODE_SCANLINE_ORDER)m->scanline_ordering;
    d->Scaling = (DXGI_MODE_SCALING)m->scaling;
    d->Stereo = m->stereo;
}

static void fill_mode(DXGI_MODE_DESC *d, const mockd3d12_output_mode *m)
{
    DXGI_MODE_DESC1 d1;

    fill_mode1(&d1, m);
    memcpy(d, &d1, sizeof(*d)); /* DXGI_MODE_DESC is DXGI_MODE_DESC1 without Stereo */
}

/* Whether GetDisplayModeList(1) lists `m` for `format` and DXGI_ENUM_MODES
 * `flags`: interlaced modes only with INTERLACED, centred and stretched ones
 * only with SCALING, stereo ones only through GetDisplayModeList1 with STEREO
 * (or DISABLED_STEREO). */
static bool mode_listed(const mockd3d12_output_mode *m, DXGI_FORMAT format, UINT flags, bool list1)
{
    if (m->format != (UINT)format)
        return false;
    if ((m->scanline_ordering == DXGI_MODE_SCANLINE_ORDER_UPPER_FIELD_FIRST
            || m->scanline_ordering == DXGI_MODE_SCANLINE_ORDER_LOWER_FIELD_FIRST) && !(flags & DXGI_ENUM_MODES_INTERLACED))
        return false;
    if (m->scaling != DXGI_MODE_SCALING_UNSPECIFIED && !(flags & DXGI_ENUM_MODES_SCALING))
        return false;
    if (m->stereo && (!list1 || !(flags & (DXGI_ENUM_MODES_STEREO | DXGI_ENUM_MODES_DISABLED_STEREO))))
        return false;
    return true;
}

static HRESULT get_mode_list(struct dxgi_output *output, DXGI_FORMAT format, UINT flags, UINT *count,
        DXGI_MODE_DESC *desc, DXGI_MODE_DESC1 *desc1, bool list1)
{
    UINT i, n = 0, capacity;

    if (!count)
        return DXGI_ERROR_INVALID_CALL;
    if (!desc && !desc1)
    {
        for (i = 0; i < output->desc.mode_count; ++i)
            n += mode_listed(&output->modes[i], format, flags, list1);
        *count = n;
        return S_OK;
    }
    capacity = *count;
    for (i = 0; i < output->desc.mode_count; ++i)
    {
        if (!mode_listed(&output->modes[i], format, flags, list1))
            continue;
        if (n == capacity)
            return DXGI_ERROR_MORE_DATA; /* the first `capacity` modes are written */
        if (desc1)
            fill_mode1(&desc1[n], &output->modes[i]);
        else
            fill_mode(&desc[n], &output->modes[i]);
        ++n;
    }
    *count = n;
    return S_OK;
}

static UINT64 diff_u32(UINT a, UINT b)
{
    return a > b ? (UINT64)(a - b) : (UINT64)(b - a);
}

/* FindClosestMatchingMode(1): unspecified fields (0, UNKNOWN, UNSPECIFIED)
 * match anything; among the modes of the format, the closest resolution (an
 * unspecified one: the desktop's), then the closest refresh rate, then the
 * scanline ordering and scaling asked for (unspecified: progressive and
 * unscaled preferred); ties go to the first in list order. */
static HRESULT find_closest(struct dxgi_output *output, const DXGI_MODE_DESC1 *want, DXGI_MODE_DESC1 *closest,
        IUnknown *device, bool list1)
{
    UINT want_w = want->Width, want_h = want->Height, i;
    const mockd3d12_output_mode *best = NULL;
    UINT64 best_key[4] = {0};

    if ((!want->Width) != (!want->Height))
        return DXGI_ERROR_INVALID_CALL;
    if (want->Format == DXGI_FORMAT_UNKNOWN && !device)
        return DXGI_ERROR_INVALID_CALL;
    if (!want_w)
    {
        want_w = (UINT)(output->desc.right - output->desc.left);
        want_h = (UINT)(output->desc.bottom - output->desc.top);
    }
    for (i = 0; i < output->desc.mode_count; ++i)
    {
        const mockd3d12_output_mode *m = &output->modes[i];
        UINT64 key[4];
        unsigned k;

        if (want->Format != DXGI_FORMAT_UNKNOWN && m->format != (UINT)want->Format)
            continue;
        if (m->stereo != (list1 && want->Stereo))
            continue;
        key[0] = diff_u32(m->width, want_w) + diff_u32(m->height, want_h);
        key[1] = 0;
        if (want->RefreshRate.Denominator) /* 0/0 is unspecified; a zero denominator divides nothing */
        {
            /* |m - want| in units of 1/(den_m * den_want) Hz: comparable across modes
             * once scaled by the wanted denominator only, so use millihertz. */
            UINT64 mh = (UINT64)m->refresh_numerator * 1000u / m->refresh_denominator;
            UINT64 wh = (UINT64)want->RefreshRate.Numerator * 1000u / want->RefreshRate.Denominator;

            key[1] = mh > wh ? mh - wh : wh - mh;
        }
        /* Unspecified: a progressive, unscaled mode is preferred. */
        key[2] = want->ScanlineOrdering != DXGI_MODE_SCANLINE_ORDER_UNSPECIFIED
                ? m->scanline_ordering != (UINT)want->ScanlineOrdering
                : m->scanline_ordering != DXGI_MODE_SCANLINE_ORDER_PROGRESSIVE;
        key[3] = m->scaling != (UINT)want->Scaling;
        for (k = 0; best && k < 4 && key[k] == best_key[k]; ++k)
            ;
        if (!best || (k < 4 && key[k] < best_key[k]))
        {
            best = m;
            memcpy(best_key, key, sizeof(key));
        }
    }
    if (!best)
        return DXGI_ERROR_NOT_FOUND;
    fill_mode1(closest, best);
    return S_OK;
}

static void output_destroy(struct mk_object *object)
{
    mk_free(MK_OBJECT_IMPL(struct dxgi_output, obj, object)->modes);
}

#define OUTPUT_INTERFACE(iid) MK_INTERFACE_AT(struct dxgi_output, obj, IDXGIOutput6_iface, iid)
static const struct mk_interface output_interfaces[] =
{
    OUTPUT_INTERFACE(IID_IUnknown), OUTPUT_INTERFACE(IID_IDXGIObject), OUTPUT_INTERFACE(IID_IDXGIOutput),
    OUTPUT_INTERFACE(IID_IDXGIOutput1), OUTPUT_INTERFACE(IID_IDXGIOutput2), OUTPUT_INTERFACE(IID_IDXGIOutput3),
    OUTPUT_INTERFACE(IID_IDXGIOutput4), OUTPUT_INTERFACE(IID_IDXGIOutput5), OUTPUT_INTERFACE(IID_IDXGIOutput6),
};
#undef OUTPUT_INTERFACE

static const struct mk_object_class output_class = MK_OBJECT_CLASS(struct dxgi_output, output_interfaces,
        .name = "IDXGIOutput", .destroy = output_destroy);

MK_DXGI_OBJECT_METHODS(dxgi_output, IDXGIOutput6, output_object)

/* IDXGIOutput methods */

/* A handle that names this output, non-NULL and the same on every call. */
static HMONITOR dxgi_output_monitor(const struct dxgi_output *output)
{
    return (HMONITOR)(uintptr_t)(0x4d0000u | (output->adapter->index << 8) | (output->index + 1));
}

static void fill_output_desc(const struct dxgi_output *output, WCHAR *name, RECT *rect, BOOL *attached,
        DXGI_MODE_ROTATION *rotation, HMONITOR *monitor)
{
    unsigned i;

    for (i = 0; i < 31 && output->desc.name[i]; ++i)
        name[i] = (WCHAR)(unsigned char)output->desc.name[i];
    for (; i < 32; ++i)
        name[i] = 0;
    rect->left = output->desc.left;
    rect->top = output->desc.top;
    rect->right = output->desc.right;
    rect->bottom = output->desc.bottom;
    *attached = TRUE;
    *rotation = (DXGI_MODE_ROTATION)output->desc.rotation;
    *monitor = dxgi_output_monitor(output);
}

static HRESULT STDMETHODCALLTYPE dxgi_output_GetDesc(IDXGIOutput6 *iface, DXGI_OUTPUT_DESC *desc)
{
    struct dxgi_output *output = impl_from_IDXGIOutput6(iface);

    if (!desc)
        return E_INVALIDARG;
    fill_output_desc(output, desc->DeviceName, &desc->DesktopCoordinates, &desc->AttachedToDesktop,
            &desc->Rotation, &desc->Monitor);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_output_GetDisplayModeList(IDXGIOutput6 *iface, DXGI_FORMAT format, UINT flags,
        UINT *count, DXGI_MODE_DESC *desc)
{
    return get_mode_list(impl_from_IDXGIOutput6(iface), format, flags, count, desc, NULL, false);
}

static HRESULT STDMETHODCALLTYPE dxgi_output_FindClosestMatchingMode(IDXGIOutput6 *iface, const DXGI_MODE_DESC *mode,
        DXGI_MODE_DESC *closest, IUnknown *device)
{
    DXGI_MODE_DESC1 want, found;
    HRESULT hr;

    if (!mode || !closest)
        return DXGI_ERROR_INVALID_CALL;
    memset(&want, 0, sizeof(want));
    memcpy(&want, mode, sizeof(*mode));
    if (SUCCEEDED(hr = find_closest(impl_from_IDXGIOutput6(iface), &want, &found, device, false)))
        memcpy(closest, &found, sizeof(*closest));
    return hr;
}

static HRESULT STDMETHODCALLTYPE dxgi_output_WaitForVBlank(IDXGIOutput6 *iface)
{
    (void)iface;
    return S_OK; /* no display to wait for: returns at once */
}

static HRESULT STDMETHODCALLTYPE dxgi_output_TakeOwnership(IDXGIOutput6 *iface, IUnknown *device, BOOL exclusive)
{
    (void)iface;
    (void)exclusive;
    return device ? S_OK : DXGI_ERROR_INVALID_CALL;
}

static void STDMETHODCALLTYPE dxgi_output_ReleaseOwnership(IDXGIOutput6 *iface)
{
    (void)iface;
}

/* Gamma, display surfaces and frame statistics need the output owned by a
 * full-screen swap chain, which never exists here: E_INVALIDARG without the
 * method's argument, else DXGI_ERROR_NOT_CURRENTLY_AVAILABLE. */
#define UNOWNED_OUTPUT_METHOD(method, type) \
    static HRESULT STDMETHODCALLTYPE dxgi_output_##method(IDXGIOutput6 *iface, type arg) \
    { \
        (void)iface; \
        return arg ? DXGI_ERROR_NOT_CURRENTLY_AVAILABLE : E_INVALIDARG; \
    }
UNOWNED_OUTPUT_METHOD(GetGammaControlCapabilities, DXGI_GAMMA_CONTROL_CAPABILITIES *)
UNOWNED_OUTPUT_METHOD(SetGammaControl, const DXGI_GAMMA_CONTROL *)
UNOWNED_OUTPUT_METHOD(GetGammaControl, DXGI_GAMMA_CONTROL *)
UNOWNED_OUTPUT_METHOD(SetDisplaySurface, IDXGISurface *)
UNOWNED_OUTPUT_METHOD(GetDisplaySurfaceData, IDXGISurface *)
UNOWNED_OUTPUT_METHOD(GetFrameStatistics, DXGI_FRAME_STATISTICS *)
UNOWNED_OUTPUT_METHOD(GetDisplaySurfaceData1, IDXGIResource *) /* IDXGIOutput1 */

/* IDXGIOutput1 methods */

static HRESULT STDMETHODCALLTYPE dxgi_output_GetDisplayModeList1(IDXGIOutput6 *iface, DXGI_FORMAT format, UINT flags,
        UINT *count, DXGI_MODE_DESC1 *desc)
{
    return get_mode_list(impl_from_IDXGIOutput6(iface), format, flags, count, NULL, desc, true);
}

static HRESULT STDMETHODCALLTYPE dxgi_output_FindClosestMatchingMode1(IDXGIOutput6 *iface,
        const DXGI_MODE_DESC1 *mode, DXGI_MODE_DESC1 *closest, IUnknown *device)
{
    if (!mode || !closest)
        return DXGI_ERROR_INVALID_CALL;
    return find_closest(impl_from_IDXGIOutput6(iface), mode, closest, device, true);
}

/* Desktop duplication needs a desktop that is drawn: unsupported here. */
static HRESULT STDMETHODCALLTYPE dxgi_output_DuplicateOutput(IDXGIOutput6 *iface, IUnknown *device,
        IDXGIOutputDuplication **duplication)
{
    (void)iface;
    if (duplication)
        *duplication = NULL;
    return device && duplication ? DXGI_ERROR_UNSUPPORTED : E_INVALIDARG;
}

/* IDXGIOutput2 methods */

static BOOL STDMETHODCALLTYPE dxgi_output_SupportsOverlays(IDXGIOutput6 *iface)
{
    (void)iface;
    return FALSE;
}

/* IDXGIOutput3 methods */

/* The support flags of what the output does not have: none. */
static HRESULT no_flags(UINT *flags)
{
    if (!flags)
        return E_INVALIDARG;
    *flags = 0;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_output_CheckOverlaySupport(IDXGIOutput6 *iface, DXGI_FORMAT format,
        IUnknown *device, UINT *flags)
{
    (void)iface;
    (void)format;
    return device ? no_flags(flags) : E_INVALIDARG; /* no overlay planes */
}

/* IDXGIOutput4 methods */

static HRESULT STDMETHODCALLTYPE dxgi_output_CheckOverlayColorSpaceSupport(IDXGIOutput6 *iface, DXGI_FORMAT format,
        DXGI_COLOR_SPACE_TYPE colour_space, IUnknown *device, UINT *flags)
{
    (void)iface;
    (void)format;
    (void)colour_space;
    return device ? no_flags(flags) : E_INVALIDARG;
}

/* IDXGIOutput5 methods */

static HRESULT STDMETHODCALLTYPE dxgi_output_DuplicateOutput1(IDXGIOutput6 *iface, IUnknown *device, UINT flags,
        UINT format_count, const DXGI_FORMAT *formats, IDXGIOutputDuplication **duplication)
{
    (void)iface;
    (void)flags;
    if (duplication)
        *duplication = NULL;
    if (!device || !duplication || !format_count || !formats)
        return E_INVALIDARG;
    return DXGI_ERROR_UNSUPPORTED;
}

/* IDXGIOutput6 methods */

static HRESULT STDMETHODCALLTYPE dxgi_output_GetDesc1(IDXGIOutput6 *iface, DXGI_OUTPUT_DESC1 *desc)
{
    struct dxgi_output *output = impl_from_IDXGIOutput6(iface);

    if (!desc)
        return E_INVALIDARG;
    memset(desc, 0, sizeof(*desc));
    fill_output_desc(output, desc->DeviceName, &desc->DesktopCoordinates, &desc->AttachedToDesktop,
            &desc->Rotation, &desc->Monitor);
    /* The profile's colour keys (docs/profiles.md; an SDR sRGB monitor's by default). */
    desc->BitsPerColor = output->desc.bits_per_color;
    desc->ColorSpace = (DXGI_COLOR_SPACE_TYPE)output->desc.color_space;
    memcpy(desc->RedPrimary, output->desc.red_primary, sizeof(desc->RedPrimary));
    memcpy(desc->GreenPrimary, output->desc.green_primary, sizeof(desc->GreenPrimary));
    memcpy(desc->BluePrimary, output->desc.blue_primary, sizeof(desc->BluePrimary));
    memcpy(desc->WhitePoint, output->desc.white_point, sizeof(desc->WhitePoint));
    desc->MinLuminance = output->desc.min_luminance;
    desc->MaxLuminance = output->desc.max_luminance;
    desc->MaxFullFrameLuminance = output->desc.max_full_frame_luminance;
    return S_OK;
}

/* No hardware composition. */
static HRESULT STDMETHODCALLTYPE dxgi_output_CheckHardwareCompositionSupport(IDXGIOutput6 *iface, UINT *flags)
{
    (void)iface;
    return no_flags(flags);
}

static const IDXGIOutput6Vtbl dxgi_output_vtbl =
{
    MK_DXGI_OBJECT_VTBL(dxgi_output),
    /* IDXGIOutput methods */
    dxgi_output_GetDesc,
    dxgi_output_GetDisplayModeList,
    dxgi_output_FindClosestMatchingMode,
    dxgi_output_WaitForVBlank,
    dxgi_output_TakeOwnership,
    dxgi_output_ReleaseOwnership,
    dxgi_output_GetGammaControlCapabilities,
    dxgi_output_SetGammaControl,
    dxgi_output_GetGammaControl,
    dxgi_output_SetDisplaySurface,
    dxgi_output_GetDisplaySurfaceData,
    dxgi_output_GetFrameStatistics,
    /* IDXGIOutput1 methods */
    dxgi_output_GetDisplayModeList1,
    dxgi_output_FindClosestMatchingMode1,
    dxgi_output_GetDisplaySurfaceData1,
    dxgi_output_DuplicateOutput,
    /* IDXGIOutput2 methods */
    dxgi_output_SupportsOverlays,
    /* IDXGIOutput3 methods */
    dxgi_output_CheckOverlaySupport,
    /* IDXGIOutput4 methods */
    dxgi_output_CheckOverlayColorSpaceSupport,
    /* IDXGIOutput5 methods */
    dxgi_output_DuplicateOutput1,
    /* IDXGIOutput6 methods */
    dxgi_output_GetDesc1,
    dxgi_output_CheckHardwareCompositionSupport,
};

HRESULT dxgi_output_create(struct dxgi_adapter *adapter, UINT index, IDXGIOutput **out)
{
    mockd3d12_output_desc desc;
    struct dxgi_output *output;
    HRESULT hr;

    *out = NULL;
    if ((hr = mockd3d12_get_adapter_output(adapter->info.id, index, &desc, NULL, 0)) != S_OK)
        return hr == S_FALSE || hr == E_INVALIDARG ? DXGI_ERROR_NOT_FOUND : hr;
    if (!(output = mk_calloc(1, sizeof(*output))) || !(output->modes = mk_calloc(desc.mode_count, sizeof(*output->modes))))
    {
        mk_free(output);
        return E_OUTOFMEMORY;
    }
    if (mockd3d12_get_adapter_output(adapter->info.id, index, &output->desc, output->modes, desc.mode_count) != S_OK
            || output->desc.mode_count != desc.mode_count)
    {
        mk_free(output->modes);
        mk_free(output);
        return DXGI_ERROR_NOT_FOUND;
    }
    qsort(output->modes, output->desc.mode_count, sizeof(*output->modes), compare_modes);
    output->IDXGIOutput6_iface.lpVtbl = (IDXGIOutput6Vtbl *)&dxgi_output_vtbl;
    output->adapter = adapter;
    output->index = index;
    mk_object_init(&output->obj, &output_class, (IUnknown *)&adapter->IDXGIAdapter4_iface, NULL);
    *out = (IDXGIOutput *)&output->IDXGIOutput6_iface;
    return S_OK;
}
