import NIOConcurrencyHelpers
import Persons

/// The real worker's switches, each read and save counted, and reads held where a test says: for
/// a test that counts what a change read, or puts something between a read and its use.
///
/// ```swift
/// let switches = RecordingSwitches(base: db)
/// switches.holdReads { isRead in if isRead { await gate.wait() } }
/// ```
final class RecordingSwitches: SwitchDBWork {
    private struct Memory {
        var reads = 0
        var hold: (@Sendable (_ isRead: Bool) async -> Void)?
    }

    private let base: any SwitchDBWork
    private let memory = NIOLockedValueBox(Memory())

    init(base: any SwitchDBWork) {
        self.base = base
    }

    /// How many times the switches were read.
    var reads: Int { memory.withLockedValue { $0.reads } }

    /// Runs `hold` in every read of the switches from now on, before it reads them (`false`) and
    /// after (`true`).
    func holdReads(_ hold: @escaping @Sendable (_ isRead: Bool) async -> Void) {
        memory.withLockedValue { $0.hold = hold }
    }

    /// Counted; read from the real worker, held where ``holdReads(_:)`` says.
    func readSwitches() async throws(Fizzle) -> Switches {
        let hold = memory.withLockedValue { memory in
            memory.reads += 1
            return memory.hold
        }
        await hold?(false)
        let switches = try await base.readSwitches()
        await hold?(true)
        return switches
    }

    /// Saved by the real worker.
    func saveSwitch(_ name: Switches.Name, isOn: Bool) async throws(Fizzle) {
        try await base.saveSwitch(name, isOn: isOn)
    }
}
