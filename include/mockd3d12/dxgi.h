/*
 * mockd3d12's DXGI: the one include a DXGI client needs (link with
 * `pkg-config mockd3d12-dxgi` or the CMake target mockd3d12::dxgi).
 *
 * The DXGI declarations are mingw-w64's dxgi.h ... dxgi1_6.h and dxgidebug.h
 * (Debian package mingw-w64-common), never retyped here. On Linux they are
 * compiled over DirectX-Headers' WSL stubs; this needs:
 *   - mingw-w64's include directory searched *after* the system directories
 *     (-idirafter /usr/share/mingw-w64/include), so that its C library
 *     headers (stdint.h, stdlib.h, ...) never shadow glibc's and that
 *     <dxgiformat.h>, <dxgicommon.h>, <oaidl.h>, <ocidl.h> resolve to
 *     DirectX-Headers' and the WSL stubs (both on the -I path) first; the
 *     mingw-w64 directory only supplies dxgi*.h and dxgitype.h. The flag
 *     comes with the pkg-config file and the CMake target.
 *   - COM_NO_WINDOWS_H (set by the WSL stubs), so windows.h is never included;
 *   - the two handle types the stubs lack, defined below.
 * See docs/dxgi.md.
 */
#ifndef MOCKD3D12_DXGI_H
#define MOCKD3D12_DXGI_H

#include <mockd3d12/mockd3d12.h>

#ifndef _WIN32
/* Window-system handles DXGI declarations mention; opaque on Linux. */
typedef struct mockd3d12_hmonitor__ *HMONITOR;
typedef struct mockd3d12_hmodule__ *HMODULE;
/* mingw-w64's _mingw.h macro the DXGI_PRESENT_* flags are written with: a
 * 32-bit `long` constant there, a plain one here (LONG is 32 bits on both). */
#ifndef __MSABI_LONG
#define __MSABI_LONG(x) x
#endif
#endif

#include <dxgi1_6.h>
#include <dxgidebug.h>

/* IDXGIInfoQueue and IDXGIDebug1 (dxgidebug.h of the Windows SDK; DXGIDebug.dll,
 * which the Graphics Tools feature installs), which mingw-w64's dxgidebug.h
 * before its version 11 lacks: declared here in its form (C vtables with
 * COBJMACROS helpers, C++ interfaces with __uuidof), behind the guards its
 * generated headers use, so that a dxgidebug.h that has them wins. The
 * interface IDs are Microsoft's. */
