import Foundation
import Hummingbird
import Ohana
import OhanaAddressBook

extension AddressBookServer {
    /// Creating, editing, deleting and undoing contacts; a version in `If-Match` is checked (412
    /// with both versions when the contact changed since). The body of a create or an edit is a
    /// ``Ohana/ContactEdit`` in JSON.
    static func addEditRoutes(to router: Router<ServerRequestContext>, addressBook: AddressBook) {
        router.post("/api/contacts") { request, context -> Response in
            try QueryParameters(request, allowed: []).finish()
            let edit = try await decodeBody(ContactEdit.self, from: request)
            return try contactResponse(await addressBook.createContact(edit), status: .created, request: request, context: context)
        }
        router.patch("/api/contacts/:id") { request, context -> Response in
            try QueryParameters(request, allowed: []).finish()
            let id = try pathID(context)
            let version = try ifMatchVersion(request)
            let edit = try await decodeBody(ContactEdit.self, from: request)
            return try contactResponse(await addressBook.editContact(id: id, applying: edit, expecting: version),
                                       request: request, context: context)
        }
        // A contact with cards in several accounts: `from=ACCOUNT` deletes one card, `all=true` every card;
        // without either, 409 names the accounts so the page asks.
        router.delete("/api/contacts/:id") { request, context -> ContactDeletion in
            var query = try QueryParameters(request, allowed: ["from", "all"])
            let from = try query.text("from", required: false)
            let all = try query.text("all", required: false)
            try query.finish()
            guard all.isEmpty || all == "true" else { throw AddressBookError(.badRequest, "'all' must be true when given") }
            if !all.isEmpty && !from.isEmpty { throw AddressBookError(.badRequest, "'from' and 'all' go one at a time") }
            let linked: LinkedDeletion? = all == "true" ? .everywhere : from.isEmpty ? nil : .card(source: from)
            return try await addressBook.deleteContact(id: pathID(context), expecting: ifMatchVersion(request), linked: linked)
        }
        router.get("/api/contacts/:id/revisions") { request, context -> RevisionList in
            var query = try QueryParameters(request, allowed: ["limit"])
            let limit = try query.integer("limit", default: 50, in: 1...maximumPageSize)
            try query.finish()
            return try await addressBook.revisions(of: pathID(context), limit: limit)
        }
        router.post("/api/revisions/:number/undo") { request, context -> RevisionUndo in
            try QueryParameters(request, allowed: []).finish()
            let text = try pathID(context, "number")
            guard let number = Int64(text), number > 0 else {
                throw AddressBookError(.badRequest, "'\(text.prefix(40))' is not a revision number (a whole number from 1)")
            }
            return try await addressBook.undoRevision(number, expecting: ifMatchVersion(request))
        }
    }
}
