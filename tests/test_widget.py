"""The board widget from Python: its traits after each kind of step, its
controls through the same handler the comm uses, and messages that do not fit.

A :class:`Page` stands in for the browser: it receives what the comm sends,
keeps the texts as board.js does, and rebuilds the pictures and the log from
the traits alone.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from covil_nb import CovilError, CovilTypeError, Game, GameWidget, drawing, play, play_solo
from covil_nb.bots import RandomBot
from covil_nb.bots import play as play_bots
from covil_nb.bots.hint import OWN_STEP
from covil_nb.drawing.elements import elements_of
from covil_nb.drawing.style import HIGHLIGHTS, PLAYERS
from covil_nb.model import Event, flow, night
from covil_nb.model.afternoon import TROOP_ACTION
from covil_nb.model.language import set_language
from covil_nb.model.scenario import Scenario
from covil_nb.model.vocabulary import DecisionKind
from covil_nb.widget import scene
from covil_nb.widget.sheet import Round


class Page:
    """The page side of one widget: the state as a page opening the board
    gets it, then every update the comm sends, in order."""

    def __init__(self, widget: GameWidget) -> None:
        self.state: dict[str, Any] = json.loads(json.dumps(widget.get_state()))
        self.texts = {**self.state["chunks"], **self.state["chunks_new"]}
        self.updates: list[dict[str, Any]] = []
        widget.comm.send = self.receive  # type: ignore[union-attr]

    def receive(self, data: dict[str, Any], buffers: Any = None, **_: Any) -> None:
        update = json.loads(json.dumps(data["state"]))  # what crosses the wire is JSON
        self.updates.append(update)
        self.state.update(update)
        self.texts.update(update.get("chunks_new", {}))

    def section(self, name: str, past: bool = False) -> str:
        """A section's SVG, joined from its chunks."""
        source = self.state["past"] if past else self.state
        texts = {**self.texts, **(source.get("chunks", {}) if past else {})}
        layout = texts[source["pictures"][name]]
        return "".join(texts[chunk] for chunk in layout.split(" "))

    def log(self) -> list[dict[str, Any]]:
        """The log's groups, joined as the page joins them."""
        log = self.state["log"]
        groups = [json.loads(self.texts[n]) for n in log["done"]]
        now = [json.loads(self.texts[n]) for n in log["now"]]
        if now:
            entries = [e for g in now for e in g["entries"]]
            groups.append({"day": now[0]["day"], "phase": now[0]["phase"], "entries": entries})
        return groups

    def log_texts(self) -> list[str]:
        return [e["text"] for g in self.log() for e in g["entries"]]


def pieces_of(moment: Game, before: Game) -> str:
    """The pieces layer of a moment of playback: the troops it moved or
    turned since ``before`` are ringed, a move arrowed from the zone left."""
    arrows, rings = scene.moved(scene.places(before), moment)
    return drawing.pieces_layer(moment, arrows=arrows, highlight=rings).svg()


def to_decision(widget: GameWidget) -> None:
    """Step through a playback (and any bot) to the next decision of a person."""
    while widget.decision["waiting"] in ("playback", "bot"):
        widget.step()


def solo_board(seed: int = 4) -> tuple[GameWidget, Page]:
    widget = play_solo(seed=seed)
    return widget, Page(widget)


def started(seed: int = 4) -> tuple[GameWidget, Page]:
    """A solo board at yellow's first afternoon decision."""
    widget, page = solo_board(seed)
    widget.act(widget.decision["actions"][0]["action"])
    to_decision(widget)
    return widget, page


# -- the traits after each kind of step ------------------------------------------------


def test_a_new_board_offers_the_starting_zones_with_their_elements():
    widget, page = solo_board()
    game = widget.game
    legal = game.legal_actions()
    offered = widget.decision["actions"]
    assert widget.decision["kind"] == "start-zone" and widget.decision["waiting"] is None
    assert [a["action"] for a in offered] == [str(a) for a in legal]
    assert [a["label"] for a in offered] == [a.label for a in legal]
    assert [a["elements"] for a in offered] == [list(elements_of(a, game)) for a in legal]
    # The page rebuilds the drawing's sections exactly: the map's pieces with
    # the legal actions marked, the halls and the market unmarked.
    assert page.section("pieces") == drawing.pieces_layer(game, actions=legal).svg()
    assert page.section("hall:red") == drawing.hall(game, "red", viewer="yellow").svg()
    assert page.section("market") == drawing.market(game).svg()
    assert page.section("status") == drawing.status(game, viewer="yellow").svg()
    # The legend, as wide as the map (the page gives it its box).
    assert widget.board["legend"] == drawing.legend_strip(game.players).svg()
    assert widget.board["seats"][1] == {
        "color": "red",
        "kind": "dummy",
        "bot": "",
        "label": "red (dummy)",
    }
    assert [g["phase"] for g in page.log()] == ["setup", "morning"]


def test_the_rules_moments_are_told_as_the_nights_and_the_mornings():
    """The banner names who plays a moment no one decides: the night's steps
    are the night's, and the morning after them is the morning's."""
    game = Game.new(["yellow", "red"], seed=3)
    chooser = random.Random(4)
    while game.day < 2:
        game.apply(chooser.choice(game.legal_actions()))
    rules = [scene.moment_json(m, i) for i, m in enumerate(game.moments()) if not m.player]
    said = [(m["by"], m["told"][0]) for m in rules]
    assert said[-1] == ("The morning", "Day 2: morning.")
    assert {by for by, _ in said[:-1]} == {"The night"}


