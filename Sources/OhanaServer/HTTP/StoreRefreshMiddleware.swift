import Hummingbird
import OhanaAddressBook

/// Before each API request, brings the address book up to date with what other processes wrote
/// to its store (``AddressBook/refreshIfChanged()``), so that several servers on one PostgreSQL
/// database, or a server beside an importer, show the same contacts and merges.
struct StoreRefreshMiddleware<Context: RequestContext>: RouterMiddleware {
    let addressBook: AddressBook

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.uri.path.hasPrefix("/api/") {
            do {
                try await addressBook.refreshIfChanged()
            } catch let error as AddressBookError {
                throw error
            } catch {
                throw AddressBookError(.internalError, "cannot refresh from the contact store: \(error)")
            }
        }
        return try await next(request, context)
    }
}
