/*
 * libFuzzer target: swap chains (src/dxgi/swapchain.c, docs/dxgi.md), through
 * the public DXGI API only, as an application calls it. The input chooses the
 * creation (CreateSwapChain with a DXGI_SWAP_CHAIN_DESC, CreateSwapChainForHwnd
 * with a DXGI_SWAP_CHAIN_DESC1 and maybe a full-screen description,
 * CreateSwapChainForComposition), the device argument (a direct, compute or
 * copy queue, the D3D12 device, NULL), the window (a window of the default
 * size, a simulated one of any size, a destroyed one, none) and every byte of
 * the descriptions; then up to 64 calls on the chain, one opcode byte each:
 * Present/Present1, ResizeBuffers/ResizeBuffers1, GetBuffer, ResizeTarget,
 * SetFullscreenState, the frame-latency calls, the colour-space and HDR
 * calls, SetSourceSize, SetRotation, SetBackgroundColor.
 *
 * Invariants besides "no crash, no leak, no sanitizer report": a creation
 * that fails leaves its output NULL (or untouched, when the refusal is of a
 * NULL device or description, as on Windows), one that succeeds gives a chain whose
 * description keeps Windows' D3D12 rules (flip model, 2..16 buffers, a flip
 * format, a non-zero size, one sample); GetCurrentBackBufferIndex stays below
 * BufferCount; a refused ResizeBuffers changes nothing; GetBuffer gives a
 * resource of the chain's size and format or NULL; the chain, the queue and
 * the device all go back to a count of 0 at the end.
 */
#define COBJMACROS
#include <stdbool.h>
#include <unistd.h>

#include "fuzz_common.h"

#include <mockd3d12/dxgi.h>

#define MAX_CALLS 64
#define MAX_HDR_BYTES 256

enum { DEVICE_DIRECT, DEVICE_COMPUTE, DEVICE_COPY, DEVICE_D3D12, DEVICE_NULL, DEVICE_KINDS };
enum { WINDOW_DEFAULT, WINDOW_SIMULATED, WINDOW_DESTROYED, WINDOW_NONE, WINDOW_KINDS };

struct env
{
    ID3D12Device *device;
    ID3D12CommandQueue *queues[3]; /* direct, compute, copy */
    IDXGIFactory4 *factory;
};

static bool flip_format(DXGI_FORMAT format)
{
    return format == DXGI_FORMAT_R8G8B8A8_UNORM || format == DXGI_FORMAT_B8G8R8A8_UNORM
            || format == DXGI_FORMAT_R10G10B10A2_UNORM || format == DXGI_FORMAT_R16G16B16A16_FLOAT;
}

static void check_desc(IDXGISwapChain3 *chain)
{
    DXGI_SWAP_CHAIN_DESC1 desc;
    HRESULT hr;

    hr = IDXGISwapChain3_GetDesc1(chain, &desc);
    FUZZ_CHECK(hr == S_OK, "GetDesc1: %#x", (unsigned)hr);
    FUZZ_CHECK(desc.SwapEffect == DXGI_SWAP_EFFECT_FLIP_DISCARD || desc.SwapEffect == DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL,
            "swap effect %u", (unsigned)desc.SwapEffect);
    FUZZ_CHECK((desc.BufferCount >= 2 && desc.BufferCount <= 16) || desc.BufferCount == 0,
            "%u buffers", desc.BufferCount);
    FUZZ_CHECK(flip_format(desc.Format), "format %u", (unsigned)desc.Format);
    FUZZ_CHECK(desc.Width && desc.Height, "size %ux%u", desc.Width, desc.Height);
    FUZZ_CHECK(desc.SampleDesc.Count == 1 && !desc.SampleDesc.Quality, "samples %u/%u", desc.SampleDesc.Count,
            desc.SampleDesc.Quality);
    FUZZ_CHECK(!desc.BufferCount || IDXGISwapChain3_GetCurrentBackBufferIndex(chain) < desc.BufferCount,
            "back buffer index %u of %u", IDXGISwapChain3_GetCurrentBackBufferIndex(chain), desc.BufferCount);
}