def test_a_start_zone_plays_the_dummys_answer_back_one_step_at_a_time():
    widget, page = solo_board()
    widget.act("start A")
    moments = widget.game.moments()
    assert len(moments) >= 2  # the dummy chose its zone (and more) inside apply
    assert widget.decision["waiting"] == "playback"
    assert widget.controls["moment"] == {
        "index": 0,
        "player": "yellow",
        "actions": ["start A"],
        "told": ["yellow places the fortress and 2 troops in zone A."],
        "by": "",
        "reason": "",
        "outcome": [],
        "notable": False,
    }
    assert page.section("pieces") == pieces_of(moments[0].game, widget.game.at(0))
    assert widget.decision["actions"] == []  # nothing to choose while the playback runs
    # The log tells no more than the board shows: the dummy's steps come later.
    shown = page.log_texts()
    assert all(e.text in shown for e in moments[0].events)
    assert not any(e.text in shown for e in moments[1].events)
    for index in range(1, len(moments) - 1):
        widget.step()
        assert widget.controls["moment"]["index"] == index
        assert widget.controls["moment"]["reason"] == moments[index].reason
        assert page.section("pieces") == pieces_of(moments[index].game, moments[index - 1].game)
    widget.step()  # the last moment is the game now: yellow decides
    assert widget.decision["waiting"] is None and widget.decision["player"] == "yellow"
    last = widget.controls["moment"]  # what the dummy did last stays said
    assert (last["index"], last["player"]) == (len(moments) - 1, "red")
    assert last["reason"] == str(moments[-1].reason) != ""
    assert page.log_texts() == [e.text for e in widget.game.log]


def test_a_dummys_move_is_arrowed_from_the_zone_it_left():
    widget, page = solo_board(seed=1)
    for action in ("start B", "lie Y1", "move A", "end"):
        to_decision(widget)
        widget.act(action)
    said = []
    while widget.decision["waiting"] == "playback":
        widget.step()
        said.append(widget.controls["moment"]["actions"])
        if "move E" in said[-1]:
            break
    assert said[-1] == ["lie R1", "move E"], said
    assert widget.controls["moment"]["told"] == [  # for people: the log's sentences
        "red (dummy) flips Slumber Rune to choose where to move: mountain.",
        "red lies down R1 in zone G.",
        "red's R1 moves from zone G to zone E.",
    ]
    root = ET.fromstring(page.section("pieces"))
    arrows = [(e.get("data-from"), e.get("data-to")) for e in root.iter() if e.get("data-arrow")]
    assert arrows == [("zone:G", "troop:R1")]
    ringed = next(e for e in root.iter() if e.get("data-troop") == "R1")
    assert any(x.get("stroke") == HIGHLIGHTS["focus"] for x in ringed.iter())
    # The person's next decision shows the map as it is: no arrow left over.
    to_decision(widget)
    widget.act(widget.decision["actions"][0]["action"])
    root = ET.fromstring(page.section("pieces"))
    assert not [e for e in root.iter() if e.get("data-arrow")]


def test_a_move_is_a_click_on_a_troop_then_on_a_zone():
    widget, _ = started()
    widget.act("lie Y1")
    decision = widget.decision
    assert decision["kind"] == "troop-action"
    moves = [a for a in decision["actions"] if a["action"].startswith("move ")]
    assert moves and all(a["elements"] == ["zone:" + a["action"][5:]] for a in moves)
    widget.act(moves[0]["action"])
    zone = moves[0]["action"][5:]
    troop = widget.game.player("yellow").troop("Y1")
    assert (troop.zone, troop.standing) == (zone, False)


def test_an_acquisition_is_paid_piece_by_piece():
    widget, page = started()
    card = next(
        a["action"] for a in widget.decision["actions"] if a["action"].startswith("acquire")
    )
    widget.act(card)
    payments = 0
    while widget.decision["kind"] == "payment":
        offered = [a for a in widget.decision["actions"] if a["action"] != "cancel"]
        for a in offered:  # each payment is chosen on an element of its own
            kind = {"gold": "coin", "relic": "card", "minion": "card"}[a["action"].split()[1]]
            assert len(a["elements"]) == 1 and a["elements"][0].startswith(kind + ":")
        widget.act(offered[0]["action"])
        payments += 1
    bought = card.split()[1]
    assert payments >= 1
    assert bought in [m.card for m in widget.game.player("yellow").minions]
    assert f'data-card="{bought}"' in page.section("hall:yellow")


def combat_board(
    actions: tuple[str, ...] = ("lie Y1", "attack R1", "exhaust iron-marshal"),
) -> GameWidget:
    """Yellow's Y1 attacks red's lying R1 in zone E (after ``actions``); both hold relics."""
    s = Scenario(["yellow", "red"], board="A", seed=11)
    s.fortress("yellow", "J").fortress("red", "H").gold("yellow", 0).gold("red", 0)
    s.overlord("yellow", "iron-marshal", "ready").overlord("red", "gilded-lich")
    s.hand("yellow", ["drowned-crown", "sand-eaten-banner"]).hand("red", ["greenwood-mask"])
    s.troops("yellow", "E", standing=1).troops("red", "E", lying=1)
    widget = GameWidget(s.afternoon("yellow").build())
    for action in actions:
        widget.act(action)
    return widget


