"""A two-player Topword table made as players make it: the first from the home page's
form, the second by the table's link. Split in two steps so a test can look at the
joining page before the name is given."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def create_table(page: Page, base_url: str, name: str = "Ana", *, rated: bool = False) -> str:
    """Open the Topword form from the home page, keep a second seat for a person (a rated
    game if asked) and create the table: the room's id, the page on the table."""
    page.goto(base_url + "/#topword")  # the game chosen: its form opens
    page.fill("#tw-name", name)
    page.select_option("#tw-seat-1", "person")
    if rated:
        page.check("#create-table input[name=rated]")
    page.click("#create-table button[type=submit]")
    page.wait_for_url("**/r/*")
    return page.url.rsplit("/", 1)[1]


def join_table(page: Page, creator: Page, name: str = "Bob") -> None:
    """Give `name` on a table's page opened by its link; returns once the creator's
    page lists the new player."""
    page.fill("#join-name", name)
    page.click("form:has(#join-name) button[type=submit]")
    expect(creator.locator(".players")).to_contain_text(name)
