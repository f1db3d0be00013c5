// ohana-store-writer STORE FIRST: the process the store's durability and shared-use tests run
// (and kill with SIGKILL). STORE is a SQLite file path or a postgres:// URL.
//
// Runs write transactions forever, numbered from FIRST. Transaction n stores the contacts
// `tx-n-0` ... `tx-n-9` and sets the contact `counter` to n; after each commit it writes
// `committed n` on its own line (unbuffered), so the test knows what was committed before the kill.
import Foundation
import Ohana
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite

let arguments = CommandLine.arguments
guard arguments.count == 3, let first = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: ohana-store-writer STORE FIRST\n".utf8))
    exit(2)
}

/// The number of contacts each transaction stores.
let partsPerTransaction = 10

do {
    let storage = try await ContactStorageBackends([.postgres(childStores: .sqliteInMemory), .sqlite]).open(arguments[1])
    var sequence = first
    while true {
        var batch = (0..<partsPerTransaction).map { part in
            Contact(
                id: ContactID(rawValue: "tx-\(sequence)-\(part)"),
                givenName: "Writer \(sequence)",
                familyName: "Part \(part)",
                fields: [.phone("+1 555 \(sequence) \(part)"), .email("w\(sequence).\(part)@example.com")],
                note: String(repeating: "durable ", count: 40),
                tags: ["seq-\(sequence)"])
        }
        batch.append(Contact(id: "counter", givenName: "Counter", note: "\(sequence)"))
        try await storage.save(batch, mode: .upsertBySourceRecord)
        FileHandle.standardOutput.write(Data("committed \(sequence)\n".utf8))
        sequence += 1
    }
} catch {
    FileHandle.standardError.write(Data("ohana-store-writer: \(error)\n".utf8))
    exit(1)
}