def test_each_target_offered_tells_the_attack_it_would_meet():
    widget = combat_board(("lie Y1",))
    offered = {a["action"]: a for a in widget.decision["actions"]}
    assert offered["attack R1"]["forecast"] == (
        "attack up to 5 with The Iron Marshal and Sand-Eaten Banner against defense 1, "
        "2 if red exhausts a minion; red holds 1 relic"
    )
    assert offered["attack R1"]["forecast"] == str(widget.game.forecast("attack R1"))
    assert all(
        "forecast" not in a for a in offered.values() if not a["action"].startswith("attack")
    )


def test_an_attack_shows_both_strengths_and_what_each_answer_would_change():
    widget = combat_board()
    decision = widget.decision
    combat = decision["combat"]
    assert (decision["player"], decision["kind"]) == ("red", "defend")
    assert (combat["attacker"], combat["troop"], combat["target"]) == ("yellow", "Y1", "R1")
    assert combat["attack"]["total"] == 4
    assert combat["attack"]["text"] == str(widget.game.combat.attack)
    assert sum(v for _, v in combat["defense"]["parts"]) == combat["defense"]["total"]
    for offered in decision["actions"]:
        if offered["action"] == "buy-relic":
            continue
        trial = widget.game.copy()
        trial.apply(offered["action"])
        after = trial.combat
        if offered["action"] == "pass":
            resolves = after is None or after.stage != "respond"
            assert offered["preview"]["resolves"] is resolves
            # Passing may end the combat: the preview names the winner the rules give.
            outcome = [e.data["winner"] for e in trial.log if "winner" in e.data]
            assert offered["preview"]["winner"] == (outcome[-1] if resolves else None)
        else:
            assert offered["preview"] == {
                "attack": after.attack.total,
                "defense": after.defense.total,
                "resolves": False,
                "winner": None,
            }
    mask = next(a for a in decision["actions"] if a["action"] == "activate greenwood-mask")
    assert mask["preview"]["defense"] > combat["defense"]["total"]
    widget.act("activate greenwood-mask")
    widget.act("pass")
    assert widget.decision["kind"] == "raise-stakes" and widget.decision["player"] == "yellow"


def test_a_defense_that_ends_the_combat_previews_the_strengths_it_is_resolved_at():
    # Against the dummy, the defender's answer ends the combat at once (the
    # dummy raises no stakes): the preview must count the exhausted minion.
    widget, _ = solo_board(seed=1)
    chooser = random.Random(1)

    def exhausts() -> list[dict[str, Any]]:
        if (widget.decision["kind"], widget.decision["player"]) != ("defend", "yellow"):
            return []
        return [a for a in widget.decision["actions"] if a["action"].startswith("exhaust")]

    while not any(a["preview"]["resolves"] for a in exhausts()):
        widget.act(chooser.choice(widget.decision["actions"])["action"])
        to_decision(widget)
    defense = widget.decision["combat"]["defense"]["total"]
    for offered in exhausts():
        events = widget.game.copy().apply(offered["action"])
        outcome = next(e.data for e in events if e.kind == "combat" and "winner" in e.data)
        assert offered["preview"] == {
            "attack": outcome["attack"],
            "defense": outcome["defense"],
            "resolves": True,
            "winner": outcome["winner"],
            "verdict": f"{outcome['winner']} wins",  # said by Python in the board's language
        }
    # A guardian's defense counts: the preview is not the strengths before.
    assert max(a["preview"]["defense"] for a in exhausts()) > defense


def play_out_day_one(widget: GameWidget, chooser: random.Random) -> None:
    """Random actions for yellow until day 2 (or the game's end)."""
    while widget.game.day == 1 and not widget.game.is_over:
        widget.act(chooser.choice(widget.game.legal_actions()))
        to_decision(widget)


def test_a_night_ends_the_days_phase_in_the_log():
    widget, page = started(seed=5)
    chooser = random.Random(5)
    play_out_day_one(widget, chooser)
    phases = [(g["day"], g["phase"]) for g in page.log()]
    assert phases[:5] == [
        (1, "setup"),
        (1, "morning"),
        (1, "afternoon"),
        (1, "night"),
        (2, "morning"),
    ]
    night = page.log()[3]["entries"]
    assert night and all(e["step"] == night[0]["step"] for e in night)  # one action ended the day
    # Finished phases are texts of their own, sent once: the log trait names them.
    assert len(widget.log["done"]) == len(phases) - 1


def test_a_finished_phase_played_otherwise_is_written_anew():
    """The log's finished phases are kept from step to step, but a phase told
    by other events at the same place in the log is not the kept one."""
    morning = [Event("Phase 1", f"yellow takes {n} gold", day=1, phase="morning") for n in (1, 2)]
    otherwise = [Event("Phase 1", f"yellow takes {n} gold", day=1, phase="morning") for n in (3, 4)]
    afternoon = [Event("Phase 2", "yellow's turn", day=1, phase="afternoon")]
    positions = [(1, 0), (2, 0), (3, 0)]
    told: scene.Told = {}
    first = scene.log_json(Round(), morning + afternoon, positions, told)
    page = Round()
    again = scene.log_json(page, otherwise + afternoon, positions, told)
    assert again["done"] != first["done"]
    assert "yellow takes 3 gold" in page.used[again["done"][0]]
    # Written once: the same events give the kept text, not a new copy of it.
    kept = {span: text for span, (_, text) in told.items()}
    assert scene.log_json(Round(), otherwise + afternoon, positions, told) == again
    assert all(told[span][1] is text for span, text in kept.items()) and kept


