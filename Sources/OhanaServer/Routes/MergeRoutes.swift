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
        // Cards linked across accounts: listed with reasons, accepted, kept apart, primary card chosen.
        router.get("/api/links") { request, _ -> [LinkSummary] in
            try QueryParameters(request, allowed: []).finish()
            return try await addressBook.links()
        }
        for decision in LinkDecision.allCases {
            let path = decision == .accept ? "accept" : "keep-apart"
            router.post(RouterPath(stringLiteral: "/api/links/:id/\(path)")) { request, context -> [LinkSummary] in
                try QueryParameters(request, allowed: []).finish()
                return try await addressBook.decideLink(pathID(context), decision)
            }
        }
        router.post("/api/links/:id/primary") { request, context -> [LinkSummary] in
            var query = try QueryParameters(request, allowed: ["account"])
            let account = try query.text("account", required: true)
            try query.finish()
            return try await addressBook.setPrimaryCard(of: pathID(context), account: account)
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