static void check_buffer(IDXGISwapChain3 *chain, UINT index)
{
    DXGI_SWAP_CHAIN_DESC1 desc;
    D3D12_RESOURCE_DESC buffer_desc;
    ID3D12Resource *buffer = NULL;
    HRESULT hr;

    IDXGISwapChain3_GetDesc1(chain, &desc);
    hr = IDXGISwapChain3_GetBuffer(chain, index, &IID_ID3D12Resource, (void **)&buffer);
    if (FAILED(hr))
    {
        FUZZ_CHECK(!buffer, "a refused GetBuffer wrote a resource");
        FUZZ_CHECK(index >= desc.BufferCount, "GetBuffer(%u) of %u buffers: %#x", index, desc.BufferCount,
                (unsigned)hr);
        return;
    }
    buffer_desc = ID3D12Resource_GetDesc(buffer);
    FUZZ_CHECK(buffer_desc.Width == desc.Width && buffer_desc.Height == desc.Height
            && buffer_desc.Format == desc.Format, "back buffer %u is not %ux%u format %u", index, desc.Width,
            desc.Height, (unsigned)desc.Format);
    ID3D12Resource_Release(buffer);
}

static void resize(IDXGISwapChain3 *chain, struct fuzz_input *in, bool one)
{
    DXGI_SWAP_CHAIN_DESC1 before, after;
    /* ResizeBuffers1 reads one entry per buffer: the count asked (below 20)
     * or, for 0, the chain's (at most 16). */
    UINT node_masks[20];
    IUnknown *queues[20];
    UINT count = fuzz_u8(in) % 20, width = fuzz_u16(in), height = fuzz_u16(in), flags = fuzz_u32(in);
    DXGI_FORMAT format = (DXGI_FORMAT)(fuzz_u8(in) % 130);
    unsigned i;
    HRESULT hr;

    IDXGISwapChain3_GetDesc1(chain, &before);
    if (!one)
        hr = IDXGISwapChain3_ResizeBuffers(chain, count, width, height, format, flags);
    else
    {
        IUnknown *queue = NULL;

        IDXGISwapChain3_GetDevice(chain, &IID_IUnknown, (void **)&queue);
        for (i = 0; i < 20; ++i)
        {
            node_masks[i] = i < 4 ? fuzz_u8(in) & 3 : node_masks[i % 4];
            queues[i] = i < 4 ? ((fuzz_u8(in) & 7) ? queue : NULL) : queues[i % 4];
        }
        hr = IDXGISwapChain3_ResizeBuffers1(chain, count, width, height, format, flags, node_masks, queues);
        if (queue)
            IUnknown_Release(queue);
    }
    IDXGISwapChain3_GetDesc1(chain, &after);
    if (FAILED(hr) && before.BufferCount)
        FUZZ_CHECK(!memcmp(&before, &after, sizeof(before)) || !after.BufferCount,
                "a refused ResizeBuffers (%#x) changed the description", (unsigned)hr);
}

