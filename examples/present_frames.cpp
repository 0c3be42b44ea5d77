// A windowed start-up that presents frames, as a D3D12 sample's LoadPipeline
// and OnRender do, on the null device (docs/dxgi.md "Swap chains"): a
// factory, a device, a direct queue, a waitable flip-model swap chain with
// tearing when the machine allows it (IDXGIFactory5::CheckFeatureSupport)
// and HDR10 when the display the window is on is in HDR (the containing
// output's IDXGIOutput6::GetDesc1, then CheckColorSpaceSupport, as the
// D3D12HDR sample decides), a render-target view per back buffer, then per
// frame: wait for the frame-latency object, clear the current back buffer
// between PRESENT and RENDER_TARGET barriers, Present, signal a fence.
//
// usage: present_frames [frames]   (default 10)
// Prints "presented <n> frames at <w>x<h>, tearing <yes|no>, colour space
// <HDR10|sRGB>, present count <n>".
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#ifdef _WIN32
#include <initguid.h> // this file holds the IIDs it uses, as a Windows program may
#endif
#include <mockd3d12/dxgi.h>
#ifndef _WIN32
#include <dxguids/dxguids.h>
#include <poll.h>
#include <unistd.h>
#endif

static void check(HRESULT hr, const char *what)
{
    if (FAILED(hr))
    {
        char message[128];
        std::snprintf(message, sizeof(message), "%s: HRESULT 0x%08x", what, static_cast<unsigned>(hr));
        throw std::runtime_error(message);
    }
}

// WaitForSingleObject(handle, INFINITE) on the frame-latency object, and CloseHandle.
static void wait_handle(HANDLE handle)
{
#ifdef _WIN32
    WaitForSingleObject(handle, INFINITE);
#else
    struct pollfd p = {static_cast<int>(reinterpret_cast<intptr_t>(handle)), POLLIN, 0};
    uint64_t count;

    if (poll(&p, 1, -1) != 1 || read(p.fd, &count, sizeof(count)) != static_cast<ssize_t>(sizeof(count)))
        throw std::runtime_error("waiting for the frame-latency object failed");
#endif
}

static void close_handle(HANDLE handle)
{
#ifdef _WIN32
    CloseHandle(handle);
#else
    close(static_cast<int>(reinterpret_cast<intptr_t>(handle)));
#endif
}

static HWND create_window(UINT width, UINT height)
{
    HWND window = 0;
#ifdef _WIN32
    RECT rect = {0, 0, static_cast<LONG>(width), static_cast<LONG>(height)};
    AdjustWindowRect(&rect, WS_OVERLAPPEDWINDOW, FALSE);
    window = CreateWindowA("STATIC", "present_frames", WS_OVERLAPPEDWINDOW, 0, 0, rect.right - rect.left,
            rect.bottom - rect.top, nullptr, nullptr, nullptr, nullptr);
#else
    check(mockd3d12_dxgi_create_window(width, height, &window), "mockd3d12_dxgi_create_window");
#endif
    if (!window)
        throw std::runtime_error("no window");
    return window;
}

// DirectX-Headers' C++ methods that return a struct take a RetVal pointer
// under mingw-w64 (the MSVC ABI's hidden argument), and return it by value elsewhere.
static D3D12_CPU_DESCRIPTOR_HANDLE cpu_start(ID3D12DescriptorHeap *heap)
{
#if defined(_WIN32) && !defined(_MSC_VER)
    D3D12_CPU_DESCRIPTOR_HANDLE handle;
    heap->GetCPUDescriptorHandleForHeapStart(&handle);
    return handle;
#else
    return heap->GetCPUDescriptorHandleForHeapStart();
#endif
}

static D3D12_RESOURCE_BARRIER transition(ID3D12Resource *resource, D3D12_RESOURCE_STATES before,
        D3D12_RESOURCE_STATES after)
{
    D3D12_RESOURCE_BARRIER barrier = {};

    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Transition.pResource = resource;
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = before;
    barrier.Transition.StateAfter = after;
    return barrier;
}

static const UINT frame_count = 3;

struct pipeline
{
    IDXGIFactory5 *factory = nullptr;
    ID3D12Device *device = nullptr;
    ID3D12CommandQueue *queue = nullptr;
    IDXGISwapChain3 *chain = nullptr;
    ID3D12DescriptorHeap *rtv_heap = nullptr;
    ID3D12Resource *buffers[frame_count] = {};
    ID3D12CommandAllocator *allocator = nullptr;
    ID3D12GraphicsCommandList *list = nullptr;
    ID3D12Fence *fence = nullptr;
    HANDLE waitable = nullptr;
    HWND window = 0;
    BOOL tearing = FALSE;
    bool hdr = false;

