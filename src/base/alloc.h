/*
 * Every heap allocation of the library goes through these wrappers, so a
 * test can make the n-th one fail (tests/unit/test_alloc_failure.c) and the
 * benchmark can count them. They are thin wrappers over the C library:
 * memory from mk_alloc() may be released with free() and the other way round
 * (caps_adapter_to_json() and mk_read_file() document "free with free()").
 */
#ifndef MOCKD3D12_ALLOC_H
#define MOCKD3D12_ALLOC_H

#include <stddef.h>

void *mk_alloc(size_t size);
void *mk_calloc(size_t count, size_t size);
void *mk_realloc(void *ptr, size_t size);
char *mk_strdup(const char *s);
void mk_free(void *ptr);

/* ---- Test hooks (internal, never exported from libd3d12.so) ---- */

/* Makes the n-th allocation from now (0 = the next one) fail, once; a
 * negative n disarms (and keeps mk_alloc_fail_triggered()'s answer).
 * jansson's allocations count (src/caps routes them here, caps_json_init), so
 * profile parsing can fail too. Thread-safe, process-wide. */
void mk_alloc_fail_after(long n);
/* Has the armed failure happened since the last mk_alloc_fail_after()? */
int mk_alloc_fail_triggered(void);
/* jansson's allocator (caps_json_init hands it these): mk_alloc, except that
 * with mk_alloc_fail_skip_jansson(1) jansson's allocations are neither counted
 * nor failed. jansson 2.14 does not survive every allocation failure: its
 * lexer ignores a failed buffer growth and then asserts (akheron/jansson#362,
 * open upstream), so a test that sweeps every allocation of a large document
 * (a Vulkan report) sweeps mockd3d12's own. */
void *mk_jansson_alloc(size_t size);
void mk_alloc_fail_skip_jansson(int skip);

#endif
