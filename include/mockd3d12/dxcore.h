/*
 * mockd3d12's DXCore: the one include a DXCore client needs (link with
 * `pkg-config mockd3d12-dxcore` or the CMake target mockd3d12::dxcore).
 *
 * C++: this is DirectX-Headers' <directx/dxcore.h> (IDXCoreAdapterFactory,
 * DXCoreAdapterProperty::InstanceLuid, ...), plus the __uuidof/IID_PPV_ARGS
 * helpers of <dxguids/dxguids.h> on Linux, plus the control API.
 *
 * C: DirectX-Headers declares DXCore for C++ only, so the C layout is
 * declared here, from the same declaration order (tests/dxcore/cxx_client.cpp
 * calls every method through DirectX-Headers' C++ interfaces on the objects
 * this library returns). Interfaces are `lpVtbl` structs with COBJMACROS-style
 * helpers (IDXCoreAdapter_GetProperty(adapter, ...)); the C++ `enum class`
 * values are spelled Type_Value (DXCoreAdapterProperty_InstanceLuid); a
 * `const LUID &` is a `const LUID *`; `bool` is C's `bool` (one byte, as the
 * C++ header asserts). Every block is guarded the way MIDL guards its output,
 * so a DirectX-Headers that one day declares these for C wins and this one
 * steps aside. The declarations are those of DirectX-Headers' newest
 * dxcore_interface.h (IDXCoreAdapter1, IDXCoreAdapterFactory1, properties up
 * to AdapterEngineName, states up to AdapterMemoryFrequencyHertz). See
 * docs/dxcore.md.
 */
#ifndef MOCKD3D12_DXCORE_H
#define MOCKD3D12_DXCORE_H

#ifdef __cplusplus
/* DirectX-Headers' dxguids.h gives DXCore's IIDs only if dxcore_interface.h
 * came first; when <mockd3d12/d3d12.h> (which includes dxguids.h) came
 * before this header, they are given below instead. */
#if !defined(_WIN32) && defined(MOCKD3D12_D3D12_H) && !defined(__dxcore_interface_h__)
#define MOCKD3D12_DXCORE_CXX_IIDS 1
#endif
#ifndef _WIN32
#include <wsl/winadapter.h>
#else
#include <windows.h>
#endif
#include <directx/dxcore.h>
#endif

#include <mockd3d12/mockd3d12.h>

#if defined(MOCKD3D12_DXCORE_BUILDING) && defined(_WIN32)
#define MOCKD3D12_DXCORE_API __declspec(dllexport)
#elif defined(MOCKD3D12_DXCORE_BUILDING)
#define MOCKD3D12_DXCORE_API __attribute__((visibility("default")))
#elif defined(_WIN32) && !defined(MOCKD3D12_STATIC)
#define MOCKD3D12_DXCORE_API __declspec(dllimport)
#else
#define MOCKD3D12_DXCORE_API
#endif

#ifdef __cplusplus

#ifdef MOCKD3D12_DXCORE_CXX_IIDS
WINADAPTER_IID(IDXCoreAdapterFactory, 0x78ee5945, 0xc36e, 0x4b13, 0xa6, 0x69, 0x00, 0x5d, 0xd1, 0x1c, 0x0f, 0x06);
WINADAPTER_IID(IDXCoreAdapterList, 0x526c7776, 0x40e9, 0x459b, 0xb7, 0x11, 0xf3, 0x2a, 0xd7, 0x6d, 0xfc, 0x28);
WINADAPTER_IID(IDXCoreAdapter, 0xf0db4c7f, 0xfe5a, 0x42a2, 0xbd, 0x62, 0xf2, 0xa6, 0xcf, 0x6f, 0xc8, 0x3e);
#endif

#else /* C */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef MOCKD3D12_DXCORE_C_TYPES
#define MOCKD3D12_DXCORE_C_TYPES 1

#ifndef _FACDXCORE
#define _FACDXCORE 0x880
#define MAKE_DXCORE_HRESULT(code) MAKE_HRESULT(1, _FACDXCORE, code)
#endif