#ifndef __IDXGIInfoQueue_INTERFACE_DEFINED__
typedef GUID DXGI_DEBUG_ID;
typedef enum DXGI_INFO_QUEUE_MESSAGE_CATEGORY
{
    DXGI_INFO_QUEUE_MESSAGE_CATEGORY_UNKNOWN = 0,
    DXGI_INFO_QUEUE_MESSAGE_CATEGORY_MISCELLANEOUS,
    DXGI_INFO_QUEUE_MESSAGE_CATEGORY_INITIALIZATION,
    DXGI_INFO_QUEUE_MESSAGE_CATEGORY_CLEANUP,
    DXGI_INFO_QUEUE_MESSAGE_CATEGORY_COMPILATION,
    DXGI_INFO_QUEUE_MESSAGE_CATEGORY_STATE_CREATION,
    DXGI_INFO_QUEUE_MESSAGE_CATEGORY_STATE_SETTING,
    DXGI_INFO_QUEUE_MESSAGE_CATEGORY_STATE_GETTING,
    DXGI_INFO_QUEUE_MESSAGE_CATEGORY_RESOURCE_MANIPULATION,
    DXGI_INFO_QUEUE_MESSAGE_CATEGORY_EXECUTION,
    DXGI_INFO_QUEUE_MESSAGE_CATEGORY_SHADER,
} DXGI_INFO_QUEUE_MESSAGE_CATEGORY;
typedef enum DXGI_INFO_QUEUE_MESSAGE_SEVERITY
{
    DXGI_INFO_QUEUE_MESSAGE_SEVERITY_CORRUPTION = 0,
    DXGI_INFO_QUEUE_MESSAGE_SEVERITY_ERROR,
    DXGI_INFO_QUEUE_MESSAGE_SEVERITY_WARNING,
    DXGI_INFO_QUEUE_MESSAGE_SEVERITY_INFO,
    DXGI_INFO_QUEUE_MESSAGE_SEVERITY_MESSAGE,
} DXGI_INFO_QUEUE_MESSAGE_SEVERITY;
typedef int DXGI_INFO_QUEUE_MESSAGE_ID;
#define DXGI_INFO_QUEUE_MESSAGE_ID_STRING_FROM_APPLICATION 0
typedef struct DXGI_INFO_QUEUE_MESSAGE
{
    DXGI_DEBUG_ID Producer;
    DXGI_INFO_QUEUE_MESSAGE_CATEGORY Category;
    DXGI_INFO_QUEUE_MESSAGE_SEVERITY Severity;
    DXGI_INFO_QUEUE_MESSAGE_ID ID;
    const char *pDescription;
    SIZE_T DescriptionByteLength;
} DXGI_INFO_QUEUE_MESSAGE;
typedef struct DXGI_INFO_QUEUE_FILTER_DESC
{
    UINT NumCategories;
    DXGI_INFO_QUEUE_MESSAGE_CATEGORY *pCategoryList;
    UINT NumSeverities;
    DXGI_INFO_QUEUE_MESSAGE_SEVERITY *pSeverityList;
    UINT NumIDs;
    DXGI_INFO_QUEUE_MESSAGE_ID *pIDList;
} DXGI_INFO_QUEUE_FILTER_DESC;
typedef struct DXGI_INFO_QUEUE_FILTER
{
    DXGI_INFO_QUEUE_FILTER_DESC AllowList;
    DXGI_INFO_QUEUE_FILTER_DESC DenyList;
} DXGI_INFO_QUEUE_FILTER;
#define DXGI_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT 1024
#endif

