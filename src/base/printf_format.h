/*
 * MK_PRINTF_FORMAT(f, a): checks a printf-style function's format string
 * (argument f) against its arguments (from a), as the C runtime the build
 * uses formats them.
 */
#ifndef MOCKD3D12_PRINTF_FORMAT_H
#define MOCKD3D12_PRINTF_FORMAT_H

#if defined(__MINGW32__)
/* mingw-w64 builds with __USE_MINGW_ANSI_STDIO: C99 formats (%zu), not msvcrt's. */
#define MK_PRINTF_FORMAT(f, a) __attribute__((format(gnu_printf, f, a)))
#elif defined(__GNUC__)
#define MK_PRINTF_FORMAT(f, a) __attribute__((format(printf, f, a)))
#else
#define MK_PRINTF_FORMAT(f, a)
#endif

#endif
