import Pure
import PureTesting
import Testing

@Suite("StateChanges of a replayed step")
struct StepChangesTests {
    @Test("passes when each change has the recorded paths and values, in order")
    func recordedChangesPass() async {
        let storage = MutableStore(Counter())
        let changes = StateChanges(storage.store)
        storage.update { $0.value = 1 }
        storage.update { $0.label = "one" }
        await changes.expect(
            step: "1. count(1)", [.init(path: "value", old: "0", new: "1")],
            [.init(path: "label", old: #""start""#, new: #""one""#)])
        await changes.expect(step: "2. nothing()")
    }

    @Test("names the step and each path that differs, recorded then now")
    func differingChangeNamesStepAndPath() async {
        let storage = MutableStore(Counter())
        let changes = StateChanges(storage.store)
        storage.update { $0.value = 2 }
        await withKnownIssue {
            await changes.expect(step: "3. count(1)", [.init(path: "value", old: "0", new: "1")])
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
                step: "4. count(1)", [.init(path: "value", old: "0", new: "1")], timeout: .milliseconds(50))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("4. count(1): state change 1 never came") }
                || issue.comments.contains { $0.rawValue.contains("Timed out") }
        }
    }
}
