"""The rules beyond the rulebook's worked examples, one behaviour per test."""

from __future__ import annotations

import random

import pytest

from covil_nb import Action, CovilError, Event, Game, Rules
from covil_nb.lessons import play
from covil_nb.model.scenario import Scenario
from covil_nb.model.vocabulary import DefenseMinion, NightOrder

# -- setup ---------------------------------------------------------------------------


def test_rules_take_the_editions_words_and_refuse_others() -> None:
    """The same on both engines: a word becomes its option, anything else is
    refused naming the option, also when set after the Rules were made."""
    rules = Rules(night_order="pt", defense_minion="en")
    assert type(rules.night_order) is NightOrder and rules.night_order == "pt"
    assert type(rules.defense_minion) is DefenseMinion
    with pytest.raises(CovilError, match="rules option night_order must be one of 'en', 'pt'"):
        Rules(night_order="fr")
    rules.afternoon_end = 3  # type: ignore[assignment]
    with pytest.raises(CovilError, match=r"rules option afternoon_end .* not 3"):
        Game.new(["yellow", "red"], board="A", seed=1, rules=rules)


def test_setup_deals_what_the_rulebook_says():
    game = Game.new(["yellow", "red", "green"], board="A", seed=9)
    s = game.state
    for p in s.players:
        assert (p.gold, p.hp, len(p.hand), p.fortress) == (5, 5, 2, None)
        assert p.overlord.state == "exhausted"
        assert [m.state for m in p.hall] == ["ready"] * 5
        assert all(m.card.startswith(p.color) for m in p.hall)
    assert s.rebels == 1 and len(s.pool) == 6 and len(s.mercenary_deck) == 18
    assert all(game.cards.minion(c).cost != 10 for c in s.pool)
    assert game.decision.kind == "start-zone" and game.decision.player == "yellow"


def test_setup_steps_end_in_the_new_game():
    steps = list(Game.setup_steps(["red", "blue"], board="B", seed=3))
    assert [s.letter for s in steps] == list("ABCDEFGHI")
    assert steps[-1].game == Game.new(["red", "blue"], board="B", seed=3)
    assert (
        steps[2].game.state.rebels == 1 and steps[3].game.state.players[0].overlord.state == "ready"
    )
    assert steps[4].game.state.players[0].overlord.state == "exhausted"


def test_starting_zones_then_the_first_turn():
    game = Game.new(["yellow", "red"], seed=1)
    play(game, "start H", "start K")
    assert game.phase == "afternoon" and game.decision.player == "yellow"
    red = game.player("red")
    assert [t.zone for t in red.troops] == ["K", "K", None, None, None]


# -- morning -----------------------------------------------------------------------


def test_summoning_tops_up_to_the_days_number_even_at_a_destroyed_fortress(two_players):
    s = two_players.fortress("red", "H", hp=0).troops("red", "E", lying=1).day(2)
    s.troops("yellow", "J", lying=3)
    game = s.night().build()  # night of day 2, then the morning of day 3: 4 troops each
    red, yellow = game.player("red"), game.player("yellow")
    assert [t.zone for t in red.troops if t.zone].count("H") == 3
    assert len(red.on_board()) == 4 and len(yellow.on_board()) == 4
    assert all(t.standing for t in red.on_board() + yellow.on_board())


# -- afternoon --------------------------------------------------------------------


def test_a_turn_must_lie_down_a_troop_before_ending(two_players):
    game = (
        two_players.troops("yellow", "J", standing=1)
        .troops("red", "H", standing=1)
        .afternoon("yellow")
        .build()
    )
    assert "end" not in [a.verb for a in game.legal_actions()]
    with pytest.raises(CovilError, match="not allowed"):
        game.apply("end")
    play(game, "lie Y1", "gold")
    assert game.player("yellow").gold == 1
    assert "end" in [a.verb for a in game.legal_actions()]
    assert "lie" not in [a.verb for a in game.legal_actions()]


def test_gold_and_repair_respect_their_caps(two_players):
    s = (
        two_players.gold("yellow", 5)
        .fortress("yellow", "J", hp=5)
        .troops("yellow", "J", standing=2)
    )
    game = s.troops("red", "H", standing=1).afternoon("yellow").build()
    events = play(game, "lie Y1", "gold")
    assert game.player("yellow").gold == 5 and "the 1 is lost" in events[-1].text


