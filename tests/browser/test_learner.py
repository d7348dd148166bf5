"""What a newcomer's first solo game asked of the board (issue 19), one test
each, in real JupyterLab: the view stays put, every action has a key, a click
is answered at once.

``solo.ipynb`` opens a solo game against the rulebook's dummy, seed 1 (see
test_board.py), so the actions below are known to be legal.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, expect

from browser.board import Board
from browser.harness import DARK, LIGHT, Notebook, NotebookOpener, screenshot_path
from browser.test_board import FIRST_DAY, open_solo

# Where the page is scrolled: every scrolled ancestor's offset, the window's,
# and where the board's top is on the screen.
VIEW = """board => {
  const offsets = [];
  for (let node = board.parentElement; node; node = node.parentElement) {
    offsets.push(node.scrollTop);
  }
  const top = (node) => Math.round(node.getBoundingClientRect().top);
  // Below the map: the controls, where a longer or shorter list would move them.
  const below = top(board.querySelector(".covil-controls")) - top(board);
  return { offsets, window: window.scrollY, top: top(board), below };
}"""


def view_of(board: Board) -> dict:
    return board.root.evaluate(VIEW)


def test_no_board_action_scrolls_the_page(open_in_lab: NotebookOpener) -> None:
    """Looking back, a log entry, a pool card, the hint, an action, a refusal:
    the notebook stays where the learner left it (only the log scrolls inside)."""
    notebook, board = open_solo(open_in_lab)
    board.speed("off")
    # The board a little below the top of the notebook's scrolled area, so a
    # scroll either way would show.
    board.root.evaluate("board => board.scrollIntoView({block: 'start'})")
    notebook.page.mouse.wheel(0, -60)
    for action in FIRST_DAY[:3]:
        board.choose(action)
        board.skip_to_decision()
    page = notebook.page
    before = view_of(board)

    def unmoved(what: str) -> None:
        page.wait_for_timeout(400)  # a smooth scroll would have begun by now
        now = view_of(board)
        # The page is not scrolled, and what lies below the map moves at most
        # by a line of the status strip (its decision may take one more line).
        assert {**now, "below": 0} == {**before, "below": 0}, what
        assert abs(now["below"] - before["below"]) <= 40, (what, now, before)

    def reach(target: Locator) -> dict:
        """Scroll to ``target`` as the learner would (Playwright's click would
        scroll itself); what the click does next is the board's."""
        target.scroll_into_view_if_needed()
        return view_of(board)

    board.root.focus()
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    expect(board.root).to_have_class(re.compile(r"\bcovil-looking-back\b"))
    unmoved("looking back with the arrow keys")
    entry = board.root.locator(".covil-entry").first
    before = reach(entry)
    entry.click()
    unmoved("a log entry clicked")
    page.keyboard.press("End")
    unmoved("back to the game with End")
    before = reach(board.control("Hint"))
    board.control("Hint").click()
    expect(board.root.locator(".covil-hint")).to_be_visible()
    unmoved("the hint")
    card = board.piece("card:gate-warden", "acquire gate-warden").last
    before = reach(card)
    board.click("card:gate-warden", "acquire gate-warden")
    unmoved("a pool card clicked")
    zone = board.root.locator(".covil-map [data-zone]").first
    before = reach(zone)
    zone.click()  # not legal now: a refusal
    expect(board.root.locator(".covil-error")).to_be_visible()
    unmoved("a refused click")


def first_turn(open_in_lab: NotebookOpener) -> tuple[Notebook, Board]:
    """Yellow's first turn: fourteen actions (troop actions, six minions to
    acquire with a full hall, relics, commands, the end of the turn)."""
    notebook, board = open_solo(open_in_lab)
    board.click("zone:B", "start B")
    board.skip_to_decision()
    return notebook, board


