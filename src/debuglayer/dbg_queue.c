/*
 * The message queue behind ID3D12InfoQueue1 and ID3D11InfoQueue
 * (dbg_queue.h).
 *
 * A message runs through the top storage filter; if it passes it is stored
 * (the oldest stored message is pushed out once `limit` are held), written to
 * the debug output unless muted, and given to the callbacks. Callbacks
 * registered with D3D12_MESSAGE_CALLBACK_IGNORE_FILTERS also get the messages
 * the storage filter denied. One mutex per queue; callbacks and the debug
 * output run after it is released, so a callback may call back into the queue.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "dbg_queue.h"

#define DBG_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ---- Lists and filters ---- */
static bool list_has(const struct dbg_list *list, UINT value)
{
    UINT i;

    for (i = 0; i < list->count; ++i)
    {
        if (list->items[i] == value)
            return true;
    }
    return false;
}

/* Appends the values the list does not hold yet. */
static bool list_add(struct dbg_list *list, const UINT *values, UINT count)
{
    UINT i;

    if (count > UINT32_MAX - list->count)
        return false;
    if (list->count + count > list->capacity)
    {
        UINT capacity = list->count + count;
        UINT *items;

        if (capacity < 8)
            capacity = 8;
        if (!(items = mk_realloc(list->items, (size_t)capacity * sizeof(*items))))
            return false;
        list->items = items;
        list->capacity = capacity;
    }
    for (i = 0; i < count; ++i)
    {
        if (!list_has(list, values[i]))
            list->items[list->count++] = values[i];
    }
    return true;
}

static void list_remove(struct dbg_list *list, UINT value)
{
    UINT i;

    for (i = 0; i < list->count; ++i)
    {
        if (list->items[i] == value)
        {
            list->items[i] = list->items[--list->count];
            return;
        }
    }
}

static void list_free(struct dbg_list *list)
{
    mk_free(list->items);
    memset(list, 0, sizeof(*list));
}

static void filter_clear(struct dbg_filter *filter)
{
    unsigned int k;

    for (k = 0; k < DBG_FILTER_KIND_COUNT; ++k)
    {
        list_free(&filter->allow[k]);
        list_free(&filter->deny[k]);
    }
}

/* Deny wins: a message on any deny list is out. Each non-empty allow list
 * must then hold the message's category, severity or id respectively. */
static bool filter_passes(const struct dbg_filter *filter, D3D12_MESSAGE_CATEGORY category,
        D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id)
{
    const UINT values[DBG_FILTER_KIND_COUNT] = {(UINT)category, (UINT)severity, (UINT)id};
    unsigned int k;

    for (k = 0; k < DBG_FILTER_KIND_COUNT; ++k)
    {
        if (list_has(&filter->deny[k], values[k]))
            return false;
    }
    for (k = 0; k < DBG_FILTER_KIND_COUNT; ++k)
    {
        if (filter->allow[k].count && !list_has(&filter->allow[k], values[k]))
            return false;
    }
    return true;
}

static void desc_lists(const D3D12_INFO_QUEUE_FILTER_DESC *desc, const UINT *lists[DBG_FILTER_KIND_COUNT],
        UINT counts[DBG_FILTER_KIND_COUNT])
{
    lists[DBG_FILTER_CATEGORY] = (const UINT *)desc->pCategoryList;
    counts[DBG_FILTER_CATEGORY] = desc->NumCategories;
    lists[DBG_FILTER_SEVERITY] = (const UINT *)desc->pSeverityList;
    counts[DBG_FILTER_SEVERITY] = desc->NumSeverities;
    lists[DBG_FILTER_ID] = (const UINT *)desc->pIDList;
    counts[DBG_FILTER_ID] = desc->NumIDs;
}

static bool desc_valid(const D3D12_INFO_QUEUE_FILTER_DESC *desc)
{
    return (!desc->NumCategories || desc->pCategoryList) && (!desc->NumSeverities || desc->pSeverityList)
            && (!desc->NumIDs || desc->pIDList);
}