typedef enum DXCoreAdapterProperty
{
    DXCoreAdapterProperty_InstanceLuid = 0,
    DXCoreAdapterProperty_DriverVersion = 1,
    DXCoreAdapterProperty_DriverDescription = 2,
    DXCoreAdapterProperty_HardwareID = 3,
    DXCoreAdapterProperty_KmdModelVersion = 4,
    DXCoreAdapterProperty_ComputePreemptionGranularity = 5,
    DXCoreAdapterProperty_GraphicsPreemptionGranularity = 6,
    DXCoreAdapterProperty_DedicatedAdapterMemory = 7,
    DXCoreAdapterProperty_DedicatedSystemMemory = 8,
    DXCoreAdapterProperty_SharedSystemMemory = 9,
    DXCoreAdapterProperty_AcgCompatible = 10,
    DXCoreAdapterProperty_IsHardware = 11,
    DXCoreAdapterProperty_IsIntegrated = 12,
    DXCoreAdapterProperty_IsDetachable = 13,
    DXCoreAdapterProperty_HardwareIDParts = 14,
    DXCoreAdapterProperty_PhysicalAdapterCount = 15,
    DXCoreAdapterProperty_AdapterEngineCount = 16,
    DXCoreAdapterProperty_AdapterEngineName = 17,
} DXCoreAdapterProperty;

typedef enum DXCoreAdapterState
{
    DXCoreAdapterState_IsDriverUpdateInProgress = 0,
    DXCoreAdapterState_AdapterMemoryBudget = 1,
    DXCoreAdapterState_AdapterMemoryUsageBytes = 2,
    DXCoreAdapterState_AdapterMemoryUsageByProcessBytes = 3,
    DXCoreAdapterState_AdapterEngineRunningTimeMicroseconds = 4,
    DXCoreAdapterState_AdapterEngineRunningTimeByProcessMicroseconds = 5,
    DXCoreAdapterState_AdapterTemperatureCelsius = 6,
    DXCoreAdapterState_AdapterInUseProcessCount = 7,
    DXCoreAdapterState_AdapterInUseProcessSet = 8,
    DXCoreAdapterState_AdapterEngineFrequencyHertz = 9,
    DXCoreAdapterState_AdapterMemoryFrequencyHertz = 10,
} DXCoreAdapterState;

typedef enum DXCoreSegmentGroup
{
    DXCoreSegmentGroup_Local = 0,
    DXCoreSegmentGroup_NonLocal = 1,
} DXCoreSegmentGroup;

typedef enum DXCoreNotificationType
{
    DXCoreNotificationType_AdapterListStale = 0,
    DXCoreNotificationType_AdapterNoLongerValid = 1,
    DXCoreNotificationType_AdapterBudgetChange = 2,
    DXCoreNotificationType_AdapterHardwareContentProtectionTeardown = 3,
} DXCoreNotificationType;

typedef enum DXCoreAdapterPreference
{
    DXCoreAdapterPreference_Hardware = 0,
    DXCoreAdapterPreference_MinimumPower = 1,
    DXCoreAdapterPreference_HighPerformance = 2,
} DXCoreAdapterPreference;

typedef enum DXCoreWorkload
{
    DXCoreWorkload_Graphics = 0,
    DXCoreWorkload_Compute = 1,
    DXCoreWorkload_Media = 2,
    DXCoreWorkload_MachineLearning = 3,
} DXCoreWorkload;

/* Flags (C++: enum classes with DEFINE_ENUM_FLAG_OPERATORS). */
typedef enum DXCoreRuntimeFilterFlags
{
    DXCoreRuntimeFilterFlags_None = 0x0,
    DXCoreRuntimeFilterFlags_D3D11 = 0x1,
    DXCoreRuntimeFilterFlags_D3D12 = 0x2,
} DXCoreRuntimeFilterFlags;

typedef enum DXCoreHardwareTypeFilterFlags
{
    DXCoreHardwareTypeFilterFlags_None = 0x0,
    DXCoreHardwareTypeFilterFlags_GPU = 0x1,
    DXCoreHardwareTypeFilterFlags_ComputeAccelerator = 0x2,
    DXCoreHardwareTypeFilterFlags_NPU = 0x4,
    DXCoreHardwareTypeFilterFlags_MediaAccelerator = 0x8,
} DXCoreHardwareTypeFilterFlags;

typedef struct DXCoreHardwareID
{
    uint32_t vendorID;
    uint32_t deviceID;
    uint32_t subSysID;
    uint32_t revision;
} DXCoreHardwareID;

