#include "MallocCounter.h"

#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>

long long malloc_counter_allocated_bytes(void) {
    return (long long)mallinfo2().uordblks;
}
#else
long long malloc_counter_allocated_bytes(void) {
    return -1;
}
#endif
