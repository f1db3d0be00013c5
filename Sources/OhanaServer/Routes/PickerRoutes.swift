import Foundation
import Hummingbird
import Ohana
import OhanaAddressBook
import OhanaFormats

extension AddressBookServer {
    /// Picker sessions: start, rows, select, deselect, export.
    static func addPickerRoutes(to router: Router<ServerRequestContext>, addressBook: AddressBook) {
        router.get("/api/pickers") { request, _ -> PickerList in
            try QueryParameters(request, allowed: []).finish()
            return PickerList(pickers: Picker.all.map(\.descriptor))
        }
        router.post("/api/sessions") { request, _ -> EditedResponse<SessionState> in
            let body = try await decodeBody(NewSession.self, from: request)
            let order = try AlphabeticalSort.Mode(parameter: body.order)
            return EditedResponse(status: .created, response: try await addressBook.startSession(picker: body.picker, order: order))
        }
        router.get("/api/sessions/:session") { request, context -> SessionState in
            try QueryParameters(request, allowed: []).finish()
            return try await addressBook.sessionState(try sessionID(context))
        }
        router.delete("/api/sessions/:session") { request, context -> HTTPResponse.Status in
            try QueryParameters(request, allowed: []).finish()
            try await addressBook.endSession(try sessionID(context))
            return .noContent
        }
        router.get("/api/sessions/:session/rows") { request, context -> SessionPage in
            var query = try QueryParameters(request, allowed: ["q", "offset", "limit"])
            let text = try query.text("q", required: false)
            let offset = try query.integer("offset", default: 0, in: 0...10_000_000)
            let limit = try query.integer("limit", default: 100, in: 1...maximumPageSize)
            try query.finish()
            return try await addressBook.sessionRows(try sessionID(context), query: text, offset: offset, limit: limit)
        }
        router.post("/api/sessions/:session/select") { request, context -> SessionState in
            let ids = try await rowIDs(from: request)
            return try await addressBook.select(ids, inSession: try sessionID(context))
        }
        router.post("/api/sessions/:session/deselect") { request, context -> SessionState in
            let ids = try await rowIDs(from: request)
            return try await addressBook.deselect(ids, inSession: try sessionID(context))
        }
        router.delete("/api/sessions/:session/selection") { request, context -> SessionState in
            try QueryParameters(request, allowed: []).finish()
            return try await addressBook.clearSelection(inSession: try sessionID(context))
        }
        router.get("/api/sessions/:session/export") { request, context -> Response in
            var query = try QueryParameters(request, allowed: ["format"])
            let format = try query.required("format", oneOf: AddressBook.exportFormats)
            try query.finish()
            let file = try await addressBook.exportSelection(inSession: try sessionID(context), as: format)
            return Response(
                status: .ok,
                headers: [.contentType: file.mediaType, .contentDisposition: "attachment; filename=\"\(file.fileName)\""],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.data)))
        }
    }
}
