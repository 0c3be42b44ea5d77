/*
 * The fault plan (docs/faults.md, issue 33): what fails and when, given by
 * MOCKD3D12_FAULTS or mockd3d12_set_faults. A plan is a list of rules
 * "ACTION@METHOD#N" joined by ';': the N-th call of METHOD in the process
 * (counted from when the plan was set) removes the device with a reason,
 * fails with E_OUTOFMEMORY, or sets the adapter's video-memory budget.
 *
 * Without a plan a hooked call costs one relaxed load and a predictable
 * branch (mk_faults_on). With one, each rule has an atomic call counter:
 * no lock and no allocation on the calls it watches, and the same calls
 * give the same faults on every run, whatever the threads.
 */
#ifndef MOCKD3D12_FAULTS_H
#define MOCKD3D12_FAULTS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include <mockd3d12/d3d12.h>

struct mk_device;

/* True while a plan with at least one rule is in force. */
extern atomic_bool mk_faults_armed;

static inline bool mk_faults_on(void)
{
    return __builtin_expect(atomic_load_explicit(&mk_faults_armed, memory_order_relaxed), 0);
}

/* One call of `method` ("ID3D12Device::CreateCommittedResource": what the
 * plan names is the part after "::") on `device`, with a plan in force:
 * counted by every rule naming it. S_OK when no rule fires; E_OUTOFMEMORY
 * for an oom rule; DXGI_ERROR_DEVICE_REMOVED for a remove rule, after
 * every device of the adapter was removed with the rule's reason. */
HRESULT mk_faults_call(struct mk_device *device, const char *method);

/* One ExecuteCommandLists, as DRED records the submission a fault hangs. */
struct mk_submission
{
    struct mk_device *device;
    ID3D12CommandQueue *queue;
    UINT count;
    ID3D12CommandList *const *lists;
};

/* What a call of a queue tells the plan beyond its method. */
struct mk_fault_call
{
    unsigned queue;     /* the process's queue number, from 1 (a rule's ":queue=K"); 0: no queue */
    bool has_value;     /* a Signal's or Wait's fence value (a rule's "Signal=VALUE") */
    uint64_t value;
    /* ExecuteCommandLists: a removal it fires on gives DRED the submission
     * (NULL: none), whose lists then never finish. */
    const struct mk_submission *submission;
};

/* mk_faults_call for a method of a queue. */
HRESULT mk_faults_call_queue(struct mk_device *device, const char *method, const struct mk_fault_call *call);

/* What a removal tells DRED (src/device/dred.c) beyond its reason: a plan's
 * page fault and the operation the GPU stopped at, and the submission that
 * was running. */
struct mk_removal_fault
{
    bool page_fault;                     /* a pagefault rule */
    D3D12_GPU_VIRTUAL_ADDRESS va;        /* its address */
    bool has_op;                         /* the rule's ":op=K" */
    uint64_t op;                         /* K: operations of the submission that completed */
    const struct mk_submission *submission;
};

/* The control API's plan (mockd3d12_set_faults): the plan's text, or
 * "@path" for a file; it replaces the plan in force, its counts from zero,
 * and "" clears it. On a bad plan nothing changes, E_INVALIDARG, and `why`
 * is "<origin>:<line>:<column>: <reason>" (the origin: the file's path, or
 * "mockd3d12_set_faults"). NULL forgets the control API's plan:
 * MOCKD3D12_FAULTS is read again at the next device creation. */
HRESULT mk_faults_control(const char *plan, char *why, size_t why_size);

/* Reads MOCKD3D12_FAULTS once (at device creation; later calls return the
 * first answer) unless the control API set a plan: E_INVALIDARG with `why`
 * for a bad plan or an unreadable file. */
HRESULT mk_faults_init(char *why, size_t why_size);

/* Forgets every plan (mockd3d12_reset). Not to be called while other
 * threads make calls. */
void mk_faults_reset(void);

/* A device-removed reason as the fault plan and the debug layer name it: the
 * plan's word ("hung"), the HRESULT (mk_trace_hresult_name names it), the
 * debug layer's message (D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_*) and what
 * Windows' DXGI_ERROR documentation says it means. Text in arrays, not
 * pointers: the table needs no relocation at load. */
struct mk_fault_reason
{
    char word[12];
    HRESULT hr;
    D3D12_MESSAGE_ID message;
    char meaning[96];
};

/* The reason of `hr` (DXGI_ERROR_DEVICE_REMOVED's for an unknown one). */
const struct mk_fault_reason *mk_fault_reason_of(HRESULT hr);

/* The rule that removed a device, as the trace and the debug layer cite it
 * (mk_faults_call passes it to the removal): NULL when no rule did. */
struct mk_fault_cause
{
    const char *rule;   /* the rule's text, e.g. "remove:hung@ExecuteCommandLists#3" */
    const char *method; /* the call it fired on */
};

#endif
