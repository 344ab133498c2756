// glibc's allocator settings (mallopt, M_ARENA_MAX), which the Swift overlay of glibc does not
// import. Elsewhere (a C library without <malloc.h>) this module is empty.
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
