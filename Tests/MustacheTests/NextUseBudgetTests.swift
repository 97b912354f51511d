import Mustache
import Testing

/// A store within a budget of bytes keeps what is wanted soonest (`NextUseBudget`, Belady's
/// rule): a full store lets go of the things wanted last, latest first, for one wanted sooner,
/// and refuses one that even they would not make room for.
@Suite struct NextUseBudgetTests {
    @Test func whatFitsIsHeldAndLetGoAfterItsLastUse() {
        var store = NextUseBudget(budget: 100)
        #expect(store.hold(3, bytes: 40, next: 0) == [])
        #expect(store.hold(0, bytes: 60, next: nil) == [])
        #expect(store.holds(3) && store.holds(0) && !store.holds(1) && !store.holds(9) && store.bytes == 100)
        store.letGo(3)
        #expect(!store.holds(3) && store.bytes == 60)
        #expect(store.hold(3, bytes: 40, next: 2) == [])
        #expect(store.bytes == 100)
    }

    @Test func aFullStoreLetsGoOfTheThingsWantedLastLatestFirst() {
        var store = NextUseBudget(budget: 100)
        for (key, next) in [(0, 1), (1, 4), (2, 3), (3, 4), (4, 2)] { _ = store.hold(key, bytes: 20, next: next) }
        // Wanted at 2: room made from those wanted at 4 (the later filed first), then at 3.
        #expect(store.hold(5, bytes: 50, next: 2) == [3, 1, 2])
        #expect(store.bytes == 90 && [0, 4, 5].allSatisfy(store.holds) && ![1, 2, 3].contains(where: store.holds))
        // Those wanted after 1 hold 70 bytes, too few for 90 more: nothing is let go.
        #expect(store.hold(6, bytes: 90, next: 1) == nil)
        #expect(store.bytes == 90 && !store.holds(6) && [0, 4, 5].allSatisfy(store.holds))
        // Wanted as late as the latest: nothing wanted after it.
        #expect(store.hold(7, bytes: 20, next: 2) == nil && store.hold(7, bytes: 20, next: 9) == nil)
    }

    /// A thing whose next use is unknown is held where there is room, never let go for another,
    /// and makes no room for itself.
    @Test func aThingWhoseNextUseIsUnknownTakesOnlyFreeRoom() {
        var store = NextUseBudget(budget: 100)
        #expect(store.hold(0, bytes: 60, next: nil) == [])
        #expect(store.hold(1, bytes: 40, next: 5) == [])
        #expect(store.hold(2, bytes: 10, next: nil) == nil && !store.hasRoom(before: nil))
        #expect(store.hasRoom(before: 4) && !store.hasRoom(before: 5))
        #expect(store.hold(2, bytes: 50, next: 0) == nil)
        #expect(store.hold(2, bytes: 40, next: 0) == [1])
        #expect(store.holds(0) && store.holds(2) && store.bytes == 100)
    }

    /// A thing moved to a sooner use is let go as wanted then, not at the use it was filed under
    /// first; a key let go and held again is one thing.
    @Test func aMovedThingIsLetGoByItsNewNextUse() {
        var store = NextUseBudget(budget: 60)
        _ = store.hold(1, bytes: 20, next: 8)
        _ = store.hold(0, bytes: 20, next: 8)
        _ = store.hold(2, bytes: 20, next: 4)
        store.move(0, to: 1)
        #expect(store.hasRoom(before: 7) && store.hasRoom(before: 3) && !store.hasRoom(before: 8))
        #expect(store.hold(3, bytes: 20, next: 2) == [1])
        #expect(!store.hasRoom(before: 4) && store.hasRoom(before: 1))
        store.letGo(2)
        _ = store.hold(2, bytes: 20, next: 8)
        #expect(store.hold(4, bytes: 40, next: 0) == [2, 3])
        #expect(store.holds(0) && store.holds(4) && store.bytes == 60)
    }
}