#ifndef __IDXGIInfoQueue_INTERFACE_DEFINED__
#define __IDXGIInfoQueue_INTERFACE_DEFINED__
typedef interface IDXGIInfoQueue IDXGIInfoQueue;
DEFINE_GUID(IID_IDXGIInfoQueue, 0xd67441c7, 0x672a, 0x476f, 0x9e, 0x82, 0xcd, 0x55, 0xb4, 0x49, 0x49, 0xce);
#if defined(__cplusplus) && !defined(CINTERFACE)
interface IDXGIInfoQueue : public IUnknown
{
    virtual HRESULT STDMETHODCALLTYPE SetMessageCountLimit(DXGI_DEBUG_ID Producer, UINT64 MessageCountLimit) = 0;
    virtual void STDMETHODCALLTYPE ClearStoredMessages(DXGI_DEBUG_ID Producer) = 0;
    virtual HRESULT STDMETHODCALLTYPE GetMessage(DXGI_DEBUG_ID Producer, UINT64 MessageIndex, DXGI_INFO_QUEUE_MESSAGE *pMessage, SIZE_T *pMessageByteLength) = 0;
    virtual UINT64 STDMETHODCALLTYPE GetNumStoredMessagesAllowedByRetrievalFilters(DXGI_DEBUG_ID Producer) = 0;
    virtual UINT64 STDMETHODCALLTYPE GetNumStoredMessages(DXGI_DEBUG_ID Producer) = 0;
    virtual UINT64 STDMETHODCALLTYPE GetNumMessagesDiscardedByMessageCountLimit(DXGI_DEBUG_ID Producer) = 0;
    virtual UINT64 STDMETHODCALLTYPE GetMessageCountLimit(DXGI_DEBUG_ID Producer) = 0;
    virtual UINT64 STDMETHODCALLTYPE GetNumMessagesAllowedByStorageFilter(DXGI_DEBUG_ID Producer) = 0;
    virtual UINT64 STDMETHODCALLTYPE GetNumMessagesDeniedByStorageFilter(DXGI_DEBUG_ID Producer) = 0;
    virtual HRESULT STDMETHODCALLTYPE AddStorageFilterEntries(DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_FILTER *pFilter) = 0;
    virtual HRESULT STDMETHODCALLTYPE GetStorageFilter(DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_FILTER *pFilter, SIZE_T *pFilterByteLength) = 0;
    virtual void STDMETHODCALLTYPE ClearStorageFilter(DXGI_DEBUG_ID Producer) = 0;
    virtual HRESULT STDMETHODCALLTYPE PushEmptyStorageFilter(DXGI_DEBUG_ID Producer) = 0;
    virtual HRESULT STDMETHODCALLTYPE PushDenyAllStorageFilter(DXGI_DEBUG_ID Producer) = 0;
    virtual HRESULT STDMETHODCALLTYPE PushCopyOfStorageFilter(DXGI_DEBUG_ID Producer) = 0;
    virtual HRESULT STDMETHODCALLTYPE PushStorageFilter(DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_FILTER *pFilter) = 0;
    virtual void STDMETHODCALLTYPE PopStorageFilter(DXGI_DEBUG_ID Producer) = 0;
    virtual UINT STDMETHODCALLTYPE GetStorageFilterStackSize(DXGI_DEBUG_ID Producer) = 0;
    virtual HRESULT STDMETHODCALLTYPE AddRetrievalFilterEntries(DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_FILTER *pFilter) = 0;
    virtual HRESULT STDMETHODCALLTYPE GetRetrievalFilter(DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_FILTER *pFilter, SIZE_T *pFilterByteLength) = 0;
    virtual void STDMETHODCALLTYPE ClearRetrievalFilter(DXGI_DEBUG_ID Producer) = 0;
    virtual HRESULT STDMETHODCALLTYPE PushEmptyRetrievalFilter(DXGI_DEBUG_ID Producer) = 0;
    virtual HRESULT STDMETHODCALLTYPE PushDenyAllRetrievalFilter(DXGI_DEBUG_ID Producer) = 0;
    virtual HRESULT STDMETHODCALLTYPE PushCopyOfRetrievalFilter(DXGI_DEBUG_ID Producer) = 0;
    virtual HRESULT STDMETHODCALLTYPE PushRetrievalFilter(DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_FILTER *pFilter) = 0;
    virtual void STDMETHODCALLTYPE PopRetrievalFilter(DXGI_DEBUG_ID Producer) = 0;
    virtual UINT STDMETHODCALLTYPE GetRetrievalFilterStackSize(DXGI_DEBUG_ID Producer) = 0;
    virtual HRESULT STDMETHODCALLTYPE AddMessage(DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_MESSAGE_CATEGORY Category, DXGI_INFO_QUEUE_MESSAGE_SEVERITY Severity, DXGI_INFO_QUEUE_MESSAGE_ID ID, LPCSTR pDescription) = 0;
    virtual HRESULT STDMETHODCALLTYPE AddApplicationMessage(DXGI_INFO_QUEUE_MESSAGE_SEVERITY Severity, LPCSTR pDescription) = 0;
    virtual HRESULT STDMETHODCALLTYPE SetBreakOnCategory(DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_MESSAGE_CATEGORY Category, BOOL bEnable) = 0;
    virtual HRESULT STDMETHODCALLTYPE SetBreakOnSeverity(DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_MESSAGE_SEVERITY Severity, BOOL bEnable) = 0;
    virtual HRESULT STDMETHODCALLTYPE SetBreakOnID(DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_MESSAGE_ID ID, BOOL bEnable) = 0;
    virtual BOOL STDMETHODCALLTYPE GetBreakOnCategory(DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_MESSAGE_CATEGORY Category) = 0;
    virtual BOOL STDMETHODCALLTYPE GetBreakOnSeverity(DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_MESSAGE_SEVERITY Severity) = 0;
    virtual BOOL STDMETHODCALLTYPE GetBreakOnID(DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_MESSAGE_ID ID) = 0;
    virtual void STDMETHODCALLTYPE SetMuteDebugOutput(DXGI_DEBUG_ID Producer, BOOL bMute) = 0;
    virtual BOOL STDMETHODCALLTYPE GetMuteDebugOutput(DXGI_DEBUG_ID Producer) = 0;
};
#ifdef __CRT_UUID_DECL
__CRT_UUID_DECL(IDXGIInfoQueue, 0xd67441c7, 0x672a, 0x476f, 0x9e, 0x82, 0xcd, 0x55, 0xb4, 0x49, 0x49, 0xce)
#endif
#else
typedef struct IDXGIInfoQueueVtbl {
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDXGIInfoQueue *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIInfoQueue *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIInfoQueue *This);
    HRESULT (STDMETHODCALLTYPE *SetMessageCountLimit)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, UINT64 MessageCountLimit);
    void (STDMETHODCALLTYPE *ClearStoredMessages)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    HRESULT (STDMETHODCALLTYPE *GetMessage)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, UINT64 MessageIndex, DXGI_INFO_QUEUE_MESSAGE *pMessage, SIZE_T *pMessageByteLength);
    UINT64 (STDMETHODCALLTYPE *GetNumStoredMessagesAllowedByRetrievalFilters)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    UINT64 (STDMETHODCALLTYPE *GetNumStoredMessages)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    UINT64 (STDMETHODCALLTYPE *GetNumMessagesDiscardedByMessageCountLimit)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    UINT64 (STDMETHODCALLTYPE *GetMessageCountLimit)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    UINT64 (STDMETHODCALLTYPE *GetNumMessagesAllowedByStorageFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    UINT64 (STDMETHODCALLTYPE *GetNumMessagesDeniedByStorageFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    HRESULT (STDMETHODCALLTYPE *AddStorageFilterEntries)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_FILTER *pFilter);
    HRESULT (STDMETHODCALLTYPE *GetStorageFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_FILTER *pFilter, SIZE_T *pFilterByteLength);
    void (STDMETHODCALLTYPE *ClearStorageFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    HRESULT (STDMETHODCALLTYPE *PushEmptyStorageFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    HRESULT (STDMETHODCALLTYPE *PushDenyAllStorageFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    HRESULT (STDMETHODCALLTYPE *PushCopyOfStorageFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    HRESULT (STDMETHODCALLTYPE *PushStorageFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_FILTER *pFilter);
    void (STDMETHODCALLTYPE *PopStorageFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    UINT (STDMETHODCALLTYPE *GetStorageFilterStackSize)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    HRESULT (STDMETHODCALLTYPE *AddRetrievalFilterEntries)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_FILTER *pFilter);
    HRESULT (STDMETHODCALLTYPE *GetRetrievalFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_FILTER *pFilter, SIZE_T *pFilterByteLength);
    void (STDMETHODCALLTYPE *ClearRetrievalFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    HRESULT (STDMETHODCALLTYPE *PushEmptyRetrievalFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    HRESULT (STDMETHODCALLTYPE *PushDenyAllRetrievalFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    HRESULT (STDMETHODCALLTYPE *PushCopyOfRetrievalFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    HRESULT (STDMETHODCALLTYPE *PushRetrievalFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_FILTER *pFilter);
    void (STDMETHODCALLTYPE *PopRetrievalFilter)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    UINT (STDMETHODCALLTYPE *GetRetrievalFilterStackSize)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
    HRESULT (STDMETHODCALLTYPE *AddMessage)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_MESSAGE_CATEGORY Category, DXGI_INFO_QUEUE_MESSAGE_SEVERITY Severity, DXGI_INFO_QUEUE_MESSAGE_ID ID, LPCSTR pDescription);
    HRESULT (STDMETHODCALLTYPE *AddApplicationMessage)(IDXGIInfoQueue *This, DXGI_INFO_QUEUE_MESSAGE_SEVERITY Severity, LPCSTR pDescription);
    HRESULT (STDMETHODCALLTYPE *SetBreakOnCategory)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_MESSAGE_CATEGORY Category, BOOL bEnable);
    HRESULT (STDMETHODCALLTYPE *SetBreakOnSeverity)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_MESSAGE_SEVERITY Severity, BOOL bEnable);
    HRESULT (STDMETHODCALLTYPE *SetBreakOnID)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_MESSAGE_ID ID, BOOL bEnable);
    BOOL (STDMETHODCALLTYPE *GetBreakOnCategory)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_MESSAGE_CATEGORY Category);
    BOOL (STDMETHODCALLTYPE *GetBreakOnSeverity)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_MESSAGE_SEVERITY Severity);
    BOOL (STDMETHODCALLTYPE *GetBreakOnID)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, DXGI_INFO_QUEUE_MESSAGE_ID ID);
    void (STDMETHODCALLTYPE *SetMuteDebugOutput)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer, BOOL bMute);
    BOOL (STDMETHODCALLTYPE *GetMuteDebugOutput)(IDXGIInfoQueue *This, DXGI_DEBUG_ID Producer);
} IDXGIInfoQueueVtbl;
interface IDXGIInfoQueue
{
    CONST_VTBL IDXGIInfoQueueVtbl *lpVtbl;
};
#ifdef COBJMACROS
#define IDXGIInfoQueue_QueryInterface(This, riid, ppvObject) (This)->lpVtbl->QueryInterface(This, riid, ppvObject)
#define IDXGIInfoQueue_AddRef(This) (This)->lpVtbl->AddRef(This)
#define IDXGIInfoQueue_Release(This) (This)->lpVtbl->Release(This)
#define IDXGIInfoQueue_SetMessageCountLimit(This, Producer, MessageCountLimit) (This)->lpVtbl->SetMessageCountLimit(This, Producer, MessageCountLimit)
#define IDXGIInfoQueue_ClearStoredMessages(This, Producer) (This)->lpVtbl->ClearStoredMessages(This, Producer)
#define IDXGIInfoQueue_GetMessage(This, Producer, MessageIndex, pMessage, pMessageByteLength) (This)->lpVtbl->GetMessage(This, Producer, MessageIndex, pMessage, pMessageByteLength)
#define IDXGIInfoQueue_GetNumStoredMessagesAllowedByRetrievalFilters(This, Producer) (This)->lpVtbl->GetNumStoredMessagesAllowedByRetrievalFilters(This, Producer)
#define IDXGIInfoQueue_GetNumStoredMessages(This, Producer) (This)->lpVtbl->GetNumStoredMessages(This, Producer)
#define IDXGIInfoQueue_GetNumMessagesDiscardedByMessageCountLimit(This, Producer) (This)->lpVtbl->GetNumMessagesDiscardedByMessageCountLimit(This, Producer)
#define IDXGIInfoQueue_GetMessageCountLimit(This, Producer) (This)->lpVtbl->GetMessageCountLimit(This, Producer)
#define IDXGIInfoQueue_GetNumMessagesAllowedByStorageFilter(This, Producer) (This)->lpVtbl->GetNumMessagesAllowedByStorageFilter(This, Producer)
#define IDXGIInfoQueue_GetNumMessagesDeniedByStorageFilter(This, Producer) (This)->lpVtbl->GetNumMessagesDeniedByStorageFilter(This, Producer)
#define IDXGIInfoQueue_AddStorageFilterEntries(This, Producer, pFilter) (This)->lpVtbl->AddStorageFilterEntries(This, Producer, pFilter)
#define IDXGIInfoQueue_GetStorageFilter(This, Producer, pFilter, pFilterByteLength) (This)->lpVtbl->GetStorageFilter(This, Producer, pFilter, pFilterByteLength)
#define IDXGIInfoQueue_ClearStorageFilter(This, Producer) (This)->lpVtbl->ClearStorageFilter(This, Producer)
#define IDXGIInfoQueue_PushEmptyStorageFilter(This, Producer) (This)->lpVtbl->PushEmptyStorageFilter(This, Producer)
#define IDXGIInfoQueue_PushDenyAllStorageFilter(This, Producer) (This)->lpVtbl->PushDenyAllStorageFilter(This, Producer)
#define IDXGIInfoQueue_PushCopyOfStorageFilter(This, Producer) (This)->lpVtbl->PushCopyOfStorageFilter(This, Producer)
#define IDXGIInfoQueue_PushStorageFilter(This, Producer, pFilter) (This)->lpVtbl->PushStorageFilter(This, Producer, pFilter)
#define IDXGIInfoQueue_PopStorageFilter(This, Producer) (This)->lpVtbl->PopStorageFilter(This, Producer)
#define IDXGIInfoQueue_GetStorageFilterStackSize(This, Producer) (This)->lpVtbl->GetStorageFilterStackSize(This, Producer)
#define IDXGIInfoQueue_AddRetrievalFilterEntries(This, Producer, pFilter) (This)->lpVtbl->AddRetrievalFilterEntries(This, Producer, pFilter)
#define IDXGIInfoQueue_GetRetrievalFilter(This, Producer, pFilter, pFilterByteLength) (This)->lpVtbl->GetRetrievalFilter(This, Producer, pFilter, pFilterByteLength)
#define IDXGIInfoQueue_ClearRetrievalFilter(This, Producer) (This)->lpVtbl->ClearRetrievalFilter(This, Producer)
#define IDXGIInfoQueue_PushEmptyRetrievalFilter(This, Producer) (This)->lpVtbl->PushEmptyRetrievalFilter(This, Producer)
#define IDXGIInfoQueue_PushDenyAllRetrievalFilter(This, Producer) (This)->lpVtbl->PushDenyAllRetrievalFilter(This, Producer)
#define IDXGIInfoQueue_PushCopyOfRetrievalFilter(This, Producer) (This)->lpVtbl->PushCopyOfRetrievalFilter(This, Producer)
#define IDXGIInfoQueue_PushRetrievalFilter(This, Producer, pFilter) (This)->lpVtbl->PushRetrievalFilter(This, Producer, pFilter)
#define IDXGIInfoQueue_PopRetrievalFilter(This, Producer) (This)->lpVtbl->PopRetrievalFilter(This, Producer)
#define IDXGIInfoQueue_GetRetrievalFilterStackSize(This, Producer) (This)->lpVtbl->GetRetrievalFilterStackSize(This, Producer)
#define IDXGIInfoQueue_AddMessage(This, Producer, Category, Severity, ID, pDescription) (This)->lpVtbl->AddMessage(This, Producer, Category, Severity, ID, pDescription)
#define IDXGIInfoQueue_AddApplicationMessage(This, Severity, pDescription) (This)->lpVtbl->AddApplicationMessage(This, Severity, pDescription)
#define IDXGIInfoQueue_SetBreakOnCategory(This, Producer, Category, bEnable) (This)->lpVtbl->SetBreakOnCategory(This, Producer, Category, bEnable)
#define IDXGIInfoQueue_SetBreakOnSeverity(This, Producer, Severity, bEnable) (This)->lpVtbl->SetBreakOnSeverity(This, Producer, Severity, bEnable)
#define IDXGIInfoQueue_SetBreakOnID(This, Producer, ID, bEnable) (This)->lpVtbl->SetBreakOnID(This, Producer, ID, bEnable)
#define IDXGIInfoQueue_GetBreakOnCategory(This, Producer, Category) (This)->lpVtbl->GetBreakOnCategory(This, Producer, Category)
#define IDXGIInfoQueue_GetBreakOnSeverity(This, Producer, Severity) (This)->lpVtbl->GetBreakOnSeverity(This, Producer, Severity)
#define IDXGIInfoQueue_GetBreakOnID(This, Producer, ID) (This)->lpVtbl->GetBreakOnID(This, Producer, ID)
#define IDXGIInfoQueue_SetMuteDebugOutput(This, Producer, bMute) (This)->lpVtbl->SetMuteDebugOutput(This, Producer, bMute)
#define IDXGIInfoQueue_GetMuteDebugOutput(This, Producer) (This)->lpVtbl->GetMuteDebugOutput(This, Producer)
#endif
#endif
#endif /* __IDXGIInfoQueue_INTERFACE_DEFINED__ */

