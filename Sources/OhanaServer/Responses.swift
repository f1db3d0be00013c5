import Hummingbird
import OhanaAddressBook

extension AddressBookError: HTTPResponseError {
    /// The HTTP status for the error's kind.
    public var status: HTTPResponse.Status {
        switch kind {
        case .badRequest: .badRequest
        case .notFound: .notFound
        case .conflict: .conflict
        case .preconditionFailed: .preconditionFailed
        case .internalError: .internalServerError
        }
    }

    /// A JSON body `{"error": {"message": "…"}}`, as Hummingbird's own errors have.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try HTTPError(status, message: message).response(from: request, context: context)
    }
}

// The address book's answers are JSON responses.
extension ContactRow: ResponseEncodable {}
extension ContactPage: ResponseEncodable {}
extension SearchResults: ResponseEncodable {}
extension ContactDetail: ResponseEncodable {}
extension StatisticsReport: ResponseEncodable {}
extension AttentionReport: ResponseEncodable {}
extension PickerList: ResponseEncodable {}
extension SessionState: ResponseEncodable {}
extension SessionPage: ResponseEncodable {}
extension MergeReport: ResponseEncodable {}
extension MergeApplyResult: ResponseEncodable {}
extension MergeSplitResult: ResponseEncodable {}
extension ContactDeletion: ResponseEncodable {}
extension RevisionUndo: ResponseEncodable {}
extension RevisionList: ResponseEncodable {}
