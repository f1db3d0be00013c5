import Foundation
import OhanaAccounts
import OhanaStore

/// Records one of the tool's writes in the store's audit trail, with the operating-system user.
func recordToolWrite(in store: any ContactStorage, action: String, detail: String) async throws {
    try await AuditTrail(store: store).record(account: AuditTrail.osUser, action: action, detail: detail)
}