/* All or nothing: on failure `filter` is as it was. */
static HRESULT filter_add(struct dbg_filter *filter, const D3D12_INFO_QUEUE_FILTER *entries)
{
    const D3D12_INFO_QUEUE_FILTER_DESC *descs[2] = {&entries->AllowList, &entries->DenyList};
    struct dbg_filter copy;
    unsigned int d, k;

    if (!desc_valid(&entries->AllowList) || !desc_valid(&entries->DenyList))
        return E_INVALIDARG;
    memset(&copy, 0, sizeof(copy));
    for (d = 0; d < 2; ++d)
    {
        struct dbg_list *dst = d ? filter->deny : filter->allow, *tmp = d ? copy.deny : copy.allow;
        const UINT *lists[DBG_FILTER_KIND_COUNT];
        UINT counts[DBG_FILTER_KIND_COUNT];

        desc_lists(descs[d], lists, counts);
        for (k = 0; k < DBG_FILTER_KIND_COUNT; ++k)
        {
            if (!list_add(&tmp[k], dst[k].items, dst[k].count) || !list_add(&tmp[k], lists[k], counts[k]))
            {
                filter_clear(&copy);
                return E_OUTOFMEMORY;
            }
        }
    }
    filter_clear(filter);
    *filter = copy;
    return S_OK;
}

static SIZE_T filter_byte_length(const struct dbg_filter *filter)
{
    SIZE_T size = sizeof(D3D12_INFO_QUEUE_FILTER);
    unsigned int k;

    for (k = 0; k < DBG_FILTER_KIND_COUNT; ++k)
        size += (SIZE_T)(filter->allow[k].count + filter->deny[k].count) * sizeof(UINT);
    return size;
}

/* Copies the list's items to *cursor and moves it past them; returns where they start. */
static UINT *list_put(UINT **cursor, const struct dbg_list *list)
{
    UINT *start = *cursor;

    memcpy(start, list->items, list->count * sizeof(UINT));
    *cursor += list->count;
    return start;
}

/* The two-call pattern: NULL `out` asks for the size; the filter and its
 * lists are written in one block, the lists right after the struct. */
static HRESULT filter_get(const struct dbg_filter *filter, D3D12_INFO_QUEUE_FILTER *out, SIZE_T *byte_length)
{
    SIZE_T needed = filter_byte_length(filter);
    UINT *cursor;
    unsigned int d;

    if (!byte_length)
        return E_INVALIDARG;
    if (!out)
    {
        *byte_length = needed;
        return S_OK;
    }
    if (*byte_length < needed)
        return E_INVALIDARG;

    memset(out, 0, sizeof(*out));
    cursor = (UINT *)(out + 1);
    for (d = 0; d < 2; ++d)
    {
        const struct dbg_list *lists = d ? filter->deny : filter->allow;
        D3D12_INFO_QUEUE_FILTER_DESC *desc = d ? &out->DenyList : &out->AllowList;

        if ((desc->NumCategories = lists[DBG_FILTER_CATEGORY].count))
            desc->pCategoryList = (D3D12_MESSAGE_CATEGORY *)list_put(&cursor, &lists[DBG_FILTER_CATEGORY]);
        if ((desc->NumSeverities = lists[DBG_FILTER_SEVERITY].count))
            desc->pSeverityList = (D3D12_MESSAGE_SEVERITY *)list_put(&cursor, &lists[DBG_FILTER_SEVERITY]);
        if ((desc->NumIDs = lists[DBG_FILTER_ID].count))
            desc->pIDList = (D3D12_MESSAGE_ID *)list_put(&cursor, &lists[DBG_FILTER_ID]);
    }
    *byte_length = needed;
    return S_OK;
}

/* ---- Filter stacks ---- */
static struct dbg_filter *stack_top(struct dbg_filter_stack *stack)
{
    return &stack->filters[stack->size - 1];
}

static HRESULT stack_init(struct dbg_filter_stack *stack)
{
    memset(stack, 0, sizeof(*stack));
    if (!(stack->filters = mk_calloc(4, sizeof(*stack->filters))))
        return E_OUTOFMEMORY;
    stack->capacity = 4;
    stack->size = 1;
    return S_OK;
}

static void stack_cleanup(struct dbg_filter_stack *stack)
{
    UINT i;

    for (i = 0; i < stack->size; ++i)
        filter_clear(&stack->filters[i]);
    mk_free(stack->filters);
    memset(stack, 0, sizeof(*stack));
}

/* Pushes an empty filter, then adds `entries` (a copy of `entries` when
 * `copy_top`): all or nothing. */
