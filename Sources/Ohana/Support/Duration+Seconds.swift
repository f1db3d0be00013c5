extension Duration {
    /// The duration in seconds, for events, logs and metrics: the one conversion every target uses.
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