    ~pipeline()
    {
        if (waitable)
            close_handle(waitable);
        if (fence) fence->Release();
        if (list) list->Release();
        if (allocator) allocator->Release();
        for (ID3D12Resource *buffer : buffers)
            if (buffer) buffer->Release();
        if (rtv_heap) rtv_heap->Release();
        if (chain) chain->Release();
        if (queue) queue->Release();
        if (device) device->Release();
        if (factory) factory->Release();
#ifndef _WIN32
        if (window)
            mockd3d12_dxgi_destroy_window(window);
#endif
    }
};

// The display the window is on, when it is in HDR10 (Windows' HDR on); a
// machine without a display (GetContainingOutput fails) is not.
static bool display_is_hdr(IDXGISwapChain3 *chain, DXGI_OUTPUT_DESC1 *display)
{
    IDXGIOutput *output = nullptr;
    IDXGIOutput6 *output6 = nullptr;
    bool hdr = false;

    if (FAILED(chain->GetContainingOutput(&output)))
        return false;
    if (SUCCEEDED(output->QueryInterface(IID_IDXGIOutput6, reinterpret_cast<void **>(&output6))))
    {
        hdr = SUCCEEDED(output6->GetDesc1(display)) && display->ColorSpace == DXGI_COLOR_SPACE_RGB_FULL_G2084_NONE_P2020;
        output6->Release();
    }
    output->Release();
    return hdr;
}

// HDR10 (10-bit buffers, ST.2084 over BT.2020, the display's mastering
// metadata) when the display offers it, else sRGB; before any GetBuffer.
static void choose_colour(pipeline &p, const DXGI_SWAP_CHAIN_DESC1 &desc)
{
    DXGI_OUTPUT_DESC1 display = {};
    UINT support = 0;

    if (display_is_hdr(p.chain, &display))
    {
        check(p.chain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_R10G10B10A2_UNORM, desc.Flags), "ResizeBuffers");
        check(p.chain->CheckColorSpaceSupport(DXGI_COLOR_SPACE_RGB_FULL_G2084_NONE_P2020, &support),
                "CheckColorSpaceSupport");
        p.hdr = (support & DXGI_SWAP_CHAIN_COLOR_SPACE_SUPPORT_FLAG_PRESENT) != 0;
    }
    if (!p.hdr)
    {
        check(p.chain->SetColorSpace1(DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709), "SetColorSpace1");
        return;
    }
    check(p.chain->SetColorSpace1(DXGI_COLOR_SPACE_RGB_FULL_G2084_NONE_P2020), "SetColorSpace1");
    // HDR10 metadata units: chromaticities in 0.00002, the minimum luminance in 0.0001 nits.
    auto xy = [](const FLOAT (&c)[2], UINT16 (&out)[2]) {
        out[0] = static_cast<UINT16>(c[0] * 50000.0f + 0.5f);
        out[1] = static_cast<UINT16>(c[1] * 50000.0f + 0.5f);
    };
    DXGI_HDR_METADATA_HDR10 metadata = {};
    xy(display.RedPrimary, metadata.RedPrimary);
    xy(display.GreenPrimary, metadata.GreenPrimary);
    xy(display.BluePrimary, metadata.BluePrimary);
    xy(display.WhitePoint, metadata.WhitePoint);
    metadata.MaxMasteringLuminance = static_cast<UINT>(display.MaxLuminance);
    metadata.MinMasteringLuminance = static_cast<UINT>(display.MinLuminance * 10000.0f);
    metadata.MaxContentLightLevel = static_cast<UINT16>(display.MaxLuminance);
    metadata.MaxFrameAverageLightLevel = static_cast<UINT16>(display.MaxFullFrameLuminance);
    IDXGISwapChain4 *chain4 = nullptr;
    check(p.chain->QueryInterface(IID_IDXGISwapChain4, reinterpret_cast<void **>(&chain4)), "QueryInterface(IDXGISwapChain4)");
    HRESULT hr = chain4->SetHDRMetaData(DXGI_HDR_METADATA_TYPE_HDR10, sizeof(metadata), &metadata);
    chain4->Release();
    check(hr, "SetHDRMetaData");
}

