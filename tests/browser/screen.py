"""Where an element is drawn, measured once the page has settled on it."""

from __future__ import annotations

from playwright.sync_api import FloatRect, Locator, Page, expect


def box(found: Locator) -> FloatRect:
    """The element's box. A page that draws a part again (a frame just arrived) can swap
    the element between Playwright finding it and measuring it, which reads as « no
    box »: so wait until it is visible and measure again until one measure holds."""
    for _ in range(50):
        expect(found).to_be_visible()
        measured = found.bounding_box()
        if measured is not None:
            return measured
        found.page.wait_for_timeout(100)
    raise AssertionError(f"{found} has no box")


def box_of(page: Page, selector: str) -> FloatRect:
    """The box of the first element `selector` finds."""
    return box(page.locator(selector).first)


def in_view(page: Page, selector: str) -> bool:
    """The element is wholly inside the screen's height as the page is scrolled now."""
    measured = box_of(page, selector)
    height = page.viewport_size["height"]  # type: ignore[index]
    return measured["y"] >= 0 and measured["y"] + measured["height"] <= height
