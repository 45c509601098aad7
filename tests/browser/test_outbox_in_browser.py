"""The pages' outbox (`server/static/outbox.js`, issue 34) in Chromium, its socket a stub
that records what goes: sends in order and paced, nothing dropped until answered, a
retryable refusal sent again later with the same key, a dead socket's actions sent again,
a reload finding what was kept."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.server.live import LiveServer

#: The outbox with a stub transport: `sent` records [id, key, type, fields] of each send.
SETUP = """async (url) => {
  const { Outbox } = await import(url);
  window.sent = [];
  window.up = true;
  let id = 0;
  window.make = (storageKey) => {
    const outbox = new Outbox((entry) => {
      if (!window.up) return null;
      id += 1;
      window.sent.push([id, entry.key, entry.type, entry.fields]);
      return id;
    });
    outbox.open(storageKey);
    return outbox;
  };
  window.box = window.make("motamot.outbox.test.s1");
}"""


@pytest.fixture
def page(browser: Browser, live: LiveServer) -> Iterator[Page]:
    page = browser.new_context().new_page()
    page.goto(live.url + "/")
    script = page.locator("script[type=module]").first.get_attribute("src") or ""
    version = re.match(r"/static/([^/]+)/", script)
    assert version is not None, script
    page.evaluate(SETUP, f"/static/{version.group(1)}/outbox.js")
    yield page
    page.context.close()


def run(page: Page, script: str) -> Any:
    return page.evaluate(f"async () => {{ {script} }}")


@pytest.mark.slow
def test_actions_go_in_order_paced_and_stay_until_answered(page: Page) -> None:
    sent = run(
        page,
        """for (let n = 0; n < 40; n++) box.add("word", { text: `w${n}` }, { word: `w${n}` });
        return sent.map(([id, key, type, fields]) => fields.text);""",
    )
    assert sent == [f"w{n}" for n in range(16)]  # 16 at once: in flight and credits
    keys = run(page, "return sent.map(([, key]) => key);")
    assert len(set(keys)) == 16 and all(re.fullmatch(r"[a-z0-9]+-\d+", key) for key in keys)
    # answered: each makes room, but the credits pace the rest (6 a second)
    answered_at = run(
        page, "for (const [id] of sent.slice(0, 16)) box.answered(id); return Date.now();"
    )
    assert run(page, "return box.entries.length;") == 24
    page.wait_for_timeout(1500)
    later, now = run(page, "return [sent.length, Date.now()];")
    # paced, however fast the machine: 6 a second over the time the page itself saw pass
    # (a loaded machine stretches the 1.5 s wait)
    seconds = (now - answered_at) / 1000
    assert later <= 16 + 1 + 6 * (seconds + 0.5), (later, seconds)
    page.wait_for_function("() => window.sent.length === 32", timeout=20_000)
    page.wait_for_timeout(1000)
    assert run(page, "return sent.length;") == 32  # 16 in flight: the next waits
    run(page, "for (const [id] of sent.slice(16)) box.answered(id);")
    page.wait_for_function("() => window.sent.length === 40", timeout=20_000)
    assert run(page, "return sent.map(([, , , f]) => f.text);") == [f"w{n}" for n in range(40)]


@pytest.mark.slow
def test_a_retryable_refusal_keeps_the_action_and_sends_it_again_with_its_key(
    page: Page,
) -> None:
    first = run(page, """box.add("play", { move: "5E MAIN" }, {}); return sent[0];""")
    kept = run(
        page, f"const r = box.refused({first[0]}, true); return [r.kept, box.entries.length];"
    )
    assert kept == [True, 1]
    assert run(page, "return sent.length;") == 1  # not at once: after a wait
    page.wait_for_function("() => window.sent.length === 2", timeout=10_000)
    again = run(page, "return sent[1];")
    assert again[1] == first[1] and again[3] == {"move": "5E MAIN"}  # the same key
    refused = run(page, f"return box.refused({again[0]}, false).kept;")
    assert refused is False and run(page, "return box.entries.length;") == 0


@pytest.mark.slow
def test_a_dead_socket_s_actions_go_again_and_a_reload_finds_what_was_kept(page: Page) -> None:
    run(page, """for (const text of ["a", "b", "c"]) box.add("word", { text }, { word: text });""")
    keys = run(page, "return sent.map(([, key]) => key);")
    run(page, "box.answered(sent[0][0]); window.up = false; box.lost(); box.flush();")
    assert run(page, "return sent.length;") == 3  # down: nothing goes
    run(page, "window.up = true; box.flush();")
    assert run(page, "return sent.slice(3).map(([, key]) => key);") == keys[1:]
    # a reload: another page's outbox on the same storage finds b and c, keys and all
    run(page, "window.sent = []; window.box = make('motamot.outbox.test.s1'); box.flush();")
    assert run(page, "return sent.map(([, key, , f]) => [key, f.text]);") == [
        [keys[1], "b"],
        [keys[2], "c"],
    ]
    run(page, "for (const [id] of sent) box.answered(id);")
    assert run(page, "return sessionStorage.getItem('motamot.outbox.test.s1');") is None
