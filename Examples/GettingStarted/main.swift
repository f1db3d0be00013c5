// The README's and the DocC getting-started example, compiled by every build and run by the CLI tests.
import Ohana
import OhanaPhoneNumbers

let provider = InMemoryContactsProvider(contacts: [
    Contact(givenName: "Marge", familyName: "Simpson", fields: [.phone("(939) 555-0113", label: .mobile)]),
    Contact(givenName: "Gomez", familyName: "Addams", fields: [.phone("030 1234567", label: .home)],
            postalAddresses: [PostalAddress(city: "Berlin", country: "Germany")]),
    Contact(givenName: "Bart", familyName: "Simpson"),
])
let dataSource = ContactsDataSource(
    providers: [provider],
    postProcessors: [
        RequiredField(.phoneNumber),
        PhoneNumberFormatting(formats: [.international], defaultRegion: "US"),
        AlphabeticalSort(.lastName),
    ],
    selectionFilters: [MaximumSelectedCount(1)])

let report = try await dataSource.load()
for contact in dataSource.contacts {
    print(contact.fullName, contact.phoneNumbers.map { $0.phoneNumber?.international ?? $0.value })
}
print(report)

dataSource.select(dataSource.contacts[0])
let change = dataSource.select(dataSource.contacts[1])
print(change.refusals.first!)