def test_the_log_after_an_undo_is_the_log_written_from_scratch():
    widget, _ = started(seed=5)
    chooser = random.Random(5)
    play_out_day_one(widget, chooser)
    for _ in range(3):
        widget.undo()
    play_out_day_one(widget, chooser)
    assert widget.log == GameWidget(widget.game).log


def finished_solo_game(seed: int = 2) -> Game:
    return play_bots(Game.solo(seed=seed), {"yellow": RandomBot(seed)}, seed=seed)


def test_the_last_action_shows_the_score():
    game = finished_solo_game()
    widget = GameWidget(game.at(len(game.history) - 1))
    widget.act(game.history[-1])
    to_decision(widget)
    decision = widget.decision
    assert decision["over"] is True and decision["waiting"] == "over"
    assert decision["winners"] == game.winners
    assert [s["total"] for s in decision["scores"]] == [s.total for s in game.score()]
    assert repr(widget).endswith(
        f"game over — {' and '.join(game.winners)} "
        + ("wins>" if len(game.winners) == 1 else "share it>")
    )
    with pytest.raises(CovilError, match="the game is over"):
        widget.act("end")


def test_a_bot_step_is_one_update_that_says_what_the_bot_did():
    widget = play(["yellow", "red"], bots={"red": "random"}, seed=3)
    page = Page(widget)
    widget.act("start H")
    assert widget.decision["waiting"] == "bot" and widget.decision["player"] == "red"
    assert (
        repr(widget) == "<GameWidget: yellow vs red (random), day 1 morning — red (random) to play>"
    )
    page.updates.clear()
    widget.step()
    # One message back: the page that asked says "thinking" meanwhile.
    [update] = page.updates
    assert update["version"] == widget.version
    assert widget.game.history[-1].startswith("start")  # the bot chose its zone
    assert widget.decision["player"] == "yellow"
    zone = widget.game.history[-1].split()[1]
    assert widget.controls["moment"]["told"][0] == (
        f"red places the fortress and 2 troops in zone {zone}."  # what the bot did, in words
    )


def test_every_step_a_bot_plays_is_said_in_words():
    """A step that tells nothing in the log yet (a purchase's payment, a
    fight's target) is said by its label, as the list of actions says it,
    in the board's language of the moment: never the notation."""
    widget, chooser, said = (
        play(["yellow", "red"], bots={"red": "greedy"}, seed=3),
        random.Random(3),
        [],
    )
    while len(said) < 60 and not widget.game.is_over:
        if widget.decision["waiting"] is None:
            widget.act(chooser.choice(widget.decision["actions"])["action"])
            continue
        widget.step()
        moment = widget.controls["moment"]
        if moment and moment["player"] == "red" and moment["index"] == 0:
            said.append((moment["actions"][0], moment["told"]))
            if moment["told"] == ["Pay 5 gold"]:
                widget.language = "pt"
                assert widget.controls["moment"]["told"] == ["Pagar 5 moedas"]
                widget.language = "en"
    paid = [told for action, told in said if action.startswith("pay")]
    assert ["Pay 5 gold"] in paid  # a payment's label
    assert all(told for _, told in said)  # the page shows the notation only for none
    # A label speaks to the one deciding: of red's step, only its deed is said.
    bought = [told for action, told in said if action.startswith("acquire")]
    assert ["Acquire Coven Matriarch for 7"] in bought
    assert not [told for _, told in said if "your hall is full" in " ".join(told)]


def test_skip_plays_the_bots_to_the_next_decision_of_a_person():
    widget = play(["yellow", "red", "green"], bots={"red": "random", "green": "random"}, seed=2)
    widget.act(widget.decision["actions"][0]["action"])
    widget.skip()
    assert widget.decision["waiting"] is None and widget.decision["player"] == "yellow"
    assert len(widget.game.history) >= 3
    with pytest.raises(CovilError, match="nothing to skip"):
        widget.skip()


def test_a_board_for_one_player_points_to_the_solo_game():
    with pytest.raises(CovilError, match=r"covil_nb\.play_solo\(\)") as refused:
        play(players=["yellow"], board="A")
    assert refused.value.rule == "Solo mode"


def test_act_is_apply_on_the_game():
    chooser = random.Random(8)
    widget, plain = play_solo(seed=8), Game.solo(seed=8)
    for _ in range(30):
        action = chooser.choice(plain.legal_actions())
        assert widget.act(action) == plain.apply(action)
    assert widget.game.to_json() == plain.to_json()


# -- inspecting: undo, redo, the log slider, "what if", hints, why not ---------------------


def send(widget: GameWidget, kind: str, **fields: Any) -> None:
    widget.receive({"kind": kind, "version": widget.version, **fields})


def test_undo_and_redo_go_back_to_a_persons_decision():
    widget = play(["yellow", "red"], bots={"red": "random"}, seed=3)
    widget.act("start H")
    widget.step()  # red's bot places its fortress
    assert len(widget.game.history) == 2 and widget.decision["player"] == "yellow"
    send(widget, "undo")  # red's answer goes with yellow's action
    assert widget.game.history == [] and widget.decision["kind"] == "start-zone"
    assert widget.controls["can_redo"]
    send(widget, "redo")
    assert len(widget.game.history) == 2 and widget.decision["player"] == "yellow"
    send(widget, "redo")
    assert widget.error["text"] == "there is nothing to redo"


def test_undo_in_a_solo_game_takes_the_dummys_answer_back_too():
    widget, _ = started()
    before = widget.game.to_json()
    widget.act("lie Y1")
    send(widget, "undo")
    assert widget.game.to_json() != before  # the redo list remembers "lie Y1"
    assert widget.game.state == Game.from_json(before).state
    assert widget.controls["can_redo"] and not widget.error