def test_a_destroyed_fortress_cannot_be_repaired(two_players):
    game = (
        two_players.fortress("yellow", "J", hp=0)
        .troops("yellow", "J", standing=1)
        .troops("red", "H", standing=1)
        .afternoon("yellow")
        .build()
    )
    play(game, "lie Y1")
    assert "repair" not in [a.verb for a in game.legal_actions()]


def test_move_reinforcement_reaches_two_zones_from_its_terrain(two_players):
    s = two_players.hall("yellow", ["dune-runner"]).troops("yellow", "C", standing=1)
    game = s.troops("yellow", "B", standing=1).troops("red", "H", standing=1).afternoon().build()
    play(game, "lie Y1")  # from C, desert: up to 2 zones
    assert {a.args[0] for a in game.legal_actions() if a.verb == "move"} == set(
        game.board.within("C", 2)
    )
    game.undo()
    play(game, "lie Y2")  # from B, forest: 1 zone
    assert {a.args[0] for a in game.legal_actions() if a.verb == "move"} == set(
        game.board.neighbors("B")
    )


def test_rest_flips_exhausted_to_tired_to_ready(two_players):
    s = two_players.overlord("yellow", "iron-marshal", "exhausted").troops(
        "yellow", "J", standing=2
    )
    game = s.troops("red", "H", standing=1).afternoon("yellow").build()
    play(game, "lie Y1", "rest iron-marshal")
    assert game.player("yellow").overlord.state == "tired"
    play(game, "end", "lie R1", "gold", "end", "lie Y2", "rest iron-marshal")
    assert game.player("yellow").overlord.state == "ready"
    assert "rest" not in [a.verb for a in game.legal_actions()]


def test_afternoon_end_en_stops_when_all_lie_pt_finishes_the_round():
    def game_with(edition: str) -> Game:
        s = Scenario(["yellow", "red"], board="A", seed=1, edition=edition)
        s.fortress("yellow", "J").fortress("red", "H").hand("yellow", []).hand("red", [])
        s.gold("yellow", 0).gold("red", 0)
        s.troops("yellow", "J", lying=1).troops("red", "H", standing=1)
        return s.afternoon("red").scepter("yellow").build()

    en = game_with("en")
    play(en, "lie R1", "gold", "end")
    assert en.day == 2  # no troop stood when red's turn ended: the night ran at once
    pt = game_with("pt")
    play(pt, "lie R1", "gold", "end")
    # red's turn ended; yellow is the scepter holder and no troop stands:
    assert pt.day == 2


def test_pt_afternoon_gives_the_rest_of_the_round():
    s = Scenario(["yellow", "red", "green"], board="A", seed=1, edition="pt")
    for c, z in (("yellow", "J"), ("red", "H"), ("green", "I")):
        s.fortress(c, z).hand(c, []).gold(c, 0)
    s.troops("yellow", "J", standing=1).troops("red", "H", lying=1).troops("green", "I", lying=1)
    game = s.afternoon("yellow").build()
    play(game, "lie Y1", "gold", "end")
    assert game.decision.player == "red" and game.phase == "afternoon"
    en = Scenario(["yellow", "red", "green"], board="A", seed=1)
    for c, z in (("yellow", "J"), ("red", "H"), ("green", "I")):
        en.fortress(c, z).hand(c, []).gold(c, 0)
    en.troops("yellow", "J", standing=1).troops("red", "H", lying=1).troops("green", "I", lying=1)
    game = en.afternoon("yellow").build()
    play(game, "lie Y1", "gold", "end")
    assert game.day == 2


# -- combat ---------------------------------------------------------------------------


def test_an_attack_needs_a_ready_minion(two_players):
    s = two_players.overlord("yellow", "iron-marshal", "exhausted")
    s.hall("yellow", [("yellow-private", "tired")])
    game = s.troops("yellow", "H", standing=1).troops("red", "H", standing=1).afternoon().build()
    play(game, "lie Y1")
    assert "attack" not in [a.verb for a in game.legal_actions()]


def test_an_unguarded_fortress_takes_the_whole_attack_loot_and_treasure(two_players):
    s = two_players.fortress("red", "H", hp=4).troops("yellow", "A", standing=1)
    s.troops("red", "E", standing=1)
    game = s.afternoon("yellow").build()
    play(game, "lie Y1", "attack fortress-red", "exhaust iron-marshal")
    # ranged from A: 0 + iron-marshal is melee (0) = 0: no damage at all
    assert game.player("red").hp == 4 and game.player("yellow").gold == 0
    game = two_players.afternoon("yellow").build()
    play(game, "lie Y1", "attack fortress-red")
    assert game.decision.kind == "attack-minion"
    play(game, "exhaust yellow-bowman")  # ranged 1: 1 damage
    assert game.player("red").hp == 3 and game.player("yellow").gold == 1


