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

@Suite("StateChanges, only the changes named")
struct NamedStateChangesTests {
    @Test("checks the changes named, in order, and reports and returns the ones skipped")
    func skipsTheRest() async {
        let storage = MutableStore(Counter())
        let changes = StateChanges(storage.store, exhaustivity: .off)
        storage.update { $0.value = 1 }
        storage.update { $0.label = "noise" }
        storage.update { $0.value = 2 }
        storage.update { $0.label = "after" }
        let skipped = await changes.expect({ $0.value = 1 }, { $0.value = 2 })
        #expect(skipped.map(\.description) == [#"label: "start" -> "noise""#])
        // The change after the last one named waits for the next expectation.
        #expect(await changes.expect { $0.label = "after" }.isEmpty)
    }

    @Test("a change named is the first that sets what it names, not one that leaves it as it was")
    func firstThatSets() async {
        let storage = MutableStore(Counter())
        let changes = StateChanges(storage.store, exhaustivity: .off)
        storage.update { $0.value = 5 }
        storage.update { $0.label = "five" }
        storage.update { $0.value = 6 }
        let skipped = await changes.expect { $0.label = "five" }
        #expect(skipped.map(\.description) == ["value: 0 -> 5"])
        #expect(await changes.expect { $0.value = 6 }.isEmpty)
    }

    @Test("records an issue, with what differs, when a change named never comes")
    func missingChangeFails() async {
        let storage = MutableStore(Counter())
        let changes = StateChanges(storage.store, exhaustivity: .off)
        storage.update { $0.value = 1 }
        // Two issues: the wait's time-out (inside), and which change never came (outside).
        await withKnownIssue {
            await withKnownIssue {
                await changes.expect({ $0.value = 1 }, { $0.label = "never" }, timeout: .milliseconds(50))
            } matching: { issue in
                issue.comments.contains { $0.rawValue.hasPrefix("Timed out") }
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasSuffix(#"label: "never" -> "start""#) }
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