def test_the_slider_shows_a_past_position_and_the_dummys_moments():
    widget, page = started()
    send(widget, "show", step=1, moment=1)
    moment = widget.game.moments(0)[1]
    assert widget.past["info"]["player"] == "red"
    assert page.section("pieces", past=True) == drawing.pieces_layer(moment.game).svg()
    assert page.section("hall:red", past=True) == drawing.hall(moment.game, "red").svg()
    send(widget, "show", step=0, moment=0)
    assert page.section("pieces", past=True) == drawing.pieces_layer(widget.game.at(0)).svg()
    version = widget.version
    send(widget, "show", step=9, moment=0)
    assert "step 9 is not in the game" in widget.error["text"]
    assert widget.version == version  # looking back changes nothing


def test_a_what_if_line_leaves_the_game_as_it_was():
    widget, _ = started()
    widget.act("lie Y1")
    game = widget.game.to_json()
    send(widget, "try", step=1)
    assert widget.controls["what_if"] == {"from": 1}
    assert widget.decision["player"] == "yellow" and widget.decision["kind"] == "turn"
    widget.act("lie Y2")  # played on the "what if" line only
    assert widget.line.game.history[-1] == "lie Y2"
    assert widget.game.to_json() == game
    assert "what-if" in repr(widget)
    send(widget, "return")
    assert widget.controls["what_if"] is None and widget.decision["kind"] == "troop-action"
    send(widget, "return")
    assert widget.error["text"] == "there is no 'what if' line to return from"


IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b")  # vp_now, headroom's kin
DECIMAL = re.compile(r"\d\.\d")


def test_a_hint_says_what_to_do_and_why_in_words_and_rings_it():
    widget, _ = started()
    chooser = random.Random(3)
    hints = 0
    while hints < 6 and not widget.game.is_over:
        send(widget, "hint")
        told = widget.hint
        assert set(told) == {"n", "text", "action", "elements"}
        send(widget, "hint")  # asked again: an answer again, for the page to hear
        assert widget.hint == {**told, "n": told["n"] + 1}
        assert not IDENTIFIER.search(told["text"]) and not DECIMAL.search(told["text"])
        assert told["text"].endswith(".") and ": " in told["text"]
        # The suggested action is one the board offers: the page rings its elements.
        [offered] = [a for a in widget.decision["actions"] if a["action"] == told["action"]]
        assert told["elements"] == offered["elements"]
        hints += 1
        widget.act(chooser.choice(widget.decision["actions"])["action"])
        to_decision(widget)
        assert widget.hint == {}  # a hint belongs to the position it was asked in


REST = "It goes on with the last hint's step."


def test_a_hint_followed_tells_the_rest_of_its_step_and_never_changes_its_mind():
    widget, _ = started()
    chooser = random.Random(5)
    while True:  # a decision whose hinted step has more of the player's own actions
        send(widget, "hint")
        plan = widget.session.hinted[0]
        # (Not a troop's action: the search bot searches that anew, below.)
        if len(plan.actions) > 1 and plan.expected[1][1] in OWN_STEP - {DecisionKind.TROOP_ACTION}:
            break
        widget.act(chooser.choice(widget.decision["actions"])["action"])
        to_decision(widget)
    first = widget.hint
    assert not first["text"].endswith(REST)
    widget.act(first["action"])
    send(widget, "hint")
    assert widget.hint["action"] == str(plan.actions[1]) and widget.hint["text"].endswith(REST)
    # Gone another way (undone, then something else): the hint searches anew.
    send(widget, "undo")
    other = next(a["action"] for a in widget.decision["actions"] if a["action"] != first["action"])
    widget.act(other)
    to_decision(widget)
    send(widget, "hint")
    assert not widget.hint["text"].endswith(REST)


def test_a_hint_followed_to_a_troops_action_searches_it_anew():
    """The hint's bot searches what a troop that has lain down does (its
    troop_action), as it would in play: the rest of the step is not told."""
    widget, _ = started()
    chooser = random.Random(6)
    while True:
        send(widget, "hint")
        plan = widget.session.hinted[0]
        if len(plan.actions) > 1 and plan.expected[1][1] == DecisionKind.TROOP_ACTION:
            break
        widget.act(chooser.choice(widget.decision["actions"])["action"])
        to_decision(widget)
    widget.act(widget.hint["action"])
    send(widget, "hint")
    assert widget.decision["kind"] == DecisionKind.TROOP_ACTION
    assert "Searched" in widget.hint["text"] and not widget.hint["text"].endswith(REST)


def test_a_click_that_is_not_legal_says_why():
    widget, _ = started()
    widget.act("lie Y1")
    far = next(
        z
        for z in widget.game.board.zones
        if all(a["action"] != f"move {z}" for a in widget.decision["actions"])
        and z != widget.game.player("yellow").troop("Y1").zone
    )
    # The reason alone, in the rule's words: the player clicked a piece, not
    # a notation, and sees what is allowed.
    send(widget, "why", element=f"zone:{far}")
    assert widget.error["text"].startswith(f"zone {far} is ")
    assert widget.error["rule"] == "2.3 Move this troop"
    # An enemy troop or fortress in a troop action is a target: the model
    # says why it cannot be attacked, even when no attack is listed.
    assert not [a for a in widget.decision["actions"] if a["action"].startswith("attack")]
    send(widget, "why", element="troop:R1")
    assert widget.error["text"].startswith("R1 is in zone ")
    assert widget.error["rule"] == "2.3 Attack"
    send(widget, "why", element="troop:Y2")
    assert widget.error["text"] == "Y2 is yellow's own troop: attack an enemy"
    send(widget, "why", element="fortress:red")
    assert widget.error["text"].startswith("red's fortress is")
    send(widget, "why", element="hp:red")
    assert widget.error["text"].startswith("red's fortress HP track has no part in this decision")


