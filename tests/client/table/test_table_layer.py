"""A way of playing is a part the game's own table holds (``table.layer``, see
client/table/layer.py), never a class built at run time: the layer decides which moves
are played, who moves the other seat (its driver, which may keep the time too), and
what the top bar's status says."""
import ast

from client.table.layer import Layer
from support.helpers import texts_drawn, ai_table, game_session
from support.paths import ROOT


class StandStill:
    """A driver that never moves (and counts how often it was asked); ``clock``: the
    words it gives the top bar's clock."""

    def __init__(self, clock=None):
        self.driven = 0
        self.cancelled = 0
        self.clock = clock

    def drive(self):
        self.driven += 1

    def cancel(self):
        self.cancelled += 1

    def busy(self):
        return False

    def thinking(self):
        return None

    def wake_in(self):
        return None

    def tick(self, dt):
        pass

    def clock_text(self):
        return self.clock

    def reset(self):
        pass


class Gate(Layer):
    """Lets through only the moves in ``allowed``; its own driver for the other seat."""

    def __init__(self, allowed=()):
        self.allowed = set(allowed)
        self.still = StandStill()
        self.refused = []

    def driver(self, ai):
        self.ai = ai          # the AI's driver the table made: never driven while the gate's is
        return self.still

    def perform(self, action, by_ai, play):
        if tuple(action) not in self.allowed:
            self.refused.append(tuple(action))
            return False
        return play(action, by_ai=by_ai)


def test_the_layer_decides_which_moves_are_played_and_who_moves_the_other_seat(driver):
    human = 1 - game_session("everdawn", 3).match.to_move()     # the AI's seat decides first
    s = game_session("everdawn", 3, human=human)
    gate = Gate()
    t = ai_table(driver, "everdawn", s, human=human, layer=gate)
    driver.step(20)
    assert len(s) == 0 and not gate.ai.busy()     # the AI never thought: the layer's driver moves
    assert gate.still.driven >= 20 and t.driver is gate.still
    a = s.match.legal_actions()[0]
    assert not t.perform(a, by_ai=True) and tuple(a) in gate.refused and len(s) == 0
    gate.allowed.add(tuple(a))
    assert t.perform(a, by_ai=True) and len(s) == 1
    t.leave()
    assert gate.still.cancelled == 1


class Server(Layer):
    def driver(self, ai):
        return StandStill(clock=("Bo: 0:42 + bank 5:00", False))

    def status_text(self, text):
        return "Bo away 0:07 · " + text


def test_the_layers_driver_keeps_the_time_and_the_layer_words_the_status(driver, monkeypatch):
    t = ai_table(driver, "everdawn", game_session("everdawn", 2, human=0), paused=True, layer=Server(),
                 clock=True)                       # the table's own turn clock is on, but stands still
    driver.step(30)
    assert t.driver.clock_text() == ("Bo: 0:42 + bank 5:00", False) and getattr(t, "clock", None) is None
    texts = texts_drawn(driver, t, monkeypatch)
    assert "Bo: 0:42 + bank 5:00" in texts, texts
    assert any(x.startswith("Bo away 0:07") for x in texts), texts     # (before the table's status)


def test_lessons_and_the_first_game_open_the_games_own_table(driver):
    from client.scenes import scene_class
    from client.table.tutorial import Coach, HintCallout, start_first_game
    t = driver.app.scenes.switch("tutorial", game="essveil")
    assert type(t) is scene_class("table", "essveil") and isinstance(t.layer, Coach)
    f = start_first_game(driver.app, "essveil")
    assert type(f) is scene_class("table", "essveil") and isinstance(f.layer, HintCallout)


def test_no_class_of_the_client_is_built_at_run_time():
    built = []
    for path in sorted((ROOT / "client").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type" \
                    and len(node.args) == 3:
                built.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert built == []
