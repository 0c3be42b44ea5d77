// A C++ client of the null device (docs/objects.md): the start-up an engine
// runs after its capability queries — queue, fence, allocators, a list,
// descriptor heaps, record, close, execute, wait — written as C++ engines
// write it, with a WRL-style ComPtr (Microsoft::WRL::ComPtr is Windows-only;
// this one has its shape: Get, GetAddressOf, ReleaseAndGetAddressOf, As,
// IID_PPV_ARGS-style creation). On every built-in adapter it must run to the
// end; a mesh-shader dispatch is accepted where the adapter has mesh shaders
// and refused (Close: E_FAIL) where it has not, as its caps say.
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include <mockd3d12/mockd3d12.h>

namespace {

template <typename T>
class ComPtr
{
public:
    ComPtr() = default;
    ComPtr(const ComPtr &other) : ptr_(other.ptr_) { if (ptr_) ptr_->AddRef(); }
    ComPtr(ComPtr &&other) noexcept : ptr_(std::exchange(other.ptr_, nullptr)) {}
    ~ComPtr() { Reset(); }
    ComPtr &operator=(ComPtr other) { std::swap(ptr_, other.ptr_); return *this; }

    T *Get() const { return ptr_; }
    T *operator->() const { return ptr_; }
    explicit operator bool() const { return ptr_ != nullptr; }
    T **GetAddressOf() { return &ptr_; }
    T **ReleaseAndGetAddressOf() { Reset(); return &ptr_; }
    void Reset() { if (ptr_) std::exchange(ptr_, nullptr)->Release(); }
    template <typename U> HRESULT As(ComPtr<U> *out) const
    {
        return ptr_->QueryInterface(__uuidof(U), reinterpret_cast<void **>(out->ReleaseAndGetAddressOf()));
    }

private:
    T *ptr_ = nullptr;
};

int failures;

void check(bool ok, const std::string &adapter, const char *what, HRESULT hr)
{
    if (!ok)
    {
        std::fprintf(stderr, "test_null_device: %s: %s (hr %#x)\n", adapter.c_str(), what, static_cast<unsigned>(hr));
        ++failures;
    }
}

#define TRY(adapter, call) do { HRESULT hr_ = (call); check(SUCCEEDED(hr_), adapter, #call, hr_); } while (0)

// The engine's start-up on `id`; true when it ran to the end.
void start_up(const std::string &id)
{
    ComPtr<IUnknown> adapter;
    TRY(id, mockd3d12_get_adapter(id.c_str(), adapter.GetAddressOf()));
    if (!adapter)
        return;
    ComPtr<ID3D12Device> device;
    HRESULT hr = D3D12CreateDevice(adapter.Get(), D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device),
            reinterpret_cast<void **>(device.GetAddressOf()));
    check(SUCCEEDED(hr), id, "D3D12CreateDevice", hr);
    if (!device)
        return;

    D3D12_FEATURE_DATA_D3D12_OPTIONS7 options7 = {};
    const bool has_mesh = SUCCEEDED(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS7, &options7,
            sizeof(options7))) && options7.MeshShaderTier >= D3D12_MESH_SHADER_TIER_1;

    D3D12_COMMAND_QUEUE_DESC queue_desc = {};
    queue_desc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    ComPtr<ID3D12CommandQueue> queue;
    TRY(id, device->CreateCommandQueue(&queue_desc, __uuidof(ID3D12CommandQueue),
            reinterpret_cast<void **>(queue.GetAddressOf())));
    ComPtr<ID3D12Fence> fence;
    TRY(id, device->CreateFence(0, D3D12_FENCE_FLAG_NONE, __uuidof(ID3D12Fence),
            reinterpret_cast<void **>(fence.GetAddressOf())));

    // Two frames in flight: an allocator each.
    ComPtr<ID3D12CommandAllocator> allocators[2];
    for (auto &allocator : allocators)
        TRY(id, device->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT, __uuidof(ID3D12CommandAllocator),
                reinterpret_cast<void **>(allocator.GetAddressOf())));
    ComPtr<ID3D12GraphicsCommandList> list;
    TRY(id, device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocators[0].Get(), nullptr,
            __uuidof(ID3D12GraphicsCommandList), reinterpret_cast<void **>(list.GetAddressOf())));
    TRY(id, list->Close());

    D3D12_DESCRIPTOR_HEAP_DESC rtv_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 2, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    D3D12_DESCRIPTOR_HEAP_DESC srv_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 1024,
            D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    ComPtr<ID3D12DescriptorHeap> rtv_heap, srv_heap;
    TRY(id, device->CreateDescriptorHeap(&rtv_desc, __uuidof(ID3D12DescriptorHeap),
            reinterpret_cast<void **>(rtv_heap.GetAddressOf())));
    TRY(id, device->CreateDescriptorHeap(&srv_desc, __uuidof(ID3D12DescriptorHeap),
            reinterpret_cast<void **>(srv_heap.GetAddressOf())));
    if (!queue || !fence || !allocators[0] || !allocators[1] || !list || !rtv_heap || !srv_heap)
        return;

    UINT64 fence_value = 0;
    for (unsigned frame = 0; frame < 4; ++frame)
    {
        ComPtr<ID3D12CommandAllocator> &allocator = allocators[frame % 2];
        // Wait for the frame that last used this allocator, then reuse it.
        if (fence->GetCompletedValue() + 1 < fence_value)
            TRY(id, fence->SetEventOnCompletion(fence_value - 1, nullptr));
        TRY(id, allocator->Reset());
        TRY(id, list->Reset(allocator.Get(), nullptr));
        ID3D12DescriptorHeap *heaps[] = {srv_heap.Get()};
        list->SetDescriptorHeaps(1, heaps);
        D3D12_VIEWPORT viewport = {0.0f, 0.0f, 1280.0f, 720.0f, 0.0f, 1.0f};
        list->RSSetViewports(1, &viewport);
        list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        list->DrawInstanced(3, 1, 0, 0);
        TRY(id, list->Close());
        ID3D12CommandList *lists[] = {list.Get()};
        queue->ExecuteCommandLists(1, lists);
        TRY(id, queue->Signal(fence.Get(), ++fence_value));
    }
    TRY(id, fence->SetEventOnCompletion(fence_value, nullptr));
    check(fence->GetCompletedValue() == fence_value, id, "the last frame completed", S_OK);

    // A mesh-shader pass: where the caps say so, and only there.
    ComPtr<ID3D12GraphicsCommandList6> list6;
    TRY(id, list.As(&list6));
    if (!list6)
        return;
    TRY(id, allocators[0]->Reset());
    TRY(id, list6->Reset(allocators[0].Get(), nullptr));
    list6->DispatchMesh(1, 1, 1);
    hr = list6->Close();
    check(has_mesh ? hr == S_OK : hr == E_FAIL, id, has_mesh ? "DispatchMesh with mesh shaders"
            : "DispatchMesh without mesh shaders must fail Close", hr);
}

} // namespace

int main()
{
    std::vector<std::string> ids;
    for (UINT i = 0; i < mockd3d12_adapter_count(); ++i)
        ids.emplace_back(mockd3d12_adapter_id(i));
    for (const std::string &id : ids)
        start_up(id);
    if (failures)
        return 1;
    std::printf("test_null_device: the start-up ran on %zu adapters\n", ids.size());
    return 0;
}