# -- messages that do not fit -----------------------------------------------------------

BAD_NOTATIONS = ["move Z", "attack Y1", "pay gold 9", "end", "start A", "lie R1", "é", "x" * 99]


def bad_message(chooser: random.Random, version: int) -> Any:
    """A message the board must refuse: malformed, stale, or not legal now."""
    kinds = ["act", "why", "undo", "redo", "step", "skip", "show", "try", "return", "analyse"]
    kind = chooser.choice(kinds)
    fine = {
        "act": {"action": "lie Y1"},
        "why": {"element": "zone:D"},
        "show": {"step": 1, "moment": 0},
        "try": {"step": 1},
    }.get(kind, {})
    message = {"kind": kind, "version": version, **fine}
    flaw = chooser.randrange(9)
    if flaw == 0:  # not an object at all
        return chooser.choice([None, 1, 2.5, True, "act", ["act", version], b"x".decode()])
    if flaw == 1:  # an unknown kind
        message["kind"] = chooser.choice(["", "ACT", "play", "undo ", 7, None, "eval"])
    elif flaw == 2:  # a stale or broken version
        message["version"] = chooser.choice([version - 1, version + 1, 0, -1, "1", True, None, 1.0])
    elif flaw == 3 and fine:  # a missing field
        del message[chooser.choice(list(fine))]
    elif flaw == 4 and fine:  # a field of the wrong type or out of range
        name = chooser.choice(list(fine))
        message[name] = chooser.choice([None, True, 3.0, [], {}, -1, 2**40, "1", ""])
    elif flaw == 5:  # a field it does not have
        message[chooser.choice(["extra", "state", "__proto__", "Version"])] = 1
    elif flaw == 6:  # an action that is not legal now, or not an action
        message = {"kind": "act", "version": version, "action": chooser.choice(BAD_NOTATIONS)}
    elif flaw == 7:  # an element that is not one
        message = {
            "kind": "why",
            "version": version,
            "element": chooser.choice(
                ["zone", "zone:", "zone:D E", "foo:bar", "card:<svg>", "troop:" + "Y" * 60]
            ),
        }
    else:  # a step that is not in the game, or nothing to do
        message = chooser.choice(
            [
                {"kind": "show", "version": version, "step": 99, "moment": 0},
                {"kind": "show", "version": version, "step": 1, "moment": 40},
                {"kind": "try", "version": version, "step": 99},
                {"kind": "redo", "version": version},
                {"kind": "step", "version": version},
                {"kind": "skip", "version": version},
                {"kind": "return", "version": version},
                {"kind": "analyse", "version": version},  # the game is not over
            ]
        )
    return message


def test_ten_thousand_bad_messages_change_nothing_and_each_is_answered():
    widget, _ = started()
    widget.act("lie Y1")
    game = widget.game
    saved, version, history = game.to_json(), widget.version, list(game.history)
    chooser = random.Random(2026)
    for n in range(1, 10_001):
        refused = widget.error.get("n", 0)
        widget.receive(bad_message(chooser, version))
        assert widget.error["n"] == refused + 1, n  # each one answered with an error
        assert widget.version == version and game.history == history
        if n % 1000 == 0:
            assert game.to_json() == saved
    assert game.to_json() == saved
    assert widget.decision["kind"] == "troop-action"


def test_the_page_may_not_set_a_trait():
    widget, page = started()
    version, decision = widget.version, widget.decision
    page.updates.clear()
    widget.set_state({"version": 0, "decision": {"actions": []}, "nonsense": 1})
    assert (widget.version, widget.decision) == (version, decision)
    assert page.updates[0] == {"decision": decision, "version": version}  # the page's copy put back
    assert widget.error["text"].startswith(
        "the page may not set the board's traits (decision, version)"
    )


def test_an_act_from_python_that_is_refused_raises_and_shows():
    widget, _ = started()
    with pytest.raises(CovilError, match="'move Z' is not allowed"):
        widget.act("move Z")
    assert "'move Z' is not allowed" in widget.error["text"]


def test_an_act_for_a_bot_or_during_a_playback_is_refused():
    widget = play(["yellow", "red"], bots={"red": "random"}, seed=3)
    widget.act("start H")
    with pytest.raises(CovilError, match="played by a bot"):
        widget.act("start A")
    solo, _ = solo_board()
    solo.act("start A")
    send(solo, "act", action="lie Y1")
    assert "still showing the steps" in solo.error["text"]


# -- how it shows, and what it is made of ------------------------------------------------


def test_a_page_that_opens_late_gets_every_text_in_use():
    widget, _ = started()
    widget.act("lie Y1")
    widget.act(widget.game.legal_actions()[0])
    late = Page(widget)  # a reload: the full state, no earlier steps
    game = widget.game
    assert late.section("hall:yellow") == drawing.hall(game, "yellow", viewer="yellow").svg()
    assert late.log_texts() == [e.text for e in game.log]


