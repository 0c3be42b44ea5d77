/*
 * ID3D12Fence / ID3D12Fence1: a 64-bit value on the CPU, the events and
 * threads waiting for it, and the waiters a command queue registers.
 *
 * A fence knows its device through the struct obj_device the device embeds
 * (obj_device.h). Fences report no debug message of their own: the
 * refusals are the device's (CreateFence, SetEventOnMultiple...).
 */
#ifndef MOCKD3D12_FENCE_H
#define MOCKD3D12_FENCE_H

#include <stdatomic.h>
#include <stdbool.h>

#include <mockd3d12/d3d12.h>

#include "platform.h"
#include "obj_device.h"

struct obj_fence;

/* ID3D12Device5::RemoveDevice: every live fence completes to UINT64_MAX
 * (its waiters fire) and stays there; later fences are not created. */
void obj_fence_remove_device(struct obj_device *owner);

/* Someone waiting for a fence value. fire() runs once, when the fence reaches
 * `value` (outside the fence's lock, in the thread that signalled); cancel()
 * instead when the fence is destroyed first. After either the fence no
 * longer touches the waiter. */
struct obj_fence_waiter
{
    struct obj_fence_waiter *next;
    UINT64 value;
    void (*fire)(struct obj_fence_waiter *waiter);
    void (*cancel)(struct obj_fence_waiter *waiter);
};

struct obj_fence
{
    ID3D12Fence1 ID3D12Fence1_iface;
    struct mk_object obj;
    D3D12_FENCE_FLAGS flags;

    mk_spinlock lock;                  /* guards removed, waiters and changes of value: held for a few list
                                        * operations, never across a call out (waiters fire after it) */
    _Atomic UINT64 value;              /* read without the lock (GetCompletedValue, a queue's check) */
    bool removed;
    struct obj_fence_waiter *waiters;  /* unsorted; few */
};

/* A fence (refcount 1) holding a reference on owner->device. Flags are the
 * caller's to validate. E_OUTOFMEMORY, or DXGI_ERROR_DEVICE_REMOVED after
 * obj_fence_remove_device(). */
HRESULT obj_fence_create(struct obj_device *owner, UINT64 initial_value, D3D12_FENCE_FLAGS flags,
        struct obj_fence **out);

/* The fence behind `iface`, or NULL when it is not one of ours (or NULL). */
struct obj_fence *obj_fence_from_iface(ID3D12Fence *iface);

static inline ID3D12Fence *obj_fence_iface(struct obj_fence *fence)
{
    return (ID3D12Fence *)&fence->ID3D12Fence1_iface;
}

UINT64 obj_fence_value(struct obj_fence *fence);
/* Sets the value (it may go down, as on Windows: vkd3d's test_cpu_signal_fence)
 * and fires every waiter it reaches. DXGI_ERROR_DEVICE_REMOVED, and nothing
 * changes, once the device is removed. */
HRESULT obj_fence_signal(struct obj_fence *fence, UINT64 value);
/* obj_fence_signal in two halves, for a caller that sets the value under a
 * lock of its own (a queue's): the waiters the value reaches are detached
 * into `reached` (NULL when none), and obj_fence_fire() fires them once the
 * caller's lock is released. */
HRESULT obj_fence_set(struct obj_fence *fence, UINT64 value, struct obj_fence_waiter **reached);
void obj_fence_fire(struct obj_fence_waiter *reached);
/* Registers `waiter` for waiter->value; false, and nothing is registered, when
 * the fence is already there (the caller goes on at once). */
bool obj_fence_add_waiter(struct obj_fence *fence, struct obj_fence_waiter *waiter);
/* Takes a registered waiter back; false when it is not registered any more
 * (it has fired, or is firing in another thread right now). */
bool obj_fence_remove_waiter(struct obj_fence *fence, struct obj_fence_waiter *waiter);

/* ID3D12Device1::SetEventOnMultipleFenceCompletion once its arguments are
 * checked (every fence one of ours): sets `event` (or returns, when NULL)
 * once all (`any` false) or one of the fences reached its value. */
HRESULT obj_fence_wait_multiple(struct obj_fence *const *fences, const UINT64 *values, UINT count, bool any,
        HANDLE event);

#endif
