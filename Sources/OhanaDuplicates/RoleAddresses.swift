/// Role addresses: mailboxes of a function (`info@`, `sales@`), read by whoever holds the role.
public enum RoleAddresses {
    /// Common role local parts in English, German, French, Spanish, Italian, Portuguese and Dutch.
    public static let builtIn: Set<String> = [
        "info", "information", "sales", "support", "contact", "contacts", "office", "hello", "hi", "admin",
        "administrator", "noreply", "no-reply", "donotreply", "do-not-reply", "team", "help", "helpdesk",
        "service", "services", "customerservice", "billing", "accounts", "accounting", "finance", "invoices",
        "hr", "jobs", "careers", "recruiting", "enquiries", "enquiry", "inquiries", "inquiry", "reception",
        "frontdesk", "marketing", "press", "media", "news", "newsletter", "mail", "email", "webmaster",
        "postmaster", "hostmaster", "abuse", "security", "orders", "order", "booking", "bookings",
        "reservations", "events", "general", "main", "feedback", "legal", "privacy", "it", "ops", "dev",
        "kontakt", "buero", "büro", "verwaltung", "vertrieb", "contacto", "ventas", "ayuda", "contatto",
        "vendite", "contato", "atendimento", "vendas", "bonjour", "accueil", "secretariat", "all", "staff",
        "family", "home",
    ]

    /// Whether a normalised address's local part (before any `+tag`) is a role in `roles`.
    static func isRole(_ normalizedAddress: String, roles: Set<String>) -> Bool {
        let bytes = normalizedAddress.utf8
        if bytes.allSatisfy({ $0 < 0x80 }) {
            // ASCII (nearly every address): by bytes, without walking characters.
            guard let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return false }
            let local = bytes[..<at]
            let end = local.firstIndex(of: UInt8(ascii: "+")) ?? at
            return roles.contains(String(decoding: bytes[..<end], as: UTF8.self))
        }
        guard let at = normalizedAddress.lastIndex(of: "@") else { return false }
        var local = normalizedAddress[..<at]
        if let plus = local.firstIndex(of: "+") { local = local[..<plus] }
        return roles.contains(String(local))
    }
}