def test_the_text_repr_is_deterministic_and_the_picture_travels_with_it():
    widget = play_solo(seed=4)
    assert repr(widget) == "<GameWidget: yellow vs red (dummy), day 1 morning — yellow to play>"
    data, _ = widget._repr_mimebundle_()
    assert data["text/plain"] == repr(widget)
    assert data["image/svg+xml"] == drawing.draw(widget.game, viewer="yellow").svg


def test_bad_boards_are_refused_clearly():
    with pytest.raises(CovilTypeError, match="GameWidget: game must be a Game, not 'yellow"):
        GameWidget("yellow vs red")  # type: ignore[arg-type]
    with pytest.raises(CovilError, match="keeps its history"):
        GameWidget(Game.solo(seed=1).copy())
    with pytest.raises(CovilError, match="red is a dummy"):
        GameWidget(Game.solo(seed=1), bots={"red": "mcts"})
    with pytest.raises(CovilError, match="no 'blue' player"):
        play(["yellow", "red"], bots={"blue": "random"}, seed=1)
    with pytest.raises(CovilError, match="unknown bot"):
        play(["yellow", "red"], bots={"red": "genius"}, seed=1)


def test_the_rules_and_the_drawing_import_without_the_widget_library():
    code = "import sys, covil_nb, covil_nb.drawing; print('anywidget' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_combat_panel_borders_are_the_drawings_player_colours():
    """board.css repeats the drawing's palette (a page's CSS cannot read
    Python): each player's border must be that player's fill."""
    css = (Path(scene.__file__).parent / "static" / "board.css").read_text()
    found = dict(re.findall(r'\[data-player="(\w+)"\] \{\s*border-top-color: (#\w+);', css))
    assert found == {color: style[0] for color, style in PLAYERS.items()}


def test_the_closing_action_is_marked_for_the_page():
    """The page's key e chooses the action Python marks as closing the step:
    exactly the listed actions whose verb closes a step in the rules."""
    widget = play_solo(seed=1)
    for action in ["start B", "lie Y1", "move A"]:  # the troop action is done
        widget.act(action)
        if widget.decision["waiting"] == "playback":
            widget.skip()
    marked = [a["action"] for a in widget.decision["actions"] if a.get("closes")]
    assert marked == ["end"]
    game = widget.game
    closing = [str(a) for a in game.legal_actions() if a.verb in flow.CLOSING]
    assert marked == closing


def test_each_listed_action_names_its_group_by_its_verb():
    """The page titles the groups once: every action of a verb in a group is
    listed under that title, and an action that closes the step has none."""

    def groups_match(widget: GameWidget) -> list[Any]:
        listed = widget.decision["actions"]
        for action, entry in zip(widget.game.legal_actions(), listed, strict=True):
            assert entry.get("group") == scene.GROUPS.get(action.verb)  # in English
            assert ("group" in entry) != ("closes" in entry)
        return listed

    widget = play_solo(seed=1)
    widget.act("start B")
    widget.skip()
    first_turn = groups_match(widget)
    titles = {"Troop action", "Acquire a minion", "Relics", "Minions' commands"}
    assert {entry["group"] for entry in first_turn} == titles
    widget.act("lie Y1")
    widget.act("move A")
    if widget.decision["waiting"] == "playback":
        widget.skip()
    assert [e["action"] for e in groups_match(widget) if "group" not in e] == ["end"]


def test_a_cards_move_is_not_titled_a_troop_action():
    """The Squire's Command moves a troop with the verbs of a troop action,
    but it is the card's effect: its moves carry no group title, and the
    other choices there keep theirs."""
    widget = play_solo(seed=1)
    widget.act("start B")
    widget.skip()
    widget.act("command yellow-squire")
    widget.act("troop Y1")
    assert widget.decision["kind"] == "move-effect"
    titles = {e["action"].split()[0]: e.get("group") for e in widget.decision["actions"]}
    assert titles == {"move": None, "skip": None, "buy-relic": "Relics"}


def test_the_banner_says_how_a_fight_ended():
    """A person's own action that ends a fight, and a dummy's moment that
    does, carry the outcome's sentence (the board shows it, not only the log)."""
    widget = play_solo(seed=1)
    for action in [
        "start B",
        "lie Y1",
        "move A",
        "end",
        "lie Y2",
        "attack R1",
        "exhaust yellow-private",
    ]:
        widget.act(action)
        if widget.decision["waiting"] == "playback":
            widget.skip()
    assert widget.controls["outcome"] == []
    widget.act("pass")  # yellow adds nothing: the fight is resolved in this action
    said = [e.text for m in widget.game.moments() for e in m.events if e.kind == "combat"]
    assert said and widget.controls["outcome"] == said
    assert said[0].startswith("Defender wins")

    game, chooser = Game.solo(seed=1), random.Random(1)
    fought = None
    while fought is None:  # seed 1: the dummy fights at step 26
        game.apply(chooser.choice(game.legal_actions()))
        fights = [m for m in game.moments()[1:] if any(e.kind == "combat" for e in m.events)]
        fought = fights[0] if fights else None
    assert scene.moment_json(fought, 1)["outcome"] == [
        e.text for e in fought.events if e.kind == "combat"
    ]


