"""The board in a real JupyterLab: a solo game's first day played by clicks and
checked on the Python side, keys only, malformed messages from the page, and the
light and dark themes (screenshots kept in artifacts/screenshots).

``solo.ipynb`` opens a solo game against the rulebook's dummy, seed 1: the
same positions every run, so the clicks below are known to be legal.
"""

from __future__ import annotations

import random
import re
from typing import Any

from playwright.sync_api import expect

from browser.board import ROOT, Board
from browser.harness import DARK, LIGHT, Notebook, NotebookOpener, Server, screenshot_path

SOLO = "solo.ipynb"
FIRST_DAY = [
    "start B",
    "lie Y1",
    "move A",
    "acquire gate-warden",
    "pay gold 1",
    "pay gold 1",
    "pay gold 1",
    "pay minion yellow-grunt",
    "end",
    "lie Y2",
    "attack R1",
    "exhaust yellow-private",
    "pass",
    "end",
]


def open_solo(open_in_lab: NotebookOpener) -> tuple[Notebook, Board]:
    notebook = open_in_lab(SOLO)
    board = Board(notebook.run_all(f"{ROOT}[data-version]"))
    expect(board.root).to_have_attribute("data-waiting", "")
    return notebook, board


def yellow(notebook: Notebook, what: str) -> Any:
    """A fact about yellow (the person's seat) in the notebook's own game."""
    return notebook.kernel.value(f"board.game.player('yellow'){what}")


def test_first_day_of_a_solo_game_by_clicks(open_in_lab: NotebookOpener) -> None:
    notebook, board = open_solo(open_in_lab)
    board.speed("off")  # the dummy's steps one click at a time

    # Setup I: the fortress in zone B; then the dummy's start, step by step.
    board.click("zone:B", "start B")
    said = board.step_through()
    # The banner tells each moment in the log's sentences, not in notation;
    # what the dummy did last stays told.
    assert said and "places the fortress and 2 troops in zone B." in said[0], said
    banner = board.root.locator(".covil-banner")
    expect(banner).to_contain_text("red places the fortress and 2 troops in zone G.")
    banner.screenshot(path=str(screenshot_path("dummy-moment")))
    expect(board.root.locator(".covil-log")).to_contain_text("starts in zone G")
    assert yellow(notebook, ".fortress") == "B"

    # A troop action: Y1 lies down and moves to A. Clicking the dummy's R1,
    # out of reach, says why it cannot be attacked, the rule apart.
    board.click("troop:Y1", "lie Y1")
    board.piece("troop:R1").last.click()
    error = board.root.locator(".covil-error")
    expect(error).to_have_text(
        "R1 is in zone G, not in zone B (melee) or a zone next to it (ranged) (2.3 Attack)"
    )
    expect(error.locator(".covil-rule")).to_have_text("(2.3 Attack)")
    error.scroll_into_view_if_needed()
    assert error.evaluate(SEEN_WHOLE), "the refusal is clipped or covered"
    error.screenshot(path=str(screenshot_path("refused-attack")))
    board.click("zone:A", "move A")
    assert yellow(notebook, ".troop('Y1').zone") == "A"

    # Acquire Gate Warden, paid piece by piece: 3 coins, then (the hall is full) a minion.
    board.click("card:gate-warden", "acquire gate-warden")
    for coin, left in ((1, "2 gold more"), (2, "1 gold more"), (3, "hall is full")):
        board.click(f"coin:yellow-{coin}", "pay gold 1")
        expect(board.root.locator(".covil-prompt")).to_contain_text(left)
    board.click("card:yellow-grunt", "pay minion yellow-grunt")
    hall = notebook.kernel.value("[m.card for m in board.game.player('yellow').hall]")
    assert "gate-warden" in hall and "yellow-grunt" not in hall
    assert yellow(notebook, ".gold") == 2

    # The dummy's turn: R1 heads for the mountain, to E.
    board.choose("end")
    board.skip_to_decision()
    assert notebook.kernel.value("board.game.player('red').troop('R1').zone") == "E"

    # An attack: Y2 lies down and attacks R1, exhausting Private; the dummy
    # answers with its best defensive minion, and the combat shows both sides.
    board.click("troop:Y2", "lie Y2")
    board.click("troop:R1", "attack R1")
    board.click("card:yellow-private", "exhaust yellow-private")
    said = board.step_through()
    assert any("red exhausts Living Rampart to defend" in words for words in said), said
    combat = board.root.locator(".covil-combat")
    expect(combat).to_contain_text("Attack 1")
    expect(combat).to_contain_text("Defense 5")
    board.choose("pass")
    board.skip_to_decision()
    # The banner says how the fight ended, not only the log.
    expect(board.root.locator(".covil-banner .covil-outcome")).to_contain_text("Defender wins")
    board.root.locator(".covil-banner").screenshot(path=str(screenshot_path("fight-outcome")))

    # The rest of the day: end the turn; the dummy, the night, day 2's morning.
    board.choose("end")
    board.skip_to_decision()

    # Python's game holds exactly the clicked actions (the dummy's are its own).
    assert notebook.kernel.value("[str(a) for a in board.game.history]") == FIRST_DAY
    assert notebook.kernel.value("(board.game.day, board.game.phase)") == (2, "afternoon")
    # Living Rampart defended, exhausted; the night rested it once.
    assert notebook.kernel.value("board.game.player('red').minion('living-rampart').state") == (
        "tired"
    )
    # The finished afternoon's group shows its entries once opened.
    afternoon = board.root.locator(".covil-log-group", has_text="Day 1 · afternoon")
    afternoon.locator("summary").click()
    expect(afternoon).to_contain_text("Defender wins")


