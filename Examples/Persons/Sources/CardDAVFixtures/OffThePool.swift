import Dispatch

/// Runs `wait`, a call that blocks its thread (`Process.waitUntilExit`, `readDataToEndOfFile`),
/// on a dispatch thread, and awaits its result. The concurrency pool has one thread per core (two
/// in CI), shared by every test running in parallel and the servers they start: one test blocked
/// on a child process there stalls all of them, a socket's few hops of tasks then take seconds.
///
///     let status = try await offThePool {
///         try process.run()
///         process.waitUntilExit()
///         return process.terminationStatus
///     }
public func offThePool<Value: Sendable>(_ wait: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try wait() }) }
    }
}
