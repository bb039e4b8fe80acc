import Pure
import PureTesting
import Testing

@Suite("StateChanges")
struct StateChangesTests {
    @Test("passes when every change is expected, in order")
    func exactChangesPass() async {
        let storage = MutableStore(Counter())
        let changes = StateChanges(storage.store)
        storage.update { $0.value = 1 }
        storage.update {
            $0.value = 2
            $0.label = "two"
        }
        await changes.expect(
            { $0.value = 1 },
            {
                $0.value = 2
                $0.label = "two"
            }
        )
        storage.update { $0.label = "again" }
        await changes.expect { $0.label = "again" }
        await changes.expect()
    }

    @Test("records an issue when a change differs from its expectation")
    func wrongChangeFails() async {
        let storage = MutableStore(Counter())
        let changes = StateChanges(storage.store)
        storage.update { $0.value = 3 }
        await withKnownIssue {
            await changes.expect { $0.value = 2 }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasSuffix("(expected -> actual):\nvalue: 2 -> 3") }
        }
    }

    @Test("records an issue for a change nobody expected")
    func unexpectedChangeFails() async {
        let storage = MutableStore(Counter())
        let changes = StateChanges(storage.store)
        storage.update { $0.value = 1 }
        storage.update { $0.label = "surprise" }
        await withKnownIssue {
            await changes.expect { $0.value = 1 }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasSuffix(#"label: "start" -> "surprise""#) }
        }
        await changes.expect()
    }

    @Test("records an issue when an expected change never happens")
    func missingChangeFails() async {
        let storage = MutableStore(Counter())
        let changes = StateChanges(storage.store)
        await withKnownIssue {
            await changes.expect({ $0.value = 1 }, timeout: .milliseconds(50))
        }
    }
}

@Suite("waitUntil")
struct WaitUntilTests {
    @Test("returns true once the condition holds")
    func returnsWhenConditionHolds() async {
        let storage = MutableStore(Counter())
        Task { storage.update { $0.value = 1 } }
        let held = await waitUntil { storage.value.value == 1 }
        #expect(held)
    }

    @Test("records an issue and returns false on timeout")
    func timesOut() async {
        await withKnownIssue {
            let held = await waitUntil("never", timeout: .milliseconds(20)) { false }
            #expect(!held)
        }
    }
}