def cell_types(notebook: Notebook) -> list[str]:
    """The notebook's cells by type: a key that reached JupyterLab's shortcuts
    ("1" makes a heading, "b" adds a cell…) would change them."""
    return notebook.page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.content.widgets.map(c => c.model.type)"
    )


def test_a_few_actions_with_the_keyboard_only(open_in_lab: NotebookOpener) -> None:
    notebook, board = open_solo(open_in_lab)
    keyboard = notebook.page.keyboard
    cells = cell_types(notebook)
    board.root.focus()

    # ? opens the help, Esc closes it.
    help_panel = board.root.locator(".covil-help")
    keyboard.press("?")
    expect(help_panel).to_be_visible()
    keyboard.press("Escape")
    expect(help_panel).to_be_hidden()

    # 2 chooses the second listed action; s skips the dummy's steps.
    expect(board.listed("start B")).to_contain_text("2.")
    before = board.version
    keyboard.press("2")
    board.moved_on_from(before)
    keyboard.press("s")
    expect(board.root).to_have_attribute("data-waiting", "")

    # Tab reaches a highlighted piece, Enter chooses it: the first troop lies down.
    keyboard.press("Tab")
    focused = notebook.page.evaluate("() => document.activeElement.dataset.troop")
    assert focused == "Y1"
    before = board.version
    keyboard.press("Enter")
    board.moved_on_from(before)

    # 1 moves Y1 to the first zone listed; u takes the move back.
    expect(board.listed("move A")).to_contain_text("1.")
    before = board.version
    keyboard.press("1")
    board.moved_on_from(before)
    assert yellow(notebook, ".troop('Y1').zone") == "A"
    before = board.version
    keyboard.press("u")
    board.moved_on_from(before)

    assert notebook.kernel.value("[str(a) for a in board.game.history]") == ["start B", "lie Y1"]
    assert yellow(notebook, ".troop('Y1').zone") == "B"
    assert cell_types(notebook) == cells


# A comm message as the page's kernel connection sends it: what any code in the
# page (a widget, an extension, a console) can put on the board's comm.
SEND_FROM_PAGE = """([commId, data]) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  kernel.sendShellMessage({
    header: {
      msg_id: crypto.randomUUID(), msg_type: "comm_msg", username: kernel.username,
      session: kernel.clientId, date: new Date().toISOString(), version: "5.3",
    },
    parent_header: {}, metadata: {}, channel: "shell", buffers: [],
    content: { comm_id: commId, data },
  });
}"""


