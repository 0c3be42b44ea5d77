// An engine's start-up on the null device (docs/objects.md): what a renderer
// does before its first frame, written as C++ engines write it. It chooses an
// adapter through DXGI, creates the device with the debug layer, asks what
// the GPU can do through CheckFeatureSupport1, and then creates what it needs:
// a queue, a fence, allocators and a list, descriptor heaps, a serialized
// root signature, an upload buffer filled through Map, a depth buffer and
// render targets, a graphics and a compute pipeline from the shaders in
// SHADER_DIR, and a mesh-shader pipeline where the GPU has mesh shaders. It
// records a frame, submits it and waits for the fence.
//
// usage: engine_startup [--skip-checks | --skip-check=STEP] SHADER_DIR
//
// It adapts as an engine does: Shader Model 5.1 shaders where the adapter
// has no 6.0, a compute shader without typed UAV loads where they are
// missing, no 4x MSAA where the format has none, no mesh pipeline without
// mesh shaders, root signature 1.0 where 1.1 is missing. Each choice is a
// line "adapt: STEP: CAPABILITY ..." on stdout; the run ends with
// "engine start-up complete on DESCRIPTION". Exit status 0.
//
// --skip-checks makes the same calls as if the adapter had everything
// (the bug capability tests exist to find). The first call the adapter
// refuses ends the run with "refused: STEP: HRESULT: MESSAGE" (MESSAGE: the
// debug layer's last message, which names the capability) and exit status 1.
// --skip-check=STEP skips only the check guarding STEP (a step as the adapt
// lines name it). tests/examples/check_engine_startup.py runs them on every
// built-in adapter and checks that each refused step is a step the checking
// run adapted, and that the message names the capability it named.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#ifdef _WIN32
#include <initguid.h> // this file holds the IIDs it uses, as a Windows program may
#endif
#include <mockd3d12/dxgi.h>
#ifdef _WIN32
#include <wrl/client.h>
template <> const GUID &__mingw_uuidof<ID3D12Device>() { return IID_ID3D12Device; }
template <> const GUID &__mingw_uuidof<ID3D12Device2>() { return IID_ID3D12Device2; }
template <> const GUID &__mingw_uuidof<ID3D12Debug>() { return IID_ID3D12Debug; }
template <> const GUID &__mingw_uuidof<ID3D12InfoQueue>() { return IID_ID3D12InfoQueue; }
template <> const GUID &__mingw_uuidof<ID3D12CommandQueue>() { return IID_ID3D12CommandQueue; }
template <> const GUID &__mingw_uuidof<ID3D12Fence>() { return IID_ID3D12Fence; }
template <> const GUID &__mingw_uuidof<ID3D12CommandAllocator>() { return IID_ID3D12CommandAllocator; }
template <> const GUID &__mingw_uuidof<ID3D12GraphicsCommandList>() { return IID_ID3D12GraphicsCommandList; }
template <> const GUID &__mingw_uuidof<ID3D12DescriptorHeap>() { return IID_ID3D12DescriptorHeap; }
template <> const GUID &__mingw_uuidof<ID3D12RootSignature>() { return IID_ID3D12RootSignature; }
template <> const GUID &__mingw_uuidof<ID3D12Resource>() { return IID_ID3D12Resource; }
template <> const GUID &__mingw_uuidof<ID3D12PipelineState>() { return IID_ID3D12PipelineState; }
#else
#include <dxguids/dxguids.h>
#include <wsl/wrladapter.h>
#endif

using Microsoft::WRL::ComPtr;