def test_dealing_the_last_hit_point_loots_a_relic(two_players):
    s = two_players.fortress("red", "H", hp=2).troops("yellow", "H", standing=1)
    s.troops("red", "E", standing=1)
    game = s.afternoon("yellow").build()
    events = play(game, "lie Y1", "attack fortress-red", "exhaust iron-marshal")
    red, yellow = game.player("red"), game.player("yellow")
    assert red.hp == 0 and red.destroyed
    assert yellow.gold == 1 and len(yellow.hand) == 1
    assert any(e.rule == "Loot a fortress" for e in events)
    assert "fortress-red" not in [a.args[0] for a in game.legal_actions() if a.verb == "attack"]


@pytest.mark.parametrize(
    ("edition", "defenders"),
    [
        (
            "en",
            {"gilded-lich", "red-private", "red-squire", "red-bowman", "red-grunt", "red-acolyte"},
        ),
        ("pt", {"red-squire"}),
    ],
)
def test_defense_minion_pt_allows_only_guardians(edition, defenders):
    s = Scenario(["yellow", "red"], board="A", seed=11, rules=Rules(defense_minion=edition))
    s.fortress("yellow", "J").fortress("red", "H").hand("yellow", []).hand("red", [])
    s.overlord("yellow", "iron-marshal", "ready").overlord("red", "gilded-lich", "ready")
    game = s.troops("yellow", "E", standing=1).troops("red", "E", standing=1).afternoon().build()
    play(game, "lie Y1", "attack R1", "exhaust iron-marshal")
    assert {a.args[0] for a in game.legal_actions() if a.verb == "exhaust"} == defenders


def test_relics_raise_the_stakes_until_a_round_passes(two_players):
    s = two_players.hand("yellow", ["drowned-crown", "sand-eaten-banner"])
    s.hand("red", ["greenwood-mask"]).troops("yellow", "E", standing=1).troops("red", "E", lying=1)
    game = s.afternoon("yellow").build()
    play(game, "lie Y1", "attack R1", "exhaust iron-marshal")  # 1 + 3 = 4
    assert game.decision.player == "red" and game.decision.kind == "defend"
    play(game, "activate greenwood-mask", "pass")  # defense 2
    assert game.decision.player == "yellow" and game.decision.kind == "raise-stakes"
    play(game, "activate sand-eaten-banner", "pass")  # attack 5
    assert game.decision.player == "red"
    play(game, "exhaust red-squire")  # defense 3; red has nothing left and passes for itself
    assert game.decision.player == "yellow"  # yellow still holds a relic: another round
    events = play(game, "pass")  # a round with nothing done: the combat resolves
    outcome = next(e for e in events if e.kind == "combat")
    assert outcome.data == {
        "winner": "yellow",
        "attack": 5,
        "defense": 3,
        "troop": "R1",
        "fate": "removed",
    }


def test_an_attacks_forecast_names_the_relics_that_would_raise_the_stakes(two_players):
    s = two_players.hand("yellow", ["drowned-crown", "sand-eaten-banner"])
    s.hand("red", ["greenwood-mask"]).troops("yellow", "E", standing=1).troops("red", "E", lying=1)
    game = s.afternoon("yellow").build()
    play(game, "lie Y1")
    assert str(game.forecast("attack R1")) == (
        "attack up to 5 with The Iron Marshal and Sand-Eaten Banner against defense 1, "
        "2 if red exhausts a minion; red holds 1 relic"
    )
    assert game.forecast("gold") is None
    with pytest.raises(CovilError, match="'attack R9' is not allowed"):
        game.forecast("attack R9")


def strengths_of(trial: Game, events: list[Event]) -> dict:
    """Both strengths of the combat under way, or those it was just resolved at."""
    if trial.combat is not None:
        return {"attack": trial.combat.attack.total, "defense": trial.combat.defense.total}
    return next(e.data for e in events if e.kind == "combat")


