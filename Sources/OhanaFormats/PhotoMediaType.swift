import Ohana

extension Photo {
    /// The image types browsers show.
    public static let browserImageTypes: Set<String> = ["image/jpeg", "image/png", "image/gif", "image/webp"]

    /// The photo's media type for a browser: the declared one when it is an image type browsers show
    /// (``browserImageTypes``), else the one its first bytes announce (JPEG, PNG, GIF, WebP), else
    /// `application/octet-stream`.
    public var browserMediaType: String {
        if let type = mediaType?.lowercased(), Self.browserImageTypes.contains(type) { return type }
        return Self.sniffedImageType(data) ?? "application/octet-stream"
    }

    /// The image type the first bytes of `data` announce (JPEG, PNG, GIF, WebP), if any.
    public static func sniffedImageType(_ data: some Collection<UInt8>) -> String? {
        let bytes = Array(data.prefix(12))
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50] { return "image/webp" }
        return nil
    }
}
