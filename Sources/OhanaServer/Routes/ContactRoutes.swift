import Foundation
import Hummingbird
import Ohana
import OhanaAddressBook
import OhanaFormats

extension AddressBookServer {
    /// Browsing, searching and reading contacts.
    static func addContactRoutes(to router: Router<ServerRequestContext>, addressBook: AddressBook) {
        router.get("/api/contacts") { request, context -> Response in
            var query = try QueryParameters(request, allowed: ["order", "offset", "limit"])
            let order = try query.order()
            let offset = try query.integer("offset", default: 0, in: 0...10_000_000)
            let limit = try query.integer("limit", default: 100, in: 1...maximumPageSize)
            try query.finish()
            if JSContactResponses.wanted(request) {
                return try JSContactResponses.response(await addressBook.contacts(order: order, offset: offset, limit: limit), single: false)
            }
            return try await addressBook.page(order: order, offset: offset, limit: limit).response(from: request, context: context)
        }
        router.get("/api/search") { request, _ -> SearchResults in
            var query = try QueryParameters(request, allowed: ["q", "order", "limit"])
            let text = try query.text("q", required: true)
            let order = try query.order()
            let limit = try query.integer("limit", default: 50, in: 1...maximumPageSize)
            try query.finish()
            return try await addressBook.search(text, order: order, limit: limit)
        }
        router.get("/api/review") { request, _ -> AttentionReport in
            var query = try QueryParameters(request, allowed: ["order"])
            let order = try query.order()
            try query.finish()
            return await addressBook.attentionReport(order: order)
        }
        // The person's choice of a country for a number no evidence decides (`alike`: for every
        // number written alike on a card that says the same); answers the review as it is then.
        router.post("/api/review/region-choices") { request, _ -> AttentionReport in
            try QueryParameters(request, allowed: []).finish()
            let choice = try await decodeBody(RegionChoiceRequest.self, from: request)
            return try await addressBook.chooseRegion(choice.region, forNumber: choice.number, of: choice.contactID,
                                                      alike: choice.alike ?? false)
        }
        // Delete or keep review items of one kind: all of them, or one contact's (and value).
        router.post("/api/review/actions") { request, _ -> ReviewActionResponse in
            try QueryParameters(request, allowed: []).finish()
            let body = try await decodeBody(ReviewActionRequest.self, from: request)
            let (result, report) = try await addressBook.act(body.action, on: body.kind, contactID: body.contactID, value: body.value)
            return ReviewActionResponse(result: result, review: report)
        }
        router.get("/api/contacts/:id") { request, context -> Response in
            try QueryParameters(request, allowed: []).finish()
            if JSContactResponses.wanted(request) {
                let version = try await addressBook.version(of: pathID(context))
                var response = try JSContactResponses.response([await addressBook.contact(id: pathID(context))], single: true)
                response.headers[.eTag] = entityTag(version)
                return response
            }
            return try await contactResponse(addressBook.detail(id: pathID(context)), request: request, context: context)
        }
        router.get("/api/contacts/:id/photo") { request, context -> Response in
            try QueryParameters(request, allowed: []).finish()
            let photo = try await addressBook.photo(id: pathID(context))
            return Response(
                status: .ok,
                headers: [.contentType: photo.browserMediaType, .cacheControl: "private, max-age=60"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: photo.data)))
        }
    }
}

/// The body of `POST /api/review/region-choices`.
struct RegionChoiceRequest: Decodable {
    /// The contact holding the number.
    var contactID: String
    /// The number as written.
    var number: String
    /// The chosen region (ISO code).
    var region: String
    /// Whether the choice is for every number written alike on a card that says the same.
    var alike: Bool?
}

/// The body of `POST /api/review/actions`.
struct ReviewActionRequest: Decodable {
    var action: ReviewAction
    var kind: AttentionReport.Kind
    var contactID: String?
    var value: String?
}

/// The answer of `POST /api/review/actions`: what was done, and the review as it is then.
struct ReviewActionResponse: Encodable, ResponseEncodable {
    var result: ReviewActionResult
    var review: AttentionReport
}
