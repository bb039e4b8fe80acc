#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// The wall-clock time in seconds since 1970, without Foundation.
@usableFromInline
func wallClockSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
}