def raise_with_every_relic(trial: Game, attacker: str) -> int:
    """The defender passes; the attacker activates every relic of its hand
    (an instant's own choice: the first offered, skip if it may): the attack then."""
    events: list[Event] = []
    hand = trial.player(attacker).hand
    if trial.decision.kind == "defend":
        events += trial.apply("pass")
    for relic in hand:
        events += trial.apply(f"activate {relic}")
        while trial.decision.kind in ("move-effect", "rest-effect"):
            choices = trial.legal_actions()
            events += trial.apply(next((a for a in choices if a.verb == "skip"), choices[0]))
    return strengths_of(trial, events)["attack"]


def check_forecast(game: Game, attack: Action) -> None:
    """Play ``attack`` every way the attacker may declare it: no minion gives
    less than the forecast's least or more than its attack, the best one
    with every relic of the hand activated reaches it; the defense once
    declared is the forecast's, and the defender's best minion gives its
    guarded defense."""
    told = game.forecast(attack)
    attacker, trial = game.decider, game.copy()
    trial.apply(attack)
    declared = {}
    for minion in [a for a in trial.legal_actions() if a.verb == "exhaust"]:
        answered = trial.copy()
        events = answered.apply(minion)
        declared[minion] = (answered, events)
    strengths = {
        m: next(e.data["strength"] for e in ev if e.kind == "attack")
        for m, (_, ev) in declared.items()
    }
    assert min(strengths.values()) == told.least
    assert max(strengths.values()) <= told.attack.total
    best = max(strengths, key=strengths.get)
    answered, events = declared[best]
    if told.defense is None:  # an unguarded fortress: all of it damage, at once
        assert answered.combat is None and strengths[best] == told.attack.total
        return
    assert strengths_of(answered, events)["defense"] == told.defense.total
    guarded = [told.defense.total]
    if answered.decision is not None and answered.decision.kind == "defend":
        for guard in [a for a in answered.legal_actions() if a.verb == "exhaust"]:
            defended = answered.copy()
            guarded.append(strengths_of(defended, defended.apply(guard))["defense"])
    assert max(guarded) == told.guarded
    if answered.combat is None or not answered.player(attacker).hand:
        assert strengths[best] == told.attack.total
    else:
        assert raise_with_every_relic(answered.copy(), attacker) == told.attack.total


@pytest.mark.parametrize("edition", ["en", "pt"])
def test_an_attacks_forecast_is_what_playing_it_gives(edition):
    checked = 0
    for seed in range(4):
        game = Game.new(["yellow", "red", "green"], board="A", seed=seed, edition=edition)
        chooser = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            for attack in [a for a in legal if a.verb == "attack"]:
                check_forecast(game, attack)
                checked += 1
            game.apply(chooser.choice(legal))
    assert checked > 50


def test_a_response_relic_cannot_move_the_troops_in_combat(two_players):
    s = two_players.hand("red", ["tidecaller-conch"]).troops("yellow", "E", standing=1)
    s.troops("red", "E", standing=1).troops("red", "H", standing=1)
    game = s.afternoon("yellow").build()
    play(game, "lie Y1", "attack R1", "exhaust iron-marshal", "activate tidecaller-conch")
    assert [str(a) for a in game.legal_actions() if a.verb == "troop"] == ["troop R2"]


def test_free_attack_from_a_command_still_needs_another_minion(two_players):
    s = two_players.hall("yellow", ["blackpowder-engineer", "yellow-private"])
    s.troops("yellow", "E", lying=1).troops("red", "E", standing=1)
    game = s.afternoon("yellow").build()
    play(game, "command blackpowder-engineer")
    assert game.decision.kind == "attack-troop"
    play(game, "troop Y1", "attack R1")
    assert {a.args[0] for a in game.legal_actions()} == {"iron-marshal", "yellow-private"}
    play(game, "exhaust yellow-private", "pass")
    assert game.player("yellow").troop("Y1").standing is False  # a free attack: no lying down


def test_squire_command_moves_a_lying_troop(two_players):
    s = two_players.hall("yellow", ["yellow-squire"]).troops("yellow", "J", lying=1)
    game = s.troops("red", "H", standing=1).afternoon("yellow").build()
    play(game, "command yellow-squire", "troop Y1", "move B")
    assert game.player("yellow").troop("Y1").zone == "B"
    assert game.player("yellow").minion("yellow-squire").state == "exhausted"


# -- night ------------------------------------------------------------------------------


