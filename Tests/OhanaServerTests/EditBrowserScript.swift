// The selenium script the edit browser test runs (kept as Swift text so the test target has no
// file SwiftPM would warn about). Usage: python edit_browser_test.py URL SCREENSHOT_DIR.

/// The Python selenium script that edits, creates, deletes, undoes and provokes a conflict on the page.
let editBrowserTestScript = #"""
"""Edits contacts on the `ohana serve` page in headless Chromium.

Usage: edit_browser_test.py URL SCREENSHOT_DIR
Changes Zoë's email and job title through the form, creates a contact from the keyboard, deletes it
and undoes the delete, then provokes a conflict (a PATCH from the test while the form is open) and
overwrites. Prints one line per step; exits non-zero with the reason on the first failure.
"""
import json
import os
import sys

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

\#(browserScriptPrelude)


def fetch(driver, method, path, body=None):
    """A request from the page (same origin), answering [status, json-or-text]."""
    return driver.execute_async_script("""
        const [method, path, body, done] = arguments;
        const init = { method, headers: {} };
        if (body !== null) { init.headers["Content-Type"] = "application/json"; init.body = body; }
        fetch(path, init).then(async (r) => { const t = await r.text(); let j = null; try { j = JSON.parse(t); } catch (_) {} done([r.status, j ?? t]); },
                               (e) => done([0, String(e)]));""", method, path, None if body is None else json.dumps(body))


def open_contact(driver, wait, query, name):
    search = driver.find_element(By.ID, "search")
    search.clear()
    search.send_keys(query)
    def attempt(d):
        for button in d.find_elements(By.CSS_SELECTOR, "#list .row-button"):
            if name in button.text:
                button.click()
                return True
        return False
    wait.until(attempt)
    wait.until(EC.text_to_be_present_in_element((By.ID, "detail-name"), name))


def detail_text(d):
    return d.find_element(By.ID, "detail").text