typedef struct DXCoreHardwareIDParts
{
    uint32_t vendorID;
    uint32_t deviceID;
    uint32_t subSystemID;
    uint32_t subVendorID;
    uint32_t revisionID;
} DXCoreHardwareIDParts;

typedef struct DXCoreAdapterMemoryBudgetNodeSegmentGroup
{
    uint32_t nodeIndex;
    DXCoreSegmentGroup segmentGroup;
} DXCoreAdapterMemoryBudgetNodeSegmentGroup;

typedef struct DXCoreAdapterMemoryBudget
{
    uint64_t budget;
    uint64_t currentUsage;
    uint64_t availableForReservation;
    uint64_t currentReservation;
} DXCoreAdapterMemoryBudget;

typedef struct DXCoreAdapterEngineIndex
{
    uint32_t physicalAdapterIndex;
    uint32_t engineIndex;
} DXCoreAdapterEngineIndex;

typedef struct DXCoreEngineQueryInput
{
    DXCoreAdapterEngineIndex adapterEngineIndex;
    uint32_t processId;
} DXCoreEngineQueryInput;

typedef struct DXCoreEngineQueryOutput
{
    uint64_t runningTime;
    bool processQuerySucceeded;
} DXCoreEngineQueryOutput;

typedef enum DXCoreMemoryType
{
    DXCoreMemoryType_Dedicated = 0,
    DXCoreMemoryType_Shared = 1,
} DXCoreMemoryType;

typedef struct DXCoreMemoryUsage
{
    uint64_t committed;
    uint64_t resident;
} DXCoreMemoryUsage;

typedef struct DXCoreMemoryQueryInput
{
    uint32_t physicalAdapterIndex;
    DXCoreMemoryType memoryType;
} DXCoreMemoryQueryInput;

typedef struct DXCoreProcessMemoryQueryInput
{
    uint32_t physicalAdapterIndex;
    DXCoreMemoryType memoryType;
    uint32_t processId;
} DXCoreProcessMemoryQueryInput;

typedef struct DXCoreProcessMemoryQueryOutput
{
    DXCoreMemoryUsage memoryUsage;
    bool processQuerySucceeded;
} DXCoreProcessMemoryQueryOutput;

typedef struct DXCoreAdapterProcessSetQueryInput
{
    uint32_t arraySize;
    uint32_t *processIds;
} DXCoreAdapterProcessSetQueryInput;

typedef struct DXCoreAdapterProcessSetQueryOutput
{
    uint32_t processesWritten;
    uint32_t processesTotal;
} DXCoreAdapterProcessSetQueryOutput;

typedef struct DXCoreEngineNamePropertyInput
{
    DXCoreAdapterEngineIndex adapterEngineIndex;
    uint32_t engineNameLength;
    wchar_t *engineName;
} DXCoreEngineNamePropertyInput;

typedef struct DXCoreEngineNamePropertyOutput
{
    uint32_t engineNameLength;
} DXCoreEngineNamePropertyOutput;

typedef struct DXCoreFrequencyQueryOutput
{
    uint64_t frequency;
    uint64_t maxFrequency;
    uint64_t maxOverclockedFrequency;
} DXCoreFrequencyQueryOutput;

typedef void (STDMETHODCALLTYPE *PFN_DXCORE_NOTIFICATION_CALLBACK)(DXCoreNotificationType notificationType,
        IUnknown *object, void *context);

