/// Settings and limits for reading vCards; exceeding a limit gives a diagnostic, never a crash or
/// unbounded memory growth.
public struct VCardReadingOptions: Hashable, Sendable {
    /// The identifier recorded as the provider of every contact read (``Provenance/providerID``).
    public var providerID: String

    /// The longest physical line kept, in bytes (default 8 MiB); a longer line is skipped with an error.
    public var maxLineLength: Int

    /// The largest property kept after unfolding, in bytes (default 16 MiB); a larger one is skipped
    /// with an error.
    public var maxPropertySize: Int

    /// The most properties kept in one card (default 10,000); the rest of the card is skipped with an error.
    public var maxPropertiesPerCard: Int

    /// The deepest nesting of cards (`AGENT` cards and cards inside cards) read (default 4); deeper
    /// cards are skipped with an error.
    public var maxNestingDepth: Int

    /// The most cards read from one input (default: no limit); reading stops with an error there.
    public var maxCards: Int?

    /// Creates reading options; every limit has a safe default.
    public init(
        providerID: String = "vcard",
        maxLineLength: Int = 8 << 20,
        maxPropertySize: Int = 16 << 20,
        maxPropertiesPerCard: Int = 10_000,
        maxNestingDepth: Int = 4,
        maxCards: Int? = nil
    ) {
        self.providerID = providerID
        self.maxLineLength = max(1, maxLineLength)
        self.maxPropertySize = max(1, maxPropertySize)
        self.maxPropertiesPerCard = max(1, maxPropertiesPerCard)
        self.maxNestingDepth = max(1, maxNestingDepth)
        self.maxCards = maxCards
    }
}