static HRESULT stack_push(struct dbg_filter_stack *stack, const D3D12_INFO_QUEUE_FILTER *entries, bool copy_top)
{
    struct dbg_filter filter;
    HRESULT hr;

    if (stack->size == UINT32_MAX)
        return E_OUTOFMEMORY;
    if (stack->size == stack->capacity)
    {
        struct dbg_filter *filters;
        UINT capacity = stack->capacity * 2;

        if (!(filters = mk_realloc(stack->filters, (size_t)capacity * sizeof(*filters))))
            return E_OUTOFMEMORY;
        stack->filters = filters;
        stack->capacity = capacity;
    }
    memset(&filter, 0, sizeof(filter));
    if (copy_top)
    {
        const struct dbg_filter *top = stack_top(stack);
        unsigned int k;

        for (k = 0; k < DBG_FILTER_KIND_COUNT; ++k)
        {
            if (!list_add(&filter.allow[k], top->allow[k].items, top->allow[k].count)
                    || !list_add(&filter.deny[k], top->deny[k].items, top->deny[k].count))
            {
                filter_clear(&filter);
                return E_OUTOFMEMORY;
            }
        }
    }
    if (entries && FAILED(hr = filter_add(&filter, entries)))
    {
        filter_clear(&filter);
        return hr;
    }
    stack->filters[stack->size++] = filter;
    return S_OK;
}

/* The bottom filter stays: popping it is a no-op. */
static void stack_pop(struct dbg_filter_stack *stack)
{
    if (stack->size > 1)
        filter_clear(&stack->filters[--stack->size]);
}

/* ---- Stored messages ---- */
static void ring_drop_oldest(struct dbg_queue *queue)
{
    mk_free(queue->ring[queue->head]);
    queue->ring[queue->head] = NULL;
    queue->head = (queue->head + 1) % queue->ring_capacity;
    --queue->count;
    ++queue->discarded_by_limit;
}

static void ring_trim(struct dbg_queue *queue, UINT64 limit)
{
    while (queue->count && queue->count > limit)
        ring_drop_oldest(queue);
}

/* Takes ownership of `message`. Memory stays bounded by the limit: the ring
 * grows by doubling up to it, then the oldest message makes room. */
static void ring_store(struct dbg_queue *queue, struct dbg_message *message)
{
    if (!queue->limit)
    {
        mk_free(message);
        ++queue->discarded_by_limit;
        return;
    }
    ring_trim(queue, queue->limit - 1);
    if (queue->count == queue->ring_capacity)
    {
        size_t capacity = queue->ring_capacity ? queue->ring_capacity * 2 : 16, i;
        struct dbg_message **ring;

        if (capacity > queue->limit)
            capacity = (size_t)queue->limit;
        if (capacity > SIZE_MAX / sizeof(*ring) || !(ring = mk_alloc(capacity * sizeof(*ring))))
        {
            mk_free(message);
            ++queue->discarded_by_limit;
            return;
        }
        for (i = 0; i < queue->count; ++i)
            ring[i] = queue->ring[(queue->head + i) % queue->ring_capacity];
        mk_free(queue->ring);
        queue->ring = ring;
        queue->ring_capacity = capacity;
        queue->head = 0;
    }
    queue->ring[(queue->head + queue->count) % queue->ring_capacity] = message;
    ++queue->count;
}

static const struct dbg_message *ring_at(const struct dbg_queue *queue, size_t index)
{
    return queue->ring[(queue->head + index) % queue->ring_capacity];
}

static void ring_clear(struct dbg_queue *queue)
{
    while (queue->count)
    {
        mk_free(queue->ring[queue->head]);
        queue->head = (queue->head + 1) % queue->ring_capacity;
        --queue->count;
    }
    queue->head = 0;
}

/* The index-th stored message the retrieval filter allows, or NULL. */
static const struct dbg_message *retrieve(struct dbg_queue *queue, UINT64 index)
{
    const struct dbg_filter *filter = stack_top(&queue->retrieval);
    size_t i;

    for (i = 0; i < queue->count; ++i)
    {
        const struct dbg_message *m = ring_at(queue, i);

        if (filter_passes(filter, m->category, m->severity, m->id) && !index--)
            return m;
    }
    return NULL;
}

