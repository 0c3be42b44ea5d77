/*
 * Who is told when an adapter's video memory usage changes (memory_watch.h).
 * One table for the process, behind one lock; a count read without the lock
 * keeps a change free when nobody watches. A callback runs with the lock
 * held; the thread that runs it may watch and unwatch (a DXCore callback
 * that unregisters itself): those calls see that this thread holds the lock
 * already, and an unwatch only marks its entry, swept once the callbacks
 * are done.
 */
#include <stdatomic.h>

#include "alloc.h"
#include "memory_watch.h"
#include "platform.h"

struct memory_watch
{
    const void *key;
    obj_memory_watcher callback; /* NULL: unwatched during the callbacks */
    void *context;
    UINT cookie;
};

static mk_mutex watch_lock = MK_MUTEX_INIT;
static struct memory_watch *watches;
static size_t watch_count, watch_capacity;
static atomic_uint watching;           /* watch_count, readable without the lock */
static UINT next_cookie;
static _Thread_local bool notifying;   /* this thread runs callbacks: it holds the lock */

static void watch_lock_take(void)
{
    if (!notifying)
        mk_mutex_lock(&watch_lock);
}

static void watch_lock_give(void)
{
    if (!notifying)
        mk_mutex_unlock(&watch_lock);
}

/* Drops the unwatched entries, and the table once it is empty. Lock held. */
static void watch_sweep(void)
{
    size_t i = 0;

    while (i < watch_count)
    {
        if (!watches[i].callback)
            watches[i] = watches[--watch_count];
        else
            ++i;
    }
    atomic_store(&watching, (unsigned)watch_count);
    if (!watch_count)
    {
        mk_free(watches);
        watches = NULL;
        watch_capacity = 0;
    }
}

HRESULT obj_memory_watch(const void *key, obj_memory_watcher callback, void *context, UINT *cookie)
{
    HRESULT hr = S_OK;

    *cookie = 0;
    watch_lock_take();
    if (watch_count == watch_capacity)
    {
        size_t capacity = watch_capacity ? 2 * watch_capacity : 8;
        struct memory_watch *grown = mk_realloc(watches, capacity * sizeof(*grown));

        if (!grown)
            hr = E_OUTOFMEMORY;
        else
        {
            watches = grown;
            watch_capacity = capacity;
        }
    }
    if (SUCCEEDED(hr))
    {
        if (!++next_cookie) /* 0 is no cookie */
            ++next_cookie;
        watches[watch_count].key = key;
        watches[watch_count].callback = callback;
        watches[watch_count].context = context;
        watches[watch_count].cookie = *cookie = next_cookie;
        atomic_store(&watching, (unsigned)++watch_count);
    }
    watch_lock_give();
    return hr;
}

bool obj_memory_unwatch(UINT cookie)
{
    bool found = false;
    size_t i;

    watch_lock_take();
    for (i = 0; i < watch_count && !found; ++i)
    {
        if (watches[i].cookie == cookie && watches[i].callback)
        {
            watches[i].callback = NULL;
            found = true;
        }
    }
    if (!notifying)
        watch_sweep();
    watch_lock_give();
    return found;
}

void obj_memory_changed(const void *key)
{
    obj_memory_watcher callback;
    size_t i;

    /* `watching` first: with no watch (the common case) the thread-local
     * flag, a call into the dynamic loader in a shared library, is not read. */
    if (!key || !atomic_load(&watching) || notifying)
        return;
    mk_mutex_lock(&watch_lock);
    notifying = true;
    /* By index: a callback may add watches (the table may move); one added
     * now is called too if it watches this key. */
    for (i = 0; i < watch_count; ++i)
    {
        if (watches[i].key == key && (callback = watches[i].callback))
            callback(watches[i].context);
    }
    notifying = false;
    watch_sweep();
    mk_mutex_unlock(&watch_lock);
}
