#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stddef.h>

/// Bytes currently allocated through malloc, or -1 where the C library cannot tell.
long long malloc_counter_allocated_bytes(void);

#endif
