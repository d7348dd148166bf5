"""The board as a browser test sees it: found and driven by the attributes the
drawing and the page module set, and waited on by its ``data-version``.

- ``.covil-board`` is the board's root; ``data-version`` is the position it
  shows (the widget's ``version`` trait, set after each redraw) and
  ``data-waiting`` what it waits for before a person decides ("" for nothing,
  "playback", "bot", "over").
- A piece of the picture is ``[data-<kind>="<id>"]`` (``data-zone``,
  ``data-troop``, ``data-fortress``, ``data-card``, ``data-coin``…), and carries
  ``data-action="<notation>"`` when a click on it chooses that action now.
- The listed actions are buttons carrying the same ``data-action``.
"""

from __future__ import annotations

from playwright.sync_api import Locator, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = ".covil-board"


class Board:
    def __init__(self, root: Locator) -> None:
        self.root = root
        self.page = root.page

    @property
    def version(self) -> int:
        return int(self.root.get_attribute("data-version") or "0")

    def piece(self, key: str, action: str | None = None) -> Locator:
        """The drawn element ``key`` ("zone:B", "troop:Y1"…), marked with ``action``."""
        kind, _, ident = key.partition(":")
        selector = f'svg [data-{kind}="{ident}"]'
        if action is not None:
            selector += f'[data-action="{action}"]'
        return self.root.locator(selector)

    def listed(self, action: str) -> Locator:
        """The button that lists ``action`` beside the board."""
        return self.root.locator(f'.covil-actions button[data-action="{action}"]')

    def listed_actions(self) -> list[str]:
        """The notations of every action listed beside the board, in order."""
        return self.root.locator(".covil-actions button[data-action]").evaluate_all(
            "buttons => buttons.map(b => b.dataset.action)"
        )

    def control(self, name: str) -> Locator:
        return self.root.get_by_role("button", name=name, exact=True)

    def moved_on_from(self, version: int) -> None:
        """Wait until the board shows a newer position than ``version``."""
        expect(self.root).not_to_have_attribute("data-version", str(version))

    def waiting(self) -> str:
        return self.root.get_attribute("data-waiting") or ""

    def click(self, key: str, action: str) -> None:
        """Click the piece that chooses ``action`` and wait for the redrawn board.
        A zone is marked both on the map and in the pieces layer drawn over it:
        the click goes to the last, on top."""
        before = self.version
        self.piece(key, action).last.click()
        self.moved_on_from(before)

    def choose(self, action: str) -> None:
        """Click the listed button of ``action`` and wait for the redrawn board."""
        before = self.version
        self.listed(action).click()
        self.moved_on_from(before)

    def speed(self, value: str) -> None:
        """The auto-play speed of playbacks and bots ("off" steps by hand)."""
        self.root.locator("select.covil-speed").select_option(value)

    def step_through(self) -> list[str]:
        """Step through a playback with the Step button; return what the banner
        said at each step."""
        said = []
        while self.waiting() == "playback":
            said.append(self.root.locator(".covil-banner").inner_text())
            before = self.version
            self.control("Step").click()
            self.moved_on_from(before)
        return said

    def skip_to_decision(self) -> None:
        """Skip a playback under way, if any, to the next decision of a person.

        The button is disabled while a bot thinks, and a bot may reach the
        decision on its own before the button is free again: the click waits
        for whichever comes first, else it would wait on a button that stays
        disabled."""
        skip = self.control("Skip to my decision")
        while self.waiting() in ("playback", "bot"):
            self.page.wait_for_function(
                "([root, skip]) => root.dataset.waiting === '' || !skip.disabled",
                arg=[self.root.element_handle(), skip.element_handle()],
            )
            if self.waiting() == "":
                break
            before = self.version
            try:
                skip.click(timeout=5000)
            except PlaywrightTimeout:  # the bot decided first: look again
                continue
            self.moved_on_from(before)
        expect(self.root).to_have_attribute("data-waiting", "")
