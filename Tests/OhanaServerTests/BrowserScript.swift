// The selenium script the browser test runs (kept as Swift text so the test target has no
// file SwiftPM would warn about). Usage: python browser_test.py URL SCREENSHOT_DIR.

/// The Python selenium script that drives the page in headless Chromium.
let browserTestScript = #"""
"""Drives the `ohana serve` page in headless Chromium (Debian's chromium + chromium-driver).

Usage: browser_test.py URL SCREENSHOT_DIR
Loads the page, checks the <script> name renders as text, searches, opens a detail, switches pickers
while their rows load, picks until a rule refuses, reviews and applies a merge, splits it again, and
opens the statistics; writes screenshots of each view. Prints one line per step; exits non-zero with the reason on the first failure.
"""
import json
import os
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

\#(browserScriptPrelude)
STEP_TIMEOUT = 90


def click_first(wait, selector, containing=None):
    """Clicks the first element matching `selector` (whose text holds `containing`, if given),
    looking again when the page re-renders the list between finding the element and clicking it."""
    def attempt(d):
        for element in d.find_elements(By.CSS_SELECTOR, selector):
            if containing is None or containing in element.text:
                element.click()
                return True
        return False
    wait.until(attempt)


def click_nth(wait, selector, n):
    """Clicks the `n`th element (from 0) matching `selector`, looking again when the page
    re-renders the list between finding the element and clicking it."""
    def attempt(d):
        elements = d.find_elements(By.CSS_SELECTOR, selector)
        if len(elements) <= n:
            return False
        elements[n].click()
        return True
    wait.until(attempt)


def no_alert(driver):
    try:
        alert = driver.switch_to.alert
        fail("an alert opened: " + alert.text)
    except NoAlertPresentException:
        pass


