"""Where an element is drawn, measured once the page has settled on it."""

from __future__ import annotations

from playwright.sync_api import FloatRect, Page, expect


def box_of(page: Page, selector: str) -> FloatRect:
    """The first match's box. A page that draws a part again (a frame just arrived) can
    swap the element between Playwright finding it and measuring it, which reads as « no
    box »: so wait until it is visible and measure again until one measure holds."""
    found = page.locator(selector).first
    for _ in range(50):
        expect(found).to_be_visible()
        box = found.bounding_box()
        if box is not None:
            return box
        page.wait_for_timeout(100)
    raise AssertionError(f"{selector} has no box")


def in_view(page: Page, selector: str) -> bool:
    """The element is wholly inside the screen's height as the page is scrolled now."""
    box = box_of(page, selector)
    return box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]  # type: ignore[index]