namespace {

constexpr UINT kWidth = 1280, kHeight = 720, kFrames = 2;
constexpr DXGI_FORMAT kColorFormat = DXGI_FORMAT_R8G8B8A8_UNORM;
constexpr DXGI_FORMAT kDepthFormat = DXGI_FORMAT_D32_FLOAT;

bool skip_checks;       // --skip-checks: every check
std::string skip_check;  // --skip-check=STEP: the check guarding STEP

// Whether the engine checks the capability guarding `step` (and adapts).
bool checked(const char *step)
{
    return !skip_checks && skip_check != step;
}
std::string shader_dir;
ComPtr<ID3D12InfoQueue> info_queue;

// The debug layer's last message, or "" without one.
std::string last_message()
{
    if (!info_queue)
        return "";
    UINT64 count = info_queue->GetNumStoredMessages();
    if (!count)
        return "";
    SIZE_T size = 0;
    if (FAILED(info_queue->GetMessage(count - 1, nullptr, &size)) || !size)
        return "";
    std::vector<unsigned char> buffer(size);
    auto *message = reinterpret_cast<D3D12_MESSAGE *>(buffer.data());
    if (FAILED(info_queue->GetMessage(count - 1, message, &size)))
        return "";
    return std::string(message->pDescription, message->DescriptionByteLength ? message->DescriptionByteLength - 1 : 0);
}

// A step that must succeed: a failure ends the run, naming the step.
struct Refused
{
    std::string step;
};

void step(const char *name, HRESULT hr)
{
    if (SUCCEEDED(hr))
        return;
    std::printf("refused: %s: 0x%08x: %s\n", name, static_cast<unsigned>(hr), last_message().c_str());
    throw Refused{name};
}

// The engine adapts: the checking run says so (and takes the other path).
void adapt(const char *step_name, const std::string &why)
{
    std::printf("adapt: %s: %s\n", step_name, why.c_str());
}

std::vector<unsigned char> load_shader(const char *name)
{
    std::string path = shader_dir + "/" + name;
    std::vector<unsigned char> bytes;
    if (FILE *f = std::fopen(path.c_str(), "rb"))
    {
        unsigned char chunk[4096];
        size_t n;
        while ((n = std::fread(chunk, 1, sizeof(chunk), f)) > 0)
            bytes.insert(bytes.end(), chunk, chunk + n);
        std::fclose(f);
    }
    if (bytes.empty())
    {
        std::printf("error: cannot read the shader %s\n", path.c_str());
        throw Refused{"load shader"};
    }
    return bytes;
}

// What the engine asked the GPU. Every query goes through CheckFeatureSupport1
// (ID3D12Device17) where the runtime has it, with this program's SDK version.
struct Caps
{
    D3D_SHADER_MODEL shader_model = D3D_SHADER_MODEL_5_1;
    D3D_ROOT_SIGNATURE_VERSION root_signature = D3D_ROOT_SIGNATURE_VERSION_1_0;
    BOOL typed_uav_loads = FALSE;
    D3D12_MESH_SHADER_TIER mesh = D3D12_MESH_SHADER_TIER_NOT_SUPPORTED;
    UINT msaa4_levels = 0;
};

HRESULT query(ID3D12Device *device, ID3D12Device17 *device17, D3D12_FEATURE feature, void *data, UINT size)
{
    if (device17)
        return device17->CheckFeatureSupport1(feature, data, size, D3D12_SDK_VERSION);
    return device->CheckFeatureSupport(feature, data, size);
}

Caps ask(ID3D12Device *device)
{
    ComPtr<ID3D12Device17> device17;
    (void)device->QueryInterface(IID_PPV_ARGS(&device17));
    Caps caps;

    D3D12_FEATURE_DATA_SHADER_MODEL sm = {D3D_SHADER_MODEL_6_5};
    if (SUCCEEDED(query(device, device17.Get(), D3D12_FEATURE_SHADER_MODEL, &sm, sizeof(sm))))
        caps.shader_model = sm.HighestShaderModel;
    D3D12_FEATURE_DATA_ROOT_SIGNATURE rs = {D3D_ROOT_SIGNATURE_VERSION_1_1};
    if (SUCCEEDED(query(device, device17.Get(), D3D12_FEATURE_ROOT_SIGNATURE, &rs, sizeof(rs))))
        caps.root_signature = rs.HighestVersion;
    D3D12_FEATURE_DATA_D3D12_OPTIONS options = {};
    if (SUCCEEDED(query(device, device17.Get(), D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options))))
        caps.typed_uav_loads = options.TypedUAVLoadAdditionalFormats;
    D3D12_FEATURE_DATA_D3D12_OPTIONS7 options7 = {};
    if (SUCCEEDED(query(device, device17.Get(), D3D12_FEATURE_D3D12_OPTIONS7, &options7, sizeof(options7))))
        caps.mesh = options7.MeshShaderTier;
    D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS msaa = {};
    msaa.Format = kColorFormat;
    msaa.SampleCount = 4;
    if (SUCCEEDED(query(device, device17.Get(), D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &msaa, sizeof(msaa))))
        caps.msaa4_levels = msaa.NumQualityLevels;
    return caps;
}