def test_the_nights_story_is_the_whole_night_and_stays_until_the_person_plays() -> None:
    """Against a bot: the night is told whole (its fee, its raid, the rebels
    it left in town) once played back, stays while the bot plays on after
    it, and goes when the person at the screen plays."""
    widget = play(["yellow", "red"], seed=49, bots={"red": "random"})
    chooser = random.Random(2)
    mine = 0  # the log's length when yellow last played
    nights = bot_after = 0
    while nights < 3 and not widget.decision.get("over"):
        if widget.decision["waiting"] is not None:
            widget.skip()
            continue
        game, story = widget.game, widget.controls["night"]
        since = game.log[mine:]
        begun = [i for i, e in enumerate(since) if e.rule == night.PHASE and e.kind == "phase"]
        if not begun:
            assert story == []
        else:
            nights += 1
            told = since[begun[-1] :]
            bot_after += any(e.data.get("player") == "red" and e.rule == TROOP_ACTION for e in told)
            fee = [e for e in told if e.rule == night.FEE and e.kind == "gold"]
            assert story[0].count(" gold (") == len(fee), story
            raided = [e.data["rebels"] for e in told if e.rule == night.RAID and e.kind == "rebel"]
            rebels = raided[-1] if raided else game.read_state().rebels
            assert f"rebels {rebels}/5 in town." in story[1], story
        mine = len(game.log)
        widget.act(chooser.choice(game.legal_actions()))
    assert nights == 3 and bot_after, (nights, bot_after)


# -- the board's language (issue 22) ----------------------------------------------------


def night_entries(page: Page) -> list[str]:
    return [e["text"] for g in page.log() if g["phase"] == "night" for e in g["entries"]]


def test_the_board_switches_language_and_back_drawing_the_log_anew():
    widget, page = started(seed=5)
    play_out_day_one(widget, random.Random(5))
    english, sections = night_entries(page), page.section("status")
    assert english and widget.language == "en"
    rule = widget.decision["rule"]
    widget.language = "pt"  # from Python, as the page's switch does with a message
    portuguese = night_entries(page)
    assert widget.decision["rule"] != rule and widget.decision["rule"].startswith("Fase 2")
    assert page.state["language"] == "pt" and portuguese[0].startswith("Dia 1: noite")
    assert len(portuguese) == len(english) and all(
        pt != en for pt, en in zip(portuguese, english, strict=True)
    )
    widget.receive({"kind": "language", "code": "en", "version": widget.version})
    assert night_entries(page) == english and page.section("status") == sections
    assert not widget.error


def test_a_board_opens_in_the_language_asked_for_or_the_session_s():
    game = Game.solo(seed=3)
    assert GameWidget(game.copy(undo=True), language="pt").language == "pt"
    assert play_solo(seed=3, language="pt").language == "pt" != play(seed=3).language
    set_language("pt")
    try:
        assert GameWidget(game.copy(undo=True)).language == "pt"
    finally:
        set_language("en")
    with pytest.raises(CovilError, match="no language 'xx'"):
        GameWidget(game.copy(undo=True), language="xx")
    with pytest.raises(CovilTypeError, match="language"):
        GameWidget(game.copy(undo=True), language=3)  # type: ignore[arg-type]
    with pytest.raises(CovilError, match="no language ''"):
        play_solo(seed=3, language="")


def test_a_refusal_on_a_portuguese_board_cites_its_rule_in_portuguese():
    widget, _ = started(seed=6)
    widget.language = "pt"
    set_language("en")  # the session's language is not the board's
    widget.receive({"kind": "undo", "version": widget.version - 1})
    assert widget.error["rule"] == "mensagem do tabuleiro"


def test_a_switch_to_the_language_spoken_answers_with_a_new_version():
    """The page's switch waits for an answer (a new version) before it sends again."""
    widget, _ = started(seed=6)
    version = widget.version
    widget.receive({"kind": "language", "code": "en", "version": version})
    assert widget.version == version + 1 and not widget.error


def test_a_switch_that_fails_leaves_the_board_taking_clicks(monkeypatch: pytest.MonkeyPatch):
    """A switch whose drawing fails puts the language back with the rest: the
    widget and its session stay at one version, and the next click is taken."""
    widget, _ = started(seed=6)
    before = {k: v for k, v in widget.get_state().items() if k != "error"}

    def broken(*_args: object, **_kwargs: object) -> None:
        raise CovilError("the drawing broke", "widget")

    monkeypatch.setattr(scene, "pictures", broken)
    widget.receive({"kind": "language", "code": "pt", "version": widget.version})
    assert widget.error["text"] == "the drawing broke"
    after = {k: v for k, v in widget.get_state().items() if k != "error"}
    assert after == before and widget.version == widget.session.version
    monkeypatch.undo()
    action, version = widget.decision["actions"][0]["action"], widget.version
    widget.receive({"kind": "act", "action": action, "version": version})
    assert widget.error["n"] == 1  # no new refusal: the click was taken
    assert widget.version > version and widget.language == "en"


@pytest.mark.parametrize("code", ["xx", "", "EN"])
def test_a_switch_to_an_unknown_language_changes_nothing(code: str):
    widget, _ = started(seed=6)
    before = json.dumps(widget.get_state(), sort_keys=True)
    widget.receive({"kind": "language", "code": code, "version": widget.version})
    assert "there is no language" in widget.error["text"] and widget.error["rule"] == "language"
    after = {k: v for k, v in widget.get_state().items() if k != "error"}
    assert json.dumps({**json.loads(before), "error": {}}, sort_keys=True) == json.dumps(
        {**after, "error": {}}, sort_keys=True
    )
    with pytest.raises(CovilError, match="there is no language"):
        widget.language = code
    with pytest.raises(CovilTypeError, match="language"):
        widget.language = None
    assert widget.language == "en"