/* Storage: libdxcore (weak, exported, as libdxgi's IIDs; docs/dxcore.md). */
DEFINE_GUID(IID_IDXCoreAdapterFactory, 0x78ee5945, 0xc36e, 0x4b13, 0xa6, 0x69, 0x00, 0x5d, 0xd1, 0x1c, 0x0f, 0x06);
DEFINE_GUID(IID_IDXCoreAdapterFactory1, 0xd5682e19, 0x6d21, 0x401c, 0x82, 0x7a, 0x9a, 0x51, 0xa4, 0xea, 0x35, 0xd7);
DEFINE_GUID(IID_IDXCoreAdapterList, 0x526c7776, 0x40e9, 0x459b, 0xb7, 0x11, 0xf3, 0x2a, 0xd7, 0x6d, 0xfc, 0x28);
DEFINE_GUID(IID_IDXCoreAdapter, 0xf0db4c7f, 0xfe5a, 0x42a2, 0xbd, 0x62, 0xf2, 0xa6, 0xcf, 0x6f, 0xc8, 0x3e);
DEFINE_GUID(IID_IDXCoreAdapter1, 0xa0783366, 0xcfa3, 0x43be, 0x9d, 0x79, 0x55, 0xb2, 0xda, 0x97, 0xc6, 0x3c);
DEFINE_GUID(DXCORE_ADAPTER_ATTRIBUTE_D3D11_GRAPHICS, 0x8c47866b, 0x7583, 0x450d, 0xf0, 0xf0, 0x6b, 0xad, 0xa8, 0x95, 0xaf, 0x4b);
DEFINE_GUID(DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS, 0x0c9ece4d, 0x2f6e, 0x4f01, 0x8c, 0x96, 0xe8, 0x9e, 0x33, 0x1b, 0x47, 0xb1);
DEFINE_GUID(DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE, 0x248e2800, 0xa793, 0x4724, 0xab, 0xaa, 0x23, 0xa6, 0xde, 0x1b, 0xe0, 0x90);
DEFINE_GUID(DXCORE_ADAPTER_ATTRIBUTE_D3D12_GENERIC_ML, 0xb71b0d41, 0x1088, 0x422f, 0xa2, 0x7c, 0x02, 0x50, 0xb7, 0xd3, 0xa9, 0x88);
DEFINE_GUID(DXCORE_ADAPTER_ATTRIBUTE_D3D12_GENERIC_MEDIA, 0x8eb2c848, 0x82f6, 0x4b49, 0xaa, 0x87, 0xae, 0xcf, 0xcf, 0x01, 0x74, 0xc6);
DEFINE_GUID(DXCORE_HARDWARE_TYPE_ATTRIBUTE_GPU, 0xb69eb219, 0x3ded, 0x4464, 0x97, 0x9f, 0xa0, 0x0b, 0xd4, 0x68, 0x70, 0x06);
DEFINE_GUID(DXCORE_HARDWARE_TYPE_ATTRIBUTE_COMPUTE_ACCELERATOR, 0xe0b195da, 0x58ef, 0x4a22, 0x90, 0xf1, 0x1f, 0x28, 0x16, 0x9c, 0xab, 0x8d);
DEFINE_GUID(DXCORE_HARDWARE_TYPE_ATTRIBUTE_NPU, 0xd46140c4, 0xadd7, 0x451b, 0x9e, 0x56, 0x06, 0xfe, 0x8c, 0x3b, 0x58, 0xed);
DEFINE_GUID(DXCORE_HARDWARE_TYPE_ATTRIBUTE_MEDIA_ACCELERATOR, 0x66bdb96a, 0x050b, 0x44c7, 0xa4, 0xfd, 0xd1, 0x44, 0xce, 0x0a, 0xb4, 0x43);

#endif /* MOCKD3D12_DXCORE_C_TYPES */

/* ---- IDXCoreAdapter, IDXCoreAdapter1 ---------------------------------- */

#ifndef __IDXCoreAdapter_FWD_DEFINED__
#define __IDXCoreAdapter_FWD_DEFINED__
typedef struct IDXCoreAdapter IDXCoreAdapter;
#endif
#ifndef __IDXCoreAdapter1_FWD_DEFINED__
#define __IDXCoreAdapter1_FWD_DEFINED__
typedef struct IDXCoreAdapter1 IDXCoreAdapter1;
#endif
#ifndef __IDXCoreAdapterList_FWD_DEFINED__
#define __IDXCoreAdapterList_FWD_DEFINED__
typedef struct IDXCoreAdapterList IDXCoreAdapterList;
#endif
#ifndef __IDXCoreAdapterFactory_FWD_DEFINED__
#define __IDXCoreAdapterFactory_FWD_DEFINED__
typedef struct IDXCoreAdapterFactory IDXCoreAdapterFactory;
#endif
#ifndef __IDXCoreAdapterFactory1_FWD_DEFINED__
#define __IDXCoreAdapterFactory1_FWD_DEFINED__
typedef struct IDXCoreAdapterFactory1 IDXCoreAdapterFactory1;
#endif

#ifndef __IDXCoreAdapter_INTERFACE_DEFINED__
#define __IDXCoreAdapter_INTERFACE_DEFINED__
/* IDXCoreAdapter's methods, then IDXCoreAdapter1's (the same object answers
 * both; a vtable of IDXCoreAdapter is a prefix of IDXCoreAdapter1's). */