def test_actions_are_grouped_and_said_whole(open_in_lab: NotebookOpener) -> None:
    _notebook, board = first_turn(open_in_lab)
    actions = board.root.locator(".covil-actions")
    groups = actions.locator(".covil-group")
    expect(groups).to_have_count(4)
    titles = [title.split(" (")[0] for title in groups.all_inner_texts()]
    assert titles == ["Troop action", "Acquire a minion", "Relics", "Minions' commands"]
    # The condition every purchase shares is said once, over the purchases.
    assert actions.inner_text().count("your hall is full") == 1
    assert "your hall is full" in groups.nth(1).inner_text()
    # No sentence is cut: every text shows whole.
    cut = actions.locator("button, .covil-details").evaluate_all(
        "nodes => nodes.filter(n => n.scrollHeight > n.clientHeight + 1).map(n => n.textContent)"
    )
    assert cut == []
    actions.screenshot(path=str(screenshot_path("grouped-actions")))


def test_every_listed_action_has_a_keyboard_path(open_in_lab: NotebookOpener) -> None:
    """1 to 9 and 0 choose the first ten; ↓ and ↑ reach every one, past the tenth."""
    notebook, board = first_turn(open_in_lab)
    listed = board.listed_actions()
    assert len(listed) > 10
    board.root.focus()
    reached = []
    for _ in listed:
        notebook.page.keyboard.press("ArrowDown")
        reached.append(notebook.page.evaluate("document.activeElement.dataset.action"))
    assert reached == listed
    assert board.root.locator(".covil-actions button").nth(9).inner_text().startswith("0. ")
    notebook.page.keyboard.press("ArrowUp")  # back from the last to the one before it
    before = board.version
    notebook.page.keyboard.press("Enter")
    board.moved_on_from(before)
    assert notebook.kernel.value("[str(a) for a in board.game.history]")[-1] == listed[-2]


# Click a listed action and see, in the page, what the next frames show: the
# board pending and the button pressed at once, both gone once the new
# position is drawn.
PRESS_AND_WATCH = """
async (button) => {
  const board = button.closest(".covil-board");
  const before = board.dataset.version;
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  button.click();
  await frame();
  const acknowledged = {
    pending: board.dataset.pending ?? null,
    pressed: button.classList.contains("covil-pressed"),
    version: board.dataset.version,
  };
  while (board.dataset.version === before) await frame();
  const after = { pending: board.dataset.pending ?? null, version: board.dataset.version };
  return { acknowledged, after };
}
"""


def test_a_click_is_acknowledged_in_the_next_frame(open_in_lab: NotebookOpener) -> None:
    """Python decides in tens of milliseconds; the page says at once that it heard."""
    _notebook, board = open_solo(open_in_lab)
    before = str(board.version)
    seen = board.listed("start B").evaluate(PRESS_AND_WATCH)
    assert seen["acknowledged"] == {"pending": "act", "pressed": True, "version": before}
    assert seen["after"]["pending"] is None
    assert seen["after"]["version"] != before


def test_a_narrow_board_keeps_its_map_readable(open_in_lab: NotebookOpener) -> None:
    """At 1024 px with the file browser open (an output about 570 px wide),
    and in any output under 800 px, the actions move under the map, which
    keeps the board's whole width; over 800 px, the list beside the map is
    300 px wide at least (at 220 px every action's words wrapped twice)."""
    notebook, board = open_solo(open_in_lab)
    page = notebook.page
    notebook.command("filebrowser:activate")
    for window in (1024, 1200, 1300, 1400):
        page.set_viewport_size({"width": window, "height": 900})
        page.wait_for_timeout(300)  # JupyterLab lays its panels out on resize
        sizes = board.root.evaluate(
            """board => {
              const box = (s) => board.querySelector(s).getBoundingClientRect();
              const right = board.getBoundingClientRect().right;
              // Past the board's right edge, and not inside a part that scrolls sideways.
              const clipped = (n) => n.parentElement?.closest(".covil-status");
              const out = [...board.querySelectorAll("*")]
                .filter((n) => n.getBoundingClientRect().right > right + 1 && !clipped(n))
                .slice(0, 5).map((n) => `${n.tagName} ${n.className.baseVal ?? n.className}`);
              return { board: box(".covil-main").width, map: box(".covil-map").width,
                       mapBottom: box(".covil-map").bottom, sideTop: box(".covil-side").top,
                       side: box(".covil-side").width, legend: box(".covil-legend").width,
                       out };
            }"""
        )
        board.root.screenshot(path=str(screenshot_path(f"narrow-{window}")))
        assert (sizes["board"] < 800) == (window < 1300), (window, sizes)
        assert not sizes["out"], (window, sizes)  # nothing cut off at the board's right
        assert sizes["legend"] <= sizes["map"] + 1, (window, sizes)  # as wide as the map at most
        if sizes["board"] < 800:
            assert sizes["map"] >= sizes["board"] - 1, (window, sizes)
            assert sizes["sideTop"] >= sizes["mapBottom"] - 1, (window, sizes)
        else:
            assert sizes["map"] >= 480 and sizes["side"] >= 300, (window, sizes)


