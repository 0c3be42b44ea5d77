/*
 * Events and threads for the fence suites, one source for both systems.
 * An event is what the runtime takes in SetEventOnCompletion: on Windows an
 * auto-reset event from CreateEvent; on Linux an eventfd descriptor cast to
 * HANDLE (as WSL's runtime takes it, docs/objects.md). event_wait() returns
 * WAIT_OBJECT_0 and resets the event when it was set within `ms`
 * milliseconds (INFINITE: no limit), WAIT_TIMEOUT otherwise, like
 * WaitForSingleObject on an auto-reset event.
 *
 * Include after mk_test.h.
 */
#ifndef MOCKD3D12_TESTS_EVENTS_H
#define MOCKD3D12_TESTS_EVENTS_H

#ifdef _WIN32
#include <windows.h>

static inline HANDLE event_create(void)
{
    return CreateEventA(NULL, FALSE, FALSE, NULL);
}

static inline unsigned event_wait(HANDLE event, unsigned ms)
{
    return WaitForSingleObject(event, ms);
}

static inline void event_set(HANDLE event)
{
    SetEvent(event);
}

static inline void event_destroy(HANDLE event)
{
    CloseHandle(event);
}

static inline void sleep_ms(unsigned ms)
{
    Sleep(ms);
}

typedef HANDLE test_thread;

struct test_thread_start
{
    void (*fn)(void *);
    void *arg;
};

static DWORD WINAPI test_thread_main(void *p)
{
    struct test_thread_start start = *(struct test_thread_start *)p;

    free(p);
    start.fn(start.arg);
    return 0;
}

/* Starts fn(arg) on a new thread; returns 0 (and *thread is NULL, never
 * indeterminate) when it could not be started. */
static inline int thread_start(test_thread *thread, void (*fn)(void *), void *arg)
{
    struct test_thread_start *start = malloc(sizeof(*start));

    *thread = NULL;
    if (!start)
        return 0;
    start->fn = fn;
    start->arg = arg;
    if (!(*thread = CreateThread(NULL, 0, test_thread_main, start, 0, NULL)))
        free(start);
    return *thread != NULL;
}

static inline void thread_join(test_thread thread)
{
    WaitForSingleObject(thread, INFINITE);
    CloseHandle(thread);
}

#else
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#ifndef WAIT_OBJECT_0
#define WAIT_OBJECT_0 0u
#endif
#ifndef WAIT_TIMEOUT
#define WAIT_TIMEOUT 258u
#endif
#ifndef INFINITE
#define INFINITE 0xffffffffu
#endif

static inline HANDLE event_create(void)
{
    int fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);

    return fd < 0 ? NULL : (HANDLE)(intptr_t)fd;
}

static inline unsigned event_wait(HANDLE event, unsigned ms)
{
    struct pollfd p = {(int)(intptr_t)event, POLLIN, 0};
    uint64_t count;
    int ready;

    do
        ready = poll(&p, 1, ms == INFINITE ? -1 : (int)ms);
    while (ready < 0 && errno == EINTR);
    if (ready <= 0)
        return WAIT_TIMEOUT;
    /* Reading resets the counter: an auto-reset event. */
    if (read(p.fd, &count, sizeof(count)) != (ssize_t)sizeof(count))
        return WAIT_TIMEOUT;
    return WAIT_OBJECT_0;
}

static inline void event_set(HANDLE event)
{
    const uint64_t one = 1;

    if (write((int)(intptr_t)event, &one, sizeof(one)) != (ssize_t)sizeof(one))
        abort();
}

static inline void event_destroy(HANDLE event)
{
    close((int)(intptr_t)event);
}

static inline void sleep_ms(unsigned ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};

    nanosleep(&ts, NULL);
}

typedef pthread_t test_thread;

struct test_thread_start
{
    void (*fn)(void *);
    void *arg;
};

static void *test_thread_main(void *p)
{
    struct test_thread_start start = *(struct test_thread_start *)p;

    free(p);
    start.fn(start.arg);
    return NULL;
}

/* Starts fn(arg) on a new thread; returns 0 (and *thread is zeroed, never
 * indeterminate) when it could not be started. */
static inline int thread_start(test_thread *thread, void (*fn)(void *), void *arg)
{
    struct test_thread_start *start = malloc(sizeof(*start));

    memset(thread, 0, sizeof(*thread));
    if (!start)
        return 0;
    start->fn = fn;
    start->arg = arg;
    if (pthread_create(thread, NULL, test_thread_main, start))
    {
        free(start);
        memset(thread, 0, sizeof(*thread));
        return 0;
    }
    return 1;
}

static inline void thread_join(test_thread thread)
{
    pthread_join(thread, NULL);
}
#endif

#endif