const char *shader_model_name(D3D_SHADER_MODEL model)
{
    static char text[16];
    std::snprintf(text, sizeof(text), "%u.%u", static_cast<unsigned>(model) >> 4, static_cast<unsigned>(model) & 0xf);
    return text;
}

// The first hardware adapter by GPU preference, else the WARP adapter.
ComPtr<IDXGIAdapter1> choose_adapter(IDXGIFactory6 *factory)
{
    ComPtr<IDXGIAdapter1> adapter;
    for (UINT i = 0; factory->EnumAdapterByGpuPreference(i, DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
            IID_PPV_ARGS(adapter.ReleaseAndGetAddressOf())) != DXGI_ERROR_NOT_FOUND; ++i)
    {
        DXGI_ADAPTER_DESC1 desc;
        if (SUCCEEDED(adapter->GetDesc1(&desc)) && !(desc.Flags & DXGI_ADAPTER_FLAG_SOFTWARE)
                && SUCCEEDED(D3D12CreateDevice(adapter.Get(), D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), nullptr)))
            return adapter;
    }
    step("EnumWarpAdapter", factory->EnumWarpAdapter(IID_PPV_ARGS(adapter.ReleaseAndGetAddressOf())));
    return adapter;
}

// The heap's first CPU handle. DirectX-Headers' C++ methods that return a
// struct take a RetVal pointer under mingw-w64 (the MSVC ABI's hidden
// argument), and return it by value elsewhere.
D3D12_CPU_DESCRIPTOR_HANDLE cpu_start(ID3D12DescriptorHeap *heap)
{
#if defined(_WIN32) && !defined(_MSC_VER)
    D3D12_CPU_DESCRIPTOR_HANDLE handle;
    heap->GetCPUDescriptorHandleForHeapStart(&handle);
    return handle;
#else
    return heap->GetCPUDescriptorHandleForHeapStart();
#endif
}

ComPtr<ID3D12Resource> create_texture(ID3D12Device *device, const char *name, DXGI_FORMAT format, UINT samples,
        D3D12_RESOURCE_FLAGS flags, D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear)
{
    D3D12_HEAP_PROPERTIES heap = {};
    heap.Type = D3D12_HEAP_TYPE_DEFAULT;
    D3D12_RESOURCE_DESC desc = {};
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = kWidth;
    desc.Height = kHeight;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.Format = format;
    desc.SampleDesc.Count = samples;
    desc.Flags = flags;
    ComPtr<ID3D12Resource> resource;
    step(name, device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, state, clear,
            IID_PPV_ARGS(&resource)));
    return resource;
}

ComPtr<ID3D12PipelineState> graphics_pipeline(ID3D12Device *device, ID3D12RootSignature *root_signature,
        const std::vector<unsigned char> &vs, const std::vector<unsigned char> &ps, UINT samples)
{
    static const D3D12_INPUT_ELEMENT_DESC layout[] =
    {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 12, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
    };
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc = {};
    desc.pRootSignature = root_signature;
    desc.VS = {vs.data(), vs.size()};
    desc.PS = {ps.data(), ps.size()};
    desc.BlendState.RenderTarget[0].RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
    desc.SampleMask = UINT_MAX;
    desc.RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
    desc.RasterizerState.CullMode = D3D12_CULL_MODE_BACK;
    desc.RasterizerState.DepthClipEnable = TRUE;
    desc.DepthStencilState.DepthEnable = TRUE;
    desc.DepthStencilState.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    desc.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
    desc.InputLayout = {layout, 2};
    desc.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    desc.NumRenderTargets = 1;
    desc.RTVFormats[0] = kColorFormat;
    desc.DSVFormat = kDepthFormat;
    desc.SampleDesc.Count = samples;
    ComPtr<ID3D12PipelineState> pipeline;
    step("CreateGraphicsPipelineState", device->CreateGraphicsPipelineState(&desc, IID_PPV_ARGS(&pipeline)));
    return pipeline;
}

