#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// A value guarded by a pthread mutex, reached only through ``withLock(_:)``.
///
/// The kit uses this instead of `Synchronization.Mutex` because on Linux `Mutex` is built on raw
/// futex calls that ThreadSanitizer cannot see: every access under it is reported as a race,
/// which would make the kit's sanitizer run meaningless. pthread mutexes are understood by
/// ThreadSanitizer on every platform and exist on Linux and Apple platforms alike.
///
/// It is `@unchecked Sendable` because the compiler cannot see that the stored value is only
/// ever touched between `pthread_mutex_lock` and `pthread_mutex_unlock`; ``withLock(_:)`` is
/// the only access, so the value is never reached by two threads at once. The kit's tests,
/// run under ThreadSanitizer by the README test command (`ConcurrencyTests` in particular),
/// would report any access that escaped the lock.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value

    @usableFromInline
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value. `body` must not call `withLock` on the
    /// same lock: the mutex is not recursive.
    @inlinable
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
