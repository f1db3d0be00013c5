import Ohana

/// What ``CardBlockReader`` has read and not yet handed out: contacts with their identifiers, in
/// input order, and the diagnostics found.
///
/// The cards of a block's runs wait here and are given their identifiers while the next block is
/// parsed, by whichever core is free first (see ``CardBlockReader``): done between blocks, this one-core
/// work left the other core idle.
struct CardDelivery {
    private var identifiers: ContactIdentifiers
    /// Contacts delivered; those before `contactsTaken` were handed out already.
    private var contacts: [Contact] = []
    private var contactsTaken = 0
    /// Diagnostics found and not yet handed out, in the order found.
    private var diagnostics: [Diagnostic] = []
    /// Cards delivered so far.
    private(set) var cardsRead = 0
    /// Results of runs that ended cleanly, waiting for their identifiers.
    private var waiting: [RunResult] = []

    init(source: String) {
        identifiers = ContactIdentifiers(source: source)
    }

    /// Whether results wait for ``deliverWaiting()``.
    var hasWaiting: Bool { !waiting.isEmpty }

    /// Contacts read, given their identifiers and not yet taken (those waiting not included).
    var deliveredContacts: Int { contacts.count - contactsTaken }

    /// Makes room for `count` contacts in all (room not used is never touched).
    mutating func reserveCapacity(_ count: Int) {
        contacts.reserveCapacity(count)
    }

    /// Takes up to `max` contacts and the diagnostics so far; `nil` when there is nothing to take.
    /// Cards still waiting for their identifiers are delivered first only when the contacts
    /// delivered are fewer than `max` (otherwise they wait for the next block's parallel round).
    mutating func take(max: Int) -> LoadedContacts? {
        if deliveredContacts < max { deliverWaiting() }
        let end = Swift.min(contacts.count, contactsTaken + max)
        guard end > contactsTaken || !diagnostics.isEmpty else { return nil }
        var batch: [Contact] = []
        batch.reserveCapacity(end - contactsTaken)
        for i in contactsTaken..<end { batch.append(Self.take(&contacts[i])) }
        contactsTaken = end
        if contactsTaken == contacts.count || contactsTaken >= 4096 {
            contacts.removeFirst(contactsTaken)
            contactsTaken = 0
        }
        let found = Self.inLineOrder(diagnostics)
        diagnostics.removeAll()
        return LoadedContacts(contacts: batch, diagnostics: found)
    }

    /// Takes everything read so far.
    mutating func takeAll() -> LoadedContacts {
        deliverWaiting()
        if contactsTaken > 0 { contacts.removeFirst(contactsTaken) }
        let result = LoadedContacts(contacts: contacts, diagnostics: Self.inLineOrder(diagnostics))
        contacts = []
        contactsTaken = 0
        diagnostics = []
        return result
    }

    /// Diagnostics sorted by line (stable: problems on one line keep the order they were found in).
    private static func inLineOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let (la, lb) = (a.element.line ?? 0, b.element.line ?? 0)
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }

    /// Queues the results of a block's runs (all ended cleanly), taking them out of `results`.
    mutating func queue(_ results: inout [RunResult]) {
        deliverWaiting()
        swap(&waiting, &results)
    }

    /// Delivers what waits, in input order.
    mutating func deliverWaiting() {
        guard !waiting.isEmpty else { return }
        for i in waiting.indices {
            var cards: [ReadCard] = []
            swap(&cards, &waiting[i].cards)  // the only reference: the contacts are not copied on write
            deliver(&cards, waiting[i].diagnostics)
        }
        waiting = []
    }

    /// Gives the cards their identifiers, in order, and keeps their contacts.
    mutating func deliver(_ cards: inout [ReadCard], _ found: [Diagnostic]) {
        diagnostics.append(contentsOf: found)
        cardsRead += cards.count
        // Popped from the end of the reversed array: each card is moved out, not copied, and its
        // contact moved on (taking each out in place swapped an empty contact in, whose copy and
        // release cost about 40 retains and releases a card).
        cards.withUnsafeMutableBufferPointer { $0.reverse() }
        while var card = cards.popLast() {
            identifiers.identify(&card, diagnostics: &diagnostics)
            contacts.append(Self.take(&card.contact))
        }
    }

    /// Takes a contact out of an array by swapping an empty one in: the contact moves, its strings
    /// and arrays are not retained for a copy and released with the original.
    static func take(_ contact: inout Contact) -> Contact {
        var taken = Contact(blankWithID: "")
        swap(&taken, &contact)
        return taken
    }
}

/// What one run gave: its cards and diagnostics, or `clean == false` when it did not end between cards.
struct RunResult: Sendable {
    var cards: [ReadCard]
    var diagnostics: [Diagnostic]
    var clean: Bool
    /// The line breaks the run held (for a clean run).
    var lineBreaks = 0
    /// Whether a diagnostic's message names another line than its own.
    var mentionsOtherLines = false

    /// Renumbers the lines of a run read with its lines numbered from 1 (its cards' first lines,
    /// its diagnostics' lines) to how the whole input numbers them.
    mutating func shiftLines(by offset: Int) {
        guard offset != 0 else { return }
        for i in cards.indices { cards[i].startLine += offset }
        for i in diagnostics.indices { diagnostics[i].line = diagnostics[i].line.map { $0 + offset } }
    }
}

/// The delivery lent to the one job that delivers while the runs of the next block are parsed.
struct DeliveryPointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<CardDelivery>
}