static void call(IDXGISwapChain3 *chain, IDXGISwapChain4 *chain4, struct fuzz_input *in)
{
    uint8_t op = fuzz_u8(in);

    switch (op % 16)
    {
        case 0:
            IDXGISwapChain3_Present(chain, fuzz_u8(in) % 6, fuzz_u32(in) & 0x7ff);
            break;
        case 1:
        {
            DXGI_PRESENT_PARAMETERS parameters = {0};
            RECT rects[2];

            fuzz_bytes(in, rects, sizeof(rects));
            parameters.DirtyRectsCount = fuzz_u8(in) % 3;
            parameters.pDirtyRects = (fuzz_u8(in) & 1) ? rects : NULL;
            IDXGISwapChain3_Present1(chain, fuzz_u8(in) % 6, fuzz_u32(in) & 0x7ff, &parameters);
            break;
        }
        case 2:
            resize(chain, in, false);
            break;
        case 3:
            resize(chain, in, true);
            break;
        case 4:
            check_buffer(chain, fuzz_u8(in) % 20);
            break;
        case 5:
        {
            DXGI_MODE_DESC mode;

            fuzz_bytes(in, &mode, sizeof(mode));
            mode.Width %= 8192;
            mode.Height %= 8192;
            IDXGISwapChain3_ResizeTarget(chain, (fuzz_u8(in) & 7) ? &mode : NULL);
            break;
        }
        case 6:
        {
            BOOL fullscreen = FALSE;
            IDXGIOutput *target = NULL;

            IDXGISwapChain3_SetFullscreenState(chain, fuzz_u8(in) & 1, NULL);
            IDXGISwapChain3_GetFullscreenState(chain, &fullscreen, &target);
            FUZZ_CHECK(!target == !fullscreen, "full screen %d with target %p", fullscreen, (void *)target);
            if (target)
                IDXGIOutput_Release(target);
            break;
        }
        case 7:
            IDXGISwapChain3_SetMaximumFrameLatency(chain, fuzz_u8(in) % 20);
            break;
        case 8:
        {
            UINT latency = 0;

            if (SUCCEEDED(IDXGISwapChain3_GetMaximumFrameLatency(chain, &latency)))
                FUZZ_CHECK(latency >= 1 && latency <= 16, "frame latency %u", latency);
            break;
        }
        case 9:
        {
            HANDLE handle = IDXGISwapChain3_GetFrameLatencyWaitableObject(chain);

            if (handle)
                close((int)(intptr_t)handle); /* an eventfd on Linux (docs/dxgi.md) */
            break;
        }
        case 10:
        {
            UINT support = 0xdead;
            DXGI_COLOR_SPACE_TYPE space = (DXGI_COLOR_SPACE_TYPE)(fuzz_u8(in) % 30);

            IDXGISwapChain3_CheckColorSpaceSupport(chain, space, &support);
            IDXGISwapChain3_SetColorSpace1(chain, space);
            break;
        }
        case 11:
        {
            uint8_t *data;
            UINT size = fuzz_u16(in) % MAX_HDR_BYTES;

            if (!chain4)
                break;
            data = malloc(size ? size : 1);
            fuzz_bytes(in, data, size);
            IDXGISwapChain4_SetHDRMetaData(chain4, (DXGI_HDR_METADATA_TYPE)(fuzz_u8(in) % 3), size,
                    (fuzz_u8(in) & 7) ? data : NULL);
            free(data);
            break;
        }
        case 12:
            IDXGISwapChain3_SetSourceSize(chain, fuzz_u16(in), fuzz_u16(in));
            break;
        case 13:
            IDXGISwapChain3_SetRotation(chain, (DXGI_MODE_ROTATION)(fuzz_u8(in) % 6));
            break;
        case 14:
        {
            DXGI_RGBA colour;

            fuzz_bytes(in, &colour, sizeof(colour));
            IDXGISwapChain3_SetBackgroundColor(chain, (fuzz_u8(in) & 7) ? &colour : NULL);
            break;
        }
        default:
            check_desc(chain);
            break;
    }
}

/* The creation the input describes: S_OK or DXGI_STATUS_OCCLUDED with a
 * chain, or a failure with NULL. */