#define MOCKD3D12_IDXCOREADAPTER_METHODS(This_type) \
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(This_type *This, REFIID riid, void **object); \
    ULONG (STDMETHODCALLTYPE *AddRef)(This_type *This); \
    ULONG (STDMETHODCALLTYPE *Release)(This_type *This); \
    bool (STDMETHODCALLTYPE *IsValid)(This_type *This); \
    bool (STDMETHODCALLTYPE *IsAttributeSupported)(This_type *This, REFGUID attributeGUID); \
    bool (STDMETHODCALLTYPE *IsPropertySupported)(This_type *This, DXCoreAdapterProperty property); \
    HRESULT (STDMETHODCALLTYPE *GetProperty)(This_type *This, DXCoreAdapterProperty property, size_t bufferSize, \
            void *propertyData); \
    HRESULT (STDMETHODCALLTYPE *GetPropertySize)(This_type *This, DXCoreAdapterProperty property, size_t *bufferSize); \
    bool (STDMETHODCALLTYPE *IsQueryStateSupported)(This_type *This, DXCoreAdapterState property); \
    HRESULT (STDMETHODCALLTYPE *QueryState)(This_type *This, DXCoreAdapterState state, size_t inputStateDetailsSize, \
            const void *inputStateDetails, size_t outputBufferSize, void *outputBuffer); \
    bool (STDMETHODCALLTYPE *IsSetStateSupported)(This_type *This, DXCoreAdapterState property); \
    HRESULT (STDMETHODCALLTYPE *SetState)(This_type *This, DXCoreAdapterState state, size_t inputStateDetailsSize, \
            const void *inputStateDetails, size_t inputDataSize, const void *inputData); \
    HRESULT (STDMETHODCALLTYPE *GetFactory)(This_type *This, REFIID riid, void **ppvFactory);

typedef struct IDXCoreAdapterVtbl
{
    MOCKD3D12_IDXCOREADAPTER_METHODS(IDXCoreAdapter)
} IDXCoreAdapterVtbl;

struct IDXCoreAdapter
{
    const IDXCoreAdapterVtbl *lpVtbl;
};

#define IDXCoreAdapter_QueryInterface(This, riid, object) ((This)->lpVtbl->QueryInterface(This, riid, object))
#define IDXCoreAdapter_AddRef(This) ((This)->lpVtbl->AddRef(This))
#define IDXCoreAdapter_Release(This) ((This)->lpVtbl->Release(This))
#define IDXCoreAdapter_IsValid(This) ((This)->lpVtbl->IsValid(This))
#define IDXCoreAdapter_IsAttributeSupported(This, guid) ((This)->lpVtbl->IsAttributeSupported(This, guid))
#define IDXCoreAdapter_IsPropertySupported(This, p) ((This)->lpVtbl->IsPropertySupported(This, p))
#define IDXCoreAdapter_GetProperty(This, p, size, data) ((This)->lpVtbl->GetProperty(This, p, size, data))
#define IDXCoreAdapter_GetPropertySize(This, p, size) ((This)->lpVtbl->GetPropertySize(This, p, size))
#define IDXCoreAdapter_IsQueryStateSupported(This, s) ((This)->lpVtbl->IsQueryStateSupported(This, s))
#define IDXCoreAdapter_QueryState(This, s, in_size, in, out_size, out) \
    ((This)->lpVtbl->QueryState(This, s, in_size, in, out_size, out))
#define IDXCoreAdapter_IsSetStateSupported(This, s) ((This)->lpVtbl->IsSetStateSupported(This, s))
#define IDXCoreAdapter_SetState(This, s, in_size, in, data_size, data) \
    ((This)->lpVtbl->SetState(This, s, in_size, in, data_size, data))
#define IDXCoreAdapter_GetFactory(This, riid, out) ((This)->lpVtbl->GetFactory(This, riid, out))
#endif

#ifndef __IDXCoreAdapter1_INTERFACE_DEFINED__
#define __IDXCoreAdapter1_INTERFACE_DEFINED__
typedef struct IDXCoreAdapter1Vtbl
{
    MOCKD3D12_IDXCOREADAPTER_METHODS(IDXCoreAdapter1)
    /* IDXCoreAdapter1 */
    HRESULT (STDMETHODCALLTYPE *GetPropertyWithInput)(IDXCoreAdapter1 *This, DXCoreAdapterProperty property,
            size_t inputPropertyDetailsSize, const void *inputPropertyDetails, size_t outputBufferSize,
            void *outputBuffer);
} IDXCoreAdapter1Vtbl;

