#ifndef CPREFETCH_H
#define CPREFETCH_H

/// Asks the processor to bring the cache line holding the byte `offset` bytes past `base` into
/// its caches, for reading, without waiting for it: a hint, which Swift itself has no way to give.
static inline void hig_prefetch(const void *base, long offset) {
    __builtin_prefetch((const char *)base + offset, 0, 3);
}

#endif