def malformed(version: int) -> list[tuple[Any, str]]:
    """Messages the board's protocol refuses, each with a word its error must say."""
    return [
        (42, "JSON object"),
        ({"kind": "fly", "version": version}, "fly"),
        ({"kind": "act", "version": version}, "'action'"),
        ({"kind": "act", "version": version, "action": "start B", "extra": 1}, "extra"),
        ({"kind": "act", "version": str(version), "action": "start B"}, "'version'"),
        ({"kind": "act", "version": version - 1, "action": "start B"}, "position"),
        ({"kind": "act", "version": version, "action": "start Z"}, "start Z"),
        ({"kind": "act", "version": version, "action": "x" * 10_000}, "notation"),
        ({"kind": "show", "version": version, "step": 99, "moment": 0}, "99"),
        ({"kind": "why", "version": version, "element": "zone:<img src=x>"}, "element"),
        ({"kind": "undo", "version": version}, "undo"),
    ]


# Whether an element is seen whole where it is: the points at its corners
# (just inside) and its center are the element or within it, not something
# that covers it, and not clipped away by a scrolling panel.
SEEN_WHOLE = """e => {
  const r = e.getBoundingClientRect(), root = e.getRootNode();
  const points = [[r.left + 3, r.top + 3], [r.right - 3, r.top + 3], [r.left + 3, r.bottom - 3],
                  [r.right - 3, r.bottom - 3], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]];
  return points.every(([x, y]) => e.contains(root.elementFromPoint(x, y)));
}"""


def test_malformed_messages_from_the_page_change_nothing(open_in_lab: NotebookOpener) -> None:
    notebook, board = open_solo(open_in_lab)
    kernel, page = notebook.kernel, notebook.page
    comm_id = kernel.value("board.model_id")
    saved = kernel.value("board.game.to_json()")
    version = board.version
    error = board.root.locator(".covil-error")

    for content, said in malformed(version):
        page.evaluate(SEND_FROM_PAGE, [comm_id, {"method": "custom", "content": content}])
        expect(error).to_be_visible()
        expect(error).to_contain_text(said)

    # The page may not set the traits Python owns, nor confuse the versions.
    for state in ({"version": 0}, {"decision": {"actions": []}}, {"version": "x"}):
        page.evaluate(SEND_FROM_PAGE, [comm_id, {"method": "update", "state": state}])
        expect(error).to_contain_text(next(iter(state)))

    assert kernel.value("board.game.to_json()") == saved
    assert board.version == version
    # The board still plays: a legal click goes through.
    board.click("zone:B", "start B")
    assert yellow(notebook, ".fortress") == "B"


def test_light_and_dark_themes(open_in_lab: NotebookOpener) -> None:
    """The board follows JupyterLab's theme both ways; the screenshots of each
    (the board, and the whole page) are kept in artifacts/screenshots."""
    notebook, board = open_solo(open_in_lab)
    board.click("zone:B", "start B")
    board.skip_to_decision()
    board.click("troop:Y1", "lie Y1")  # a decision with pieces to choose on the map
    backgrounds = {}
    page = notebook.page
    usual = page.viewport_size
    assert usual is not None
    # A window as tall as the board, so that its screenshot holds all of it.
    board_box = board.root.bounding_box()
    assert board_box is not None
    page.set_viewport_size({"width": usual["width"], "height": int(board_box["height"]) + 300})
    try:
        for theme, name in ((DARK, "dark"), (LIGHT, "light")):
            notebook.theme(theme)
            expect(board.root).to_have_attribute("data-theme", name)
            backgrounds[name] = board.root.evaluate("el => getComputedStyle(el).backgroundColor")
            board.root.screenshot(path=screenshot_path(f"board-{name}"))
            page.screenshot(path=screenshot_path(f"lab-{name}"))
    finally:
        page.set_viewport_size(usual)
    assert backgrounds["dark"] != backgrounds["light"], backgrounds


# The nodes inside the board: what its drawing and its log have built, but the
# entries of the phase under way, which grow with that phase (an afternoon of
# many actions), not with the game.
NODES = """root => {
  const groups = root.querySelectorAll(".covil-log details");
  const now = groups.length ? groups[groups.length - 1].querySelectorAll("*").length : 0;
  return root.querySelectorAll("*").length - now;
}"""


