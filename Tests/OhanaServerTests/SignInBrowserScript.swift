// The selenium script of the sign-in browser test (Swift text, like BrowserScript.swift).
// Usage: python signin_test.py URL SCREENSHOT_DIR.

/// Drives sign-in, a refused write and sign-out in headless Chromium.
let signInBrowserScript = #"""
"""Signs in to the `ohana serve` page in headless Chromium, is refused a merge as a viewer, signs out.

Usage: signin_test.py URL SCREENSHOT_DIR
Prints one line per step; exits non-zero with the reason on the first failure.
"""
import os
import sys

from selenium import webdriver
from selenium.common.exceptions import JavascriptException, NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

\#(browserScriptPrelude)

def visible(driver, element_id):
    return driver.find_element(By.ID, element_id).is_displayed()


def sign_in(driver, wait, user, password):
    wait.until(lambda d: visible(d, "signin"))
    for field, value in (("signin-user", user), ("signin-password", password)):
        box = driver.find_element(By.ID, field)
        box.clear()
        box.send_keys(value)
    driver.find_element(By.ID, "signin-submit").click()


driver = make_driver()
try:
    # Signing in and out reloads the page: an element found just before may be gone when read.
    wait = WebDriverWait(driver, 90, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException,
                                                         JavascriptException))
    driver.get(URL)
    wait.until(lambda d: visible(d, "signin"))
    if driver.find_element(By.TAG_NAME, "main").is_displayed() or visible(driver, "error"):
        raise AssertionError("the address book shows before signing in")
    step("the sign-in form shows")
    sign_in(driver, wait, "vera", "not the password")
    wait.until(lambda d: "wrong" in d.find_element(By.ID, "signin-status").text)
    step("a wrong password is refused: " + driver.find_element(By.ID, "signin-status").text)
    driver.save_screenshot(os.path.join(SHOTS, "signin-1-refused.png"))
    sign_in(driver, wait, "vera", "vera password")
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    wait.until(lambda d: visible(d, "account") and "vera (viewer)" in d.find_element(By.ID, "who").text)
    if visible(driver, "signin"):
        raise AssertionError("the sign-in form still shows after signing in")
    if driver.find_element(By.CSS_SELECTOR, '.tab[data-view="audit"]').is_displayed():
        raise AssertionError("a viewer is shown the audit tab")
    step("signed in as vera (viewer); contacts listed: " + str(len(driver.find_elements(By.CSS_SELECTOR, "#list li"))))
    driver.find_element(By.CSS_SELECTOR, '.tab[data-view="merge"]').click()
    driver.find_element(By.ID, "apply-merges").click()
    wait.until(lambda d: visible(d, "error") and "may not do this" in d.find_element(By.ID, "error").text)
    step("a merge is refused: " + driver.find_element(By.ID, "error").text)
    driver.save_screenshot(os.path.join(SHOTS, "signin-2-role-refused.png"))
    driver.find_element(By.ID, "signout").click()
    wait.until(lambda d: visible(d, "signin"))
    driver.get(URL)
    wait.until(lambda d: visible(d, "signin"))
    step("signed out: the sign-in form shows again")
    driver.save_screenshot(os.path.join(SHOTS, "signin-3-signed-out.png"))
    print("browser: ok", flush=True)
finally:
    driver.quit()
"""#
