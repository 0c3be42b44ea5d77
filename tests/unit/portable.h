/*
 * The few POSIX calls the CMocka suites make, for the Windows build of the
 * suites (tests/windows/CMakeLists.txt, run under Wine by run-wine.sh), so
 * that one source serves both. On Linux this header only includes the
 * system headers that declare them; the suites call them as they are.
 *
 *   setenv / unsetenv  on Windows both the C runtime's copy of the
 *                      environment (_putenv_s, which getenv reads) and the
 *                      process environment block (SetEnvironmentVariableA),
 *                      which is what the runtime reads (mk_getenv in
 *                      src/base/platform_win32.c uses GetEnvironmentVariableA).
 *                      As on Linux, setenv with an empty value sets the
 *                      variable to "", which mk_getenv reads as unset on
 *                      both systems.
 *   pipe               _pipe, binary, so that what is written through it
 *                      reads back byte for byte (no CR before each LF).
 *   WIFEXITED / WEXITSTATUS   system()'s status, from <sys/wait.h> on POSIX;
 *                      SHELL_QUOTE and SHELL_NULL_DEVICE for the command
 *                      line it runs: sh's ' and /dev/null, cmd.exe's " and NUL.
 *   dup / dup2 / close / read   <io.h>'s, through mingw-w64's <unistd.h>.
 *   heap_in_use        the bytes malloc has handed out and not had back:
 *                      glibc's mallinfo2().uordblks, on Windows the used
 *                      blocks of the C runtime's heap (_heapwalk).
 *   forward_slashes    a path as the suites compare it, with '/' on both.
 *   temp_dir_create    a new empty directory in the system's temporary
 *                      directory: mkdtemp under $TMPDIR or /tmp on POSIX,
 *                      CreateDirectoryA under GetTempPathA on Windows;
 *                      temp_dir_remove removes it again (empty).
 *   text_capture       a FILE * whose text is read back as a string, in
 *                      place of open_memstream: open_memstream on POSIX, a
 *                      temporary file on Windows.
 *
 * Include after mk_test.h (which defines _POSIX_C_SOURCE 200809L on POSIX).
 */
#ifndef MOCKD3D12_TESTS_PORTABLE_H
#define MOCKD3D12_TESTS_PORTABLE_H

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#include <windows.h>

static inline int setenv(const char *name, const char *value, int overwrite)
{
    if (!name || !*name || strchr(name, '='))
        return -1;
    if (!overwrite && GetEnvironmentVariableA(name, NULL, 0))
        return 0;
    /* _putenv_s(name, "") would remove it from the C runtime's copy; the
     * block keeps it, set to "", as POSIX does. */
    if (*value && _putenv_s(name, value))
        return -1;
    if (!*value)
        _putenv_s(name, "");
    return SetEnvironmentVariableA(name, value) ? 0 : -1;
}

static inline int unsetenv(const char *name)
{
    if (!name || !*name || strchr(name, '='))
        return -1;
    _putenv_s(name, "");
    SetEnvironmentVariableA(name, NULL);
    return 0;
}

static inline int pipe(int fds[2])
{
    return _pipe(fds, 65536, _O_BINARY);
}

/* system()'s status is the command's exit status: cmd.exe ran it. */
#define WIFEXITED(status) ((status) != -1)
#define WEXITSTATUS(status) (status)
/* A command line for system(): cmd.exe's quotes and null device. */
#define SHELL_QUOTE "\""
#define SHELL_NULL_DEVICE "NUL"
#else
#include <sys/wait.h>

#define SHELL_QUOTE "'"
#define SHELL_NULL_DEVICE "/dev/null"
#endif

static inline size_t heap_in_use(void)
{
#ifdef _WIN32
    _HEAPINFO info;
    size_t used = 0;

    memset(&info, 0, sizeof(info));
    while (_heapwalk(&info) == _HEAPOK)
        if (info._useflag == _USEDENTRY)
            used += info._size;
    return used;
#else
    return mallinfo2().uordblks;
#endif
}

/* A path or a message naming paths, with '/' for every separator: on Windows
 * the runtime joins a directory and a file name with a backslash (a profile
 * found through MOCKD3D12_PROFILE_PATH is "<dir>\a-child.json"); on POSIX it is
 * the text as it is. Into buf (truncated to size); returns buf. */
static inline const char *forward_slashes(const char *text, char *buf, size_t size)
{
    size_t i;

    snprintf(buf, size, "%s", text ? text : "");
#ifdef _WIN32
    for (i = 0; buf[i]; ++i)
        if (buf[i] == '\\')
            buf[i] = '/';
#else
    (void)i;
#endif
    return buf;
}

/* A new empty directory named "<tmp>/<prefix>-<unique>" into buf (size
 * bytes); returns buf, or NULL when none could be made. */
static inline char *temp_dir_create(const char *prefix, char *buf, size_t size)
{
#ifdef _WIN32
    char tmp[MAX_PATH];
    unsigned i;
    DWORD n = GetTempPathA(sizeof(tmp), tmp);

    if (!n || n >= sizeof(tmp))
        return NULL;
    for (i = 0; i < 1000; ++i)
    {
        snprintf(buf, size, "%s%s-%lu-%u", tmp, prefix, (unsigned long)GetCurrentProcessId(), i);
        if (CreateDirectoryA(buf, NULL))
            return buf;
        if (GetLastError() != ERROR_ALREADY_EXISTS)
            return NULL;
    }
    return NULL;
#else
    const char *tmp = getenv("TMPDIR");

    snprintf(buf, size, "%s/%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", prefix);
    return mkdtemp(buf);
#endif
}

static inline void temp_dir_remove(const char *dir)
{
#ifdef _WIN32
    RemoveDirectoryA(dir);
#else
    rmdir(dir);
#endif
}

/* Text written to a FILE *, read back with text_capture_end.
 *
 *     struct text_capture capture;
 *     FILE *out = text_capture_begin(&capture);
 *     ...write to out...
 *     char *text = text_capture_end(&capture); (malloc'ed, NUL-terminated; free it)
 */
struct text_capture
{
    FILE *file;
    char *text;
    size_t size;
};

static inline FILE *text_capture_begin(struct text_capture *c)
{
    c->text = NULL;
    c->size = 0;
#ifdef _WIN32
    c->file = tmpfile();
#else
    c->file = open_memstream(&c->text, &c->size);
#endif
    return c->file;
}

/* Closes the stream; the text, or NULL when it could not be read back. */
static inline char *text_capture_end(struct text_capture *c)
{
#ifdef _WIN32
    long length;

    if (!c->file)
        return NULL;
    fflush(c->file);
    if (fseek(c->file, 0, SEEK_END) || (length = ftell(c->file)) < 0 || fseek(c->file, 0, SEEK_SET)
            || !(c->text = malloc((size_t)length + 1)))
    {
        fclose(c->file);
        c->file = NULL;
        return NULL;
    }
    c->size = fread(c->text, 1, (size_t)length, c->file);
    c->text[c->size] = 0;
    fclose(c->file);
#else
    if (!c->file)
        return NULL;
    fclose(c->file);
#endif
    c->file = NULL;
    return c->text;
}

#endif