#ifndef __IDXGIDebug1_INTERFACE_DEFINED__
#define __IDXGIDebug1_INTERFACE_DEFINED__
typedef interface IDXGIDebug1 IDXGIDebug1;
DEFINE_GUID(IID_IDXGIDebug1, 0xc5a05f0c, 0x16f2, 0x4adf, 0x9f, 0x4d, 0xa8, 0xc4, 0xd5, 0x8a, 0xc5, 0x50);
#if defined(__cplusplus) && !defined(CINTERFACE)
interface IDXGIDebug1 : public IDXGIDebug
{
    virtual void STDMETHODCALLTYPE EnableLeakTrackingForThread(void) = 0;
    virtual void STDMETHODCALLTYPE DisableLeakTrackingForThread(void) = 0;
    virtual BOOL STDMETHODCALLTYPE IsLeakTrackingEnabledForThread(void) = 0;
};
#ifdef __CRT_UUID_DECL
__CRT_UUID_DECL(IDXGIDebug1, 0xc5a05f0c, 0x16f2, 0x4adf, 0x9f, 0x4d, 0xa8, 0xc4, 0xd5, 0x8a, 0xc5, 0x50)
#endif
#else
typedef struct IDXGIDebug1Vtbl {
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IDXGIDebug1 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIDebug1 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIDebug1 *This);
    HRESULT (STDMETHODCALLTYPE *ReportLiveObjects)(IDXGIDebug1 *This, GUID apiid, DXGI_DEBUG_RLO_FLAGS flags);
    void (STDMETHODCALLTYPE *EnableLeakTrackingForThread)(IDXGIDebug1 *This);
    void (STDMETHODCALLTYPE *DisableLeakTrackingForThread)(IDXGIDebug1 *This);
    BOOL (STDMETHODCALLTYPE *IsLeakTrackingEnabledForThread)(IDXGIDebug1 *This);
} IDXGIDebug1Vtbl;
interface IDXGIDebug1
{
    CONST_VTBL IDXGIDebug1Vtbl *lpVtbl;
};
#ifdef COBJMACROS
#define IDXGIDebug1_QueryInterface(This, riid, ppvObject) (This)->lpVtbl->QueryInterface(This, riid, ppvObject)
#define IDXGIDebug1_AddRef(This) (This)->lpVtbl->AddRef(This)
#define IDXGIDebug1_Release(This) (This)->lpVtbl->Release(This)
#define IDXGIDebug1_ReportLiveObjects(This, apiid, flags) (This)->lpVtbl->ReportLiveObjects(This, apiid, flags)
#define IDXGIDebug1_EnableLeakTrackingForThread(This) (This)->lpVtbl->EnableLeakTrackingForThread(This)
#define IDXGIDebug1_DisableLeakTrackingForThread(This) (This)->lpVtbl->DisableLeakTrackingForThread(This)
#define IDXGIDebug1_IsLeakTrackingEnabledForThread(This) (This)->lpVtbl->IsLeakTrackingEnabledForThread(This)
#endif
#endif
#endif /* __IDXGIDebug1_INTERFACE_DEFINED__ */