struct IDXCoreAdapter1
{
    const IDXCoreAdapter1Vtbl *lpVtbl;
};

#define IDXCoreAdapter1_QueryInterface(This, riid, object) ((This)->lpVtbl->QueryInterface(This, riid, object))
#define IDXCoreAdapter1_AddRef(This) ((This)->lpVtbl->AddRef(This))
#define IDXCoreAdapter1_Release(This) ((This)->lpVtbl->Release(This))
#define IDXCoreAdapter1_GetProperty(This, p, size, data) ((This)->lpVtbl->GetProperty(This, p, size, data))
#define IDXCoreAdapter1_GetPropertyWithInput(This, p, in_size, in, out_size, out) \
    ((This)->lpVtbl->GetPropertyWithInput(This, p, in_size, in, out_size, out))
#endif

/* ---- IDXCoreAdapterList ----------------------------------------------- */

#ifndef __IDXCoreAdapterList_INTERFACE_DEFINED__
#define __IDXCoreAdapterList_INTERFACE_DEFINED__
typedef struct IDXCoreAdapterListVtbl
{
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDXCoreAdapterList *This, REFIID riid, void **object);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXCoreAdapterList *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXCoreAdapterList *This);
    HRESULT (STDMETHODCALLTYPE *GetAdapter)(IDXCoreAdapterList *This, uint32_t index, REFIID riid, void **ppvAdapter);
    uint32_t (STDMETHODCALLTYPE *GetAdapterCount)(IDXCoreAdapterList *This);
    bool (STDMETHODCALLTYPE *IsStale)(IDXCoreAdapterList *This);
    HRESULT (STDMETHODCALLTYPE *GetFactory)(IDXCoreAdapterList *This, REFIID riid, void **ppvFactory);
    HRESULT (STDMETHODCALLTYPE *Sort)(IDXCoreAdapterList *This, uint32_t numPreferences,
            const DXCoreAdapterPreference *preferences);
    bool (STDMETHODCALLTYPE *IsAdapterPreferenceSupported)(IDXCoreAdapterList *This,
            DXCoreAdapterPreference preference);
} IDXCoreAdapterListVtbl;

struct IDXCoreAdapterList
{
    const IDXCoreAdapterListVtbl *lpVtbl;
};

#define IDXCoreAdapterList_QueryInterface(This, riid, object) ((This)->lpVtbl->QueryInterface(This, riid, object))
#define IDXCoreAdapterList_AddRef(This) ((This)->lpVtbl->AddRef(This))
#define IDXCoreAdapterList_Release(This) ((This)->lpVtbl->Release(This))
#define IDXCoreAdapterList_GetAdapter(This, index, riid, out) ((This)->lpVtbl->GetAdapter(This, index, riid, out))
#define IDXCoreAdapterList_GetAdapterCount(This) ((This)->lpVtbl->GetAdapterCount(This))
#define IDXCoreAdapterList_IsStale(This) ((This)->lpVtbl->IsStale(This))
#define IDXCoreAdapterList_GetFactory(This, riid, out) ((This)->lpVtbl->GetFactory(This, riid, out))
#define IDXCoreAdapterList_Sort(This, count, preferences) ((This)->lpVtbl->Sort(This, count, preferences))
#define IDXCoreAdapterList_IsAdapterPreferenceSupported(This, p) ((This)->lpVtbl->IsAdapterPreferenceSupported(This, p))
#endif

/* ---- IDXCoreAdapterFactory, IDXCoreAdapterFactory1 -------------------- */