// A mesh-shader pipeline through ID3D12Device2::CreatePipelineState's stream.
ComPtr<ID3D12PipelineState> mesh_pipeline(ID3D12Device *device, ID3D12RootSignature *root_signature,
        const std::vector<unsigned char> &ms, const std::vector<unsigned char> &ps)
{
    struct alignas(void *) Stream
    {
        struct alignas(void *) { D3D12_PIPELINE_STATE_SUBOBJECT_TYPE type; ID3D12RootSignature *value; } root;
        struct alignas(void *) { D3D12_PIPELINE_STATE_SUBOBJECT_TYPE type; D3D12_SHADER_BYTECODE value; } ms, ps;
        struct alignas(void *) { D3D12_PIPELINE_STATE_SUBOBJECT_TYPE type; D3D12_RT_FORMAT_ARRAY value; } rtvs;
        struct alignas(void *) { D3D12_PIPELINE_STATE_SUBOBJECT_TYPE type; DXGI_FORMAT value; } dsv;
    } stream = {};
    stream.root = {D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_ROOT_SIGNATURE, root_signature};
    stream.ms = {D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_MS, {ms.data(), ms.size()}};
    stream.ps = {D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_PS, {ps.data(), ps.size()}};
    stream.rtvs.type = D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_RENDER_TARGET_FORMATS;
    stream.rtvs.value.NumRenderTargets = 1;
    stream.rtvs.value.RTFormats[0] = kColorFormat;
    stream.dsv = {D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL_FORMAT, kDepthFormat};
    D3D12_PIPELINE_STATE_STREAM_DESC desc = {sizeof(stream), &stream};

    ComPtr<ID3D12Device2> device2;
    step("QueryInterface(ID3D12Device2)", device->QueryInterface(IID_PPV_ARGS(&device2)));
    ComPtr<ID3D12PipelineState> pipeline;
    step("CreatePipelineState (mesh)", device2->CreatePipelineState(&desc, IID_PPV_ARGS(&pipeline)));
    return pipeline;
}