HRESULT dbg_queue_init(struct dbg_queue *queue, UINT64 limit, dbg_queue_output_fn output, UINT category_count,
        UINT severity_count)
{
    HRESULT hr;

    memset(queue, 0, sizeof(*queue));
    mk_mutex_init(&queue->lock);
    queue->limit = limit;
    queue->output = output;
    queue->category_count = category_count;
    queue->severity_count = severity_count;
    queue->next_cookie = 1;
    atomic_init(&queue->mute_debug_output, false);
    if (FAILED(hr = stack_init(&queue->storage)))
        return hr;
    if (FAILED(hr = stack_init(&queue->retrieval)))
    {
        stack_cleanup(&queue->storage);
        return hr;
    }
    return S_OK;
}

void dbg_queue_cleanup(struct dbg_queue *queue)
{
    if (queue->ring)
        ring_clear(queue);
    mk_free(queue->ring);
    stack_cleanup(&queue->storage);
    stack_cleanup(&queue->retrieval);
    list_free(&queue->break_on_id);
    mk_free(queue->callbacks);
    mk_mutex_destroy(&queue->lock);
}

void dbg_queue_add(struct dbg_queue *queue, D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
        D3D12_MESSAGE_ID id, const char *text)
{
    struct dbg_callback stack_callbacks[8], *callbacks = stack_callbacks;
    size_t length = strlen(text) + 1;
    UINT i, callback_count = 0;
    bool passes, output;

    mk_mutex_lock(&queue->lock);
    passes = filter_passes(stack_top(&queue->storage), category, severity, id);
    if (passes)
    {
        struct dbg_message *message;

        ++queue->allowed_by_storage_filter;
        if ((message = mk_alloc(sizeof(*message) + length)))
        {
            message->category = category;
            message->severity = severity;
            message->id = id;
            message->length = length;
            memcpy(message->text, text, length);
            ring_store(queue, message);
        }
        else
        {
            ++queue->discarded_by_limit;
        }
    }
    else
    {
        ++queue->denied_by_storage_filter;
    }
    output = passes && !atomic_load(&queue->mute_debug_output);

    if (queue->callback_count > DBG_ARRAY_SIZE(stack_callbacks)
            && !(callbacks = mk_alloc(queue->callback_count * sizeof(*callbacks))))
        callbacks = stack_callbacks; /* out of memory: the first few still hear it */
    for (i = 0; i < queue->callback_count; ++i)
    {
        const struct dbg_callback *c = &queue->callbacks[i];

        if (callbacks == stack_callbacks && callback_count == DBG_ARRAY_SIZE(stack_callbacks))
            break;
        if (passes || (c->flags & D3D12_MESSAGE_CALLBACK_IGNORE_FILTERS))
            callbacks[callback_count++] = *c;
    }
    mk_mutex_unlock(&queue->lock);

    if (output && queue->output)
        queue->output(category, severity, id, text);
    for (i = 0; i < callback_count; ++i)
        callbacks[i].func(category, severity, id, text, callbacks[i].context);
    if (callbacks != stack_callbacks)
        mk_free(callbacks);
}


/* ---- The operations behind the info-queue methods ---- */

static struct dbg_filter_stack *stack_of(struct dbg_queue *queue, enum dbg_stack_kind kind)
{
    return kind == DBG_STACK_STORAGE ? &queue->storage : &queue->retrieval;
}

void dbg_queue_set_limit(struct dbg_queue *queue, UINT64 limit)
{
    mk_mutex_lock(&queue->lock);
    queue->limit = limit;
    ring_trim(queue, limit);
    mk_mutex_unlock(&queue->lock);
}

void dbg_queue_clear_stored(struct dbg_queue *queue)
{
    mk_mutex_lock(&queue->lock);
    if (queue->ring)
        ring_clear(queue);
    mk_mutex_unlock(&queue->lock);
}

