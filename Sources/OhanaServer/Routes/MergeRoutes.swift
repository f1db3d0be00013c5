import Foundation
import Hummingbird
import OhanaAddressBook

extension AddressBookServer {
    static func addMergeRoutes(to router: Router<ServerRequestContext>, addressBook: AddressBook) {
        router.get("/api/merges") { request, _ -> MergeReport in
            try QueryParameters(request, allowed: []).finish()
            return await addressBook.mergeReport()
        }
        let decisions: [(path: String, decision: MergeDecision)] = [
            ("accept", .accepted), ("keep-apart", .keptApart), ("reset", .pending),
        ]
        for entry in decisions {
            router.post(RouterPath(stringLiteral: "/api/merges/:cluster/\(entry.path)")) { request, context -> MergeReport in
                try QueryParameters(request, allowed: []).finish()
                return try await addressBook.decide(cluster: pathID(context, "cluster"), entry.decision)
            }
        }
        router.post("/api/merges/apply") { request, _ -> MergeApplyResult in
            try QueryParameters(request, allowed: []).finish()
            return try await addressBook.applyMerges()
        }
        // Splitting a merged contact in the store: whole, or one member out.
        router.post("/api/merged/:id/split") { request, context -> MergeSplitResult in
            try QueryParameters(request, allowed: []).finish()
            return try await addressBook.splitMerge(of: pathID(context))
        }
        router.post("/api/merged/:id/members/:member/remove") { request, context -> MergeSplitResult in
            try QueryParameters(request, allowed: []).finish()
            return try await addressBook.removeMember(pathID(context, "member"), fromMerged: pathID(context))
        }
    }
}
