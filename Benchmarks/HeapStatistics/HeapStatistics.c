// The benchmark's window on the allocator: the in-use byte count that Swift's Glibc module does
// not import (malloc.h's mallinfo2), or the default zone's statistics on Apple platforms.
#include "HeapStatistics.h"

#if defined(__APPLE__)
#include <malloc/malloc.h>
size_t perceive_heap_bytes_in_use(void) {
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return statistics.size_in_use;
}
#elif defined(__linux__)
#include <malloc.h>
size_t perceive_heap_bytes_in_use(void) {
    return mallinfo2().uordblks;
}
#else
size_t perceive_heap_bytes_in_use(void) { return 0; }
#endif