HRESULT dbg_queue_get_message(struct dbg_queue *queue, UINT64 index, D3D12_MESSAGE *out, SIZE_T *byte_length)
{
    const struct dbg_message *message;
    HRESULT hr = S_OK;
    SIZE_T needed;

    if (!byte_length)
        return E_INVALIDARG;
    mk_mutex_lock(&queue->lock);
    if (!(message = retrieve(queue, index)))
    {
        hr = E_INVALIDARG;
    }
    else
    {
        needed = sizeof(D3D12_MESSAGE) + message->length;
        if (!out)
        {
            *byte_length = needed;
        }
        else if (*byte_length < needed)
        {
            hr = E_INVALIDARG;
        }
        else
        {
            char *text = (char *)(out + 1);

            memcpy(text, message->text, message->length);
            out->Category = message->category;
            out->Severity = message->severity;
            out->ID = message->id;
            out->pDescription = text;
            out->DescriptionByteLength = message->length;
            *byte_length = needed;
        }
    }
    mk_mutex_unlock(&queue->lock);
    return hr;
}

UINT64 dbg_queue_counter(struct dbg_queue *queue, enum dbg_counter counter)
{
    UINT64 value = 0;
    size_t i;

    mk_mutex_lock(&queue->lock);
    switch (counter)
    {
        case DBG_ALLOWED_BY_STORAGE: value = queue->allowed_by_storage_filter; break;
        case DBG_DENIED_BY_STORAGE: value = queue->denied_by_storage_filter; break;
        case DBG_STORED: value = queue->count; break;
        case DBG_DISCARDED_BY_LIMIT: value = queue->discarded_by_limit; break;
        case DBG_LIMIT: value = queue->limit; break;
        case DBG_STORED_ALLOWED_BY_RETRIEVAL:
            for (i = 0; i < queue->count; ++i)
            {
                const struct dbg_message *m = ring_at(queue, i);

                value += filter_passes(stack_top(&queue->retrieval), m->category, m->severity, m->id);
            }
            break;
    }
    mk_mutex_unlock(&queue->lock);
    return value;
}

HRESULT dbg_queue_add_filter_entries(struct dbg_queue *queue, enum dbg_stack_kind kind,
        const D3D12_INFO_QUEUE_FILTER *entries)
{
    HRESULT hr;

    if (!entries)
        return E_INVALIDARG;
    mk_mutex_lock(&queue->lock);
    hr = filter_add(stack_top(stack_of(queue, kind)), entries);
    mk_mutex_unlock(&queue->lock);
    return hr;
}

HRESULT dbg_queue_get_filter(struct dbg_queue *queue, enum dbg_stack_kind kind, D3D12_INFO_QUEUE_FILTER *out,
        SIZE_T *byte_length)
{
    HRESULT hr;

    mk_mutex_lock(&queue->lock);
    hr = filter_get(stack_top(stack_of(queue, kind)), out, byte_length);
    mk_mutex_unlock(&queue->lock);
    return hr;
}

void dbg_queue_clear_filter(struct dbg_queue *queue, enum dbg_stack_kind kind)
{
    mk_mutex_lock(&queue->lock);
    filter_clear(stack_top(stack_of(queue, kind)));
    mk_mutex_unlock(&queue->lock);
}

HRESULT dbg_queue_push_filter(struct dbg_queue *queue, enum dbg_stack_kind kind,
        const D3D12_INFO_QUEUE_FILTER *entries, bool copy_top)
{
    HRESULT hr;

    mk_mutex_lock(&queue->lock);
    hr = stack_push(stack_of(queue, kind), entries, copy_top);
    mk_mutex_unlock(&queue->lock);
    return hr;
}

void dbg_queue_pop_filter(struct dbg_queue *queue, enum dbg_stack_kind kind)
{
    mk_mutex_lock(&queue->lock);
    stack_pop(stack_of(queue, kind));
    mk_mutex_unlock(&queue->lock);
}

UINT dbg_queue_filter_stack_size(struct dbg_queue *queue, enum dbg_stack_kind kind)
{
    UINT size;

    mk_mutex_lock(&queue->lock);
    size = stack_of(queue, kind)->size;
    mk_mutex_unlock(&queue->lock);
    return size;
}

static bool category_valid(const struct dbg_queue *queue, D3D12_MESSAGE_CATEGORY category)
{
    return (UINT)category < queue->category_count && (UINT)category < DBG_BREAK_CATEGORY_SLOTS;
}

static bool severity_valid(const struct dbg_queue *queue, D3D12_MESSAGE_SEVERITY severity)
{
    return (UINT)severity < queue->severity_count && (UINT)severity < DBG_BREAK_SEVERITY_SLOTS;
}