void start_up()
{
    ComPtr<ID3D12Debug> debug;
    if (SUCCEEDED(D3D12GetDebugInterface(IID_PPV_ARGS(&debug))))
        debug->EnableDebugLayer();

    ComPtr<IDXGIFactory6> factory;
    step("CreateDXGIFactory2", CreateDXGIFactory2(0, IID_PPV_ARGS(&factory)));
    ComPtr<IDXGIAdapter1> adapter = choose_adapter(factory.Get());
    DXGI_ADAPTER_DESC1 adapter_desc;
    step("GetDesc1", adapter->GetDesc1(&adapter_desc));
    std::string description;
    for (const WCHAR *c = adapter_desc.Description; *c; ++c)
        description += *c < 0x80 ? static_cast<char>(*c) : '?';

    ComPtr<ID3D12Device> device;
    step("D3D12CreateDevice", D3D12CreateDevice(adapter.Get(), D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&device)));
    (void)device->QueryInterface(IID_PPV_ARGS(&info_queue));
    Caps caps = ask(device.Get());

    // Queue, fence, allocators, a list.
    D3D12_COMMAND_QUEUE_DESC queue_desc = {};
    queue_desc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    ComPtr<ID3D12CommandQueue> queue;
    step("CreateCommandQueue", device->CreateCommandQueue(&queue_desc, IID_PPV_ARGS(&queue)));
    ComPtr<ID3D12Fence> fence;
    step("CreateFence", device->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&fence)));
    ComPtr<ID3D12CommandAllocator> allocators[kFrames];
    for (auto &allocator : allocators)
        step("CreateCommandAllocator", device->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT,
                IID_PPV_ARGS(&allocator)));
    ComPtr<ID3D12GraphicsCommandList> list;
    step("CreateCommandList", device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocators[0].Get(),
            nullptr, IID_PPV_ARGS(&list)));

    // Descriptor heaps.
    D3D12_DESCRIPTOR_HEAP_DESC rtv_heap_desc = {}, dsv_heap_desc = {}, srv_heap_desc = {};
    rtv_heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    rtv_heap_desc.NumDescriptors = kFrames;
    dsv_heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_DSV;
    dsv_heap_desc.NumDescriptors = 1;
    srv_heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
    srv_heap_desc.NumDescriptors = 64;
    srv_heap_desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
    ComPtr<ID3D12DescriptorHeap> rtv_heap, dsv_heap, srv_heap;
    step("CreateDescriptorHeap (RTV)", device->CreateDescriptorHeap(&rtv_heap_desc, IID_PPV_ARGS(&rtv_heap)));
    step("CreateDescriptorHeap (DSV)", device->CreateDescriptorHeap(&dsv_heap_desc, IID_PPV_ARGS(&dsv_heap)));
    step("CreateDescriptorHeap (CBV_SRV_UAV)", device->CreateDescriptorHeap(&srv_heap_desc, IID_PPV_ARGS(&srv_heap)));

    // A root signature: a root CBV, a table of one SRV and one UAV, a static sampler.
    const bool rs11 = caps.root_signature >= D3D_ROOT_SIGNATURE_VERSION_1_1 || !checked("CreateRootSignature");
    if (!rs11)
        adapt("CreateRootSignature", "ROOT_SIGNATURE.HighestVersion is 1.0: the 1.0 layout");
    D3D12_DESCRIPTOR_RANGE1 ranges1[2] = {
        {D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 0, 0, D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE, 0},
        {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 1, 0, 0, D3D12_DESCRIPTOR_RANGE_FLAG_NONE, 1},
    };
    D3D12_DESCRIPTOR_RANGE ranges[2] = {
        {D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 0, 0, 0},
        {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 1, 0, 0, 1},
    };
    D3D12_ROOT_PARAMETER1 params1[2] = {};
    params1[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
    params1[0].Descriptor = {0, 0, D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC};
    params1[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    params1[1].DescriptorTable = {2, ranges1};
    D3D12_ROOT_PARAMETER params[2] = {};
    params[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
    params[0].Descriptor = {0, 0};
    params[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    params[1].DescriptorTable = {2, ranges};
    D3D12_STATIC_SAMPLER_DESC sampler = {};
    sampler.Filter = D3D12_FILTER_MIN_MAG_MIP_LINEAR;
    sampler.AddressU = sampler.AddressV = sampler.AddressW = D3D12_TEXTURE_ADDRESS_MODE_WRAP;
    sampler.MaxLOD = D3D12_FLOAT32_MAX;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC rs_desc = {};
    if (rs11)
    {
        rs_desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
        rs_desc.Desc_1_1 = {2, params1, 1, &sampler, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT};
    }
    else
    {
        rs_desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_0;
        rs_desc.Desc_1_0 = {2, params, 1, &sampler, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT};
    }
    ComPtr<ID3DBlob> blob, errors;
    step("D3D12SerializeVersionedRootSignature", D3D12SerializeVersionedRootSignature(&rs_desc, &blob, &errors));
    ComPtr<ID3D12RootSignature> root_signature;
    step("CreateRootSignature", device->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(),
            IID_PPV_ARGS(&root_signature)));

    // An upload buffer with the vertices, written through Map.
    static const float vertices[] = {
        0.0f, 0.5f, 0.5f, 1.0f, 0.0f, 0.0f, 1.0f,
        0.5f, -0.5f, 0.5f, 0.0f, 1.0f, 0.0f, 1.0f,
        -0.5f, -0.5f, 0.5f, 0.0f, 0.0f, 1.0f, 1.0f,
    };
    D3D12_HEAP_PROPERTIES upload_heap = {};
    upload_heap.Type = D3D12_HEAP_TYPE_UPLOAD;
    D3D12_RESOURCE_DESC buffer_desc = {};
    buffer_desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    buffer_desc.Width = 64 * 1024;
    buffer_desc.Height = 1;
    buffer_desc.DepthOrArraySize = 1;
    buffer_desc.MipLevels = 1;
    buffer_desc.SampleDesc.Count = 1;
    buffer_desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    ComPtr<ID3D12Resource> upload;
    step("CreateCommittedResource (upload buffer)", device->CreateCommittedResource(&upload_heap,
            D3D12_HEAP_FLAG_NONE, &buffer_desc, D3D12_RESOURCE_STATE_GENERIC_READ, nullptr, IID_PPV_ARGS(&upload)));
    void *mapped = nullptr;
    D3D12_RANGE nothing_read = {0, 0};
    step("Map", upload->Map(0, &nothing_read, &mapped));
    std::memcpy(mapped, vertices, sizeof(vertices));
    upload->Unmap(0, nullptr);
    D3D12_VERTEX_BUFFER_VIEW vbv = {upload->GetGPUVirtualAddress(), sizeof(vertices), 7 * sizeof(float)};
    if (!vbv.BufferLocation)
        step("GetGPUVirtualAddress", E_FAIL);

    // Render targets (4x MSAA where the format has it), a depth buffer, their views.
    UINT samples = 4;
    if (!caps.msaa4_levels && checked("CreateCommittedResource (render target)"))
    {
        adapt("CreateCommittedResource (render target)", "MULTISAMPLE_QUALITY_LEVELS.NumQualityLevels is 0 at 4 samples: 1 sample");
        samples = 1;
    }
    const UINT rtv_size = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    D3D12_CPU_DESCRIPTOR_HANDLE rtv = cpu_start(rtv_heap.Get());
    D3D12_CLEAR_VALUE color_clear = {kColorFormat, {{0.0f, 0.0f, 0.0f, 1.0f}}};
    ComPtr<ID3D12Resource> targets[kFrames];
    for (UINT i = 0; i < kFrames; ++i)
    {
        targets[i] = create_texture(device.Get(), "CreateCommittedResource (render target)", kColorFormat, samples,
                D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, D3D12_RESOURCE_STATE_RENDER_TARGET, &color_clear);
        D3D12_CPU_DESCRIPTOR_HANDLE handle = {rtv.ptr + i * rtv_size};
        device->CreateRenderTargetView(targets[i].Get(), nullptr, handle);
    }
    D3D12_CLEAR_VALUE depth_clear = {};
    depth_clear.Format = kDepthFormat;
    depth_clear.DepthStencil.Depth = 1.0f;
    ComPtr<ID3D12Resource> depth = create_texture(device.Get(), "CreateCommittedResource (depth buffer)",
            kDepthFormat, samples, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, D3D12_RESOURCE_STATE_DEPTH_WRITE,
            &depth_clear);
    D3D12_CPU_DESCRIPTOR_HANDLE dsv = cpu_start(dsv_heap.Get());
    device->CreateDepthStencilView(depth.Get(), nullptr, dsv);

    // Pipelines from the shipped shaders: 6.0 where the adapter has it, else 5.1.
    const bool sm6 = caps.shader_model >= D3D_SHADER_MODEL_6_0 || !checked("CreateGraphicsPipelineState");
    if (!sm6)
        adapt("CreateGraphicsPipelineState", std::string("SHADER_MODEL.HighestShaderModel is ")
                + shader_model_name(caps.shader_model) + ": the Shader Model 5.1 shaders");
    ComPtr<ID3D12PipelineState> graphics = graphics_pipeline(device.Get(), root_signature.Get(),
            load_shader(sm6 ? "vs_6_0.cso" : "vs_5_1.cso"), load_shader(sm6 ? "ps_6_0.cso" : "ps_5_1.cso"), samples);

    // The compute pass loads a typed UAV of R16G16B16A16_FLOAT where it can.
    const bool typed = caps.typed_uav_loads || !checked("CreateComputePipelineState");
    const bool cs6 = caps.shader_model >= D3D_SHADER_MODEL_6_0 || skip_checks;
    if (!typed)
        adapt("CreateComputePipelineState", "D3D12_OPTIONS.TypedUAVLoadAdditionalFormats is FALSE: "
                "the compute shader without typed UAV loads");
    std::vector<unsigned char> cs = load_shader(cs6 ? (typed ? "cs_6_0_typed_uav_load.cso" : "cs_6_0.cso")
            : (typed ? "cs_5_1_typed_uav_load.cso" : "cs_5_1.cso"));
    D3D12_COMPUTE_PIPELINE_STATE_DESC compute_desc = {};
    compute_desc.pRootSignature = root_signature.Get();
    compute_desc.CS = {cs.data(), cs.size()};
    ComPtr<ID3D12PipelineState> compute;
    step("CreateComputePipelineState", device->CreateComputePipelineState(&compute_desc, IID_PPV_ARGS(&compute)));

    // Mesh shaders (Shader Model 6.5) where the adapter has them.
    ComPtr<ID3D12PipelineState> mesh;
    if (!checked("CreatePipelineState (mesh)"))
        mesh = mesh_pipeline(device.Get(), root_signature.Get(), load_shader("ms_6_5.cso"), load_shader("ps_6_0.cso"));
    else if (caps.shader_model < D3D_SHADER_MODEL_6_5)
        adapt("CreatePipelineState (mesh)", std::string("SHADER_MODEL.HighestShaderModel is ")
                + shader_model_name(caps.shader_model) + ": no mesh pipeline");
    else if (caps.mesh < D3D12_MESH_SHADER_TIER_1)
        adapt("CreatePipelineState (mesh)", "D3D12_OPTIONS7.MeshShaderTier is NOT_SUPPORTED: no mesh pipeline");
    else
        mesh = mesh_pipeline(device.Get(), root_signature.Get(), load_shader("ms_6_5.cso"), load_shader("ps_6_0.cso"));

    // One frame: clear, draw, dispatch; submit and wait.
    const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    list->ClearRenderTargetView(rtv, black, 0, nullptr);
    list->ClearDepthStencilView(dsv, D3D12_CLEAR_FLAG_DEPTH, 1.0f, 0, 0, nullptr);
    list->OMSetRenderTargets(1, &rtv, FALSE, &dsv);
    ID3D12DescriptorHeap *heaps[] = {srv_heap.Get()};
    list->SetDescriptorHeaps(1, heaps);
    list->SetGraphicsRootSignature(root_signature.Get());
    list->SetPipelineState(graphics.Get());
    D3D12_VIEWPORT viewport = {0.0f, 0.0f, static_cast<float>(kWidth), static_cast<float>(kHeight), 0.0f, 1.0f};
    D3D12_RECT scissor = {0, 0, static_cast<LONG>(kWidth), static_cast<LONG>(kHeight)};
    list->RSSetViewports(1, &viewport);
    list->RSSetScissorRects(1, &scissor);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    list->IASetVertexBuffers(0, 1, &vbv);
    list->DrawInstanced(3, 1, 0, 0);
    list->SetComputeRootSignature(root_signature.Get());
    list->SetPipelineState(compute.Get());
    list->Dispatch(kWidth / 8, kHeight / 8, 1);
    step("Close", list->Close());
    ID3D12CommandList *lists[] = {list.Get()};
    queue->ExecuteCommandLists(1, lists);
    step("Signal", queue->Signal(fence.Get(), 1));
    step("SetEventOnCompletion", fence->SetEventOnCompletion(1, nullptr));
    if (fence->GetCompletedValue() != 1)
        step("GetCompletedValue", E_FAIL);
    std::printf("engine start-up complete on %s\n", description.c_str());
}

} // namespace

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i)
    {
        if (!std::strcmp(argv[i], "--skip-checks"))
            skip_checks = true;
        else if (!std::strncmp(argv[i], "--skip-check=", 13))
            skip_check = argv[i] + 13;
        else if (argv[i][0] != '-' && shader_dir.empty())
            shader_dir = argv[i];
        else
        {
            std::fprintf(stderr, "usage: engine_startup [--skip-checks | --skip-check=STEP] SHADER_DIR\n");
            return 2;
        }
    }
    if (shader_dir.empty())
    {
        std::fprintf(stderr, "usage: engine_startup [--skip-checks | --skip-check=STEP] SHADER_DIR\n");
        return 2;
    }
    try
    {
        start_up();
    }
    catch (const Refused &)
    {
        return 1;
    }
    return 0;
}