def main():
    driver = make_driver("1280,900")
    wait = WebDriverWait(driver, 90, ignored_exceptions=(StaleElementReferenceException,))
    try:
        driver.get(URL)
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")

        # Edit: Zoë's home email replaced by a work one, her job title changed.
        open_contact(driver, wait, "zoe ang", "Zoë Ångström")
        driver.find_element(By.ID, "edit-contact").click()
        form = wait.until(EC.visibility_of_element_located((By.ID, "contact-form")))
        email = next(r for r in form.find_elements(By.CSS_SELECTOR, ".edit-value.existing") if r.get_attribute("data-type") == "emailAddress")
        remove = email.find_element(By.CSS_SELECTOR, "button.remove-value")
        if remove.get_attribute("aria-label") != "Remove email zoe@example.se":
            fail("the remove button is labelled " + repr(remove.get_attribute("aria-label")))
        remove.click()
        if remove.get_attribute("aria-pressed") != "true":
            fail("the remove button does not say it is pressed")
        form.find_element(By.CSS_SELECTOR, "button.add-value[data-type=emailAddress]").click()
        added = form.find_elements(By.CSS_SELECTOR, ".edit-value.added")[-1]
        added.find_element(By.CSS_SELECTOR, ".new-value").send_keys("zoe@uu.se")
        added.find_element(By.CSS_SELECTOR, ".new-label").send_keys("work")
        job = form.find_element(By.NAME, "jobTitle")
        job.clear()
        job.send_keys("Chemist")
        for field in form.find_elements(By.CSS_SELECTOR, "input, textarea"):
            labelled = field.get_attribute("id") and driver.find_elements(By.CSS_SELECTOR, f'label[for="{field.get_attribute("id")}"]')
            if not labelled and not field.get_attribute("aria-label"):
                fail("a form field has no label: " + field.get_attribute("outerHTML"))
        shot(driver, "09-edit.png")
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        wait.until(lambda d: "zoe@uu.se" in detail_text(d) and "zoe@example.se" not in detail_text(d) and "Chemist" in detail_text(d))
        step("edited Zoë: " + ", ".join(e.text for e in driver.find_elements(By.CSS_SELECTOR, "#detail .fields .value")))

        # Create from the keyboard: the form opens, Enter in a field saves it.
        driver.find_element(By.ID, "new-contact").click()
        form = wait.until(EC.visibility_of_element_located((By.ID, "contact-form")))
        form.find_element(By.NAME, "givenName").send_keys("Ada")
        form.find_element(By.CSS_SELECTOR, "button.add-value[data-type=phoneNumber]").click()
        added = form.find_elements(By.CSS_SELECTOR, ".edit-value.added")[-1]
        added.find_element(By.CSS_SELECTOR, ".new-value").send_keys("+44 20 7946 0000")
        added.find_element(By.CSS_SELECTOR, ".new-label").send_keys("mobile")
        form.find_element(By.NAME, "tags").send_keys("math, pioneers")
        family = form.find_element(By.NAME, "familyName")
        family.send_keys("Lovelace")
        family.send_keys(Keys.ENTER)
        wait.until(EC.text_to_be_present_in_element((By.ID, "detail-name"), "Ada Lovelace"))
        if "+44 20 7946 0000" not in detail_text(driver) or "math, pioneers" not in detail_text(driver):
            fail("the new contact's detail lacks its number or tags: " + detail_text(driver))
        step("created Ada Lovelace")

        # Delete, then Undo.
        driver.find_element(By.ID, "delete-contact").click()
        bar = wait.until(EC.visibility_of_element_located((By.ID, "undo-bar")))
        wait.until(lambda d: "Deleted Ada Lovelace." in bar.text)
        if driver.switch_to.active_element.get_attribute("id") != "undo-button":
            fail("the Undo button does not have the focus after a delete")
        search = driver.find_element(By.ID, "search")
        search.clear()
        search.send_keys("Lovelace")
        wait.until(lambda d: "No contact matches" in d.find_element(By.ID, "list-status").text)
        shot(driver, "10-undo.png")
        driver.find_element(By.ID, "undo-button").send_keys(Keys.ENTER)
        wait.until(EC.text_to_be_present_in_element((By.ID, "detail-name"), "Ada Lovelace"))
        wait.until(EC.invisibility_of_element_located((By.ID, "undo-bar")))
        wait.until(lambda d: any("Lovelace" in r.text for r in d.find_elements(By.CSS_SELECTOR, "#list .name")))
        step("deleted Ada Lovelace and brought her back with Undo")

        # Conflict: the form is open on one version, the contact changes meanwhile.
        open_contact(driver, wait, "zoe ang", "Zoë Ångström")
        driver.find_element(By.ID, "edit-contact").click()
        form = wait.until(EC.visibility_of_element_located((By.ID, "contact-form")))
        note = form.find_element(By.NAME, "note")
        note.clear()
        note.send_keys("my note")
        status, answer = fetch(driver, "PATCH", "/api/contacts/zoe", {"parts": {"note": "their note"}})
        if status != 200:
            fail(f"the test's own PATCH answered {status}: {answer}")
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        conflict = wait.until(EC.visibility_of_element_located((By.ID, "conflict")))
        yours = conflict.find_element(By.CSS_SELECTOR, ".version.yours").text
        stored = conflict.find_element(By.CSS_SELECTOR, ".version.stored").text
        if "my note" not in yours or "their note" not in stored or "their note" in yours:
            fail(f"the conflict does not show both versions: yours {yours!r}, stored {stored!r}")
        marked = [e.text for e in conflict.find_elements(By.CSS_SELECTOR, ".version dd.differs")]
        if sorted(marked) != ["my note", "their note"]:
            fail(f"the conflict marks {marked} as different, not the two notes")
        step("conflict shows yours (my note) and the stored version (their note), the notes marked")
        shot(driver, "11-conflict.png")
        driver.find_element(By.ID, "conflict-overwrite").click()
        wait.until(lambda d: d.find_elements(By.ID, "detail-name") and "my note" in detail_text(d))
        status, answer = fetch(driver, "GET", "/api/contacts/zoe")
        if status != 200 or answer["parts"].get("note") != "my note":
            fail(f"after overwriting, the stored note is {answer}")
        step("overwrote with mine")

        # Failed requests the page made on purpose (412) are logged by Chrome; anything else is an error.
        errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE" and "status of 412" not in e.get("message", "")]
        if errors:
            fail("browser console errors: " + json.dumps(errors))
        step("ok")
    except TimeoutException as error:
        shot(driver, "edit-failure.png")
        print("browser: FAILED waiting: " + (error.msg or "timeout") + " at " + driver.current_url, file=sys.stderr)
        print(driver.find_element(By.TAG_NAME, "body").text[:2000], file=sys.stderr)
        sys.exit(1)
    except AssertionError as error:
        shot(driver, "edit-failure.png")
        print("browser: FAILED: " + str(error), file=sys.stderr)
        sys.exit(1)
    except Exception as error:
        import traceback
        traceback.print_exc()
        shot(driver, "edit-failure.png")
        print("browser: FAILED: " + type(error).__name__ + ": " + str(error), file=sys.stderr)
        sys.exit(1)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
"""#
