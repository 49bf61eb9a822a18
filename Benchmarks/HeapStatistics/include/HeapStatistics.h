#ifndef PERCEIVE_HEAP_STATISTICS_H
#define PERCEIVE_HEAP_STATISTICS_H

#include <stddef.h>

/// Bytes the allocator has handed out and not yet taken back (0 where unknown).
size_t perceive_heap_bytes_in_use(void);

#endif