#ifndef __IDXCoreAdapterFactory_INTERFACE_DEFINED__
#define __IDXCoreAdapterFactory_INTERFACE_DEFINED__
#define MOCKD3D12_IDXCOREADAPTERFACTORY_METHODS(This_type) \
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(This_type *This, REFIID riid, void **object); \
    ULONG (STDMETHODCALLTYPE *AddRef)(This_type *This); \
    ULONG (STDMETHODCALLTYPE *Release)(This_type *This); \
    HRESULT (STDMETHODCALLTYPE *CreateAdapterList)(This_type *This, uint32_t numAttributes, \
            const GUID *filterAttributes, REFIID riid, void **ppvAdapterList); \
    HRESULT (STDMETHODCALLTYPE *GetAdapterByLuid)(This_type *This, const LUID *adapterLUID, REFIID riid, \
            void **ppvAdapter); \
    bool (STDMETHODCALLTYPE *IsNotificationTypeSupported)(This_type *This, DXCoreNotificationType notificationType); \
    HRESULT (STDMETHODCALLTYPE *RegisterEventNotification)(This_type *This, IUnknown *dxCoreObject, \
            DXCoreNotificationType notificationType, PFN_DXCORE_NOTIFICATION_CALLBACK callbackFunction, \
            void *callbackContext, uint32_t *eventCookie); \
    HRESULT (STDMETHODCALLTYPE *UnregisterEventNotification)(This_type *This, uint32_t eventCookie);

typedef struct IDXCoreAdapterFactoryVtbl
{
    MOCKD3D12_IDXCOREADAPTERFACTORY_METHODS(IDXCoreAdapterFactory)
} IDXCoreAdapterFactoryVtbl;

struct IDXCoreAdapterFactory
{
    const IDXCoreAdapterFactoryVtbl *lpVtbl;
};

#define IDXCoreAdapterFactory_QueryInterface(This, riid, object) ((This)->lpVtbl->QueryInterface(This, riid, object))
#define IDXCoreAdapterFactory_AddRef(This) ((This)->lpVtbl->AddRef(This))
#define IDXCoreAdapterFactory_Release(This) ((This)->lpVtbl->Release(This))
#define IDXCoreAdapterFactory_CreateAdapterList(This, count, attributes, riid, out) \
    ((This)->lpVtbl->CreateAdapterList(This, count, attributes, riid, out))
#define IDXCoreAdapterFactory_GetAdapterByLuid(This, luid, riid, out) \
    ((This)->lpVtbl->GetAdapterByLuid(This, luid, riid, out))
#define IDXCoreAdapterFactory_IsNotificationTypeSupported(This, type) \
    ((This)->lpVtbl->IsNotificationTypeSupported(This, type))
#define IDXCoreAdapterFactory_RegisterEventNotification(This, object, type, callback, context, cookie) \
    ((This)->lpVtbl->RegisterEventNotification(This, object, type, callback, context, cookie))
#define IDXCoreAdapterFactory_UnregisterEventNotification(This, cookie) \
    ((This)->lpVtbl->UnregisterEventNotification(This, cookie))
#endif

#ifndef __IDXCoreAdapterFactory1_INTERFACE_DEFINED__
#define __IDXCoreAdapterFactory1_INTERFACE_DEFINED__
typedef struct IDXCoreAdapterFactory1Vtbl
{
    MOCKD3D12_IDXCOREADAPTERFACTORY_METHODS(IDXCoreAdapterFactory1)
    /* IDXCoreAdapterFactory1 */
    HRESULT (STDMETHODCALLTYPE *CreateAdapterListByWorkload)(IDXCoreAdapterFactory1 *This, DXCoreWorkload workload,
            DXCoreRuntimeFilterFlags runtimeFilter, DXCoreHardwareTypeFilterFlags hardwareTypeFilter, REFIID riid,
            void **ppvAdapterList);
} IDXCoreAdapterFactory1Vtbl;

struct IDXCoreAdapterFactory1
{
    const IDXCoreAdapterFactory1Vtbl *lpVtbl;
};

#define IDXCoreAdapterFactory1_QueryInterface(This, riid, object) ((This)->lpVtbl->QueryInterface(This, riid, object))
#define IDXCoreAdapterFactory1_AddRef(This) ((This)->lpVtbl->AddRef(This))
#define IDXCoreAdapterFactory1_Release(This) ((This)->lpVtbl->Release(This))
#define IDXCoreAdapterFactory1_CreateAdapterListByWorkload(This, workload, runtimes, hardware, riid, out) \
    ((This)->lpVtbl->CreateAdapterListByWorkload(This, workload, runtimes, hardware, riid, out))
#endif

/* The entry point (C++: DirectX-Headers' dxcore.h declares it). */
MOCKD3D12_DXCORE_API HRESULT STDAPICALLTYPE DXCoreCreateAdapterFactory(REFIID riid, void **ppvFactory);

#endif /* C */

#endif