# The mean lightness (0 to 1) of a section's picture as the board paints it:
# the SVG drawn on a canvas through the filter the page's CSS gives it.
LIGHTNESS = """
async (svg) => {
  const image = new Image();
  const text = new XMLSerializer().serializeToString(svg);
  image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(text);
  await image.decode();
  const canvas = document.createElement("canvas");
  [canvas.width, canvas.height] = [200, 200];
  const context = canvas.getContext("2d");
  context.filter = getComputedStyle(svg).filter;
  context.drawImage(image, 0, 0, 200, 200);
  const { data } = context.getImageData(0, 0, 200, 200);
  let sum = 0;
  for (let i = 0; i < data.length; i += 4) sum += (data[i] + data[i + 1] + data[i + 2]) / 3;
  return sum / (data.length / 4) / 255;
}
"""


def test_the_dark_board_is_dark_throughout(open_in_lab: NotebookOpener) -> None:
    """In JupyterLab's dark theme the map, the halls and the status strip are
    dark like the buttons beside them, not bright parchment."""
    notebook, board = open_solo(open_in_lab)
    sections = {
        "map": ".covil-map svg",
        "status": ".covil-status svg",
        "pool": ".covil-pool svg",
    }
    lightness = {}
    for theme, name in ((DARK, "dark"), (LIGHT, "light")):
        notebook.theme(theme)
        expect(board.root).to_have_attribute("data-theme", name)
        for section, selector in sections.items():
            svg = board.root.locator(selector).first
            lightness[name, section] = svg.evaluate(LIGHTNESS)
    for section in sections:
        assert lightness["dark", section] < 0.35 < 0.65 < lightness["light", section], lightness
    # A player's tokens and badges, and the page's rings, are turned over twice
    # in the dark (the same filter as their picture's): their own colours.
    notebook.theme(DARK)
    expect(board.root).to_have_attribute("data-theme", "dark")
    turned = board.root.evaluate(
        """root => [...root.querySelectorAll(".covil-keep, .covil-ring")].map((node) =>
             [getComputedStyle(node).filter, getComputedStyle(node.closest("div > svg")).filter])"""
    )
    assert turned and all(own == picture != "none" for own, picture in turned), turned[:3]