// LoadPipeline: everything up to the command list.
static void load_pipeline(pipeline &p)
{
    check(CreateDXGIFactory2(0, IID_IDXGIFactory5, reinterpret_cast<void **>(&p.factory)), "CreateDXGIFactory2");
    if (FAILED(p.factory->CheckFeatureSupport(DXGI_FEATURE_PRESENT_ALLOW_TEARING, &p.tearing, sizeof(p.tearing))))
        p.tearing = FALSE;
    check(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, IID_ID3D12Device, reinterpret_cast<void **>(&p.device)),
            "D3D12CreateDevice");
    D3D12_COMMAND_QUEUE_DESC queue_desc = {};
    queue_desc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    check(p.device->CreateCommandQueue(&queue_desc, IID_ID3D12CommandQueue, reinterpret_cast<void **>(&p.queue)),
            "CreateCommandQueue");

    p.window = create_window(800, 600);
    DXGI_SWAP_CHAIN_DESC1 desc = {};
    desc.Format = DXGI_FORMAT_B8G8R8A8_UNORM; // width and height 0: the window's client area
    desc.SampleDesc.Count = 1;
    desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    desc.BufferCount = frame_count;
    desc.Scaling = DXGI_SCALING_STRETCH;
    desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
    desc.Flags = DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT
            | (p.tearing ? DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING : 0);
    IDXGISwapChain1 *chain1 = nullptr;
    check(p.factory->CreateSwapChainForHwnd(p.queue, p.window, &desc, nullptr, nullptr, &chain1),
            "CreateSwapChainForHwnd");
    HRESULT hr = chain1->QueryInterface(IID_IDXGISwapChain3, reinterpret_cast<void **>(&p.chain));
    chain1->Release();
    check(hr, "QueryInterface(IDXGISwapChain3)");
    choose_colour(p, desc);
    check(p.factory->MakeWindowAssociation(p.window, DXGI_MWA_NO_ALT_ENTER), "MakeWindowAssociation");
    check(p.chain->SetMaximumFrameLatency(2), "SetMaximumFrameLatency");
    if (!(p.waitable = p.chain->GetFrameLatencyWaitableObject()))
        throw std::runtime_error("no frame-latency object");

    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {};
    heap_desc.NumDescriptors = frame_count;
    heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    check(p.device->CreateDescriptorHeap(&heap_desc, IID_ID3D12DescriptorHeap, reinterpret_cast<void **>(&p.rtv_heap)),
            "CreateDescriptorHeap");
    UINT rtv_size = p.device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    D3D12_CPU_DESCRIPTOR_HANDLE rtv = cpu_start(p.rtv_heap);
    for (UINT i = 0; i < frame_count; ++i, rtv.ptr += rtv_size)
    {
        check(p.chain->GetBuffer(i, IID_ID3D12Resource, reinterpret_cast<void **>(&p.buffers[i])), "GetBuffer");
        p.device->CreateRenderTargetView(p.buffers[i], nullptr, rtv);
    }
    check(p.device->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT, IID_ID3D12CommandAllocator,
            reinterpret_cast<void **>(&p.allocator)), "CreateCommandAllocator");
    check(p.device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, p.allocator, nullptr,
            IID_ID3D12GraphicsCommandList, reinterpret_cast<void **>(&p.list)), "CreateCommandList");
    check(p.list->Close(), "Close");
    check(p.device->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_ID3D12Fence, reinterpret_cast<void **>(&p.fence)),
            "CreateFence");
}

// OnRender, then the wait for the GPU, as the samples' WaitForPreviousFrame does.
static void render(pipeline &p, UINT64 frame)
{
    static const float colour[4] = {0.0f, 0.2f, 0.4f, 1.0f};

    wait_handle(p.waitable);
    UINT index = p.chain->GetCurrentBackBufferIndex();
    D3D12_CPU_DESCRIPTOR_HANDLE rtv = cpu_start(p.rtv_heap);
    rtv.ptr += index * p.device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV);

    check(p.allocator->Reset(), "ID3D12CommandAllocator::Reset");
    check(p.list->Reset(p.allocator, nullptr), "ID3D12GraphicsCommandList::Reset");
    D3D12_RESOURCE_BARRIER barrier = transition(p.buffers[index], D3D12_RESOURCE_STATE_PRESENT,
            D3D12_RESOURCE_STATE_RENDER_TARGET);
    p.list->ResourceBarrier(1, &barrier);
    p.list->ClearRenderTargetView(rtv, colour, 0, nullptr);
    barrier = transition(p.buffers[index], D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT);
    p.list->ResourceBarrier(1, &barrier);
    check(p.list->Close(), "Close");
    ID3D12CommandList *lists[] = {p.list};
    p.queue->ExecuteCommandLists(1, lists);

    check(p.chain->Present(p.tearing ? 0 : 1, p.tearing ? DXGI_PRESENT_ALLOW_TEARING : 0), "Present");
    check(p.queue->Signal(p.fence, frame), "Signal");
    check(p.fence->SetEventOnCompletion(frame, nullptr), "SetEventOnCompletion");
}

int main(int argc, char **argv)
{
    UINT frames = argc > 1 ? static_cast<UINT>(std::strtoul(argv[1], nullptr, 10)) : 10;

    try
    {
        pipeline p;
        load_pipeline(p);
        for (UINT64 frame = 1; frame <= frames; ++frame)
            render(p, frame);

        DXGI_SWAP_CHAIN_DESC1 desc;
        UINT count = 0;
        check(p.chain->GetDesc1(&desc), "GetDesc1");
        check(p.chain->GetLastPresentCount(&count), "GetLastPresentCount");
        std::printf("presented %u frames at %ux%u, tearing %s, colour space %s, present count %u\n", frames, desc.Width,
                desc.Height, p.tearing ? "yes" : "no", p.hdr ? "HDR10" : "sRGB", count);
    }
    catch (const std::exception &e)
    {
        std::fprintf(stderr, "present_frames: %s\n", e.what());
        return 1;
    }
    return 0;
}
