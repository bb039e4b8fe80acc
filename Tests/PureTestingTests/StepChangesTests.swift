import Pure
import PureReplay
import PureTesting
import Testing

@Suite("StateChanges of a replayed step")
struct StepChangesTests {
    @Test("a replay's step passes when each change has the recorded paths and values, in order")
    func recordedChangesPass() async {
        let storage = MutableStore(Counter())
        let changes = StateChanges(storage.store)
        storage.update { $0.value = 1 }
        storage.update { $0.label = "one" }
        await changes.expect(
            step: "1. count(1)",
            changes: [
                [.init(path: "value", old: "0", new: "1")], [.init(path: "label", old: #""start""#, new: #""one""#)],
            ])
        await changes.expect(step: "2. nothing()", changes: [])
    }

    @Test("a replay's step names the step and each path that differs, recorded then now")
    func differingChangeNamesStepAndPath() async {
        let storage = MutableStore(Counter())
        let changes = StateChanges(storage.store)
        storage.update { $0.value = 2 }
        await withKnownIssue {
            await changes.expect(step: "3. count(1)", changes: [[.init(path: "value", old: "0", new: "1")]])
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue
                    == "3. count(1): state change 1 differs from the recorded one:\nvalue: recorded 0 -> 1, now 0 -> 2"
            }
        }
    }

    @Test("a recorded change that never comes is named with its step")
    func missingChangeNamesStep() async {
        let storage = MutableStore(Counter())
        let changes = StateChanges(storage.store)
        await withKnownIssue {
            await changes.expect(
                step: "4. count(1)", changes: [[.init(path: "value", old: "0", new: "1")]], timeout: .milliseconds(50))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("4. count(1): state change 1 never came") }
                || issue.comments.contains { $0.rawValue.contains("Timed out") }
        }
    }

    @Test("an exported step passes when the state is as its change says, from where the step before left it")
    func exportedStepPasses() async {
        let storage = MutableStore(Counter())
        let changes = StateChanges(storage.store)
        storage.update { $0.value = 1 }
        storage.update { $0.label = "one" }
        await changes.expect(step: "1. count(1)") {
            $0.value = 1
            $0.label = "one"
        }
        await changes.expect(step: "2. nothing()")
        storage.update { $0.value = 2 }
        await changes.expect(step: "3. count(2)") { $0.value = 2 }
    }

    @Test("an exported step that differs names each place, recorded then now, once: the next starts from the state")
    func exportedStepNamesPlaces() async {
        let storage = MutableStore(Counter())
        let changes = StateChanges(storage.store)
        storage.update { $0.value = 2 }
        await withKnownIssue {
            await changes.expect(step: "1. count(1)", timeout: .milliseconds(100)) { $0.value = 1 }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue
                    == "1. count(1): the state differs from the recorded one after 0.1 seconds:\nvalue: recorded 1, now 2"
            }
        }
        storage.update { $0.label = "two" }
        await changes.expect(step: "2. label(two)") { $0.label = "two" }
    }
}