def test_the_night_is_played_back_step_by_step_and_its_story_stays(
    open_in_lab: NotebookOpener,
) -> None:
    """The day's last End plays the whole night inside Python; the board
    shows it a step at a time (fee, raid, rest: each drawn, each told by its
    rule), then keeps the night's story in view until the learner plays on."""
    _notebook, board = open_solo(open_in_lab)
    board.speed("off")
    for action in FIRST_DAY[:-1]:
        board.choose(action)
        board.skip_to_decision()
    board.choose(FIRST_DAY[-1])  # the end of the day: the night follows
    status = board.root.locator(".covil-status")
    banner = board.root.locator(".covil-banner")
    seen = {}
    while board.waiting() == "playback":
        said = banner.inner_text()
        if said.startswith("The night"):
            seen[said] = status.inner_text()
        if "3.3 Collect protection fee" in said and board.control("Step").is_enabled():
            # The fee over every terrain, one sentence a line.
            assert banner.locator(".covil-moment li").count() > 2, said
            banner.screenshot(path=str(screenshot_path("night-fee")))
            waits_long_at_normal(board)
        before = board.version
        board.control("Step").click()
        board.moved_on_from(before)
    told = " ".join(seen)
    for rule in ("3.3 Collect protection fee", "3.4 Raid the town", "3.5 Rest all minions once"):
        assert rule in told, seen
    fee = next(drawn for said, drawn in seen.items() if "3.3 Collect protection fee" in said)
    assert "The rules play the night: 3.3 Collect protection fee, and no one decides." in fee
    story = board.root.locator(".covil-night")
    expect(story).to_contain_text("Fee: yellow +2 gold (water)")
    expect(story).to_contain_text("Raid: no troop in town; rebels 1/5 in town.")
    board.root.screenshot(path=str(screenshot_path("night-story")))
    board.control("Hint").click()  # asking for a hint is not playing on
    expect(board.root.locator(".covil-hint")).to_be_visible()
    expect(story).to_be_visible()
    board.choose(board.listed_actions()[0])
    expect(story).to_have_count(0)


def waits_long_at_normal(board: Board) -> None:
    """At normal speed the fee's long step says how long the board waits, and
    fills a bar along Step over the wait; by hand again, no wait is counted."""
    step, banner = board.control("Step"), board.root.locator(".covil-banner")
    board.speed("normal")
    said = re.compile(r"\. The board plays on by itself, this step shown for \d+ s")
    expect(banner).to_contain_text(said)
    expect(step).to_have_class(re.compile(r"\bcovil-counting\b"))
    board.root.locator(".covil-main").screenshot(path=str(screenshot_path("night-countdown")))
    board.speed("off")
    expect(step).not_to_have_class(re.compile(r"\bcovil-counting\b"))


def test_the_legend_lies_under_the_controls_and_folds_away(open_in_lab: NotebookOpener) -> None:
    """The controls and the hint stay right under the map, the list beside
    it as tall as the map (at the side panel's foot the legend had left the
    list 270 px at this width); the legend comes under them, whole, at most
    as wide as the map, its words 10 px at least. Folded to its title, it
    brings the halls up. In a narrow board too the actions come right after
    the map."""
    notebook, board = open_solo(open_in_lab)
    # Boxes from the board's top: clicking the legend scrolls it into view.
    boxes = """root => {
      const top = root.getBoundingClientRect().top;
      const box = (s) => {
        const { left, width, top: y, bottom } = root.querySelector(s).getBoundingClientRect();
        return { left, width, top: y - top, bottom: bottom - top };
      };
      return { map: box(".covil-table"), legend: box(".covil-legend"),
               key: box(".covil-legend-key svg"), list: box(".covil-side-scroll"),
               controls: box(".covil-controls"), cards: box(".covil-cards").top };
    }"""
    open_ = board.root.evaluate(boxes)
    table, legend, controls = open_["map"], open_["legend"], open_["controls"]
    assert abs(open_["list"]["bottom"] - table["bottom"]) <= 1, open_
    assert 0 <= controls["top"] - table["bottom"] < 20, open_  # right under the map
    assert legend["top"] >= controls["bottom"] and legend["width"] <= table["width"] + 1, open_
    assert 14 * open_["key"]["width"] / 620 >= 10, open_  # the strip's 14 px words, scaled
    board.root.screenshot(path=str(screenshot_path("legend-open")))
    board.root.locator(".covil-legend summary").click()
    folded = board.root.evaluate(boxes)
    assert folded["cards"] < open_["cards"] - 100 and folded["controls"] == controls, folded
    # The browser keeps the choice for every board; opened again for the tests after this one.
    assert board.root.evaluate("() => localStorage.getItem('covil-nb:legend')") == "folded"
    board.root.locator(".covil-legend summary").click()
    expect(board.root.locator(".covil-legend")).to_have_attribute("open", "")
    page = notebook.page
    window = page.viewport_size
    page.set_viewport_size({"width": 900, "height": 900})
    try:
        page.wait_for_timeout(300)  # JupyterLab lays its panels out on resize
        narrow = board.root.evaluate(boxes)
        board.root.screenshot(path=str(screenshot_path("legend-narrow")))
    finally:
        page.set_viewport_size(window)  # the page is the next tests' too
    assert narrow["map"]["bottom"] <= narrow["list"]["top"] < narrow["legend"]["top"], narrow
    assert 14 * narrow["key"]["width"] / 620 >= 10, narrow