def test_rebels_retaliate_on_troops_then_fortresses_and_leave(two_players):
    s = two_players.rebels(4).troops("yellow", "E", lying=1).troops("red", "H", lying=1)
    s.troops("red", "E", lying=1)
    game = s.night().build()
    # yellow raids first (scepter), the 5th rebel arrives: red's draw adds none.
    assert game.state.rebels == 5
    assert game.decision.kind == "defend-rebels" and game.decision.player == "yellow"
    play(game, "pass")  # Y1 defends with 1 against 3: removed
    assert game.player("yellow").troop("Y1").zone is None
    play(game, "pass")  # red's troop in town: removed
    play(game, "pass")  # red's fortress, defended by R1 lying in H: removed, 2 damage
    assert game.player("red").hp == 3
    assert game.player("yellow").hp == 2  # unguarded: 3 in full
    assert game.state.rebels == 0 and game.day == 2  # the rebels left; the night ended


def test_night_order_option_changes_the_order_of_steps(two_players):
    for order, expected in (("en", ["3.2", "3.3"]), ("pt", ["3.3", "3.2"])):
        s = Scenario(["yellow", "red"], board="A", seed=1, rules=Rules(night_order=order))
        s.fortress("yellow", "J").fortress("red", "H")
        game = s.night().build()
        rules = [e.rule[:3] for e in game.log if e.rule[:3] in ("3.2", "3.3")]
        assert rules[0] == expected[0] and rules[-1] == expected[1]


def test_the_game_ends_after_the_fourth_night(two_players):
    game = two_players.day(4).night().build()
    assert game.is_over and game.legal_actions() == [] and game.decision is None
    with pytest.raises(CovilError, match="game is over"):
        game.apply("end")


# -- scoring -----------------------------------------------------------------------------


def test_tie_breakers_in_order(two_players):
    s = two_players.gold("yellow", 3).gold("red", 3)
    s.overlord("yellow", "gilded-lich").overlord("red", "butcher-baron")
    s.hall("yellow", []).hall("red", [])
    s.troops("yellow", "J", lying=2).troops("red", "H", lying=2)
    game = s.afternoon().build()
    assert [sc.total for sc in game.score()] == [14, 14]
    assert game.winners == []  # nobody has won while the game goes on
    # The last night: each dominates the terrain of its own zone (+2 gold each).
    game = s.day(4).night().build()
    assert game.is_over and [sc.total for sc in game.score()] == [16, 16]
    assert game.winners == ["yellow", "red"]  # fully tied: the victory is shared
    s.troops("red", "H", lying=1)
    assert s.build().winners == ["red"]  # more troops on the board


# -- undo, redo, saves --------------------------------------------------------------------


def test_undo_redo_any_number_of_steps():
    game = Game.new(["yellow", "red"], seed=5)
    states = [game.state]
    for action in ["start H", "start K", "lie Y1", "gold", "end"]:
        game.apply(action)
        states.append(game.state)
    for expected in reversed(states[:-1]):
        game.undo()
        assert game.state == expected
    with pytest.raises(CovilError):
        game.undo()
    for expected in states[1:]:
        game.redo()
        assert game.state == expected
    with pytest.raises(CovilError):
        game.redo()


def test_a_new_action_clears_redo():
    game = Game.new(["yellow", "red"], seed=5)
    play(game, "start H")
    game.undo()
    play(game, "start I")
    assert not game.can_redo


def test_scenario_saves_round_trip(two_players):
    game = (
        two_players.troops("yellow", "H", standing=1)
        .troops("red", "H", lying=1)
        .afternoon("yellow")
        .build()
    )
    play(game, "lie Y1", "attack R1")
    loaded = Game.from_json(game.to_json())
    assert loaded == game
    play(loaded, "exhaust iron-marshal", "pass")
    assert loaded.player("red").troop("R1").zone is None


def test_an_invalid_position_is_refused(two_players):
    s = two_players.gold("yellow", 9).afternoon()
    with pytest.raises(CovilError, match="9 gold"):
        s.build()


@pytest.mark.parametrize(("in_town", "movable"), [(1, "troop Y2"), (2, "troop Y3")])
def test_no_relic_moves_a_town_troop_out_of_the_rebels_reach(two_players, in_town, movable):
    """The rebels retaliate on yellow's troops in town (zone E) one by one:
    while Y1 defends, a relic may move the troop out of town, never Y2 when it
    is in town too, as the rebels attack it next."""
    s = two_players.rebels(4).hand("yellow", ["tidecaller-conch"])
    s.troops("yellow", "E", lying=in_town).troops("yellow", "J", lying=1)
    game = s.troops("red", "H", lying=1).night().build()
    assert game.decision.kind == "defend-rebels"
    play(game, "activate tidecaller-conch")
    assert [str(a) for a in game.legal_actions() if a.verb == "troop"] == [movable]


