/*
 * A DXCore client written against DirectX-Headers' C++ dxcore.h, run against
 * the C library: the check that <mockd3d12/dxcore.h>'s C layout (the
 * library's vtables) matches the C++ interfaces slot by slot. Every method of
 * IDXCoreAdapterFactory, IDXCoreAdapterList and IDXCoreAdapter is called
 * through the C++ interface and answers what only that method answers, so a
 * slot out of order calls another method and fails. Then it does what the
 * issue asks of a client: enumerate the configured machine and create a
 * D3D12 device on each adapter it lists (MOCKD3D12_ADAPTERS, tests/dxcore.cmake).
 */
#include <mockd3d12/dxcore.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

static int failures;

#define CHECK(cond) \
    do \
    { \
        if (!(cond)) \
        { \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            ++failures; \
        } \
    } while (0)

static void STDMETHODCALLTYPE on_notification(DXCoreNotificationType, IUnknown *, void *)
{
}

int main()
{
    IDXCoreAdapterFactory *factory = nullptr;
    IDXCoreAdapterList *list = nullptr;
    const GUID graphics = DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS;

    CHECK(DXCoreCreateAdapterFactory(&factory) == S_OK && factory);
    if (!factory)
        return 1;
    /* IDXCoreAdapterFactory, slot by slot. */
    CHECK(factory->CreateAdapterList(0, &graphics, &list) == E_INVALIDARG);
    CHECK(factory->CreateAdapterList(1, &graphics, &list) == S_OK && list);
    if (!list)
        return 1;
    CHECK(factory->IsNotificationTypeSupported(DXCoreNotificationType::AdapterListStale));
    CHECK(!factory->IsNotificationTypeSupported(static_cast<DXCoreNotificationType>(4)));
    uint32_t cookie = 0;
    CHECK(factory->RegisterEventNotification(list, DXCoreNotificationType::AdapterListStale, on_notification, nullptr,
            &cookie) == S_OK && cookie);
    CHECK(factory->UnregisterEventNotification(cookie) == S_OK);
    CHECK(factory->UnregisterEventNotification(cookie) == E_INVALIDARG);

    /* IDXCoreAdapterList. */
    const uint32_t count = list->GetAdapterCount();
    CHECK(count == 3); /* Iris Xe, RTX 4090, WARP (tests/dxcore.cmake) */
    CHECK(!list->IsStale());
    IDXCoreAdapterFactory *same = nullptr;
    CHECK(list->GetFactory(&same) == S_OK && same == factory);
    if (same)
        same->Release();
    const DXCoreAdapterPreference high = DXCoreAdapterPreference::HighPerformance;
    CHECK(list->IsAdapterPreferenceSupported(high));
    CHECK(!list->IsAdapterPreferenceSupported(static_cast<DXCoreAdapterPreference>(3)));
    CHECK(list->Sort(1, &high) == S_OK);

    for (uint32_t i = 0; i < count; ++i)
    {
        IDXCoreAdapter *adapter = nullptr;

        CHECK(list->GetAdapter(i, &adapter) == S_OK && adapter);
        if (!adapter)
            continue;
        /* IDXCoreAdapter, slot by slot. */
        CHECK(adapter->IsValid());
        CHECK(adapter->IsAttributeSupported(DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE));
        CHECK(!adapter->IsAttributeSupported(IID_IDXCoreAdapter));
        CHECK(adapter->IsPropertySupported(DXCoreAdapterProperty::InstanceLuid));
        CHECK(!adapter->IsPropertySupported(static_cast<DXCoreAdapterProperty>(99)));
        LUID luid = {};
        CHECK(adapter->GetProperty(DXCoreAdapterProperty::InstanceLuid, &luid) == S_OK);
        size_t size = 0;
        CHECK(adapter->GetPropertySize(DXCoreAdapterProperty::DriverDescription, &size) == S_OK && size > 1);
        char description[256] = {};
        CHECK(size <= sizeof(description)
                && adapter->GetProperty(DXCoreAdapterProperty::DriverDescription, size, description) == S_OK);
        bool hardware = false;
        CHECK(adapter->GetProperty(DXCoreAdapterProperty::IsHardware, &hardware) == S_OK);
        CHECK(adapter->IsQueryStateSupported(DXCoreAdapterState::AdapterMemoryBudget));
        DXCoreAdapterMemoryBudgetNodeSegmentGroup which = {0, DXCoreSegmentGroup::Local};
        DXCoreAdapterMemoryBudget budget = {};
        CHECK(adapter->QueryState(DXCoreAdapterState::AdapterMemoryBudget, &which, &budget) == S_OK
                && budget.budget > 0);
        CHECK(!adapter->IsSetStateSupported(DXCoreAdapterState::AdapterMemoryBudget));
        CHECK(adapter->SetState(DXCoreAdapterState::AdapterMemoryBudget, &which, &budget) == DXGI_ERROR_UNSUPPORTED);
        CHECK(adapter->GetFactory(&same) == S_OK && same == factory);
        if (same)
            same->Release();
        /* High performance first: the discrete RTX 4090, WARP last. */
        if (i == 0)
            CHECK(!std::strcmp(description, "NVIDIA GeForce RTX 4090"));
        if (i == count - 1)
            CHECK(!hardware);

        /* The client's job: a device on every adapter it lists. */
        ID3D12Device *device = nullptr;
        CHECK(D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&device)) == S_OK && device);
        if (device)
        {
            const LUID device_luid = device->GetAdapterLuid();
            CHECK(device_luid.LowPart == luid.LowPart && device_luid.HighPart == luid.HighPart);
            std::printf("adapter %u: %s%s, device created\n", i, description, hardware ? "" : " [software]");
            device->Release();
        }
        IDXCoreAdapter *by_luid = nullptr;
        CHECK(factory->GetAdapterByLuid(luid, &by_luid) == S_OK && by_luid == adapter);
        if (by_luid)
            by_luid->Release();
        adapter->Release();
    }
    list->Release();
    factory->Release();
    if (failures)
        std::fprintf(stderr, "%d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
