/*
 * What a newer DirectX-Headers (retail >= 619 / preview >= 719) declares that
 * the rest of mockd3d12/d3d12_next.h still refers to: ID3D12Device12..15 and
 * the types of their methods, and the work-graph state-object interfaces
 * (1.613 / preview 1.714). Stand-ins for the guard tests only.
 */
#define __ID3D12StateObjectProperties1_FWD_DEFINED__
#define __ID3D12StateObjectProperties1_INTERFACE_DEFINED__
#define __ID3D12WorkGraphProperties_FWD_DEFINED__
#define __ID3D12WorkGraphProperties_INTERFACE_DEFINED__
#define __ID3D12Device12_FWD_DEFINED__
#define __ID3D12Device12_INTERFACE_DEFINED__
#define __ID3D12Device13_FWD_DEFINED__
#define __ID3D12Device13_INTERFACE_DEFINED__
#define __ID3D12Device14_FWD_DEFINED__
#define __ID3D12Device14_INTERFACE_DEFINED__
#define __ID3D12Device15_FWD_DEFINED__
#define __ID3D12Device15_INTERFACE_DEFINED__
#ifdef __cplusplus
struct ID3D12Device12 : public ID3D12Device11 {};
struct ID3D12Device13 : public ID3D12Device12 {};
struct ID3D12Device14 : public ID3D12Device13 {};
struct ID3D12Device15 : public ID3D12Device14 {};
#else
typedef struct ID3D12Device12 { void *fake_lpVtbl; } ID3D12Device12;
typedef struct ID3D12Device13 { void *fake_lpVtbl; } ID3D12Device13;
typedef struct ID3D12Device14 { void *fake_lpVtbl; } ID3D12Device14;
typedef struct ID3D12Device15 { void *fake_lpVtbl; } ID3D12Device15;
#endif
typedef struct D3D12_REGISTER_TRIM_NOTIFICATION { void *pfnCallback; void *pContext; DWORD CallbackCookie; } D3D12_REGISTER_TRIM_NOTIFICATION;
typedef enum D3D12_QUERY_HEAP_FLAGS { D3D12_QUERY_HEAP_FLAG_NONE = 0 } D3D12_QUERY_HEAP_FLAGS;