def test_a_resting_command_cannot_rest_its_own_minion(two_players):
    """Otherwise the War Chaplain ("rest one of your minions twice") could make
    itself ready again: free Commands without end."""
    s = two_players.hall("yellow", ["war-chaplain", ("yellow-private", "exhausted")])
    game = s.troops("yellow", "J", standing=1).troops("red", "H", standing=1).afternoon().build()
    play(game, "command war-chaplain")
    assert [str(a) for a in game.legal_actions() if a.verb == "rest"] == ["rest yellow-private"]


# -- the rules audit: each of these failed before its fix ------------------------------------


def movement_options(game) -> set[str]:
    return {a.args[0] for a in game.legal_actions() if a.verb in ("move", "retreat")}


def test_movement_reinforcements_never_give_more_than_two_zones(two_players):
    """Two movement Reinforcements from a zone that is both Desert and Water:
    still "up to 2 zones away", for a move, a Command's move and a retreat."""
    s = two_players.hall("yellow", ["dune-runner", "marsh-lurker", "yellow-squire"])
    s.troops("yellow", "D", standing=2).troops("red", "D", standing=1)
    s.overlord("red", "iron-marshal", "ready")
    game = s.afternoon("yellow").build()
    two_away = set(game.board.within("D", 2))
    assert set(game.board.within("D", 3)) > two_away  # a third zone would be in reach
    play(game, "lie Y1")
    assert movement_options(game) == two_away
    game.undo()
    play(game, "command yellow-squire", "troop Y1")
    assert movement_options(game) == two_away
    game.undo()
    game.undo()
    play(game, "lie Y1", "gold", "end", "lie R1", "attack Y2", "exhaust iron-marshal", "pass")
    assert game.decision.kind == "retreat" and movement_options(game) == two_away


def test_rest_one_minion_twice_rests_one_minion(two_players):
    exhausted = [("yellow-private", "exhausted"), ("yellow-bowman", "exhausted")]
    s = two_players.hall("yellow", exhausted).hand("yellow", ["sandglass-of-ages"])
    game = s.troops("yellow", "J", standing=1).troops("red", "H", standing=1).afternoon().build()
    play(game, "activate sandglass-of-ages", "rest yellow-private")
    yellow = game.player("yellow")
    assert yellow.minion("yellow-private").state == "ready"  # exhausted, tired, ready
    assert yellow.minion("yellow-bowman").state == "exhausted"
    assert game.decision.kind == "turn"  # no second choice: it was one minion, twice


def test_a_relic_activated_against_the_rebels_does_not_stay_to_the_next_day(two_players):
    s = two_players.rebels(4).hand("yellow", ["drowned-crown"]).gold("yellow", 0)
    game = s.troops("yellow", "E", lying=1).troops("red", "H", lying=1).night().build()
    assert game.decision.kind == "defend-rebels"
    play(game, "activate drowned-crown")  # defense 1 + 2 = 3 holds against 3
    while game.phase == "night":
        play(game, "pass")
    assert game.day == 2
    assert game.player("yellow").active == []
    assert "drowned-crown" in game.state.relic_discard


def test_a_responder_who_can_still_buy_a_relic_is_asked(two_players):
    s = two_players.troops("yellow", "E", standing=1).troops("red", "E", standing=1)
    s.hall("red", [("red-squire", "exhausted")]).overlord("red", "gilded-lich", "exhausted")
    game = s.gold("red", 3).afternoon("yellow").build()
    play(game, "lie Y1", "attack R1", "exhaust iron-marshal")
    assert game.decision.player == "red" and game.decision.kind == "defend"
    assert [str(a) for a in game.legal_actions()] == ["pass", "buy-relic"]
    # With 2 gold nothing but passing is legal: the engine passes for red, then
    # for yellow (no relic, no gold either), and the combat is resolved.
    game = s.gold("red", 2).afternoon("yellow").build()
    events = play(game, "lie Y1", "attack R1", "exhaust iron-marshal")
    assert [e.data["winner"] for e in events if e.kind == "combat"] == ["yellow"]
    assert game.decision.kind == "retreat"