def test_the_page_does_not_grow_with_the_game(open_in_lab: NotebookOpener) -> None:
    """30 actions of a solo game chosen by a seeded random player: the board's
    node count at the last 10 decisions stays within a small margin of the
    first 10 (the pictures vary with the position; a closed log group is a
    heading only; the phase under way holds its own entries). A node kept per
    step would add hundreds. The texts the page keeps (``data-texts``) are
    those of the position: a step's new ones replace those it no longer uses."""
    _, board = open_solo(open_in_lab)
    board.speed("off")
    choose = random.Random(7)
    counts, texts = [], []
    for _ in range(30):
        board.choose(choose.choice(board.listed_actions()))
        board.skip_to_decision()
        counts.append(board.root.evaluate(NODES))
        texts.append(int(board.root.get_attribute("data-texts") or "0"))
    assert max(counts[-10:]) <= max(counts[:10]) + 60, counts
    assert 0 < max(texts[-10:]) <= max(texts[:10]) + 60, texts


# Click Step and read, in the same task (before any answer can arrive), what
# the board says and whether it still offers the Step button.
STEP_AND_READ = """
(step) => {
  const board = step.closest(".covil-board");
  step.click();
  return {
    banner: board.querySelector(".covil-banner").textContent,
    stepDisabled: step.disabled,
    thinking: board.classList.contains("covil-thinking"),
  };
}
"""


def test_a_bot_is_shown_thinking_as_soon_as_it_is_asked(open_in_lab: NotebookOpener) -> None:
    """``bot.ipynb``: yellow against a greedy bot. The page says the bot is
    thinking the moment it asks for its step (no message from Python needed),
    then what the bot did once its position arrives."""
    notebook = open_in_lab("bot.ipynb")
    board = Board(notebook.run_all(f"{ROOT}[data-version]"))
    board.speed("off")
    board.choose("start H")
    expect(board.root).to_have_attribute("data-waiting", "bot")
    before = board.version
    asked = board.control("Step").evaluate(STEP_AND_READ)
    assert asked == {"banner": "red (greedy) is thinking…", "stepDisabled": True, "thinking": True}
    board.moved_on_from(before)
    expect(board.root.locator(".covil-banner")).to_contain_text(
        "red (greedy): red places the fortress and 2 troops in zone"
    )
    expect(board.root).not_to_have_class(re.compile(r"\bcovil-thinking\b"))
    assert notebook.kernel.value("board.game.history[-1]").startswith("start")


# Played in the kernel up to red's first payment (a purchase's, which the log
# tells only once it is paid): yellow by a seeded chooser, red stepped.
TO_REDS_PAYMENT = """
import random
chooser = random.Random(3)
while board.decision["waiting"] != "bot" or board.game.decision_kind != "payment":
    if board.decision["waiting"] is None:
        board.act(chooser.choice(board.decision["actions"])["action"])
    else:
        board.step()
"""


def test_a_bots_step_that_tells_nothing_yet_is_said_by_its_label(
    open_in_lab: NotebookOpener,
) -> None:
    """A payment of the bot's purchase: the banner says it in words, as the
    list of actions would ("Pay 5 gold"), never in notation."""
    notebook = open_in_lab("bot.ipynb")
    board = Board(notebook.run_all(f"{ROOT}[data-version]"))
    board.speed("off")
    notebook.kernel.run(TO_REDS_PAYMENT)
    expect(board.root).to_have_attribute("data-waiting", "bot")
    before = board.version
    board.control("Step").click()
    board.moved_on_from(before)
    banner = board.root.locator(".covil-banner")
    expect(banner).to_contain_text(re.compile(r"red \(greedy\): Pay "))
    expect(banner).not_to_contain_text("played pay")
    banner.screenshot(path=str(screenshot_path("bot-payment")))


def test_the_hint_in_a_fight_says_who_wins_after_the_answer(open_in_lab: NotebookOpener) -> None:
    """Red attacks with 3 against yellow's 2: whether the hint answers with
    the relic that ties it or passes (the judge weighs them alike), it says
    where the combat ends once its step is played."""
    notebook = open_in_lab("fight.ipynb")
    board = Board(notebook.run_all(f"{ROOT}[data-version]"))
    board.control("Hint").click()
    hint = board.root.locator(".covil-hint")
    expect(hint).to_contain_text(
        re.compile(
            r"the combat ends at attack 3 against defense 3, and yellow wins: a tie goes to the "
            r"defender|Pass: the combat ends at attack 3 against defense 2, and red wins"
        )
    )
    board.root.screenshot(path=str(screenshot_path("fight-hint")))


def test_the_server_loads_the_boards_extension(jupyter: Server) -> None:
    """The package's server extension (kernel messages sent without Nagle's
    delay) is enabled by installing the package: the server under test has it."""
    assert "covil_nb: kernel websockets without Nagle's delay" in jupyter.log.read_text()


