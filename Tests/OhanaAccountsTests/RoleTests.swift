import OhanaAccounts
import Testing

@Suite struct RoleTests {
    @Test("roles are ordered viewer < editor < admin")
    func order() {
        #expect(AccountRole.viewer < .editor && AccountRole.editor < .admin)
        #expect(AccountRole.allCases.max() == .admin)
    }
}
