"""B16 in Chromium: the box's grid picked face by face on a picture of the grid, among
the preset's dice (each die once), on the solver page at phone size (one cell by the
keyboard alone) and in a box room between rounds at desktop size; the picked grid is
solved, or played. Screenshots in tests/artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from motamot.boggle import get_preset, roll
from tests.browser.conftest import PageFrames
from tests.browser.test_new_player import DESKTOP
from tests.browser.test_operator_page_in_browser import PHONE_WIDE
from tests.browser.test_play_in_browser import serious_violations
from tests.server.live import LiveServer


def dice_for(faces: list[str], dice: list[tuple[str, ...]]) -> list[int]:
    """A die for each cell showing its face, each die once (augmenting paths)."""
    owner: dict[int, int] = {}

    def seat(cell: int, seen: set[int]) -> bool:
        for die, sides in enumerate(dice):
            if faces[cell] in sides and die not in seen:
                seen.add(die)
                if die not in owner or seat(owner[die], seen):
                    owner[die] = cell
                    return True
        return False

    for cell in range(len(faces)):
        assert seat(cell, set()), f"no die left for {faces[cell]}"
    return [die for cell in range(len(faces)) for die, c in owner.items() if c == cell]


def pick(page: Page, field: str, faces: list[str], dice: list[tuple[str, ...]]) -> None:
    """Open the picker beside `field`, tap each cell, then its die's face."""
    picker = page.locator(f"#{field}-pick")
    picker.locator(".pick-toggle").click()
    for cell, (face, die) in enumerate(zip(faces, dice_for(faces, dice), strict=True)):
        picker.locator(f'.pick-cell[data-cell="{cell}"]').click()
        name = face if face != "_" else "face vide"
        picker.get_by_role("button", name=f"{name}, dé {die + 1}", exact=True).click()


@pytest.mark.slow
def test_b16_the_solvers_grid_picked_on_a_picture_at_phone_size(
    browser: Browser, live: LiveServer, artifacts: Path
) -> None:
    page = browser.new_context(viewport=PHONE_WIDE, locale="fr-FR").new_page()
    page.goto(f"{live.url}/boggle/solveur")
    dice = list(get_preset("classic-fr").dice.dice)
    picker = page.locator("#grille-pick")
    picker.locator(".pick-toggle").click()
    expect(picker.locator(".pick-cell")).to_have_count(16)
    expect(picker.locator(".hint")).to_have_text("16 cases restent à choisir.")
    # the first cell by the keyboard alone: its die's faces get the focus, Enter picks
    picker.locator('.pick-cell[data-cell="0"]').focus()
    page.keyboard.press("Enter")
    first = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert re.fullmatch(r".+, dé 1", first), first
    expect(picker.locator(".pick-dice > div")).to_have_count(16)  # every die is free
    page.keyboard.press("Enter")
    chosen = first.split(",")[0]
    expect(picker.locator('.pick-cell[data-cell="0"]')).to_have_attribute(
        "aria-label", f"Case A1\u00a0: {chosen}"
    )
    # the focus moved on to the next cell's faces: die 1 is taken, 15 are left
    expect(picker.locator(".pick-dice > div")).to_have_count(15)
    picker.locator('.pick-cell[data-cell="0"]').focus()  # the arrows move between cells
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused == "Case B2\u00a0: à choisir", focused
    assert serious_violations(page) == []
    page.screenshot(path=str(artifacts / "dice-picker-phone.png"), full_page=True)
    # the rulebook's grid, picked whole (die by die), fills the field; it is solved
    picker.get_by_role("button", name="Tout effacer").click()
    faces = list(roll(get_preset("classic-fr"), 11).faces)
    picker.locator(".pick-toggle").click()  # closed, then opened again: empty
    pick(page, "grille", faces, dice)
    text = "/".join("".join(faces[r * 4 : r * 4 + 4]) for r in range(4))
    expect(page.locator("#grille")).to_have_value(text)
    expect(picker.locator(".hint")).to_have_text(f"Grille complète\u00a0: {text}")
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(artifacts / "dice-picker-desktop.png"), full_page=True)
    page.get_by_role("button", name="Chercher les mots").click()
    expect(page.locator("#found-title")).to_contain_text("mots")
    page.context.close()


@pytest.mark.slow
def test_b16_the_next_box_grid_picked_on_a_picture_in_the_room(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    ana = frames.watch(browser.new_context(viewport=DESKTOP, locale="fr-FR").new_page())
    ana.goto(live.url + "/")
    ana.locator("#fold-boggle summary").click()
    ana.fill("#name", "Ana")
    ana.fill("#box-grid", "orte/best/inam/gted")
    expect(ana.locator("#box-grid-pick .pick-toggle")).to_have_text("Choisir les faces sur l'image")
    ana.click("#create button[type=submit]")
    ana.wait_for_url(re.compile(r"/r/[\w-]{12,}$"))
    faces = list(roll(get_preset("classic-fr"), 5).faces)
    pick(ana, "box-next", faces, list(get_preset("classic-fr").dice.dice))
    text = "/".join("".join(faces[r * 4 : r * 4 + 4]) for r in range(4))
    expect(ana.locator("#box-next")).to_have_value(text)
    assert serious_violations(ana) == []
    ana.screenshot(path=str(artifacts / "dice-picker-room-desktop.png"), full_page=True)
    ana.get_by_role("button", name="Jouer cette grille").click()
    expect(ana.locator("#chosen-grid")).to_contain_text(text)
    ana.click("#start")
    expect(ana.locator("#chosen-grid")).to_contain_text(text)
    ana.set_viewport_size(PHONE_WIDE)  # the next grid picked on a phone, the round on
    ana.get_by_role("button", name="Arrêter la manche").click()
    # the picker stayed open over the round (one picker for the page's life)
    expect(ana.locator("#box-next-pick .pick-toggle")).to_have_attribute("aria-expanded", "true")
    expect(ana.locator("#box-next-pick .hint")).to_have_text("16 cases restent à choisir.")
    ana.locator('#box-next-pick .pick-cell[data-cell="5"]').click()
    expect(ana.locator("#box-next-pick .pick-dice > div").first).to_be_visible()
    ana.screenshot(path=str(artifacts / "dice-picker-room-phone.png"), full_page=True)
    ana.context.close()