static IDXGISwapChain1 *create(struct env *env, struct fuzz_input *in)
{
    DXGI_SWAP_CHAIN_FULLSCREEN_DESC fullscreen;
    DXGI_SWAP_CHAIN_DESC1 desc1;
    DXGI_SWAP_CHAIN_DESC desc;
    IDXGISwapChain1 *chain1 = (IDXGISwapChain1 *)(uintptr_t)1;
    IDXGISwapChain *chain = (IDXGISwapChain *)(uintptr_t)1;
    uint8_t method = fuzz_u8(in) % 3, device_kind = fuzz_u8(in) % DEVICE_KINDS, window_kind = fuzz_u8(in) % WINDOW_KINDS;
    IUnknown *device = NULL;
    HWND window = 0;
    HRESULT hr;

    if (device_kind <= DEVICE_COPY)
        device = (IUnknown *)env->queues[device_kind];
    else if (device_kind == DEVICE_D3D12)
        device = (IUnknown *)env->device;
    if (window_kind == WINDOW_DEFAULT)
        window = (HWND)(uintptr_t)1;
    else if (window_kind != WINDOW_NONE)
    {
        UINT width = fuzz_u16(in) % 4096, height = fuzz_u16(in) % 4096;

        if (FAILED(mockd3d12_dxgi_create_window(width, height, &window)))
            window = 0;
        else if (window_kind == WINDOW_DESTROYED)
            mockd3d12_dxgi_destroy_window(window);
    }
    fuzz_bytes(in, &desc, sizeof(desc));
    desc.BufferDesc.Width %= 8192;
    desc.BufferDesc.Height %= 8192;
    desc.OutputWindow = window;
    fuzz_bytes(in, &desc1, sizeof(desc1));
    desc1.Width %= 8192;
    desc1.Height %= 8192;
    fuzz_bytes(in, &fullscreen, sizeof(fullscreen));

    if (method == 0)
    {
        hr = IDXGIFactory4_CreateSwapChain(env->factory, device, &desc, &chain);
        if (FAILED(hr))
        {
            FUZZ_CHECK(!chain || chain == (IDXGISwapChain *)(uintptr_t)1,
                    "a refused CreateSwapChain (%#x) wrote a chain", (unsigned)hr);
            chain1 = NULL;
        }
        else
        {
            hr = IDXGISwapChain_QueryInterface(chain, &IID_IDXGISwapChain1, (void **)&chain1);
            FUZZ_CHECK(hr == S_OK, "a swap chain without IDXGISwapChain1");
            IDXGISwapChain_Release(chain);
        }
    }
    else
    {
        if (method == 1)
            hr = IDXGIFactory4_CreateSwapChainForHwnd(env->factory, device, window, &desc1,
                    (fuzz_u8(in) & 1) ? &fullscreen : NULL, NULL, &chain1);
        else
            hr = IDXGIFactory4_CreateSwapChainForComposition(env->factory, device, &desc1, NULL, &chain1);
        if (FAILED(hr))
        {
            FUZZ_CHECK(!chain1 || chain1 == (IDXGISwapChain1 *)(uintptr_t)1,
                    "a refused creation (%#x) wrote a chain", (unsigned)hr);
            chain1 = NULL;
        }
    }
    if (window && window_kind == WINDOW_SIMULATED)
        mockd3d12_dxgi_destroy_window(window); /* a chain whose window goes away */
    FUZZ_CHECK(!chain1 || hr == S_OK || hr == DXGI_STATUS_OCCLUDED, "creation answered %#x with a chain", (unsigned)hr);
    return chain1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const D3D12_COMMAND_LIST_TYPE types[3] = {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_COMPUTE,
            D3D12_COMMAND_LIST_TYPE_COPY};
    struct fuzz_input in = {data, size, 0};
    IDXGISwapChain4 *chain4 = NULL;
    IDXGISwapChain3 *chain = NULL;
    IDXGISwapChain1 *chain1;
    struct env env = {0};
    unsigned i, calls;
    ULONG count;

    if (FAILED(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&env.device)))
        abort();
    for (i = 0; i < 3; ++i)
    {
        D3D12_COMMAND_QUEUE_DESC desc = {types[i], 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};

        if (FAILED(ID3D12Device_CreateCommandQueue(env.device, &desc, &IID_ID3D12CommandQueue,
                (void **)&env.queues[i])))
            abort();
    }
    /* A debug factory (its refusals are lines on stderr) for one value of the
     * first byte only: the lines would slow every run down. */
    if (FAILED(CreateDXGIFactory2(fuzz_u8(&in) == 0xdb ? DXGI_CREATE_FACTORY_DEBUG : 0, &IID_IDXGIFactory4,
            (void **)&env.factory)))
        abort();

    if ((chain1 = create(&env, &in)))
    {
        FUZZ_CHECK(SUCCEEDED(IDXGISwapChain1_QueryInterface(chain1, &IID_IDXGISwapChain3, (void **)&chain)),
                "a D3D12 swap chain without IDXGISwapChain3");
        IDXGISwapChain1_QueryInterface(chain1, &IID_IDXGISwapChain4, (void **)&chain4);
        IDXGISwapChain1_Release(chain1);
        check_desc(chain);
        for (calls = 0; calls < MAX_CALLS && fuzz_left(&in); ++calls)
            call(chain, chain4, &in);
        check_desc(chain);
        IDXGISwapChain3_SetFullscreenState(chain, FALSE, NULL);
        if (chain4)
            IDXGISwapChain4_Release(chain4);
        count = IDXGISwapChain3_Release(chain);
        FUZZ_CHECK(count == 0, "the swap chain keeps %lu references", (unsigned long)count);
    }

    count = IDXGIFactory4_Release(env.factory);
    FUZZ_CHECK(count == 0, "the factory keeps %lu references", (unsigned long)count);
    for (i = 0; i < 3; ++i)
        ID3D12CommandQueue_Release(env.queues[i]);
    count = ID3D12Device_Release(env.device);
    FUZZ_CHECK(count == 0, "the device keeps %lu references", (unsigned long)count);
    return 0;
}
