/* A library named libjansson.so.4 that defines none of its functions
 * (tests/jansson.cmake): libd3d12 must refuse it rather than call into it. */
int mk_fake_jansson_unused;