def main():
    driver = make_driver()
    # The page re-renders lists as answers arrive: an element read mid-render is simply read again.
    wait = WebDriverWait(driver, STEP_TIMEOUT, ignored_exceptions=(StaleElementReferenceException,))
    try:
        driver.get(URL)
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
        rows = driver.find_elements(By.CSS_SELECTOR, "#list .row")
        if len(rows) < 20:
            fail(f"expected the first page of contacts, saw {len(rows)} rows")
        index = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#section-index .index-entry")]
        for title in ("A", "Ω", "ㄱ", "漢", "#"):
            if title not in index:
                fail(f"section index {index} lacks {title}")
        step(f"loaded {len(rows)} rows, index {' '.join(index)}")
        shot(driver, "01-contacts.png")

        # The contact named <script>alert(1)</script> renders as text and runs nothing.
        names = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#list .name")]
        if "<script>alert(1)</script> Mallory" not in names:
            search_box = driver.find_element(By.ID, "search")
            search_box.send_keys("mallory")
            wait.until(lambda d: any("<script>" in e.text for e in d.find_elements(By.CSS_SELECTOR, "#list .name")))
        click_first(wait, "#list .row-button", containing="<script>")
        wait.until(EC.text_to_be_present_in_element((By.ID, "detail-name"), "<script>alert(1)</script> Mallory"))
        if driver.find_elements(By.CSS_SELECTOR, "#list script, #detail script"):
            fail("a <script> element was created from contact data")
        no_alert(driver)
        step("the <script> name renders as text")

        # Search as you type, accent-insensitive, with the match highlighted.
        search_box = driver.find_element(By.ID, "search")
        search_box.clear()
        search_box.send_keys("zoe ang")
        wait.until(lambda d: "".join(m.text for m in d.find_elements(By.CSS_SELECTOR, "#list .row mark")) == "ZoëÅng")
        status = driver.find_element(By.ID, "list-status").text
        step(f"search highlighted ZoëÅng ({status})")
        shot(driver, "02-search.png")
        search_box.clear()
        search_box.send_keys("471 00")
        wait.until(lambda d: "471 00" in "".join(m.text for m in d.find_elements(By.CSS_SELECTOR, "#list .match-line mark")))
        step("phone digits search highlighted 471 00")
        click_first(wait, "#list .row-button", containing="Zoë")
        wait.until(EC.text_to_be_present_in_element((By.ID, "detail-name"), "Zoë Ångström"))
        detail = driver.find_element(By.ID, "detail").text
        for expected in ("+46 70 123 45 67", "mobile", "work", "lab", "Lägerhyddsvägen 1", "752 37 Uppsala", "Physicist"):
            if expected not in detail:
                fail(f"detail lacks {expected!r}: {detail!r}")
        if not driver.find_elements(By.CSS_SELECTOR, "#detail img.photo"):
            fail("detail has no photo")
        step("detail shows fields, labels, address and photo")
        shot(driver, "03-detail.png")

        # Switch pickers while each one's first page of rows is still loading: each switch closes
        # the session before it, and no request may then find its session gone (the console is
        # checked for errors at the end). Pages of rows are held back 300 ms in the page, so that
        # every switch comes while one is on its way, as it does on a slow network.
        driver.execute_script("""
            window.__fetch = window.fetch;
            window.fetch = (url, init) => String(url).includes("/rows")
                ? new Promise((resolve) => setTimeout(resolve, 300)).then(() => window.__fetch(url, init))
                : window.__fetch(url, init);""")
        driver.find_element(By.CSS_SELECTOR, ".tab[data-view=pick]").click()
        pickers = Select(wait.until(EC.presence_of_element_located((By.ID, "picker"))))
        # The loop ends on a picker with one row per number, whose row ids no other picker has.
        summaries = {"multiple": "any number of contacts", "phoneOrEmail": "reached by phone or email",
                     "textRecipients": "text message", "phoneNumbers": "one row per number"}
        for _ in range(3):
            for picker_id, summary in summaries.items():
                pickers.select_by_value(picker_id)
                wait.until(lambda d, s=summary: s in d.find_element(By.ID, "picker-summary").text)
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#pick-rows .pick-box")) >= 4)
        errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        if errors:
            fail("switching pickers while rows load: " + json.dumps(errors))
        step("switched pickers 12 times while their rows loaded")

        # Pick until a rule refuses. The rows of the picker before are gone as soon as this one
        # starts (its own rows are still held back): no box of theirs can be clicked into this
        # picker's session, which would answer "no row with id".
        pickers.select_by_value("atMostThree")
        wait.until(lambda d: "MaximumSelectedCount" in d.find_element(By.ID, "picker-rules").text)
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#pick-rows .pick-box")) >= 4)
        driver.execute_script("window.fetch = window.__fetch;")
        # Each box is found again when it is clicked: the rows re-render as the selection changes.
        for count in range(1, 4):
            click_nth(wait, "#pick-rows .pick-box", count - 1)
            wait.until(lambda d, c=count: d.find_element(By.ID, "selected-count").text == str(c))
        click_nth(wait, "#pick-rows .pick-box", 3)
        wait.until(EC.visibility_of_element_located((By.ID, "refusals")))
        # The list may show before its text arrives (seen on a loaded machine): wait for the text.
        wait.until(lambda d: d.find_element(By.ID, "refusals").text.strip() != "")
        refusal = driver.find_element(By.ID, "refusals").text
        if "refused by MaximumSelectedCount: at most 3 contacts can be selected" not in refusal:
            fail(f"refusal text was {refusal!r}")
        fourth_selected = wait.until(lambda d: (d.find_elements(By.CSS_SELECTOR, "#pick-rows .pick-box")[3].is_selected(),))[0]
        if driver.find_element(By.ID, "selected-count").text != "3" or fourth_selected:
            fail("the fourth pick was not undone")
        step("fourth pick refused: " + refusal)
        href = driver.find_element(By.ID, "export-vcard").get_attribute("href")
        exported = driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; fetch(arguments[0]).then(r => r.text()).then(done, e => done('ERR ' + e));",
            href)
        if exported.count("BEGIN:VCARD") != 3:
            fail(f"vCard export of the selection had {exported.count('BEGIN:VCARD')} cards")
        step("exported the selection as vCard (3 cards)")
        shot(driver, "04-picker-refused.png")

        # Phone numbers picker: one row per number.
        Select(driver.find_element(By.ID, "picker")).select_by_value("phoneNumbers")
        wait.until(lambda d: "SplitOnFieldType" in d.find_element(By.ID, "picker-rules").text)
        pick_search = driver.find_element(By.ID, "pick-search")
        pick_search.send_keys("Zoë")
        wait.until(lambda d: len([r for r in d.find_elements(By.CSS_SELECTOR, "#pick-rows .row") if "Zoë" in r.text]) == 3)
        step("phone numbers picker shows one row per number")

        # Merge review: the cluster with its reasons, accept, apply.
        driver.find_element(By.CSS_SELECTOR, ".tab[data-view=merge]").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#clusters .cluster"))
        cluster = next((c for c in driver.find_elements(By.CSS_SELECTOR, "#clusters .cluster") if "Quimby" in c.text), None)
        if cluster is None:
            fail("no cluster for the Quimby duplicates: " + driver.find_element(By.ID, "view-merge").text)
        reasons = [r.text for r in cluster.find_elements(By.CSS_SELECTOR, ".reasons li")]
        if not reasons:
            fail("the cluster shows no reasons")
        cluster_id = cluster.get_attribute("data-id")
        step(f"cluster {cluster_id} reasons: {reasons}")
        shot(driver, "05-merge-review.png")
        cluster.find_element(By.CSS_SELECTOR, "button.accept").click()
        wait.until(lambda d: d.find_element(By.CSS_SELECTOR, f'#clusters .cluster[data-id="{cluster_id}"]').get_attribute("data-decision") == "accepted")
        driver.find_element(By.ID, "apply-merges").click()
        wait.until(lambda d: "Merged" in d.find_element(By.ID, "apply-result").text)
        step(driver.find_element(By.ID, "apply-result").text)

        # The merged contact is listed with its members; Split undoes the merge.
        wait.until(lambda d: any("Quimby" in m.text for m in d.find_elements(By.CSS_SELECTOR, "#merged .merged")))
        merged = next(m for m in driver.find_elements(By.CSS_SELECTOR, "#merged .merged") if "Quimby" in m.text)
        members = [e.text for e in merged.find_elements(By.CSS_SELECTOR, ".members .name")]
        if sorted(members) != ["Bob Quimby", "Robert Quimby"]:
            fail(f"the merged contact lists members {members}")
        merged.find_element(By.CSS_SELECTOR, "button.split").click()
        wait.until(lambda d: "Split into 2 contacts" in d.find_element(By.ID, "apply-result").text)
        wait.until(lambda d: not any("Quimby" in m.text for m in d.find_elements(By.CSS_SELECTOR, "#merged .merged")))
        step(driver.find_element(By.ID, "apply-result").text)
        shot(driver, "07-split.png")

        # Review: what needs a decision, by kind with counts; the Swedish card's "12" is no number.
        driver.find_element(By.CSS_SELECTOR, ".tab[data-view=review]").click()
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#review-groups .review-group")) >= 1)
        junk = driver.find_elements(By.CSS_SELECTOR, ".review-group[data-kind=junk-number] .review-item")
        if not any(item.get_attribute("data-id") == "zoe" and "12" in item.text for item in junk):
            fail("the review does not list the Swedish card's phone value 12: " + driver.find_element(By.ID, "view-review").text[:500])
        heading = driver.find_element(By.CSS_SELECTOR, ".review-group[data-kind=junk-number] h3 .count").text
        if heading != str(len(junk)):
            fail(f"the junk heading counts {heading}, the list holds {len(junk)}")
        step("review: " + driver.find_element(By.ID, "review-status").text)
        shot(driver, "08-review.png")
        # Choosing a country for a number no evidence places: the first country that makes it valid
        # takes it off the list; one that does not keeps it, saying so.
        def unresolved(d):
            return [(i.get_attribute("data-id"), i.find_element(By.CSS_SELECTOR, ".value").text)
                    for i in d.find_elements(By.CSS_SELECTOR, ".review-group[data-kind=unresolved-number] .review-item")]
        before = unresolved(driver)
        if not before:
            fail("the review lists no number without a country: " + driver.find_element(By.ID, "view-review").text[:500])
        target = before[0]
        chosen = None
        for region in ["GB", "DE", "FR", "MX", "BR", "JP", "CN", "IN", "IT", "ES", "AU", "NL", "TR", "KR", "SE", "PL"]:
            item = next(i for i in driver.find_elements(By.CSS_SELECTOR, ".review-group[data-kind=unresolved-number] .review-item")
                        if (i.get_attribute("data-id"), i.find_element(By.CSS_SELECTOR, ".value").text) == target)
            box = item.find_element(By.CSS_SELECTOR, "input.region")
            box.clear()
            box.send_keys(region)
            item.find_element(By.CSS_SELECTOR, "form.region-choice button").click()
            wait.until(lambda d: d.find_element(By.ID, "review-result").text.endswith(f"{region} kept."))
            if target not in unresolved(driver):
                chosen = region
                break
            still = next(i for i in driver.find_elements(By.CSS_SELECTOR, ".review-group[data-kind=unresolved-number] .review-item")
                         if (i.get_attribute("data-id"), i.find_element(By.CSS_SELECTOR, ".value").text) == target)
            if f"not valid in {region} either (your choice)" not in still.text:
                fail(f"a country that does not fit is not named: {still.text}")
        if chosen is None:
            fail(f"no country took {target} off the list")
        if len(unresolved(driver)) != len(before) - 1:
            fail(f"choosing {chosen} for {target} left {len(unresolved(driver))} of {len(before)}")
        step(f"review: {target[1]} set to {chosen}, {len(unresolved(driver))} numbers without a country left")
        # A name in the review opens that contact (the list was drawn again: find it anew).
        junk = driver.find_elements(By.CSS_SELECTOR, ".review-group[data-kind=junk-number] .review-item")
        next(item for item in junk if item.get_attribute("data-id") == "zoe").find_element(By.CSS_SELECTOR, "button.name").click()
        wait.until(lambda d: "Ångström" in d.find_element(By.ID, "detail").text)
        # Deleting the junk value takes it off the list (an edit of the contact, undoable).
        drawn = driver.find_element(By.ID, "review-groups").get_attribute("data-rendered")
        driver.find_element(By.CSS_SELECTOR, ".tab[data-view=review]").click()
        # The tab draws the review again: wait for that before clicking in it.
        wait.until(lambda d: d.find_element(By.ID, "review-groups").get_attribute("data-rendered") != drawn)
        def zoe_junk(d):
            return [i for i in d.find_elements(By.CSS_SELECTOR, ".review-group[data-kind=junk-number] .review-item")
                    if i.get_attribute("data-id") == "zoe" and "12" in i.text]
        wait.until(lambda d: zoe_junk(d))
        zoe_junk(driver)[0].find_element(By.CSS_SELECTOR, "button.review-delete").click()
        wait.until(lambda d: d.find_element(By.ID, "review-result").text.startswith("Deleted 1 value"))
        if zoe_junk(driver):
            fail("the deleted junk value is still listed")
        step("review: " + driver.find_element(By.ID, "review-result").text)

        # Statistics chart.
        driver.find_element(By.CSS_SELECTOR, ".tab[data-view=stats]").click()
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#chart .bar")) >= 8)
        labels = [b.get_attribute("data-label") for b in driver.find_elements(By.CSS_SELECTOR, "#chart .bar")]
        for expected in ("phone numbers", "without phone or email", "invalid phone numbers", "duplicates found"):
            if expected not in labels:
                fail(f"chart lacks {expected!r}: {labels}")
        step("statistics chart: " + ", ".join(labels))
        shot(driver, "06-statistics.png")

        no_alert(driver)
        errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        if errors:
            fail("browser console errors: " + json.dumps(errors))
        step("ok")
    except TimeoutException as error:
        shot(driver, "failure.png")
        print("browser: FAILED waiting: " + (error.msg or "timeout") + " at " + driver.current_url, file=sys.stderr)
        print(driver.find_element(By.TAG_NAME, "body").text[:2000], file=sys.stderr)
        sys.exit(1)
    except AssertionError as error:
        shot(driver, "failure.png")
        print("browser: FAILED: " + str(error), file=sys.stderr)
        sys.exit(1)
    except Exception as error:  # anything else (a stale element, a lost session): say what and where
        import traceback
        traceback.print_exc()
        shot(driver, "failure.png")
        print("browser: FAILED: " + type(error).__name__ + ": " + str(error) + " at " + driver.current_url, file=sys.stderr)
        sys.exit(1)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
"""#


/// What every Selenium script of the page's tests starts with (interpolated after its imports,
/// which must bring `os`, `sys`, `webdriver` and `Service`): `URL` and `SHOTS` from the arguments,
/// `step`, `fail`, `make_driver(window)` for headless Chromium with the console log kept, `shot`.
let browserScriptPrelude = #"""
URL, SHOTS = sys.argv[1], sys.argv[2]
os.makedirs(SHOTS, exist_ok=True)


def step(message):
    print("browser:", message, flush=True)


def fail(message):
    raise AssertionError(message)


def make_driver(window="1280,860"):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=" + window, "--lang=en-US", "--no-first-run", "--disable-extensions"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)


def shot(driver, name):
    path = os.path.join(SHOTS, name)
    driver.save_screenshot(path)
    step("screenshot " + path)
"""#