/* winerror.h's DXGI results of swap chains, which DirectX-Headers' WSL stubs
 * lack (the Windows SDK and mingw-w64 have them). */
#ifndef DXGI_STATUS_OCCLUDED
#define DXGI_STATUS_OCCLUDED ((HRESULT)0x087A0001L)
#endif
#ifndef DXGI_ERROR_FRAME_STATISTICS_DISJOINT
#define DXGI_ERROR_FRAME_STATISTICS_DISJOINT ((HRESULT)0x887A000BL)
#endif
#ifndef DXGI_ERROR_NOT_CURRENTLY_AVAILABLE
#define DXGI_ERROR_NOT_CURRENTLY_AVAILABLE ((HRESULT)0x887A0022L)
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if defined(MOCKD3D12_DXGI_BUILDING) && defined(_WIN32)
#define MOCKD3D12_DXGI_API __declspec(dllexport)
#elif defined(MOCKD3D12_DXGI_BUILDING)
#define MOCKD3D12_DXGI_API __attribute__((visibility("default")))
#elif defined(_WIN32) && !defined(MOCKD3D12_STATIC)
#define MOCKD3D12_DXGI_API __declspec(dllimport)
#else
#define MOCKD3D12_DXGI_API
#endif

/* "The machine" (which adapters DXGI enumerates, WARP last):
 * mockd3d12_set_machine_adapters() and mockd3d12_machine_adapters() are
 * libd3d12's and declared in <mockd3d12/mockd3d12.h>, included above, since
 * the machine also decides D3D12CreateDevice(NULL)'s adapter. Factories take
 * a snapshot when created; IsCurrent() turns FALSE for them once the machine
 * differs from it. */

