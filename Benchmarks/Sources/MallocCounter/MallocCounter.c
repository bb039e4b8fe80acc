#include "MallocCounter.h"

#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>

// Bytes in use from the heap plus bytes in chunks malloc took straight from mmap (large
// blocks, such as a full array of journal entries): counting only the heap would miss those.
long long malloc_counter_allocated_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return (long long)(info.uordblks + info.hblkhd);
}
#else
long long malloc_counter_allocated_bytes(void) {
    return -1;
}
#endif
