import Foundation
import Ohana
import OhanaAddressBook
import OhanaStore
import OhanaStoreSQLite
import Testing

/// A contact whose cards are in two accounts, on the page in a real browser (as ``BrowserTests``):
/// each value says which accounts hold it, and Delete asks from which account.
@Suite struct LinkedBrowserTests {
    @Test(.timeLimit(.minutes(12)))
    func linkedContactOnThePage() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-linked-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = SQLiteContactStorage(try SQLiteContactStore(fileURL: folder.appendingPathComponent("contacts.sqlite")))
        let (work, home) = ("carddav:http://dav.example.com/work/", "carddav:http://cloud.example.net/home/")
        _ = try await store.save([
            Contact(id: "w-ada", givenName: "Ada", familyName: "Lovelace",
                    fields: [.email("ada@analytical.org"), .phone("+44 20 7946 0018")],
                    provenance: [Provenance(providerID: work, recordID: "/w-ada.vcf")]),
            Contact(id: "h-ada", givenName: "Ada", familyName: "Lovelace", fields: [.email("ada@analytical.org")],
                    provenance: [Provenance(providerID: home, recordID: "/h-ada.vcf")]),
            Contact(id: "w-alan", givenName: "Alan", familyName: "Turing", fields: [.email("alan@bletchley.uk")],
                    provenance: [Provenance(providerID: work, recordID: "/w-alan.vcf")]),
        ], mode: .replace)
        let linked = try await ContactLinking(region: "GB").link(in: store, sourceNames: [work: "work", home: "home"])
        #expect(linked.links == 1)
        let addressBook = AddressBook(store: store, region: "GB")
        try await addressBook.reload()
        guard let outcome = try await BrowserTests.runScript(linkedBrowserTestScript, named: "linked_browser_test.py",
                                                             serving: addressBook) else { return }
        #expect(outcome.status == 0, "linked browser test failed:\n\(outcome.output)")
        #expect(outcome.output.contains("browser: ok"), "\(outcome.output)")
        // Accepted on the page, then deleted from home only: the work card stays.
        #expect(try await ContactLinks.load(from: store).links.first?.isAccepted == true)
        #expect(try await ContactLinks.load(from: store).links.first?.primary == "h-ada")
        #expect(try await store.contact(withID: "h-ada") == nil)
        #expect(try await store.contact(withID: "w-ada") != nil)
        try await store.shutDown()
    }
}

/// The Python selenium script of ``LinkedBrowserTests``. Usage: linked_browser_test.py URL SCREENSHOT_DIR.
let linkedBrowserTestScript = #"""
"""A linked contact on the `ohana serve` page: value sources shown, Delete asks from which account."""
import os
import sys

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

\#(browserScriptPrelude)


def main():
    driver = make_driver("1280,900")
    # 60 s a step: beside the whole suite on two loaded cores, a reload after a decision can take long.
    wait = WebDriverWait(driver, 60, ignored_exceptions=(StaleElementReferenceException,))
    try:
        driver.get(URL)
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#list .row-button")) == 2)
        step("two contacts listed for three cards")
        def tab(name):
            for button in driver.find_elements(By.CSS_SELECTOR, ".tab"):
                if button.text == name:
                    button.click()
                    return
            fail("no tab " + name)
        tab("Merge review")
        wait.until(EC.text_to_be_present_in_element((By.ID, "links"), "work: Ada Lovelace (primary)"))
        if "same" not in driver.find_element(By.ID, "links").text and "email" not in driver.find_element(By.ID, "links").text:
            fail("the link's reasons are not shown: " + driver.find_element(By.ID, "links").text)
        def accept(d):
            for button in d.find_elements(By.CSS_SELECTOR, "#links .accept"):
                if button.is_enabled():
                    button.click()
                return True
            return False
        wait.until(accept)
        wait.until(EC.text_to_be_present_in_element((By.ID, "links"), "Accepted"))
        step("the link is listed with its reasons and accepted")
        tab("Contacts")
        def open_ada(d):
            for button in d.find_elements(By.CSS_SELECTOR, "#list .row-button"):
                if "Ada Lovelace" in button.text:
                    button.click()
                    return True
            return False
        wait.until(open_ada)
        wait.until(EC.text_to_be_present_in_element((By.ID, "detail"), "Cards in 2 accounts"))
        text = driver.find_element(By.ID, "detail").text
        if "from work, home" not in text or "from work" not in text.replace("from work, home", ""):
            fail("value sources not shown: " + text)
        step("each value says which accounts hold it")
        driver.find_element(By.CSS_SELECTOR, ".linked-cards .make-primary").click()
        wait.until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".linked-cards"), "home: Ada Lovelace (primary"))
        step("the home card made primary")
        driver.find_element(By.ID, "delete-contact").click()
        wait.until(EC.visibility_of_element_located((By.ID, "delete-choice")))
        driver.save_screenshot(os.path.join(SHOTS, "12-delete-choice.png"))
        for button in driver.find_elements(By.CSS_SELECTOR, "#delete-choice button"):
            if button.text == "Only from home":
                button.click()
                break
        else:
            fail("no 'Only from home' choice")
        wait.until(EC.text_to_be_present_in_element((By.ID, "detail"), "was deleted from home"))
        step("deleted from home only")
        print("browser: ok", flush=True)
    finally:
        driver.quit()


main()
"""#