HRESULT dbg_queue_add_checked(struct dbg_queue *queue, D3D12_MESSAGE_CATEGORY category,
        D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id, const char *text)
{
    if (!text || !category_valid(queue, category) || !severity_valid(queue, severity))
        return E_INVALIDARG;
    dbg_queue_add(queue, category, severity, id, text);
    return S_OK;
}

/* The break-on flag of a category or a severity, or NULL for one the
 * runtime does not know. */
static bool *break_flag(struct dbg_queue *queue, enum dbg_filter_kind kind, UINT value)
{
    if (kind == DBG_FILTER_CATEGORY)
        return category_valid(queue, (D3D12_MESSAGE_CATEGORY)value) ? &queue->break_on_category[value] : NULL;
    return severity_valid(queue, (D3D12_MESSAGE_SEVERITY)value) ? &queue->break_on_severity[value] : NULL;
}

HRESULT dbg_queue_set_break_on(struct dbg_queue *queue, enum dbg_filter_kind kind, UINT value, BOOL enable)
{
    bool *flag = NULL;
    HRESULT hr = S_OK;

    if (kind != DBG_FILTER_ID && !(flag = break_flag(queue, kind, value)))
        return E_INVALIDARG;
    mk_mutex_lock(&queue->lock);
    if (flag)
        *flag = !!enable;
    else if (!enable)
        list_remove(&queue->break_on_id, value);
    else if (!list_add(&queue->break_on_id, &value, 1))
        hr = E_OUTOFMEMORY;
    mk_mutex_unlock(&queue->lock);
    return hr;
}

BOOL dbg_queue_get_break_on(struct dbg_queue *queue, enum dbg_filter_kind kind, UINT value)
{
    bool *flag = NULL;
    BOOL on;

    if (kind != DBG_FILTER_ID && !(flag = break_flag(queue, kind, value)))
        return FALSE;
    mk_mutex_lock(&queue->lock);
    on = flag ? *flag : list_has(&queue->break_on_id, value);
    mk_mutex_unlock(&queue->lock);
    return on;
}

void dbg_queue_set_mute(struct dbg_queue *queue, BOOL mute)
{
    atomic_store(&queue->mute_debug_output, !!mute);
}

BOOL dbg_queue_get_mute(struct dbg_queue *queue)
{
    return atomic_load(&queue->mute_debug_output);
}

HRESULT dbg_queue_register_callback(struct dbg_queue *queue, D3D12MessageFunc func,
        D3D12_MESSAGE_CALLBACK_FLAGS flags, void *context, DWORD *cookie)
{
    HRESULT hr = S_OK;

    if (!func || !cookie || (flags & ~D3D12_MESSAGE_CALLBACK_IGNORE_FILTERS))
        return E_INVALIDARG;
    mk_mutex_lock(&queue->lock);
    if (queue->callback_count == queue->callback_capacity)
    {
        UINT capacity = queue->callback_capacity ? queue->callback_capacity * 2 : 4;
        struct dbg_callback *callbacks;

        if (!(callbacks = mk_realloc(queue->callbacks, (size_t)capacity * sizeof(*callbacks))))
            hr = E_OUTOFMEMORY;
        else
        {
            queue->callbacks = callbacks;
            queue->callback_capacity = capacity;
        }
    }
    if (SUCCEEDED(hr))
    {
        struct dbg_callback *c = &queue->callbacks[queue->callback_count++];

        if (!queue->next_cookie) /* wrapped: 0 is never a cookie */
            queue->next_cookie = 1;
        c->cookie = queue->next_cookie++;
        c->func = func;
        c->flags = flags;
        c->context = context;
        *cookie = c->cookie;
    }
    mk_mutex_unlock(&queue->lock);
    return hr;
}

HRESULT dbg_queue_unregister_callback(struct dbg_queue *queue, DWORD cookie)
{
    HRESULT hr = E_INVALIDARG;
    UINT i;

    mk_mutex_lock(&queue->lock);
    for (i = 0; i < queue->callback_count; ++i)
    {
        if (queue->callbacks[i].cookie == cookie)
        {
            memmove(&queue->callbacks[i], &queue->callbacks[i + 1],
                    (queue->callback_count - i - 1) * sizeof(*queue->callbacks));
            --queue->callback_count;
            hr = S_OK;
            break;
        }
    }
    mk_mutex_unlock(&queue->lock);
    return hr;
}
