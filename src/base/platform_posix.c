/*
 * The POSIX side of src/platform.h: mutexes, environment, files, and the
 * main program's exported D3D12SDKVersion.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

#include "alloc.h"
#include "platform.h"

void mk_mutex_init(mk_mutex *m)
{
    /* The default mutex, as the static initialiser makes it: a copy, where
     * pthread_mutex_init reads an attribute object (~80 instructions; every
     * fence and queue makes one). */
    static const pthread_mutex_t initial = PTHREAD_MUTEX_INITIALIZER;

    *m = initial;
}

void mk_spinlock_wait(mk_spinlock *l)
{
    unsigned spins = 0;

    /* Until it looks free: a few pauses, then the processor to another thread
     * (the holder may be waiting for it). */
    while (atomic_load_explicit(&l->held, memory_order_relaxed))
    {
        if (++spins < 64)
        {
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#endif
        }
        else
            sched_yield();
    }
}

void mk_mutex_destroy(mk_mutex *m)
{
    pthread_mutex_destroy(m);
}

void mk_mutex_lock(mk_mutex *m)
{
    pthread_mutex_lock(m);
}

void mk_mutex_unlock(mk_mutex *m)
{
    pthread_mutex_unlock(m);
}

void mk_cond_init(mk_cond *c)
{
    pthread_cond_init(c, NULL);
}

void mk_cond_destroy(mk_cond *c)
{
    pthread_cond_destroy(c);
}

void mk_cond_wait(mk_cond *c, mk_mutex *m)
{
    pthread_cond_wait(c, m);
}

void mk_cond_broadcast(mk_cond *c)
{
    pthread_cond_broadcast(c);
}

/* An eventfd counter (or any descriptor that takes 8 bytes): one write makes
 * it readable; the waiter's read (or poll and read) resets it. */
int mk_event_set(HANDLE event)
{
    const uint64_t one = 1;
    intptr_t fd = (intptr_t)event;
    ssize_t written;

    if (fd < 0 || fd > INT32_MAX)
        return 0;
    do
        written = write((int)fd, &one, sizeof(one));
    while (written < 0 && errno == EINTR);
    /* EAGAIN: the counter is at its maximum, i.e. already set. */
    return written == (ssize_t)sizeof(one) || (written < 0 && errno == EAGAIN);
}

/* A descriptor is a HANDLE only when it is not 0 (NULL is "no handle"). */
static HANDLE fd_handle(int fd)
{
    int moved;

    if (fd != 0)
        return fd < 0 ? NULL : (HANDLE)(intptr_t)fd;
    moved = fcntl(fd, F_DUPFD_CLOEXEC, 1);
    close(fd);
    return moved < 0 ? NULL : (HANDLE)(intptr_t)moved;
}

HANDLE mk_semaphore_create(unsigned initial)
{
    return fd_handle(eventfd(initial, EFD_CLOEXEC | EFD_SEMAPHORE));
}

void mk_semaphore_release(HANDLE semaphore, unsigned count)
{
    const uint64_t add = count;
    ssize_t written;

    if (!count)
        return;
    do
        written = write((int)(intptr_t)semaphore, &add, sizeof(add));
    while (written < 0 && errno == EINTR);
}

HANDLE mk_handle_duplicate(HANDLE handle)
{
    intptr_t fd = (intptr_t)handle;

    if (fd <= 0 || fd > INT32_MAX)
        return NULL;
    return fd_handle(fcntl((int)fd, F_DUPFD_CLOEXEC, 1));
}

void mk_handle_close(HANDLE handle)
{
    intptr_t fd = (intptr_t)handle;

    if (fd > 0 && fd <= INT32_MAX)
        close((int)fd);
}

UINT64 mk_cpu_timestamp(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (UINT64)ts.tv_sec * 1000000000u + (UINT64)ts.tv_nsec;
}

UINT64 mk_cpu_timestamp_frequency(void)
{
    return 1000000000u;
}

/* getenv()'s walk of `environ`, done here: it is thread-safe as long as
 * nobody calls setenv() concurrently (we never modify the environment), and
 * device creation reads some twenty variables, so a walk that compares in
 * place (no call per entry) saves most of getenv's instructions and the page
 * of libc's code it lies in (docs/performance.md, "Start-up"). */
