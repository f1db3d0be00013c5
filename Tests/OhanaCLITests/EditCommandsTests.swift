import Foundation
import OhanaTestSupport
import Testing

/// `ohana show`, `add`, `edit` (flags and `$EDITOR`), `delete`, `history` and `undo` on a store.
@Suite struct EditCommandsTests {
    /// A store with the sample imported, and the id of one of its contacts by name.
    static func sampleStore(_ dir: URL) async throws -> (store: String, id: (String) throws -> String) {
        let store = dir.appendingPathComponent("edit.sqlite").path
        let imported = try await CLI.run(["import", "Samples/addressbook.vcf", "--store", store])
        #expect(imported.status == 0, "\(imported.stderr)")
        let listed = try await CLI.run(["list", "--store", store, "--output", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        return (store, { name in
            let row = try #require(rows.first { "\($0["givenName"] ?? "") \($0["familyName"] ?? "")" == name }, "\(name)")
            return try #require(row["id"] as? String)
        })
    }

    /// An editor stand-in: a shell script that runs `steps[n]` on its n-th call (the file is "$1").
    static func editor(in dir: URL, steps: [String]) throws -> String {
        let script = dir.appendingPathComponent("editor.sh")
        var body = "#!/bin/sh\nn=$(cat \"\(dir.path)/calls\" 2>/dev/null || echo 0); n=$((n+1)); echo $n > \"\(dir.path)/calls\"\n"
        body += "cp \"$1\" \"\(dir.path)/shown$n.vcf\"\ncase $n in\n"
        for (index, step) in steps.enumerated() { body += "\(index + 1)) \(step) ;;\n" }
        body += "esac\n"
        try Data(body.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    @Test func flagsChangeOnlyWhatTheyNameAndEachEditIsUndoable() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (store, id) = try await Self.sampleStore(dir)
        let abigail = try id("Abigail Carter")
        let before = try await CLI.run(["show", abigail, "--store", store])
        #expect(before.status == 0 && before.stdout.contains("version "), "\(before.stderr)")

        let edit = try await CLI.run(["edit", abigail, "--add-email", "abi@work.example:work", "--remove-phone", "(212) 952-0081",
                                "--job-title", "Head Nurse", "--store", store])
        #expect(edit.status == 0 && edit.stdout.contains("undo with: ohana undo 1"), "\(edit.stderr)")
        let after = try await CLI.run(["show", abigail, "--store", store])
        #expect(after.stdout.contains("email (work): abi@work.example") && after.stdout.contains("job title: Head Nurse"))
        #expect(!after.stdout.contains("952-0081"))
        // Everything else as it was: the lines that did not name the edited parts are unchanged.
        let untouched = before.stdout.split(separator: "\n").dropFirst().filter { !$0.contains("952-0081") && !$0.contains("job title") }
        for line in untouched { #expect(after.stdout.contains(line), "\(line)") }

        let history = try await CLI.run(["history", abigail, "--store", store])
        #expect(history.stdout.hasPrefix("1  ") && history.stdout.contains("updated"), "\(history.stdout)")
        let undo = try await CLI.run(["undo", "1", "--store", store])
        #expect(undo.status == 0, "\(undo.stderr)")
        let restored = try await CLI.run(["show", abigail, "--store", store])
        #expect(restored.stdout.split(separator: "\n").dropFirst() == before.stdout.split(separator: "\n").dropFirst())

        let missing = try await CLI.run(["edit", abigail, "--remove-phone", "0800 000 000", "--store", store])
        #expect(missing.status != 0 && missing.stderr.contains("has no phone number \"0800 000 000\""), "\(missing.stderr)")
        let stale = try await CLI.run(["edit", abigail, "--expect-version", "1", "--add-tag", "x", "--store", store])
        #expect(stale.status != 0 && stale.stderr.contains("changed since version 1"), "\(stale.stderr)")
    }

    @Test func addAndDeleteThenUndoTheDelete() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (store, _) = try await Self.sampleStore(dir)
        let added = try await CLI.run(["add", "--given-name", "Grace", "--family-name", "Hopper", "--add-phone", "+1 212 555 0199:mobile",
                                 "--add-address", "1 Navy Way;Arlington;VA;22202;United States:work", "--store", store])
        #expect(added.status == 0, "\(added.stderr)")
        let id = try #require(added.stdout.split(separator: " ").dropFirst().first.map(String.init))
        let shown = try await CLI.run(["show", id, "--store", store])
        #expect(shown.stdout.contains("phone (mobile): +1 212 555 0199"), "\(shown.stdout)")
        #expect(shown.stdout.contains("address (work): 1 Navy Way, Arlington, VA, 22202, United States"), "\(shown.stdout)")
        #expect(shown.stdout.contains("source: ohana.store"), "\(shown.stdout)")
        let empty = try await CLI.run(["add", "--note", "no name", "--store", store])
        #expect(empty.status != 0 && empty.stderr.contains("needs a name"), "\(empty.stderr)")

        let deleted = try await CLI.run(["delete", id, "--store", store])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try await CLI.run(["show", id, "--store", store]).status != 0)
        let number = try #require(deleted.stdout.components(separatedBy: "ohana undo ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(try await CLI.run(["undo", number, "--store", store]).status == 0)
        #expect(try await CLI.run(["show", id, "--store", store]).stdout.contains("Grace Hopper"))
    }

    @Test func theEditorReopensWithTheParseErrorOnTopThenStoresTheFix() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (store, id) = try await Self.sampleStore(dir)
        let abigail = try id("Abigail Carter")
        let editor = try Self.editor(in: dir, steps: [
            // First save: the END line lost. Second: the card fixed, its title changed.
            "sed -i '/^END:VCARD/d' \"$1\"",
            "sed -i -e '/^#/d' -e 's/^TITLE:.*/TITLE:Charge Nurse\\r/' \"$1\"; printf 'END:VCARD\\r\\n' >> \"$1\"",
        ])
        let before = try await CLI.run(["show", abigail, "--store", store])
        let edit = try await CLI.run(["edit", abigail, "--store", store], environment: ["VISUAL": "", "EDITOR": editor])
        #expect(edit.status == 0, "\(edit.stderr)")
        let reopened = try String(contentsOf: dir.appendingPathComponent("shown2.vcf"), encoding: .utf8)
        #expect(reopened.hasPrefix("# line ") && reopened.contains("END:VCARD"), "\(reopened)")
        let after = try await CLI.run(["show", abigail, "--store", store])
        #expect(after.stdout.contains("job title: Charge Nurse"), "\(after.stdout)")
        // Only the title changed.
        let changed = Set(after.stdout.split(separator: "\n").dropFirst()).symmetricDifference(before.stdout.split(separator: "\n").dropFirst())
        #expect(changed.allSatisfy { $0.contains("job title") }, "\(changed)")

        // Saving without a change stores nothing; a card left broken twice gives up.
        #expect(try await CLI.run(["edit", abigail, "--store", store], environment: ["VISUAL": "", "EDITOR": "true"]).stdout.contains("nothing changed"))
        let second = dir.appendingPathComponent("b", isDirectory: true)
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        let broken = try Self.editor(in: second, steps: [
            "printf 'not a card\\n' > \"$1\"", "printf 'not a card\\n' > \"$1\"",
        ])
        let gaveUp = try await CLI.run(["edit", abigail, "--store", store], environment: ["VISUAL": "", "EDITOR": broken])
        #expect(gaveUp.status != 0 && gaveUp.stderr.contains("still cannot be read"), "\(gaveUp.stderr)")
        #expect(try await CLI.run(["show", abigail, "--store", store]).stdout == after.stdout)
    }
}