def test_a_what_if_from_a_dummys_moment(open_in_lab: NotebookOpener) -> None:
    """t on a past position inside the dummy's answer starts a "what if"
    line there: the board shows that line's decision, not the past picture."""
    notebook, board = open_solo(open_in_lab)
    keyboard = notebook.page.keyboard
    board.root.focus()
    for action in FIRST_DAY[:2]:
        board.choose(action)
        keyboard.press("s")
        expect(board.root).to_have_attribute("data-waiting", "")
    keyboard.press("ArrowLeft")
    keyboard.press("ArrowLeft")
    expect(board.root).to_have_class(re.compile("covil-looking-back"))
    # The position is told as the log tells it: its day and phase, and what happened.
    banner = board.root.locator(".covil-banner")
    told = re.compile(r"Looking back: Day 1 · morning — yellow places the fortress .+\. ← →")
    expect(banner).to_have_text(told)
    expect(board.root.locator(".covil-slider")).to_have_attribute(
        "aria-valuetext", re.compile(r"^Day 1 · morning — yellow places the fortress")
    )
    banner.screenshot(path=str(screenshot_path("looking-back")))
    before = board.version
    keyboard.press("t")
    board.moved_on_from(before)
    expect(board.root).not_to_have_class(re.compile("covil-looking-back"))
    expect(board.root).to_have_attribute("data-waiting", "")
    assert board.listed_actions(), "the what-if line's decision lists its actions"
    assert notebook.kernel.value("board.controls['what_if']") is not None
    expect(banner).to_contain_text("Trying a “what if” line from Day 1 · ")


def test_a_what_if_during_a_playback(open_in_lab: NotebookOpener) -> None:
    """A "what if" tried while the dummy's answer plays back slowly: the
    playback ends there, and its timer does not step the new line on."""
    notebook, board = open_solo(open_in_lab)
    keyboard = notebook.page.keyboard
    board.speed("slow")
    board.choose(FIRST_DAY[0])
    expect(board.root).to_have_attribute("data-waiting", "playback")
    board.root.focus()
    keyboard.press("ArrowLeft")
    keyboard.press("ArrowLeft")
    keyboard.press("t")
    expect(board.root).not_to_have_class(re.compile("covil-looking-back"))
    notebook.page.wait_for_timeout(2000)  # longer than a slow playback's step
    expect(board.root).to_have_attribute("data-waiting", "")
    assert "start B" in board.listed_actions()
    assert notebook.kernel.value("board.controls['what_if']") == {"from": 0}


def test_e_ends_the_turn_wherever_it_is_listed(open_in_lab: NotebookOpener) -> None:
    notebook, board = open_solo(open_in_lab)
    for action in FIRST_DAY[:3]:  # start B, lie Y1, move A: the troop action is done
        board.choose(action)
        board.root.focus()
        notebook.page.keyboard.press("s")
    expect(board.listed("end")).to_be_visible()
    before = board.version
    notebook.page.keyboard.press("e")
    board.moved_on_from(before)
    assert notebook.kernel.value("[str(a) for a in board.game.history]")[3] == "end"


def test_a_click_beside_a_cell_playing_the_same_game(open_in_lab: NotebookOpener) -> None:
    """A cell plays on the board's game while the board is clicked. JupyterLab
    may handle the click on a subshell, beside the cell: it waits for the
    game's lock. Either way the board then shows the game as the cell left
    it, refuses the click chosen on the old picture, and takes the next."""
    notebook, board = open_solo(open_in_lab)
    kernel = notebook.kernel
    kernel.client.execute(  # not waited for: the cell is still running when the click comes
        "import time\nwith board.game.lock:\n    time.sleep(2)\n    board.game.apply('start B')"
    )
    board.click("zone:B", "start B")  # the board is redrawn, with the cell's move
    error = board.root.locator(".covil-error")
    expect(error).to_contain_text("the game was changed outside the board")
    error.screenshot(path=str(screenshot_path("changed-outside")))
    assert kernel.value("board.game.history") == ["start B"]
    expect(board.piece("zone:B", "start B")).to_have_count(0)
    board.skip_to_decision()
    board.choose(board.listed_actions()[0])  # the redrawn board plays on
    assert len(kernel.value("board.game.history")) == 2