extern char **environ;

const char *mk_getenv(const char *name)
{
    char **entry;

    for (entry = environ; entry && *entry; ++entry)
    {
        const char *e = *entry, *n = name;

        while (*n && *e == *n)
            ++e, ++n;
        if (!*n && *e == '=')
            return e[1] ? e + 1 : NULL;
    }
    return NULL;
}

/* The Agility SDK loader reads `extern "C" __declspec(dllexport) extern const
 * UINT D3D12SDKVersion` from the executable. On Linux the equivalent is a
 * dynamic symbol of the main program: a harness written in C declares
 *     MK_EXPORT const UINT D3D12SDKVersion = 616;
 * (or any default-visibility global). The library refers to it weakly, so
 * the dynamic loader binds it while it relocates the library (no lookup at
 * device creation: a failed dlsym formats an error message). A program
 * linked against libd3d12 exports the symbol by that reference alone; one
 * that dlopen()s the library links with -rdynamic (CMake: ENABLE_EXPORTS ON).
 * No such symbol: 0 (no export). */
extern const UINT D3D12SDKVersion __attribute__((weak));

UINT mk_main_program_sdk_version(void)
{
    const volatile UINT *version = &D3D12SDKVersion;

    return version ? *version : 0;
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Files are reported in name order so that registration order (and thus the
 * adapter index) does not depend on the file system. */
void mk_list_json_files(const char *dir, void (*fn)(void *ctx, const char *path, const char *problem), void *ctx)
{
    char **names = NULL, **grown, *path, why[160];
    size_t count = 0, capacity = 0, i, len, dir_len;
    struct dirent *entry;
    struct stat st;
    DIR *d;

    if (!dir || !*dir || !fn)
        return;
    if (!(d = opendir(dir)))
    {
        snprintf(why, sizeof(why), "cannot read the directory: %s", strerror(errno));
        fn(ctx, dir, why);
        return;
    }
    while ((entry = readdir(d)))
    {
        len = strlen(entry->d_name);
        if (len <= 5 || strcmp(entry->d_name + len - 5, ".json"))
            continue;
        if (count == capacity)
        {
            capacity = capacity ? capacity * 2 : 16;
            if (!(grown = mk_realloc(names, capacity * sizeof(*names))))
                break;
            names = grown;
        }
        if (!(names[count] = mk_strdup(entry->d_name)))
            break;
        ++count;
    }
    closedir(d);

    if (count)
        qsort(names, count, sizeof(*names), compare_strings);
    dir_len = strlen(dir);
    for (i = 0; i < count; ++i)
    {
        len = dir_len + 1 + strlen(names[i]) + 1;
        if ((path = mk_alloc(len)))
        {
            snprintf(path, len, "%s%s%s", dir, dir[dir_len - 1] == '/' ? "" : "/", names[i]);
            if (stat(path, &st))
            {
                /* A dangling link, a loop of links, ... */
                snprintf(why, sizeof(why), "cannot read it: %s", strerror(errno));
                fn(ctx, path, why);
            }
            else if (S_ISREG(st.st_mode))
                fn(ctx, path, NULL);
            else
                fn(ctx, path, S_ISDIR(st.st_mode) ? "not a file: a directory" : S_ISFIFO(st.st_mode)
                        ? "not a file: a FIFO" : "not a regular file");
            mk_free(path);
        }
        mk_free(names[i]);
    }
    mk_free(names);
}

/* ---- Appending (the capability trace) ---- */

intptr_t mk_append_open(const char *path, char *why, size_t why_size)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);

    if (fd < 0)
        snprintf(why, why_size, "%s", strerror(errno));
    return fd;
}

/* O_APPEND: the kernel moves to the end and writes under the file's lock,
 * so a line from another thread or process never lands inside this one. A
 * signal may interrupt the write before it starts; then it is written again. */
bool mk_append_write(intptr_t file, const void *data, size_t size)
{
    ssize_t w;

    while ((w = write((int)file, data, size)) < 0 && errno == EINTR)
        ;
    return w == (ssize_t)size;
}

void mk_append_close(intptr_t file)
{
    close((int)file);
}

unsigned long mk_process_id(void)
{
    return (unsigned long)getpid();
}
