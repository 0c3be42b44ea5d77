/*
 * ID3D12CommandQueue: a real object (type, priority, flags, node mask, private
 * data, GetDevice) that executes nothing, but keeps the GPU's order: Signal
 * and Wait on fences, in submission order, blocked behind a Wait whose value
 * is not reached yet (docs/objects.md).
 */
#ifndef MOCKD3D12_COMMAND_QUEUE_H
#define MOCKD3D12_COMMAND_QUEUE_H

#include "device.h"
#include "fence.h"

struct mk_queue_op;
struct obj_fence;

struct mk_command_queue
{
    ID3D12CommandQueue ID3D12CommandQueue_iface;
    struct mk_object obj;          /* internal references: one while `waiter` may fire */
    D3D12_COMMAND_QUEUE_DESC desc; /* NodeMask normalised (0 -> 1) */
    unsigned ordinal;              /* the process's K-th queue, from 1: a plan's ":queue=K" */

    /* The GPU timeline on the CPU: operations behind an unmet Wait, in
     * submission order (the head is that Wait while `blocked`). A spin lock:
     * it is never held across a signal, a waiter's firing or an allocation. */
    mk_spinlock ops_lock;
    struct mk_queue_op *ops, **ops_tail;
    bool blocked;                   /* `waiter` is registered on the head's fence */
    bool draining;                  /* a thread is running the operations */
    bool released;                  /* the last public reference is gone */
    struct obj_fence_waiter waiter;
};

/* S_OK when `desc` is a queue `device` can create; E_INVALIDARG otherwise. */
HRESULT mk_command_queue_check_desc(struct mk_device *device, const D3D12_COMMAND_QUEUE_DESC *desc);

/* Validates `desc` and creates a queue (refcount 1) that holds a reference to
 * `device`. E_INVALIDARG for a bad type, priority, flag or node mask. */
HRESULT mk_command_queue_create(struct mk_device *device, const D3D12_COMMAND_QUEUE_DESC *desc,
        struct mk_command_queue **out);

/* The queue behind `iface` when it is one of libd3d12's, else NULL. */
struct mk_command_queue *mk_command_queue_from_iface(ID3D12CommandQueue *iface);

/* Counts the queues from 1 again (mockd3d12_reset, through mk_faults_reset). */
void mk_command_queue_reset_ordinals(void);

/* GetTimestampFrequency's answer on `adapter` (never 0; docs/objects.md). */
UINT64 mk_command_queue_timestamp_frequency(const struct caps_adapter *adapter);

#endif