/* The DXGI adapter (IDXGIAdapter ... IDXGIAdapter4, queried for riid) of the
 * registered adapter with `luid`, as IDXGIDevice::GetAdapter of a D3D11 device
 * on it reports it (libd3d11 calls this): the object a new DXGI 1.1 factory's
 * EnumAdapters returns for it (GetParent gives that factory), or, for an
 * adapter outside the machine, one that factory holds but does not enumerate.
 * DXGI_ERROR_NOT_FOUND when no registered adapter has that LUID;
 * E_OUTOFMEMORY; the factory's errors for a bad machine (docs/dxgi.md). */
MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_adapter_for_luid(LUID luid, REFIID riid, void **adapter);

#ifndef _WIN32
/* Windows without a display (Linux; docs/dxgi.md "Windows without a display").
 * HWND is an integer there: any non-zero HWND is a window whose client area
 * is 1280 x 720, and these make simulated windows whose client area a test
 * sets (0 x 0, a minimised window, gives swap chains 8 x 8 as Windows does).
 * A destroyed simulated window is no window (DXGI_ERROR_INVALID_CALL when a
 * swap chain is made for it). create: E_INVALIDARG for a NULL `window`,
 * E_OUTOFMEMORY past 64 live windows; resize and destroy: E_INVALIDARG for a
 * handle that is no live simulated window. The Windows build uses real
 * windows and has none of these. */
MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_create_window(UINT width, UINT height, HWND *window);
MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_resize_window(HWND window, UINT width, UINT height);
MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_destroy_window(HWND window);
/* A simulated window's place on the desktop: its client area's top-left
 * corner at x, y (new windows are at 0, 0; other HWNDs stay there). It picks
 * the window's containing output: the output whose DesktopCoordinates hold
 * most of the client area, else the nearest. E_INVALIDARG for a handle that
 * is no live simulated window. */
MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_move_window(HWND window, INT x, INT y);
/* Minimises (TRUE) or restores (FALSE) a simulated window: minimised, its
 * client area is empty (swap chains sized from it take 8 x 8) and blt-model
 * (D3D11) swap chains' Present answers DXGI_STATUS_OCCLUDED; restored, it has
 * its size again. E_INVALIDARG for a handle that is no live simulated window. */
MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_minimize_window(HWND window, BOOL minimized);
#endif

#ifdef __cplusplus
}
#endif

#endif