def test_each_players_vp_now_is_shown_with_its_sources(open_in_lab: NotebookOpener) -> None:
    notebook, board = first_turn(open_in_lab)
    for color in ("yellow", "red"):
        vp = board.root.locator(f'.covil-status [data-vp="{color}"]')
        expected = notebook.kernel.value(
            f"[v.total for v in board.game.vp_now('yellow') if v.player == {color!r}][0]"
        )
        expect(vp).to_contain_text(f"VP {expected}")
        sources = vp.locator("title").text_content() or ""
        assert f"{color}: {expected} VP if the game ended now (fortress" in sources


def test_the_hint_is_a_sentence_beside_its_button_with_its_choice_ringed(
    open_in_lab: NotebookOpener,
) -> None:
    notebook, board = first_turn(open_in_lab)
    button = board.control("Hint")
    button.click()
    hint = board.root.locator(".covil-hint")
    expect(hint).to_be_visible()
    # The box says "Thinking…" until the hint comes: read the hint, not that.
    expect(hint).not_to_contain_text("Thinking")
    text = hint.inner_text()
    assert not re.search(r"\b[a-z]+_[a-z_]+\b|\d\.\d", text), text  # no internals
    under, at = hint.bounding_box(), button.bounding_box()
    assert under is not None and at is not None
    below = under["y"] - (at["y"] + at["height"])
    assert 0 <= below < 40, below  # right under the button, not under the list
    suggested = notebook.kernel.value("board.hint")
    assert suggested["elements"], suggested  # here a card of the pool: ringed
    expect(board.root.locator(".covil-hint-ring")).to_have_count(len(suggested["elements"]))
    expect(board.listed(suggested["action"])).to_have_class(re.compile(r"\bcovil-hinted\b"))
    hint.screenshot(path=str(screenshot_path("hint")))


def test_each_attack_target_shows_what_it_would_meet(open_in_lab: NotebookOpener) -> None:
    notebook, board = open_solo(open_in_lab)
    for action in FIRST_DAY[: FIRST_DAY.index("attack R1")]:
        board.choose(action)
        board.skip_to_decision()
    attacks = [a for a in board.listed_actions() if a.startswith("attack ")]
    assert attacks
    for action in attacks:
        forecast = notebook.kernel.value(f"str(board.game.forecast({action!r}))")
        item = board.listed(action).locator("xpath=..")
        expect(item.locator(".covil-forecast")).to_have_text(f"→ {forecast}")
        assert re.match(r"attack (up to )?\d+ .*against defense \d+", forecast), forecast
        target = board.piece(f"troop:{action.split()[1]}", action).last
        assert forecast in (target.locator("title").last.text_content() or "")


def test_the_words_say_what_each_choice_does(open_in_lab: NotebookOpener) -> None:
    """Passing in a fight says what passing does (here: the fight ends and
    who wins), not that the player is satisfied; the fight's head is English."""
    notebook, board = open_solo(open_in_lab)
    for action in FIRST_DAY[: FIRST_DAY.index("pass")]:
        board.choose(action)
        board.skip_to_decision()
    passing = board.listed("pass")
    label = passing.inner_text()
    assert "satisfied" not in label
    assert re.search(r"the combat ends .*attack \d+ against defense \d+.*wins", label), label
    winner = "red" if "red wins" in label else "yellow"
    before = board.version
    passing.click()
    board.moved_on_from(before)
    board.skip_to_decision()
    fight = notebook.kernel.value(
        "[e.data for e in board.game.log if e.kind == 'combat'][-1]['winner']"
    )
    assert fight == winner
